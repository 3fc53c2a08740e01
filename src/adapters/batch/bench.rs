//! `sudoku-bot bench`: the engine and the core measured on one core, for the figures in
//! the README. Each benchmark prints one line; keep the format stable.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Subcommand;

use super::{GenerateArgs, puzzle_seed, read_puzzle_file};
use crate::engine::Grid;
use crate::engine::grader;
use crate::engine::solver::{self, Solution};

#[derive(Subcommand)]
pub enum BenchCommand {
    /// Solve and prove unique every puzzle of each file; prints puzzles per second.
    #[command(after_help = "Example:\n  sudoku-bot bench solve ../shared/data/top1465.txt")]
    Solve {
        files: Vec<PathBuf>,
        /// Minimum CPU seconds per file.
        #[arg(long, default_value_t = 2.0)]
        seconds: f64,
    },
    /// Generate COUNT puzzles with N empty cells, timing each; prints p50, p99 and max.
    #[command(after_help = "Example:\n  sudoku-bot bench generate --empty 60 --count 1000")]
    Generate {
        #[command(flatten)]
        what: GenerateArgs,
        #[arg(long, default_value_t = 1000)]
        count: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Render the heaviest board picture (every empty cell full of pencil marks) RUNS
    /// times; prints CPU p50, p99, max, wall-clock p99 and the PNG's size.
    #[command(after_help = "Example:\n  sudoku-bot bench render --runs 1000")]
    Render {
        #[arg(long, default_value_t = 1000)]
        runs: usize,
    },
    /// Grade every puzzle of each file; prints puzzles per second and the tiers.
    #[command(after_help = "Example:\n  sudoku-bot bench grade minimal.txt")]
    Grade { files: Vec<PathBuf> },
    /// Play COUNT moves through the command core on a real database (durable commits): a
    /// SQLite file or a `postgres://` URL; prints p50, p99, max latency and moves per second.
    #[command(
        after_help = "Example:\n  sudoku-bot bench moves --db /tmp/bench.db --count 5000\n  sudoku-bot bench moves --db postgres://bot@127.0.0.1/bench --count 5000"
    )]
    Moves {
        #[arg(long, default_value = "bench-moves.db")]
        db: crate::store::Location,
        #[arg(long, default_value_t = 5000)]
        count: u64,
        /// First add this many finished games (of 5,000 other players) to the database.
        #[arg(long, default_value_t = 0)]
        finished_games: u64,
        /// The player sees boards as pictures: every move's reply carries a PNG.
        #[arg(long)]
        pictures: bool,
        /// Play with the number pad under the board instead of typed moves: each move is
        /// one press (a digit, then Erase) on the last board's pad, answered with its
        /// update.
        #[arg(long)]
        pad: bool,
    },
    /// A bot with SERVERS servers posting dailies, each with its puzzles of today and
    /// tomorrow stored (generated puzzles, each transformed per server; see `--bases`),
    /// in DB (made afresh): times the scheduler's pass over them (the longest
    /// hold of the store), then MOVES moves with `/sudoku solve` running beside them, then
    /// SOLVES solves alone. `--servers 0` is the empty database to compare with.
    #[command(
        after_help = "Example:\n  sudoku-bot bench dailies --db bench-dailies.db --servers 100000"
    )]
    Dailies {
        #[arg(long, default_value = "bench-dailies.db")]
        db: PathBuf,
        #[arg(long, default_value_t = 100_000)]
        servers: u64,
        #[arg(long, default_value_t = 2000)]
        moves: u64,
        #[arg(long, default_value_t = 5)]
        solves: u64,
        /// How many distinct puzzles the dailies are transformations of. By default one
        /// per daily stored, so all differ, as a bot's dailies do (each is made from its
        /// own seed): 200,000 at 100,000 servers, seeded in 16.6 s on 2 cores
        /// (2026-11-26). A few (`--bases 4`) seeds faster, but copies of one puzzle share
        /// every key of the solve check's index.
        #[arg(long)]
        bases: Option<u64>,
    },
}

/// `sudoku-bot bench ...`.
pub fn run(command: &BenchCommand) -> anyhow::Result<()> {
    match command {
        BenchCommand::Solve { files, seconds } => solve_files(files, *seconds),
        BenchCommand::Generate { what, count, seed } => {
            generate_line(what, *count, *seed);
            Ok(())
        }
        BenchCommand::Grade { files } => grade_files(files),
        BenchCommand::Render { runs } => {
            render_line(*runs);
            Ok(())
        }
        BenchCommand::Moves {
            db,
            count,
            finished_games,
            pictures,
            pad,
        } => moves_line(db, *count, *finished_games, *pictures, *pad),
        BenchCommand::Dailies {
            db,
            servers,
            moves,
            solves,
            bases,
        } => dailies_line(db, *servers, *moves, *solves, bases.unwrap_or(2 * servers)),
    }
}

