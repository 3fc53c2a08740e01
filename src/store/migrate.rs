//! Schema migrations: `migrations/*.sql`, applied in order in one write transaction
//! together with the new `user_version`, so a crash mid-upgrade leaves the old schema.

use rusqlite::{Connection, TransactionBehavior};

use super::StoreError;

pub struct Migration {
    pub name: &'static str,
    pub sql: &'static str,
}

/// Both lists of migrations from one list of names: a file missing from either folder
/// fails the build, and the two cannot differ in length or order.
macro_rules! migrations {
    ($($name:literal),* $(,)?) => {
        /// Every SQLite migration, oldest first. The position (1-based) is the schema
        /// version.
        pub const MIGRATIONS: &[Migration] = &[$(Migration {
            name: $name,
            sql: include_str!(concat!("../../migrations/", $name, ".sql")),
        }),*];

        /// The same history for PostgreSQL (`migrations/postgres/`), version for version.
        pub const POSTGRES_MIGRATIONS: &[Migration] = &[$(Migration {
            name: $name,
            sql: include_str!(concat!("../../migrations/postgres/", $name, ".sql")),
        }),*];
    };
}

migrations!(
    "0001_games",
    "0002_notes_undo_players",
    "0003_dailies",
    "0004_moves_hints_attempts",
    "0005_indexes_damaged",
    "0006_fair_play",
    "0007_idle_clock",
    "0008_coop",
    "0009_races",
    "0010_daily_post_sent",
    "0011_settings",
    "0012_board_pictures",
    "0013_fair_races",
    "0014_pad",
    "0015_auto_notes",
    "0016_schedule_index",
    "0017_race_outbox",
    "0018_pause_untold",
    "0019_leases",
    "0020_touch_sequence",
    "0021_languages",
    "0022_fair_rankings",
    "0023_interactions_taken",
    "0024_web_sessions_ended",
    "0025_lease_token",
);

fn version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
}

/// A database from a newer build is refused before this build changes anything in it.
pub fn refuse_newer(conn: &Connection) -> Result<(), StoreError> {
    let found = version(conn)?;
    let known = MIGRATIONS.len() as i64;
    if found > known {
        return Err(StoreError::TooNew { found, known });
    }
    Ok(())
}

pub fn apply(conn: &mut Connection, migrations: &[Migration]) -> Result<(), StoreError> {
    // Cheap check first: an up-to-date database (every start but the first) takes no lock.
    if version(conn)? >= migrations.len() as i64 {
        return refuse_newer(conn);
    }
    // Under the write lock, the version is read again: another process starting at the
    // same moment may have migrated in between, and must not be migrated twice.
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    refuse_newer(&tx)?;
    let current = version(&tx)?;
    for (i, migration) in migrations.iter().enumerate() {
        let version = i as i64 + 1;
        if version <= current {
            continue;
        }
        tx.execute_batch(migration.sql).map_err(|e| {
            StoreError::Corrupt(format!("migration {} failed: {e}", migration.name))
        })?;
        // PRAGMA takes no bound parameters; the value is our own integer.
        tx.execute_batch(&format!("PRAGMA user_version = {version}"))?;
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::MIGRATIONS;

    /// A `.sql` file added to `migrations/` but not to the list would be silently
    /// ignored; the list must name every file, in order.
    #[test]
    fn the_list_names_every_migration_file_in_order() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/migrations");
        let mut files: Vec<String> = std::fs::read_dir(dir)
            .expect("migrations folder")
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".sql"))
            .map(|name| name.trim_end_matches(".sql").to_string())
            .collect();
        files.sort();
        let listed: Vec<&str> = MIGRATIONS.iter().map(|m| m.name).collect();
        assert_eq!(listed, files);
    }
}

