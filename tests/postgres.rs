//! Several bot processes on one PostgreSQL database, and a process killed mid-play.
//!
//! Each "process" here is this test binary run again as a worker (`worker_process`,
//! chosen by the `SUDOKU_PG_WORKER` variable): its own App, its own connection, its own
//! address space, as four replicas of the bot would be. They play at the same moment on
//! the same rows; what they were told is compared with what a sequential replay of it
//! gives. Needs the suite's PostgreSQL run (`tools/with-postgres`); the SQLite run says
//! so and compares nothing.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command as Process, Stdio};

use common::{Bot, T0, board_of, digit, empties, solution_of};
use sudoku_bot::engine::{Cell, Grid};
use sudoku_bot::game::{Action, Move};
use sudoku_bot::store::{Location, Store};

const WORKERS: usize = 4;
const RACE_PLACE: &str = "guild:1";
const COOP_PLACE: &str = "chan";

/// This binary again, as worker `role` on `location`, its answers on stdout.
fn spawn_worker(role: &str, location: &Location, extra: &[(&str, String)]) -> Child {
    let Location::Postgres(url) = location else {
        panic!("workers run on PostgreSQL")
    };
    let mut command = Process::new(std::env::current_exe().expect("test binary"));
    command
        .args([
            "worker_process",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("SUDOKU_PG_WORKER", role)
        .env("SUDOKU_PG_LOCATION", url)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    for (key, value) in extra {
        command.env(key, value);
    }
    command.spawn().expect("worker")
}

/// The lines a worker printed for the parent (`>> …`), once it ended.
fn answers(child: Child) -> Vec<String> {
    let output = child.wait_with_output().expect("worker ends");
    assert!(output.status.success(), "a worker failed");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        // libtest's "test worker_process ... " may start the first line.
        .filter_map(|l| l.split_once(">> ").map(|(_, told)| told.to_owned()))
        .collect()
}

fn tell(line: &str) {
    let mut out = std::io::stdout().lock();
    writeln!(out, ">> {line}").expect("stdout");
    out.flush().expect("stdout");
}

fn right(solution: &Grid, cell: Cell) -> u8 {
    digit(solution, cell)
}

fn wrong(solution: &Grid, cell: Cell) -> u8 {
    digit(solution, cell) % 9 + 1
}

/// Not a test on its own: the body of a worker process (see the module's doc).
#[test]
#[ignore = "run by the tests of this file as a separate process"]
fn worker_process() {
    let Ok(role) = std::env::var("SUDOKU_PG_WORKER") else {
        return;
    };
    // What goes wrong underneath (a failed commit, a post not built) shows in the test's
    // output.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter("warn")
        .init();
    let location = Location::Postgres(std::env::var("SUDOKU_PG_LOCATION").expect("location"));
    let store = Store::open_at(&location).expect("worker store");
    let me: usize = role
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .parse()
        .unwrap_or(0);
    // A minute after the set-up: the daily is due, the race still running.
    let bot = Bot::with_store(store, T0 + 60_000, 1_000 + me as u64);
    let player = format!("p{me}");
    if role.starts_with("kill") {
        // Its own game, move after move, each printed once acknowledged, until killed.
        let board = board_of(&bot.say(&player, "solo", "new 60"));
        let solution = solution_of(&board);
        tell(&format!("puzzle {}", board.to_line()));
        for cell in empties(&board) {
            let d = right(&solution, cell);
            let reply = bot.say(&player, "solo", &format!("move {cell} {d}"));
            assert!(
                reply.content.contains(&format!("({d})")),
                "{}",
                reply.content
            );
            tell(&format!("ack {cell} {d}"));
            // A pace that lets the parent kill it mid-game.
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        return;
    }
    // Everyone starts together: each waits for the parent's go on its stdin.
    let mut go = String::new();
    std::io::stdin().read_line(&mut go).expect("go");

    // The daily scheduler, run by every process at once: one post in all.
    bot.app.next_daily_post_at();
    let posts = bot.app.take_due_daily_posts();
    tell(&format!("posts {}", posts.len()));

    // The race: this player's board, typed to the end at once.
    let race = std::env::var("SUDOKU_PG_RACE").expect("race puzzle");
    let race = sudoku_bot::engine::parse::parse_grid(&race).expect("race grid");
    let solution = solution_of(&race);
    let all: Vec<String> = empties(&race)
        .into_iter()
        .map(|c| format!("{c} {}", right(&solution, c)))
        .collect();
    let finished = bot.say(&player, RACE_PLACE, &format!("move {}", all.join(", ")));
    tell(&format!("race {}", finished.content.replace('\n', " ")));

    // The co-op board: every cell raced for by several processes, wrong digits among them.
    let coop = std::env::var("SUDOKU_PG_COOP").expect("coop puzzle");
    let coop = sudoku_bot::engine::parse::parse_grid(&coop).expect("coop grid");
    let solution = solution_of(&coop);
    let cells = empties(&coop);
    for k in 0..cells.len() {
        let cell = cells[(k + me * 9) % cells.len()];
        let d = if (k + me).is_multiple_of(7) {
            wrong(&solution, cell)
        } else {
            right(&solution, cell)
        };
        let r = bot.say(&player, COOP_PLACE, &format!("coop move {cell} {d}"));
        let what = common::coop_outcome(&r);
        tell(&format!("coop {cell} {d} {what}"));
    }

    // A game of its own, every move acknowledged.
    let board = board_of(&bot.say(&player, "solo", "new 30"));
    let solution = solution_of(&board);
    for cell in empties(&board) {
        let r = bot.say(
            &player,
            "solo",
            &format!("move {cell} {}", right(&solution, cell)),
        );
        assert!(!r.content.contains("problem"), "{}", r.content);
    }
    tell(&format!(
        "solo {}",
        bot.say(&player, "solo", "stats").content.replace('\n', " ")
    ));
}

fn parse_cell(text: &str) -> Cell {
    Cell::parse(text).expect("a cell")
}

/// Four processes at once on one database: a daily posted once, a race with one winner
/// and every racer ranked once, a co-op board equal to the sequential replay of the moves
/// its players were told succeeded, and every game of their own complete.
#[test]
fn four_processes_play_race_and_coop_on_one_database_as_if_one_after_another() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some(location) = common::location(&dir.path().join("four")) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): nothing compared here");
        return;
    };
    // Set up in one process: the daily, a race all four joined and started, a board.
    let setup = Bot::with_store(Store::open_at(&location).expect("store"), T0, 7);
    // T0 is 11:06:40 UTC: the post is due at 11:07, when the workers run (T0 + 1 min).
    let on = setup.say_as("admin", "guild:9", true, "daily setup channel:1 time:11:07");
    assert!(on.content.contains("Daily Sudoku is on"), "{}", on.content);
    setup.app.prepare_dailies();
    let mut lobby = setup.say("p0", RACE_PLACE, "race 20");
    for p in 1..WORKERS {
        lobby = setup.press(&format!("p{p}"), RACE_PLACE, &lobby, "Join");
    }
    let scoreboard = setup.press("p0", RACE_PLACE, &lobby, "Start");
    let mut race = None;
    for p in 0..WORKERS {
        let board = setup.press(&format!("p{p}"), RACE_PLACE, &scoreboard, "My board");
        race = Some(board_of(&board));
    }
    let race = race.expect("a race board");
    let coop = board_of(&setup.say("p0", COOP_PLACE, "coop 36"));
    drop(setup);

    let mut workers: Vec<Child> = (0..WORKERS)
        .map(|p| {
            spawn_worker(
                &format!("play{p}"),
                &location,
                &[
                    ("SUDOKU_PG_RACE", race.to_line()),
                    ("SUDOKU_PG_COOP", coop.to_line()),
                ],
            )
        })
        .collect();
    // Started and connected, each waits on its stdin: the go reaches all four within
    // microseconds of each other.
    std::thread::sleep(std::time::Duration::from_millis(800));
    for worker in &mut workers {
        let mut stdin = worker.stdin.take().expect("stdin");
        stdin.write_all(b"go\n").expect("go");
    }
    let told: Vec<Vec<String>> = workers.into_iter().map(answers).collect();

    let posts: usize = told
        .iter()
        .flatten()
        .filter_map(|l| l.strip_prefix("posts "))
        .map(|n| n.parse::<usize>().expect("count"))
        .sum();
    assert_eq!(
        posts, 1,
        "the day's post went out once among four processes: {told:?}"
    );

    let store = Store::open_at(&location).expect("store");
    let ranks = store
        .query_for_test("SELECT rank FROM race_players ORDER BY rank")
        .expect("ranks");
    assert_eq!(
        ranks,
        (1..=WORKERS)
            .map(|r| vec![r.to_string()])
            .collect::<Vec<_>>(),
        "one winner, every racer ranked once: {told:?}"
    );

    // The co-op board against the sequential replay of what each was told.
    let coop_told: Vec<Vec<(Move, &str)>> = told
        .iter()
        .map(|lines| {
            lines
                .iter()
                .filter_map(|l| l.strip_prefix("coop "))
                .map(|line| {
                    let parts: Vec<&str> = line.split(' ').collect();
                    let m = Move {
                        cell: parse_cell(parts[0]),
                        action: Action::Place(parts[1].parse().expect("digit")),
                    };
                    (m, parts[2])
                })
                .collect()
        })
        .collect();
    let mut store = store;
    let stored = store
        .read(|tx| tx.coop(1))
        .expect("read")
        .expect("the board");
    common::assert_coop_is_the_replay(coop, solution_of(&coop), &coop_told, &stored);

    // Every process's own game is solved and stored as such.
    let solved = store
        .query_for_test("SELECT count(*) FROM games WHERE place = 'solo' AND status = 'solved'")
        .expect("count");
    assert_eq!(solved, vec![vec![WORKERS.to_string()]]);
}

