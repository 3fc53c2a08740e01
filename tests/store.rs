//! The store under growth, faults and concurrency: query plans, concurrent first opens,
//! newer and damaged databases, honest errors, damaged rows, read transactions, backups.
//!
//! Most of these are about a SQLite file (its pages, locks, journal and backup API) and
//! open one whichever run this is; the PostgreSQL run adds `migrate-store` and `check`
//! there, and `tests/postgres.rs` has its processes and crashes.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Barrier, Mutex};
use std::time::Duration;

use rusqlite::Connection;
use rusqlite::trace::{TraceEvent, TraceEventCodes};
mod common;

use common::{Bot, T0};
use sudoku_bot::app::Command;
use sudoku_bot::engine::generator::{Request, generate};
use sudoku_bot::game::Game;
use sudoku_bot::store::{self, MIGRATIONS, Store, StoreError};

fn temp_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bot.db");
    (dir, path)
}

fn puzzle_game(seed: u64) -> Game {
    let p = generate(&Request::new(40, seed)).expect("generate");
    Game::new(p.givens, p.solution, None, T0)
}

/// The first empty cell of a game's board, by name.
fn empty_cell(game: &Game) -> String {
    sudoku_bot::engine::Cell::all()
        .find(|&c| game.board.get(c).is_none())
        .expect("an empty cell")
        .name()
}

/// A store that answers busy at once instead of waiting for another connection's lock:
/// what would be a wait becomes an error a test can see, without timing anything.
fn impatient_store(db: &Path) -> Store {
    let store = Store::open(db).expect("open");
    store
        .connection()
        .busy_timeout(Duration::ZERO)
        .expect("no waiting");
    store
}

fn journal_mode(db: &Path) -> String {
    let conn = Connection::open(db).expect("open");
    conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .expect("journal mode")
}

/// Every statement a command runs, with what SQLite plans for it: none may read a whole
/// table (or a whole index), since every table here grows with players, games or servers.
/// The statements are taken from a trace of real commands, so a new query is covered the
/// day it is written.
#[test]
fn every_statement_on_a_commands_path_finds_its_rows_through_an_index() {
    let mut store = Store::open_in_memory().expect("store");
    if store.is_postgres() {
        // SQLite's query plans, read through its statement trace. PostgreSQL has the same
        // indexes (the schema comparison in `store::migrate`'s tests) and plans by cost.
        eprintln!("SQLite's query planner only: this run is on PostgreSQL");
        return;
    }
    let seen = Arc::new(Mutex::new(BTreeSet::new()));
    let sink = seen.clone();
    store
        .connection_mut()
        .trace_v2(
            TraceEventCodes::SQLITE_TRACE_STMT,
            Some(move |event: TraceEvent<'_>| {
                if let TraceEvent::Stmt(stmt, _) = event {
                    sink.lock()
                        .expect("trace sink")
                        .insert(stmt.sql().into_owned());
                }
            }),
        )
        .expect("trace");
    let bot = Bot::with_store(store, T0, 7);
    bot.say_as("admin", "s1", true, "daily setup channel:1 time:00:00");
    bot.app.prepare_dailies();
    bot.clock.advance(60_000);
    bot.app.next_daily_post_at();
    bot.app.take_due_daily_posts();
    bot.say("ann", "s1", "daily");
    bot.say("ann", "s1", "move A1 1");
    let board = bot.say("ann", "s1", "new 40");
    let in_progress = bot.say("ann", "s1", "new 40");
    bot.press("ann", "s1", &in_progress, "Show my game");
    for text in [
        "show",
        "move A1 1",
        "note B2 12",
        "undo",
        "check",
        "hint",
        "hint",
        "submit 003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        "stats",
        "stats bob",
        "stats ann",
        "leaderboard today",
        "leaderboard week",
        "leaderboard all-time",
        "solve 003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        "giveup",
        "daily",
    ] {
        bot.say("ann", "s1", text);
        bot.say("bob", "s1", text);
    }
    bot.press("ann", "s1", &board, "Hint");
    bot.invoke("ann", "s1", Command::ForgetMe { confirmed: true });
    bot.say_as("admin", "s1", true, "daily setup time:10:00");
    bot.say_as("admin", "s1", true, "daily off");
    drop(bot);

    let statements = seen.lock().expect("trace sink").clone();
    let conn = Store::open_in_memory().expect("store");
    let conn = conn.connection();
    let mut checked = 0;
    let mut full_scans = Vec::new();
    for sql in &statements {
        let head = sql.trim_start().to_ascii_uppercase();
        if [
            "PRAGMA",
            "BEGIN",
            "COMMIT",
            "ROLLBACK",
            "SAVEPOINT",
            "RELEASE",
        ]
        .iter()
        .any(|k| head.starts_with(k))
        {
            continue;
        }
        let mut stmt = conn
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
        // Parameters stay unbound: the plan is made when the statement is prepared.
        let mut rows = stmt.raw_query();
        while let Some(row) = rows.next().expect("plan row") {
            let detail: String = row.get(3).expect("detail");
            // The scheduler's list of servers with dailies on, and `solve`'s list of co-op
            // boards and races running anywhere, read partial indexes that hold exactly those rows:
            // all of each is the answer.
            let whole_answer = detail == "SCAN servers USING INDEX servers_scheduled"
                || detail == "SCAN coops USING INDEX coops_running"
                || detail == "SCAN races USING INDEX races_open"
                || detail == "SCAN servers USING COVERING INDEX servers_pause_untold";
            if detail.starts_with("SCAN ") && detail != "SCAN CONSTANT ROW" && !whole_answer {
                full_scans.push(format!("{detail}\n    in: {sql}"));
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} statements traced");
    assert!(
        full_scans.is_empty(),
        "full scans:\n{}",
        full_scans.join("\n")
    );
}

/// 18 of 24 processes starting at once on a new database used to fail with "table games
/// already exists": each one migrated from version 0.
#[test]
fn many_first_opens_at_once_all_succeed() {
    let (_dir, db) = temp_db();
    let threads = 24;
    let barrier = Arc::new(Barrier::new(threads));
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let (db, barrier) = (db.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                Store::open(&db).map(|s| s.schema_version().expect("version"))
            })
        })
        .collect();
    for handle in handles {
        let version = handle.join().expect("thread").expect("open");
        assert_eq!(version, MIGRATIONS.len() as i64);
    }
}

