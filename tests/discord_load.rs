//! The Discord load run: a benchmark, not a test, so it is ignored by `cargo test`. It
//! starts the release binary (`sudoku-bot run`, its own process, so that its memory is
//! measured alone) against the fake Discord with two shards, and sends slash commands
//! and button presses at a steady rate from many players, in many servers:
//!
//! ```sh
//! cargo test --release --test discord_load -- --ignored --nocapture
//! LOAD_RATE=800 LOAD_TOTAL=16000 cargo test --release --test discord_load -- --ignored --nocapture
//! ```
//!
//! Settings (environment): `LOAD_RATE` interactions per second (200), `LOAD_TOTAL`
//! interactions (20,000), `LOAD_PLAYERS` (1,000), `LOAD_SERVERS` (40), `LOAD_DIR` where
//! the database goes (a temporary folder under it; default the system's), `LOAD_PERF=1`
//! to record a CPU profile of the bot with `perf record -e cpu-clock` into
//! `target/discord-load.perf.data`.
//!
//! It prints the first-response latency (from the moment the fake sends an interaction
//! to the moment the bot's first answer reaches it: p50, p99, max), interactions never
//! answered, answered past Discord's 3 s, the rate actually sent and answered, and the
//! bot's peak memory (VmHWM of its process).

mod fake_discord;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fake_discord::{APP_ID, FakeDiscord, GUILD};
use serde_json::{Value, json};

const TOKEN: &str = "load-token-not-a-secret";

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A small deterministic generator (xorshift64*): the same run every time.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The harness's runtime: two workers, as the machine has two cores.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
}

/// Player `p` of a load run.
fn player_user(p: u64) -> Value {
    FakeDiscord::user(
        &format!("{}", 300_000_000_000_000_000 + p),
        &format!("p{p}"),
    )
}

/// The `i`-th server: consecutive ids in Discord's sense, so they alternate between the
/// two shards (`(id >> 22) % 2`).
fn server(i: u64) -> String {
    (((GUILD.parse::<u64>().expect("id") >> 22) + i) << 22).to_string()
}

fn cell(rng: &mut Rng) -> String {
    let row = (b'A' + rng.below(9) as u8) as char;
    format!("{row}{}", 1 + rng.below(9))
}

/// The next interaction of `player` (whose first is always `new`).
fn interaction(
    fake: &FakeDiscord,
    rng: &mut Rng,
    player: u64,
    started: bool,
    servers: u64,
) -> Value {
    let user = player_user(player);
    let guild = server(player % servers);
    let g = Some(guild.as_str());
    if !started {
        return fake.slash(&user, g, "new", json!([]));
    }
    match rng.below(100) {
        0..35 => {
            let moves = format!("{} {}", cell(rng), 1 + rng.below(9));
            fake.slash(
                &user,
                g,
                "move",
                json!([{"name": "moves", "type": 3, "value": moves}]),
            )
        }
        35..50 => {
            let digits = format!("{}{}", 1 + rng.below(9), 1 + rng.below(9));
            fake.slash(
                &user,
                g,
                "note",
                json!([{"name": "cell", "type": 3, "value": cell(rng)}, {"name": "digits", "type": 3, "value": digits}]),
            )
        }
        50..60 => fake.slash(&user, g, "hint", json!([])),
        60..65 => fake.slash(&user, g, "check", json!([])),
        65..70 => fake.slash(&user, g, "show", json!([])),
        // Buttons: the daily's Play, and Hint or Show under some board (the player's
        // own or another's: a stranger's press is refused, privately).
        70..75 => fake.button(&user, g, "sudoku:daily:0:0", "Daily Sudoku"),
        75..85 => {
            let action = if rng.below(2) == 0 { "hint" } else { "show" };
            let game = 1 + rng.below(1000);
            fake.button(&user, g, &format!("sudoku:{action}:{game}:1"), "a board")
        }
        85..95 => fake.slash(&user, g, "daily", json!([])),
        _ => fake.slash(&user, g, "new", json!([])),
    }
}