/// A bot process killed (SIGKILL) in the middle of a game loses no move it acknowledged:
/// each printed "ack" is on the stored board, and the game goes on from there.
#[test]
fn a_process_killed_mid_game_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some(location) = common::location(&dir.path().join("kill")) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): nothing compared here");
        return;
    };
    let mut child = spawn_worker("kill0", &location, &[]);
    let stdout = child.stdout.take().expect("stdout");
    let mut acked: Vec<(Cell, u8)> = Vec::new();
    let mut lines = BufReader::new(stdout).lines();
    while let Some(Ok(line)) = lines.next() {
        if let Some(ack) = line.strip_prefix(">> ack ") {
            let (cell, d) = ack.split_once(' ').expect("cell digit");
            acked.push((parse_cell(cell), d.parse().expect("digit")));
            if acked.len() == 12 {
                // Mid-game, between one answer and the next command's commit.
                unsafe { libc::kill(child.id() as i32, libc::SIGKILL) };
                break;
            }
        }
    }
    let status = child.wait().expect("reaped");
    assert!(!status.success(), "killed, not finished");
    assert_eq!(acked.len(), 12);

    let bot = Bot::with_store(Store::open_at(&location).expect("store"), T0 + 60_000, 3);
    let board = board_of(&bot.say("p0", "solo", "show"));
    for (cell, d) in &acked {
        assert_eq!(
            board.get(*cell),
            Some(*d),
            "acknowledged {cell} {d} is stored"
        );
    }
    // And play goes on where it stopped.
    let solution = solution_of(&board);
    let next = empties(&board)[0];
    let r = bot.say(
        "p0",
        "solo",
        &format!("move {next} {}", right(&solution, next)),
    );
    assert!(
        r.content.contains(&format!("({})", right(&solution, next))),
        "{}",
        r.content
    );
}