/// The two migration lists kept from drifting: at every version, both backends' schemas
/// hold the same tables, columns (kind, NOT NULL, default, primary key) and indexes
/// (unique or not, partial or not, on which columns). Needs the PostgreSQL server of the
/// suite's second run (`SUDOKU_TEST_POSTGRES`, set by `tools/with-postgres`); the first,
/// SQLite-only run says it did not compare.
#[cfg(test)]
mod same_schema {
    use std::collections::BTreeMap;

    use super::{MIGRATIONS, POSTGRES_MIGRATIONS};
    use crate::store::sql::{Conn, params};
    use crate::store::{Store, test_url};

    /// A column as both backends can say it.
    #[derive(Debug, PartialEq, Eq, Clone)]
    struct Column {
        kind: String,
        not_null: bool,
        default: Option<String>,
        primary_key: bool,
    }

    /// An index as both backends can say it.
    #[derive(Debug, PartialEq, Eq, Clone)]
    struct Index {
        table: String,
        unique: bool,
        partial: bool,
        columns: Vec<String>,
    }

    #[derive(Debug, PartialEq, Eq, Default)]
    struct Schema {
        tables: BTreeMap<String, BTreeMap<String, Column>>,
        indexes: BTreeMap<String, Index>,
    }

    fn kind(declared: &str) -> String {
        match declared.to_ascii_lowercase().as_str() {
            "integer" | "bigint" => "integer",
            "text" => "text",
            "blob" | "bytea" => "blob",
            "real" | "double precision" => "real",
            other => return format!("? {other}"),
        }
        .to_owned()
    }

    /// A default as written, without PostgreSQL's casts; an empty blob spelled one way.
    fn default(text: Option<String>) -> Option<String> {
        let text = text?;
        let bare = text.split("::").next().unwrap_or(&text).trim().to_owned();
        Some(match bare.as_str() {
            "x''" | "'\\x'" | "''" if text.contains("bytea") || bare == "x''" => {
                "empty blob".into()
            }
            _ => bare,
        })
    }

    fn strings(conn: &Conn, sql: &str, table: &str) -> Vec<Vec<String>> {
        let mut rows = Vec::new();
        conn.for_each(sql, params![table], |row| {
            rows.push(
                row.values()
                    .iter()
                    .map(crate::store::sql::Value::text)
                    .collect(),
            );
            Ok(())
        })
        .expect("schema query");
        rows
    }

    fn sqlite_schema(store: &Store) -> Schema {
        let conn = &store.conn;
        let mut schema = Schema::default();
        for table in strings(
            conn,
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> ?1 \
             AND name NOT LIKE 'sqlite_%' ORDER BY name",
            "",
        ) {
            let table = &table[0];
            let columns = strings(
                conn,
                "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?1)",
                table,
            )
            .into_iter()
            .map(|c| {
                (
                    c[0].clone(),
                    Column {
                        kind: kind(&c[1]),
                        not_null: c[2] == "1" || c[4] != "0",
                        default: default(Some(c[3].clone()).filter(|d| !d.is_empty())),
                        primary_key: c[4] != "0",
                    },
                )
            })
            .collect();
            schema.tables.insert(table.clone(), columns);
            for index in strings(
                conn,
                "SELECT l.name, l.\"unique\", l.partial FROM pragma_index_list(?1) l \
                 WHERE l.origin = 'c'",
                table,
            ) {
                let columns = strings(
                    conn,
                    "SELECT name FROM pragma_index_info(?1) ORDER BY seqno",
                    &index[0],
                )
                .into_iter()
                .map(|c| c[0].clone())
                .collect();
                schema.indexes.insert(
                    index[0].clone(),
                    Index {
                        table: table.clone(),
                        unique: index[1] == "1",
                        partial: index[2] == "1",
                        columns,
                    },
                );
            }
        }
        schema
    }

