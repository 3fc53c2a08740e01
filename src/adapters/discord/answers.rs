//! Interaction answers out, through one gate: every request to an interaction's callback
//! (its first answer: a message, an update of the pressed message, a deferral, a modal)
//! and to its webhook (an edit of `@original`, a follow-up, reading `@original`) goes
//! through [`Answers`]. It bounds how many are in flight at once, bot-wide
//! ([`ANSWERS_IN_FLIGHT`]), keeps turns for first answers ([`WEBHOOK_TURNS`]), and
//! reports what Discord refuses to the budget.
//!
//! The handler and `respond` hold an [`Answers`], never the interactions' HTTP client
//! itself, so no answer can go around the bound.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serenity::all::{
    CreateAttachment, CreateInteractionResponse, CreateInteractionResponseFollowup,
    EditInteractionResponse, Http, InteractionId, Message,
};
use serenity::builder::Builder;
use serenity::model::id::ApplicationId;
use tokio::sync::{Semaphore, SemaphorePermit, oneshot};

use super::metrics::{Metrics, outcome_of};
use super::outbound::Budget;

/// Interaction answers (HTTP requests to callbacks and webhooks) in flight at once,
/// bot-wide; the others wait for a turn.
///
/// Why a bound: the client speaks HTTP/1.1, one request per connection, so every answer
/// in flight holds a connection of its own, with its TLS state and buffers (about 70 KB
/// each in the soak of 2026-11-26). Interactions come in bursts when the machine starves
/// the bot: the answers pile up and then go out together. The million-interaction soak
/// saw 411 and then 733 connections open at once, and the process kept the memory they
/// had used after they closed (glibc keeps what it freed): +18 MB for good. Bounded, a
/// burst waits for turns instead, and costs at most this many connections (about 4.5 MB):
/// the same soak then peaked at 164 open files, and its memory after a million
/// interactions was within 1% of that after 100,000 (docs/benchmarks.md).
///
/// Why 64: a turn lasts one round trip, so this many in flight carry 64 / (round trip)
/// requests a second. Against Discord, at 100–200 ms a round trip (an assumption: not
/// measured here), that is 320–640 requests a second; the 200 interactions a
/// second need a little over 200 (one first answer each, an edit for the few deferred:
/// the launch run made 57,432 requests for 52,837 interactions, its own posts
/// included). Against the fake Discord on loopback, whose round trip is about a
/// millisecond, 64 turns carry tens of thousands a second. So the bound is for bursts;
/// at a steady pace far fewer answers are in flight.
pub const ANSWERS_IN_FLIGHT: usize = 64;

/// Of [`ANSWERS_IN_FLIGHT`], the turns webhook calls (edits of `@original`, follow-ups,
/// reading `@original`) may hold at once. The rest stay for first answers: Discord wants
/// those within 3 seconds of the interaction (a deferral is sent 1.5 s in, see
/// [`DEFER_AFTER`](super::DEFER_AFTER)), while a webhook call has 15 minutes, and may be
/// slow (an upload of a board's picture). Without this, a burst of slow edits holding
/// every turn would make the deferrals queued behind them late, and the interactions
/// would fail for their players.
pub const WEBHOOK_TURNS: usize = ANSWERS_IN_FLIGHT * 3 / 4;

/// Attempts at an interaction's webhook call that Discord answers with 429. Those calls
/// go around serenity's rate limiter (each interaction has its own webhook, so one
/// waiting must not hold up the others): this interaction alone waits and tries again.
const WEBHOOK_ATTEMPTS: u32 = 3;
/// The first wait after a 429 on a webhook call; it doubles. (serenity's error does not
/// carry Discord's `retry_after`.)
const WEBHOOK_BACKOFF: Duration = Duration::from_secs(1);

/// The turns of interaction answers.
struct Turns {
    /// Every answer in flight holds one of these.
    all: Semaphore,
    /// A webhook call also holds one of these (taken first): webhook calls never hold
    /// more than [`WEBHOOK_TURNS`] of `all`, whatever is queued.
    webhooks: Semaphore,
}

