//! Interactions over HTTP: Discord POSTs every interaction, signed with the application's
//! Ed25519 key, to this endpoint, and takes the interaction's first answer from the HTTP
//! response. Nothing here knows a command: a request is checked, read into serenity's
//! `Interaction`, and handed to the same [`Handler`] the gateway feeds, with a channel for
//! its first answer ([`Via::Http`]): the interaction's [`Answer`](super::answer::Answer)
//! sends it here instead of to Discord's callback route; later answers (the edit after a
//! deferral, follow-ups) go out through the REST API as they do for the gateway. What the
//! endpoint answers itself (a busy overflow) is built by the same `respond` as every
//! other answer, and written by the same [`response`].
//!
//! The order of checks is the order of trust: the size (before reading the body whole),
//! the signature over timestamp and raw body (before parsing anything), then the body.
//! A replay of a signed request is refused too: a signature timestamp or an interaction
//! id older than any real delivery, or dated ahead of this machine's clock by more than
//! [`AHEAD_AT_MOST`], or an id already taken by this process or by any replica sharing
//! the store (each interaction runs once however many replicas it reaches).
//!
//! The public listener ([`crate::adapters::listener`]) reads each body whole before a
//! request gets here, so the request turns ([`MAX_REQUESTS`]) are held only by requests
//! that fully arrived. `/healthz` and `/metrics` are on the admin listener only.

use std::collections::{HashSet, VecDeque};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serenity::all::{
    CreateAttachment, CreateAutocompleteResponse, CreateInteractionResponse, Interaction,
    InteractionId,
};
use serenity::interactions_endpoint::Verifier;
use tokio::sync::oneshot;

use super::answer::{FirstAnswer, Via};
use super::deadline::{age_of, ahead_of, born, created_ms};
use super::handler::Handler;
use super::observe::{Observer, UNREAD};
use super::respond::message;
use super::work::busy;

/// The largest request body read. Discord's interactions are a few KB; the largest (a
/// message command on a long message with its embeds, a modal) stay well under 100 KB.
/// A larger one is refused from its `Content-Length`, or once this much was read.
pub const MAX_BODY: usize = 256 * 1024;

/// The oldest interaction (by its id) and signature timestamp taken at all, and how long an
/// id is remembered here. Discord delivers an interaction within moments of creating it:
/// a signed request older than this is a replay, and inside it a second delivery of the
/// same id is one. Wide, so that a host whose clock runs a few minutes fast still takes
/// Discord's requests (the handler's deadline does not trust the id alone either, see
/// [`born`]); replays inside it are caught by the id, here and in the store.
pub const REPLAY_WINDOW: Duration = Duration::from_secs(300);

/// How far ahead of this machine's clock an interaction id or a signature timestamp may
/// be dated: clocks disagree. Beyond it, a replay dated ahead (an id "10 minutes from now"
/// counted as age 0, and ran again once this process forgot it, issue 49). Half a minute,
/// not a few seconds: a host whose clock runs that much slow would refuse every
/// interaction, while a replay inside it is still caught by the id ([`KEEP_TAKEN`]).
pub const AHEAD_AT_MOST: Duration = Duration::from_secs(30);

/// How long the store remembers a taken id ([`crate::app::App::take_interaction`]):
/// longer than an id stays acceptable ([`REPLAY_WINDOW`] after [`AHEAD_AT_MOST`]).
const KEEP_TAKEN: Duration = Duration::from_secs(600);

/// Requests taken at once; more are answered 503 at once (a load balancer tries another
/// replica). Taken only once a request's body arrived whole: a client that dribbles its
/// body holds no turn (it held all 512 once, and 110 of 116 good requests got a 503).
pub const MAX_REQUESTS: usize = 512;

/// Past [`MAX_REQUESTS`], this many times as many more are still verified and answered at
/// once that the bot is very busy (nothing run, nothing stored: a player sees why,
/// rather than Discord's "This interaction failed" for a 503). A signature check and a
/// short JSON answer each, tens of microseconds.
const OVERFLOW: usize = 4;

