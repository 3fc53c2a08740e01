//! Pure Sudoku: the grid, the parser, the solver and the generator. No I/O here: every
//! function takes its inputs (including the random seed) and returns a value.

pub mod generator;
pub mod grader;
pub mod grid;
pub mod hint;
mod lanes;
pub mod likeness;
pub mod parse;
pub mod pool;
pub mod rng;
pub mod solver;
pub mod tier;
pub mod transform;

pub use grid::{Cell, Conflict, Grid, House};
pub use solver::Solution;
pub use tier::Tier;