/// `database_connections`: one process's commands run on several connections at once,
/// each on whichever is free, and every one of them is answered and stored.
#[test]
fn one_process_runs_commands_on_its_pool_of_connections() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some(location) = common::location(&dir.path().join("pool")) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): nothing compared here");
        return;
    };
    let clock = std::sync::Arc::new(sudoku_bot::app::ManualClock::new(T0));
    let app =
        sudoku_bot::app::App::new(Store::open_at(&location).expect("store"), clock.clone(), 9)
            .with_connections(pool_of(4));
    let bot = Bot {
        app: std::sync::Arc::new(app),
        clock,
    };
    std::thread::scope(|scope| {
        for p in 0..8 {
            let bot = &bot;
            scope.spawn(move || {
                let player = format!("q{p}");
                let board = board_of(&bot.say(&player, "pool", "new 20"));
                let solution = solution_of(&board);
                for cell in empties(&board) {
                    let r = bot.say(
                        &player,
                        "pool",
                        &format!("move {cell} {}", right(&solution, cell)),
                    );
                    assert!(!r.content.contains("problem"), "{}", r.content);
                }
            });
        }
    });
    let solved = Store::open_at(&location)
        .expect("store")
        .query_for_test("SELECT count(*) FROM games WHERE status = 'solved'")
        .expect("count");
    assert_eq!(solved, vec![vec!["8".to_string()]]);
    // On SQLite the pool is one connection, whatever is asked.
    let sqlite = sudoku_bot::app::App::new(
        Store::open(&dir.path().join("one.db")).expect("sqlite"),
        std::sync::Arc::new(sudoku_bot::app::ManualClock::new(T0)),
        9,
    );
    let sqlite = Bot {
        app: std::sync::Arc::new(sqlite.with_connections(pool_of(4))),
        clock: std::sync::Arc::new(sudoku_bot::app::ManualClock::new(T0)),
    };
    board_of(&sqlite.say("ann", "one", "new 20"));
}

