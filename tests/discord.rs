//! The Discord adapter end to end: the unmodified serenity client, inside our own `run`,
//! against a fake Discord on 127.0.0.1. No test reaches the real Discord.

mod browser;
mod fake_discord;

use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use fake_discord::pad::{
    content, custom_id, empty_cells, ephemeral, filling_moves, menu, menu_count, race_number,
    tap_to_the_end, token_of,
};
use fake_discord::{APP_ID, FakeDiscord, GUILD, Rules, Upload, decode_png};
use serde_json::{Value, json};
use sudoku_bot::adapters::discord::{self, Config, MAX_BODY, Posting, RunError};
use sudoku_bot::app::{App, Clock, SystemClock};
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
        let result = tokio::time::timeout(std::time::Duration::from_secs(45), self.task)
            .await
            .expect("the bot stops on shutdown")
            .expect("no panic");
        assert!(result.is_ok(), "{result:?}");
    }
}

/// The system clock behind a gate. While the gate is closed, reading the time blocks
/// (on the core's blocking thread), so any command that reads the clock (nearly all:
/// `new`, `daily`, moves, buttons) takes exactly as long as the test wants: slow without
/// a timer, and without a hook in the core.
#[derive(Default)]
struct GateClock {
    closed: Mutex<bool>,
    opened: Condvar,
}

impl GateClock {
    fn close(&self) {
        *self.closed.lock().expect("gate") = true;
    }

    fn open(&self) {
        *self.closed.lock().expect("gate") = false;
        self.opened.notify_all();
    }
}

impl Clock for GateClock {
    fn now(&self) -> i64 {
        let mut closed = self.closed.lock().expect("gate");
        while *closed {
            closed = self.opened.wait(closed).expect("gate");
        }
        SystemClock.now()
    }
}

fn start(fake: &FakeDiscord, db: &Path, token: &str) -> Bot {
    start_with_clock(fake, db, token, Arc::new(SystemClock))
}

fn start_with_clock(fake: &FakeDiscord, db: &Path, token: &str, clock: Arc<dyn Clock>) -> Bot {
    let config = Config {
        database: db.to_path_buf().into(),
        api_base: Some(fake.api_base.clone()),
        ..Config::default()
    };
    let store = Store::open(db).expect("store");
    let app = Arc::new(App::new(store, clock, 3));
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

/// How the bot takes interactions in a scenario that runs both ways.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Transport {
    /// Down the gateway, first answers by callback requests.
    Gateway,
    /// POSTed, signed, to the interactions endpoint alone (no gateway connection), first
    /// answers in the HTTP responses.
    Http,
}

/// The config of a bot on the fake; over HTTP, with the endpoint on a free port of
/// loopback and no gateway.
fn config_on(transport: Transport, fake: &FakeDiscord, db: &Path) -> Config {
    let interactions = (transport == Transport::Http).then(|| discord::config::Interactions {
        listen: "127.0.0.1:0".parse().expect("address"),
        public_key: fake.public_key(),
        application_id: APP_ID.into(),
        path: "/interactions".into(),
        gateway: false,
    });
    Config {
        database: db.to_path_buf().into(),
        api_base: Some(fake.api_base.clone()),
        interactions,
        ..Config::default()
    }
}

/// `run_tuned` on `app` with `config` in a task of its own, until the bot is stopped.
fn spawn_bot(
    app: Arc<App>,
    config: Config,
    wake: Arc<tokio::sync::Notify>,
    posting: Posting,
    tuning: discord::Tuning,
) -> Bot {
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        discord::run_tuned(
            app,
            &config,
            TOKEN,
            async {
                let _ = stopped.await;
            },
            wake,
            posting,
            tuning,
        )
        .await
    });
    Bot { stop, task }
}

/// A bot taking interactions over HTTP alone, with its endpoint's address told.
fn spawn_over_http(app: Arc<App>, config: Config) -> (Bot, oneshot::Receiver<SocketAddr>) {
    let (listening, address) = oneshot::channel();
    let tuning = discord::Tuning {
        endpoint: Some(listening),
        ..discord::Tuning::default()
    };
    let wake = Arc::new(tokio::sync::Notify::new());
    (
        spawn_bot(app, config, wake, Posting::default(), tuning),
        address,
    )
}

/// Once a bot started with `listening` in its tuning serves its endpoint, the fake POSTs
/// interactions there.
async fn deliver_to(
    fake: &FakeDiscord,
    listening: oneshot::Receiver<std::net::SocketAddr>,
) -> String {
    let address = listening.await.expect("the endpoint listens");
    let url = format!("http://{address}/interactions");
    fake.also_deliver_to(url.clone());
    url
}

