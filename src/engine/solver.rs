//! The solver: counts solutions (stopping at a limit) so that one search both solves a
//! puzzle and proves its solution unique.
//!
//! # Representation
//! The board is held per digit, not per cell: for each digit and each *band* (three rows
//! of boxes) a 27-bit mask says where that digit may still go. Bit `9 * r + c` of band `b`
//! is row `3b + r`, column `c`; `State::cand[band][digit]` holds it. This layout is the
//! point of the design: one digit's constraints inside a band (once per row, once per
//! box) depend only on which of the nine *minirows* (a row's three cells inside one box)
//! are still open, so locked candidates and hidden singles in rows and boxes cost a few
//! ALU operations instead of a loop over houses. A placed digit keeps its own bit, so a
//! solved row of a digit is a row with one bit left whose cell is no longer in
//! `unsolved`. A band's nine masks sit side by side (band-major), so that one SIMD
//! operation applies a step to digits 0 to 7 of a band at once (`super::lanes`: AVX2
//! when the machine has it, checked at run time, else a portable fallback); digit 8 goes
//! through scalar code beside them. This is the idea of tdoku's band representation
//! (process a band's digits together, compute locked candidates with shifts), in our
//! own layout and code.
//!
//! # Propagation
//! `State::propagate` repeats these steps until none of them finds anything:
//!
//! 1. **Band logic**, the hot loop, one band at a time while a band is *dirty* (changed
//!    since it was last settled). A pass over a band applies locked candidates to all
//!    nine digits (`keep_lanes`: a minirow stays when it lies on a permutation of open
//!    minirows, rows against boxes, computed with rotations by rows and by boxes; the
//!    `KEEP` table for digit 8), then looks for two kinds of single at once: every row
//!    left with one unsolved cell, and **naked singles** (counting with carries across
//!    the nine digits gives the cells with no candidate, a contradiction, one, and two:
//!    bivalue, kept in `State::bivalue` for branching). It *claims* them all: the cell
//!    leaves `unsolved`, its digit keeps only that cell in its row, every other digit
//!    leaves the cell, and the digit leaves the cell's column in the other two bands,
//!    which become dirty. Passes repeat until one finds nothing; the band's masks stay
//!    in registers meanwhile. A guess is claimed the same way, as the first step of
//!    settling its band. Each pass is a chain of dependent vector operations ending in
//!    a branch, so the number of passes is what a band costs: finding both kinds of
//!    single in one pass, and claiming naked singles and guesses at once instead of
//!    leaving them to the next pass's row singles, took the passes per puzzle from
//!    2,574 to 1,756 on hardest-1106 (from 1,547 to 1,067 on the first 2,000 of
//!    hardest-11plus; lab counter, counting to two). Before the band logic
//!    (dirty-slot propagation) each of the 27 digit-band masks was processed on its own
//!    with table lookups, a claim clearing the other digits one by one behind an
//!    unpredictable branch.
//! 2. **Column hidden singles**, only for digits whose masks changed since the last look
//!    (digits 0 to 7 all at once in lanes: for a digit that did not change, the rule
//!    finds nothing it has not already applied): the three bands' masks are counted with
//!    carries so that a column left with exactly one cell shows up in a few operations.
//!    Puzzles with few givens (17 clues) need this to avoid guessing.
//! 3. **Column locked candidates**, only when step 2 found nothing: the same permutation
//!    rule turned sideways. In a *stack* (three columns of boxes) a digit takes one cell
//!    in each column and each box, so the three columns pick distinct bands; a
//!    *minicolumn* (a column's three cells inside one box) that no such choice can use
//!    loses the digit. Step 1 covers rows against boxes; this covers columns against
//!    boxes, and cuts the guesses by about a third on hard sets (top1465: 37 to 26 search
//!    nodes per puzzle, with the branching rule then in use).
//! 4. **Branching** on a bivalue cell: the one whose two placements remove the most
//!    candidates from its peers, those in bivalue peers (left with a naked single)
//!    weighted three times (`State::branch_cell`), else on the cell with the fewest
//!    candidates. Against the rule before (the first bivalue cell of the box with the
//!    most unsolved cells) this needs about 30% fewer propagations on the hard sets.
//!    Each candidate but the last is tried on a copy of the 224-byte state; the last
//!    reuses the state in place. The guess itself is not written into the state: it
//!    travels with the node (`Changed::guess`) and is applied in registers when its band
//!    is loaded, which also spares a vector load that would wait on a narrower store.
//!    There is no heap allocation in the search.
//!
//! The rules only ever remove candidates, and a rule that applies to a state applies to
//! any smaller one, so the state they settle on does not depend on the order they are
//! applied in; nor does whether a contradiction shows, as every check is made again on
//! the settled state. Two checks exist only because step 1 handles a band's digits at
//! once: two digits claiming one cell in the same pass, or one digit with two naked
//! singles in one row; applied one at a time, as before, the first would empty a row of
//! the other, a contradiction either way. So the bookkeeping can change without changing
//! any branch the search takes, which solutions it finds, or in which order, and both
//! kinds of lanes search alike (the tests compare them, and the band logic against the
//! `KEEP` table).
//!
//! The steps and the branching rule decide which solution `random_solution` reaches for
//! a seed and which second solution the generator sees, so they decide the puzzle a
//! seed gives. Changing them changes puzzles for a seed (stored daily puzzles are not
//! affected: they are kept, not regenerated).

