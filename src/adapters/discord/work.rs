//! The core's side of an interaction: its room (workers and a bounded queue), and its
//! answer as the adapter sees it, ready in time for a direct response or still on its
//! way when the deferral is due. What a player hears when there was no room is here too,
//! one reply for the handler's queue and the endpoint's overflow alike.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::task::JoinHandle;

use crate::app::i18n::{Lang, t};
use crate::app::{Reply, apology};

/// Commands run by the core at once (each on a blocking thread). The others wait without
/// a thread, and are deferred when their time comes.
pub const CORE_WORKERS: usize = 8;
/// Commands that may wait for the core at once; one more is answered at once that the bot
/// is busy, and not run. A bound on the memory and tasks a flood can hold, not on a
/// burst: at the core's usual millisecond or so a command, a thousand waiting start
/// within Discord's 3 seconds, and one that does not is deferred, then given up after
/// [`QUEUED_AT_MOST`].
pub const CORE_QUEUE: usize = 1024;
/// How long after Discord created it a deferred command may still wait for the core: past
/// this it is not run, and its deferral says the bot is busy. A player has long since
/// tried again or given up; running it later would move their board behind their back.
pub const QUEUED_AT_MOST: Duration = Duration::from_secs(20);

/// Commands waiting for a turn of the core: at most [`CORE_QUEUE`] (more are told the
/// bot is busy), each for at most [`QUEUED_AT_MOST`] after Discord created it.
pub(super) struct Queue {
    waiting: Arc<AtomicUsize>,
    capacity: usize,
    pub(super) at_most: Duration,
}

impl Queue {
    pub(super) fn new(capacity: usize, at_most: Duration) -> Queue {
        Queue {
            waiting: Default::default(),
            capacity,
            at_most,
        }
    }

    /// A place in the queue, or `None` when it is full. Given back when dropped.
    pub(super) fn enter(&self) -> Option<InQueue> {
        let mut now = self.waiting.load(Ordering::Relaxed);
        loop {
            if now >= self.capacity {
                return None;
            }
            match self.waiting.compare_exchange_weak(
                now,
                now + 1,
                Ordering::AcqRel,
                Ordering::Relaxed,
            ) {
                Ok(_) => return Some(InQueue(self.waiting.clone())),
                Err(seen) => now = seen,
            }
        }
    }
}

/// A command's place in the [`Queue`].
pub(super) struct InQueue(Arc<AtomicUsize>);

impl Drop for InQueue {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// What a player hears when the bot had no room for their command: nothing was done.
/// The handler's full queue and the endpoint's overflow say the same.
pub(super) fn busy(lang: Lang) -> Reply {
    Reply::private(t!(lang, "fault-busy"))
}

/// The core's answer: in time for a direct response, or still being worked on.
pub(super) enum CoreAnswer {
    Ready(Reply),
    Late(Called, Pending),
}

/// A command on its way: its name for the logs, and the player's Discord language for
/// what the adapter itself says about it (a late notice, an apology).
#[derive(Clone, Copy, Debug)]
pub(super) struct Called {
    pub name: &'static str,
    pub lang: Lang,
}

/// A command not answered in time for a direct response.
pub(super) enum Pending {
    /// The core is running it: it will commit whatever happens to the deferral.
    Running(JoinHandle<Reply>),
    /// Not started yet (it waited for its turn): it runs only if the deferral went
    /// through, so a command whose answer cannot be delivered is never committed.
    Queued(Pin<Box<dyn Future<Output = Reply> + Send>>),
}

impl Pending {
    /// The reply, once the deferral was tried (`deferred`: it went through); `None` for
    /// a queued command whose deferral failed: it was not run.
    pub(super) async fn finish(self, called: Called, deferred: bool) -> Option<Reply> {
        match self {
            Pending::Running(work) => Some(joined(called, work.await)),
            Pending::Queued(work) if deferred => Some(work.await),
            Pending::Queued(_) => {
                tracing::warn!(
                    command = called.name,
                    "not run: its deferral failed, so its answer could not be delivered"
                );
                None
            }
        }
    }
}

/// The reply of a finished core call; a panic becomes an apology.
pub(super) fn joined(called: Called, done: Result<Reply, tokio::task::JoinError>) -> Reply {
    done.unwrap_or_else(|error| {
        tracing::error!(command = called.name, %error, "command panicked");
        Reply::private(apology(called.lang))
    })
}
