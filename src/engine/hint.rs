//! Teaching hints: what a strong player would do next on the current board.
//!
//! Wrong entries come first (building on them teaches nothing). Otherwise the hint is a
//! *lesson*: the grader's next steps from the board, up to and including the first one
//! that places a digit. A board holds no candidates, so an elimination alone would leave
//! it unchanged and the next hint would repeat it; the lesson carries on to the
//! placement the eliminations unlock. The app tells it in the player's language
//! (`app::hints`) at three depths: the technique and where to look, plus the digits,
//! plus every step with its reason and a compact expert form.

use super::grader::{self, Candidates};
use super::grid::{Cell, Grid};

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

pub use grader::Step;

/// The steps from the board to the next placed digit: zero or more eliminations, then
/// the step that places.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub steps: Vec<Step>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// Entries that differ from the solution, in reading order.
    WrongEntries(Vec<Cell>),
    /// The board already equals the solution.
    Solved,
    Next(Lesson),
    /// No technique the grader knows applies: the position needs trial and error.
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
    match lesson(board) {
        Some(lesson) => Hint::Next(lesson),
        None => Hint::NoStepFound,
    }
}

/// The grader's steps from `board` to its next placement; `None` when the grader gets
/// stuck before placing anything (the position needs trial and error).
pub fn lesson(board: &Grid) -> Option<Lesson> {
    let mut c = Candidates::new(board)?;
    let mut steps = Vec::new();
    while let Some(step) = grader::next_step(&c) {
        c.apply(&step);
        let places = !step.placements.is_empty();
        steps.push(step);
        if places {
            return Some(Lesson { steps });
        }
    }
    None
}

impl Lesson {
    /// The step the lesson turns on: the first one (later ones follow from it).
    pub fn key(&self) -> &Step {
        &self.steps[0]
    }
}
