//! The ways into the bot: the terminal (`sudoku-bot play`) and the batch command line.

pub mod batch;
pub mod terminal;
