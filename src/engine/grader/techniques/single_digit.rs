//! Single-digit patterns: two strong links of one digit (Skyscraper, 2-String Kite, Turbot
//! Fish), the Empty Rectangle, and simple colouring of a digit's conjugate pairs.

use super::chains::chain_step;
use crate::engine::grader::candidates::{
    Candidates, HOUSES, bits_of, cell, conjugates, house_of, sees,
};
use crate::engine::grader::chains::{DigitLinks, best_x_chain};
use crate::engine::grader::step::{Pattern, Step, Technique};
use crate::engine::grid::{Cell, House};

/// Skyscraper, 2-String Kite and Turbot Fish: single-digit chains of two strong links.
pub(super) fn two_link_single_digit(c: &Candidates) -> Option<Step> {
    for d in 1..=9u8 {
        if let Some(f) = best_x_chain(&DigitLinks::new(c, d), 2) {
            return Some(chain_step(c, f, true));
        }
    }
    None
}

/// Empty Rectangle: in a box, digit d lies only in one row and one column (the cross
/// around an empty rectangle of cells), and somewhere outside the box a line holds d in
/// just two cells P and Q, P in line with the cross's row (or column). Then the cell T
/// where Q's row (column) meets the cross's column (row) cannot be d: if it were, Q could
/// not be (same line as T), so P would be, and the box's d would have no place left, its
/// row taken by P and its column by T.
pub(super) fn empty_rectangle(c: &Candidates) -> Option<Step> {
    let mut conj = Vec::with_capacity(27);
    for d in 1..=9u8 {
        conjugates(c, d, &mut conj);
        if conj.is_empty() {
            continue;
        }
        for b in 0..9usize {
            let (band, stack) = (b / 3, b % 3);
            // The digit's places in the box, k = 3 * (row in box) + (column in box).
            let in_box = c.positions(18 + b, d);
            if in_box.count_ones() < 2 {
                continue;
            }
            for r in band * 3..band * 3 + 3 {
                for col in stack * 3..stack * 3 + 3 {
                    let on_row = 0b111u16 << (3 * (r - band * 3));
                    let on_col = 0b001_001_001u16 << (col - stack * 3);
                    // Both arms of the cross hold the digit, and nothing off the cross.
                    if in_box & on_row & !on_col == 0
                        || in_box & on_col & !on_row == 0
                        || in_box & !(on_row | on_col) != 0
                    {
                        continue;
                    }
                    for &(p0, q0, h) in &conj {
                        for (p, q) in [(p0, q0), (q0, p0)] {
                            // A pair in a column meeting the cross's row, or in a row
                            // meeting its column; Q outside the box's band (stack).
                            let target = if (9..18).contains(&h)
                                && p / 9 == r
                                && p % 9 / 3 != stack
                                && q / 27 != band
                            {
                                q / 9 * 9 + col
                            } else if h < 9 && p % 9 == col && p / 27 != band && q % 9 / 3 != stack
                            {
                                r * 9 + q % 9
                            } else {
                                continue;
                            };
                            if !c.has(target, d) {
                                continue;
                            }
                            return Some(Step::eliminating(
                                Technique::EmptyRectangle,
                                vec![d],
                                Pattern::EmptyRectangle {
                                    in_box: House::Box(b as u8),
                                    row: House::Row(r as u8),
                                    col: House::Col(col as u8),
                                    cross: bits_of(in_box)
                                        .map(|k| cell(HOUSES[18 + b][k] as usize))
                                        .collect(),
                                    line: house_of(h),
                                    link: [cell(p), cell(q)],
                                },
                                vec![(cell(target), d)],
                            ));
                        }
                    }
                }
            }
        }
    }
    None
}

