//! Teaching hints: what a strong player would do next on the current board.
//!
//! Wrong entries come first (building on them teaches nothing). Otherwise the hint is the
//! next logical step, told at three depths: where to look, plus which digit, plus the
//! whole step with its reason.
//!
//! This module knows the singles (full house, naked single, hidden single); the human
//! technique solver extends `next_step` with harder techniques.

use super::grid::{Cell, Grid, House};

/// How much a hint gives away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Depth {
    /// The technique and where to look.
    Where = 1,
    /// Plus the digit(s).
    Digit = 2,
    /// The whole step with its reason.
    Step = 3,
}

impl Depth {
    pub fn from_level(level: u8) -> Depth {
        match level {
            0 | 1 => Depth::Where,
            2 => Depth::Digit,
            _ => Depth::Step,
        }
    }
}

/// One logical step that places a digit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique's name as players know it: "Hidden Single".
    pub technique: &'static str,
    pub house: Option<House>,
    pub cell: Cell,
    pub digit: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Entries that differ from the solution, in reading order.
    WrongEntries(Vec<Cell>),
    /// The board already equals the solution.
    Solved,
    Step(Step),
    /// No step this module knows applies (never with a valid puzzle and the singles,
    /// unless the board needs harder techniques).
    NoStepFound,
}

/// The hint for `board` (givens plus the player's entries) of the puzzle whose unique
/// solution is `solution`.
pub fn hint(board: &Grid, solution: &Grid) -> Hint {
    let wrong: Vec<Cell> = Cell::all()
        .filter(|&c| board.get(c).is_some_and(|d| Some(d) != solution.get(c)))
        .collect();
    if !wrong.is_empty() {
        return Hint::WrongEntries(wrong);
    }
    if board == solution {
        return Hint::Solved;
    }
    match next_step(board) {
        Some(step) => Hint::Step(step),
        None => Hint::NoStepFound,
    }
}

/// Candidates of each empty cell from the digits on the board.
fn candidates(board: &Grid, cell: Cell) -> u16 {
    let mut m: u16 = 0x3FE;
    for peer in cell.peers() {
        if let Some(d) = board.get(peer) {
            m &= !(1 << d);
        }
    }
    m
}

/// The easiest single on the board: full house, then hidden single (boxes first, as
/// players scan), then naked single.
pub fn next_step(board: &Grid) -> Option<Step> {
    for house in House::all() {
        let empty: Vec<Cell> = house
            .cells()
            .into_iter()
            .filter(|&c| board.get(c).is_none())
            .collect();
        if let [cell] = empty[..] {
            let m = candidates(board, cell);
            if m.count_ones() == 1 {
                return Some(Step {
                    technique: "Full House",
                    house: Some(house),
                    cell,
                    digit: m.trailing_zeros() as u8,
                });
            }
        }
    }
    let houses: Vec<House> = (0..9)
        .map(House::Box)
        .chain((0..9).map(House::Row))
        .chain((0..9).map(House::Col))
        .collect();
    for house in houses {
        for digit in 1..=9u8 {
            if house.cells().iter().any(|&c| board.get(c) == Some(digit)) {
                continue;
            }
            let spots: Vec<Cell> = house
                .cells()
                .into_iter()
                .filter(|&c| board.get(c).is_none() && candidates(board, c) & (1 << digit) != 0)
                .collect();
            if let [cell] = spots[..] {
                return Some(Step {
                    technique: "Hidden Single",
                    house: Some(house),
                    cell,
                    digit,
                });
            }
        }
    }
    for cell in Cell::all().filter(|&c| board.get(c).is_none()) {
        let m = candidates(board, cell);
        if m.count_ones() == 1 {
            return Some(Step {
                technique: "Naked Single",
                house: None,
                cell,
                digit: m.trailing_zeros() as u8,
            });
        }
    }
    None
}

impl Hint {
    /// The hint in plain English at the given depth.
    pub fn text(&self, depth: Depth) -> String {
        match self {
            Hint::WrongEntries(cells) => {
                let names: Vec<String> = cells.iter().map(|c| c.name()).collect();
                if cells.len() == 1 {
                    format!("Fix this first: {} is wrong.", names[0])
                } else {
                    format!("Fix these first: {} are wrong.", names.join(", "))
                }
            }
            Hint::Solved => "The puzzle is already solved.".to_string(),
            Hint::NoStepFound => {
                "No single applies here; this position needs a harder technique.".to_string()
            }
            Hint::Step(step) => step.text(depth),
        }
    }
}

impl Step {
    pub fn text(&self, depth: Depth) -> String {
        let place = match self.house {
            Some(h) => h.to_string(),
            None => format!("cell {}", self.cell),
        };
        match depth {
            Depth::Where => format!("Look for a {} in {place}.", self.technique.to_lowercase()),
            Depth::Digit => format!(
                "Look for a {} in {place} for the digit {}.",
                self.technique.to_lowercase(),
                self.digit
            ),
            Depth::Step => match (self.technique, self.house) {
                ("Full House", Some(h)) => format!(
                    "{} is the last empty cell of {h}, and {} is the digit {h} is missing: place {} in {}.",
                    self.cell, self.digit, self.digit, self.cell
                ),
                ("Hidden Single", Some(h)) => format!(
                    "In {h} the {} can only go in {}: every other empty cell of {h} sees a {} already. Place {} in {}.",
                    self.digit, self.cell, self.digit, self.digit, self.cell
                ),
                _ => format!(
                    "{} sees every digit but {} in its row, column and box: place {} in {}.",
                    self.cell, self.digit, self.digit, self.cell
                ),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse::parse_puzzle;
    use crate::engine::solver::{Solution, solve};

    const PUZZLE: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    fn solved(p: &Grid) -> Grid {
        match solve(p) {
            Solution::Unique(s) => s,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn wrong_entries_come_before_any_step() {
        let p = parse_puzzle(PUZZLE).unwrap();
        let s = solved(&p);
        let mut board = p;
        let a1 = Cell::parse("A1").unwrap();
        let wrong = if s.get(a1) == Some(1) { 2 } else { 1 };
        board.set(a1, Some(wrong));
        assert_eq!(hint(&board, &s), Hint::WrongEntries(vec![a1]));
        assert_eq!(
            hint(&board, &s).text(Depth::Step),
            "Fix this first: A1 is wrong."
        );
    }

    #[test]
    fn following_hints_solves_an_easy_puzzle_with_correct_placements() {
        let p = parse_puzzle(PUZZLE).unwrap();
        let s = solved(&p);
        let mut board = p;
        while let Hint::Step(step) = hint(&board, &s) {
            assert_eq!(s.get(step.cell), Some(step.digit), "{step:?}");
            board.set(step.cell, Some(step.digit));
        }
        assert_eq!(hint(&board, &s), Hint::Solved);
    }

    #[test]
    fn depths_reveal_more_and_more() {
        let p = parse_puzzle(PUZZLE).unwrap();
        let Hint::Step(step) = hint(&p, &solved(&p)) else {
            panic!()
        };
        let (one, two, three) = (
            step.text(Depth::Where),
            step.text(Depth::Digit),
            step.text(Depth::Step),
        );
        assert!(one.starts_with("Look for a "));
        assert!(!one.contains(&format!("digit {}", step.digit)));
        assert!(two.contains(&format!("digit {}", step.digit)));
        assert!(three.contains(&step.cell.name()));
    }
}
