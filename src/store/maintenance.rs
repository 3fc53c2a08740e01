//! Operations on a database file from outside the bot: a consistent backup while it runs,
//! and a check of what the file holds. Neither migrates nor changes the source.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use super::sql::Conn;
use super::{BUSY_TIMEOUT_MS, MIGRATIONS, StoreError};

/// The lines of `PRAGMA integrity_check` or `quick_check` that report a problem (none
/// when the database is sound).
pub(super) fn problems(conn: &Connection, pragma: &str) -> Result<Vec<String>, StoreError> {
    let mut stmt = conn.prepare(&format!("PRAGMA {pragma}")).map_err(damage)?;
    let lines = stmt
        .query_map([], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(damage)?;
    Ok(lines.into_iter().filter(|line| line != "ok").collect())
}

/// SQLite's "corrupt" and "not a database" say the file is damaged: reported as such, so
/// the operator reads "damaged" rather than a bare error code.
pub(super) fn damage(e: rusqlite::Error) -> StoreError {
    use rusqlite::ErrorCode::{DatabaseCorrupt, NotADatabase};
    match e.sqlite_error_code() {
        Some(DatabaseCorrupt | NotADatabase) => StoreError::Damaged(e.to_string()),
        _ => StoreError::from(e),
    }
}

/// Opens an existing database without creating it, without changing its journal mode and
/// refusing writes: what `check` and `backup` read from.
fn open_existing(db: &Path) -> Result<Connection, StoreError> {
    // Read-write without CREATE rather than read-only: a read-only connection cannot open
    // a WAL database whose -shm file is missing (the bot is not running).
    let conn = Connection::open_with_flags(
        db,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.execute_batch(&format!(
        "PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}; PRAGMA query_only = 1;"
    ))?;
    Ok(conn)
}

/// What `check` found in a database file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    pub path: PathBuf,
    /// A PostgreSQL database (where no tables yet is a new database, not an empty file).
    pub postgres: bool,
    /// `PRAGMA integrity_check` lines that report a problem; empty when sound.
    pub problems: Vec<String>,
    pub schema_version: i64,
    /// The schema version this build knows.
    pub known_version: i64,
    /// Counts; `None` when the table (or column) does not exist at this version.
    pub players: Option<i64>,
    pub games: Option<i64>,
    pub active_games: Option<i64>,
    pub damaged_games: Option<i64>,
    /// Games not set aside yet whose rows do not decode: each is set aside (and its
    /// player told) the first time a command reads it.
    pub undecodable_games: Option<i64>,
    pub servers: Option<i64>,
    pub daily_puzzles: Option<i64>,
    pub bytes: u64,
}

impl CheckReport {
    /// Sound, holding data, every game readable, and a schema this build can open.
    pub fn is_healthy(&self) -> bool {
        self.problems.is_empty()
            && !self.is_empty_file()
            && self.undecodable_games.unwrap_or(0) == 0
            && self.schema_version <= self.known_version
    }

    /// A file of 0 bytes: no tables, nothing stored (the bot refuses to start on it).
    pub fn is_empty_file(&self) -> bool {
        !self.postgres && self.bytes == 0 && self.schema_version == 0
    }

    /// A PostgreSQL database without the bot's tables yet: the bot creates them at its
    /// first start.
    pub fn is_new_database(&self) -> bool {
        self.postgres && self.schema_version == 0
    }
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = |n: Option<i64>| n.map_or_else(|| "-".to_string(), |n| n.to_string());
        writeln!(
            f,
            "database: {} ({} bytes)",
            self.path.display(),
            self.bytes
        )?;
        if self.is_empty_file() {
            writeln!(
                f,
                "EMPTY: the file holds no data (0 bytes, no tables); the bot refuses to start \
                 on it. Restore it from a backup, or delete it to start a new database"
            )?;
        }
        if self.is_new_database() {
            writeln!(
                f,
                "NEW: no tables yet; the bot creates them when it first starts on this database"
            )?;
        }
        if self.problems.is_empty() {
            writeln!(f, "integrity: ok")?;
        } else {
            writeln!(f, "integrity: DAMAGED ({} problems)", self.problems.len())?;
            for line in self.problems.iter().take(20) {
                writeln!(f, "  {line}")?;
            }
        }
        let note = match self.schema_version.cmp(&self.known_version) {
            _ if self.is_empty_file() => " (none: the file is empty)",
            _ if self.is_new_database() => " (none yet: a new database)",
            std::cmp::Ordering::Greater => " (newer than this build: it will refuse to open it)",
            std::cmp::Ordering::Less => " (older: upgraded at the bot's next start)",
            std::cmp::Ordering::Equal => "",
        };
        writeln!(
            f,
            "schema version: {} (this build: {}){note}",
            self.schema_version, self.known_version
        )?;
        writeln!(f, "players: {}", count(self.players))?;
        writeln!(
            f,
            "games: {} ({} in progress, {} set aside as damaged)",
            count(self.games),
            count(self.active_games),
            count(self.damaged_games)
        )?;
        if let Some(n) = self.undecodable_games.filter(|&n| n > 0) {
            writeln!(
                f,
                "DAMAGED GAMES: {n} stored games do not decode; each is set aside, and its \
                 player told, the first time a command reads it"
            )?;
        }
        writeln!(f, "servers: {}", count(self.servers))?;
        write!(f, "daily puzzles: {}", count(self.daily_puzzles))
    }
}

