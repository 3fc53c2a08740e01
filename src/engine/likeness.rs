//! Whether a pasted grid is a protected puzzle in disguise: the same puzzle with a given or
//! two dropped, partly filled in, or transformed (digits relabelled, rows, columns, bands
//! and stacks shuffled, the grid turned over). The bot must not print the answer of a
//! puzzle that is being played for, whatever its text looks like.
//!
//! Two tests, both on what the grid *is*:
//! - **Same puzzle, edited**: every digit of the pasted grid agrees with the protected
//!   solution, and it holds most of the protected givens.
//! - **Same answer**: the solution the bot would print is the protected solution, up to
//!   the validity-preserving transformations. [`Shape`] makes that check cheap: a
//!   fingerprint of a solved grid that every such transformation keeps.

use super::{Cell, Grid};

/// A fingerprint of a solved grid that relabelling digits, permuting rows and columns
/// (within or across bands and stacks) and transposing all keep.
///
/// For each digit `d`, `σ_d` maps a row to the column holding `d` in it; in a solution
/// every `σ_d` is a permutation. For a pair of digits, the cycle type of `σ_a ∘ σ_b⁻¹`
/// does not change when rows are permuted (the two `π`s cancel) and changes only by
/// conjugation when columns are (`ρ σ_a σ_b⁻¹ ρ⁻¹`), and conjugation keeps cycle types.
/// Transposing turns `σ_d` into `σ_d⁻¹`, and `σ_a⁻¹ σ_b` is conjugate to the inverse of
/// `σ_a σ_b⁻¹`, which has the same cycle type. Relabelling permutes the pairs. So the
/// sorted list of the 36 pairs' cycle types is invariant.
///
/// Different grids can share a shape (it is a fingerprint, not a proof of sameness); for
/// refusing a spoiler that errs on the side of saying no.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape([u64; 36]);

impl Shape {
    /// The shape of a solved grid; `None` when `solution` is not one.
    pub fn of(solution: &Grid) -> Option<Shape> {
        if !solution.is_solved() {
            return None;
        }
        // column[d][r]: the column of digit d+1 in row r.
        let mut column = [[0u8; 9]; 9];
        for cell in Cell::all() {
            let d = solution.get(cell)? as usize - 1;
            column[d][cell.row()] = cell.col() as u8;
        }
        let mut codes = [0u64; 36];
        let mut k = 0;
        for a in 0..9 {
            // Inverse of σ_b: the row holding digit b in a column.
            for b in a + 1..9 {
                let mut row_of = [0u8; 9];
                for (r, &c) in column[b].iter().enumerate() {
                    row_of[c as usize] = r as u8;
                }
                codes[k] = cycle_type(|x| column[a][row_of[x] as usize] as usize);
                k += 1;
            }
        }
        codes.sort_unstable();
        Some(Shape(codes))
    }
}

/// The cycle type of a permutation of 0..9, packed as the number of cycles of each length
/// (4 bits per length: at most 9 cycles).
fn cycle_type(next: impl Fn(usize) -> usize) -> u64 {
    let mut seen = [false; 9];
    let mut code = 0u64;
    for start in 0..9 {
        if seen[start] {
            continue;
        }
        let mut len = 0;
        let mut x = start;
        while !seen[x] {
            seen[x] = true;
            x = next(x);
            len += 1;
        }
        code += 1 << (4 * (len - 1));
    }
    code
}

/// A puzzle that must not be solved for anyone: its givens and its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Protected {
    pub givens: Grid,
    pub solution: Grid,
}

impl Protected {
    /// Whether the pasted grid is this puzzle, edited: it agrees with the solution
    /// everywhere it has a digit and holds more than half of the givens.
    pub fn is_edited_copy(&self, pasted: &Grid) -> bool {
        let mut held = 0;
        for cell in Cell::all() {
            match pasted.get(cell) {
                Some(d) if self.solution.get(cell) != Some(d) => return false,
                Some(d) if self.givens.get(cell) == Some(d) => held += 1,
                _ => {}
            }
        }
        2 * held > self.givens.filled_count()
    }

