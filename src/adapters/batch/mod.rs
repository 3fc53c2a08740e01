//! The batch command line: `solve`, `generate`, `grade`, `hint`, `explain` and `bench`,
//! for scripts and for measuring the engine. One function per subcommand, taking its
//! parsed arguments; output formats here are a contract, keep them stable.

pub mod bench;

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Args;

use crate::adapters::input::{Line, Lines};
use crate::app::hints;
use crate::app::i18n::Lang;

use crate::engine::generator::{self, Request, Symmetry};
use crate::engine::parse::{parse_grid, parse_puzzle};
use crate::engine::rng::SeededRng;
use crate::engine::solver::{self, Solution};
use crate::engine::{Cell, Grid, Tier};

/// The answer line for one input line of `solve`, or `None` for lines to skip (blank or
/// `#` comments). The flag says whether the puzzle had exactly one solution.
pub fn solve_line(line: &str) -> Option<(String, bool)> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return None;
    }
    Some(match parse_puzzle(t) {
        Err(e) => (format!("invalid: {e}"), false),
        Ok(grid) => match solver::solve(&grid) {
            Solution::Unique(s) => (s.to_line(), true),
            Solution::None => ("no solution".to_string(), false),
            Solution::Multiple(..) => ("multiple solutions".to_string(), false),
        },
    })
}

/// `sudoku-bot solve`: one answer line per puzzle line. Returns true when every puzzle
/// had exactly one solution.
pub fn solve_stream(input: impl BufRead, mut out: impl Write) -> io::Result<bool> {
    let mut all_unique = true;
    for line in Lines::new(input) {
        let answer = match line? {
            Line::Text(text) => solve_line(&text),
            refused => refused.refusal().map(|r| (r, false)),
        };
        if let Some((answer, unique)) = answer {
            all_unique &= unique;
            writeln!(out, "{answer}")?;
        }
    }
    out.flush()?;
    Ok(all_unique)
}

