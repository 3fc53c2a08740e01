//! Near copies of a protected puzzle (a player's own game in progress, a co-op board of
//! their server) in `/sudoku solve`: givens changed (and dropped, and the grid
//! transformed) so that the printed answer is *almost* the protected one. Such an answer is
//! refused when it differs from a transformation of the protected solution in at most
//! `likeness::CLOSE` cells; unrelated puzzles are still solved.

use proptest::prelude::*;
use sudoku_bot::engine::generator::{Request, generate};
use sudoku_bot::engine::likeness::{CLOSE, Protected};
use sudoku_bot::engine::rng::SeededRng;
use sudoku_bot::engine::solver::{self, Solution};
use sudoku_bot::engine::transform::Transform;
use sudoku_bot::engine::{Cell, Grid};

/// Cells where two grids differ.
fn distance(a: &Grid, b: &Grid) -> usize {
    Cell::all().filter(|&c| a.get(c) != b.get(c)).count()
}

/// The answer `/sudoku solve` would print for `grid`: the unique solution or the first of
/// several; `None` when there is none.
fn printed(grid: &Grid) -> Option<Grid> {
    match solver::solve(grid) {
        Solution::Unique(a) | Solution::Multiple(a, _) => Some(a),
        Solution::None => None,
    }
}

/// The cheater's route: change the givens in `cells` to the digits of another completion
/// of the rest, the one closest to the protected solution, so the copy is solvable and its
/// answer nearly the protected one. `None` when the rest has no other completion (the
/// givens in `cells` are not needed). Up to 200 completions are looked at.
fn changed(givens: &Grid, solution: &Grid, cells: &[Cell]) -> Option<Grid> {
    let mut rest = *givens;
    for &c in cells {
        rest.set(c, None);
    }
    let mut best: Option<(usize, Grid)> = None;
    solver::for_each_solution(&rest, 200, |_, other| {
        if *other != *solution {
            let d = distance(other, solution);
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, *other));
            }
        }
    });
    let (_, other) = best?;
    let mut copy = *givens;
    for &c in cells {
        copy.set(c, other.get(c));
    }
    Some(copy)
}

