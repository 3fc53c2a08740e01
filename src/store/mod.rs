//! The database: the only module that speaks SQL. SQLite (through rusqlite, one file,
//! the default) or PostgreSQL (through the `postgres` crate, shared by several processes
//! and machines); nothing above this module knows which.
//!
//! The schema lives in `migrations/*.sql` (SQLite) and `migrations/postgres/*.sql` (the
//! same history in PostgreSQL's words; a test compares the two at every version),
//! applied in order at open. Every command runs in one [`Store::write`] transaction (or
//! one [`Store::read`] when it changes nothing), and its reply is built only after the
//! commit: a player told "saved" has it on disk.
//!
//! SQLite: WAL mode with `synchronous = FULL`, each commit fsynced, one writer at a time
//! (`BEGIN IMMEDIATE`). PostgreSQL: every write is `SERIALIZABLE`, so commands of several
//! processes on the same player, race or board behave as if they ran one after another;
//! when the server gives one up for another (a serialization failure) it is run again
//! from the start, a bounded number of times (see [`Store::write`]).

mod codec;
mod coop;
mod dailies;
mod feed;
mod games;
mod leases;
mod maintenance;
mod migrate;
mod pool;
mod postgres;
mod races;
pub(crate) mod sql;
mod tls;

use std::path::{Path, PathBuf};

use rusqlite::{Connection, ErrorCode};

use sql::{Conn, SqlError};

pub use coop::{CoopId, CoopRecord, CoopStats};
pub use dailies::ServerDaily;
pub use feed::{CHANNEL, Feed, Heard, transactions_begun};
pub use games::{
    DamagedGame, DifficultyStats, GameId, GameRecord, PlayerStats, RaceTag, RankedPlay,
};
pub use leases::Lease;
pub use maintenance::{CheckReport, backup, backup_at, check, check_at};
pub use migrate::{MIGRATIONS, Migration, POSTGRES_MIGRATIONS};
pub use pool::{Checkout, Pool, PoolSettings};
pub use postgres::{Copied, copy_store, test_location, test_url};
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
    /// Any PostgreSQL failure but a conflict: the server refused the connection or a
    /// statement, or the connection broke.
    #[error("database error: {}", postgres::describe(.0))]
    Postgres(::postgres::Error),
    /// PostgreSQL gave this command's transaction up for another that changed the same
    /// rows at the same moment, as many times as the store tries: transient.
    #[error("another command changed the same data at the same moment: {0}")]
    Conflict(String),
    /// What `--db` or the config's `database` names cannot be used as given.
    #[error("{0}")]
    Location(String),
    /// No PostgreSQL connection could be had in time: every one of the pool was in use
    /// for longer than a command may wait, or the server could not be reached. Transient:
    /// nothing of the command ran.
    #[error("the database is busy or out of reach: {0}")]
    Unavailable(String),
}

impl From<SqlError> for StoreError {
    fn from(e: SqlError) -> Self {
        match e {
            SqlError::Sqlite(e) => StoreError::from(e),
            SqlError::Postgres(e) => StoreError::Postgres(e),
            SqlError::Conflict(e) => StoreError::Conflict(e.to_string()),
            SqlError::Gone(why) => StoreError::Io(std::io::Error::other(why)),
            other => StoreError::Corrupt(other.to_string()),
        }
    }
}

impl From<::postgres::Error> for StoreError {
    fn from(e: ::postgres::Error) -> Self {
        StoreError::from(SqlError::from(e))
    }
}

/// Where the database is: a SQLite file, or a PostgreSQL server (a `postgres://` or
/// `postgresql://` URL, with the usual `PG*` variables filling what it leaves out).
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    File(PathBuf),
    Postgres(String),
}

impl Location {
    pub fn parse(text: &str) -> Location {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Location::Postgres(text.to_owned())
        } else {
            Location::File(PathBuf::from(text))
        }
    }

    /// The file, for what only a SQLite database has.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Location::File(path) => Some(path),
            Location::Postgres(_) => None,
        }
    }
}

