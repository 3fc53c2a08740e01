//! The connections commands run on: SQLite's one (a writer at a time, commits grouped
//! by `crate::app::commits`), or a pool of PostgreSQL connections.
//!
//! The pool is r2d2's: the synchronous pool of the Rust ecosystem (the store is
//! synchronous, each PostgreSQL connection driven on a thread of its own), small, with
//! no runtime to bring. bb8 and deadpool are its async counterparts, which would have a
//! synchronous store block on a future. r2d2 gives what a hand-made list of connections
//! did not: a command takes any free connection and, when none is free in time, fails
//! at once as "busy" instead of queueing behind a hung one; connections the server
//! closed are dropped and opened again in the background; and every connection is
//! checked before use (cheaply: see [`Manager::is_valid`]).

use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use super::postgres::Target;
use super::{DamagedGame, Store, StoreError};

/// How a PostgreSQL pool is sized and how long a command waits for a connection.
#[derive(Clone, Copy, Debug)]
pub struct PoolSettings {
    /// Connections at most (the config's `database_connections`): commands that run at
    /// once.
    pub connections: usize,
    /// How long a command waits for a free connection before it answers "busy, try
    /// again" (the config's `database_wait_ms`): under Discord's 3 s, so that the
    /// player hears something either way.
    pub checkout_timeout: Duration,
}

impl Default for PoolSettings {
    fn default() -> Self {
        PoolSettings {
            connections: 4,
            checkout_timeout: Duration::from_secs(2),
        }
    }
}

/// A connection idle for longer than this is asked whether it still answers before a
/// command gets it; one in steady use is not (it answered moments ago).
const IDLE_BEFORE_CHECK: Duration = Duration::from_secs(10);

/// How long that question waits for an answer before the connection is dropped for a
/// new one.
const CHECK_WAIT: Duration = Duration::from_secs(1);

/// A connection is replaced after this long however healthy, so that a failover's new
/// address or a changed password is taken up without a restart of the bot.
const MAX_LIFETIME: Duration = Duration::from_secs(30 * 60);

/// The store's connections.
pub struct Pool {
    kind: Kind,
    /// Games found damaged by pooled connections, collected as each is given back (see
    /// [`Store::take_damaged`]).
    damaged: Mutex<Vec<DamagedGame>>,
    damage_seen: Arc<AtomicBool>,
}

// One per app: its size costs nothing, a box would cost an indirection per command.
#[allow(clippy::large_enum_variant)]
enum Kind {
    One(Mutex<Store>),
    Many {
        pool: r2d2::Pool<Manager>,
        timeout: Duration,
    },
}

/// Opens PostgreSQL connections for the pool, and tells it which can no longer serve.
struct Manager {
    target: Target,
    damage_seen: Arc<AtomicBool>,
}

impl r2d2::ManageConnection for Manager {
    type Connection = Store;
    type Error = StoreError;

    fn connect(&self) -> Result<Store, StoreError> {
        let mut store = Store::over(self.target.connect()?, Some(self.target.clone()));
        store.share_damage_flag(self.damage_seen.clone());
        Ok(store)
    }

    /// Run on every checkout: no round trip for a connection used within
    /// [`IDLE_BEFORE_CHECK`], an empty query (bounded by [`CHECK_WAIT`]) otherwise.
    fn is_valid(&self, store: &mut Store) -> Result<(), StoreError> {
        if store.conn.is_healthy(IDLE_BEFORE_CHECK, CHECK_WAIT) {
            Ok(())
        } else {
            Err(StoreError::Unavailable(
                "a pooled connection no longer answers".into(),
            ))
        }
    }

    fn has_broken(&self, store: &mut Store) -> bool {
        store.conn.is_broken()
    }
}

/// Connection failures in the pool's background (opening connections while the server
/// is down) go to the log, as everything else does, rather than to the `log` crate.
#[derive(Debug)]
struct LogErrors;

impl r2d2::HandleError<StoreError> for LogErrors {
    fn handle_error(&self, error: StoreError) {
        tracing::warn!(%error, "opening a pooled database connection failed; trying again");
    }
}

/// A connection a command holds: the SQLite store's lock, or a pooled connection that
/// goes back to the pool when dropped.
pub struct Checkout<'a>(Held<'a>);

