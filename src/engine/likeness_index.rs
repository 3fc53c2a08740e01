//! An index over many protected puzzles (every server's running daily) that finds the
//! ones a pasted grid would spoil without checking them all: `/sudoku solve` on a bot
//! with 100,000 servers checks against 200,000 or more dailies. The refusal rule is
//! exactly the one of [`Protected::is_edited_copy`] and [`Protected::is_answered_by`].
//!
//! ## Near answers: sets of four rows
//! `is_answered_by` refuses when the answer `A` differs from some transformation `T(P)`
//! of the protected solution in at most [`CLOSE`] cells. Then:
//! - A row of `A` that differs from the same row of `T(P)` differs in two cells at
//!   least (both rows hold each digit once). So at most `CLOSE / 2 = 5` rows are
//!   touched and **at least four rows of `A` are identical** to those of `T(P)`; the
//!   same for columns.
//! - Without a transposition, rows of `A` show rows of `P`; with one, columns of `A`
//!   show rows of `P`. So one side of `A` shows `P`'s rows, four of them untouched: up
//!   to a relabelling of the digits, one stack-preserving permutation of positions for
//!   all four, another order of the four, band company kept.
//! - [`quad_keys`] gives each set of four lines a key that survives exactly that (proof
//!   there and at `Shape::key`). `P` posts the keys of all 126 sets of four of its rows
//!   (any four may be the untouched ones); `A` looks up the 126 sets of its rows and the
//!   126 of its columns. The untouched four and the rows they show have the same key,
//!   so the pair is found.
//! - Each pair found (a set of `A`'s lines, a set of `P`'s rows, same key) is a guess
//!   that [`close_through`] settles exactly: it tries every transformation under which
//!   those four lines are untouched and shows them (the line order, the relabelling they
//!   force, the position map that follows) and counts the best line map for the rest.
//!   So a puzzle is refused exactly when some transformation brings it within `CLOSE`
//!   cells: [`NearAnswer::is_near`] is the same decision for one puzzle, and `is_answered_by` is it.
//!
//! Keys of four lines have far more values than keys of three, so few postings are
//! walked: 200,000 random puzzles post 25.2 million, and a random answer meets 59 of
//! them (`measure` below). Most of those are real: four rows of the answer and four of
//! a puzzle alike up to all that (common in structured lines such as whole bands); each
//! costs one exact check, mostly refused after a few pair types or two rows' votes.
//!
//! ## Postings
//! `slot << 7 | set` under the key: merged ones in directory order, with one byte of
//! key beside each (five bytes a posting); fresh ones sorted; pending ones (since the
//! last [`LikenessIndex::settle`]) searched one by one. Puzzles are kept in 81 bytes.
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
//! refuses and the postings name.
//!
//! [`CLOSE`]: super::likeness::CLOSE

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::likeness::{CLOSE, Protected, best_lines};
use super::{Cell, Grid};

