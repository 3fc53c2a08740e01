//! The ways into the bot: Discord (`sudoku-bot run`), the terminal (`sudoku-bot play`)
//! and the batch command line (`solve`, `generate`, `bench`).

pub mod batch;
pub mod discord;
pub mod input;
pub mod terminal;
