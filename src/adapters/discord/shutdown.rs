//! Shutdown without losing a reply: the interactions being handled are counted, so
//! the bot's `run` can refuse new ones and wait for those in flight.

use std::sync::Arc;

use tokio::sync::Notify;

/// Counts the interactions being handled, so a shutdown can wait for them.
#[derive(Default)]
pub(super) struct InFlight {
    /// (closing, number in flight)
    state: std::sync::Mutex<(bool, usize)>,
    idle: Notify,
}

/// One interaction in flight; dropping it marks it done.
pub(super) struct InFlightGuard(Arc<InFlight>);

impl InFlight {
    fn lock(&self) -> std::sync::MutexGuard<'_, (bool, usize)> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Counts one more interaction; the flag says whether shutdown has begun.
    pub(super) fn enter(self: &Arc<Self>) -> (InFlightGuard, bool) {
        let mut state = self.lock();
        state.1 += 1;
        (InFlightGuard(self.clone()), state.0)
    }

    pub(super) fn close(&self) {
        self.lock().0 = true;
    }

    pub(super) fn count(&self) -> usize {
        self.lock().1
    }

    pub(super) async fn drained(&self) {
        loop {
            let idle = self.idle.notified();
            tokio::pin!(idle);
            idle.as_mut().enable();
            if self.count() == 0 {
                return;
            }
            idle.await;
        }
    }
}

impl Drop for InFlightGuard {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.1 -= 1;
        if state.1 == 0 {
            self.0.idle.notify_waiters();
        }
    }
}
