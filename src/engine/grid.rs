//! The 9×9 board: cells, coordinates and the houses they belong to.
//!
//! Coordinates are the ones players see everywhere: rows `A`–`I` top to bottom and
//! columns `1`–`9` left to right, so `B7` is row 2, column 7. Index 0 is `A1`, index 80
//! is `I9`, row-major.

use std::fmt;

/// One of the 81 cells, stored as its row-major index (`A1` = 0, `I9` = 80).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// Every cell in row-major order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell)
    }

    /// The cell at a row-major index; `None` past 80.
    pub fn from_index(index: usize) -> Option<Cell> {
        (index < 81).then_some(Cell(index as u8))
    }

    /// The cell at zero-based `row` and `col`; `None` outside the board.
    pub fn at(row: usize, col: usize) -> Option<Cell> {
        (row < 9 && col < 9).then_some(Cell((row * 9 + col) as u8))
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row (0 is row `A`).
    pub fn row(self) -> usize {
        self.index() / 9
    }

    /// Zero-based column (0 is column `1`).
    pub fn col(self) -> usize {
        self.index() % 9
    }

    /// Zero-based box, numbered left to right, top to bottom.
    pub fn box_index(self) -> usize {
        self.row() / 3 * 3 + self.col() / 3
    }

    /// The cell's name as players write it: `B7`.
    pub fn name(self) -> String {
        self.to_string()
    }

    /// Reads a cell name in the notations people use: `B7`, `b7`, `r2c7`, `R2C7`.
    pub fn parse(text: &str) -> Option<Cell> {
        let t = text.trim();
        let b = t.as_bytes();
        match b {
            [r, c] if r.is_ascii_alphabetic() && c.is_ascii_digit() => {
                let row = r.to_ascii_uppercase().checked_sub(b'A')? as usize;
                let col = (*c as usize).checked_sub(b'1' as usize)?;
                Cell::at(row, col)
            }
            [r, rd, c, cd]
                if r.eq_ignore_ascii_case(&b'r')
                    && c.eq_ignore_ascii_case(&b'c')
                    && rd.is_ascii_digit()
                    && cd.is_ascii_digit() =>
            {
                let row = (*rd as usize).checked_sub(b'1' as usize)?;
                let col = (*cd as usize).checked_sub(b'1' as usize)?;
                Cell::at(row, col)
            }
            _ => None,
        }
    }

    /// The 20 cells that share a row, column or box with this one.
    pub fn peers(self) -> impl Iterator<Item = Cell> {
        Cell::all().filter(move |&other| other != self && self.sees(other))
    }

    /// True when the two cells share a row, a column or a box.
    pub fn sees(self, other: Cell) -> bool {
        indices_see(self.index(), other.index())
    }
}

/// `Cell::sees` on cell indices (0 to 80, row by row), for constant tables and bit-set
/// code that works with indices: true when `a` and `b` share a row, a column or a box
/// (so also when `a == b`).
pub const fn indices_see(a: usize, b: usize) -> bool {
    a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.row() as u8) as char, self.col() + 1)
    }
}

/// A row, a column or a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum House {
    Row(u8),
    Col(u8),
    Box(u8),
}

impl House {
    /// All 27 houses: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = House> {
        (0..9)
            .map(House::Row)
            .chain((0..9).map(House::Col))
            .chain((0..9).map(House::Box))
    }

    /// The nine cells of the house, in reading order.
    pub fn cells(self) -> [Cell; 9] {
        std::array::from_fn(|i| {
            let (r, c) = match self {
                House::Row(r) => (r as usize, i),
                House::Col(c) => (i, c as usize),
                House::Box(b) => (b as usize / 3 * 3 + i / 3, b as usize % 3 * 3 + i % 3),
            };
            Cell((r * 9 + c) as u8)
        })
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(r) => write!(f, "row {}", (b'A' + r) as char),
            House::Col(c) => write!(f, "column {}", c + 1),
            House::Box(b) => write!(f, "box {}", b + 1),
        }
    }
}

/// Two equal digits in one house: why a set of givens can have no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub digit: u8,
    pub house: House,
    pub first: Cell,
    pub second: Cell,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} appears twice in {}: {} and {}",
            self.digit, self.house, self.first, self.second
        )
    }
}