/// A turn, held while its request is in flight.
struct Turn<'a> {
    _all: Option<SemaphorePermit<'a>>,
    _webhook: Option<SemaphorePermit<'a>>,
}

impl Turns {
    fn new(all: usize, webhooks: usize) -> Turns {
        Turns {
            all: Semaphore::new(all),
            webhooks: Semaphore::new(webhooks.min(all)),
        }
    }

    /// A turn for a first answer. (The semaphores are never closed; were one closed, the
    /// answer would go without waiting rather than not at all.)
    async fn first(&self) -> Turn<'_> {
        Turn {
            _all: self.all.acquire().await.ok(),
            _webhook: None,
        }
    }

    /// A turn for a webhook call: its share first, so a webhook call waiting for `all`
    /// is one of at most [`WEBHOOK_TURNS`], never a queue that first answers sit behind.
    async fn webhook(&self) -> Turn<'_> {
        let webhook = self.webhooks.acquire().await.ok();
        Turn {
            _all: self.all.acquire().await.ok(),
            _webhook: webhook,
        }
    }
}

/// An interaction's first answer given in the HTTP response to Discord's request (the
/// interactions endpoint): Discord's response, and the picture it uploads (serenity's
/// builder keeps the bytes of its files to itself, so they travel beside it).
pub(super) struct FirstAnswer {
    pub(super) response: CreateInteractionResponse,
    pub(super) upload: Option<CreateAttachment>,
    /// Told whether the connection took the response (`true` once the server started
    /// writing it; `false`, or dropped, when the request was gone first): only then is
    /// the answer delivered, as a callback request's 204 says it is.
    pub(super) taken: oneshot::Sender<bool>,
}

/// How long [`Answers::respond_with`] waits for the endpoint to say the connection took
/// the response: the endpoint builds it at once, and the server writes it at once.
const TAKEN_WITHIN: Duration = Duration::from_secs(2);

/// How long after a first answer in an HTTP response Discord may still not know it: a
/// webhook call (an edit of `@original`, a follow-up, reading `@original`) that Discord
/// answers with Unknown Webhook or Unknown Message in that time is tried again. Discord
/// reads the response on its side of the connection after the bot wrote it, and the bot's
/// next request, on another connection, may arrive first.
const SETTLING: Duration = Duration::from_secs(10);

/// The first wait before such a webhook call is tried again; it doubles.
const SETTLING_BACKOFF: Duration = Duration::from_millis(100);

/// Where an HTTP interaction's first answer goes.
enum Waiting {
    /// The endpoint waits for it.
    Endpoint(oneshot::Sender<FirstAnswer>),
    /// The endpoint gave up waiting (Discord's request is over): a late answer goes
    /// nowhere, never to the callback route.
    GaveUp,
}

/// Tokens of interactions answered in an HTTP response lately (see [`SETTLING`]).
#[derive(Default)]
struct Settling {
    at: HashMap<String, Instant>,
    order: VecDeque<(Instant, String)>,
}

impl Settling {
    fn answered(&mut self, token: &str, now: Instant) {
        while let Some((at, old)) = self.order.front() {
            if now.duration_since(*at) < SETTLING {
                break;
            }
            self.at.remove(old);
            self.order.pop_front();
        }
        self.at.insert(token.to_string(), now);
        self.order.push_back((now, token.to_string()));
    }

    /// Whether `token`'s first answer went out in an HTTP response less than
    /// [`SETTLING`] ago.
    fn recent(&self, token: &str, now: Instant) -> bool {
        self.at
            .get(token)
            .is_some_and(|&at| now.duration_since(at) < SETTLING)
    }
}

/// The bot's interaction answers: the HTTP client for them (outside serenity's rate
/// limiter, see `run_tuned`), the bound on those in flight, and the budget their
/// refusals are reported to.
pub(super) struct Answers {
    http: Arc<Http>,
    budget: Arc<Budget>,
    /// What is counted for `/metrics`: every first answer, every refusal.
    pub(super) metrics: Arc<Metrics>,
    turns: Turns,
    /// Interactions that came over HTTP and have no first answer yet: the endpoint waits
    /// for it to send it back as its response, instead of a callback request.
    in_response: Mutex<HashMap<InteractionId, Waiting>>,
    /// Interactions answered in an HTTP response in the last [`SETTLING`].
    settling: Mutex<Settling>,
}

