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
//!   three lines. [`triple_key`] is invariant under those (and records which of the
//!   three share a band; proof below), so it is the same for the three rows of `A` and
//!   the three lines of `P` they show.
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
//!   frequent; four at once are not (measured with the key below: 10 candidates for 200
//!   unrelated answers among 20,000 random puzzles; with the former canonical key, 7;
//!   with a 30-triple covering family and one hit per side, 744).
//! - A query counts, per side of `A`, the lookups that found anything: a candidate needs
//!   two on each side (a puzzle has one posting per key and side), so with fewer it
//!   stops there, however long the postings found (a key thousands of puzzles share).
//!
//! So every puzzle `is_answered_by` refuses for is a candidate, and since
//! [`LikenessIndex::spoiled`] runs the exact checks on candidates, the indexed check
//! refuses exactly when checking every puzzle would (`tests/likeness.rs` checks that on
//! random near copies, disguises and edited copies).
//!
//! ## The key of three lines
//! For lines `x ≠ y`, `σ_xy` maps each digit `d` to the digit of `y` below `d` in `x`.
//! What may happen to three lines between `P` and `A`: a relabelling `π` of the digits,
//! one permutation of positions for all three that keeps stacks whole (inside them and
//! whole stacks), another order of the lines.
//! - A position permutation leaves every `σ` as it is (the same digits stay one below
//!   the other) and keeps which positions share a stack.
//! - A relabelling turns `σ_xy` into `π σ_xy π⁻¹`: digit `π(d)` has the cycle, the
//!   neighbours (relabelled) and the stack company that `d` had.
//! - `σ_yx = σ_xy⁻¹` has the same cycles.
//!
//! So a digit's feature on the pair `{x, y}` (the length of its cycle in `σ_xy`, whether
//! it sits in the same stack in `x` and `y`) follows the digit under a relabelling and
//! does not change otherwise, and a pair's hash (the multiset of its nine features: a
//! sum of random table entries, which no order of the digits changes) does not change at
//! all. [`Shape::ordered`] hashes the lines in a given order `x, y, z`: each digit gets
//! a colour from its three pair features, then a second one from its colour, the colours
//! of its six neighbours (`σ_xy(d)`, `σ_xz(d)`, `σ_yz(d)` and the inverses') and those of
//! its stack company in each line (one round of colour refinement); the hash is the
//! multiset of second colours with the order's band pattern. Every colour follows its
//! digit under a relabelling and stays under a position permutation, so the hash is
//! invariant under both. The key sums that hash over the orders whose three pairs come in
//! non-decreasing (shares a band, pair hash): another order of the lines maps those orders
//! onto the same orders of the same lines, so the sum does not change (usually the pairs
//! differ and one order is hashed). Its top [`PREFIX_BITS`] bits are a hash of the three
//! pairs alone (a sum, so no order matters), invariant for the same reasons: a query
//! works out the rest only for triples whose prefix some stored key has.
//!
//! The key is coarser than a canonical form (two different triples may share it, as they
//! may any 64-bit key): that only adds candidates, which the exact checks drop. Measured
//! (`measure` below, 20,000 random puzzles): 599,594 distinct keys (the former
//! canonical code, as measured for it: 494,000).
//!
//! Cost (test profile, shared 2-core VM under load; see BENCHMARKS.md for the bot's
//! figures): a grid's pairs 3–5 µs, then 0.15–0.2 µs per key (the former canonical code,
//! as measured for it: 0.5–1.5 µs); indexing a puzzle, its 104 keys and bitsets, 55–95 µs. On puzzles that
//! are transformations of a few (the benchmark's dailies) most prefixes a query meets are
//! not stored: 2,000 such puzzles, 400 unrelated answers, 31 µs at worst (`measure_copies`;
//! 0.7–0.8 ms before the prefixes and the per-side stop).
//!
//! **Saturation.** Triple keys have about half a million values in practice, and the
//! common ones are very common: among 20,000 random puzzles, 142 of a query's 162
//! lookups find postings (about 1,340 postings walked per answer, 10 candidates in 200
//! answers). With 200,000 distinct random puzzles (a big bot whose dailies are all made
//! afresh) the postings walked grow about tenfold (not measured); a key over four lines
//! would have far more values but needs every 4-set of lines stored.
//!
//! ## Postings
//! Keys merged so far sit sorted in one array, found through a directory by their bits
//! below the prefix, with their postings (`slot << 1 | side`) in one byte array as varint
//! gaps (a key's postings come in slot order); postings added since sit in a small map,
//! merged in once they pass an eighth of the rest. Puzzles are kept in 81 bytes each.
//!
//! ## Edited copies: a bitset per cell and digit
//! `is_edited_copy` needs every pasted digit to be the protected solution's digit in
//! that cell (no transformation), and more than half of the givens held. For each cell
//! and digit the index keeps the set of puzzles whose solution has that digit there; the
//! intersection over the pasted digits is exactly the puzzles that agree with the pasted
//! grid everywhere. Held givens are at most the pasted digits, so when twice the pasted
//! digits do not exceed the fewest givens indexed, no puzzle can be an edited copy. A
//! full pasted grid that is its own answer skips the bitsets (a pass over every slot):
//! it is an edited copy only of puzzles whose solution it is, which `is_answered_by`
//! refuses and the triple index names.
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