// Lives on one command's stack and is never moved around: a box would be an allocation
// per command for nothing.
#[allow(clippy::large_enum_variant)]
enum Held<'a> {
    One(MutexGuard<'a, Store>),
    Pooled(r2d2::PooledConnection<Manager>, &'a Pool),
}

impl Deref for Checkout<'_> {
    type Target = Store;

    fn deref(&self) -> &Store {
        match &self.0 {
            Held::One(store) => store,
            Held::Pooled(store, _) => store,
        }
    }
}

impl DerefMut for Checkout<'_> {
    fn deref_mut(&mut self) -> &mut Store {
        match &mut self.0 {
            Held::One(store) => store,
            Held::Pooled(store, _) => store,
        }
    }
}

impl Drop for Checkout<'_> {
    fn drop(&mut self) {
        // The command's finds outlive the connection it found them on, which may be
        // dropped by the pool: kept where `Pool::take_damaged` reads them.
        if let Held::Pooled(store, pool) = &mut self.0 {
            let found = std::mem::take(store.damaged.get_mut());
            if !found.is_empty() {
                pool.damaged
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .extend(found);
            }
        }
    }
}

impl Pool {
    /// One connection, for everything: SQLite's, or a PostgreSQL store no pool was asked
    /// for (tests, the terminal).
    pub fn one(store: Store) -> Pool {
        Pool {
            damage_seen: store.damage_seen(),
            kind: Kind::One(Mutex::new(store)),
            damaged: Mutex::new(Vec::new()),
        }
    }

    /// On PostgreSQL, a pool of `settings.connections` connections to the same database
    /// as this one's store, in its place (opened in the background: the first commands
    /// wait for them up to the checkout timeout). Nothing changes on SQLite, whose one
    /// writer at a time is served best by one connection and group commit.
    pub fn with_connections(self, settings: PoolSettings) -> Pool {
        let Kind::One(store) = &self.kind else {
            return self;
        };
        let Some(target) = store
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .postgres
            .clone()
        else {
            return self;
        };
        let manager = Manager {
            target,
            damage_seen: self.damage_seen.clone(),
        };
        let size = u32::try_from(settings.connections.max(1)).unwrap_or(u32::MAX);
        let pool = r2d2::Pool::builder()
            .max_size(size)
            .min_idle(Some(size))
            .connection_timeout(settings.checkout_timeout)
            .test_on_check_out(true)
            .idle_timeout(None)
            .max_lifetime(Some(MAX_LIFETIME))
            .error_handler(Box::new(LogErrors))
            .build_unchecked(manager);
        Pool {
            kind: Kind::Many {
                pool,
                timeout: settings.checkout_timeout,
            },
            damaged: self.damaged,
            damage_seen: self.damage_seen,
        }
    }

    /// A connection for one command: SQLite's (waiting for the command before it), or a
    /// free pooled one, waiting at most the checkout timeout; past it
    /// [`StoreError::Unavailable`], which the command answers as "try again".
    pub fn checkout(&self) -> Result<Checkout<'_>, StoreError> {
        match &self.kind {
            // A panic while holding the lock undid its command's savepoint (see
            // `Store::grouped`), so the store behind a poisoned lock is still consistent.
            Kind::One(store) => Ok(Checkout(Held::One(
                store.lock().unwrap_or_else(|p| p.into_inner()),
            ))),
            Kind::Many { pool, timeout } => match pool.get() {
                Ok(store) => Ok(Checkout(Held::Pooled(store, self))),
                Err(e) => Err(StoreError::Unavailable(format!(
                    "no database connection free within {} ms ({} in use): {e}",
                    timeout.as_millis(),
                    pool.max_size()
                ))),
            },
        }
    }

    /// Whether this is a pool of several connections (PostgreSQL with
    /// `database_connections`).
    pub fn is_pooled(&self) -> bool {
        matches!(self.kind, Kind::Many { .. })
    }

    /// Raised when a command found a damaged game (see [`Store::damage_seen`]).
    pub fn damage_seen(&self) -> Arc<AtomicBool> {
        self.damage_seen.clone()
    }

    /// The games commands found not to decode since the last call, on any connection.
    pub fn take_damaged(&self) -> Vec<DamagedGame> {
        match &self.kind {
            Kind::One(store) => store
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .take_damaged(),
            Kind::Many { .. } => {
                self.damage_seen.store(false, Ordering::Release);
                std::mem::take(&mut *self.damaged.lock().unwrap_or_else(|p| p.into_inner()))
            }
        }
    }
}
