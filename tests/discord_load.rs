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

mod common;
mod fake_discord;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use fake_discord::{FakeDiscord, GUILD};
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

/// `/sudoku move` of a random digit into a random cell, as `user` in `guild`.
fn random_move(fake: &FakeDiscord, rng: &mut Rng, user: &Value, guild: Option<&str>) -> Value {
    let moves = format!("{} {}", cell(rng), 1 + rng.below(9));
    fake.slash(
        user,
        guild,
        "move",
        json!([{"name": "moves", "type": 3, "value": moves}]),
    )
}

/// `/sudoku note` of two random digits in a random cell.
fn random_note(fake: &FakeDiscord, rng: &mut Rng, user: &Value, guild: Option<&str>) -> Value {
    let digits = format!("{}{}", 1 + rng.below(9), 1 + rng.below(9));
    fake.slash(
        user,
        guild,
        "note",
        json!([{"name": "cell", "type": 3, "value": cell(rng)}, {"name": "digits", "type": 3, "value": digits}]),
    )
}

/// Hint or Show pressed under one of the first `games` boards (the player's own or
/// another's: a stranger's press is refused, privately).
fn board_button(
    fake: &FakeDiscord,
    rng: &mut Rng,
    user: &Value,
    guild: Option<&str>,
    games: u64,
) -> Value {
    let action = if rng.below(2) == 0 { "hint" } else { "show" };
    let game = 1 + rng.below(games);
    fake.button(user, guild, &format!("sudoku:{action}:{game}:1"), "a board")
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
        0..35 => random_move(fake, rng, &user, g),
        35..50 => random_note(fake, rng, &user, g),
        50..60 => fake.slash(&user, g, "hint", json!([])),
        60..65 => fake.slash(&user, g, "check", json!([])),
        65..70 => fake.slash(&user, g, "show", json!([])),
        // Buttons: the daily's Play, and Hint or Show under some board (the player's
        // own or another's: a stranger's press is refused, privately).
        70..75 => fake.button(&user, g, "sudoku:daily:0:0", "Daily Sudoku"),
        75..85 => board_button(fake, rng, &user, g, 1_000),
        85..95 => fake.slash(&user, g, "daily", json!([])),
        _ => fake.slash(&user, g, "new", json!([])),
    }
}

/// Ordinary traffic around a load run (its warm spell and the spell after it): the
/// run's own mix of interactions at `rate` a second.
struct Ordinary<'a> {
    fake: &'a FakeDiscord,
    rng: &'a mut Rng,
    started: &'a mut Vec<bool>,
    servers: u64,
    rate: u64,
}

impl Ordinary<'_> {
    /// Sends for `how_long`: with `in_order`, every player's first interaction before any
    /// second one (as the load itself begins); otherwise players at random.
    async fn send_for(&mut self, how_long: Duration, in_order: bool) {
        let players = self.started.len() as u64;
        let mut ticker = tokio::time::interval(Duration::from_secs_f64(1.0 / self.rate as f64));
        let count = (how_long.as_secs_f64() * self.rate as f64) as u64;
        for k in 0..count {
            ticker.tick().await;
            let player = if in_order && k < players {
                k
            } else {
                self.rng.below(players)
            };
            let seen = self.started[player as usize];
            let i = interaction(self.fake, self.rng, player, seen, self.servers);
            self.started[player as usize] = true;
            self.fake.interact(i).await;
        }
    }
}

/// The numeric fields of a process's `/proc/{pid}/status` (memory in kB), by name with
/// its colon (`"VmRSS:"`); 0 for one it lacks.
fn status_of(pid: u32) -> impl Fn(&str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    move |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    }
}

/// The bot's peak and current memory, in kB (`VmHWM`, `VmRSS`).
fn memory_of(pid: u32) -> (u64, u64) {
    let field = status_of(pid);
    (field("VmHWM:"), field("VmRSS:"))
}