fn solve_files(files: &[PathBuf], seconds: f64) -> anyhow::Result<()> {
    for path in files {
        let puzzles = read_puzzle_file(path)?;
        let r = bench_solve(&puzzles, Duration::from_secs_f64(seconds));
        println!(
            "{}: {} puzzles ({} unique, {} none, {} multiple): {:.0} puzzles/s",
            path.display(),
            r.puzzles,
            r.unique,
            r.none,
            r.multiple,
            r.per_second
        );
    }
    Ok(())
}

fn generate_line(what: &GenerateArgs, count: u64, seed: u64) {
    let r = bench_generate(what, count, seed);
    let which = match (what.empty, what.difficulty) {
        (Some(n), Some(t)) => format!("--empty {n} --difficulty {t}"),
        (Some(n), None) => format!("--empty {n}"),
        (None, Some(t)) => format!("--difficulty {t}"),
        (None, None) => "--minimal".to_string(),
    };
    println!(
        "generate {which} --symmetry {}: {} puzzles, {} not found; p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, mean {:.2} ms",
        what.symmetry,
        r.count,
        r.failures,
        r.p50.as_secs_f64() * 1e3,
        r.p99.as_secs_f64() * 1e3,
        r.max.as_secs_f64() * 1e3,
        r.mean.as_secs_f64() * 1e3
    );
}

fn grade_files(files: &[PathBuf]) -> anyhow::Result<()> {
    for path in files {
        let puzzles = read_puzzle_file(path)?;
        let (rate, tiers) = bench_grade(&puzzles);
        println!(
            "{}: {} puzzles, {rate:.0} graded/s; easy {} medium {} hard {} expert {} extreme {}",
            path.display(),
            puzzles.len(),
            tiers[0],
            tiers[1],
            tiers[2],
            tiers[3],
            tiers[4]
        );
    }
    Ok(())
}

fn moves_line(
    db: &crate::store::Location,
    count: u64,
    finished_games: u64,
    pictures: bool,
    pad: bool,
) -> anyhow::Result<()> {
    let r = bench_moves(db, count, finished_games, pictures, pad)?;
    if let Some(bytes) = r.bytes_per_finished_game {
        println!("pre-filled {finished_games} finished games: {bytes:.0} bytes each");
    }
    println!(
        "moves: {}{} through the core on {}{}: p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms; {:.0} moves/s",
        r.moves,
        if pad { " pad presses" } else { "" },
        db,
        if pictures { ", boards as pictures" } else { "" },
        r.p50.as_secs_f64() * 1e3,
        r.p99.as_secs_f64() * 1e3,
        r.max.as_secs_f64() * 1e3,
        r.per_second
    );
    Ok(())
}

fn render_line(runs: usize) {
    let r = crate::app::image::bench(runs, thread_cpu_time);
    println!(
        "render, full board with notes: {} runs, CPU p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; wall p99 {:.2} ms; {} bytes",
        r.runs,
        r.p50.as_secs_f64() * 1e3,
        r.p99.as_secs_f64() * 1e3,
        r.max.as_secs_f64() * 1e3,
        r.wall_p99.as_secs_f64() * 1e3,
        r.bytes
    );
}

/// The `q`-quantile of sorted `times` (nearest rank).
fn percentile(times: &[Duration], q: f64) -> Duration {
    times
        .get(((times.len() as f64 * q).ceil() as usize).saturating_sub(1))
        .copied()
        .unwrap_or_default()
}

/// CPU time used by this thread: what a one-core benchmark should count. Zero where the
/// system has no per-thread clock.
pub fn thread_cpu_time() -> Duration {
    cpu_time::ThreadTime::try_now()
        .map(|t| t.as_duration())
        .unwrap_or_default()
}

/// Result of timing the solver on one set.
pub struct SolveBench {
    pub puzzles: usize,
    pub unique: usize,
    pub none: usize,
    pub multiple: usize,
    pub per_second: f64,
}