/// Waits until the commands were registered more than `before` times.
async fn registered_after(fake: &FakeDiscord, before: usize) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while registrations(fake).await <= before {
        assert!(
            tokio::time::Instant::now() < deadline,
            "commands never registered"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A running bot on `clock` that takes interactions by `transport` and has registered
/// its commands.
async fn ready_on(
    transport: Transport,
    fake: &FakeDiscord,
    db: &Path,
    clock: Arc<dyn Clock>,
) -> Bot {
    if transport == Transport::Gateway {
        return ready_with_clock(fake, db, 1, clock).await;
    }
    let before = registrations(fake).await;
    let app = Arc::new(App::new(Store::open(db).expect("store"), clock, 3));
    let (bot, address) = spawn_over_http(app, config_on(transport, fake, db));
    deliver_to(fake, address).await;
    registered_after(fake, before).await;
    bot
}

/// A running bot that has identified and registered its commands.
async fn ready(fake: &FakeDiscord, db: &Path, identifies: usize) -> Bot {
    ready_with_clock(fake, db, identifies, Arc::new(SystemClock)).await
}

async fn ready_with_clock(
    fake: &FakeDiscord,
    db: &Path,
    identifies: usize,
    clock: Arc<dyn Clock>,
) -> Bot {
    let bot = start_with_clock(fake, db, TOKEN, clock);
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

fn solution_of(board: &Grid) -> Grid {
    match solver::solve(board) {
        Solution::Unique(g) => g,
        other => panic!("{other:?}"),
    }
}

/// The public message an interaction ended with: its direct answer (type 4), or the edit
/// of its public deferral (type 5).
async fn public_answer(fake: &FakeDiscord, id: &str, token: &str) -> Value {
    public_answer_call(fake, id, token).await.0
}

/// `/sudoku new <empty>` in the server, as `user`.
fn new_command(fake: &FakeDiscord, user: &Value, empty: u64) -> Value {
    fake.slash(
        user,
        Some(GUILD),
        "new",
        json!([{"name": "empty", "type": 4, "value": empty}]),
    )
}

/// `/sudoku new <empty>` by `user`: the board, answered directly or deferred and edited
/// (whichever the machine's speed gives).
async fn new_game(fake: &FakeDiscord, user: &Value, empty: u64) -> Value {
    let interaction = new_command(fake, user, empty);
    let token = token_of(&interaction);
    let id = fake.interact(interaction).await;
    public_answer(fake, &id, &token).await
}

/// One option as registered: (name, type, required, extra fields that must match).
type OptionSpec = (&'static str, u64, bool, Value);

/// Asserts that `options` are exactly `expected`, in order, field by field; any field
/// of an option not named in its spec (min/max, choices, lengths) must be absent.
fn assert_options(what: &str, options: &Value, expected: &[OptionSpec]) {
    let options = options.as_array().cloned().unwrap_or_default();
    let names: Vec<&str> = options
        .iter()
        .map(|o| o["name"].as_str().unwrap_or(""))
        .collect();
    let wanted: Vec<&str> = expected.iter().map(|e| e.0).collect();
    assert_eq!(names, wanted, "{what}: options");
    for (option, (name, kind, required, extra)) in options.iter().zip(expected) {
        let here = format!("{what} {name}");
        assert_eq!(option["type"], *kind, "{here}: type");
        assert_eq!(
            option["required"].as_bool().unwrap_or(false),
            *required,
            "{here}: required"
        );
        let description = option["description"].as_str().unwrap_or("");
        assert!(
            !description.is_empty() && description.chars().count() <= 100,
            "{here}: description {description:?}"
        );
        for key in [
            "min_value",
            "max_value",
            "min_length",
            "max_length",
            "choices",
            "channel_types",
        ] {
            let got = option.get(key).filter(|v| !v.is_null()).cloned();
            let got = got.filter(|v| v.as_array().is_none_or(|a| !a.is_empty()));
            // Choices by label and value: their translations are checked on their own.
            let got = got.map(|v| match (key, v) {
                ("choices", Value::Array(choices)) => Value::Array(
                    choices
                        .iter()
                        .map(|c| json!({"name": c["name"], "value": c["value"]}))
                        .collect(),
                ),
                (_, v) => v,
            });
            assert_eq!(got, extra.get(key).cloned(), "{here}: {key}");
        }
    }
}

fn choices(pairs: &[(&str, &str)]) -> Value {
    Value::Array(
        pairs
            .iter()
            .map(|(name, value)| json!({"name": name, "value": value}))
            .collect(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_up_registers_every_command_with_its_options() {
    use sudoku_bot::engine::Tier;
    use sudoku_bot::engine::generator::Symmetry;
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let put = fake.wait_call("registration", |c| c.method == "PUT").await;
    assert_eq!(put.path, format!("/api/v10/applications/{APP_ID}/commands"));
    let commands = put.body.as_array().expect("a list");
    assert_eq!(commands.len(), 3);

    let tiers: Vec<(&str, &str)> = Tier::ALL.iter().map(|t| (t.title(), t.name())).collect();
    assert_eq!(tiers.len(), 5);
    let tiers = choices(&tiers);
    let symmetries: Vec<(&str, &str)> = Symmetry::NAMES.iter().map(|n| (*n, *n)).collect();
    let symmetries = choices(&symmetries);
    let grid = json!({"max_length": 1900});
    let none = json!({});
    let sudoku = &commands[0];
    assert_eq!(sudoku["name"], "sudoku");
    assert_eq!(sudoku["type"].as_u64().unwrap_or(1), 1, "a slash command");
    assert!(
        sudoku["default_member_permissions"].is_null(),
        "for everyone"
    );
    assert_eq!(
        sudoku["integration_types"],
        json!([0, 1]),
        "server and user installs"
    );
    assert_eq!(
        sudoku["contexts"],
        json!([0, 1, 2]),
        "servers, the bot's DMs, other DMs"
    );
    let expected: Vec<(&str, Vec<OptionSpec>)> = vec![
        (
            "new",
            vec![
                ("empty", 4, false, json!({"min_value": 1, "max_value": 64})),
                ("difficulty", 3, false, json!({"choices": tiers})),
                ("symmetry", 3, false, json!({"choices": symmetries})),
            ],
        ),
        ("show", vec![]),
        ("move", vec![("moves", 3, true, grid.clone())]),
        (
            "note",
            vec![
                ("cell", 3, true, grid.clone()),
                ("digits", 3, false, grid.clone()),
            ],
        ),
        ("undo", vec![]),
        ("check", vec![("reveal", 5, false, none.clone())]),
        ("hint", vec![]),
        ("submit", vec![("grid", 3, false, grid.clone())]),
        ("giveup", vec![]),
        ("solve", vec![("grid", 3, true, grid.clone())]),
        ("stats", vec![("player", 6, false, none.clone())]),
        ("daily", vec![]),
        (
            "leaderboard",
            vec![(
                "period",
                3,
                false,
                json!({"choices": choices(&[("Today", "today"), ("This week", "week"), ("All time", "all-time"), ("Races", "races")])}),
            )],
        ),
        (
            "coop",
            vec![
                (
                    "action",
                    3,
                    false,
                    json!({"choices": choices(&sudoku_bot::app::command::coop::ACTIONS.map(|a| (a, a)))}),
                ),
                ("empty", 4, false, json!({"min_value": 1, "max_value": 64})),
                ("difficulty", 3, false, json!({"choices": tiers})),
                ("input", 3, false, grid.clone()),
            ],
        ),
        (
            "race",
            vec![
                ("empty", 4, false, json!({"min_value": 1, "max_value": 64})),
                ("difficulty", 3, false, json!({"choices": tiers})),
                (
                    "players",
                    4,
                    false,
                    json!({"min_value": 2, "max_value": 20}),
                ),
            ],
        ),
        (
            "challenge",
            vec![
                ("player", 6, true, none.clone()),
                ("empty", 4, false, json!({"min_value": 1, "max_value": 64})),
                ("difficulty", 3, false, json!({"choices": tiers})),
            ],
        ),
        (
            "settings",
            vec![
                ("check-as-you-go", 5, false, none.clone()),
                (
                    "board",
                    3,
                    false,
                    json!({"choices": choices(&[("Text", "text"), ("Image", "image")])}),
                ),
                (
                    "language",
                    3,
                    false,
                    json!({"choices": choices(&[("Discord's language", "auto"), ("English", "en"), ("Español", "es"), ("Català", "ca")])}),
                ),
            ],
        ),
        ("play", vec![]),
        ("web", vec![]),
        ("share", vec![]),
        ("forget-me", vec![]),
        ("help", vec![]),
    ];
    let subs = sudoku["options"].as_array().expect("options");
    let names: Vec<&str> = subs
        .iter()
        .map(|o| o["name"].as_str().unwrap_or(""))
        .collect();
    let table: Vec<&str> = sudoku_bot::app::command::table::player_commands().collect();
    assert_eq!(names, table);
    assert_eq!(subs.len(), expected.len());
    for (sub, (name, options)) in subs.iter().zip(&expected) {
        assert_eq!(sub["name"], *name);
        assert_eq!(sub["type"], 1, "{name} is a subcommand");
        assert!(
            !sub["description"].as_str().unwrap_or("").is_empty(),
            "{sub}"
        );
        assert_options(&format!("/sudoku {name}"), &sub["options"], options);
    }

    let admin = &commands[1];
    assert_eq!(admin["name"], "sudoku-daily");
    assert_eq!(
        admin["default_member_permissions"], "32",
        "Manage Server only"
    );
    assert_eq!(
        admin["integration_types"],
        json!([0]),
        "server installs only"
    );
    assert_eq!(admin["contexts"], json!([0]), "servers only");
    let admin_subs = admin["options"].as_array().expect("options");
    assert_eq!(admin_subs.len(), 2);
    assert_eq!(admin_subs[0]["name"], "setup");
    assert_eq!(admin_subs[0]["type"], 1);
    assert_options(
        "/sudoku-daily setup",
        &admin_subs[0]["options"],
        &[
            ("channel", 7, true, json!({"channel_types": [0, 5]})),
            ("time", 3, false, json!({"max_length": 12})),
            ("timezone", 3, false, json!({"max_length": 64})),
            ("difficulty", 3, false, json!({"choices": tiers})),
            (
                "language",
                3,
                false,
                json!({"choices": choices(&[("The server's language", "server"), ("English", "en"), ("Español", "es"), ("Català", "ca")])}),
            ),
        ],
    );
    assert_eq!(admin_subs[1]["name"], "off");
    assert_eq!(admin_subs[1]["type"], 1);
    assert_options("/sudoku-daily off", &admin_subs[1]["options"], &[]);

    // Spanish Discord (Spain and Latin America) shows the commands' words and names in
    // Spanish; values stay English (Discord sends those, and the English names, back).
    // Discord has no Catalan. The top-level names stay: Discord's clients mishandle a
    // localized command name over subcommands (discord-api-docs#5105).
    for locale in ["es-ES", "es-419"] {
        assert!(sudoku["name_localizations"][locale].is_null());
        assert_eq!(subs[0]["name_localizations"][locale], "nuevo");
        assert_eq!(
            subs[0]["options"][0]["name_localizations"][locale],
            "vacías"
        );
        assert_eq!(admin_subs[0]["name_localizations"][locale], "configurar");
        assert_eq!(
            admin_subs[0]["options"][2]["name_localizations"][locale],
            "zona-horaria"
        );
        assert_eq!(
            sudoku["description_localizations"][locale],
            "Juega al sudoku: partidas nuevas, jugadas, pistas y resolución"
        );
        let new = &subs[0];
        assert_eq!(
            new["description_localizations"][locale],
            "Empieza una partida"
        );
        assert_eq!(
            new["options"][0]["description_localizations"][locale],
            "Número de casillas vacías (1-64)"
        );
        assert_eq!(
            new["options"][1]["choices"][0]["name_localizations"][locale],
            "Fácil"
        );
        assert_eq!(new["options"][1]["choices"][0]["value"], "easy");
        assert_eq!(
            admin_subs[0]["description_localizations"][locale],
            "Publica un sudoku diario en un canal"
        );
    }
    let mut localized: Vec<&String> = sudoku["description_localizations"]
        .as_object()
        .map(|m| m.keys().collect())
        .unwrap_or_default();
    localized.sort();
    assert_eq!(localized, ["es-419", "es-ES"]);

    let solve = &commands[2];
    assert_eq!(solve["name"], "Solve Sudoku");
    assert_eq!(solve["name_localizations"]["es-ES"], "Resolver sudoku");
    assert_eq!(solve["type"], 3, "a message command");
    assert_eq!(solve["description"].as_str().unwrap_or(""), "");
    assert_eq!(solve["integration_types"], json!([0, 1]));
    assert_eq!(solve["contexts"], json!([0, 1, 2]));
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_through_discord_moves_buttons_and_strangers() {
    game_scenario(Transport::Gateway).await;
}

/// The same game with interactions POSTed to the endpoint, answered in the HTTP responses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_over_http_moves_buttons_and_strangers() {
    game_scenario(Transport::Http).await;
}

async fn game_scenario(transport: Transport) {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready_on(transport, &fake, &db, Arc::new(SystemClock)).await;
    let board = new_game(&fake, &ann(), 40).await;
    let givens = parse_grid(content(&board)).expect("the board parses");
    assert_eq!(givens.empty_count(), 40);
    let solution = solution_of(&givens);
    let cells = empty_cells(&givens);

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

    // Starting another game while one runs: a cheap refusal, answered at once and
    // privately (no public deferral to take back).
    let id = fake
        .interact(fake.slash(&ann(), Some(GUILD), "new", json!([])))
        .await;
    let refused = fake.response_to(&id).await;
    assert_eq!(refused["type"], 4, "{refused:#}");
    assert!(ephemeral(&refused["data"]), "{refused:#}");
    assert!(content(&refused).contains("already have a game in progress"));
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
            // An admin listener of its own (the default port may be taken).
            .env("SUDOKU_ADMIN_LISTEN", "127.0.0.1:0")
            .arg(&config)
            .env_remove("DISCORD_TOKEN");
        if let Some(t) = token {
            command.env("DISCORD_TOKEN", t);
        }
        command.output().expect("run")
    };
    let out = run(None, "https://127.0.0.1:9");
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
    daily_scenario(Transport::Gateway).await;
}

/// The same daily with interactions over HTTP (its posts still go out through REST).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_over_http_from_setup_to_post_play_solve_and_leaderboard() {
    daily_scenario(Transport::Http).await;
}

async fn daily_scenario(transport: Transport) {
    use sudoku_bot::app::ManualClock;
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let clock = Arc::new(ManualClock::new(
        "2026-11-22T08:00:00Z"
            .parse::<jiff::Timestamp>()
            .expect("time")
            .as_millisecond(),
    ));
    let DailyBot {
        wake, stop, task, ..
    } = daily_bot_on(
        transport,
        &fake,
        &db,
        clock.clone(),
        Posting::default(),
        discord::Tuning::default(),
    )
    .await;

    // Discord enforces /sudoku-daily's permissions, and a server's admins may grant it
    // to a role without Manage Server (Server Settings, Integrations): a member whose
    // invocation arrives was allowed, whatever their own permissions.
    let id = fake
        .interact(fake.daily_setup(&bob(), "0", "100", json!([])))
        .await;
    let granted = fake.response_to(&id).await;
    assert!(ephemeral(&granted["data"]));
    assert!(
        content(&granted).contains("Daily Sudoku is on"),
        "{granted:#}"
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
    // The post shows no grid: a player's clock starts when they first see it.
    assert!(parse_grid(content(&post.body)).is_err(), "{:#}", post.body);
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
        content(&solved).contains("Daily done! Ranked time ")
            && content(&solved).contains("Streak: 1 day"),
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
        database: db.clone().into(),
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
            Posting::default(),
        )
        .await
    });
    fake.wait_gateway("IDENTIFY", 1).await;
    fake.expect_error(404, "/api/v10/channels/404/messages")
        .await;
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
    // The bot is still there; the channel is gone, so the daily pauses, and the admin
    // hears about it on their next /sudoku daily.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let said = admin_daily(&fake).await;
        if said.contains("For admins: daily posts are paused") {
            assert!(said.contains("<#404>"), "{said}");
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never reported: {said}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let _ = stop.send(());
    let result = tokio::time::timeout(std::time::Duration::from_secs(20), task)
        .await
        .expect("stops")
        .expect("no panic");
    assert!(result.is_ok(), "{result:?}");
    fake.assert_clean().await;
}

/// A gated bot: commands that read the clock wait while the gate is closed.
async fn gated(fake: &FakeDiscord, db: &Path) -> (Bot, Arc<GateClock>) {
    let gate = Arc::new(GateClock::default());
    let bot = ready_with_clock(fake, db, 1, gate.clone()).await;
    (bot, gate)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_replies_are_deferred_in_time_and_private_ones_stay_private() {
    slow_replies_scenario(Transport::Gateway).await;
}

/// Over HTTP: the deferral is the HTTP response, the rest goes through the REST API.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_replies_over_http_are_deferred_in_the_response_and_finished_through_rest() {
    slow_replies_scenario(Transport::Http).await;
}

async fn slow_replies_scenario(transport: Transport) {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let gate = Arc::new(GateClock::default());
    let bot = ready_on(transport, &fake, &db, gate.clone()).await;

    // A slow /sudoku new: a public deferral well within Discord's 3 s (the fake answers
    // 10062 and records a violation otherwise), then the board edited in.
    gate.close();
    let new = new_command(&fake, &ann(), 40);
    let token = token_of(&new);
    let id = fake.interact(new).await;
    let first = fake.response_to(&id).await;
    assert_eq!(first["type"], 5, "deferred: {first:#}");
    assert!(!ephemeral(&first["data"]), "a public deferral: {first:#}");
    gate.open();
    let board = fake.edit_of(&token).await;
    let givens = parse_grid(content(&board)).expect("the board parses");
    assert_eq!(givens.empty_count(), 40);
    custom_id(&board, "Hint");

    // A slow reply that turns out private (a second game refused): the public deferral
    // is settled with a neutral notice, and the refusal comes as an ephemeral follow-up
    // (the fake flags an ephemeral first follow-up after a public deferral, and a
    // follow-up after deleting the deferral, as Discord would break them).
    gate.close();
    let again = fake.slash(&ann(), Some(GUILD), "new", json!([]));
    let token = token_of(&again);
    let id = fake.interact(again).await;
    assert_eq!(fake.response_to(&id).await["type"], 5);
    gate.open();
    let notice = fake.edit_of(&token).await;
    assert!(!content(&notice).contains("game in progress"), "{notice:#}");
    assert_eq!(notice["components"], json!([]), "{notice:#}");
    let private = fake.followup_of(&token).await;
    assert!(ephemeral(&private), "{private:#}");
    assert!(
        content(&private).contains("already have a game in progress"),
        "{private:#}"
    );

    // A slow button that updates its board (Undo): a deferred update (type 6), then the
    // board message edited.
    let solution = solution_of(&givens);
    let cell = Cell::all()
        .find(|&c| givens.get(c).is_none())
        .expect("an empty cell");
    let id = fake
        .interact(fake.slash(
            &ann(),
            Some(GUILD),
            "move",
            json!([{"name": "moves", "type": 3, "value": format!("{cell} {}", solution.get(cell).expect("full"))}]),
        ))
        .await;
    let moved = fake.response_to(&id).await["data"].clone();
    gate.close();
    let undo = fake.button(
        &ann(),
        Some(GUILD),
        &custom_id(&moved, "Undo"),
        content(&moved),
    );
    let token = token_of(&undo);
    let id = fake.interact(undo).await;
    assert_eq!(fake.response_to(&id).await["type"], 6, "a deferred update");
    gate.open();
    let undone = fake.edit_of(&token).await;
    assert_eq!(parse_grid(content(&undone)).expect("board"), givens);

    // A slow private button (Hint): deferred update, then an ephemeral follow-up.
    gate.close();
    let hint = fake.button(
        &ann(),
        Some(GUILD),
        &custom_id(&moved, "Hint"),
        content(&moved),
    );
    let token = token_of(&hint);
    let id = fake.interact(hint).await;
    assert_eq!(fake.response_to(&id).await["type"], 6);
    gate.open();
    let hinted = fake.followup_of(&token).await;
    assert!(
        ephemeral(&hinted) && content(&hinted).starts_with("Hint:"),
        "{hinted:#}"
    );

    // /sudoku daily (a graded puzzle made on first need) is raced like everything else.
    // Its answer (the player's own board) is private, so it is deferred privately and
    // the deferral edited (an edit keeps the deferral's visibility).
    gate.close();
    let daily = fake.slash(&bob(), Some(GUILD), "daily", json!([]));
    let token = token_of(&daily);
    let id = fake.interact(daily).await;
    let first = fake.response_to(&id).await;
    assert_eq!(first["type"], 5);
    assert!(ephemeral(&first["data"]), "a private deferral: {first:#}");
    gate.open();
    let board = fake.edit_of(&token).await;
    assert!(content(&board).contains("**bob** · Daily"), "{board:#}");

    // A slow /sudoku hint: deferred privately from the start, so no notice is left in
    // the channel and the hint is the deferral's edit.
    gate.close();
    let hint = fake.slash(&ann(), Some(GUILD), "hint", json!([]));
    let token = token_of(&hint);
    let id = fake.interact(hint).await;
    let first = fake.response_to(&id).await;
    assert_eq!(first["type"], 5);
    assert!(ephemeral(&first["data"]), "a private deferral: {first:#}");
    gate.open();
    let hinted = fake.edit_of(&token).await;
    assert!(content(&hinted).starts_with("Hint:"), "{hinted:#}");

    bot.stop().await;
    fake.assert_clean().await;
}

/// The fake never saw more than `ANSWERS_IN_FLIGHT` interaction answers open at once.
async fn assert_answers_bounded(fake: &FakeDiscord) {
    let peak = fake.counters().await.answers_open_peak;
    assert!(
        peak <= discord::ANSWERS_IN_FLIGHT as u64,
        "{peak} answers open at once"
    );
}

/// A burst (the bot was starved, or a busy minute on a big server): many interactions
/// arrive at once while each answer takes Discord a quarter of a second. The bot keeps at
/// most `ANSWERS_IN_FLIGHT` answers open at Discord at once (each holds a connection and
/// its memory), and still answers every player, within Discord's 3 seconds (the fake
/// records a late first answer as a violation).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_interactions_is_answered_in_full_a_bounded_number_at_a_time() {
    let fake = FakeDiscord::start(TOKEN).await;
    fake.answer_after(Duration::from_millis(250));
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;

    let burst = 3 * discord::ANSWERS_IN_FLIGHT as u64;
    let players = FakeDiscord::users(100_000_000_000_000_100, "p", burst);
    let asks = players
        .iter()
        .map(|player| fake.ask(fake.slash(player, Some(GUILD), "help", json!([]))));
    let answers = futures_util::future::join_all(asks).await;
    for answer in &answers {
        assert!(content(answer).contains("/sudoku new"), "{answer:#}");
    }
    assert_answers_bounded(&fake).await;

    bot.stop().await;
    fake.assert_clean().await;
}

/// A burst of slow commands: every one is deferred in time (first answers keep their
/// turns), and once the core is done each deferral is edited into the player's board,
/// the edits too at most `ANSWERS_IN_FLIGHT` open at Discord at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_burst_of_slow_commands_is_deferred_in_time_then_answered_in_full() {
    let fake = FakeDiscord::start(TOKEN).await;
    fake.answer_after(Duration::from_millis(250));
    let (_dir, db) = db();
    let (bot, gate) = gated(&fake, &db).await;

    gate.close();
    let burst = 3 * discord::ANSWERS_IN_FLIGHT as u64 / 2;
    let players = FakeDiscord::users(100_000_000_000_000_500, "p", burst);
    let mut sent = Vec::new();
    for player in &players {
        let interaction = new_command(&fake, player, 40);
        let token = token_of(&interaction);
        sent.push((fake.interact(interaction).await, token));
    }
    for (id, _) in &sent {
        assert_eq!(fake.response_to(id).await["type"], 5, "deferred");
    }
    gate.open();
    for (_, token) in &sent {
        let board = fake.edit_of(token).await;
        let givens = parse_grid(content(&board)).expect("the board parses");
        assert_eq!(givens.empty_count(), 40);
    }
    assert_answers_bounded(&fake).await;

    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shards_identify_answer_and_register_the_commands_once() {
    // Discord recommends 2 shards: the bot runs both (one shard alone would be refused
    // past 2,500 servers), each answers the interactions of its servers, and the
    // commands are registered once, not once per shard's READY.
    let fake = FakeDiscord::start_sharded(TOKEN, 2).await;
    let (_dir, db) = db();
    let bot = start(&fake, &db, TOKEN);
    fake.wait_gateway("IDENTIFY", 2).await;
    let mut shards = fake.identified_shards().await;
    shards.sort();
    assert_eq!(shards, vec![[0, 2], [1, 2]]);
    // A server on each shard, and a DM (shard 0).
    let other = ((GUILD.parse::<u64>().expect("id") >> 22) + 1) << 22;
    let other = other.to_string();
    let places = [Some(GUILD), Some(other.as_str()), None];
    let on: Vec<u64> = places.iter().map(|g| fake.shard_of(*g)).collect();
    assert_eq!(on, vec![1, 0, 0], "the test covers both shards");
    for place in places {
        let id = fake
            .interact(fake.slash(&ann(), place, "help", json!([])))
            .await;
        let answer = fake.response_to(&id).await;
        assert!(!content(&answer).is_empty(), "{answer:#}");
    }
    bot.stop().await;
    let path = format!("/api/v10/applications/{APP_ID}/commands");
    let registrations = fake
        .calls()
        .await
        .iter()
        .filter(|c| c.method == "PUT" && c.path == path)
        .count();
    assert_eq!(registrations, 1, "registered once, not per shard");
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shards_start_bucket_by_bucket_as_fast_as_discord_allows() {
    // Discord lets 2 shards identify together (max_concurrency 2: buckets {0, 2} and
    // {1, 3}, each once per 5 s). The bot starts both buckets at once and each at
    // Discord's pace: all four are up after one wait, not three, and no bucket is
    // asked twice within 5 s (Discord would refuse the second with INVALID_SESSION).
    let rules = Rules {
        max_concurrency: 2,
        ..Rules::default()
    };
    let fake = FakeDiscord::start_with(TOKEN, 4, rules).await;
    let (_dir, db) = db();
    let bot = start(&fake, &db, TOKEN);
    fake.wait_gateway("IDENTIFY", 4).await;
    let mut times = fake.identify_times().await;
    times.sort_by_key(|&(_, at)| at);
    let order: Vec<u64> = times.iter().map(|&(id, _)| id).collect();
    let first: HashSet<u64> = order[..2].iter().copied().collect();
    assert_eq!(
        first,
        HashSet::from([0, 1]),
        "one shard of each bucket first: {times:?}"
    );
    let together = times[1].1 - times[0].1;
    assert!(
        together < Duration::from_secs(4),
        "the two buckets start side by side: {times:?}"
    );
    let all = times[3].1 - times[0].1;
    assert!(
        all < Duration::from_secs(9),
        "four shards in two buckets need one 5 s wait, not three: {times:?}"
    );
    let events = fake.gateway_events().await;
    assert!(
        !events.iter().any(|e| e == "IDENTIFY_TOO_SOON"),
        "{events:?}"
    );
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spent_session_budget_is_waited_out_not_overdrawn() {
    // No session starts left, the budget resets in 2 s: identifying now would cost the
    // bot its token on Discord. The bot waits for the reset, then starts.
    let rules = Rules {
        sessions_left: 0,
        sessions_reset_after: Duration::from_secs(2),
        ..Rules::default()
    };
    let fake = FakeDiscord::start_with(TOKEN, 1, rules).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let times = fake.identify_times().await;
    assert_eq!(times.len(), 1, "{times:?}");
    assert!(
        times[0].1 >= Duration::from_secs(2),
        "identified only once the budget had reset: {times:?}"
    );
    let id = fake
        .interact(fake.slash(&ann(), Some(GUILD), "help", json!([])))
        .await;
    assert!(!content(&fake.response_to(&id).await).is_empty());
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shutdown_while_waiting_for_the_session_budget_ends_at_once() {
    let rules = Rules {
        sessions_left: 0,
        sessions_reset_after: Duration::from_secs(3_600),
        ..Rules::default()
    };
    let fake = FakeDiscord::start_with(TOKEN, 1, rules).await;
    let (_dir, db) = db();
    let bot = start(&fake, &db, TOKEN);
    fake.wait_call("the gateway budget asked", |c| {
        c.path == "/api/v10/gateway/bot"
    })
    .await;
    tokio::time::timeout(Duration::from_secs(10), bot.stop())
        .await
        .expect("the bot stops without waiting an hour for the budget");
    assert!(fake.identify_times().await.is_empty(), "never identified");
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_development_server_gets_its_commands_without_global_only_fields() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let config = Config {
        database: db.clone().into(),
        api_base: Some(fake.api_base.clone()),
        guild_id: Some(GUILD.parse().expect("id")),
        ..Config::default()
    };
    let app = Arc::new(App::new(
        Store::open(&db).expect("store"),
        Arc::new(SystemClock),
        3,
    ));
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        discord::run(app, &config, TOKEN, async {
            let _ = stopped.await;
        })
        .await
    });
    let path = format!("/api/v10/applications/{APP_ID}/guilds/{GUILD}/commands");
    let registration = fake
        .wait_call("the server's registration", |c| {
            c.method == "PUT" && c.path == path
        })
        .await;
    let names: Vec<&str> = registration
        .body
        .as_array()
        .expect("commands")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(names, vec!["sudoku", "sudoku-daily", "Solve Sudoku"]);
    Bot { stop, task }.stop().await;
    // The fake flags install or interaction contexts in a server's commands.
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_button_on_a_private_board_updates_that_board_in_place() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    // The daily board is the player's own: private.
    let daily = fake.slash(&bob(), Some(GUILD), "daily", json!([]));
    let token = token_of(&daily);
    let id = fake.interact(daily).await;
    let first = fake.response_to(&id).await;
    assert!(ephemeral(&first["data"]), "{first:#}");
    let board = if first["type"] == 5 {
        fake.edit_of(&token).await
    } else {
        first["data"].clone()
    };
    // "Show" under that board (as after a stale press): the pressed private message is
    // updated (type 7), not answered with a second private board beside it.
    let show = custom_id(&board, "Hint").replace(":hint:", ":show:");
    let id = fake
        .interact(fake.private_button(&bob(), Some(GUILD), &show, content(&board)))
        .await;
    let pressed = fake.response_to(&id).await;
    assert_eq!(pressed["type"], 7, "updated in place: {pressed:#}");
    assert!(content(&pressed).contains("**bob** · Daily"), "{pressed:#}");
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn daily_setup_says_what_the_bot_is_missing_in_the_channel() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    // Set up in this very channel, where the bot may view it (1024) but not send (2048).
    let mut setup = fake.daily_setup(&ann(), "32", fake_discord::CHANNEL, json!([]));
    setup["app_permissions"] = json!("1024");
    let id = fake.interact(setup).await;
    let refused = fake.response_to(&id).await;
    assert!(ephemeral(&refused["data"]), "{refused:#}");
    assert!(content(&refused).contains("Send Messages"), "{refused:#}");
    assert!(!content(&refused).contains("View Channel"), "{refused:#}");
    // Nothing was set up: the daily says so.
    let id = fake
        .interact(fake.slash(&ann(), Some(GUILD), "daily", json!([])))
        .await;
    let daily = fake.response_to(&id).await;
    assert!(!content(&daily).contains("Next post"), "{daily:#}");
    // Once the bot may send there, the same setup goes through.
    let id = fake
        .interact(fake.daily_setup(&ann(), "32", fake_discord::CHANNEL, json!([])))
        .await;
    let done = fake.response_to(&id).await;
    assert!(content(&done).contains("Daily Sudoku is on"), "{done:#}");
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_removes_the_bot_gets_no_more_daily_posts() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = daily_bot(&fake, &db).await;
    // Two servers post their daily at 09:00: this one (channel 555) and another (556).
    let other = ((GUILD.parse::<u64>().expect("id") >> 22) + 1) << 22;
    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "555", json!([])))
        .await;
    fake.response_to(&id).await;
    let mut elsewhere = fake.daily_setup(&ann(), "32", "556", json!([]));
    elsewhere["guild_id"] = json!(other.to_string());
    let id = fake.interact(elsewhere).await;
    fake.response_to(&id).await;
    // This server removes the bot; wait until its schedule is off.
    fake.remove_from(GUILD).await;
    let key = sudoku_bot::app::Place::guild(GUILD.parse().expect("id"))
        .key()
        .to_string();
    let mut store = Store::open(&db).expect("store");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while store
        .read(|tx| tx.server_daily(&key))
        .expect("read")
        .settings
        .enabled
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the schedule of a server that removed the bot is still on"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    bot.clock.set(at("2026-11-22T09:30:00Z"));
    bot.wake.notify_one();
    fake.wait_call("the other server's post", |c| {
        c.path == "/api/v10/channels/556/messages"
    })
    .await;
    bot.stop().await;
    let posted_here = fake
        .calls()
        .await
        .iter()
        .any(|c| c.path == "/api/v10/channels/555/messages");
    assert!(!posted_here, "posted in a server that removed the bot");
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_answer_is_not_sent_when_its_public_deferral_cannot_be_settled() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let (bot, gate) = gated(&fake, &db).await;
    new_game(&fake, &ann(), 40).await;

    // A slow /sudoku new that turns out private (a second game refused) was deferred
    // publicly; the edit settling that deferral fails. On Discord the next follow-up
    // would take the deferral's place, in public, so nothing private may follow.
    gate.close();
    let again = fake.slash(&ann(), Some(GUILD), "new", json!([]));
    let token = token_of(&again);
    let settle = format!("/api/v10/webhooks/{APP_ID}/{token}/messages/@original");
    fake.fail_next(&settle, &[500]).await;
    let id = fake.interact(again).await;
    let first = fake.response_to(&id).await;
    assert_eq!(first["type"], 5);
    assert!(!ephemeral(&first["data"]), "a public deferral: {first:#}");
    gate.open();
    fake.wait_call("the failed settling edit", |c| {
        c.path == settle && c.status == 500
    })
    .await;
    // A stopped bot has finished every interaction in flight.
    bot.stop().await;
    let leaked: Vec<_> = fake
        .calls()
        .await
        .into_iter()
        .filter(|c| c.method == "POST" && c.path == format!("/api/v10/webhooks/{APP_ID}/{token}"))
        .map(|c| c.body)
        .collect();
    assert!(
        leaked.is_empty(),
        "a private answer sent after a failed edit is shown to everyone: {leaked:#?}"
    );
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shutdown_waits_for_the_reply_in_flight() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let (bot, gate) = gated(&fake, &db).await;
    gate.close();
    let new = new_command(&fake, &ann(), 40);
    let token = token_of(&new);
    let id = fake.interact(new).await;
    // The deferral proves the command is in the core, held by the gate.
    assert_eq!(fake.response_to(&id).await["type"], 5);
    let Bot { stop, mut task } = bot;
    let _ = stop.send(());
    fake.wait_gateway("CLOSED", 1).await;
    // Give a run that does not wait the time to return (this pause only makes a
    // regression show; it never makes the test pass).
    let early = tokio::time::timeout(Duration::from_millis(300), &mut task).await;
    // Open before asserting: a test runtime cannot shut down with a core call blocked.
    gate.open();
    assert!(early.is_err(), "run returned with a command in flight");
    let result = tokio::time::timeout(Duration::from_secs(20), task)
        .await
        .expect("the bot stops once the command is done")
        .expect("no panic");
    assert!(result.is_ok(), "{result:?}");
    // Already there when run returned: no waiting here.
    let path = format!("/api/v10/webhooks/{APP_ID}/{token}/messages/@original");
    let calls = fake.calls().await;
    let edit = calls
        .iter()
        .find(|c| c.method == "PATCH" && c.path == path)
        .expect("the reply reached Discord before run returned");
    assert_eq!(
        parse_grid(content(&edit.body))
            .expect("board")
            .empty_count(),
        40
    );
    fake.assert_clean().await;
}

/// A bot with a manual clock and a scheduler the test can wake.
struct DailyBot {
    clock: Arc<sudoku_bot::app::ManualClock>,
    wake: Arc<tokio::sync::Notify>,
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), RunError>>,
    /// Its admin listener.
    admin: SocketAddr,
}

fn at(time: &str) -> i64 {
    time.parse::<jiff::Timestamp>()
        .expect("time")
        .as_millisecond()
}

async fn daily_bot(fake: &FakeDiscord, db: &Path) -> DailyBot {
    let clock = Arc::new(sudoku_bot::app::ManualClock::new(at(
        "2026-11-22T08:00:00Z",
    )));
    daily_bot_with(fake, db, clock, Posting::default()).await
}

/// How many times the commands were registered so far.
async fn registrations(fake: &FakeDiscord) -> usize {
    fake.calls()
        .await
        .iter()
        .filter(|c| c.method == "PUT")
        .count()
}

/// A [`DailyBot`] on `clock`, sending daily posts as `posting` says.
async fn daily_bot_with(
    fake: &FakeDiscord,
    db: &Path,
    clock: Arc<sudoku_bot::app::ManualClock>,
    posting: Posting,
) -> DailyBot {
    daily_bot_tuned(fake, db, clock, posting, discord::Tuning::default()).await
}

/// [`daily_bot_with`], with `tuning`'s knobs.
async fn daily_bot_tuned(
    fake: &FakeDiscord,
    db: &Path,
    clock: Arc<sudoku_bot::app::ManualClock>,
    posting: Posting,
    tuning: discord::Tuning,
) -> DailyBot {
    daily_bot_on(Transport::Gateway, fake, db, clock, posting, tuning).await
}

/// [`daily_bot_tuned`], taking interactions by `transport`.
async fn daily_bot_on(
    transport: Transport,
    fake: &FakeDiscord,
    db: &Path,
    clock: Arc<sudoku_bot::app::ManualClock>,
    posting: Posting,
    mut tuning: discord::Tuning,
) -> DailyBot {
    let mut config = config_on(transport, fake, db);
    let (listening, address) = oneshot::channel();
    if transport == Transport::Http {
        tuning.endpoint = Some(listening);
    }
    config.admin = Some(discord::config::Admin {
        listen: "127.0.0.1:0".parse().expect("address"),
    });
    let (admin_listening, admin) = oneshot::channel();
    tuning.admin = Some(admin_listening);
    let identified = fake
        .gateway_events()
        .await
        .iter()
        .filter(|e| *e == "IDENTIFY")
        .count();
    let registered = registrations(fake).await;
    let app = Arc::new(App::new(Store::open(db).expect("store"), clock.clone(), 5));
    let wake = Arc::new(tokio::sync::Notify::new());
    let Bot { stop, task } = spawn_bot(app, config, wake.clone(), posting, tuning);
    // This bot's own IDENTIFY and registration: an earlier bot's (before a restart)
    // must not count, or the test could stop this one before its shard starts.
    // Over HTTP, the fake POSTs to its endpoint from now on.
    if transport == Transport::Http {
        deliver_to(fake, address).await;
    } else {
        fake.wait_gateway("IDENTIFY", identified + 1).await;
    }
    registered_after(fake, registered).await;
    let admin = admin.await.expect("the admin listener listens");
    DailyBot {
        admin,
        clock,
        wake,
        stop,
        task,
    }
}

impl DailyBot {
    async fn stop(self) {
        let _ = self.stop.send(());
        let result = tokio::time::timeout(Duration::from_secs(45), self.task)
            .await
            .expect("stops")
            .expect("no panic");
        assert!(result.is_ok(), "{result:?}");
    }
}

/// What an admin's `/sudoku daily` says.
async fn admin_daily(fake: &FakeDiscord) -> String {
    let daily = fake.slash(&ann(), Some(GUILD), "daily", json!([]));
    let token = token_of(&daily);
    let id = fake.interact(daily).await;
    let first = fake.response_to(&id).await;
    if first["type"] == 5 {
        content(&fake.edit_of(&token).await).to_string()
    } else {
        content(&first).to_string()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_post_is_retried_through_transient_failures() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = daily_bot(&fake, &db).await;
    let path = "/api/v10/channels/555/messages";
    fake.fail_next(path, &[503, 429]).await;
    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "555", json!([])))
        .await;
    fake.response_to(&id).await;
    bot.clock.set(at("2026-11-22T09:30:00Z"));
    bot.wake.notify_one();
    let post = fake
        .wait_call("the post that finally went through", |c| {
            c.path == path && c.status == 200
        })
        .await;
    assert!(
        content(&post.body).contains("Daily Sudoku"),
        "{:#}",
        post.body
    );
    let attempts = fake.calls().await.iter().filter(|c| c.path == path).count();
    assert_eq!(attempts, 3, "two failures, then the post");
    let said = admin_daily(&fake).await;
    assert!(!said.contains("daily post failed"), "{said}");
    bot.stop().await;
    fake.assert_clean().await;
}