#[cfg(test)]
use super::grid::Cell;
use super::grid::Grid;
#[cfg(target_arch = "x86_64")]
use super::lanes::Avx2;
use super::lanes::{Lanes, Portable};
use super::rng::SeededRng;

mod bands;
use bands::*;

/// The search state: candidates per band and digit, and the cells not yet placed.
#[derive(Clone, Copy)]
#[repr(align(32))]
struct State {
    /// `cand[band][digit]`: where `digit` (0-based) may still go in `band`. Lanes 9 to 15
    /// are always zero (they let a band load as whole SIMD registers).
    cand: [[u32; 16]; 3],
    /// Per band, the cells no digit has claimed yet.
    unsolved: [u32; 3],
    /// Per band, the open cells with exactly two candidates, as of the band's last
    /// settling (which every change to the band is followed by): where to branch.
    bivalue: [u32; 3],
}

/// The work propagation has left. Every set is empty when `State::propagate` returns, so
/// it lives in `propagate`'s frame and a branch copies only `State`.
struct Pending {
    /// Bands (bit `band`) whose masks changed since step 1 last settled them.
    dirty: u32,
    /// A guess not yet applied (`Changed::guess`), applied by the first band settled.
    guess: Guess,
    /// Digits (bit `digit`) whose masks changed since step 2 last looked at them.
    columns: u32,
    /// Digits whose masks changed since step 3 last looked at them (collected from
    /// `columns` as step 2 consumes it).
    locks: u32,
}

/// Where to branch: a cell given as its band and bit. Band 3 means the grid is solved.
struct Branch {
    band: usize,
    bit: u32,
}

/// Band 3: no cell to branch on, the state is a solution.
const SOLVED: usize = 3;

/// What a node starts from: the bands and digits changed since the last fixpoint.
#[derive(Clone, Copy)]
struct Changed {
    bands: u32,
    digits: u32,
    /// The guess that leads to this node, applied as the first step of settling its
    /// band (`bands` is then that band alone).
    guess: Guess,
}

/// A digit placed by a guess: 0-based `digit` at `bit` (zero when there is none).
#[derive(Clone, Copy)]
struct Guess {
    digit: usize,
    bit: u32,
}

/// No guess (no cell; the digit past the lanes keeps `LANE`'s index in bounds).
const NO_GUESS: Guess = Guess { digit: 9, bit: 0 };

/// Per digit (and 9 for none), all ones in its lane: selects a digit's lane without a
/// store into the band (which a vector load of the band right after would stall on).
const LANE: [[u32; 16]; 10] = {
    let mut t = [[0u32; 16]; 10];
    let mut d = 0;
    while d < 9 {
        t[d][d] = u32::MAX;
        d += 1;
    }
    t
};

/// Everything changed: a new state.
const EVERYTHING: Changed = Changed {
    bands: 0b111,
    digits: 0x1FF,
    guess: NO_GUESS,
};