/// The bot's peak and current memory, in kB (`VmHWM`, `VmRSS`).
fn memory_of(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// The release binary started against `fake` (two shards), its database in a temporary
/// folder (under `LOAD_DIR` when set); returns once it has identified and registered.
async fn start_bot(fake: &FakeDiscord) -> (tempfile::TempDir, std::process::Child) {
    // `LOAD_DIR=/dev/shm`: the database where an fsync costs nothing, to tell the
    // disk's share of the time from the rest.
    let dir = match std::env::var("LOAD_DIR") {
        Ok(base) => tempfile::tempdir_in(base),
        Err(_) => tempfile::tempdir(),
    }
    .expect("temp dir");
    let db = dir.path().join("load.db");
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "database = {:?}\nlog_level = {:?}\napi_base = {:?}\n",
            db.display().to_string(),
            std::env::var("LOAD_LOG").unwrap_or_else(|_| "warn".into()),
            fake.api_base
        ),
    )
    .expect("config");
    let log = std::fs::File::create(dir.path().join("bot.log")).expect("log");
    let bot = Command::new(env!("CARGO_BIN_EXE_sudoku-bot"))
        .args(["run", "--config"])
        .arg(&config)
        .env("DISCORD_TOKEN", TOKEN)
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("the bot starts");
    fake.wait_gateway("IDENTIFY", 2).await;
    let registration = format!("/api/v10/applications/{APP_ID}/commands");
    fake.wait_call("registration", |c| c.path == registration)
        .await;
    (dir, bot)
}

