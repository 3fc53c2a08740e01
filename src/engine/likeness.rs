//! Whether a pasted grid is a protected puzzle in disguise: the same puzzle with a given or
//! two dropped, partly filled in, or transformed (digits relabelled, rows, columns, bands
//! and stacks shuffled, the grid turned over). The bot must not print the answer of a
//! puzzle that is being played for, whatever its text looks like.
//!
//! Two tests, both on what the grid *is*:
//! - **Same puzzle, edited**: every digit of the pasted grid agrees with the protected
//!   solution, and it holds most of the protected givens.
//! - **Near answer**: the solution the bot would print differs from the protected
//!   solution, under some validity-preserving transformation, in at most [`CLOSE`] cells.
//!   This catches the same answer in disguise (0 cells) and the answers of near copies:
//!   a given or three changed (two different solutions differ in four cells at least),
//!   givens dropped too, transformed or not. What was done to the pasted
//!   grid does not matter, only how close the printed answer is.
//!
//! Finding the transformation is the hard part: there are about 1.2 × 10¹² of them.
//! Whether one brings the answer within [`CLOSE`] cells is decided exactly
//! ([`Protected::is_answered_by`], through [`is_near`]): such an answer leaves four
//! lines on each side untouched, four untouched lines force the relabelling and the
//! position map, and the rest is counted (proof at `is_near`'s module). It replaced an
//! aligner that could miss a transformation; the aligner stays as the measuring tool for
//! any distance ([`Protected::likeness`]: how close unrelated grids come, which is what
//! chose `CLOSE`).
//!
//! The aligner ([`align`]) lays one box of the answer on each box of the protected solution
//! in each of the 36 line orders (the nine cells fix the relabelling), keeps the seeds
//! whose band and stack agree with that guess, and refines the best few by turns: columns
//! by a vote of all rows, the relabelling by a vote of all cells, rows by a vote of all
//! columns. Why a box: two solutions cannot differ in exactly one cell of a box (it holds
//! each digit once in both), so an answer within 17 cells of the protected one has a box
//! with no difference at all. Every count it reports is achieved by a real transformation
//! (any row, column and digit maps it settles on are valid ones), so it can under-estimate
//! closeness, never invent it.
//!
//! [`is_near`]: NearAnswer::is_near
//!
//! An earlier fingerprint (the sorted cycle types of `σ_a ∘ σ_b⁻¹`, with `σ_d` mapping a
//! row to the column of digit `d`) caught exact disguises only, and unrelated grids
//! shared it: about 3 in 100,000 pairs of the benchmark sets' solutions and random ones,
//! enough to refuse an honest grid now and then once thousands of dailies are protected.

use super::near::{NearAnswer, Sheet, lines};
use super::{Cell, Grid};

/// A puzzle that must not be solved for anyone: its givens and its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Protected {
    pub givens: Grid,
    pub solution: Grid,
}

impl Protected {
    /// How close `answer` comes to this puzzle's solution under the best transformation
    /// found; `None` when either is not a solved grid.
    pub fn likeness(&self, answer: &Grid) -> Option<Likeness> {
        let (a, _): (Answer, _) = lines(answer)?;
        let mut best = (0, 0);
        for transpose in [false, true] {
            let s = Source::new(&self.solution, &self.givens, transpose)?;
            best = best.max(align(&s, &a));
        }
        Some(Likeness {
            same: best.0,
            agree: best.1,
            empty: self.givens.empty_count(),
        })
    }

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

    /// Whether printing `answer` would give this puzzle's solution away, in any disguise:
    /// it is within [`CLOSE`] cells of some transformation of the solution (decided
    /// exactly).
    pub fn is_answered_by(&self, answer: &Grid) -> bool {
        NearAnswer::new(answer).is_some_and(|a| a.is_near(&self.solution))
    }
}

/// The six orders of three lines (rows of a band, columns of a stack, bands, stacks).
const ORDERS: [[usize; 3]; 6] = super::ORDERS_OF_THREE;

