//! Where puzzles come from: the generator and the grader, with the app's settings.

use crate::app::App;
use crate::app::i18n::{Lang, t, yes};
use crate::app::render::tier_name;
use crate::engine::Tier;
use crate::engine::generator::GradedError;
use crate::engine::generator::{
    self, DEFAULT_ATTEMPTS, GenerateError, MAX_EMPTY, Puzzle, Request, Symmetry, generate_graded,
};
use crate::engine::grader;

/// A puzzle with `empty` empty cells (or the default), of exactly `difficulty` when one
/// is asked for, from `seed`. The tier returned is always the grader's measurement. A
/// refusal says why in `lang`, and what to ask for instead.
pub(crate) fn make(
    app: &App,
    empty: Option<usize>,
    difficulty: Option<Tier>,
    symmetry: Option<Symmetry>,
    seed: u64,
    lang: Lang,
) -> Result<(Puzzle, Option<Tier>), String> {
    if empty == Some(0) {
        // Checked here too, so no way in (race, challenge, co-op, a button) makes one.
        return Err(t!(lang, "puzzle-zero-empty"));
    }
    let symmetry = symmetry.unwrap_or(Symmetry::None);
    if let Some(tier) = difficulty {
        return generate_graded(tier, empty, symmetry, seed, DEFAULT_ATTEMPTS)
            .map(|(p, g)| (p, Some(g.tier)))
            .map_err(|e| {
                let why = match e {
                    GradedError::TooFewEmpty { tier, asked, min } => t!(
                        lang,
                        "puzzle-too-few-empty",
                        tier = tier_name(Some(tier), lang),
                        tier_key = tier.name(),
                        asked = asked,
                        min = min
                    ),
                    GradedError::Generate(e) => generate_error(&e, lang),
                    GradedError::NotFound { tier, attempts } => t!(
                        lang,
                        "puzzle-tier-not-found",
                        tier = tier_name(Some(tier), lang),
                        tier_key = tier.name(),
                        attempts = attempts
                    ),
                };
                t!(lang, "puzzle-refused", why = why, example = "no")
            });
    }
    let request = Request {
        empty: empty.unwrap_or(app.settings().default_empty),
        symmetry,
        seed,
        budget: app.settings().generation_budget,
    };
    let puzzle = generator::generate(&request).map_err(|e| {
        t!(
            lang,
            "puzzle-refused",
            why = generate_error(&e, lang),
            example = "yes"
        )
    })?;
    let tier = grader::grade(&puzzle.givens).map(|g| g.tier);
    Ok((puzzle, tier))
}

/// Why the generator could not make a puzzle, in `lang`.
fn generate_error(e: &GenerateError, lang: Lang) -> String {
    match *e {
        GenerateError::TooManyEmpty { asked } => {
            t!(
                lang,
                "puzzle-too-many-empty",
                asked = asked,
                max = MAX_EMPTY
            )
        }
        GenerateError::SymmetryParity { symmetry, asked } => t!(
            lang,
            "puzzle-symmetry-parity",
            symmetry = symmetry.to_string(),
            asked = asked
        ),
        GenerateError::SymmetryTooEmpty {
            symmetry,
            asked,
            max,
        } => t!(
            lang,
            "puzzle-symmetry-too-empty",
            symmetry = symmetry.to_string(),
            asked = asked,
            max = max,
            most = MAX_EMPTY
        ),
        GenerateError::NotFound { asked, symmetry } => t!(
            lang,
            "puzzle-not-found",
            asked = asked,
            symmetry = symmetry.to_string(),
            symmetric = yes(symmetry != Symmetry::None),
            most = MAX_EMPTY
        ),
    }
}
