//! SQLite through rusqlite: the only module that speaks SQL.
//!
//! The schema lives in `migrations/*.sql`, applied in order at open and recorded in
//! `PRAGMA user_version`. Every command runs in one [`Store::write`] transaction (or one
//! [`Store::read`] when it changes nothing), and its reply is built only after the
//! commit: a player told "saved" has it on disk.
//!
//! WAL mode with `synchronous = FULL`: each commit is fsynced, so an acknowledged move
//! survives a crash of the bot and of the machine.

mod codec;
mod coop;
mod dailies;
mod games;
mod leases;
mod maintenance;
mod migrate;
mod races;

use std::path::Path;

use rusqlite::{Connection, ErrorCode, TransactionBehavior};

pub use coop::{CoopId, CoopRecord, CoopStats};
pub use dailies::{ServerDaily, StoredDaily};
pub use games::{
    DamagedGame, DifficultyStats, GameId, GameRecord, OwnKind, OwnPuzzle, PlayerStats, RaceTag,
};
pub use leases::Lease;
pub use maintenance::{CheckReport, backup, check};
pub use migrate::{MIGRATIONS, Migration};
pub use races::{RaceRecord, RaceStanding, RaceStats};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another connection holds the lock longer than the busy timeout: transient, the
    /// same command moments later will most likely succeed.
    #[error("the database is busy: {0}")]
    Busy(rusqlite::Error),
    /// The file is not a database SQLite can read at all (its header or schema is gone):
    /// what `check` says instead of pointing at itself.
    #[error(
        "the database file is damaged beyond reading ({0}): SQLite cannot read it as a database. \
         Restore it from a backup"
    )]
    Unreadable(String),
    /// The file exists but holds nothing (0 bytes, no write-ahead log beside it): refused at
    /// open rather than silently started over as a new database.
    #[error(
        "the database file {0} exists but is empty (0 bytes): it holds no data. If its data \
         was lost, restore it from a backup; to start a new database, delete the empty file"
    )]
    EmptyFile(String),
    /// Any other SQLite failure: a read-only file, corrupt pages, a full disk, an I/O
    /// error. Permanent: retrying does not help until an operator acts.
    #[error("database error: {0}")]
    Sqlite(rusqlite::Error),
    /// A value in a row that does not decode.
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    /// `PRAGMA quick_check` found damage when opening: refused before anything runs.
    #[error(
        "the database file is damaged ({0}); nothing was changed. Restore it from a backup, \
         or run `sudoku-bot check` for the full report"
    )]
    Damaged(String),
    /// A file operation outside SQLite failed (writing a backup).
    #[error("file error: {0}")]
    Io(#[from] std::io::Error),
    /// The commit of a group of commands failed (see [`Store::commit_group`]): each
    /// command of the group gets this, with what SQLite said.
    #[error("committing the group failed: {message}")]
    GroupCommit { message: String, transient: bool },
    #[error("database schema version {found} is newer than this build knows ({known})")]
    TooNew { found: i64, known: i64 },
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Busy(e),
            _ => StoreError::Sqlite(e),
        }
    }
}

impl StoreError {
    /// Whether trying the same command again soon can succeed (the database was busy).
    /// Everything else needs an operator, and the cause is in the error's text.
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            StoreError::Busy(_)
                | StoreError::GroupCommit {
                    transient: true,
                    ..
                }
        )
    }
}

/// An open database.
pub struct Store {
    conn: Connection,
    /// The open group transaction of [`Store::grouped`], if any.
    group: std::cell::Cell<Option<Group>>,
    /// The last group's number: groups are numbered 1, 2, … in the order they open.
    groups_opened: u64,
    /// Games found not to decode by commands, not yet marked: see [`Store::take_damaged`].
    damaged: std::cell::RefCell<Vec<DamagedGame>>,
    /// Set when a game is added to `damaged`: read without the store's lock (see
    /// [`Store::damage_seen`]), so that a command finding nothing pays nothing.
    damage_seen: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// A write transaction shared by the commands that ran while it was open.
#[derive(Clone, Copy, Debug)]
struct Group {
    number: u64,
    /// Commands whose changes are in it, waiting for its commit.
    members: usize,
    opened: std::time::Instant,
}

/// One transaction: the handle a command uses for everything it reads and writes.
pub struct Tx<'a> {
    tx: &'a Connection,
    /// Where games found damaged are reported, to be marked outside the command's own
    /// transaction (which may roll back).
    damaged: Option<(
        &'a std::cell::RefCell<Vec<DamagedGame>>,
        &'a std::sync::atomic::AtomicBool,
    )>,
    /// False in [`Store::read`]: a damaged row found there is skipped and logged, and set
    /// aside by the next write that meets it.
    writable: bool,
}

