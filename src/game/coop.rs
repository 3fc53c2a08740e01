//! A co-op board: one puzzle that everyone in a channel fills together.
//!
//! The shared board is a [`Game`] (givens, solution, digits, shared notes, team mistakes
//! and hints, hint depth, version), so every solo rule that still fits is reused as is.
//! What co-op adds is who did what, and two rules of its own:
//! - a wrong digit is never placed: it is refused for everybody and counted as a mistake
//!   of the team and of its player, so nobody builds on someone else's error;
//! - a digit on the board is its player's: nobody else can overwrite or erase it, and
//!   `undo` takes back only the asking player's own last move.
//!
//! Because wrong digits never land, every digit on the board is correct, and a move that
//! meets a filled cell is a race lost to a teammate, told as such.

use crate::engine::hint::{Depth, Hint};
use crate::engine::{Cell, Grid, Tier};

use super::moves::{Action, Move};
use super::state::{Game, Millis, RuleError, Status};

/// One cell changed by one move command: what it held before and after (0 = empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellChange {
    pub cell: Cell,
    pub before: u8,
    pub after: u8,
}

/// One player's part in a co-op board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contribution {
    /// Platform id of the player.
    pub player: String,
    pub mistakes: u32,
    pub hints: u32,
    /// Their last move command that changed the board, for `undo`.
    pub last_move: Vec<CellChange>,
    /// The board version right after their last undo: an Undo button drawn before it
    /// would take back a second move on a double click, so it is stale.
    pub undone_at: u32,
}

impl Contribution {
    fn new(player: &str) -> Contribution {
        Contribution {
            player: player.to_string(),
            mistakes: 0,
            hints: 0,
            last_move: Vec::new(),
            undone_at: 0,
        }
    }
}

/// What the team sees of one player when the board is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    pub player: String,
    /// Their digits on the board.
    pub cells: u32,
    pub mistakes: u32,
    pub hints: u32,
}

/// A shared board and everyone's part in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coop {
    pub game: Game,
    /// Who placed the digit of each cell: an index into `players`; `None` for givens and
    /// empty cells.
    pub filled_by: [Option<usize>; 81],
    /// Everyone who has acted on the board, in order of arrival (their slot).
    pub players: Vec<Contribution>,
}

/// Why a co-op command changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoopError {
    /// Solved or ended.
    Over(Status),
    Given(Cell),
    /// A cell someone (`by`, maybe the asker) already filled with `digit`.
    Filled {
        cell: Cell,
        digit: u8,
        by: Option<String>,
    },
    /// An erase of someone else's digit.
    NotYours {
        cell: Cell,
        by: Option<String>,
    },
    NoteOnFilled(Cell),
    NothingToUndo,
    /// The Undo button was drawn before the player's last undo: a double click.
    StaleUndo,
}

/// The result of one move command on the shared board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoopOutcome {
    /// Moves that changed the board (correct digits placed, own digits erased).
    pub applied: Vec<Move>,
    /// Wrong digits: refused, counted against the team.
    pub wrong: Vec<Move>,
    /// Moves that changed nothing (erasing an empty cell).
    pub unchanged: usize,
    pub solved: bool,
}

impl Coop {
    pub fn new(givens: Grid, solution: Grid, difficulty: Option<Tier>, now: Millis) -> Coop {
        Coop {
            game: Game::new(givens, solution, difficulty, now),
            filled_by: [None; 81],
            players: Vec::new(),
        }
    }

    /// The slot of `player`, who joins the board on their first action.
    pub fn slot(&mut self, player: &str) -> usize {
        match self.players.iter().position(|p| p.player == player) {
            Some(slot) => slot,
            None => {
                self.players.push(Contribution::new(player));
                self.players.len() - 1
            }
        }
    }