impl State {
    /// The state for `grid`'s givens, before propagation. Givens are not placed one by
    /// one: each slot is built at once as "not a peer of a given of this digit, not a cell
    /// holding another given, or a given of this digit". Clashing givens survive this
    /// (both keep their bit) and are caught by propagation, which sees a row with two
    /// cells that allow nothing else, or a column or box emptied by a claim.
    fn new(grid: &Grid) -> State {
        // `given[v][band]`: the cells of `band` holding `v`. Row 0 collects the empty
        // cells, so filling the table needs no branch on emptiness.
        let mut given = [[0u32; 3]; 10];
        let cells = grid.cells();
        for band in 0..3 {
            for i in 0..27 {
                // `Grid` guarantees 0..=9.
                given[cells[band * 27 + i] as usize][band] |= 1 << i;
            }
        }
        let mut cand = [[0u32; 16]; 3];
        for d in 0..9 {
            let g = given[d + 1];
            let cols = spread_columns(fold_columns(g[0] | g[1] | g[2]));
            for b in 0..3 {
                let peers = cols | HOUSES_OF[minirows(g[b]) as usize];
                cand[b][d] = (BAND & !peers & given[0][b]) | g[b];
            }
        }
        State {
            cand,
            unsolved: [BAND; 3],
            bivalue: [0; 3],
        }
    }

    /// Step 1 for one band: a pending guess in it, then locked candidates and claims of
    /// row and naked singles for its nine digits at once (digits 0 to 7 in lanes, digit
    /// 8 beside them in scalar code), repeated until the band makes no claim. A claim
    /// also clears columns in the other two bands, which become dirty. False on a
    /// contradiction.
    #[inline(always)]
    fn settle_band<L: Lanes>(&mut self, band: usize, p: &mut Pending) -> bool {
        let start = L::load(&self.cand[band]);
        let start8 = self.cand[band][8];
        let (mut m, mut m8) = (start, start8);
        let mut open = self.unsolved[band];
        // The digits that claimed something, which may have changed in the other bands.
        let mut claimers = L::splat(0);
        let mut claimer8 = 0;
        // A guess (in the first band settled after it): the cell is claimed at once. Its
        // digit keeps only that cell in its row, every other digit leaves the cell, and
        // the digit leaves its column in the other two bands. Left to the band logic,
        // the row's lone cell would cost a pass to find and claim; the band's first pass
        // here already works on the claimed cell. Applied in registers: a store into
        // the band just before the load above would stall it.
        let Guess { digit, bit } = p.guess;
        if bit != 0 {
            p.guess = NO_GUESS;
            let row = ROW_MASKS[(bit.trailing_zeros() / 9) as usize % 3] & !bit;
            let sel = L::load(&LANE[digit]);
            let sel8 = ((digit == 8) as u32).wrapping_neg();
            m = m.and_not(sel.and(L::splat(row)).or(L::splat(bit).and_not(sel)));
            m8 &= !(sel8 & row | !sel8 & bit);
            open &= !bit;
            let (guessed, guessed8) = (sel.and(L::splat(bit)), sel8 & bit);
            claimers = claimers.or(guessed);
            claimer8 |= guessed8;
            self.clear_columns::<L>(band, guessed, guessed8, p);
        }
        loop {
            m = keep_lanes(m);
            // `minirows` is below 512: the mask only spares a bounds check.
            m8 &= KEEP[(minirows(m8) & 0x1FF) as usize];
            if (m.zero_lanes() != 0) | (m8 == 0) {
                return false;
            }
            // Rows with one cell left whose cell nobody has claimed: new placements. After
            // locked candidates a digit's lone cells sit in distinct boxes, hence columns.
            let single = lone_in_row(m).and(L::splat(open));
            let single8 = m8 & !crowded_rows(m8) & open;
            // Naked singles, in the same pass (independent of the lone cells, so the two
            // overlap in the pipeline, and one branch ends the pass): count each cell's
            // candidates (none, one, two, three or more) over the nine digits.
            let (one, two, three) = m.counts();
            let (one, two, three) = (one | m8, two | one & m8, three | two & m8);
            // An open cell with no candidate, or a claimed cell with two (two digits
            // claimed it at once, see below).
            if open & !one | !open & two & BAND != 0 {
                return false;
            }
            let cells = open & !two;
            if (cells == 0) & single.or(L::splat(single8)).is_zero() {
                self.bivalue[band] = open & two & !three;
                break;
            }
            // Place the naked singles: the digit of each such cell keeps only that cell
            // in its row. Two in one row for one digit would empty the row, one placement
            // at a time: a contradiction.
            let placed = m.and(L::splat(cells));
            let placed8 = m8 & cells;
            let (rows, twice) = rows_of(placed);
            if !twice.is_zero() | two_in_a_row(placed8) {
                return false;
            }
            m = m.and_not(rows.and_not(placed));
            m8 &= !spread_rows(placed8) | placed8;
            // Claim them all, lone and naked (a naked cell can be lone too: the same
            // digit). Two digits claiming one cell keep it both (one claim at a time, as
            // the rule reads, the first would empty the other digit's row): the next
            // pass finds the cell claimed with two candidates, and reports the
            // contradiction.
            let (claim, claim8) = (single.or(placed), single8 | placed8);
            let all = claim.or_all().or(L::splat(claim8));
            open &= !(all.first());
            // Every other digit leaves the claimed cells.
            m = m.and_not(all.and_not(claim));
            m8 &= !(all.first() & !claim8);
            claimers = claimers.or(claim);
            claimer8 |= claim8;
            self.clear_columns::<L>(band, claim, claim8, p);
        }
        self.unsolved[band] = open;
        m.store(&mut self.cand[band]);
        self.cand[band][8] = m8;
        p.columns |= m.differs(start)
            | (!claimers.zero_lanes() & 0xFF)
            | ((m8 != start8) as u32 | (claimer8 != 0) as u32) << 8;
        true
    }