impl Answers {
    pub(super) fn new(http: Arc<Http>, budget: Arc<Budget>, metrics: Arc<Metrics>) -> Answers {
        Answers {
            http,
            budget,
            metrics,
            turns: Turns::new(ANSWERS_IN_FLIGHT, WEBHOOK_TURNS),
            in_response: Mutex::new(HashMap::new()),
            settling: Mutex::new(Settling::default()),
        }
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, HashMap<InteractionId, Waiting>> {
        self.in_response.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn settling(&self) -> std::sync::MutexGuard<'_, Settling> {
        self.settling.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Interaction `id` came over HTTP: its first answer goes to the receiver (the
    /// endpoint's response) instead of to Discord's callback route.
    pub(super) fn in_response(&self, id: InteractionId) -> oneshot::Receiver<FirstAnswer> {
        let (sender, receiver) = oneshot::channel();
        self.waiting().insert(id, Waiting::Endpoint(sender));
        receiver
    }

    /// The endpoint stopped waiting for `id`'s first answer without it: a later one is
    /// not sent anywhere.
    pub(super) fn gave_up(&self, id: InteractionId) {
        if let Some(waiting) = self.waiting().get_mut(&id) {
            *waiting = Waiting::GaveUp;
        }
    }

    /// Interaction `id` is done with (its handling ended).
    pub(super) fn forget(&self, id: InteractionId) {
        self.waiting().remove(&id);
    }

    /// The webhooks of interactions are the application's (READY says which).
    pub(super) fn set_application_id(&self, id: ApplicationId) {
        self.http.set_application_id(id);
    }

    /// The interaction's first answer (a deferral, an acknowledgement, a modal: nothing
    /// to upload).
    pub(super) async fn respond(
        &self,
        id: InteractionId,
        token: &str,
        response: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        self.respond_with(id, token, response, None).await
    }

    /// The interaction's first answer (a message, an update, a deferral, a modal), with
    /// the picture `response` carries as `upload` too: in the HTTP response of an
    /// interaction that came over HTTP, else as Discord's callback request.
    pub(super) async fn respond_with(
        &self,
        id: InteractionId,
        token: &str,
        response: CreateInteractionResponse,
        upload: Option<CreateAttachment>,
    ) -> serenity::Result<()> {
        let outcome = outcome_of(&response);
        let waiting = {
            let mut waiting = self.waiting();
            match waiting.get(&id) {
                Some(Waiting::Endpoint(_)) => waiting.remove(&id),
                Some(Waiting::GaveUp) => Some(Waiting::GaveUp),
                None => None,
            }
        };
        let result = if let Some(waiting) = waiting {
            let (taken, was_taken) = oneshot::channel();
            let sent = match waiting {
                Waiting::Endpoint(endpoint) => endpoint
                    .send(FirstAnswer {
                        response,
                        upload,
                        taken,
                    })
                    .is_ok(),
                Waiting::GaveUp => false,
            };
            let taken = sent
                && matches!(
                    tokio::time::timeout(TAKEN_WITHIN, was_taken).await,
                    Ok(Ok(true))
                );
            if taken {
                self.settling().answered(token, Instant::now());
                Ok(())
            } else {
                Err(serenity::Error::Other(
                    "Discord's request for this interaction was gone before its answer",
                ))
            }
        } else {
            let result = {
                let _turn = self.turns.first().await;
                response.execute(&*self.http, (id, token)).await
            };
            self.counted(result, "/interactions/{id}/{token}/callback")
                .await
        };
        self.metrics
            .answered(id, if result.is_ok() { outcome } else { "failed" });
        result
    }

    /// Edits the interaction's `@original` (retried on 429, see [`WEBHOOK_ATTEMPTS`]).
    pub(super) async fn edit_original(
        &self,
        token: &str,
        edit: &EditInteractionResponse,
    ) -> serenity::Result<Message> {
        self.webhook("/webhooks/{id}/{token}/messages/@original", token, || {
            edit.clone().execute(&*self.http, token)
        })
        .await
    }

    /// A follow-up message (retried on 429).
    pub(super) async fn followup(
        &self,
        token: &str,
        followup: &CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        self.webhook("/webhooks/{id}/{token}", token, || {
            followup.clone().execute(&*self.http, (None, token))
        })
        .await
    }

    /// The interaction's `@original` message as Discord has it (its id).
    pub(super) async fn original(&self, token: &str) -> serenity::Result<Message> {
        self.webhook("/webhooks/{id}/{token}/messages/@original", token, || {
            self.http.get_original_interaction_response(token)
        })
        .await
    }

    /// `call` with a webhook turn, again while Discord answers 429, up to
    /// [`WEBHOOK_ATTEMPTS`] times, and while Discord does not know yet of the first
    /// answer that interaction `token` got in an HTTP response (Unknown Webhook or Unknown
    /// Message, within [`SETTLING`] of it). The turn is held for each attempt only, not
    /// while waiting to try again.
    async fn webhook<T, F, Fut>(&self, route: &str, token: &str, mut call: F) -> serenity::Result<T>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = serenity::Result<T>>,
    {
        let mut wait = WEBHOOK_BACKOFF;
        let mut attempt = 1;
        let mut settling = SETTLING_BACKOFF;
        loop {
            let result = {
                let _turn = self.turns.webhook().await;
                call().await
            };
            let status = result.as_ref().err().and_then(super::discord_status);
            let unknown_yet = matches!(status, Some((404, 10015 | 10008)))
                && self.settling().recent(token, Instant::now());
            if unknown_yet {
                // Not a refusal: Discord has not read the response yet.
                tokio::time::sleep(settling).await;
                settling *= 2;
                continue;
            }
            let result = self.counted(result, route).await;
            match status {
                Some((429, _)) if attempt < WEBHOOK_ATTEMPTS => {
                    tokio::time::sleep(wait).await;
                    wait *= 2;
                    attempt += 1;
                }
                _ => return result,
            }
        }
    }

    /// `result`, after reporting a refusal of a request to `route` to the budget: it is
    /// counted for `/metrics`, and one that Discord counts towards its IP ban (401, 403,
    /// 429) brings the pause of the bot's own messages nearer (the ban counts every
    /// request). The answers themselves never wait on the budget.
    async fn counted<T>(&self, result: serenity::Result<T>, route: &str) -> serenity::Result<T> {
        if let Err(error) = &result
            && let Some((status, _)) = super::discord_status(error)
        {
            self.budget.refused(route, status).await;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `turn` is given at once (without waiting for another to end).
    fn at_once<'a>(turn: impl Future<Output = Turn<'a>>) -> Option<Turn<'a>> {
        let mut turn = std::pin::pin!(turn);
        let waker = std::task::Waker::noop();
        match turn
            .as_mut()
            .poll(&mut std::task::Context::from_waker(waker))
        {
            std::task::Poll::Ready(turn) => Some(turn),
            std::task::Poll::Pending => None,
        }
    }

    #[test]
    fn answers_past_the_bound_wait_for_a_turn() {
        let turns = Turns::new(4, 3);
        let held: Vec<Turn> = (0..4)
            .map(|_| at_once(turns.first()).expect("free"))
            .collect();
        assert!(at_once(turns.first()).is_none());
        drop(held);
        assert!(at_once(turns.first()).is_some());
    }

    #[test]
    fn webhook_calls_never_take_the_turns_kept_for_first_answers() {
        let turns = Turns::new(4, 3);
        let edits: Vec<Turn> = (0..3)
            .map(|_| at_once(turns.webhook()).expect("free"))
            .collect();
        // A fourth edit waits (its share is taken), queued ahead of the deferral...
        let mut waiting_edit = Box::pin(turns.webhook());
        assert!(
            waiting_edit
                .as_mut()
                .poll(&mut std::task::Context::from_waker(std::task::Waker::noop()))
                .is_pending()
        );
        // ...and a first answer (a deferral) still gets the turn kept for it.
        let deferral = at_once(turns.first()).expect("a first answer is not starved");
        assert!(at_once(turns.first()).is_none());
        drop((edits, deferral));
    }
}