    /// Who placed the digit in `cell`, if a player did.
    pub fn placed_by(&self, cell: Cell) -> Option<&str> {
        self.filled_by[cell.index()]
            .and_then(|slot| self.players.get(slot))
            .map(|p| p.player.as_str())
    }

    fn ensure_active(&self) -> Result<(), CoopError> {
        match self.game.status {
            Status::Active => Ok(()),
            other => Err(CoopError::Over(other)),
        }
    }

    /// Applies one move command of `player`. Every move is checked first: a given, a
    /// filled cell or someone else's digit refuses the whole command and changes nothing.
    /// Then correct digits are placed and wrong ones refused and counted.
    pub fn apply(
        &mut self,
        player: &str,
        moves: &[Move],
        now: Millis,
    ) -> Result<CoopOutcome, CoopError> {
        self.ensure_active()?;
        let me = self.players.iter().position(|p| p.player == player);
        for m in moves {
            if self.game.is_given(m.cell) {
                return Err(CoopError::Given(m.cell));
            }
            let owner = self.filled_by[m.cell.index()];
            let by = || {
                owner
                    .and_then(|s| self.players.get(s))
                    .map(|p| p.player.clone())
            };
            match (m.action, self.game.board.get(m.cell)) {
                (Action::Place(_), Some(digit)) => {
                    return Err(CoopError::Filled {
                        cell: m.cell,
                        digit,
                        by: by(),
                    });
                }
                (Action::Erase, Some(_)) if owner.is_none() || owner != me => {
                    return Err(CoopError::NotYours {
                        cell: m.cell,
                        by: by(),
                    });
                }
                _ => {}
            }
        }
        // Accepted: the team's clock counts play, as a solo game's does.
        self.game.active_at(now);
        let slot = self.slot(player);
        let mut outcome = CoopOutcome::default();
        let mut changes = Vec::new();
        for m in moves {
            let before = self.game.board.get(m.cell).unwrap_or(0);
            let after = match m.action {
                Action::Place(d) if Some(d) != self.game.solution.get(m.cell) => {
                    outcome.wrong.push(*m);
                    continue;
                }
                Action::Place(d) => d,
                Action::Erase => 0,
            };
            if before == after {
                outcome.unchanged += 1;
                continue;
            }
            outcome.applied.push(*m);
            changes.push(CellChange {
                cell: m.cell,
                before,
                after,
            });
        }
        if !outcome.applied.is_empty() {
            // Only correct digits and erasures reach the solo rules: they place, clear
            // the notes a digit rules out, count moves, bump the version, and notice
            // the solve.
            let solo = self
                .game
                .apply(&outcome.applied, now)
                .map_err(|e| match e {
                    RuleError::Given(_) => CoopError::Given(outcome.applied[0].cell),
                    _ => CoopError::Over(self.game.status),
                })?;
            outcome.solved = solo.solved;
            for change in &changes {
                self.filled_by[change.cell.index()] = (change.after != 0).then_some(slot);
            }
            self.players[slot].last_move = changes;
        }
        if !outcome.wrong.is_empty() {
            let n = outcome.wrong.len() as u32;
            self.game.mistakes += n;
            self.players[slot].mistakes += n;
            if outcome.applied.is_empty() {
                self.game.version += 1;
            }
        }
        // The team has no shared undo: each player's own last move is kept instead.
        self.game.history.clear();
        Ok(outcome)
    }

    /// Toggles shared pencil marks.
    pub fn toggle_notes(&mut self, player: &str, cell: Cell, digits: u16) -> Result<(), CoopError> {
        self.ensure_active()?;
        self.game.toggle_notes(cell, digits).map_err(|e| match e {
            RuleError::Given(_) => CoopError::Given(cell),
            RuleError::NoteOnFilled(_) => CoopError::NoteOnFilled(cell),
            _ => CoopError::Over(self.game.status),
        })?;
        self.slot(player);
        self.game.history.clear();
        Ok(())
    }