/// A pool of `connections` that waits at most half a second for one.
fn pool_of(connections: usize) -> sudoku_bot::store::PoolSettings {
    sudoku_bot::store::PoolSettings {
        connections,
        checkout_timeout: std::time::Duration::from_millis(500),
    }
}

/// The test schema's URL with connections named `name` in pg_stat_activity, so that a
/// test can find (and end) its own among those of the tests beside it.
fn named(location: &Location, name: &str) -> Location {
    let Location::Postgres(url) = location else {
        panic!("a PostgreSQL location")
    };
    Location::Postgres(format!("{url}&application_name={name}"))
}

/// How many connections named `name` the server has that are in `state` (SQL).
fn backends(watcher: &Store, name: &str, state: &str) -> usize {
    watcher
        .query_for_test(&format!(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = '{name}' AND {state}"
        ))
        .expect("pg_stat_activity")[0][0]
        .parse()
        .expect("a count")
}

/// Issue 50: a command that finds every pooled connection held (here the pool's one
/// connection, by a command stuck behind another session's lock) answers "try again"
/// instead of queueing behind it; the stuck command completes once the lock goes, and
/// the refused one succeeds when asked again.
#[test]
fn a_command_finding_every_connection_held_answers_busy_instead_of_waiting() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some(location) = common::location(&dir.path().join("held")) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): nothing compared here");
        return;
    };
    let name = format!("held_{}", std::process::id());
    let location = named(&location, &name);
    let clock = std::sync::Arc::new(sudoku_bot::app::ManualClock::new(T0));
    let app =
        sudoku_bot::app::App::new(Store::open_at(&location).expect("store"), clock.clone(), 9)
            .with_connections(pool_of(1));
    let bot = Bot {
        app: std::sync::Arc::new(app),
        clock,
    };
    board_of(&bot.say("ann", "held", "new 20"));
    let blocker = Store::open_at(&location).expect("another session");
    blocker
        .execute_for_test("BEGIN; LOCK TABLE games IN ACCESS EXCLUSIVE MODE")
        .expect("lock");
    let watcher = Store::open_at(&common::location(&dir.path().join("held")).expect("schema"))
        .expect("a watcher");
    std::thread::scope(|scope| {
        let stuck = scope.spawn(|| bot.say("ann", "held", "show"));
        while backends(&watcher, &name, "wait_event_type = 'Lock'") == 0 {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let refused = bot.say("bob", "held", "new 20");
        assert!(refused.content.contains("try again"), "{}", refused.content);
        blocker.execute_for_test("COMMIT").expect("unlock");
        board_of(&stuck.join().expect("the stuck command"));
    });
    board_of(&bot.say("bob", "held", "new 20"));
}

