//! Interaction answers out to Discord, through one gate: every request to an
//! interaction's callback (its first answer, when it came down the gateway: a message, an
//! update of the pressed message, a deferral, a modal) and to its webhook (an edit of
//! `@original`, a follow-up, reading `@original`) goes through the [`Gate`]. It bounds
//! how many are in flight at once, bot-wide ([`ANSWERS_IN_FLIGHT`]), keeps turns for
//! first answers ([`WEBHOOK_TURNS`]), retries what Discord may take later, and reports
//! what Discord refuses to the budget.
//!
//! The gate owns the interactions' HTTP client: an interaction's answer (`answer`) sends
//! through the gate, never through the client itself, so no answer can go around the
//! bound.

use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serenity::all::{
    CreateInteractionResponse, CreateInteractionResponseFollowup, EditInteractionResponse, Http,
    InteractionId, Message,
};
use serenity::builder::Builder;
use serenity::model::id::ApplicationId;
use tokio::sync::{Semaphore, SemaphorePermit};

use super::errors::discord_status;
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
/// [`DEFER_AFTER`](super::deadline::DEFER_AFTER)), while a webhook call has 15 minutes,
/// and may be slow (an upload of a board's picture). Without this, a burst of slow edits holding
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

/// How long after a first answer in an HTTP response Discord may still not know it: a
/// webhook call (an edit of `@original`, a follow-up, reading `@original`) that Discord
/// answers with Unknown Webhook or Unknown Message in that time is tried again. Discord
/// reads the response on its side of the connection after the bot wrote it, and the bot's
/// next request, on another connection, may arrive first.
const SETTLING: Duration = Duration::from_secs(10);

/// The first wait before such a webhook call is tried again; it doubles.
const SETTLING_BACKOFF: Duration = Duration::from_millis(100);

/// The bot's interaction requests to Discord: the HTTP client for them (outside
/// serenity's rate limiter, see `run_tuned`), the bound on those in flight, and the
/// budget their refusals are reported to.
pub(super) struct Gate {
    http: Arc<Http>,
    budget: Arc<Budget>,
    turns: Turns,
}

impl Gate {
    pub(super) fn new(http: Arc<Http>, budget: Arc<Budget>) -> Gate {
        Gate {
            http,
            budget,
            turns: Turns::new(ANSWERS_IN_FLIGHT, WEBHOOK_TURNS),
        }
    }

    /// The webhooks of interactions are the application's (READY says which).
    pub(super) fn set_application_id(&self, id: ApplicationId) {
        self.http.set_application_id(id);
    }

    /// An interaction's first answer as Discord's callback request (it came down the
    /// gateway; `response` carries its picture itself).
    pub(super) async fn callback(
        &self,
        id: InteractionId,
        token: &str,
        response: CreateInteractionResponse,
    ) -> serenity::Result<()> {
        let result = {
            let _turn = self.turns.first().await;
            response.execute(&*self.http, (id, token)).await
        };
        self.counted(result, "/interactions/{id}/{token}/callback")
            .await
    }

    /// Edits the interaction's `@original` (retried on 429, see [`WEBHOOK_ATTEMPTS`]).
    /// `settling`: when its first answer went out in an HTTP response, if it did.
    pub(super) async fn edit_original(
        &self,
        token: &str,
        edit: &EditInteractionResponse,
        settling: Option<Instant>,
    ) -> serenity::Result<Message> {
        self.webhook(
            "/webhooks/{id}/{token}/messages/@original",
            settling,
            || edit.clone().execute(&*self.http, token),
        )
        .await
    }

    /// A follow-up message (retried on 429).
    pub(super) async fn followup(
        &self,
        token: &str,
        followup: &CreateInteractionResponseFollowup,
        settling: Option<Instant>,
    ) -> serenity::Result<Message> {
        self.webhook("/webhooks/{id}/{token}", settling, || {
            followup.clone().execute(&*self.http, (None, token))
        })
        .await
    }

    /// The interaction's `@original` message as Discord has it (its id).
    pub(super) async fn original(
        &self,
        token: &str,
        settling: Option<Instant>,
    ) -> serenity::Result<Message> {
        self.webhook(
            "/webhooks/{id}/{token}/messages/@original",
            settling,
            || self.http.get_original_interaction_response(token),
        )
        .await
    }

    /// `call` with a webhook turn, again while Discord answers 429, up to
    /// [`WEBHOOK_ATTEMPTS`] times, and while Discord does not know yet of the first
    /// answer the interaction got in an HTTP response at `settling` (Unknown Webhook or
    /// Unknown Message, within [`SETTLING`] of it). The turn is held for each attempt
    /// only, not while waiting to try again.
    async fn webhook<T, F, Fut>(
        &self,
        route: &str,
        settling: Option<Instant>,
        mut call: F,
    ) -> serenity::Result<T>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = serenity::Result<T>>,
    {
        let mut wait = WEBHOOK_BACKOFF;
        let mut attempt = 1;
        let mut settling_wait = SETTLING_BACKOFF;
        loop {
            let result = {
                let _turn = self.turns.webhook().await;
                call().await
            };
            let status = result.as_ref().err().and_then(discord_status);
            let unknown_yet = matches!(status, Some((404, 10015 | 10008)))
                && settling.is_some_and(|at| Instant::now().duration_since(at) < SETTLING);
            if unknown_yet {
                // Not a refusal: Discord has not read the response yet.
                tokio::time::sleep(settling_wait).await;
                settling_wait *= 2;
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
            && let Some((status, _)) = discord_status(error)
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
