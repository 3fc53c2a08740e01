//! The solver: counts solutions (stopping at a limit) so that one search both solves a
//! puzzle and proves its solution unique.
//!
//! # Representation
//! The board is held per digit, not per cell: for each digit and each *band* (three rows
//! of boxes) a 27-bit mask says where that digit may still go. Bit `9 * r + c` of band `b`
//! is row `3b + r`, column `c`. This layout is the point of the design: one digit's
//! constraints inside a band (once per row, once per box) depend only on which of the
//! nine *minirows* (a row's three cells inside one box) are still open, so locked
//! candidates and hidden singles in rows and boxes cost two table lookups instead of a
//! loop over houses. Columns cross bands, and are handled when a digit is placed (it
//! leaves the column in the other two bands) and by a per-digit column scan.
//!
//! Naked singles are found for 27 cells at a time by counting, with bitwise carries,
//! how many digits each cell still allows. Branching picks a cell with the fewest
//! candidates (a bivalue cell whenever there is one). The whole state is 232 bytes and is
//! copied onto the stack at each guess: there is no heap allocation in the search.

#[cfg(test)]
use super::grid::Cell;
use super::grid::Grid;

/// The 27 bits of a band.
const BAND: u32 = (1 << 27) - 1;
/// The first box of a band.
const BOX0: u32 = 0b111 | 0b111 << 9 | 0b111 << 18;
const ROW_MASKS: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
const BOX_MASKS: [u32; 3] = [BOX0, BOX0 << 3, BOX0 << 6];

/// For the nine bits of one row of a band: which of its three boxes hold a candidate.
const ROW_BOXES: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            if (x >> (3 * k)) & 0b111 != 0 {
                t[x] |= 1 << k;
            }
            k += 1;
        }
        x += 1;
    }
    t
};

/// For a digit in a band, indexed by which minirows are open (bit `3 * row + box`): the
/// cells that survive. The digit takes one minirow in each row and each box, so the rows
/// pick distinct boxes: one of six permutations. A minirow that belongs to no permutation
/// made only of open minirows cannot hold the digit (this is locked candidates, pointing
/// and claiming, inside the band). Zero means no permutation fits: a contradiction.
const KEEP: [u32; 512] = {
    const PERMS: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut occ = 0;
    while occ < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut fits = true;
            let mut cells = 0u32;
            let mut row = 0;
            while row < 3 {
                let minirow = 3 * row + perm[row as usize];
                if occ >> minirow & 1 == 0 {
                    fits = false;
                }
                cells |= 0b111 << (9 * row + 3 * perm[row as usize]);
                row += 1;
            }
            if fits {
                t[occ] |= cells;
            }
            p += 1;
        }
        occ += 1;
    }
    t
};

/// Squeezes a band's three rows onto nine bits: which columns hold a candidate.
#[inline(always)]
fn fold_columns(m: u32) -> u32 {
    (m | m >> 9 | m >> 18) & 0x1FF
}

/// Repeats nine column bits onto the three rows of a band.
#[inline(always)]
fn spread_columns(c: u32) -> u32 {
    c | c << 9 | c << 18
}

/// The search state: candidates per digit and band, and the cells not yet placed.
#[derive(Clone, Copy)]
struct State {
    /// `cand[digit * 3 + band]`: where `digit` (0-based) may still go in `band`. A placed
    /// digit keeps its own bit, so each row of a solved band shows exactly one bit.
    cand: [u32; 27],
    /// Each slot's mask as it was when the slot was last checked: a slot whose mask has
    /// not changed since needs no work. Starts at a value no 27-bit mask can have, so
    /// that every slot is checked once, even one that starts empty.
    checked: [u32; 27],
    unsolved: [u32; 3],
    /// Slots (`digit * 3 + band`) that may have changed since they were last checked.
    dirty: u32,
    /// Digits whose masks changed since the column scan last looked at them.
    columns_dirty: u32,
}

impl State {
    /// The state after placing the givens; `None` when two givens clash.
    fn new(grid: &Grid) -> Option<State> {
        let mut s = State {
            cand: [BAND; 27],
            checked: [u32::MAX; 27],
            unsolved: [BAND; 3],
            dirty: 0,
            columns_dirty: 0,
        };
        for (i, &v) in grid.cells().iter().enumerate() {
            if v != 0 && !s.place(v as usize - 1, i / 27, 1 << (i % 27)) {
                return None;
            }
        }
        s.dirty = (1 << 27) - 1;
        s.columns_dirty = 0x1FF;
        Some(s)
    }

