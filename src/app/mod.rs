//! The command core: an [`Invocation`] in, a [`Reply`] out. Knows nothing of Discord.
//!
//! Every adapter (Discord, the terminal, tests) builds an `Invocation` and shows the
//! `Reply`. Time comes from the injected [`Clock`] and puzzles from a seeded RNG, so every
//! command is reproducible in a test. Errors are handled here, once: a player's mistake
//! becomes a private, specific message; our own failure is logged and answered with an
//! apology, and in both cases the transaction is rolled back so nothing changes.

pub mod command;
mod commands;
pub mod commits;
pub mod components;
mod follow;
pub mod hints;
pub mod i18n;
pub mod image;
pub mod render;
pub mod reply;
mod scheduled;
pub mod web;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::engine::rng::SeededRng;
use crate::game::Millis;
use crate::game::daily::PostDue;
use crate::store::{Store, StoreError};

pub use command::{Command, Period, Target};
pub use commands::race::RaceMessage;
pub use components::{Button, ButtonStyle};
pub use render::BoardStyle;
pub use reply::Reply;
pub(crate) use scheduled::daily_paused_note;
pub use scheduled::{
    DailyPost, DuePost, Fence, POST_CLAIM_LEASE_MS, PostOutcome, PostTrouble, Settled,
};

/// Where time comes from.
pub trait Clock: Send + Sync {
    /// Milliseconds since the Unix epoch.
    fn now(&self) -> Millis;
}

/// The real clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        let since = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        since.as_millis() as Millis
    }
}

/// A clock that only moves when told: for tests and scripted terminal sessions.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn new(now: Millis) -> ManualClock {
        ManualClock(AtomicI64::new(now))
    }

    pub fn set(&self, now: Millis) {
        self.0.store(now, Ordering::SeqCst);
    }

    pub fn advance(&self, ms: Millis) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}

/// Who is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Stable platform id: a Discord user id, or a terminal user name.
    pub id: String,
    /// How to show them to others.
    pub name: String,
}

/// Where a command is used: a game belongs to one player in one place; a co-op board
/// belongs to a channel of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    key: String,
    /// The channel, when the adapter has one (Discord). Without it the place itself is
    /// the channel, as in the terminal.
    channel: Option<String>,
}

impl Place {
    /// Direct messages (and servers where only the user installed the app).
    pub fn dm() -> Place {
        Place::named("dm")
    }

    pub fn guild(id: u64) -> Place {
        Place::named(&format!("guild:{id}"))
    }

    /// A free-form place, for the terminal.
    pub fn named(name: &str) -> Place {
        Place {
            key: name.to_string(),
            channel: None,
        }
    }

    /// The same place, in channel `id`.
    pub fn in_channel(mut self, id: impl Into<String>) -> Place {
        self.channel = Some(id.into());
        self
    }

    pub fn key(&self) -> &str {
        &self.key
    }

    /// The adapter's channel id, when it has one.
    pub fn channel(&self) -> Option<&str> {
        self.channel.as_deref()
    }

    /// The channel as a key of its own: what a co-op board belongs to.
    pub fn room(&self) -> String {
        match &self.channel {
            Some(channel) => format!("{}#{channel}", self.key),
            None => self.key.clone(),
        }
    }
}

/// One command from one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub player: Player,
    pub place: Place,
    pub command: Command,
    pub style: BoardStyle,
    /// May manage this server (Discord: the Manage Server permission). Checked again by
    /// the core for every admin command.
    pub is_admin: bool,
    /// The player's language (Discord: the interaction's locale). The core replaces it
    /// with the one they chose in their settings, if any; as given, it is also the
    /// language of the command names the player sees (Discord's picker follows the
    /// client, not our settings).
    pub lang: i18n::Lang,
    /// The server's language, where the bot speaks it (Discord: the interaction's
    /// `guild_locale`): what its channel posts default to.
    pub server_lang: Option<i18n::Lang>,
}

