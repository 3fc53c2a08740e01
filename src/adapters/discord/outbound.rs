//! The bot-wide budget of what it sends on its own (daily posts, race messages), shared by
//! every task that sends.
//!
//! Discord allows 50 requests a second for the whole bot; serenity's rate limiter keeps
//! the per-route buckets, but releases its global lock before sleeping on a global 429, so
//! many tasks sending at once can still run past it. Interaction answers are exempt from
//! the global limit (and never wait here): this budget paces only the bot's own
//! messages, a little under the limit so commands registration and the like keep room.
//!
//! Discord also bans the bot's IP for a while after 10,000 invalid requests (401, 403,
//! 429) in 10 minutes, whatever the request: a refused interaction answer counts as much
//! as a refused post. Every sender reports the ones it meets, interaction answers
//! included; once half that many were met in the window, the budget stops the bot's own
//! messages until the window has room again, so a server full of channels that refuse
//! the bot cannot cost every other server its answers. Interaction answers are never
//! stopped: a player waits for them, and they keep the other half of the ban's count.
//! Processes that share one outgoing address share the ban: each keeps to its share
//! (`replicas_per_address`,
//! [`Config::invalid_limit`](super::config::Config::invalid_limit)).
//!
//! What sees every 429: a 429 that serenity's rate limiter waits out and retries never
//! comes back to the sender, only to the limiter's callback, which counts it here
//! ([`Budget::rate_limited`]); the limiter does not retry the others (no `retry-after`,
//! or a client without the limiter, as interaction answers use), and those reach their
//! sender as errors, which it reports ([`Budget::refused`]). Each 429 is counted once.
//! The callback cannot tell a retried 429 from a wait the limiter takes before sending on
//! a bucket Discord said was empty (no request at all), so those are counted too: rare
//! for the bot's own messages, which keep under each channel's limit, and on the safe
//! side (the pause comes sooner, never later).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::{Mutex, Notify};
use tokio::time::Instant;

use super::observe::Observer;

/// Discord's window for invalid requests.
pub const INVALID_WINDOW: Duration = Duration::from_secs(600);
/// Invalid requests in the window (the bot's own messages and interaction answers
/// together) past which the bot's own messages stop: half of the 10,000 that get an IP
/// banned, the rest left for interaction answers, which never stop.
pub const INVALID_LIMIT: usize = 5_000;

/// Pacing of the bot's own requests.
pub struct Budget {
    per_second: f64,
    burst: f64,
    invalid_limit: usize,
    /// When each invalid request of the window was met. A lock of its own, never held
    /// across an await: serenity's rate-limit callback, which is not async, counts here.
    invalid: std::sync::Mutex<VecDeque<Instant>>,
    /// Urgent takers waiting: the others let them go first.
    urgent: AtomicUsize,
    /// Woken when the last urgent taker is served (or gives up): the others waiting on
    /// it try again.
    urgent_done: Notify,
    state: Mutex<State>,
    /// Who watches refusals, waits and invalid requests (the metrics, set once the bot
    /// runs).
    observer: std::sync::OnceLock<std::sync::Arc<dyn Observer>>,
}

struct State {
    tokens: f64,
    refilled: Instant,
}

impl Budget {
    /// `per_second` requests a second on average (at most `per_second / 5` at once after
    /// a quiet spell), and no more of them once `invalid_limit` invalid requests were
    /// met in [`INVALID_WINDOW`].
    pub fn new(per_second: u32, invalid_limit: usize) -> Budget {
        let per_second = f64::from(per_second.max(1));
        let burst = (per_second / 5.0).max(1.0);
        Budget {
            per_second,
            burst,
            invalid_limit: invalid_limit.max(1),
            invalid: std::sync::Mutex::new(VecDeque::new()),
            urgent: AtomicUsize::new(0),
            urgent_done: Notify::new(),
            state: Mutex::new(State {
                tokens: burst,
                refilled: Instant::now(),
            }),
            observer: std::sync::OnceLock::new(),
        }
    }