/// A newer build's database is refused with the file exactly as it was: before, the
/// refusing build first switched it from a rollback journal to WAL.
#[test]
fn a_database_from_a_newer_build_is_refused_and_left_unchanged() {
    let (_dir, db) = temp_db();
    {
        let conn = Connection::open(&db).expect("create");
        conn.execute_batch("CREATE TABLE future (x); PRAGMA user_version = 99;")
            .expect("newer schema");
    }
    assert_eq!(journal_mode(&db), "delete");
    let before = std::fs::read(&db).expect("read");
    match Store::open(&db) {
        Err(StoreError::TooNew { found: 99, .. }) => {}
        other => panic!("expected TooNew, got {:?}", other.map(|_| ())),
    }
    assert_eq!(journal_mode(&db), "delete");
    assert_eq!(std::fs::read(&db).expect("read"), before);
}

/// Damaged pages are found at start, not by a player's command later.
#[test]
fn a_damaged_database_is_refused_at_open_with_a_clear_message() {
    let (_dir, db) = temp_db();
    let root: i64 = {
        let mut store = Store::open(&db).expect("open");
        store
            .write(|tx| {
                for k in 0..200 {
                    tx.insert_game(&format!("p{k}"), "s1", &puzzle_game(1))?;
                }
                Ok::<_, StoreError>(())
            })
            .expect("games");
        store
            .connection()
            .query_row(
                "SELECT rootpage FROM sqlite_master WHERE name = 'games'",
                [],
                |r| r.get(0),
            )
            .expect("root page")
    };
    let mut bytes = std::fs::read(&db).expect("read");
    let page = 4096;
    let start = (root as usize - 1) * page;
    bytes[start..start + page].fill(0xA5);
    std::fs::write(&db, &bytes).expect("damage");
    match Store::open(&db) {
        Err(error @ StoreError::Damaged(_)) => {
            let message = error.to_string();
            assert!(message.contains("damaged"), "{message}");
            assert!(message.contains("backup"), "{message}");
            assert!(!error.is_transient());
        }
        other => panic!("expected Damaged, got {:?}", other.map(|_| ())),
    }
    assert!(store::check(&db).map_or(true, |report| !report.is_healthy()));
    // A terminal session opens without the scan, and the first read of the damaged
    // table is refused with the same message.
    let location = sudoku_bot::store::Location::File(db.clone());
    let mut session = Store::open_at_without_scan(&location).expect("opens");
    match session.write(|tx| tx.free_puzzles_of("p1")) {
        Err(error @ StoreError::Damaged(_)) => {
            assert!(error.to_string().contains("damaged"), "{error}");
        }
        other => panic!("expected Damaged, got {other:?}"),
    }
}