/// The reply to the admin's first command (`/sudoku stats`) once the daily is paused:
/// the command that carries the news.
async fn paused_notice(fake: &FakeDiscord) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let id = fake
            .interact(fake.slash(&ann(), Some(GUILD), "stats", json!([])))
            .await;
        let said = content(&fake.response_to(&id).await).to_string();
        if said.contains("daily posts are paused") {
            return said;
        }
        assert!(tokio::time::Instant::now() < deadline, "never told: {said}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forbidden_post_pauses_the_daily_until_an_admin_sets_it_up_again() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = daily_bot(&fake, &db).await;
    let path = "/api/v10/channels/555/messages";
    fake.fail_next(path, &[403]).await;
    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "555", json!([])))
        .await;
    fake.response_to(&id).await;
    bot.clock.set(at("2026-11-22T09:30:00Z"));
    bot.wake.notify_one();
    fake.wait_call("the refused post", |c| c.path == path).await;
    // The admin's next command, whatever it is, says the daily is paused and why:
    // Discord's JSON error code with the status, and no URL (an interaction's URL
    // holds its token).
    let told = paused_notice(&fake).await;
    assert!(told.contains("<#555>"), "{told}");
    assert!(
        told.contains("HTTP 403") && told.contains("Discord error code 50013"),
        "{told}"
    );
    assert!(told.contains("`/sudoku-daily setup`"), "{told}");
    assert!(!told.contains("/api/"), "{told}");
    // Told once; `/sudoku daily` still says it to admins.
    let id = fake
        .interact(fake.slash(&ann(), Some(GUILD), "stats", json!([])))
        .await;
    let again = content(&fake.response_to(&id).await).to_string();
    assert!(!again.contains("paused"), "{again}");
    assert!(admin_daily(&fake).await.contains("daily posts are paused"));

    // Paused: the next day brings no attempt at all.
    bot.clock.set(at("2026-11-23T09:30:00Z"));
    bot.wake.notify_one();
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let attempts = fake.calls().await.iter().filter(|c| c.path == path).count();
    assert_eq!(attempts, 1, "a paused daily is not posted");

    // The admin fixes the channel and sets the daily up again: posts resume, and the
    // pause is no longer mentioned.
    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "555", json!([])))
        .await;
    assert!(content(&fake.response_to(&id).await).contains("Daily Sudoku is on"));
    bot.clock.set(at("2026-11-24T09:30:00Z"));
    bot.wake.notify_one();
    fake.wait_call("the post after the setup", |c| {
        c.path == path && c.status == 200
    })
    .await;
    let said = admin_daily(&fake).await;
    assert!(
        !said.contains("paused") && !said.contains("failed"),
        "{said}"
    );
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_daily_channel_pauses_the_daily_and_the_admins_hear_why() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = daily_bot(&fake, &db).await;
    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "555", json!([])))
        .await;
    fake.response_to(&id).await;
    // Another channel of the server goes: nothing changes.
    fake.delete_channel(GUILD, "777").await;
    fake.delete_channel(GUILD, "555").await;
    let told = paused_notice(&fake).await;
    assert!(told.contains("<#555> was deleted"), "{told}");
    bot.clock.set(at("2026-11-22T09:30:00Z"));
    bot.wake.notify_one();
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let attempts = fake
        .calls()
        .await
        .iter()
        .filter(|c| c.path.starts_with("/api/v10/channels/555/"))
        .count();
    assert_eq!(attempts, 0, "no post into a deleted channel");
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pasted_board_survives_flattening_and_the_submit_modal() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let board = new_game(&fake, &ann(), 30).await;
    let givens = parse_grid(content(&board)).expect("the board parses");
    let solution = solution_of(&givens);

    // Discord turns the newlines of a pasted slash-command option into spaces; the
    // labelled rows still let the parser read the board: here the bare board, so the
    // answer counts what is missing, privately, and the game is untouched.
    let flat = content(&board).replace('\n', " ");
    let id = fake
        .interact(fake.slash(
            &ann(),
            Some(GUILD),
            "submit",
            json!([{"name": "grid", "type": 3, "value": flat}]),
        ))
        .await;
    let pasted = fake.response_to(&id).await;
    assert_eq!(parse_grid(&flat), Ok(givens));
    assert!(ephemeral(&pasted["data"]), "{pasted:#}");
    assert!(
        pasted["data"]["content"]
            .as_str()
            .is_some_and(|c| c.contains("still missing 30 numbers")),
        "{pasted:#}"
    );

    // /sudoku submit without a grid opens a modal with a multi-line text field...
    let id = fake
        .interact(fake.slash(&ann(), Some(GUILD), "submit", json!([])))
        .await;
    let modal = fake.response_to(&id).await;
    assert_eq!(modal["type"], 9, "a modal: {modal:#}");
    let field = &modal["data"]["components"][0]["components"][0];
    assert_eq!(field["type"], 4, "a text input: {modal:#}");
    assert_eq!(field["style"], 2, "a paragraph: {modal:#}");
    let modal_id = modal["data"]["custom_id"].as_str().expect("custom_id");
    let field_id = field["custom_id"].as_str().expect("custom_id");

    // ...and what is pasted there, lines intact, goes through the core like the slash
    // command: first a wrong one (nothing changes), then the solution.
    let line = solution.to_line();
    let rows: Vec<&str> = (0..9).map(|r| &line[r * 9..r * 9 + 9]).collect();
    let mut wrong = rows.clone();
    let swapped: String = {
        let mut chars: Vec<char> = wrong[0].chars().collect();
        // Swap two cells of row A that are not both givens: the grid is then wrong.
        let free = (0..9)
            .find(|&c| givens.get(Cell::all().nth(c).expect("cell")).is_none())
            .expect("an empty cell in row A");
        let other = (free + 1) % 9;
        chars.swap(free, other);
        chars.into_iter().collect()
    };
    wrong[0] = &swapped;
    let id = fake
        .interact(fake.modal_submit(&ann(), Some(GUILD), modal_id, field_id, &wrong.join("\n")))
        .await;
    let refused = fake.response_to(&id).await;
    assert!(ephemeral(&refused["data"]), "{refused:#}");
    assert!(
        content(&refused).contains("Not solved yet")
            || content(&refused).contains("givens don't match"),
        "{refused:#}"
    );
    let modal = fake.modal_submit(&ann(), Some(GUILD), modal_id, field_id, &rows.join("\n"));
    let token = token_of(&modal);
    let id = fake.interact(modal).await;
    let done = public_answer(&fake, &id, &token).await;
    assert!(content(&done).contains("Solved in"), "{done:#}");
    bot.stop().await;
    fake.assert_clean().await;
}

/// The first answer to an interaction and whether only its user sees it: direct, or the
/// edit of its deferral.
async fn any_answer(fake: &FakeDiscord, id: &str, token: &str) -> (Value, bool) {
    let first = fake.response_to(id).await;
    let private = ephemeral(&first["data"]);
    match first["type"].as_u64() {
        Some(5) => (fake.edit_of(token).await, private),
        _ => (first["data"].clone(), private),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_coop_board_through_discord_two_users_and_two_channels() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let coop = |user: &Value, channel: &str| {
        let mut i = fake.slash(
            user,
            Some(GUILD),
            "coop",
            json!([{"name": "empty", "type": 4, "value": 10}]),
        );
        i["channel_id"] = json!(channel);
        i
    };
    let start = coop(&ann(), fake_discord::CHANNEL);
    let token = token_of(&start);
    let id = fake.interact(start).await;
    let board = public_answer(&fake, &id, &token).await;
    assert!(
        content(&board).starts_with("Co-op board: a new"),
        "{board:#}"
    );
    let givens = parse_grid(content(&board)).expect("a board");
    let solution = solution_of(&givens);
    let cell = Cell::all()
        .find(|&c| givens.get(c).is_none())
        .expect("an empty cell");
    let digit = solution.get(cell).expect("full");

    // Bob, with no game of his own, moves on the channel's board with the plain command.
    let play = |user: &Value| {
        fake.slash(
            user,
            Some(GUILD),
            "move",
            json!([{"name": "moves", "type": 3, "value": format!("{cell} {digit}")}]),
        )
    };
    let i = play(&bob());
    let token = token_of(&i);
    let id = fake.interact(i).await;
    let moved = public_answer(&fake, &id, &token).await;
    assert!(
        content(&moved).starts_with(&format!("Co-op board: **bob** played {cell} {digit}")),
        "{moved:#}"
    );
    // Ann on the same cell: privately told who filled it.
    let i = play(&ann());
    let token = token_of(&i);
    let id = fake.interact(i).await;
    let (answer, private) = any_answer(&fake, &id, &token).await;
    assert!(private, "{answer:#}");
    assert!(
        content(&answer).contains(&format!("{cell} was already filled by **bob**")),
        "{answer:#}"
    );
    // Ann's Undo under bob's board is hers: she has nothing to undo.
    let undo = custom_id(&moved, "Undo my move");
    assert!(undo.len() <= 100);
    let id = fake
        .interact(fake.button(&ann(), Some(GUILD), &undo, content(&moved)))
        .await;
    let r = fake.response_to(&id).await;
    assert!(content(&r).contains("no move of your own to undo"), "{r:#}");
    // Another channel of the server has a board of its own.
    let other = coop(&bob(), "700000000000000002");
    let token = token_of(&other);
    let id = fake.interact(other).await;
    let second = public_answer(&fake, &id, &token).await;
    assert!(
        content(&second).starts_with("Co-op board: a new"),
        "{second:#}"
    );
    bot.stop().await;
    fake.assert_clean().await;
}

/// Log lines captured in memory.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("log buffer").extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn debug_logs_never_carry_a_token() {
    // The bot's own filter at `debug`, as `log_level = "debug"` in the config gives it,
    // on every thread of the bot's runtime (and on this one).
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber =
        discord::log_subscriber("debug", move || writer.clone(), false).expect("filter");
    let dispatch = tracing::Dispatch::new(subscriber);
    let _here = tracing::dispatcher::set_default(&dispatch);
    let everywhere = dispatch.clone();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .on_thread_start(move || std::mem::forget(tracing::dispatcher::set_default(&everywhere)))
        .build()
        .expect("runtime");
    runtime.block_on(async {
        let fake = FakeDiscord::start(TOKEN).await;
        let (_dir, db) = db();
        let bot = ready(&fake, &db, 1).await;
        new_game(&fake, &ann(), 40).await;
        // A refused response: serenity's "Unsuccessful response" line holds its URL.
        let help = fake.slash(&ann(), Some(GUILD), "help", json!([]));
        let callback = format!(
            "/api/v10/interactions/{}/{}/callback",
            help["id"].as_str().expect("id"),
            token_of(&help)
        );
        fake.fail_next(&callback, &[500]).await;
        fake.interact(help).await;
        fake.wait_call("the refused answer", |c| c.path == callback)
            .await;
        bot.stop().await;
        fake.assert_clean().await;
    });
    drop(runtime);
    let logs = String::from_utf8_lossy(&captured.0.lock().expect("log buffer")).into_owned();
    assert!(logs.contains("DEBUG"), "debug lines were captured: {logs}");
    assert!(!logs.contains(TOKEN), "the bot token is in the logs");
    // Every interaction token of the fake starts so.
    let leaked: Vec<&str> = logs.lines().filter(|l| l.contains("tok-")).collect();
    assert!(
        leaked.is_empty(),
        "interaction tokens in the logs: {leaked:#?}"
    );
}

/// A race through Discord: the lobby, another user joins, the host starts it, private
/// boards, the scoreboard edited in place as moves are made, and the result posted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_through_discord_lobby_boards_scoreboard_and_result() {
    race_scenario(Transport::Gateway).await;
}

/// The same race with interactions over HTTP: its scoreboard and result still go out through REST.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_over_http_lobby_boards_scoreboard_and_result() {
    race_scenario(Transport::Http).await;
}