/// Solves every puzzle (already parsed) repeatedly for at least `min_time` of CPU time.
pub fn bench_solve(puzzles: &[Grid], min_time: Duration) -> SolveBench {
    let (mut unique, mut none, mut multiple) = (0, 0, 0);
    for p in puzzles {
        match solver::solve(p) {
            Solution::Unique(_) => unique += 1,
            Solution::None => none += 1,
            Solution::Multiple(..) => multiple += 1,
        }
    }
    let start = thread_cpu_time();
    let mut solved = 0usize;
    loop {
        for p in puzzles {
            std::hint::black_box(solver::solve(std::hint::black_box(p)));
        }
        solved += puzzles.len();
        if thread_cpu_time() - start >= min_time || puzzles.is_empty() {
            break;
        }
    }
    let secs = (thread_cpu_time() - start).as_secs_f64().max(1e-9);
    SolveBench {
        puzzles: puzzles.len(),
        unique,
        none,
        multiple,
        per_second: solved as f64 / secs,
    }
}

/// Latency distribution of generating `count` puzzles.
pub struct GenerateBench {
    pub count: u64,
    pub failures: u64,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
    pub mean: Duration,
}

pub fn bench_generate(what: &GenerateArgs, count: u64, seed: u64) -> GenerateBench {
    let mut times = Vec::with_capacity(count as usize);
    let mut failures = 0;
    for k in 0..count {
        let start = thread_cpu_time();
        let result = what.generate(puzzle_seed(seed, k));
        times.push(thread_cpu_time() - start);
        if result.is_err() {
            failures += 1;
        }
    }
    times.sort();
    let total: Duration = times.iter().sum();
    GenerateBench {
        count,
        failures,
        p50: percentile(&times, 0.50),
        p99: percentile(&times, 0.99),
        max: times.last().copied().unwrap_or_default(),
        mean: total / (count.max(1) as u32),
    }
}

/// Latency of one move through the whole core (parse, validate, commit, render), and the
/// sustained rate, on a real SQLite file with durable commits.
#[derive(Clone, Copy, Debug)]
pub struct MoveBench {
    pub moves: u64,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
    pub per_second: f64,
    /// Database bytes per game added by the pre-fill, when there was one.
    pub bytes_per_finished_game: Option<f64>,
}

