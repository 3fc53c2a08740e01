//! Validity-preserving transformations: the ways to turn one Sudoku into another that is
//! the same puzzle in disguise (same number of clues, one solution exactly when the
//! original has one, solved by the same steps).
//!
//! A transformation is a digit relabelling, a row order and a column order that keep
//! bands and stacks together, and an optional transpose. Together there are 9! × 6⁸ × 2
//! (about 1.2 × 10¹²) of them; for a typical puzzle, with no symmetry of its own, each
//! gives a different grid. The ones that also keep a symmetric pattern of givens
//! symmetric are fewer: 9! × 24 × 24 × 2 (about 4 × 10⁸) for 180° rotation, 9! × 1,296
//! × 24 (about 10¹⁰) for the vertical mirror.

use super::generator::Symmetry;
use super::grid::Grid;
use super::rng::SeededRng;

/// One transformation: `apply` maps the source to
/// `out[r][c] = digits[source'[rows[r]][cols[c]]]`, where `source'` is the source,
/// transposed first when `transpose` is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Transform {
    /// `digits[d]` is the new name of digit `d` (index 0, an empty cell, stays 0).
    digits: [u8; 10],
    /// `rows[r]` is the source row shown as row `r`.
    rows: [usize; 9],
    /// `cols[c]` is the source column shown as column `c`.
    cols: [usize; 9],
    transpose: bool,
}

impl Transform {
    /// The transformation that changes nothing.
    pub fn identity() -> Transform {
        Transform {
            digits: std::array::from_fn(|d| d as u8),
            rows: std::array::from_fn(|r| r),
            cols: std::array::from_fn(|c| c),
            transpose: false,
        }
    }

    /// A transformation drawn uniformly from `rng`: every relabelling, band and stack
    /// order, line order within each band and stack, and transpose equally likely.
    pub fn random(rng: &mut SeededRng) -> Transform {
        Transform::random_keeping(Symmetry::None, rng)
    }

    /// A transformation drawn uniformly from `rng` among those that map every pattern of
    /// givens with `symmetry` to one with the same symmetry.
    ///
    /// Why those keep it: a given at `(r, c)` of the result comes from the source's
    /// `(rows[r], cols[c])`. When `rows` commutes with the reflection `r ↦ 8 − r`
    /// (`rows[8 − r] = 8 − rows[r]`, see [`mirrored_lines`]) and `cols` with `c ↦ 8 − c`,
    /// the image of a given under 180° rotation comes from the rotated source cell, a
    /// given too; transposing commutes with that rotation. The vertical mirror only
    /// reflects columns: any row order keeps it, transposing would turn it into a
    /// horizontal mirror, so it is left out.
    pub fn random_keeping(symmetry: Symmetry, rng: &mut SeededRng) -> Transform {
        let mut digits: [u8; 10] = std::array::from_fn(|d| d as u8);
        rng.shuffle(&mut digits[1..]);
        let (rows, cols, transpose) = match symmetry {
            Symmetry::None => (lines(rng), lines(rng), rng.below(2) == 1),
            Symmetry::Rot180 => (mirrored_lines(rng), mirrored_lines(rng), rng.below(2) == 1),
            Symmetry::Mirror => (lines(rng), mirrored_lines(rng), false),
        };
        Transform {
            digits,
            rows,
            cols,
            transpose,
        }
    }

    /// The transformed grid (givens or a full solution alike).
    ///
    /// Why it stays valid: row `r` of the result is source row `rows[r]` with its cells
    /// reordered, and column `c` is source column `cols[c]` reordered. `rows` sends the
    /// three rows of a band to the three rows of one source band (and `cols` likewise for
    /// stacks), so the nine cells of a box come from exactly one source box. Every
    /// house of the result therefore holds the digits of one source house, renamed by a
    /// one-to-one relabelling: distinct stays distinct. Transposing swaps rows with
    /// columns and sends boxes to boxes. The map is a bijection on grids that respects
    /// "fills in", so the completions of the result are exactly the transformed
    /// completions of the source: the solution count, and uniqueness, carry over.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let source = grid.cells();
        let cells = std::array::from_fn(|i| {
            let (r, c) = (self.rows[i / 9], self.cols[i % 9]);
            let from = if self.transpose { c * 9 + r } else { r * 9 + c };
            self.digits[source[from] as usize]
        });
        // Digits are 0-9 by construction (a relabelling of a valid grid's digits).
        Grid::from_cells(cells).unwrap_or_else(|| unreachable!("relabelled digits are 0-9"))
    }
}

/// A random order of the nine rows (or columns) that keeps each band (stack) together:
/// the bands in a random order, and the three lines of each in a random order.
fn lines(rng: &mut SeededRng) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    rng.shuffle(&mut bands);
    let mut order = [0; 9];
    for (slot, band) in bands.into_iter().enumerate() {
        let mut within = [0, 1, 2];
        rng.shuffle(&mut within);
        for (k, line) in within.into_iter().enumerate() {
            order[slot * 3 + k] = band * 3 + line;
        }
    }
    order
}

