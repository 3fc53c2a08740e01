//! `/sudoku solve <grid>`: solve any pasted grid, no game needed.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::app::render;
use crate::app::{App, Failure, Invocation, Reply, user_error};
use crate::engine::likeness::Protected;
use crate::engine::parse::parse_puzzle;
use crate::engine::{Grid, Solution, solver};
use crate::game::daily::server_day;
use crate::store::{StoreError, StoredDaily, Tx};
use jiff::civil::Date;
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
    let (own, coops, races) = app.store().read(|tx| {
        Ok::<_, Failure>((
            tx.active_puzzles_of(&inv.player.id)?,
            // Co-op boards running anywhere: a channel's team plays for that answer.
            tx.coop_puzzles_running(None)?,
            // Races open or running anywhere: their players race for that answer.
            tx.race_puzzles_running()?,
        ))
    })?;
    // Every server's dailies that may be running somewhere: from a cache that catches up
    // with what was stored since its last look, read beside the store, not in it.
    let dailies = app.running_dailies(utc(-12), utc(14))?;
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
    let mut zones: HashMap<&str, TimeZone> = HashMap::new();
    // Servers that share a puzzle share its check.
    let mut checked: HashSet<(Grid, Grid)> = HashSet::new();
    let running = dailies.iter().filter(|d| {
        let tz = zones
            .entry(d.zone.as_str())
            .or_insert_with(|| TimeZone::get(&d.zone).unwrap_or(TimeZone::UTC));
        server_day(now, tz) == d.day
    });
    for d in running {
        if checked.insert((d.givens, d.solution)) && spoils(d.givens, d.solution) {
            return Ok(Some(
                "That is today's daily puzzle: no spoilers until its day is over. Play it with `/sudoku daily`; ask me again tomorrow.",
            ));
        }
    }
    Ok(None)
}

/// The daily puzzles of every server for a window of days, as last read, and how far the
/// reads got: `/sudoku solve` checks a pasted grid against those running, and rereading
/// them all (one row per server and day) for every solve would take most of a second on
/// a big bot. Each solve reads only the rows stored since (by row number); a new window
/// (the UTC day moved on) or a change of a server's settings reads the window afresh.
#[derive(Default)]
pub(crate) struct DailyCache {
    window: Option<(Date, Date)>,
    last_row: i64,
    dailies: Arc<Vec<StoredDaily>>,
}

impl DailyCache {
    /// Forgets what was read: the next solve reads the window afresh (a server's zone
    /// changed, so which of its dailies runs did too).
    pub(crate) fn clear(&mut self) {
        *self = DailyCache::default();
    }

    /// Brings the cache up to date for days `from` to `to` with `tx` (a read), and
    /// returns what it holds.
    pub(crate) fn refresh(
        &mut self,
        tx: &Tx<'_>,
        from: Date,
        to: Date,
    ) -> Result<Arc<Vec<StoredDaily>>, StoreError> {
        if self.window != Some((from, to)) {
            self.clear();
        }
        let (new, last) = tx.dailies_stored_after(from, to, self.last_row)?;
        if self.window.is_none() {
            self.dailies = Arc::new(new);
        } else if !new.is_empty() {
            Arc::make_mut(&mut self.dailies).extend(new);
        }
        self.window = Some((from, to));
        self.last_row = last;
        Ok(self.dailies.clone())
    }
}