async fn race_scenario(transport: Transport) {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready_on(transport, &fake, &db, Arc::new(SystemClock)).await;
    let open = fake.slash(
        &ann(),
        Some(GUILD),
        "race",
        json!([{"name": "empty", "type": 4, "value": 4}]),
    );
    let token = token_of(&open);
    let id = fake.interact(open).await;
    let lobby = public_answer(&fake, &id, &token).await;
    assert!(content(&lobby).contains("**Race #1**"), "{lobby:#}");
    assert!(
        !content(&lobby).contains("```"),
        "no puzzle before the start"
    );
    // The bot learns the lobby's id, for its later edits.
    fake.wait_call("the lobby's id", |c| {
        c.method == "GET" && c.path.ends_with("/messages/@original")
    })
    .await;

    // Bob joins: the lobby is updated in place (type 7).
    let join = fake.button(
        &bob(),
        Some(GUILD),
        &custom_id(&lobby, "Join"),
        content(&lobby),
    );
    let id = fake.interact(join).await;
    let joined = fake.response_to(&id).await;
    assert_eq!(joined["type"], 7, "{joined:#}");
    assert!(
        content(&joined).contains("Players (2 of 20): ann, bob"),
        "{joined:#}"
    );

    // Ann starts it from the lobby message: that message becomes the scoreboard.
    let start = fake.button(
        &ann(),
        Some(GUILD),
        &custom_id(&joined["data"], "Start"),
        content(&joined),
    );
    let scoreboard_id = start["message"]["id"].as_str().expect("id").to_string();
    let id = fake.interact(start).await;
    let started = fake.response_to(&id).await;
    assert_eq!(started["type"], 7, "{started:#}");
    assert!(content(&started).contains("0/4 filled"), "{started:#}");

    // Each racer's board is private.
    let my_board = custom_id(&started["data"], "My board");
    let mut boards = Vec::new();
    for user in [ann(), bob()] {
        let press = fake.button(&user, Some(GUILD), &my_board, content(&started));
        let token = token_of(&press);
        let id = fake.interact(press).await;
        let (board, private) = any_answer(&fake, &id, &token).await;
        assert!(private, "{board:#}");
        boards.push(parse_grid(content(&board)).expect("a board"));
    }
    assert_eq!(boards[0], boards[1], "the same puzzle for both");
    let solution = solution_of(&boards[0]);
    let cells: Vec<Cell> = Cell::all()
        .filter(|&c| boards[0].get(c).is_none())
        .collect();
    let moves = |cells: &[Cell]| -> String {
        cells
            .iter()
            .map(|&c| format!("{c} {}", solution.get(c).expect("full")))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let play = |user: &Value, text: String| {
        fake.slash(
            user,
            Some(GUILD),
            "move",
            json!([{"name": "moves", "type": 3, "value": text}]),
        )
    };

    // Bob's move: answered privately at once; the scoreboard is edited later, in place.
    let i = play(&bob(), moves(&cells[..1]));
    let token = token_of(&i);
    let id = fake.interact(i).await;
    let (answer, private) = any_answer(&fake, &id, &token).await;
    assert!(private, "a race board stays private: {answer:#}");
    let edit_path = format!(
        "/api/v10/channels/{}/messages/{scoreboard_id}",
        fake_discord::CHANNEL
    );
    let edit = fake
        .wait_call("the scoreboard edit", |c| {
            c.method == "PATCH"
                && c.path == edit_path
                && content(&c.body).contains("**bob**: 1/4 filled")
        })
        .await;
    assert!(!content(&edit.body).contains("```"), "no board in public");

    // Ann solves it: the channel hears who won; bob gives up; the result is posted.
    let i = play(&ann(), moves(&cells));
    let token = token_of(&i);
    let id = fake.interact(i).await;
    let (answer, private) = any_answer(&fake, &id, &token).await;
    assert!(!private, "{answer:#}");
    assert!(
        content(&answer).contains("**ann** wins Race #1"),
        "{answer:#}"
    );
    // Discord creates the result post but answers 500: the bot tries again (it cannot
    // know), with the same nonce, so the channel shows the result once.
    let posts_path = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL);
    fake.fail_next_after_posting(&posts_path, &[500]).await;
    let give_up = fake.slash(&bob(), Some(GUILD), "giveup", json!([]));
    let token = token_of(&give_up);
    let id = fake.interact(give_up).await;
    let (asked, _) = any_answer(&fake, &id, &token).await;
    assert!(content(&asked).contains("Give up Race #1?"), "{asked:#}");
    let yes = fake.private_button(
        &bob(),
        Some(GUILD),
        &custom_id(&asked, "Yes, give up"),
        content(&asked),
    );
    let token = token_of(&yes);
    let id = fake.interact(yes).await;
    let (answer, _) = any_answer(&fake, &id, &token).await;
    assert!(
        content(&answer).contains("You gave up Race #1"),
        "{answer:#}"
    );
    let result = fake
        .wait_call("the result post", |c| {
            c.method == "POST" && c.path == posts_path && content(&c.body).contains("wins Race #1")
        })
        .await;
    assert!(
        content(&result.body).contains("🏆 **ann** wins Race #1 in"),
        "{:#}",
        result.body
    );
    assert!(
        content(&result.body).contains("bob gave up"),
        "{:#}",
        result.body
    );
    fake.wait_call("the final scoreboard", |c| {
        c.method == "PATCH" && c.path == edit_path && content(&c.body).contains("finished after")
    })
    .await;
    // Sent again after the 500, confirmed, then never again, however long the
    // scheduler runs on; the channel holds one result.
    let attempts = |calls: Vec<fake_discord::Call>| {
        calls
            .into_iter()
            .filter(|c| {
                c.method == "POST"
                    && c.path == posts_path
                    && content(&c.body).contains("wins Race #1")
            })
            .map(|c| c.status)
            .collect::<Vec<_>>()
    };
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while attempts(fake.calls().await) != [500, 200] {
        assert!(
            tokio::time::Instant::now() < deadline,
            "{:?}",
            attempts(fake.calls().await)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    assert_eq!(attempts(fake.calls().await), [500, 200]);
    let shown = fake
        .posted_in(fake_discord::CHANNEL)
        .await
        .into_iter()
        .filter(|m| content(m).contains("wins Race #1"))
        .count();
    assert_eq!(shown, 1, "one result in the channel");
    bot.stop().await;
    fake.assert_clean().await;
}

// ---- daily posts at scale -------------------------------------------------------------

/// The day every daily test posts on.
const POST_DAY: &str = "2026-11-22";

/// `count` servers with dailies on at 09:00 UTC, each posting to channel `100000 + i`,
/// written straight into the store (with today's and tomorrow's puzzles and salts, so
/// that no puzzle is generated: that is not what these tests are about). Returns each
/// server's (place, channel).
/// The fake counts the bot in `servers` (as `many_servers` gives them): READY lists them.
async fn joined(fake: &FakeDiscord, servers: &[(String, String)]) {
    let ids = servers
        .iter()
        .map(|(place, _)| place.trim_start_matches("guild:").to_string());
    fake.join(ids).await;
}

fn many_servers(db: &Path, count: u64) -> Vec<(String, String)> {
    use sudoku_bot::game::daily::{DailySettings, parse_time};
    let givens = parse_grid(
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    )
    .expect("puzzle");
    let solution = solution_of(&givens);
    let day: jiff::civil::Date = POST_DAY.parse().expect("day");
    let tomorrow = day.tomorrow().expect("tomorrow");
    let servers: Vec<(String, String)> = (0..count)
        .map(|i| {
            let guild = (GUILD.parse::<u64>().expect("id") >> 22 | 1 << 40) + i;
            let place = sudoku_bot::app::Place::guild(guild).key().to_string();
            (place, (100_000 + i).to_string())
        })
        .collect();
    let mut store = Store::open(db).expect("store");
    store
        .write(|tx| {
            for (place, channel) in &servers {
                let settings = DailySettings {
                    channel: Some(channel.clone()),
                    time: parse_time("09:00").expect("time"),
                    enabled: true,
                    ..DailySettings::default()
                };
                tx.save_daily_settings(place, &settings)?;
                tx.server_salt(place, || 1)?;
                for d in [day, tomorrow] {
                    tx.insert_daily_puzzle(place, d, &givens, &solution, None)?;
                }
            }
            Ok::<_, sudoku_bot::store::StoreError>(())
        })
        .expect("servers stored");
    servers
}

/// Waits (up to 60 s) until the store holds a sent message id for each of `servers`'
/// posts of [`POST_DAY`]; returns them, in order.
async fn recorded(db: &Path, servers: &[(String, String)]) -> Vec<String> {
    let mut store = Store::open(db).expect("store");
    let day: jiff::civil::Date = POST_DAY.parse().expect("day");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let ids: Vec<Option<String>> = store
            .read(|tx| {
                servers
                    .iter()
                    .map(|(place, _)| tx.posted_message(place, day))
                    .collect::<Result<_, _>>()
            })
            .expect("read");
        if ids.iter().all(Option::is_some) {
            return ids.into_iter().flatten().collect();
        }
        let missing = ids.iter().filter(|id| id.is_none()).count();
        assert!(
            tokio::time::Instant::now() < deadline,
            "{missing} of {} posts never recorded as sent",
            servers.len()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Each of `servers`' channels holds exactly one post, whose id the store recorded.
async fn posted_once_each(fake: &FakeDiscord, servers: &[(String, String)], ids: &[String]) {
    let per_channel = fake.posts_per_channel().await;
    for ((place, channel), id) in servers.iter().zip(ids) {
        assert_eq!(
            per_channel.get(channel),
            Some(&1),
            "{place}'s channel {channel} got {:?} posts",
            per_channel.get(channel)
        );
        let posted = fake.posted_in(channel).await;
        assert_eq!(posted[0]["id"], json!(id), "the recorded id is the post's");
        assert!(content(&posted[0]).contains("Daily Sudoku for Sunday 22 November"));
    }
}

fn post_path(channel: &str) -> String {
    format!("/api/v10/channels/{channel}/messages")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_servers_due_at_once_are_all_posted_within_the_minute_none_twice() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let servers = many_servers(&db, 1000);
    joined(&fake, &servers).await;
    // Two posts fail on their first try: one before Discord posted, one after (the 5xx
    // came back although the message was created); both are tried again.
    fake.fail_next(&post_path(&servers[10].1), &[503]).await;
    fake.fail_next_after_posting(&post_path(&servers[20].1), &[500])
        .await;
    let bot = daily_bot(&fake, &db).await;
    bot.clock.set(at("2026-11-22T09:00:30Z"));
    bot.wake.notify_one();
    // Within the minute in which they are due (the fake clock does not move).
    fake.wait_posted_channels(servers.len(), Duration::from_secs(60))
        .await;
    let ids = recorded(&db, &servers).await;
    posted_once_each(&fake, &servers, &ids).await;
    let calls = fake.calls().await;
    // Tries, not counting the 429s of Discord's global limit (serenity waits them out).
    let tries = |channel: &str| {
        calls
            .iter()
            .filter(|c| c.path == post_path(channel) && !c.limited)
            .count()
    };
    assert_eq!(tries(&servers[10].1), 2);
    assert_eq!(tries(&servers[20].1), 2);
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_post_holds_up_no_other_and_is_retried_without_posting_twice() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let servers = many_servers(&db, 20);
    joined(&fake, &servers).await;
    let hung = post_path(&servers[0].1);
    // Discord creates the message but never answers, attempt after attempt.
    fake.hang_next(&hung, 100, true).await;
    let clock = Arc::new(sudoku_bot::app::ManualClock::new(at(
        "2026-11-22T08:00:00Z",
    )));
    let posting = Posting {
        concurrency: 4,
        timeout: Duration::from_secs(2),
        backoff: Duration::from_millis(10),
        ..Posting::default()
    };
    let bot = daily_bot_with(&fake, &db, clock, posting).await;
    bot.clock.set(at("2026-11-22T09:00:30Z"));
    bot.wake.notify_one();
    // Every other server is posted while the hung request still holds its slot.
    let others = recorded(&db, &servers[1..]).await;
    let unanswered = fake
        .calls()
        .await
        .iter()
        .filter(|c| c.path == hung && c.status == fake_discord::NO_ANSWER)
        .count();
    assert!(unanswered >= 1, "the hung request was made");
    // Discord answers again: the next attempt gets the message the first one created.
    fake.unscript(&hung).await;
    let first = recorded(&db, &servers[..1]).await;
    let ids: Vec<String> = first.into_iter().chain(others).collect();
    posted_once_each(&fake, &servers, &ids).await;
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_sends_only_the_posts_left_unsent() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let servers = many_servers(&db, 10);
    joined(&fake, &servers).await;
    // Three posts never get an answer before the bot stops; Discord created the first.
    let stuck = &servers[7..];
    for (i, (_, channel)) in stuck.iter().enumerate() {
        fake.hang_next(&post_path(channel), 100, i == 0).await;
    }
    // Long enough that the stuck posts are still being tried when the bot stops.
    let posting = Posting {
        concurrency: 8,
        timeout: Duration::from_secs(2),
        backoff: Duration::from_millis(10),
        ..Posting::default()
    };
    let clock = Arc::new(sudoku_bot::app::ManualClock::new(at(
        "2026-11-22T08:00:00Z",
    )));
    let bot = daily_bot_with(&fake, &db, clock, posting).await;
    bot.clock.set(at("2026-11-22T09:00:30Z"));
    bot.wake.notify_one();
    recorded(&db, &servers[..7]).await;
    for (_, channel) in stuck {
        let path = post_path(channel);
        fake.wait_call("a stuck post", |c| c.path == path).await;
    }
    bot.stop().await;
    for (_, channel) in stuck {
        fake.unscript(&post_path(channel)).await;
    }
    let calls_before: Vec<usize> = {
        let calls = fake.calls().await;
        servers
            .iter()
            .map(|(_, ch)| calls.iter().filter(|c| c.path == post_path(ch)).count())
            .collect()
    };
    assert!(
        calls_before[..7].iter().all(|&n| n == 1),
        "{calls_before:?}"
    );

    // Started again after the claims' lease ran out: only the three are sent.
    let later = sudoku_bot::app::POST_CLAIM_LEASE_MS + 1000;
    let clock = Arc::new(sudoku_bot::app::ManualClock::new(
        at("2026-11-22T09:00:30Z") + later,
    ));
    let bot = daily_bot_with(&fake, &db, clock, posting).await;
    let ids = recorded(&db, &servers).await;
    posted_once_each(&fake, &servers, &ids).await;
    let calls = fake.calls().await;
    for (i, (_, channel)) in servers.iter().enumerate() {
        let n = calls
            .iter()
            .filter(|c| c.path == post_path(channel))
            .count();
        if i < 7 {
            assert_eq!(n, 1, "a post already sent was sent again");
        } else {
            assert_eq!(n, calls_before[i] + 1, "sent once more after the restart");
        }
    }
    bot.stop().await;
    fake.assert_clean().await;
}

/// [`public_answer`] with the message's uploads.
async fn public_answer_call(fake: &FakeDiscord, id: &str, token: &str) -> (Value, Vec<Upload>) {
    let first = fake.response_call(id).await;
    match first.body["type"].as_u64() {
        Some(4) => {
            assert!(!ephemeral(&first.body["data"]), "{:#}", first.body);
            (first.body["data"].clone(), first.files)
        }
        Some(5) => {
            assert!(
                !ephemeral(&first.body["data"]),
                "a public deferral: {:#}",
                first.body
            );
            let edit = fake.edit_call(token).await;
            (edit.body, edit.files)
        }
        _ => panic!("not a message: {:#}", first.body),
    }
}

/// The one board picture of a message: its PNG decoded, and its alt text.
fn picture_of(message: &Value, files: &[Upload]) -> (tiny_skia::Pixmap, String) {
    assert_eq!(files.len(), 1, "one picture: {message:#}");
    assert_eq!(files[0].filename, "sudoku-board.png");
    assert_eq!(files[0].content_type, "image/png");
    assert!(
        files[0].bytes.len() <= 60 * 1024,
        "{} bytes",
        files[0].bytes.len()
    );
    let described = message["attachments"].as_array().expect("attachments");
    assert_eq!(
        described.len(),
        1,
        "the message keeps only this picture: {message:#}"
    );
    let pixels = decode_png(&files[0].bytes).expect("a PNG that decodes");
    let alt = described[0]["description"].as_str().expect("alt text");
    (pixels, alt.to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_as_pictures_are_attached_and_replaced_by_button_presses() {
    pictures_scenario(Transport::Gateway).await;
}

/// Over HTTP: a board picture comes back in a multipart HTTP response.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_as_pictures_over_http_come_back_as_multipart_responses() {
    pictures_scenario(Transport::Http).await;
}

async fn pictures_scenario(transport: Transport) {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready_on(transport, &fake, &db, Arc::new(SystemClock)).await;
    let settings = |value: &str| {
        fake.slash(
            &ann(),
            Some(GUILD),
            "settings",
            json!([{"name": "board", "type": 3, "value": value}]),
        )
    };
    let id = fake.interact(settings("image")).await;
    let set = fake.response_to(&id).await;
    assert!(
        content(&set).contains("boards are now **image**"),
        "{set:#}"
    );

    // A new game: the board as a PNG, the words and buttons as before, no text grid.
    let interaction = new_command(&fake, &ann(), 40);
    let token = token_of(&interaction);
    let id = fake.interact(interaction).await;
    let (board, files) = public_answer_call(&fake, &id, &token).await;
    assert!(!content(&board).contains("```"), "{board:#}");
    assert!(content(&board).contains("40 to go"), "{board:#}");
    let (pixels, alt) = picture_of(&board, &files);
    assert_eq!((pixels.width(), pixels.height()), (600, 600));
    assert_eq!(alt, "Sudoku board, 40 cells empty");

    // A move: a new picture with the digit, the move named in the alt text.
    let (givens, solution) = sudoku_bot_game(&db);
    let cell = Cell::all()
        .find(|&c| givens.get(c).is_none())
        .expect("an empty cell");
    let digit = solution.get(cell).expect("solved");
    let id = fake
        .interact(fake.slash(
            &ann(),
            Some(GUILD),
            "move",
            json!([{"name": "moves", "type": 3, "value": format!("{cell} {digit}")}]),
        ))
        .await;
    let moved = fake.response_call(&id).await;
    assert_eq!(moved.body["type"], 4, "{:#}", moved.body);
    let (after_move, alt) = picture_of(&moved.body["data"], &moved.files);
    assert_eq!(
        alt,
        format!("Sudoku board, 39 cells empty, last move {cell}")
    );

    // Undo by button: the pressed message is updated, its picture replaced (the new
    // message lists only the new upload), and it shows the cell empty again.
    let undo = custom_id(&moved.body["data"], "Undo");
    let id = fake
        .interact(fake.button(&ann(), Some(GUILD), &undo, content(&moved.body)))
        .await;
    let undone = fake.response_call(&id).await;
    assert_eq!(undone.body["type"], 7, "{:#}", undone.body);
    let (after_undo, alt) = picture_of(&undone.body["data"], &undone.files);
    assert!(alt.starts_with("Sudoku board, 40 cells empty"), "{alt}");
    assert_ne!(after_move.data(), after_undo.data(), "the picture changed");

    // Back to text: a press of a stale button (the move's Undo again) updates the
    // message with the board as it is now, as text, and drops the picture.
    let id = fake.interact(settings("text")).await;
    fake.response_to(&id).await;
    let id = fake
        .interact(fake.button(&ann(), Some(GUILD), &undo, content(&undone.body)))
        .await;
    let text = fake.response_call(&id).await;
    assert_eq!(text.body["type"], 7, "{:#}", text.body);
    assert!(content(&text.body).contains("```"), "{:#}", text.body);
    assert!(text.files.is_empty());
    assert_eq!(
        text.body["data"]["attachments"],
        json!([]),
        "the picture is dropped"
    );
    bot.stop().await;
    fake.assert_clean().await;
}

/// The givens and solution of the only game in the database at `db`.
fn sudoku_bot_game(db: &Path) -> (Grid, Grid) {
    let conn = rusqlite::Connection::open(db).expect("db");
    let givens: String = conn
        .query_row("SELECT givens FROM games", [], |r| r.get(0))
        .expect("one game");
    let givens = parse_grid(&givens).expect("givens");
    (givens, solution_of(&givens))
}

/// A shutdown asked for while the bot is still starting (before its shard has
/// connected) stops it once the shard is up, instead of being lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shutdown_during_start_up_still_stops_the_bot() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = start(&fake, &db, TOKEN);
    bot.stop().await;
    fake.assert_clean().await;
}

/// The pad through Discord: the menus are string selects; a choice comes as a select
/// interaction with its values and is answered with an update of the board (type 7)
/// whose menus show the choice as their default; a digit button then plays in place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pad_plays_a_move_through_select_menus_and_updates_in_place() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let board = new_game(&fake, &ann(), 40).await;
    // A direct answer carries the message in `data`; the edit of a deferral is it.
    let message = match &board["data"] {
        Value::Null => board.clone(),
        data => data.clone(),
    };
    let givens = parse_grid(content(&board)).expect("the board parses");
    let solution = solution_of(&givens);
    let cell = Cell::all()
        .find(|&c| givens.get(c).is_none())
        .expect("an empty cell");
    let name = cell.name();
    let (row, col) = name.split_at(1);
    let (row_menu, none) = menu(&message, "Row");
    assert_eq!(none, None, "nothing chosen yet");

    // A stranger's choice is refused privately and changes nothing.
    let id = fake
        .interact(fake.select(&bob(), Some(GUILD), &row_menu, &[row], content(&board)))
        .await;
    let refused = fake.response_to(&id).await;
    assert_eq!(refused["type"], 4, "{refused:#}");
    assert!(ephemeral(&refused["data"]), "{refused:#}");

    let id = fake
        .interact(fake.select(&ann(), Some(GUILD), &row_menu, &[row], content(&board)))
        .await;
    let chose_row = fake.response_to(&id).await;
    assert_eq!(chose_row["type"], 7, "updated in place: {chose_row:#}");
    assert_eq!(menu(&chose_row["data"], "Row").1.as_deref(), Some(row));
    let (col_menu, _) = menu(&chose_row["data"], "Column");
    let id = fake
        .interact(fake.select(&ann(), Some(GUILD), &col_menu, &[col], content(&chose_row)))
        .await;
    let chose = fake.response_to(&id).await;
    assert_eq!(chose["type"], 7, "{chose:#}");
    assert_eq!(menu(&chose["data"], "Row").1.as_deref(), Some(row));
    assert_eq!(menu(&chose["data"], "Column").1.as_deref(), Some(col));
    assert!(content(&chose).contains("<.>"), "{chose:#}");

    let digit = solution.get(cell).expect("solved").to_string();
    let id = fake
        .interact(fake.button(
            &ann(),
            Some(GUILD),
            &custom_id(&chose["data"], &digit),
            content(&chose),
        ))
        .await;
    let played = fake.response_to(&id).await;
    assert_eq!(played["type"], 7, "{played:#}");
    let grid = parse_grid(content(&played)).expect("board");
    assert_eq!(grid.get(cell), solution.get(cell), "{played:#}");
    bot.stop().await;
    fake.assert_clean().await;
}

/// Issue 26, in Discord: a whole game played with the pad alone, every press an
/// interaction answered by an update of the board in place, to the solved board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_is_played_by_taps_each_an_update_in_place() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let board = new_game(&fake, &ann(), 20).await;
    let message = match &board["data"] {
        Value::Null => board.clone(),
        data => data.clone(),
    };
    let givens = parse_grid(content(&message)).expect("the board parses");
    let solution = solution_of(&givens);
    let cells = empty_cells(&givens);
    let (last, presses) = tap_to_the_end(&fake, &[ann()], message, false, &cells, &solution).await;
    assert!(last.in_place, "{:#}", last.message);
    assert!(
        content(&last.message).contains("Solved in"),
        "{:#}",
        last.message
    );
    assert!(menu_count(&last.message) == 0, "a solved board has no pad");
    // At most three taps a cell, fewer when the pad moved on along the row.
    let presses = presses.len();
    assert!(
        presses <= 3 * cells.len() && presses >= cells.len(),
        "{presses}"
    );
    bot.stop().await;
    fake.assert_clean().await;
}

/// The daily with the pad alone: its board is ephemeral and every press updates it in
/// place (Discord lets a component update an ephemeral message); the solve is announced
/// in public, without the grid.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_daily_is_played_by_taps_on_its_private_board() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let daily = fake.slash(&ann(), Some(GUILD), "daily", json!([]));
    let token = token_of(&daily);
    let id = fake.interact(daily).await;
    let (board, private) = any_answer(&fake, &id, &token).await;
    assert!(private, "{board:#}");
    let givens = parse_grid(content(&board)).expect("a board");
    let solution = solution_of(&givens);
    let (last, _) = tap_to_the_end(
        &fake,
        &[ann()],
        board,
        true,
        &empty_cells(&givens),
        &solution,
    )
    .await;
    assert!(!last.private, "{:#}", last.message);
    assert!(
        content(&last.message).contains("solved the daily puzzle"),
        "{:#}",
        last.message
    );
    assert!(!content(&last.message).contains("```"), "no grid in public");
    bot.stop().await;
    fake.assert_clean().await;
}

/// ann opens a race of `empty` cells in the channel, bob joins, ann starts it: the
/// started scoreboard (its type 7 update of the lobby).
async fn started_race(fake: &FakeDiscord, empty: u64) -> Value {
    started_race_by(fake, &ann(), &bob(), empty).await
}

/// `host` opens a race of `empty` cells in the channel, `guest` joins, `host` starts
/// it: the started scoreboard (its type 7 update of the lobby).
async fn started_race_by(fake: &FakeDiscord, host: &Value, guest: &Value, empty: u64) -> Value {
    let open = fake.slash(
        host,
        Some(GUILD),
        "race",
        json!([{"name": "empty", "type": 4, "value": empty}]),
    );
    let token = token_of(&open);
    let id = fake.interact(open).await;
    let lobby = public_answer(fake, &id, &token).await;
    let join = fake.button(
        guest,
        Some(GUILD),
        &custom_id(&lobby, "Join"),
        content(&lobby),
    );
    let id = fake.interact(join).await;
    let joined = fake.response_to(&id).await;
    let start = fake.button(
        host,
        Some(GUILD),
        &custom_id(&joined["data"], "Start"),
        content(&joined),
    );
    let id = fake.interact(start).await;
    fake.response_to(&id).await
}

/// A race board with the pad alone: ann's private board from My board, filled by taps
/// (each an update of that ephemeral message); her last tap wins, in public, and the
/// channel's scoreboard shows her first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_is_won_by_taps_on_a_private_race_board() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let clock = Arc::new(sudoku_bot::app::ManualClock::new(at(
        "2026-11-22T09:00:00Z",
    )));
    let bot = ready_with_clock(&fake, &db, 1, clock.clone()).await;
    let started = started_race(&fake, 6).await;
    let press = fake.button(
        &ann(),
        Some(GUILD),
        &custom_id(&started["data"], "My board"),
        content(&started),
    );
    let token = token_of(&press);
    let id = fake.interact(press).await;
    let (board, private) = any_answer(&fake, &id, &token).await;
    assert!(private, "{board:#}");
    assert!(
        menu_count(&board) == 2,
        "the race board has its pad: {board:#}"
    );
    let givens = parse_grid(content(&board)).expect("a board");
    let solution = solution_of(&givens);
    // A minute on the board: a time a person can make (a faster one is unverified).
    clock.advance(60_000);
    let (last, _) = tap_to_the_end(
        &fake,
        &[ann()],
        board,
        true,
        &empty_cells(&givens),
        &solution,
    )
    .await;
    assert!(
        content(&last.message).contains("**ann** wins Race #1"),
        "{:#}",
        last.message
    );
    // The channel's scoreboard is edited with ann first (the result is posted once bob is
    // done too, as `a_race_through_discord_…` shows).
    let messages = format!("/api/v10/channels/{}/messages/", fake_discord::CHANNEL);
    fake.wait_call("the scoreboard with ann first", |c| {
        c.method == "PATCH"
            && c.path.starts_with(&messages)
            && content(&c.body).contains("1. **ann**")
    })
    .await;
    bot.stop().await;
    fake.assert_clean().await;
}

