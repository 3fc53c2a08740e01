//! The command core: an [`Invocation`] in, a [`Reply`] out. Knows nothing of Discord.
//!
//! Every adapter (Discord, the terminal, tests) builds an `Invocation` and shows the
//! `Reply`. Time comes from the injected [`Clock`] and puzzles from a seeded RNG, so every
//! command is reproducible in a test. Errors are handled here, once: a player's mistake
//! becomes a private, specific message; our own failure is logged and answered with an
//! apology, and in both cases the transaction is rolled back so nothing changes.

pub mod command;
mod commands;
pub mod image;
pub mod render;
pub mod reply;

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::engine::rng::SeededRng;
use crate::game::Millis;
use crate::game::daily::PostDue;
use crate::store::{Store, StoreError};

pub use command::{Command, Period, Target};
pub use commands::race::RaceMessage;
pub use render::BoardStyle;
pub use reply::{Button, ButtonStyle, Reply};

/// A daily puzzle post, due now, for the adapter to send to `channel`.
#[derive(Clone, Debug)]
pub struct DailyPost {
    pub place: String,
    pub channel: String,
    pub day: jiff::civil::Date,
    pub reply: Reply,
}

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
    store: Mutex<Store>,
    clock: Arc<dyn Clock>,
    rng: Mutex<SeededRng>,
    settings: Settings,
    /// Servers whose daily post could not be built, and when to try again: a failing
    /// build must not be retried in a tight loop.
    post_retry_at: Mutex<HashMap<String, Millis>>,
}

/// How long a server's daily post waits after its puzzle could not be built.
pub const POST_RETRY_MS: Millis = 10 * 60 * 1000;

/// What a player hears when the bot failed them: our fault, nothing changed.
pub const APOLOGY: &str =
    "Something went wrong on our side, and nothing was changed. Please try again in a moment.";

