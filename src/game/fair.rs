//! What no person can do: a solve faster than the human floor is kept, but ranked after
//! every verified result and never rated.
//!
//! The bot cannot stop a player who asks a website or a friend for the answer; it can
//! refuse to rank a time nobody could have solved in. The floor comes from the fastest
//! solves on record: at the World Sudoku Championship in Prague (2018, reported by Radio
//! Prague International) Wang Shiyao filled an easy classic grid in 54.44 seconds, a new
//! speed record (the previous one, Jakub Ondroušek's in 2010, was 1:25; the Guinness
//! record Thomas Snyder set in 2007 was 2:08, reported by the Sydney Morning Herald in
//! 2009). Such grids have some 50 empty cells: about a second a cell for the fastest
//! solver alive, on the easiest puzzles, with a pen. The floor is half of that for an
//! easy puzzle, and more for harder tiers (their hard steps take every solver longer):
//! far below anyone honest, and far above a pasted answer.

use crate::engine::Tier;

use super::{Game, Millis};

/// The fastest a person can solve a puzzle with `empty` empty cells of `tier`: below
/// this, a time is unverified. Per empty cell: half a second for Easy (or a puzzle of
/// no known tier), rising to 1.25 s for Extreme.
pub fn human_floor(empty: usize, tier: Option<Tier>) -> Millis {
    let per_cell: Millis = match tier {
        None | Some(Tier::Easy) => 500,
        Some(Tier::Medium) => 600,
        Some(Tier::Hard) => 750,
        Some(Tier::Expert) => 1_000,
        Some(Tier::Extreme) => 1_250,
    };
    per_cell.saturating_mul(empty as Millis)
}

/// Whether a solved game's time (`elapsed`: from first sight to the solve) is one a
/// person could have made.
pub fn is_verified(game: &Game, elapsed: Millis) -> bool {
    elapsed >= human_floor(game.givens.empty_count(), game.difficulty)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floor_is_below_the_record_pace_and_grows_with_the_puzzle() {
        // The record: an easy grid of about 50 empty cells in 54.44 s.
        assert!(human_floor(50, Some(Tier::Easy)) < 54_440 / 2 + 1);
        // A pasted answer 20 s after opening a medium daily is below it.
        assert!(human_floor(45, Some(Tier::Medium)) > 20_000);
        let mut last = 0;
        for tier in Tier::ALL {
            let floor = human_floor(45, Some(tier));
            assert!(floor > last, "{tier:?}");
            last = floor;
        }
        assert!(human_floor(1, Some(Tier::Easy)) < human_floor(2, Some(Tier::Easy)));
    }
}
