//! `/sudoku solve <grid>`: solve any pasted grid, no game needed.

use std::collections::HashMap;

use crate::app::i18n::t;
use crate::app::render;
use crate::app::{App, Failure, Invocation, Reply, user_error};
use crate::engine::likeness::Protected;
use crate::engine::likeness_index::{LikenessIndex, NearAnswer};
use crate::engine::parse::parse_puzzle;
use crate::engine::{Grid, Solution, solver};
use crate::game::daily::server_day;
use crate::store::{OwnKind, StoreError, Tx};
use jiff::civil::Date;
use jiff::tz::TimeZone;

pub fn run(app: &App, inv: &Invocation, text: &str) -> Result<Reply, Failure> {
    let style = inv.style;
    let lang = inv.lang;
    if text.trim().is_empty() {
        return Err(user_error(t!(lang, "solve-empty")));
    }
    let grid = parse_puzzle(text).map_err(|e| {
        user_error(t!(
            lang,
            "solve-unreadable",
            why = render::parse_error(&e, lang)
        ))
    })?;
    let solution = solver::solve(&grid);
    let answer = match &solution {
        Solution::Unique(s) | Solution::Multiple(s, _) => Some(s),
        Solution::None => None,
    };
    // The answer's keys, worked out once for every protected puzzle it is checked against.
    let near = answer.and_then(NearAnswer::new);
    if let Some(why) = spoiler(app, inv, &grid, near.as_ref())? {
        return Err(user_error(t!(lang, "solve-spoiler", which = why)));
    }
    Ok(match solution {
        Solution::Unique(solution) => Reply::public(format!(
            "{}\n{}\n`{}`",
            t!(lang, "solve-unique"),
            render::grid_block(&solution, style),
            solution.to_line()
        )),
        Solution::Multiple(first, _) => Reply::public(format!(
            "{}\n{}\n`{}`",
            t!(lang, "solve-several"),
            render::grid_block(&first, style),
            first.to_line()
        )),
        Solution::None => Reply::private(t!(lang, "solve-none")),
    })
}

/// Why answering `grid` would give away a puzzle that is being played for, if it would
/// (the catalogue's `solve-spoiler` variant):
/// one of the player's own games in progress (anywhere), a co-op board running in any
/// channel, or a daily puzzle whose server day is running (in any server: pasting it
/// elsewhere must not leak it either). Decided
/// by what the grid is, not by its text: an edited copy of the puzzle, or a grid whose
/// answer is the protected one in any disguise ([`Protected`]).
fn spoiler(
    app: &App,
    inv: &Invocation,
    grid: &Grid,
    answer: Option<&NearAnswer>,
) -> Result<Option<&'static str>, Failure> {
    let now = app.now();
    let (own, coops, races) = app.store().read(|tx| {
        Ok::<_, Failure>((
            tx.active_puzzles_of(&inv.player.id)?,
            // Co-op boards running anywhere: a channel's team plays for that answer.
            tx.coop_puzzles_running(None)?,
            // Races open or running anywhere: their players race for that answer.
            tx.race_puzzles_running()?,
        ))
    })?;
    let spoils = |givens: Grid, solution: Grid| {
        // `Protected::is_answered_by`, with the answer's keys made once.
        let p = Protected { givens, solution };
        p.is_edited_copy(grid) || answer.is_some_and(|a| a.is_near(&p.solution))
    };
    // Your own game: the refusal says what that game allows instead (a race has no hints
    // and keeps its solution hidden; a daily's give-up does not end its day).
    if let Some(own) = own.into_iter().find(|p| spoils(p.givens, p.solution)) {
        return Ok(Some(match own.kind {
            OwnKind::Free => "own-game",
            OwnKind::Daily => "own-daily",
            OwnKind::Race => "own-race",
        }));
    }
    if coops
        .into_iter()
        .any(|(givens, solution)| spoils(givens, solution))
    {
        return Ok(Some("coop"));
    }
    if races
        .into_iter()
        .any(|(givens, solution)| spoils(givens, solution))
    {
        return Ok(Some("race"));
    }
    // Every server's dailies that may be running somewhere: from a cache that catches up
    // with what was stored since its last look, read beside the store, not in it, and
    // checked through its index (only the few dailies the grid might spoil are checked).
    let (from, to) = running_window(now);
    if app.with_dailies(from, to, |cache| cache.spoiled(grid, answer, now))? {
        // Also said of a grid that is only close (its answer within `CLOSE` cells of a
        // running daily's, transformed): with 200,000 dailies, 5 of 400 random grids were
        // (the index's `measure`, BENCHMARKS.md), so the reply says so.
        return Ok(Some("daily"));
    }
    Ok(None)
}

/// The days that may be "today" somewhere at `now`: local dates run from UTC-12 to
/// UTC+14.
pub(crate) fn running_window(now: crate::game::Millis) -> (Date, Date) {
    let utc = |offset_hours: i64| server_day(now + offset_hours * 3_600_000, &TimeZone::UTC);
    (utc(-12), utc(14))
}