    /// Places 0-based `digit` in the cell at `bit` of `band`. False when the digit is no
    /// longer possible there (the caller found the single from an older view).
    #[inline(always)]
    fn place(&mut self, digit: usize, band: usize, bit: u32) -> bool {
        if self.cand[digit * 3 + band] & bit == 0 {
            return false;
        }
        self.assign(digit, band, bit);
        true
    }

    /// Places 0-based `digit` on every cell of `cells` in `band`. The cells must be
    /// candidates of the digit, unsolved, and in distinct rows and boxes (hence distinct
    /// columns): what the band logic guarantees for the singles it finds.
    #[inline(always)]
    fn assign(&mut self, digit: usize, band: usize, cells: u32) {
        let slot = digit * 3 + band;
        // Branch-free: which rows and boxes the cells touch is close to random, so a
        // branch here would often be mispredicted.
        let mut peers = 0;
        for mask in ROW_MASKS.into_iter().chain(BOX_MASKS) {
            peers |= mask & ((cells & mask != 0) as u32).wrapping_neg();
        }
        self.cand[slot] &= !peers | cells;
        let col = !spread_columns(fold_columns(cells));
        let (b1, b2) = match band {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        };
        self.cand[digit * 3 + b1] &= col;
        self.cand[digit * 3 + b2] &= col;
        // Other digits leave the cells. Only slots that really lose a cell are queued:
        // most of the queue would otherwise be slots with nothing new.
        let mut changed = 0b111 << (digit * 3);
        for d in 0..9 {
            if d != digit {
                let s = d * 3 + band;
                let before = self.cand[s];
                self.cand[s] = before & !cells;
                changed |= ((before & cells != 0) as u32) << s;
            }
        }
        self.dirty |= changed;
        self.unsolved[band] &= !cells;
    }

    /// Applies one digit's band logic to slot `slot`: locked candidates, then hidden
    /// singles in the band's rows and boxes. False on a contradiction.
    #[inline(always)]
    fn update_slot(&mut self, slot: usize) -> bool {
        let band = slot % 3;
        let mut m = self.cand[slot];
        if m == self.checked[slot] {
            return true;
        }
        let occ = ROW_BOXES[(m & 0x1FF) as usize]
            | ROW_BOXES[(m >> 9 & 0x1FF) as usize] << 3
            | ROW_BOXES[(m >> 18) as usize] << 6;
        let keep = KEEP[occ as usize];
        if keep == 0 {
            return false;
        }
        m &= keep;
        self.cand[slot] = m;
        self.checked[slot] = m;
        self.columns_dirty |= 1 << (slot / 3);
        // A row of the band with one cell left for the digit: a hidden single. A box
        // with one cell left needs no test of its own: `KEEP` already confined that
        // cell's row to it. After `KEEP` the singles sit in distinct rows and boxes (a
        // permutation), so they can be placed together.
        let mut singles = 0;
        for mask in ROW_MASKS {
            let x = m & mask;
            singles |= x & ((x & x.wrapping_sub(1) == 0) as u32).wrapping_neg();
        }
        singles &= self.unsolved[band];
        if singles != 0 {
            self.assign(slot / 3, band, singles);
        }
        true
    }

