//! One process at a time sends the bot's own messages. Several `sudoku-bot run` processes
//! may serve one database (replicas behind the interactions endpoint): any of them
//! answers any interaction, but the daily scheduler and the sender of race messages run
//! in one of them only, the holder of a lease in the store. The holder renews it every
//! third of its time to live; a holder that stops gives it up once its sending is done
//! (another replica takes over within [`renew_every`]), one that dies loses it when it
//! runs out. The lease is timed by the database's clock, never a replica's, and carries
//! a fencing token that every claim of work checks in its transaction; every request of
//! the bot's own starts and ends within the last renewal's reach ([`Held`]), so two
//! replicas never send at once, whatever their clocks.
//!
//! Why a lease and not the posts' own claims alone: daily posts are claimed one by one
//! and would survive two schedulers, but two senders of race messages would edit every
//! scoreboard twice and split each channel's pace between them.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;
use tokio::time::Instant;

use crate::app::{App, Fence};

/// The lease's name in the store.
pub const OUTBOUND: &str = "outbound";

/// How long a lease lasts unless renewed: how long the bot's own messages stop when their
/// sender dies without a word.
pub const LEASE_TTL: Duration = Duration::from_secs(15);

/// How often the lease is renewed (or, by the others, asked for).
pub fn renew_every(ttl: Duration) -> Duration {
    ttl / 3
}

/// A name for this process as a holder: unique per start (the process id and a random
/// part), so a restarted process does not take its predecessor's lease for its own.
pub fn holder_name() -> String {
    format!("pid {} #{:08x}", std::process::id(), rand::random::<u32>())
}

/// The sending lease as this process holds it: its fencing token and when the renewal
/// that confirmed it was sent, by this process's monotonic clock.
///
/// Why a holder may send until [`Held::may_send_until`] and no later, whatever the wall
/// clocks say: the store times the lease by the database's clock, from a statement that
/// ran after `renewed` (it was sent then), so the lease lasts until at least `renewed +
/// ttl` in real time, and no other process can take it before. This process stops
/// starting requests at `renewed + 2/3 ttl` (renewals start a third of the TTL after the
/// previous one answered, so a holder whose renewals answer within a third never gets
/// there) and cuts off a request still under way at `renewed + 5/6 ttl` of the last
/// renewal ([`Held::cut_off`], [`Holder::run_under`]): what it sent
/// reaches Discord, at worst, a sixth of the TTL (2.5 s of 15) before another holder can
/// even exist. The only clocks compared are this process's monotonic one (over one TTL)
/// and the database's: a replica's wall clock, fast or slow, plays no part. What would
/// break it: the database's clock stepped forward by more than that margin (an NTP
/// step on the database's host), or a process paused (stopped, swapped out) between
/// the check and its request reaching the socket for longer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held {
    /// The lease's fencing token when this process took it.
    pub token: i64,
    renewed: Instant,
    ttl: Duration,
}

impl Held {
    /// Until when a request of the bot's own may start.
    pub fn may_send_until(&self) -> Instant {
        self.renewed + self.ttl * 2 / 3
    }

    /// Whether a request may start now.
    pub fn may_send_now(&self) -> bool {
        Instant::now() < self.may_send_until()
    }

    /// When a request of the bot's own still under way is given up.
    pub fn cut_off(&self) -> Instant {
        self.renewed + self.ttl * 5 / 6
    }
}

/// Whether (and under which token) this process may send now: holding the lease, its
/// last renewal recent enough ([`Held`]). A look at a local value and the clock: cheap
/// enough for every request.
pub fn sending(leading: &watch::Receiver<Option<Held>>) -> Option<Held> {
    let held = (*leading.borrow())?;
    held.may_send_now().then_some(held)
}

/// Who sends under the lease: this process's name as its holder, and what it knows of
/// holding it ([`keep`]).
#[derive(Clone)]
pub(super) struct Holder {
    pub name: Arc<str>,
    pub leading: watch::Receiver<Option<Held>>,
}

impl Holder {
    /// The lease, if this process may send now ([`sending`]).
    pub(super) fn held(&self) -> Option<Held> {
        sending(&self.leading)
    }

    /// Runs `request` (one of the bot's own, started under `held`) until `deadline`,
    /// but never past the cut-off of the lease as this process last renewed it: a
    /// renewal while it runs (same token) moves the cut-off on, a lapse ends it there.
    pub(super) async fn run_under<T>(
        &self,
        mut held: Held,
        deadline: Instant,
        request: impl Future<Output = T>,
    ) -> Result<T, Cut> {
        tokio::pin!(request);
        loop {
            let until = deadline.min(held.cut_off());
            if let Ok(done) = tokio::time::timeout_at(until, &mut request).await {
                return Ok(done);
            }
            if until == deadline {
                return Err(Cut::Timeout);
            }
            match *self.leading.borrow() {
                Some(newer) if newer.token == held.token && newer.cut_off() > held.cut_off() => {
                    held = newer;
                }
                _ => return Err(Cut::LeaseLost),
            }
        }
    }

    pub(super) fn fence(&self, held: Held) -> Fence<'_> {
        Fence {
            lease: OUTBOUND,
            holder: &self.name,
            token: held.token,
        }
    }
}

