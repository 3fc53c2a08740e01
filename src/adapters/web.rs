//! The web board: the page (`/play`, embedded in the binary) and its WebSocket
//! (`/api/live`), beside the chat. A browser proves who it is with the signed link
//! `/sudoku web` gave (then a session token), and every tap is run by the core as the
//! chat command it stands for ([`crate::app::web`]). Boards are live: a command handled
//! anywhere in this process (chat, another tab, a team-mate) wakes the sockets of that
//! place, which redraw when their board changed; changes made by other processes (replicas on
//! one database) come the same way ([`App::follow_other_processes`]). An idle board
//! costs the store nothing.
//!
//! Protocol (JSON text frames), client first:
//! - `{"type":"hello","link":T}` or `{"type":"hello","session":T}`, with the language
//!   the page asks for (`"locale":"es-ES"`: its reader's Discord's or browser's) →
//!   `{"type":"welcome","session":T,"player":NAME,"view":VIEW}`, or
//!   `{"type":"error","message":M,"fatal":true}` and the socket closes. Every view says
//!   its language (`"lang":"es"`: the player's choice in their settings, else the one
//!   asked), and its words are in it; the page's own words come with the page, in every
//!   language ([`crate::app::web::page_words`]);
//! - `{"type":"act","id":N,"kind":K,"game":G,"version":V,"action":"place","cell":0..80,"digit":1..9}`
//!   (also `erase`, `note`, `auto_notes`, `undo`, `hint`, `check`, `give_up`, `new`) →
//!   `{"type":"done","id":N,"ok":B,"message":M,"view":VIEW}`, answered in order. A page
//!   may send taps before the earlier ones are answered: one made on the board its tap
//!   `M` will leave says `"after":M`, and when `M` was this socket's last answered tap,
//!   it stands for the board `M` left (taken: the board after it; refused: the board it
//!   named) instead of `kind`/`game`/`version`;
//! - pushed: `{"type":"view","view":VIEW}` when the board changed.
//!
//! As a Discord Activity (`[activity]`), the same page is served at `/` too (where
//! Discord's proxy maps the Activity), and it signs in through Discord's SDK instead of a
//! link: `POST /api/token {"code":C,"instance_id":I,"locale":L}` exchanges the SDK's
//! OAuth2 code for the player's access token ([`ActivitySignIn`]) and answers
//! `{"session":T,"access_token":A,"player":NAME,"locale":L}` (the locale their Discord
//! is in); the session then says hello as above, asking for that locale.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

use crate::app::App;
use crate::app::i18n::{Lang, t};
use crate::app::web::{Action, Change, Identity, Shown, View};

const PAGE: &str = include_str!("../../assets/web/play.html");
const SCRIPT: &str = include_str!("../../assets/web/play.js");
const STYLE: &str = include_str!("../../assets/web/play.css");
const ICON: &str = include_str!("../../assets/web/favicon.svg");

/// The largest frame read from a browser: actions are a hundred bytes or so.
const MAX_FRAME: usize = 4 * 1024;

/// Open boards at once, per process, by default; more are refused (503) until some close.
/// Each holds a socket (a file descriptor), a task and a few KB. Their own cap, apart from
/// the listener's HTTP connections (which carry Discord's interactions): `run` sizes both
/// from the file limit ([`crate::adapters::listener::sockets_for_this_process`]).
pub const MAX_SOCKETS: usize = 10_000;

/// How often an open board looks at the store for changes when nothing can tell it (the
/// App's change listener was taken by another router: a test's, or an embedder's).
const POLL_EVERY: Duration = Duration::from_secs(2);

/// Core calls the web board makes at once (each on a blocking thread): half of what
/// Discord's interactions get (`adapters::discord::CORE_WORKERS`), so that the two
/// together leave threads of the runtime's blocking pool free for the health checks and
/// the scheduler.
const WEB_WORKERS: usize = 4;

/// How long a browser has to say hello before the socket is closed.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// A ping this often keeps proxies from closing a quiet board, and finds a phone that
/// went away without closing (its send fails).
const PING_EVERY: Duration = Duration::from_secs(30);

/// A browser that takes longer than this to take a frame is gone.
const SEND_WITHIN: Duration = Duration::from_secs(10);

/// Taps a board may make in a burst, and taps a second after that: a person taps a few
/// times a second at most; a script looping New or Hint is slowed to a person's pace.
const BURST: f64 = 60.0;
const TAPS_PER_SECOND: f64 = 10.0;