    /// Runs the band logic and the cross-band checks until nothing changes. False on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                let slot = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if !self.update_slot(slot) {
                    return false;
                }
            }
            // Naked singles: count candidates per cell with carries (at least one, at
            // least two) across the nine digits, 27 cells at a time.
            for band in 0..3 {
                let (mut one, mut two) = (0u32, 0u32);
                for digit in 0..9 {
                    let x = self.cand[digit * 3 + band];
                    two |= one & x;
                    one |= x;
                }
                let open = self.unsolved[band];
                if open & !one != 0 {
                    return false;
                }
                let mut singles = open & !two;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    let Some(digit) = (0..9).find(|d| self.cand[d * 3 + band] & bit != 0) else {
                        return false;
                    };
                    if !self.place(digit, band, bit) {
                        return false;
                    }
                }
            }
            if self.dirty != 0 {
                continue;
            }
            // Columns: each digit needs a cell in every column; a column where the digit
            // is left in one cell only is a hidden single.
            while self.columns_dirty != 0 {
                let digit = self.columns_dirty.trailing_zeros() as usize;
                self.columns_dirty &= self.columns_dirty - 1;
                let m = [
                    self.cand[digit * 3],
                    self.cand[digit * 3 + 1],
                    self.cand[digit * 3 + 2],
                ];
                let cols = m.map(fold_columns);
                if cols[0] | cols[1] | cols[2] != 0x1FF {
                    return false;
                }
                for band in 0..3 {
                    let elsewhere = cols[(band + 1) % 3] | cols[(band + 2) % 3];
                    let x = m[band] & !spread_columns(elsewhere);
                    let (r0, r1, r2) = (x & 0x1FF, x >> 9 & 0x1FF, x >> 18);
                    let crowded = (r0 & r1) | (r0 & r2) | (r1 & r2);
                    let mut singles = x & !spread_columns(crowded) & self.unsolved[band];
                    while singles != 0 {
                        let bit = singles & singles.wrapping_neg();
                        singles ^= bit;
                        if !self.place(digit, band, bit) {
                            return false;
                        }
                    }
                }
            }
            if self.dirty == 0 {
                return true;
            }
        }
    }

    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The cell to branch on: a bivalue cell if there is one, else the first cell with
    /// the fewest candidates. Returns its band and bit.
    fn branch_cell(&self) -> (usize, u32) {
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for digit in 0..9 {
                let x = self.cand[digit * 3 + band];
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            let bivalue = self.unsolved[band] & two & !three;
            if bivalue != 0 {
                return (band, bivalue & bivalue.wrapping_neg());
            }
        }
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let n = (0..9)
                    .filter(|d| self.cand[d * 3 + band] & bit != 0)
                    .count() as u32;
                if n < best.2 {
                    best = (band, bit, n);
                }
            }
        }
        (best.0, best.1)
    }

    fn grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for digit in 0..9 {
            for band in 0..3 {
                let mut m = self.cand[digit * 3 + band];
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    m &= m - 1;
                    cells[band * 27 + i] = digit as u8 + 1;
                }
            }
        }
        Grid::from_cells(cells).unwrap_or_default()
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solution {
    /// The givens admit no completion (this includes conflicting givens).
    None,
    /// Exactly one completion.
    Unique(Grid),
    /// At least two completions; two of them, to show the difference.
    Multiple(Grid, Grid),
}

/// Solves `grid` and proves the answer unique, in one search that stops at the second
/// solution.
pub fn solve(grid: &Grid) -> Solution {
    let mut found: [Grid; 2] = [Grid::empty(); 2];
    let n = for_each_solution(grid, 2, |i, g| found[i] = *g);
    match n {
        0 => Solution::None,
        1 => Solution::Unique(found[0]),
        _ => Solution::Multiple(found[0], found[1]),
    }
}

/// The number of solutions of `grid`, counting no further than `limit`.
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    for_each_solution(grid, limit, |_, _| {})
}

/// True when `grid` has exactly one solution.
pub fn has_unique_solution(grid: &Grid) -> bool {
    count_solutions(grid, 2) == 1
}

/// Calls `visit(k, solution)` for the first `limit` solutions (k counts from 0) and
/// returns how many were found.
pub fn for_each_solution(grid: &Grid, limit: usize, mut visit: impl FnMut(usize, &Grid)) -> usize {
    if limit == 0 {
        return 0;
    }
    let Some(mut state) = State::new(grid) else {
        return 0;
    };
    let mut search = Search {
        limit,
        found: 0,
        visit: &mut visit,
    };
    if state.propagate() {
        search.run(state);
    }
    search.found
}

struct Search<'a, F: FnMut(usize, &Grid)> {
    limit: usize,
    found: usize,
    visit: &'a mut F,
}