    /// Whether printing `answer` would give this puzzle's solution away, in any disguise.
    pub fn is_answered_by(&self, answer: &Grid) -> bool {
        *answer == self.solution
            || matches!(
                (Shape::of(answer), Shape::of(&self.solution)),
                (Some(a), Some(b)) if a == b
            )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solver::{self, Solution};
    use proptest::prelude::*;

    const PUZZLE: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    fn grid(line: &str) -> Grid {
        crate::engine::parse::parse_grid(line).expect("grid")
    }

    fn protected() -> Protected {
        let givens = grid(PUZZLE);
        let Solution::Unique(solution) = solver::solve(&givens) else {
            panic!("unique");
        };
        Protected { givens, solution }
    }

    /// A validity-preserving disguise: relabel, swap rows in a band, swap two bands, and
    /// optionally transpose.
    fn disguise(
        g: &Grid,
        relabel: [u8; 9],
        row_swap: (usize, usize),
        band_swap: (usize, usize),
        transpose: bool,
    ) -> Grid {
        let mut out = Grid::empty();
        for cell in Cell::all() {
            let (mut r, c) = (cell.row(), cell.col());
            let band = |r: usize| r / 3;
            // Rows within the first band.
            if r == row_swap.0 {
                r = row_swap.1;
            } else if r == row_swap.1 {
                r = row_swap.0;
            }
            // Whole bands.
            let b = band(r);
            let b2 = if b == band_swap.0 {
                band_swap.1
            } else if b == band_swap.1 {
                band_swap.0
            } else {
                b
            };
            r = b2 * 3 + r % 3;
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            let to = Cell::at(r, c).expect("in range");
            out.set(to, g.get(cell).map(|d| relabel[d as usize - 1]));
        }
        out
    }

    #[test]
    fn the_puzzle_with_givens_dropped_or_filled_in_is_recognised() {
        let p = protected();
        assert!(p.is_edited_copy(&p.givens));
        let mut fewer = p.givens;
        let filled: Vec<Cell> = Cell::all().filter(|&c| p.givens.get(c).is_some()).collect();
        for &c in filled.iter().take(3) {
            fewer.set(c, None);
        }
        assert!(p.is_edited_copy(&fewer), "three givens dropped");
        let mut played = p.givens;
        for c in Cell::all().take(20) {
            played.set(c, p.solution.get(c));
        }
        assert!(p.is_edited_copy(&played), "partly solved");
        // A different digit anywhere: not this puzzle.
        let mut other = p.givens;
        let c = Cell::all()
            .find(|&c| p.givens.get(c).is_none())
            .expect("empty");
        let wrong = p.solution.get(c).expect("solved") % 9 + 1;
        other.set(c, Some(wrong));
        assert!(!p.is_edited_copy(&other));
        // Most givens gone: no longer the puzzle by its text...
        let mut sparse = Grid::empty();
        for &c in filled.iter().take(filled.len() / 2) {
            sparse.set(c, p.givens.get(c));
        }
        assert!(!p.is_edited_copy(&sparse));
        // ...but any solution printed for it that is this one is caught.
        assert!(p.is_answered_by(&p.solution));
    }

    proptest! {
        #[test]
        fn a_disguised_answer_is_recognised(
            relabel in Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
            rows in (0usize..3, 0usize..3),
            bands in (0usize..3, 0usize..3),
            transpose in any::<bool>(),
        ) {
            let p = protected();
            let relabel: [u8; 9] = relabel.try_into().expect("nine");
            let answer = disguise(&p.solution, relabel, rows, bands, transpose);
            prop_assert!(answer.is_solved());
            prop_assert!(p.is_answered_by(&answer));
        }

        /// Unrelated solutions do not share the fingerprint (so a player's own puzzle is
        /// not refused for looking like the daily).
        #[test]
        fn unrelated_answers_are_not_refused(seed in any::<u64>()) {
            let p = protected();
            let mut rng = crate::engine::rng::SeededRng::new(seed);
            let other = solver::random_solution(&Grid::empty(), &mut rng).expect("a full grid");
            prop_assume!(other != p.solution);
            prop_assert!(!p.is_answered_by(&other));
        }
    }
}
