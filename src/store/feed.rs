//! What other processes on the same database changed, told to this one without every open
//! board asking: the web board's push across replicas.
//!
//! PostgreSQL: a command that may have changed a board says so with `NOTIFY` (its keys
//! in the payload, [`Tx::tell_boards`]); each process listens on one connection of its
//! own ([`Feed`]), apart from the connections commands use, and wakes only the boards a
//! message names. Nothing is read while nothing changes.
//!
//! SQLite: replicas share one file on one host, and SQLite has no messages between
//! processes. `PRAGMA data_version` on the writing connection changes exactly when
//! another connection (another process: this one writes through that connection only)
//! committed, and reading it is a look at shared memory, not a transaction: one look a
//! second per process, whatever the number of boards ([`Store::data_version`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use super::sql::{Conn, params};
use super::{Store, StoreError, Tx};

/// The channel boards' changes are told on.
pub const CHANNEL: &str = "sudoku_boards";

/// Transactions begun by stores of this process (each command's, and each read): what an
/// open board costs, for `/metrics` and the benchmarks.
static BEGUN: AtomicU64 = AtomicU64::new(0);

pub(super) fn count_transaction() {
    BEGUN.fetch_add(1, Ordering::Relaxed);
}

/// Store transactions this process has begun so far.
pub fn transactions_begun() -> u64 {
    BEGUN.load(Ordering::Relaxed)
}

impl Tx<'_> {
    /// Tells every process listening on this database (PostgreSQL) that a board may have
    /// changed: `payload` says which. Delivered when this transaction commits, and not at
    /// all when it rolls back. Nothing on SQLite (see [`Store::data_version`]).
    pub fn tell_boards(&self, payload: &str) -> Result<(), StoreError> {
        if let Conn::Postgres(_) = self.tx {
            self.tx
                .execute("SELECT pg_notify(?1, ?2)", params![CHANNEL, payload])?;
        }
        Ok(())
    }
}

impl Store {
    /// SQLite on a file: a number that changes exactly when another connection to the
    /// file committed since the last look from this one. `None` where it means nothing:
    /// PostgreSQL (listen with [`Store::feed`]) and a database in memory, which no other
    /// process can see.
    pub fn data_version(&self) -> Result<Option<i64>, StoreError> {
        let Some(conn) = self.conn.sqlite() else {
            return Ok(None);
        };
        if conn.path().is_none_or(str::is_empty) {
            return Ok(None);
        }
        Ok(Some(
            conn.query_row("PRAGMA data_version", [], |r| r.get(0))?,
        ))
    }

    /// A listener for what other processes tell ([`Tx::tell_boards`]), on a connection of
    /// its own; `None` on SQLite.
    pub fn feed(&self) -> Option<Feed> {
        self.postgres.clone().map(|target| Feed {
            target,
            client: None,
        })
    }
}

/// What a [`Feed`] heard.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// A payload another process (or this one) told.
    Told(String),
    /// The listening connection was (re)opened: whatever was told while it was down is
    /// lost, so everything may have changed.
    Anything,
    /// Nothing within the wait.
    Quiet,
}

/// One PostgreSQL connection listening on [`CHANNEL`], opened again whenever it breaks.
pub struct Feed {
    target: super::postgres::Target,
    client: Option<postgres::Client>,
}

impl Feed {
    /// Waits up to `wait` for the next message. A connection that cannot be opened (the
    /// server down) is an `Err`, and the caller waits before trying again; once it opens,
    /// [`Heard::Anything`] comes first.
    ///
    /// Blocks its thread on a runtime of the driver's own: call it from a thread of its
    /// own, never from async code.
    pub fn next(&mut self, wait: Duration) -> Result<Heard, StoreError> {
        let Some(client) = self.client.as_mut() else {
            let mut client = self.target.client()?;
            client
                .batch_execute(&format!("LISTEN {CHANNEL}"))
                .map_err(StoreError::from)?;
            self.client = Some(client);
            return Ok(Heard::Anything);
        };
        let heard = {
            let mut notifications = client.notifications();
            let mut waiting = notifications.timeout_iter(wait);
            postgres::fallible_iterator::FallibleIterator::next(&mut waiting)
                .map(|message| message.map(|m| m.payload().to_owned()))
        };
        match heard {
            Ok(Some(payload)) => Ok(Heard::Told(payload)),
            Ok(None) if !client.is_closed() => Ok(Heard::Quiet),
            Ok(None) => {
                self.client = None;
                Err(StoreError::Io(std::io::Error::other(
                    "the listening connection closed",
                )))
            }
            Err(e) => {
                self.client = None;
                Err(StoreError::from(e))
            }
        }
    }
}
