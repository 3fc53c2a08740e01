//! sudoku-bot: play Sudoku together in Discord servers, or in a terminal.
//!
//! # Layout
//! Dependencies point down only; nothing below `adapters` knows about Discord.
//!
//! - [`engine`]: pure Sudoku. The [`engine::Grid`], the lenient parser, the solver that
//!   proves uniqueness, the seeded generator, hints. No I/O.
//! - [`game`]: pure rules of a game: moves, mistakes, notes, undo, submissions; of dailies,
//!   co-op boards and races (lobbies, places, Glicko-2 ratings). Time is a value passed in.
//! - [`store`]: SQLite through rusqlite, the only place with SQL. Migrations from
//!   `migrations/*.sql`; one transaction per command.
//! - [`app`]: the command core, `Invocation -> Reply`, with the injected clock and seed.
//!   Knows nothing of Discord; enforces Discord's message limits on every reply.
//! - [`adapters`]: the ways in. `discord` is the serenity gateway and the HTTP
//!   interactions endpoint (and the tasks that post dailies and race messages);
//!   `terminal` is `sudoku-bot play`; `batch` is the shell interface (`solve`,
//!   `generate`, `bench`) that scripts rely on.

pub mod adapters;
pub mod app;
pub mod engine;
pub mod game;
pub mod store;
