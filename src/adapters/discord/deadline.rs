//! Discord's clock for one interaction: when it was created (its id says), how old it is,
//! and the deadlines that follow from that age: when the core's answer is deferred, when
//! it is too old to run, when its token stops taking edits. A room of its own because the
//! handler, the answer, the endpoint and the metrics all read an interaction's age, and
//! none of them should have to import another for it.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serenity::all::InteractionId;

/// How long the core may take before an interaction is deferred. Discord counts its 3
/// seconds from sending the interaction; the gateway hop and the callback's own round
/// trip come out of them, so this stays well below.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// An interaction Discord created this long ago is not run at all: its first answer
/// could no longer arrive within Discord's 3 seconds (the margin is the callback's own
/// round trip), and a command committed but never answered is one the player repeats.
pub const TOO_OLD: Duration = Duration::from_millis(2_800);
/// How long Discord honours an interaction's token for edits and follow-ups (15 minutes),
/// less a margin for the clocks and the request itself: an edit later than this would
/// only be refused (401), and count toward Discord's ban of invalid requests.
pub const TOKEN_LIFE: Duration = Duration::from_secs(14 * 60);

/// How long ago Discord created the interaction `id` (its snowflake holds the ms since
/// Discord's epoch). Zero when the clocks disagree the other way.
pub(super) fn age_of(id: InteractionId) -> Duration {
    let (created, now) = created_and_now(id);
    Duration::from_millis(now.saturating_sub(created))
}

/// How far in this machine's future Discord says it created `id` (zero when it is in the
/// past): a replay dated ahead, or this machine's clock running behind.
pub(super) fn ahead_of(id: InteractionId) -> Duration {
    let (created, now) = created_and_now(id);
    Duration::from_millis(created.saturating_sub(now))
}

/// When an HTTP interaction is taken to have been created, on this machine's monotonic
/// clock: its request `arrived` less its age then. That age is the id's by this machine's
/// clock, but no more than Discord's own clocks bear out: the delay between creating it
/// and signing the request (`signed_at`, Unix seconds; one second more for the
/// timestamp's rounding). A host whose clock ran 2.8 s fast made every interaction look
/// too old to run (issue 49); one running behind makes ids look young, and the time since
/// arrival, always true, still counts.
pub(super) fn born(
    id: InteractionId,
    arrived: tokio::time::Instant,
    signed_at: Option<u64>,
) -> tokio::time::Instant {
    let by_clock = age_of(id).saturating_sub(arrived.elapsed());
    let by_discord = match signed_at {
        Some(signed) => Duration::from_millis(
            signed
                .saturating_mul(1000)
                .saturating_sub(created_ms(id))
                .saturating_add(1000),
        ),
        None => Duration::from_secs(1),
    };
    let age = by_clock.min(by_discord);
    arrived.checked_sub(age).unwrap_or(arrived)
}

/// When Discord created `id`, in ms since the Unix epoch (its snowflake holds the ms
/// since Discord's epoch).
pub(super) fn created_ms(id: InteractionId) -> u64 {
    const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
    (id.get() >> 22) + DISCORD_EPOCH_MS
}

/// When Discord created `id`, and now, in ms since the Unix epoch (Discord's time, so the
/// wall clock, not the app's injected one).
fn created_and_now(id: InteractionId) -> (u64, u64) {
    let created = created_ms(id);
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    (created, now)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An id Discord created `ago` ms before this machine's clock says now.
    fn created_before(ago: u64) -> (InteractionId, u64) {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        let created = now - ago;
        let id = InteractionId::new(((created - 1_420_070_400_000) << 22) | 1);
        (id, created)
    }

    #[test]
    fn an_interactions_age_is_believed_as_far_as_discords_clocks_bear_it_out() {
        let arrived = tokio::time::Instant::now();
        // This host's clock runs 2.8 s fast: the id looks 2.8 s old, but Discord signed
        // the request the second it created it. Taken as at most a second old.
        let (id, created) = created_before(2_800);
        let age = arrived - born(id, arrived, Some(created / 1000));
        assert!(age <= Duration::from_millis(1_000), "{age:?}");
        // Discord itself sent it 3.5 s after creating it: that age stands (too old).
        let (id, _) = created_before(3_500);
        let now_s = (created + 2_800) / 1000;
        let age = arrived - born(id, arrived, Some(now_s));
        assert!(age >= Duration::from_millis(3_000), "{age:?}");
        // A clock running behind (an id "from the future"): no age at arrival.
        let id = InteractionId::new(((created + 10_000 - 1_420_070_400_000) << 22) | 1);
        assert_eq!(born(id, arrived, Some(now_s)), arrived);
    }
}
