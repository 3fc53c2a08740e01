//! What only the PostgreSQL backend does: connecting (URL and `PG*` variables), the
//! schema version, migrations under a lock all processes share, the test suite's private
//! schemas, `check`, and copying a SQLite database over (`migrate-store`).

use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};

use super::sql::{Conn, PgConn};
use super::{Location, Migration, POSTGRES_MIGRATIONS, Store, StoreError};

/// The environment variable naming the PostgreSQL server the test suite's second run
/// uses: every [`Store::open_in_memory`] then opens a new schema of its own there.
pub const TEST_URL_VARIABLE: &str = "SUDOKU_TEST_POSTGRES";

/// The server of the test suite's PostgreSQL run, if this is it.
pub fn test_url() -> Option<String> {
    std::env::var(TEST_URL_VARIABLE)
        .ok()
        .filter(|url| !url.is_empty())
}

/// For tests: the location of schema `name` on the test suite's PostgreSQL server
/// (created if missing), or `None` outside the PostgreSQL run. The same name is the same
/// database, so a test can close it and open it again, as a restart does.
#[doc(hidden)]
pub fn test_location(name: &str) -> Result<Option<Location>, StoreError> {
    let Some(url) = test_url() else {
        return Ok(None);
    };
    let schema: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    // Identifiers stop at 63 bytes: a long name keeps its end and a hash of the whole.
    let schema = if schema.len() > 40 {
        let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        format!("n_{}_{hash:x}", &schema[schema.len() - 30..])
    } else {
        format!("n_{schema}")
    };
    let conn = Target::from_url(&url)?.connect()?;
    conn.execute_batch(&format!("CREATE SCHEMA IF NOT EXISTS {schema}"))?;
    let joiner = if url.contains('?') { '&' } else { '?' };
    Ok(Some(Location::Postgres(format!(
        "{url}{joiner}options=-csearch_path%3D{schema}"
    ))))
}

/// The key of the advisory lock migrations run under: one process at a time migrates,
/// the others find the schema done.
const MIGRATION_LOCK: i64 = 0x5d0c_0b07_0001;

/// The key of the advisory lock daily puzzles are inserted under (see
/// `Tx::insert_daily_puzzle`): the statement that takes it.
pub(super) const LOCK_DAILY_INSERTS: &str = "SELECT pg_advisory_xact_lock(6665140212530098262)";