/// Plays `count` moves as one player on a fresh game stored at `db`: a digit placed, then
/// erased, over and over, so the game never ends. Wall-clock time: a commit's fsync is
/// part of what a player waits for.
///
/// With `finished_games`, the database first gets that many finished games of 5,000
/// other players, as on a bot that has run for a while: a move must cost the same there.
/// With `pictures`, the player chose boards as pictures: each reply's PNG is drawn too.
/// With `pad`, each move is a press on the pad of the last board (its cell chosen once,
/// before timing): a digit, then Erase; every answer is an update of that board.
pub fn bench_moves(
    db: &crate::store::Location,
    count: u64,
    finished_games: u64,
    pictures: bool,
    pad: bool,
) -> anyhow::Result<MoveBench> {
    use crate::app::{App, BoardStyle, Command, Invocation, Place, Player, SystemClock};
    use std::sync::Arc;
    use std::time::Instant;

    let mut store = crate::store::Store::open_at(db)?;
    let bytes_per_finished_game = if finished_games > 0 {
        let before = store.size_bytes()?;
        prefill_finished_games(&mut store, finished_games)?;
        Some((store.size_bytes()? - before) as f64 / finished_games as f64)
    } else {
        None
    };
    let app = App::new(store, Arc::new(SystemClock), 1);
    let invoke = |command: Command| {
        app.handle(&Invocation {
            player: Player {
                id: "bench".into(),
                name: "bench".into(),
            },
            place: Place::named("bench"),
            command,
            style: BoardStyle::Plain,
            is_admin: false,
            lang: crate::app::i18n::Lang::En,
            server_lang: None,
        })
    };
    invoke(Command::GiveUp {
        target: None,
        confirmed: true,
    });
    let board = invoke(Command::New {
        empty: Some(50),
        difficulty: None,
        symmetry: None,
    });
    let givens = crate::engine::parse::parse_grid(&board.content)
        .map_err(|e| anyhow::anyhow!("the new board did not parse: {e}"))?;
    let cell = crate::engine::Cell::all()
        .find(|&c| givens.get(c).is_none())
        .ok_or_else(|| anyhow::anyhow!("no empty cell"))?;
    invoke(Command::Settings {
        check_as_you_go: None,
        board_picture: Some(pictures),
        language: None,
    });
    // The pad: the cell chosen on the board's menus, before timing. Its digits are
    // wrong ones: a right digit would move the pad on to the next cell.
    let right = match crate::engine::solver::solve(&givens) {
        crate::engine::Solution::Unique(solution) => solution.get(cell),
        _ => None,
    };
    let wrong: Vec<u8> = (1..=9).filter(|&d| Some(d) != right).collect();
    let mut last = invoke(Command::Show(None));
    if pad {
        let name = cell.name();
        let (row, col) = name.split_at(1);
        for (menu, option) in [("Row", row), ("Column", col)] {
            let id = last
                .selects
                .iter()
                .find(|s| s.placeholder == menu)
                .map(|s| s.custom_id.clone())
                .ok_or_else(|| anyhow::anyhow!("the board has no {menu} menu"))?;
            let command = Command::from_component(&id, &[option.to_string()])
                .ok_or_else(|| anyhow::anyhow!("the {menu} menu's id is not ours"))?;
            last = invoke(command);
        }
    }
    let mut times = Vec::with_capacity(count as usize);
    let started = Instant::now();
    for k in 0..count {
        let digit = k % 9 + 1;
        let command = if pad {
            let label = if k % 2 == 0 {
                wrong[(k / 2) as usize % wrong.len()].to_string()
            } else {
                "Erase".to_string()
            };
            let id = last
                .buttons
                .iter()
                .flatten()
                .find(|b| b.label == label)
                .map(|b| b.custom_id.clone())
                .ok_or_else(|| anyhow::anyhow!("move {k}: no {label} button on the pad"))?;
            Command::from_custom_id(&id)
                .ok_or_else(|| anyhow::anyhow!("move {k}: the {label} button's id is not ours"))?
        } else if k % 2 == 0 {
            Command::Move {
                moves: format!("{cell} {digit}"),
                target: None,
            }
        } else {
            Command::Move {
                moves: format!("{cell} 0"),
                target: None,
            }
        };
        let t = Instant::now();
        let reply = invoke(command);
        times.push(t.elapsed());
        if pad && !reply.updates_board {
            anyhow::bail!("press {k} did not update its board: {}", reply.content);
        }
        if reply.private {
            anyhow::bail!("move {k} was refused: {}", reply.content);
        }
        if reply.image.is_some() != pictures {
            anyhow::bail!("move {k}'s reply has the wrong kind of board");
        }
        last = reply;
    }
    let total = started.elapsed();
    times.sort();
    Ok(MoveBench {
        moves: count,
        p50: percentile(&times, 0.5),
        p99: percentile(&times, 0.99),
        max: times.last().copied().unwrap_or_default(),
        per_second: count as f64 / total.as_secs_f64().max(1e-9),
        bytes_per_finished_game,
    })
}

/// `count` solved games of 45 empty cells, one transaction.
fn prefill_finished_games(store: &mut crate::store::Store, count: u64) -> anyhow::Result<()> {
    use crate::engine::generator::{self, Request};
    use crate::game::Game;
    let puzzle = generator::generate(&Request::new(45, 1))?;
    let now = crate::app::Clock::now(&crate::app::SystemClock);
    let mut game = Game::new(puzzle.givens, puzzle.solution, None, now - 10 * 60_000);
    game.submit(&puzzle.solution, now)?;
    store.write(|tx| {
        for k in 0..count {
            tx.insert_game(&format!("player{}", k % 5000), "bench", &game)?;
        }
        Ok::<_, crate::store::StoreError>(())
    })?;
    Ok(())
}