/// Issue 50: every connection of the pool ended by the server (`pg_terminate_backend`,
/// as a restart or a failover does) is replaced before the next commands, which the
/// players see succeed: their transactions had not begun, so they ran on new ones.
#[test]
fn connections_the_server_ended_are_replaced_without_a_player_noticing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some(location) = common::location(&dir.path().join("ended")) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): nothing compared here");
        return;
    };
    let name = format!("ended_{}", std::process::id());
    let location = named(&location, &name);
    let clock = std::sync::Arc::new(sudoku_bot::app::ManualClock::new(T0));
    let app =
        sudoku_bot::app::App::new(Store::open_at(&location).expect("store"), clock.clone(), 9)
            .with_connections(pool_of(3));
    let bot = Bot {
        app: std::sync::Arc::new(app),
        clock,
    };
    let board = board_of(&bot.say("ann", "ended", "new 30"));
    let solution = solution_of(&board);
    let cells = empties(&board);
    let watcher = Store::open_at(&common::location(&dir.path().join("ended")).expect("schema"))
        .expect("a watcher");
    watcher
        .execute_for_test(&format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '{name}'"
        ))
        .expect("terminate");
    while backends(&watcher, &name, "true") > 0 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    for cell in &cells[..6] {
        let d = right(&solution, *cell);
        let r = bot.say("ann", "ended", &format!("move {cell} {d}"));
        assert!(r.content.contains(&format!("({d})")), "{}", r.content);
    }
    let stored = board_of(&bot.say("ann", "ended", "show"));
    for cell in &cells[..6] {
        assert_eq!(stored.get(*cell), Some(right(&solution, *cell)));
    }
}

/// Issue 50: every pooled connection carries the server-side timeouts (a statement cut
/// at 30 s, a session idle inside a transaction ended at 60 s), and the URL's own
/// `options` win over them.
#[test]
fn pooled_connections_carry_the_server_side_timeouts() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some(location) = common::location(&dir.path().join("timeouts")) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): nothing compared here");
        return;
    };
    let shown = |location: &Location, setting: &str| {
        let pool = sudoku_bot::store::Pool::one(Store::open_at(location).expect("store"))
            .with_connections(pool_of(2));
        let value = pool
            .checkout()
            .expect("a connection")
            .query_for_test(&format!("SHOW {setting}"))
            .expect("show");
        value[0][0].clone()
    };
    assert_eq!(shown(&location, "statement_timeout"), "30s");
    assert_eq!(
        shown(&location, "idle_in_transaction_session_timeout"),
        "1min"
    );
    let Location::Postgres(url) = &location else {
        unreachable!()
    };
    let own = Location::Postgres(url.replace(
        "options=-csearch_path",
        "options=-cstatement_timeout%3D5s%20-csearch_path",
    ));
    assert_eq!(shown(&own, "statement_timeout"), "5s");
}