/// A server (and, for tests, a schema of its own in the connection's options): how to
/// open another connection.
#[derive(Clone)]
pub struct Target {
    config: postgres::Config,
    tls: super::tls::Connector,
    /// The TLS settings as libpq's variables, for `pg_dump`.
    libpq: Vec<(&'static str, String)>,
    /// Whether connections get [`SERVER_TIMEOUTS`]: not those of `check` and
    /// `migrate-store`, whose one long statement or transaction is the point.
    timeouts: bool,
}

/// What the server enforces on every connection of the bot, whatever the client does (a
/// hung process, a lost network): a statement running longer than 30 s is cancelled, and
/// a session left idle inside a transaction for 60 s is ended, its locks and snapshot
/// freed. A command is answered within Discord's seconds or not at all, so neither cuts
/// anything short that a player waits for. Sent as startup options before the URL's own
/// `options`, so that `options=-c%20statement_timeout%3D10s` in the URL wins. No
/// `lock_timeout`: a lock wait is a statement's time, bounded by the statement timeout
/// already, and a shorter bound would fail a daily insert that waits for another
/// replica's batch to commit.
pub const SERVER_TIMEOUTS: &str =
    "-c statement_timeout=30s -c idle_in_transaction_session_timeout=60s";

impl Target {
    /// From a `postgres://` URL. What the URL leaves out comes from the usual variables
    /// (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`), as `psql`
    /// would take it.
    pub fn from_url(url: &str) -> Result<Target, StoreError> {
        // The TLS options (sslmode's six values, sslrootcert, sslcert, sslkey) are read
        // here; the driver gets the URL without them.
        let tls = super::tls::options(url)
            .map_err(|e| StoreError::Location(format!("{}: {e}", without_password(url))))?;
        let mut config = postgres::Config::from_str(&tls.url).map_err(|e| {
            StoreError::Location(format!(
                "{} is not a PostgreSQL URL this bot can read ({e}); write it as \
                 postgres://user:password@host:5432/database?sslmode=verify-full",
                without_password(url)
            ))
        })?;
        config.ssl_mode(tls.mode.driver());
        let env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        if config.get_hosts().is_empty() && config.get_hostaddrs().is_empty() {
            match env("PGHOST") {
                Some(host) => {
                    config.host(&host);
                }
                None => {
                    config.host("/var/run/postgresql");
                }
            }
        }
        if config.get_ports().is_empty()
            && let Some(port) = env("PGPORT").and_then(|p| p.parse().ok())
        {
            config.port(port);
        }
        if config.get_user().is_none() {
            let user = env("PGUSER")
                .or_else(|| env("USER"))
                .unwrap_or_else(|| "postgres".into());
            config.user(&user);
        }
        if config.get_password().is_none()
            && let Some(password) = env("PGPASSWORD")
        {
            config.password(password);
        }
        if config.get_dbname().is_none()
            && let Some(db) = env("PGDATABASE")
        {
            config.dbname(&db);
        }
        // The URL's own name, when it gives one, tells replicas apart in pg_stat_activity.
        if config.get_application_name().is_none() {
            config.application_name("sudoku-bot");
        }
        config.connect_timeout(std::time::Duration::from_secs(10));
        // A server gone silent (a partition, a dead host) is noticed in about a minute,
        // not after the system's two hours: a command never waits on it for long.
        config.keepalives_idle(std::time::Duration::from_secs(30));
        config.keepalives_interval(std::time::Duration::from_secs(10));
        config.keepalives_retries(3);
        config.tcp_user_timeout(std::time::Duration::from_secs(60));
        Ok(Target {
            config,
            tls: tls.connector,
            libpq: tls.libpq,
            timeouts: true,
        })
    }

    /// The same server without [`SERVER_TIMEOUTS`]: for `check` and `migrate-store`,
    /// whose one long statement or transaction is the point.
    pub fn without_timeouts(mut self) -> Target {
        self.timeouts = false;
        self
    }

    /// A new, empty schema of its own on the server at `url`: for the test suite, whose
    /// tests each need a database nobody else writes to.
    pub fn private_schema(url: &str) -> Result<Target, StoreError> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let mut target = Target::from_url(url)?;
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_micros());
        let name = format!(
            "t_{}_{}_{}",
            std::process::id(),
            stamp,
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let conn = target.connect()?;
        conn.execute_batch(&format!("CREATE SCHEMA {name}"))?;
        // In the connection's options, so that a connection opened again keeps it.
        target.config.options(&format!("-csearch_path={name}"));
        Ok(target)
    }

    /// A bare client, on the calling thread (which must not run async code): for a
    /// connection that only listens ([`super::feed::Feed`]).
    pub(super) fn client(&self) -> Result<postgres::Client, StoreError> {
        Ok(self.config.connect(self.tls.clone())?)
    }

    pub fn connect(&self) -> Result<Conn, StoreError> {
        let mut config = self.config.clone();
        if self.timeouts {
            let own = self.config.get_options().unwrap_or_default();
            config.options(format!("{SERVER_TIMEOUTS} {own}").trim_end());
        }
        Ok(Conn::Postgres(PgConn::connect(&config, self.tls.clone())?))
    }
}

/// Whether `e` says the server could not be reached or dropped the connection (refused,
/// timed out, reset, shutting down, starting up, out of connection slots), rather than
/// refusing what was asked: trouble that waiting, or another connection, can get past.
/// A TLS or sign-in refusal is not: that needs an operator, and is said at once.
pub fn is_connection_trouble(e: &postgres::Error) -> bool {
    use postgres::error::SqlState;
    if let Some(code) = e.code() {
        return code.code().starts_with("08")
            || [
                SqlState::ADMIN_SHUTDOWN,
                SqlState::CRASH_SHUTDOWN,
                SqlState::CANNOT_CONNECT_NOW,
                SqlState::TOO_MANY_CONNECTIONS,
            ]
            .contains(code);
    }
    // The driver's own errors have no code; their text names the kind (tokio-postgres
    // keeps the kind private): "error connecting to server", "error communicating with
    // the server", "connection closed", "timeout waiting for server".
    let text = e.to_string();
    e.is_closed()
        || [
            "error connecting",
            "error communicating",
            "connection closed",
            "timeout",
        ]
        .iter()
        .any(|kind| text.starts_with(kind))
}