/// A random order of the nine rows (or columns) that keeps bands together and commutes
/// with the reflection `r ↦ 8 − r`: the outer bands stay outer (kept or swapped), the
/// middle band stays in the middle (kept or reversed), and the last band is the mirror
/// image of the first, whose three lines come in any order. 2 × 6 × 2 = 24 orders.
fn mirrored_lines(rng: &mut SeededRng) -> [usize; 9] {
    let outer = if rng.below(2) == 1 { 6 } else { 0 };
    let mut within = [0, 1, 2];
    rng.shuffle(&mut within);
    let mut order = [0; 9];
    for (k, line) in within.into_iter().enumerate() {
        order[k] = outer + line;
        order[8 - k] = 8 - (outer + line);
    }
    let middle = if rng.below(2) == 1 {
        [5, 4, 3]
    } else {
        [3, 4, 5]
    };
    order[3..6].copy_from_slice(&middle);
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grader::grade;
    use crate::engine::parse::parse_grid;
    use crate::engine::solver::{Solution, count_solutions, solve};
    use proptest::prelude::*;

    /// A hard puzzle from the classic benchmark sets (24 clues, needs chains or more).
    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// Test puzzles of every kind: `k` 0 is [`HARD`]; 1 a searched puzzle with 0 to 58
    /// empty cells; 2 a pool puzzle with 62 to 64.
    fn puzzle(k: usize, seed: u64) -> Grid {
        use crate::engine::generator::{Request, generate};
        let empty = match k {
            0 => return parse_grid(HARD).expect("a valid test puzzle"),
            1 => (seed % 59) as usize,
            _ => 62 + (seed % 3) as usize,
        };
        generate(&Request::new(empty, seed))
            .expect("generated")
            .givens
    }

    #[test]
    fn the_identity_changes_nothing() {
        let p = puzzle(0, 0);
        assert_eq!(Transform::identity().apply(&p), p);
    }

    #[test]
    fn line_orders_are_permutations_that_keep_bands_and_mirror_orders_commute() {
        let mut rng = SeededRng::new(3);
        for _ in 0..200 {
            for (order, mirrored) in [(lines(&mut rng), false), (mirrored_lines(&mut rng), true)] {
                let mut sorted = order;
                sorted.sort();
                assert_eq!(sorted, std::array::from_fn(|i| i));
                for band in 0..3 {
                    let from = order[band * 3] / 3;
                    assert!((0..3).all(|k| order[band * 3 + k] / 3 == from));
                }
                if mirrored {
                    assert!((0..9).all(|r| order[8 - r] == 8 - order[r]));
                }
            }
        }
    }

    #[test]
    fn symmetric_patterns_stay_symmetric() {
        use crate::engine::Cell;
        for symmetry in [Symmetry::Rot180, Symmetry::Mirror] {
            // Scattered cells and their images: a pattern with only this symmetry.
            let mut p = Grid::empty();
            for i in [0, 3, 10, 14, 20, 28, 31, 40] {
                let cell = Cell::from_index(i).expect("a cell");
                p.set(cell, Some(1));
                p.set(symmetry.image(cell), Some(1));
            }
            for seed in 0..200 {
                let q = Transform::random_keeping(symmetry, &mut SeededRng::new(seed)).apply(&p);
                assert_eq!(q.filled_count(), p.filled_count());
                for cell in Cell::all() {
                    let image = symmetry.image(cell);
                    assert_eq!(
                        q.get(cell).is_some(),
                        q.get(image).is_some(),
                        "{symmetry} {seed}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_same_seed_draws_the_same_transform() {
        let draw = |seed| Transform::random(&mut SeededRng::new(seed));
        assert_eq!(draw(5), draw(5));
        assert_ne!(draw(5), draw(6));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn a_transformed_puzzle_is_the_same_puzzle_in_disguise(
            seed: u64,
            k in 0usize..3,
            source: u64,
        ) {
            let p = puzzle(k, source);
            let Solution::Unique(solution) = solve(&p) else {
                panic!("test puzzles have one solution");
            };
            let t = Transform::random(&mut SeededRng::new(seed));
            let q = t.apply(&p);
            prop_assert!(q.conflict().is_none());
            prop_assert_eq!(q.empty_count(), p.empty_count());
            prop_assert_eq!(count_solutions(&q, 2), 1);
            // The transformed solution is the solution of the transformed puzzle.
            let moved = t.apply(&solution);
            prop_assert!(moved.is_solved());
            prop_assert!(q.is_contained_in(&moved));
            prop_assert_eq!(solve(&q), Solution::Unique(moved));
            // The same techniques solve it: the tier of the hardest one the grader needs
            // is the same, and so is whether logic alone solves it. The grade's final
            // tier is not compared: it also counts a score, the weights of the steps the
            // grader took, and where several steps apply the grader takes the first in
            // its scan order, which a transform changes. Measured over 1,500 puzzles
            // each: the tier moved by one for 4% of the 62-64-empty pool puzzles and
            // 0.5% of searched ones, the hardest technique's tier never.
            let (a, b) = (grade(&p).expect("valid"), grade(&q).expect("valid"));
            prop_assert_eq!(a.hardest.map(|h| h.tier()), b.hardest.map(|h| h.tier()));
            prop_assert_eq!(a.solved_by_logic, b.solved_by_logic);
        }
    }
}