/// The triples a query looks up, on each side: all that do not lie in one band (81).
const QUERIED: [[usize; 3]; 81] = {
    let mut t = [[0usize; 3]; 81];
    let mut n = 0;
    let mut a = 0;
    while a < 9 {
        let mut b = a + 1;
        while b < 9 {
            let mut c = b + 1;
            while c < 9 {
                if a / 3 != c / 3 {
                    t[n] = [a, b, c];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// Hits a puzzle needs on each side (rows, columns) before it is a candidate: the
/// untouched rows of a near answer hit at least this many stored triples.
const HITS: u8 = 2;

/// Digits 0–8 by line and position.
type Lines = [[u8; 9]; 9];

/// A key of three lines `l` of `g` (rows; pass the transposed grid for columns) that
/// does not change when the digits are relabelled, the positions permuted inside their
/// groups of three (stacks) and the groups permuted, or the three lines taken in another
/// order; it also records which of the three lines share a group of three (a band).
/// `g` holds each digit 0–8 once per line (a solved grid's).
pub fn triple_key(g: &Lines, l: [usize; 3]) -> u64 {
    Shape::new(g).key(l)
}

/// Index of the unordered pair of lines `{x, y}` (`x != y`), 0–35.
const PAIR: [[u8; 9]; 9] = {
    let mut t = [[0u8; 9]; 9];
    let mut n = 0;
    let mut x = 0;
    while x < 9 {
        let mut y = x + 1;
        while y < 9 {
            t[x][y] = n;
            t[y][x] = n;
            n += 1;
            y += 1;
        }
        x += 1;
    }
    t
};

/// Random 64-bit values for the multiset hash of per-digit features.
static TABLE: [u64; 1 << 12] = {
    let mut t = [0u64; 1 << 12];
    let mut i = 0;
    while i < t.len() {
        t[i] = mix((i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        i += 1;
    }
    t
};

/// What a grid's lines look like pairwise, worked out once for all its triples.
struct Shape {
    /// The grid, by line and position.
    g: Lines,
    /// `sigma[x][y][d]`: the digit of line `y` below digit `d` of line `x`.
    sigma: [[[u8; 9]; 9]; 9],
    /// For each pair of lines (see [`PAIR`]), a feature of each digit: the length of
    /// its cycle in `σ` (less 2: lines differ in every position, so no digit is fixed)
    /// and whether it sits in the same stack in both lines.
    edge: [[u8; 9]; 36],
    /// For each pair, a hash of the multiset of its digits' features.
    pair_hash: [u64; 36],
    /// The same with whether the pair shares a band, mixed: the parts of a key's prefix.
    pair_mix: [u64; 36],
}

impl Shape {
    fn new(g: &Lines) -> Shape {
        let mut pos = [[0u8; 9]; 9];
        for (line, pos) in g.iter().zip(&mut pos) {
            for (c, &d) in line.iter().enumerate() {
                pos[d as usize] = c as u8;
            }
        }
        let mut shape = Shape {
            g: *g,
            sigma: [[[0; 9]; 9]; 9],
            edge: [[0; 9]; 36],
            pair_hash: [0; 36],
            pair_mix: [0; 36],
        };
        for x in 0..9 {
            for y in x + 1..9 {
                for d in 0..9 {
                    let e = g[y][pos[x][d] as usize];
                    shape.sigma[x][y][d] = e;
                    shape.sigma[y][x][e as usize] = d as u8;
                }
                let sigma = shape.sigma[x][y];
                let same = |d: usize| pos[x][d] / 3 == pos[y][d] / 3;
                let p = PAIR[x][y] as usize;
                let f = &mut shape.edge[p];
                let mut seen = [false; 9];
                for d0 in 0..9 {
                    if seen[d0] {
                        continue;
                    }
                    let (mut d, mut n) = (d0, 0u8);
                    loop {
                        seen[d] = true;
                        d = sigma[d] as usize;
                        n += 1;
                        if d == d0 {
                            break;
                        }
                    }
                    loop {
                        f[d] = n.saturating_sub(2).min(7) << 1 | u8::from(same(d));
                        d = sigma[d] as usize;
                        if d == d0 {
                            break;
                        }
                    }
                }
                shape.pair_hash[p] = f
                    .iter()
                    .fold(0u64, |h, &v| h.wrapping_add(TABLE[usize::from(v)]));
                shape.pair_mix[p] = mix(shape.pair_hash[p] ^ u64::from(x / 3 == y / 3));
            }
        }
        shape
    }

    /// [`triple_key`] of lines `l`.
    fn key(&self, l: [usize; 3]) -> u64 {
        self.key_with(l, self.prefix(l))
    }

    /// The top [`PREFIX_BITS`] bits of [`triple_key`]: a hash of the three pairs' own
    /// features alone, a few operations where the whole key takes a hundred or so.
    fn prefix(&self, [x, y, z]: [usize; 3]) -> u64 {
        let m = &self.pair_mix;
        let sum = m[PAIR[x][y] as usize]
            .wrapping_add(m[PAIR[x][z] as usize])
            .wrapping_add(m[PAIR[y][z] as usize]);
        mix(sum) >> (64 - PREFIX_BITS)
    }

    /// [`triple_key`] of lines `l` whose [`Shape::prefix`] is `prefix`.
    fn key_with(&self, l: [usize; 3], prefix: u64) -> u64 {
        let rank = |p: usize, q: usize| (p / 3 == q / 3, self.pair_hash[PAIR[p][q] as usize]);
        let mut key = 0u64;
        for o in super::ORDERS_OF_THREE {
            let (x, y, z) = (l[o[0]], l[o[1]], l[o[2]]);
            if rank(x, y) <= rank(x, z) && rank(x, z) <= rank(y, z) {
                key = key.wrapping_add(self.ordered(x, y, z));
            }
        }
        prefix << (64 - PREFIX_BITS) | key >> PREFIX_BITS
    }

    /// A hash of lines `x, y, z` taken in that order.
    fn ordered(&self, x: usize, y: usize, z: usize) -> u64 {
        let band = |p: usize, q: usize| u64::from(p / 3 == q / 3);
        let h = band(x, y) << 2 | band(x, z) << 1 | band(y, z);
        mix(self
            .colours(x, y, z)
            .iter()
            .fold(h, |h, &c| h.wrapping_add(c)))
    }

    /// Each digit's colour after one round of refinement on lines `x, y, z` taken in
    /// that order (see [`Shape::ordered`]), mixed.
    fn colours(&self, x: usize, y: usize, z: usize) -> [u64; 9] {
        let (fxy, fxz, fyz) = (
            &self.edge[PAIR[x][y] as usize],
            &self.edge[PAIR[x][z] as usize],
            &self.edge[PAIR[y][z] as usize],
        );
        let mut c0 = [0u64; 9];
        for d in 0..9 {
            let (a, b, c) = (fxy[d], fxz[d], fyz[d]);
            c0[d] = TABLE[usize::from(a) | usize::from(b) << 4 | usize::from(c) << 8];
        }
        // Each digit's company in its stack, in each line.
        let mut seg = [[0u64; 9]; 3];
        for (k, &line) in [x, y, z].iter().enumerate() {
            for s in 0..3 {
                let t = &self.g[line][3 * s..3 * s + 3];
                let sum = c0[t[0] as usize]
                    .wrapping_add(c0[t[1] as usize])
                    .wrapping_add(c0[t[2] as usize]);
                for &d in t {
                    seg[k][d as usize] = sum;
                }
            }
        }
        let sg = &self.sigma;
        let mut out = [0u64; 9];
        for d in 0..9 {
            let n = |s: &[u8; 9]| c0[s[d] as usize];
            let v = c0[d]
                .wrapping_add(n(&sg[x][y]).wrapping_mul(K[0]))
                .wrapping_add(n(&sg[x][z]).wrapping_mul(K[1]))
                .wrapping_add(n(&sg[y][z]).wrapping_mul(K[2]))
                .wrapping_add(n(&sg[y][x]).wrapping_mul(K[3]))
                .wrapping_add(n(&sg[z][x]).wrapping_mul(K[4]))
                .wrapping_add(n(&sg[z][y]).wrapping_mul(K[5]))
                .wrapping_add(seg[0][d].wrapping_mul(K[6]))
                .wrapping_add(seg[1][d].wrapping_mul(K[7]))
                .wrapping_add(seg[2][d].wrapping_mul(K[8]));
            out[d] = mix(v);
        }
        out
    }

    /// Each digit's colour on lines `l` in any order: the sum of [`Shape::colours`]
    /// over the orders [`Shape::key_with`] hashes, so it follows the digit under a
    /// relabelling and stays under a position permutation or another order of `l`.
    #[cfg(test)]
    fn digit_colours(&self, l: [usize; 3]) -> [u64; 9] {
        let rank = |p: usize, q: usize| (p / 3 == q / 3, self.pair_hash[PAIR[p][q] as usize]);
        let mut out = [0u64; 9];
        for o in super::ORDERS_OF_THREE {
            let (x, y, z) = (l[o[0]], l[o[1]], l[o[2]]);
            if rank(x, y) <= rank(x, z) && rank(x, z) <= rank(y, z) {
                let c = self.colours(x, y, z);
                for d in 0..9 {
                    out[d] = out[d].wrapping_add(c[d]);
                }
            }
        }
        out
    }
}

/// Bits of a key that depend on its triple's pairs alone (see [`Shape::prefix`]): a
/// query looks up a triple only when some stored key has its prefix.
const PREFIX_BITS: u32 = 20;

/// Odd multipliers that tell a digit's neighbours apart in [`Shape::ordered`].
const K: [u64; 9] = [
    0x9E37_79B9_7F4A_7C15,
    0xBF58_476D_1CE4_E5B9,
    0x94D0_49BB_1331_11EB,
    0xD6E8_FEB8_6659_FD93,
    0xA076_1D64_78BD_642F,
    0xE703_7ED1_A0B4_28DB,
    0x8EBC_6AF0_9C88_C6E3,
    0x5899_65CC_7537_4CC3,
    0x1D8E_4E27_C47D_124F,
];

/// A strong 64-bit mix (splitmix64's finaliser).
const fn mix(mut x: u64) -> u64 {
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

/// Postings by triple key, compact: the keys merged so far sorted in one array (found
/// through a directory by their top bits) with their postings in one byte array, each
/// key's as increasing numbers stored as the varint gaps between them, and those added
/// since in a small map, merged in once they pass an eighth of the rest (so a build
/// copies each posting a few times, and a query looks in two places).
#[derive(Default)]
struct Postings {
    /// The keys whose top `bits` bits are `b` are `keys[dir[b]..dir[b + 1]]`.
    dir: Vec<u32>,
    bits: u32,
    /// Sorted, each turned by [`Postings::order`].
    keys: Vec<u64>,
    /// Postings of `keys[i]`: `post[start[i]..start[i + 1]]`, gap-coded.
    start: Vec<u32>,
    post: Vec<u8>,
    /// Postings merged in, as a count (`post` holds bytes).
    merged_len: usize,
    fresh: KeyMap<Vec<u32>>,
    fresh_len: usize,
    /// Bit `p`: some key, merged or fresh, has prefix `p` (its top [`PREFIX_BITS`]).
    prefixes: Vec<u64>,
}

/// The postings of one key: merged (gap-coded) and fresh.
#[derive(Clone, Copy)]
struct Found<'a> {
    merged: &'a [u8],
    fresh: &'a [u32],
}

impl Found<'_> {
    fn is_empty(&self) -> bool {
        self.merged.is_empty() && self.fresh.is_empty()
    }

    /// At least one a posting (a byte each at most), for sizing.
    fn len_bound(&self) -> usize {
        self.merged.len() + self.fresh.len()
    }

    fn for_each(&self, mut f: impl FnMut(u32)) {
        decode(self.merged, &mut f);
        self.fresh.iter().for_each(|&p| f(p));
    }
}

/// Postings added since the last merge that do not yet call for one.
const FRESH_MIN: usize = 1 << 16;

/// Increasing numbers as the varint gaps between them (the first from 0), appended to
/// `out`.
fn encode(posts: &[u32], out: &mut Vec<u8>) {
    let mut last = 0u32;
    for &p in posts {
        let mut gap = p.wrapping_sub(last);
        last = p;
        while gap >= 0x80 {
            out.push(gap as u8 | 0x80);
            gap >>= 7;
        }
        out.push(gap as u8);
    }
}

fn decode(bytes: &[u8], f: &mut impl FnMut(u32)) {
    let (mut last, mut gap, mut shift) = (0u32, 0u32, 0);
    for &b in bytes {
        gap |= u32::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            last = last.wrapping_add(gap);
            f(last);
            (gap, shift) = (0, 0);
        } else {
            shift += 7;
        }
    }
}

impl Postings {
    fn is_empty(&self) -> bool {
        self.keys.is_empty() && self.fresh.is_empty()
    }

    /// How a key is sorted and found: its prefix (the top bits) says little apart among
    /// the keys that share it, so the bits below it come first.
    fn order(key: u64) -> u64 {
        key.rotate_left(PREFIX_BITS)
    }

    /// Whether some key has prefix `p`.
    fn may_hold(&self, p: u64) -> bool {
        self.prefixes
            .get((p / 64) as usize)
            .is_some_and(|w| w & 1 << (p % 64) != 0)
    }

    fn mark(&mut self, key: u64) {
        if self.prefixes.is_empty() {
            self.prefixes = vec![0; (1 << PREFIX_BITS) / 64];
        }
        let p = key >> (64 - PREFIX_BITS);
        self.prefixes[(p / 64) as usize] |= 1 << (p % 64);
    }

    /// Adds a posting to `key` (compact when they come in increasing order per key, as
    /// new slots do).
    fn add(&mut self, key: u64, posting: u32) {
        self.mark(key);
        self.fresh.entry(key).or_default().push(posting);
        self.fresh_len += 1;
        if self.fresh_len > FRESH_MIN.max(self.merged_len / 8) {
            self.rebuild(Some);
        }
    }

    fn bucket(&self, k: u64) -> usize {
        if self.bits == 0 {
            0
        } else {
            (k >> (64 - self.bits)) as usize
        }
    }

    /// The postings of `key`.
    fn get(&self, key: u64) -> Found<'_> {
        let mut merged: &[u8] = &[];
        if !self.keys.is_empty() {
            let k = Self::order(key);
            let b = self.bucket(k);
            for i in self.dir[b] as usize..self.dir[b + 1] as usize {
                if self.keys[i] == k {
                    merged = &self.post[self.start[i] as usize..self.start[i + 1] as usize];
                    break;
                }
            }
        }
        let fresh = self.fresh.get(&key).map_or(&[][..], Vec::as_slice);
        Found { merged, fresh }
    }

    /// Merges the fresh postings in, each posting `p` replaced by `remap(p)` (dropped
    /// when `None`; it must keep their order), and keys left without postings dropped.
    fn rebuild(&mut self, remap: impl Fn(u32) -> Option<u32>) {
        let mut fresh: Vec<(u64, Vec<u32>)> = std::mem::take(&mut self.fresh)
            .into_iter()
            .map(|(k, v)| (Self::order(k), v))
            .collect();
        fresh.sort_unstable_by_key(|e| e.0);
        let n = self.keys.len() + fresh.len();
        let mut keys = Vec::with_capacity(n);
        let mut start = Vec::with_capacity(n + 1);
        let mut post = Vec::with_capacity(self.post.len() + self.fresh_len * 2);
        let mut list = Vec::new();
        let (mut i, mut j) = (0, 0);
        let mut count = 0;
        loop {
            let key = match (self.keys.get(i), fresh.get(j)) {
                (Some(&a), Some(b)) => a.min(b.0),
                (Some(&a), None) => a,
                (None, Some(b)) => b.0,
                (None, None) => break,
            };
            list.clear();
            if self.keys.get(i) == Some(&key) {
                let old = &self.post[self.start[i] as usize..self.start[i + 1] as usize];
                decode(old, &mut |p| list.extend(remap(p)));
                i += 1;
            }
            if fresh.get(j).is_some_and(|e| e.0 == key) {
                list.extend(fresh[j].1.iter().filter_map(|&p| remap(p)));
                j += 1;
            }
            if !list.is_empty() {
                keys.push(key);
                start.push(post.len() as u32);
                encode(&list, &mut post);
                count += list.len();
            }
        }
        start.push(post.len() as u32);
        // About one key per directory entry.
        let bits = keys.len().next_power_of_two().trailing_zeros();
        self.bits = bits;
        let mut dir = Vec::with_capacity((1 << bits) + 1);
        for (i, &k) in keys.iter().enumerate() {
            let b = self.bucket(k);
            while dir.len() <= b {
                dir.push(i as u32);
            }
        }
        dir.resize((1 << bits) + 1, keys.len() as u32);
        self.dir = dir;
        self.prefixes.fill(0);
        for &k in &keys {
            self.mark(k.rotate_right(PREFIX_BITS));
        }
        keys.shrink_to_fit();
        start.shrink_to_fit();
        post.shrink_to_fit();
        self.keys = keys;
        self.start = start;
        self.post = post;
        self.merged_len = count;
        self.fresh_len = 0;
    }
}

/// A protected puzzle in 81 bytes (half of [`Protected`]): each cell's given (high
/// four bits) and solution digit (low four bits), 0 for none.
#[derive(Clone, PartialEq, Eq)]
struct Packed([u8; 81]);

impl Packed {
    fn new(p: &Protected) -> Packed {
        let mut b = [0u8; 81];
        for cell in Cell::all() {
            b[cell.index()] =
                p.givens.get(cell).unwrap_or(0) << 4 | p.solution.get(cell).unwrap_or(0);
        }
        Packed(b)
    }

    fn unpack(&self) -> Protected {
        let mut p = Protected {
            givens: Grid::empty(),
            solution: Grid::empty(),
        };
        for cell in Cell::all() {
            let b = self.0[cell.index()];
            p.givens.set(cell, Some(b >> 4));
            p.solution.set(cell, Some(b & 15));
        }
        p
    }
}

/// Protected puzzles, each under a slot number, with the two indexes above.
#[derive(Default)]
pub struct LikenessIndex {
    puzzles: Vec<Packed>,
    /// Slot of a puzzle by a hash of its grids (checked against `puzzles`).
    slot_of: KeyMap<u32>,
    /// Triple key → postings `slot << 1 | side`.
    triples: Postings,
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
    pub fn puzzle(&self, slot: u32) -> Option<Protected> {
        self.puzzles.get(slot as usize).map(Packed::unpack)
    }

    /// The slot of `p`, indexing it first if it is new (the same puzzle twice shares one).
    pub fn insert(&mut self, p: &Protected) -> u32 {
        let h = grid_hash(&p.givens, &p.solution);
        let packed = Packed::new(p);
        if let Some(&slot) = self.slot_of.get(&h)
            && self.puzzles.get(slot as usize) == Some(&packed)
        {
            return slot;
        }
        let slot = self.puzzles.len() as u32;
        self.slot_of.entry(h).or_insert(slot);
        self.puzzles.push(packed);
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
                let shape = Shape::new(g);
                let mut keys = STORED.map(|t| shape.key(t));
                // Triples of one puzzle may share a key: one posting is enough.
                keys.sort_unstable();
                for (k, &key) in keys.iter().enumerate() {
                    if k == 0 || keys[k - 1] != key {
                        self.triples.add(key, slot << 1 | side);
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
        self.triples
            .rebuild(|p| remap[(p >> 1) as usize].map(|new| new << 1 | (p & COLUMNS)));
        self.slot_of.clear();
        self.min_givens = usize::MAX;
        let words = kept.len().div_ceil(64);
        for set in &mut self.cells {
            set.clear();
            set.resize(words, 0);
        }
        for (slot, p) in kept.iter().map(Packed::unpack).enumerate() {
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
        let mut found: Vec<(Found<'_>, usize, usize)> = Vec::new();
        let mut total = 0;
        // Lookups that found anything, by side of the answer.
        let mut hit = [0u8; 2];
        for (side, g) in [(0, &rows), (COLUMNS, &cols)] {
            let shape = Shape::new(g);
            // Kind of a posting on `P`'s rows, and on its columns.
            let (on_rows, on_cols) = if side == 0 { (0, 2) } else { (3, 1) };
            let hit = &mut hit[side as usize];
            for t in QUERIED {
                // Most triples' prefixes are not stored: the whole key is not needed.
                let prefix = shape.prefix(t);
                if !self.triples.may_hold(prefix) {
                    continue;
                }
                let postings = self.triples.get(shape.key_with(t, prefix));
                if !postings.is_empty() {
                    found.push((postings, on_rows, on_cols));
                    total += postings.len_bound();
                    *hit += 1;
                }
            }
            // A candidate is hit twice through the answer's rows and twice through its
            // columns (straight or transposed), each time by another lookup (a puzzle
            // has one posting per key and side): with fewer lookups that found
            // anything on a side, no puzzle is, however long the postings (a key many
            // puzzles share), and the other side need not be looked at.
            if *hit < HITS {
                return;
            }
        }
        let tally = |count: &mut dyn FnMut(u32, usize)| {
            for &(postings, on_rows, on_cols) in &found {
                postings.for_each(|p| {
                    count(p >> 1, if p & COLUMNS == 0 { on_rows } else { on_cols });
                });
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
        // A full grid that is its own answer is an edited copy only of puzzles with that
        // very solution, which `is_answered_by` refuses and the answer's candidates hold:
        // no need to go through the bitsets (a pass over all slots).
        if answer != Some(pasted) || pasted.filled_count() < 81 {
            self.copy_candidates(pasted, &mut slots);
        }
        for &slot in &slots {
            if keep(slot) && self.puzzles[slot as usize].unpack().is_edited_copy(pasted) {
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
            .find(|&slot| keep(slot) && self.puzzles[slot as usize].unpack().is_answered_by(answer))
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
        // A query looks up every triple a puzzle may store, each once.
        assert!(
            QUERIED
                .iter()
                .all(|t| t[0] < t[1] && t[1] < t[2] && t[0] / 3 != t[2] / 3)
        );
        assert!(STORED.iter().all(|t| QUERIED.contains(t)));
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
mod postings {
    use super::*;
    use crate::engine::rng::SeededRng;
    use crate::engine::solver;
    use crate::engine::transform::Transform;

    #[test]
    fn gaps_decode_to_the_postings_in_any_order() {
        let posts = [0, 1, 5, 300, 70_000, 70_001, 12, u32::MAX, 3];
        let mut bytes = Vec::new();
        encode(&posts, &mut bytes);
        let mut back = Vec::new();
        decode(&bytes, &mut |p| back.push(p));
        assert_eq!(back, posts);
    }

    /// Enough puzzles that postings are merged into the compact arrays (and some still
    /// fresh): a disguise of any of them names it, before and after dropping a third.
    #[test]
    fn merged_and_retained_postings_still_name_every_disguise() {
        let mut rng = SeededRng::new(17);
        let grids: Vec<Grid> = (0..800)
            .map(|_| solver::random_solution(&Grid::empty(), &mut rng).expect("grid"))
            .collect();
        let mut index = LikenessIndex::new();
        for g in &grids {
            index.insert(&Protected {
                givens: *g,
                solution: *g,
            });
        }
        assert!(!index.triples.keys.is_empty(), "some postings merged");
        assert!(!index.triples.fresh.is_empty(), "some postings fresh");
        let named = |index: &LikenessIndex, k: usize, rng: &mut SeededRng| {
            let answer = Transform::random(rng).apply(&grids[k]);
            let mut out = Vec::new();
            index.answer_candidates(&answer, &mut out);
            (out, index.spoiled(&answer, Some(&answer), |_| true))
        };
        for k in (0..800).step_by(23) {
            let (out, spoiled) = named(&index, k, &mut rng);
            assert!(out.contains(&(k as u32)), "puzzle {k}");
            assert!(spoiled.is_some(), "puzzle {k}");
        }
        let remap = index.retain(|s| s % 3 != 0);
        assert!(index.triples.fresh.is_empty());
        for k in (0..800).step_by(23) {
            let (out, spoiled) = named(&index, k, &mut rng);
            match remap[k] {
                Some(new) => assert!(out.contains(&new), "puzzle {k}, now {new}"),
                None => assert_eq!(spoiled, None, "dropped puzzle {k}"),
            }
        }
    }
}

#[cfg(test)]
mod measure {
    use super::*;
    use crate::engine::rng::SeededRng;
    use crate::engine::solver;
    use std::time::Instant;

    /// `LIKENESS_N` (default `n`) random solutions to index, and `extra` more to ask
    /// with, all from one seed; says how long they took. Returns the count to index, the
    /// grids, and the random stream to go on with.
    pub(super) fn random_grids(n: usize, extra: usize) -> (usize, Vec<Grid>, SeededRng) {
        let n = std::env::var("LIKENESS_N")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(n);
        let mut rng = SeededRng::new(99);
        let t = Instant::now();
        let grids: Vec<Grid> = (0..n + extra)
            .map(|_| solver::random_solution(&Grid::empty(), &mut rng).expect("grid"))
            .collect();
        println!(
            "{} random solutions in {:.1} s",
            grids.len(),
            t.elapsed().as_secs_f64()
        );
        (n, grids, rng)
    }

    /// `cargo test --release --lib engine::likeness_index::measure -- --ignored --nocapture`:
    /// cost of a key, of indexing a puzzle, of a query, and how many unrelated candidates
    /// a random answer gets among `LIKENESS_N` (default 20,000) random puzzles.
    #[test]
    #[ignore]
    fn measure() {
        let (n, grids, _) = random_grids(20_000, 200);
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
            index.triples.keys.len() + index.triples.fresh.len()
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
        let t = Instant::now();
        let (mut nf, mut np, mut xk) = (0usize, 0usize, 0u64);
        for g in &grids[n..] {
            let (rows, cols) = lines(g).expect("solved");
            for side in [&rows, &cols] {
                let shape = Shape::new(side);
                for tr in QUERIED {
                    let k = shape.key(tr);
                    xk ^= k;
                    let found = index.triples.get(k);
                    nf += usize::from(!found.is_empty());
                    found.for_each(|_| np += 1);
                }
            }
        }
        println!(
            "keys + lookups per answer: {:.1} µs; lookups that found: {:.1}, postings: {:.1} ({xk})",
            t.elapsed().as_secs_f64() * 1e6 / 200.0,
            nf as f64 / 200.0,
            np as f64 / 200.0
        );
        let t = Instant::now();
        for g in &grids[n..] {
            let (rows, cols) = lines(g).expect("solved");
            for side in [&rows, &cols] {
                let shape = Shape::new(side);
                for tr in QUERIED {
                    xk ^= shape.key(tr);
                }
            }
        }
        println!(
            "keys alone per answer: {:.1} µs ({xk})",
            t.elapsed().as_secs_f64() * 1e6 / 200.0
        );
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
            let pairs = Shape::new(&rows);
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
            x ^= Shape::new(&rows).pair_hash[3];
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
                .any(|&s| index.puzzles[s as usize].unpack().is_answered_by(&a));
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

#[cfg(test)]
mod measure_quads {
    use super::*;
    use crate::engine::transform::Transform;
    use std::time::Instant;

    /// Bits of an entry below the key: the slot (2^26 puzzles).
    const SLOT_BITS: u32 = 26;
    /// Directory over the keys' top bits.
    const DIR_BITS: u32 = 22;

    fn all_triples() -> Vec<[usize; 3]> {
        let mut t = Vec::new();
        for a in 0..9 {
            for b in a + 1..9 {
                for c in b + 1..9 {
                    t.push([a, b, c]);
                }
            }
        }
        t
    }

    /// The 126 sets of four lines, each with its four sub-triples as indexes into
    /// [`all_triples`].
    fn quads() -> Vec<[usize; 4]> {
        let tri = all_triples();
        let idx = |t: [usize; 3]| tri.iter().position(|&u| u == t).expect("triple");
        let mut out = Vec::new();
        for a in 0..9 {
            for b in a + 1..9 {
                for c in b + 1..9 {
                    for d in c + 1..9 {
                        // Experiment: LIKENESS_NOBAND leaves out 4-sets holding a band.
                        let band = |x: usize, y: usize, z: usize| x / 3 == z / 3 && x / 3 == y / 3;
                        if std::env::var("LIKENESS_NOBAND").is_ok()
                            && (band(a, b, c) || band(a, b, d) || band(a, c, d) || band(b, c, d))
                        {
                            continue;
                        }
                        out.push([
                            idx([a, b, c]),
                            idx([a, b, d]),
                            idx([a, c, d]),
                            idx([b, c, d]),
                        ]);
                    }
                }
            }
        }
        out
    }

    /// Keys of all 84 triples of `g`, and of its 126 4-sets: a 4-set's key is the
    /// multiset of its four triples' keys (each invariant under what may happen to the
    /// four lines together, so the multiset is too, whatever order the lines come in).
    fn keys(g: &Lines, quads: &[[usize; 4]], tri: &[[usize; 3]]) -> (Vec<u64>, Vec<u64>) {
        let shape = Shape::new(g);
        let t: Vec<u64> = tri.iter().map(|&l| shape.key(l)).collect();
        if std::env::var("LIKENESS_DIGITS").is_ok() {
            // Finer: each digit's colour in the 4-set is the multiset of (triple key,
            // its colour in that triple) over the four triples; the key is the multiset
            // of digit colours. Ties the triples together through the digits.
            let dc: Vec<[u64; 9]> = tri.iter().map(|&l| shape.digit_colours(l)).collect();
            let q = quads
                .iter()
                .map(|q| {
                    let colour = |d: usize| {
                        q.iter().fold(0u64, |c, &i| {
                            c.wrapping_add(mix(t[i].wrapping_add(dc[i][d].wrapping_mul(K[1]))))
                        })
                    };
                    mix((0..9).fold(0u64, |h, d| h.wrapping_add(mix(colour(d) ^ 0x77))))
                })
                .collect();
            return (t, q);
        }
        let q = quads
            .iter()
            .map(|q| {
                mix(q
                    .iter()
                    .fold(0u64, |h, &i| h.wrapping_add(mix(t[i] ^ 0x5151))))
            })
            .collect();
        (t, q)
    }

    /// Prototype of a 4-line index. Every puzzle `P` stores the keys of its 126 row
    /// 4-sets (one sorted `u64` per posting: the key's top 38 bits and the slot) and the
    /// low 32 bits of its 52 `STORED` column-triple keys. An answer `A` near `T(P)` has
    /// ≥ 4 untouched rows and ≥ 4 untouched columns; one side of `A` shows `P`'s rows
    /// (rows without transposition, columns with), the other `P`'s columns. So `P` is a
    /// candidate when a 4-set of one side of `A` has a key `P` stores and ≥ 2 of `P`'s
    /// column-triple keys are among the other side's triple keys.
    /// `LIKENESS_N` distinct random puzzles (default 200,000).
    /// `cargo test --lib engine::likeness_index::measure_quads -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn measure_quads() {
        let (n, grids, mut rng) = super::measure::random_grids(200_000, 400);
        let quads = quads();
        let tri = all_triples();
        let stored_idx: Vec<usize> = STORED
            .iter()
            .map(|&s| tri.iter().position(|&u| u == s).expect("stored"))
            .collect();
        let mask = !((1u64 << SLOT_BITS) - 1);
        let t = Instant::now();
        let mut entries: Vec<u64> = Vec::with_capacity(n * 126);
        let mut col_keys: Vec<[u32; 52]> = Vec::with_capacity(n);
        for (slot, g) in grids[..n].iter().enumerate() {
            let (rows, cols) = lines(g).expect("solved");
            let (_, mut q) = keys(&rows, &quads, &tri);
            q.sort_unstable();
            q.dedup();
            entries.extend(q.iter().map(|k| k & mask | slot as u64));
            let shape = Shape::new(&cols);
            col_keys.push(STORED.map(|l| shape.key(l) as u32));
        }
        let keyed = t.elapsed();
        entries.sort_unstable();
        let mut dir = vec![0u32; (1 << DIR_BITS) + 1];
        for &e in &entries {
            dir[(e >> (64 - DIR_BITS)) as usize + 1] += 1;
        }
        for b in 0..1 << DIR_BITS {
            dir[b + 1] += dir[b];
        }
        println!(
            "keys of {n} puzzles {:.2} s ({:.1} µs each), sort + directory {:.2} s; {} postings",
            keyed.as_secs_f64(),
            keyed.as_secs_f64() * 1e6 / n as f64,
            t.elapsed().as_secs_f64() - keyed.as_secs_f64(),
            entries.len(),
        );
        let mut runs: Vec<usize> = Vec::new();
        let mut i = 0;
        while i < entries.len() {
            let k = entries[i] & mask;
            let j = entries[i..].partition_point(|e| e & mask == k) + i;
            runs.push(j - i);
            i = j;
        }
        runs.sort_unstable_by(|a, b| b.cmp(a));
        let shared: usize = runs.iter().filter(|&&r| r > 1).sum();
        println!(
            "{} distinct 4-set keys; postings on keys shared by >1 puzzle: {shared}; longest: {:?}",
            runs.len(),
            &runs[..runs.len().min(12)]
        );
        let lookup = |k: u64| -> &[u64] {
            let k = k & mask;
            let b = (k >> (64 - DIR_BITS)) as usize;
            let bucket = &entries[dir[b] as usize..dir[b + 1] as usize];
            let lo = bucket.partition_point(|&e| e < k);
            let hi = bucket[lo..].partition_point(|&e| e & mask == k) + lo;
            &bucket[lo..hi]
        };
        // (quad-hit slots, candidates) per query.
        let mut bitmap = vec![0u64; 1 << 10];
        let mut query = |a: &Grid, out: &mut Vec<u32>| -> (usize, usize) {
            let (rows, cols) = lines(a).expect("solved");
            let sides = [keys(&rows, &quads, &tri), keys(&cols, &quads, &tri)];
            let mut hits = 0;
            let mut pass2 = 0;
            out.clear();
            for s in 0..2 {
                let other = &sides[1 - s].0;
                let mut other_q = sides[1 - s].1.clone();
                other_q.sort_unstable();
                for &k in other {
                    let k = k as u16 as usize;
                    bitmap[k / 64] |= 1 << (k % 64);
                }
                for &k in &sides[s].1 {
                    for e in lookup(k) {
                        hits += 1;
                        let slot = (e & !mask) as u32;
                        let held = col_keys[slot as usize]
                            .iter()
                            .filter(|&&c| {
                                let b = c as u16 as usize;
                                bitmap[b / 64] & 1 << (b % 64) != 0
                                    && other.iter().any(|&k| k as u32 == c)
                            })
                            .count();
                        if held >= 2 && !out.contains(&slot) {
                            pass2 += 1;
                            // Third stage: the puzzle's column 4-sets, worked out now.
                            let (_, pc) = lines(&grids[slot as usize]).expect("solved");
                            let (_, pq) = keys(&pc, &quads, &tri);
                            if pq.iter().any(|k| other_q.binary_search(k).is_ok()) {
                                out.push(slot);
                            }
                        }
                    }
                }
                for &k in other {
                    bitmap[k as u16 as usize / 64] = 0;
                }
            }
            out.sort_unstable();
            out.dedup();
            (hits, pass2)
        };
        let mut out = Vec::new();
        let (mut times, mut cands, mut hits, mut with, mut p2) = (Vec::new(), 0, 0, 0, 0);
        let mut checks = Vec::new();
        // Random solutions are not all far apart: some "unrelated" answers are near a
        // stored puzzle, and a solve would rightly be refused.
        let mut refusals = 0;
        for g in &grids[n..] {
            let t = Instant::now();
            let (h, q) = query(g, &mut out);
            hits += h;
            p2 += q;
            times.push(t.elapsed());
            cands += out.len();
            with += usize::from(!out.is_empty());
            for &slot in &out {
                let p = Protected {
                    givens: grids[slot as usize],
                    solution: grids[slot as usize],
                };
                let t = Instant::now();
                let refused = p.is_answered_by(g);
                checks.push(t.elapsed());
                refusals += usize::from(refused);
            }
        }
        checks.sort();
        if !checks.is_empty() {
            println!(
                "exact checks of candidates: {}, {refusals} refused (truly near), p50 {:.1} µs, max {:.1} µs",
                checks.len(),
                checks[checks.len() / 2].as_secs_f64() * 1e6,
                checks[checks.len() - 1].as_secs_f64() * 1e6
            );
        }
        times.sort();
        println!(
            "400 unrelated answers: p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs; 4-set hits {hits}, \
             after the column-triple check {p2}, after the column 4-set check {cands} \
             ({with} answers with any)",
            times[200].as_secs_f64() * 1e6,
            times[396].as_secs_f64() * 1e6,
            times[399].as_secs_f64() * 1e6
        );
        let mut found = 0;
        let mut times = Vec::new();
        for k in (0..n).step_by((n / 400).max(1)) {
            let a = Transform::random(&mut rng).apply(&grids[k]);
            let t = Instant::now();
            query(&a, &mut out);
            times.push(t.elapsed());
            assert!(out.contains(&(k as u32)), "disguise of {k} not named");
            found += out.len();
        }
        times.sort();
        println!(
            "{} disguises all named ({found} candidates); p50 {:.1} µs",
            times.len(),
            times[times.len() / 2].as_secs_f64() * 1e6
        );
        let t = Instant::now();
        let mut x = 0u64;
        for g in &grids[n..] {
            let (rows, cols) = lines(g).expect("solved");
            x ^= keys(&rows, &quads, &tri).1[0] ^ keys(&cols, &quads, &tri).1[0];
        }
        println!(
            "keys alone (2 × 84 triples, 2 × 126 sets) per answer: {:.1} µs ({x})",
            t.elapsed().as_secs_f64() * 1e6 / 400.0
        );
        let _ = stored_idx;
    }
}