/// How long a request's body may take to arrive. Discord sends a few KB at once; a
/// caller dribbling bytes is cut off (408) instead of holding a request, and a shutdown,
/// open.
const BODY_WITHIN: Duration = Duration::from_secs(5);

/// How long a request waits for the handler's first answer. The handler answers or
/// defers by [`DEFER_AFTER`](super::deadline::DEFER_AFTER) from the interaction's
/// creation; past Discord's 3 seconds nobody reads the answer.
const ANSWER_WITHIN: Duration = Duration::from_secs(3);

/// The endpoint's state: who handles interactions, the key requests are checked with, and
/// the ids seen lately.
pub(super) struct Endpoint {
    handler: Arc<Handler>,
    verifier: Verifier,
    seen: Mutex<Seen>,
    /// Turns for requests ([`MAX_REQUESTS`]).
    requests: tokio::sync::Semaphore,
    /// Requests beyond [`Endpoint::requests`] that are still read and told the bot is
    /// busy ([`OVERFLOW`] times as many); past these, 503.
    overflow: tokio::sync::Semaphore,
}

/// Interaction ids taken in the last [`REPLAY_WINDOW`], oldest first.
#[derive(Default)]
struct Seen {
    ids: HashSet<InteractionId>,
    order: VecDeque<(Instant, InteractionId)>,
}

impl Seen {
    /// Whether `id` is new (and remembers it).
    fn first_time(&mut self, id: InteractionId, now: Instant) -> bool {
        while let Some(&(at, old)) = self.order.front() {
            if now.duration_since(at) < REPLAY_WINDOW {
                break;
            }
            self.order.pop_front();
            self.ids.remove(&old);
        }
        // A flood's ids leave after the window, but not the room they took: give most of
        // it back once the set is a quarter full, so a busy minute's memory goes too.
        if self.ids.capacity() > 4_096 && self.ids.len() < self.ids.capacity() / 4 {
            self.ids.shrink_to(self.ids.len() * 2);
            self.order.shrink_to(self.order.len() * 2);
        }
        if !self.ids.insert(id) {
            return false;
        }
        self.order.push_back((now, id));
        true
    }
}

impl Endpoint {
    /// `turns`: requests taken at once ([`MAX_REQUESTS`]; fewer in tests).
    pub(super) fn new(
        handler: Arc<Handler>,
        public_key: [u8; 32],
        turns: usize,
    ) -> Result<Endpoint, String> {
        let verifier = Verifier::try_new(public_key).map_err(|e| e.to_string())?;
        Ok(Endpoint {
            verifier,
            seen: Mutex::new(Seen::default()),
            handler,
            requests: tokio::sync::Semaphore::new(turns),
            overflow: tokio::sync::Semaphore::new(OVERFLOW * MAX_REQUESTS),
        })
    }

    /// The route: `POST {path}` for interactions. Health and metrics are the admin
    /// listener's alone: on the public port each `/healthz` was a database read anyone
    /// could ask for.
    pub(super) fn router(self: Arc<Self>, path: &str) -> Router {
        Router::new()
            .route(path, post(interaction))
            // The body is read here, against MAX_BODY, not by an extractor.
            .layer(DefaultBodyLimit::disable())
            .with_state(self)
    }

    fn first_time(&self, id: InteractionId) -> bool {
        self.seen
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .first_time(id, Instant::now())
    }
}

/// Serves `router` on `listener` within `limits` until `stop` resolves, then finishes
/// the requests in flight (each waits at most for its first answer) before returning.
pub(super) async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: crate::adapters::listener::Limits,
    stop: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    crate::adapters::listener::serve(listener, router, limits, stop).await
}

/// A refusal: `status` with a short plain-text reason (Discord shows nothing of it; it is
/// for whoever tests the endpoint by hand).
fn refuse(status: StatusCode, why: &'static str) -> Response {
    (status, why).into_response()
}

