//! Naked and hidden subsets: n cells of a house holding only n digits between them, or n
//! digits of a house fitting only in n cells.

use super::first_subset;
use crate::engine::grader::candidates::{Candidates, HOUSES, cell, digits_of, house_of};
use crate::engine::grader::step::{Pattern, Step, Technique};
use crate::engine::grid::Cell;

pub(super) fn naked_subset(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
    ][n - 2];
    HOUSES.iter().enumerate().find_map(|(h, house)| {
        let (mut empty, mut masks, mut len) = ([0usize; 9], [0u16; 9], 0);
        for &i in house {
            let i = i as usize;
            if c.values[i] == 0 && (c.masks[i].count_ones() as usize) <= n {
                (empty[len], masks[len]) = (i, c.masks[i]);
                len += 1;
            }
        }
        first_subset(
            &empty[..len],
            &masks[..len],
            n,
            |u: u16| u.count_ones() as usize <= n,
            |set, union| {
                if union.count_ones() as usize != n {
                    return None;
                }
                // Nothing to clear (the usual case): known without building the list.
                if !house.iter().any(|&i| {
                    let i = i as usize;
                    !set.contains(&i) && c.values[i] == 0 && c.masks[i] & union != 0
                }) {
                    return None;
                }
                let elim: Vec<(Cell, u8)> = house
                    .iter()
                    .map(|&i| i as usize)
                    .filter(|i| !set.contains(i) && c.values[*i] == 0)
                    .flat_map(|i| {
                        digits_of(c.masks[i] & union)
                            .into_iter()
                            .map(move |d| (cell(i), d))
                    })
                    .collect();
                if elim.is_empty() {
                    return None;
                }
                Some(Step::eliminating(
                    technique,
                    digits_of(union),
                    Pattern::Subset {
                        house: house_of(h),
                        cells: set.iter().map(|&i| cell(i)).collect(),
                    },
                    elim,
                ))
            },
        )
    })
}

pub(super) fn hidden_subset(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ][n - 2];
    HOUSES.iter().enumerate().find_map(|(h, house)| {
        let (mut digits, mut masks, mut len) = ([0usize; 9], [0u16; 9], 0);
        for d in 1..=9 {
            let pos = c.positions(h, d as u8);
            if (2..=n).contains(&(pos.count_ones() as usize)) {
                (digits[len], masks[len]) = (d, pos);
                len += 1;
            }
        }
        first_subset(
            &digits[..len],
            &masks[..len],
            n,
            |u: u16| u.count_ones() as usize <= n,
            |set, pos| {
                if pos.count_ones() as usize != n {
                    return None;
                }
                let keep = set.iter().fold(0u16, |m, &d| m | 1 << d);
                // Nothing to clear (the usual case): known without building the lists.
                if !(0..9).any(|k| pos & (1 << k) != 0 && c.masks[house[k] as usize] & !keep != 0) {
                    return None;
                }
                let cells: Vec<usize> = (0..9)
                    .filter(|k| pos & (1 << k) != 0)
                    .map(|k| house[k] as usize)
                    .collect();
                let elim: Vec<(Cell, u8)> = cells
                    .iter()
                    .flat_map(|&i| {
                        digits_of(c.masks[i] & !keep)
                            .into_iter()
                            .map(move |d| (cell(i), d))
                    })
                    .collect();
                if elim.is_empty() {
                    return None;
                }
                Some(Step::eliminating(
                    technique,
                    set.iter().map(|&d| d as u8).collect(),
                    Pattern::Subset {
                        house: house_of(h),
                        cells: cells.iter().map(|&i| cell(i)).collect(),
                    },
                    elim,
                ))
            },
        )
    })
}

/// Locked pair and triple: n cells where a line crosses a box holding only n digits
/// between them. They are a naked subset of the line and of the box at once, so the
/// digits leave the rest of both: one step where two naked subsets would take two.
pub(super) fn locked_subset(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [Technique::LockedPair, Technique::LockedTriple][n - 2];
    for (b, in_box) in HOUSES.iter().enumerate().skip(18) {
        let (band, stack) = ((b - 18) / 3, (b - 18) % 3);
        // Each line through the box, with the three cells where it crosses the box.
        let rows = (0..3).map(|k| {
            let row = band * 3 + k;
            (row, [0, 1, 2].map(|j| row * 9 + stack * 3 + j))
        });
        let cols = (0..3).map(|k| {
            let col = stack * 3 + k;
            (9 + col, [0, 1, 2].map(|j| (band * 3 + j) * 9 + col))
        });
        for (line, cells) in rows.chain(cols) {
            let (mut crossing, mut masks, mut len) = ([0usize; 3], [0u16; 3], 0);
            for i in cells {
                if c.values[i] == 0 && (c.masks[i].count_ones() as usize) <= n {
                    (crossing[len], masks[len]) = (i, c.masks[i]);
                    len += 1;
                }
            }
            if len < n {
                continue;
            }
            let found = first_subset(
                &crossing[..len],
                &masks[..len],
                n,
                |u: u16| u.count_ones() as usize <= n,
                |set, union| {
                    if union.count_ones() as usize != n {
                        return None;
                    }
                    // The rule below on the houses directly, without building the list:
                    // a cell of the house outside the set holding one of the digits.
                    let clears_house = |house: &[u8; 9]| {
                        house.iter().any(|&i| {
                            let i = i as usize;
                            !set.contains(&i) && c.masks[i] & union != 0
                        })
                    };
                    if !clears_house(&HOUSES[line]) || !clears_house(in_box) {
                        return None;
                    }
                    let mut elim: Vec<(Cell, u8)> = Vec::new();
                    for i in HOUSES[line]
                        .iter()
                        .chain(in_box.iter())
                        .map(|&i| i as usize)
                    {
                        if set.contains(&i) || elim.iter().any(|&(e, _)| e == cell(i)) {
                            continue;
                        }
                        elim.extend(
                            digits_of(c.masks[i] & union)
                                .into_iter()
                                .map(|d| (cell(i), d)),
                        );
                    }
                    // Locked only when it clears something from the line and from the box;
                    // one house alone is an ordinary naked subset's work (HoDoKu's rule).
                    let clears = |house: &[u8; 9]| {
                        elim.iter()
                            .any(|&(e, _)| house.contains(&(e.index() as u8)))
                    };
                    if !clears(&HOUSES[line]) || !clears(in_box) {
                        return None;
                    }
                    Some(Step::eliminating(
                        technique,
                        digits_of(union),
                        Pattern::LockedSubset {
                            line: house_of(line),
                            in_box: house_of(b),
                            cells: set.iter().map(|&i| cell(i)).collect(),
                        },
                        elim,
                    ))
                },
            );
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