/// The open boards to wake when a command was handled, by what it may have changed: a
/// player's games (`p:`), a channel's co-op board (`r:`), a server's races (`g:`).
#[derive(Default)]
pub struct Live {
    watchers: Mutex<HashMap<String, Vec<Weak<Wake>>>>,
}

/// One open board's wake-up, and why since it last looked ([`Wake::why`]).
#[derive(Default)]
struct Wake {
    notify: Notify,
    why: std::sync::atomic::AtomicU8,
}

/// Its player's games, or anything, changed.
const MINE: u8 = 1;
/// Something in its server changed: only a race's standings beside the board care.
const SERVER: u8 = 2;
/// Something in its channel changed: only a co-op board cares.
const ROOM: u8 = 4;
/// Its player asked to be forgotten: the session may have ended.
const SESSION: u8 = 8;

impl Wake {
    fn wake(&self, why: u8) {
        self.why.fetch_or(why, std::sync::atomic::Ordering::Relaxed);
        self.notify.notify_one();
    }

    /// Why it was woken since the last call.
    fn why(&self) -> u8 {
        self.why.swap(0, std::sync::atomic::Ordering::Relaxed)
    }
}

impl Live {
    fn changed(&self, change: &Change<'_>) {
        let watchers = self.watchers.lock().unwrap_or_else(|p| p.into_inner());
        // Every command of the bot passes here: with no board open, nothing to build.
        if watchers.is_empty() {
            return;
        }
        match change {
            Change::Acted {
                player,
                place,
                room,
                forgot,
                race,
                coop,
            } => {
                let keys = [
                    (
                        format!("p:{player}"),
                        if *forgot { MINE | SESSION } else { MINE },
                    ),
                    (format!("r:{room}"), if *coop { MINE } else { ROOM }),
                    (format!("g:{place}"), if *race { MINE } else { SERVER }),
                ];
                for (key, why) in &keys {
                    for watcher in watchers.get(key).into_iter().flatten() {
                        if let Some(wake) = watcher.upgrade() {
                            wake.wake(*why);
                        }
                    }
                }
            }
            // Rare (another SQLite replica wrote, or the link to the others came back):
            // every board reads once, its session too.
            Change::Anything => {
                for watcher in watchers.values().flatten() {
                    if let Some(wake) = watcher.upgrade() {
                        wake.wake(MINE | SESSION);
                    }
                }
            }
        }
    }

    /// A wake-up for `who`'s boards: their own games, their channel's co-op board, and
    /// (in a server) its races' standings.
    fn watch(&self, who: &Identity) -> Arc<Wake> {
        let notify = Arc::new(Wake::default());
        let mut keys = vec![
            format!("p:{}", who.player.id),
            format!("r:{}", who.place.room()),
        ];
        // Direct messages share one place key: no races there, and waking every DM
        // board for any DM command would be waste.
        if who.place.key() != "dm" {
            keys.push(format!("g:{}", who.place.key()));
        }
        let mut watchers = self.watchers.lock().unwrap_or_else(|p| p.into_inner());
        for key in keys {
            let list = watchers.entry(key).or_default();
            list.retain(|w| w.strong_count() > 0);
            list.push(Arc::downgrade(&notify));
        }
        // Keys whose boards all closed go as others open.
        watchers.retain(|_, list| list.iter().any(|w| w.strong_count() > 0));
        notify
    }
}

/// Who opened the Activity, as Discord vouches for it: the SDK's OAuth2 code exchanged
/// for the player's access token, and the Activity's instance (where it runs, who is in
/// it). Discord's side of it lives in the Discord adapter; the page's server only asks.
pub trait ActivitySignIn: Send + Sync + 'static {
    /// The application's id, which the page's SDK handshake and authorize name.
    fn client_id(&self) -> &str;

    /// The player behind `code`, in the place where the Activity `instance` runs; a
    /// refusal said in `lang`.
    fn sign_in<'a>(
        &'a self,
        code: &'a str,
        instance: &'a str,
        lang: Lang,
    ) -> Pin<Box<dyn Future<Output = Result<SignedIn, SignInError>> + Send + 'a>>;
}

/// A player Discord vouched for.
pub struct SignedIn {
    pub who: Identity,
    /// The player's access token, for the page's SDK (`authenticate`).
    pub access_token: String,
    /// The locale their Discord is in (`es-ES`), when Discord said.
    pub locale: Option<String>,
}

