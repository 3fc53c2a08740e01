//! One player's game: the puzzle, their entries and notes, and the rules that change them.
//!
//! Every rule is a method taking the current time as a value, so the whole game can be
//! played in a test without a clock or a database.

use crate::engine::hint::{self, Depth, Hint};
use crate::engine::{Cell, Grid, Tier};

use super::moves::{Action, Move};

/// Milliseconds since the Unix epoch: what the injected clock returns.
pub type Millis = i64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Active,
    Solved,
    GaveUp,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Solved => "solved",
            Status::GaveUp => "gave_up",
        }
    }

    pub fn parse(text: &str) -> Option<Status> {
        match text {
            "active" => Some(Status::Active),
            "solved" => Some(Status::Solved),
            "gave_up" => Some(Status::GaveUp),
            _ => None,
        }
    }
}

/// What a cell held before a change, so `undo` can put it back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellBefore {
    pub cell: Cell,
    pub digit: u8,
    pub notes: u16,
}

/// Everything one command changed: undo takes back a whole command, as the player typed it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndoRecord(pub Vec<CellBefore>);

/// Why a rule refused to act. Nothing changes when one of these is returned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("this game is already over ({0}); start a new one with `/sudoku new`")]
    Finished(&'static str),
    #[error("{0} is a given: only empty cells can be filled")]
    Given(String),
    #[error("{0} holds a digit; erase it first (`{0} 0`) to take notes there")]
    NoteOnFilled(String),
    #[error("nothing to undo")]
    NothingToUndo,
}

/// The result of one move command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveOutcome {
    /// Cells whose new digit differs from the solution.
    pub mistakes: Vec<Cell>,
    /// Moves that changed nothing (the digit was already there).
    pub unchanged: usize,
    /// Erasures of cells that were already empty (among `unchanged`): not moves.
    pub already_empty: Vec<Cell>,
    pub solved: bool,
}

/// What a full-solution submission amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Submission {
    Solved,
    /// Givens of the puzzle that the submitted grid changes or leaves out.
    GivensDiffer(Vec<Cell>),
    /// Cells filled wrongly, and cells left empty; `counted`: the wrong digits of the
    /// grid counted as mistakes now (see [`Game::submit`]).
    Incorrect {
        wrong: usize,
        missing: usize,
        counted: usize,
    },
}

/// A game in progress or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub givens: Grid,
    pub solution: Grid,
    /// Givens plus the player's entries.
    pub board: Grid,
    /// Pencil marks per cell, bit `d` for digit `d`.
    pub notes: [u16; 81],
    pub difficulty: Option<Tier>,
    pub started_at: Millis,
    pub finished_at: Option<Millis>,
    pub status: Status,
    pub mistakes: u32,
    pub hints: u32,
    /// Cells changed by move commands (digits placed or erased), undo not included.
    pub moves: u32,
    /// When the last hint was given: a second ask moments later on the same board is a
    /// double click, answered again without counting.
    pub last_hint_at: Option<Millis>,
    /// When the player last acted on this game (`None`: not since it started).
    pub last_active_at: Option<Millis>,
    /// Time away beyond [`Game::IDLE_CAP_MS`] per gap: not counted as play.
    pub idle_ms: Millis,
    /// How deep the next hint goes; reset when the digits change.
    pub hint_level: u8,
    /// Move commands applied (undo and notes included): a version for stale buttons.
    pub version: u32,
    pub history: Vec<UndoRecord>,
    /// Check-as-you-go: wrong digits are marked and counted when placed. Off, they are
    /// neither shown nor counted until a check or a submission.
    pub check_as_you_go: bool,
    /// Without check-as-you-go: the wrong digits a check has shown and counted, so a
    /// second check counts only new ones. Also the wrong digits of submitted grids, with
    /// or without check-as-you-go: each is counted once.
    pub revealed: Grid,
    /// The clock runs from the start to the finish and never pauses: a daily is ranked
    /// by the time since its player opened it (see [`Game::elapsed`]). Not stored: a
    /// game is a daily by its record's day.
    pub wall_clock: bool,
    /// The player let the bot fill every empty cell's candidates ([`Game::fill_notes`]) at
    /// least once: an aid that reveals nothing of the solution, so it is no hint, but the
    /// daily leaderboard and the result say it, as they say check-as-you-go off.
    pub auto_notes: bool,
}

