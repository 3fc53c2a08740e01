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
mod tests {
    use super::*;
    use crate::engine::generator::{Request, generate};
    use crate::game::moves::parse_moves;

    fn game(empty: usize) -> Game {
        let p = generate(&Request::new(empty, 11)).expect("generate");
        Game::new(p.givens, p.solution, None, 1_000)
    }

    fn first_empty(g: &Game) -> Cell {
        Cell::all()
            .find(|&c| g.board.get(c).is_none())
            .expect("an empty cell")
    }

    fn right(g: &Game, c: Cell) -> u8 {
        g.solution.get(c).expect("solution is full")
    }

    fn wrong_digit(g: &Game, c: Cell) -> u8 {
        right(g, c) % 9 + 1
    }

    /// Auto-notes: each empty cell's marks are exactly the digits its peers leave open on
    /// the board (a wrong digit of the player's counts too: nothing comes from the
    /// solution), the solution's digit is always among them while the board has no wrong
    /// digit, one undo takes the whole fill back, and a second fill changes nothing.
    #[test]
    fn auto_notes_fill_the_candidates_of_the_board_as_it_is() {
        let mut g = game(50);
        let c = first_empty(&g);
        g.toggle_notes(c, 1 << 5).expect("a note");
        let before = g.notes;
        let changed = g.fill_notes().expect("active");
        assert_eq!(changed, g.remaining());
        assert!(g.auto_notes);
        for cell in Cell::all() {
            let mask = g.notes[cell.index()];
            match g.board.get(cell) {
                Some(_) => assert_eq!(mask, 0, "{cell} is filled"),
                None => {
                    for d in 1..=9u8 {
                        let seen = cell.peers().any(|p| g.board.get(p) == Some(d));
                        assert_eq!(mask & (1 << d) != 0, !seen, "{cell} digit {d}");
                    }
                    assert!(
                        mask & (1 << right(&g, cell)) != 0,
                        "{cell} keeps its answer"
                    );
                }
            }
        }
        assert_eq!(g.fill_notes(), Ok(0), "nothing left to fill");
        g.undo().expect("undo");
        assert_eq!(g.notes, before, "one undo takes the fill back");
        // A wrong digit rules its digit out of its peers' candidates, as the board says.
        let peer = c
            .peers()
            .find(|&p| g.board.get(p).is_none())
            .expect("an empty peer");
        let wrong = wrong_digit(&g, peer);
        g.apply(
            &parse_moves(&format!("{peer} {wrong}")).expect("move"),
            2_000,
        )
        .expect("applied");
        g.fill_notes().expect("active");
        assert_eq!(g.notes[c.index()] & (1 << wrong), 0);
    }

    /// The history was unbounded: 22,779 commands made one game's row 211 KB, rewritten
    /// with every move. Now undo reaches the last `UNDO_LIMIT` steps, in order, and no
    /// further.
    #[test]
    fn undo_reaches_back_the_last_limit_steps_and_no_further() {
        let mut g = game(40);
        let c = first_empty(&g);
        let steps = Game::UNDO_LIMIT + 100;
        for k in 0..steps {
            // Digits 1..=9 in turn: each step leaves a different note set behind.
            g.toggle_notes(c, 1 << (k % 9 + 1)).expect("note");
        }
        assert_eq!(g.history.len(), Game::UNDO_LIMIT);
        let mut expected = g.notes[c.index()];
        for k in (steps - Game::UNDO_LIMIT..steps).rev() {
            g.undo().expect("within the limit");
            expected ^= 1 << (k % 9 + 1);
            assert_eq!(g.notes[c.index()], expected);
        }
        assert_eq!(g.undo(), Err(RuleError::NothingToUndo));
    }

    #[test]
    fn filling_every_cell_solves_and_records_the_time() {
        let mut g = game(30);
        let moves: Vec<Move> = Cell::all()
            .filter(|&c| g.board.get(c).is_none())
            .map(|c| Move {
                cell: c,
                action: Action::Place(right(&g, c)),
            })
            .collect();
        let out = g.apply(&moves, 61_000).expect("moves");
        assert!(out.solved);
        assert_eq!(g.status, Status::Solved);
        assert_eq!(g.elapsed(999_999), 60_000);
        assert_eq!(g.mistakes, 0);
        assert!(matches!(
            g.apply(&moves[..1], 70_000),
            Err(RuleError::Finished(_))
        ));
    }

