//! One process at a time sends the bot's own messages. Several `sudoku-bot run` processes
//! may serve one database (replicas behind the interactions endpoint): any of them
//! answers any interaction, but the daily scheduler and the sender of race messages run
//! in one of them only, the holder of a lease in the store. The holder renews it every
//! third of its time to live; a holder that stops gives it up once its sending is done
//! (another replica takes over within [`renew_every`]), one that dies loses it when it
//! runs out.
//!
//! Why a lease and not the posts' own claims alone: daily posts are claimed one by one
//! and would survive two schedulers, but two senders of race messages would edit every
//! scoreboard twice and split each channel's pace between them.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use crate::app::App;

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

/// Holds (or waits for) the lease until `stop`, saying on `leading` whether this process
/// holds it. It does not give the lease up: the caller does, once the senders stopped.
/// Each turn also rereads what other replicas may have changed behind this process's
/// copies ([`App::reload_untold_pauses`]).
pub(super) async fn keep(
    app: Arc<App>,
    holder: String,
    ttl: Duration,
    leading: watch::Sender<bool>,
    mut stop: watch::Receiver<bool>,
) {
    let ttl_ms = ttl.as_millis() as i64;
    loop {
        let (a, h) = (app.clone(), holder.clone());
        let renewal = tokio::task::spawn_blocking(move || {
            let held = a.hold_lease(OUTBOUND, &h, ttl_ms);
            // What another replica changed that this one keeps a copy of: daily pauses
            // its admins have not heard of.
            a.reload_untold_pauses();
            held
        });
        // A renewal stuck longer than a turn (the store blocked) may let the lease run
        // out and another process take it: stop sending until one goes through again.
        let held = matches!(
            tokio::time::timeout(renew_every(ttl), renewal).await,
            Ok(Ok(true))
        );
        let changed = leading.send_if_modified(|leads| std::mem::replace(leads, held) != held);
        if changed {
            if held {
                tracing::info!(holder = %holder, "this process sends the bot's own messages (daily posts, race messages)");
            } else {
                tracing::warn!(holder = %holder, "another process holds the sending lease: this one stops sending");
            }
        }
        tokio::select! {
            () = tokio::time::sleep(renew_every(ttl)) => {}
            _ = stop.wait_for(|stopping| *stopping) => return,
        }
    }
}