#[derive(Debug)]
pub enum SignInError {
    /// Discord's answer about this player (a used code, an Activity they are not in):
    /// said to them as it is, in their language.
    Refused(String),
    /// Ours, or Discord out of reach: logged; the player hears it was passing trouble.
    Failed(String),
}

/// Sign-ins asked of Discord at once, per process; more wait their turn (a few HTTP
/// calls each; a crowd opening the Activity together is served in order, not all at once
/// against Discord's rate limits).
const SIGN_INS_AT_ONCE: usize = 16;

/// How long a sign-in may take, its turn included: Discord stalling must not hold the
/// turns of every later player.
const SIGN_IN_WITHIN: Duration = Duration::from_secs(15);

/// The largest `/api/token` body: a code and an instance id.
const MAX_TOKEN_REQUEST: usize = 2 * 1024;

/// Sign-ins a second for the whole process, after a burst: the daily post brings a crowd
/// at once (the old 60, then 10 a second, was below its peak), while each sign-in costs
/// three calls to Discord (the instance lookup in the bot's own budget).
const SIGN_IN_BURST: f64 = 600.0;
const SIGN_INS_PER_SECOND: f64 = 100.0;

/// Sign-ins a second per client (by address), after a burst: a player signs in once per
/// opening of the Activity. One client sending junk at 10 a second gave every real player
/// a 429 when the only limit was the process's (issue 49); now it spends its own.
const CLIENT_BURST: f64 = 10.0;
const CLIENT_SIGN_INS_PER_SECOND: f64 = 1.0;

/// Clients whose allowance is kept at most; past it, those whose allowance refilled are
/// dropped (they lose nothing), then all if need be.
const CLIENTS_KEPT: usize = 10_000;

struct Web {
    app: Arc<App>,
    live: Arc<Live>,
    /// Changes reach boards through [`Live`] (else each board looks every [`POLL_EVERY`]).
    pushed: bool,
    /// Turns of the blocking pool for boards ([`blocking`]).
    workers: Semaphore,
    sockets: Arc<Semaphore>,
    /// The page, with the Activity's client id filled in (empty without `[activity]`).
    page: String,
    sign_in: Option<Arc<dyn ActivitySignIn>>,
    signing_in: Semaphore,
    /// Sign-ins for the whole process ([`SIGN_IN_BURST`], [`SIGN_INS_PER_SECOND`]): each
    /// one costs calls to Discord, and junk codes must not spend the app's rate limits.
    sign_in_allowance: Mutex<Allowance>,
    /// Sign-ins per client ([`CLIENT_BURST`], [`CLIENT_SIGN_INS_PER_SECOND`]).
    client_allowances: Mutex<HashMap<std::net::IpAddr, Allowance>>,
    /// The page's Content-Security-Policy: who may frame it.
    policy: HeaderValue,
}

/// The page and its socket, for `app` (whose [`App::with_web`] links sign the
/// sessions). Registers the app's change listener: call once per app.
pub fn router(app: Arc<App>) -> Router {
    router_with(app, None)
}

