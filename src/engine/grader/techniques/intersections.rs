//! Locked candidates: where a box and a line meet, a digit confined to the intersection
//! in one of them leaves the rest of the other.

use crate::engine::grader::candidates::{Candidates, HOUSES, bits_of, cell, house_of};
use crate::engine::grader::step::{Pattern, Step, Technique};
use crate::engine::grid::Cell;

pub(super) fn locked_candidates(c: &Candidates) -> Option<Step> {
    // Positions in a box: k = 3 * (row in box) + (column in box).
    const BOX_ROW: u16 = 0b000_000_111;
    const BOX_COL: u16 = 0b001_001_001;
    // Pointing: a box's candidates of a digit on one line clear the rest of that line.
    for b in 0..9usize {
        for d in 1..=9u8 {
            let pos = c.positions(18 + b, d);
            if pos.count_ones() < 2 {
                continue;
            }
            let first = HOUSES[18 + b][pos.trailing_zeros() as usize] as usize;
            let k = pos.trailing_zeros() as usize;
            for (line, along) in [
                (first / 9, BOX_ROW << (k / 3 * 3)),
                (9 + first % 9, BOX_COL << (k % 3)),
            ] {
                if pos & !along != 0 {
                    continue;
                }
                let elim: Vec<(Cell, u8)> = HOUSES[line]
                    .iter()
                    .map(|&i| i as usize)
                    .filter(|&i| i / 27 * 3 + i % 9 / 3 != b && c.has(i, d))
                    .map(|i| (cell(i), d))
                    .collect();
                if !elim.is_empty() {
                    return Some(Step::eliminating(
                        Technique::Pointing,
                        vec![d],
                        Pattern::Locked {
                            cells: bits_of(pos)
                                .map(|k| cell(HOUSES[18 + b][k] as usize))
                                .collect(),
                            within: house_of(18 + b),
                            clears: house_of(line),
                        },
                        elim,
                    ));
                }
            }
        }
    }
    // Claiming: a line's candidates of a digit inside one box clear the rest of the box.
    #[allow(clippy::needless_range_loop)] // `line` is also the house number.
    for line in 0..18usize {
        for d in 1..=9u8 {
            let pos = c.positions(line, d);
            if pos.count_ones() < 2 {
                continue;
            }
            let k = pos.trailing_zeros() as usize;
            if pos & !(0b111 << (k / 3 * 3)) != 0 {
                continue;
            }
            let first = HOUSES[line][k] as usize;
            let b = first / 27 * 3 + first % 9 / 3;
            let on_line = |i: usize| {
                if line < 9 {
                    i / 9 == line
                } else {
                    i % 9 == line - 9
                }
            };
            let elim: Vec<(Cell, u8)> = HOUSES[18 + b]
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| !on_line(i) && c.has(i, d))
                .map(|i| (cell(i), d))
                .collect();
            if !elim.is_empty() {
                return Some(Step::eliminating(
                    Technique::Claiming,
                    vec![d],
                    Pattern::Locked {
                        cells: bits_of(pos)
                            .map(|k| cell(HOUSES[line][k] as usize))
                            .collect(),
                        within: house_of(line),
                        clears: house_of(18 + b),
                    },
                    elim,
                ));
            }
        }
    }
    None
}