    /// Each digit leaves the columns of its cells `single` (lanes) and `single8` (digit
    /// 8), claimed in `band`, in the other two bands, which become dirty when that
    /// removed anything.
    #[inline(always)]
    fn clear_columns<L: Lanes>(&mut self, band: usize, single: L, single8: u32, p: &mut Pending) {
        let cols = single.or(single.shr::<9>()).or(single.shr::<18>());
        let cols = cols.and(L::splat(0x1FF));
        let cols = cols.or(cols.shl::<9>()).or(cols.shl::<18>());
        let cols8 = spread_columns(fold_columns(single8));
        // Branch-free: whether a claim reaches another band is close to random. (A loop
        // rather than a closure: a closure called from three places stops being inlined,
        // and the intrinsics in it become calls.)
        for other in OTHER_BANDS[band] {
            let c = L::load(&self.cand[other]);
            let c8 = self.cand[other][8];
            let hit = !c.and(cols).is_zero() | (c8 & cols8 != 0);
            c.and_not(cols).store(&mut self.cand[other]);
            self.cand[other][8] = c8 & !cols8;
            p.dirty |= (hit as u32) << other;
        }
    }

    /// Step 1: band logic until no band is dirty. False on a contradiction.
    #[inline(always)]
    fn settle_bands<L: Lanes>(&mut self, p: &mut Pending) -> bool {
        while p.dirty != 0 {
            let band = p.dirty.trailing_zeros() as usize;
            p.dirty &= p.dirty - 1;
            if !self.settle_band::<L>(band, p) {
                return false;
            }
        }
        true
    }

    /// Step 2: hidden singles in columns, for digits that changed (digits 0 to 7 in
    /// lanes: those that did not change find nothing new, as the rule already left them
    /// as they are). `None` on a contradiction, else whether anything was placed.
    #[inline(always)]
    fn column_singles<L: Lanes>(&mut self, p: &mut Pending) -> Option<bool> {
        let digits = p.columns;
        p.columns = 0;
        p.locks |= digits;
        let mut placed = false;
        if digits & 0xFF != 0 {
            let x = [0, 1, 2].map(|band| L::load(&self.cand[band]));
            let [a, b, c] = x;
            let nine = L::splat(0x1FF);
            let fold = |m: L| m.or(m.shr::<9>()).or(m.shr::<18>()).and(nine);
            let one = a.or(b).or(c);
            let two = a.and(b).or(c.and(a.or(b)));
            if !nine.and_not(fold(one)).is_zero() {
                return None;
            }
            let (r0, r1, r2) = (one.and(nine), one.shr::<9>().and(nine), one.shr::<18>());
            let multi = fold(two).or(r0.and(r1)).or(r2.and(r0.or(r1)));
            let lone = nine.and_not(multi);
            let lone = lone.or(lone.shl::<9>()).or(lone.shl::<18>());
            for (band, x) in x.into_iter().enumerate() {
                let singles = x.and(lone).and(L::splat(self.unsolved[band]));
                let (rows, twice) = rows_of(singles);
                if !twice.is_zero() {
                    return None;
                }
                // Branch-free: a placement is rare, but which band gets it is not.
                let y = x.and_not(rows.and_not(singles));
                let moved = y.differs(x);
                y.store(&mut self.cand[band]);
                p.dirty |= ((moved != 0) as u32) << band;
                p.columns |= moved;
                placed |= moved != 0;
            }
        }
        if digits & 1 << 8 != 0 {
            placed |= self.column_singles_of(8, p)?;
        }
        Some(placed)
    }