    /// Auto-notes on the shared board: every empty cell's candidates as its pencil marks.
    /// Returns how many cells' marks changed.
    pub fn fill_notes(&mut self, player: &str) -> Result<usize, CoopError> {
        self.ensure_active()?;
        let changed = self
            .game
            .fill_notes()
            .map_err(|_| CoopError::Over(self.game.status))?;
        self.slot(player);
        self.game.history.clear();
        Ok(changed)
    }

    /// Takes back `player`'s own last move: the cells that still hold what it put there.
    /// `drawn_at` is the board version of a pressed Undo button.
    pub fn undo(&mut self, player: &str, drawn_at: Option<u32>) -> Result<Vec<Cell>, CoopError> {
        self.ensure_active()?;
        let slot = self
            .players
            .iter()
            .position(|p| p.player == player)
            .ok_or(CoopError::NothingToUndo)?;
        let me = &self.players[slot];
        if let Some(v) = drawn_at
            && me.undone_at != 0
            && me.undone_at >= v
        {
            return Err(CoopError::StaleUndo);
        }
        if me.last_move.is_empty() {
            return Err(CoopError::NothingToUndo);
        }
        let changes = std::mem::take(&mut self.players[slot].last_move);
        let mut cells = Vec::new();
        for change in changes {
            let now_holds = self.game.board.get(change.cell).unwrap_or(0);
            let mine = change.after == 0 || self.filled_by[change.cell.index()] == Some(slot);
            if now_holds != change.after || !mine {
                continue;
            }
            self.game
                .board
                .set(change.cell, (change.before != 0).then_some(change.before));
            self.filled_by[change.cell.index()] = (change.before != 0).then_some(slot);
            cells.push(change.cell);
        }
        if cells.is_empty() {
            return Err(CoopError::NothingToUndo);
        }
        cells.sort_by_key(|c| c.index());
        self.game.version += 1;
        self.game.hint_level = 0;
        self.game.last_hint_at = None;
        self.players[slot].undone_at = self.game.version;
        Ok(cells)
    }

    /// The next hint for the team; counted for `player` when it counts for the team.
    pub fn hint(&mut self, player: &str, now: Millis) -> Result<(Hint, Depth), CoopError> {
        self.ensure_active()?;
        self.game.active_at(now);
        let before = self.game.hints;
        let (hint, depth, _) = self
            .game
            .hint(now)
            .map_err(|_| CoopError::Over(self.game.status))?;
        let answer = (hint, depth);
        let slot = self.slot(player);
        self.players[slot].hints += self.game.hints - before;
        Ok(answer)
    }

    /// Ends the board unsolved; it shows the solution afterwards.
    pub fn end(&mut self, now: Millis) -> Result<(), CoopError> {
        self.ensure_active()?;
        self.game.active_at(now);
        self.game
            .give_up(now)
            .map_err(|_| CoopError::Over(self.game.status))
    }

    /// Digits each player has on the board.
    pub fn cells_of(&self, slot: usize) -> u32 {
        self.filled_by.iter().filter(|&&s| s == Some(slot)).count() as u32
    }