impl Game {
    pub fn new(givens: Grid, solution: Grid, difficulty: Option<Tier>, now: Millis) -> Game {
        Game {
            givens,
            solution,
            board: givens,
            notes: [0; 81],
            difficulty,
            started_at: now,
            finished_at: None,
            status: Status::Active,
            mistakes: 0,
            hints: 0,
            moves: 0,
            last_hint_at: None,
            last_active_at: None,
            idle_ms: 0,
            hint_level: 0,
            version: 0,
            history: Vec::new(),
            check_as_you_go: true,
            revealed: Grid::empty(),
            wall_clock: false,
            auto_notes: false,
        }
    }

    /// The same game on a clock that never pauses (a daily).
    pub fn on_wall_clock(mut self) -> Game {
        self.wall_clock = true;
        self
    }

    /// The same game without check-as-you-go.
    pub fn without_checks(mut self) -> Game {
        self.check_as_you_go = false;
        self
    }

    /// A wrong digit the player may see as wrong: at once with check-as-you-go, else once
    /// a check or a submission has shown it.
    pub fn shows_wrong(&self, cell: Cell) -> bool {
        self.is_wrong(cell)
            && (self.check_as_you_go || self.revealed.get(cell) == self.board.get(cell))
    }

    /// Without check-as-you-go, a check or a wrong submission shows the wrong digits and
    /// counts those not shown before as mistakes; how many were new.
    pub fn reveal_wrong(&mut self) -> usize {
        if self.check_as_you_go {
            return 0;
        }
        let mut new = 0;
        for cell in self.wrong_cells() {
            if self.revealed.get(cell) != self.board.get(cell) {
                self.revealed.set(cell, self.board.get(cell));
                new += 1;
            }
        }
        self.mistakes += new as u32;
        new
    }