impl From<PathBuf> for Location {
    fn from(path: PathBuf) -> Self {
        Location::parse(&path.to_string_lossy())
    }
}

impl<'de> serde::Deserialize<'de> for Location {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(|text| Location::parse(&text))
    }
}

impl std::str::FromStr for Location {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Location::parse(s))
    }
}

/// Shown in logs and messages: a URL's password is never written out.
impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::File(path) => write!(f, "{}", path.display()),
            Location::Postgres(url) => f.write_str(&postgres::without_password(url)),
        }
    }
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self}")
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        match e.sqlite_error_code() {
            Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Busy(e),
            // A page found damaged by a command (a session opened without the scan): the
            // same refusal as at open, not a bare database error.
            Some(ErrorCode::DatabaseCorrupt | ErrorCode::NotADatabase) => {
                StoreError::Damaged(e.to_string())
            }
            _ => StoreError::Sqlite(e),
        }
    }
}

impl StoreError {
    /// Whether trying the same command again soon can succeed (the database was busy).
    /// Everything else needs an operator, and the cause is in the error's text.
    pub fn is_transient(&self) -> bool {
        match self {
            StoreError::Busy(_)
            | StoreError::Conflict(_)
            | StoreError::Unavailable(_)
            | StoreError::GroupCommit {
                transient: true, ..
            } => true,
            // A connection that broke (a restart, a failover) or a statement the server
            // cut short (its statement or idle-in-transaction timeout): the transaction
            // rolled back, and the same command on another connection, moments later,
            // can succeed.
            StoreError::Postgres(e) => {
                use ::postgres::error::SqlState;
                postgres::is_connection_trouble(e)
                    || e.code().is_some_and(|code| {
                        *code == SqlState::QUERY_CANCELED
                            || *code == SqlState::IDLE_IN_TRANSACTION_SESSION_TIMEOUT
                    })
            }
            _ => false,
        }
    }
}