    #[test]
    fn a_wrong_digit_is_a_mistake_that_stays_visible() {
        let mut g = game(40);
        let c = first_empty(&g);
        let out = g
            .apply(
                &[Move {
                    cell: c,
                    action: Action::Place(wrong_digit(&g, c)),
                }],
                2_000,
            )
            .expect("move");
        assert_eq!(out.mistakes, vec![c]);
        assert_eq!(g.mistakes, 1);
        assert!(g.is_wrong(c));
        assert_eq!(g.wrong_cells(), vec![c]);
        // Placing the same digit again is not a second mistake.
        g.apply(
            &[Move {
                cell: c,
                action: Action::Place(wrong_digit(&g, c)),
            }],
            3_000,
        )
        .expect("move");
        assert_eq!(g.mistakes, 1);
    }

    #[test]
    fn a_given_cannot_change_and_nothing_of_the_command_applies() {
        let mut g = game(40);
        let given = Cell::all().find(|&c| g.is_given(c)).expect("a given");
        let empty = first_empty(&g);
        let before = g.clone();
        let text = format!("{empty} {}, {given} 1", right(&g, empty));
        let err = g
            .apply(&parse_moves(&text).expect("parse"), 2_000)
            .unwrap_err();
        assert_eq!(err, RuleError::Given(given.name()));
        assert_eq!(g, before);
    }

    /// The page's clock stops where the bot's does: five minutes after the last action,
    /// and never on the wall clock.
    #[test]
    fn the_clock_stops_a_pause_after_the_last_action_unless_it_is_the_wall_clock() {
        let mut g = game(40);
        let start = g.started_at;
        assert_eq!(g.clock_stops_in(start), Some(Game::IDLE_CAP_MS));
        g.active_at(start + 60_000);
        assert_eq!(
            g.clock_stops_in(start + 100_000),
            Some(Game::IDLE_CAP_MS - 40_000)
        );
        let late = start + 60_000 + Game::IDLE_CAP_MS + 1;
        assert_eq!(g.clock_stops_in(late), Some(0));
        // Where it stops, the time played stops too.
        assert_eq!(g.elapsed(late), g.elapsed(late + 3_600_000));
        assert_eq!(g.clone().on_wall_clock().clock_stops_in(late), None);
    }

