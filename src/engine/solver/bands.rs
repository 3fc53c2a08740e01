//! A band's bit tricks: the masks, tables and shifts the band logic of
//! [`super::State::propagate`] is built from (see the module above for the layout: bit
//! `9 * r + c` of a band is its row `r`, column `c`).

use super::super::lanes::Lanes;

/// The 27 bits of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;
/// The three rows of a band.
pub(super) const ROW_MASKS: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
/// The first box of a band; shift by 3 or 6 for the others.
pub(super) const BOX0: u32 = 0b111 | 0b111 << 9 | 0b111 << 18;
/// The first cell of each row of a band.
pub(super) const ROW_LOW: u32 = 1 | 1 << 9 | 1 << 18;

/// For the nine bits of one row of a band: which of its three boxes hold a candidate.
/// `u16` keeps the table at 1 KiB.
pub(super) const ROW_BOXES: [u16; 512] = {
    let mut t = [0u16; 512];
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

/// The rule behind locked candidates, on a 3×3 grid of bits (bit `3 * line + block`). A
/// digit takes one place in each line and each block, so the three lines pick distinct
/// blocks: one of six permutations. Indexed by which bits are open, the open bits that lie
/// on some permutation made only of open bits; zero when none fits (a contradiction).
/// Inside a band the lines are rows, the blocks boxes and the bits minirows (`KEEP`);
/// inside a stack the lines are bands, the blocks columns and the bits minicolumns
/// (`State::column_locks`).
pub(super) const ON_A_PERMUTATION: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut open = 0;
    while open < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = crate::engine::ORDERS_OF_THREE[p];
            let used = 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
            if open as u16 & used == used {
                t[open] |= used;
            }
            p += 1;
        }
        open += 1;
    }
    t
};

/// For a digit in a band, indexed by which minirows are open (bit `3 * row + box`): the
/// cells that survive, which are the three cells of each minirow `ON_A_PERMUTATION` keeps.
/// A minirow on no permutation of open minirows cannot hold the digit (this is locked
/// candidates, pointing and claiming, inside the band). Zero is a contradiction. A nonzero
/// result keeps at least one minirow in every row, which `lone_in_row` and `crowded_rows`
/// rely on. Digits 0 to 7 compute it with shifts instead (`keep_lanes`); the tests check
/// that against this table.
pub(super) const KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut open = 0;
    while open < 512 {
        let keep = ON_A_PERMUTATION[open];
        let mut i = 0;
        while i < 9 {
            if keep >> i & 1 != 0 {
                t[open] |= 0b111 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        open += 1;
    }
    t
};

/// For a set of minirows (bit `3 * row + box`), the cells of every row and every box of
/// the band that holds one of them.
pub(super) const HOUSES_OF: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        let mut i = 0;
        while i < 9 {
            if x >> i & 1 != 0 {
                t[x] |= ROW_MASKS[i / 3] | BOX0 << (3 * (i % 3));
            }
            i += 1;
        }
        x += 1;
    }
    t
};

/// Which minirows of a band `m` touches: bit `3 * row + box`.
#[inline(always)]
pub(super) fn minirows(m: u32) -> u32 {
    ROW_BOXES[(m & 0x1FF) as usize] as u32
        | (ROW_BOXES[(m >> 9 & 0x1FF) as usize] as u32) << 3
        | (ROW_BOXES[(m >> 18 & 0x1FF) as usize] as u32) << 6
}

/// Squeezes a band's three rows onto nine bits: which columns hold a candidate.
#[inline(always)]
pub(super) fn fold_columns(m: u32) -> u32 {
    (m | m >> 9 | m >> 18) & 0x1FF
}

/// Repeats nine column bits onto the three rows of a band.
#[inline(always)]
pub(super) fn spread_columns(c: u32) -> u32 {
    c | c << 9 | c << 18
}

/// The full row masks of the rows in which `m` has two or more cells. Every row of `m`
/// must be non-empty (true after `KEEP`, and zero gives zero): then subtracting one from
/// each row at once borrows only inside that row, and `x & (x - 1)` clears each row's
/// lowest bit.
#[inline(always)]
pub(super) fn crowded_rows(m: u32) -> u32 {
    let t = m & m.wrapping_sub(ROW_LOW);
    // Branch-free: whether a row is crowded is close to random.
    (ROW_MASKS[0] & ((t & ROW_MASKS[0] != 0) as u32).wrapping_neg())
        | (ROW_MASKS[1] & ((t & ROW_MASKS[1] != 0) as u32).wrapping_neg())
        | (ROW_MASKS[2] & ((t & ROW_MASKS[2] != 0) as u32).wrapping_neg())
}

