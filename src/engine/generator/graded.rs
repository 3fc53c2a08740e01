//! Graded generation: puzzles of exactly the tier asked for, found by generating and
//! grading, then cut down to the empty cells asked for without changing the tier.

use super::{GenerateError, MAX_EMPTY, Puzzle, Request, Symmetry, generate, minimal};
use crate::engine::grader::{Grade, grade_within};
use crate::engine::grid::Cell;
use crate::engine::rng::SeededRng;
use crate::engine::tier::Tier;

/// Empty cells for each tier when the player names only a difficulty: harder tiers get
/// fewer clues, as players expect, while staying below the clue count of most random
/// minimal puzzles (about 24), which the harder tiers are cut from.
pub const TIER_EMPTY: [usize; 5] = [45, 50, 54, 56, 56];
/// The fewest empty cells each tier is offered with: below this, puzzles of the tier are
/// too rare to find in time (an Extreme with 30 empty cells is not a thing).
pub const TIER_MIN_EMPTY: [usize; 5] = [0, 36, 42, 46, 50];

/// How many generated puzzles [`generate_graded`] tries before it gives up: enough for
/// every tier at its usual counts (Extreme, the rarest, is about 1 in 70 at 60 empty).
pub const DEFAULT_ATTEMPTS: u32 = 3000;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GradedError {
    #[error(
        "{} puzzles need at least {min} empty cells (you asked for {asked}); ask for more empty cells or an easier difficulty", tier.title()
    )]
    TooFewEmpty {
        tier: Tier,
        asked: usize,
        min: usize,
    },
    #[error("{0}")]
    Generate(GenerateError),
    #[error(
        "no {tier} puzzle found in {attempts} tries; try again, or ask for a different number of empty cells"
    )]
    NotFound { tier: Tier, attempts: u32 },
}