    /// Issue 47: a wrong digit took the right answer out of a neighbour's notes, and
    /// erasing it did not give it back.
    #[test]
    fn erasing_or_replacing_a_digit_gives_back_the_marks_its_placing_took() {
        let mut g = game(50);
        let open = |g: &Game, cell: Cell, d: u8| {
            g.board.get(cell).is_none() && !cell.peers().any(|p| g.board.get(p) == Some(d))
        };
        // A wrong digit that the board still leaves open in the target and two of its
        // empty peers, as a player's notes would have it.
        let (target, wrong, peer, other) = Cell::all()
            .filter(|&c| g.board.get(c).is_none())
            .flat_map(|c| (1..=9u8).map(move |d| (c, d)))
            .filter(|&(c, d)| d != right(&g, c) && open(&g, c, d))
            .find_map(|(c, d)| {
                let mut peers = c.peers().filter(|&p| open(&g, p, d));
                Some((c, d, peers.next()?, peers.next()?))
            })
            .expect("a wrong digit open in a cell and two peers");
        let right_digit = right(&g, target);
        let extra = if wrong == 2 { 3 } else { 2 };
        g.toggle_notes(target, (1 << wrong) | (1 << right_digit))
            .expect("note");
        g.toggle_notes(peer, (1 << wrong) | (1 << extra))
            .expect("note");
        g.toggle_notes(other, 1 << wrong).expect("note");
        let place = |cell: Cell, d: u8| Move {
            cell,
            action: Action::Place(d),
        };
        g.apply(&[place(target, wrong)], 1_000).expect("move");
        assert_eq!(
            g.notes[peer.index()],
            1 << extra,
            "the placing took the 'wrong' mark"
        );
        assert_eq!(g.notes[other.index()], 0);
        // Another cell of `other`'s row, column or box that is no peer of the target
        // now holds the same digit: `other` may no longer take it, so it stays off.
        let blocker = Cell::all()
            .find(|&c| {
                g.board.get(c).is_none()
                    && c.sees(other)
                    && !c.sees(target)
                    && c != target
                    && !c.sees(peer)
            })
            .expect("a blocker cell");
        g.apply(&[place(blocker, wrong)], 2_000).expect("move");
        g.apply(
            &[Move {
                cell: target,
                action: Action::Erase,
            }],
            3_000,
        )
        .expect("erase");
        assert_eq!(
            g.notes[peer.index()],
            (1 << wrong) | (1 << extra),
            "given back"
        );
        assert_eq!(g.notes[other.index()], 0, "not where the digit is taken");
        assert_eq!(
            g.notes[target.index()],
            (1 << wrong) | (1 << right_digit),
            "the cell's own marks are back"
        );
        // Undo takes the erasure back whole: the digit, and the marks off again.
        g.undo().expect("undo");
        assert_eq!(g.board.get(target), Some(wrong));
        assert_eq!(g.notes[peer.index()], 1 << extra);
        // Replacing the digit gives the peers their marks; the cell holds a digit.
        g.apply(&[place(target, right_digit)], 4_000).expect("move");
        assert_eq!(g.notes[peer.index()] & (1 << wrong), 1 << wrong);
        assert_eq!(g.notes[target.index()], 0);
    }

    #[test]
    fn placing_a_digit_clears_it_from_the_notes_it_sees_and_undo_restores_them() {
        let mut g = game(50);
        let empties: Vec<Cell> = Cell::all().filter(|&c| g.board.get(c).is_none()).collect();
        let target = empties[0];
        let d = right(&g, target);
        let peer = *empties[1..]
            .iter()
            .find(|c| c.sees(target))
            .expect("an empty peer");
        let far = *empties
            .iter()
            .find(|c| !c.sees(target))
            .expect("an empty non-peer");
        g.toggle_notes(peer, (1 << d) | (1 << 1)).expect("note");
        g.toggle_notes(far, 1 << d).expect("note");
        let before = g.clone();
        g.apply(
            &[Move {
                cell: target,
                action: Action::Place(d),
            }],
            5_000,
        )
        .expect("move");
        assert_eq!(g.notes[peer.index()] & (1 << d), 0);
        assert_ne!(
            g.notes[far.index()] & (1 << d),
            0,
            "a cell that cannot see it keeps its note"
        );
        g.undo().expect("undo");
        assert_eq!(g.board, before.board);
        assert_eq!(g.notes, before.notes);
    }

    #[test]
    fn undo_takes_back_commands_in_order_then_refuses() {
        let mut g = game(40);
        let c = first_empty(&g);
        g.toggle_notes(c, 0b110).expect("note");
        g.apply(
            &[Move {
                cell: c,
                action: Action::Place(right(&g, c)),
            }],
            2_000,
        )
        .expect("move");
        assert_eq!(g.undo().expect("undo"), vec![c]);
        assert_eq!(g.board.get(c), None);
        assert_eq!(g.notes[c.index()], 0b110);
        g.undo().expect("undo notes");
        assert_eq!(g.notes[c.index()], 0);
        assert_eq!(g.undo(), Err(RuleError::NothingToUndo));
    }

    #[test]
    fn notes_only_in_empty_non_given_cells() {
        let mut g = game(40);
        let given = Cell::all().find(|&c| g.is_given(c)).expect("a given");
        assert_eq!(
            g.toggle_notes(given, 0b10),
            Err(RuleError::Given(given.name()))
        );
        let c = first_empty(&g);
        g.apply(
            &[Move {
                cell: c,
                action: Action::Place(right(&g, c)),
            }],
            2_000,
        )
        .expect("move");
        assert_eq!(
            g.toggle_notes(c, 0b10),
            Err(RuleError::NoteOnFilled(c.name()))
        );
    }