    /// Refusals reported with [`Budget::refused`], waits of the rate limiter and invalid
    /// requests are told to `observer` too.
    pub(super) fn report_to(&self, observer: std::sync::Arc<dyn Observer>) {
        observer.invalid_limit(self.invalid_limit);
        let _ = self.observer.set(observer);
    }

    /// serenity's rate limiter met a 429 it retries itself (or waited before sending on
    /// an empty bucket: it does not say which) on a request to `path`: for `/metrics`,
    /// and against the invalid-request budget (see the module's documentation).
    pub(super) fn rate_limited(&self, path: &str, global: bool) {
        if let Some(observer) = self.observer.get() {
            observer.rate_limited(path, global);
        }
        self.invalid();
    }

    /// Discord refused a request to `route` (a template) with `status`: counted for
    /// `/metrics`, and against the invalid-request budget when Discord counts it so.
    pub(super) async fn refused(&self, route: &str, status: u16) {
        if let Some(observer) = self.observer.get() {
            observer.refused(route, status);
        }
        if counts_as_invalid(status) {
            self.invalid();
        }
    }

    /// Waits until one more request fits the budget, and takes it. Urgent requests (a
    /// race's scoreboard, which players watch) go before the others (a daily post due
    /// in a backlog of thousands can wait a second more).
    pub async fn take(&self, urgent: bool) {
        // Counted while waiting, and uncounted by the guard however the wait ends: a
        // taker dropped mid-wait (a shutdown) must not hold the others back for good.
        let _urgent = urgent.then(|| UrgentTaker::new(self));
        self.wait_turn(urgent).await;
    }

    /// Until no urgent taker waits (at once when none does).
    async fn no_urgent_waiting(&self) {
        loop {
            let notified = self.urgent_done.notified();
            tokio::pin!(notified);
            // Registered before the count is read: a wake-up between the two is kept.
            notified.as_mut().enable();
            if self.urgent.load(Ordering::SeqCst) == 0 {
                return;
            }
            notified.await;
        }
    }

    async fn wait_turn(&self, urgent: bool) {
        loop {
            if !urgent {
                self.no_urgent_waiting().await;
            }
            let paused = {
                let mut invalid = self.invalid_met();
                let now = Instant::now();
                forget_invalid_before(&mut invalid, now);
                // Until the oldest invalid request leaves the window.
                (invalid.len() >= self.invalid_limit).then(|| {
                    let oldest = invalid.front().copied().unwrap_or(now);
                    (oldest + INVALID_WINDOW).saturating_duration_since(now)
                })
            };
            let wait = {
                let mut state = self.state.lock().await;
                let now = Instant::now();
                if let Some(paused) = paused {
                    paused
                } else {
                    let elapsed = now.duration_since(state.refilled).as_secs_f64();
                    state.tokens = (state.tokens + elapsed * self.per_second).min(self.burst);
                    state.refilled = now;
                    if state.tokens >= 1.0 {
                        state.tokens -= 1.0;
                        return;
                    }
                    Duration::from_secs_f64((1.0 - state.tokens) / self.per_second)
                }
            };
            tokio::time::sleep(wait.max(Duration::from_millis(1))).await;
        }
    }

    /// A request of the bot was refused as Discord counts invalid (401, 403, 429).
    pub fn invalid(&self) {
        if let Some(observer) = self.observer.get() {
            observer.invalid();
        }
        let mut invalid = self.invalid_met();
        let now = Instant::now();
        // Pruned here too: refused interaction answers are counted while the bot's own
        // messages may not be taking turns (nothing due), so the window must not keep
        // what has left it.
        forget_invalid_before(&mut invalid, now);
        invalid.push_back(now);
        if invalid.len() == self.invalid_limit {
            tracing::error!(
                limit = self.invalid_limit,
                "many requests refused by Discord in 10 minutes: daily posts and race messages pause until the window clears"
            );
        }
    }

    fn invalid_met(&self) -> std::sync::MutexGuard<'_, VecDeque<Instant>> {
        // A panic elsewhere while holding it left a queue of instants, still sound.
        self.invalid.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Drops the invalid requests that have left the window ending at `now`.
fn forget_invalid_before(invalid: &mut VecDeque<Instant>, now: Instant) {
    while invalid
        .front()
        .is_some_and(|&at| now.duration_since(at) >= INVALID_WINDOW)
    {
        invalid.pop_front();
    }
}

/// An urgent taker waiting, counted in [`Budget::urgent`] while it lives.
struct UrgentTaker<'a>(&'a Budget);