/// How long a connection waits for another's lock before answering busy.
const BUSY_TIMEOUT_MS: u32 = 5000;

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    ///
    /// Refuses, changing nothing, a database from a newer build and a damaged one. Many
    /// processes may open a new database at once: migrations run under the write lock.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        refuse_empty(path)?;
        Store::setup(Connection::open(path)?, MIGRATIONS)
    }

    /// A private database in memory, for tests and one-off runs.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::setup(Connection::open_in_memory()?, MIGRATIONS)
    }

    /// Opens `path` and applies only the first `count` migrations: for testing upgrades
    /// from an older schema.
    pub fn open_at_version(path: &Path, count: usize) -> Result<Store, StoreError> {
        Store::setup(
            Connection::open(path)?,
            &MIGRATIONS[..count.min(MIGRATIONS.len())],
        )
    }

    fn setup(mut conn: Connection, migrations: &[Migration]) -> Result<Store, StoreError> {
        // Before anything that could change the file: the version (a newer build's
        // database is left exactly as it was, journal mode included) and damage.
        conn.execute_batch(&format!("PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}"))?;
        migrate::refuse_newer(&conn).map_err(|e| match e {
            StoreError::Sqlite(e) => maintenance::damage(e),
            other => other,
        })?;
        quick_check(&conn)?;
        configure(&conn)?;
        migrate::apply(&mut conn, migrations)?;
        Ok(Store {
            conn,
            group: std::cell::Cell::new(None),
            groups_opened: 0,
            damaged: std::cell::RefCell::new(Vec::new()),
            damage_seen: Default::default(),
        })
    }

    /// A second, read-only connection to the same file, for long reads that must not
    /// hold this store (WAL lets it read beside the writer, each read one consistent
    /// snapshot of what was committed). `None` for a database in memory, which no other
    /// connection can see: read through this store then.
    pub fn open_reader(&self) -> Result<Option<Store>, StoreError> {
        let Some(path) = self.conn.path().filter(|p| !p.is_empty()) else {
            return Ok(None);
        };
        let conn = Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.execute_batch(&format!("PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}"))?;
        Ok(Some(Store {
            conn,
            group: std::cell::Cell::new(None),
            groups_opened: 0,
            damaged: std::cell::RefCell::new(Vec::new()),
            damage_seen: Default::default(),
        }))
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
        self.run(TransactionBehavior::Immediate, work)
    }

    /// Runs `work` in one read transaction (a deferred `BEGIN`): it sees one consistent
    /// snapshot, takes no write lock, so a writer elsewhere neither blocks it nor is
    /// blocked by it. For commands that change nothing: show, stats, leaderboard, solve.
    ///
    /// A write inside still works (SQLite upgrades the transaction) but may then answer
    /// busy; [`Tx::set_player_name`] writes only when the name changed, so it is fine here.
    pub fn read<T, E>(&mut self, work: impl FnOnce(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.run(TransactionBehavior::Deferred, work)
    }

    fn run<T, E>(
        &mut self,
        behavior: TransactionBehavior,
        work: impl FnOnce(&Tx<'_>) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let tx = self
            .conn
            .transaction_with_behavior(behavior)
            .map_err(StoreError::from)?;
        let handle = Tx {
            tx: &tx,
            damaged: Some((&self.damaged, &self.damage_seen)),
            writable: !matches!(behavior, TransactionBehavior::Deferred),
        };
        let value = work(&handle)?;
        tx.commit().map_err(StoreError::from)?;
        Ok(value)
    }

    /// Runs `work` inside the open group transaction (opening one if none is), in a
    /// savepoint of its own: an `Err` (or a panic) undoes this command's changes alone.
    /// On `Ok` the changes stay in the group, not yet durable, and the group's number is
    /// returned: the caller must not answer before [`Store::commit_group`] of that number
    /// succeeded (`crate::app` arranges this: commands that ran while one commit's
    /// fsync was under way share the next commit).
    ///
    /// A read (`read`) with no group open runs as [`Store::read`] and waits for nothing;
    /// with one open it runs inside it (it sees the group's changes), so it too must wait.
    pub fn grouped<T, E>(
        &mut self,
        read: bool,
        work: impl FnOnce(&Tx<'_>) -> Result<T, E>,
    ) -> (Result<T, E>, Option<u64>)
    where
        E: From<StoreError>,
    {
        let group = match self.group.get() {
            Some(group) => group,
            None if read => return (self.read(work), None),
            None => {
                if let Err(e) = self.conn.execute_batch("BEGIN IMMEDIATE") {
                    return (Err(StoreError::from(e).into()), None);
                }
                self.groups_opened += 1;
                let group = Group {
                    number: self.groups_opened,
                    members: 0,
                    opened: std::time::Instant::now(),
                };
                self.group.set(Some(group));
                group
            }
        };
        if let Err(e) = self.conn.execute_batch("SAVEPOINT command") {
            close_if_empty(&self.conn, &self.group);
            return (Err(StoreError::from(e).into()), None);
        }
        let mut undo = Undo {
            conn: &self.conn,
            group: &self.group,
            armed: true,
        };
        let result = work(&Tx {
            tx: &self.conn,
            damaged: Some((&self.damaged, &self.damage_seen)),
            writable: !read,
        });
        match result {
            Ok(value) => match self.conn.execute_batch("RELEASE command") {
                Ok(()) => {
                    undo.armed = false;
                    // A read changed nothing, and joins only a group that already has a
                    // member to commit it.
                    self.group.set(Some(Group {
                        members: group.members + usize::from(!read),
                        ..group
                    }));
                    (Ok(value), Some(group.number))
                }
                Err(e) => (Err(StoreError::from(e).into()), None),
            },
            Err(e) => (Err(e), None),
        }
    }

    /// The open group's number and how long it has been open.
    pub fn open_group(&self) -> Option<(u64, std::time::Duration)> {
        self.group.get().map(|g| (g.number, g.opened.elapsed()))
    }

    /// Commits group `number`: every command that ran in it becomes durable at once (one
    /// fsync), or, when the commit fails, none does.
    pub fn commit_group(&mut self, number: u64) -> Result<(), StoreError> {
        match self.group.get() {
            Some(group) if group.number == number => {
                self.group.set(None);
                self.conn.execute_batch("COMMIT").inspect_err(|_| {
                    // A failed COMMIT may leave the transaction open: end it, so that
                    // the next command starts clean.
                    if !self.conn.is_autocommit() {
                        let _ = self.conn.execute_batch("ROLLBACK");
                    }
                })?;
                Ok(())
            }
            // Only the group's one committer calls this, once: anything else is a bug,
            // and claiming a commit that did not happen would be worse than failing.
            _ => Err(StoreError::Corrupt(format!(
                "group {number} is not the open group"
            ))),
        }
    }

    /// The games commands found not to decode since the last call, each reported once.
    /// A command's own transaction may roll back (a refusal rolls back everything), so
    /// the caller marks them in a write of their own ([`Tx::set_damaged`]) and tells
    /// their players.
    pub fn take_damaged(&mut self) -> Vec<DamagedGame> {
        self.damage_seen
            .store(false, std::sync::atomic::Ordering::Release);
        std::mem::take(self.damaged.get_mut())
    }

    /// Raised when a command found a damaged game, until [`Store::take_damaged`]: the
    /// core checks it after every command without taking the store's lock.
    pub fn damage_seen(&self) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
        self.damage_seen.clone()
    }

    /// Bytes the database's content takes (free pages not counted): for measuring growth.
    pub fn size_bytes(&self) -> Result<u64, StoreError> {
        Ok(self.conn.query_row(
            "SELECT (page_count - freelist_count) * page_size \
             FROM pragma_page_count(), pragma_freelist_count(), pragma_page_size()",
            [],
            |r| r.get::<_, i64>(0),
        )? as u64)
    }

    /// Raw access for tests that need to inspect or damage the database.
    #[doc(hidden)]
    pub fn connection(&self) -> &Connection {
        &self.conn
    }

    /// Raw access for tests that trace the statements commands run.
    #[doc(hidden)]
    pub fn connection_mut(&mut self) -> &mut Connection {
        &mut self.conn
    }
}

/// Undoes one command's savepoint unless disarmed (an `Err`, or a panic unwinding), and
/// ends a group that is left with no command in it, so that no empty transaction keeps
/// the write lock from other processes.
struct Undo<'a> {
    conn: &'a Connection,
    group: &'a std::cell::Cell<Option<Group>>,
    armed: bool,
}