/// The full row masks of the rows in which `x` has a cell.
#[inline(always)]
pub(super) fn spread_rows(x: u32) -> u32 {
    (ROW_MASKS[0] & ((x & ROW_MASKS[0] != 0) as u32).wrapping_neg())
        | (ROW_MASKS[1] & ((x & ROW_MASKS[1] != 0) as u32).wrapping_neg())
        | (ROW_MASKS[2] & ((x & ROW_MASKS[2] != 0) as u32).wrapping_neg())
}

/// Whether a row of `x` holds two cells or more.
#[inline(always)]
pub(super) fn two_in_a_row(x: u32) -> bool {
    let t = |r: u32| x & r & (x & r).wrapping_sub(1);
    t(ROW_MASKS[0]) | t(ROW_MASKS[1]) | t(ROW_MASKS[2]) != 0
}

/// Per lane, the full row masks of the rows in which `x` has a cell, and the cells of `x`
/// that share their row with a lower one (nonzero when a row holds two).
#[inline(always)]
pub(super) fn rows_of<L: Lanes>(x: L) -> (L, L) {
    let row = |r: u32| {
        let t = x.and(L::splat(r));
        // `t & (t - 1)`: zero when the row has at most one cell (`t - 1` clears its
        // lowest bit and sets only bits below it; for an empty row `t` is zero).
        let twice = t.and(t.sub(L::splat(1)));
        (L::splat(r).and_not(t.eq_zero()), twice)
    };
    let (a, x0) = row(ROW_MASKS[0]);
    let (b, x1) = row(ROW_MASKS[1]);
    let (c, x2) = row(ROW_MASKS[2]);
    (a.or(b).or(c), x0.or(x1).or(x2))
}

/// For each cell of a band (bit `9 * row + column`), its peers inside the band: the rest
/// of its row and of its box. (In the other two bands its peers are its column.)
pub(super) const PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = (ROW_MASKS[i / 9] | BOX0 << (3 * (i % 9 / 3))) & !(1 << i);
        i += 1;
    }
    t
};

/// For each cell of a band, its column (in all three rows).
pub(super) const COLUMN: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = ROW_LOW << (i % 9);
        i += 1;
    }
    t
};

/// For each band, the other two.
pub(super) const OTHER_BANDS: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];

/// The first cell of every minirow of a band (bit `9 * row + 3 * box`).
pub(super) const MINIROW_LOW: u32 = 0x1249249;
/// The first cells of the minirows of boxes 0, 1 and 2 (`MINIROW_LOW` split by box).
pub(super) const BOX_LOW: [u32; 3] = [ROW_LOW, ROW_LOW << 3, ROW_LOW << 6];

/// Locked candidates inside a band for the digits in lanes, the `KEEP` table's rule
/// computed with shifts: minirow `(row, box)` stays when it is open and the other two
/// rows can take the other two boxes (`(r+1, k+1)` and `(r+2, k+2)` both open, or
/// `(r+1, k+2)` and `(r+2, k+1)`, rows and boxes counted mod 3). Returns `m` without the
/// cells of the minirows that go.
#[inline(always)]
pub(super) fn keep_lanes<L: Lanes>(m: L) -> L {
    // One bit per open minirow, on its first cell.
    let x = m
        .or(m.shr::<1>())
        .or(m.shr::<2>())
        .and(L::splat(MINIROW_LOW));
    // Row r + 1 and row r + 2 moved onto row r (with bits past the band, which the box
    // masks below clear).
    let r1 = x.shr::<9>().or(x.shl::<18>());
    let r2 = x.shr::<18>().or(x.shl::<9>());
    // Box k + 1 moved onto box k (within each row; twice for box k + 2).
    let (b01, b2) = (L::splat(BOX_LOW[0] | BOX_LOW[1]), L::splat(BOX_LOW[2]));
    let k1 = |y: L| y.shr::<3>().and(b01).or(y.shl::<6>().and(b2));
    // `k1(r1) & k2(r2) | k2(r1) & k1(r2)`, with `k2 = k1 ∘ k1` factored out (`k1` only
    // moves bits, so it distributes over `&` and `|`).
    let keep = x.and(k1(r1.and(k1(r2)).or(k1(r1).and(r2))));
    m.and(keep.or(keep.shl::<1>()).or(keep.shl::<2>()))
}

/// The cells of `m` alone in their row, per lane. Every row of a nonzero lane must be
/// non-empty (true after `keep_lanes`): then subtracting one from each row at once borrows
/// only inside that row, and `x & (x - 1)` clears each row's lowest bit, leaving the rows
/// with two or more cells. A zero lane gives zero.
#[inline(always)]
pub(super) fn lone_in_row<L: Lanes>(m: L) -> L {
    let t = m.and(m.sub(L::splat(ROW_LOW)));
    let lone = |r: u32| t.and(L::splat(r)).eq_zero().and(L::splat(r));
    m.and(
        lone(ROW_MASKS[0])
            .or(lone(ROW_MASKS[1]))
            .or(lone(ROW_MASKS[2])),
    )
}
