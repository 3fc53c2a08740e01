//! One connection, either backend: the store's statements are written once, in the SQL
//! both SQLite and PostgreSQL read, and run here on whichever the database is.
//!
//! The surface is the small part of rusqlite's the store used (`execute`, `query_row`,
//! `prepare_cached`, `query_map`, `Row::get`, `optional`), so the store reads as before.
//! What differs between the two is kept in this file:
//! - placeholders: the store writes SQLite's `?1`; PostgreSQL gets `$1` (translated once
//!   per statement text, outside string literals, and the prepared statement cached);
//! - values: every parameter is a [`Value`] (SQLite's five storage classes). PostgreSQL
//!   is strict about types, so a value is encoded as whatever type the server inferred
//!   for its placeholder (an integer for a `BIGINT` column, for a `boolean`, as text for
//!   a `text` one), and every column read comes back as a [`Value`] whatever its type
//!   (`count` is `bigint`, a comparison is `boolean`). `sum` of `bigint` is `numeric`
//!   in PostgreSQL: statements cast it (`CAST(sum(…) AS BIGINT)`), so no `numeric`
//!   is ever read;
//! - errors: a PostgreSQL serialization failure or deadlock is a [`SqlError::Conflict`],
//!   which the store retries; SQLite, with one writer at a time, never raises one.
//!
//! Anything else a statement needs per backend is chosen by [`Conn::dialect`].

use std::collections::HashMap;

/// A value as both backends hold it: SQLite's storage classes.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Integer(i64),
    Real(f64),
    Text(String),
    Blob(Vec<u8>),
}

impl Value {
    /// The value as text, NULL as "": for tests and reports that look at what is stored.
    pub fn text(&self) -> String {
        match self {
            Value::Null => String::new(),
            Value::Integer(i) => i.to_string(),
            Value::Real(r) => r.to_string(),
            Value::Text(t) => t.clone(),
            Value::Blob(b) => format!("{b:?}"),
        }
    }
}

/// What a statement's parameter can be.
pub trait Param {
    fn value(&self) -> Value;
}

macro_rules! integer_param {
    ($($t:ty),*) => {$(
        impl Param for $t {
            fn value(&self) -> Value {
                Value::Integer(i64::from(*self))
            }
        }
    )*};
}
integer_param!(i64, i32, i16, i8, u32, u16, u8, bool);

impl Param for usize {
    fn value(&self) -> Value {
        // Counts and lengths: far below i64::MAX on any real database.
        Value::Integer(i64::try_from(*self).unwrap_or(i64::MAX))
    }
}

impl Param for u64 {
    fn value(&self) -> Value {
        // Discord ids are below 2^63; SQLite stores integers signed.
        Value::Integer(*self as i64)
    }
}

impl Param for f64 {
    fn value(&self) -> Value {
        Value::Real(*self)
    }
}

impl Param for str {
    fn value(&self) -> Value {
        Value::Text(self.to_owned())
    }
}

impl Param for String {
    fn value(&self) -> Value {
        Value::Text(self.clone())
    }
}

impl Param for [u8] {
    fn value(&self) -> Value {
        Value::Blob(self.to_vec())
    }
}

impl Param for Vec<u8> {
    fn value(&self) -> Value {
        Value::Blob(self.clone())
    }
}

impl Param for Value {
    fn value(&self) -> Value {
        self.clone()
    }
}

impl<T: Param + ?Sized> Param for &T {
    fn value(&self) -> Value {
        (**self).value()
    }
}

impl<T: Param> Param for Option<T> {
    fn value(&self) -> Value {
        self.as_ref().map_or(Value::Null, Param::value)
    }
}

