//! The batch command line: `solve`, `generate` and `bench`, for scripts and for
//! measuring the engine. Output formats here are a contract; keep them stable.

use std::io::{self, BufRead, Write};
use std::time::Duration;

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
    for line in input.lines() {
        if let Some((answer, unique)) = solve_line(&line?) {
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
pub const GRADED_ATTEMPTS: u32 = crate::engine::grader::DEFAULT_ATTEMPTS;

/// One puzzle: by empty cells, by difficulty, or both; with neither, a random minimal
/// puzzle (no clue can go without losing uniqueness).
pub fn generate_one(
    empty: Option<usize>,
    difficulty: Option<Tier>,
    symmetry: Symmetry,
    seed: u64,
) -> Result<generator::Puzzle, anyhow::Error> {
    match difficulty {
        Some(tier) => Ok(crate::engine::grader::generate_graded(
            tier,
            empty,
            symmetry,
            seed,
            GRADED_ATTEMPTS,
        )?
        .0),
        None => {
            let Some(empty) = empty else {
                return Ok(generator::minimal(symmetry, seed));
            };
            let request = Request {
                empty,
                symmetry,
                seed,
                budget: Request::DEFAULT_BUDGET,
            };
            Ok(generator::generate(&request)?)
        }
    }
}

/// `sudoku-bot generate`: `count` puzzles, one line each.
pub fn generate_stream(
    empty: Option<usize>,
    difficulty: Option<Tier>,
    count: u64,
    seed: Option<u64>,
    symmetry: Symmetry,
    mut out: impl Write,
) -> Result<(), anyhow::Error> {
    let seed = seed.unwrap_or_else(SeededRng::fresh_seed);
    for k in 0..count {
        let puzzle = generate_one(empty, difficulty, symmetry, puzzle_seed(seed, k))?;
        writeln!(out, "{}", puzzle.givens.to_line())?;
    }
    out.flush()?;
    Ok(())
}

/// CPU time used by this thread: what a one-core benchmark should count.
pub fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec we pass, which lives on our stack.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Duration::ZERO;
    }
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
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
pub fn bench_solve(puzzles: &[crate::engine::Grid], min_time: Duration) -> SolveBench {
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

pub fn bench_generate(
    empty: Option<usize>,
    difficulty: Option<Tier>,
    symmetry: Symmetry,
    count: u64,
    seed: u64,
) -> GenerateBench {
    let mut times = Vec::with_capacity(count as usize);
    let mut failures = 0;
    for k in 0..count {
        let start = thread_cpu_time();
        let result = generate_one(empty, difficulty, symmetry, puzzle_seed(seed, k));
        times.push(thread_cpu_time() - start);
        if result.is_err() {
            failures += 1;
        }
    }
    times.sort();
    let at = |q: f64| {
        times
            .get(((times.len() as f64 * q).ceil() as usize).saturating_sub(1))
            .copied()
            .unwrap_or_default()
    };
    let total: Duration = times.iter().sum();
    GenerateBench {
        count,
        failures,
        p50: at(0.50),
        p99: at(0.99),
        max: times.last().copied().unwrap_or_default(),
        mean: total / (count.max(1) as u32),
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
pub fn bench_moves(
    db: &std::path::Path,
    count: u64,
    finished_games: u64,
) -> anyhow::Result<MoveBench> {
    use crate::app::{App, BoardStyle, Command, Invocation, Place, Player, SystemClock};
    use std::sync::Arc;
    use std::time::Instant;

    let mut store = crate::store::Store::open(db)?;
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
    let mut times = Vec::with_capacity(count as usize);
    let started = Instant::now();
    for k in 0..count {
        let moves = if k % 2 == 0 {
            format!("{cell} {}", k % 9 + 1)
        } else {
            format!("{cell} 0")
        };
        let t = Instant::now();
        let reply = invoke(Command::Move { moves });
        times.push(t.elapsed());
        if reply.private {
            anyhow::bail!("move {k} was refused: {}", reply.content);
        }
    }
    let total = started.elapsed();
    times.sort();
    let at = |q: f64| {
        times
            .get(((times.len() as f64 * q).ceil() as usize).saturating_sub(1))
            .copied()
            .unwrap_or_default()
    };
    Ok(MoveBench {
        moves: count,
        p50: at(0.5),
        p99: at(0.99),
        max: times.last().copied().unwrap_or_default(),
        per_second: count as f64 / total.as_secs_f64().max(1e-9),
        bytes_per_finished_game,
    })
}

/// `count` solved games of 45 empty cells, one transaction.
fn prefill_finished_games(store: &mut crate::store::Store, count: u64) -> anyhow::Result<()> {
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
pub fn explain(text: &str) -> Result<Vec<String>, String> {
    use crate::engine::{grader, hint};
    let grid = unique_puzzle(text)?;
    let g = grader::grade(&grid).ok_or("no solution")?;
    let mut lines: Vec<String> = g
        .steps
        .iter()
        .enumerate()
        .map(|(k, s)| format!("{}. {}", k + 1, hint::compact(s)))
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
    Ok(hint::hint(&board, &solution).text(Depth::from_level(depth)))
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

/// Grades every puzzle, timing CPU time; returns puzzles per second and the tier counts.
pub fn bench_grade(puzzles: &[Grid]) -> (f64, [usize; 5]) {
    use crate::engine::grader;
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
