//! The `sudoku-bot` binary: a thin command line over the library.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};
use sudoku_bot::adapters::discord::{self, Config};
use sudoku_bot::adapters::{batch, terminal};
use sudoku_bot::app::{App, BoardStyle, SystemClock};
use sudoku_bot::engine::Tier;
use sudoku_bot::engine::generator::Symmetry;
use sudoku_bot::engine::parse::parse_puzzle;
use sudoku_bot::engine::rng::SeededRng;
use sudoku_bot::store::Store;

#[derive(Parser)]
#[command(
    name = "sudoku-bot",
    version,
    about = "Play Sudoku in Discord or a terminal; solve and generate puzzles from a shell"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles read from stdin, one per line.
    ///
    /// Each line may be in any format the parser accepts that fits on one line (81
    /// characters with 0 or . for empty, spaces and separators allowed). Blank lines and
    /// lines starting with # are skipped. One output line per puzzle: the 81-digit
    /// solution, `no solution`, `multiple solutions` or `invalid: <reason>`. Exit status 0
    /// when every puzzle had exactly one solution, 1 otherwise.
    #[command(
        after_help = "Example:\n  echo 003020600900305001001806400008102900700000008006708200002609500800203009005010300 | sudoku-bot solve"
    )]
    Solve,
    /// Generate puzzles with exactly N empty cells and one solution, one line each
    /// (81 characters, . for empty).
    #[command(
        after_help = "Example:\n  sudoku-bot generate --empty 45 --count 3 --seed 7 --symmetry rot180"
    )]
    Generate {
        /// Number of empty cells, 0 to 64.
        #[arg(long, required_unless_present_any = ["difficulty", "minimal"])]
        empty: Option<usize>,
        /// Random minimal puzzles instead: every clue is needed for uniqueness.
        #[arg(long, conflicts_with_all = ["empty", "difficulty"])]
        minimal: bool,
        /// easy, medium, hard, expert or extreme: graded, never guessed.
        #[arg(long, value_parser = parse_tier)]
        difficulty: Option<Tier>,
        /// How many puzzles.
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// Seed: the same seed gives the same puzzles on every machine.
        #[arg(long)]
        seed: Option<u64>,
        /// none, rot180 or mirror.
        #[arg(long, default_value = "none", value_parser = parse_symmetry)]
        symmetry: Symmetry,
    },
    /// Run the Discord bot. The token comes from DISCORD_TOKEN (or the config's
    /// token_file); it is never logged.
    #[command(after_help = "Example:\n  DISCORD_TOKEN=... sudoku-bot run --config config.toml")]
    Run {
        /// A TOML config (see config.example.toml); defaults apply without one.
        #[arg(long)]
        config: Option<PathBuf>,
    },
    /// Play in this terminal: the same commands and replies as in Discord.
    ///
    /// Type `/sudoku new 40`, `/sudoku move B7 4`, `/sudoku help`. Session commands:
    /// `:user NAME` acts as another player, `:place NAME` moves to another server,
    /// `:now TIME` and `:advance 5m` set the clock, `:press N` presses a button of the last
    /// reply, `:quit` ends. With stdin not a terminal, commands are read line by line
    /// without prompts, so sessions can be scripted.
    #[command(
        after_help = "Example:\n  sudoku-bot play\n  printf '/sudoku new 40\\n/sudoku move B7 4\\n' | sudoku-bot play --db /tmp/s.db --seed 1"
    )]
    Play {
        /// The SQLite database; created on first use.
        #[arg(long, default_value = "sudoku-bot.db")]
        db: PathBuf,
        /// Who you are.
        #[arg(long, default_value = "player")]
        user: String,
        /// Where you play (as a Discord server would be).
        #[arg(long, default_value = "terminal")]
        place: String,
        /// Start the clock at this time (e.g. 2026-11-22T09:00:00Z) instead of now.
        #[arg(long)]
        now: Option<String>,
        /// Seed for new puzzles (default: fresh each run).
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Grade puzzles read from stdin, one per line: `<tier> <score> <hardest technique>`,
    /// or `invalid: <reason>`, `no solution`, `multiple solutions`.
    #[command(
        after_help = "Example:\n  echo 003020600900305001001806400008102900700000008006708200002609500800203009005010300 | sudoku-bot grade"
    )]
    Grade,
    /// The next teaching hint for a puzzle (as an argument, or on stdin in any format the
    /// parser reads), optionally on the player's current board.
    #[command(
        after_help = "Example:\n  sudoku-bot hint --depth 3 003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    )]
    Hint {
        /// 1: the technique and where to look; 2: plus the digits; 3: the whole step.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
        depth: u8,
        /// The current entries, givens included (81 cells, any format).
        #[arg(long)]
        board: Option<String>,
        puzzle: Option<String>,
    },
    /// The whole logical solution path of a puzzle (argument or stdin), one step per line.
    #[command(
        after_help = "Example:\n  sudoku-bot explain 003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    )]
    Explain { puzzle: Option<String> },
    /// Measure the engine on one core (CPU time).
    #[command(subcommand)]
    Bench(BenchCommand),
}

