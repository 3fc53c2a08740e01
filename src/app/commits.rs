//! Group commit: commands that arrive together share one durable commit.
//!
//! Every command is acknowledged only after its changes are durable, and a durable commit
//! costs an fsync (about a millisecond on a good disk, far more on a busy one). One fsync per
//! command caps the bot at one command per fsync: the load test saturated at 1,600
//! commands per second there. So commands run one at a time, as before, but each in a
//! savepoint of a transaction that stays open while more commands are arriving; the first
//! command of the group commits it for all as soon as no other is on its way (or after
//! [`GROUP_WINDOW`]), and each member answers only when that commit succeeded. A command
//! alone (the usual case below saturation) commits at once: nothing waits for company.
//!
//! A failed commit fails every member, each told the truth (nothing was saved); a command
//! whose own work fails is undone alone, by its savepoint. Reads that run while a group is
//! open see its changes, so they wait for its commit too.

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crate::store::{Store, StoreError, Tx};

/// The longest the first command of a group waits for others to join it before it
/// commits. A bound on the latency grouping can add; under load the group forms within
/// the time the previous commit's fsync took.
pub const GROUP_WINDOW: Duration = Duration::from_millis(4);

/// What the members of groups need to agree on who commits, and when it is done.
#[derive(Default)]
pub(crate) struct Commits {
    state: Mutex<CommitState>,
    changed: Condvar,
}

#[derive(Default)]
struct CommitState {
    /// Commands waiting for the store or running in it: a group is not committed while
    /// one of them may still join it (up to [`GROUP_WINDOW`]).
    arriving: usize,
    /// The highest group that has its committer.
    led: u64,
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
}

/// The store as commands use it: `app.store().write(|tx| …)`.
pub(crate) struct Shared<'a> {
    pub(crate) store: &'a Mutex<Store>,
    pub(crate) commits: &'a Commits,
}

/// Counts a command as arriving until dropped (also when its work panics).
struct Arriving<'a>(&'a Commits);

impl Drop for Arriving<'_> {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.arriving -= 1;
        if state.arriving == 0 {
            self.0.changed.notify_all();
        }
    }
}

impl Shared<'_> {
    /// Runs `work` as a write; returns once its changes are durable (or failed).
    pub(crate) fn write<T, E>(&self, work: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.run(false, work)
    }

    /// Runs `work` as a read (see [`Store::read`]).
    pub(crate) fn read<T, E>(&self, work: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.run(true, work)
    }

    /// Runs `work` as a read that does not wait for the open group's commit: for what
    /// only shapes how an answer looks (a player's board style), where seeing a change
    /// that a failed commit then takes back would harm nothing. Never for what a reply
    /// states as saved.
    pub(crate) fn glance<T, E>(&self, work: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.commits.lock().arriving += 1;
        let _arriving = Arriving(self.commits);
        let mut store = self.lock_store();
        store.grouped(true, work).0
    }

    fn run<T, E>(&self, read: bool, work: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let (result, group) = {
            self.commits.lock().arriving += 1;
            // Dropped after the store's guard below: when the count reaches zero, the
            // store is free for the committer.
            let _arriving = Arriving(self.commits);
            let mut store = self.lock_store();
            store.grouped(read, work)
        };
        let Some(group) = group else {
            return result;
        };
        match self.settle(group) {
            Ok(()) => result,
            Err(error) => Err(error.into()),
        }
    }

    fn lock_store(&self) -> MutexGuard<'_, Store> {
        // A panic while holding the lock undid its command's savepoint (see
        // `Store::grouped`), so the store behind a poisoned lock is still consistent.
        self.store.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits until `group` is committed; the first member to get here commits it.
    fn settle(&self, group: u64) -> Result<(), StoreError> {
        let mut state = self.commits.lock();
        if state.led < group {
            state.led = group;
            let deadline = Instant::now() + GROUP_WINDOW;
            while state.arriving > 0 {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    break;
                }
                state = self
                    .commits
                    .changed
                    .wait_timeout(state, left)
                    .unwrap_or_else(|p| p.into_inner())
                    .0;
            }
            drop(state);
            let mut store = self.lock_store();
            let outcome = store.commit_group(group);
            // Recorded while the store is still held, so that outcomes are recorded in
            // the order of the groups.
            let mut state = self.commits.lock();
            state.settled = group;
            if let Err(error) = &outcome {
                if state.failed.len() >= 16 {
                    state.failed.remove(0);
                }
                state
                    .failed
                    .push((group, error.to_string(), error.is_transient()));
            }
            drop(store);
            self.commits.changed.notify_all();
            return outcome;
        }
        while state.settled < group {
            state = self
                .commits
                .changed
                .wait(state)
                .unwrap_or_else(|p| p.into_inner());
        }
        match state.failed.iter().find(|(g, ..)| *g == group) {
            None => Ok(()),
            Some((_, message, transient)) => Err(StoreError::GroupCommit {
                message: message.clone(),
                transient: *transient,
            }),
        }
    }
}