    #[test]
    fn hints_deepen_on_the_same_board_and_reset_after_a_move() {
        let mut g = game(40);
        // Asks a minute apart: each one is a real ask.
        let depths: Vec<Depth> = (0..4)
            .map(|k| g.hint(10_000 + k * 60_000).expect("hint").1)
            .collect();
        assert_eq!(
            depths,
            vec![Depth::Where, Depth::Digit, Depth::Step, Depth::Step]
        );
        // The fourth ask repeats the whole step: not counted.
        assert_eq!(g.hints, 3);
        let c = first_empty(&g);
        g.apply(
            &[Move {
                cell: c,
                action: Action::Place(right(&g, c)),
            }],
            2_000,
        )
        .expect("move");
        assert_eq!(g.hint(300_000).expect("hint").1, Depth::Where);
        assert_eq!(g.moves, 1);
    }

    #[test]
    fn a_double_clicked_hint_counts_once_and_repeats_the_same_depth() {
        let mut g = game(40);
        assert_eq!(g.hint(10_000).expect("hint").1, Depth::Where);
        // The second press of a double click, 300 ms later.
        assert_eq!(g.hint(10_300).expect("hint").1, Depth::Where);
        assert_eq!(g.hints, 1);
        // A deliberate second ask, seconds later, goes deeper and counts.
        assert_eq!(g.hint(15_000).expect("hint").1, Depth::Digit);
        assert_eq!(g.hints, 2);
        // After a move the board is new: an ask right away is a real one.
        let c = first_empty(&g);
        g.apply(
            &[Move {
                cell: c,
                action: Action::Place(right(&g, c)),
            }],
            15_100,
        )
        .expect("move");
        assert_eq!(g.hint(15_200).expect("hint").1, Depth::Where);
        assert_eq!(g.hints, 3);
    }

    #[test]
    fn moves_count_changed_cells_only() {
        let mut g = game(40);
        let empties: Vec<Cell> = Cell::all().filter(|&c| !g.is_given(c)).take(2).collect();
        let (a, b) = (empties[0], empties[1]);
        let place = |c: Cell, d: u8| Move {
            cell: c,
            action: Action::Place(d),
        };
        g.apply(&[place(a, right(&g, a)), place(b, right(&g, b))], 2_000)
            .expect("two moves");
        // The same digit again changes nothing, so it is not a move.
        g.apply(&[place(a, right(&g, a))], 3_000).expect("no-op");
        g.apply(
            &[Move {
                cell: b,
                action: Action::Erase,
            }],
            4_000,
        )
        .expect("erase");
        assert_eq!(g.moves, 3);
        g.undo().expect("undo");
        assert_eq!(g.moves, 3, "undo takes back a move, not the count of moves");
    }

    #[test]
    fn submissions() {
        let mut g = game(40);
        let mut changed = g.solution;
        let given = Cell::all().find(|&c| g.is_given(c)).expect("a given");
        changed.set(given, None);
        assert_eq!(
            g.submit(&changed, 2_000),
            Ok(Submission::GivensDiffer(vec![given]))
        );
        let mut partial = g.solution;
        let empties: Vec<Cell> = Cell::all().filter(|&c| !g.is_given(c)).collect();
        partial.set(empties[0], None);
        partial.set(empties[1], Some(wrong_digit(&g, empties[1])));
        assert_eq!(
            g.submit(&partial, 2_000),
            Ok(Submission::Incorrect {
                wrong: 1,
                missing: 1,
                counted: 1
            })
        );
        assert_eq!(g.status, Status::Active);
        // Told that one digit is wrong, the player learned as much as from a check: it is
        // a mistake, once; the same grid again teaches nothing new.
        assert_eq!(g.mistakes, 1);
        assert_eq!(
            g.submit(&partial, 2_500),
            Ok(Submission::Incorrect {
                wrong: 1,
                missing: 1,
                counted: 0
            })
        );
        assert_eq!(g.mistakes, 1);
        let solution = g.solution;
        assert_eq!(g.submit(&solution, 9_000), Ok(Submission::Solved));
        assert_eq!(g.status, Status::Solved);
        assert_eq!(g.elapsed(20_000), 8_000);
    }