/// Generation settings the operator may tune.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Empty cells of `/sudoku new` without options.
    pub default_empty: usize,
    /// Solver calls a generation may spend (see `engine::generator::Request`).
    pub generation_budget: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            default_empty: 45,
            generation_budget: crate::engine::generator::Request::DEFAULT_BUDGET,
        }
    }
}

/// The bot minus its adapters. `&self` methods: share it with `Arc` across threads;
/// the store is behind a mutex, held only for one short transaction.
pub struct App {
    /// The store's connections: SQLite's one, or a pool of PostgreSQL connections
    /// ([`App::with_connections`]) that commands take whichever is free of.
    store: crate::store::Pool,
    commits: commits::Commits,
    clock: Arc<dyn Clock>,
    rng: Mutex<SeededRng>,
    settings: Settings,
    /// Servers whose daily post could not be built, and when to try again: a failing
    /// build must not be retried in a tight loop.
    post_retry_at: Mutex<HashMap<String, Millis>>,
    /// A read-only connection beside the store, for long reads that must not hold it
    /// (`None` for a database in memory: those go through the store).
    reader: Option<Mutex<Store>>,
    /// The store's "a damaged game was found" flag ([`Store::damage_seen`]).
    damage_seen: Arc<std::sync::atomic::AtomicBool>,
    /// Servers whose daily pause their admins have not heard of: a copy of the store's
    /// `pause_untold` flags (read at start, added to with each pause) so that an admin's
    /// command reads the store only when its server is here; the store has the last word.
    paused_untold: Mutex<HashSet<String>>,
    /// The web board's links ([`App::with_web`]), when it is set up.
    web: Option<web::Links>,
    /// Told the place of every command handled ([`App::on_change`]).
    change_listener: std::sync::OnceLock<web::ChangeListener>,
    /// Tells other processes on this PostgreSQL database of the boards a command may
    /// have changed (set up with the web board, [`App::with_web`]).
    teller: Option<follow::Teller>,
    /// The Activity is set up ([`App::with_activity`]): `/sudoku play` opens it, and
    /// boards, dailies and races get a Tap to play button.
    activity: bool,
}

/// How long a server's daily post waits after its puzzle could not be built.
pub const POST_RETRY_MS: Millis = 10 * 60 * 1000;

/// Servers one scheduler call reads at most (posts due, puzzles to make): each call's
/// reads and writes stay short however many servers are due at once.
pub const SCHEDULE_BATCH: usize = 256;

/// What a player hears when the bot failed them: our fault, nothing changed. Adapters
/// say it too when a command never came back (a panic), in `lang`.
pub fn apology(lang: i18n::Lang) -> String {
    i18n::t!(lang, "fault-apology")
}

/// Why a command did not complete. Either way the transaction rolls back.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The player's input or situation: answered privately, as is.
    User(Reply),
    /// Ours: logged, answered with an apology.
    Internal(StoreError),
}

impl Failure {
    /// What went wrong, in words, for a log line or an admin's note.
    pub(crate) fn reason(self) -> String {
        match self {
            Failure::User(reply) => reply.content,
            Failure::Internal(error) => error.to_string(),
        }
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        Failure::Internal(e)
    }
}

/// A private error reply.
pub(crate) fn user_error(message: impl Into<String>) -> Failure {
    Failure::User(Reply::private(message))
}

impl App {
    /// `seed` drives every puzzle this app generates: the same seed and commands give the
    /// same games.
    pub fn new(mut store: Store, clock: Arc<dyn Clock>, seed: u64) -> App {
        let reader = match store.open_reader() {
            Ok(reader) => reader.map(Mutex::new),
            Err(error) => {
                tracing::warn!(%error, "no read connection beside the store; long reads go through it");
                None
            }
        };
        // Pauses from before a restart whose admins have not heard yet.
        let untold = store
            .write(|tx| tx.untold_pauses())
            .unwrap_or_else(|error| {
                tracing::error!(%error, "reading the daily pauses admins have not heard of failed");
                Vec::new()
            });
        App {
            damage_seen: store.damage_seen(),
            paused_untold: Mutex::new(untold.into_iter().collect()),
            web: None,
            change_listener: std::sync::OnceLock::new(),
            teller: None,
            activity: false,
            reader,
            store: crate::store::Pool::one(store),
            commits: commits::Commits::default(),
            clock,
            rng: Mutex::new(SeededRng::new(seed)),
            settings: Settings::default(),
            post_retry_at: Mutex::new(HashMap::new()),
        }
    }