    /// Step 2 for one digit, in scalar code.
    #[inline(always)]
    fn column_singles_of(&mut self, d: usize, p: &mut Pending) -> Option<bool> {
        let mut placed = false;
        let (a, b, c) = (self.cand[0][d], self.cand[1][d], self.cand[2][d]);
        // Per cell position in a band: allowed in at least one band / in two.
        let one = a | b | c;
        let two = (a & b) | (c & (a | b));
        if fold_columns(one) != 0x1FF {
            return None; // a column with no place left for the digit
        }
        // A column has two or more cells if two bands share a row position in it, or
        // if two rows of the bands' union hit it.
        let (r0, r1, r2) = (one & 0x1FF, one >> 9 & 0x1FF, one >> 18);
        let multi = fold_columns(two) | (r0 & r1) | (r2 & (r0 | r1));
        let lone = spread_columns(!multi & 0x1FF);
        for band in 0..3 {
            let singles = self.cand[band][d] & lone & self.unsolved[band];
            if singles != 0 {
                let mut rows = 0;
                for r in ROW_MASKS {
                    let x = singles & r;
                    if x & x.wrapping_sub(1) != 0 {
                        // Two columns need this digit in the same row.
                        return None;
                    }
                    if x != 0 {
                        rows |= r;
                    }
                }
                placed = true;
                self.cand[band][d] &= !rows | singles;
                p.dirty |= 1 << band;
                p.columns |= 1 << d;
            }
        }
        Some(placed)
    }

    /// Step 3: locked candidates between columns and boxes, for digits that changed
    /// (digits 0 to 7 in lanes, as in step 2). `None` on a contradiction, else whether
    /// anything was removed.
    #[inline(always)]
    fn column_locks<L: Lanes>(&mut self, p: &mut Pending) -> Option<bool> {
        let digits = p.locks;
        p.locks = 0;
        let mut removed = false;
        if digits & 0xFF != 0 {
            let x = [0, 1, 2].map(|band| L::load(&self.cand[band]));
            let nine = L::splat(0x1FF);
            let fold = |m: L| m.or(m.shr::<9>()).or(m.shr::<18>()).and(nine);
            // Open minicolumns, one row of nine column bits per band: within a stack the
            // same permutation rule as `keep_lanes`, with bands for rows and columns for
            // boxes (rotations by one column inside each stack instead of by one box).
            let open = fold(x[0])
                .or(fold(x[1]).shl::<9>())
                .or(fold(x[2]).shl::<18>());
            let r1 = open.shr::<9>().or(open.shl::<18>());
            let r2 = open.shr::<18>().or(open.shl::<9>());
            let (c01, c2) = (L::splat(0o333_333_333), L::splat(0o444_444_444));
            let k1 = |y: L| y.shr::<1>().and(c01).or(y.shl::<2>().and(c2));
            let keep = open.and(k1(r1.and(k1(r2)).or(k1(r1).and(r2))));
            // A stack with no permutation left for a digit: a contradiction.
            let stack = spread_columns(0b111);
            let empty = keep.and(L::splat(stack)).zero_lanes()
                | keep.and(L::splat(stack << 3)).zero_lanes()
                | keep.and(L::splat(stack << 6)).zero_lanes();
            if empty != 0 {
                return None;
            }
            let rows = [keep.and(nine), keep.shr::<9>().and(nine), keep.shr::<18>()];
            for (band, (x, k)) in x.into_iter().zip(rows).enumerate() {
                let y = x.and(k.or(k.shl::<9>()).or(k.shl::<18>()));
                let moved = y.differs(x);
                y.store(&mut self.cand[band]);
                p.dirty |= ((moved != 0) as u32) << band;
                p.columns |= moved;
                removed |= moved != 0;
            }
        }
        if digits & 1 << 8 != 0 {
            removed |= self.column_locks_of(8, p)?;
        }
        Some(removed)
    }

    /// Step 3 for one digit, in scalar code.
    #[inline(always)]
    fn column_locks_of(&mut self, d: usize, p: &mut Pending) -> Option<bool> {
        let mut removed = false;
        // Open minicolumns per band, as nine column bits.
        let open = [
            fold_columns(self.cand[0][d]),
            fold_columns(self.cand[1][d]),
            fold_columns(self.cand[2][d]),
        ];
        let mut keep = [0u32; 3];
        for stack in 0..3 {
            let shift = 3 * stack;
            let occ =
                (open[0] >> shift & 7) | (open[1] >> shift & 7) << 3 | (open[2] >> shift & 7) << 6;
            let survive = ON_A_PERMUTATION[occ as usize] as u32;
            if survive == 0 {
                return None;
            }
            for (band, k) in keep.iter_mut().enumerate() {
                *k |= (survive >> (3 * band) & 7) << shift;
            }
        }
        for band in 0..3 {
            if keep[band] != open[band] {
                self.cand[band][d] &= spread_columns(keep[band]);
                p.dirty |= 1 << band;
                p.columns |= 1 << d;
                removed = true;
            }
        }
        Some(removed)
    }