/// A protected solution, as the aligner reads it: its lines with where each digit sits
/// ([`Sheet`]: digits by row and column, the column of each digit in each row, the row
/// of each digit in each column), and which cells were givens.
struct Source {
    sheet: Sheet,
    given: [[bool; 9]; 9],
}

impl Source {
    /// `None` unless `solution` is solved (then every line of the sheet is a bijection).
    fn new(solution: &Grid, givens: &Grid, transpose: bool) -> Option<Source> {
        let (rows, cols) = lines(solution)?;
        let mut given = [[false; 9]; 9];
        for cell in Cell::all() {
            let (r, c) = if transpose {
                (cell.col(), cell.row())
            } else {
                (cell.row(), cell.col())
            };
            given[r][c] = givens.get(cell).is_some();
        }
        Some(Source {
            sheet: Sheet::new(if transpose { &cols } else { &rows }),
            given,
        })
    }
}

/// A transformation, read backwards: answer row `r` shows source row `rows[r]`, answer
/// column `c` source column `cols[c]`, answer digit `d` is source digit `to_source[d]`.
#[derive(Clone, Copy, Debug)]
struct Alignment {
    rows: [u8; 9],
    cols: [u8; 9],
    to_source: [u8; 9],
}

/// How far an answer is from a protected solution under the best transformation found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Likeness {
    /// Cells (of 81) where the answer shows the transformed protected solution.
    pub same: usize,
    /// The protected puzzle's empty cells where the answer shows the protected digit
    /// (after the transformation): what printing the answer would give away.
    pub agree: usize,
    /// The protected puzzle's empty cells.
    pub empty: usize,
}

impl Likeness {
    /// Whether an answer this close gives the protected puzzle away: it differs from a
    /// transformation of the protected solution in at most [`CLOSE`] of the 81 cells.
    pub fn is_close(&self) -> bool {
        81 - self.same <= CLOSE
    }
}

/// The most cells an answer may differ in from a transformed protected solution and
/// still be refused. Measured (`cargo test --release --test likeness measure -- --ignored
/// --nocapture`, see the README's Fair play section): unrelated solutions, aligned as well
/// as this module can, differ in 35 cells on average and in 16 at the very least (a
/// 17-clue grid; those come from a few highly structured grids), and answers of near
/// copies within 20 cells were always aligned. 10 keeps a margin of six cells from the
/// nearest unrelated grid and still covers the playtest's routes (4 and 5 cells).
pub const CLOSE: usize = 10;

/// The answer as digits 0–8 by row and column.
type Answer = [[u8; 9]; 9];

/// The best band-respecting line assignment for a score matrix: `score[a][s]` is what
/// mapping answer line `a` to source line `s` earns. Bands are matched whole and lines
/// within matched bands (6 × 6³ assignments, searched band pair by band pair, since the
/// score of a band pairing is the sum of its three lines' scores).
pub(super) fn best_lines(score: &[[u16; 9]; 9]) -> [u8; 9] {
    // within[a][s]: the best order of source band s's lines under answer band a.
    let mut within = [[(0u16, 0usize); 3]; 3];
    for (a, row) in within.iter_mut().enumerate() {
        for (s, best) in row.iter_mut().enumerate() {
            for (k, o) in ORDERS.iter().enumerate() {
                let v: u16 = (0..3).map(|i| score[3 * a + i][3 * s + o[i]]).sum();
                if v > best.0 || k == 0 {
                    *best = (v, k);
                }
            }
        }
    }
    let mut best = (0u16, 0usize);
    for (k, o) in ORDERS.iter().enumerate() {
        let v: u16 = (0..3).map(|a| within[a][o[a]].0).sum();
        if v > best.0 || k == 0 {
            best = (v, k);
        }
    }
    let bands = ORDERS[best.1];
    let mut lines = [0u8; 9];
    for a in 0..3 {
        let s = bands[a];
        let o = ORDERS[within[a][s].1];
        for i in 0..3 {
            lines[3 * a + i] = (3 * s + o[i]) as u8;
        }
    }
    lines
}