/// Why [`Holder::run_under`] gave a request up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cut {
    /// Its own deadline passed.
    Timeout,
    /// The lease was not renewed in time: whether it reached Discord is unknown.
    LeaseLost,
}

/// Holds (or waits for) the lease until `stop`, saying on `leading` whether this process
/// holds it, and since which renewal ([`Held`]). It does not give the lease up: the
/// caller does, once the senders stopped. Each turn also rereads what other replicas may
/// have changed behind this process's copies ([`App::reload_untold_pauses`]).
pub(super) async fn keep(
    app: Arc<App>,
    holder: String,
    ttl: Duration,
    leading: watch::Sender<Option<Held>>,
    mut stop: watch::Receiver<bool>,
) {
    let ttl_ms = ttl.as_millis() as i64;
    loop {
        let (a, h) = (app.clone(), holder.clone());
        // Taken before the renewal is sent: the lease the store writes starts after it.
        let renewed = Instant::now();
        let renewal = tokio::task::spawn_blocking(move || {
            let held = a.hold_lease(OUTBOUND, &h, ttl_ms);
            // What another replica changed that this one keeps a copy of: daily pauses
            // its admins have not heard of.
            a.reload_untold_pauses();
            held
        });
        // A renewal stuck longer than a turn (the store blocked) may let the lease run
        // out and another process take it: stop sending until one goes through again.
        let held = match tokio::time::timeout(renew_every(ttl), renewal).await {
            Ok(Ok(Some(token))) => Some(Held {
                token,
                renewed,
                ttl,
            }),
            _ => None,
        };
        let was = leading.send_replace(held);
        match (was.map(|h| h.token), held.map(|h| h.token)) {
            (before, Some(token)) if before != Some(token) => {
                tracing::info!(holder = %holder, token, "this process sends the bot's own messages (daily posts, race messages)");
            }
            (Some(_), None) => {
                tracing::warn!(holder = %holder, "another process holds the sending lease (or it could not be renewed): this one stops sending");
            }
            _ => {}
        }
        tokio::select! {
            () = tokio::time::sleep(renew_every(ttl)) => {}
            _ = stop.wait_for(|stopping| *stopping) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TTL: Duration = Duration::from_secs(15);

    fn holder() -> (watch::Sender<Option<Held>>, Holder) {
        let (leading, leads) = watch::channel(None);
        let holder = Holder {
            name: "this process".into(),
            leading: leads,
        };
        (leading, holder)
    }

    fn held(token: i64) -> Held {
        Held {
            token,
            renewed: Instant::now(),
            ttl: TTL,
        }
    }

    /// A holder whose renewals stop reaching the database stops sending by its own
    /// monotonic clock, two thirds into the lease, whatever it was last told.
    #[tokio::test(start_paused = true)]
    async fn a_holder_whose_renewals_stop_stops_sending_before_the_lease_runs_out() {
        let (leading, holder) = holder();
        assert_eq!(holder.held(), None, "not before it holds the lease");
        leading.send_replace(Some(held(4)));
        assert_eq!(holder.held().map(|h| h.token), Some(4));
        tokio::time::advance(TTL * 2 / 3 - Duration::from_millis(1)).await;
        assert!(holder.held().is_some());
        tokio::time::advance(Duration::from_millis(1)).await;
        assert_eq!(holder.held(), None, "no renewal for 10 s: no new request");
    }

    /// A request under way is cut off at 5/6 of the lease after the last renewal it was
    /// sent under, before another process could hold the lease; a renewal meanwhile
    /// (the same token) lets it run to its own deadline.
    #[tokio::test(start_paused = true)]
    async fn a_request_under_way_is_cut_off_unless_the_lease_is_renewed() {
        let (leading, holder) = holder();
        let first = held(4);
        leading.send_replace(Some(first));
        let start = Instant::now();
        let hung = std::future::pending::<()>();
        let cut = holder
            .run_under(first, start + Duration::from_secs(60), hung)
            .await;
        assert_eq!(cut, Err(Cut::LeaseLost));
        assert_eq!(
            start.elapsed(),
            TTL * 5 / 6,
            "cut off before the lease ran out"
        );

        // Renewed every 5 s while the request runs: it reaches its own deadline.
        let start = Instant::now();
        leading.send_replace(Some(held(4)));
        let renewing = {
            let leading = leading.clone();
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(TTL / 3).await;
                    leading.send_replace(Some(held(4)));
                }
            })
        };
        let cut = holder
            .run_under(
                held(4),
                start + Duration::from_secs(40),
                std::future::pending::<()>(),
            )
            .await;
        assert_eq!(cut, Err(Cut::Timeout));
        assert_eq!(start.elapsed(), Duration::from_secs(40));
        renewing.abort();

        // Taken by another process meanwhile (a new token here): cut off at once when
        // the old renewal's cut-off comes.
        let start = Instant::now();
        let old = held(4);
        leading.send_replace(Some(old));
        let cut = holder.run_under(old, start + Duration::from_secs(60), async {
            leading.send_replace(Some(held(5)));
            std::future::pending::<()>().await
        });
        assert_eq!(cut.await, Err(Cut::LeaseLost));
        assert_eq!(start.elapsed(), TTL * 5 / 6);
    }
}