    pub fn with_settings(mut self, settings: Settings) -> App {
        self.settings = settings;
        self
    }

    pub fn now(&self) -> Millis {
        self.clock.now()
    }

    /// Answers one invocation. Never panics on input, never fails: every failure becomes a
    /// reply. The reply is built after the command's transaction committed.
    pub fn handle(&self, invocation: &Invocation) -> Reply {
        self.handle_styled(invocation, true).0
    }

    /// [`App::handle`], and whether the command did what was asked (false: refused, with
    /// nothing changed). `pictures: false` keeps the reply's board text whatever the
    /// player chose (the web board draws its own, and a PNG per tap would be wasted).
    pub(crate) fn handle_styled(&self, invocation: &Invocation, pictures: bool) -> (Reply, bool) {
        // The language of the command names the player sees: their Discord's (the player's
        // settings change the words, not Discord's command picker).
        let names = invocation.lang;
        let styled;
        let invocation = match self.player_style(invocation, pictures) {
            (false, None) => invocation,
            (picture, lang) => {
                styled = Invocation {
                    style: if picture {
                        BoardStyle::Image
                    } else {
                        invocation.style
                    },
                    lang: lang.unwrap_or(invocation.lang),
                    ..invocation.clone()
                };
                &styled
            }
        };
        let outcome = match &invocation.command {
            Command::Unreadable(why) => Ok(Reply::private(why.said(invocation.lang, names))),
            _ => commands::run(self, invocation),
        };
        let done = outcome.is_ok();
        let reply = match outcome {
            Ok(reply) => reply,
            Err(Failure::User(reply)) => reply,
            Err(Failure::Internal(error)) => {
                tracing::error!(
                    command = invocation.command.name(),
                    player = %invocation.player.id,
                    %error,
                    "command failed"
                );
                // A storage failing for good (read-only, damaged, full disk): retrying
                // will not help, and what was saved is safe.
                Reply::private(if error.is_transient() {
                    apology(invocation.lang)
                } else {
                    i18n::t!(invocation.lang, "fault-storage")
                })
            }
        };
        let reply = self.set_aside_damaged(invocation, reply);
        let reply = self.tell_admins(invocation, reply);
        // Only with a listener (a web board served) or replicas to tell: no allocation
        // per command otherwise.
        if self.change_listener.get().is_some() || self.teller.is_some() {
            let change = web::Change::Acted {
                player: &invocation.player.id,
                place: invocation.place.key(),
                room: invocation.place.room(),
                forgot: done && matches!(invocation.command, Command::ForgetMe { confirmed: true }),
                race: matches!(invocation.command, Command::Race(_)),
                coop: matches!(invocation.command, Command::Coop(_)),
            };
            if let Some(listener) = self.change_listener.get() {
                listener(&change);
            }
            if let Some(teller) = &self.teller
                && done
                && !invocation.command.leaves_boards_alone()
            {
                teller.tell(&change);
            }
        }
        // The web board is the Activity's page: its replies need no button to open it.
        let reply = if pictures {
            self.offer_play(reply)
        } else {
            reply
        };
        (reply.in_names(names).fit().drawn(), done)
    }