    /// Propagates to a fixpoint (see the module doc), given what changed since the last
    /// one (everything for a new state). Returns where to branch, with band `SOLVED` for a
    /// solution, or `None` on a contradiction.
    #[inline(always)]
    fn propagate<L: Lanes>(&mut self, changed: Changed) -> Option<Branch> {
        let p = &mut Pending {
            dirty: changed.bands,
            guess: changed.guess,
            columns: changed.digits,
            locks: 0,
        };
        loop {
            if !self.settle_bands::<L>(p) {
                return None;
            }
            if self.column_singles::<L>(p)? || self.column_locks::<L>(p)? {
                continue;
            }
            if self.bivalue == [0; 3] {
                if self.unsolved == [0; 3] {
                    return Some(Branch {
                        band: SOLVED,
                        bit: 0,
                    });
                }
                return Some(self.fewest());
            }
            return Some(self.branch_cell::<L>());
        }
    }

    /// The bivalue cell to branch on: the one whose two placements remove, between them,
    /// the most candidates from its peers, a candidate counting three times when it sits
    /// in a bivalue peer (removing it leaves a naked single, which goes on propagating).
    /// The first such cell, band by band, on ties.
    ///
    /// Why: every candidate a placement removes is work propagation does instead of the
    /// search, and a cell whose *both* branches remove much splits the search where it
    /// narrows fastest. Against "the first bivalue cell of the box with the most open
    /// cells" (the rule before) this needs 29% fewer propagations on hardest-11plus
    /// (199 to 141 per puzzle, counting to two), 31% on hardest-1106 (342 to 235) and 29%
    /// on top1465 (25.9 to 18.4). Leaving out the column, or the bivalue weight, or
    /// scoring by the weaker of the two branches does worse; other weights did no better
    /// (docs/benchmarks.md).
    ///
    /// It runs once per branch point over every bivalue cell (about ten), so it must be
    /// cheap: four POPCNTs per cell. It is inlined (`inline(always)`) so that, in the
    /// AVX2 search, it is compiled with POPCNT like the rest of `avx2::run`; a plain
    /// x86-64 build counts bits with a dozen shifts and masks instead.
    #[inline(always)]
    fn branch_cell<L: Lanes>(&self) -> Branch {
        // A candidate of the cell's two digits x and y is counted in one of two u64s:
        // `near` holds the cell's band (its row and box: `PEERS`) with x's mask in the low
        // half and y's in the high half; `far` holds the cell's column in the other two
        // bands, the second of them shifted by one column (only column c is kept, so
        // c and c + 1 never collide), x low and y high.
        const TWICE: u64 = 1 << 32 | 1;
        let bivalue = &self.bivalue;
        // The score in the high half, the cell's position (inverted, so that the first
        // cell wins ties) in the low byte: the best cell is the largest key.
        let mut best = 0u64;
        for (band, &[o1, o2]) in OTHER_BANDS.iter().enumerate() {
            let (c0, c1, c2) = (&self.cand[band], &self.cand[o1], &self.cand[o2]);
            let mut cells = bivalue[band];
            let lanes = L::load(c0);
            while cells != 0 {
                let i = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                // The cell's two digits. (`& 15` only spares the bounds checks: a bivalue
                // cell has two digits, and lanes 9 to 15 exist and are zero.)
                let digits =
                    (!lanes.and(L::splat(1 << i)).zero_lanes() & 0xFF) | (c0[8] >> i & 1) << 8;
                let x = digits.trailing_zeros() as usize & 15;
                let y = (digits & digits.wrapping_sub(1)).trailing_zeros() as usize & 15;
                let col = COLUMN[i];
                let near = (c0[x] as u64 | (c0[y] as u64) << 32) & (PEERS[i] as u64 * TWICE);
                let far = ((c1[x] & col) | (c2[x] & col) << 1) as u64
                    | (((c1[y] & col) | (c2[y] & col) << 1) as u64) << 32;
                let far_bivalue = ((bivalue[o1] & col) | (bivalue[o2] & col) << 1) as u64;
                let score = near.count_ones()
                    + far.count_ones()
                    + 2 * (near & (bivalue[band] as u64 * TWICE)).count_ones()
                    + 2 * (far & (far_bivalue * TWICE)).count_ones();
                let key = (score as u64) << 32 | (!((band as u64) << 5 | i as u64) & 0xFF);
                best = best.max(key);
            }
        }
        let at = !best & 0xFF;
        Branch {
            band: (at >> 5) as usize,
            bit: 1 << (at & 31),
        }
    }