/// Why a request to the endpoint is refused, before anything of it is acted on.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Over [`MAX_BODY`].
    TooLarge,
    /// Without the signature headers.
    Unsigned,
    /// Not signed with the application's key over this timestamp and body.
    BadSignature,
    /// Signed, but not an interaction serenity reads (why, in words).
    Unreadable(String),
    /// Signed longer ago than [`REPLAY_WINDOW`], or dated ahead by more than
    /// [`AHEAD_AT_MOST`]: a replay.
    StaleSignature,
}

impl Refusal {
    pub fn status(&self) -> StatusCode {
        match self {
            Refusal::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Refusal::Unsigned | Refusal::BadSignature | Refusal::StaleSignature => {
                StatusCode::UNAUTHORIZED
            }
            Refusal::Unreadable(_) => StatusCode::BAD_REQUEST,
        }
    }

    fn reason(&self) -> &'static str {
        match self {
            Refusal::TooLarge => "body too large",
            Refusal::Unsigned => "missing signature",
            Refusal::BadSignature => "invalid request signature",
            Refusal::Unreadable(_) => "unreadable interaction",
            Refusal::StaleSignature => "signature timestamp out of date",
        }
    }
}

/// The interaction a request carries, checked in the order of trust: its size, then its
/// signature over timestamp and raw body (with `verifier`, the application's public
/// key), and only then its JSON. Pure: the endpoint's request handling without the
/// network (and what the fuzz target feeds).
pub fn read_interaction(
    verifier: &Verifier,
    signature: Option<&str>,
    timestamp: Option<&str>,
    body: &[u8],
) -> Result<Interaction, Refusal> {
    if body.len() > MAX_BODY {
        return Err(Refusal::TooLarge);
    }
    let (Some(signature), Some(timestamp)) = (signature, timestamp) else {
        return Err(Refusal::Unsigned);
    };
    verifier
        .verify(signature, timestamp, body)
        .map_err(|()| Refusal::BadSignature)?;
    if !fresh(timestamp, std::time::SystemTime::now()) {
        return Err(Refusal::StaleSignature);
    }
    serde_json::from_slice::<Interaction>(body).map_err(|e| Refusal::Unreadable(e.to_string()))
}

/// Whether signature timestamp `timestamp` (Unix seconds, as Discord sends it) is at most
/// [`REPLAY_WINDOW`] before `now` and [`AHEAD_AT_MOST`] after it. Discord's time, so the
/// wall clock.
fn fresh(timestamp: &str, now: std::time::SystemTime) -> bool {
    let Ok(signed) = timestamp.trim().parse::<u64>() else {
        return false;
    };
    let now = now
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    signed <= now + AHEAD_AT_MOST.as_secs() && signed + REPLAY_WINDOW.as_secs() >= now
}

