//! The Discord adapter end to end: the unmodified serenity client, inside our own `run`,
//! against a fake Discord on 127.0.0.1. No test reaches the real Discord.

mod fake_discord;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use fake_discord::{APP_ID, FakeDiscord, GUILD};
use serde_json::{Value, json};
use sudoku_bot::adapters::discord::{self, Config, RunError};
use sudoku_bot::app::{App, SystemClock};
use sudoku_bot::engine::parse::parse_grid;
use sudoku_bot::engine::{Cell, Grid, Solution, solver};
use sudoku_bot::store::Store;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

const TOKEN: &str = "test-token-not-a-secret";

struct Bot {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), RunError>>,
}

impl Bot {
    async fn stop(self) {
        let _ = self.stop.send(());
        let result = tokio::time::timeout(std::time::Duration::from_secs(20), self.task)
            .await
            .expect("the bot stops on shutdown")
            .expect("no panic");
        assert!(result.is_ok(), "{result:?}");
    }
}

fn start(fake: &FakeDiscord, db: &Path, token: &str) -> Bot {
    let config = Config {
        database: db.to_path_buf(),
        api_base: Some(fake.api_base.clone()),
        ..Config::default()
    };
    let store = Store::open(db).expect("store");
    let app = Arc::new(App::new(store, Arc::new(SystemClock), 3));
    let (stop, stopped) = oneshot::channel::<()>();
    let token = token.to_string();
    let task = tokio::spawn(async move {
        discord::run(app, &config, &token, async {
            let _ = stopped.await;
        })
        .await
    });
    Bot { stop, task }
}

/// A running bot that has identified and registered its commands.
async fn ready(fake: &FakeDiscord, db: &Path, identifies: usize) -> Bot {
    let bot = start(fake, db, TOKEN);
    fake.wait_gateway("IDENTIFY", identifies).await;
    let registrations = identifies;
    let path = format!("/api/v10/applications/{APP_ID}/commands");
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    while fake
        .calls()
        .await
        .iter()
        .filter(|c| c.method == "PUT" && c.path == path)
        .count()
        < registrations
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "commands never registered"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    bot
}

fn db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bot.db");
    (dir, path)
}

fn ann() -> Value {
    FakeDiscord::user("100000000000000001", "ann")
}

fn bob() -> Value {
    FakeDiscord::user("100000000000000002", "bob")
}

fn content(response: &Value) -> &str {
    response["data"]["content"]
        .as_str()
        .or_else(|| response["content"].as_str())
        .unwrap_or("")
}

fn ephemeral(data: &Value) -> bool {
    data["flags"].as_u64().unwrap_or(0) & 64 != 0
}

