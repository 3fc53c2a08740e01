//! An index over many protected puzzles (every server's running daily) that names the
//! few a pasted grid might spoil, so that `/sudoku solve` runs the exact checks of
//! [`Protected`] on those few instead of on all of them. The refusal rule stays exactly
//! the one of [`Protected::is_edited_copy`] and [`Protected::is_answered_by`]: the index
//! only leaves out puzzles those checks cannot refuse for (proof below), and
//! [`LikenessIndex::spoiled`] runs them on every candidate.
//!
//! ## Near answers: row triples
//! `is_answered_by` refuses only when the answer differs from some transformation `T`
//! of the protected solution in at most [`CLOSE`] cells (the aligner never invents a
//! closeness that no real transformation achieves). Take such an answer `A` and `T(P)`:
//! - A row of `A` that differs from the same row of `T(P)` differs in two cells at
//!   least (both rows hold each digit once). So at most `CLOSE / 2 = 5` rows are
//!   touched and **at least four rows of `A` are identical** to those of `T(P)`; the
//!   same for columns.
//! - A row of `T(P)` is a row of `P` (or, if `T` transposes, a column), with its columns
//!   permuted inside their stacks and the stacks permuted, and its digits relabelled;
//!   rows keep their band company. So three untouched rows of `A` are three lines of `P`
//!   up to: relabelling, a stack-preserving permutation of positions, the order of the
//!   three lines. [`triple_key`] is invariant under exactly those (and records which of
//!   the three share a band), so it is the same for the three rows of `A` and the three
//!   lines of `P` they show.
//! - `P` stores the keys of a family of its row triples, [`STORED`] (52 of the 84, none
//!   inside one band), such that every 4 of the 9 rows contain **two** of them (checked
//!   by a test), and of its column triples the same. The four untouched rows of `A` show
//!   four rows of `P` (or columns), which contain two stored triples, whose rows in `A`
//!   are two different triples that `A` looks up (`A` looks up all its row and column
//!   triples that do not lie in one band) and whose keys are stored for `P`.
//! - Both sides must hit twice ([`HITS`]): without a transposition, two `A` row triples
//!   hit `P` row keys *and* two `A` column triples hit `P` column keys (four untouched
//!   columns too); with one, `A` rows hit `P` columns and `A` columns hit `P` rows.
//!   That is what keeps unrelated puzzles out: one key has about half a million values
//!   in practice (some structured triples are common), so single hits by chance are
//!   frequent; four at once are not (measured: 7 candidates for 200 unrelated answers
//!   among 20,000 random puzzles; with a 30-triple covering family and one hit per side,
//!   744).
//!
//! So every puzzle `is_answered_by` refuses for is a candidate, and since
//! [`LikenessIndex::spoiled`] runs the exact checks on candidates, the indexed check
//! refuses exactly when checking every puzzle would (`tests/likeness.rs` checks that on
//! random near copies, disguises and edited copies).
//!
//! Cost (measured on the shared 2-core VM, see BENCHMARKS.md): about 1 µs per key; a
//! query computes 162 keys (0.3 ms); indexing a puzzle 104 keys (about 0.2 ms).
//!
//! ## Edited copies: a bitset per cell and digit
//! `is_edited_copy` needs every pasted digit to be the protected solution's digit in
//! that cell (no transformation), and more than half of the givens held. For each cell
//! and digit the index keeps the set of puzzles whose solution has that digit there; the
//! intersection over the pasted digits is exactly the puzzles that agree with the pasted
//! grid everywhere. Held givens are at most the pasted digits, so when twice the pasted
//! digits do not exceed the fewest givens indexed, no puzzle can be an edited copy.
//!
//! [`CLOSE`]: super::likeness::CLOSE

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::likeness::Protected;
use super::{Cell, Grid};