    /// Submitting the givens plus one guess, again and again, told which guesses were
    /// wrong without a mistake counted: every digit could be found for free. Now each
    /// wrong guess costs what a wrong move costs, with check-as-you-go or without.
    #[test]
    fn guessing_by_submission_counts_every_wrong_guess() {
        for checks in [true, false] {
            let mut g = game(40);
            if !checks {
                g = g.without_checks();
            }
            let empties: Vec<Cell> = Cell::all().filter(|&c| !g.is_given(c)).collect();
            let mut wrong_guesses = 0;
            for &cell in &empties[..10] {
                for d in 1..=9 {
                    let mut grid = g.givens;
                    grid.set(cell, Some(d));
                    match g.submit(&grid, 2_000).expect("active") {
                        Submission::Incorrect { wrong: 0, .. } => break,
                        Submission::Incorrect { .. } => wrong_guesses += 1,
                        other => panic!("{other:?}"),
                    }
                }
            }
            assert!(wrong_guesses > 0);
            assert_eq!(g.mistakes, wrong_guesses, "check-as-you-go {checks}");
        }
    }

    /// Without check-as-you-go, a hint that names the wrong digits is a check: they show
    /// and count. Before, filling every cell with a guess and asking found them all for
    /// one hint.
    #[test]
    fn a_hint_that_names_wrong_digits_counts_them_without_check_as_you_go() {
        let mut g = game(40).without_checks();
        let moves: Vec<Move> = Cell::all()
            .filter(|&c| !g.is_given(c))
            .map(|c| Move {
                cell: c,
                action: Action::Place(1),
            })
            .collect();
        g.apply(&moves, 2_000).expect("moves");
        assert_eq!(g.mistakes, 0, "unremarked until a check");
        let wrong = g.wrong_cells();
        let (hint, _, _) = g.hint(60_000).expect("hint");
        assert_eq!(hint, Hint::WrongEntries(wrong.clone()));
        assert_eq!(g.mistakes as usize, wrong.len());
        assert!(wrong.iter().all(|&c| g.shows_wrong(c)));
        // A check right after finds nothing new to count.
        assert_eq!(g.reveal_wrong(), 0);
    }

    #[test]
    fn a_wall_clock_never_pauses() {
        let minute = 60_000;
        let mut g = Game::new(Grid::empty(), Grid::empty(), None, 0).on_wall_clock();
        // Opened, then an hour away (solving on paper), then back.
        assert_eq!(g.elapsed(60 * minute), 60 * minute);
        g.active_at(60 * minute);
        g.active_at(64 * minute);
        assert_eq!(g.idle_ms, 0);
        g.finished_at = Some(64 * minute);
        g.status = Status::Solved;
        assert_eq!(g.elapsed(500 * minute), 64 * minute);
    }

    #[test]
    fn giving_up_ends_the_game() {
        let mut g = game(40);
        g.give_up(5_000).expect("give up");
        assert_eq!(g.status, Status::GaveUp);
        assert_eq!(g.give_up(6_000), Err(RuleError::Finished("given up")));
        assert!(g.hint(7_000).is_err());
    }

    #[test]
    fn time_away_counts_at_most_five_minutes_a_gap() {
        let minute = 60_000;
        let mut g = Game::new(Grid::empty(), Grid::empty(), None, 0);
        g.active_at(2 * minute);
        assert_eq!(g.elapsed(3 * minute), 3 * minute);
        // An hour away: five minutes of it count, while it runs and after the next action.
        assert_eq!(g.elapsed(62 * minute), 7 * minute);
        g.active_at(62 * minute);
        assert_eq!(g.elapsed(62 * minute), 7 * minute);
        g.active_at(64 * minute);
        g.finished_at = Some(64 * minute);
        g.status = Status::Solved;
        assert_eq!(g.elapsed(500 * minute), 9 * minute);
        // A finished game's time no longer moves.
        g.active_at(900 * minute);
        assert_eq!(g.elapsed(900 * minute), 9 * minute);
    }
}