/// [`router`], and the Activity's sign-in when `sign_in` is given: the page at `/` too,
/// and `POST /api/token`.
pub fn router_with(app: Arc<App>, sign_in: Option<Arc<dyn ActivitySignIn>>) -> Router {
    let live = Arc::new(Live::default());
    let notify = live.clone();
    let pushed = app.on_change(Box::new(move |change| notify.changed(change)));
    if pushed {
        App::follow_other_processes(&app);
    } else {
        tracing::warn!(
            "the web board's change listener was already set: boards update by polling only"
        );
    }
    // The client id is a number (checked with the config): nothing to escape.
    let page = match &sign_in {
        Some(sign_in) => PAGE.replace(
            r#"<meta name="discord-client-id" content="">"#,
            &format!(
                r#"<meta name="discord-client-id" content="{}">"#,
                sign_in.client_id()
            ),
        ),
        None => PAGE.to_string(),
    };
    // The page's words in every language, as data (a JSON script block runs nothing, so
    // the page's policy of no inline script holds); `<` escaped so no word can end it.
    let words = serde_json::to_string(&crate::app::web::page_words())
        .unwrap_or_else(|_| "{}".to_string())
        .replace('<', "\\u003c");
    let page = page.replace(
        r#"<script type="application/json" id="words">{}</script>"#,
        &format!(r#"<script type="application/json" id="words">{words}</script>"#),
    );
    let activity = sign_in.is_some();
    let policy = policy(sign_in.as_ref().map(|s| s.client_id()));
    let web = Arc::new(Web {
        app,
        live,
        pushed,
        workers: Semaphore::new(WEB_WORKERS),
        sockets: Arc::new(Semaphore::new(
            crate::adapters::listener::sockets_for_this_process(),
        )),
        page,
        sign_in,
        signing_in: Semaphore::new(SIGN_INS_AT_ONCE),
        sign_in_allowance: Mutex::new(Allowance {
            left: SIGN_IN_BURST,
            at: tokio::time::Instant::now(),
        }),
        client_allowances: Mutex::new(HashMap::new()),
        policy,
    });
    let router = if activity {
        // Discord's proxy maps the Activity's root here.
        Router::new().route("/", get(the_page))
    } else {
        Router::new()
    };
    router
        .route("/play", get(the_page))
        .route(
            "/api/token",
            post(activity_token).layer(DefaultBodyLimit::max(MAX_TOKEN_REQUEST)),
        )
        .route(
            "/play.js",
            get(|State(web): State<Arc<Web>>| async move {
                asset(SCRIPT, "text/javascript; charset=utf-8", &web.policy)
            }),
        )
        .route(
            "/play.css",
            get(|State(web): State<Arc<Web>>| async move {
                asset(STYLE, "text/css; charset=utf-8", &web.policy)
            }),
        )
        // The page names its icon; browsers still ask for `/favicon.ico` on their own.
        .route("/favicon.svg", get(the_icon))
        .route("/favicon.ico", get(the_icon))
        .route("/api/live", get(live_socket))
        .with_state(web)
}

async fn the_icon(State(web): State<Arc<Web>>) -> Response {
    asset(ICON, "image/svg+xml", &web.policy)
}

async fn the_page(State(web): State<Arc<Web>>) -> Response {
    asset(web.page.clone(), "text/html; charset=utf-8", &web.policy)
}

/// The page's Content-Security-Policy. It loads only itself and talks only to its own
/// origin. Framed by Discord's clients and, as an Activity (`client_id`), by this
/// application's own Activity origin alone: `https://*.discordsays.com` let any other
/// Activity frame it (issue 49).
fn policy(client_id: Option<&str>) -> HeaderValue {
    let mut ancestors =
        "'self' https://discord.com https://ptb.discord.com https://canary.discord.com".to_string();
    // The client id is a number (checked with the config); anything else frames nothing.
    if let Some(id) =
        client_id.filter(|id| !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()))
    {
        ancestors.push_str(&format!(" https://{id}.discordsays.com"));
    }
    let policy = format!(
        "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors {ancestors}"
    );
    HeaderValue::from_str(&policy)
        .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'; frame-ancestors 'self'"))
}

/// Who asks, for limits per client: the connection's peer; behind a reverse proxy on
/// this machine or a private network (a peer on loopback or a private address), the
/// address that proxy appended to `X-Forwarded-For` (the last one: those before it are
/// whatever the client claimed).
fn client_of(
    peer: Option<std::net::SocketAddr>,
    headers: &axum::http::HeaderMap,
) -> Option<std::net::IpAddr> {
    let peer = peer?.ip();
    let proxied = match peer {
        std::net::IpAddr::V4(ip) => ip.is_loopback() || ip.is_private(),
        std::net::IpAddr::V6(ip) => ip.is_loopback() || (ip.segments()[0] & 0xfe00) == 0xfc00,
    };
    if proxied
        // The last hop only: if it is unreadable, the peer (never an earlier hop, which
        // the client wrote).
        && let Some(forwarded) = headers
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|hop| hop.trim().parse::<std::net::IpAddr>().ok())
    {
        return Some(forwarded);
    }
    Some(peer)
}

#[derive(Deserialize)]
struct TokenRequest {
    code: String,
    instance_id: String,
}