/// `backup` on PostgreSQL: a `pg_dump` file that `pg_restore` reads, put in place only
/// once read back.
#[test]
fn a_postgresql_backup_is_a_dump_pg_restore_reads() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some(location) = common::location(&dir.path().join("backup")) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): nothing compared here");
        return;
    };
    let bot = Bot::with_store(Store::open_at(&location).expect("store"), T0, 4);
    bot.say("ann", "s1", "new 40");
    drop(bot);
    let to = dir.path().join("sudoku.dump");
    let said = sudoku_bot::store::backup_at(&location, &to).expect("backup");
    assert!(said.contains("pg_dump"), "{said}");
    let listed = Process::new("pg_restore")
        .arg("--list")
        .arg(&to)
        .output()
        .expect("pg_restore");
    assert!(listed.status.success());
    let listing = String::from_utf8_lossy(&listed.stdout);
    assert!(
        listing.contains("TABLE DATA") && listing.contains("games"),
        "{listing}"
    );
    assert!(!dir.path().join("sudoku.dump.partial").exists());
}

/// Issue 50: `check` on a PostgreSQL database the bot has not started on yet says it is
/// new (and healthy), not "empty… delete it" as for a 0-byte SQLite file.
#[test]
fn check_calls_a_postgresql_database_without_tables_new() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some(location) = common::location(&dir.path().join("fresh")) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): nothing compared here");
        return;
    };
    let report = sudoku_bot::store::check_at(&location).expect("check");
    let text = report.to_string();
    assert!(report.is_healthy(), "{text}");
    assert!(text.contains("NEW: no tables yet"), "{text}");
    assert!(
        !text.contains("EMPTY") && !text.contains("delete"),
        "{text}"
    );
    drop(Store::open_at(&location).expect("the bot starts on it"));
    let text = sudoku_bot::store::check_at(&location)
        .expect("check")
        .to_string();
    assert!(!text.contains("NEW"), "{text}");
}

/// Issue 50: a URL naming the server's Unix socket (`host=/run/postgresql`) opens the
/// store and `check` reads it; TLS is never asked of a socket, and `sslmode=disable` used
/// to fail anyway with "\"\" is not a host name".
#[test]
fn a_unix_socket_url_opens_the_store() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some((url, _)) = tls_test_url(&dir.path().join("socket")) else {
        return;
    };
    let socket = std::env::var("SUDOKU_TEST_POSTGRES_SOCKET").expect("tools/with-postgres sets it");
    let (before, after) = url.split_once("@127.0.0.1:").expect("a TCP URL");
    let (port, rest) = after.split_once('/').expect("a database");
    let (database, query) = rest.split_once('?').expect("the schema");
    for extra in ["sslmode=disable", "sslmode=prefer"] {
        let socket_url = format!("{before}@/{database}?host={socket}&port={port}&{query}&{extra}");
        let store = opened(&socket_url).unwrap_or_else(|e| panic!("{socket_url}: {e}"));
        assert!(!encrypted(&store), "a socket is never TLS");
        Bot::with_store(store, T0, 7).say("ann", "s1", "new 40");
        let location: sudoku_bot::store::Location = socket_url.parse().expect("a location");
        let report = sudoku_bot::store::check_at(&location).expect("check");
        assert!(report.is_healthy(), "{report}");
    }
}

/// Issue 50: `backup` checks the server as the bot's own connections do. With
/// `sslmode=verify-full` and an authority that did not sign the server's certificate,
/// pg_dump refuses (it used to fall back to `prefer` and dump to whoever answered); with
/// the right authority it dumps.
#[test]
fn a_backup_checks_the_server_as_the_url_asks() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some((url, certs)) = tls_test_url(&dir.path().join("backup-tls")) else {
        return;
    };
    let root = |name: &str| format!("sslrootcert={}", certs.join(name).display());
    let location = |extra: String| -> sudoku_bot::store::Location {
        format!("{url}&{extra}").parse().expect("a location")
    };
    // Something to dump: the schema with a game in it.
    let store = opened(&format!("{url}&sslmode=verify-full&{}", root("ca.crt"))).expect("store");
    Bot::with_store(store, T0, 6).say("ann", "s1", "new 40");
    let refused = sudoku_bot::store::backup_at(
        &location(format!("sslmode=verify-full&{}", root("other-ca.crt"))),
        &dir.path().join("refused.dump"),
    )
    .expect_err("an authority that did not sign the certificate");
    assert!(refused.to_string().contains("pg_dump failed"), "{refused}");
    assert!(!dir.path().join("refused.dump").exists());
    let said = sudoku_bot::store::backup_at(
        &location(format!("sslmode=verify-full&{}", root("ca.crt"))),
        &dir.path().join("sudoku.dump"),
    )
    .expect("the right authority");
    assert!(said.contains("pg_dump"), "{said}");
}