/// A PostgreSQL error with its cause ("error connecting to server: Connection refused"),
/// which the error's own text leaves out.
pub fn describe(e: &postgres::Error) -> String {
    match std::error::Error::source(e) {
        Some(cause) if !e.to_string().contains(&cause.to_string()) => format!("{e}: {cause}"),
        _ => e.to_string(),
    }
}

/// A URL as it may be shown: its password replaced by `***`.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    // As the driver reads it: everything up to the first `@` is the user and password,
    // even a `/` or `?` in the password.
    let Some((credentials, after)) = rest.split_once('@') else {
        return shown_query(url);
    };
    let user = credentials.split([':', '/', '?']).next().unwrap_or("");
    let hidden = if credentials.contains(':') {
        format!("{user}:***")
    } else {
        user.to_owned()
    };
    shown_query(&format!("{scheme}://{hidden}@{after}"))
}

/// A `password=` in the query is hidden too.
fn shown_query(url: &str) -> String {
    let Some((base, query)) = url.split_once('?') else {
        return url.to_owned();
    };
    let query: Vec<String> = query
        .split('&')
        .map(|pair| {
            if pair.starts_with("password=") {
                "password=***".to_owned()
            } else {
                pair.to_owned()
            }
        })
        .collect();
    format!("{base}?{}", query.join("&"))
}

/// The schema version: how many migrations have been applied (0 on an empty database).
pub fn version(conn: &Conn) -> Result<i64, StoreError> {
    let exists: bool = conn.query_row(
        "SELECT to_regclass('schema_version') IS NOT NULL",
        super::sql::params![],
        |r| r.get(0),
    )?;
    if !exists {
        return Ok(0);
    }
    Ok(conn.query_row(
        "SELECT coalesce(max(version), 0) FROM schema_version",
        super::sql::params![],
        |r| r.get(0),
    )?)
}

/// Brings the schema to `migrations`' last version, in one transaction under a lock every
/// process takes: a crash mid-upgrade leaves the old schema, and processes starting at
/// once migrate once. A database from a newer build is refused, changing nothing.
pub fn migrate(conn: &Conn, migrations: &[Migration]) -> Result<(), StoreError> {
    let known = POSTGRES_MIGRATIONS.len() as i64;
    let found = version(conn)?;
    if found > known {
        return Err(StoreError::TooNew { found, known });
    }
    if found >= migrations.len() as i64 {
        return Ok(());
    }
    conn.execute_batch("BEGIN")?;
    let result = (|| {
        // A migration may rewrite a big table, and the processes starting beside this one
        // wait for its lock: neither is cut short by the serving connections' timeouts.
        conn.execute_batch(
            "SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0",
        )?;
        conn.execute_batch(&format!("SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS schema_version (
                 version BIGINT NOT NULL,
                 applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
             )",
        )?;
        let current = version(conn)?;
        if current > known {
            return Err(StoreError::TooNew {
                found: current,
                known,
            });
        }
        for (i, migration) in migrations.iter().enumerate() {
            let version = i as i64 + 1;
            if version <= current {
                continue;
            }
            conn.execute_batch(migration.sql).map_err(|e| {
                StoreError::Corrupt(format!("migration {} failed: {e}", migration.name))
            })?;
            conn.execute(
                "INSERT INTO schema_version (version) VALUES (?1)",
                super::sql::params![version],
            )?;
        }
        Ok(())
    })();
    match result {
        Ok(()) => Ok(conn.execute_batch("COMMIT")?),
        Err(e) => {
            let _ = conn.execute_batch("ROLLBACK");
            Err(e)
        }
    }
}

