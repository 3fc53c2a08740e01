//! Where puzzles come from: the generator, with the app's settings.

use crate::app::App;
use crate::engine::Tier;
use crate::engine::generator::{self, Puzzle, Request, Symmetry};

/// A puzzle with `empty` empty cells (or the default), of `difficulty` when the grader
/// can measure it, from `seed`. The tier returned is the measured one, or `None`.
pub(crate) fn make(
    app: &App,
    empty: Option<usize>,
    _difficulty: Option<Tier>,
    symmetry: Option<Symmetry>,
    seed: u64,
) -> Result<(Puzzle, Option<Tier>), String> {
    let empty = empty.unwrap_or(app.settings().default_empty);
    let request = Request {
        empty,
        symmetry: symmetry.unwrap_or(Symmetry::None),
        seed,
        budget: app.settings().generation_budget,
    };
    generator::generate(&request)
        .map(|p| (p, None))
        .map_err(|e| {
            format!(
                "I can't make that puzzle: {e}. Ask for 0 to 61 empty cells, e.g. `/sudoku new 45`."
            )
        })
}
