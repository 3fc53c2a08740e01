//! Pure rules of a game: moves, mistakes, notes, undo, hints and submissions. No I/O: the
//! time is a value passed in, and the store persists what these rules produce. `daily` holds
//! the rules of daily challenges: server days, posting, streaks and rankings; `coop`
//! those of a board a whole channel fills together; `race` those of races and challenges.

pub mod moves;
pub mod pad;
pub mod state;

pub use moves::{Action, Move, MoveError, parse_moves, parse_note_digits};
pub use pad::{Pad, PadAction};
pub use state::{Game, Millis, MoveOutcome, RuleError, Status, Submission};
pub mod coop;
pub mod daily;
pub mod fair;
pub mod race;