/// A statement's parameters, `?1` first.
pub type Params<'a> = &'a [&'a dyn Param];

/// `params![a, b]`: the parameters of a statement, in order.
macro_rules! params {
    () => { &[] as $crate::store::sql::Params<'_> };
    ($($p:expr),+ $(,)?) => {
        &[$(&$p as &dyn $crate::store::sql::Param),+] as $crate::store::sql::Params<'_>
    };
}
pub(crate) use params;

/// Why a statement failed.
#[derive(Debug, thiserror::Error)]
pub enum SqlError {
    #[error("{0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("{0}")]
    Postgres(postgres::Error),
    /// PostgreSQL gave up this transaction for another that touched the same rows at the
    /// same moment (serialization failure, deadlock): run it again from the start.
    #[error("another command changed the same data at the same moment ({0})")]
    Conflict(postgres::Error),
    /// `query_row` found no row (see [`Optional::optional`]).
    #[error("no row where one was expected")]
    NoRow,
    /// A column that does not hold what the store reads from it.
    #[error("column {column} holds {found}, not {wanted}")]
    Type {
        column: usize,
        wanted: &'static str,
        found: &'static str,
    },
    #[error("column {0} is not in the result")]
    Column(usize),
    /// The PostgreSQL connection's thread is gone (it could not start, or it panicked).
    #[error("the database connection is gone: {0}")]
    Gone(String),
}

impl From<postgres::Error> for SqlError {
    fn from(e: postgres::Error) -> Self {
        use postgres::error::SqlState;
        match e.code() {
            Some(c) if *c == SqlState::T_R_SERIALIZATION_FAILURE => SqlError::Conflict(e),
            Some(c) if *c == SqlState::T_R_DEADLOCK_DETECTED => SqlError::Conflict(e),
            _ => SqlError::Postgres(e),
        }
    }
}

/// `query_row(…).optional()`: no row is `None`, not an error.
pub trait Optional<T> {
    fn optional(self) -> Result<Option<T>, SqlError>;
}

impl<T> Optional<T> for Result<T, SqlError> {
    fn optional(self) -> Result<Option<T>, SqlError> {
        match self {
            Ok(value) => Ok(Some(value)),
            Err(SqlError::NoRow) => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// What a column can be read as.
pub trait FromValue: Sized {
    fn from_value(value: &Value, column: usize) -> Result<Self, SqlError>;
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "NULL",
        Value::Integer(_) => "an integer",
        Value::Real(_) => "a real",
        Value::Text(_) => "text",
        Value::Blob(_) => "a blob",
    }
}

fn wrong<T>(value: &Value, column: usize, wanted: &'static str) -> Result<T, SqlError> {
    Err(SqlError::Type {
        column,
        wanted,
        found: kind(value),
    })
}

macro_rules! integer_column {
    ($($t:ty),*) => {$(
        impl FromValue for $t {
            fn from_value(value: &Value, column: usize) -> Result<Self, SqlError> {
                match value {
                    Value::Integer(i) => <$t>::try_from(*i).or_else(|_| {
                        wrong(value, column, concat!("a ", stringify!($t)))
                    }),
                    _ => wrong(value, column, "an integer"),
                }
            }
        }
    )*};
}
integer_column!(i64, i32, i16, i8, u64, u32, u16, u8, usize);

impl FromValue for bool {
    fn from_value(value: &Value, column: usize) -> Result<Self, SqlError> {
        match value {
            Value::Integer(i) => Ok(*i != 0),
            _ => wrong(value, column, "a boolean"),
        }
    }
}

impl FromValue for f64 {
    fn from_value(value: &Value, column: usize) -> Result<Self, SqlError> {
        match value {
            Value::Real(r) => Ok(*r),
            Value::Integer(i) => Ok(*i as f64),
            _ => wrong(value, column, "a number"),
        }
    }
}

impl FromValue for String {
    fn from_value(value: &Value, column: usize) -> Result<Self, SqlError> {
        match value {
            Value::Text(s) => Ok(s.clone()),
            _ => wrong(value, column, "text"),
        }
    }
}

impl FromValue for Vec<u8> {
    fn from_value(value: &Value, column: usize) -> Result<Self, SqlError> {
        match value {
            Value::Blob(b) => Ok(b.clone()),
            _ => wrong(value, column, "a blob"),
        }
    }
}

impl FromValue for Value {
    fn from_value(value: &Value, _: usize) -> Result<Self, SqlError> {
        Ok(value.clone())
    }
}

impl<T: FromValue> FromValue for Option<T> {
    fn from_value(value: &Value, column: usize) -> Result<Self, SqlError> {
        match value {
            Value::Null => Ok(None),
            other => T::from_value(other, column).map(Some),
        }
    }
}

/// A column's position, counted from 0 (rusqlite's `get::<_, T>(i)` reads the same).
pub trait ColumnIndex {
    fn index(self) -> usize;
}

impl ColumnIndex for usize {
    fn index(self) -> usize {
        self
    }
}

/// One row of a result, read into values.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Row {
    values: Vec<Value>,
}

impl Row {
    pub fn get<I: ColumnIndex, T: FromValue>(&self, index: I) -> Result<T, SqlError> {
        let i = index.index();
        let value = self.values.get(i).ok_or(SqlError::Column(i))?;
        T::from_value(value, i)
    }

    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

/// Which SQL a backend reads, where the two differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// An open connection to either backend.
pub enum Conn {
    Sqlite(rusqlite::Connection),
    Postgres(PgConn),
}

/// A PostgreSQL connection, driven by a thread of its own.
///
/// The `postgres` crate's client blocks on a runtime of its own, which tokio forbids on a
/// thread that is already running async code: the store is called from both kinds of
/// thread (the gateway's tasks, `spawn_blocking`, the terminal). So the client lives on
/// its own thread and each call is a message there and back (a few microseconds, beside
/// a network round trip), whatever thread it comes from.
pub struct PgConn {
    jobs: std::sync::mpsc::Sender<Job>,
    /// Set when a statement met a conflict since [`Conn::take_conflict`]: the transaction
    /// is to be run again, whatever error the command made of it.
    conflict: std::cell::Cell<bool>,
    /// Set when any statement failed since [`Conn::take_failed`]. PostgreSQL aborts the
    /// whole transaction then, and its COMMIT quietly rolls back: a command that made
    /// light of an error must not be told it was saved.
    failed: std::cell::Cell<bool>,
    /// Set by the connection's thread once the server closed the connection (a restart,
    /// a failover, `pg_terminate_backend`): read without a round trip, so that a pool
    /// drops it and a store opens another before its next transaction.
    closed: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// When the last call came back: a connection idle for long is asked whether it
    /// still answers before it is trusted with a command (see [`Conn::is_healthy`]).
    last_used: std::cell::Cell<std::time::Instant>,
}

type Job = Box<dyn FnOnce(&mut PgWorker) + Send>;

/// The client and the statements prepared on it, on the connection's thread.
struct PgWorker {
    client: postgres::Client,
    /// Prepared statements by their SQLite-style text: one round trip per statement run
    /// instead of two (prepare, then run).
    statements: HashMap<String, postgres::Statement>,
}

impl PgWorker {
    fn statement(&mut self, sql: &str) -> Result<postgres::Statement, SqlError> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(&placeholders(sql))?;
        // A bound on what a stray dynamic statement text could grow it to.
        if self.statements.len() >= 512 {
            self.statements.clear();
        }
        self.statements.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }

    fn execute(&mut self, sql: &str, values: &[Value]) -> Result<u64, SqlError> {
        let statement = self.statement(sql)?;
        let args: Vec<&(dyn postgres::types::ToSql + Sync)> = values
            .iter()
            .map(|v| v as &(dyn postgres::types::ToSql + Sync))
            .collect();
        Ok(self.client.execute(&statement, &args)?)
    }

    /// The rows of a query, at most `limit`.
    fn query(&mut self, sql: &str, values: &[Value], limit: usize) -> Result<Vec<Row>, SqlError> {
        let statement = self.statement(sql)?;
        let mut rows = self.client.query_raw(&statement, values.iter())?;
        let mut out = Vec::new();
        while out.len() < limit {
            let Some(row) = postgres::fallible_iterator::FallibleIterator::next(&mut rows)? else {
                break;
            };
            out.push(Row {
                values: (0..row.len())
                    .map(|i| pg_value(&row, i))
                    .collect::<Result<_, _>>()?,
            });
        }
        Ok(out)
    }
}

impl PgConn {
    /// Connects, on the connection's own thread.
    pub fn connect(
        config: &postgres::Config,
        tls: super::tls::Connector,
    ) -> Result<PgConn, SqlError> {
        let config = config.clone();
        let (jobs, inbox) = std::sync::mpsc::channel::<Job>();
        let (opened, outcome) = std::sync::mpsc::sync_channel(1);
        let closed = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let closing = closed.clone();
        std::thread::Builder::new()
            .name("postgres".into())
            .spawn(move || {
                let client = match config.connect(tls.clone()) {
                    Ok(client) => {
                        let _ = opened.send(Ok(()));
                        client
                    }
                    Err(e) => {
                        let _ = opened.send(Err(e));
                        return;
                    }
                };
                let mut worker = PgWorker {
                    client,
                    statements: HashMap::new(),
                };
                // Until the connection is dropped (its sender with it). A connection the
                // server closed stays closed: the store opens another (`Store::run`) and
                // a pool drops it, rather than this thread reconnecting behind their back
                // in the middle of whatever called.
                for job in inbox {
                    job(&mut worker);
                    if worker.client.is_closed() {
                        closing.store(true, std::sync::atomic::Ordering::Release);
                    }
                }
            })
            .map_err(|e| SqlError::Gone(format!("no thread for the connection: {e}")))?;
        match outcome.recv() {
            Ok(Ok(())) => Ok(PgConn {
                jobs,
                conflict: std::cell::Cell::new(false),
                failed: std::cell::Cell::new(false),
                closed,
                last_used: std::cell::Cell::new(std::time::Instant::now()),
            }),
            Ok(Err(e)) => Err(SqlError::from(e)),
            Err(_) => Err(SqlError::Gone("the connection's thread ended".into())),
        }
    }

    /// Runs `work` on the connection's thread and waits for it; notes a conflict.
    fn call<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut PgWorker) -> Result<T, SqlError> + Send + 'static,
    ) -> Result<T, SqlError> {
        let (done, answer) = std::sync::mpsc::sync_channel(1);
        self.jobs
            .send(Box::new(move |worker| {
                let _ = done.send(work(worker));
            }))
            .map_err(|_| SqlError::Gone("the connection's thread ended".into()))?;
        let result = answer
            .recv()
            .map_err(|_| SqlError::Gone("the connection's thread ended".into()))?;
        self.last_used.set(std::time::Instant::now());
        match &result {
            Err(SqlError::Conflict(_)) => {
                self.conflict.set(true);
                self.failed.set(true);
            }
            Err(_) => self.failed.set(true),
            Ok(_) => {}
        }
        result
    }
}

/// A prepared statement of a connection (prepared and cached on first use).
pub struct Stmt<'a> {
    conn: &'a Conn,
    sql: String,
}