/// The seed of the `k`-th puzzle of a run seeded with `seed`: a mix, so that runs with
/// neighbouring seeds do not share puzzles.
pub fn puzzle_seed(seed: u64, k: u64) -> u64 {
    // SplitMix64's finalizer: a fixed bijection, so it is stable forever.
    let mut z = seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Attempts `generate --difficulty` makes before saying none was found.
pub const GRADED_ATTEMPTS: u32 = crate::engine::generator::DEFAULT_ATTEMPTS;

/// What to generate: by empty cells, by difficulty, or both; `--minimal` (or neither),
/// a random minimal puzzle. Shared by `generate` and `bench generate`.
#[derive(Args, Clone, Debug)]
pub struct GenerateArgs {
    /// Number of empty cells, 0 to 64.
    #[arg(long, required_unless_present_any = ["difficulty", "minimal"])]
    pub empty: Option<usize>,
    /// Random minimal puzzles instead: every clue is needed for uniqueness.
    #[arg(long, conflicts_with_all = ["empty", "difficulty"])]
    pub minimal: bool,
    /// easy, medium, hard, expert or extreme: graded, never guessed.
    #[arg(long, value_parser = parse_tier)]
    pub difficulty: Option<Tier>,
    /// none, rot180 or mirror.
    #[arg(long, default_value = "none", value_parser = parse_symmetry)]
    pub symmetry: Symmetry,
}

impl GenerateArgs {
    /// The puzzle for `seed`.
    pub fn generate(&self, seed: u64) -> Result<generator::Puzzle, anyhow::Error> {
        match self.difficulty {
            Some(tier) => Ok(crate::engine::generator::generate_graded(
                tier,
                self.empty,
                self.symmetry,
                seed,
                GRADED_ATTEMPTS,
            )?
            .0),
            None => {
                let Some(empty) = self.empty else {
                    return Ok(generator::minimal(self.symmetry, seed));
                };
                let request = Request {
                    empty,
                    symmetry: self.symmetry,
                    seed,
                    budget: Request::DEFAULT_BUDGET,
                };
                Ok(generator::generate(&request)?)
            }
        }
    }
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

/// `sudoku-bot solve`: exit status 0 when every puzzle had exactly one solution.
pub fn solve() -> anyhow::Result<ExitCode> {
    let all_unique = solve_stream(io::stdin().lock(), io::stdout().lock())?;
    Ok(if all_unique {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `sudoku-bot generate`: `count` puzzles, one line each.
pub fn generate(
    what: &GenerateArgs,
    count: u64,
    seed: Option<u64>,
    mut out: impl Write,
) -> anyhow::Result<()> {
    let seed = seed.unwrap_or_else(SeededRng::fresh_seed);
    for k in 0..count {
        let puzzle = what.generate(puzzle_seed(seed, k))?;
        writeln!(out, "{}", puzzle.givens.to_line())?;
    }
    out.flush()?;
    Ok(())
}

/// `sudoku-bot grade`: one line per puzzle line of stdin.
pub fn grade() -> anyhow::Result<()> {
    let mut out = io::stdout().lock();
    for line in Lines::new(io::stdin().lock()) {
        let line = match line? {
            Line::Text(text) => text,
            refused => {
                writeln!(out, "{}", refused.refusal().unwrap_or_default())?;
                continue;
            }
        };
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        writeln!(out, "{}", grade_line(t))?;
    }
    Ok(())
}

/// The arguments of `sudoku-bot hint`.
#[derive(Args, Clone, Debug)]
pub struct HintArgs {
    /// 1: the technique and where to look; 2: plus the digits; 3: the whole step.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub depth: u8,
    /// The current entries, givens included (81 cells, any format).
    #[arg(long)]
    pub board: Option<String>,
    /// The puzzle; read from stdin when absent (so multi-line grids work).
    pub puzzle: Option<String>,
}

/// `sudoku-bot hint`: the hint on stdout, or why not on stderr with exit status 1.
pub fn hint(args: &HintArgs) -> anyhow::Result<ExitCode> {
    let puzzle = puzzle_argument(args.puzzle.as_deref())?;
    Ok(print_or_fail(
        hint_text(&puzzle, args.board.as_deref(), args.depth).map(|t| vec![t]),
    ))
}

/// `sudoku-bot explain`: the steps on stdout, or why not on stderr with exit status 1.
pub fn explain(puzzle: Option<&str>) -> anyhow::Result<ExitCode> {
    let puzzle = puzzle_argument(puzzle)?;
    Ok(print_or_fail(explain_lines(&puzzle)))
}

fn print_or_fail(result: Result<Vec<String>, String>) -> ExitCode {
    match result {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}

/// The arguments of `sudoku-bot render`.
#[derive(Args, Clone, Debug)]
pub struct RenderArgs {
    /// The puzzle (any format the parser reads); its digits are the givens.
    pub puzzle: String,
    /// The player's board, givens included (81 cells, any format).
    #[arg(long)]
    pub board: Option<String>,
    /// Pencil marks: `A4 257 · B1 19` (as under a text board) or `A4:257,B1:19`.
    #[arg(long)]
    pub notes: Option<String>,
    /// The cell chosen on the pad (e.g. `B5`): framed, its digit lit across the board.
    #[arg(long)]
    pub chosen: Option<String>,
    /// Draw the number pad under the board as Discord shows it (menus and buttons).
    #[arg(long)]
    pub controls: bool,
    /// With `--controls`: the pad in notes mode.
    #[arg(long, requires = "controls")]
    pub notes_mode: bool,
    /// Where the PNG goes.
    #[arg(long)]
    pub out: std::path::PathBuf,
}

/// `sudoku-bot render`: the board as a PNG, as image boards show it; prints the file and
/// its alt text. Digits that differ from the puzzle's solution are drawn wrong.
pub fn render(args: &RenderArgs) -> anyhow::Result<ExitCode> {
    use crate::app::image::BoardPicture;
    use crate::engine::parse::parse_notes;
    let givens = parse_grid(&args.puzzle).map_err(|e| anyhow::anyhow!("the puzzle: {e}"))?;
    let board = match &args.board {
        Some(text) => parse_grid(text).map_err(|e| anyhow::anyhow!("--board: {e}"))?,
        None => givens,
    };
    let notes = match &args.notes {
        Some(spec) => parse_notes(spec).map_err(|e| anyhow::anyhow!("--notes: {e}"))?,
        None => [0; 81],
    };
    let solution = match solver::solve(&givens) {
        Solution::Unique(s) => Some(s),
        _ => None,
    };
    let chosen = match &args.chosen {
        Some(text) => Some(crate::engine::Cell::parse(text).ok_or_else(|| {
            anyhow::anyhow!("--chosen: `{text}` is not a cell (rows A-I, columns 1-9, e.g. B5)")
        })?),
        None => None,
    };
    let mut picture = BoardPicture::from_parts(&givens, &board, solution.as_ref(), notes);
    picture.chosen = chosen;
    if args.controls {
        let mut game = crate::game::Game::new(givens, solution.unwrap_or(board), None, 0);
        game.board = board;
        game.notes = notes;
        let pad = crate::game::Pad {
            row: chosen.map(|c| c.row() as u8),
            column: chosen.map(|c| c.col() as u8),
            notes: args.notes_mode,
        };
        let (_, reply) = crate::app::preview_pad(&game, pad);
        std::fs::write(
            &args.out,
            picture.png_with_controls(&reply.selects, &reply.buttons),
        )?;
    } else {
        picture.write_png(&args.out)?;
    }
    println!("{}: {}", args.out.display(), picture.alt_text());
    Ok(ExitCode::SUCCESS)
}

/// A puzzle given as an argument, or else all of stdin (so multi-line grids work).
fn puzzle_argument(arg: Option<&str>) -> io::Result<String> {
    match arg {
        Some(p) => Ok(p.to_string()),
        None => io::read_to_string(io::stdin()),
    }
}

/// `sudoku-bot backup`: a consistent copy of the database `db` at `to`.
pub fn backup(db: &crate::store::Location, to: &Path) -> anyhow::Result<()> {
    println!(
        "{}",
        crate::store::backup_at(db, to).map_err(|e| anyhow::anyhow!("backing up {db}: {e}"))?
    );
    Ok(())
}

/// `sudoku-bot migrate-store`: every row of `from` copied into the empty `to`.
pub fn migrate_store(
    from: &crate::store::Location,
    to: &crate::store::Location,
) -> anyhow::Result<()> {
    print!(
        "{}",
        crate::store::copy_store(from, to)
            .map_err(|e| anyhow::anyhow!("copying {from} to {to}: {e}"))?
    );
    Ok(())
}

/// `sudoku-bot check`: the database's health, and exit code 1 when it is not healthy.
pub fn check(db: &crate::store::Location) -> anyhow::Result<ExitCode> {
    let report = crate::store::check_at(db).map_err(|e| anyhow::anyhow!("checking {db}: {e}"))?;
    println!("{report}");
    Ok(if report.is_healthy() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Every puzzle of a file, one per line (blank lines and `#` comments skipped). A line
/// that is not a puzzle fails the whole file, naming the line: a benchmark must never
/// quietly measure fewer puzzles than its file holds.
pub fn read_puzzle_file(path: &Path) -> anyhow::Result<Vec<Grid>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("reading {}: {e}", path.display()))?;
    let mut puzzles = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let grid =
            parse_puzzle(line).map_err(|e| anyhow::anyhow!("{}:{}: {e}", path.display(), k + 1))?;
        puzzles.push(grid);
    }
    Ok(puzzles)
}

/// One line of `sudoku-bot grade`: `<tier> <score> <hardest technique>`, or why not.
pub fn grade_line(line: &str) -> String {
    use crate::engine::grader;
    let grid = match parse_puzzle(line) {
        Ok(g) => g,
        Err(e) => return format!("invalid: {e}"),
    };
    match solver::solve(&grid) {
        Solution::None => return "no solution".into(),
        Solution::Multiple(..) => return "multiple solutions".into(),
        Solution::Unique(_) => {}
    }
    match grader::grade(&grid) {
        Some(g) => format!("{} {} {}", g.tier, g.score, g.hardest_name()),
        None => "no solution".into(),
    }
}

/// `sudoku-bot explain`: the whole logical solution path of a puzzle, one step per line
/// in the compact expert form, then the verdict. Errors are the line to print.
pub fn explain_lines(text: &str) -> Result<Vec<String>, String> {
    use crate::engine::grader;
    let grid = unique_puzzle(text)?;
    let g = grader::grade(&grid).ok_or("no solution")?;
    let mut lines: Vec<String> = g
        .steps
        .iter()
        .enumerate()
        .map(|(k, s)| format!("{}. {}", k + 1, hints::compact(s, Lang::En)))
        .collect();
    lines.push(if g.solved_by_logic {
        format!("solved: {} {} {}", g.tier, g.score, g.hardest_name())
    } else {
        format!(
            "stuck after {} steps: {} (no technique I know applies)",
            g.steps.len(),
            g.hardest_name()
        )
    });
    Ok(lines)
}

/// `sudoku-bot hint`: the hint for `board` (the player's entries with the givens; the
/// puzzle itself when `None`) at `depth`.
pub fn hint_text(puzzle: &str, board: Option<&str>, depth: u8) -> Result<String, String> {
    use crate::engine::hint::{self, Depth};
    let givens = unique_puzzle(puzzle)?;
    let solution = match solver::solve(&givens) {
        Solution::Unique(s) => s,
        _ => return Err("no unique solution".into()),
    };
    let board = match board {
        None => givens,
        Some(text) => {
            let b = parse_grid(text).map_err(|e| format!("invalid board: {e}"))?;
            if let Some(c) =
                Cell::all().find(|&c| givens.get(c).is_some() && b.get(c) != givens.get(c))
            {
                return Err(format!(
                    "invalid board: {c} is a given {} of the puzzle, the board has {}",
                    givens.get(c).unwrap_or(0),
                    b.get(c).map_or("it empty".to_string(), |d| d.to_string())
                ));
            }
            b
        }
    };
    Ok(hints::hint_text(
        &hint::hint(&board, &solution),
        Depth::from_level(depth),
        Lang::En,
    ))
}

/// A puzzle with exactly one solution, or the line that says why not.
fn unique_puzzle(text: &str) -> Result<Grid, String> {
    let grid = parse_grid(text).map_err(|e| format!("invalid: {e}"))?;
    match solver::solve(&grid) {
        Solution::None => Err("no solution".into()),
        Solution::Multiple(..) => Err("multiple solutions".into()),
        Solution::Unique(_) => Ok(grid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_lines_report_each_outcome() {
        let input = "# a comment\n\n003020600900305001001806400008102900700000008006708200002609500800203009005010300\n\
                     ..5...5..........................................................................\n\
                     .................................................................................\n\
                     12\n";
        let mut out = Vec::new();
        let all_unique = solve_stream(input.as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(
            lines[0],
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
        );
        assert_eq!(lines[1], "invalid: 5 appears twice in row A: A3 and A7");
        assert_eq!(lines[2], "multiple solutions");
        assert_eq!(lines[3], "invalid: found 2 cells, a grid needs 81");
        assert!(!all_unique);
    }

    #[test]
    fn puzzle_seeds_differ_per_index() {
        assert_ne!(puzzle_seed(1, 0), puzzle_seed(1, 1));
        assert_ne!(puzzle_seed(1, 0), puzzle_seed(2, 0));
    }
}