#[derive(Subcommand)]
enum BenchCommand {
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
        #[arg(long, required_unless_present_any = ["difficulty", "minimal"])]
        empty: Option<usize>,
        #[arg(long, conflicts_with_all = ["empty", "difficulty"])]
        minimal: bool,
        #[arg(long, value_parser = parse_tier)]
        difficulty: Option<Tier>,
        #[arg(long, default_value_t = 1000)]
        count: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value = "none", value_parser = parse_symmetry)]
        symmetry: Symmetry,
    },
    /// Grade every puzzle of each file; prints puzzles per second and the tiers.
    #[command(after_help = "Example:\n  sudoku-bot bench grade minimal.txt")]
    Grade { files: Vec<PathBuf> },
    /// Play COUNT moves through the command core on a real SQLite file (durable commits);
    /// prints p50, p99, max latency and moves per second.
    #[command(after_help = "Example:\n  sudoku-bot bench moves --db /tmp/bench.db --count 5000")]
    Moves {
        #[arg(long, default_value = "bench-moves.db")]
        db: PathBuf,
        #[arg(long, default_value_t = 5000)]
        count: u64,
        /// First add this many finished games (of 5,000 other players) to the database.
        #[arg(long, default_value_t = 0)]
        finished_games: u64,
    },
}

fn parse_tier(s: &str) -> Result<Tier, String> {
    Tier::parse(s).ok_or_else(|| {
        format!(
            "unknown difficulty {s:?}; use one of: {}",
            Tier::ALL.map(Tier::name).join(", ")
        )
    })
}

fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    Symmetry::parse(s).ok_or_else(|| {
        format!(
            "unknown symmetry {s:?}; use one of: {}",
            Symmetry::NAMES.join(", ")
        )
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("sudoku-bot: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Solve => {
            let stdin = io::stdin();
            let all_unique = batch::solve_stream(stdin.lock(), io::stdout().lock())?;
            Ok(if all_unique {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
        Command::Generate {
            empty,
            minimal: _,
            difficulty,
            count,
            seed,
            symmetry,
        } => {
            batch::generate_stream(
                empty,
                difficulty,
                count,
                seed,
                symmetry,
                io::stdout().lock(),
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Run { config } => run_discord(config),
        Command::Play {
            db,
            user,
            place,
            now,
            seed,
        } => {
            let start = match now.as_deref() {
                None => None,
                Some(text) => Some(terminal::parse_time(text).ok_or_else(|| {
                    anyhow::anyhow!("--now {text:?}: use a time such as 2026-11-22T09:00:00Z")
                })?),
            };
            // Storage faults are logged as in the bot, on stderr beside the session.
            tracing_subscriber::fmt()
                .with_writer(io::stderr)
                .with_env_filter(tracing_subscriber::EnvFilter::new("error"))
                .init();
            let clock = Arc::new(terminal::TerminalClock::fixed_at(start));
            let store =
                Store::open(&db).map_err(|e| anyhow::anyhow!("opening {}: {e}", db.display()))?;
            let app = App::new(
                store,
                clock.clone(),
                seed.unwrap_or_else(SeededRng::fresh_seed),
            );
            let mut session = terminal::Session::new(&app, &clock, &user, &place);
            session.interactive = io::stdin().is_terminal();
            if io::stdout().is_terminal() {
                session.style = BoardStyle::Ansi;
            }
            session.run(io::stdin().lock(), &mut io::stdout().lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench(BenchCommand::Solve { files, seconds }) => {
            for path in files {
                let text = std::fs::read_to_string(&path)?;
                let mut puzzles = Vec::new();
                for line in text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                {
                    puzzles.push(
                        parse_puzzle(line)
                            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
                    );
                }
                let r = batch::bench_solve(&puzzles, Duration::from_secs_f64(seconds));
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
            Ok(ExitCode::SUCCESS)
        }
        Command::Grade => {
            let stdin = io::stdin();
            let mut out = io::stdout().lock();
            for line in stdin.lock().lines() {
                let line = line?;
                let t = line.trim();
                if t.is_empty() || t.starts_with('#') {
                    continue;
                }
                writeln!(out, "{}", batch::grade_line(t))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Hint {
            depth,
            board,
            puzzle,
        } => {
            let puzzle = puzzle_argument(puzzle)?;
            match batch::hint_text(&puzzle, board.as_deref(), depth) {
                Ok(text) => {
                    println!("{text}");
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    eprintln!("{e}");
                    Ok(ExitCode::from(1))
                }
            }
        }
        Command::Explain { puzzle } => {
            let puzzle = puzzle_argument(puzzle)?;
            match batch::explain(&puzzle) {
                Ok(lines) => {
                    let mut out = io::stdout().lock();
                    for line in lines {
                        writeln!(out, "{line}")?;
                    }
                    Ok(ExitCode::SUCCESS)
                }
                Err(e) => {
                    eprintln!("{e}");
                    Ok(ExitCode::from(1))
                }
            }
        }
        Command::Bench(BenchCommand::Grade { files }) => {
            for path in files {
                let text = std::fs::read_to_string(&path)?;
                let puzzles: Vec<_> = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .filter_map(|l| parse_puzzle(l).ok())
                    .collect();
                let (rate, tiers) = batch::bench_grade(&puzzles);
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
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench(BenchCommand::Moves {
            db,
            count,
            finished_games,
        }) => {
            let r = batch::bench_moves(&db, count, finished_games)?;
            if let Some(bytes) = r.bytes_per_finished_game {
                println!("pre-filled {finished_games} finished games: {bytes:.0} bytes each");
            }
            println!(
                "moves: {} through the core on {}: p50 {:.3} ms, p99 {:.3} ms, max {:.3} ms; {:.0} moves/s",
                r.moves,
                db.display(),
                r.p50.as_secs_f64() * 1e3,
                r.p99.as_secs_f64() * 1e3,
                r.max.as_secs_f64() * 1e3,
                r.per_second
            );
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench(BenchCommand::Generate {
            empty,
            minimal: _,
            difficulty,
            count,
            seed,
            symmetry,
        }) => {
            let r = batch::bench_generate(empty, difficulty, symmetry, count, seed);
            let what = match (empty, difficulty) {
                (Some(n), Some(t)) => format!("--empty {n} --difficulty {t}"),
                (Some(n), None) => format!("--empty {n}"),
                (None, Some(t)) => format!("--difficulty {t}"),
                (None, None) => "--minimal".to_string(),
            };
            println!(
                "generate {what} --symmetry {symmetry}: {} puzzles, {} not found; p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, mean {:.2} ms",
                r.count,
                r.failures,
                r.p50.as_secs_f64() * 1e3,
                r.p99.as_secs_f64() * 1e3,
                r.max.as_secs_f64() * 1e3,
                r.mean.as_secs_f64() * 1e3
            );
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn run_discord(config_path: Option<PathBuf>) -> anyhow::Result<ExitCode> {
    let config = match &config_path {
        Some(path) => Config::load(path)?,
        None => Config::default(),
    };
    let filter = tracing_subscriber::EnvFilter::try_new(&config.log_level)
        .map_err(|e| anyhow::anyhow!("log_level {:?}: {e}", config.log_level))?;
    tracing_subscriber::fmt().with_env_filter(filter).init();
    let token = match config.token(std::env::var("DISCORD_TOKEN").ok()) {
        Ok(token) => token,
        Err(e) => {
            eprintln!("sudoku-bot: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let store = Store::open(&config.database)
        .map_err(|e| anyhow::anyhow!("opening {}: {e}", config.database.display()))?;
    let app = Arc::new(App::new(
        store,
        Arc::new(SystemClock),
        SeededRng::fresh_seed(),
    ));
    let runtime = tokio::runtime::Runtime::new()?;
    let result = runtime.block_on(discord::run(app, &config, &token, shutdown_signal()));
    // Dropping the runtime waits for in-flight commands on blocking threads; the last
    // reference to the app (and the database) goes with them.
    drop(runtime);
    match result {
        Ok(()) => {
            tracing::info!("stopped");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("sudoku-bot: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

/// A puzzle given as an argument, or else all of stdin (so multi-line grids work).
fn puzzle_argument(arg: Option<String>) -> io::Result<String> {
    match arg {
        Some(p) => Ok(p),
        None => {
            let mut text = String::new();
            io::Read::read_to_string(&mut io::stdin(), &mut text)?;
            Ok(text)
        }
    }
}