    /// How many steps back `undo` can go.
    pub const UNDO_LIMIT: usize = 200;

    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.get(cell).is_some()
    }

    /// A player's digit that differs from the solution.
    pub fn is_wrong(&self, cell: Cell) -> bool {
        !self.is_given(cell)
            && self
                .board
                .get(cell)
                .is_some_and(|d| Some(d) != self.solution.get(cell))
    }

    pub fn wrong_cells(&self) -> Vec<Cell> {
        Cell::all().filter(|&c| self.is_wrong(c)).collect()
    }

    /// Empty cells left to fill.
    pub fn remaining(&self) -> usize {
        self.board.empty_count()
    }

    /// Cells still to get right, as the status line counts them: the empty ones and those
    /// whose digit shows as wrong (a wrong digit not yet shown counts as filled, or the
    /// count would give it away). With check-as-you-go, as in a race, this agrees with
    /// the race scoreboard's count of right cells.
    pub fn to_go(&self) -> usize {
        self.remaining()
            + Cell::all()
                .filter(|&c| self.board.get(c).is_some() && self.shows_wrong(c))
                .count()
    }

    /// Time played: from the start to the finish (or `now`), less time away. A gap between
    /// two actions counts at most [`Game::IDLE_CAP_MS`], so leaving a game open overnight
    /// does not ruin its time; the gap still running counts the same way. On the
    /// [wall clock](Game::wall_clock) nothing is time away: the whole span counts (less
    /// any time away recorded before the game was on it).
    pub fn elapsed(&self, now: Millis) -> Millis {
        let end = self.finished_at.unwrap_or(now);
        if self.wall_clock {
            return (end - self.started_at - self.idle_ms).max(0);
        }
        let open_gap = match self.finished_at {
            Some(_) => 0,
            None => (end - self.last_active()).max(0),
        };
        let away = self.idle_ms + (open_gap - Game::IDLE_CAP_MS).max(0);
        (end - self.started_at - away).max(0)
    }

    /// How much longer the clock runs from `now` if the player does nothing: the rest of
    /// [`Game::IDLE_CAP_MS`] since their last action (0 once the game is over). `None`
    /// on the [wall clock](Game::wall_clock), which never stops.
    pub fn clock_stops_in(&self, now: Millis) -> Option<Millis> {
        if self.status != Status::Active {
            return Some(0);
        }
        if self.wall_clock {
            return None;
        }
        Some((Game::IDLE_CAP_MS - (now - self.last_active())).clamp(0, Game::IDLE_CAP_MS))
    }

    /// The longest a pause between two actions counts as play.
    pub const IDLE_CAP_MS: Millis = 5 * 60 * 1000;

    fn last_active(&self) -> Millis {
        self.last_active_at.unwrap_or(self.started_at)
    }

    /// Marks an action of the player at `now` (a move, a note, an undo, a hint, a
    /// submission, giving up): the pause before it counts at most [`Game::IDLE_CAP_MS`].
    /// Call it before the action, so a finish counts the same way.
    pub fn active_at(&mut self, now: Millis) {
        if self.status != Status::Active {
            return;
        }
        let last = self.last_active();
        let gap = now - last;
        if gap > Game::IDLE_CAP_MS && !self.wall_clock {
            self.idle_ms += gap - Game::IDLE_CAP_MS;
        }
        self.last_active_at = Some(now.max(last));
    }

    fn ensure_active(&self) -> Result<(), RuleError> {
        match self.status {
            Status::Active => Ok(()),
            Status::Solved => Err(RuleError::Finished("solved")),
            Status::GaveUp => Err(RuleError::Finished("given up")),
        }
    }

    /// Applies one move command: every move or none.
    pub fn apply(&mut self, moves: &[Move], now: Millis) -> Result<MoveOutcome, RuleError> {
        self.ensure_active()?;
        if let Some(m) = moves.iter().find(|m| self.is_given(m.cell)) {
            return Err(RuleError::Given(m.cell.name()));
        }
        let mut outcome = MoveOutcome::default();
        let mut record = Vec::new();
        for m in moves {
            let new = match m.action {
                Action::Place(d) => Some(d),
                Action::Erase => None,
            };
            if self.board.get(m.cell) == new {
                outcome.unchanged += 1;
                if new.is_none() {
                    outcome.already_empty.push(m.cell);
                }
                continue;
            }
            self.remember(&mut record, m.cell);
            let marks_back = match self.board.get(m.cell) {
                Some(old) => self.marks_cleared_by(m.cell, old),
                None => Vec::new(),
            };
            self.moves += 1;
            self.board.set(m.cell, new);
            self.notes[m.cell.index()] = 0;
            // Taking a digit away gives back the pencil marks its placing took (a wrong
            // digit must not cost the player their notes), wherever a mark's digit is
            // still open: in its peers, and in the cell itself when it is left empty.
            for (peer, d) in marks_back {
                let open = self.board.get(peer).is_none()
                    && !peer.peers().any(|seen| self.board.get(seen) == Some(d));
                if open && self.notes[peer.index()] & (1 << d) == 0 {
                    self.remember(&mut record, peer);
                    self.notes[peer.index()] |= 1 << d;
                }
            }
            if let Some(d) = new {
                // A placed digit rules itself out of every note it can see.
                for peer in m.cell.peers() {
                    if self.notes[peer.index()] & (1 << d) != 0 {
                        self.remember(&mut record, peer);
                        self.notes[peer.index()] &= !(1 << d);
                    }
                }
                // Without check-as-you-go a wrong digit goes unremarked until a check.
                if Some(d) != self.solution.get(m.cell) && self.check_as_you_go {
                    self.mistakes += 1;
                    outcome.mistakes.push(m.cell);
                }
            }
        }
        if !record.is_empty() {
            self.push_undo(record);
            self.version += 1;
            self.hint_level = 0;
            self.last_hint_at = None;
        }
        if self.board == self.solution {
            self.finish(Status::Solved, now);
            outcome.solved = true;
        }
        Ok(outcome)
    }

    /// Toggles the pencil marks `digits` (a bit mask) in `cell`.
    pub fn toggle_notes(&mut self, cell: Cell, digits: u16) -> Result<(), RuleError> {
        self.ensure_active()?;
        if self.is_given(cell) {
            return Err(RuleError::Given(cell.name()));
        }
        if self.board.get(cell).is_some() {
            return Err(RuleError::NoteOnFilled(cell.name()));
        }
        let mut record = Vec::new();
        self.remember(&mut record, cell);
        self.notes[cell.index()] ^= digits & 0x3FE;
        self.push_undo(record);
        self.version += 1;
        Ok(())
    }

    /// Auto-notes: every empty cell's pencil marks become the digits its row, column and box
    /// leave open on the board as it is (the player's digits included, right or wrong:
    /// the bot derives nothing from the solution). One step for undo. Returns how many
    /// cells' marks changed; none changing is no step and no use of the aid.
    pub fn fill_notes(&mut self) -> Result<usize, RuleError> {
        self.ensure_active()?;
        let mut record = Vec::new();
        for cell in Cell::all().filter(|&c| self.board.get(c).is_none()) {
            let seen = cell
                .peers()
                .filter_map(|peer| self.board.get(peer))
                .fold(0u16, |mask, d| mask | 1 << d);
            let open = !seen & 0x3FE;
            if self.notes[cell.index()] != open {
                self.remember(&mut record, cell);
                self.notes[cell.index()] = open;
            }
        }
        let changed = record.len();
        if changed > 0 {
            self.push_undo(record);
            self.version += 1;
            self.auto_notes = true;
        }
        Ok(changed)
    }

    /// Takes back the last command's changes (digits and notes); returns the cells whose
    /// digit changed back. Mistakes already made
    /// stay counted: undo does not rewrite history.
    pub fn undo(&mut self) -> Result<Vec<Cell>, RuleError> {
        self.ensure_active()?;
        let record = self.history.pop().ok_or(RuleError::NothingToUndo)?;
        let mut cells = Vec::new();
        for before in &record.0 {
            if self.board.get(before.cell).unwrap_or(0) != before.digit {
                cells.push(before.cell);
            }
            self.board
                .set(before.cell, (before.digit != 0).then_some(before.digit));
            self.notes[before.cell.index()] = before.notes;
        }
        cells.sort_by_key(|c| c.index());
        self.version += 1;
        self.hint_level = 0;
        self.last_hint_at = None;
        Ok(cells)
    }

    /// The next hint, one level deeper than the last on the same board.
    ///
    /// A second ask within [`Game::DOUBLE_CLICK_MS`] of the last, with nothing changed in
    /// between, is a double click (two presses of the Hint button arrive as two
    /// commands): it gets the same hint again and is not counted.
    ///
    /// Past the deepest level, asking again on the same board repeats the whole step and is
    /// not counted either: hints break leaderboard ties, and a repeat teaches nothing new.
    /// The flag says whether this ask was counted.
    pub fn hint(&mut self, now: Millis) -> Result<(Hint, Depth, bool), RuleError> {
        self.ensure_active()?;
        let h = hint::hint(&self.board, &self.solution);
        if matches!(h, Hint::WrongEntries(_)) {
            // Naming the wrong digits is a check: without check-as-you-go they now show
            // and count, or filling every cell and asking would find them for one hint.
            self.reveal_wrong();
        }
        // Digits changing clears `last_hint_at`: only a repeat on the same board counts.
        let double_click = self
            .last_hint_at
            .is_some_and(|at| (0..Game::DOUBLE_CLICK_MS).contains(&(now - at)));
        let deepest = self.last_hint_at.is_some() && self.hint_level >= 3;
        if double_click || deepest {
            return Ok((h, Depth::from_level(self.hint_level.max(1)), false));
        }
        let depth = Depth::from_level(self.hint_level.saturating_add(1));
        if matches!(h, Hint::Next(_)) {
            self.hint_level = self.hint_level.saturating_add(1).min(3);
        }
        self.hints += 1;
        self.last_hint_at = Some(now);
        Ok((h, depth, true))
    }

    /// How close two hint requests must be to count as one double click.
    pub const DOUBLE_CLICK_MS: Millis = 1_500;

    /// Checks a full grid the player typed or pasted as their answer.
    pub fn submit(&mut self, grid: &Grid, now: Millis) -> Result<Submission, RuleError> {
        self.ensure_active()?;
        let changed: Vec<Cell> = Cell::all()
            .filter(|&c| self.givens.get(c).is_some() && grid.get(c) != self.givens.get(c))
            .collect();
        if !changed.is_empty() {
            return Ok(Submission::GivensDiffer(changed));
        }
        if *grid == self.solution {
            let mut record = Vec::new();
            for cell in Cell::all() {
                if self.board.get(cell) != self.solution.get(cell) || self.notes[cell.index()] != 0
                {
                    self.remember(&mut record, cell);
                }
            }
            self.board = self.solution;
            self.notes = [0; 81];
            self.push_undo(record);
            self.version += 1;
            self.finish(Status::Solved, now);
            return Ok(Submission::Solved);
        }
        let wrong: Vec<Cell> = Cell::all()
            .filter(|&c| grid.get(c).is_some_and(|d| Some(d) != self.solution.get(c)))
            .collect();
        // Saying how many digits are wrong tells as much as a check: each wrong digit of
        // the grid is a mistake, counted once. A digit also on the board is the board's
        // own (counted when placed with check-as-you-go, or by the check that a wrong
        // submission is without it: see `reveal_wrong`). Otherwise grids submitted one
        // guess at a time would find every digit for free.
        let mut counted = 0;
        for &cell in &wrong {
            let digit = grid.get(cell);
            if self.board.get(cell) != digit && self.revealed.get(cell) != digit {
                self.revealed.set(cell, digit);
                counted += 1;
            }
        }
        self.mistakes += counted as u32;
        Ok(Submission::Incorrect {
            wrong: wrong.len(),
            missing: grid.empty_count(),
            counted,
        })
    }

    /// Ends the game without a solve; the board shows the solution afterwards.
    pub fn give_up(&mut self, now: Millis) -> Result<(), RuleError> {
        self.ensure_active()?;
        self.finish(Status::GaveUp, now);
        Ok(())
    }

    fn finish(&mut self, status: Status, now: Millis) {
        self.status = status;
        // A clock that went back (a host's correction) must not finish a game before it
        // started, nor before its last action.
        self.finished_at = Some(now.max(self.started_at).max(self.last_active()));
        self.version += 1;
    }

    /// Keeps the last [`Game::UNDO_LIMIT`] steps: the history is rewritten with every
    /// commit, so an unbounded one made each move slower and bigger on disk.
    /// The pencil marks that placing `digit` in `cell` took away, from its peers and from
    /// `cell` itself: read from the undo history's last step that changed `cell` (the one
    /// that put `digit` there). Nothing when that step is older than the history keeps.
    fn marks_cleared_by(&self, cell: Cell, digit: u8) -> Vec<(Cell, u8)> {
        let Some(step) = self
            .history
            .iter()
            .rev()
            .find(|step| step.0.iter().any(|before| before.cell == cell))
        else {
            return Vec::new();
        };
        let placed_here = step
            .0
            .iter()
            .any(|before| before.cell == cell && before.digit != digit);
        if !placed_here {
            return Vec::new();
        }
        let mut marks = Vec::new();
        for before in &step.0 {
            if before.cell == cell {
                marks.extend(
                    (1..=9)
                        .filter(|d| before.notes & (1 << d) != 0)
                        .map(|d| (cell, d)),
                );
            } else if before.cell.sees(cell) && before.notes & (1 << digit) != 0 {
                marks.push((before.cell, digit));
            }
        }
        marks
    }

    fn push_undo(&mut self, record: Vec<CellBefore>) {
        self.history.push(UndoRecord(record));
        let excess = self.history.len().saturating_sub(Game::UNDO_LIMIT);
        self.history.drain(..excess);
    }

    fn remember(&self, record: &mut Vec<CellBefore>, cell: Cell) {
        if !record.iter().any(|b| b.cell == cell) {
            record.push(CellBefore {
                cell,
                digit: self.board.get(cell).unwrap_or(0),
                notes: self.notes[cell.index()],
            });
        }
    }
}

#[cfg(test)]
mod tests;