/// A co-op board filled by two players taking turns at its pad: every press of either
/// updates the channel's one board in place, to the shared solve.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_coop_board_is_filled_by_two_players_tapping_in_turn() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let start = fake.slash(
        &ann(),
        Some(GUILD),
        "coop",
        json!([{"name": "empty", "type": 4, "value": 10}]),
    );
    let token = token_of(&start);
    let id = fake.interact(start).await;
    let board = public_answer(&fake, &id, &token).await;
    let givens = parse_grid(content(&board)).expect("a board");
    let solution = solution_of(&givens);
    let (last, _) = tap_to_the_end(
        &fake,
        &[bob(), ann()],
        board,
        false,
        &empty_cells(&givens),
        &solution,
    )
    .await;
    assert!(last.in_place && !last.private, "{:#}", last.message);
    assert!(
        content(&last.message).contains("Co-op board solved together"),
        "{:#}",
        last.message
    );
    bot.stop().await;
    fake.assert_clean().await;
}

// ---- issue 31: Discord's rules in the fake -------------------------------------------

/// A bot started through `run_tuned`, handing out its HTTP client.
async fn tuned_bot(
    fake: &FakeDiscord,
    db: &Path,
    prune_every: Duration,
) -> (Bot, Arc<serenity::all::Http>) {
    let config = Config {
        database: db.to_path_buf().into(),
        api_base: Some(fake.api_base.clone()),
        ..Config::default()
    };
    let app = Arc::new(App::new(
        Store::open(db).expect("store"),
        Arc::new(SystemClock),
        3,
    ));
    let (tx, rx) = oneshot::channel();
    let tuning = discord::Tuning {
        prune_every,
        http: Some(tx),
        ..discord::Tuning::default()
    };
    let wake = Arc::new(tokio::sync::Notify::new());
    let bot = spawn_bot(app, config, wake, Posting::default(), tuning);
    let http = rx.await.expect("the bot's HTTP client");
    fake.wait_gateway("IDENTIFY", 1).await;
    (bot, http)
}

/// Defect 1: serenity's rate limiter keeps one bucket per interaction answered through
/// it, forever. Answers go around it, and stale buckets are pruned: after many
/// interactions the rate limiter holds a handful of buckets, not one per interaction.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_interactions_leave_no_rate_limit_bucket_behind() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let (bot, http) = tuned_bot(&fake, &db, Duration::from_millis(200)).await;
    assert!(
        http.ratelimiter.is_some(),
        "serenity's rate limiter is on against the fake"
    );
    new_game(&fake, &ann(), 40).await;
    for i in 0..60 {
        let user = FakeDiscord::user(&format!("{}", 200_000_000_000_000_000u64 + i), "p");
        let show = fake.slash(&user, Some(GUILD), "help", json!([]));
        let id = fake.interact(show).await;
        fake.response_to(&id).await;
        let press = fake.button(&ann(), Some(GUILD), "sudoku:show:1:1", "a board");
        let id = fake.interact(press).await;
        fake.response_to(&id).await;
    }
    let buckets = discord::rate_limit_buckets(&http).await;
    assert!(
        buckets <= 4,
        "{buckets} rate-limit buckets after 121 interactions"
    );
    let counters = fake.counters().await;
    assert_eq!(counters.limited, 0, "{counters:?}");
    bot.stop().await;
    fake.assert_clean().await;
}

/// Defect 7: serenity puts every interaction's webhook in one bucket (the
/// application's), so one 429 on any follow-up would hold up every deferred answer.
/// Here one interaction's edit is refused with a long retry_after; another's deferred
/// edit still arrives (well before that retry_after is over).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_on_one_deferred_answer_holds_up_no_other() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let (bot, gate) = gated(&fake, &db).await;
    gate.close();
    let first = new_command(&fake, &ann(), 40);
    let first_token = token_of(&first);
    let first_id = fake.interact(first).await;
    assert_eq!(fake.response_to(&first_id).await["type"], 5);
    let first_edit = format!("/api/v10/webhooks/{APP_ID}/{first_token}/messages/@original");
    fake.limit_next(&first_edit, Duration::from_secs(120)).await;
    let second = new_command(&fake, &bob(), 40);
    let second_token = token_of(&second);
    let second_id = fake.interact(second).await;
    assert_eq!(fake.response_to(&second_id).await["type"], 5);
    gate.open();
    // Within `wait_call`'s 20 s, while the first one's retry_after is 120 s.
    let board = fake.edit_of(&second_token).await;
    assert!(parse_grid(content(&board)).is_ok(), "{board:#}");
    let refused = fake
        .wait_call("the 429 on the first edit", |c| {
            c.path == first_edit && c.status == 429
        })
        .await;
    assert_eq!(refused.method, "PATCH");
    bot.stop().await;
    fake.assert_clean().await;
}

/// Defect 6: the 3 seconds count from when Discord created the interaction. One
/// created 3.5 s ago is neither run nor answered (its answer could not arrive in time,
/// and a retry would repeat it); one created 2.6 s ago is deferred at once, then
/// answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_too_old_to_answer_is_not_run_one_near_its_deadline_is_deferred() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    new_game(&fake, &ann(), 40).await;
    let (givens, solution) = sudoku_bot_game(&db);
    let empty = empty_cells(&givens);
    let play = |cell: Cell| {
        fake.slash(
            &ann(),
            Some(GUILD),
            "move",
            json!([{"name": "moves", "type": 3, "value": format!("{cell} {}", solution.get(cell).expect("full"))}]),
        )
    };
    let mut old = play(empty[0]);
    fake.created_ago(&mut old, Duration::from_millis(3500));
    let old_id = fake.interact(old).await;
    let mut late = play(empty[1]);
    fake.created_ago(&mut late, Duration::from_millis(2600));
    let late_token = token_of(&late);
    let late_id = fake.interact(late).await;
    let first = fake.response_to(&late_id).await;
    assert_eq!(first["type"], 5, "deferred at once: {first:#}");
    let board = fake.edit_of(&late_token).await;
    assert!(parse_grid(content(&board)).is_ok(), "{board:#}");
    // The shutdown waits for every interaction in flight: the old one too.
    bot.stop().await;
    let prefix = format!("/api/v10/interactions/{old_id}/");
    assert!(
        !fake
            .calls()
            .await
            .iter()
            .any(|c| c.path.starts_with(&prefix)),
        "the old interaction was answered"
    );
    let conn = rusqlite::Connection::open(&db).expect("db");
    let board: String = conn
        .query_row("SELECT board FROM games", [], |r| r.get(0))
        .expect("one game");
    let board = parse_grid(&board).expect("board");
    assert_eq!(board.get(empty[0]), None, "the old move was not played");
    assert_eq!(
        board.get(empty[1]),
        solution.get(empty[1]),
        "the late one was"
    );
    fake.assert_clean().await;
}

/// Defect 3: a race or co-op board is not opened in a channel where the bot cannot post
/// (Discord says what the bot may do there with the interaction); the player is told
/// what is missing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_race_or_coop_board_in_a_channel_the_bot_cannot_post_in() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    for (sub, what) in [("race", "run a race"), ("coop", "start a co-op board")] {
        let mut open = fake.slash(&ann(), Some(GUILD), sub, json!([]));
        // View Channel (1024) only.
        open["app_permissions"] = json!("1024");
        let id = fake.interact(open).await;
        let answer = fake.response_to(&id).await;
        let text = content(&answer["data"]);
        assert!(ephemeral(&answer["data"]), "{answer:#}");
        assert!(
            text.contains(&format!("I can't {what}")) && text.contains("Send Messages"),
            "{text}"
        );
        assert!(!text.contains("View Channel"), "{text}");
    }
    bot.stop().await;
    let conn = rusqlite::Connection::open(&db).expect("db");
    let races: i64 = conn
        .query_row("SELECT count(*) FROM races", [], |r| r.get(0))
        .expect("races");
    assert_eq!(races, 0, "no race opened");
    fake.assert_clean().await;
}

/// Defect 3: once the channel refuses the race's scoreboard edit (403: the bot lost
/// its permissions there), the bot stops editing it instead of trying every second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_scoreboard_refused_by_its_channel_is_not_edited_again() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let started = started_race(&fake, 10).await;
    assert_eq!(started["type"], 7, "{started:#}");
    let my_board = custom_id(&started["data"], "My board");
    let press = fake.button(&bob(), Some(GUILD), &my_board, content(&started));
    let board_token = token_of(&press);
    let id = fake.interact(press).await;
    let (board, _) = any_answer(&fake, &id, &board_token).await;
    let board = parse_grid(content(&board)).expect("a board");
    let solution = solution_of(&board);
    let cells = empty_cells(&board);

    fake.forbid(fake_discord::CHANNEL, 50013).await;
    let edits = |calls: &[fake_discord::Call]| {
        calls
            .iter()
            .filter(|c| c.method == "PATCH" && c.path.starts_with("/api/v10/channels/"))
            .count()
    };
    for (n, cell) in cells[..3].iter().enumerate() {
        let i = fake.slash(
            &bob(),
            Some(GUILD),
            "move",
            json!([{"name": "moves", "type": 3, "value": format!("{cell} {}", solution.get(*cell).expect("full"))}]),
        );
        let token = token_of(&i);
        let id = fake.interact(i).await;
        any_answer(&fake, &id, &token).await;
        if n == 0 {
            fake.wait_call("the refused edit", |c| {
                c.method == "PATCH" && c.status == 403
            })
            .await;
        }
        // Several of the task's one-second ticks pass.
        tokio::time::sleep(Duration::from_millis(2500)).await;
    }
    assert_eq!(
        edits(&fake.calls().await),
        1,
        "edited once, then left alone"
    );
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_race_channel_gets_no_more_scoreboard_edits() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let started = started_race(&fake, 4).await;
    let press = fake.button(
        &bob(),
        Some(GUILD),
        &custom_id(&started["data"], "My board"),
        content(&started),
    );
    let token = token_of(&press);
    let id = fake.interact(press).await;
    let (board, _) = any_answer(&fake, &id, &token).await;
    let grid = parse_grid(content(&board)).expect("a board");
    let solution = solution_of(&grid);
    let cell = Cell::all().find(|&c| grid.get(c).is_none()).expect("empty");
    // The channel goes; then bob moves: nothing is sent to the channel any more.
    fake.delete_channel(GUILD, fake_discord::CHANNEL).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = fake.calls().await.len();
    let moved = fake.slash(
        &bob(),
        Some(GUILD),
        "move",
        json!([{"name": "moves", "type": 3,
                "value": format!("{cell} {}", solution.get(cell).expect("full"))}]),
    );
    let token = token_of(&moved);
    let id = fake.interact(moved).await;
    any_answer(&fake, &id, &token).await;
    tokio::time::sleep(Duration::from_millis(3_000)).await;
    let channel_calls: Vec<String> = fake.calls().await[before..]
        .iter()
        .filter(|c| {
            c.path
                .contains(&format!("/channels/{}/", fake_discord::CHANNEL))
        })
        .map(|c| format!("{} {}", c.method, c.path))
        .collect();
    assert!(channel_calls.is_empty(), "{channel_calls:?}");
    bot.stop().await;
    fake.assert_clean().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_removed_the_bot_while_it_was_away_gets_no_more_daily_posts() {
    // Two servers post dailies; one removes the bot while it is stopped (no
    // GUILD_DELETE reaches it). The next READY does not list that server: its daily
    // posts stop; the other's go on.
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let servers = many_servers(&db, 2);
    joined(&fake, &servers).await;
    let gone = servers[0].0.trim_start_matches("guild:").to_string();
    fake.leave_quietly(&gone).await;
    let clock = Arc::new(sudoku_bot::app::ManualClock::new(at(
        "2026-11-22T08:00:00Z",
    )));
    let bot = daily_bot_with(&fake, &db, clock, Posting::default()).await;
    let mut store = Store::open(&db).expect("store");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while store
        .read(|tx| tx.server_daily(&servers[0].0))
        .expect("read")
        .settings
        .enabled
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the daily of a server that left is still on"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let other = store
        .read(|tx| tx.server_daily(&servers[1].0))
        .expect("read");
    assert!(
        other.settings.enabled,
        "a server still there keeps its daily"
    );
    bot.clock.set(at("2026-11-22T09:30:00Z"));
    bot.wake.notify_one();
    fake.wait_call("the other server's post", |c| {
        c.path == post_path(&servers[1].1)
    })
    .await;
    bot.stop().await;
    let posted_there = fake
        .calls()
        .await
        .iter()
        .any(|c| c.path == post_path(&servers[0].1));
    assert!(!posted_there, "posted in a server that removed the bot");
    fake.assert_clean().await;
}

// ---- issue 31: per-channel pacing, invalid requests of interaction answers ------------

/// Six races at once in one channel, two racers each filling their boards cell by cell
/// (every scoreboard keeps changing), then all finishing together. With Discord's rules on, the
/// channel's pace is kept (no 429 on its posts or edits, no invalid request), and
/// players see what they wait for: each race's result posted once, each scoreboard
/// ending on the finish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn races_sharing_a_channel_keep_its_pace_and_all_end_with_their_results() {
    const RACES: u64 = 6;
    const EMPTY: usize = 3;
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready(&fake, &db, 1).await;
    let mut races = Vec::new();
    for r in 0..RACES {
        let racers = FakeDiscord::users(300_000_000_000_000_000 + r * 10, &format!("racer{r}"), 2);
        let started = started_race_by(&fake, &racers[0], &racers[1], EMPTY as u64).await;
        assert_eq!(started["type"], 7, "{started:#}");
        let number = race_number(&started["data"]);
        // Each racer's private board, and the moves that fill it.
        let mut moves = Vec::new();
        for racer in &racers {
            let press = fake.button(
                racer,
                Some(GUILD),
                &custom_id(&started["data"], "My board"),
                content(&started["data"]),
            );
            let token = token_of(&press);
            let id = fake.interact(press).await;
            let (board, _) = any_answer(&fake, &id, &token).await;
            let givens = parse_grid(content(&board)).expect("a board");
            let cells = filling_moves(&givens, &solution_of(&givens));
            assert_eq!(cells.len(), EMPTY);
            moves.push(cells);
        }
        races.push((number, racers, moves));
    }
    // One cell per racer per round, in every race: the scoreboards change every round,
    // more often than the channel's pace lets the bot redraw them all.
    let play = |racer: &Value, cell: &str| {
        fake.slash(
            racer,
            Some(GUILD),
            "move",
            json!([{"name": "moves", "type": 3, "value": cell}]),
        )
    };
    for round in 0..EMPTY - 1 {
        for (_, racers, moves) in &races {
            for (racer, cells) in racers.iter().zip(moves) {
                let play = play(racer, &cells[round]);
                let token = token_of(&play);
                let id = fake.interact(play).await;
                any_answer(&fake, &id, &token).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    // Every racer's last cell at once: all the races end together, their results and
    // final scoreboards due in the channel at the same moment (more than Discord lets a
    // channel take at once: the bot must spread them).
    let mut last = tokio::task::JoinSet::new();
    for (_, racers, moves) in &races {
        for (racer, cells) in racers.iter().zip(moves) {
            let (fake, play) = (fake.clone(), play(racer, &cells[EMPTY - 1]));
            last.spawn(async move {
                let token = token_of(&play);
                let id = fake.interact(play).await;
                any_answer(&fake, &id, &token).await
            });
        }
    }
    while let Some(done) = last.join_next().await {
        let (answer, _) = done.expect("a last move");
        assert!(content(&answer).contains("Race #"), "{answer:#}");
    }

    let posts = format!("/api/v10/channels/{}/messages", fake_discord::CHANNEL);
    let edits = format!("{posts}/");
    // What the channel shows of race `n`: its result posts, and its scoreboard's last
    // edit Discord accepted.
    let shown = |n: u64, posted: &[Value], calls: &[fake_discord::Call]| {
        let results = posted
            .iter()
            .filter(|m| content(m).contains(&format!("wins Race #{n} in")))
            .count();
        let last_board = calls
            .iter()
            .filter(|c| c.method == "PATCH" && c.path.starts_with(&edits) && c.status == 200)
            .map(|c| content(&c.body).to_string())
            .rfind(|text| text.contains(&format!("**Race #{n}**")));
        (results, last_board)
    };
    let settled = |posted: &[Value], calls: &[fake_discord::Call]| {
        races.iter().all(|(n, _, _)| {
            let (results, board) = shown(*n, posted, calls);
            results == 1 && board.is_some_and(|b| b.contains("finished after"))
        })
    };
    let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
    while !settled(
        &fake.posted_in(fake_discord::CHANNEL).await,
        &fake.calls().await,
    ) {
        if tokio::time::Instant::now() > deadline {
            let posted = fake.posted_in(fake_discord::CHANNEL).await;
            let calls = fake.calls().await;
            let seen: Vec<_> = races
                .iter()
                .map(|(n, _, _)| (*n, shown(*n, &posted, &calls)))
                .collect();
            panic!("not every race ended in the channel: {seen:#?}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // A couple more of the sender's ticks: nothing posted twice, no scoreboard redrawn
    // back from its finish.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let (posted, calls) = (
        fake.posted_in(fake_discord::CHANNEL).await,
        fake.calls().await,
    );
    for (n, _, _) in &races {
        let (results, board) = shown(*n, &posted, &calls);
        assert_eq!(results, 1, "race {n}'s result posted {results} times");
        let board = board.expect("a scoreboard");
        assert!(board.contains("finished after"), "race {n}: {board}");
        // Both racers finished: the scoreboard ranks them.
        assert!(
            board.contains("1. **") && board.contains("2. **"),
            "{board}"
        );
    }
    let counters = fake.counters().await;
    for route in [
        "POST /channels/{}/messages",
        "PATCH /channels/{}/messages/{}",
    ] {
        assert_eq!(
            counters.limited_per_route.get(route).copied().unwrap_or(0),
            0,
            "429s on {route}: {counters:?}"
        );
    }
    assert!(
        counters
            .per_route
            .get("PATCH /channels/{}/messages/{}")
            .copied()
            .unwrap_or(0)
            >= RACES,
        "the scoreboards were edited in the channel: {counters:?}"
    );
    assert_eq!(counters.limited, 0, "{counters:?}");
    assert_eq!(counters.invalid, 0, "{counters:?}");
    bot.stop().await;
    fake.assert_clean().await;
}

/// Interaction answers Discord refuses (403, 401, 429) count towards its IP ban as much
/// as the bot's own requests do. Once they alone reach the budget's limit (3 here), the
/// bot's own messages pause: the day's post does not go out. Interactions are still
/// answered: the pause is the bot's own messages only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_interaction_answers_pause_the_bots_own_posts_not_its_answers() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let clock = Arc::new(sudoku_bot::app::ManualClock::new(at(
        "2026-11-22T08:00:00Z",
    )));
    let tuning = discord::Tuning {
        invalid_limit: 3,
        ..discord::Tuning::default()
    };
    let bot = daily_bot_tuned(&fake, &db, clock, Posting::default(), tuning).await;
    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "555", json!([])))
        .await;
    fake.response_to(&id).await;
    for status in [403, 401, 429] {
        let help = fake.slash(&bob(), Some(GUILD), "help", json!([]));
        let path = format!(
            "/api/v10/interactions/{}/{}/callback",
            help["id"].as_str().expect("id"),
            token_of(&help)
        );
        fake.fail_next(&path, &[status]).await;
        fake.interact(help).await;
        fake.wait_call("the refused answer", |c| {
            c.path == path && c.status == status
        })
        .await;
    }
    assert_eq!(fake.counters().await.invalid, 3, "Discord counted them");
    bot.clock.set(at("2026-11-22T09:30:00Z"));
    bot.wake.notify_one();
    // Still answered.
    let answer = fake
        .ask(fake.slash(&ann(), Some(GUILD), "help", json!([])))
        .await;
    assert!(!content(&answer).is_empty(), "{answer:#}");
    // The daily post is due, but paused (it would go out at once otherwise, as in
    // `a_daily_post_is_retried_through_transient_failures`).
    tokio::time::sleep(Duration::from_secs(3)).await;
    let post = "/api/v10/channels/555/messages";
    assert!(
        !fake.calls().await.iter().any(|c| c.path == post),
        "the daily was posted although the budget of invalid requests was spent"
    );
    bot.stop().await;
    fake.assert_clean().await;
}