/// Digits 0–8 by line and position.
pub(super) type Lines = [[u8; 9]; 9];

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
            }
        }
        shape
    }

    /// A key of three lines `l` that does not change when the digits are relabelled,
    /// the positions permuted inside their stacks and the stacks permuted, or the three
    /// lines taken in another order; it also records which of the three share a band.
    /// It is the sum of the hashes of the orders whose three pairs come in
    /// non-decreasing (shares a band, pair hash), which another order of the same lines
    /// leaves the same.
    fn key(&self, l: [usize; 3]) -> u64 {
        let rank = |p: usize, q: usize| (p / 3 == q / 3, self.pair_hash[PAIR[p][q] as usize]);
        let mut key = 0u64;
        for o in super::ORDERS_OF_THREE {
            let (x, y, z) = (l[o[0]], l[o[1]], l[o[2]]);
            if rank(x, y) <= rank(x, z) && rank(x, z) <= rank(y, z) {
                key = key.wrapping_add(self.ordered(x, y, z));
            }
        }
        key
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
}

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
pub(super) fn lines(g: &Grid) -> Option<(Lines, Lines)> {
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
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// The 84 triples of lines, in increasing order.
const TRIPLES: [[usize; 3]; 84] = {
    let mut t = [[0usize; 3]; 84];
    let mut n = 0;
    let mut a = 0;
    while a < 9 {
        let mut b = a + 1;
        while b < 9 {
            let mut c = b + 1;
            while c < 9 {
                t[n] = [a, b, c];
                n += 1;
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// A set of four lines (increasing) and its four sub-triples, as places in [`TRIPLES`].
#[derive(Clone, Copy)]
struct Quad {
    lines: [usize; 4],
    triples: [usize; 4],
}

/// The 126 sets of four lines.
const QUADS: [Quad; 126] = {
    const fn place(l: [usize; 3]) -> usize {
        let mut n = 0;
        while TRIPLES[n][0] != l[0] || TRIPLES[n][1] != l[1] || TRIPLES[n][2] != l[2] {
            n += 1;
        }
        n
    }
    let mut q = [Quad {
        lines: [0; 4],
        triples: [0; 4],
    }; 126];
    let mut n = 0;
    let mut a = 0;
    while a < 9 {
        let mut b = a + 1;
        while b < 9 {
            let mut c = b + 1;
            while c < 9 {
                let mut d = c + 1;
                while d < 9 {
                    q[n] = Quad {
                        lines: [a, b, c, d],
                        triples: [
                            place([a, b, c]),
                            place([a, b, d]),
                            place([a, c, d]),
                            place([b, c, d]),
                        ],
                    };
                    n += 1;
                    d += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    q
};

/// The 24 orders of four lines.
const ORDERS_OF_FOUR: [[usize; 4]; 24] = {
    let mut t = [[0usize; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c {
                    t[n] = [a, b, c, 6 - a - b - c];
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

/// Keys of the 126 sets of four lines of `g` (rows; the transposed grid for columns), in
/// the order of [`QUADS`]: the multiset of its four sub-triples' keys ([`Shape::key`]). What
/// may happen to four untouched lines between a protected solution and an answer
/// (relabelling, one stack-preserving permutation of positions for all, another order
/// of the lines, the band company kept) maps each sub-triple onto a sub-triple of the
/// image with the same key, so the multiset, and the key, do not change.
fn quad_keys(g: &Lines) -> [u64; 126] {
    let shape = Shape::new(g);
    // Mixed before they are summed: triple keys are sums themselves.
    let t = TRIPLES.map(|l| mix(shape.key(l) ^ 0x5151_5151));
    QUADS.map(|q| mix(q.triples.iter().fold(0u64, |h, &i| h.wrapping_add(t[i]))))
}

/// A solved grid's lines with where each digit sits in each line, and in which line
/// it sits at each position.
pub(super) struct Sheet {
    pub(super) g: Lines,
    /// `pos[line][digit]`: the digit's position in the line.
    pub(super) pos: Lines,
    /// `line_of[position][digit]`: the line holding the digit at that position.
    pub(super) line_of: Lines,
}

impl Sheet {
    pub(super) fn new(g: &Lines) -> Sheet {
        let mut pos = [[0u8; 9]; 9];
        let mut line_of = [[0u8; 9]; 9];
        for (l, (line, pos)) in g.iter().zip(&mut pos).enumerate() {
            for (c, &d) in line.iter().enumerate() {
                pos[usize::from(d)] = c as u8;
                line_of[c][usize::from(d)] = l as u8;
            }
        }
        Sheet {
            g: *g,
            pos,
            line_of,
        }
    }

    /// For lines `l`, the [`cycle_type`] of each pair's `τ` (the digit of one line below
    /// each digit of the other; the inverse order gives the inverse, of the same type).
    fn pair_types(&self, l: [usize; 4]) -> [[u32; 4]; 4] {
        let mut k = [[0u32; 4]; 4];
        for i in 0..4 {
            for j in i + 1..4 {
                let t = std::array::from_fn(|d| self.g[l[j]][usize::from(self.pos[l[i]][d])]);
                k[i][j] = cycle_type(&t);
                k[j][i] = k[i][j];
            }
        }
        k
    }
}

/// Whether answer lines `a` are within [`CLOSE`] cells of the protected solution's rows
/// `p` under some transformation that leaves lines `qa` of `a` untouched, showing lines
/// `qp` of `p` (any order of them). Exact, by construction:
/// - The line map restricted to the four is one of the 24 orders of `qp`, kept when two
///   lines share a band in `a` exactly when their images do in `p`.
/// - Untouched lines fix the relabelling `σ` (digits of `p` to digits of `a`) through
///   the permutations `τ_k` (the digit of line `k` of the four below each digit of line
///   0): `σ ∘ τ_k(p) = τ_k(a) ∘ σ`. Every `σ` satisfying those is tried (one choice per
///   orbit, the rest follows), so the transformation's own is among them.
/// - `σ` and the first line fix the position map `π` (where that line holds each digit),
///   which must keep stacks whole.
/// - With `σ` and `π` fixed, every line of `a` against every line of `p` is counted
///   cell by cell, and the best band-respecting line map ([`best_lines`]) gives the
///   fewest differing cells of any transformation with that `σ` and `π`. The count is
///   achieved by a real transformation, and it is no more than the one sought.
fn close_through(a: &Sheet, p: &Sheet, qa: usize, qp: usize) -> bool {
    let (x, y) = (QUADS[qa].lines, QUADS[qp].lines);
    // How the lines of each pair interleave (see `cycle_type`): a relabelling keeps it,
    // so an order that pairs lines whose types differ is no transformation's.
    let (ka, kp) = (a.pair_types(x), p.pair_types(y));
    let mut ta = [[0u8; 9]; 3];
    for (k, t) in ta.iter_mut().enumerate() {
        for (d, t) in t.iter_mut().enumerate() {
            *t = a.g[x[k + 1]][usize::from(a.pos[x[0]][d])];
        }
    }
    for o in ORDERS_OF_FOUR {
        let ys = o.map(|i| y[i]);
        let fits = (0..4).all(|i| {
            (i + 1..4).all(|j| {
                (x[i] / 3 == x[j] / 3) == (ys[i] / 3 == ys[j] / 3) && ka[i][j] == kp[o[i]][o[j]]
            })
        });
        if !fits {
            continue;
        }
        let mut tp = [[0u8; 9]; 3];
        for (k, t) in tp.iter_mut().enumerate() {
            for (d, t) in t.iter_mut().enumerate() {
                *t = p.g[ys[k + 1]][usize::from(p.pos[ys[0]][d])];
            }
        }
        if relabellings(&tp, &ta, [FREE; 9], 0, &mut |sigma| {
            close_with(a, p, x[0], ys[0], sigma)
        }) {
            return true;
        }
    }
    false
}

/// The cycle type of a permutation of the nine digits: how many cycles of each length,
/// three bits a length. Conjugate permutations (the same up to a relabelling) share it.
fn cycle_type(t: &[u8; 9]) -> u32 {
    let mut seen = 0u16;
    let mut code = 0u32;
    for d0 in 0..9 {
        if seen & 1 << d0 != 0 {
            continue;
        }
        let (mut d, mut n) = (d0, 0);
        loop {
            seen |= 1 << d;
            d = usize::from(t[d]);
            n += 1;
            if d == d0 {
                break;
            }
        }
        code += 1 << (3 * (n - 1));
    }
    code
}

/// Not yet relabelled.
const FREE: u8 = u8::MAX;

/// Calls `f` on every completion of the partial relabelling `sigma` (`used`: the digits
/// of `a` it takes) with `σ(τp_k(d)) = τa_k(σ(d))` for every `k` and digit; true as soon
/// as `f` is.
fn relabellings(
    tp: &[[u8; 9]; 3],
    ta: &[[u8; 9]; 3],
    sigma: [u8; 9],
    used: u16,
    f: &mut impl FnMut(&[u8; 9]) -> bool,
) -> bool {
    let Some(d) = sigma.iter().position(|&e| e == FREE) else {
        return f(&sigma);
    };
    (0..9u8).any(|e| {
        let (mut s, mut u) = (sigma, used);
        used & 1 << e == 0 && follow(tp, ta, &mut s, &mut u, d, e) && relabellings(tp, ta, s, u, f)
    })
}

/// Sets `σ(d) = e` and what follows from it through the `τ`s (`d`'s orbit); false on a
/// contradiction.
fn follow(
    tp: &[[u8; 9]; 3],
    ta: &[[u8; 9]; 3],
    s: &mut [u8; 9],
    used: &mut u16,
    d: usize,
    e: u8,
) -> bool {
    s[d] = e;
    *used |= 1 << e;
    // Each digit is pushed once, when it is set: nine at most.
    let mut stack = [0u8; 9];
    stack[0] = d as u8;
    let mut n = 1;
    while n > 0 {
        n -= 1;
        let d = usize::from(stack[n]);
        for k in 0..3 {
            let d2 = usize::from(tp[k][d]);
            let e2 = ta[k][usize::from(s[d])];
            if s[d2] == FREE {
                if *used & 1 << e2 != 0 {
                    return false;
                }
                s[d2] = e2;
                *used |= 1 << e2;
                stack[n] = d2 as u8;
                n += 1;
            } else if s[d2] != e2 {
                return false;
            }
        }
    }
    true
}

/// Whether, with relabelling `sigma` and line `x0` of `a` showing line `y0` of `p`, some
/// line map brings `a` within [`CLOSE`] cells of `p`.
fn close_with(a: &Sheet, p: &Sheet, x0: usize, y0: usize, sigma: &[u8; 9]) -> bool {
    let mut back = [0u8; 9];
    for (d, &e) in sigma.iter().enumerate() {
        back[usize::from(e)] = d as u8;
    }
    // Position c of `a` shows position pi[c] of `p`.
    let pi: [u8; 9] =
        std::array::from_fn(|c| p.pos[y0][usize::from(back[usize::from(a.g[x0][c])])]);
    if (0..3).any(|s| pi[3 * s] / 3 != pi[3 * s + 1] / 3 || pi[3 * s] / 3 != pi[3 * s + 2] / 3) {
        return false;
    }
    // Each cell of `a` votes for the one line of `p` that shows its digit there.
    let mut score = [[0u16; 9]; 9];
    let mut short = 0;
    for (r, line) in a.g.iter().enumerate() {
        for (c, &e) in line.iter().enumerate() {
            let l = p.line_of[usize::from(pi[c])][usize::from(back[usize::from(e)])];
            score[r][usize::from(l)] += 1;
        }
        // Cells no line map can make agree: a quick no for most guesses.
        short += 9 - usize::from(score[r].iter().copied().max().unwrap_or(0));
        if short > CLOSE {
            return false;
        }
    }
    let lines = best_lines(&score);
    let same: usize = (0..9)
        .map(|r| usize::from(score[r][usize::from(lines[r])]))
        .sum();
    81 - same <= CLOSE
}

/// An answer as the near check reads it, worked out once: each side (its rows, and its
/// columns for a transposed puzzle) with the keys of its 126 sets of four lines. One
/// answer is checked against many puzzles (a player's games, the running races and co-op
/// boards, the index's candidates) for the cost of its keys once.
pub struct NearAnswer {
    answer: Grid,
    sides: [(Sheet, [u64; 126]); 2],
}

impl NearAnswer {
    /// `None` unless `answer` is a solved grid (only a solution can be near one).
    pub fn new(answer: &Grid) -> Option<NearAnswer> {
        let (rows, cols) = lines(answer)?;
        Some(NearAnswer {
            answer: *answer,
            sides: [rows, cols].map(|g| (Sheet::new(&g), quad_keys(&g))),
        })
    }

    /// Whether the answer is within [`CLOSE`] cells of some transformation of `solution`
    /// (a solved grid), decided exactly: such an answer leaves four lines untouched on
    /// each side (a touched line differs in two cells at least), one side of it shows
    /// the solution's rows, and those four rows have the same [`quad_keys`] key in both;
    /// every pair of sets of four with the same key is tried by [`close_through`].
    pub fn is_near(&self, solution: &Grid) -> bool {
        let Some((prows, _)) = lines(solution) else {
            return false;
        };
        let p = Sheet::new(&prows);
        let mut pk: Vec<(u64, usize)> = quad_keys(&prows).into_iter().zip(0..).collect();
        pk.sort_unstable();
        self.sides.iter().any(|(a, keys)| {
            keys.iter().enumerate().any(|(qa, &k)| {
                let from = pk.partition_point(|e| e.0 < k);
                pk[from..]
                    .iter()
                    .take_while(|e| e.0 == k)
                    .any(|&(_, qp)| close_through(a, &p, qa, qp))
            })
        })
    }
}

/// A posting: the puzzle's slot and which of its sets of four rows has the key.
const QUAD_BITS: u32 = 7;
const QUAD_MASK: u32 = (1 << QUAD_BITS) - 1;
/// The highest slot a posting can name (2^25 - 1, some 33 million puzzles); puzzles past
/// it go unposted and are checked one by one.
const MAX_SLOT: u32 = u32::MAX >> QUAD_BITS;

/// Key bits the merged postings are found by: a directory on the top [`DIR_BITS`] and a
/// byte below them beside each posting. A key nobody stores still meets a posting about
/// once in 2^30 / postings lookups (0.02 at 25 million postings); the exact check drops
/// those.
const DIR_BITS: u32 = 22;
const TAG_BITS: u32 = DIR_BITS + 8;

/// Fresh postings (sorted, 16 bytes each) kept before they are merged into the compact
/// arrays (5 bytes each, but merging copies them all): this many or a sixteenth of the
/// merged ones.
const FRESH_MIN: usize = 1 << 20;

/// Pending postings (unsorted, since the last [`Postings::settle`]) that force one.
const PENDING_MAX: usize = 1 << 20;

/// Postings by key, in three tiers: merged (one byte of key and a `u32` each, in
/// directory order), fresh (sorted pairs with a directory of their own), pending (added
/// since the last settle, searched one by one: a batch of inserts ends with a settle).
struct Postings {
    /// [`PENDING_MAX`] and [`FRESH_MIN`], smaller in a test that needs every tier.
    pending_max: usize,
    fresh_min: usize,
    pending: Vec<(u64, u32)>,
    fresh: Vec<(u64, u32)>,
    /// The fresh postings whose key's top `fresh_bits` bits are `b`:
    /// `fresh[fresh_dir[b]..fresh_dir[b + 1]]` (a binary search over them all would
    /// miss the cache at every step).
    fresh_dir: Vec<u32>,
    fresh_bits: u32,
    /// Postings of directory entry `b`: `dir[b]..dir[b + 1]`; empty while none merged.
    dir: Vec<u32>,
    check: Vec<u8>,
    post: Vec<u32>,
}

impl Default for Postings {
    fn default() -> Postings {
        Postings {
            pending_max: PENDING_MAX,
            fresh_min: FRESH_MIN,
            pending: Vec::new(),
            fresh: Vec::new(),
            fresh_dir: Vec::new(),
            fresh_bits: 0,
            dir: Vec::new(),
            check: Vec::new(),
            post: Vec::new(),
        }
    }
}

/// The directory entry of a key among the merged postings, and its check byte.
fn tag(key: u64) -> (usize, u8) {
    let tag = key >> (64 - TAG_BITS);
    ((tag >> 8) as usize, tag as u8)
}

impl Postings {
    fn len(&self) -> usize {
        self.pending.len() + self.fresh.len() + self.post.len()
    }

    fn add(&mut self, key: u64, posting: u32) {
        self.pending.push((key, posting));
        if self.pending.len() >= self.pending_max {
            self.settle();
        }
    }

    /// Sorts the pending postings into the fresh ones, and merges those when they are many.
    fn settle(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let mut pending = std::mem::take(&mut self.pending);
        pending.sort_unstable();
        let fresh = std::mem::take(&mut self.fresh);
        let mut all = Vec::with_capacity(fresh.len() + pending.len());
        let (mut i, mut j) = (0, 0);
        while i < fresh.len() || j < pending.len() {
            if j == pending.len() || (i < fresh.len() && fresh[i] <= pending[j]) {
                all.push(fresh[i]);
                i += 1;
            } else {
                all.push(pending[j]);
                j += 1;
            }
        }
        self.fresh = all;
        if self.fresh.len() > self.fresh_min.max(self.post.len() / 16) {
            self.merge();
        }
        self.index_fresh();
    }

    /// Builds the directory of the fresh postings: about one posting per entry.
    fn index_fresh(&mut self) {
        let bits = self.fresh.len().max(1).ilog2();
        let mut dir = Vec::with_capacity((1 << bits) + 1);
        for (i, e) in self.fresh.iter().enumerate() {
            let b = if bits == 0 {
                0
            } else {
                (e.0 >> (64 - bits)) as usize
            };
            while dir.len() <= b {
                dir.push(i as u32);
            }
        }
        dir.resize((1 << bits) + 1, self.fresh.len() as u32);
        self.fresh_dir = dir;
        self.fresh_bits = bits;
    }

    /// Moves the fresh postings into the merged arrays: each directory entry's merged
    /// postings, then its fresh ones (the order inside an entry does not matter).
    fn merge(&mut self) {
        let fresh = std::mem::take(&mut self.fresh);
        let n = self.post.len() + fresh.len();
        let old_end = |b: usize| self.dir.get(b + 1).map_or(0, |&e| e as usize);
        let mut dir = vec![0u32; (1 << DIR_BITS) + 1];
        let mut j = 0;
        for (b, start) in dir.iter_mut().enumerate() {
            // Entry b starts after the old postings before it and the fresh ones before it.
            while fresh.get(j).is_some_and(|e| tag(e.0).0 < b) {
                j += 1;
            }
            *start = (self.dir.get(b).map_or(0, |&e| e as usize) + j) as u32;
        }
        let mut check = Vec::with_capacity(n);
        let mut post = Vec::with_capacity(n);
        let mut copied = 0;
        for &(key, p) in &fresh {
            let (b, c) = tag(key);
            // The old postings up to the end of entry b, in one copy.
            let end = old_end(b);
            if end > copied {
                check.extend_from_slice(&self.check[copied..end]);
                post.extend_from_slice(&self.post[copied..end]);
                copied = end;
            }
            check.push(c);
            post.push(p);
        }
        check.extend_from_slice(&self.check[copied..]);
        post.extend_from_slice(&self.post[copied..]);
        self.dir = dir;
        self.check = check;
        self.post = post;
    }

    /// Calls `f(i, posting)` for the postings of each `keys[i]` (and, rarely, of a key sharing its top [`TAG_BITS`])
    /// until it says stop; true if it did. The directory entries of all keys are read
    /// first, in a loop of independent loads, so their cache misses overlap instead of
    /// coming one after the other.
    fn for_each_of(&self, keys: &[u64; 126], mut f: impl FnMut(usize, u32) -> bool) -> bool {
        let mut ranges = [(0u32, 0u32); 126];
        if !self.dir.is_empty() {
            for (r, &key) in ranges.iter_mut().zip(keys) {
                let b = tag(key).0;
                *r = (self.dir[b], self.dir[b + 1]);
            }
            for (i, (&key, &(from, to))) in keys.iter().zip(&ranges).enumerate() {
                let c = tag(key).1;
                let (from, to) = (from as usize, to as usize);
                for (&k, &p) in self.check[from..to].iter().zip(&self.post[from..to]) {
                    if k == c && f(i, p) {
                        return true;
                    }
                }
            }
        }
        if !self.fresh.is_empty() {
            let bits = self.fresh_bits;
            for (r, &key) in ranges.iter_mut().zip(keys) {
                let b = if bits == 0 {
                    0
                } else {
                    (key >> (64 - bits)) as usize
                };
                *r = (self.fresh_dir[b], self.fresh_dir[b + 1]);
            }
            for (i, (&key, &(from, to))) in keys.iter().zip(&ranges).enumerate() {
                for &(k, p) in &self.fresh[from as usize..to as usize] {
                    if k == key && f(i, p) {
                        return true;
                    }
                }
            }
        }
        for &(k, p) in &self.pending {
            if let Some(i) = keys.iter().position(|&key| key == k)
                && f(i, p)
            {
                return true;
            }
        }
        false
    }

    /// Replaces each posting `p` by `remap(p)`, dropping it when `None` (in place).
    fn remap(&mut self, remap: impl Fn(u32) -> Option<u32>) {
        self.settle();
        self.fresh.retain_mut(|e| match remap(e.1) {
            Some(p) => {
                e.1 = p;
                true
            }
            None => false,
        });
        self.index_fresh();
        if self.dir.is_empty() {
            return;
        }
        let mut n = 0;
        for b in 0..1usize << DIR_BITS {
            let (from, to) = (self.dir[b] as usize, self.dir[b + 1] as usize);
            self.dir[b] = n as u32;
            for i in from..to {
                if let Some(p) = remap(self.post[i]) {
                    self.check[n] = self.check[i];
                    self.post[n] = p;
                    n += 1;
                }
            }
        }
        self.dir[1 << DIR_BITS] = n as u32;
        self.check.truncate(n);
        self.post.truncate(n);
        self.check.shrink_to_fit();
        self.post.shrink_to_fit();
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

    /// The solution as digits 0–8 by row (a puzzle with postings has a solved one).
    fn rows(&self) -> Lines {
        std::array::from_fn(|r| std::array::from_fn(|c| (self.0[r * 9 + c] & 15).saturating_sub(1)))
    }
}

/// Protected puzzles, each under a slot number, with the two indexes above.
#[derive(Default)]
pub struct LikenessIndex {
    puzzles: Vec<Packed>,
    /// Slot of a puzzle by a hash of its grids (checked against `puzzles`).
    slot_of: KeyMap<u32>,
    /// Key of a set of four rows of a puzzle's solution → `slot << QUAD_BITS | set`.
    quads: Postings,
    /// Slots past [`MAX_SLOT`], checked one by one.
    unposted: Vec<u32>,
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

    /// The slot of `p`, indexing it first if it is new (the same puzzle twice shares one).
    /// End a batch of inserts with [`LikenessIndex::settle`]: until then the new
    /// postings are searched one by one.
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
        // An unsolved solution has no keys: no solved answer can be refused for it.
        if let Some((rows, _)) = lines(&p.solution) {
            if slot > MAX_SLOT {
                self.unposted.push(slot);
            } else {
                // Every set keeps its posting, even when another set of the puzzle has
                // the same key: each is another guess at which rows an answer shows.
                for (set, key) in quad_keys(&rows).into_iter().enumerate() {
                    self.quads.add(key, slot << QUAD_BITS | set as u32);
                }
            }
        }
        slot
    }

    /// Makes the postings of the last inserts quick to find.
    pub fn settle(&mut self) {
        self.quads.settle();
    }

    /// Postings held (126 a puzzle), for measurements.
    pub fn postings(&self) -> usize {
        self.quads.len()
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
        self.quads.remap(|p| {
            remap[(p >> QUAD_BITS) as usize].map(|new| new << QUAD_BITS | p & QUAD_MASK)
        });
        self.unposted = std::mem::take(&mut self.unposted)
            .into_iter()
            .filter_map(|s| remap[s as usize])
            .collect();
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

    /// A slot for which `keep` says yes whose puzzle's solution `answer` is near
    /// ([`Protected::is_answered_by`]), found through the postings of the answer's sets
    /// of four rows and of four columns: each posting is a guess at which untouched lines
    /// show which, checked exactly as it is met.
    fn first_near(&self, near: &NearAnswer, mut keep: impl FnMut(u32) -> bool) -> Option<u32> {
        for (a, keys) in &near.sides {
            let mut found = None;
            self.quads.for_each_of(keys, |qa, posting| {
                let slot = posting >> QUAD_BITS;
                if keep(slot) {
                    let p = Sheet::new(&self.puzzles[slot as usize].rows());
                    let qp = (posting & QUAD_MASK) as usize;
                    if close_through(a, &p, qa, qp) {
                        found = Some(slot);
                    }
                }
                found.is_some()
            });
            if found.is_some() {
                return found;
            }
        }
        self.unposted.iter().copied().find(|&slot| {
            keep(slot) && near.is_near(&self.puzzles[slot as usize].unpack().solution)
        })
    }

    /// Slots of the puzzles whose solution `answer` is near, whatever their day, lowest
    /// first (for tests: `spoiled` stops at the first).
    #[cfg(test)]
    fn answer_candidates(&self, answer: &Grid) -> Vec<u32> {
        let mut seen = std::collections::BTreeSet::new();
        if let Some(near) = NearAnswer::new(answer) {
            while let Some(slot) = self.first_near(&near, |s| !seen.contains(&s)) {
                seen.insert(slot);
            }
        }
        seen.into_iter().collect()
    }

    /// The slots among those for which `keep` says yes whose puzzle `pasted` (printed as
    /// `answer`) would spoil: exactly those of all indexed puzzles for which
    /// `is_edited_copy(pasted) || is_answered_by(answer)` holds, found through the index.
    /// Stops at the first.
    pub fn spoiled(
        &self,
        pasted: &Grid,
        answer: Option<&NearAnswer>,
        mut keep: impl FnMut(u32) -> bool,
    ) -> Option<u32> {
        let mut slots = Vec::new();
        // A full grid that is its own answer is an edited copy only of puzzles with that
        // very solution, which `is_answered_by` refuses and the postings name: no need
        // to go through the bitsets (a pass over all slots).
        if answer.map(|a| &a.answer) != Some(pasted) || pasted.filled_count() < 81 {
            self.copy_candidates(pasted, &mut slots);
        }
        for &slot in &slots {
            if keep(slot) && self.puzzles[slot as usize].unpack().is_edited_copy(pasted) {
                return Some(slot);
            }
        }
        self.first_near(answer?, keep)
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

    /// The multiset of keys over all lines of both sides of a grid.
    fn all_keys(g: &Grid) -> (Vec<u64>, Vec<u64>) {
        let (rows, cols) = lines(g).expect("solved");
        let mut triples = Vec::new();
        let mut quads = Vec::new();
        for side in [&rows, &cols] {
            let shape = Shape::new(side);
            triples.extend(TRIPLES.iter().map(|&t| shape.key(t)));
            quads.extend(quad_keys(side));
        }
        triples.sort_unstable();
        quads.sort_unstable();
        (triples, quads)
    }

    #[test]
    fn the_tables_list_every_triple_and_set_of_four_once() {
        let mut seen = std::collections::HashSet::new();
        for q in QUADS {
            assert!(q.lines.windows(2).all(|w| w[0] < w[1]));
            assert!(seen.insert(q.lines));
            for (k, &t) in q.triples.iter().enumerate() {
                let mut want: Vec<usize> = q.lines.to_vec();
                want.remove(3 - k);
                assert_eq!(TRIPLES[t].to_vec(), want);
            }
        }
        assert_eq!(seen.len(), 126);
        let orders: std::collections::HashSet<[usize; 4]> = ORDERS_OF_FOUR.into_iter().collect();
        assert_eq!(orders.len(), 24);
    }

    /// Any line of a transformed grid shows some line of the original, so the keys of
    /// all triples and of all sets of four, over both sides, are the same multisets.
    #[test]
    fn keys_survive_every_transformation() {
        let mut rng = SeededRng::new(5);
        for _ in 0..50 {
            let g = solver::random_solution(&Grid::empty(), &mut rng).expect("grid");
            let h = Transform::random(&mut rng).apply(&g);
            assert_eq!(all_keys(&g), all_keys(&h));
        }
    }

    fn near(solution: &Grid, answer: &Grid) -> bool {
        NearAnswer::new(answer).is_some_and(|a| a.is_near(solution))
    }

    /// A disguise is near its puzzle, and a grid with two of its digits swapped
    /// everywhere (a relabelling) too; an unrelated grid is not.
    #[test]
    fn a_disguise_is_near_and_an_unrelated_grid_is_not() {
        let mut rng = SeededRng::new(8);
        for _ in 0..30 {
            let g = solver::random_solution(&Grid::empty(), &mut rng).expect("grid");
            let h = Transform::random(&mut rng).apply(&g);
            assert!(near(&g, &h));
            assert!(near(&h, &g));
            let other = solver::random_solution(&Grid::empty(), &mut rng).expect("grid");
            assert!(!near(&g, &other));
        }
        assert!(!near(&Grid::empty(), &Grid::empty()));
    }
}

#[cfg(test)]
mod postings {
    use super::*;
    use crate::engine::rng::SeededRng;
    use crate::engine::solver;
    use crate::engine::transform::Transform;

    /// Enough puzzles that postings are merged into the compact arrays (and some still
    /// fresh, some pending): a disguise of any of them names it, before and after
    /// dropping a third.
    #[test]
    fn merged_and_retained_postings_still_name_every_disguise() {
        let mut rng = SeededRng::new(17);
        let grids: Vec<Grid> = (0..800)
            .map(|_| solver::random_solution(&Grid::empty(), &mut rng).expect("grid"))
            .collect();
        let mut index = LikenessIndex::new();
        index.quads.pending_max = 1 << 13;
        index.quads.fresh_min = 1 << 14;
        for (k, g) in grids.iter().enumerate() {
            index.insert(&Protected {
                givens: *g,
                solution: *g,
            });
            if k == 790 {
                index.settle();
            }
        }
        assert!(!index.quads.post.is_empty(), "some postings merged");
        assert!(!index.quads.fresh.is_empty(), "some postings fresh");
        assert!(!index.quads.pending.is_empty(), "some postings pending");
        let named = |index: &LikenessIndex, k: usize, rng: &mut SeededRng| {
            let answer = Transform::random(rng).apply(&grids[k]);
            let near = NearAnswer::new(&answer);
            (
                index.answer_candidates(&answer),
                index.spoiled(&answer, near.as_ref(), |_| true),
            )
        };
        for k in (0..800).step_by(23) {
            let (out, spoiled) = named(&index, k, &mut rng);
            assert_eq!(out, vec![k as u32], "puzzle {k}");
            assert_eq!(spoiled, Some(k as u32), "puzzle {k}");
        }
        let remap = index.retain(|s| s % 3 != 0);
        assert!(index.quads.pending.is_empty());
        assert_eq!(index.postings(), index.len() * 126);
        for k in (0..800).step_by(23) {
            let (out, spoiled) = named(&index, k, &mut rng);
            match remap[k] {
                Some(new) => assert_eq!(out, vec![new], "puzzle {k}, now {new}"),
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
    use crate::engine::transform::Transform;
    use std::time::Instant;

    /// `cargo test --release --lib engine::likeness_index::measure -- --ignored --nocapture`:
    /// `LIKENESS_N` (default 20,000) random puzzles indexed, then 400 unrelated random
    /// answers and 400 disguises: time to index, postings walked, time per query.
    /// `LIKENESS_REPEAT=K` runs the unrelated queries K times more, for a profiler.
    #[test]
    #[ignore]
    fn measure() {
        let n = std::env::var("LIKENESS_N")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(20_000);
        let mut rng = SeededRng::new(99);
        let t = Instant::now();
        let grids: Vec<Grid> = (0..n + 400)
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
            index.insert(&Protected {
                givens: *g,
                solution: *g,
            });
        }
        index.settle();
        let build = t.elapsed();
        println!(
            "indexed {n} puzzles in {:.2} s ({:.1} µs each), {} postings",
            build.as_secs_f64(),
            build.as_secs_f64() * 1e6 / n as f64,
            index.postings()
        );
        let walked = |a: &Grid| {
            let (rows, cols) = lines(a).expect("solved");
            let mut w = 0;
            for side in [&rows, &cols] {
                index.quads.for_each_of(&quad_keys(side), |_, _| {
                    w += 1;
                    false
                });
            }
            w
        };
        let report = |what: &str, answers: &[Grid]| {
            let mut times = Vec::new();
            let mut walks = Vec::new();
            let (mut near, mut posts) = (0, 0);
            for a in answers {
                let t = Instant::now();
                posts += walked(a);
                walks.push(t.elapsed());
                let t = Instant::now();
                let a = NearAnswer::new(a).expect("solved");
                near += usize::from(index.first_near(&a, |_| true).is_some());
                times.push(t.elapsed());
            }
            times.sort();
            walks.sort();
            println!(
                "{what}: keys and lookups alone p50 {:.1} µs",
                walks[walks.len() / 2].as_secs_f64() * 1e6
            );
            let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e6;
            println!(
                "{what}: {} answers, {near} near; postings walked {:.1} per answer; p50 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
                answers.len(),
                posts as f64 / answers.len() as f64,
                at(0.5),
                at(0.99),
                at(1.0)
            );
        };
        report("unrelated", &grids[n..]);
        for _ in 0..std::env::var("LIKENESS_REPEAT")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
        {
            for a in &grids[n..] {
                let a = NearAnswer::new(a).expect("solved");
                std::hint::black_box(index.first_near(&a, |_| true));
            }
        }
        let disguises: Vec<Grid> = (0..400)
            .map(|k| Transform::random(&mut rng).apply(&grids[k * n / 400]))
            .collect();
        report("disguises", &disguises);
        let t = Instant::now();
        let mut x = 0u64;
        for g in &grids[n..] {
            let (rows, cols) = lines(g).expect("solved");
            x ^= quad_keys(&rows)[0] ^ quad_keys(&cols)[0];
        }
        println!(
            "keys alone (2 × 126 sets) per answer: {:.1} µs ({x})",
            t.elapsed().as_secs_f64() * 1e6 / 400.0
        );
    }
}