#[test]
#[ignore = "a benchmark: cargo test --release --test discord_load -- --ignored --nocapture"]
fn discord_load() {
    let rate = setting("LOAD_RATE", 200).max(1);
    let total = setting("LOAD_TOTAL", 20_000);
    let players = setting("LOAD_PLAYERS", 1_000).max(1);
    let servers = setting("LOAD_SERVERS", 40).max(1);
    let perf = setting("LOAD_PERF", 0) == 1;
    let runtime = runtime();
    runtime.block_on(async {
        let fake = FakeDiscord::start_sharded(TOKEN, 2).await;
        let (dir, mut bot) = start_bot(&fake).await;
        // Each server posts a daily (set up after its posting time: posted at once).
        for s in 0..servers {
            let admin = FakeDiscord::user("299999999999999999", "admin");
            let mut setup = fake.daily_setup(&admin, "32", "555", json!([]));
            setup["guild_id"] = json!(server(s));
            let id = fake.interact(setup).await;
            fake.response_to(&id).await;
        }
        let (warmup, _) = fake.first_response_times().await;
        fake.forget_first_responses().await;
        let mut profiler = perf.then(|| {
            Command::new("perf")
                .args(["record", "-e", "cpu-clock", "-F", "499", "-g", "-o"])
                .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/target/discord-load.perf.data"))
                .args(["-p", &bot.id().to_string()])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("perf")
        });

        let mut rng = Rng(0x5EED_1234_ABCD_0001);
        let mut started = vec![false; players as usize];
        let period = Duration::from_secs_f64(1.0 / rate as f64);
        let begin = Instant::now();
        let mut ticker = tokio::time::interval(period);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
        for k in 0..total {
            ticker.tick().await;
            // Players in turn at first (each one's first command is `new`), then at random.
            let player = if k < players { k } else { rng.below(players) };
            let i = interaction(&fake, &mut rng, player, started[player as usize], servers);
            started[player as usize] = true;
            fake.interact(i).await;
        }
        let sending = begin.elapsed();
        // Every interaction answered, or ten seconds without one more answer.
        let mut last = (0, Instant::now());
        loop {
            let (sent, times) = fake.first_response_times().await;
            if times.len() + warmup >= sent {
                break;
            }
            if times.len() != last.0 {
                last = (times.len(), Instant::now());
            } else if last.1.elapsed() > Duration::from_secs(10) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let answering = begin.elapsed();
        let (peak_kb, rss_kb) = memory_of(bot.id());
        if let Some(p) = profiler.as_mut() {
            // perf writes its file on SIGINT.
            unsafe { libc::kill(p.id() as i32, libc::SIGINT) };
            let _ = p.wait();
        }
        unsafe { libc::kill(bot.id() as i32, libc::SIGTERM) };
        let status = bot.wait().expect("the bot stops");

        let (sent, times) = fake.first_response_times().await;
        let mut measured: Vec<Duration> = times.clone();
        measured.sort();
        let measured_count = sent - warmup;
        let lost = measured_count.saturating_sub(times.len());
        let late = times.iter().filter(|t| **t > fake_discord::DEADLINE).count();
        let violations = fake.violations().await;
        let report = format!(
            "discord load: {total} interactions ({players} players, {servers} servers, 2 shards) at {rate}/s \
             (sent in {:.1} s: {:.0}/s; all answered after {:.1} s: {:.0}/s)\n\
             first response: p50 {} ms, p99 {} ms, max {} ms; {late} past 3 s; {lost} never answered\n\
             bot memory: peak {:.1} MB (VmHWM), {:.1} MB at the end (VmRSS); exit {status}\n\
             rule violations: {}",
            sending.as_secs_f64(),
            measured_count as f64 / sending.as_secs_f64(),
            answering.as_secs_f64(),
            times.len() as f64 / answering.as_secs_f64(),
            percentile(&measured, 0.50).as_millis(),
            percentile(&measured, 0.99).as_millis(),
            measured.last().copied().unwrap_or_default().as_millis(),
            peak_kb as f64 / 1024.0,
            rss_kb as f64 / 1024.0,
            violations.len(),
        );
        println!("{report}");
        if let Ok(mut out) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(concat!(env!("CARGO_MANIFEST_DIR"), "/target/discord-load.txt"))
        {
            let _ = writeln!(out, "{report}\n");
        }
        for v in violations.iter().take(5) {
            println!("  {v}");
        }
        let errors = std::fs::read_to_string(dir.path().join("bot.log")).unwrap_or_default();
        for line in errors.lines().filter(|l| l.contains("ERROR")).take(5) {
            println!("  bot: {line}");
        }
    });
}

/// The cost of one pad press through Discord (issue 26): players each fill a whole board
/// with the pad (a Row choice, a Column choice, a digit: each an interaction answered by
/// an update of the board), all at once, each pressing again as soon as its last press
/// was answered. Prints the first-response time of every press (p50, p99, max).
///
/// ```sh
/// cargo test --release --test discord_load pad_presses -- --ignored --nocapture
/// PAD_PICTURES=0 cargo test --release --test discord_load pad_presses -- --ignored --nocapture
/// ```
///
/// Settings: `PAD_PLAYERS` playing at once (8), `PAD_GAMES` boards each fills in turn (3),
/// `PAD_EMPTY` empty cells a board (45), `PAD_PICTURES=0` for text boards (default:
/// pictures, every update a new PNG).
#[test]
#[ignore = "a benchmark: cargo test --release --test discord_load pad_presses -- --ignored --nocapture"]
fn pad_presses() {
    use fake_discord::pad::{any_board, tap_to_the_end};
    use sudoku_bot::engine::parse::parse_grid;
    use sudoku_bot::engine::{Solution, solver};

    let players = setting("PAD_PLAYERS", 8).max(1);
    let games = setting("PAD_GAMES", 3).max(1);
    let empty = setting("PAD_EMPTY", 45);
    let pictures = setting("PAD_PICTURES", 1) == 1;
    let runtime = runtime();
    runtime.block_on(async {
        let fake = FakeDiscord::start_sharded(TOKEN, 2).await;
        let (_dir, mut bot) = start_bot(&fake).await;
        let one_player = |p: u64| {
            let fake = &fake;
            async move {
                let me = player_user(p);
                let mut waits = Vec::new();
                for _ in 0..games {
                    // A text board first, to read the puzzle; then pictures, if asked.
                    let new = fake.slash(
                        &me,
                        Some(GUILD),
                        "settings",
                        json!([{"name": "board", "type": 3, "value": "text"}]),
                    );
                    any_board(fake, new).await;
                    let new = fake.slash(
                        &me,
                        Some(GUILD),
                        "new",
                        json!([{"name": "empty", "type": 4, "value": empty}]),
                    );
                    let board = any_board(fake, new).await;
                    let givens = parse_grid(fake_discord::pad::content(&board)).expect("a board");
                    let Solution::Unique(solution) = solver::solve(&givens) else {
                        panic!("one solution");
                    };
                    if pictures {
                        let image = fake.slash(
                            &me,
                            Some(GUILD),
                            "settings",
                            json!([{"name": "board", "type": 3, "value": "image"}]),
                        );
                        any_board(fake, image).await;
                    }
                    let cells = fake_discord::pad::empty_cells(&givens);
                    let (_, mut w) = tap_to_the_end(
                        fake,
                        std::slice::from_ref(&me),
                        board,
                        false,
                        &cells,
                        &solution,
                    )
                    .await;
                    waits.append(&mut w);
                }
                waits
            }
        };
        let begin = Instant::now();
        let waits = futures_util::future::join_all((0..players).map(one_player)).await;
        let elapsed = begin.elapsed();
        // Presses only: each press's wait from sending it to its first response.
        let mut times: Vec<Duration> = waits.into_iter().flatten().collect();
        times.sort();
        let presses = times.len();
        let slow = times.iter().filter(|t| **t > Duration::from_millis(30)).count();
        let (peak_kb, _) = memory_of(bot.id());
        unsafe { libc::kill(bot.id() as i32, libc::SIGTERM) };
        let _ = bot.wait();
        let violations = fake.violations().await;
        let report = format!(
            "pad presses: {presses} presses by {players} players at once ({games} boards of {empty} empty each, {}) in {:.1} s: {:.0} presses/s\n\
             a press's first response (an update of its board): p50 {} ms, p99 {} ms, max {} ms; {slow} over 30 ms\n\
             bot memory: peak {:.1} MB; rule violations: {}",
            if pictures { "pictures" } else { "text" },
            elapsed.as_secs_f64(),
            presses as f64 / elapsed.as_secs_f64(),
            percentile(&times, 0.50).as_millis(),
            percentile(&times, 0.99).as_millis(),
            times.last().copied().unwrap_or_default().as_millis(),
            peak_kb as f64 / 1024.0,
            violations.len(),
        );
        println!("{report}");
        for v in violations.iter().take(5) {
            println!("  {v}");
        }
    });
}

/// Defect 1 of issue 31, the soak: the release binary with serenity's rate limiter on
/// (the fake serves rate-limit headers over TLS) answers `SOAK_TOTAL` interactions
/// (1,000,000; `/sudoku help` and `/sudoku show` by many players), at most
/// `SOAK_WINDOW` (500) unanswered at a time; the bot's resident memory (VmRSS) is read
/// after `SOAK_CHECK` (100,000) and at the end, each time once every interaction sent
/// was answered. serenity keeps a rate-limit bucket per interaction it answers: were
/// answers still going through it, memory would grow with every interaction.
///
/// ```sh
/// cargo test --release --test discord_load soak -- --ignored --nocapture
/// SOAK_TOTAL=300000 cargo test --release --test discord_load soak -- --ignored --nocapture
/// ```
#[test]
#[ignore = "a benchmark: cargo test --release --test discord_load soak -- --ignored --nocapture"]
fn soak() {
    let total = setting("SOAK_TOTAL", 1_000_000);
    let check = setting("SOAK_CHECK", 100_000).min(total);
    let window = setting("SOAK_WINDOW", 500).max(1);
    let runtime = runtime();
    runtime.block_on(async {
        let fake = FakeDiscord::start_sharded(TOKEN, 2).await;
        let (dir, mut bot) = start_bot(&fake).await;
        let callbacks = "POST /interactions/{}/{}/callback";
        let answered = |fake: FakeDiscord| async move {
            fake.counters()
                .await
                .per_route
                .get(callbacks)
                .copied()
                .unwrap_or(0)
        };
        let base = answered(fake.clone()).await;
        let mut rng = Rng(0x50A4_0000_0000_0001);
        let begin = Instant::now();
        let mut checkpoints = Vec::new();
        for k in 1..=total {
            while k - 1 - (answered(fake.clone()).await - base) >= window {
                tokio::time::sleep(Duration::from_millis(2)).await;
            }
            let player = rng.below(10_000);
            let user = player_user(player);
            let guild = server(player % 40);
            let sub = if rng.below(2) == 0 { "help" } else { "show" };
            fake.interact(fake.slash(&user, Some(guild.as_str()), sub, json!([])))
                .await;
            if k % 20_000 == 0 {
                fake.forget_history().await;
            }
            if k % check == 0 || k == total {
                while answered(fake.clone()).await - base < k {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                let (peak, rss) = memory_of(bot.id());
                println!(
                    "after {k} interactions ({:.0} s): VmRSS {:.1} MB, VmHWM {:.1} MB",
                    begin.elapsed().as_secs_f64(),
                    rss as f64 / 1024.0,
                    peak as f64 / 1024.0
                );
                checkpoints.push(rss);
            }
        }
        let counters = fake.counters().await;
        let violations = fake.violations().await;
        unsafe { libc::kill(bot.id() as i32, libc::SIGTERM) };
        let _ = bot.wait();
        // With LOAD_LOG=warn,sudoku_bot=debug: the pruner's last word on the buckets.
        let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap_or_default();
        if let Some(line) = log.lines().rev().find(|l| l.contains("buckets pruned")) {
            println!("{line}");
        }
        println!(
            "rate: {:.0} interactions/s; 429s served: {}, invalid requests: {}, violations: {}",
            total as f64 / begin.elapsed().as_secs_f64(),
            counters.limited,
            counters.invalid,
            violations.len()
        );
        assert!(
            violations.is_empty(),
            "{:#?}",
            &violations[..violations.len().min(5)]
        );
        if let [first, .., last] = checkpoints[..] {
            let growth = last as f64 / first as f64;
            println!("RSS at the end / at the check: {growth:.3}");
            assert!(growth <= 1.10, "memory grew {growth:.3}x");
        }
    });
}