impl Stmt<'_> {
    pub fn execute(&mut self, params: Params<'_>) -> Result<usize, SqlError> {
        self.conn.execute(&self.sql, params)
    }

    pub fn query_map<T>(
        &mut self,
        params: Params<'_>,
        mut f: impl FnMut(&Row) -> Result<T, SqlError>,
    ) -> Result<std::vec::IntoIter<Result<T, SqlError>>, SqlError> {
        let mut out = Vec::new();
        self.conn.for_each(&self.sql, params, |row| {
            out.push(f(row));
            Ok(())
        })?;
        Ok(out.into_iter())
    }

    /// The rows of a query, read in full first (the store's queries are bounded).
    pub fn query(&mut self, params: Params<'_>) -> Result<Rows, SqlError> {
        let mut rows = Vec::new();
        self.conn.for_each(&self.sql, params, |row| {
            rows.push(row.clone());
            Ok(())
        })?;
        Ok(Rows {
            rows: rows.into_iter(),
            current: None,
        })
    }

    /// Whether the query has a row.
    pub fn exists(&mut self, params: Params<'_>) -> Result<bool, SqlError> {
        let mut found = false;
        self.conn.for_each_until(&self.sql, params, |_| {
            found = true;
            Ok(false)
        })?;
        Ok(found)
    }

    pub fn query_row<T>(
        &mut self,
        params: Params<'_>,
        f: impl FnOnce(&Row) -> Result<T, SqlError>,
    ) -> Result<T, SqlError> {
        self.conn.query_row(&self.sql, params, f)
    }
}