/// `sudoku-bot check`: a full `integrity_check` of the file at `db` and what it holds.
/// Changes nothing, and may run while the bot does. A damaged file gives a report (with
/// its problems) when SQLite can still read it, an error when it cannot.
pub fn check(db: &Path) -> Result<CheckReport, StoreError> {
    let unreadable = |e| match e {
        StoreError::Damaged(message) => StoreError::Unreadable(message),
        StoreError::Sqlite(e) => match damage(e) {
            StoreError::Damaged(message) => StoreError::Unreadable(message),
            other => other,
        },
        other => other,
    };
    let conn = Conn::Sqlite(open_existing(db).map_err(unreadable)?);
    report(&conn, db).map_err(unreadable)
}

fn report(sql: &Conn, path: &Path) -> Result<CheckReport, StoreError> {
    let conn = sql
        .sqlite()
        .ok_or_else(|| StoreError::Corrupt("a SQLite report of another database".into()))?;
    let problems = problems(conn, "integrity_check")?;
    let schema_version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(damage)?;
    let count = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0)).ok();
    Ok(CheckReport {
        postgres: false,
        path: path.to_path_buf(),
        problems,
        schema_version,
        known_version: MIGRATIONS.len() as i64,
        players: count("SELECT count(*) FROM players"),
        games: count("SELECT count(*) FROM games"),
        // Before `damaged` existed (schema 5), every active game was in progress.
        active_games: count(
            "SELECT count(*) FROM games WHERE status = 'active' AND damaged IS NULL",
        )
        .or_else(|| count("SELECT count(*) FROM games WHERE status = 'active'")),
        damaged_games: count("SELECT count(*) FROM games WHERE damaged IS NOT NULL"),
        // Only at the schema this build reads (older ones lack columns it selects).
        undecodable_games: (schema_version == MIGRATIONS.len() as i64)
            .then(|| super::games::undecodable_games(sql).ok())
            .flatten(),
        servers: count("SELECT count(*) FROM servers"),
        daily_puzzles: count("SELECT count(*) FROM daily_puzzles"),
        bytes: std::fs::metadata(path).map_or(0, |m| m.len()),
    })
}

/// `sudoku-bot backup`: a consistent copy of `db` at `to`, made while the bot may be
/// writing, through SQLite's online backup API. Returns the check of the copy.
///
/// The copy holds every transaction committed before it started, and no half of any
/// other. It is written beside `to` and renamed into place only once it passed
/// `integrity_check`, so a failed backup never replaces a good older one. The copy is a
/// single self-contained file (rollback journal, no -wal): restoring is copying it back
/// over the database while the bot is stopped.
pub fn backup(db: &Path, to: &Path) -> Result<CheckReport, StoreError> {
    let source = open_existing(db)?;
    let mut partial = to.as_os_str().to_owned();
    partial.push(".partial");
    let partial = PathBuf::from(partial);
    let result = copy_into(&source, &partial).and_then(|report| {
        std::fs::rename(&partial, to)?;
        if let Some(dir) = to.parent().filter(|d| !d.as_os_str().is_empty()) {
            // The rename itself is durable only once the directory is synced.
            std::fs::File::open(dir).and_then(|d| d.sync_all())?;
        }
        Ok(CheckReport {
            postgres: false,
            path: to.to_path_buf(),
            ..report
        })
    });
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result
}

fn copy_into(source: &Connection, partial: &Path) -> Result<CheckReport, StoreError> {
    // A leftover of an interrupted backup is not ours to append to.
    match std::fs::remove_file(partial) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e.into()),
    }
    let mut copy = Connection::open(partial)?;
    {
        let backup = Backup::new(source, &mut copy)?;
        // All pages in one step, under one read transaction of the source: a consistent
        // snapshot, and in WAL mode the bot keeps writing meanwhile. (Several smaller
        // steps would restart whenever the bot commits in between.)
        let mut waits = 0;
        loop {
            match backup.step(-1)? {
                StepResult::Done => break,
                StepResult::More => {}
                StepResult::Busy | StepResult::Locked if waits < 100 => {
                    waits += 1;
                    std::thread::sleep(Duration::from_millis(50));
                }
                StepResult::Busy | StepResult::Locked => {
                    return Err(StoreError::Busy(rusqlite::Error::SqliteFailure(
                        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
                        Some("the database stayed locked for 5 s; try the backup again".into()),
                    )));
                }
                // StepResult may grow; any new outcome is one this code does not expect.
                other => {
                    return Err(StoreError::Io(std::io::Error::other(format!(
                        "the backup stopped unexpectedly: {other:?}"
                    ))));
                }
            }
        }
    }
    // The copied header says WAL; a backup file is simpler as one self-contained file.
    let _: String = copy.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
    let copy = Conn::Sqlite(copy);
    let report = report(&copy, partial)?;
    if !report.problems.is_empty() {
        return Err(StoreError::Damaged(format!(
            "the copy failed integrity_check: {}",
            report.problems.join("; ")
        )));
    }
    if let Conn::Sqlite(copy) = copy {
        copy.close().map_err(|(_, e)| StoreError::from(e))?;
    }
    std::fs::File::open(partial).and_then(|f| f.sync_all())?;
    Ok(CheckReport {
        postgres: false,
        bytes: std::fs::metadata(partial).map_or(report.bytes, |m| m.len()),
        ..report
    })
}

/// `sudoku-bot check` on either backend (see [`check`] and `postgres::check`).
pub fn check_at(db: &super::Location) -> Result<CheckReport, StoreError> {
    match db {
        super::Location::File(path) => check(path),
        super::Location::Postgres(url) => super::postgres::check(url),
    }
}

/// `sudoku-bot backup` on either backend: what it did, to print.
pub fn backup_at(db: &super::Location, to: &Path) -> Result<String, StoreError> {
    match db {
        super::Location::File(path) => backup(path, to).map(|report| report.to_string()),
        super::Location::Postgres(url) => super::postgres::backup(url, to),
    }
}