    /// The first cell with the fewest candidates, when no cell is bivalue (rare: kept out
    /// of line so that it does not weigh on `propagate`).
    #[cold]
    #[inline(never)]
    fn fewest(&self) -> Branch {
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let n = (0..9).filter(|&d| self.cand[band][d] & bit != 0).count() as u32;
                if n < best.2 {
                    best = (band, bit, n);
                }
            }
        }
        Branch {
            band: best.0,
            bit: best.1,
        }
    }

    /// What placing 0-based `digit` at `bit` of `band` (a candidate of an unsolved cell)
    /// changes. The state itself changes when the node settles the band: the guess is
    /// applied then (`settle_band`), in registers. No digit is marked for the column
    /// steps here: settling the band marks every digit the guess changed.
    #[inline(always)]
    fn place(digit: usize, band: usize, bit: u32) -> Changed {
        Changed {
            bands: 1 << band,
            digits: 0,
            guess: Guess { digit, bit },
        }
    }

    /// The digits `bit` of `band` allows (bit `digit`).
    #[inline(always)]
    fn digits_at<L: Lanes>(&self, band: usize, bit: u32) -> u32 {
        let c = L::load(&self.cand[band]).and(L::splat(bit));
        (!c.zero_lanes() & 0xFF) | ((self.cand[band][8] & bit != 0) as u32) << 8
    }

    /// The digits of a solved state.
    fn grid(&self) -> Grid {
        let mut cells = [0u8; 81];
        for digit in 0..9 {
            for band in 0..3 {
                let mut m = self.cand[band][digit];
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
    let mut search = Search {
        limit,
        found: 0,
        visit: &mut visit,
    };
    let state = State::new(grid);
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        // SAFETY: the features `avx2::run` is compiled with are there (checked just above).
        unsafe { avx2::run(&mut search, state, EVERYTHING) };
        return search.found;
    }
    Portable::run(&mut search, state, EVERYTHING);
    search.found
}

/// The same search with the portable lanes, whatever the machine has, for tests.
#[cfg(test)]
fn for_each_solution_portable(
    grid: &Grid,
    limit: usize,
    mut visit: impl FnMut(usize, &Grid),
) -> usize {
    let mut search = Search {
        limit,
        found: 0,
        visit: &mut visit,
    };
    Portable::run(&mut search, State::new(grid), EVERYTHING);
    search.found
}

/// The depth-first search. Not generic over the visitor: it is called once per solution,
/// so a `dyn` call costs nothing measurable, and one copy of the search code (per kind of
/// lanes) serves every caller.
struct Search<'a> {
    limit: usize,
    found: usize,
    visit: &'a mut dyn FnMut(usize, &Grid),
}

/// The searches, per kind of lanes: the AVX2 ones must be compiled with AVX2 enabled as a
/// whole (so that the intrinsics inline), hence one recursive function per kind.
trait Searches: Lanes {
    /// `Search::node` for these lanes.
    fn run(search: &mut Search, state: State, changed: Changed) -> bool;
    /// `random_node` for these lanes.
    fn random(state: State, changed: Changed, rng: &mut SeededRng) -> Option<Grid>;
}