/// What a player hears when the storage fails for good (read-only, damaged, full disk):
/// retrying will not help, and what was saved is safe.
pub const STORAGE_FAULT: &str = "The bot's storage has a problem; your last saved move is safe, but nothing new can be saved until it is fixed.";

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
    pub fn new(store: Store, clock: Arc<dyn Clock>, seed: u64) -> App {
        App {
            store: Mutex::new(store),
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
        let reply = match commands::run(self, invocation) {
            Ok(reply) => reply,
            Err(Failure::User(reply)) => reply,
            Err(Failure::Internal(error)) => {
                tracing::error!(
                    command = invocation.command.name(),
                    player = %invocation.player.id,
                    %error,
                    "command failed"
                );
                Reply::private(if error.is_transient() {
                    APOLOGY
                } else {
                    STORAGE_FAULT
                })
            }
        };
        reply.fit()
    }

    /// When the next daily post is due (possibly already), over every server with
    /// dailies on; `None` when none is set up. The scheduler sleeps until then.
    pub fn next_daily_post_at(&self) -> Option<Millis> {
        let now = self.now();
        let servers = match self.store().write(|tx| tx.scheduled_servers()) {
            Ok(servers) => servers,
            Err(error) => {
                tracing::error!(%error, "reading daily schedules failed");
                return None;
            }
        };
        let retry = self.post_retries();
        servers
            .iter()
            .map(
                |s| match commands::daily::due(&s.settings, s.last_posted, now) {
                    PostDue::Now(_) => retry.get(&s.place).map_or(now, |&at| at.max(now)),
                    PostDue::At(at) => at,
                },
            )
            .min()
    }

    fn post_retries(&self) -> MutexGuard<'_, HashMap<String, Millis>> {
        self.post_retry_at
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Makes the puzzles of today and tomorrow of every server with dailies on, if they
    /// are not stored yet: the first player of a day (and the post) then find the puzzle
    /// ready instead of waiting for a graded generation. The scheduler calls this.
    pub fn prepare_dailies(&self) {
        let now = self.now();
        let servers = match self.store().write(|tx| tx.scheduled_servers()) {
            Ok(servers) => servers,
            Err(error) => {
                tracing::error!(%error, "reading daily schedules failed");
                return;
            }
        };
        for server in servers {
            let today = crate::game::daily::server_day(now, &server.settings.tz());
            for day in [Some(today), today.tomorrow().ok()].into_iter().flatten() {
                if let Err(failure) = commands::daily::puzzle_for(
                    self,
                    &server.place,
                    day,
                    server.settings.difficulty,
                ) {
                    let reason = failure.reason();
                    tracing::error!(place = %server.place, %day, %reason, "preparing a daily puzzle failed");
                }
            }
        }
    }

    /// Every daily post due now, each claimed (so it is sent once, even across
    /// restarts) and ready to send.
    pub fn take_due_daily_posts(&self) -> Vec<DailyPost> {
        let now = self.now();
        let servers = match self.store().write(|tx| tx.scheduled_servers()) {
            Ok(servers) => servers,
            Err(error) => {
                tracing::error!(%error, "reading daily schedules failed");
                return Vec::new();
            }
        };
        let mut posts = Vec::new();
        for server in servers {
            let PostDue::Now(day) = commands::daily::due(&server.settings, server.last_posted, now)
            else {
                continue;
            };
            if self
                .post_retries()
                .get(&server.place)
                .is_some_and(|&at| at > now)
            {
                continue;
            }
            let Some(channel) = server.settings.channel.clone() else {
                continue;
            };
            // Build first, claim second: a failure to build leaves the day unclaimed, to
            // be tried again after a pause.
            let reply = match commands::daily::post(self, &server, day) {
                Ok(reply) => {
                    self.post_retries().remove(&server.place);
                    reply.fit()
                }
                Err(failure) => {
                    let reason = failure.reason();
                    tracing::error!(place = %server.place, %reason, "daily post not built");
                    self.post_retries()
                        .insert(server.place.clone(), now + POST_RETRY_MS);
                    self.daily_post_failed(
                        &server.place,
                        &format!("today's puzzle could not be prepared ({reason}); retrying every few minutes"),
                    );
                    continue;
                }
            };
            match self.store().write(|tx| tx.claim_post(&server.place, day)) {
                Ok(true) => posts.push(DailyPost {
                    place: server.place.clone(),
                    channel,
                    day,
                    reply,
                }),
                Ok(false) => {}
                Err(error) => tracing::error!(%error, "claiming a daily post failed"),
            }
        }
        posts
    }

    /// Records that `place`'s daily post went out: an earlier failure no longer concerns
    /// its admins.
    pub fn daily_posted(&self, place: &str) {
        if let Err(error) = self.store().write(|tx| tx.set_post_error(place, None)) {
            tracing::error!(%error, "clearing a post failure failed");
        }
    }

    /// Records why a daily post could not be sent, for the admins' next `/sudoku daily`.
    pub fn daily_post_failed(&self, place: &str, error: &str) {
        tracing::warn!(place, error, "daily post failed");
        if let Err(e) = self
            .store()
            .write(|tx| tx.set_post_error(place, Some(error)))
        {
            tracing::error!(error = %e, "recording a post failure failed");
        }
    }

    /// Every race message due now: lobbies that closed and races that ran out of time
    /// are settled first; a race's own message is edited at most once per `gap` (Discord
    /// limits edits per channel; the terminal passes 0), and each result is handed out
    /// once. The adapter sends them and reports back with [`App::race_message_sent`] or
    /// [`App::race_message_failed`].
    pub fn take_race_messages(&self, gap: Millis) -> Vec<RaceMessage> {
        let now = self.now();
        match self
            .store()
            .write(|tx| commands::race::take_messages(tx, now, gap))
        {
            Ok(messages) => messages,
            Err(failure) => {
                let reason = failure.reason();
                tracing::error!(%reason, "collecting race messages failed");
                Vec::new()
            }
        }
    }

    /// The race's own message is `message` (posted anew, or the answer to its command):
    /// later changes edit it.
    pub fn race_message_sent(&self, race: i64, message: &str) {
        if let Err(error) = self
            .store()
            .write(|tx| tx.set_race_message(race, message, false))
        {
            tracing::error!(%error, race, "recording a race message failed");
        }
    }

    /// The id of a race's lobby, learnt after answering the command that opened it. A
    /// button pressed on the lobby meanwhile may have told it already (and newer), so it
    /// counts only when none is known.
    pub fn race_lobby_posted(&self, race: i64, message: &str) {
        if let Err(error) = self
            .store()
            .write(|tx| tx.set_race_message(race, message, true))
        {
            tracing::error!(%error, race, "recording a race lobby failed");
        }
    }

    /// An edit of the race's message failed: it is tried again later, as a new post when
    /// the message is `gone` (deleted, or never known).
    pub fn race_message_failed(&self, race: i64, gone: bool) {
        if let Err(error) = self.store().write(|tx| tx.race_edit_failed(race, gone)) {
            tracing::error!(%error, race, "recording a failed race edit failed");
        }
    }

    pub(crate) fn store(&self) -> MutexGuard<'_, Store> {
        // A panic while holding the lock rolled its transaction back (rusqlite rolls back
        // on drop), so the store behind a poisoned lock is still consistent.
        self.store
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
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
