//! `/sudoku solve <grid>`: solve any pasted grid, no game needed.

use crate::app::render::{self, BoardStyle};
use crate::app::{Failure, Reply, user_error};
use crate::engine::parse::parse_puzzle;
use crate::engine::{Solution, solver};

pub fn run(text: &str, style: BoardStyle) -> Result<Reply, Failure> {
    if text.trim().is_empty() {
        return Err(user_error(
            "Paste a grid after `/sudoku solve`: 81 digits with 0 or . for empty cells, or the rows of a board.",
        ));
    }
    let grid =
        parse_puzzle(text).map_err(|e| user_error(format!("I couldn't read that grid: {e}.")))?;
    Ok(match solver::solve(&grid) {
        Solution::Unique(solution) => Reply::public(format!(
            "Solved: exactly one solution.\n{}\n`{}`",
            render::grid_block(&solution, style),
            solution.to_line()
        )),
        Solution::Multiple(first, _) => Reply::public(format!(
            "This grid has more than one solution, so it is not a proper Sudoku. One of them:\n{}\n`{}`",
            render::grid_block(&first, style),
            first.to_line()
        )),
        Solution::None => Reply::private(
            "This grid has no solution: its givens contradict each other somewhere (no digit clashes directly, but they cannot all be completed).",
        ),
    })
}