impl Searches for Portable {
    fn run(search: &mut Search, state: State, changed: Changed) -> bool {
        search.node::<Portable>(state, changed)
    }
    fn random(state: State, changed: Changed, rng: &mut SeededRng) -> Option<Grid> {
        random_node::<Portable>(state, changed, rng)
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{Avx2, Changed, Grid, Search, Searches, SeededRng, State, random_node};

    /// Whether the machine has what `run` and `random` are compiled with: AVX2 for the
    /// lanes, and the scalar instructions every AVX2 machine also has (Intel since Haswell,
    /// AMD since Excavator) but that a plain x86-64 build may not use: POPCNT (without it
    /// each `count_ones` is a dozen shifts and masks: `State::branch_cell`, which counts
    /// at every branch point, then sped the hardest sets up by 12–15% instead of 21–24%),
    /// BMI1 and BMI2 (`tzcnt`, `blsr`, `andn`: the set-bit loops). Detection is cached by
    /// the standard library: four bit tests per search.
    #[inline(always)]
    pub(super) fn available() -> bool {
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
    }

    /// `Search::node` compiled with AVX2, POPCNT, BMI1 and BMI2.
    ///
    /// # Safety
    /// The CPU must have them (`available`).
    #[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
    pub(super) unsafe fn run(search: &mut Search, state: State, changed: Changed) -> bool {
        search.node::<Avx2>(state, changed)
    }

    /// `random_node` compiled with AVX2, POPCNT, BMI1 and BMI2.
    ///
    /// # Safety
    /// The CPU must have them (`available`).
    #[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]
    pub(super) unsafe fn random(
        state: State,
        changed: Changed,
        rng: &mut SeededRng,
    ) -> Option<Grid> {
        random_node::<Avx2>(state, changed, rng)
    }

    impl Searches for Avx2 {
        #[inline(always)]
        fn run(search: &mut Search, state: State, changed: Changed) -> bool {
            // SAFETY: `Avx2` lanes are only used inside `run` and `random` above (from
            // `node` and `random_node`), which are only entered once `available` said
            // yes.
            unsafe { run(search, state, changed) }
        }
        #[inline(always)]
        fn random(state: State, changed: Changed, rng: &mut SeededRng) -> Option<Grid> {
            // SAFETY: as for `run` just above.
            unsafe { random(state, changed, rng) }
        }
    }
}

impl Search<'_> {
    /// Explores a state (propagating it first). Returns true once the limit is reached.
    #[inline(always)]
    fn node<L: Searches>(&mut self, mut state: State, mut changed: Changed) -> bool {
        loop {
            let Some(Branch { band, bit }) = state.propagate::<L>(changed) else {
                return false;
            };
            if band == SOLVED {
                (self.visit)(self.found, &state.grid());
                self.found += 1;
                return self.found >= self.limit;
            }
            // Try every digit but the last on a copy; the last reuses `state` (a loop
            // instead of a tail call), which saves one copy per branch point.
            let mut options = state.digits_at::<L>(band, bit);
            if options == 0 {
                return false;
            }
            let mut current = options.trailing_zeros() as usize;
            options &= options - 1;
            while options != 0 {
                let next = options.trailing_zeros() as usize;
                options &= options - 1;
                // `state` is passed by value: a copy.
                if L::run(self, state, State::place(current, band, bit)) {
                    return true;
                }
                current = next;
            }
            changed = State::place(current, band, bit);
        }
    }
}

/// A solution chosen at random among the completions of `grid`, or `None` when there is
/// none. Branching tries digits in an order drawn from `rng`, so repeated calls on the
/// empty grid give unrelated complete grids. The result depends only on the seed (and on
/// this module's propagation and branching rules).
pub fn random_solution(grid: &Grid, rng: &mut SeededRng) -> Option<Grid> {
    let state = State::new(grid);
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        // SAFETY: the features `avx2::random` is compiled with are there (checked just
        // above).
        return unsafe { avx2::random(state, EVERYTHING, rng) };
    }
    Portable::random(state, EVERYTHING, rng)
}

/// `random_solution` with the portable lanes, for tests.
#[cfg(test)]
fn random_solution_portable(grid: &Grid, rng: &mut SeededRng) -> Option<Grid> {
    Portable::random(State::new(grid), EVERYTHING, rng)
}

/// One node of `random_solution`'s search.
#[inline(always)]
fn random_node<L: Searches>(
    mut state: State,
    changed: Changed,
    rng: &mut SeededRng,
) -> Option<Grid> {
    let Branch { band, bit } = state.propagate::<L>(changed)?;
    if band == SOLVED {
        return Some(state.grid());
    }
    let all = state.digits_at::<L>(band, bit);
    let mut digits = [0usize; 9];
    let mut n = 0;
    for d in 0..9 {
        if all >> d & 1 != 0 {
            digits[n] = d;
            n += 1;
        }
    }
    rng.shuffle(&mut digits[..n]);
    for &d in &digits[..n] {
        if let Some(g) = L::random(state, State::place(d, band, bit), rng) {
            return Some(g);
        }
    }
    None
}

/// The cell a position names in this module's band layout, for tests.
#[cfg(test)]
fn band_bit(cell: Cell) -> (usize, u32) {
    (cell.index() / 27, 1 << (cell.index() % 27))
}

#[cfg(test)]
mod tests;
