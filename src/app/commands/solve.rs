//! `/sudoku solve <grid>`: solve any pasted grid, no game needed.

use crate::app::render;
use crate::app::{App, Failure, Invocation, Reply, user_error};
use crate::engine::parse::parse_puzzle;
use crate::engine::{Grid, Solution, solver};
use crate::game::daily::server_day;

pub fn run(app: &App, inv: &Invocation, text: &str) -> Result<Reply, Failure> {
    let style = inv.style;
    if text.trim().is_empty() {
        return Err(user_error(
            "Paste a grid after `/sudoku solve`: 81 digits with 0 or . for empty cells, or the rows of a board.",
        ));
    }
    let grid =
        parse_puzzle(text).map_err(|e| user_error(format!("I couldn't read that grid: {e}.")))?;
    if is_todays_daily(app, inv, &grid)? {
        return Err(user_error(
            "That is today's daily puzzle of this server: no spoilers while the day runs. Play it with `/sudoku daily`; ask me again tomorrow.",
        ));
    }
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

/// Whether `grid` is this server's daily puzzle of today, bare or partly filled in: its
/// solution posted in the channel would spoil the day for everyone.
fn is_todays_daily(app: &App, inv: &Invocation, grid: &Grid) -> Result<bool, Failure> {
    let place = inv.place.key();
    if place == "dm" {
        return Ok(false);
    }
    let now = app.now();
    app.store().read(|tx| {
        let server = tx.server_daily(place)?;
        let today = server_day(now, &server.settings.tz());
        Ok(tx
            .daily_puzzle(place, today)?
            .is_some_and(|(daily, _)| daily.givens.is_contained_in(grid)))
    })
}