/// A near copy of a random protected puzzle: 1..=`k` givens changed, `drop` others
/// dropped, a random transformation on top. Returns the protected puzzle, the pasted
/// grid, and the protected solution under the same transformation.
fn near_copy(seed: u64, k: usize, drop: usize) -> Option<(Protected, Grid, Grid)> {
    let mut rng = SeededRng::new(seed);
    let empty = 40 + rng.below(17);
    let p = generate(&Request::new(empty, seed)).ok()?;
    let mut cells: Vec<Cell> = Cell::all().filter(|&c| p.givens.get(c).is_some()).collect();
    rng.shuffle(&mut cells);
    let mut copy = changed(&p.givens, &p.solution, &cells[..k])?;
    for &c in &cells[k..k + drop] {
        copy.set(c, None);
    }
    let t = Transform::random(&mut rng);
    let protected = Protected {
        givens: p.givens,
        solution: p.solution,
    };
    Some((protected, t.apply(&copy), t.apply(&p.solution)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Up to three givens changed (three is where such answers mostly stop being close:
    /// each change moves a whole unavoidable set, four cells or more), up to four
    /// dropped, any transformation: whenever the printed answer is within `CLOSE` cells
    /// of the transformed protected solution, it is refused. The distance is measured
    /// against the transformation actually applied, not the one the aligner finds.
    #[test]
    fn a_near_copy_whose_answer_is_close_is_refused(
        seed in any::<u64>(),
        k in 1usize..=3,
        drop in 0usize..=4,
    ) {
        let Some((protected, pasted, disguised)) = near_copy(seed, k, drop) else {
            return Ok(());
        };
        let Some(answer) = printed(&pasted) else { return Ok(()) };
        let d = distance(&answer, &disguised);
        prop_assert!(d > 0, "a changed given always moves the answer");
        if d <= CLOSE {
            prop_assert!(protected.is_answered_by(&answer), "{} cells apart", d);
        }
    }

    /// The answer of an unrelated random puzzle is not refused.
    #[test]
    fn an_unrelated_answer_is_not_refused(a in any::<u64>(), b in any::<u64>()) {
        prop_assume!(a != b);
        let p = generate(&Request::new(45, a)).expect("45 empty cells");
        let q = generate(&Request::new(45, b)).expect("45 empty cells");
        let protected = Protected { givens: p.givens, solution: p.solution };
        prop_assert!(!protected.is_answered_by(&q.solution));
    }
}

/// The playtest's route, deterministic: one given changed so that the answer is a small
/// swap away from the protected one, plain and transformed: both are near, both refused.
/// (Seeds 0 to 79 give 19 such copies; the puzzles a seed gives depend on the solver's
/// branching rule, and seeds 0 to 39 gave only 8 after issue 32 changed it.)
#[test]
fn one_changed_given_is_refused_plain_and_transformed() {
    let mut tried = 0;
    for seed in 0..80 {
        let Some((protected, pasted, disguised)) = near_copy(seed, 1, 0) else {
            continue;
        };
        let Some(answer) = printed(&pasted) else {
            continue;
        };
        if distance(&answer, &disguised) > CLOSE {
            continue;
        }
        tried += 1;
        assert!(protected.is_answered_by(&answer), "seed {seed}");
    }
    assert!(tried >= 10, "only {tried} near copies found");
}

/// The measurement behind `CLOSE` and the README's figures (release build):
/// `cargo test --release --test likeness measure -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure() {
    use std::time::Instant;
    let protected: Vec<Protected> = (0..100u64)
        .filter_map(|i| generate(&Request::new(30 + (i as usize % 29), 1_000_000 + i)).ok())
        .map(|p| Protected {
            givens: p.givens,
            solution: p.solution,
        })
        .collect();
    let mut spent = std::time::Duration::ZERO;
    let mut calls = 0u32;
    let mut nearest = 81;
    let mut refused_against = |answer: &Grid| -> bool {
        let mut any = false;
        for p in &protected {
            let start = Instant::now();
            let l = p.likeness(answer).expect("solved grids");
            spent += start.elapsed();
            calls += 1;
            nearest = nearest.min(81 - l.same);
            any |= p.is_answered_by(answer);
        }
        any
    };
    let random: Vec<Grid> = (0..1000u64)
        .filter_map(|i| generate(&Request::new(30 + (i as usize % 29), 2_000_000 + i)).ok())
        .map(|p| p.solution)
        .collect();
    let refused = random.iter().filter(|a| refused_against(a)).count();
    println!(
        "random puzzles: {refused} of {} refused against {} protected",
        random.len(),
        protected.len()
    );
    for set in [
        "seventeen-clue",
        "top1465",
        "hardest-11plus",
        "hardest-1106",
    ] {
        let path = format!("../shared/data/{set}.solutions.txt");
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("{path} absent: skipped");
            continue;
        };
        let answers: Vec<Grid> = text
            .lines()
            .take(1000)
            .filter_map(|l| sudoku_bot::engine::parse::parse_grid(l).ok())
            .collect();
        let refused = answers.iter().filter(|a| refused_against(a)).count();
        println!("{set}: {refused} of {} refused", answers.len());
    }
    println!(
        "nearest unrelated: {nearest} cells apart; {:.1} µs per protected puzzle",
        spent.as_secs_f64() * 1e6 / f64::from(calls)
    );
    // Catches: near copies (1..=3 givens changed, 0..=4 dropped, transformed).
    let mut rng = SeededRng::new(3);
    let (mut copies, mut answered, mut close, mut caught, mut far_caught) = (0, 0, 0, 0, 0);
    for seed in 0..3000u64 {
        let (k, drop) = (1 + rng.below(3), rng.below(5));
        let Some((p, pasted, disguised)) = near_copy(3_000_000 + seed, k, drop) else {
            continue;
        };
        copies += 1;
        let Some(answer) = printed(&pasted) else {
            continue;
        };
        answered += 1;
        let refused = p.is_answered_by(&answer);
        if distance(&answer, &disguised) <= CLOSE {
            close += 1;
            caught += usize::from(refused);
        } else {
            far_caught += usize::from(refused);
        }
    }
    println!(
        "near copies: {copies}, {answered} with an answer, {close} of them within {CLOSE} cells: {caught} refused; {far_caught} farther ones refused too"
    );
}
