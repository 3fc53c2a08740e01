//! Techniques that rest on the puzzle having one solution: unique rectangle type 1 and
//! BUG+1.

use crate::engine::grader::candidates::{Candidates, cell, digits_of, house_of};
use crate::engine::grader::step::{Pattern, Step, Technique};

/// Unique rectangle type 1. Sound because every puzzle graded here has one solution: if
/// the fourth corner held only the two digits too, they could be swapped around the
/// rectangle (two boxes, so every house stays valid) giving a second solution.
pub(super) fn unique_rectangle(c: &Candidates) -> Option<Step> {
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    // Exactly two boxes: the rows share a band or the columns a stack.
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let masks = corners.map(|i| c.masks[i]);
                    if masks.contains(&0) {
                        continue;
                    }
                    for odd in 0..4 {
                        let pair = masks[(odd + 1) % 4];
                        if pair.count_ones() != 2
                            || (0..4).any(|k| k != odd && masks[k] != pair)
                            || masks[odd] & pair != pair
                            || masks[odd] == pair
                        {
                            continue;
                        }
                        return Some(Step::eliminating(
                            Technique::UniqueRectangle,
                            digits_of(pair),
                            Pattern::Rectangle {
                                // The other three in their order around the rectangle.
                                corners: std::array::from_fn(|k| {
                                    cell(corners[if k < odd { k } else { k + 1 }])
                                }),
                                odd: cell(corners[odd]),
                            },
                            digits_of(pair)
                                .into_iter()
                                .map(|d| (cell(corners[odd]), d))
                                .collect(),
                        ));
                    }
                }
            }
        }
    }
    None
}

/// BUG+1: every unsolved cell has two candidates but one, which has three. Were that cell
/// not the digit appearing three times in its houses, each digit would appear exactly
/// twice in every house: a pattern with two solutions (or none), never one.
pub(super) fn bug_plus_one(c: &Candidates) -> Option<Step> {
    let mut odd = None;
    for i in (0..81).filter(|&i| c.masks[i] != 0) {
        match c.masks[i].count_ones() {
            2 => {}
            3 if odd.is_none() => odd = Some(i),
            _ => return None,
        }
    }
    let i = odd?;
    let row = i / 9;
    for d in digits_of(c.masks[i]) {
        let in_row = c.positions(row, d).count_ones();
        if in_row == 3 {
            return Some(Step::placing(
                Technique::Bug,
                Pattern::Bug {
                    cell: cell(i),
                    row: house_of(row),
                },
                (cell(i), d),
            ));
        }
    }
    None
}