/// Busy is worth retrying; a read-only database is not, and the player is told so
/// instead of "try again in a moment" forever.
#[test]
fn a_busy_database_asks_to_retry_and_a_read_only_one_says_storage_has_a_problem() {
    let (_dir, db) = temp_db();
    let bot = Bot::with_store(Store::open(&db).expect("open"), T0, 7);
    bot.say("ann", "s1", "new 40");
    drop(bot);

    let store = Store::open(&db).expect("open");
    store
        .connection()
        .execute_batch("PRAGMA query_only = 1")
        .expect("read only");
    let bot = Bot::with_store(store, T0, 7);
    let r = bot.say("ann", "s1", "move A1 1");
    assert!(r.private);
    assert!(r.content.contains("storage has a problem"), "{}", r.content);
    assert!(
        r.content.contains("last saved move is safe"),
        "{}",
        r.content
    );
    drop(bot);

    let store = impatient_store(&db);
    let other = Connection::open(&db).expect("other");
    other.execute_batch("BEGIN IMMEDIATE").expect("write lock");
    let bot = Bot::with_store(store, T0, 7);
    let r = bot.say("ann", "s1", "move A1 1");
    assert!(r.content.contains("try again in a moment"), "{}", r.content);
    other.execute_batch("ROLLBACK").expect("release");
}

#[test]
fn the_store_error_says_which_faults_are_transient() {
    let (_dir, db) = temp_db();
    let mut store = impatient_store(&db);
    let other = Connection::open(&db).expect("other");
    other.execute_batch("BEGIN IMMEDIATE").expect("write lock");
    let busy = store
        .write(|tx| tx.set_player_name("ann", "Ann"))
        .expect_err("busy");
    assert!(busy.is_transient(), "{busy}");
    other.execute_batch("ROLLBACK").expect("release");

    store
        .connection()
        .execute_batch("PRAGMA query_only = 1")
        .expect("read only");
    let read_only = store
        .write(|tx| tx.set_player_name("ann", "Ann"))
        .expect_err("read only");
    assert!(!read_only.is_transient());
    // The cause travels with the error, for the log.
    assert!(read_only.to_string().contains("readonly"), "{read_only}");
}

/// A game whose undo data no longer decodes used to lock its player out of show, move and
/// even new. Now it is set aside and the player starts over; others never notice.
#[test]
fn a_damaged_game_is_set_aside_and_its_player_can_play_again() {
    let (_dir, db) = temp_db();
    let bot = Bot::with_store(Store::open(&db).expect("open"), T0, 7);
    bot.say("ann", "s1", "new 40");
    bot.say("bob", "s1", "new 40");
    let raw = Connection::open(&db).expect("raw");
    // A record claiming five cells, followed by one byte.
    raw.execute(
        "UPDATE games SET history = x'05ff' WHERE player = 'ann'",
        [],
    )
    .expect("damage");

    let shown = bot.say("ann", "s1", "show");
    assert!(
        shown.content.contains("no game in progress"),
        "{}",
        shown.content
    );
    let fresh = bot.say("ann", "s1", "new 40");
    assert!(!fresh.private, "{}", fresh.content);
    let moved = bot.say("ann", "s1", "move A1 1");
    assert!(
        !moved.content.contains("went wrong") && !moved.content.contains("storage"),
        "{}",
        moved.content
    );
    assert!(!bot.say("bob", "s1", "show").private);
    let damaged: i64 = raw
        .query_row(
            "SELECT count(*) FROM games WHERE damaged IS NOT NULL AND player = 'ann'",
            [],
            |r| r.get(0),
        )
        .expect("count");
    assert_eq!(damaged, 1);
    drop(bot);
    let report = store::check(&db).expect("check");
    assert_eq!(report.damaged_games, Some(1));
    assert_eq!(report.games, Some(3));
}

/// A game row that no longer decodes, met first by a command that changes nothing (show)
/// or is refused (a move with no game left): before, both rolled back the mark, the
/// player heard "no game in progress" and `check` said "0 set aside". Now `check` counts
/// it before anyone reads it, the first read sets it aside for good, and the player is
/// told what happened.
#[test]
fn a_damaged_game_is_reported_by_check_set_aside_at_first_read_and_its_player_told() {
    let (_dir, db) = temp_db();
    let bot = Bot::with_store(Store::open(&db).expect("open"), T0, 7);
    bot.say("ann", "s1", "new 40");
    bot.say("ann", "s1", "move A1 1, A2 2");
    bot.say("bob", "s1", "new 40");
    let raw = Connection::open(&db).expect("raw");
    raw.execute(
        "UPDATE games SET history = x'ffffffff01' WHERE player = 'ann'",
        [],
    )
    .expect("damage");

    let before = store::check(&db).expect("check");
    assert_eq!(before.undecodable_games, Some(1));
    assert_eq!(before.damaged_games, Some(0));
    assert!(!before.is_healthy(), "{before}");
    assert!(
        before.to_string().contains("1 stored games do not decode"),
        "{before}"
    );

    for command in ["show", "move A3 3", "undo"] {
        let r = bot.say("ann", "s1", command);
        assert!(r.private, "{command}: {}", r.content);
        // Told once, at the read that found it; afterwards there is simply no game.
        if command == "show" {
            assert!(
                r.content.contains("could not be read") && r.content.contains("set aside"),
                "{command}: {}",
                r.content
            );
        } else {
            assert!(r.content.contains("no game in progress"), "{}", r.content);
        }
    }
    assert!(
        !bot.say("bob", "s1", "show").private,
        "bob's game is unaffected"
    );
    drop(bot);

    let after = store::check(&db).expect("check");
    assert_eq!(after.damaged_games, Some(1));
    assert_eq!(after.undecodable_games, Some(0));
    assert_eq!(after.active_games, Some(1), "bob's");
    assert!(after.is_healthy(), "{after}");
    assert!(
        after
            .to_string()
            .contains("games: 2 (1 in progress, 1 set aside as damaged)"),
        "{after}"
    );
}

