//! Group commit: commands that arrive together share one durable commit.
//!
//! Every command is acknowledged only after its changes are durable, and a durable commit
//! costs an fsync (about a millisecond on a good disk, far more on a busy one). One fsync per
//! command capped the bot at one command per fsync: the load test saturated at 1,600
//! commands per second there. So commands run one at a time, as before, but each in a
//! savepoint of a transaction that stays open while more commands are on their way. The
//! command that holds the store when the group is due commits it for all, without
//! letting go of the store in between: a group is due when no other command is arriving
//! (so a command alone, the usual case below saturation, commits at once) or when it has
//! been open for [`GROUP_WINDOW`] (so under a steady stream a member waits at most that
//! long, plus the commit). Each member answers only when its group's commit succeeded.
//!
//! A failed commit fails every member, each told the truth (nothing was saved); a command
//! whose own work fails is undone alone, by its savepoint. Reads that run while a group is
//! open see its changes, so they wait for its commit too.

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::store::{Checkout, Pool, Store, StoreError, Tx};

/// The longest the first command of a group waits for others to join it before it
/// commits. A bound on the latency grouping can add; under load the group forms within
/// the time the previous commit's fsync took.
pub const GROUP_WINDOW: Duration = Duration::from_millis(4);

/// What the members of groups share: who is on the way, and which commits are over.
#[derive(Default)]
pub(crate) struct Commits {
    state: Mutex<CommitState>,
    changed: Condvar,
    /// The longest time anyone held the store since the last [`Commits::take_longest_hold`],
    /// in nanoseconds: what every other command may have waited behind.
    longest_hold: AtomicU64,
    /// How long each access waited for the store (for `/metrics`).
    pub(crate) waits: StoreWaits,
}

/// The upper bounds of [`StoreWaits`]' buckets, in microseconds (the last bucket, past
/// them, is unbounded).
pub const STORE_WAIT_BOUNDS_US: [u64; 12] = [
    10, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 50_000, 250_000, 1_000_000,
];

/// A histogram of how long accesses waited for the store: counts per bucket, their sum
/// and number, kept in atomics (each access adds to it; a scrape reads it).
#[derive(Default)]
pub struct StoreWaits {
    buckets: [AtomicU64; STORE_WAIT_BOUNDS_US.len() + 1],
    sum_ns: AtomicU64,
    count: AtomicU64,
}

/// A reading of [`StoreWaits`].
#[derive(Clone, Debug, PartialEq)]
pub struct StoreWaitSnapshot {
    /// (upper bound in seconds, accesses in that bucket and not in an earlier one); the
    /// last bound is `f64::MAX` (no bound).
    pub buckets: Vec<(f64, u64)>,
    pub sum_seconds: f64,
    pub count: u64,
}

impl StoreWaits {
    fn record(&self, waited: Duration) {
        let us = waited.as_micros() as u64;
        let bucket = STORE_WAIT_BOUNDS_US
            .iter()
            .position(|&bound| us <= bound)
            .unwrap_or(STORE_WAIT_BOUNDS_US.len());
        self.buckets[bucket].fetch_add(1, Ordering::Relaxed);
        self.sum_ns
            .fetch_add(waited.as_nanos() as u64, Ordering::Relaxed);
        self.count.fetch_add(1, Ordering::Relaxed);
    }

    pub fn snapshot(&self) -> StoreWaitSnapshot {
        let bounds = STORE_WAIT_BOUNDS_US
            .iter()
            .map(|&us| us as f64 / 1e6)
            .chain(std::iter::once(f64::MAX));
        StoreWaitSnapshot {
            buckets: bounds
                .zip(&self.buckets)
                .map(|(bound, n)| (bound, n.load(Ordering::Relaxed)))
                .collect(),
            sum_seconds: self.sum_ns.load(Ordering::Relaxed) as f64 / 1e9,
            count: self.count.load(Ordering::Relaxed),
        }
    }
}

#[derive(Default)]
struct CommitState {
    /// Commands waiting for the store or running in it: a group is not committed early
    /// while one of them may still join it.
    arriving: usize,
    /// The highest group whose commit is over (succeeded or failed): groups commit in
    /// order, since the next opens only after the last one closed.
    settled: u64,
    /// Recent groups whose commit failed, with why (kept few: members read it at once).
    failed: Vec<(u64, String, bool)>,
}

impl Commits {
    fn lock(&self) -> MutexGuard<'_, CommitState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Commits `group` on `store` (held by the caller) and tells its members.
    fn commit(&self, store: &mut Store, group: u64) -> Result<(), StoreError> {
        let outcome = store.commit_group(group);
        // Recorded while the store is still held, so that outcomes are recorded in the
        // order of the groups.
        let mut state = self.lock();
        state.settled = group;
        if let Err(error) = &outcome {
            if state.failed.len() >= 16 {
                state.failed.remove(0);
            }
            state
                .failed
                .push((group, error.to_string(), error.is_transient()));
        }
        self.changed.notify_all();
        outcome
    }

