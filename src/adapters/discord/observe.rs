//! What the answer path and the budget tell whoever watches them: events, not calls into
//! a metrics registry. The handler, an interaction's answer (`answer`), the endpoint and
//! the budget of the bot's own requests (`outbound`) report here; `metrics` implements
//! the trait. So what counts never sits inside what is counted, and the
//! answer path does not depend on how it is measured.

use serenity::all::InteractionId;

/// The command label of an interaction answered before the core read it (a refusal, a
/// busy endpoint, a restart).
pub(super) const UNREAD: &str = "-";

/// What happens to interactions and to the bot's requests, as it happens. Every method
/// does nothing by default: an observer takes what it cares about.
pub(super) trait Observer: Send + Sync {
    /// Interaction `id` reached the bot; [`Observer::closed`] follows however its
    /// handling ends.
    fn opened(&self, _id: InteractionId) {}

    /// The core read interaction `id` as `command`.
    fn read_as(&self, _id: InteractionId, _command: &'static str) {}

    /// Interaction `id`'s first answer went out as `outcome` (`message`, `update`,
    /// `deferred`, ..., or `failed`: neither Discord nor the HTTP response took it).
    fn answered(&self, _id: InteractionId, _outcome: &'static str) {}

    /// Interaction `id` is done with.
    fn closed(&self, _id: InteractionId) {}

    /// An interaction read as `command` was too old to run: not answered at all.
    fn too_old(&self, _command: &'static str) {}

    /// An interaction read as `command` (or [`UNREAD`]) was not run for want of room, and
    /// its player told the bot is busy; `why`: `queue_full`, `waited_too_long`,
    /// `endpoint_full`.
    fn busy(&self, _command: &'static str, _why: &'static str) {}

    /// Discord answered a request to `path` with `status`.
    fn refused(&self, _path: &str, _status: u16) {}

    /// serenity's rate limiter waited before a request to `path`.
    fn rate_limited(&self, _path: &str, _global: bool) {}

    /// A request Discord counts towards its ban was met.
    fn invalid(&self) {}

    /// The bot's own messages pause at `limit` invalid requests in 10 minutes.
    fn invalid_limit(&self, _limit: usize) {}
}
