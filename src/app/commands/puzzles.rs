//! Where puzzles come from: the generator and the grader, with the app's settings.

use crate::app::App;
use crate::engine::Tier;
use crate::engine::generator::{
    self, DEFAULT_ATTEMPTS, Puzzle, Request, Symmetry, generate_graded,
};
use crate::engine::grader;

/// A puzzle with `empty` empty cells (or the default), of exactly `difficulty` when one
/// is asked for, from `seed`. The tier returned is always the grader's measurement.
pub(crate) fn make(
    app: &App,
    empty: Option<usize>,
    difficulty: Option<Tier>,
    symmetry: Option<Symmetry>,
    seed: u64,
) -> Result<(Puzzle, Option<Tier>), String> {
    if empty == Some(0) {
        // Checked here too, so no way in (race, challenge, co-op, a button) makes one.
        return Err(
            "A puzzle with 0 empty cells would have nothing to fill in. Ask for at least 1, e.g. 40."
                .to_string(),
        );
    }
    let symmetry = symmetry.unwrap_or(Symmetry::None);
    if let Some(tier) = difficulty {
        return generate_graded(tier, empty, symmetry, seed, DEFAULT_ATTEMPTS)
            .map(|(p, g)| (p, Some(g.tier)))
            .map_err(|e| format!("I can't make that puzzle: {e}."));
    }
    let request = Request {
        empty: empty.unwrap_or(app.settings().default_empty),
        symmetry,
        seed,
        budget: app.settings().generation_budget,
    };
    let puzzle = generator::generate(&request)
        .map_err(|e| format!("I can't make that puzzle: {e}. For example: `/sudoku new 45`."))?;
    let tier = grader::grade(&puzzle.givens).map(|g| g.tier);
    Ok((puzzle, tier))
}
