//! The `sudoku-bot` binary: a thin command line over the library. Each subcommand is one
//! call into an adapter: `run` (Discord), `play` (the terminal), and the batch commands.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use sudoku_bot::adapters::batch::{self, GenerateArgs, HintArgs, RenderArgs, bench::BenchCommand};
use sudoku_bot::adapters::discord;
use sudoku_bot::adapters::discord::config::LogFormat;
use sudoku_bot::adapters::terminal::{self, PlayArgs};
use sudoku_bot::store;

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
        #[command(flatten)]
        what: GenerateArgs,
        /// How many puzzles.
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// Seed: the same seed gives the same puzzles on every machine.
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Run the Discord bot. The token comes from DISCORD_TOKEN (or the config's
    /// token_file); it is never logged.
    ///
    /// Every setting of the config file may come from the environment instead, which wins
    /// over the file: SUDOKU_ and the key in upper case, a section and its key joined by
    /// _ (SUDOKU_SHARDS, SUDOKU_INTERACTIONS_LISTEN); DATABASE_URL for the database.
    /// RUST_LOG, when set, wins over log_level.
    #[command(
        after_help = "Examples:\n  DISCORD_TOKEN=... sudoku-bot run --config config.toml\n  DISCORD_TOKEN=... DATABASE_URL=postgres://sudoku@db/sudoku sudoku-bot run"
    )]
    Run {
        /// A TOML config (see config.example.toml); defaults and the environment apply
        /// without one.
        #[arg(long)]
        config: Option<PathBuf>,
        /// `text` (coloured only on a terminal) or `json`, one object a line. Wins over
        /// the config's log_format.
        #[arg(long, value_name = "FORMAT")]
        log_format: Option<LogFormat>,
    },
    /// Ask a running bot's admin listener whether it is alive (`/healthz`), or ready
    /// with --ready (`/readyz`); exit status 0 when it is, 1 otherwise. For a container's
    /// health check: the address is the config's (and environment's) [admin] listen.
    #[command(after_help = "Example:\n  sudoku-bot health --ready")]
    Health {
        /// The same config as `run` (the environment applies too).
        #[arg(long)]
        config: Option<PathBuf>,
        /// Ask /readyz instead of /healthz.
        #[arg(long)]
        ready: bool,
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
    Play(PlayArgs),
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
    Hint(HintArgs),
    /// The whole logical solution path of a puzzle (argument or stdin), one step per line.
    #[command(
        after_help = "Example:\n  sudoku-bot explain 003020600900305001001806400008102900700000008006708200002609500800203009005010300"
    )]
    Explain { puzzle: Option<String> },
    /// Draw a board as a PNG, as image boards show it: givens, the player's digits, wrong
    /// digits and pencil marks.
    #[command(
        after_help = "Example:\n  sudoku-bot render 003020600900305001001806400008102900700000008006708200002609500800203009005010300 --notes 'A1 45' --out board.png"
    )]
    Render(RenderArgs),
    /// Measure the engine on one core (CPU time).
    #[command(subcommand)]
    Bench(BenchCommand),
    /// Copy the database consistently while the bot runs, then check the copy. SQLite:
    /// the online backup API, one self-contained file. PostgreSQL: `pg_dump` (custom
    /// format, for `pg_restore`), which must be installed.
    #[command(
        after_help = "Example:\n  sudoku-bot backup --db sudoku-bot.db --to /backups/sudoku-2026-11-24.db\n  sudoku-bot backup --db postgres://bot@db/sudoku --to /backups/sudoku-2026-11-24.dump"
    )]
    Backup {
        /// The live database: a file or a `postgres://` URL.
        #[arg(long)]
        db: store::Location,
        /// Where the copy goes (replaced if it exists).
        #[arg(long)]
        to: PathBuf,
    },
    /// Check a database's integrity and say what it holds (players, games, servers, schema
    /// version), without changing it; exit status 1 when it is damaged.
    #[command(after_help = "Example:\n  sudoku-bot check --db sudoku-bot.db")]
    Check {
        /// A file or a `postgres://` URL.
        #[arg(long)]
        db: store::Location,
    },
    /// Copy everything from one database to another, empty one (SQLite to PostgreSQL, or
    /// back), then check that every table holds as many rows in both. Refuses a target
    /// that holds anything. Stop the bot first: what it writes meanwhile is not copied.
    #[command(
        name = "migrate-store",
        after_help = "Example:\n  sudoku-bot migrate-store --from sudoku-bot.db --to postgres://bot@db.internal/sudoku"
    )]
    MigrateStore {
        #[arg(long)]
        from: store::Location,
        #[arg(long)]
        to: store::Location,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("sudoku-bot: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn run(command: Command) -> anyhow::Result<ExitCode> {
    let done = |()| ExitCode::SUCCESS;
    match command {
        Command::Solve => batch::solve(),
        Command::Generate { what, count, seed } => {
            batch::generate(&what, count, seed, std::io::stdout().lock()).map(done)
        }
        Command::Run { config, log_format } => discord::process::run(config, log_format),
        Command::Health { config, ready } => discord::process::health(config, ready),
        Command::Play(args) => terminal::play_command(&args).map(done),
        Command::Grade => batch::grade().map(done),
        Command::Hint(args) => batch::hint(&args),
        Command::Explain { puzzle } => batch::explain(puzzle.as_deref()),
        Command::Render(args) => batch::render(&args),
        Command::Bench(command) => batch::bench::run(&command).map(done),
        Command::Backup { db, to } => batch::backup(&db, &to).map(done),
        Command::MigrateStore { from, to } => batch::migrate_store(&from, &to).map(done),
        Command::Check { db } => batch::check(&db),
    }
}