/// `POST {path}`: one interaction.
async fn interaction(State(endpoint): State<Arc<Endpoint>>, parts: Parts, body: Body) -> Response {
    // When the request arrived (the listener stamps it before reading the body): the
    // first answer is due 3 seconds from then at the latest, whatever the id says.
    let arrived = parts
        .extensions
        .get::<crate::adapters::listener::Arrived>()
        .map_or_else(tokio::time::Instant::now, |a| a.0);
    let headers = &parts.headers;
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_BODY as u64) {
        return refuse(StatusCode::PAYLOAD_TOO_LARGE, "body too large");
    }
    // The body first (the listener has read it already; this bounds a router served
    // some other way), and only then a turn: a dribbling client holds none.
    // Without a length (chunked), reading stops at the limit.
    let body = match tokio::time::timeout(BODY_WITHIN, axum::body::to_bytes(body, MAX_BODY)).await {
        Ok(Ok(body)) => body,
        Ok(Err(_)) => return refuse(StatusCode::PAYLOAD_TOO_LARGE, "body too large"),
        Err(_) => return refuse(StatusCode::REQUEST_TIMEOUT, "body too slow"),
    };
    let turn = endpoint.requests.try_acquire();
    let overflow = match &turn {
        Ok(_) => None,
        Err(_) => match endpoint.overflow.try_acquire() {
            Ok(place) => Some(place),
            Err(_) => return refuse(StatusCode::SERVICE_UNAVAILABLE, "busy"),
        },
    };
    let signed = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    let signature = signed("x-signature-ed25519");
    let timestamp = signed("x-signature-timestamp");
    let interaction = match read_interaction(&endpoint.verifier, signature, timestamp, &body) {
        Ok(interaction) => interaction,
        Err(refusal) => {
            match &refusal {
                // Signed by Discord, yet unreadable: a type this serenity does not know.
                Refusal::Unreadable(error) => {
                    tracing::warn!(%error, "an interaction over HTTP could not be read")
                }
                Refusal::StaleSignature => tracing::warn!(
                    timestamp = timestamp.unwrap_or(""),
                    "a signed request with an out-of-date timestamp is refused (a replay, or this machine's clock is wrong)"
                ),
                _ => {}
            }
            return refuse(refusal.status(), refusal.reason());
        }
    };
    if let Interaction::Ping(_) = interaction {
        return json(Bytes::from_static(br#"{"type":1}"#));
    }
    if overflow.is_some() {
        return too_busy(&*endpoint.handler.observer, &interaction);
    }
    let id = interaction.id();
    if ahead_of(id) > AHEAD_AT_MOST {
        tracing::warn!(interaction = %id, ahead_ms = ahead_of(id).as_millis() as u64, "an interaction dated ahead of this machine's clock is refused (a replay, or this clock runs behind)");
        return refuse(StatusCode::UNAUTHORIZED, "interaction dated ahead");
    }
    if age_of(id) >= REPLAY_WINDOW || !endpoint.first_time(id) {
        tracing::warn!(interaction = %id, "a signed interaction delivered again is refused");
        return refuse(StatusCode::UNAUTHORIZED, "interaction already delivered");
    }
    // Taken in the store, for every replica sharing it: Discord's request and a replay
    // of it sent to two replicas at once run once.
    match take(&endpoint.handler, id).await {
        Ok(true) => {}
        Ok(false) => {
            tracing::warn!(interaction = %id, "an interaction another replica took is refused");
            return refuse(StatusCode::UNAUTHORIZED, "interaction already delivered");
        }
        Err(()) => return refuse(StatusCode::SERVICE_UNAVAILABLE, "store unavailable"),
    }
    let (answer_here, first) = oneshot::channel();
    let signed_at = timestamp.and_then(|t| t.trim().parse::<u64>().ok());
    let born = born(id, arrived, signed_at);
    // The handler runs on its own: after a deferral it goes on after this response.
    // Counted in flight from here, so a shutdown waits for it to the end. Done (also by
    // a panic) without a first answer, say for one too old to run, it drops
    // `answer_here`: the response need not wait.
    let handler = endpoint.handler.clone();
    let in_flight = handler.took();
    let via = Via::Http {
        first: answer_here,
        born,
    };
    tokio::spawn(async move {
        handler.handle(interaction, via, in_flight, false).await;
    });
    // Discord's 3 seconds, counted from the id and from the arrival alike. Past them
    // `first` is dropped: a later first answer goes nowhere.
    match tokio::time::timeout_at(born + ANSWER_WITHIN, first).await {
        Ok(Ok(first)) => response(first),
        // The handler chose not to answer (an interaction too old to run, a kind the bot
        // does not handle) or did not in time: the interaction fails for its player.
        _ => refuse(StatusCode::SERVICE_UNAVAILABLE, "no answer"),
    }
}

/// Takes interaction `id` in the store ([`crate::app::App::take_interaction`]) on a
/// blocking thread: `Err` when the store cannot say (then it is not run: a command would
/// fail on the same store anyway).
async fn take(handler: &Handler, id: InteractionId) -> Result<bool, ()> {
    let app = handler.app.clone();
    let created = i64::try_from(created_ms(id)).unwrap_or(i64::MAX);
    let keep = KEEP_TAKEN.as_millis() as i64;
    match tokio::task::spawn_blocking(move || app.take_interaction(id.get(), created, keep)).await {
        Ok(Ok(taken)) => Ok(taken),
        Ok(Err(error)) => {
            tracing::error!(%error, interaction = %id, "an interaction could not be recorded as taken");
            Err(())
        }
        Err(_) => Err(()),
    }
}

/// A response's body that tells the handler whether the connection took it: `true` when
/// the server first asks for it (it is being written), `false` when it is dropped unasked
/// (the client went away first). One chunk, with its length declared.
struct Taken {
    body: Option<Bytes>,
    taken: Option<oneshot::Sender<bool>>,
}

impl futures_util::Stream for Taken {
    type Item = Result<Bytes, std::convert::Infallible>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        if let Some(taken) = self.taken.take() {
            let _ = taken.send(true);
        }
        std::task::Poll::Ready(self.body.take().map(Ok))
    }
}