/// A puzzle of exactly `tier` (graded, never guessed), with exactly `empty` empty cells
/// when given (else [`TIER_EMPTY`]). Generates, grades, and retries up to `max_attempts`
/// puzzles; below Easy, a graded puzzle with more empty cells is cut down to size by
/// adding back clues that cannot change its tier (adding clues keeps the solution
/// unique).
pub fn generate_graded(
    tier: Tier,
    empty: Option<usize>,
    symmetry: Symmetry,
    seed: u64,
    max_attempts: u32,
) -> Result<(Puzzle, Grade), GradedError> {
    let t = tier as usize;
    if let Some(n) = empty {
        if n > MAX_EMPTY {
            return Err(GradedError::Generate(GenerateError::TooManyEmpty {
                asked: n,
            }));
        }
        if n < TIER_MIN_EMPTY[t] {
            return Err(GradedError::TooFewEmpty {
                tier,
                asked: n,
                min: TIER_MIN_EMPTY[t],
            });
        }
    }
    // Easy puzzles are common at every count, and so are all tiers close to the most
    // empty cells a puzzle can have: those are generated at the count asked for. For
    // the rest, random minimal puzzles are graded (they are the hardest a solution
    // grid gives, and one carving pass makes them), then clues are added back.
    let from_minimal = tier > Tier::Easy && empty.is_none_or(|n| n <= 58);
    let target = empty.unwrap_or(TIER_EMPTY[t]);
    // Above 58 empty cells each try is a slow generation (tens of milliseconds at 61):
    // fewer tries keep a rare request to seconds, not minutes.
    let attempts = if from_minimal || tier == Tier::Easy {
        max_attempts
    } else {
        max_attempts.min(300)
    };
    let mut rng = SeededRng::new(seed);
    for _ in 0..attempts {
        let puzzle = if from_minimal {
            let p = minimal(symmetry, rng.next_u64());
            if p.givens.empty_count() < target {
                continue;
            }
            p
        } else {
            let request = Request {
                symmetry,
                budget: Request::DEFAULT_BUDGET,
                ..Request::new(target, rng.next_u64())
            };
            match generate(&request) {
                Ok(p) => p,
                Err(GenerateError::NotFound { .. }) => continue,
                Err(e) => return Err(GradedError::Generate(e)),
            }
        };
        let base = puzzle.givens.empty_count();
        let Some(g) = grade_within(&puzzle.givens, tier) else {
            continue;
        };
        if g.tier != tier {
            continue;
        }
        if base == target {
            return Ok((puzzle, g));
        }
        // Add clues back, whole orbits at a time, down to `target` empty cells. Only
        // cells the grader fills *before* its first step of this tier are eligible:
        // every technique below the tier is a monotone rule (fewer candidates never
        // disable it), so their closure from the puzzle plus such a clue is the very
        // same stuck position, and the tier-defining step is still needed. The tier is
        // kept by construction when a technique sets it; when the score does, each added
        // clue takes a step (and its weight) away, so the re-grade below decides.
        let first_hard = g
            .steps
            .iter()
            .position(|s| tier > Tier::Easy && s.technique.tier() >= tier)
            .unwrap_or(g.steps.len());
        let mut early = [false; 81];
        for s in &g.steps[..first_hard] {
            for &(c, _) in &s.placements {
                early[c.index()] = true;
            }
        }
        let mut orbits: Vec<Vec<Cell>> = Cell::all()
            .filter(|&c| early[c.index()] && c.index() <= symmetry.image(c).index())
            .map(|c| {
                let image = symmetry.image(c);
                if image == c { vec![c] } else { vec![c, image] }
            })
            .filter(|orbit| orbit.iter().all(|o| early[o.index()]))
            .collect();
        rng.shuffle(&mut orbits);
        let mut givens = puzzle.givens;
        let mut remaining = base - target;
        for orbit in orbits {
            if remaining == 0 {
                break;
            }
            if orbit.len() <= remaining {
                for &o in &orbit {
                    givens.set(o, puzzle.solution.get(o));
                }
                remaining -= orbit.len();
            }
        }
        if remaining != 0 {
            continue;
        }
        if let Some(g) = grade_within(&givens, tier)
            && g.tier == tier
        {
            return Ok((
                Puzzle {
                    givens,
                    solution: puzzle.solution,
                },
                g,
            ));
        }
    }
    Err(GradedError::NotFound { tier, attempts })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grader::{TIER_MAX_SCORE, grade};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

        /// A requested tier is the graded tier, with exactly the empty cells asked for
        /// and one solution.
        #[test]
        fn graded_generation_delivers_the_tier(seed in any::<u64>(), t in 0usize..4, extra in 0usize..12) {
            let tier = Tier::ALL[t];
            let empty = TIER_MIN_EMPTY[t].max(30) + extra;
            let (p, g) = generate_graded(tier, Some(empty), Symmetry::None, seed, 2000)
                .expect("found");
            prop_assert_eq!(g.tier, tier);
            prop_assert_eq!(grade(&p.givens).map(|g| g.tier), Some(tier));
            prop_assert_eq!(p.givens.empty_count(), empty);
            prop_assert!(crate::engine::solver::has_unique_solution(&p.givens));
            prop_assert!(p.givens.is_contained_in(&p.solution));
        }
    }

    #[test]
    fn extreme_puzzles_are_found_beyond_every_expert_grade() {
        for (seed, empty) in [(1, None), (2, Some(52)), (3, Some(58))] {
            let (p, g) =
                generate_graded(Tier::Extreme, empty, Symmetry::None, seed, DEFAULT_ATTEMPTS)
                    .expect("found");
            assert_eq!(g.tier, Tier::Extreme);
            assert!(!g.solved_by_logic || g.score > TIER_MAX_SCORE[3]);
            assert_eq!(p.givens.empty_count(), empty.unwrap_or(TIER_EMPTY[4]));
            assert!(crate::engine::solver::has_unique_solution(&p.givens));
        }
    }

    #[test]
    fn impossible_tier_requests_are_refused_at_once() {
        let e = generate_graded(Tier::Extreme, Some(30), Symmetry::None, 1, 10).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("Extreme puzzles need at least 50 empty cells"),
            "{e}"
        );
        assert!(matches!(
            generate_graded(Tier::Easy, Some(70), Symmetry::None, 1, 10),
            Err(GradedError::Generate(_))
        ));
    }
}
