//! Grading end to end: every step agrees with the solution, known puzzles land in their
//! tiers, and the score pushes puzzles up a tier.

use super::*;
use crate::engine::generator::{Request, generate};
use crate::engine::grid::Grid;
use crate::engine::parse::parse_grid;
use crate::engine::tier::Tier;
use proptest::prelude::*;

/// The step does something, and nothing it does contradicts the solution.
pub(super) fn assert_sound(s: &Step, solution: &Grid) {
    assert!(
        !s.eliminations.is_empty() || !s.placements.is_empty(),
        "{s:?} does nothing"
    );
    for &(cell, d) in &s.eliminations {
        assert_ne!(
            solution.get(cell),
            Some(d),
            "{:?} removed the solution's {d} from {cell}",
            s.technique
        );
    }
    for &(cell, d) in &s.placements {
        assert_eq!(
            solution.get(cell),
            Some(d),
            "{:?} placed a wrong {d} in {cell}",
            s.technique
        );
    }
}

fn check_against_solution(puzzle: &Grid, solution: &Grid) -> Grade {
    let mut c = Candidates::new(puzzle).expect("valid");
    let mut steps = Vec::new();
    while let Some(s) = next_step(&c) {
        assert_sound(&s, solution);
        c.apply(&s);
        steps.push(s);
        if c.is_solved() {
            break;
        }
    }
    grade(puzzle).expect("valid")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// No technique ever removes a true candidate or places a wrong digit.
    #[test]
    fn every_step_agrees_with_the_solution(seed in any::<u64>(), empty in 50usize..=60) {
        let p = generate(&Request::new(empty, seed)).expect("generate");
        let g = check_against_solution(&p.givens, &p.solution);
        // Extreme: the techniques ran out, a forcing chain was needed, or too many hard
        // steps.
        prop_assert_eq!(
            g.tier == Tier::Extreme,
            !g.solved_by_logic
                || g.hardest.is_some_and(|t| t.tier() == Tier::Extreme)
                || g.score > TIER_MAX_SCORE[3]
        );
    }
}

fn grade_of(line: &str) -> Grade {
    let g = parse_grid(line).expect("valid");
    let solution = match crate::engine::solver::solve(&g) {
        crate::engine::Solution::Unique(s) => s,
        other => panic!("{other:?}"),
    };
    check_against_solution(&g, &solution)
}

#[test]
fn known_puzzles_grade_as_expected() {
    // A newspaper easy: singles only.
    let easy = grade_of(
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    );
    assert_eq!(easy.tier, Tier::Easy);
    // Arto Inkala's "world's hardest": beyond these techniques.
    let hardest = grade_of(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    );
    assert_eq!(hardest.tier, Tier::Extreme);
    assert_eq!(hardest.hardest_name(), "trial and error");
}

#[test]
fn many_hard_steps_push_a_puzzle_up_a_tier() {
    assert_eq!(score_tier(TIER_MAX_SCORE[0]), Tier::Easy);
    assert_eq!(score_tier(TIER_MAX_SCORE[0] + 1), Tier::Medium);
    assert_eq!(score_tier(TIER_MAX_SCORE[3] + 1), Tier::Extreme);
    // Over generated puzzles: the tier is the hardest technique's, or the score's.
    for seed in 0..40 {
        let p = crate::engine::generator::minimal(crate::engine::generator::Symmetry::None, seed);
        let g = grade(&p.givens).expect("valid");
        if g.solved_by_logic {
            let by_technique = g.hardest.map_or(Tier::Easy, Technique::tier);
            assert_eq!(g.tier, by_technique.max(score_tier(g.score)));
        }
        // Asking only up to a tier gives the same answer when the puzzle is in it.
        for max in Tier::ALL {
            let bounded = grade_within(&p.givens, max).expect("valid");
            if g.tier <= max {
                assert_eq!(bounded, g, "seed {seed} within {max}");
            } else {
                assert!(bounded.tier > max, "seed {seed} within {max}");
            }
        }
    }
}

/// Every step on two thousand random minimal puzzles agrees with the solution, and
/// every technique added to agree with HoDoKu is among the steps (so each is checked on
/// real positions, not only on built ones).
#[test]
fn every_technique_is_sound_on_thousands_of_minimal_puzzles() {
    use crate::engine::generator::{Symmetry, minimal};
    let mut used = std::collections::HashSet::new();
    for seed in 0..2000 {
        let p = minimal(Symmetry::None, seed);
        let g = check_against_solution(&p.givens, &p.solution);
        used.extend(g.steps.iter().map(|s| s.technique));
    }
    for technique in [
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle4,
        Technique::HiddenRectangle,
        Technique::XYChain,
        Technique::ForcingChain,
    ] {
        assert!(used.contains(&technique), "{technique:?} never used");
    }
}