/// The row triples of a protected solution whose keys are stored (and the same for its
/// columns): every 4 of the nine rows contain **two** of them (checked by a test), and
/// none lies in one band (keys of a whole band tell little apart). Found by a greedy
/// search that leaves out as many triples as it can while no 4 rows hold more than two
/// left-out ones (each 4-set has four triples); 52 of the 84 (at least 42 are needed).
pub const STORED: [[usize; 3]; 52] = [
    [0, 1, 3],
    [0, 1, 4],
    [0, 1, 5],
    [0, 1, 6],
    [0, 2, 4],
    [0, 2, 5],
    [0, 2, 6],
    [0, 2, 7],
    [0, 2, 8],
    [0, 3, 5],
    [0, 3, 6],
    [0, 3, 8],
    [0, 4, 5],
    [0, 4, 7],
    [0, 5, 6],
    [0, 6, 8],
    [0, 7, 8],
    [1, 2, 3],
    [1, 2, 6],
    [1, 2, 7],
    [1, 2, 8],
    [1, 3, 5],
    [1, 3, 7],
    [1, 4, 5],
    [1, 4, 6],
    [1, 4, 8],
    [1, 5, 7],
    [1, 5, 8],
    [1, 6, 7],
    [1, 6, 8],
    [1, 7, 8],
    [2, 3, 4],
    [2, 3, 7],
    [2, 4, 5],
    [2, 4, 7],
    [2, 5, 6],
    [2, 5, 8],
    [2, 6, 8],
    [2, 7, 8],
    [3, 4, 6],
    [3, 4, 7],
    [3, 4, 8],
    [3, 5, 6],
    [3, 5, 7],
    [3, 5, 8],
    [3, 6, 7],
    [3, 6, 8],
    [4, 5, 8],
    [4, 6, 7],
    [4, 6, 8],
    [5, 6, 7],
    [5, 7, 8],
];

/// Hits a puzzle needs on each side (rows, columns) before it is a candidate: the
/// untouched rows of a near answer hit at least this many stored triples.
const HITS: u8 = 2;

/// Digits 0–8 by line and position.
type Lines = [[u8; 9]; 9];

/// A key of three lines `l` of `g` (rows; pass the transposed grid for columns) that
/// does not change when the digits are relabelled, the positions permuted inside their
/// groups of three (stacks) and the groups permuted, or the three lines taken in another
/// order; it also records which of the three lines share a group of three (a band).
///
/// With line `x` first, `σ_y(d)` is the digit of line `y` below digit `d` of line `x`;
/// `(σ_y, σ_z)` and the stack of each `d` describe the lines up to position order, and
/// a relabelling conjugates them. From a start digit, a breadth-first walk over
/// `σ_y, σ_z` labels the digits it reaches in order of discovery; the code is the
/// labelled `σ_y`, `σ_z` and stacks (numbered by first appearance) of that orbit. The
/// key is the smallest code over the (line order, start) pairs whose cheap invariant
/// (band pattern, the start's cycle lengths under `σ_y` and `σ_z`) is smallest: a
/// relabelling, position permutation or line reordering maps those pairs onto the same
/// pairs of the changed lines with the same codes, so the minimum does not change.
pub fn triple_key(g: &Lines, l: [usize; 3]) -> u64 {
    LinePairs::new(g).key(l)
}

/// For every ordered pair of lines `(x, y)` of a grid: `σ` (the digit of `y` below each
/// digit of `x`) and each digit's cycle length in it, worked out once for all triples.
struct LinePairs {
    band: [usize; 9],
    /// `pos[x][d]`: position of digit `d` in line `x`.
    pos: [[u8; 9]; 9],
    sigma: [[[u8; 9]; 9]; 9],
    cycle: [[[u8; 9]; 9]; 9],
}