/// Simple colouring: the cells of one digit joined by conjugate pairs form clusters whose
/// cells alternate between two colours, and one colour is the digit everywhere. A cell
/// that sees both colours is not the digit (trap); a colour with two cells in one house
/// cannot be the true one, so the digit leaves all its cells (wrap).
pub(super) fn simple_colouring(c: &Candidates) -> Option<Step> {
    let mut conj = Vec::with_capacity(27);
    for d in 1..=9u8 {
        conjugates(c, d, &mut conj);
        if conj.len() < 2 {
            continue;
        }
        // colour[i]: 0 uncoloured, else cluster * 2 + (1 or 2); parent for the path.
        let mut colour = [0usize; 81];
        let mut parent = [usize::MAX; 81];
        let mut clusters = 0;
        for &(root, _, _) in &conj {
            if colour[root] != 0 {
                continue;
            }
            clusters += 1;
            let base = clusters * 4;
            colour[root] = base + 1;
            let mut queue = vec![root];
            let mut members = Vec::new();
            while let Some(i) = queue.pop() {
                members.push(i);
                for &(a, b, _) in &conj {
                    let other = if a == i {
                        b
                    } else if b == i {
                        a
                    } else {
                        continue;
                    };
                    if colour[other] == 0 {
                        colour[other] = base + 3 - (colour[i] - base);
                        parent[other] = i;
                        queue.push(other);
                    }
                }
            }
            if members.len() < 3 {
                continue;
            }
            let path = |mut x: usize, mut y: usize| -> Vec<Cell> {
                // Up from both ends to their common ancestor in the colouring tree.
                let depth = |mut n: usize| {
                    let mut k = 0;
                    while parent[n] != usize::MAX && k < 81 {
                        n = parent[n];
                        k += 1;
                    }
                    k
                };
                let (mut dx, mut dy) = (depth(x), depth(y));
                let (mut left, mut right) = (vec![x], vec![y]);
                while dx > dy {
                    x = parent[x];
                    left.push(x);
                    dx -= 1;
                }
                while dy > dx {
                    y = parent[y];
                    right.push(y);
                    dy -= 1;
                }
                while x != y && parent[x] != usize::MAX && parent[y] != usize::MAX {
                    x = parent[x];
                    y = parent[y];
                    left.push(x);
                    right.push(y);
                }
                right.pop();
                left.extend(right.into_iter().rev());
                left.into_iter().map(cell).collect()
            };
            let step = |eliminations, path| {
                Step::eliminating(
                    Technique::SimpleColouring,
                    vec![d],
                    Pattern::Colouring {
                        cluster: members.iter().map(|&i| cell(i)).collect(),
                        path,
                    },
                    eliminations,
                )
            };
            // Wrap: two cells of one colour in one house.
            for (k, &x) in members.iter().enumerate() {
                for &y in &members[k + 1..] {
                    if colour[x] == colour[y] && sees(x, y) {
                        let false_colour = colour[x];
                        let eliminations = members
                            .iter()
                            .filter(|&&i| colour[i] == false_colour)
                            .map(|&i| (cell(i), d))
                            .collect();
                        return Some(step(eliminations, path(x, y)));
                    }
                }
            }
            // Trap: an uncoloured cell seeing both colours.
            // Cells of other clusters count as uncoloured here.
            let outside = |u: usize| colour[u] / 4 != clusters;
            for t in (0..81).filter(|&t| c.has(t, d) && outside(t)) {
                let one = members
                    .iter()
                    .find(|&&i| colour[i] == base + 1 && sees(i, t));
                let two = members
                    .iter()
                    .find(|&&i| colour[i] == base + 2 && sees(i, t));
                if let (Some(&x), Some(&y)) = (one, two) {
                    let eliminations = (0..81)
                        .filter(|&u| {
                            c.has(u, d)
                                && outside(u)
                                && members.iter().any(|&i| colour[i] == base + 1 && sees(i, u))
                                && members.iter().any(|&i| colour[i] == base + 2 && sees(i, u))
                        })
                        .map(|u| (cell(u), d))
                        .collect();
                    return Some(step(eliminations, path(x, y)));
                }
            }
        }
    }
    None
}