/// The rows of [`Stmt::query`], one at a time.
pub struct Rows {
    rows: std::vec::IntoIter<Row>,
    current: Option<Row>,
}

impl Rows {
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Result<Option<&Row>, SqlError> {
        self.current = self.rows.next();
        Ok(self.current.as_ref())
    }
}

impl Conn {
    /// Whether the server closed this connection (known without asking it). Never on
    /// SQLite.
    pub fn is_broken(&self) -> bool {
        match self {
            Conn::Sqlite(_) => false,
            Conn::Postgres(pg) => {
                pg.closed.load(std::sync::atomic::Ordering::Acquire)
                    || pg.jobs.send(Box::new(|_| {})).is_err()
            }
        }
    }

    /// Whether the connection can be trusted with a command: not closed, and, when it
    /// has been idle for longer than `idle`, answering an empty query within `wait`. A
    /// connection in use answered moments ago, so a busy bot pays no round trip for
    /// this; one idle for minutes may sit behind a dead NAT entry or a failed-over
    /// address, which only a question finds out (and `wait` bounds how long a hung
    /// one can hold the command that asked).
    pub fn is_healthy(&self, idle: std::time::Duration, wait: std::time::Duration) -> bool {
        let Conn::Postgres(pg) = self else {
            return true;
        };
        if self.is_broken() {
            return false;
        }
        if pg.last_used.get().elapsed() < idle {
            return true;
        }
        let (done, answer) = std::sync::mpsc::sync_channel(1);
        let asked = pg.jobs.send(Box::new(move |worker: &mut PgWorker| {
            let _ = done.send(worker.client.batch_execute("").is_ok());
        }));
        let healthy = asked.is_ok() && answer.recv_timeout(wait).unwrap_or(false);
        if healthy {
            pg.last_used.set(std::time::Instant::now());
        } else {
            // A hung connection is not waited for again: its thread ends when the call
            // it is stuck in does (the keepalives bound that).
            pg.closed.store(true, std::sync::atomic::Ordering::Release);
        }
        healthy
    }