impl LinePairs {
    fn new(g: &Lines) -> LinePairs {
        let mut lp = LinePairs {
            band: std::array::from_fn(|x| x / 3),
            pos: [[0; 9]; 9],
            sigma: [[[0; 9]; 9]; 9],
            cycle: [[[0; 9]; 9]; 9],
        };
        for (line, pos) in g.iter().zip(&mut lp.pos) {
            for (c, &d) in line.iter().enumerate() {
                pos[d as usize] = c as u8;
            }
        }
        for x in 0..9 {
            for y in (0..9).filter(|&y| y != x) {
                let s = &mut lp.sigma[x][y];
                for d in 0..9 {
                    s[d] = g[y][lp.pos[x][d] as usize];
                }
                let s = lp.sigma[x][y];
                let len = &mut lp.cycle[x][y];
                for d0 in 0..9 {
                    if len[d0] != 0 {
                        continue;
                    }
                    let (mut d, mut n) = (d0, 0u8);
                    loop {
                        d = s[d] as usize;
                        n += 1;
                        if d == d0 {
                            break;
                        }
                    }
                    let mut d = d0;
                    loop {
                        len[d] = n;
                        d = s[d] as usize;
                        if d == d0 {
                            break;
                        }
                    }
                }
            }
        }
        lp
    }

    /// [`triple_key`] of lines `l`.
    fn key(&self, l: [usize; 3]) -> u64 {
        let b = &self.band;
        let invariant = |x: usize, y: usize, z: usize, d: usize| {
            let pattern =
                u8::from(b[x] == b[y]) << 2 | u8::from(b[x] == b[z]) << 1 | u8::from(b[y] == b[z]);
            (
                pattern,
                self.cycle[x][y][d],
                self.cycle[x][z][d],
                self.cycle[y][z][d],
            )
        };
        let orders = super::ORDERS_OF_THREE.map(|o| (l[o[0]], l[o[1]], l[o[2]]));
        let mut least = (u8::MAX, u8::MAX, u8::MAX, u8::MAX);
        for &(x, y, z) in &orders {
            for d in 0..9 {
                least = least.min(invariant(x, y, z, d));
            }
        }
        let mut best = u128::MAX;
        for &(x, y, z) in &orders {
            for start in (0..9).filter(|&d| invariant(x, y, z, d) == least) {
                if let Some(code) = code_from(
                    least.0,
                    &self.pos[x],
                    &self.sigma[x][y],
                    &self.sigma[x][z],
                    start,
                    best,
                ) {
                    best = best.min(code);
                }
            }
        }
        // Fold to 64 bits: a collision only adds a candidate, which the exact check drops.
        let (lo, hi) = (best as u64, (best >> 64) as u64);
        mix(lo ^ mix(hi))
    }
}

/// The code of the orbit of `start` (see [`triple_key`]): 3 bits of band pattern, 10
/// bits per labelled digit, 4 bits of orbit size; `None` as soon as it must exceed
/// `best`.
fn code_from(
    pattern: u8,
    pos: &[u8; 9],
    sy: &[u8; 9],
    sz: &[u8; 9],
    start: usize,
    best: u128,
) -> Option<u128> {
    let mut label = [u8::MAX; 9];
    let mut list = [0u8; 9];
    let mut stack_id = [u8::MAX; 3];
    let mut stacks = 0u8;
    label[start] = 0;
    list[0] = start as u8;
    let mut n = 1usize;
    let mut code = u128::from(pattern);
    // Whether the code so far is already below `best`'s prefix: no more checks.
    let mut below = false;
    let mut i = 0;
    while i < n {
        let d = list[i] as usize;
        for e in [sy[d], sz[d]] {
            if label[e as usize] == u8::MAX {
                label[e as usize] = n as u8;
                list[n] = e;
                n += 1;
            }
        }
        let s = (pos[d] / 3) as usize;
        if stack_id[s] == u8::MAX {
            stack_id[s] = stacks;
            stacks += 1;
        }
        let v = u128::from(label[sy[d] as usize]) << 6
            | u128::from(label[sz[d] as usize]) << 2
            | u128::from(stack_id[s]);
        code = code << 10 | v;
        i += 1;
        if !below {
            let prefix = best >> (97 - 3 - 10 * i);
            if code > prefix {
                return None;
            }
            below = code < prefix;
        }
    }
    Some(code << (10 * (9 - n) + 4) | n as u128)
}