/// A refused command (a move, with the damaged game the only one) sets the game aside as
/// well: the refusal's rollback does not undo the mark.
#[test]
fn a_refused_move_on_a_damaged_game_still_sets_it_aside() {
    let (_dir, db) = temp_db();
    let bot = Bot::with_store(Store::open(&db).expect("open"), T0, 7);
    bot.say("ann", "s1", "new 40");
    let raw = Connection::open(&db).expect("raw");
    raw.execute("UPDATE games SET notes = x'0102'", [])
        .expect("damage");
    let r = bot.say("ann", "s1", "move A1 1");
    assert!(r.content.contains("could not be read"), "{}", r.content);
    let damaged: i64 = raw
        .query_row(
            "SELECT count(*) FROM games WHERE damaged IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .expect("count");
    assert_eq!(damaged, 1);
}

/// A database file truncated to nothing used to be opened as a new database without a
/// word (its games gone); `check` called it "integrity: ok". Now both say it is empty.
#[test]
fn an_empty_database_file_is_refused_at_open_and_reported_by_check() {
    let (_dir, db) = temp_db();
    let bot = Bot::with_store(Store::open(&db).expect("open"), T0, 7);
    for k in 0..30 {
        bot.say(&format!("p{k}"), "s1", "new 40");
    }
    drop(bot);
    std::fs::File::create(&db).expect("truncate");
    assert_eq!(std::fs::metadata(&db).expect("meta").len(), 0);

    match Store::open(&db) {
        Err(error @ StoreError::EmptyFile(_)) => {
            let message = error.to_string();
            assert!(
                message.contains("empty") && message.contains("holds no data"),
                "{message}"
            );
            assert!(message.contains("backup"), "{message}");
        }
        other => panic!("expected EmptyFile, got {:?}", other.map(|_| ())),
    }
    assert_eq!(
        std::fs::metadata(&db).expect("meta").len(),
        0,
        "left as it was"
    );

    let report = store::check(&db).expect("check");
    assert!(report.is_empty_file());
    assert!(!report.is_healthy());
    let text = report.to_string();
    assert!(
        text.contains("EMPTY") && text.contains("holds no data"),
        "{text}"
    );
    assert!(!text.contains("upgraded"), "{text}");
    // A new database (no file yet) still opens.
    let fresh = db.with_extension("new");
    assert!(Store::open(&fresh).is_ok());
}

/// `check` on a file SQLite cannot read at all says so, instead of "run `sudoku-bot
/// check` for the full report".
#[test]
fn check_on_an_unreadable_file_says_so() {
    let (_dir, db) = temp_db();
    Bot::with_store(Store::open(&db).expect("open"), T0, 7).say("ann", "s1", "new 40");
    let mut bytes = std::fs::read(&db).expect("read");
    bytes[..32].fill(b'x');
    std::fs::write(&db, &bytes).expect("damage");
    let error = store::check(&db).expect_err("unreadable");
    let message = error.to_string();
    assert!(message.contains("damaged beyond reading"), "{message}");
    assert!(!message.contains("sudoku-bot check"), "{message}");
    // The bot itself still points at check.
    let open = Store::open(&db)
        .map(|_| ())
        .expect_err("refused")
        .to_string();
    assert!(open.contains("sudoku-bot check"), "{open}");
}

/// Reads that change nothing take no write lock: a long write elsewhere neither blocks
/// show, stats or leaderboard nor is blocked by them.
#[test]
fn show_stats_and_leaderboard_answer_while_another_connection_writes() {
    let (_dir, db) = temp_db();
    let bot = Bot::with_store(Store::open(&db).expect("open"), T0, 7);
    bot.say_as("admin", "s1", true, "daily setup channel:1");
    bot.say("ann", "s1", "new 40");
    drop(bot);
    let bot = Bot::with_store(impatient_store(&db), T0, 7);
    let writer = Connection::open(&db).expect("writer");
    writer
        .execute_batch("BEGIN IMMEDIATE; UPDATE games SET mistakes = 9;")
        .expect("a write in progress");
    for text in ["show", "stats", "leaderboard all-time"] {
        let r = bot.say("ann", "s1", text);
        assert!(
            !r.content.contains("try again") && !r.content.contains("storage"),
            "{text}: {}",
            r.content
        );
    }
    writer.execute_batch("ROLLBACK").expect("rollback");
}

/// The undo history of a game in progress keeps the last `UNDO_LIMIT` steps across
/// commits; a finished game keeps none (undo needs a game in progress).
#[test]
fn stored_undo_history_is_bounded_and_dropped_when_the_game_ends() {
    let (_dir, db) = temp_db();
    let bot = Bot::with_store(Store::open(&db).expect("open"), T0, 7);
    bot.say("ann", "s1", "new 40");
    let mut store = Store::open(&db).expect("open");
    let record = store
        .read(|tx| tx.active_game("ann", "s1"))
        .expect("read")
        .expect("a game");
    let cell = empty_cell(&record.game);
    let steps = Game::UNDO_LIMIT + 50;
    for _ in 0..steps {
        let r = bot.say("ann", "s1", &format!("note {cell} 1"));
        assert!(!r.content.contains("went wrong"), "{}", r.content);
    }
    let kept = store
        .read(|tx| tx.active_game("ann", "s1"))
        .expect("read")
        .expect("a game")
        .game
        .history
        .len();
    assert_eq!(kept, Game::UNDO_LIMIT);
    for _ in 0..Game::UNDO_LIMIT {
        let r = bot.say("ann", "s1", "undo");
        assert!(r.content.contains("Undid"), "{}", r.content);
    }
    let r = bot.say("ann", "s1", "undo");
    assert!(r.private, "{}", r.content);

    bot.say("ann", "s1", &format!("note {cell} 1"));
    bot.give_up("ann", "s1");
    let stored: i64 = store
        .connection()
        .query_row(
            "SELECT length(history) FROM games WHERE id = ?1",
            [record.id],
            |r| r.get(0),
        )
        .expect("history length");
    assert_eq!(stored, 0);
}

/// A backup taken while another connection commits moves: the copy passes
/// integrity_check and holds every move committed before the backup began.
#[test]
fn a_backup_while_moves_are_committed_is_sound_and_holds_every_committed_move() {
    let (dir, db) = temp_db();
    let copy = dir.path().join("copy.db");
    let mut store = Store::open(&db).expect("open");
    let game = puzzle_game(3);
    let id = store
        .write(|tx| {
            // Some bulk, so the copy takes more than an instant.
            for k in 0..2000 {
                tx.insert_game(&format!("p{k}"), "s1", &puzzle_game(1))?;
            }
            tx.insert_game("ann", "s1", &game)
        })
        .expect("games");
    let committed = Arc::new(AtomicU32::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (committed, stop) = (committed.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut game = game;
            while !stop.load(Ordering::SeqCst) {
                game.version += 1;
                store
                    .write(|tx| tx.save_game(id, &game))
                    .expect("a move commits");
                committed.store(game.version, Ordering::SeqCst);
            }
        })
    };
    while committed.load(Ordering::SeqCst) < 20 {
        std::thread::yield_now();
    }
    let before = committed.load(Ordering::SeqCst);
    let report = store::backup(&db, &copy).expect("backup");
    stop.store(true, Ordering::SeqCst);
    writer.join().expect("writer");

    assert!(report.is_healthy(), "{report}");
    assert_eq!(report.games, Some(2001));
    let check = store::check(&copy).expect("check the copy");
    assert!(check.problems.is_empty(), "{check}");
    assert_eq!(journal_mode(&copy), "delete");
    let mut restored = Store::open(&copy).expect("the copy opens");
    let saved = restored
        .read(|tx| tx.game(id))
        .expect("read")
        .expect("the game is in the copy");
    assert!(
        saved.game.version >= before,
        "copy has move {}, {before} were committed before the backup",
        saved.game.version
    );
}

