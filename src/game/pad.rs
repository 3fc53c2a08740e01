//! The number pad under a board: which cell the player has chosen (a row, a column, or
//! both) and whether the digit buttons place digits or toggle pencil marks. Pure state,
//! stored with its game so it survives restarts.

use crate::engine::Cell;

use super::Game;

/// What a press on the pad does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadAction {
    /// Choose row 0–8 (A–I).
    Row(u8),
    /// Choose column 0–8 (1–9).
    Column(u8),
    /// Place the digit 1–9 in the chosen cell, or toggle it as a note in notes mode.
    Digit(u8),
    /// Empty the chosen cell.
    Erase,
    /// Switch between placing digits and toggling notes.
    ToggleNotes,
    /// Fill every empty cell's pencil marks with its candidates (shown in notes mode).
    AutoNotes,
}

impl PadAction {
    /// The move a digit (placing it) or Erase makes in `cell`; `None` for the others.
    pub fn move_at(self, cell: Cell) -> Option<super::Move> {
        let action = match self {
            PadAction::Digit(d) => super::Action::Place(d),
            PadAction::Erase => super::Action::Erase,
            _ => return None,
        };
        Some(super::Move { cell, action })
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pad {
    pub row: Option<u8>,
    pub column: Option<u8>,
    /// Digit buttons toggle pencil marks instead of placing digits.
    pub notes: bool,
}

impl Pad {
    /// The chosen cell, once both a row and a column are chosen.
    pub fn cell(&self) -> Option<Cell> {
        Cell::at(usize::from(self.row?), usize::from(self.column?))
    }

    /// The pad with row or column `index` (0–8) chosen; anything larger is ignored.
    pub fn choose_row(&mut self, index: u8) {
        if index < 9 {
            self.row = Some(index);
        }
    }

    pub fn choose_column(&mut self, index: u8) {
        if index < 9 {
            self.column = Some(index);
        }
    }

    /// After a digit: on to the next empty cell of the row (wrapping round), so a row is
    /// filled with one tap per digit; once the row is full, on to the next empty cell of the
    /// board (the rows below, wrapping round to the top). The cell stays chosen when the
    /// board has no empty cell left.
    pub fn advance(&mut self, game: &Game) {
        let (Some(row), Some(col)) = (self.row, self.column) else {
            return;
        };
        let in_row = (1..9).map(|step| (row, (col + step) % 9));
        let below = (1..9).flat_map(|step| {
            let r = (row + step) % 9;
            (0..9).map(move |c| (r, c))
        });
        let next = in_row.chain(below).find(|&(r, c)| {
            Cell::at(usize::from(r), usize::from(c))
                .is_some_and(|cell| game.board.get(cell).is_none())
        });
        if let Some((r, c)) = next {
            self.row = Some(r);
            self.column = Some(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse::parse_grid;

    #[test]
    fn the_pad_moves_on_to_the_next_empty_cell_of_the_row() {
        let puzzle =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let game = Game::new(
            parse_grid(puzzle).expect("grid"),
            parse_grid(solution).expect("grid"),
            None,
            0,
        );
        let mut pad = Pad::default();
        assert_eq!(pad.cell(), None);
        pad.choose_row(0);
        assert_eq!(pad.cell(), None, "a row alone is no cell");
        pad.choose_column(3);
        assert_eq!(pad.cell().map(Cell::name).as_deref(), Some("A4"));
        pad.advance(&game);
        assert_eq!(pad.cell().map(Cell::name).as_deref(), Some("A6"));
        pad.choose_column(8);
        pad.advance(&game);
        assert_eq!(
            pad.cell().map(Cell::name).as_deref(),
            Some("A3"),
            "wraps round"
        );
        pad.choose_row(9);
        assert_eq!(pad.row, Some(0), "no tenth row");
    }

    #[test]
    fn a_full_row_sends_the_pad_on_to_the_next_empty_cell_of_the_board() {
        // Row A is full but for A9; row B's first empty cell is B2; row I is full.
        let puzzle =
            "53467891.6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5345286179";
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut game = Game::new(
            parse_grid(puzzle).expect("grid"),
            parse_grid(solution).expect("grid"),
            None,
            0,
        );
        let mut pad = Pad::default();
        pad.choose_row(0);
        pad.choose_column(8);
        game.board.set(Cell::at(0, 8).expect("A9"), Some(2));
        pad.advance(&game);
        assert_eq!(
            pad.cell().map(Cell::name).as_deref(),
            Some("B2"),
            "row A is full: on to row B"
        );
        // From the last row, round to the top.
        pad.choose_row(8);
        pad.choose_column(0);
        pad.advance(&game);
        assert_eq!(pad.cell().map(Cell::name).as_deref(), Some("B2"));
    }
}