    pub fn dialect(&self) -> Dialect {
        match self {
            Conn::Sqlite(_) => Dialect::Sqlite,
            Conn::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Whether a statement met a PostgreSQL conflict since the last call (never on
    /// SQLite, whose one writer at a time has none).
    pub fn take_conflict(&self) -> bool {
        match self {
            Conn::Sqlite(_) => false,
            Conn::Postgres(pg) => pg.conflict.replace(false),
        }
    }

    /// Whether a PostgreSQL statement failed since the last call (the transaction is
    /// aborted then). Always false on SQLite, where a failed statement leaves the rest of
    /// the transaction as it was.
    pub fn take_failed(&self) -> bool {
        match self {
            Conn::Sqlite(_) => false,
            Conn::Postgres(pg) => pg.failed.replace(false),
        }
    }

    /// The SQLite connection, for what only SQLite has (pragmas, the backup API).
    pub fn sqlite(&self) -> Option<&rusqlite::Connection> {
        match self {
            Conn::Sqlite(conn) => Some(conn),
            Conn::Postgres(_) => None,
        }
    }

    pub fn prepare_cached(&self, sql: &str) -> Result<Stmt<'_>, SqlError> {
        Ok(Stmt {
            conn: self,
            sql: sql.to_owned(),
        })
    }

    /// Runs statements with no parameters and no result, separated by `;`.
    pub fn execute_batch(&self, sql: &str) -> Result<(), SqlError> {
        match self {
            Conn::Sqlite(conn) => Ok(conn.execute_batch(sql)?),
            Conn::Postgres(pg) => {
                let sql = sql.to_owned();
                pg.call(move |w| Ok(w.client.batch_execute(&sql)?))
            }
        }
    }

    /// Runs one statement; returns how many rows it changed.
    pub fn execute(&self, sql: &str, params: Params<'_>) -> Result<usize, SqlError> {
        match self {
            Conn::Sqlite(conn) => {
                let mut stmt = conn.prepare_cached(sql)?;
                Ok(stmt.execute(rusqlite::params_from_iter(params.iter().map(|p| p.value())))?)
            }
            Conn::Postgres(pg) => {
                let (sql, values) = (sql.to_owned(), values_of(params));
                let changed = pg.call(move |w| w.execute(&sql, &values))?;
                Ok(usize::try_from(changed).unwrap_or(usize::MAX))
            }
        }
    }

    /// The first row of a query, read by `f`; [`SqlError::NoRow`] if there is none.
    pub fn query_row<T>(
        &self,
        sql: &str,
        params: Params<'_>,
        f: impl FnOnce(&Row) -> Result<T, SqlError>,
    ) -> Result<T, SqlError> {
        let mut first = None;
        self.for_each_limited(sql, params, 1, &mut |row| {
            first = Some(row.clone());
            Ok(false)
        })?;
        match first {
            Some(row) => f(&row),
            None => Err(SqlError::NoRow),
        }
    }

    /// Calls `f` with each row of a query, in order, without holding them all.
    pub fn for_each(
        &self,
        sql: &str,
        params: Params<'_>,
        mut f: impl FnMut(&Row) -> Result<(), SqlError>,
    ) -> Result<(), SqlError> {
        self.for_each_until(sql, params, |row| f(row).map(|()| true))
    }

    /// As [`Conn::for_each`] until `f` returns `false`. (PostgreSQL's rows come from the
    /// connection's thread all at once, or the first alone for `query_row`.)
    fn for_each_until(
        &self,
        sql: &str,
        params: Params<'_>,
        mut f: impl FnMut(&Row) -> Result<bool, SqlError>,
    ) -> Result<(), SqlError> {
        self.for_each_limited(sql, params, usize::MAX, &mut f)
    }

    fn for_each_limited(
        &self,
        sql: &str,
        params: Params<'_>,
        limit: usize,
        f: &mut dyn FnMut(&Row) -> Result<bool, SqlError>,
    ) -> Result<(), SqlError> {
        match self {
            Conn::Sqlite(conn) => {
                let mut stmt = conn.prepare_cached(sql)?;
                let columns = stmt.column_count();
                let mut rows =
                    stmt.query(rusqlite::params_from_iter(params.iter().map(|p| p.value())))?;
                while let Some(row) = rows.next()? {
                    let mut values = Vec::with_capacity(columns);
                    for i in 0..columns {
                        values.push(sqlite_value(row.get_ref(i)?));
                    }
                    if !f(&Row { values })? {
                        break;
                    }
                }
                Ok(())
            }
            Conn::Postgres(pg) => {
                let (sql, values) = (sql.to_owned(), values_of(params));
                for row in pg.call(move |w| w.query(&sql, &values, limit))? {
                    if !f(&row)? {
                        break;
                    }
                }
                Ok(())
            }
        }
    }
}

fn values_of(params: Params<'_>) -> Vec<Value> {
    params.iter().map(|p| p.value()).collect()
}

fn sqlite_value(value: rusqlite::types::ValueRef<'_>) -> Value {
    use rusqlite::types::ValueRef;
    match value {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Integer(i),
        ValueRef::Real(r) => Value::Real(r),
        // Text the store wrote is UTF-8; a damaged byte reads as U+FFFD and is caught by
        // the decoder of what the text should say.
        ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(b) => Value::Blob(b.to_vec()),
    }
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match self {
            Value::Null => ValueRef::Null,
            Value::Integer(i) => ValueRef::Integer(*i),
            Value::Real(r) => ValueRef::Real(*r),
            Value::Text(s) => ValueRef::Text(s.as_bytes()),
            Value::Blob(b) => ValueRef::Blob(b),
        }))
    }
}