/// Bytes the store's tables and indexes take.
pub fn size_bytes(conn: &Conn) -> Result<u64, StoreError> {
    let bytes: i64 = conn.query_row(
        "SELECT CAST(coalesce(sum(pg_total_relation_size(c.oid)), 0) AS BIGINT) FROM pg_class c \
         JOIN pg_namespace n ON n.oid = c.relnamespace \
         WHERE n.nspname = current_schema() AND c.relkind = 'r'",
        super::sql::params![],
        |r| r.get(0),
    )?;
    Ok(u64::try_from(bytes).unwrap_or(0))
}

/// The tables a database holds, parents before the tables that refer to them: the order
/// rows are copied in.
pub const TABLES: &[&str] = &[
    "players",
    "player_settings",
    "servers",
    "daily_puzzles",
    "daily_attempts_forgotten",
    "races",
    "race_players",
    "games",
    "coops",
    "coop_players",
    "ratings",
    "ratings_forgotten",
    "leases",
    // Minutes of ids only, but copied all the same: a replica moved to the new database
    // at once still refuses what the old one ran.
    "interactions_taken",
    "web_sessions_ended",
];

/// How many rows each of [`TABLES`] holds.
pub fn counts(store: &Store) -> Result<Vec<(&'static str, i64)>, StoreError> {
    TABLES
        .iter()
        .map(|table| {
            let n: i64 = store.conn.query_row(
                &format!("SELECT count(*) FROM {table}"),
                super::sql::params![],
                |r| r.get(0),
            )?;
            Ok((*table, n))
        })
        .collect()
}

/// What `migrate-store` did: rows per table, the same in both.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    pub tables: Vec<(&'static str, i64)>,
}

impl std::fmt::Display for Copied {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let total: i64 = self.tables.iter().map(|(_, n)| n).sum();
        writeln!(f, "copied {total} rows; every table's count checked:")?;
        for (table, n) in &self.tables {
            writeln!(f, "  {table}: {n}")?;
        }
        Ok(())
    }
}

/// `sudoku-bot migrate-store`: copies every row of the database at `from` into the empty
/// one at `to` (either backend; both brought to this build's schema first), in one
/// transaction of the target, then checks that every table holds as many rows in both.
/// Refuses a target that holds any row, changing nothing there. The source is only read,
/// in one snapshot: stop the bot first, or what it writes meanwhile is not copied.
pub fn copy_store(from: &Location, to: &Location) -> Result<Copied, StoreError> {
    if from == to {
        return Err(StoreError::Location(
            "the source and the target are the same database".into(),
        ));
    }
    let mut source = Store::open_patient(from)?;
    let mut target = Store::open_patient(to)?;
    let occupied: Vec<String> = counts(&target)?
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(table, n)| format!("{table} ({n} {})", if n == 1 { "row" } else { "rows" }))
        .collect();
    if !occupied.is_empty() {
        return Err(StoreError::Location(format!(
            "the target {to} is not empty: {}. migrate-store copies only into an empty \
             database; nothing was changed",
            occupied.join(", ")
        )));
    }
    // Row by row from the source's snapshot into the target's one transaction: nothing
    // but a row at a time is held here (a whole database once was, 155 MB for 38 MB).
    let expected = source.read(|from| {
        target.write(|into| {
            let mut expected = Vec::new();
            for table in TABLES {
                let columns = columns_of(from.tx, table)?;
                let marks: Vec<String> = (1..=columns.len()).map(|i| format!("?{i}")).collect();
                let insert = format!(
                    "INSERT INTO {table} ({}) VALUES ({})",
                    columns.join(", "),
                    marks.join(", ")
                );
                let mut rows = 0i64;
                from.tx.for_each(
                    &format!("SELECT {} FROM {table} ORDER BY 1", columns.join(", ")),
                    super::sql::params![],
                    |row| {
                        let params: Vec<&dyn super::sql::Param> = row
                            .values()
                            .iter()
                            .map(|v| v as &dyn super::sql::Param)
                            .collect();
                        into.tx.execute(&insert, &params)?;
                        rows += 1;
                        Ok(())
                    },
                )?;
                expected.push((*table, rows));
            }
            // Identity columns go on after the highest id copied, not from 1 again.
            if into.tx.dialect() == super::sql::Dialect::Postgres {
                for (table, column) in [
                    ("games", "id"),
                    ("coops", "id"),
                    ("races", "id"),
                    ("daily_puzzles", "rowid"),
                ] {
                    into.tx.execute_batch(&format!(
                        "SELECT setval(pg_get_serial_sequence('{table}', '{column}'), \
                         coalesce((SELECT max({column}) FROM {table}), 0) + 1, false)"
                    ))?;
                }
                // And the order of last use goes on after the copied games' (migration 0020).
                into.tx.execute_batch(
                    "SELECT setval('games_touched', \
                     coalesce((SELECT max(touched_at) FROM games), 0) + 1, false)",
                )?;
            }
            Ok::<_, StoreError>(expected)
        })
    })?;
    let copied = counts(&target)?;
    if copied != expected {
        return Err(StoreError::Corrupt(format!(
            "after the copy the target's counts {copied:?} differ from the source's {expected:?}"
        )));
    }
    Ok(Copied { tables: copied })
}