    /// Marks the games this command (or another just before it) found not to decode, in
    /// a write of its own: the command's transaction may have rolled back. The player
    /// whose game it was hears the truth rather than "no game in progress".
    fn set_aside_damaged(&self, invocation: &Invocation, reply: Reply) -> Reply {
        // Nearly always nothing: known without waiting for the store.
        if !self.damage_seen.load(std::sync::atomic::Ordering::Acquire) {
            return reply;
        }
        let damaged = self.store.take_damaged();
        if damaged.is_empty() {
            return reply;
        }
        let marked = self.store().write(|tx| {
            damaged
                .iter()
                .try_for_each(|d| tx.set_damaged(d.id, &d.reason))
        });
        // Each was logged when found.
        if let Err(error) = &marked {
            tracing::error!(%error, count = damaged.len(), "setting damaged games aside failed")
        }
        let mine = damaged
            .iter()
            .any(|d| d.player == invocation.player.id && d.place == invocation.place.key());
        if !mine {
            return reply;
        }
        // Set aside, or not even that: the storage has a problem too.
        let notice = i18n::t!(
            invocation.lang,
            "fault-damaged-game",
            set_aside = i18n::yes(marked.is_ok())
        );
        Reply {
            content: format!("{notice}\n{}", reply.content),
            ..reply
        }
    }

    /// What the player chose in their settings that shapes every answer: boards as
    /// pictures (`board:image`; only asked when `pictures`), and a language of their own
    /// (`language:es`), which outranks their Discord's. A store that cannot answer means
    /// neither: the command itself then reports the fault. A glance (see
    /// [`commits::Shared::glance`]): it only shapes the answer.
    fn player_style(&self, invocation: &Invocation, pictures: bool) -> (bool, Option<i18n::Lang>) {
        // The command that changes the language answers in the language it sets (the
        // settings command works that out itself).
        let choosing = matches!(
            invocation.command,
            Command::Settings {
                language: Some(_),
                ..
            }
        );
        self.store()
            .glance(|tx| tx.player_style(&invocation.player.id))
            .map(|(picture, lang)| {
                let lang = lang.as_deref().and_then(i18n::Lang::parse);
                (pictures && picture, if choosing { None } else { lang })
            })
            .unwrap_or((false, None))
    }

    /// Takes or renews lease `name` for `holder` for `ttl` ms (see the store's `leases`),
    /// timed by the database's clock, never this process's: its token when `holder`
    /// holds it now, `None` when another does or the store failed.
    pub fn hold_lease(&self, name: &str, holder: &str, ttl: Millis) -> Option<i64> {
        match self.store().write(|tx| {
            let now = tx.database_now()?;
            tx.hold_lease(name, holder, now, ttl)
        }) {
            Ok(lease) => (lease.holder == holder && lease.until > lease.now).then_some(lease.token),
            Err(error) => {
                tracing::error!(%error, lease = name, "taking a lease failed");
                None
            }
        }
    }

    /// Records interaction `id` (created at `created` ms since the Unix epoch) as taken,
    /// for every process sharing the store: `Ok(true)` the first time only. Ids created
    /// over `keep` ms before it are forgotten; the caller refuses those by their age.
    pub fn take_interaction(
        &self,
        id: u64,
        created: Millis,
        keep: Millis,
    ) -> Result<bool, StoreError> {
        // Snowflakes fit in 63 bits until the year 2084; one that does not is no real id.
        let Ok(id) = i64::try_from(id) else {
            return Ok(false);
        };
        self.store()
            .write(|tx| tx.take_interaction(id, created, keep))
    }

    /// Whether a web session of `player` issued at `issued` still holds: not if they
    /// asked to be forgotten since (forget-me ends their sessions).
    pub fn web_session_holds(&self, player: &str, issued: Millis) -> Result<bool, StoreError> {
        let ended = self.with_reader(|tx| tx.web_sessions_ended_at(player))?;
        Ok(ended.is_none_or(|at| issued >= at))
    }

    /// How long accesses to the store waited for it so far (a histogram).
    pub fn store_waits(&self) -> commits::StoreWaitSnapshot {
        self.commits.waits.snapshot()
    }