/// Reads column `i` of a PostgreSQL row as a [`Value`], whatever its type.
fn pg_value(row: &postgres::Row, i: usize) -> Result<Value, SqlError> {
    use postgres::types::Type;
    let ty = row.columns()[i].type_().clone();
    let value = if ty == Type::INT8 {
        row.try_get::<_, Option<i64>>(i)?.map(Value::Integer)
    } else if ty == Type::INT4 {
        row.try_get::<_, Option<i32>>(i)?
            .map(|v| Value::Integer(v.into()))
    } else if ty == Type::INT2 {
        row.try_get::<_, Option<i16>>(i)?
            .map(|v| Value::Integer(v.into()))
    } else if ty == Type::BOOL {
        row.try_get::<_, Option<bool>>(i)?
            .map(|v| Value::Integer(v.into()))
    } else if ty == Type::FLOAT8 {
        row.try_get::<_, Option<f64>>(i)?.map(Value::Real)
    } else if ty == Type::FLOAT4 {
        row.try_get::<_, Option<f32>>(i)?
            .map(|v| Value::Real(v.into()))
    } else if ty == Type::BYTEA {
        row.try_get::<_, Option<Vec<u8>>>(i)?.map(Value::Blob)
    } else {
        // text, varchar, name, and anything else readable as text (a `numeric` is
        // not: reading one fails, and the statement should cast it).
        row.try_get::<_, Option<String>>(i)?.map(Value::Text)
    };
    Ok(value.unwrap_or(Value::Null))
}