/// A strong 64-bit mix (splitmix64's finaliser).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The grid as digits 0–8 by row, and by column. `None` unless solved.
fn lines(g: &Grid) -> Option<(Lines, Lines)> {
    if !g.is_solved() {
        return None;
    }
    let mut rows = [[0u8; 9]; 9];
    let mut cols = [[0u8; 9]; 9];
    for cell in Cell::all() {
        let d = g.get(cell)? - 1;
        rows[cell.row()][cell.col()] = d;
        cols[cell.col()][cell.row()] = d;
    }
    Some((rows, cols))
}

/// Keys are already mixed: hash them as they are.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// A posting: puzzle slot and whether the key is of its rows (0) or columns (1).
const COLUMNS: u32 = 1;

/// Protected puzzles, each under a slot number, with the two indexes above.
#[derive(Default)]
pub struct LikenessIndex {
    puzzles: Vec<Protected>,
    /// Slot of a puzzle by a hash of its grids (checked against `puzzles`).
    slot_of: KeyMap<u32>,
    /// Triple key → postings `slot << 1 | side`.
    triples: KeyMap<Vec<u32>>,
    /// For cell `c` and digit `d` (0–8), at `c * 9 + d`: bitset of slots whose
    /// solution has `d + 1` in `c`.
    cells: Vec<Vec<u64>>,
    /// The fewest givens of any puzzle indexed.
    min_givens: usize,
}

impl LikenessIndex {
    pub fn new() -> LikenessIndex {
        LikenessIndex {
            cells: vec![Vec::new(); 729],
            min_givens: usize::MAX,
            ..LikenessIndex::default()
        }
    }

    /// Puzzles indexed.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// The puzzle in `slot`.
    pub fn puzzle(&self, slot: u32) -> Option<&Protected> {
        self.puzzles.get(slot as usize)
    }

    /// The slot of `p`, indexing it first if it is new (the same puzzle twice shares one).
    pub fn insert(&mut self, p: &Protected) -> u32 {
        let h = grid_hash(&p.givens, &p.solution);
        if let Some(&slot) = self.slot_of.get(&h)
            && self.puzzles.get(slot as usize) == Some(p)
        {
            return slot;
        }
        let slot = self.puzzles.len() as u32;
        self.slot_of.entry(h).or_insert(slot);
        self.puzzles.push(p.clone());
        self.min_givens = self.min_givens.min(p.givens.filled_count());
        let word = slot as usize / 64;
        for set in &mut self.cells {
            if set.len() <= word {
                set.resize(word + 1, 0);
            }
        }
        for cell in Cell::all() {
            if let Some(d) = p.solution.get(cell) {
                self.cells[cell.index() * 9 + d as usize - 1][word] |= 1 << (slot % 64);
            }
        }
        // An unsolved solution has no keys: no solved answer can be refused for it
        // (`Protected::likeness` is `None`, and no answer equals it).
        if let Some((rows, cols)) = lines(&p.solution) {
            for (side, g) in [(0, &rows), (COLUMNS, &cols)] {
                let pairs = LinePairs::new(g);
                for t in STORED {
                    let postings = self.triples.entry(pairs.key(t)).or_default();
                    let posting = slot << 1 | side;
                    // Triples of one puzzle may share a key: one posting is enough.
                    if postings.last() != Some(&posting) {
                        postings.push(posting);
                    }
                }
            }
        }
        slot
    }

    /// Keeps the puzzles whose slot `keep` says yes to, in a new numbering: returns the
    /// new slot of each old one. Postings are filtered, not recomputed.
    pub fn retain(&mut self, mut keep: impl FnMut(u32) -> bool) -> Vec<Option<u32>> {
        let mut remap = Vec::with_capacity(self.puzzles.len());
        let mut kept = Vec::new();
        for (slot, p) in std::mem::take(&mut self.puzzles).into_iter().enumerate() {
            if keep(slot as u32) {
                remap.push(Some(kept.len() as u32));
                kept.push(p);
            } else {
                remap.push(None);
            }
        }
        self.triples.retain(|_, postings| {
            postings.retain_mut(|p| match remap[(*p >> 1) as usize] {
                Some(new) => {
                    *p = new << 1 | (*p & 1);
                    true
                }
                None => false,
            });
            postings.shrink_to_fit();
            !postings.is_empty()
        });
        self.slot_of.clear();
        self.min_givens = usize::MAX;
        let words = kept.len().div_ceil(64);
        for set in &mut self.cells {
            set.clear();
            set.resize(words, 0);
        }
        for (slot, p) in kept.iter().enumerate() {
            self.slot_of
                .entry(grid_hash(&p.givens, &p.solution))
                .or_insert(slot as u32);
            self.min_givens = self.min_givens.min(p.givens.filled_count());
            for cell in Cell::all() {
                if let Some(d) = p.solution.get(cell) {
                    self.cells[cell.index() * 9 + d as usize - 1][slot / 64] |= 1 << (slot % 64);
                }
            }
        }
        self.puzzles = kept;
        remap
    }