/// An open database.
pub struct Store {
    conn: Conn,
    /// The open group transaction of [`Store::grouped`], if any (SQLite only: PostgreSQL
    /// commits each command on its own, its server grouping the commits of connections).
    group: std::cell::Cell<Option<Group>>,
    /// The last group's number: groups are numbered 1, 2, … in the order they open.
    groups_opened: u64,
    /// Games found not to decode by commands, not yet marked: see [`Store::take_damaged`].
    damaged: std::cell::RefCell<Vec<DamagedGame>>,
    /// Set when a game is added to `damaged`: read without the store's lock (see
    /// [`Store::damage_seen`]), so that a command finding nothing pays nothing.
    damage_seen: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// How to connect again (a reader, a check): the PostgreSQL server and schema.
    postgres: Option<postgres::Target>,
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
    tx: &'a Conn,
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

/// How long opening a SQLite database waits for other processes opening it at the same
/// moment (see `Store::setup_with`).
const OPEN_PATIENCE: std::time::Duration = std::time::Duration::from_secs(30);

/// How long a PostgreSQL transaction whose `BEGIN` failed on a broken connection (nothing
/// of it ran) tries other connections before the command answers "try again": long enough
/// for a restart or a failover's new address, short enough for Discord's 3 s.
const NOT_BEGUN_PATIENCE: std::time::Duration = std::time::Duration::from_millis(1500);

/// How many times a PostgreSQL transaction given up for a conflicting one is run: past
/// this, the command answers busy (transient), as SQLite does past its busy timeout.
const CONFLICT_TRIES: u32 = 30;

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    ///
    /// Refuses, changing nothing, a database from a newer build and a damaged one. Many
    /// processes may open a new database at once: migrations run under the write lock.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        refuse_empty(path)?;
        Store::setup(Connection::open(path)?, MIGRATIONS)
    }

    /// [`Store::open_at`] without reading every page for damage first: for a short
    /// session (`sudoku-bot play`), whose start would otherwise grow with the database
    /// (a bot's 64 MB of 100,000 servers' dailies took 0.1 s to scan, ten times the rest
    /// of a session). A damaged page is still refused when a command reads it, with the
    /// same message; the bot (`run`), `check` and `backup` scan as before.
    pub fn open_at_without_scan(location: &Location) -> Result<Store, StoreError> {
        match location {
            Location::File(path) => {
                refuse_empty(path)?;
                Store::setup_with(Connection::open(path)?, MIGRATIONS, false)
            }
            Location::Postgres(_) => Store::open_at(location),
        }
    }

    /// [`Store::open_at`], waiting for a PostgreSQL server that cannot be reached yet (a
    /// deploy that starts the bot beside its database, a restart, a failover): tried
    /// again after 0.5 s, then twice as long each time up to 30 s, each wait logged with
    /// its cause (never the password). What waiting cannot fix (a refused sign-in or
    /// certificate, a newer schema, a SQLite file) fails at once. `Ok(None)` when `stop`
    /// was raised while waiting (a shutdown asked for).
    pub fn open_waiting(
        location: &Location,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Result<Option<Store>, StoreError> {
        let mut pause = std::time::Duration::from_millis(500);
        let mut tries = 0u32;
        loop {
            match Store::open_at(location) {
                Err(StoreError::Postgres(e)) if postgres::is_connection_trouble(&e) => {
                    tries += 1;
                    tracing::warn!(
                        database = %location,
                        error = %postgres::describe(&e),
                        tries,
                        wait_s = pause.as_secs_f64(),
                        "the database cannot be reached yet; waiting for it"
                    );
                }
                other => return other.map(Some),
            }
            let until = std::time::Instant::now() + pause;
            while std::time::Instant::now() < until {
                if stop.load(std::sync::atomic::Ordering::Acquire) {
                    return Ok(None);
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            pause = (pause * 2).min(std::time::Duration::from_secs(30));
        }
    }

    /// [`Store::open_at`] without the server's timeouts on PostgreSQL: for
    /// `migrate-store`, whose copy is one long transaction.
    fn open_patient(location: &Location) -> Result<Store, StoreError> {
        match location {
            Location::File(_) => Store::open_at(location),
            Location::Postgres(url) => Store::setup_postgres(
                postgres::Target::from_url(url)?.without_timeouts(),
                POSTGRES_MIGRATIONS,
            ),
        }
    }

    /// Opens the database at `location`: a SQLite file ([`Store::open`]) or a PostgreSQL
    /// server, migrated to this build's schema the same way.
    pub fn open_at(location: &Location) -> Result<Store, StoreError> {
        match location {
            Location::File(path) => Store::open(path),
            Location::Postgres(url) => {
                Store::setup_postgres(postgres::Target::from_url(url)?, POSTGRES_MIGRATIONS)
            }
        }
    }

    /// A private, empty database, for tests and one-off runs: in memory, or, when
    /// `SUDOKU_TEST_POSTGRES` names a PostgreSQL server (the test suite's second run), a
    /// new schema of its own on that server.
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::open_in_memory_at_version(MIGRATIONS.len())
    }

    /// [`Store::open_in_memory`] with only the first `count` migrations applied.
    pub fn open_in_memory_at_version(count: usize) -> Result<Store, StoreError> {
        match test_url() {
            Some(url) => Store::setup_postgres(
                postgres::Target::private_schema(&url)?,
                &POSTGRES_MIGRATIONS[..count.min(POSTGRES_MIGRATIONS.len())],
            ),
            None => Store::setup(
                Connection::open_in_memory()?,
                &MIGRATIONS[..count.min(MIGRATIONS.len())],
            ),
        }
    }

    /// Opens `path` and applies only the first `count` migrations: for testing upgrades
    /// from an older schema.
    pub fn open_at_version(path: &Path, count: usize) -> Result<Store, StoreError> {
        Store::setup(
            Connection::open(path)?,
            &MIGRATIONS[..count.min(MIGRATIONS.len())],
        )
    }

    fn setup(conn: Connection, migrations: &[Migration]) -> Result<Store, StoreError> {
        Store::setup_with(conn, migrations, true)
    }

    fn setup_with(
        mut conn: Connection,
        migrations: &[Migration],
        scan: bool,
    ) -> Result<Store, StoreError> {
        // Before anything that could change the file: the version (a newer build's
        // database is left exactly as it was, journal mode included) and damage.
        conn.execute_batch(&format!("PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}"))?;
        migrate::refuse_newer(&conn).map_err(|e| match e {
            StoreError::Sqlite(e) => maintenance::damage(e),
            other => other,
        })?;
        // Processes starting together on a new file contend for the locks the switch to
        // WAL and the first migration need; SQLite answers some of them "busy" at once
        // rather than wait (a shared lock that would have to grow is not waited for).
        // Each step is safe to run again, so a start waits its turn, up to OPEN_PATIENCE.
        let started = std::time::Instant::now();
        let mut pause = std::time::Duration::from_millis(5);
        loop {
            let opened = (|| {
                if scan {
                    quick_check(&conn)?;
                }
                configure(&conn)?;
                migrate::apply(&mut conn, migrations)
            })();
            match opened {
                Err(StoreError::Busy(_)) if started.elapsed() < OPEN_PATIENCE => {
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(std::time::Duration::from_millis(200));
                }
                Err(e) => return Err(e),
                Ok(()) => return Ok(Store::over(Conn::Sqlite(conn), None)),
            }
        }
    }

    fn setup_postgres(
        target: postgres::Target,
        migrations: &[Migration],
    ) -> Result<Store, StoreError> {
        let conn = target.connect()?;
        postgres::migrate(&conn, migrations)?;
        Ok(Store::over(conn, Some(target)))
    }

    fn over(conn: Conn, postgres: Option<postgres::Target>) -> Store {
        Store {
            conn,
            group: std::cell::Cell::new(None),
            groups_opened: 0,
            damaged: std::cell::RefCell::new(Vec::new()),
            damage_seen: Default::default(),
            postgres,
        }
    }

    /// A second connection to the same database, for long reads that must not hold this
    /// store (each read one consistent snapshot of what was committed: SQLite's WAL and
    /// PostgreSQL's snapshots both let it read beside the writer). `None` for a database
    /// in memory, which no other connection can see: read through this store then.
    pub fn open_reader(&self) -> Result<Option<Store>, StoreError> {
        if let Some(target) = &self.postgres {
            return Ok(Some(Store::over(target.connect()?, Some(target.clone()))));
        }
        let Some(path) = self
            .conn
            .sqlite()
            .and_then(|c| c.path())
            .filter(|p| !p.is_empty())
        else {
            return Ok(None);
        };
        let conn = Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.execute_batch(&format!("PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}"))?;
        Ok(Some(Store::over(Conn::Sqlite(conn), None)))
    }

    /// Which backend this is: for the few tests and reports that differ.
    pub fn is_postgres(&self) -> bool {
        self.postgres.is_some()
    }

    /// The schema version: how many migrations have been applied.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        match &self.conn {
            Conn::Sqlite(conn) => Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?),
            Conn::Postgres(_) => postgres::version(&self.conn),
        }
    }

    /// Runs `work` in one write transaction, committed only when it returns `Ok`.
    ///
    /// SQLite: `BEGIN IMMEDIATE` takes the write lock up front, so two commands of the
    /// same player arriving together run one after the other, the second seeing the
    /// first's result. PostgreSQL: `SERIALIZABLE`, the same outcome without a lock over
    /// everything; a transaction the server gives up for a conflicting one is rolled back
    /// and `work` runs again (so it must do nothing outside the store it could not repeat).
    pub fn write<T, E>(&mut self, work: impl FnMut(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.run(false, work)
    }

    /// Runs `work` in one read transaction (SQLite: a deferred `BEGIN`; PostgreSQL:
    /// `REPEATABLE READ`): it sees one consistent snapshot, takes no write lock, so a
    /// writer elsewhere neither blocks it nor is blocked by it. For commands that change
    /// nothing: show, stats, leaderboard, solve.
    ///
    /// A write inside still works (SQLite upgrades the transaction) but may then answer
    /// busy; [`Tx::set_player_name`] writes only when the name changed, so it is fine here.
    pub fn read<T, E>(&mut self, work: impl FnMut(&Tx<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        self.run(true, work)
    }

    fn run<T, E>(
        &mut self,
        read: bool,
        mut work: impl FnMut(&Tx<'_>) -> Result<T, E>,
    ) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let begin = match (&self.conn, read) {
            (Conn::Sqlite(_), false) => "BEGIN IMMEDIATE",
            (Conn::Sqlite(_), true) => "BEGIN DEFERRED",
            (Conn::Postgres(_), false) => "BEGIN ISOLATION LEVEL SERIALIZABLE",
            (Conn::Postgres(_), true) => "BEGIN ISOLATION LEVEL REPEATABLE READ",
        };
        let mut tries = 0;
        loop {
            tries += 1;
            feed::count_transaction();
            self.begin(begin)?;
            let mut open = Open {
                conn: &self.conn,
                armed: true,
            };
            self.conn.take_conflict();
            self.conn.take_failed();
            let result = work(&Tx {
                tx: &self.conn,
                damaged: Some((&self.damaged, &self.damage_seen)),
                writable: !read,
            });
            let outcome = match result {
                // A statement failed and the command carried on: PostgreSQL has aborted
                // the transaction, and would answer its COMMIT by rolling back.
                Ok(_) if self.conn.take_failed() => Err(StoreError::Corrupt(
                    "a statement of this command failed, so nothing of it was saved".into(),
                )
                .into()),
                Ok(value) => match self.conn.execute_batch("COMMIT") {
                    Ok(()) => {
                        open.armed = false;
                        return Ok(value);
                    }
                    Err(e) => Err(StoreError::from(e).into()),
                },
                Err(e) => Err(e),
            };
            drop(open);
            // Only a conflict is tried again, and only on PostgreSQL (SQLite's one
            // writer never has one): anything else is the command's answer.
            if !self.conn.take_conflict() || tries >= CONFLICT_TRIES {
                return outcome;
            }
            // Those that collided back off by random amounts that grow (to about 45 ms a
            // try, some 1 s in all at worst), so they do not meet again.
            let jitter = {
                use std::hash::{BuildHasher, Hasher};
                std::collections::hash_map::RandomState::new()
                    .build_hasher()
                    .finish()
            };
            let ceiling = u64::from(tries.min(15).pow(2)) * 200;
            std::thread::sleep(std::time::Duration::from_micros(
                ceiling / 2 + jitter % ceiling,
            ));
        }
    }

    /// Starts a transaction with `begin`. On PostgreSQL a connection the server closed
    /// (a restart, a failover, a terminated backend) is replaced first, and a `BEGIN`
    /// that fails is tried again on a new connection: nothing of the transaction ran, so
    /// running it from the start is safe. Only the `BEGIN`: a transaction that broke
    /// after it began is the command's failure, never run again blindly (its COMMIT may
    /// have reached the server). Past [`NOT_BEGUN_PATIENCE`] the command answers "try
    /// again" ([`StoreError::Unavailable`]).
    fn begin(&mut self, begin: &str) -> Result<(), StoreError> {
        let Some(target) = self.postgres.clone() else {
            return Ok(self.conn.execute_batch(begin)?);
        };
        let started = std::time::Instant::now();
        let mut pause = std::time::Duration::from_millis(25);
        loop {
            let why = if self.conn.is_broken() {
                "the connection was closed by the server".to_owned()
            } else {
                match self.conn.execute_batch(begin) {
                    Ok(()) => return Ok(()),
                    Err(e) => StoreError::from(e).to_string(),
                }
            };
            if started.elapsed() >= NOT_BEGUN_PATIENCE {
                return Err(StoreError::Unavailable(why));
            }
            match target.connect() {
                Ok(conn) => {
                    tracing::info!(%why, "opened a new database connection for a transaction that had not begun");
                    self.conn = conn;
                    // Prepared on the old connection only.
                    continue;
                }
                Err(e) => {
                    tracing::warn!(error = %e, %why, "no new database connection yet");
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(std::time::Duration::from_millis(400));
                }
            }
        }
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
    ///
    /// On PostgreSQL every command is its own transaction ([`Store::write`]), committed
    /// here, and no group number is returned: its server groups the commits of all
    /// connections itself, and a conflict must roll back and rerun one command, not a group.
    pub fn grouped<T, E>(
        &mut self,
        read: bool,
        work: impl FnMut(&Tx<'_>) -> Result<T, E>,
    ) -> (Result<T, E>, Option<u64>)
    where
        E: From<StoreError>,
    {
        let group = match self.group.get() {
            _ if self.postgres.is_some() => return (self.run(read, work), None),
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
        let mut work = work;
        feed::count_transaction();
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
                    if self.conn.sqlite().is_some_and(|c| !c.is_autocommit()) {
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

    /// Raises `flag` (another connection's [`Store::damage_seen`]) when this one finds a
    /// damaged game: one flag for every connection of a pool.
    pub fn share_damage_flag(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.damage_seen = flag;
    }

    /// Bytes the database's content takes (free pages not counted): for measuring growth.
    pub fn size_bytes(&self) -> Result<u64, StoreError> {
        match &self.conn {
            Conn::Sqlite(conn) => Ok(conn.query_row(
                "SELECT (page_count - freelist_count) * page_size \
                 FROM pragma_page_count(), pragma_freelist_count(), pragma_page_size()",
                [],
                |r| r.get::<_, i64>(0),
            )? as u64),
            Conn::Postgres(_) => postgres::size_bytes(&self.conn),
        }
    }

    /// Raw access for tests that inspect or damage a SQLite file (what only SQLite has).
    ///
    /// # Panics
    /// On PostgreSQL: such a test is a SQLite test, and should ask [`Store::is_postgres`].
    #[doc(hidden)]
    pub fn connection(&self) -> &Connection {
        self.conn
            .sqlite()
            .expect("a SQLite connection (this store is on PostgreSQL)")
    }

    /// Raw access for tests that trace the statements commands run (SQLite only).
    #[doc(hidden)]
    pub fn connection_mut(&mut self) -> &mut Connection {
        match &mut self.conn {
            Conn::Sqlite(conn) => conn,
            Conn::Postgres(_) => panic!("a SQLite connection (this store is on PostgreSQL)"),
        }
    }

    /// The rows of a query, each value as text (NULL as ""), for tests that look at what
    /// is stored on either backend (in the SQL both read).
    #[doc(hidden)]
    pub fn query_for_test(&self, sql: &str) -> Result<Vec<Vec<String>>, StoreError> {
        let mut rows = Vec::new();
        self.conn.for_each(sql, sql::params![], |row| {
            rows.push(row.values().iter().map(sql::Value::text).collect());
            Ok(())
        })?;
        Ok(rows)
    }

    /// Runs statements of the store's own on either backend, for tests that set up a
    /// state no command makes (statements in the SQL both backends read).
    #[doc(hidden)]
    pub fn execute_for_test(&self, sql: &str) -> Result<(), StoreError> {
        Ok(self.conn.execute_batch(sql)?)
    }
}

/// An open transaction of [`Store::run`], rolled back unless disarmed (an `Err`, a failed
/// commit, or a panic unwinding).
struct Open<'a> {
    conn: &'a Conn,
    armed: bool,
}

impl Drop for Open<'_> {
    fn drop(&mut self) {
        if self.armed {
            let _ = self.conn.execute_batch("ROLLBACK");
        }
    }
}

/// Undoes one command's savepoint unless disarmed (an `Err`, or a panic unwinding), and
/// ends a group that is left with no command in it, so that no empty transaction keeps
/// the write lock from other processes.
struct Undo<'a> {
    conn: &'a Conn,
    group: &'a std::cell::Cell<Option<Group>>,
    armed: bool,
}

/// Ends the open group if no command is in it.
fn close_if_empty(conn: &Conn, group: &std::cell::Cell<Option<Group>>) {
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