impl Alignment {
    /// Answer rows to source rows, each answer row going to the source row where most of
    /// its digits (through `to_source`) sit in the mapped columns `cols[c]` for `c` in
    /// `known`.
    fn fit_rows(&mut self, s: &Source, a: &Answer, known: impl Iterator<Item = usize> + Clone) {
        let mut score = [[0u16; 9]; 9];
        for (r, line) in score.iter_mut().enumerate() {
            for c in known.clone() {
                let d = self.to_source[a[r][c] as usize];
                line[s.sheet.line_of[self.cols[c] as usize][d as usize] as usize] += 1;
            }
        }
        self.rows = best_lines(&score);
    }

    /// The same for columns, all rows known.
    fn fit_cols(&mut self, s: &Source, a: &Answer) {
        let mut score = [[0u16; 9]; 9];
        for (r, line) in a.iter().enumerate() {
            for (c, &d) in line.iter().enumerate() {
                let d = self.to_source[d as usize];
                score[c][s.sheet.pos[self.rows[r] as usize][d as usize] as usize] += 1;
            }
        }
        self.cols = best_lines(&score);
    }

    /// The relabelling that most cells vote for, greedily: the most frequent (answer
    /// digit, source digit) pair first. Any relabelling gives a real transformation, so
    /// a greedy choice can only under-estimate closeness, never invent it.
    fn fit_digits(&mut self, s: &Source, a: &Answer) {
        let mut count = [[0u8; 9]; 9];
        for (r, line) in a.iter().enumerate() {
            for (c, &d) in line.iter().enumerate() {
                let sd = s.sheet.g[self.rows[r] as usize][self.cols[c] as usize];
                count[d as usize][sd as usize] += 1;
            }
        }
        let (mut free_a, mut free_s) = (0x1ffu16, 0x1ffu16);
        for _ in 0..9 {
            let mut best = (0u8, 0usize, 0usize);
            let mut first = true;
            for (ad, line) in count.iter().enumerate() {
                if free_a & (1 << ad) == 0 {
                    continue;
                }
                for (sd, &n) in line.iter().enumerate() {
                    if free_s & (1 << sd) != 0 && (first || n > best.0) {
                        best = (n, ad, sd);
                        first = false;
                    }
                }
            }
            self.to_source[best.1] = best.2 as u8;
            free_a &= !(1 << best.1);
            free_s &= !(1 << best.2);
        }
    }

    /// Cells where the answer shows the transformed source: all, and the source's empty.
    fn agreement(&self, s: &Source, a: &Answer) -> (usize, usize) {
        let (mut all, mut empty) = (0, 0);
        for (r, line) in a.iter().enumerate() {
            let sr = self.rows[r] as usize;
            for (c, &d) in line.iter().enumerate() {
                let sc = self.cols[c] as usize;
                if s.sheet.g[sr][sc] == self.to_source[d as usize] {
                    all += 1;
                    empty += usize::from(!s.given[sr][sc]);
                }
            }
        }
        (all, empty)
    }
}

/// Checks a seed may fail before it is dropped (of 24).
const SEED_FAILS: u16 = 8;