#[test]
fn check_reports_what_the_database_holds() {
    let (_dir, db) = temp_db();
    let bot = Bot::with_store(Store::open(&db).expect("open"), T0, 7);
    bot.say_as("admin", "s1", true, "daily setup channel:1");
    bot.say("ann", "s1", "new 40");
    bot.say("bob", "s2", "new 40");
    drop(bot);
    let report = store::check(&db).expect("check");
    assert!(report.is_healthy());
    assert_eq!(report.players, Some(2));
    assert_eq!(report.games, Some(2));
    assert_eq!(report.servers, Some(1));
    let text = report.to_string();
    for line in [
        "integrity: ok",
        &format!("schema version: {}", MIGRATIONS.len()),
        "players: 2",
        "games: 2 (2 in progress, 0 set aside as damaged)",
        "servers: 1",
    ] {
        assert!(text.contains(line), "{line:?} not in:\n{text}");
    }
    assert!(store::check(&db.with_extension("missing")).is_err());
    assert!(
        !db.with_extension("missing").exists(),
        "check creates nothing"
    );
}

/// What another process sees of `player`'s check-as-you-go setting: only what is
/// committed.
fn committed_setting(db: &Path, player: &str) -> Option<bool> {
    let conn = Connection::open(db).expect("open");
    conn.query_row(
        "SELECT check_as_you_go FROM player_settings WHERE player = ?1",
        [player],
        |r| r.get(0),
    )
    .ok()
}