/// The server of the PostgreSQL run with its test certificates (see tools/with-postgres):
/// a URL for schema `name` whose role, host and TLS options a test then changes.
fn tls_test_url(name: &std::path::Path) -> Option<(String, std::path::PathBuf)> {
    let Some(Location::Postgres(url)) = common::location(name) else {
        eprintln!("needs the PostgreSQL run (tools/with-postgres): nothing compared here");
        return None;
    };
    let folder = std::env::var("SUDOKU_TEST_POSTGRES_TLS").expect("tools/with-postgres sets it");
    // Only the schema is kept from the test URL's options: the rest is each case's own.
    let (base, query) = url.split_once('?').expect("a query");
    let options = query
        .split('&')
        .find(|pair| pair.starts_with("options="))
        .expect("the schema");
    Some((format!("{base}?{options}"), folder.into()))
}

/// Whether the store's connection is encrypted, as the server sees it.
fn encrypted(store: &Store) -> bool {
    let rows = store
        .query_for_test(
            "SELECT CASE WHEN ssl THEN 'tls' ELSE 'plain' END FROM pg_stat_ssl \
             WHERE pid = pg_backend_pid()",
        )
        .expect("pg_stat_ssl");
    rows == vec![vec!["tls".to_string()]]
}

fn opened(url: &str) -> Result<Store, String> {
    Store::open_at(&url.parse::<Location>().map_err(|e| e.to_string())?).map_err(|e| e.to_string())
}

/// libpq's sslmode, sslrootcert, sslcert and sslkey, against a server with a certificate
/// for 127.0.0.1 and db.sudoku.test from a throwaway authority: each mode checks what it
/// promises, refuses what it must, and a game is played over the encrypted connection.
#[test]
fn tls_to_postgresql_checks_what_each_sslmode_promises() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some((url, certs)) = tls_test_url(&dir.path().join("tls")) else {
        return;
    };
    let ca = certs.join("ca.crt");
    let other = certs.join("other-ca.crt");
    let port = url
        .split_once("127.0.0.1:")
        .and_then(|(_, rest)| rest.split('/').next())
        .expect("port")
        .to_owned();
    let with = |extra: &str| format!("{url}&{extra}");
    // The same server under another name, reached at 127.0.0.1.
    let named = |host: &str, extra: &str| {
        url.replacen(&format!("127.0.0.1:{port}"), &format!("{host}:{port}"), 1)
            + &format!("&hostaddr=127.0.0.1&{extra}")
    };
    let root = |path: &std::path::Path| format!("sslrootcert={}", path.display());

    // verify-full: the right authority and a name in the certificate; a game is played.
    let store = opened(&with(&format!("sslmode=verify-full&{}", root(&ca)))).expect("verify-full");
    assert!(encrypted(&store));
    let bot = Bot::with_store(store, T0, 5);
    let board = board_of(&bot.say("ann", "tls", "new 20"));
    let solution = solution_of(&board);
    for cell in empties(&board) {
        bot.say(
            "ann",
            "tls",
            &format!("move {cell} {}", right(&solution, cell)),
        );
    }
    drop(bot);
    let again = opened(&with(&format!("sslmode=verify-full&{}", root(&ca)))).expect("again");
    assert_eq!(
        again
            .query_for_test("SELECT status FROM games")
            .expect("games"),
        vec![vec!["solved".to_string()]]
    );
    assert!(
        opened(&named(
            "db.sudoku.test",
            &format!("sslmode=verify-full&{}", root(&ca))
        ))
        .is_ok()
    );

    // A name the certificate does not carry: verify-full refuses, verify-ca does not check
    // names, require checks nothing.
    let wrong_name = opened(&named(
        "localhost",
        &format!("sslmode=verify-full&{}", root(&ca)),
    ))
    .err()
    .expect("verify-full must refuse localhost");
    assert!(
        wrong_name.contains("\"localhost\"") && wrong_name.contains("verify-ca"),
        "{wrong_name}"
    );
    assert!(encrypted(
        &opened(&named(
            "localhost",
            &format!("sslmode=verify-ca&{}", root(&ca))
        ))
        .expect("verify-ca")
    ));
    assert!(encrypted(
        &opened(&named("localhost", "sslmode=require")).expect("require")
    ));

    // An authority that did not sign the server's certificate, and the public ones.
    for wrong_root in [root(&other), "sslrootcert=system".to_string()] {
        for mode in ["verify-ca", "verify-full"] {
            let refused = opened(&with(&format!("sslmode={mode}&{wrong_root}")))
                .err()
                .unwrap_or_else(|| panic!("{mode} with {wrong_root} must refuse"));
            assert!(refused.contains("not signed by an authority"), "{refused}");
        }
    }
    // require with a root certificate checks the chain, as libpq does.
    assert!(opened(&with(&format!("sslmode=require&{}", root(&other)))).is_err());
    // verify-full without a root certificate says what to add.
    if std::env::var_os("PGSSLROOTCERT").is_none() {
        let needs = opened(&with("sslmode=verify-full")).err().expect("no root");
        assert!(needs.contains("sslrootcert="), "{needs}");
    }

    // disable and prefer.
    assert!(!encrypted(
        &opened(&with("sslmode=disable")).expect("disable")
    ));
    assert!(encrypted(&opened(&with("sslmode=prefer")).expect("prefer")));
}