fn custom_id(message: &Value, label: &str) -> String {
    let rows = message["components"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    rows.iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["label"] == label)
        .and_then(|b| b["custom_id"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no {label} button in {message:#}"))
}

fn solution_of(board: &Grid) -> Grid {
    match solver::solve(board) {
        Solution::Unique(g) => g,
        other => panic!("{other:?}"),
    }
}

/// `/sudoku new <empty>` by `user`: deferred, then the board edited in. Returns the edit.
async fn new_game(fake: &FakeDiscord, user: &Value, empty: u64) -> Value {
    let interaction = fake.slash(
        user,
        Some(GUILD),
        "new",
        json!([{"name": "empty", "type": 4, "value": empty}]),
    );
    let token = interaction["token"].as_str().expect("token").to_string();
    let id = fake.interact(interaction).await;
    let first = fake.response_to(&id).await;
    assert_eq!(first["type"], 5, "new is deferred first: {first:#}");
    fake.edit_of(&token).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_up_registers_every_command_with_its_options() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let put = fake.wait_call("registration", |c| c.method == "PUT").await;
    let commands = put.body.as_array().expect("a list");
    assert_eq!(commands.len(), 3);
    let sudoku = &commands[0];
    assert_eq!(sudoku["name"], "sudoku");
    assert_eq!(sudoku["integration_types"], json!([0, 1]));
    assert_eq!(sudoku["contexts"], json!([0, 1, 2]));
    let subs: Vec<&str> = sudoku["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| o["name"].as_str().expect("name"))
        .collect();
    assert_eq!(subs, sudoku_bot::app::command::SUBCOMMANDS);
    for sub in sudoku["options"].as_array().expect("options") {
        assert_eq!(sub["type"], 1, "{sub}");
        assert!(
            !sub["description"].as_str().unwrap_or("").is_empty(),
            "{sub}"
        );
    }
    let new = &sudoku["options"][0]["options"];
    assert_eq!(new[0]["name"], "empty");
    assert_eq!(new[0]["type"], 4);
    assert_eq!(new[0]["min_value"], 0);
    assert_eq!(new[0]["max_value"], 64);
    assert_eq!(new[1]["name"], "difficulty");
    assert_eq!(new[1]["choices"].as_array().expect("choices").len(), 5);
    assert_eq!(new[2]["name"], "symmetry");
    let admin = &commands[1];
    assert_eq!(admin["name"], "sudoku-daily");
    assert_eq!(
        admin["default_member_permissions"], "32",
        "Manage Server only"
    );
    assert_eq!(admin["contexts"], json!([0]));
    let setup = &admin["options"][0];
    assert_eq!(setup["name"], "setup");
    let names: Vec<&str> = setup["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| o["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["channel", "time", "timezone", "difficulty"]);
    assert_eq!(admin["options"][1]["name"], "off");
    assert_eq!(commands[2]["name"], "Solve Sudoku");
    assert_eq!(commands[2]["type"], 3);
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_through_discord_moves_buttons_and_strangers() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let board = new_game(&fake, &ann(), 40).await;
    let givens = parse_grid(content(&board)).expect("the board parses");
    assert_eq!(givens.empty_count(), 40);
    let solution = solution_of(&givens);
    let cells: Vec<Cell> = Cell::all().filter(|&c| givens.get(c).is_none()).collect();

    // A move: a public board with the digit marked as the player's.
    let (c, d) = (cells[0], solution.get(cells[0]).expect("full"));
    let id = fake
        .interact(fake.slash(
            &ann(),
            Some(GUILD),
            "move",
            json!([{"name": "moves", "type": 3, "value": format!("{c} {d}")}]),
        ))
        .await;
    let moved = fake.response_to(&id).await;
    assert_eq!(moved["type"], 4);
    assert!(!ephemeral(&moved["data"]));
    assert!(content(&moved).contains(&format!("({d})")), "{moved:#}");
    let board_message = moved["data"].clone();

    // Someone else presses the buttons: an ephemeral refusal, nothing changes.
    for label in ["Hint", "Undo", "Give up"] {
        let button = custom_id(&board_message, label);
        let id = fake
            .interact(fake.button(&bob(), Some(GUILD), &button, content(&moved)))
            .await;
        let r = fake.response_to(&id).await;
        assert_eq!(r["type"], 4);
        assert!(ephemeral(&r["data"]));
        assert!(content(&r).contains("This is not your game"), "{r:#}");
    }

    // The player's Hint: private. Undo: the board message itself is updated.
    let id = fake
        .interact(fake.button(
            &ann(),
            Some(GUILD),
            &custom_id(&board_message, "Hint"),
            content(&moved),
        ))
        .await;
    let hint = fake.response_to(&id).await;
    assert!(
        ephemeral(&hint["data"]) && content(&hint).starts_with("Hint:"),
        "{hint:#}"
    );
    let id = fake
        .interact(fake.button(
            &ann(),
            Some(GUILD),
            &custom_id(&board_message, "Undo"),
            content(&moved),
        ))
        .await;
    let undone = fake.response_to(&id).await;
    assert_eq!(undone["type"], 7, "a button updates its board: {undone:#}");
    assert_eq!(parse_grid(content(&undone)).expect("board"), givens);

    // Bad input: an ephemeral, specific error, and nothing changed.
    let id = fake
        .interact(fake.slash(
            &ann(),
            Some(GUILD),
            "move",
            json!([{"name": "moves", "type": 3, "value": "Z9 1"}]),
        ))
        .await;
    let bad = fake.response_to(&id).await;
    assert!(ephemeral(&bad["data"]));
    assert!(content(&bad).contains("`Z9` is not a cell"), "{bad:#}");
    let id = fake
        .interact(fake.slash(&ann(), Some(GUILD), "show", json!([])))
        .await;
    let shown = fake.response_to(&id).await;
    assert_eq!(parse_grid(content(&shown)).expect("board"), givens);

    // Starting another game while one runs: the deferred public answer is replaced by
    // an ephemeral explanation.
    let again = fake.slash(&ann(), Some(GUILD), "new", json!([]));
    let token = again["token"].as_str().expect("token").to_string();
    fake.interact(again).await;
    let follow = fake.followup_of(&token).await;
    assert!(ephemeral(&follow), "{follow:#}");
    assert!(content(&follow).contains("already have a game in progress"));
    fake.wait_call("the deferred answer removed", |c| {
        c.method == "DELETE" && c.path.contains(&token)
    })
    .await;
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solve_sudoku_on_a_pasted_multi_line_grid() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let pasted = "```\n4 . . |. . . |8 . 5\n. 3 . |. . . |. . .\n. . . |7 . . |. . .\n------+------+------\n. 2 . |. . . |. 6 .\n. . . |. 8 . |4 . .\n. . . |. 1 . |. . .\n------+------+------\n. . . |6 . 3 |. 7 .\n5 . . |2 . . |. . .\n1 . 4 |. . . |. . .\n```";
    let id = fake
        .interact(fake.solve_message(&ann(), Some(GUILD), pasted))
        .await;
    let r = fake.response_to(&id).await;
    assert!(
        content(&r).contains(
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
        ),
        "{r:#}"
    );
    // And in a DM, where there is no member, only a user.
    let id = fake
        .interact(fake.solve_message(&ann(), None, "not a grid"))
        .await;
    let r = fake.response_to(&id).await;
    assert!(ephemeral(&r["data"]), "{r:#}");
    assert!(content(&r).contains("couldn't read that grid"), "{r:#}");
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_forced_reconnect_commands_still_work() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    fake.force_reconnect().await;
    fake.wait_gateway("RESUME", 1).await;
    let id = fake
        .interact(fake.slash(&ann(), Some(GUILD), "help", json!([])))
        .await;
    let r = fake.response_to(&id).await;
    assert!(content(&r).contains("/sudoku new"), "{r:#}");
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_from_before_a_restart_still_works() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let board = new_game(&fake, &ann(), 45).await;
    let check = custom_id(&board, "Check");
    bot.stop().await;
    // A new bot on the same database, as after a deploy.
    let bot = ready(&fake, &db, 2).await;
    let id = fake
        .interact(fake.button(&ann(), Some(GUILD), &check, content(&board)))
        .await;
    let r = fake.response_to(&id).await;
    assert!(content(&r).contains("45 cells still empty"), "{r:#}");
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_token_ends_with_a_clear_error() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = start(&fake, &db, "wrong-token");
    let result = tokio::time::timeout(std::time::Duration::from_secs(20), bot.task)
        .await
        .expect("no retry loop: the bot gives up")
        .expect("no panic");
    assert!(matches!(result, Err(RunError::TokenRejected)), "{result:?}");
}

#[test]
fn the_binary_refuses_a_missing_or_rejected_token_without_printing_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let run = |token: Option<&str>, api_base: &str| {
        let config = dir.path().join("config.toml");
        std::fs::write(
            &config,
            format!(
                "database = {:?}\napi_base = {api_base:?}\n",
                dir.path().join("bot.db")
            ),
        )
        .expect("config");
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-bot"));
        command
            .args(["run", "--config"])
            .arg(&config)
            .env_remove("DISCORD_TOKEN");
        if let Some(t) = token {
            command.env("DISCORD_TOKEN", t);
        }
        command.output().expect("run")
    };
    let out = run(None, "http://127.0.0.1:9");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("DISCORD_TOKEN"));

    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    let fake = runtime.block_on(FakeDiscord::start(TOKEN));
    let secret = "wrong-secret-token-123";
    let out = run(Some(secret), &fake.api_base);
    assert_eq!(out.status.code(), Some(1));
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(all.contains("rejected the bot token"), "{all}");
    assert!(
        !all.contains(secret),
        "the token leaked into the output: {all}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_from_setup_to_post_play_solve_and_leaderboard() {
    use sudoku_bot::app::ManualClock;
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let clock = Arc::new(ManualClock::new(
        "2026-11-22T08:00:00Z"
            .parse::<jiff::Timestamp>()
            .expect("time")
            .as_millisecond(),
    ));
    let config = Config {
        database: db.clone(),
        api_base: Some(fake.api_base.clone()),
        ..Config::default()
    };
    let app = Arc::new(App::new(Store::open(&db).expect("store"), clock.clone(), 5));
    let wake = Arc::new(tokio::sync::Notify::new());
    let (stop, stopped) = oneshot::channel::<()>();
    let w = wake.clone();
    let task = tokio::spawn(async move {
        discord::run_with_scheduler(
            app,
            &config,
            TOKEN,
            async {
                let _ = stopped.await;
            },
            w,
        )
        .await
    });
    fake.wait_gateway("IDENTIFY", 1).await;
    fake.wait_call("registration", |c| c.method == "PUT").await;

    // A member without Manage Server is refused, whatever their client let through.
    let id = fake
        .interact(fake.daily_setup(&bob(), "0", "100", json!([])))
        .await;
    let refused = fake.response_to(&id).await;
    assert!(ephemeral(&refused["data"]));
    assert!(
        content(&refused).contains("Only members who can manage this server"),
        "{refused:#}"
    );
    // An admin (permission bit 32, Manage Server) sets it up for 09:00 UTC.
    let id = fake
        .interact(fake.daily_setup(
            &ann(),
            "32",
            "100",
            json!([{"name": "time", "type": 3, "value": "09:00"}]),
        ))
        .await;
    let done = fake.response_to(&id).await;
    assert!(
        content(&done).contains("every day at 09:00 (UTC) in <#100>"),
        "{done:#}"
    );

    // 09:00 comes: the post appears in the channel, once.
    clock.set(
        "2026-11-22T09:00:00Z"
            .parse::<jiff::Timestamp>()
            .expect("time")
            .as_millisecond(),
    );
    wake.notify_one();
    let post = fake
        .wait_call("the daily post", |c| {
            c.method == "POST" && c.path == "/api/v10/channels/100/messages"
        })
        .await;
    assert!(
        content(&post.body).contains("Daily Sudoku for Sunday 22 November"),
        "{:#}",
        post.body
    );
    let play = custom_id(&post.body, "Play");
    wake.notify_one();
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let posts = fake
        .calls()
        .await
        .iter()
        .filter(|c| c.path == "/api/v10/channels/100/messages")
        .count();
    assert_eq!(posts, 1, "posted exactly once");

    // Play: the player's own game on today's puzzle.
    let id = fake
        .interact(fake.button(&ann(), Some(GUILD), &play, content(&post.body)))
        .await;
    let game = fake.response_to(&id).await;
    let givens = parse_grid(content(&game)).expect("board");
    assert_eq!(
        givens,
        parse_grid(content(&post.body)).expect("posted board")
    );
    clock.advance(150_000);
    let id = fake
        .interact(fake.slash(
            &ann(),
            Some(GUILD),
            "submit",
            json!([{"name": "grid", "type": 3, "value": solution_of(&givens).to_line()}]),
        ))
        .await;
    let solved = fake.response_to(&id).await;
    assert!(
        content(&solved).contains("Daily done! Streak: 1 day"),
        "{solved:#}"
    );
    let id = fake
        .interact(fake.slash(
            &bob(),
            Some(GUILD),
            "leaderboard",
            json!([{"name": "period", "type": 3, "value": "today"}]),
        ))
        .await;
    let board = fake.response_to(&id).await;
    assert!(content(&board).contains("1. ann: 2:30"), "{board:#}");

    let _ = stop.send(());
    let result = tokio::time::timeout(std::time::Duration::from_secs(20), task)
        .await
        .expect("stops")
        .expect("no panic");
    assert!(result.is_ok(), "{result:?}");
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_daily_post_is_reported_to_admins_not_a_crash() {
    use sudoku_bot::app::ManualClock;
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let clock = Arc::new(ManualClock::new(
        "2026-11-22T08:00:00Z"
            .parse::<jiff::Timestamp>()
            .expect("time")
            .as_millisecond(),
    ));
    let config = Config {
        database: db.clone(),
        api_base: Some(fake.api_base.clone()),
        ..Config::default()
    };
    let app = Arc::new(App::new(Store::open(&db).expect("store"), clock.clone(), 5));
    let wake = Arc::new(tokio::sync::Notify::new());
    let (stop, stopped) = oneshot::channel::<()>();
    let w = wake.clone();
    let task = tokio::spawn(async move {
        discord::run_with_scheduler(
            app,
            &config,
            TOKEN,
            async {
                let _ = stopped.await;
            },
            w,
        )
        .await
    });
    fake.wait_gateway("IDENTIFY", 1).await;
    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "404", json!([])))
        .await;
    fake.response_to(&id).await;
    clock.set(
        "2026-11-22T09:30:00Z"
            .parse::<jiff::Timestamp>()
            .expect("time")
            .as_millisecond(),
    );
    wake.notify_one();
    fake.wait_call("the attempted post", |c| {
        c.path == "/api/v10/channels/404/messages"
    })
    .await;
    // The bot is still there; the admin hears about it on their next /sudoku daily.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let id = fake
            .interact(fake.slash(&ann(), Some(GUILD), "daily", json!([])))
            .await;
        let r = fake.response_to(&id).await;
        if content(&r).contains("For admins: the last daily post failed") {
            assert!(content(&r).contains("<#404>"), "{r:#}");
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never reported: {r:#}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let _ = stop.send(());
    let result = tokio::time::timeout(std::time::Duration::from_secs(20), task)
        .await
        .expect("stops")
        .expect("no panic");
    assert!(result.is_ok(), "{result:?}");
}
