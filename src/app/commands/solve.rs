//! `/sudoku solve <grid>`: solve any pasted grid, no game needed.

use std::collections::HashMap;

use crate::app::render;
use crate::app::{App, Failure, Invocation, Reply, user_error};
use crate::engine::likeness::Protected;
use crate::engine::parse::parse_puzzle;
use crate::engine::{Grid, Solution, solver};
use crate::game::daily::server_day;
use jiff::tz::TimeZone;

pub fn run(app: &App, inv: &Invocation, text: &str) -> Result<Reply, Failure> {
    let style = inv.style;
    if text.trim().is_empty() {
        return Err(user_error(
            "Paste a grid after `/sudoku solve`: 81 digits with 0 or . for empty cells, or the rows of a board.",
        ));
    }
    let grid =
        parse_puzzle(text).map_err(|e| user_error(format!("I couldn't read that grid: {e}.")))?;
    let solution = solver::solve(&grid);
    let answer = match &solution {
        Solution::Unique(s) | Solution::Multiple(s, _) => Some(s),
        Solution::None => None,
    };
    if let Some(why) = spoiler(app, inv, &grid, answer)? {
        return Err(user_error(why));
    }
    Ok(match solution {
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

/// Why answering `grid` would give away a puzzle that is being played for, if it would:
/// one of the player's own games in progress (anywhere), a co-op board running in any
/// channel, or a daily puzzle whose server day is running (in any server: pasting it
/// elsewhere must not leak it either). Decided
/// by what the grid is, not by its text: an edited copy of the puzzle, or a grid whose
/// answer is the protected one in any disguise ([`Protected`]).
fn spoiler(
    app: &App,
    inv: &Invocation,
    grid: &Grid,
    answer: Option<&Grid>,
) -> Result<Option<&'static str>, Failure> {
    let now = app.now();
    // Local dates run from UTC-12 to UTC+14: the candidates for "today" somewhere.
    let utc = |offset_hours: i64| server_day(now + offset_hours * 3_600_000, &TimeZone::UTC);
    let (own, dailies, coops, races) = app.store().read(|tx| {
        Ok::<_, Failure>((
            tx.active_puzzles_of(&inv.player.id)?,
            tx.daily_puzzles_between(utc(-12), utc(14))?,
            // Co-op boards running anywhere: a channel's team plays for that answer.
            tx.coop_puzzles_running(None)?,
            // Races open or running anywhere: their players race for that answer.
            tx.race_puzzles_running()?,
        ))
    })?;
    let spoils = |givens: Grid, solution: Grid| {
        let p = Protected { givens, solution };
        p.is_edited_copy(grid) || answer.is_some_and(|a| p.is_answered_by(a))
    };
    if own
        .into_iter()
        .any(|(givens, solution)| spoils(givens, solution))
    {
        return Ok(Some(
            "That is the puzzle of your game in progress, so I won't solve it for you. `/sudoku hint` shows the next step; `/sudoku giveup` ends the game and shows the solution.",
        ));
    }
    if coops
        .into_iter()
        .any(|(givens, solution)| spoils(givens, solution))
    {
        return Ok(Some(
            "That is a co-op board being played right now: no spoilers while the team plays. Join in with `/sudoku coop move`.",
        ));
    }
    if races
        .into_iter()
        .any(|(givens, solution)| spoils(givens, solution))
    {
        return Ok(Some(
            "That is the puzzle of a race being played right now: no spoilers while its players race. Open your own with `/sudoku race`.",
        ));
    }
    // Servers share a handful of zones: look each up once.
    let mut zones: HashMap<String, TimeZone> = HashMap::new();
    let running = dailies.into_iter().filter(|(day, zone, _, _)| {
        let tz = zones
            .entry(zone.clone())
            .or_insert_with(|| TimeZone::get(zone).unwrap_or(TimeZone::UTC));
        server_day(now, tz) == *day
    });
    for (_, _, givens, solution) in running {
        if spoils(givens, solution) {
            return Ok(Some(
                "That is today's daily puzzle: no spoilers until its day is over. Play it with `/sudoku daily`; ask me again tomorrow.",
            ));
        }
    }
    Ok(None)
}