    /// Slots of the puzzles `pasted` might be an edited copy of (all whose solution
    /// agrees with every pasted digit), in `out`.
    pub fn copy_candidates(&self, pasted: &Grid, out: &mut Vec<u32>) {
        let digits: Vec<usize> = Cell::all()
            .filter_map(|c| pasted.get(c).map(|d| c.index() * 9 + d as usize - 1))
            .collect();
        // Held givens ≤ pasted digits: no puzzle has fewer than twice as many givens.
        if digits.is_empty() || 2 * digits.len() <= self.min_givens {
            return;
        }
        let words = self.puzzles.len().div_ceil(64);
        for w in 0..words {
            let mut acc = u64::MAX;
            for &k in &digits {
                acc &= self.cells[k][w];
                if acc == 0 {
                    break;
                }
            }
            while acc != 0 {
                let bit = acc.trailing_zeros();
                out.push((w * 64) as u32 + bit);
                acc &= acc - 1;
            }
        }
    }

    /// Slots of the puzzles whose solution `answer` may be near (see the module doc), in
    /// `out`.
    pub fn answer_candidates(&self, answer: &Grid, out: &mut Vec<u32>) {
        if self.triples.is_empty() {
            return;
        }
        let Some((rows, cols)) = lines(answer) else {
            return;
        };
        // The postings each lookup found, with which of the four hit kinds they count
        // as: rows on rows, columns on columns, rows on columns, columns on rows.
        let mut found: Vec<(&[u32], usize, usize)> = Vec::new();
        let mut total = 0;
        for (side, g) in [(0, &rows), (COLUMNS, &cols)] {
            let pairs = LinePairs::new(g);
            for a in 0..9 {
                for b in a + 1..9 {
                    for c in b + 1..9 {
                        if a / 3 == c / 3 {
                            continue; // one band: never stored
                        }
                        if let Some(postings) = self.triples.get(&pairs.key([a, b, c])) {
                            // Kind of a posting on `P`'s rows, and on its columns.
                            let kinds = if side == 0 { (0, 2) } else { (3, 1) };
                            found.push((postings, kinds.0, kinds.1));
                            total += postings.len();
                        }
                    }
                }
            }
        }
        let tally = |count: &mut dyn FnMut(u32, usize)| {
            for &(postings, on_rows, on_cols) in &found {
                for &p in postings {
                    count(p >> 1, if p & COLUMNS == 0 { on_rows } else { on_cols });
                }
            }
        };
        let near =
            |[rr, cc, rc, cr]: [u8; 4]| (rr >= HITS && cc >= HITS) || (rc >= HITS && cr >= HITS);
        // Few postings: count them in a map; many (a common key): in an array by slot.
        if total * 16 < self.puzzles.len() {
            let mut hits: KeyMap<[u8; 4]> = KeyMap::default();
            tally(&mut |slot, k| {
                let h = &mut hits.entry(u64::from(slot)).or_default()[k];
                *h = h.saturating_add(1);
            });
            out.extend(
                hits.into_iter()
                    .filter(|&(_, h)| near(h))
                    .map(|(s, _)| s as u32),
            );
        } else {
            let mut hits = vec![[0u8; 4]; self.puzzles.len()];
            tally(&mut |slot, k| {
                let h = &mut hits[slot as usize][k];
                *h = h.saturating_add(1);
            });
            out.extend((0..hits.len()).filter(|&s| near(hits[s])).map(|s| s as u32));
        }
    }