/// Issue 50: a 429 that serenity's rate limiter waits out and retries inside the request
/// never reaches the sender, yet Discord counts each towards its ban of the address. The
/// day's post meets three (its one request then succeeds): they reach `/metrics` and the
/// budget of invalid requests (3 here), which pauses the bot's own messages: the next
/// day's post does not go out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retried_429s_count_towards_the_invalid_request_budget() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let clock = Arc::new(sudoku_bot::app::ManualClock::new(at(
        "2026-11-22T08:00:00Z",
    )));
    let tuning = discord::Tuning {
        invalid_limit: 3,
        ..discord::Tuning::default()
    };
    let bot = daily_bot_tuned(&fake, &db, clock, Posting::default(), tuning).await;
    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "555", json!([])))
        .await;
    fake.response_to(&id).await;
    let path = "/api/v10/channels/555/messages";
    for _ in 0..3 {
        fake.limit_next(path, Duration::from_millis(50)).await;
    }
    bot.clock.set(at("2026-11-22T09:30:00Z"));
    bot.wake.notify_one();
    fake.wait_call("the post, after three 429s", |c| {
        c.path == path && c.status == 200
    })
    .await;
    let statuses: Vec<u16> = fake
        .calls()
        .await
        .iter()
        .filter(|c| c.path == path)
        .map(|c| c.status)
        .collect();
    assert_eq!(
        statuses,
        [429, 429, 429, 200],
        "retried by serenity's limiter"
    );
    assert_eq!(fake.counters().await.invalid, 3, "Discord counted them");
    let (status, metrics) = admin_get(bot.admin, "/metrics").await;
    assert_eq!(status, 200);
    assert!(
        metrics.contains("sudoku_discord_invalid_requests_total 3\n"),
        "{metrics}"
    );
    assert!(
        metrics.contains("sudoku_discord_invalid_requests_limit 3\n"),
        "{metrics}"
    );
    // The next day's post is due, but paused (it would go out at once otherwise).
    bot.clock.set(at("2026-11-23T09:30:00Z"));
    bot.wake.notify_one();
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        fake.posted_in("555").await.len(),
        1,
        "the next day was posted although the budget of invalid requests was spent"
    );
    bot.stop().await;
    fake.assert_clean().await;
}

// ---- issue 27: interactions over HTTP, replicas ----------------------------------------

/// Two replicas serve one database behind the endpoint: either answers any interaction,
/// and the daily posts go out from the one holding the sending lease, never while another
/// process holds it; when the holder stops, the other replica takes over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_answer_any_interaction_and_one_at_a_time_sends_the_posts() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let clock = Arc::new(sudoku_bot::app::ManualClock::new(at(
        "2026-11-22T08:00:00Z",
    )));
    // A third process holds the sending lease (for as long as the test needs: the lease
    // is timed by the database's clock, which the bot's manual clock does not move).
    drop(Store::open(&db).expect("store"));
    rusqlite::Connection::open(&db)
        .expect("db")
        .execute(
            "INSERT INTO leases (name, holder, since_ms, until_ms, token) VALUES ('outbound', 'elsewhere', 0, ?1, 7)",
            [at("2100-01-01T00:00:00Z")],
        )
        .expect("a foreign lease");
    let tuning = || discord::Tuning {
        lease_ttl: Duration::from_millis(600),
        ..discord::Tuning::default()
    };
    let replica = || {
        daily_bot_on(
            Transport::Http,
            &fake,
            &db,
            clock.clone(),
            Posting::default(),
            tuning(),
        )
    };
    let a = replica().await;
    let b = replica().await;

    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "100", json!([])))
        .await;
    assert!(content(&fake.response_to(&id).await).contains("Daily Sudoku is on"));
    for player in FakeDiscord::users(100_000_000_000_000_100, "p", 4) {
        let id = fake
            .interact(fake.slash(&player, Some(GUILD), "help", json!([])))
            .await;
        fake.response_to(&id).await;
    }
    let deliveries = fake.deliveries();
    assert_eq!(deliveries.len(), 2, "{deliveries:?}");
    assert!(deliveries.values().all(|&n| n >= 2), "{deliveries:?}");

    // Due, but the lease is another's: nothing is posted.
    clock.set(at("2026-11-22T09:00:30Z"));
    a.wake.notify_one();
    b.wake.notify_one();
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert!(
        fake.posted_in("100").await.is_empty(),
        "posted without the lease"
    );
    // The other process is gone (its lease ran out): one of the replicas posts, once.
    rusqlite::Connection::open(&db)
        .expect("db")
        .execute("UPDATE leases SET until_ms = 0", [])
        .expect("the foreign lease runs out");
    fake.wait_posted_channels(1, Duration::from_secs(20)).await;

    // The replica holding the lease stops: the other takes it over, the clock standing
    // still (so the lease was given up, not run out), and the next day's post goes out.
    let holds = |bot: &DailyBot| {
        let admin = bot.admin;
        async move {
            let (_, said) = admin_get(admin, "/readyz").await;
            let said: Value = serde_json::from_str(&said).expect("JSON");
            said["sending"]["this_replica"] == json!(true)
                && said["sending"]["expires_in_s"].as_f64().unwrap_or(0.0) > 0.0
        }
    };
    let (holder, other) = if holds(&a).await { (a, b) } else { (b, a) };
    assert!(holds(&holder).await, "one of the replicas sends");
    assert!(!holds(&other).await, "only one");
    holder.stop().await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !holds(&other).await {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the other replica never took over"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let b = other;
    clock.set(at("2026-11-23T09:00:30Z"));
    b.wake.notify_one();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while fake.posted_in("100").await.len() < 2 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the second day was not posted"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    b.stop().await;
    assert_eq!(fake.posted_in("100").await.len(), 2, "one post a day");
    fake.assert_clean().await;
}

/// Whether `bot`'s `/readyz` says it holds the sending lease, and that it has not run out.
async fn sends(bot: &DailyBot) -> bool {
    let (_, said) = admin_get(bot.admin, "/readyz").await;
    let said: Value = serde_json::from_str(&said).expect("JSON");
    said["sending"]["this_replica"] == json!(true)
        && said["sending"]["expires_in_s"].as_f64().unwrap_or(0.0) > 0.0
}

/// Issue 50: two replicas whose clocks are 20 s apart. The lease is timed by the
/// database's clock, so the fast replica never finds the slow one's live lease run out
/// (timed by the replicas' clocks, it took it at its first turn, while the slow one went
/// on sending until its own next turn), and the day's post goes out once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replica_whose_clock_runs_20_s_fast_never_takes_a_live_sending_lease() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let slow_clock = Arc::new(sudoku_bot::app::ManualClock::new(at(
        "2026-11-22T08:00:00Z",
    )));
    let fast_clock = Arc::new(sudoku_bot::app::ManualClock::new(at(
        "2026-11-22T08:00:20Z",
    )));
    // A turn of the lease a second: several turns of both while the test looks.
    let tuning = || discord::Tuning {
        lease_ttl: Duration::from_secs(3),
        ..discord::Tuning::default()
    };
    let replica = |clock| {
        daily_bot_on(
            Transport::Http,
            &fake,
            &db,
            clock,
            Posting::default(),
            tuning(),
        )
    };
    let slow = replica(slow_clock.clone()).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !sends(&slow).await {
        assert!(tokio::time::Instant::now() < deadline, "no replica sends");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let fast = replica(fast_clock.clone()).await;
    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "100", json!([])))
        .await;
    assert!(content(&fake.response_to(&id).await).contains("Daily Sudoku is on"));
    let one_sender = async || {
        for _ in 0..10 {
            assert!(sends(&slow).await, "the slow replica lost a live lease");
            assert!(!sends(&fast).await, "the fast replica sends too");
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    };
    one_sender().await;
    slow_clock.set(at("2026-11-22T09:00:30Z"));
    fast_clock.set(at("2026-11-22T09:00:50Z"));
    slow.wake.notify_one();
    fast.wake.notify_one();
    fake.wait_posted_channels(1, Duration::from_secs(20)).await;
    one_sender().await;
    assert_eq!(fake.posted_in("100").await.len(), 1, "posted once");
    fast.stop().await;
    slow.stop().await;
    fake.assert_clean().await;
}

/// Gateway and HTTP together: the bot connects to the gateway (server events still come
/// that way) while interactions arrive over HTTP, and a server event from the gateway
/// still reaches it: removed from a server, the bot stops its daily posts there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gateway_and_http_together_interactions_by_http_server_events_by_gateway() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let mut config = config_on(Transport::Http, &fake, &db);
    if let Some(interactions) = config.interactions.as_mut() {
        interactions.gateway = true;
    }
    let app = Arc::new(App::new(
        Store::open(&db).expect("store"),
        Arc::new(SystemClock),
        3,
    ));
    let (bot, address) = spawn_over_http(app, config);
    deliver_to(&fake, address).await;
    fake.wait_gateway("IDENTIFY", 1).await;
    registered_after(&fake, 0).await;

    let id = fake
        .interact(fake.daily_setup(&ann(), "32", "100", json!([])))
        .await;
    assert!(content(&fake.response_to(&id).await).contains("Daily Sudoku is on"));
    assert_eq!(fake.deliveries().values().sum::<u64>(), 1, "over HTTP");
    fake.remove_from(GUILD).await;
    let key = sudoku_bot::app::Place::guild(GUILD.parse().expect("id"))
        .key()
        .to_string();
    let mut store = Store::open(&db).expect("store");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while store
        .read(|tx| tx.server_daily(&key))
        .expect("read")
        .settings
        .enabled
    {
        assert!(
            tokio::time::Instant::now() < deadline,
            "GUILD_DELETE from the gateway did not stop the daily"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    bot.stop().await;
    fake.assert_clean().await;
}

/// Discord reads an HTTP response on its side after the bot wrote it, and the bot's next
/// request about that interaction may come first: a race lobby's id is asked for right
/// after the lobby went out in the response. Discord then answers Unknown Webhook; the bot
/// tries again until Discord knows the answer, and the lobby's id is learnt all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_call_before_discord_read_the_http_response_is_tried_again() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready_on(Transport::Http, &fake, &db, Arc::new(SystemClock)).await;
    // Long enough that the bot's next request, sent as soon as the response went out,
    // comes first even on a busy machine; well within Discord's 3 s.
    fake.read_responses_after(Duration::from_secs(1));
    let open = fake.slash(
        &ann(),
        Some(GUILD),
        "race",
        json!([{"name": "empty", "type": 4, "value": 4}]),
    );
    let token = token_of(&open);
    let id = fake.interact(open).await;
    let lobby = public_answer(&fake, &id, &token).await;
    assert!(content(&lobby).contains("**Race #1**"), "{lobby:#}");
    let asked = fake
        .wait_call("the lobby's id, asked for once Discord knew it", |c| {
            c.method == "GET" && c.path.ends_with("/messages/@original") && c.status == 200
        })
        .await;
    assert!(asked.path.contains(&token));
    assert!(
        fake.early_webhooks() >= 1,
        "asked before Discord knew the answer"
    );
    bot.stop().await;
    let conn = rusqlite::Connection::open(&db).expect("db");
    let message: Option<String> = conn
        .query_row("SELECT message FROM races", [], |r| r.get(0))
        .expect("one race");
    assert_eq!(
        message,
        fake.original_id(&token).await,
        "the lobby's id recorded"
    );
    fake.assert_clean().await;
}

// ---- issue 27: the endpoint itself ----------------------------------------------------

/// Nothing listens here: Discord's REST API out of reach.
const UNREACHABLE: &str = "https://127.0.0.1:1";

/// The bot serving interactions over HTTP alone (no gateway), its REST calls going to
/// `api_base`; returns once the endpoint listens, with the endpoint's URL. The fake does
/// not deliver there by itself: these tests POST to it.
async fn http_bot(fake: &FakeDiscord, db: &Path, api_base: &str) -> (Bot, String) {
    let (bot, url, _) = http_bot_tuned(fake, db, api_base, discord::Tuning::default()).await;
    (bot, url)
}

/// [`http_bot`] with `tuning`, and an admin listener of its own: the endpoint's URL and
/// the admin listener's address.
async fn http_bot_tuned(
    fake: &FakeDiscord,
    db: &Path,
    api_base: &str,
    tuning: discord::Tuning,
) -> (Bot, String, SocketAddr) {
    let config = Config {
        api_base: Some(api_base.to_string()),
        admin: Some(discord::config::Admin {
            listen: "127.0.0.1:0".parse().expect("address"),
        }),
        ..config_on(Transport::Http, fake, db)
    };
    let app = Arc::new(App::new(
        Store::open(db).expect("store"),
        Arc::new(SystemClock),
        3,
    ));
    let (listening, address) = oneshot::channel();
    let (admin_listening, admin) = oneshot::channel();
    let tuning = discord::Tuning {
        endpoint: Some(listening),
        admin: Some(admin_listening),
        ..tuning
    };
    let wake = Arc::new(tokio::sync::Notify::new());
    let bot = spawn_bot(app, config, wake, Posting::default(), tuning);
    let address = address.await.expect("the endpoint listens");
    let admin = admin.await.expect("the admin listener listens");
    (bot, format!("http://{address}/interactions"), admin)
}

/// POSTs `size` bytes to `url` in chunks (no `Content-Length`), as a raw HTTP/1.1
/// request; the status and the head of the answer.
async fn chunked_post(url: &str, size: usize) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.trim_start_matches("http://");
    let (address, path) = rest.split_at(rest.find('/').expect("a path"));
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connect");
    let head = format!(
        "POST {path} HTTP/1.1\r\nhost: {address}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("head");
    let chunk = vec![b' '; 16 * 1024];
    let mut sent = 0;
    while sent < size {
        let part = format!("{:x}\r\n", chunk.len());
        // The endpoint may answer and close before the last chunk: that is the point.
        if stream.write_all(part.as_bytes()).await.is_err()
            || stream.write_all(&chunk).await.is_err()
            || stream.write_all(b"\r\n").await.is_err()
        {
            break;
        }
        sent += chunk.len();
    }
    let _ = stream.write_all(b"0\r\n\r\n").await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer).to_string();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, answer.lines().next().unwrap_or("").to_string())
}

fn body(value: &Value) -> Vec<u8> {
    serde_json::to_vec(value).expect("JSON")
}

fn json_of(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}",
            String::from_utf8_lossy(&bytes[..bytes.len().min(300)])
        )
    })
}

/// The issue's "done when": with Discord's REST API out of reach, a signed PING is
/// answered, a request Discord did not sign (no signature, another key's, a body changed
/// after signing) and an oversized one are refused before anything is read, and a
/// signed `/sudoku solve` is answered in the HTTP response itself, with the grid solved.
/// A second delivery of the same signed request is refused as a replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_answers_what_discord_signed_and_only_that_with_rest_out_of_reach() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let (bot, url, admin) =
        http_bot_tuned(&fake, &db, UNREACHABLE, discord::Tuning::default()).await;

    let ping = body(
        &json!({"id": fake.next_id(), "application_id": APP_ID, "type": 1, "token": "tok-ping", "version": 1}),
    );
    let (status, content_type, answer) = fake.post_signed(&url, ping.clone()).await;
    assert_eq!(status, 200);
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    assert_eq!(json_of(&answer), json!({"type": 1}));

    // Not signed by Discord.
    let (status, _, _) = fake.post_raw(&url, ping.clone(), None).await;
    assert_eq!(status, 401, "no signature");
    let stranger = FakeDiscord::start(TOKEN).await;
    let timestamp = "1790000000";
    let (status, _, _) = fake
        .post_raw(&url, ping.clone(), Some(stranger.sign(timestamp, &ping)))
        .await;
    assert_eq!(status, 401, "another application's key");
    let mut changed = ping.clone();
    let signature = fake.sign(timestamp, &ping);
    changed.push(b' ');
    let (status, _, _) = fake.post_raw(&url, changed, Some(signature)).await;
    assert_eq!(status, 401, "a body changed after signing");
    let (status, _, _) = fake
        .post_raw(
            &url,
            ping.clone(),
            Some(("zz".repeat(64), timestamp.into())),
        )
        .await;
    assert_eq!(status, 401, "a signature that is not hex");

    // Too large: refused, signed or not; also when sent in chunks, without a length.
    let (status, _) = chunked_post(&url, MAX_BODY + 10_000).await;
    assert_eq!(status, 413, "a chunked body over the limit");
    let mut huge = json!({"id": fake.next_id(), "type": 1, "padding": "x".repeat(MAX_BODY)});
    huge["application_id"] = json!(APP_ID);
    let (status, _, _) = fake.post_signed(&url, body(&huge)).await;
    assert_eq!(status, 413);

    // A signed `/sudoku solve`: type 4 in the response, with the solution.
    let grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let solve = fake.slash(
        &ann(),
        Some(GUILD),
        "solve",
        json!([{"name": "grid", "type": 3, "value": grid}]),
    );
    let signed = body(&solve);
    let (status, content_type, answer) = fake.post_signed(&url, signed.clone()).await;
    assert_eq!(status, 200);
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let answer = json_of(&answer);
    assert_eq!(answer["type"], 4, "{answer:#}");
    assert!(
        content(&answer).contains(
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
        ),
        "{answer:#}"
    );

    // The same signed request again: a replay.
    let (status, _, _) = fake.post_signed(&url, signed).await;
    assert_eq!(status, 401, "a replayed interaction");
    // One Discord created over a minute ago, signed now: a replay too.
    let mut stale = fake.slash(&ann(), Some(GUILD), "help", json!([]));
    fake.created_ago(
        &mut stale,
        discord::REPLAY_WINDOW + std::time::Duration::from_secs(5),
    );
    let (status, _, _) = fake.post_signed(&url, body(&stale)).await;
    assert_eq!(status, 401, "an interaction older than any real delivery");

    // Health and metrics are not on the public port (issue 49): the admin listener's.
    for path in ["/healthz", "/metrics", "/readyz"] {
        let said = reqwest::get(url.replace("/interactions", path))
            .await
            .expect("the endpoint answers");
        assert_eq!(said.status().as_u16(), 404, "{path} on the public port");
    }
    // Ready: the store is read, and this replica (the only one) sends the bot's posts.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    let said = loop {
        let (_, said) = admin_get(admin, "/readyz").await;
        let said = json_of(said.as_bytes());
        if !said["sending"].is_null() {
            break said;
        }
        assert!(tokio::time::Instant::now() < deadline, "{said:#}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert_eq!(said["store"], "ok", "{said:#}");
    assert_eq!(said["sending"]["this_replica"], true, "{said:#}");
    assert!(said["sending"]["expires_in_s"].as_f64().expect("seconds") > 0.0);

    // Metrics: the solve counted by command and outcome, its answer's time observed.
    // Counted once the connection took the answer, just after the test read it: scraped
    // until it shows.
    let solved = r#"sudoku_interactions_total{command="solve",outcome="message"} 1"#;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    let text = loop {
        let (status, text) = admin_get(admin, "/metrics").await;
        assert_eq!(status, 200);
        if text.contains(solved) {
            break text;
        }
        assert!(tokio::time::Instant::now() < deadline, "{text}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(
        text.contains("sudoku_first_answer_seconds_count 1"),
        "{text}"
    );
    assert!(text.contains("sudoku_store_wait_seconds_bucket"), "{text}");
    bot.stop().await;
}

/// An interaction Discord created longer ago than an answer could still arrive in time
/// is not run at all over HTTP either: no game is started for an answer nobody reads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_too_old_to_answer_is_not_run() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let (bot, url) = http_bot(&fake, &db, UNREACHABLE).await;
    let mut new = fake.slash(
        &ann(),
        Some(GUILD),
        "new",
        json!([{"name": "empty", "type": 4, "value": 40}]),
    );
    fake.created_ago(&mut new, std::time::Duration::from_millis(3500));
    let (status, _, _) = fake.post_signed(&url, body(&new)).await;
    assert_eq!(status, 503, "no answer");
    bot.stop().await;
    let games: i64 = rusqlite::Connection::open(&db)
        .expect("db")
        .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
        .expect("count");
    assert_eq!(games, 0, "not run");
}

