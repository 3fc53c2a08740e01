//! The ways into the bot: Discord (`sudoku-bot run`), the terminal (`sudoku-bot play`)
//! the batch command line (`solve`, `generate`, `bench`), and the web board (`/play`).

pub mod batch;
pub mod discord;
pub mod input;
pub mod terminal;
pub mod web;