impl<F: FnMut(usize, &Grid)> Search<'_, F> {
    /// Explores a propagated state. Returns true once the limit is reached.
    fn run(&mut self, mut state: State) -> bool {
        loop {
            if state.is_solved() {
                (self.visit)(self.found, &state.grid());
                self.found += 1;
                return self.found >= self.limit;
            }
            let (band, bit) = state.branch_cell();
            // Try every digit but the last on a copy; the last reuses `state` (a loop
            // instead of a tail call), which saves one copy per branch point.
            let mut options = (0..9).filter(|d| state.cand[d * 3 + band] & bit != 0);
            let Some(mut current) = options.next() else {
                return false;
            };
            for next in options {
                let mut branch = state;
                if branch.place(current, band, bit) && branch.propagate() && self.run(branch) {
                    return true;
                }
                current = next;
            }
            if !(state.place(current, band, bit) && state.propagate()) {
                return false;
            }
        }
    }
}

/// A solution chosen at random among the completions of `grid`, or `None` when there is
/// none. Branching tries digits in an order drawn from `rng`, so repeated calls on the
/// empty grid give unrelated complete grids.
pub fn random_solution(grid: &Grid, rng: &mut super::rng::SeededRng) -> Option<Grid> {
    fn run(mut state: State, rng: &mut super::rng::SeededRng) -> Option<Grid> {
        if !state.propagate() {
            return None;
        }
        if state.is_solved() {
            return Some(state.grid());
        }
        let (band, bit) = state.branch_cell();
        let mut digits = [0usize; 9];
        let mut n = 0;
        for d in 0..9 {
            if state.cand[d * 3 + band] & bit != 0 {
                digits[n] = d;
                n += 1;
            }
        }
        rng.shuffle(&mut digits[..n]);
        for &d in &digits[..n] {
            let mut branch = state;
            if branch.place(d, band, bit)
                && let Some(g) = run(branch, rng)
            {
                return Some(g);
            }
        }
        None
    }
    run(State::new(grid)?, rng)
}

/// The cell a position names in this module's band layout, for tests.
#[cfg(test)]
fn band_bit(cell: Cell) -> (usize, u32) {
    (cell.index() / 27, 1 << (cell.index() % 27))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Grid {
        let mut cells = [0u8; 81];
        for (i, ch) in s.chars().enumerate() {
            cells[i] = ch.to_digit(10).unwrap_or(0) as u8;
        }
        Grid::from_cells(cells).unwrap()
    }

    const EASY: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    #[test]
    fn solves_a_classic_puzzle_and_keeps_its_givens() {
        let g = grid(EASY);
        let Solution::Unique(s) = solve(&g) else {
            panic!("expected a unique solution")
        };
        assert!(s.is_solved());
        assert!(g.is_contained_in(&s));
    }

    #[test]
    fn the_empty_grid_has_many_solutions() {
        assert_eq!(count_solutions(&Grid::empty(), 100), 100);
        assert!(
            matches!(solve(&Grid::empty()), Solution::Multiple(a, b) if a != b && a.is_solved() && b.is_solved())
        );
    }

    #[test]
    fn conflicting_givens_have_no_solution() {
        let mut g = grid(EASY);
        g.set(Cell::from_index(0).unwrap(), Some(6)); // 6 is already in row A
        assert_eq!(solve(&g), Solution::None);
    }

    #[test]
    fn a_solved_grid_solves_to_itself() {
        let Solution::Unique(s) = solve(&grid(EASY)) else {
            panic!()
        };
        assert_eq!(solve(&s), Solution::Unique(s));
    }

    #[test]
    fn removing_two_swappable_digits_gives_exactly_two_solutions() {
        let Solution::Unique(s) = solve(&grid(EASY)) else {
            panic!()
        };
        // Find a rectangle of two rows in one band and two columns where the digits swap
        // (a deadly pattern): emptying it leaves exactly two completions when all else is
        // given.
        for r1 in 0..9 {
            for r2 in r1 + 1..(r1 / 3 * 3 + 3) {
                for c1 in 0..9 {
                    for c2 in c1 + 1..9 {
                        let at = |r, c| s.get(Cell::at(r, c).unwrap()).unwrap();
                        if at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1) {
                            let mut g = s;
                            for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
                                g.set(Cell::at(r, c).unwrap(), None);
                            }
                            assert_eq!(count_solutions(&g, 10), 2);
                            return;
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn band_layout_matches_cell_indices() {
        assert_eq!(band_bit(Cell::parse("D1").unwrap()), (1, 1));
        assert_eq!(band_bit(Cell::parse("I9").unwrap()), (2, 1 << 26));
    }
}