    /// Who did what, most cells first (then fewest mistakes, then who came first).
    pub fn tally(&self) -> Vec<Tally> {
        let mut tally: Vec<Tally> = self
            .players
            .iter()
            .enumerate()
            .map(|(slot, p)| Tally {
                player: p.player.clone(),
                cells: self.cells_of(slot),
                mistakes: p.mistakes,
                hints: p.hints,
            })
            .collect();
        tally.sort_by_key(|t| (std::cmp::Reverse(t.cells), t.mistakes));
        tally
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generator::{Request, generate};

    fn coop(empty: usize) -> Coop {
        let p = generate(&Request::new(empty, 7)).expect("generate");
        Coop::new(p.givens, p.solution, None, 1_000)
    }

    fn empties(c: &Coop) -> Vec<Cell> {
        Cell::all()
            .filter(|&cell| c.game.board.get(cell).is_none())
            .collect()
    }

    fn place(c: &Coop, cell: Cell, right: bool) -> Move {
        let d = c.game.solution.get(cell).expect("full");
        Move {
            cell,
            action: Action::Place(if right { d } else { d % 9 + 1 }),
        }
    }

    #[test]
    fn a_wrong_digit_is_refused_and_counted_for_its_player_and_the_team() {
        let mut c = coop(30);
        let cells = empties(&c);
        let out = c
            .apply(
                "ann",
                &[place(&c, cells[0], true), place(&c, cells[1], false)],
                2_000,
            )
            .expect("applies");
        assert_eq!(out.applied.len(), 1);
        assert_eq!(out.wrong.len(), 1);
        assert_eq!(c.game.board.get(cells[1]), None, "never placed");
        assert_eq!(c.game.mistakes, 1);
        assert_eq!(c.players[0].mistakes, 1);
        assert_eq!(c.placed_by(cells[0]), Some("ann"));
    }

    #[test]
    fn a_filled_cell_names_who_filled_it_and_nothing_changes() {
        let mut c = coop(30);
        let cells = empties(&c);
        c.apply("ann", &[place(&c, cells[0], true)], 2_000)
            .expect("ann");
        let before = c.clone();
        let err = c
            .apply(
                "bob",
                &[place(&c, cells[1], true), place(&c, cells[0], true)],
                3_000,
            )
            .expect_err("taken");
        assert!(
            matches!(err, CoopError::Filled { by: Some(ref p), .. } if p == "ann"),
            "{err:?}"
        );
        let erase = Move {
            cell: cells[0],
            action: Action::Erase,
        };
        assert!(matches!(
            c.apply("bob", &[erase], 3_000),
            Err(CoopError::NotYours { .. })
        ));
        assert_eq!(c, before);
    }

    #[test]
    fn undo_takes_back_only_the_players_own_last_move() {
        let mut c = coop(30);
        let cells = empties(&c);
        c.apply("ann", &[place(&c, cells[0], true)], 2_000)
            .expect("ann");
        c.apply("bob", &[place(&c, cells[1], true)], 3_000)
            .expect("bob");
        let drawn = c.game.version;
        assert_eq!(c.undo("ann", Some(drawn)), Ok(vec![cells[0]]));
        assert_eq!(c.game.board.get(cells[0]), None);
        assert!(c.game.board.get(cells[1]).is_some(), "bob's digit stays");
        // A second press of the same button is a double click.
        assert_eq!(c.undo("ann", Some(drawn)), Err(CoopError::StaleUndo));
        assert_eq!(c.undo("ann", None), Err(CoopError::NothingToUndo));
        assert_eq!(c.undo("cat", None), Err(CoopError::NothingToUndo));
    }

    #[test]
    fn filling_every_cell_together_solves_and_tallies() {
        let mut c = coop(20);
        let cells = empties(&c);
        let (a, b) = cells.split_at(12);
        let moves =
            |c: &Coop, cs: &[Cell]| cs.iter().map(|&x| place(c, x, true)).collect::<Vec<_>>();
        let ma = moves(&c, a);
        c.apply("ann", &ma, 2_000).expect("ann");
        c.apply("bob", &[place(&c, b[0], false)], 2_500)
            .expect("bob");
        let mb = moves(&c, b);
        let out = c.apply("bob", &mb, 3_000).expect("bob");
        assert!(out.solved);
        assert_eq!(c.game.status, Status::Solved);
        let tally = c.tally();
        assert_eq!((tally[0].player.as_str(), tally[0].cells), ("ann", 12));
        assert_eq!(
            (tally[1].player.as_str(), tally[1].cells, tally[1].mistakes),
            ("bob", 8, 1)
        );
        assert!(matches!(
            c.apply("ann", &ma[..1], 4_000),
            Err(CoopError::Over(Status::Solved))
        ));
    }
}