/// `POST /api/token`: the Activity's sign-in (see the module's doc).
async fn activity_token(
    State(web): State<Arc<Web>>,
    asked: axum::http::request::Parts,
    body: Bytes,
) -> Response {
    // The listener puts the connection's peer here (absent when served some other way).
    let peer = asked
        .extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|info| info.0);
    // Refusals in the language the page asked for (its browser's: Discord has not said
    // the player's yet), whatever else the request holds.
    let lang = serde_json::from_slice::<Value>(&body)
        .ok()
        .and_then(|v| v["locale"].as_str().and_then(Lang::from_discord))
        .unwrap_or_default();
    let answer =
        |status: StatusCode, message: String| json_response(status, json!({ "error": message }));
    let (Some(sign_in), Some(links)) = (&web.sign_in, web.app.web_links()) else {
        return answer(StatusCode::NOT_FOUND, t!(lang, "activity-off"));
    };
    let request = serde_json::from_slice::<TokenRequest>(&body)
        .ok()
        .filter(|r| {
            // Discord's codes and instance ids are letters, digits, `-` and `_`: anything
            // else is refused before it costs a call to Discord.
            let fits = |s: &str| {
                !s.is_empty()
                    && s.len() <= 256
                    && s.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            };
            fits(&r.code) && fits(&r.instance_id)
        });
    let Some(request) = request else {
        return answer(StatusCode::BAD_REQUEST, t!(lang, "activity-unreadable"));
    };
    // The client's own allowance first: one spending it (junk codes in a loop) is slowed
    // alone, and does not spend the process's, which every player shares.
    let client_allowed = match client_of(peer, &asked.headers) {
        Some(client) => {
            let mut clients = web
                .client_allowances
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            if clients.len() >= CLIENTS_KEPT && !clients.contains_key(&client) {
                clients.retain(|_, allowance| {
                    !allowance.refilled(CLIENT_BURST, CLIENT_SIGN_INS_PER_SECOND)
                });
                if clients.len() >= CLIENTS_KEPT {
                    clients.clear();
                }
            }
            clients
                .entry(client)
                .or_insert_with(|| Allowance {
                    left: CLIENT_BURST,
                    at: tokio::time::Instant::now(),
                })
                .take_at(CLIENT_BURST, CLIENT_SIGN_INS_PER_SECOND)
        }
        None => true,
    };
    if !client_allowed {
        return answer(StatusCode::TOO_MANY_REQUESTS, t!(lang, "activity-crowd"));
    }
    let allowed = web
        .sign_in_allowance
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .take_at(SIGN_IN_BURST, SIGN_INS_PER_SECOND);
    if !allowed {
        return answer(StatusCode::TOO_MANY_REQUESTS, t!(lang, "activity-crowd"));
    }
    let signed = tokio::time::timeout(SIGN_IN_WITHIN, async {
        let _turn = web
            .signing_in
            .acquire()
            .await
            .map_err(|_| SignInError::Failed("the sign-in turns are closed".into()))?;
        sign_in
            .sign_in(&request.code, &request.instance_id, lang)
            .await
    })
    .await
    .unwrap_or_else(|_| {
        Err(SignInError::Failed(format!(
            "no answer from Discord within {SIGN_IN_WITHIN:?}"
        )))
    });
    match signed {
        Ok(signed) => {
            let session = links.session_for(&signed.who, web.app.now());
            json_response(
                StatusCode::OK,
                json!({
                    "session": session,
                    "access_token": signed.access_token,
                    "player": signed.who.player.name,
                    "locale": signed.locale,
                }),
            )
        }
        Err(SignInError::Refused(why)) => answer(StatusCode::FORBIDDEN, why),
        Err(SignInError::Failed(why)) => {
            tracing::warn!(%why, "an Activity sign-in failed");
            answer(StatusCode::BAD_GATEWAY, t!(lang, "activity-discord-down"))
        }
    }
}

fn json_response(status: StatusCode, body: Value) -> Response {
    let mut response = (status, body.to_string()).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    // A session and an access token: for this page only, never kept by a cache.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn asset(body: impl IntoResponse, kind: &'static str, policy: &HeaderValue) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // The page loads only itself and talks only to its own origin; the link's token is
    // in the fragment, which never leaves the browser, and no referrer carries the
    // page's address elsewhere.
    headers.insert(header::CONTENT_SECURITY_POLICY, policy.clone());
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

async fn live_socket(State(web): State<Arc<Web>>, upgrade: WebSocketUpgrade) -> Response {
    let Ok(permit) = web.sockets.clone().try_acquire_owned() else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "Too many boards are open on this server right now; try again in a moment.",
        )
            .into_response();
    };
    upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| serve(web, socket, permit))
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Incoming {
    Hello {
        link: Option<String>,
        session: Option<String>,
        /// The language the page asks for: `es-ES`, `ca`, `en-US`…
        locale: Option<String>,
    },
    Act {
        id: u64,
        /// Made on the board this socket's tap `after` leaves (see the protocol above).
        after: Option<u64>,
        #[serde(flatten)]
        shown: Shown,
        #[serde(flatten)]
        action: Action,
    },
}