/// Commands grouped into one commit: each in its own savepoint, so a failing or
/// panicking one is undone alone; nothing is visible to others (durable) before the
/// group's commit, and everything of the group is after it.
#[test]
fn a_group_commit_keeps_its_members_and_undoes_a_failing_one_alone() {
    let (_dir, db) = temp_db();
    let mut store = Store::open(&db).expect("open");
    let set =
        |player: &'static str| move |tx: &store::Tx<'_>| tx.set_check_as_you_go(player, false);
    let (ok, first) = store.grouped(false, set("ann"));
    ok.expect("ann's change");
    let group = first.expect("a write joins a group");
    // A command that fails after writing: its change is undone, the group goes on.
    let (failed, none) = store.grouped(false, |tx: &store::Tx<'_>| {
        tx.set_check_as_you_go("bob", false)?;
        Err::<(), StoreError>(StoreError::Corrupt("refused".into()))
    });
    assert!(failed.is_err() && none.is_none());
    // One that panics after writing: undone too.
    let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        store.grouped(false, |tx: &store::Tx<'_>| -> Result<(), StoreError> {
            tx.set_check_as_you_go("cid", false)?;
            panic!("a bug in a command")
        })
    }));
    assert!(panicked.is_err());
    let (ok, same) = store.grouped(false, set("dee"));
    ok.expect("dee's change");
    assert_eq!(same, Some(group), "joined the open group");
    // A read inside the open group sees its changes, and must wait for its commit too.
    let (seen, read_group) = store.grouped(true, |tx: &store::Tx<'_>| tx.check_as_you_go("ann"));
    assert_eq!((seen.expect("read"), read_group), (false, Some(group)));
    // Nothing is committed yet; then all of the group is, and nothing of the failures.
    assert_eq!(committed_setting(&db, "ann"), None);
    store.commit_group(group).expect("commit");
    assert_eq!(committed_setting(&db, "ann"), Some(false));
    assert_eq!(committed_setting(&db, "dee"), Some(false));
    assert_eq!(committed_setting(&db, "bob"), None);
    assert_eq!(committed_setting(&db, "cid"), None);
    // A group is committed once; the next command opens the next group.
    assert!(store.commit_group(group).is_err());
    let (ok, next) = store.grouped(false, set("eve"));
    ok.expect("eve's change");
    assert_eq!(next, Some(group + 1));
    // A read with no group open waits for nothing.
    store.commit_group(group + 1).expect("commit");
    let (_, none) = store.grouped(true, |tx: &store::Tx<'_>| tx.check_as_you_go("eve"));
    assert_eq!(none, None);
}

/// A group whose only command failed leaves no transaction open: another process can
/// write at once.
#[test]
fn a_group_left_empty_by_a_failure_releases_the_write_lock() {
    let (_dir, db) = temp_db();
    let mut store = Store::open(&db).expect("open");
    let (failed, group) = store.grouped(false, |tx: &store::Tx<'_>| {
        tx.set_check_as_you_go("bob", false)?;
        Err::<(), StoreError>(StoreError::Corrupt("refused".into()))
    });
    assert!(failed.is_err() && group.is_none());
    let mut other = impatient_store(&db);
    other
        .write(|tx| tx.set_check_as_you_go("ann", false))
        .expect("the write lock is free");
    assert_eq!(committed_setting(&db, "ann"), Some(false));
}