    /// The longest hold of the store since the last call (see `bench dailies`).
    pub(crate) fn take_longest_hold(&self) -> Duration {
        Duration::from_nanos(self.longest_hold.swap(0, Ordering::Relaxed))
    }

    /// How `group`'s commit went, once it is over.
    fn outcome(state: &CommitState, group: u64) -> Option<Result<(), StoreError>> {
        (state.settled >= group).then(|| match state.failed.iter().find(|(g, ..)| *g == group) {
            None => Ok(()),
            Some((_, message, transient)) => Err(StoreError::GroupCommit {
                message: message.clone(),
                transient: *transient,
            }),
        })
    }
}

/// The store as commands use it: `app.store().write(|tx| …)`.
pub(crate) struct Shared<'a> {
    pub(crate) store: &'a Pool,
    pub(crate) commits: &'a Commits,
}

/// Counts a command as arriving until dropped (also when its work panics).
struct Arriving<'a>(&'a Commits);

impl Drop for Arriving<'_> {
    fn drop(&mut self) {
        self.0.lock().arriving -= 1;
    }
}

impl Shared<'_> {
    /// Runs `work` as a write; returns once its changes are durable (or failed).
    pub(crate) fn write<T, E>(&self, work: impl FnMut(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.run(false, work)
    }

    /// Runs `work` as a read (see [`Store::read`]).
    pub(crate) fn read<T, E>(&self, work: impl FnMut(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.run(true, work)
    }

    /// Runs `work` as a read that does not wait for the open group's commit: for what
    /// only shapes how an answer looks (a player's board style), where seeing a change
    /// that a failed commit then takes back would harm nothing. Never for what a reply
    /// states as saved.
    pub(crate) fn glance<T, E>(&self, work: impl FnMut(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let (_arriving, mut store) = self.arrive()?;
        store.grouped(true, work).0
    }

    /// Counts this command as arriving, then takes the store. The count drops after the
    /// store's guard (declare them in this order: the guard is dropped first), so that a
    /// count of one, seen while holding the store, means nobody else is on the way.
    fn arrive(&self) -> Result<(Arriving<'_>, Held<'_>), StoreError> {
        self.commits.lock().arriving += 1;
        let arriving = Arriving(self.commits);
        let store = self.lock_store()?;
        Ok((arriving, store))
    }

    fn run<T, E>(&self, read: bool, work: impl FnMut(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let (arriving, mut store) = self.arrive()?;
        let (result, group) = store.grouped(read, work);
        let Some(group) = group else {
            return result;
        };
        // Due: nobody else on the way (this command is the one arriving), or open long
        // enough. Committed here, still holding the store, so that no later command gets
        // in between and the commit never queues behind a crowd.
        let alone = self.commits.lock().arriving <= 1;
        let due = alone
            || store
                .open_group()
                .is_some_and(|(_, age)| age >= GROUP_WINDOW);
        let settled = if due {
            self.commits.commit(&mut store, group)
        } else {
            drop(store);
            drop(arriving);
            self.wait_for(group)
        };
        match settled {
            Ok(()) => result,
            Err(error) => Err(error.into()),
        }
    }

    /// The store (SQLite's, once the command before has let go of it), or a free
    /// pooled PostgreSQL connection, or "busy" when none is free in time.
    fn lock_store(&self) -> Result<Held<'_>, StoreError> {
        let asked = Instant::now();
        let guard = self.store.checkout();
        let since = Instant::now();
        self.commits.waits.record(since - asked);
        Ok(Held {
            guard: guard?,
            since,
            longest: &self.commits.longest_hold,
        })
    }

    /// Waits for `group`'s commit by the command that holds the store when it is due; if
    /// none comes by within the window (those arriving took long, or left), commits it.
    fn wait_for(&self, group: u64) -> Result<(), StoreError> {
        let deadline = Instant::now() + GROUP_WINDOW;
        let mut state = self.commits.lock();
        loop {
            if let Some(outcome) = Commits::outcome(&state, group) {
                return outcome;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                drop(state);
                let mut store = self.lock_store()?;
                if store.open_group().is_some_and(|(open, _)| open == group) {
                    return self.commits.commit(&mut store, group);
                }
                drop(store);
                state = self.commits.lock();
                // Committed meanwhile by someone else: its outcome is recorded.
                continue;
            }
            state = self
                .commits
                .changed
                .wait_timeout(state, left)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }
}

/// The store, held: counts how long it was held when let go.
struct Held<'a> {
    guard: Checkout<'a>,
    since: Instant,
    longest: &'a AtomicU64,
}

impl Deref for Held<'_> {
    type Target = Store;

    fn deref(&self) -> &Store {
        &self.guard
    }
}

impl DerefMut for Held<'_> {
    fn deref_mut(&mut self) -> &mut Store {
        &mut self.guard
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        let held = u64::try_from(self.since.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.longest.fetch_max(held, Ordering::Relaxed);
    }
}