/// Runs `work` on a blocking thread: the core's store calls block.
/// Runs `work` (the core, the store) on a blocking thread, at most [`WEB_WORKERS`] of the
/// web's at once: however many boards tap or wake together, they never take the threads
/// Discord's interactions and the health checks need (they wait here, without a thread).
async fn blocking<T: Send + 'static>(
    web: &Web,
    work: impl FnOnce() -> T + Send + 'static,
) -> Option<T> {
    let _turn = web.workers.acquire().await.ok()?;
    tokio::task::spawn_blocking(work).await.ok()
}

/// Sends `value`; false when the browser is gone (or too slow to take it).
async fn send(socket: &mut WebSocket, value: Value) -> bool {
    let frame = Message::Text(value.to_string().into());
    matches!(
        tokio::time::timeout(SEND_WITHIN, socket.send(frame)).await,
        Ok(Ok(()))
    )
}

/// The reason a board cannot open, then the socket closed. `fatal`: the page stops
/// (a link to replace); otherwise it tries again (our trouble, passing).
async fn refuse(socket: &mut WebSocket, message: &str, fatal: bool) {
    send(
        socket,
        json!({"type": "error", "message": message, "fatal": fatal}),
    )
    .await;
    let _ = socket.send(Message::Close(None)).await;
}

/// A board's allowance of taps ([`BURST`], [`TAPS_PER_SECOND`]).
struct Allowance {
    left: f64,
    at: tokio::time::Instant,
}

impl Allowance {
    /// A board's tap.
    fn take(&mut self) -> bool {
        self.take_at(BURST, TAPS_PER_SECOND)
    }

    /// Whether it is full again (at `burst`, earning `per_second`).
    fn refilled(&self, burst: f64, per_second: f64) -> bool {
        let earned = self.at.elapsed().as_secs_f64() * per_second;
        self.left + earned >= burst
    }

    /// One more, out of `burst` earning `per_second`.
    fn take_at(&mut self, burst: f64, per_second: f64) -> bool {
        let now = tokio::time::Instant::now();
        let earned = now.duration_since(self.at).as_secs_f64() * per_second;
        self.left = (self.left + earned).min(burst);
        self.at = now;
        if self.left >= 1.0 {
            self.left -= 1.0;
            true
        } else {
            false
        }
    }
}

/// One browser: hello, then its actions and the board's changes until it goes.
async fn serve(web: Arc<Web>, mut socket: WebSocket, _permit: OwnedSemaphorePermit) {
    // Watched before the welcome's view is read: a change between the two still wakes.
    let Some((who, view, wake, session, asked)) = hello(&web, &mut socket).await else {
        return;
    };
    let start = tokio::time::Instant::now();
    // The session was checked at hello; the board closes when it ends.
    let left = web
        .app
        .web_links()
        .and_then(|links| links.session_ends(&session))
        .map_or(0, |ends| ends - web.app.now());
    let ended = tokio::time::sleep(Duration::from_millis(u64::try_from(left).unwrap_or(0)));
    tokio::pin!(ended);
    // Only when nothing pushes changes: an idle board otherwise costs the store nothing.
    let mut poll = (!web.pushed).then(|| {
        let mut poll = tokio::time::interval_at(start + POLL_EVERY, POLL_EVERY);
        poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        poll
    });
    let mut ping = tokio::time::interval_at(start + PING_EVERY, PING_EVERY);
    let mut shown = Some(view);
    let mut allowance = Allowance {
        left: BURST,
        at: start,
    };
    let mut last = None;
    loop {
        tokio::select! {
            frame = socket.recv() => {
                let Some(Ok(frame)) = frame else { return };
                let body = match frame {
                    Message::Text(body) => body,
                    Message::Close(_) => return,
                    _ => continue,
                };
                let answer = act(&web, &who, asked, body.as_str(), &mut shown, &mut allowance, &mut last).await;
                if !send(&mut socket, answer).await {
                    return;
                }
            }
            () = wake.notify.notified() => {
                let why = wake.why();
                // Forget-me in chat (here or on another replica) ends the board too.
                if why & SESSION != 0 && holds(&web, &who, &session).await == Some(false) {
                    let message = crate::app::web::LinkError::Expired.message(lang_of(&shown));
                    refuse(&mut socket, &message, true).await;
                    return;
                }
                // Any command in a server (a channel) wakes its boards for a race's
                // standings (a co-op board): a board showing neither reads nothing for it
                // (thousands may be open in one channel, from a daily post's Tap to play).
                let kind = shown.as_ref().map_or("none", |view| view.kind);
                let cares = why & MINE != 0
                    || (why & SERVER != 0 && kind == "race")
                    || (why & ROOM != 0 && kind == "coop");
                if !cares {
                    continue;
                }
                if !push_if_changed(&web, &who, asked, &mut shown, &mut socket).await {
                    return;
                }
            }
            () = tick(&mut poll) => {
                if holds(&web, &who, &session).await == Some(false) {
                    let message = crate::app::web::LinkError::Expired.message(lang_of(&shown));
                    refuse(&mut socket, &message, true).await;
                    return;
                }
                if !push_if_changed(&web, &who, asked, &mut shown, &mut socket).await {
                    return;
                }
            }
            () = &mut ended => {
                let message = crate::app::web::LinkError::Expired.message(lang_of(&shown));
                refuse(&mut socket, &message, true).await;
                return;
            }
            _ = ping.tick() => {
                let pinged = tokio::time::timeout(SEND_WITHIN, socket.send(Message::Ping(Default::default()))).await;
                if !matches!(pinged, Ok(Ok(()))) {
                    return;
                }
            }
        }
    }
}