/// A table's columns, by name, in the source's order (`daily_puzzles` with its row
/// number, which orders the puzzles).
fn columns_of(conn: &Conn, table: &str) -> Result<Vec<String>, StoreError> {
    let mut columns = Vec::new();
    match conn.dialect() {
        super::sql::Dialect::Sqlite => {
            if table == "daily_puzzles" {
                columns.push("rowid".to_owned());
            }
            conn.for_each(
                "SELECT name FROM pragma_table_info(?1) ORDER BY cid",
                super::sql::params![table],
                |r| {
                    columns.push(r.get(0)?);
                    Ok(())
                },
            )?;
        }
        super::sql::Dialect::Postgres => {
            conn.for_each(
                "SELECT column_name::text FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = ?1 \
                 ORDER BY ordinal_position",
                super::sql::params![table],
                |r| {
                    columns.push(r.get(0)?);
                    Ok(())
                },
            )?;
        }
    }
    Ok(columns)
}

/// `sudoku-bot check` on PostgreSQL: the schema version, what the database holds, every
/// game decodable, and every index valid (an index a failed `CREATE INDEX CONCURRENTLY`
/// left behind is not). Changes nothing and migrates nothing.
pub fn check(url: &str) -> Result<super::CheckReport, StoreError> {
    let conn = Target::from_url(url)?.without_timeouts().connect()?;
    let schema_version = version(&conn)?;
    let known = POSTGRES_MIGRATIONS.len() as i64;
    let count = |sql: &str| -> Option<i64> {
        // Each count in a savepoint-free statement of its own: a missing table (an older
        // schema) fails that statement alone, outside any transaction.
        conn.query_row(sql, super::sql::params![], |r| r.get(0))
            .ok()
    };
    let mut problems = Vec::new();
    conn.for_each(
        "SELECT c.relname::text FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid \
         JOIN pg_namespace n ON n.oid = c.relnamespace \
         WHERE n.nspname = current_schema() AND NOT x.indisvalid",
        super::sql::params![],
        |r| {
            problems.push(format!("index {} is not valid", r.get::<_, String>(0)?));
            Ok(())
        },
    )?;
    Ok(super::CheckReport {
        postgres: true,
        path: without_password(url).into(),
        problems,
        schema_version,
        known_version: known,
        players: count("SELECT count(*) FROM players"),
        games: count("SELECT count(*) FROM games"),
        active_games: count(
            "SELECT count(*) FROM games WHERE status = 'active' AND damaged IS NULL",
        ),
        damaged_games: count("SELECT count(*) FROM games WHERE damaged IS NOT NULL"),
        undecodable_games: (schema_version == known)
            .then(|| super::games::undecodable_games(&conn).ok())
            .flatten(),
        servers: count("SELECT count(*) FROM servers"),
        daily_puzzles: count("SELECT count(*) FROM daily_puzzles"),
        bytes: size_bytes(&conn).unwrap_or(0),
    })
}

