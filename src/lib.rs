//! sudoku-bot: play Sudoku together in Discord servers, or in a terminal.
//!
//! # Layout
//! Dependencies point down only; nothing below `adapters` knows about Discord.
//!
//! - [`engine`]: pure Sudoku. The [`engine::Grid`], the lenient parser, the solver that
//!   proves uniqueness, and the seeded generator. No I/O.
//! - [`adapters`]: the ways in. `batch` is the shell interface (`solve`, `generate`,
//!   `bench`) that scripts rely on.

pub mod adapters;
pub mod engine;