/// The next tick of `poll`, or never.
async fn tick(poll: &mut Option<tokio::time::Interval>) {
    match poll {
        Some(poll) => {
            poll.tick().await;
        }
        None => std::future::pending().await,
    }
}

/// The language of the page's last view: what the socket says of its own in between.
fn lang_of(shown: &Option<View>) -> Lang {
    shown
        .as_ref()
        .and_then(|view| Lang::parse(view.lang))
        .unwrap_or_default()
}

/// This socket's last answered tap: its id, and the board it left (the board after it
/// when taken, the board it named when refused), for a tap made `after` it.
type LastTap = Option<(u64, Shown)>;

/// One frame from the page, answered: a `done` for an action (its id echoed, whatever
/// went wrong, so the page's queue moves on), an `error` for anything else.
async fn act(
    web: &Web,
    who: &Identity,
    asked: Option<Lang>,
    body: &str,
    shown: &mut Option<View>,
    allowance: &mut Allowance,
    last: &mut LastTap,
) -> Value {
    let lang = lang_of(shown);
    let (id, action, board) = match serde_json::from_str::<Incoming>(body) {
        Ok(Incoming::Act {
            id,
            after,
            shown: named,
            action,
        }) => {
            // Only the tap answered just before, and on the same board: a tap never
            // follows one onto another game (a New in between), and an `after` this
            // socket never saw (a resend after a reconnect) keeps the board it named.
            let board = match (after, last.as_ref()) {
                (Some(after), Some((id, left)))
                    if *id == after && left.kind == named.kind && left.game == named.game =>
                {
                    left.clone()
                }
                _ => named,
            };
            (id, action, board)
        }
        _ => {
            let id = serde_json::from_str::<Value>(body)
                .ok()
                .and_then(|v| v["id"].as_u64());
            let message = t!(lang, "web-not-understood");
            return match id {
                Some(id) => {
                    json!({"type": "done", "id": id, "ok": false, "message": message, "view": shown})
                }
                None => json!({"type": "error", "message": message, "fatal": false}),
            };
        }
    };
    if !allowance.take() {
        *last = Some((id, board));
        return json!({"type": "done", "id": id, "ok": false, "message": t!(lang, "web-slow-down"), "view": shown});
    }
    let (app, me, named) = (web.app.clone(), who.clone(), board.clone());
    let acted = blocking(web, move || app.web_act(&me, action, &named, asked)).await;
    let left = match &acted {
        Some(Ok(outcome)) if outcome.ok => Shown {
            kind: outcome.view.kind.to_string(),
            game: outcome.view.game,
            version: outcome.view.version,
        },
        _ => board,
    };
    *last = Some((id, left));
    let (ok, message, view) = match acted {
        Some(Ok(outcome)) => (outcome.ok, outcome.message, Some(outcome.view)),
        Some(Err(why)) => {
            tracing::warn!(player = %who.player.id, %why, "a web action failed");
            (false, crate::app::apology(lang), None)
        }
        None => (false, crate::app::apology(lang), None),
    };
    // Without a fresh board (the store failed), the page keeps the one it has.
    if view.is_some() {
        *shown = view;
    }
    json!({"type": "done", "id": id, "ok": ok, "message": message, "view": shown})
}