impl<'a> UrgentTaker<'a> {
    fn new(budget: &'a Budget) -> UrgentTaker<'a> {
        budget.urgent.fetch_add(1, Ordering::SeqCst);
        UrgentTaker(budget)
    }
}

impl Drop for UrgentTaker<'_> {
    fn drop(&mut self) {
        if self.0.urgent.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.urgent_done.notify_waiters();
        }
    }
}

/// Whether Discord counts a response with `status` towards its invalid-request ban.
pub fn counts_as_invalid(status: u16) -> bool {
    matches!(status, 401 | 403 | 429)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn urgent_requests_go_before_a_backlog() {
        let budget = std::sync::Arc::new(Budget::new(10, 100));
        // Spend the burst, then queue a backlog of 20 ordinary requests.
        for _ in 0..2 {
            budget.take(false).await;
        }
        let order = std::sync::Arc::new(Mutex::new(Vec::new()));
        let mut tasks = tokio::task::JoinSet::new();
        for i in 0..20 {
            let (b, o) = (budget.clone(), order.clone());
            tasks.spawn(async move {
                b.take(false).await;
                o.lock().await.push(i);
            });
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
        let (b, o) = (budget.clone(), order.clone());
        tasks.spawn(async move {
            b.take(true).await;
            o.lock().await.push(100);
        });
        // The backlog waits on the urgent one and must be woken once it is served (a
        // paused clock: the timeout only says "never").
        let drained = tokio::time::timeout(Duration::from_secs(60), async {
            while tasks.join_next().await.is_some() {}
        })
        .await;
        assert!(drained.is_ok(), "the backlog was never woken");
        let order = order.lock().await;
        let urgent_at = order.iter().position(|&i| i == 100).expect("urgent served");
        // About 2 of the backlog went in the first 250 ms; the urgent one is next or so.
        assert!(urgent_at <= 4, "{order:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn a_backlog_is_not_held_back_by_an_abandoned_urgent_request() {
        let budget = std::sync::Arc::new(Budget::new(10, 100));
        for _ in 0..2 {
            budget.take(false).await;
        }
        // An urgent request waits for a token, an ordinary one waits behind it; then the
        // urgent one is abandoned (its task stopped, as at a shutdown).
        let urgent = {
            let b = budget.clone();
            tokio::spawn(async move { b.take(true).await })
        };
        tokio::task::yield_now().await;
        assert_eq!(budget.urgent.load(Ordering::SeqCst), 1);
        let ordinary = {
            let b = budget.clone();
            tokio::spawn(async move { b.take(false).await })
        };
        tokio::task::yield_now().await;
        urgent.abort();
        let _ = urgent.await;
        // The ordinary one wakes and is served (a paused clock: the timeout only says
        // "never").
        let served = tokio::time::timeout(Duration::from_secs(60), ordinary).await;
        assert!(
            matches!(served, Ok(Ok(()))),
            "the ordinary request waited on an abandoned urgent one"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn the_budget_keeps_its_rate_after_the_burst() {
        let budget = Budget::new(40, 100);
        let start = Instant::now();
        for _ in 0..(8 + 40) {
            budget.take(false).await;
        }
        // The first 8 at once, then 40 more at 40 a second.
        let took = start.elapsed();
        assert!(took >= Duration::from_millis(990), "{took:?}");
        assert!(took <= Duration::from_millis(1_100), "{took:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn too_many_invalid_requests_stop_sending_until_the_window_clears() {
        let budget = Budget::new(1_000, 3);
        for _ in 0..3 {
            budget.invalid();
        }
        let start = Instant::now();
        budget.take(true).await;
        let waited = start.elapsed();
        assert!(waited >= INVALID_WINDOW, "{waited:?}");
        assert!(
            waited <= INVALID_WINDOW + Duration::from_secs(1),
            "{waited:?}"
        );
    }
}