/// What a process's resident memory is made of: its heap and stacks (anonymous), the
/// files it maps (its code, SQLite's shared memory), and its thread count.
fn resident_parts(pid: u32) -> String {
    let field = status_of(pid);
    let mut threads = std::collections::BTreeMap::<String, usize>::new();
    for task in std::fs::read_dir(format!("/proc/{pid}/task"))
        .into_iter()
        .flatten()
    {
        let name = task
            .ok()
            .and_then(|t| std::fs::read_to_string(t.path().join("comm")).ok())
            .unwrap_or_default();
        *threads.entry(name.trim().to_string()).or_default() += 1;
    }
    format!(
        "{:.1} MB anonymous, {:.1} MB of files, {} threads: {threads:?}",
        field("RssAnon:") as f64 / 1024.0,
        field("RssFile:") as f64 / 1024.0,
        field("Threads:")
    )
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Waits until every interaction sent (beyond the `warmup` ones answered before the
/// first-response times were forgotten) has its first answer, or ten seconds pass
/// without one more.
async fn all_answered(fake: &FakeDiscord, warmup: usize) {
    let mut last = (0, Instant::now());
    loop {
        let (sent, times) = fake.first_response_times().await;
        if times.len() + warmup >= sent {
            return;
        }
        if times.len() != last.0 {
            last = (times.len(), Instant::now());
        } else if last.1.elapsed() > Duration::from_secs(10) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A temporary folder for the bot's database (under `LOAD_DIR` when set).
fn bot_dir() -> tempfile::TempDir {
    // `LOAD_DIR=/dev/shm`: the database where an fsync costs nothing, to tell the
    // disk's share of the time from the rest.
    match std::env::var("LOAD_DIR") {
        Ok(base) => tempfile::tempdir_in(base),
        Err(_) => tempfile::tempdir(),
    }
    .expect("temp dir")
}

/// The release binary started against `fake` (two shards), its database in a temporary
/// folder; returns once it has identified and registered.
async fn start_bot(fake: &FakeDiscord) -> (tempfile::TempDir, std::process::Child) {
    let dir = bot_dir();
    let bot = spawn_bot(fake, &dir, 2).await;
    (dir, bot)
}

/// The release binary started against `fake` on the database `load.db` in `dir`;
/// returns once its `shards` shards have identified and it has registered its commands.
async fn spawn_bot(
    fake: &FakeDiscord,
    dir: &tempfile::TempDir,
    shards: u64,
) -> std::process::Child {
    let db = dir.path().join("load.db");
    let config = dir.path().join("config.toml");
    std::fs::write(
        &config,
        format!(
            "database = {:?}\nlog_level = {:?}\napi_base = {:?}\n",
            db,
            std::env::var("LOAD_LOG").unwrap_or_else(|_| "warn".into()),
            fake.api_base
        ),
    )
    .expect("config");
    let log = std::fs::File::create(dir.path().join("bot.log")).expect("log");
    let bot = Command::new(env!("CARGO_BIN_EXE_sudoku-bot"))
        .args(["run", "--config"])
        // An admin listener of its own (the default port may be taken).
        .env("SUDOKU_ADMIN_LISTEN", "127.0.0.1:0")
        .arg(&config)
        .env("DISCORD_TOKEN", TOKEN)
        // The bot logs to stdout; a panic goes to stderr.
        .stdout(log.try_clone().expect("log"))
        .stderr(log)
        .spawn()
        .expect("the bot starts");
    let deadline = Instant::now() + Duration::from_secs(120);
    while (fake.identified_shards().await.len() as u64) < shards {
        assert!(
            Instant::now() < deadline,
            "the shards did not all identify in 2 minutes"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Counted, not looked up: a load run does not keep the calls.
    let registered = |fake: FakeDiscord| async move {
        let counters = fake.counters().await;
        counters
            .per_route
            .get("PUT /applications/{}/commands")
            .copied()
            .unwrap_or(0)
            > 0
    };
    while !registered(fake.clone()).await {
        assert!(
            Instant::now() < deadline,
            "the commands were not registered in 2 minutes"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    bot
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
        all_answered(&fake, warmup).await;
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

/// A port of loopback nobody listens on now (the replicas are given fixed ports, so that
/// one restarted comes back where the load balancer expects it).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Replica `n` of the release binary: HTTP alone, on `port`, on the database `load.db`
/// in `dir` (shared by every replica), logging to `replica-{n}.log` (appended across
/// restarts); returns once its endpoint answers.
async fn spawn_replica(
    fake: &FakeDiscord,
    dir: &std::path::Path,
    n: usize,
    port: u16,
) -> std::process::Child {
    // `LOAD_DATABASE`: a `postgres://` URL (or another file) instead of `load.db`.
    let db = std::env::var("LOAD_DATABASE")
        .unwrap_or_else(|_| dir.join("load.db").display().to_string());
    let config = dir.join(format!("replica-{n}.toml"));
    std::fs::write(
        &config,
        format!(
            "database = {:?}\nlog_level = {:?}\napi_base = {:?}\n\n[interactions]\nlisten = \"127.0.0.1:{port}\"\npublic_key = {:?}\napplication_id = {:?}\ngateway = false\n",
            db,
            std::env::var("LOAD_LOG").unwrap_or_else(|_| "warn".into()),
            fake.api_base,
            fake.public_key(),
            fake_discord::APP_ID,
        ),
    )
    .expect("config");
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join(format!("replica-{n}.log")))
        .expect("log");
    // An admin listener of its own (the default port may be taken), where the run reads
    // the replica's own account of its answers' ages at the end.
    let admin = free_port();
    let _ = std::fs::write(dir.join(format!("replica-{n}.admin")), admin.to_string());
    let mut bot = Command::new(env!("CARGO_BIN_EXE_sudoku-bot"))
        .args(["run", "--config"])
        .env("SUDOKU_ADMIN_LISTEN", format!("127.0.0.1:{admin}"))
        .arg(&config)
        .env("DISCORD_TOKEN", TOKEN)
        .stdout(log.try_clone().expect("log"))
        .stderr(log)
        .spawn()
        .expect("the replica starts");
    if serving(port, Duration::from_secs(60)).await {
        return bot;
    }
    let _ = bot.kill();
    let _ = bot.wait();
    panic!("replica {n} did not serve in a minute");
}

/// Whether the endpoint on `port` answers within `limit`: a GET of the interactions path
/// is refused (405) once it serves. (`/healthz` is the admin listener's alone.)
async fn serving(port: u16, limit: Duration) -> bool {
    let endpoint = format!("http://127.0.0.1:{port}/interactions");
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if let Ok(answer) = reqwest::get(&endpoint).await
            && answer.status() == reqwest::StatusCode::METHOD_NOT_ALLOWED
        {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

/// Stops replica `n` with SIGTERM, waits for it to exit, and starts it again on the same
/// port: what a rolling deploy does. Returns the new process, how long the old one took
/// to stop, and its exit status.
async fn restart_replica(
    fake: FakeDiscord,
    dir: std::path::PathBuf,
    n: usize,
    port: u16,
    mut bot: std::process::Child,
) -> (std::process::Child, Duration, std::process::ExitStatus) {
    let stopping = Instant::now();
    unsafe { libc::kill(bot.id() as i32, libc::SIGTERM) };
    let status = tokio::task::spawn_blocking(move || bot.wait().expect("the replica stops"))
        .await
        .expect("waited");
    let stopped_in = stopping.elapsed();
    (
        spawn_replica(&fake, &dir, n, port).await,
        stopped_in,
        status,
    )
}

/// Issue 27: two replicas of the release binary serve the interactions endpoint on one
/// database, the fake Discord POSTing to them in turn (skipping one that refuses the
/// connection, as a load balancer does), at a steady rate, with a rolling restart in the
/// middle: replica 0 is stopped with SIGTERM and started again at a third of the run,
/// replica 1 at two thirds. Prints the first-response times, interactions never answered
/// or answered with an error, and each replica's share.
///
/// ```sh
/// cargo test --release --test discord_load replicas -- --ignored --nocapture
/// LOAD_SECONDS=60 cargo test --release --test discord_load replicas -- --ignored --nocapture
/// ```
///
/// Settings: `LOAD_RATE` (200 a second), `LOAD_SECONDS` (180), `LOAD_PLAYERS` (1,000),
/// `LOAD_SERVERS` (40), `LOAD_REPLICAS` (2), `LOAD_RESTART` (1; 0 for none), and
/// `LOAD_DATABASE` (a `postgres://` URL for PostgreSQL; each run wants an empty database);
/// `LOAD_WARM_SECONDS` (0) at `LOAD_WARM_RATE` (200/s) first, after which each replica's
/// memory is read as "before"; `LOAD_SETTLE_SECONDS` (0) after the load, at the warm rate
/// (quiet without a warm spell), after which it is read again.
#[test]
#[ignore = "a benchmark: cargo test --release --test discord_load replicas -- --ignored --nocapture"]
fn replicas() {
    let rate = setting("LOAD_RATE", 200).max(1);
    let seconds = setting("LOAD_SECONDS", 180).max(3);
    let players = setting("LOAD_PLAYERS", 1_000).max(1);
    let servers = setting("LOAD_SERVERS", 40).max(1);
    let total = rate * seconds;
    let runtime = runtime();
    runtime.block_on(async {
        let fake = FakeDiscord::start(TOKEN).await;
        let dir = bot_dir();
        let path = dir.path().to_path_buf();
        let count = setting("LOAD_REPLICAS", 2).max(1) as usize;
        let restarting = setting("LOAD_RESTART", 1) == 1;
        let ports: Vec<u16> = (0..count).map(|_| free_port()).collect();
        let mut replicas = Vec::new();
        for (n, &port) in ports.iter().enumerate() {
            replicas.push(Some(spawn_replica(&fake, &path, n, port).await));
        }
        let urls: Vec<String> = ports
            .iter()
            .map(|port| format!("http://127.0.0.1:{port}/interactions"))
            .collect();
        fake.deliver_over_http(&urls);
        // Each server posts a daily (set up after its posting time: posted at once).
        for s in 0..servers {
            let admin = FakeDiscord::user("299999999999999999", "admin");
            let mut setup = fake.daily_setup(&admin, "32", "555", json!([]));
            setup["guild_id"] = json!(server(s));
            let id = fake.interact(setup).await;
            fake.response_to(&id).await;
        }
        let mut rng = Rng(0x5EED_1234_ABCD_0002);
        let mut started = vec![false; players as usize];
        // A warm spell at an ordinary rate (`LOAD_WARM_SECONDS` at `LOAD_WARM_RATE`, 200/s):
        // the players' first games, the store's caches and the threads a running bot has,
        // so "before" is a bot in service rather than one just started.
        let warm_seconds = setting("LOAD_WARM_SECONDS", 0);
        let warm_rate = setting("LOAD_WARM_RATE", 200).max(1);
        let mut ordinary = Ordinary {
            fake: &fake,
            rng: &mut rng,
            started: &mut started,
            servers,
            rate: warm_rate,
        };
        if warm_seconds > 0 {
            ordinary.send_for(Duration::from_secs(warm_seconds), true).await;
            all_answered(&fake, 0).await;
            // Past the trimmer's look and the blocking threads' keep-alive.
            tokio::time::sleep(Duration::from_secs(15)).await;
        }
        let (warmup, _) = fake.first_response_times().await;
        fake.forget_first_responses().await;
        let busy_in_warmup = fake.told_busy();
        // Each replica's memory before the load, to compare once it is over.
        let rss_before: Vec<u64> = replicas
            .iter()
            .flatten()
            .map(|bot| memory_of(bot.id()).1)
            .collect();
        for bot in replicas.iter().flatten() {
            println!("before the load: {}", resident_parts(bot.id()));
        }

        let period = Duration::from_secs_f64(1.0 / rate as f64);
        let begin = Instant::now();
        let mut ticker = tokio::time::interval(period);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
        let mut restarts = Vec::new();
        for k in 0..total {
            ticker.tick().await;
            for (n, at) in [(0usize, total / 3), (1, 2 * total / 3)] {
                if restarting && n < count && k == at {
                    let bot = replicas[n].take().expect("running");
                    let at = begin.elapsed();
                    let restart =
                        restart_replica(fake.clone(), path.clone(), n, ports[n], bot);
                    restarts.push((n, at, tokio::spawn(restart)));
                }
            }
            let player = if k < players { k } else { rng.below(players) };
            let i = interaction(&fake, &mut rng, player, started[player as usize], servers);
            started[player as usize] = true;
            fake.interact(i).await;
        }
        let sending = begin.elapsed();
        let mut restarted = Vec::new();
        for (n, at, restart) in restarts {
            let (bot, stopped_in, status) = restart.await.expect("restarted");
            replicas[n] = Some(bot);
            restarted.push(format!(
                "replica {n} stopped at {:.1} s in {:.2} s ({status}), back in service after it",
                at.as_secs_f64(),
                stopped_in.as_secs_f64()
            ));
        }
        all_answered(&fake, warmup).await;
        let answering = begin.elapsed();
        // What a quiet spell after the load gives back (a load past capacity must not
        // leave its queues' memory behind).
        // With a warm spell, the spell after the load carries the same ordinary traffic
        // (what prunes on use, like the replay window's ids, prunes then as in service).
        let settle = setting("LOAD_SETTLE_SECONDS", 0);
        if warm_seconds > 0 {
            let mut ordinary = Ordinary {
                fake: &fake,
                rng: &mut rng,
                started: &mut started,
                servers,
                rate: warm_rate,
            };
            ordinary.send_for(Duration::from_secs(settle), false).await;
            all_answered(&fake, warmup).await;
            // As quiet as when "before" was read.
            tokio::time::sleep(Duration::from_secs(15)).await;
        } else {
            tokio::time::sleep(Duration::from_secs(settle)).await;
        }
        let memory: Vec<String> = replicas
            .iter()
            .flatten()
            .zip(&rss_before)
            .map(|(bot, before)| {
                let (peak, rss) = memory_of(bot.id());
                format!(
                    "{:.1} MB before, peak {:.1}, {:.1} MB {settle} s after ({})",
                    *before as f64 / 1024.0,
                    peak as f64 / 1024.0,
                    rss as f64 / 1024.0,
                    resident_parts(bot.id())
                )
            })
            .collect();
        // The replicas' own account: how old each interaction they ran was when first
        // answered, by Discord's clock (its id), so a harness that starves the fake of CPU
        // can be told from a late bot (the endpoint's "busy" answers are not counted).
        let mut ages = Vec::new();
        for n in 0..count {
            let port = std::fs::read_to_string(path.join(format!("replica-{n}.admin")))
                .unwrap_or_default();
            let metrics = async {
                reqwest::get(format!("http://127.0.0.1:{}/metrics", port.trim()))
                    .await?
                    .text()
                    .await
            };
            let text = metrics.await.unwrap_or_default();
            let bucket = |le: &str| {
                text.lines()
                    .find(|l| {
                        l.starts_with("sudoku_interaction_age_at_answer_seconds_bucket")
                            && l.contains(&format!("le=\"{le}\""))
                    })
                    .and_then(|l| l.rsplit(' ').next())
                    .unwrap_or("?")
                    .to_string()
            };
            ages.push(format!(
                "replica {n}: {} answered by 1.5 s, {} by 2 s, {} by 3 s, {} in all",
                bucket("1.5"),
                bucket("2.0"),
                bucket("3.0"),
                bucket("+Inf")
            ));
        }
        for bot in replicas.iter_mut().flatten() {
            unsafe { libc::kill(bot.id() as i32, libc::SIGTERM) };
            let _ = bot.wait();
        }
        let (sent, times) = fake.first_response_times().await;
        let mut measured = times.clone();
        measured.sort();
        let measured_count = sent - warmup;
        let lost = measured_count.saturating_sub(times.len());
        let late = times.iter().filter(|t| **t > fake_discord::DEADLINE).count();
        let violations = fake.violations().await;
        let failed = violations
            .iter()
            .filter(|v| v.contains("the endpoint answered"))
            .count();
        let mut shares: Vec<(String, u64)> = fake.deliveries().into_iter().collect();
        shares.sort();
        let report = format!(
            "replicas: {total} interactions ({players} players, {servers} servers) at {rate}/s to {count} replicas over HTTP, \
             {} (sent in {:.1} s: {:.0}/s; all answered after {:.1} s)\n\
             first response: p50 {} ms, p99 {} ms, max {} ms; {late} past 3 s; {lost} never answered; \
             {failed} answered with an error status; {} told the bot was too busy\n\
             {}\n\
             answered by: {shares:?}\n\
             replica memory (VmHWM/VmRSS) at the end: {}\n\
             age at the first answer, by the replicas' metrics: {}\n\
             rule violations: {}",
            if restarting { "rolling restart" } else { "no restart" },
            sending.as_secs_f64(),
            total as f64 / sending.as_secs_f64(),
            answering.as_secs_f64(),
            percentile(&measured, 0.50).as_millis(),
            percentile(&measured, 0.99).as_millis(),
            measured.last().copied().unwrap_or_default().as_millis(),
            fake.told_busy() - busy_in_warmup,
            restarted.join("\n"),
            memory.join(", "),
            ages.join("; "),
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
        for n in 0..count {
            let log = std::fs::read_to_string(path.join(format!("replica-{n}.log")))
                .unwrap_or_default();
            for line in log.lines().filter(|l| l.contains("ERROR")).take(5) {
                println!("  replica {n}: {line}");
            }
            // With LOAD_LOG=warn,sudoku_bot::adapters::memory=debug: the heap when the
            // replica last handed memory back.
            if let Some(line) = log.lines().rfind(|l| l.contains("handed back")) {
                println!("  replica {n}: {line}");
            }
            println!(
                "  replica {n}: {} error lines, {} commands failed, {} answered busy at once, {} busy after waiting",
                log.lines().filter(|l| l.contains("ERROR")).count(),
                log.lines().filter(|l| l.contains("command failed")).count(),
                log.lines().filter(|l| l.contains("queue is full")).count(),
                log.lines().filter(|l| l.contains("waited too long")).count()
            );
        }
        assert_eq!((lost, failed, late), (0, 0, 0), "no interaction failed");
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
            "rate: {:.0} interactions/s; 429s served: {}, invalid requests: {}, violations: {}; \
             at most {} interaction answers open at once",
            total as f64 / begin.elapsed().as_secs_f64(),
            counters.limited,
            counters.invalid,
            violations.len(),
            counters.answers_open_peak
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

// ---- a popular launch: 100,000 servers on one machine (issue 31) -------------------------

/// The daily channel of the `i`-th server, and the channels where its players play
/// alone, race and play co-op (ids of our own; the fake accepts any).
fn daily_channel(i: u64) -> String {
    (510_000_000_000_000_000 + i).to_string()
}
fn play_channel(i: u64) -> String {
    (520_000_000_000_000_000 + i).to_string()
}
fn race_channel(i: u64) -> String {
    (530_000_000_000_000_000 + i).to_string()
}
fn coop_channel(i: u64) -> String {
    (540_000_000_000_000_000 + i).to_string()
}

/// What the launch run stored before the bot started: today's puzzle of each active
/// server (a player pasting one into `/sudoku solve` must be refused).
struct Seeded {
    todays: Vec<sudoku_bot::engine::Grid>,
}

/// `servers` servers posting dailies, with today's and tomorrow's puzzles stored (each a
/// random transformation of one of four generated puzzles). All but the last `due` have
/// posted today already (their zones and posting times spread over the world); the last
/// `due` post at midnight UTC and have not posted yet: a rush the bot meets at start.
fn seed_launch(db: &std::path::Path, servers: u64, due: u64, active: u64) -> Seeded {
    use sudoku_bot::app::{Clock, Place, SystemClock};
    use sudoku_bot::engine::generator::{Request, generate};
    use sudoku_bot::engine::rng::SeededRng;
    use sudoku_bot::engine::transform::Transform;
    use sudoku_bot::game::daily::{DailySettings, end_of_day, parse_time, server_day};
    const ZONES: [&str; 6] = [
        "UTC",
        "Europe/Madrid",
        "America/New_York",
        "Asia/Tokyo",
        "Asia/Kolkata",
        "Australia/Sydney",
    ];
    let puzzles: Vec<_> = (0..4)
        .map(|k| generate(&Request::new(50, k + 1)).expect("a puzzle"))
        .collect();
    let now = SystemClock.now();
    let mut rng = SeededRng::new(11);
    let mut store = sudoku_bot::store::Store::open(db).expect("store");
    let mut todays = Vec::new();
    let mut k = 0;
    while k < servers {
        let batch = (servers - k).min(10_000);
        store
            .write(|tx| {
                for i in k..k + batch {
                    let guild: u64 = server(i).parse().expect("id");
                    let place = Place::guild(guild).key().to_string();
                    let rush = i >= servers - due;
                    let settings = DailySettings {
                        channel: Some(daily_channel(i)),
                        time: if rush {
                            parse_time("00:00").expect("time")
                        } else {
                            jiff::civil::Time::new((i % 24) as i8, ((i / 24) % 60) as i8, 0, 0)
                                .expect("time")
                        },
                        zone: if rush {
                            "UTC".into()
                        } else {
                            ZONES[(i % ZONES.len() as u64) as usize].into()
                        },
                        enabled: true,
                        ..DailySettings::default()
                    };
                    tx.save_daily_settings(&place, &settings)?;
                    tx.server_salt(&place, || i)?;
                    let tz = settings.tz();
                    let today = server_day(now, &tz);
                    for day in [Some(today), today.tomorrow().ok()].into_iter().flatten() {
                        let p = &puzzles[(i % 4) as usize];
                        let t = Transform::random(&mut rng);
                        let givens = t.apply(&p.givens);
                        if day == today && i < active {
                            todays.push(givens);
                        }
                        tx.insert_daily_puzzle(&place, day, &givens, &t.apply(&p.solution), None)?;
                    }
                    if !rush {
                        tx.claim_post(&place, today, now, now)?;
                        tx.settle_post(&place, today, Some("1"))?;
                    }
                    tx.set_prepare_at(&place, end_of_day(today, &tz), &settings)?;
                }
                Ok::<_, sudoku_bot::store::StoreError>(())
            })
            .expect("servers stored");
        k += batch;
    }
    Seeded { todays }
}

/// Background player `p`'s next interaction in a launch run: a server's everyday mix.
/// `state` is what `p` did first: 0 nothing, 1 asked for boards as pictures, 2 playing.
fn launch_interaction(
    fake: &FakeDiscord,
    rng: &mut Rng,
    p: u64,
    state: &mut u8,
    active: u64,
    puzzles: &[String],
) -> Value {
    let user = player_user(p);
    let guild = server(p % active);
    let g = Some(guild.as_str());
    let mut i = if *state == 0 && p.is_multiple_of(8) {
        // One player in eight sees boards as pictures (a PNG drawn per reply).
        *state = 1;
        fake.slash(
            &user,
            g,
            "settings",
            json!([{"name": "board", "type": 3, "value": "image"}]),
        )
    } else if *state < 2 {
        *state = 2;
        fake.slash(&user, g, "new", json!([]))
    } else {
        let puzzle = &puzzles[rng.below(puzzles.len() as u64) as usize];
        match rng.below(100) {
            0..25 => random_move(fake, rng, &user, g),
            25..33 => random_note(fake, rng, &user, g),
            33..38 => fake.slash(&user, g, "hint", json!([])),
            38..41 => fake.slash(&user, g, "check", json!([])),
            41..46 => fake.slash(&user, g, "show", json!([])),
            46..49 => fake.slash(&user, g, "undo", json!([])),
            49..54 => fake.button(&user, g, "sudoku:daily:0:0", "Daily Sudoku"),
            54..60 => fake.slash(&user, g, "daily", json!([])),
            60..64 => board_button(fake, rng, &user, g, 2_000),
            64..74 => fake.slash(
                &user,
                g,
                "solve",
                json!([{"name": "grid", "type": 3, "value": puzzle}]),
            ),
            74..78 => fake.solve_message(&user, g, puzzle),
            78..81 => fake.slash(&user, g, "stats", json!([])),
            81..84 => fake.slash(&user, g, "leaderboard", json!([])),
            84..87 => fake.slash(&user, g, "help", json!([])),
            _ => fake.slash(&user, g, "new", json!([])),
        }
    };
    i["channel_id"] = json!(play_channel(p % active));
    i
}

/// What the launch run's flows and checks saw.
#[derive(Default)]
struct Tally {
    /// (channel, race number) of every race run to its end.
    races: Vec<(String, u64)>,
    coop_boards: u64,
    /// Disguised dailies pasted into `/sudoku solve`, and those refused.
    cheats: u64,
    cheats_refused: u64,
    cheat_answers: Vec<String>,
}

type Shared<T> = std::sync::Arc<std::sync::Mutex<T>>;

fn in_channel(mut interaction: Value, channel: &str) -> Value {
    interaction["channel_id"] = json!(channel);
    interaction
}

/// Race `k`: three racers open a race (two races share each channel), join, start, and
/// fill their private boards one cell at a time, over and over until `stop`.
async fn race_flow(
    fake: FakeDiscord,
    k: u64,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    tally: Shared<Tally>,
) {
    use fake_discord::pad::{content, custom_id, filling_moves, race_number};
    use sudoku_bot::engine::parse::parse_grid;
    let guild = server(k / 2);
    let g = Some(guild.as_str());
    let channel = race_channel(k / 2);
    let racers = FakeDiscord::users(410_000_000_000_000_000 + k * 10, &format!("racer{k}"), 3);
    let mut rng = Rng(0xACE0_0000 + k);
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        let open = fake.slash(
            &racers[0],
            g,
            "race",
            json!([{"name": "empty", "type": 4, "value": 12}]),
        );
        let mut lobby = fake.ask(in_channel(open, &channel)).await;
        let number = race_number(&lobby);
        for racer in &racers[1..] {
            let join = fake.button(racer, g, &custom_id(&lobby, "Join"), content(&lobby));
            lobby = fake.ask(in_channel(join, &channel)).await;
        }
        let start = fake.button(&racers[0], g, &custom_id(&lobby, "Start"), content(&lobby));
        let started = fake.ask(in_channel(start, &channel)).await;
        let mut todo = Vec::new();
        for racer in &racers {
            let press = fake.button(
                racer,
                g,
                &custom_id(&started, "My board"),
                content(&started),
            );
            let board = fake.ask(in_channel(press, &channel)).await;
            let givens = parse_grid(content(&board)).unwrap_or_else(|e| panic!("{e}: {board:#}"));
            let mut cells = filling_moves(&givens, &common::solution_of(&givens));
            // Each racer fills in an order of their own.
            for i in (1..cells.len()).rev() {
                cells.swap(i, rng.below(i as u64 + 1) as usize);
            }
            todo.push(cells);
        }
        while todo.iter().any(|t| !t.is_empty()) {
            tokio::time::sleep(Duration::from_millis(250 + rng.below(500))).await;
            let r = rng.below(3) as usize;
            let Some(next) = todo[r].pop() else { continue };
            let play = fake.slash(
                &racers[r],
                g,
                "move",
                json!([{"name": "moves", "type": 3, "value": next}]),
            );
            fake.ask(in_channel(play, &channel)).await;
        }
        tally
            .lock()
            .expect("tally")
            .races
            .push((channel.clone(), number));
    }
}

/// Co-op board `k`: three players fill a board of their channel together, one cell
/// each in turn, over and over until `stop`.
async fn coop_flow(
    fake: FakeDiscord,
    k: u64,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    tally: Shared<Tally>,
) {
    use fake_discord::pad::{content, filling_moves};
    use sudoku_bot::engine::parse::parse_grid;
    let guild = server(100 + k);
    let g = Some(guild.as_str());
    let channel = coop_channel(k);
    let players = FakeDiscord::users(420_000_000_000_000_000 + k * 10, &format!("coop{k}"), 3);
    let mut rng = Rng(0xC0_0000 + k);
    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
        let open = fake.slash(
            &players[0],
            g,
            "coop",
            json!([{"name": "empty", "type": 4, "value": 24}]),
        );
        let board = fake.ask(in_channel(open, &channel)).await;
        let givens = parse_grid(content(&board)).unwrap_or_else(|e| panic!("{e}: {board:#}"));
        for text in filling_moves(&givens, &common::solution_of(&givens)) {
            tokio::time::sleep(Duration::from_millis(150 + rng.below(300))).await;
            let player = &players[rng.below(3) as usize];
            let play = fake.slash(
                player,
                g,
                "move",
                json!([{"name": "moves", "type": 3, "value": text}]),
            );
            fake.ask(in_channel(play, &channel)).await;
        }
        tally.lock().expect("tally").coop_boards += 1;
    }
}

/// A cheater pasting today's daily of some server, disguised (rows, columns and digits
/// shuffled), into `/sudoku solve` in another server, once a second until `stop`.
async fn cheat_flow(
    fake: FakeDiscord,
    todays: Vec<sudoku_bot::engine::Grid>,
    active: u64,
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    tally: Shared<Tally>,
) {
    use fake_discord::pad::content;
    use sudoku_bot::engine::rng::SeededRng;
    use sudoku_bot::engine::transform::Transform;
    let mut rng = SeededRng::new(0xC4EA7);
    let cheater = FakeDiscord::user("430000000000000001", "cheater");
    let mut k = 0u64;
    while !stop.load(std::sync::atomic::Ordering::Relaxed) && !todays.is_empty() {
        tokio::time::sleep(Duration::from_secs(1)).await;
        k += 1;
        let daily = &todays[(k * 7919) as usize % todays.len()];
        let pasted = Transform::random(&mut rng).apply(daily).to_line();
        let elsewhere = server((k * 31 + 1) % active);
        let ask = fake.slash(
            &cheater,
            Some(&elsewhere),
            "solve",
            json!([{"name": "grid", "type": 3, "value": pasted}]),
        );
        let answer = fake.ask(ask).await;
        let text = content(&answer).to_string();
        let mut t = tally.lock().expect("tally");
        t.cheats += 1;
        if text.contains("today's daily puzzle") {
            t.cheats_refused += 1;
        } else if t.cheat_answers.len() < 3 {
            t.cheat_answers.push(text);
        }
    }
}

/// A popular launch on one machine (issue 31): 100,000 servers configured for dailies
/// (two days of puzzles each stored), the last 3,000 of them due to post when the bot
/// starts, 50 shards (2,000 servers each) started in Discord's `max_concurrency` buckets
/// of 16, serenity's rate limiter on and the fake enforcing Discord's limits. Then, for
/// `LAUNCH_SECONDS`: background players in 2,000 servers (moves, notes, hints, checks,
/// dailies, `/sudoku solve` and the Solve Sudoku message command on fresh puzzles,
/// stats, leaderboards; one in eight with boards as pictures) at `LAUNCH_RATE`/s, plus
/// races (three racers, two races a channel, the scoreboard edited as they move), co-op
/// boards, and a cheater pasting disguised dailies into `/sudoku solve`.
///
/// ```sh
/// cargo test --release --test discord_load launch -- --ignored --nocapture
/// LAUNCH_SECONDS=60 LAUNCH_SERVERS=10000 cargo test --release --test discord_load launch -- --ignored --nocapture
/// ```
///
/// Prints the first-response latency of every interaction (p50, p99, max), the rate,
/// the bot's VmRSS every 30 s, 429s and invalid requests by route, and checks that
/// nothing was lost: every interaction answered, every race's result posted once, every
/// due daily posted once, every disguised daily refused.
#[test]
#[ignore = "a benchmark: cargo test --release --test discord_load launch -- --ignored --nocapture"]
fn launch() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    let servers = setting("LAUNCH_SERVERS", 100_000).max(200);
    let active = setting("LAUNCH_ACTIVE", 2_000).clamp(120, servers);
    let players = setting("LAUNCH_PLAYERS", 5_000).max(1);
    let rate = setting("LAUNCH_RATE", 160).max(1);
    let seconds = setting("LAUNCH_SECONDS", 300);
    let races = setting("LAUNCH_RACES", 16);
    let coops = setting("LAUNCH_COOPS", 8);
    let due = setting("LAUNCH_DUE", 3_000).min(servers - active);
    let shards = setting("LAUNCH_SHARDS", 50).max(1);

    let dir = bot_dir();
    let begin = Instant::now();
    let seeded = seed_launch(&dir.path().join("load.db"), servers, due, active);
    println!(
        "seeded {servers} servers ({due} due) in {:.1} s",
        begin.elapsed().as_secs_f64()
    );
    // Fresh puzzles to solve: none is anybody's daily.
    let puzzles: Vec<String> = (0..64)
        .map(|k| {
            sudoku_bot::engine::generator::generate(&sudoku_bot::engine::generator::Request::new(
                52,
                1_000 + k,
            ))
            .expect("a puzzle")
            .givens
            .to_line()
        })
        .collect();

    let runtime = runtime();
    runtime.block_on(async {
        let rules = fake_discord::Rules {
            keep_calls: false,
            max_concurrency: 16,
            ..fake_discord::Rules::default()
        };
        let fake = FakeDiscord::start_with(TOKEN, shards, rules).await;
        fake.join((0..servers).map(server)).await;
        let started = Instant::now();
        let mut bot = spawn_bot(&fake, &dir, shards).await;
        let connected = started.elapsed();
        // The first solve waits for the index of every stored daily (built at start).
        let warm = fake
            .ask(fake.slash(
                &player_user(0),
                Some(&server(0)),
                "solve",
                json!([{"name": "grid", "type": 3, "value": puzzles[0]}]),
            ))
            .await;
        assert!(fake_discord::pad::content(&warm).contains("Solved"), "{warm:#}");
        println!(
            "bot: {shards} shards identified and commands registered after {:.1} s; first solve answered after {:.1} s",
            connected.as_secs_f64(),
            started.elapsed().as_secs_f64()
        );
        fake.forget_first_responses().await;
        let (sent_before, _) = fake.first_response_times().await;

        let stop = Arc::new(AtomicBool::new(false));
        let tally: Shared<Tally> = Arc::new(Mutex::new(Tally::default()));
        let mut flows = Vec::new();
        for k in 0..races {
            flows.push(tokio::spawn(race_flow(fake.clone(), k, stop.clone(), tally.clone())));
        }
        for k in 0..coops {
            flows.push(tokio::spawn(coop_flow(fake.clone(), k, stop.clone(), tally.clone())));
        }
        flows.push(tokio::spawn(cheat_flow(
            fake.clone(),
            seeded.todays.clone(),
            active,
            stop.clone(),
            tally.clone(),
        )));
        // The bot's memory every 30 s, and when the daily rush was all posted.
        let rush: Vec<String> = (servers - due..servers).map(daily_channel).collect();
        let sampler = {
            let fake = fake.clone();
            let stop = stop.clone();
            let pid = bot.id();
            let rush = rush.clone();
            tokio::spawn(async move {
                let t0 = Instant::now();
                let mut memory = Vec::new();
                let mut rush_done = None;
                let mut next = Duration::ZERO;
                while !stop.load(Ordering::Relaxed) {
                    if t0.elapsed() >= next {
                        memory.push((t0.elapsed(), memory_of(pid).1));
                        next += Duration::from_secs(30);
                    }
                    if rush_done.is_none() {
                        let posts = fake.posts_per_channel().await;
                        if rush.iter().all(|c| posts.get(c).copied().unwrap_or(0) > 0) {
                            rush_done = Some(t0.elapsed());
                        }
                    }
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                memory.push((t0.elapsed(), memory_of(pid).1));
                (memory, rush_done)
            })
        };

        let mut rng = Rng(0x1A0C_0000_0000_0001);
        let mut state = vec![0u8; players as usize];
        let period = Duration::from_secs_f64(1.0 / rate as f64);
        let load_begin = Instant::now();
        let mut ticker = tokio::time::interval(period);
        ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
        let mut k = 0u64;
        while load_begin.elapsed() < Duration::from_secs(seconds) {
            ticker.tick().await;
            let p = if k < players { k } else { rng.below(players) };
            k += 1;
            let i = launch_interaction(&fake, &mut rng, p, &mut state[p as usize], active, &puzzles);
            fake.interact(i).await;
        }
        let sending = load_begin.elapsed();
        stop.store(true, Ordering::Relaxed);
        for flow in flows {
            // A flow ends its race or board first.
            let _ = tokio::time::timeout(Duration::from_secs(120), flow).await;
        }
        let (memory, rush_done) = sampler.await.expect("sampler");
        let mut last = (0, Instant::now());
        loop {
            let (sent, times) = fake.first_response_times().await;
            if times.len() + sent_before >= sent {
                break;
            }
            if times.len() != last.0 {
                last = (times.len(), Instant::now());
            } else if last.1.elapsed() > Duration::from_secs(10) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // The last race results and the rest of the rush.
        let tally = std::mem::take(&mut *tally.lock().expect("tally"));
        let wait_until = Instant::now() + Duration::from_secs(120);
        let (results_missing, results_twice, rush_missing, rush_twice) = loop {
            let mut missing = 0;
            let mut twice = 0;
            for (channel, n) in &tally.races {
                let needle = format!("wins Race #{n} ");
                let posts = fake.posted_in(channel).await;
                match posts.iter().filter(|m| fake_discord::pad::content(m).contains(&needle)).count() {
                    0 => missing += 1,
                    1 => {}
                    _ => twice += 1,
                }
            }
            let posts = fake.posts_per_channel().await;
            let rush_missing = rush.iter().filter(|c| !posts.contains_key(*c)).count();
            let rush_twice = rush.iter().filter(|c| posts.get(*c).copied().unwrap_or(0) > 1).count();
            if (missing == 0 && rush_missing == 0) || Instant::now() > wait_until {
                break (missing, twice, rush_missing, rush_twice);
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        };
        // What the channel of a race without a result shows, for the report.
        let mut unposted = Vec::new();
        for (channel, n) in &tally.races {
            let needle = format!("wins Race #{n} ");
            let posts = fake.posted_in(channel).await;
            if !posts.iter().any(|m| fake_discord::pad::content(m).contains(&needle)) {
                let shown: Vec<String> = posts
                    .iter()
                    .map(|m| fake_discord::pad::content(m).lines().next().unwrap_or("").to_string())
                    .collect();
                unposted.push(format!("Race #{n} in {channel}: posts there {shown:?}"));
            }
        }
        let (sent, times) = fake.first_response_times().await;
        let (peak_kb, _) = memory_of(bot.id());
        let counters = fake.counters().await;
        let violations = fake.violations().await;
        unsafe { libc::kill(bot.id() as i32, libc::SIGTERM) };
        let status = bot.wait().expect("the bot stops");

        let mut measured = times.clone();
        measured.sort();
        let sent = sent - sent_before;
        let lost = sent.saturating_sub(times.len());
        let late = times.iter().filter(|t| **t > fake_discord::DEADLINE).count();
        let rss: Vec<String> = memory
            .iter()
            .map(|(at, kb)| format!("{:.0}s {:.1}", at.as_secs_f64(), *kb as f64 / 1024.0))
            .collect();
        let edits = "PATCH /channels/{}/messages/{}";
        let posts = "POST /channels/{}/messages";
        let report = format!(
            "launch: {servers} servers ({due} due at start), {shards} shards, {active} active servers, {players} players\n\
             interactions: {sent} in {:.1} s ({:.0}/s: background {rate}/s, {races} races, {coops} co-op boards, a cheater)\n\
             first response: p50 {} ms, p99 {} ms, max {} ms; {late} past 3 s; {lost} never answered\n\
             races run to the end: {}, results missing {results_missing}, posted twice {results_twice}; co-op boards filled: {}\n\
             disguised dailies refused: {} of {}\n\
             daily rush: {due} posts due, all posted after {}; missing {rush_missing}, twice {rush_twice}\n\
             REST: {} requests; channel posts {} (429s {}), channel edits {} (429s {}); 429s in all {} (global {}); invalid requests {} ; banned {}\n\
             bot memory (VmRSS, MB): {}; peak {:.1} MB (VmHWM); exit {status}\n\
             rule violations: {}",
            sending.as_secs_f64(),
            sent as f64 / sending.as_secs_f64(),
            percentile(&measured, 0.50).as_millis(),
            percentile(&measured, 0.99).as_millis(),
            measured.last().copied().unwrap_or_default().as_millis(),
            tally.races.len(),
            tally.coop_boards,
            tally.cheats_refused,
            tally.cheats,
            rush_done.map_or("-".to_string(), |d| format!("{:.0} s", d.as_secs_f64())),
            counters.requests,
            counters.per_route.get(posts).copied().unwrap_or(0),
            counters.limited_per_route.get(posts).copied().unwrap_or(0),
            counters.per_route.get(edits).copied().unwrap_or(0),
            counters.limited_per_route.get(edits).copied().unwrap_or(0),
            counters.limited,
            counters.limited_global,
            counters.invalid,
            counters.refused_banned,
            rss.join(", "),
            peak_kb as f64 / 1024.0,
            violations.len(),
        );
        println!("{report}");
        if let Ok(mut out) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(concat!(env!("CARGO_MANIFEST_DIR"), "/target/discord-launch.txt"))
        {
            let _ = writeln!(out, "{report}\n");
        }
        for v in violations.iter().take(5) {
            println!("  {v}");
        }
        for u in unposted.iter().take(3) {
            println!("  no result: {u}");
        }
        for a in &tally.cheat_answers {
            println!("  a disguised daily answered: {a}");
        }
        let log = std::fs::read_to_string(dir.path().join("bot.log")).unwrap_or_default();
        for line in log.lines().filter(|l| l.contains("ERROR")).take(5) {
            println!("  bot: {line}");
        }
        if setting("LAUNCH_KEEP", 0) == 1 {
            println!("database and log kept in {}", dir.path().display());
            std::mem::forget(dir);
        }
        assert!(violations.is_empty(), "Discord's rules broken");
        assert_eq!(lost, 0, "interactions never answered");
        assert_eq!((results_missing, results_twice), (0, 0), "race results lost or doubled");
        assert_eq!((rush_missing, rush_twice), (0, 0), "daily posts lost or doubled");
        assert_eq!(tally.cheats_refused, tally.cheats, "a disguised daily was solved");
    });
}