/// Many players at once through one bot, their commands grouped into shared commits:
/// every command a player was told was saved is in the database afterwards.
#[test]
fn every_acknowledged_command_of_concurrent_players_is_durable() {
    let (_dir, db) = temp_db();
    let bot = Arc::new(Bot::with_store(Store::open(&db).expect("open"), T0, 7));
    let players: Vec<(String, String)> = (0..6)
        .map(|i| {
            let p = format!("p{i}");
            let board = common::board_of(&bot.say(&p, "here", "new 40"));
            (p, common::empties(&board)[0].name())
        })
        .collect();
    let barrier = Arc::new(Barrier::new(players.len()));
    let handles: Vec<_> = players
        .iter()
        .cloned()
        .map(|(p, cell)| {
            let (bot, barrier) = (bot.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                let mut saved = 0;
                for k in 0..40 {
                    let digits = ["1", "12", "123", "1234"][k % 4];
                    let r = bot.say(&p, "here", &format!("note {cell} {digits}"));
                    if r.content.contains(&format!("Notes of {cell} updated.")) {
                        saved += 1;
                    }
                }
                (p, saved)
            })
        })
        .collect();
    let results: Vec<(String, i64)> = handles
        .into_iter()
        .map(|h| h.join().expect("thread"))
        .collect();
    drop(bot);
    // Read by another connection after the bot is gone: only what was committed.
    let conn = Connection::open(&db).expect("open");
    for (player, saved) in results {
        assert_eq!(saved, 40, "{player}: every command was answered as saved");
        let version: i64 = conn
            .query_row(
                "SELECT version FROM games WHERE player = ?1",
                [&player],
                |r| r.get(0),
            )
            .expect("the game is stored");
        assert_eq!(
            version, saved,
            "{player}: each saved note is in the database"
        );
    }
}

/// A database from before the schedule's indexes (schema 15) is upgraded in place: its
/// servers keep their settings and posting state, and the scheduler finds them (their
/// next post time is worked out on its first run): the one due is posted, the one
/// already posted today is not, and their puzzles are made.
#[test]
fn the_schedule_columns_upgrade_an_old_database_in_place() {
    let (_dir, db) = temp_db();
    {
        let old = Store::open_at_version(&db, 15).expect("old schema");
        old.connection()
            .execute_batch(
                "INSERT INTO servers (place, channel, post_time, timezone, enabled, last_posted_day) \
                 VALUES ('due', '1', '09:00', 'UTC', 1, '2026-11-21'), \
                        ('posted', '2', '08:00', 'UTC', 1, '2026-11-22'), \
                        ('off', '3', '09:00', 'UTC', 0, NULL);",
            )
            .expect("old rows");
    }
    // 2026-11-22 10:00 UTC.
    let now = 1_795_341_600_000;
    let bot = Bot::with_store(Store::open(&db).expect("open"), now, 3);
    let posts = bot.app.take_due_daily_posts();
    assert_eq!(
        posts.iter().map(|p| p.place.as_str()).collect::<Vec<_>>(),
        ["due"]
    );
    assert_eq!(
        posts[0].day,
        "2026-11-22".parse::<jiff::civil::Date>().expect("day")
    );
    assert!(bot.app.take_due_daily_posts().is_empty());
    // Next: tomorrow's 08:00 post of 'posted'.
    assert_eq!(bot.app.next_daily_post_at(), Some(now + 22 * 3_600_000));
    bot.app.prepare_dailies();
    let conn = Connection::open(&db).expect("open");
    let made: i64 = conn
        .query_row(
            "SELECT count(*) FROM daily_puzzles WHERE place IN ('due', 'posted')",
            [],
            |r| r.get(0),
        )
        .expect("count");
    assert_eq!(made, 4, "today's and tomorrow's of both");
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("version");
    assert_eq!(version, MIGRATIONS.len() as i64);
}

/// The scheduler reads a server's settings, works out its next post time, and stores it
/// in a later write. A setup in between (a new post time) must win: the time worked out
/// from the old settings is not stored over the setup's "work it out again".
#[test]
fn a_setup_between_the_schedulers_read_and_its_write_wins() {
    use sudoku_bot::game::daily::{DailySettings, parse_time};
    let dir = tempfile::tempdir().expect("dir");
    let mut store = Store::open(&dir.path().join("s.db")).expect("store");
    let noon = DailySettings {
        channel: Some("9".into()),
        time: parse_time("12:00").expect("time"),
        enabled: true,
        ..DailySettings::default()
    };
    let later = 10_000_000;
    store
        .write(|tx| tx.save_daily_settings("g", &noon))
        .expect("setup");
    let read = store.read(|tx| tx.servers_post_due(0, 10)).expect("read");
    assert_eq!(read.len(), 1, "a new server needs a look");
    // The admin moves the post to 08:30 before the scheduler writes.
    let early = DailySettings {
        time: parse_time("08:30").expect("time"),
        ..noon.clone()
    };
    store
        .write(|tx| tx.save_daily_settings("g", &early))
        .expect("new setup");
    store
        .write(|tx| {
            tx.set_next_post_at("g", later, &read[0].settings)?;
            tx.set_prepare_at("g", later, &read[0].settings)
        })
        .expect("scheduler write");
    let due = store.read(|tx| tx.servers_post_due(0, 10)).expect("read");
    assert_eq!(due.len(), 1, "still to be worked out from the new settings");
    assert_eq!(due[0].settings, early);
    let prepare = store.read(|tx| tx.servers_to_prepare(0, 10)).expect("read");
    assert_eq!(prepare.len(), 1);
    // With the settings unchanged, the scheduler's time is stored.
    store
        .write(|tx| tx.set_next_post_at("g", later, &early))
        .expect("write");
    assert!(
        store
            .read(|tx| tx.servers_post_due(0, 10))
            .expect("read")
            .is_empty()
    );
}