/// Sends the board when it differs from what the page shows; false when the socket is
/// gone.
async fn push_if_changed(
    web: &Web,
    who: &Identity,
    asked: Option<Lang>,
    shown: &mut Option<View>,
    socket: &mut WebSocket,
) -> bool {
    let (app, me) = (web.app.clone(), who.clone());
    let after = shown.as_ref().map(|v| Shown {
        kind: v.kind.to_string(),
        game: v.game,
        version: v.version,
    });
    let Some(Ok(view)) =
        blocking(web, move || app.web_view_after(&me, after.as_ref(), asked)).await
    else {
        return true;
    };
    // The timer ticks in the page: a view that differs only in time is no change.
    let same = shown.as_ref().is_some_and(|old| {
        View {
            elapsed_ms: view.elapsed_ms,
            stops_in_ms: view.stops_in_ms,
            ..old.clone()
        } == view
    });
    if same {
        return true;
    }
    *shown = Some(view.clone());
    send(socket, json!({"type": "view", "view": view})).await
}

/// Whether `session` (verified) still holds for `who`: `Some(false)` once they asked to
/// be forgotten after it was issued; `None` when the store cannot say.
async fn holds(web: &Web, who: &Identity, session: &str) -> Option<bool> {
    let issued = web.app.web_links()?.session_issued(session)?;
    let (app, player) = (web.app.clone(), who.player.id.clone());
    match blocking(web, move || app.web_session_holds(&player, issued)).await {
        Some(Ok(holds)) => Some(holds),
        Some(Err(error)) => {
            tracing::warn!(%error, "a web session's standing could not be read");
            None
        }
        None => None,
    }
}

/// What a hello gave: who it is, the view the welcome carried, the wake-up of its boards,
/// its session, and the language the page asked for.
type Hello = (Identity, View, Arc<Wake>, String, Option<Lang>);

/// The first frame: a link (exchanged for a session) or a session ([`Hello`]); `None`
/// when the socket was closed (with the reason sent first).
async fn hello(web: &Web, socket: &mut WebSocket) -> Option<Hello> {
    let frame = match tokio::time::timeout(HELLO_WITHIN, socket.recv()).await {
        Ok(Some(Ok(Message::Text(body)))) => body,
        _ => return None,
    };
    let incoming = serde_json::from_str(frame.as_str());
    let asked = match &incoming {
        Ok(Incoming::Hello {
            locale: Some(locale),
            ..
        }) => Lang::from_discord(locale),
        _ => None,
    };
    let lang = asked.unwrap_or_default();
    let Some(links) = web.app.web_links() else {
        refuse(socket, &t!(lang, "web-off"), true).await;
        return None;
    };
    let now = web.app.now();
    let opened = match incoming {
        Ok(Incoming::Hello {
            session: Some(session),
            ..
        }) => links.session(&session, now).map(|who| (who, session)),
        Ok(Incoming::Hello {
            link: Some(link), ..
        }) => links.open(&link, now),
        _ => {
            refuse(socket, &t!(lang, "web-hello-first"), true).await;
            return None;
        }
    };
    let (who, session) = match opened {
        Ok(opened) => opened,
        Err(e) => {
            refuse(socket, &e.message(lang), true).await;
            return None;
        }
    };
    match holds(web, &who, &session).await {
        Some(true) => {}
        // Issued before the player asked to be forgotten: it ended then.
        Some(false) => {
            let message = crate::app::web::LinkError::Expired.message(lang);
            refuse(socket, &message, true).await;
            return None;
        }
        None => {
            refuse(socket, &crate::app::apology(lang), false).await;
            return None;
        }
    }
    let wake = web.live.watch(&who);
    let (app, me) = (web.app.clone(), who.clone());
    let view = match blocking(web, move || app.web_view(&me, asked)).await {
        Some(Ok(view)) => view,
        other => {
            if let Some(Err(why)) = other {
                tracing::warn!(player = %who.player.id, %why, "a web board could not be read");
            }
            // Passing trouble (a database restarting): the page tries again.
            refuse(socket, &crate::app::apology(lang), false).await;
            return None;
        }
    };
    let welcome =
        json!({"type": "welcome", "session": session, "player": who.player.name, "view": view});
    send(socket, welcome)
        .await
        .then_some((who, view, wake, session, asked))
}

/// Serves the web board on `listener` until `stop` resolves.
pub async fn serve_on(
    app: Arc<App>,
    listener: tokio::net::TcpListener,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    crate::adapters::serve_http(listener, router(app), stop).await
}