    fn postgres_schema(store: &Store) -> Schema {
        let conn = &store.conn;
        let mut schema = Schema::default();
        let keys: Vec<(String, String)> = strings(
            conn,
            "SELECT k.table_name::text, k.column_name::text \
             FROM information_schema.table_constraints c \
             JOIN information_schema.key_column_usage k \
               ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema \
             WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = current_schema() \
               AND ?1 = ?1",
            "",
        )
        .into_iter()
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect();
        for c in strings(
            conn,
            "SELECT table_name::text, column_name::text, data_type::text, is_nullable::text, \
                    column_default::text, is_identity::text \
             FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name <> 'schema_version' \
               AND ?1 = ?1 ORDER BY table_name, ordinal_position",
            "",
        ) {
            // SQLite's implicit row number, spelled out.
            if c[0] == "daily_puzzles" && c[1] == "rowid" {
                continue;
            }
            let primary_key = keys.contains(&(c[0].clone(), c[1].clone()));
            schema.tables.entry(c[0].clone()).or_default().insert(
                c[1].clone(),
                Column {
                    kind: kind(&c[2]),
                    not_null: c[3] == "NO",
                    default: default(Some(c[4].clone()).filter(|d| !d.is_empty())),
                    primary_key,
                },
            );
        }
        for i in strings(
            conn,
            "SELECT c.relname::text, t.relname::text, x.indisunique::text, \
                    (x.indpred IS NOT NULL)::text, pg_get_indexdef(x.indexrelid)::text \
             FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid \
             JOIN pg_class t ON t.oid = x.indrelid \
             JOIN pg_namespace n ON n.oid = t.relnamespace \
             WHERE n.nspname = current_schema() AND NOT x.indisprimary \
               AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid) \
               AND ?1 = ?1",
            "",
        ) {
            // "CREATE INDEX n ON s.t USING btree (a, b) WHERE …": the columns, with
            // `lower(name)` (SQLite's NOCASE index) read as the column.
            let definition = &i[4];
            let start = definition.find(" USING btree (").map_or(0, |at| at + 14);
            let end = definition[start..]
                .find(") WHERE")
                .map_or(definition.len() - 1, |at| start + at);
            let columns = definition[start..end]
                .split(", ")
                .map(|c| {
                    c.trim_start_matches("lower(")
                        .trim_end_matches(')')
                        .to_owned()
                })
                .collect();
            schema.indexes.insert(
                i[0].clone(),
                Index {
                    table: i[1].clone(),
                    unique: i[2] == "true",
                    partial: i[3] == "true",
                    columns,
                },
            );
        }
        schema
    }

    /// `migrate-store` copies the tables `postgres::TABLES` names: a table added to the
    /// schema and not to that list would be left behind without a word.
    #[test]
    fn migrate_store_copies_every_table_of_the_schema() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(&dir.path().join("t.db")).expect("sqlite");
        let mut tables: Vec<String> = strings(
            &store.conn,
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> ?1 \
             AND name NOT LIKE 'sqlite_%' ORDER BY name",
            "",
        )
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
        tables.sort();
        let mut listed: Vec<String> = crate::store::postgres::TABLES
            .iter()
            .map(|t| t.to_string())
            .collect();
        listed.sort();
        assert_eq!(tables, listed);
    }

    #[test]
    fn both_migration_lists_give_the_same_schema_at_every_version() {
        let Some(_) = test_url() else {
            eprintln!("not compared: this is the SQLite-only run (see tools/with-postgres)");
            return;
        };
        let dir = tempfile::tempdir().expect("temp dir");
        for version in 1..=MIGRATIONS.len() {
            let sqlite =
                Store::open_at_version(&dir.path().join(format!("v{version}.db")), version)
                    .expect("sqlite");
            let postgres = Store::open_in_memory_at_version(version).expect("postgres");
            assert!(postgres.is_postgres());
            let (a, b) = (sqlite_schema(&sqlite), postgres_schema(&postgres));
            assert!(!a.tables.is_empty());
            assert_eq!(
                a,
                b,
                "schema {version} ({}) differs between migrations/ and migrations/postgres/",
                POSTGRES_MIGRATIONS[version - 1].name
            );
        }
    }
}