/// Issue 29 from Discord's side: `[web]` beside the interactions endpoint serves the page
/// on the endpoint's listener, `/sudoku web` answers privately with a link on the
/// configured public address, and that link opens a live board as the Discord user who
/// asked, on the game they play in chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sudoku_web_links_the_asker_to_the_board_served_beside_the_endpoint() {
    use futures_util::{SinkExt, StreamExt};
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let public = "https://sudoku.example";
    let config = Config {
        api_base: Some(UNREACHABLE.to_string()),
        web: Some(discord::config::Web {
            public_url: public.into(),
            listen: None,
            secret_file: None,
        }),
        ..config_on(Transport::Http, &fake, &db)
    };
    let app = Arc::new(
        App::new(Store::open(&db).expect("store"), Arc::new(SystemClock), 3)
            .with_web(sudoku_bot::app::web::Links::new(&[5u8; 32], public).expect("links")),
    );
    let (bot, address) = spawn_over_http(app, config);
    let address = address.await.expect("the endpoint listens");
    let url = format!("http://{address}/interactions");

    let page = reqwest::get(format!("http://{address}/play"))
        .await
        .expect("the page");
    assert_eq!(page.status().as_u16(), 200);
    assert!(page.text().await.expect("html").contains("/play.js"));

    let new = fake.slash(&ann(), Some(GUILD), "new", json!([]));
    let (status, _, _) = fake.post_signed(&url, body(&new)).await;
    assert_eq!(status, 200);
    let web = fake.slash(&ann(), Some(GUILD), "web", json!([]));
    let (status, _, answer) = fake.post_signed(&url, body(&web)).await;
    assert_eq!(status, 200);
    let answer = json_of(&answer);
    assert_eq!(
        answer["data"]["flags"], 64,
        "only the asker sees the link: {answer:#}"
    );
    let text = content(&answer);
    let token = text
        .split(&format!("{public}/play#l="))
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("a link on the public address: {text}"));
    // The reader's language follows the token (`&lang=en`): the page speaks it at once.
    let (token, lang) = token
        .split_once('&')
        .unwrap_or_else(|| panic!("the link says its reader's language: {text}"));
    assert_eq!(lang, "lang=en");

    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/api/live"))
        .await
        .expect("the live socket");
    socket
        .send(tokio_tungstenite::tungstenite::Message::Text(
            json!({"type": "hello", "link": token}).to_string(),
        ))
        .await
        .expect("hello");
    let welcome = loop {
        match socket.next().await.expect("open").expect("a frame") {
            tokio_tungstenite::tungstenite::Message::Text(text) => {
                break serde_json::from_str::<Value>(&text).expect("JSON");
            }
            _ => continue,
        }
    };
    assert_eq!(welcome["type"], "welcome", "{welcome:#}");
    assert_eq!(welcome["player"], "ann", "{welcome:#}");
    assert_eq!(
        welcome["view"]["kind"], "solo",
        "the game ann started in chat"
    );
    bot.stop().await;
}

/// A bot with the web board beside its endpoint and the Activity set up (`[activity]`,
/// its client secret in a file), against `fake` with Activities on: its folder, database,
/// handle, and the endpoint's base URL (`http://127.0.0.1:PORT`).
async fn activity_bot(fake: &FakeDiscord) -> (tempfile::TempDir, PathBuf, Bot, String) {
    activity_bot_on(fake, Arc::new(SystemClock)).await
}

/// [`activity_bot`] on `clock`.
async fn activity_bot_on(
    fake: &FakeDiscord,
    clock: Arc<dyn Clock>,
) -> (tempfile::TempDir, PathBuf, Bot, String) {
    fake.enable_activities().await;
    let (dir, db) = db();
    let secret_file = dir.path().join("client-secret");
    std::fs::write(
        &secret_file,
        format!("{}\n", fake_discord::activity::CLIENT_SECRET),
    )
    .expect("secret file");
    let public = "https://sudoku.example";
    let config = Config {
        web: Some(discord::config::Web {
            public_url: public.into(),
            listen: None,
            secret_file: None,
        }),
        activity: Some(discord::config::Activity {
            client_id: APP_ID.parse().expect("a number"),
            client_secret_file: Some(secret_file),
        }),
        ..config_on(Transport::Http, fake, &db)
    };
    let app = Arc::new(
        App::new(Store::open(&db).expect("store"), clock, 3)
            .with_web(sudoku_bot::app::web::Links::new(&[5u8; 32], public).expect("links"))
            .with_activity(),
    );
    let (bot, listening) = spawn_over_http(app, config);
    let url = deliver_to(fake, listening).await;
    let base = url.trim_end_matches("/interactions").to_string();
    (dir, db, bot, base)
}

fn dan_user() -> Value {
    FakeDiscord::user("100000000000000004", "dan")
}

/// Signs in through `POST /api/token` as the page does; the status and the answer.
async fn activity_sign_in(base: &str, code: &str, instance: &str) -> (u16, Value) {
    activity_sign_in_from(base, code, instance, "en-US").await
}

/// [`activity_sign_in`] from a page whose browser is in `locale`.
async fn activity_sign_in_from(
    base: &str,
    code: &str,
    instance: &str,
    locale: &str,
) -> (u16, Value) {
    let answer = reqwest::Client::new()
        .post(format!("{base}/api/token"))
        .header("content-type", "application/json")
        .body(json!({"code": code, "instance_id": instance, "locale": locale}).to_string())
        .send()
        .await
        .expect("the Activity's server answers");
    let status = answer.status().as_u16();
    let body = answer.bytes().await.expect("a body");
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// The Activity end to end against the fake Discord, which answers OAuth2 and Activity
/// instances as Discord does:
/// - with `[activity]`, the Entry Point command is registered (Discord refuses an
///   overwrite without it once Activities are on);
/// - `/sudoku play`, a board's Tap to play and the Entry Point answer LAUNCH_ACTIVITY,
///   which opens the channel's instance (or joins it);
/// - the page's sign-in: a good code plays as its owner in the instance's channel (the
///   session opens the board ann started in chat); a wrong, reused or expired code, the
///   code of a player who is not in the instance, an instance that is not running and a
///   malformed instance id are refused in words, and nothing is signed in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_opens_from_play_and_signs_in_only_whom_discord_vouches_for() {
    use futures_util::{SinkExt, StreamExt};
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, _db, bot, base) = activity_bot(&fake).await;

    // The Entry Point is registered with the slash commands, handled by the bot.
    let put = fake
        .wait_call("registration", |c| c.method == "PUT" && c.status == 200)
        .await;
    let entry: Vec<&Value> = put
        .body
        .as_array()
        .expect("commands")
        .iter()
        .filter(|c| c["type"] == 4)
        .collect();
    assert_eq!(entry.len(), 1, "{:#}", put.body);
    assert_eq!(entry[0]["name"], "launch");
    assert_eq!(entry[0]["handler"], 1, "the bot answers it (APP_HANDLER)");

    // The Activity's page is served at the root, with the app's client id for the SDK.
    let page = reqwest::get(format!("{base}/"))
        .await
        .expect("the page")
        .text()
        .await
        .expect("html");
    assert!(
        page.contains(&format!(
            r#"<meta name="discord-client-id" content="{APP_ID}">"#
        )),
        "{page}"
    );

    // ann starts a game in chat; its board offers Tap to play.
    let board = fake
        .ask(fake.slash(&ann(), Some(GUILD), "new", json!([])))
        .await;
    let play = board["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["label"] == "Tap to play")
        .unwrap_or_else(|| panic!("Tap to play on the board: {board:#}"));

    // `/sudoku play` opens the channel's Activity; bob's Tap to play and carol's Entry
    // Point join that same instance.
    let id = fake
        .interact(fake.slash(&ann(), Some(GUILD), "play", json!([])))
        .await;
    let by_ann = fake.wait_launched(&id).await;
    assert_eq!(by_ann.channel, fake_discord::CHANNEL);
    assert_eq!(by_ann.guild.as_deref(), Some(GUILD));
    let press = fake.button(
        &bob(),
        Some(GUILD),
        play["custom_id"].as_str().expect("id"),
        "board",
    );
    let by_bob = fake.wait_launched(&fake.interact(press).await).await;
    let carol = FakeDiscord::user("100000000000000003", "carol");
    let id = fake.interact(fake.entry_point(&carol, Some(GUILD))).await;
    let by_carol = fake.wait_launched(&id).await;
    assert_eq!(by_bob.id, by_ann.id);
    assert_eq!(by_carol.id, by_ann.id);
    assert_eq!(by_carol.users.len(), 3, "{by_carol:?}");
    // A member without Use Activities in the channel hears why, rather than Discord's
    // "This interaction failed"; nothing opens.
    let denied = fake.play_without_activities(&dan_user(), GUILD);
    let denied_id = denied["id"].as_str().expect("id").to_string();
    let said = fake.ask(denied).await;
    assert!(content(&said).contains("Use Activities"), "{said:#}");
    assert!(fake.launched(&denied_id).await.is_none());

    // A good code: ann, in that channel, on the board she started in chat.
    let code = fake.authorize(&ann()).await;
    let (status, signed) = activity_sign_in(&base, &code, &by_ann.id).await;
    assert_eq!(status, 200, "{signed:#}");
    assert_eq!(signed["player"], "ann");
    assert_eq!(
        signed["locale"], "en-US",
        "the language ann's Discord is in, for the page"
    );
    assert!(
        signed["access_token"]
            .as_str()
            .is_some_and(|t| !t.is_empty())
    );
    let (mut socket, _) = tokio_tungstenite::connect_async(format!(
        "{}/api/live",
        base.replacen("http://", "ws://", 1)
    ))
    .await
    .expect("the live socket");
    socket
        .send(tokio_tungstenite::tungstenite::Message::Text(
            json!({"type": "hello", "session": signed["session"]}).to_string(),
        ))
        .await
        .expect("hello");
    let welcome = loop {
        if let tokio_tungstenite::tungstenite::Message::Text(text) =
            socket.next().await.expect("open").expect("a frame")
        {
            break serde_json::from_str::<Value>(&text).expect("JSON");
        }
    };
    assert_eq!(welcome["type"], "welcome", "{welcome:#}");
    assert_eq!(welcome["player"], "ann");
    assert_eq!(
        welcome["view"]["kind"], "solo",
        "ann's game from chat: {welcome:#}"
    );

    // Refused, in words.
    let refused = |(status, answer): (u16, Value), status_wanted: u16, words: &str| {
        assert_eq!(status, status_wanted, "{answer:#}");
        let said = answer["error"].as_str().unwrap_or_default().to_string();
        assert!(said.contains(words), "{said:?} should say {words:?}");
        assert!(answer.get("session").is_none(), "{answer:#}");
    };
    // Discord answers `invalid_grant` alike for a used, an unknown and an expired code, so
    // the player hears one sentence for the three.
    let not_accepted = "Discord did not accept this sign-in";
    refused(
        activity_sign_in(&base, &code, &by_ann.id).await,
        403,
        not_accepted,
    );
    refused(
        activity_sign_in(&base, "code-nobody-made", &by_ann.id).await,
        403,
        not_accepted,
    );
    let stale = fake.authorize(&bob()).await;
    fake.expire_code(&stale).await;
    refused(
        activity_sign_in(&base, &stale, &by_ann.id).await,
        403,
        not_accepted,
    );
    // Dan's Discord is in Spanish: once Discord has said who he is, he is refused in
    // Spanish, whatever the page's browser speaks.
    let mut dan = dan_user();
    dan["locale"] = json!("es-ES");
    let outsider = fake.authorize(&dan).await;
    refused(
        activity_sign_in(&base, &outsider, &by_ann.id).await,
        403,
        "No estás en esta Actividad",
    );
    let elsewhere = fake.authorize(&bob()).await;
    refused(
        activity_sign_in(&base, &elsewhere, "i-999-gc-1-2").await,
        403,
        "no such Activity",
    );
    let bad = fake.authorize(&bob()).await;
    refused(
        activity_sign_in(&base, &bad, "../users/@me").await,
        400,
        "does not understand",
    );
    // Before Discord says who the player is, refusals are in the page's language.
    refused(
        activity_sign_in_from(&base, "code-nobody-made", &by_ann.id, "es-ES").await,
        403,
        "Discord no ha aceptado este inicio de sesión",
    );
    let answer = reqwest::Client::new()
        .post(format!("{base}/api/token"))
        .body("{not json")
        .send()
        .await
        .expect("answered");
    assert_eq!(answer.status().as_u16(), 400);

    // bob's own code signs bob in (his unused code from above was never spent).
    let (status, signed) = activity_sign_in(&base, &bad, &by_ann.id).await;
    assert_eq!(status, 200, "{signed:#}");
    assert_eq!(signed["player"], "bob");

    bot.stop().await;
    // Discord's refusals of the used, unknown and expired codes, and of the instance
    // that is not running: the test's own.
    fake.expect_error(400, "/oauth2/token").await;
    fake.expect_error(404, "/activity-instances/").await;
    fake.assert_clean().await;
}

/// In a real browser, as inside Discord: the fake's page around the Activity (at
/// `https://discord.com`, Chromium's `discord.com` being the fake) answers the SDK's
/// handshake, AUTHORIZE and AUTHENTICATE as the Discord client does; the page signs in
/// through the bot as the player who launched it, shows the board she started in chat
/// in the language her Discord is in (Spanish, as `/users/@me` says), and a digit tapped
/// there is in chat's board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_activity_page_signs_in_through_the_sdk_and_plays_in_a_browser() {
    let fake = FakeDiscord::start(TOKEN).await;
    let address = fake.api_base.trim_start_matches("https://").to_string();
    let Some(browser) = browser::Browser::start_as_discord(&address).await else {
        return;
    };
    let (_dir, db, bot, base) = activity_bot(&fake).await;
    fake.ask(fake.slash(&ann(), Some(GUILD), "new", json!([])))
        .await;
    let (givens, solution) = sudoku_bot_game(&db);
    // Ann's Discord is in Spanish: Discord says so at sign-in, and the page speaks it.
    let mut play = fake.slash(&ann(), Some(GUILD), "play", json!([]));
    play["locale"] = json!("es-ES");
    let id = fake.interact(play).await;
    let instance = fake.wait_launched(&id).await;
    // The address Discord's proxy gives the Activity, with the query Discord adds.
    let page = format!(
        "{base}/?instance_id={}&frame_id=frame-1&platform=desktop&guild_id={GUILD}&channel_id={}",
        instance.id,
        fake_discord::CHANNEL
    );
    let tab = browser
        .open(&fake.activity_frame(&page, &ann()), 400, 820)
        .await;
    let frame = tab.frame(&base).await;
    frame
        .wait_for("document.body.dataset.state === 'ready'")
        .await;
    assert_eq!(
        tab.eval("sdkLog.join(' ')").await,
        json!("HANDSHAKE AUTHORIZE AUTHENTICATE"),
        "the page spoke to Discord as the SDK does"
    );
    assert_eq!(
        frame
            .eval("document.getElementById('player').textContent")
            .await,
        json!("Juegas como ann")
    );
    assert_eq!(
        frame
            .eval("[document.documentElement.lang, document.querySelector('[data-action=\"check\"]').textContent]")
            .await,
        json!(["es", "Comprobar"])
    );
    let cell = Cell::all()
        .find(|&c| givens.get(c).is_none())
        .expect("an empty cell");
    let digit = solution.get(cell).expect("solved");
    tab.tap_in(&frame, &format!("[data-cell=\"{cell}\"]")).await;
    tab.tap_in(&frame, &format!("[data-action=\"digit-{digit}\"]"))
        .await;
    frame
        .wait_for(&format!(
            "document.querySelector('[data-cell=\"{cell}\"] .value').textContent === '{digit}' && document.body.dataset.pending === '0'"
        ))
        .await;
    let shown = fake
        .ask(fake.slash(&ann(), Some(GUILD), "show", json!([])))
        .await;
    assert!(
        content(&shown).contains(&format!("({digit})")),
        "the digit tapped in the Activity is on chat's board: {}",
        content(&shown)
    );
    bot.stop().await;
    fake.assert_clean().await;
}

/// An Activity opens only as an interaction's first answer. A daily post's Tap to play
/// whose daily took the core past the deferral is not launched after it (Discord would
/// refuse): the player is told to press it again, and a second press opens it at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_launch_too_slow_for_a_first_answer_asks_to_press_again() {
    let fake = FakeDiscord::start(TOKEN).await;
    let gate = Arc::new(GateClock::default());
    let (_dir, _db, bot, _base) = activity_bot_on(&fake, gate.clone()).await;
    let setup = fake
        .ask(fake.daily_setup(&ann(), "32", fake_discord::CHANNEL, json!([])))
        .await;
    assert!(content(&setup).contains("Daily Sudoku is on"), "{setup:#}");

    gate.close();
    let press = fake.button(
        &bob(),
        Some(GUILD),
        "sudoku:play-daily:0:0",
        "the daily post",
    );
    let token = token_of(&press);
    let id = fake.interact(press).await;
    assert_eq!(fake.response_to(&id).await["type"], 6, "deferred");
    gate.open();
    let said = fake.followup_of(&token).await;
    assert!(content(&said).contains("took too long"), "{said:#}");
    assert!(
        fake.launched(&id).await.is_none(),
        "no launch after a deferral"
    );

    let again = fake
        .interact(fake.button(
            &bob(),
            Some(GUILD),
            "sudoku:play-daily:0:0",
            "the daily post",
        ))
        .await;
    fake.wait_launched(&again).await;
    bot.stop().await;
    fake.assert_clean().await;
}

/// A player's Discord language reaches the core: `/sudoku help` from a Spanish Discord is
/// in Spanish (Catalan has no Discord locale: it is a setting), from an unknown one in
/// English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_answers_in_the_players_discord_language() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = ready_on(Transport::Gateway, &fake, &db, Arc::new(SystemClock)).await;
    for (locale, words) in [
        ("es-ES", "filas A-I, columnas 1-9"),
        ("es-419", "filas A-I, columnas 1-9"),
        ("en-US", "rows A-I, columns 1-9"),
        ("fr", "rows A-I, columns 1-9"),
    ] {
        let mut help = fake.slash(&ann(), Some(GUILD), "help", json!([]));
        help["locale"] = json!(locale);
        let said = fake.ask(help).await;
        assert!(content(&said).contains(words), "{locale}: {said:#}");
    }
    bot.stop().await;
    fake.assert_clean().await;
}

