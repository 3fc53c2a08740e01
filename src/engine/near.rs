//! Whether an answer is near a protected solution: within [`CLOSE`] cells of it under
//! some validity-preserving transformation, decided exactly. `/sudoku solve` uses it to
//! refuse the asker's own game in progress (and a co-op board of their server) in any
//! disguise. The refusal rule is exactly [`Protected::is_answered_by`]'s.
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
//!   there and at `Shape::key`). `P` gives the keys of all 126 sets of four of its rows
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
//! [`Protected::is_answered_by`]: super::likeness::Protected::is_answered_by
//! [`CLOSE`]: super::likeness::CLOSE

use super::likeness::{CLOSE, best_lines};
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
/// answer is checked against several puzzles (a player's games, the co-op
/// boards of the server) for the cost of its keys once.
pub struct NearAnswer {
    sides: [(Sheet, [u64; 126]); 2],
}

impl NearAnswer {
    /// `None` unless `answer` is a solved grid (only a solution can be near one).
    pub fn new(answer: &Grid) -> Option<NearAnswer> {
        let (rows, cols) = lines(answer)?;
        Some(NearAnswer {
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
