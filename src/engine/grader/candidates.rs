//! The candidate model every technique reads: which digits each empty cell may still
//! hold, with the per-house position masks kept in step, and the board geometry (houses,
//! peers) as tables built at compile time.

use super::step::Step;
use crate::engine::grid::{Cell, Grid, House, indices_see};

/// The 27 houses as cell indices: rows 0–8, columns 9–17, boxes 18–26.
pub(super) const HOUSES: [[u8; 9]; 27] = {
    let mut h = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            h[i][j] = (i * 9 + j) as u8;
            h[9 + i][j] = (j * 9 + i) as u8;
            h[18 + i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    h
};

pub(super) fn house_of(index: usize) -> House {
    match index {
        0..=8 => House::Row(index as u8),
        9..=17 => House::Col((index - 9) as u8),
        _ => House::Box((index - 18) as u8),
    }
}

/// Two distinct cells (by index) that share a house.
pub(super) const fn sees(a: usize, b: usize) -> bool {
    a != b && indices_see(a, b)
}

pub(super) fn cell(i: usize) -> Cell {
    // Indices here come from 0..81 loops and tables.
    Cell::from_index(i).unwrap_or_else(|| unreachable!("cell index {i}"))
}

/// For each cell, its three houses and its place (0–8) in each.
const HOUSE_REFS: [[(u8, u8); 3]; 81] = {
    let mut t = [[(0u8, 0u8); 3]; 81];
    let mut h = 0;
    while h < 27 {
        let mut k = 0;
        while k < 9 {
            let i = HOUSES[h][k] as usize;
            t[i][h / 9] = (h as u8, k as u8);
            k += 1;
        }
        h += 1;
    }
    t
};

/// The 20 peers of each cell.
const PEERS: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut j = 0;
        while j < 81 {
            if sees(i, j) {
                t[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// The peer cells of each cell, as an 81-bit set (bit `j` for cell `j`).
pub(super) static PEER_CELLS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        let mut j = 0;
        while j < 81 {
            if sees(i, j) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// The cells of an 81-bit set, lowest first.
pub(super) struct CellBits(pub(super) u128);

impl Iterator for CellBits {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// A board with the candidates of each empty cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    pub(super) values: [u8; 81],
    /// Bit `d` set: digit `d` is still possible. 0 for filled cells.
    pub(super) masks: [u16; 81],
    /// `pos[h][d]`: the cells of house `h` where `d` is possible, as a 9-bit mask. Kept in
    /// step with `masks` on every change: the techniques ask for it all the time.
    pub(super) pos: [[u16; 10]; 27],
}

impl Candidates {
    /// Candidates from the digits on `grid`; `None` when the digits clash.
    pub fn new(grid: &Grid) -> Option<Candidates> {
        if grid.conflict().is_some() {
            return None;
        }
        let mut c = Candidates::from_masks([0; 81], [0x3FE; 81]);
        for (i, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                c.place(i, v);
            }
        }
        Some(c)
    }

    /// A board from raw values and candidate masks.
    pub(super) fn from_masks(values: [u8; 81], masks: [u16; 81]) -> Candidates {
        let mut c = Candidates {
            values,
            masks,
            pos: [[0; 10]; 27],
        };
        c.sync();
        c
    }

    /// Recomputes the house positions from the masks.
    pub(super) fn sync(&mut self) {
        self.pos = [[0; 10]; 27];
        for (&m, refs) in self.masks.iter().zip(HOUSE_REFS.iter()) {
            for d in Digits(m & 0x3FE) {
                for &(h, k) in refs {
                    self.pos[h as usize][d as usize] |= 1 << k;
                }
            }
        }
    }

    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.values).unwrap_or_default()
    }

    pub fn mask(&self, c: Cell) -> u16 {
        self.masks[c.index()]
    }

    /// Removes candidate `d` (1–9) from cell `i`.
    pub(super) fn remove(&mut self, i: usize, d: u8) {
        if self.masks[i] & (1 << d) != 0 {
            self.masks[i] &= !(1 << d);
            for &(h, k) in &HOUSE_REFS[i] {
                self.pos[h as usize][d as usize] &= !(1 << k);
            }
        }
    }

    pub(super) fn place(&mut self, i: usize, d: u8) {
        if !(1..=9).contains(&d) {
            return;
        }
        for e in Digits(self.masks[i] & 0x3FE) {
            self.remove(i, e);
        }
        self.values[i] = d;
        self.masks[i] = 0;
        for &j in &PEERS[i] {
            self.remove(j as usize, d);
        }
    }

    pub(super) fn has(&self, i: usize, d: u8) -> bool {
        self.masks[i] & (1 << d) != 0
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Applies a step's conclusions.
    pub fn apply(&mut self, step: &Step) {
        for &(c, d) in &step.eliminations {
            if (1..=9).contains(&d) {
                self.remove(c.index(), d);
            }
        }
        for &(c, d) in &step.placements {
            if self.values[c.index()] == 0 {
                self.place(c.index(), d);
            }
        }
    }

    /// The cells where digit `d` is possible, as an 81-bit set.
    pub(super) fn digit_cells(&self, d: u8) -> u128 {
        (0..9).fold(0, |cells, r| {
            cells | u128::from(self.positions(r, d)) << (9 * r)
        })
    }

    /// Cells of house `h` where digit `d` is possible, as a 9-bit position mask.
    pub(super) fn positions(&self, h: usize, d: u8) -> u16 {
        self.pos[h][d as usize]
    }
}

pub(super) fn digits_of(mask: u16) -> Vec<u8> {
    (1..=9u8).filter(|d| mask & (1 << d) != 0).collect()
}

/// The set bits of a 9-bit position mask, lowest first.
pub(super) fn bits_of(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |k| mask & (1 << k) != 0)
}

/// The digits of a candidate mask, without allocating.
pub(super) struct Digits(pub(super) u16);

impl Iterator for Digits {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

/// The pairs of cells where digit `d` has exactly two places in a house (conjugate
/// pairs), with the house, at most 27.
pub(super) fn conjugates(c: &Candidates, d: u8, out: &mut Vec<(usize, usize, usize)>) {
    out.clear();
    for (h, house) in HOUSES.iter().enumerate() {
        let pos = c.positions(h, d);
        if pos.count_ones() == 2 {
            let a = house[pos.trailing_zeros() as usize] as usize;
            let b = house[15 - pos.leading_zeros() as usize] as usize;
            out.push((a, b, h));
        }
    }
}
