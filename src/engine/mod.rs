//! Pure Sudoku: the grid, the parser, the solver and the generator. No I/O here: every
//! function takes its inputs (including the random seed) and returns a value.

pub mod generator;
pub mod grader;
pub mod grid;
pub mod hint;
mod lanes;
pub mod likeness;
pub mod near;
pub mod parse;
pub mod pool;
pub mod rng;
pub mod solver;
pub mod tier;
pub mod transform;

pub use grid::{Cell, Conflict, Grid, House};

/// The six orders of three lines: rows of a band, columns of a stack, bands, stacks.
pub(crate) const ORDERS_OF_THREE: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];
pub use solver::Solution;
pub use tier::Tier;