/// Grades every puzzle, timing CPU time; returns puzzles per second and the tier counts.
pub fn bench_grade(puzzles: &[Grid]) -> (f64, [usize; 5]) {
    let mut tiers = [0usize; 5];
    let start = thread_cpu_time();
    for p in puzzles {
        if let Some(g) = grader::grade(p) {
            tiers[g.tier as usize] += 1;
        }
    }
    let secs = (thread_cpu_time() - start).as_secs_f64().max(1e-9);
    (puzzles.len() as f64 / secs, tiers)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn dailies_line(
    db: &Path,
    servers: u64,
    moves: u64,
    solves: u64,
    bases: u64,
) -> anyhow::Result<()> {
    use crate::app::{App, BoardStyle, Command, Invocation, Place, Player, SystemClock};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Instant;

    for suffix in ["", "-wal", "-shm"] {
        let mut path = db.as_os_str().to_owned();
        path.push(suffix);
        let _ = std::fs::remove_file(path);
    }
    let mut store = crate::store::Store::open(db)?;
    let started = Instant::now();
    let bases = seed_dailies(&mut store, servers, bases)?;
    println!(
        "seeded {servers} servers with 2 days of dailies ({bases} distinct puzzles, transformed) in {:.1} s; {} bytes",
        started.elapsed().as_secs_f64(),
        store.size_bytes()?
    );
    let app = Arc::new(App::new(store, Arc::new(SystemClock), 1));
    // The scheduler's first pass (every server's next post worked out, as after the
    // upgrade), then one run with nothing to do: the longest hold of the store in each.
    app.take_longest_store_hold();
    let t = Instant::now();
    let mut rounds = 0;
    loop {
        rounds += 1;
        let due = app.due_daily_posts();
        let next = app.next_daily_work_at();
        if due.is_empty() && next.is_none_or(|at| at > app.now()) {
            break;
        }
        if rounds > 10_000 {
            anyhow::bail!("the scheduler's pass does not end: {} due", due.len());
        }
    }
    println!(
        "scheduler, first pass: {rounds} runs in {:.0} ms, longest hold of the store {:.2} ms",
        ms(t.elapsed()),
        ms(app.take_longest_store_hold())
    );
    let t = Instant::now();
    let due = app.due_daily_posts();
    let more = app.prepare_dailies();
    let next = app.next_daily_work_at();
    println!(
        "scheduler, a run with nothing due: {:.2} ms, longest hold of the store {:.2} ms ({} due, more {more}, next in {} s)",
        ms(t.elapsed()),
        ms(app.take_longest_store_hold()),
        due.len(),
        next.map_or(-1, |at| (at - app.now()) / 1000)
    );

    let invocation = |player: &str, command: Command| Invocation {
        player: Player {
            id: player.into(),
            name: player.into(),
        },
        place: Place::named("bench"),
        command,
        style: BoardStyle::Plain,
        is_admin: false,
        server_lang: None,
        lang: crate::app::i18n::Lang::En,
    };
    // Unrelated full grids to solve (each answer is itself: the check is all the work).
    let mut rng = crate::engine::rng::SeededRng::new(7);
    let grids: Vec<String> = (0..solves.max(1) + 1)
        .map(|_| {
            crate::engine::solver::random_solution(&Grid::empty(), &mut rng)
                .map(|g| g.to_line())
                .unwrap_or_default()
        })
        .collect();
    let solve = |k: usize| {
        let t = Instant::now();
        let reply = app.handle(&invocation(
            "solver",
            Command::Solve {
                grid: grids[k % grids.len()].clone(),
            },
        ));
        (t.elapsed(), reply)
    };

    // The first solve reads every stored daily and indexes its puzzle: what a solve
    // after a start costs (later solves read and index only what was stored since).
    let (first, _) = solve(0);
    println!(
        "first solve (reads and indexes the stored dailies): {:.0} ms; VmRSS {}",
        ms(first),
        vm_rss()
    );

    // Moves, with a solve running beside them all along.
    let board = app.handle(&invocation(
        "bench",
        Command::New {
            empty: Some(50),
            difficulty: None,
            symmetry: None,
        },
    ));
    let givens = crate::engine::parse::parse_grid(&board.content)
        .map_err(|e| anyhow::anyhow!("the new board did not parse: {e}"))?;
    let cell = crate::engine::Cell::all()
        .find(|&c| givens.get(c).is_none())
        .ok_or_else(|| anyhow::anyhow!("no empty cell"))?;
    let stop = AtomicBool::new(false);
    let (times, beside) = std::thread::scope(|scope| {
        let solver = scope.spawn(|| {
            let mut n = 0u64;
            while !stop.load(Ordering::Relaxed) {
                solve(n as usize);
                n += 1;
            }
            n
        });
        let mut times = Vec::with_capacity(moves as usize);
        for k in 0..moves {
            let digit = if k % 2 == 0 { k % 9 + 1 } else { 0 };
            let t = Instant::now();
            let reply = app.handle(&invocation(
                "bench",
                Command::Move {
                    moves: format!("{cell} {digit}"),
                    target: None,
                },
            ));
            times.push(t.elapsed());
            if reply.private {
                stop.store(true, Ordering::Relaxed);
                return Err(anyhow::anyhow!("move {k} was refused: {}", reply.content));
            }
        }
        stop.store(true, Ordering::Relaxed);
        Ok((times, solver.join().unwrap_or(0)))
    })?;
    let mut times = times;
    times.sort();
    println!(
        "moves: {moves} with solves beside them ({beside} solves ran): p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms; longest hold of the store {:.2} ms",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(times.last().copied().unwrap_or_default()),
        ms(app.take_longest_store_hold())
    );

    let mut times = Vec::new();
    // Random grids are not all far from every daily: among 200,000 random puzzles, 5 of
    // 400 random answers were within `CLOSE` cells of one, transformed (the index's
    // `measure`), and such a grid is rightly refused.
    let mut refused = 0;
    for k in 0..solves {
        let (took, reply) = solve(k as usize + 1);
        if reply.content.contains("today's daily puzzles") {
            refused += 1;
        } else if !reply.content.starts_with("Solved") {
            anyhow::bail!("solve {k} failed: {}", reply.content);
        }
        times.push(took);
    }
    times.sort();
    println!(
        "solves: {solves} unrelated full grids ({refused} refused as near a daily): p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms; VmRSS {}",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(times.last().copied().unwrap_or_default()),
        vm_rss()
    );
    Ok(())
}

/// This process's resident memory as the kernel reports it (Linux), or "?".
fn vm_rss() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .map(|l| l["VmRSS:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "?".to_string())
}

/// `servers` servers posting dailies (zones and times spread over the world), each
/// already posted today, with the puzzles of its today and tomorrow stored: four
/// generated puzzles, each server's a random transformation of one of them. A few big
/// transactions.
/// Returns how many distinct puzzles the dailies were made from (`bases`, or fewer when
/// there are fewer dailies than that).
fn seed_dailies(store: &mut crate::store::Store, servers: u64, bases: u64) -> anyhow::Result<u64> {
    use crate::engine::generator::{self, Request};
    use crate::engine::transform::Transform;
    use crate::game::daily::DailySettings;
    const ZONES: [&str; 8] = [
        "UTC",
        "Europe/Madrid",
        "America/Los_Angeles",
        "America/New_York",
        "Asia/Tokyo",
        "Asia/Kolkata",
        "Australia/Sydney",
        "Pacific/Auckland",
    ];
    // At most one base per daily stored; generated on every core.
    let bases = bases.max(1).min(2 * servers);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    let puzzles = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (t..bases)
                        .step_by(threads as usize)
                        .map(|k| (k, generator::generate(&Request::new(50, k + 1))))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all = Vec::new();
        for worker in workers {
            all.extend(
                worker
                    .join()
                    .map_err(|_| anyhow::anyhow!("a generator thread panicked"))?,
            );
        }
        all.sort_by_key(|(k, _)| *k);
        all.into_iter()
            .map(|(_, p)| p.map_err(anyhow::Error::from))
            .collect::<anyhow::Result<Vec<_>>>()
    })?;
    let now = crate::app::Clock::now(&crate::app::SystemClock);
    let mut rng = crate::engine::rng::SeededRng::new(11);
    let mut k = 0;
    while k < servers {
        let batch = (servers - k).min(20_000);
        store.write(|tx| {
            for i in k..k + batch {
                let place = format!("guild:{i}");
                let zone = ZONES[(i % ZONES.len() as u64) as usize];
                let settings = DailySettings {
                    channel: Some(format!("{}", 1_000_000 + i)),
                    time: jiff::civil::Time::new((i % 24) as i8, ((i / 24) % 60) as i8, 0, 0)
                        .unwrap_or_default(),
                    zone: zone.to_string(),
                    difficulty: crate::engine::Tier::Medium,
                    enabled: true,
                    language: "en".into(),
                    zone_change: None,
                };
                tx.save_daily_settings(&place, &settings)?;
                let today = settings.day_at(now);
                let days = [Some(today), today.tomorrow().ok()];
                for (d, day) in days.into_iter().enumerate() {
                    let Some(day) = day else { continue };
                    let p = &puzzles[((2 * i + d as u64) % bases) as usize];
                    let t = Transform::random(&mut rng);
                    tx.insert_daily_puzzle(
                        &place,
                        day,
                        &t.apply(&p.givens),
                        &t.apply(&p.solution),
                        Some(crate::engine::Tier::Medium),
                    )?;
                }
                // Posted today already, its puzzles made: as on a bot that has run.
                tx.claim_post(&place, today, now, now)?;
                tx.settle_post(&place, today, Some("1"))?;
                tx.set_prepare_at(&place, settings.day_end(today), &settings)?;
            }
            Ok::<_, crate::store::StoreError>(())
        })?;
        k += batch;
    }
    Ok(bases)
}
