//! Wings: short patterns of bivalue (or one trivalue) cells whose ends share a digit, so
//! a cell seeing every end cannot hold it (XY-Wing, XYZ-Wing, W-Wing).

use crate::engine::grader::candidates::{
    Candidates, CellBits, Digits, PEER_CELLS, cell, conjugates, digits_of, house_of, sees,
};
use crate::engine::grader::step::{Pattern, Step, Technique};
use crate::engine::grid::Cell;

pub(super) fn xy_wing(c: &Candidates) -> Option<Step> {
    // Cell sets instead of lists: the same cells in the same (ascending) order.
    let bivalue = (0..81)
        .filter(|&i| c.masks[i].count_ones() == 2)
        .fold(0u128, |m, i| m | 1 << i);
    for p in CellBits(bivalue) {
        let near = PEER_CELLS[p] & bivalue;
        for a in CellBits(near) {
            for b in CellBits(near & !((2u128 << a) - 1)) {
                let (mp, ma, mb) = (c.masks[p], c.masks[a], c.masks[b]);
                let z = ma & mb;
                // Each pincer shares one digit with the pivot, the two share z (not in it).
                if z.count_ones() != 1 || z & mp != 0 || (ma | mb) & mp != mp || ma == mb {
                    continue;
                }
                let d = z.trailing_zeros() as u8;
                // The cells seeing both pincers (neither pincer sees itself).
                let elim: Vec<(Cell, u8)> =
                    CellBits(PEER_CELLS[a] & PEER_CELLS[b] & c.digit_cells(d))
                        .map(|i| (cell(i), d))
                        .collect();
                if !elim.is_empty() {
                    return Some(Step::eliminating(
                        Technique::XYWing,
                        digits_of(mp | z),
                        Pattern::Wing {
                            pivot: cell(p),
                            wings: [cell(a), cell(b)],
                        },
                        elim,
                    ));
                }
            }
        }
    }
    None
}

pub(super) fn xyz_wing(c: &Candidates) -> Option<Step> {
    for p in (0..81).filter(|&i| c.masks[i].count_ones() == 3) {
        let mp = c.masks[p];
        let pincers = CellBits(PEER_CELLS[p])
            .filter(|&i| c.masks[i].count_ones() == 2 && c.masks[i] & !mp == 0)
            .fold(0u128, |m, i| m | 1 << i);
        for a in CellBits(pincers) {
            for b in CellBits(pincers & !((2u128 << a) - 1)) {
                let z = c.masks[a] & c.masks[b];
                if z.count_ones() != 1 || c.masks[a] | c.masks[b] != mp {
                    continue;
                }
                let d = z.trailing_zeros() as u8;
                let elim: Vec<(Cell, u8)> =
                    CellBits(PEER_CELLS[p] & PEER_CELLS[a] & PEER_CELLS[b] & c.digit_cells(d))
                        .map(|i| (cell(i), d))
                        .collect();
                if !elim.is_empty() {
                    return Some(Step::eliminating(
                        Technique::XYZWing,
                        digits_of(mp),
                        Pattern::Wing {
                            pivot: cell(p),
                            wings: [cell(a), cell(b)],
                        },
                        elim,
                    ));
                }
            }
        }
    }
    None
}

/// W-Wing: two cells holding only {x, y} that do not see each other, and a house where x
/// has just two places, one seeing each cell. One of the two cells must be y (if the first
/// is not, it is x, so its end of the link is not, so the other end is, so the second cell
/// is not x: it is y), so y goes from every cell that sees both.
pub(super) fn w_wing(c: &Candidates) -> Option<Step> {
    let mut conj: [Vec<(usize, usize, usize)>; 10] = Default::default();
    for d in 1..=9u8 {
        conjugates(c, d, &mut conj[d as usize]);
    }
    for (a, &m) in c.masks.iter().enumerate() {
        if m.count_ones() != 2 {
            continue;
        }
        for (b, &mb) in c.masks.iter().enumerate().skip(a + 1) {
            if mb != m || sees(a, b) {
                continue;
            }
            for x in Digits(m) {
                let y = (m & !(1 << x)).trailing_zeros() as u8;
                // What the wing would clear depends on the two cells and y alone: when
                // nothing, no link on x can make it a step.
                if PEER_CELLS[a] & PEER_CELLS[b] & c.digit_cells(y) == 0 {
                    continue;
                }
                for &(p0, q0, h) in &conj[x as usize] {
                    for (p, q) in [(p0, q0), (q0, p0)] {
                        if [a, b].contains(&p) || [a, b].contains(&q) || !sees(p, a) || !sees(q, b)
                        {
                            continue;
                        }
                        let elim: Vec<(Cell, u8)> = (0..81)
                            .filter(|&i| {
                                i != a && i != b && c.has(i, y) && sees(i, a) && sees(i, b)
                            })
                            .map(|i| (cell(i), y))
                            .collect();
                        if elim.is_empty() {
                            continue;
                        }
                        return Some(Step::eliminating(
                            Technique::WWing,
                            vec![x, y],
                            Pattern::WWing {
                                ends: [cell(a), cell(b)],
                                link: [cell(p), cell(q)],
                                house: house_of(h),
                                chain: vec![
                                    (cell(a), y),
                                    (cell(a), x),
                                    (cell(p), x),
                                    (cell(q), x),
                                    (cell(b), x),
                                    (cell(b), y),
                                ],
                            },
                            elim,
                        ));
                    }
                }
            }
        }
    }
    None
}