/// A board of 81 cells, each empty (0) or holding a digit 1–9.
///
/// A `Grid` may hold conflicting digits (a player's wrong board does); [`Grid::conflict`]
/// says whether it does.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; 81],
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl Grid {
    pub const fn empty() -> Grid {
        Grid { cells: [0; 81] }
    }

    /// A grid from 81 values, each 0 (empty) to 9; `None` if any value is above 9.
    pub fn from_cells(cells: [u8; 81]) -> Option<Grid> {
        // A fold rather than `all`: no early exit, so it compiles to a few vector
        // operations (the solver builds a grid per solution).
        (cells.iter().fold(0, |m, &v| m.max(v)) <= 9).then_some(Grid { cells })
    }

    /// The digit in `cell`, or `None` when it is empty.
    pub fn get(&self, cell: Cell) -> Option<u8> {
        match self.cells[cell.index()] {
            0 => None,
            d => Some(d),
        }
    }

    /// Puts `digit` (1–9) in `cell`, or empties it with `None` or 0.
    ///
    /// # Panics
    /// On a digit above 9: that is a bug of the caller, never user input (parsers
    /// validate first).
    pub fn set(&mut self, cell: Cell, digit: Option<u8>) {
        let d = digit.unwrap_or(0);
        assert!(d <= 9, "digit out of range: {d}");
        self.cells[cell.index()] = d;
    }

    /// The raw values, 0 for empty.
    pub fn cells(&self) -> &[u8; 81] {
        &self.cells
    }

    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    pub fn empty_count(&self) -> usize {
        81 - self.filled_count()
    }

    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The first pair of equal digits sharing a house, in house order (rows, columns,
    /// boxes), or `None` when the digits are consistent.
    pub fn conflict(&self) -> Option<Conflict> {
        self.conflicts().next()
    }

    /// Every clash of equal digits in a house, house by house (rows, columns, boxes):
    /// each pair of cells once per house it shares.
    pub fn conflicts(&self) -> impl Iterator<Item = Conflict> + '_ {
        House::all().flat_map(move |house| {
            let mut seen: [Option<Cell>; 10] = [None; 10];
            let mut found = Vec::new();
            for cell in house.cells() {
                if let Some(d) = self.get(cell) {
                    match seen[d as usize] {
                        Some(first) => found.push(Conflict {
                            digit: d,
                            house,
                            first,
                            second: cell,
                        }),
                        None => seen[d as usize] = Some(cell),
                    }
                }
            }
            found
        })
    }

    /// A complete grid with no conflict: a valid Sudoku solution.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.conflict().is_none()
    }

    /// One line of 81 characters, `.` for empty: the CLI's and datasets' format.
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
            .collect()
    }

    /// Each filled cell of `self` holds the same digit in `other`.
    pub fn is_contained_in(&self, other: &Grid) -> bool {
        self.cells
            .iter()
            .zip(other.cells.iter())
            .all(|(&a, &b)| a == 0 || a == b)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_follow_rows_a_to_i_and_columns_1_to_9() {
        let b7 = Cell::parse("B7").unwrap();
        assert_eq!((b7.row(), b7.col()), (1, 6));
        assert_eq!(b7.name(), "B7");
        assert_eq!(Cell::parse("r2c7"), Some(b7));
        assert_eq!(Cell::parse("R2C7"), Some(b7));
        assert_eq!(Cell::parse("b7"), Some(b7));
        assert_eq!(Cell::parse("J1"), None);
        assert_eq!(Cell::parse("A0"), None);
        assert_eq!(Cell::parse("r0c1"), None);
        assert_eq!(Cell::parse("A10"), None);
        assert_eq!(Cell::from_index(80).unwrap().name(), "I9");
    }

    #[test]
    fn every_cell_has_twenty_peers() {
        for cell in Cell::all() {
            assert_eq!(cell.peers().count(), 20, "{cell}");
        }
    }

    #[test]
    fn conflicts_name_digit_house_and_both_cells() {
        let mut g = Grid::empty();
        g.set(Cell::parse("A3").unwrap(), Some(5));
        g.set(Cell::parse("A7").unwrap(), Some(5));
        assert_eq!(
            g.conflict().unwrap().to_string(),
            "5 appears twice in row A: A3 and A7"
        );
        let mut g = Grid::empty();
        g.set(Cell::parse("A1").unwrap(), Some(4));
        g.set(Cell::parse("C2").unwrap(), Some(4));
        assert_eq!(
            g.conflict().unwrap().to_string(),
            "4 appears twice in box 1: A1 and C2"
        );
    }
}