    /// The slots among those for which `keep` says yes whose puzzle `pasted` (printed as
    /// `answer`) would spoil: exactly those of all indexed puzzles for which
    /// `is_edited_copy(pasted) || is_answered_by(answer)` holds, found through the index.
    /// Stops at the first.
    pub fn spoiled(
        &self,
        pasted: &Grid,
        answer: Option<&Grid>,
        mut keep: impl FnMut(u32) -> bool,
    ) -> Option<u32> {
        let mut slots = Vec::new();
        self.copy_candidates(pasted, &mut slots);
        for &slot in &slots {
            if keep(slot) && self.puzzles[slot as usize].is_edited_copy(pasted) {
                return Some(slot);
            }
        }
        let answer = answer?;
        slots.clear();
        self.answer_candidates(answer, &mut slots);
        // Lowest slot first: the same answer each time.
        slots.sort_unstable();
        slots
            .into_iter()
            .find(|&slot| keep(slot) && self.puzzles[slot as usize].is_answered_by(answer))
    }
}

fn grid_hash(givens: &Grid, solution: &Grid) -> u64 {
    let mut h = KeyHasher::default();
    for cell in Cell::all() {
        let v = givens.get(cell).unwrap_or(0) * 10 + solution.get(cell).unwrap_or(0);
        h.write(&[v]);
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::SeededRng;
    use crate::engine::solver;
    use crate::engine::transform::Transform;

    #[test]
    fn every_four_rows_hold_a_stored_triple() {
        for m in 0u32..512 {
            if m.count_ones() != 4 {
                continue;
            }
            let held = STORED
                .iter()
                .filter(|t| t.iter().all(|&r| m & (1 << r) != 0))
                .count();
            assert!(
                held >= usize::from(HITS),
                "rows {m:09b} hold {held} stored triples"
            );
        }
        assert!(
            STORED
                .iter()
                .all(|t| !(t[0] / 3 == t[1] / 3 && t[1] / 3 == t[2] / 3))
        );
    }

    #[test]
    fn a_triple_key_survives_every_transformation() {
        let mut rng = SeededRng::new(5);
        for _ in 0..50 {
            let g = solver::random_solution(&Grid::empty(), &mut rng).expect("grid");
            let t = Transform::random(&mut rng);
            let h = t.apply(&g);
            let (rows, cols) = lines(&g).expect("solved");
            let (hr, hc) = lines(&h).expect("solved");
            let keys = |a: &Lines, b: &Lines| {
                let mut k: Vec<u64> = Vec::new();
                for x in [a, b] {
                    for t in STORED {
                        k.push(triple_key(x, t));
                    }
                }
                k.sort();
                k
            };
            // Any triple of the transformed grid shows some triple of the original:
            // the key multisets of all triples match.
            let all = |a: &Lines, b: &Lines| {
                let mut k: Vec<u64> = Vec::new();
                for x in [a, b] {
                    for p in 0..9 {
                        for q in p + 1..9 {
                            for r in q + 1..9 {
                                k.push(triple_key(x, [p, q, r]));
                            }
                        }
                    }
                }
                k.sort();
                k
            };
            assert_eq!(all(&rows, &cols), all(&hr, &hc));
            let _ = keys;
        }
    }
}

#[cfg(test)]
mod measure {
    use super::*;
    use crate::engine::rng::SeededRng;
    use crate::engine::solver;
    use std::time::Instant;

    /// `cargo test --release --lib engine::likeness_index::measure -- --ignored --nocapture`:
    /// cost of a key, of indexing a puzzle, of a query, and how many unrelated candidates
    /// a random answer gets among `LIKENESS_N` (default 20,000) random puzzles.
    #[test]
    #[ignore]
    fn measure() {
        let n: usize = std::env::var("LIKENESS_N")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20_000);
        let mut rng = SeededRng::new(99);
        let t = Instant::now();
        let grids: Vec<Grid> = (0..n + 200)
            .map(|_| solver::random_solution(&Grid::empty(), &mut rng).expect("grid"))
            .collect();
        println!(
            "{} random solutions in {:.1} s",
            grids.len(),
            t.elapsed().as_secs_f64()
        );
        let mut index = LikenessIndex::new();
        let t = Instant::now();
        for g in &grids[..n] {
            // Givens: half the cells, enough for the copy index to have something.
            let mut givens = *g;
            for cell in Cell::all().filter(|c| c.index() % 2 == 1) {
                givens.set(cell, None);
            }
            index.insert(&Protected {
                givens,
                solution: *g,
            });
        }
        let build = t.elapsed();
        println!(
            "indexed {n} puzzles in {:.2} s ({:.1} µs each); {} distinct keys",
            build.as_secs_f64(),
            build.as_secs_f64() * 1e6 / n as f64,
            index.triples.len()
        );
        let mut total = 0usize;
        let mut times = Vec::new();
        for g in &grids[n..] {
            let t = Instant::now();
            let mut out = Vec::new();
            index.answer_candidates(g, &mut out);
            times.push(t.elapsed());
            total += out.len();
        }
        times.sort();
        println!(
            "answer queries: p50 {:.1} µs, p99 {:.1} µs; {total} candidates for 200 unrelated answers",
            times[100].as_secs_f64() * 1e6,
            times[197].as_secs_f64() * 1e6
        );
        let (rows, _) = lines(&grids[0]).expect("solved");
        let t = Instant::now();
        let mut x = 0u64;
        for _ in 0..10_000 {
            x ^= triple_key(&rows, [0, 4, 8]);
        }
        println!(
            "a key: {:.2} µs ({x})",
            t.elapsed().as_secs_f64() * 1e6 / 1e4
        );
        let t = Instant::now();
        for g in &grids[..1000] {
            let (rows, _) = lines(g).expect("solved");
            let pairs = LinePairs::new(&rows);
            for tr in STORED {
                x ^= pairs.key(tr);
            }
        }
        println!(
            "pairs + 52 keys: {:.2} µs ({x})",
            t.elapsed().as_secs_f64() * 1e6 / 1e3
        );
        let t = Instant::now();
        for g in &grids[..1000] {
            let (rows, _) = lines(g).expect("solved");
            x ^= LinePairs::new(&rows).sigma[1][2][3] as u64;
        }
        println!(
            "pairs: {:.2} µs ({x})",
            t.elapsed().as_secs_f64() * 1e6 / 1e3
        );
    }
}