/// `sudoku-bot backup` on PostgreSQL: `pg_dump` in its custom format (one consistent
/// snapshot, restored with `pg_restore`), written beside `to` and renamed into place
/// once `pg_restore --list` reads it back. The password goes to `pg_dump` in its
/// environment, never on its command line.
pub fn backup(url: &str, to: &std::path::Path) -> Result<String, StoreError> {
    let target = Target::from_url(url)?;
    let mut partial = to.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    let mut dump = std::process::Command::new("pg_dump");
    dump.arg("--format=custom")
        .arg("--file")
        .arg(&partial)
        .arg("--no-password");
    if let Some(host) = target.config.get_hosts().first() {
        match host {
            postgres::config::Host::Tcp(name) => dump.arg("--host").arg(name),
            postgres::config::Host::Unix(path) => dump.arg("--host").arg(path),
        };
    }
    if let Some(port) = target.config.get_ports().first() {
        dump.arg("--port").arg(port.to_string());
    }
    if let Some(user) = target.config.get_user() {
        dump.arg("--username").arg(user);
    }
    if let Some(db) = target.config.get_dbname() {
        dump.arg("--dbname").arg(db);
    }
    if let Some(password) = target.config.get_password() {
        dump.env("PGPASSWORD", String::from_utf8_lossy(password).into_owned());
    }
    // The same TLS as the bot's own connections: without these pg_dump would fall back
    // to `prefer`, and send the whole database (and the password) to a server whose
    // certificate nobody checked.
    dump.envs(target.libpq.iter().map(|(name, value)| (*name, value)));
    if target.config.get_channel_binding() == postgres::config::ChannelBinding::Require {
        dump.env("PGCHANNELBINDING", "require");
    }
    let ran = |command: &mut std::process::Command, what: &str| -> Result<(), StoreError> {
        let output = command.output().map_err(|e| {
            StoreError::Io(std::io::Error::other(format!(
                "{what} could not run ({e}): PostgreSQL's client programs must be installed \
                 for a backup (Debian: postgresql-client)"
            )))
        })?;
        if output.status.success() {
            Ok(())
        } else {
            Err(StoreError::Io(std::io::Error::other(format!(
                "{what} failed: {}",
                String::from_utf8_lossy(&output.stderr).trim()
            ))))
        }
    };
    let result = ran(&mut dump, "pg_dump")
        .and_then(|()| {
            ran(
                std::process::Command::new("pg_restore")
                    .arg("--list")
                    .arg(&partial),
                "pg_restore --list (reading the dump back)",
            )
        })
        .and_then(|()| {
            std::fs::File::open(&partial).and_then(|f| f.sync_all())?;
            std::fs::rename(&partial, to)?;
            Ok(())
        });
    if result.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    result?;
    let bytes = std::fs::metadata(to).map_or(0, |m| m.len());
    Ok(format!(
        "backup: pg_dump of {} written to {} ({bytes} bytes, custom format; restore with \
         pg_restore --dbname=… {})",
        without_password(url),
        to.display(),
        to.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::without_password;

    #[test]
    fn a_password_is_never_shown() {
        assert_eq!(
            without_password("postgres://bot:s3cret@db.internal:5432/sudoku?sslmode=disable"),
            "postgres://bot:***@db.internal:5432/sudoku?sslmode=disable"
        );
        assert_eq!(
            without_password("postgresql://db/sudoku?user=bot&password=s3cret"),
            "postgresql://db/sudoku?user=bot&password=***"
        );
        assert_eq!(
            without_password("postgres://bot@db/sudoku"),
            "postgres://bot@db/sudoku"
        );
        assert_eq!(
            without_password("postgres://bot:pa/ss?x@db/sudoku"),
            "postgres://bot:***@db/sudoku"
        );
        assert_eq!(
            without_password("postgres://db/sudoku"),
            "postgres://db/sudoku"
        );
    }
}
