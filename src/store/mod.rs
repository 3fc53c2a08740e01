//! SQLite through rusqlite: the only module that speaks SQL.
//!
//! The schema lives in `migrations/*.sql`, applied in order at open and recorded in
//! `PRAGMA user_version`. Every command runs in one [`Store::write`] transaction, and its
//! reply is built only after the commit: a player told "saved" has it on disk.
//!
//! WAL mode with `synchronous = FULL`: each commit is fsynced, so an acknowledged move
//! survives a crash of the bot and of the machine.

mod codec;
mod dailies;
mod games;
mod migrate;

use std::path::Path;

use rusqlite::{Connection, TransactionBehavior};

pub use dailies::ServerDaily;
pub use games::{DifficultyStats, GameId, GameRecord, PlayerStats};
pub use migrate::{MIGRATIONS, Migration};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    #[error("database schema version {found} is newer than this build knows ({known})")]
    TooNew { found: i64, known: i64 },
}

/// An open database.
pub struct Store {
    conn: Connection,
}

/// One transaction: the handle a command uses for everything it reads and writes.
pub struct Tx<'a> {
    tx: rusqlite::Transaction<'a>,
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::setup(Connection::open(path)?)
    }

    /// A private database in memory, for tests and one-off runs.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::setup(Connection::open_in_memory()?)
    }

    /// Opens `path` and applies only the first `count` migrations: for testing upgrades
    /// from an older schema.
    pub fn open_at_version(path: &Path, count: usize) -> Result<Store, StoreError> {
        let mut conn = Connection::open(path)?;
        configure(&conn)?;
        migrate::apply(&mut conn, &MIGRATIONS[..count.min(MIGRATIONS.len())])?;
        Ok(Store { conn })
    }

    fn setup(mut conn: Connection) -> Result<Store, StoreError> {
        configure(&conn)?;
        migrate::apply(&mut conn, MIGRATIONS)?;
        Ok(Store { conn })
    }

    /// The schema version: how many migrations have been applied.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// Runs `work` in one write transaction, committed only when it returns `Ok`.
    ///
    /// `BEGIN IMMEDIATE` takes the write lock up front, so two commands of the same player
    /// arriving together run one after the other, the second seeing the first's result.
    pub fn write<T, E>(&mut self, work: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(StoreError::from)?;
        let handle = Tx { tx };
        let value = work(&handle)?;
        handle.tx.commit().map_err(StoreError::from)?;
        Ok(value)
    }

    /// Raw access for tests that need to inspect or damage the database.
    #[doc(hidden)]
    pub fn connection(&self) -> &Connection {
        &self.conn
    }
}

fn configure(conn: &Connection) -> Result<(), StoreError> {
    // WAL lets readers run beside the writer; FULL makes every commit durable.
    let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    if mode != "wal" && mode != "memory" {
        return Err(StoreError::Corrupt(format!(
            "could not switch to WAL mode (got {mode})"
        )));
    }
    conn.execute_batch(
        "PRAGMA synchronous = FULL;
         PRAGMA foreign_keys = ON;
         PRAGMA busy_timeout = 5000;",
    )?;
    Ok(())
}
