//! Fish: a digit confined in n base lines to n cover lines (X-Wing, Swordfish,
//! Jellyfish), and the finned X-Wing and Swordfish whose extra cells sit in one box.

use super::first_subset;
use crate::engine::grader::candidates::{Candidates, HOUSES, bits_of, cell, house_of};
use crate::engine::grader::step::{Pattern, Step, Technique};
use crate::engine::grid::{Cell, House};

pub(super) fn fish(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][n - 2];
    for d in 1..=9u8 {
        // Rows as base (columns as cover), then the reverse.
        for (base0, cover0) in [(0usize, 9usize), (9, 0)] {
            let (mut bases, mut masks, mut len) = ([0usize; 9], [0u16; 9], 0);
            for h in base0..base0 + 9 {
                let pos = c.positions(h, d);
                if (2..=n as u32).contains(&pos.count_ones()) {
                    (bases[len], masks[len]) = (h, pos);
                    len += 1;
                }
            }
            let found = first_subset(
                &bases[..len],
                &masks[..len],
                n,
                |u: u16| u.count_ones() as usize <= n,
                |set, covers| {
                    if covers.count_ones() as usize != n {
                        return None;
                    }
                    // Nothing to clear (the usual case): a cover line holds the digit only in
                    // the base lines. Known from the cover lines' positions, which are
                    // indexed by base line.
                    let in_bases = set.iter().fold(0u16, |m, &h| m | 1 << (h - base0));
                    if !bits_of(covers).any(|k| c.positions(cover0 + k, d) & !in_bases != 0) {
                        return None;
                    }
                    let mut elim = Vec::new();
                    for k in (0..9).filter(|k| covers & (1 << k) != 0) {
                        for &i in &HOUSES[cover0 + k] {
                            let i = i as usize;
                            let base_of_i = if base0 == 0 { i / 9 } else { 9 + i % 9 };
                            if !set.contains(&base_of_i) && c.has(i, d) {
                                elim.push((cell(i), d));
                            }
                        }
                    }
                    if elim.is_empty() {
                        return None;
                    }
                    let cells = set
                        .iter()
                        .flat_map(|&h| {
                            HOUSES[h]
                                .iter()
                                .map(|&i| i as usize)
                                .filter(|&i| c.has(i, d))
                                .collect::<Vec<_>>()
                        })
                        .map(cell)
                        .collect();
                    Some(Step::eliminating(
                        technique,
                        vec![d],
                        Pattern::Fish {
                            bases: set.iter().map(|&h| house_of(h)).collect(),
                            covers: bits_of(covers).map(|k| house_of(cover0 + k)).collect(),
                            cells,
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

/// Finned X-Wing (n = 2) and Swordfish (n = 3), sashimi included: n base lines hold the
/// digit only in n cover lines, except for fins, extra cells all in one box. Either no fin
/// is the digit, and the basic fish clears the cover lines, or one is, and clears its box;
/// so the cells of the cover lines inside the fins' box (outside the base lines) lose it.
pub(super) fn finned_fish(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [Technique::FinnedXWing, Technique::FinnedSwordfish][n - 2];
    for d in 1..=9u8 {
        for base0 in [0usize, 9] {
            let cover0 = 9 - base0;
            // The cell where base line `b` (0..9) meets cover line `k` (0..9).
            let at = |b: usize, k: usize| if base0 == 0 { b * 9 + k } else { k * 9 + b };
            let (mut bases, mut masks, mut len) = ([0usize; 9], [0u16; 9], 0);
            for b in 0..9 {
                let pos = c.positions(base0 + b, d);
                if (1..=n as u32 + 3).contains(&pos.count_ones()) {
                    (bases[len], masks[len]) = (b, pos);
                    len += 1;
                }
            }
            let found = first_subset(
                &bases[..len],
                &masks[..len],
                n,
                // Some chute must leave fewer than n cover lines outside it: the fin box's
                // cover lines (`extra` below) are the rest of the n, and with none the fin
                // box has nothing to lose. A larger union never fits again.
                |u: u16| {
                    (0..3).any(|chute| ((u & !(0b111 << (chute * 3))).count_ones() as usize) < n)
                },
                |set, union| {
                    // No fins is a basic fish; fins all in one box lie on at most three
                    // cover lines of one chute.
                    if union.count_ones() as usize <= n || union.count_ones() as usize > n + 3 {
                        return None;
                    }
                    for chute in 0..3 {
                        let chute_mask = 0b111u16 << (chute * 3);
                        let outside = union & !chute_mask;
                        let inside = union & chute_mask;
                        let need = n as i32 - outside.count_ones() as i32;
                        if need < 0 {
                            continue;
                        }
                        for extra in 0..8u16 {
                            let extra = extra << (chute * 3);
                            if extra & !inside != 0 || extra.count_ones() as i32 != need {
                                continue;
                            }
                            let covers = outside | extra;
                            let fin_lines = inside & !extra;
                            if fin_lines == 0
                                || set.iter().any(|&b| c.positions(base0 + b, d) & covers == 0)
                            {
                                continue;
                            }
                            // The checks below on bit masks first, without allocating: most
                            // candidate fish fail them. The fins lie in the chute, so they
                            // are in one box when their base lines are in one band (floor);
                            // the cover lines crossing that box are `extra`, so the box
                            // loses something when a line of the band outside the set holds
                            // the digit on `extra`.
                            let mut fin_band = None;
                            let mut one_box = true;
                            for &b in set {
                                if c.positions(base0 + b, d) & fin_lines != 0 {
                                    one_box &= *fin_band.get_or_insert(b / 3) == b / 3;
                                }
                            }
                            let Some(band) = fin_band.filter(|_| one_box) else {
                                continue;
                            };
                            if !(band * 3..band * 3 + 3).any(|b| {
                                !set.contains(&b) && c.positions(base0 + b, d) & extra != 0
                            }) {
                                continue;
                            }
                            let fins: Vec<usize> = set
                                .iter()
                                .flat_map(|&b| {
                                    (0..9)
                                        .filter(move |&k| fin_lines & (1 << k) != 0)
                                        .map(move |k| at(b, k))
                                })
                                .filter(|&i| c.has(i, d))
                                .collect();
                            let Some(&fin0) = fins.first() else {
                                continue;
                            };
                            let fin_box = fin0 / 27 * 3 + fin0 % 9 / 3;
                            if fins.iter().any(|&i| i / 27 * 3 + i % 9 / 3 != fin_box) {
                                continue;
                            }
                            let elim: Vec<(Cell, u8)> = HOUSES[18 + fin_box]
                                .iter()
                                .map(|&i| i as usize)
                                .filter(|&i| {
                                    let (b, k) = if base0 == 0 {
                                        (i / 9, i % 9)
                                    } else {
                                        (i % 9, i / 9)
                                    };
                                    covers & (1 << k) != 0 && !set.contains(&b) && c.has(i, d)
                                })
                                .map(|i| (cell(i), d))
                                .collect();
                            if elim.is_empty() {
                                continue;
                            }
                            let cells = set
                                .iter()
                                .flat_map(|&b| bits_of(covers).map(move |k| at(b, k)))
                                .filter(|&i| c.has(i, d))
                                .map(cell)
                                .collect();
                            return Some(Step::eliminating(
                                technique,
                                vec![d],
                                Pattern::FinnedFish {
                                    bases: set.iter().map(|&b| house_of(base0 + b)).collect(),
                                    covers: bits_of(covers).map(|k| house_of(cover0 + k)).collect(),
                                    cells,
                                    fins: fins.iter().map(|&i| cell(i)).collect(),
                                    fin_box: House::Box(fin_box as u8),
                                },
                                elim,
                            ));
                        }
                    }
                    None
                },
            );
            if found.is_some() {
                return found;
            }
        }
    }
    None
}