/// How well a seed (a box of the answer laid on a box of the source, which fixes the
/// relabelling and that band's rows and stack's columns) predicts the rest of its band
/// and stack: in each other column of the band, row 0's digit names the source column,
/// and rows 1 and 2 must agree there; likewise for the rows of the stack. `None` once
/// more than [`SEED_FAILS`] checks fail: a wrong seed passes each check about one time
/// in nine, so almost every seed is dropped after a handful of lookups.
fn seed_score(s: &Source, a: &Answer, al: &Alignment, abr: usize, abc: usize) -> Option<u16> {
    let (sbr, sbc) = (al.rows[abr] as usize / 3, al.cols[abc] as usize / 3);
    let mut pass = 0u16;
    let mut fail = 0u16;
    for c in (0..9).filter(|c| c / 3 != abc / 3) {
        let sc =
            s.sheet.pos[al.rows[abr] as usize][al.to_source[a[abr][c] as usize] as usize] as usize;
        for i in 1..3 {
            if sc / 3 != sbc
                && s.sheet.g[al.rows[abr + i] as usize][sc] == al.to_source[a[abr + i][c] as usize]
            {
                pass += 1;
            } else {
                fail += 1;
            }
        }
        if fail > SEED_FAILS {
            return None;
        }
    }
    for r in (0..9).filter(|r| r / 3 != abr / 3) {
        let sr = s.sheet.line_of[al.cols[abc] as usize][al.to_source[a[r][abc] as usize] as usize]
            as usize;
        for j in 1..3 {
            if sr / 3 != sbr
                && s.sheet.g[sr][al.cols[abc + j] as usize] == al.to_source[a[r][abc + j] as usize]
            {
                pass += 1;
            } else {
                fail += 1;
            }
        }
        if fail > SEED_FAILS {
            return None;
        }
    }
    Some(pass)
}

/// Seeds kept for refinement, per source orientation.
const REFINED: usize = 6;

/// The best alignment of `answer` with `source` found from seeds (one box of the answer
/// laid on one box of the source) and refined: returns (cells agreeing, of which empty in
/// the source).
fn align(s: &Source, a: &Answer) -> (usize, usize) {
    // Seeds: answer box `ab` on source box `sb` with row order `ro` and column order
    // `co`. The nine cells fix the relabelling. The seed's band and stack then predict
    // the rest of their lines: column `c` of the answer's band should be the source
    // column holding row 0's digit, and rows 1 and 2 should agree there.
    let mut top: [(u16, Alignment, usize); REFINED] = [(
        0,
        Alignment {
            rows: [0; 9],
            cols: [0; 9],
            to_source: [0; 9],
        },
        0,
    ); REFINED];
    for ab in 0..9 {
        let (abr, abc) = (3 * (ab / 3), 3 * (ab % 3));
        for sb in 0..9 {
            let (sbr, sbc) = (3 * (sb / 3), 3 * (sb % 3));
            for ro in &ORDERS {
                for co in &ORDERS {
                    let mut al = Alignment {
                        rows: [0; 9],
                        cols: [0; 9],
                        to_source: [0; 9],
                    };
                    for i in 0..3 {
                        al.rows[abr + i] = (sbr + ro[i]) as u8;
                        al.cols[abc + i] = (sbc + co[i]) as u8;
                        for j in 0..3 {
                            al.to_source[a[abr + i][abc + j] as usize] =
                                s.sheet.g[sbr + ro[i]][sbc + co[j]];
                        }
                    }
                    let Some(score) = seed_score(s, a, &al, abr, abc) else {
                        continue;
                    };
                    if score > top[REFINED - 1].0 {
                        let mut k = REFINED - 1;
                        while k > 0 && top[k - 1].0 < score {
                            top[k] = top[k - 1];
                            k -= 1;
                        }
                        top[k] = (score, al, abc);
                    }
                }
            }
        }
    }
    let mut best = (0, 0);
    for (score, seed, stack) in top {
        if score == 0 {
            break;
        }
        let mut al = seed;
        // Rows from the seed's three columns first; then everything, until no gain.
        al.fit_rows(s, a, stack..stack + 3);
        let mut last = (0, 0);
        for _ in 0..4 {
            al.fit_cols(s, a);
            al.fit_digits(s, a);
            al.fit_rows(s, a, 0..9);
            al.fit_digits(s, a);
            let now = al.agreement(s, a);
            if now.0 <= last.0 {
                break;
            }
            last = now;
        }
        if last.0 > best.0 {
            best = last;
        }
    }
    best
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