    /// Gives lease `name` up if `holder` holds it.
    pub fn release_lease(&self, name: &str, holder: &str) {
        if let Err(error) = self.store().write(|tx| {
            let now = tx.database_now()?;
            tx.release_lease(name, holder, now)
        }) {
            tracing::error!(%error, lease = name, "giving a lease up failed");
        }
    }

    /// Lease `name` as stored, read beside the writer (a health check must not wait for
    /// it); an error when the store cannot be read.
    pub fn lease(&self, name: &str) -> Result<Option<crate::store::Lease>, StoreError> {
        self.with_reader(|tx| tx.lease(name))
    }

    /// The store, one command at a time, commits shared by commands that arrive
    /// together (see [`commits`]).
    pub(crate) fn store(&self) -> commits::Shared<'_> {
        commits::Shared {
            store: &self.store,
            commits: &self.commits,
        }
    }

    /// On PostgreSQL, runs commands on a pool of `settings.connections` connections
    /// (the config's `database_connections`), that many at once; PostgreSQL keeps them
    /// apart (see [`Store::write`]). Nothing changes on SQLite.
    pub fn with_connections(mut self, settings: crate::store::PoolSettings) -> App {
        self.store = self.store.with_connections(settings);
        self
    }

    /// Runs `check` on the daily puzzles of every server from day `from` (with their
    /// servers' zones, indexed): what `/sudoku solve` must not give away while their
    /// day runs. Read through the read connection, never holding the store (a first
    /// read of a big bot's window takes most of a second), and cached: later calls read
    /// only what was stored since. Days up to `to` may be running; the days just after
    /// are read too, so that tomorrow's puzzles are indexed as they are stored.
    /// Runs `read` through the read connection beside the store (never making a
    /// command wait), or through the store when there is none (an in-memory store).
    fn with_reader<T>(
        &self,
        read: impl FnMut(&crate::store::Tx<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        match &self.reader {
            Some(reader) => reader.lock().unwrap_or_else(|p| p.into_inner()).read(read),
            None => self.store().read(read),
        }
    }

    /// The longest any command or scheduler step held the store since the last call:
    /// what another command may have waited behind. For benchmarks.
    #[doc(hidden)]
    pub fn take_longest_store_hold(&self) -> std::time::Duration {
        self.commits.take_longest_hold()
    }

    pub(crate) fn next_seed(&self) -> u64 {
        self.rng
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .next_u64()
    }

    pub(crate) fn settings(&self) -> Settings {
        self.settings
    }
}

/// A free game's board with the pad under it, `pad`'s cell chosen: its picture and its
/// components, for `sudoku-bot render --controls` (a picture of what a player sees).
pub fn preview_pad(
    game: &crate::game::Game,
    pad: crate::game::Pad,
) -> (image::BoardPicture, Reply) {
    commands::board::preview(game, pad)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trouble is kept as data and said in its reader's language; one kept as English
    /// text before (an older database) is still said, as written.
    #[test]
    fn a_post_trouble_is_said_in_the_readers_language() {
        let refused = PostTrouble::Refused {
            channel: "42".into(),
            detail: "HTTP 403".into(),
        }
        .stored();
        assert!(
            PostTrouble::said(&refused, i18n::Lang::En)
                .starts_with("<#42> refuses the bot (HTTP 403)")
        );
        assert!(
            PostTrouble::said(&refused, i18n::Lang::Es)
                .starts_with("<#42> rechaza al bot (HTTP 403)")
        );
        let unprepared = PostTrouble::Unprepared {
            detail: "no pool".into(),
        }
        .stored();
        assert!(
            PostTrouble::said(&unprepared, i18n::Lang::Ca)
                .starts_with("no s'ha pogut preparar el sudoku d'avui (no pool)")
        );
        let gone = PostTrouble::Deleted {
            channel: "7".into(),
        }
        .stored();
        assert_eq!(
            PostTrouble::said(&gone, i18n::Lang::Ca),
            "<#7> s'ha eliminat"
        );
        assert_eq!(
            PostTrouble::said("<#7> was deleted", i18n::Lang::Es),
            "<#7> was deleted"
        );
    }
}
