//! The command core: an [`Invocation`] in, a [`Reply`] out. Knows nothing of Discord.
//!
//! Every adapter (Discord, the terminal, tests) builds an `Invocation` and shows the
//! `Reply`. Time comes from the injected [`Clock`] and puzzles from a seeded RNG, so every
//! command is reproducible in a test. Errors are handled here, once: a player's mistake
//! becomes a private, specific message; our own failure is logged and answered with an
//! apology, and in both cases the transaction is rolled back so nothing changes.

pub mod command;
mod commands;
pub mod render;
pub mod reply;

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::engine::rng::SeededRng;
use crate::game::Millis;
use crate::store::{Store, StoreError};

pub use command::{Command, Target};
pub use render::BoardStyle;
pub use reply::{Button, ButtonStyle, Reply};

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

/// Where a command is used: a game belongs to one player in one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place(String);

impl Place {
    /// Direct messages (and servers where only the user installed the app).
    pub fn dm() -> Place {
        Place("dm".into())
    }

    pub fn guild(id: u64) -> Place {
        Place(format!("guild:{id}"))
    }

    /// A free-form place, for the terminal.
    pub fn named(name: &str) -> Place {
        Place(name.to_string())
    }

    pub fn key(&self) -> &str {
        &self.0
    }
}

/// One command from one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub player: Player,
    pub place: Place,
    pub command: Command,
    pub style: BoardStyle,
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
}

/// Why a command did not complete. Either way the transaction rolls back.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The player's input or situation: answered privately, as is.
    User(Reply),
    /// Ours: logged, answered with an apology.
    Internal(StoreError),
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
                Reply::private(
                    "Something went wrong on our side, and nothing was changed. Please try again in a moment.",
                )
            }
        };
        reply.fit()
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