/// A Spanish server: its admin (whose Discord is in English) sets the daily up, and the
/// post speaks the server's language (`guild_locale`); a player whose Discord is in
/// Spanish plays it in Spanish; a Catalan player (Discord has no Catalan) chooses Catalan
/// in their settings, and from then on every answer to them is Catalan, whatever their
/// Discord says, until they go back to `language:auto`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_server_posts_in_spanish_and_a_catalan_player_chooses_catalan() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = daily_bot(&fake, &db).await;
    let in_spanish_server = |mut interaction: Value, locale: &str| {
        interaction["guild_locale"] = json!("es-ES");
        interaction["locale"] = json!(locale);
        interaction
    };
    let setup = fake.daily_setup(
        &ann(),
        "32",
        "100",
        json!([{"name": "time", "type": 3, "value": "09:00"}]),
    );
    let done = fake.ask(in_spanish_server(setup, "en-US")).await;
    assert!(
        content(&done).contains("Posts are in Spanish"),
        "the admin is answered in their language: {done:#}"
    );
    bot.clock.set(at("2026-11-22T09:00:00Z"));
    bot.wake.notify_one();
    let post = fake
        .wait_call("the daily post", |c| {
            c.method == "POST" && c.path == "/api/v10/channels/100/messages"
        })
        .await;
    assert!(
        content(&post.body).contains("Sudoku diario del domingo 22 de noviembre"),
        "{:#}",
        post.body
    );
    assert!(
        post.body.to_string().contains("\"Jugar\""),
        "{:#}",
        post.body
    );

    // Bob's Discord is in Spanish: his daily is Spanish.
    let daily = fake.slash(&bob(), Some(GUILD), "daily", json!([]));
    let said = fake.ask(in_spanish_server(daily, "es-419")).await;
    assert!(content(&said).contains("faltan"), "{said:#}");
    // Options Discord lets through but the core refuses are answered by the core, in
    // his language, privately.
    let coop = fake.slash(
        &bob(),
        Some(GUILD),
        "coop",
        json!([{"name": "action", "type": 3, "value": "check"},
            {"name": "input", "type": 3, "value": "B7"}]),
    );
    let said = fake.ask(in_spanish_server(coop, "es-ES")).await;
    assert!(
        content(&said).contains("`coop check` no lleva nada más") && ephemeral(&said),
        "{said:#}"
    );
    // The form Discord opens for `/sudoku submit` speaks his language too.
    let submit = fake.slash(&bob(), Some(GUILD), "submit", json!([]));
    let form = fake.ask(in_spanish_server(submit, "es-ES")).await;
    assert_eq!(form["title"], "Entrega tu solución", "a modal: {form:#}");

    // Ann's Discord is in English; she chooses Catalan.
    let choose = fake.slash(
        &ann(),
        Some(GUILD),
        "settings",
        json!([{"name": "language", "type": 3, "value": "ca"}]),
    );
    let chosen = fake.ask(in_spanish_server(choose, "en-US")).await;
    assert!(
        content(&chosen).contains("D'ara endavant et parlo en **català**"),
        "{chosen:#}"
    );
    let new = fake.slash(
        &ann(),
        Some(GUILD),
        "new",
        json!([{"name": "empty", "type": 4, "value": 30}]),
    );
    let board = fake.ask(in_spanish_server(new, "en-US")).await;
    assert!(content(&board).contains("Nou sudoku"), "{board:#}");
    assert!(
        board.to_string().contains("\"Comprovar\""),
        "its buttons too: {board:#}"
    );
    // The help names the commands as each reader's Discord shows them: Bob's in
    // Spanish; Ann's (Catalan words, an English Discord) in English.
    let help = fake.slash(&bob(), Some(GUILD), "help", json!([]));
    let help = fake.ask(in_spanish_server(help, "es-419")).await;
    assert!(
        content(&help).contains("`/sudoku nuevo [vacías] [dificultad]`: nueva partida"),
        "{help:#}"
    );
    let help = fake.slash(&ann(), Some(GUILD), "help", json!([]));
    let help = fake.ask(in_spanish_server(help, "en-US")).await;
    assert!(
        content(&help).contains("`/sudoku new [empty] [difficulty]`: partida nova"),
        "{help:#}"
    );
    let back = fake.slash(
        &ann(),
        Some(GUILD),
        "settings",
        json!([{"name": "language", "type": 3, "value": "auto"}]),
    );
    let back = fake.ask(in_spanish_server(back, "en-US")).await;
    assert!(
        content(&back).contains("your Discord's language"),
        "back to Discord's: {back:#}"
    );
    bot.stop().await;
    fake.assert_clean().await;
}

/// The fake refuses what Discord refuses of localized commands: a locale Discord does
/// not have, a description over 100 characters in any language, a localized name that
/// breaks the name rules, or more than 8,000 characters counting each field's longest
/// version.
#[test]
fn the_fake_refuses_localizations_discord_would() {
    let command = |extra: Value| {
        let mut c = json!({
            "name": "sudoku", "type": 1, "description": "Play",
            "options": [{"name": "new", "type": 1, "description": "Start",
                "options": [{"name": "difficulty", "type": 3, "description": "How hard",
                    "choices": [{"name": "Easy", "value": "easy"}]}]}],
        });
        if let (Some(c), Some(e)) = (c.as_object_mut(), extra.as_object()) {
            c.extend(e.clone());
        }
        c
    };
    assert!(fake_discord::command_problems(&[command(json!({}))]).is_empty());
    let good = json!({"description_localizations": {"es-ES": "Juega", "es-419": "Juega"}});
    assert!(fake_discord::command_problems(&[command(good)]).is_empty());
    for bad in [
        json!({"description_localizations": {"es": "Juega"}}),
        json!({"description_localizations": {"es-ES": "x".repeat(101)}}),
        json!({"description_localizations": {"es-ES": ""}}),
        json!({"name_localizations": {"es-ES": "Nuevo Juego"}}),
        // Two subcommands one Spanish client would see under the same name.
        json!({"options": [
            {"name": "new", "type": 1, "description": "Start",
                "name_localizations": {"es-ES": "nuevo"}},
            {"name": "fresh", "type": 1, "description": "Start",
                "name_localizations": {"es-ES": "nuevo"}}]}),
        json!({"description_localizations": {"es-ES": "x".repeat(100)},
            "options": (0..25).map(|k| json!({"name": format!("o{k}"), "type": 3,
                "description": "d", "description_localizations": {"es-ES": "y".repeat(100)},
                "choices": (0..25).map(|v| json!({"name": "c", "value": format!("{v}"),
                    "name_localizations": {"es-ES": "z".repeat(100)}})).collect::<Vec<_>>()}))
                .collect::<Vec<_>>()}),
    ] {
        assert!(
            !fake_discord::command_problems(&[command(bad.clone())]).is_empty(),
            "{bad:#}"
        );
    }
}

/// What the admin listener at `address` answers to `GET path`: status and JSON (or text).
async fn admin_get(address: SocketAddr, path: &str) -> (u16, String) {
    let path = path.to_string();
    tokio::task::spawn_blocking(move || {
        discord::admin::probe(address, &path, Duration::from_secs(5)).expect("the admin listener")
    })
    .await
    .expect("probe")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_admin_listener_serves_health_readiness_and_metrics_with_the_gateway_alone() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let mut config = config_on(Transport::Gateway, &fake, &db);
    config.admin = Some(discord::config::Admin {
        listen: "127.0.0.1:0".parse().expect("address"),
    });
    let (listening, address) = oneshot::channel();
    let tuning = discord::Tuning {
        admin: Some(listening),
        ..discord::Tuning::default()
    };
    let app = Arc::new(App::new(
        Store::open(&db).expect("store"),
        Arc::new(SystemClock),
        3,
    ));
    let wake = Arc::new(tokio::sync::Notify::new());
    let bot = spawn_bot(app, config, wake, Posting::default(), tuning);
    let admin = address.await.expect("the admin listener listens");
    // Alive at once; ready once the shard is connected (the fake's READY).
    let (status, alive) = admin_get(admin, "/healthz").await;
    assert_eq!(status, 200, "{alive}");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let ready = loop {
        let (status, body) = admin_get(admin, "/readyz").await;
        let said: Value = serde_json::from_str(&body).expect("JSON");
        if status == 200 {
            break said;
        }
        assert_eq!(status, 503, "{body}");
        assert_eq!(said["ready"], false, "{body}");
        assert_eq!(said["waiting_for"], "starting shards", "{body}");
        assert!(
            tokio::time::Instant::now() < deadline,
            "never ready: {body}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(ready["ready"], true, "{ready}");
    assert_eq!(ready["store"], "ok", "{ready}");
    assert_eq!(
        ready["shards"],
        json!({"total": 1, "connected": 1}),
        "{ready}"
    );
    // A command, then counted in /metrics: the count follows the answer's delivery, which
    // the player may see a moment before the handler records it.
    new_game(&fake, &ann(), 30).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (status, metrics) = admin_get(admin, "/metrics").await;
        assert_eq!(status, 200);
        if metrics.contains("sudoku_interactions_total{command=\"new\"") {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the command never counted: {metrics}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // Asked to stop: not ready any more (draining) while it finishes.
    let _ = bot.stop.send(());
    let mut draining = false;
    while !bot.task.is_finished() {
        let answered = tokio::task::spawn_blocking(move || {
            discord::admin::probe(admin, "/readyz", Duration::from_secs(1))
        })
        .await
        .expect("probe");
        if let Ok((503, body)) = answered
            && body.contains("draining")
        {
            draining = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert!(draining, "/readyz never said draining");
    bot.task.await.expect("no panic").expect("a clean stop");
}

// ---- issue 49: the front door holds against slow clients, floods and replays ---------

/// Opens a connection to `address` and sends `bytes`, then holds it (returned).
async fn hold(address: &str, bytes: &[u8]) -> tokio::net::TcpStream {
    use tokio::io::AsyncWriteExt;
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connect");
    stream.write_all(bytes).await.expect("send");
    stream
}

/// Slow clients cannot starve Discord: with the listener's cap (16 here) taken many times
/// over by connections that trickle their heads or dribble their bodies, a signed
/// interaction is still answered, in full; a connection that sends nothing is closed by
/// the header timeout, and a dribbled body gets a 408 instead of a request slot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_leave_room_for_signed_interactions() {
    use tokio::io::AsyncReadExt;
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let limits = sudoku_bot::adapters::listener::Limits {
        connections: 16,
        header_within: Duration::from_secs(1),
        body_within: Duration::from_secs(1),
        ..sudoku_bot::adapters::listener::Limits::default()
    };
    let tuning = discord::Tuning {
        listener: Some(limits),
        ..discord::Tuning::default()
    };
    let (bot, url, _) = http_bot_tuned(&fake, &db, UNREACHABLE, tuning).await;
    let address = url
        .trim_start_matches("http://")
        .trim_end_matches("/interactions")
        .to_string();

    // 40 heads trickled and 20 bodies dribbled: far over the cap of 16.
    let mut held = Vec::new();
    for _ in 0..40 {
        held.push(hold(&address, b"POST /interactions HTTP/1.1\r\nhost: x\r\n").await);
    }
    for _ in 0..20 {
        let head = "POST /interactions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n0123456789";
        held.push(hold(&address, head.as_bytes()).await);
    }
    // A signed interaction among them is answered as ever.
    let help = fake.slash(&ann(), Some(GUILD), "help", json!([]));
    let (status, _, answer) = fake.post_signed(&url, body(&help)).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&answer));
    assert_eq!(json_of(&answer)["type"], 4);

    // A dribbled body is cut off with a 408, and a silent connection closed.
    let mut slow = hold(
        &address,
        b"POST /interactions HTTP/1.1\r\nhost: x\r\ncontent-length: 1000\r\n\r\n01234",
    )
    .await;
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(20), slow.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "a dribbling client is not held for ever");
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    let mut silent = hold(&address, b"").await;
    let mut nothing = Vec::new();
    let read =
        tokio::time::timeout(Duration::from_secs(20), silent.read_to_end(&mut nothing)).await;
    assert!(read.is_ok(), "a connection that sends nothing is closed");
    drop(held);
    bot.stop().await;
}

/// The same signed interaction posted 50 times to two replicas on one database at once
/// runs exactly once (one answer, the other 49 refused as replays); an interaction dated
/// ahead, a signature timestamp out of date or dated ahead, are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_interaction_posted_to_two_replicas_at_once_runs_once() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let (a, url_a) = http_bot(&fake, &db, UNREACHABLE).await;
    let (b, url_b) = http_bot(&fake, &db, UNREACHABLE).await;

    let new = body(&new_command(&fake, &ann(), 30));
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("time")
        .as_secs();
    let signature = fake.sign(&now.to_string(), &new);
    let posts = (0..50).map(|n| {
        let url = if n % 2 == 0 { &url_a } else { &url_b };
        fake.post_raw(url, new.clone(), Some(signature.clone()))
    });
    let statuses: Vec<u16> = futures_util::future::join_all(posts)
        .await
        .into_iter()
        .map(|(status, _, _)| status)
        .collect();
    assert_eq!(
        statuses.iter().filter(|&&s| s == 200).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|&&s| s == 401).count(),
        49,
        "{statuses:?}"
    );
    let games: i64 = rusqlite::Connection::open(&db)
        .expect("db")
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .expect("games");
    assert_eq!(games, 1, "the command ran once");

    // Dated ten minutes ahead, signed now: refused on both (it once counted as age 0).
    let mut ahead = fake.slash(&ann(), Some(GUILD), "help", json!([]));
    fake.created_ahead(&mut ahead, Duration::from_secs(600));
    for url in [&url_a, &url_b] {
        let (status, _, _) = fake.post_signed(url, body(&ahead)).await;
        assert_eq!(status, 401, "an interaction dated ahead");
    }
    // A fresh interaction under a signature timestamp out of date, or dated ahead.
    for timestamp in [
        now - discord::REPLAY_WINDOW.as_secs() - 10,
        now + discord::AHEAD_AT_MOST.as_secs() + 60,
    ] {
        let help = body(&fake.slash(&ann(), Some(GUILD), "help", json!([])));
        let signature = fake.sign(&timestamp.to_string(), &help);
        let (status, _, said) = fake.post_raw(&url_a, help, Some(signature)).await;
        assert_eq!(status, 401, "{}", String::from_utf8_lossy(&said));
    }
    a.stop().await;
    b.stop().await;
}

/// Junk sign-ins at 100 a second from one client spend that client's allowance, not the
/// process's: another client's sign-in is still answered. The page may be framed by this
/// application's own Activity origin, not by any other Activity.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn junk_sign_ins_from_one_client_leave_another_clients_sign_in_answered() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, _db, bot, base) = activity_bot(&fake).await;

    let page = reqwest::get(format!("{base}/")).await.expect("the page");
    let policy = page
        .headers()
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    assert!(
        policy.contains(&format!("https://{APP_ID}.discordsays.com")),
        "{policy}"
    );
    assert!(!policy.contains("*.discordsays.com"), "{policy}");

    let id = fake
        .interact(fake.slash(&ann(), Some(GUILD), "play", json!([])))
        .await;
    let instance = fake.wait_launched(&id).await;

    // 100 junk sign-ins in a second from 127.0.0.1.
    let mut junk = Vec::new();
    for _ in 0..10 {
        let batch = (0..10).map(|_| activity_sign_in(&base, "a", "b"));
        junk.extend(futures_util::future::join_all(batch).await);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let slowed = junk.iter().filter(|(status, _)| *status == 429).count();
    assert!(slowed >= 80, "the junk client is slowed: {junk:?}");

    // ann, from another address, signs in.
    let code = fake.authorize(&ann()).await;
    let other = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .expect("a client");
    let answer = other
        .post(format!("{base}/api/token"))
        .header("content-type", "application/json")
        .body(json!({"code": code, "instance_id": instance.id, "locale": "en-US"}).to_string())
        .send()
        .await
        .expect("the Activity's server answers");
    let status = answer.status().as_u16();
    let said: Value =
        serde_json::from_slice(&answer.bytes().await.expect("body")).unwrap_or(Value::Null);
    assert_eq!(status, 200, "{said:#}");
    assert_eq!(said["player"], "ann");
    bot.stop().await;
}

/// More commands than the core can take: those past its queue are told at once that the
/// bot is busy, those that waited too long are told so in their deferral, and none of
/// them is run; every interaction has its first answer in time (the fake counts a late
/// one as a violation).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_past_the_cores_queue_is_told_busy_in_time_and_nothing_of_it_runs() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let before = registrations(&fake).await;
    let app = Arc::new(App::new(
        Store::open(&db).expect("store"),
        Arc::new(SystemClock),
        3,
    ));
    let (listening, address) = oneshot::channel();
    let tuning = discord::Tuning {
        endpoint: Some(listening),
        // A core busy for good: nothing it is given runs.
        core_workers: 0,
        core_queue: 2,
        queued_at_most: Duration::from_secs(3),
        ..discord::Tuning::default()
    };
    let wake = Arc::new(tokio::sync::Notify::new());
    let bot = spawn_bot(
        app,
        config_on(Transport::Http, &fake, &db),
        wake,
        Posting::default(),
        tuning,
    );
    deliver_to(&fake, address).await;
    registered_after(&fake, before).await;

    // Five players ask at once.
    let players: Vec<Value> = (1..=5)
        .map(|i| FakeDiscord::user(&format!("10000000000000010{i}"), &format!("p{i}")))
        .collect();
    let mut asked = Vec::new();
    for player in &players {
        let new = new_command(&fake, player, 40);
        let token = token_of(&new);
        let id = fake.interact(new).await;
        asked.push((id, token));
        // In order: the first two take the queue's places.
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Three past the queue: told at once, privately, that nothing was done.
    for (id, _) in &asked[2..] {
        let first = fake.response_to(id).await;
        assert_eq!(first["type"], 4, "{first:#}");
        assert!(ephemeral(&first["data"]), "{first:#}");
        assert!(content(&first["data"]).contains("very busy"), "{first:#}");
    }
    // Two in the queue: deferred in time (in public, as `/sudoku new` is), then told
    // privately once their 3 s are up.
    for (id, token) in &asked[..2] {
        assert_eq!(fake.response_to(id).await["type"], 5);
        let told = fake.followup_of(token).await;
        assert!(ephemeral(&told), "{told:#}");
        assert!(content(&told).contains("very busy"), "{told:#}");
    }
    bot.stop().await;
    // Nothing of it ran: started again with a core, each starts a game now as if for
    // the first time (a second `/sudoku new` would be refused: a game in progress).
    let before = registrations(&fake).await;
    let app = Arc::new(App::new(
        Store::open(&db).expect("store"),
        Arc::new(SystemClock),
        4,
    ));
    let (bot, address) = spawn_over_http(app, config_on(Transport::Http, &fake, &db));
    deliver_to(&fake, address).await;
    registered_after(&fake, before).await;
    for player in &players {
        let board = new_game(&fake, player, 30).await;
        assert_eq!(
            parse_grid(content(&board)).expect("a board").empty_count(),
            30,
            "{board:#}"
        );
    }
    bot.stop().await;
    fake.assert_clean().await;
}

/// More requests than the endpoint takes at once: each is still answered, in its HTTP
/// response and in the player's language, that the bot is very busy (rather than a 503,
/// which Discord shows as a failed interaction), and none of them runs.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_past_the_endpoints_turns_are_told_busy_not_failed() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let before = registrations(&fake).await;
    let app = Arc::new(App::new(
        Store::open(&db).expect("store"),
        Arc::new(SystemClock),
        3,
    ));
    let (listening, address) = oneshot::channel();
    let tuning = discord::Tuning {
        endpoint: Some(listening),
        // Every turn taken: each request is past them.
        endpoint_turns: 0,
        ..discord::Tuning::default()
    };
    let wake = Arc::new(tokio::sync::Notify::new());
    let bot = spawn_bot(
        app,
        config_on(Transport::Http, &fake, &db),
        wake,
        Posting::default(),
        tuning,
    );
    deliver_to(&fake, address).await;
    registered_after(&fake, before).await;

    let new = new_command(&fake, &ann(), 40);
    let id = fake.interact(new).await;
    let first = fake.response_to(&id).await;
    assert_eq!(first["type"], 4, "{first:#}");
    assert!(ephemeral(&first["data"]), "{first:#}");
    assert!(content(&first["data"]).contains("very busy"), "{first:#}");
    let mut spanish = fake.slash(&bob(), Some(GUILD), "help", json!([]));
    spanish["locale"] = json!("es-ES");
    let id = fake.interact(spanish).await;
    let first = fake.response_to(&id).await;
    assert!(content(&first["data"]).contains("muy ocupado"), "{first:#}");
    bot.stop().await;

    // Nothing ran: ann's /sudoku new starts her first game now.
    let before = registrations(&fake).await;
    let app = Arc::new(App::new(
        Store::open(&db).expect("store"),
        Arc::new(SystemClock),
        4,
    ));
    let (bot, address) = spawn_over_http(app, config_on(Transport::Http, &fake, &db));
    deliver_to(&fake, address).await;
    registered_after(&fake, before).await;
    let board = new_game(&fake, &ann(), 30).await;
    assert_eq!(
        parse_grid(content(&board)).expect("a board").empty_count(),
        30,
        "{board:#}"
    );
    bot.stop().await;
    fake.assert_clean().await;
}