/// Ends the open group if no command is in it.
fn close_if_empty(conn: &Connection, group: &std::cell::Cell<Option<Group>>) {
    if group.get().is_some_and(|g| g.members == 0) {
        group.set(None);
        let _ = conn.execute_batch("ROLLBACK");
    }
}

impl Drop for Undo<'_> {
    fn drop(&mut self) {
        if self.armed {
            let _ = self
                .conn
                .execute_batch("ROLLBACK TO command; RELEASE command");
            close_if_empty(self.conn, self.group);
        }
    }
}

/// Refuses an existing file of 0 bytes: SQLite would take it for a new database and the
/// bot would start over without a word (a truncated file's games gone unnoticed). A 0-byte file with a write-ahead log beside it is
/// left to SQLite, which recovers the log's transactions.
fn refuse_empty(path: &Path) -> Result<(), StoreError> {
    let len = |p: &Path| std::fs::metadata(p).map(|m| m.len()).ok();
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    // Another process opening a new database at the same moment has created the file
    // and is about to write its header: an empty file is refused only once it has stayed
    // empty for a second.
    for _ in 0..20 {
        if len(path) != Some(0) || len(Path::new(&wal)).unwrap_or(0) != 0 {
            return Ok(());
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    Err(StoreError::EmptyFile(path.display().to_string()))
}

/// Refuses a damaged database at open, with what SQLite found. `quick_check` reads every
/// page but skips the slow index-content comparison, so a start stays fast.
fn quick_check(conn: &Connection) -> Result<(), StoreError> {
    let problems = maintenance::problems(conn, "quick_check")?;
    if problems.is_empty() {
        return Ok(());
    }
    let mut summary = problems[..problems.len().min(3)].join("; ");
    if problems.len() > 3 {
        summary.push_str(&format!("; and {} more", problems.len() - 3));
    }
    Err(StoreError::Damaged(summary))
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
         PRAGMA foreign_keys = ON;",
    )?;
    Ok(())
}