impl postgres::types::ToSql for Value {
    fn to_sql(
        &self,
        ty: &postgres::types::Type,
        out: &mut bytes::BytesMut,
    ) -> Result<postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        use postgres::types::{IsNull, Type};
        // Encoded as the type the server inferred for the placeholder.
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Integer(i) => {
                if *ty == Type::INT8 {
                    i.to_sql(ty, out)
                } else if *ty == Type::INT4 {
                    i32::try_from(*i)?.to_sql(ty, out)
                } else if *ty == Type::INT2 {
                    i16::try_from(*i)?.to_sql(ty, out)
                } else if *ty == Type::BOOL {
                    (*i != 0).to_sql(ty, out)
                } else if *ty == Type::FLOAT8 {
                    (*i as f64).to_sql(ty, out)
                } else if *ty == Type::NUMERIC || *ty == Type::FLOAT4 {
                    Err(format!("integer parameter where the server wants {ty}").into())
                } else {
                    i.to_string().to_sql(&Type::TEXT, out)
                }
            }
            Value::Real(r) => {
                if *ty == Type::FLOAT8 {
                    r.to_sql(ty, out)
                } else if *ty == Type::FLOAT4 {
                    (*r as f32).to_sql(ty, out)
                } else {
                    Err(format!("real parameter where the server wants {ty}").into())
                }
            }
            Value::Text(s) => {
                if *ty == Type::BYTEA {
                    s.as_bytes().to_sql(ty, out)
                } else if s.contains('\0') {
                    // PostgreSQL's text holds no NUL (SQLite's does). No name, id or grid
                    // has one; typed input that does is kept readable, not refused.
                    s.replace('\0', "\u{fffd}")
                        .as_str()
                        .to_sql(&Type::TEXT, out)
                } else {
                    s.as_str().to_sql(&Type::TEXT, out)
                }
            }
            Value::Blob(b) => b.as_slice().to_sql(&Type::BYTEA, out),
        }
    }

    fn accepts(_: &postgres::types::Type) -> bool {
        true
    }

    postgres::types::to_sql_checked!();
}

/// SQLite's placeholders (`?1`, or bare `?` counted in order) as PostgreSQL's (`$1`),
/// leaving string literals, quoted names and comments as they are.
pub fn placeholders(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut chars = sql.chars().peekable();
    let mut next = 0u32;
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {
                out.push(c);
                for d in chars.by_ref() {
                    out.push(d);
                    if d == c {
                        break;
                    }
                }
            }
            '-' if chars.peek() == Some(&'-') => {
                out.push(c);
                for d in chars.by_ref() {
                    out.push(d);
                    if d == '\n' {
                        break;
                    }
                }
            }
            '?' => {
                let mut number = String::new();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    number.push(*d);
                    chars.next();
                }
                out.push('$');
                if number.is_empty() {
                    next += 1;
                    out.push_str(&next.to_string());
                } else {
                    out.push_str(&number);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_become_numbered_outside_literals() {
        assert_eq!(
            placeholders("SELECT a FROM t WHERE b = ?1 AND c = '?2' AND d = ?12"),
            "SELECT a FROM t WHERE b = $1 AND c = '?2' AND d = $12"
        );
        assert_eq!(
            placeholders("INSERT INTO t VALUES (?, ?) -- why? \n"),
            "INSERT INTO t VALUES ($1, $2) -- why? \n"
        );
    }

    #[test]
    fn a_missing_row_is_none_and_other_errors_stay() {
        assert!(matches!(
            Err::<i64, _>(SqlError::NoRow).optional(),
            Ok(None)
        ));
        assert!(Err::<i64, _>(SqlError::Column(3)).optional().is_err());
    }

    #[test]
    fn columns_read_as_what_they_hold_and_say_what_they_do_not() {
        let row = Row {
            values: vec![Value::Integer(300), Value::Null, Value::Text("x".into())],
        };
        assert_eq!(row.get::<_, i64>(0).ok(), Some(300));
        assert!(matches!(
            row.get::<_, u8>(0),
            Err(SqlError::Type { column: 0, .. })
        ));
        assert_eq!(row.get::<_, Option<i64>>(1).ok(), Some(None));
        assert!(row.get::<_, i64>(2).is_err());
        assert!(matches!(row.get::<_, i64>(3), Err(SqlError::Column(3))));
    }
}