#[cfg(test)]
mod measure_copies {
    use super::*;
    use crate::engine::rng::SeededRng;
    use crate::engine::solver;
    use crate::engine::transform::Transform;
    use std::time::Instant;

    /// The benchmark's data (`bench dailies`: every daily a transformation of one of four
    /// puzzles), 2,000 of them: candidates and time per unrelated answer, slowest first.
    /// `cargo test --lib engine::likeness_index::measure_copies -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn measure_copies() {
        let mut rng = SeededRng::new(7);
        let bases: Vec<Grid> = (0..4)
            .map(|_| solver::random_solution(&Grid::empty(), &mut rng).expect("grid"))
            .collect();
        let mut index = LikenessIndex::new();
        for k in 0..2000 {
            let s = Transform::random(&mut rng).apply(&bases[k % 4]);
            index.insert(&Protected {
                givens: s,
                solution: s,
            });
        }
        let mut runs = Vec::new();
        for _ in 0..400 {
            let a = solver::random_solution(&Grid::empty(), &mut rng).expect("grid");
            let t = Instant::now();
            let mut out = Vec::new();
            index.answer_candidates(&a, &mut out);
            let n = out.len();
            let refused = out
                .iter()
                .any(|&s| index.puzzles[s as usize].is_answered_by(&a));
            runs.push((t.elapsed(), n, refused));
        }
        runs.sort_by_key(|r| std::cmp::Reverse(r.0));
        println!("slowest: {:?}", &runs[..8]);
        println!(
            "answers with candidates: {} of 400",
            runs.iter().filter(|r| r.1 > 0).count()
        );
    }
}