/// The roles that sign in only over TLS: a client certificate (sslcert, sslkey), and a
/// SCRAM password with channel binding, which holds only if our certificate hash is the
/// one the server computes.
#[test]
fn tls_client_certificates_and_channel_binding_sign_in() {
    let dir = tempfile::tempdir().expect("temp dir");
    let Some((url, certs)) = tls_test_url(&dir.path().join("tls_roles")) else {
        return;
    };
    let ca = certs.join("ca.crt").display().to_string();
    let as_role =
        |role: &str, extra: &str| url.replacen("postgres@", &format!("{role}@"), 1) + "&" + extra;
    let client = format!(
        "sslcert={}&sslkey={}",
        certs.join("client.crt").display(),
        certs.join("client.key").display()
    );
    let store = opened(&as_role(
        "sudoku_cert",
        &format!("sslmode=verify-full&sslrootcert={ca}&{client}"),
    ))
    .expect("a client certificate signs in");
    assert_eq!(
        store.query_for_test("SELECT current_user").expect("user"),
        vec![vec!["sudoku_cert".to_string()]]
    );
    let refused = opened(&as_role(
        "sudoku_cert",
        &format!("sslmode=verify-full&sslrootcert={ca}"),
    ))
    .err()
    .expect("no client certificate");
    assert!(refused.contains("certificate"), "{refused}");

    let password = std::env::var("SUDOKU_TEST_POSTGRES_SCRAM_PASSWORD").expect("the tool sets it");
    let scram = url.replacen("postgres@", &format!("sudoku_scram:{password}@"), 1);
    for mode in [
        format!("sslmode=verify-full&sslrootcert={ca}"),
        "sslmode=require".into(),
    ] {
        let store = opened(&format!("{scram}&{mode}&channel_binding=require"))
            .unwrap_or_else(|e| panic!("SCRAM with channel binding over {mode}: {e}"));
        assert!(encrypted(&store));
    }
    // The role signs in only over TLS, and the password is checked.
    assert!(opened(&format!("{scram}&sslmode=disable")).is_err());
    let wrong = url.replacen("postgres@", "sudoku_scram:wrong@", 1);
    assert!(opened(&format!("{wrong}&sslmode=require")).is_err());
}