/// `migrate-store`: a SQLite database a server played on, copied into an empty
/// PostgreSQL one, plays on there as it was; a second copy into it is refused.
#[test]
fn migrate_store_moves_a_server_from_sqlite_to_postgresql_and_refuses_a_full_target() {
    let (dir, path) = temp_db();
    let Some(target) = common::location(&dir.path().join("copy-target")) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): not compared here");
        return;
    };
    let bot = Bot::with_store(Store::open(&path).expect("sqlite"), T0, 11);
    bot.say_as("admin", "s1", true, "daily setup channel:1 time:00:00");
    bot.app.prepare_dailies();
    let board = common::board_of(&bot.say("ann", "s1", "new 40"));
    let solution = common::solution_of(&board);
    let cell = common::empties(&board)[0];
    let moved = bot.say(
        "ann",
        "s1",
        &format!("move {cell} {}", common::digit(&solution, cell)),
    );
    bot.say("bob", "s1", "/sudoku coop 6");
    let lobby = bot.say("cat", "s1", "race 5");
    bot.press("dan", "s1", &lobby, "Join");
    let shown = bot.say("ann", "s1", "show").content;
    let stats = bot.say("ann", "s1", "stats").content;
    drop(bot);

    let copied = store::copy_store(&store::Location::File(path.clone()), &target).expect("copy");
    let count = |table: &str| {
        copied
            .tables
            .iter()
            .find(|(t, _)| *t == table)
            .map(|(_, n)| *n)
    };
    assert_eq!(count("games"), Some(1), "{copied}");
    assert_eq!(count("coops"), Some(1), "{copied}");
    assert_eq!(count("race_players"), Some(2), "{copied}");
    assert!(count("daily_puzzles") >= Some(1), "{copied}");
    assert!(count("players") >= Some(4), "{copied}");

    // The same games, as their players left them, on the new backend.
    let bot = Bot::with_store(Store::open_at(&target).expect("postgres"), T0, 11);
    assert!(
        moved.content.contains(&cell.to_string()),
        "{}",
        moved.content
    );
    assert_eq!(bot.say("ann", "s1", "show").content, shown);
    assert_eq!(bot.say("ann", "s1", "stats").content, stats);
    // New rows continue after the copied ids: a new game is not refused as a duplicate.
    let fresh = bot.say("eve", "s1", "new 30");
    assert!(!fresh.content.contains("problem"), "{}", fresh.content);
    // And typed commands still mean the game used last: the copied order of use goes on.
    let touched = Store::open_at(&target)
        .expect("postgres")
        .query_for_test("SELECT player FROM games ORDER BY touched_at DESC LIMIT 1")
        .expect("last used");
    assert_eq!(touched, vec![vec!["eve".to_string()]]);
    drop(bot);

    let again = store::copy_store(&store::Location::File(path), &target).expect_err("full");
    assert!(again.to_string().contains("is not empty"), "{again}");
    assert!(again.to_string().contains("games (2 rows)"), "{again}");
    let report = store::check_at(&target).expect("check");
    assert!(report.is_healthy(), "{report}");
    assert_eq!(report.games, Some(2), "{report}");
}

/// `check` on PostgreSQL: what the database holds, its schema version, and damage found
/// by the same decoder as commands.
#[test]
fn check_reads_a_postgresql_database_and_finds_an_undecodable_game() {
    let (dir, _) = temp_db();
    let Some(location) = common::location(&dir.path().join("check")) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): not checked here");
        return;
    };
    let bot = Bot::with_store(Store::open_at(&location).expect("postgres"), T0, 5);
    bot.say("ann", "s1", "new 40");
    bot.say("bob", "s1", "new 40");
    drop(bot);
    let report = store::check_at(&location).expect("check");
    assert!(report.is_healthy(), "{report}");
    assert_eq!(
        (report.games, report.players, report.schema_version),
        (Some(2), Some(2), MIGRATIONS.len() as i64)
    );
    let store = Store::open_at(&location).expect("postgres");
    store
        .execute_for_test("UPDATE games SET status = 'lost' WHERE player = 'bob'")
        .expect_err("the schema's CHECK refuses an unknown status");
    store
        .execute_for_test("UPDATE games SET history = '\\x05'::bytea WHERE player = 'bob'")
        .expect("damage a row");
    let report = store::check_at(&location).expect("check");
    assert_eq!(report.undecodable_games, Some(1), "{report}");
    assert!(!report.is_healthy());
}