impl Drop for Taken {
    fn drop(&mut self) {
        if let Some(taken) = self.taken.take() {
            let _ = taken.send(false);
        }
    }
}

/// `body` with its content type, telling `taken` when the connection takes it.
fn taken_body(content_type: HeaderValue, body: Vec<u8>, taken: oneshot::Sender<bool>) -> Response {
    let length = body.len();
    let body = Body::from_stream(Taken {
        body: Some(Bytes::from(body)),
        taken: Some(taken),
    });
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_LENGTH, HeaderValue::from(length)),
        ],
        body,
    )
        .into_response()
}

/// The answer to an interaction the endpoint has no turn for: the handler's busy reply
/// ([`busy`]: ephemeral, "the bot is very busy, nothing was done", in the player's
/// language; an autocomplete: no choices), built and written as any other first answer.
/// Nothing is run or stored, so its id is not taken either: a replay gets the same.
fn too_busy(observer: &dyn Observer, interaction: &Interaction) -> Response {
    let locale = match interaction {
        Interaction::Command(c) | Interaction::Autocomplete(c) => c.locale.as_str(),
        Interaction::Component(c) => c.locale.as_str(),
        Interaction::Modal(m) => m.locale.as_str(),
        _ => "",
    };
    let lang = crate::app::i18n::Lang::from_discord(locale).unwrap_or_default();
    observer.busy(UNREAD, "endpoint_full");
    let answer = match interaction {
        Interaction::Autocomplete(_) => {
            CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new())
        }
        _ => CreateInteractionResponse::Message(message(&busy(lang))),
    };
    // Nobody waits to hear whether the connection took it.
    let (taken, _) = oneshot::channel();
    response(FirstAnswer {
        response: answer,
        upload: None,
        taken,
    })
}

fn json(body: impl Into<Body>) -> Response {
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body.into(),
    )
        .into_response()
}

/// The first answer as Discord reads an HTTP response: JSON, or with a picture a
/// `multipart/form-data` body of `payload_json` and `files[0]`, as a callback request
/// would carry them.
fn response(first: FirstAnswer) -> Response {
    // Dropping `taken` unused tells the handler the answer was not delivered.
    match encoded(&first.response, first.upload.as_ref()) {
        Some((content_type, body)) => taken_body(content_type, body, first.taken),
        None => refuse(StatusCode::INTERNAL_SERVER_ERROR, "no answer"),
    }
}

/// `response` (and the picture it uploads) as an HTTP body and its content type; `None`
/// (logged) when it cannot be written.
fn encoded(
    response: &CreateInteractionResponse,
    upload: Option<&CreateAttachment>,
) -> Option<(HeaderValue, Vec<u8>)> {
    let payload = match serde_json::to_vec(response) {
        Ok(payload) => payload,
        Err(error) => {
            tracing::error!(%error, "an interaction response could not be written");
            return None;
        }
    };
    let Some(upload) = upload else {
        return Some((HeaderValue::from_static("application/json"), payload));
    };
    let (boundary, body) = multipart(&payload, &upload.filename, &upload.data);
    let content_type = format!("multipart/form-data; boundary={boundary}");
    HeaderValue::from_str(&content_type)
        .ok()
        .map(|value| (value, body))
}

