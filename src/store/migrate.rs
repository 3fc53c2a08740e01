//! Schema migrations: `migrations/*.sql`, applied in order in one write transaction
//! together with the new `user_version`, so a crash mid-upgrade leaves the old schema.

use rusqlite::{Connection, TransactionBehavior};

use super::StoreError;

pub struct Migration {
    pub name: &'static str,
    pub sql: &'static str,
}

/// Every migration, oldest first. The position (1-based) is the schema version.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        name: "0001_games",
        sql: include_str!("../../migrations/0001_games.sql"),
    },
    Migration {
        name: "0002_notes_undo_players",
        sql: include_str!("../../migrations/0002_notes_undo_players.sql"),
    },
    Migration {
        name: "0003_dailies",
        sql: include_str!("../../migrations/0003_dailies.sql"),
    },
    Migration {
        name: "0004_moves_hints_attempts",
        sql: include_str!("../../migrations/0004_moves_hints_attempts.sql"),
    },
    Migration {
        name: "0005_indexes_damaged",
        sql: include_str!("../../migrations/0005_indexes_damaged.sql"),
    },
    Migration {
        name: "0006_fair_play",
        sql: include_str!("../../migrations/0006_fair_play.sql"),
    },
    Migration {
        name: "0007_idle_clock",
        sql: include_str!("../../migrations/0007_idle_clock.sql"),
    },
    Migration {
        name: "0008_coop",
        sql: include_str!("../../migrations/0008_coop.sql"),
    },
    Migration {
        name: "0009_races",
        sql: include_str!("../../migrations/0009_races.sql"),
    },
    Migration {
        name: "0010_daily_post_sent",
        sql: include_str!("../../migrations/0010_daily_post_sent.sql"),
    },
    Migration {
        name: "0011_settings",
        sql: include_str!("../../migrations/0011_settings.sql"),
    },
    Migration {
        name: "0012_board_pictures",
        sql: include_str!("../../migrations/0012_board_pictures.sql"),
    },
    Migration {
        name: "0013_fair_races",
        sql: include_str!("../../migrations/0013_fair_races.sql"),
    },
    Migration {
        name: "0014_pad",
        sql: include_str!("../../migrations/0014_pad.sql"),
    },
    Migration {
        name: "0015_auto_notes",
        sql: include_str!("../../migrations/0015_auto_notes.sql"),
    },
    Migration {
        name: "0016_schedule_index",
        sql: include_str!("../../migrations/0016_schedule_index.sql"),
    },
    Migration {
        name: "0017_race_outbox",
        sql: include_str!("../../migrations/0017_race_outbox.sql"),
    },
    Migration {
        name: "0018_pause_untold",
        sql: include_str!("../../migrations/0018_pause_untold.sql"),
    },
    Migration {
        name: "0019_leases",
        sql: include_str!("../../migrations/0019_leases.sql"),
    },
];

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