/// The daily puzzles of every server from a day on, as last read, indexed for `/sudoku
/// solve` ([`LikenessIndex`]), and how far the reads got: rereading them all (one row per
/// server and day) and checking each for every solve would take most of a minute on a big
/// bot. Each solve reads only the rows stored since (by row number) and indexes the new
/// puzzles; a new window (the UTC day moved on) or a change of a server's settings reads
/// the rows afresh, but the index keeps the puzzles it has (keyed by their grids), so
/// only puzzles never seen cost their keys, and those no row refers to any more are
/// dropped once they outnumber the live ones.
pub(crate) struct DailyCache {
    from: Option<Date>,
    last_row: i64,
    /// Each daily read: its day and its server's zone (in `zones`). Its puzzle is in the
    /// index, its server's name not needed: a few bytes a daily.
    dailies: Vec<Running>,
    /// The zones dailies were read in, each looked up once.
    zones: Vec<TimeZone>,
    zone_ids: HashMap<String, u16>,
    index: LikenessIndex,
    /// The first daily (position in `dailies`) showing the puzzle in each slot of
    /// `index`, and for each daily the next one showing the same puzzle ([`NONE`]: no
    /// more): the dailies of a slot without a vector each.
    first: Vec<u32>,
    next: Vec<u32>,
}

/// A daily as `/sudoku solve` needs it: whether its day is running.
struct Running {
    day: Date,
    zone: u16,
}

/// No daily.
const NONE: u32 = u32::MAX;

impl Default for DailyCache {
    fn default() -> Self {
        DailyCache {
            from: None,
            last_row: 0,
            dailies: Vec::new(),
            zones: Vec::new(),
            zone_ids: HashMap::new(),
            index: LikenessIndex::new(),
            first: Vec::new(),
            next: Vec::new(),
        }
    }
}

/// Days past the last day that may be running somewhere that are read (and indexed)
/// too: a server's next puzzle is stored a day or so ahead, so it is indexed as it is
/// stored, not all at once when the UTC day moves on.
pub(crate) const DAYS_AHEAD: i64 = 3;

impl DailyCache {
    /// Forgets which dailies were read (keeping the index of their puzzles): the next
    /// solve reads the rows afresh (a server's zone changed, so which of its dailies
    /// runs did too).
    pub(crate) fn clear(&mut self) {
        self.from = None;
        self.last_row = 0;
        self.dailies.clear();
        self.next.clear();
        self.first.fill(NONE);
    }

    /// Brings the cache up to date for the dailies of day `from` on with `tx` (a read).
    pub(crate) fn refresh(&mut self, tx: &Tx<'_>, from: Date, to: Date) -> Result<(), StoreError> {
        // Rows are forgotten only on a reread: only then can puzzles go stale.
        let reread = self.from != Some(from);
        if reread {
            self.clear();
        }
        let (new, last) = tx.dailies_stored_after(from, to, self.last_row)?;
        self.from = Some(from);
        self.last_row = last;
        for d in new {
            let slot = self.index.insert(&Protected {
                givens: d.givens,
                solution: d.solution,
            }) as usize;
            if self.first.len() <= slot {
                self.first.resize(slot + 1, NONE);
            }
            let zone = match self.zone_ids.get(&d.zone) {
                Some(&z) => z,
                None => {
                    let z = self.zones.len() as u16;
                    // An unknown zone counts as UTC, as the daily's own commands do.
                    self.zones
                        .push(TimeZone::get(&d.zone).unwrap_or(TimeZone::UTC));
                    self.zone_ids.insert(d.zone, z);
                    z
                }
            };
            self.next.push(self.first[slot]);
            self.first[slot] = self.dailies.len() as u32;
            self.dailies.push(Running { day: d.day, zone });
        }
        self.index.settle();
        // Puzzles no row shows any more (days gone by): drop them once they are more
        // than the live ones, so the index follows the window.
        let live = || self.first.iter().filter(|&&i| i != NONE).count();
        if reread && self.index.len() > 2 * live() + 1024 {
            let remap = self.index.retain(|slot| self.first[slot as usize] != NONE);
            let mut first = vec![NONE; self.index.len()];
            for (old, new) in remap.iter().enumerate() {
                if let Some(new) = new {
                    first[*new as usize] = self.first[old];
                }
            }
            self.first = first;
        }
        Ok(())
    }

    /// Whether `grid` (printed as `answer`) would spoil a daily whose day is running
    /// now in its server's zone: [`Protected::is_edited_copy`] or
    /// [`Protected::is_answered_by`] for one of them, checked on the index's candidates
    /// only (the index leaves out no daily those checks would refuse for).
    pub(crate) fn spoiled(
        &self,
        grid: &Grid,
        answer: Option<&NearAnswer>,
        now: crate::game::Millis,
    ) -> bool {
        let running = |slot: u32| {
            let mut i = self.first.get(slot as usize).copied().unwrap_or(NONE);
            while let Some(d) = self.dailies.get(i as usize) {
                if server_day(now, &self.zones[usize::from(d.zone)]) == d.day {
                    return true;
                }
                i = self.next[i as usize];
            }
            false
        };
        self.index.spoiled(grid, answer, running).is_some()
    }
}