/// A `multipart/form-data` body: the JSON payload, then the file. The boundary must not
/// occur in either; a random one of 32 hex digits does not, by any odds that matter, and
/// is checked anyway.
fn multipart(payload: &[u8], filename: &str, data: &[u8]) -> (String, Vec<u8>) {
    let contains =
        |haystack: &[u8], needle: &[u8]| haystack.windows(needle.len()).any(|w| w == needle);
    let boundary = loop {
        let boundary = format!("sudoku-bot-{:032x}", rand::random::<u128>());
        if !contains(payload, boundary.as_bytes()) && !contains(data, boundary.as_bytes()) {
            break boundary;
        }
    };
    // A file name is ours ("board.png"); quotes and line breaks are kept out regardless.
    let filename: String = filename
        .chars()
        .filter(|c| !matches!(c, '"' | '\r' | '\n' | '\\'))
        .collect();
    let mut body = Vec::with_capacity(payload.len() + data.len() + 400);
    body.extend_from_slice(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"payload_json\"\r\nContent-Type: application/json\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(payload);
    body.extend_from_slice(
        format!(
            "\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"{filename}\"\r\nContent-Type: image/png\r\n\r\n"
        )
        .as_bytes(),
    );
    body.extend_from_slice(data);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (boundary, body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_taken_once_within_the_window_and_forgotten_after() {
        let mut seen = Seen::default();
        let start = Instant::now();
        let id = InteractionId::new(7);
        assert!(seen.first_time(id, start));
        assert!(!seen.first_time(id, start + Duration::from_secs(1)));
        assert!(seen.first_time(InteractionId::new(8), start + Duration::from_secs(2)));
        // Past the window the ids are forgotten (the age check refuses them then).
        assert!(seen.first_time(id, start + REPLAY_WINDOW + Duration::from_secs(3)));
        assert_eq!(
            seen.ids.len(),
            1,
            "the old entries are dropped as the window moves"
        );
    }

    /// A flood's ids are remembered through the window, still refused as replays; after
    /// it the room they took is given back, not kept for ever.
    #[test]
    fn a_floods_ids_leave_with_their_room_after_the_window() {
        let mut seen = Seen::default();
        let start = Instant::now();
        for n in 0..100_000 {
            assert!(seen.first_time(InteractionId::new(n + 1), start));
        }
        assert!(!seen.first_time(InteractionId::new(50_000), start + Duration::from_secs(1)));
        let flooded = seen.ids.capacity();
        assert!(flooded >= 100_000);
        let later = start + REPLAY_WINDOW + Duration::from_secs(1);
        for n in 0..10 {
            assert!(seen.first_time(InteractionId::new(200_000 + n), later));
        }
        assert_eq!(seen.ids.len(), 10);
        assert!(
            seen.ids.capacity() < 4_096 && seen.order.capacity() < 4_096,
            "room for {} ids and {} stamps kept after the flood",
            seen.ids.capacity(),
            seen.order.capacity()
        );
    }

    #[test]
    fn a_multipart_answer_holds_the_payload_and_the_picture_intact() {
        let payload = br#"{"type":4,"data":{"attachments":[{"id":0,"filename":"board.png"}]}}"#;
        let picture: Vec<u8> = (0..=255u8).cycle().take(5000).collect();
        let (boundary, body) = multipart(payload, "board.png", &picture);
        let delimiter = format!("--{boundary}");
        let text = String::from_utf8_lossy(&body);
        assert_eq!(text.matches(&delimiter).count(), 3, "two parts and the end");
        assert!(text.ends_with(&format!("{delimiter}--\r\n")));
        let start = body
            .windows(4)
            .enumerate()
            .filter(|(_, w)| w == b"\r\n\r\n")
            .map(|(i, _)| i + 4)
            .nth(1)
            .expect("the file part's headers end");
        assert_eq!(&body[start..start + picture.len()], &picture[..]);
        assert!(text.contains("name=\"files[0]\"; filename=\"board.png\""));
    }
}
