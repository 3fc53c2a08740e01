//! Techniques that rest on the puzzle having one solution: unique rectangles (types 1, 2
//! and 4), the hidden rectangle, and BUG+1.

use crate::engine::grader::candidates::{Candidates, HOUSES, cell, digits_of, house_of, sees};
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

/// The rectangles over exactly two boxes whose four corners are all unsolved and all hold
/// both digits of a pair that one corner holds alone: the candidates for the deadly
/// pattern the uniqueness techniques below avoid. Corners in order around the rectangle
/// (each one shares a row or a column with the next), starting at that bivalue corner;
/// `visit` gets them with the pair's two digits, and its first answer is returned.
fn rectangles<T>(
    c: &Candidates,
    mut visit: impl FnMut([usize; 4], [u8; 2]) -> Option<T>,
) -> Option<T> {
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let around = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c2, r2 * 9 + c1];
                    let common = around.iter().fold(0x3FE, |m, &i| m & c.masks[i]);
                    if common.count_ones() < 2 {
                        continue;
                    }
                    for start in 0..4 {
                        let pair = c.masks[around[start]];
                        if pair.count_ones() != 2 || common & pair != pair {
                            continue;
                        }
                        let corners = std::array::from_fn(|k| around[(start + k) % 4]);
                        let digits = [pair.trailing_zeros() as u8, 15 - pair.leading_zeros() as u8];
                        if let Some(found) = visit(corners, digits) {
                            return Some(found);
                        }
                    }
                }
            }
        }
    }
    None
}

/// The houses two cells share, as house indices.
fn shared_houses(a: usize, b: usize) -> impl Iterator<Item = usize> {
    let (ra, ca, ba) = (a / 9, a % 9, a / 27 * 3 + a % 9 / 3);
    let (rb, cb, bb) = (b / 9, b % 9, b / 27 * 3 + b % 9 / 3);
    [
        (ra == rb).then_some(ra),
        (ca == cb).then_some(9 + ca),
        (ba == bb).then_some(18 + ba),
    ]
    .into_iter()
    .flatten()
}

fn rectangle_step(
    technique: Technique,
    corners: [usize; 4],
    pair: [u8; 2],
    floor: &[usize],
    house: Option<usize>,
    eliminations: Vec<(usize, u8)>,
) -> Option<Step> {
    if eliminations.is_empty() {
        return None;
    }
    Some(Step::eliminating(
        technique,
        pair.to_vec(),
        Pattern::Rectangles {
            corners: corners.map(cell),
            floor: floor.iter().map(|&i| cell(i)).collect(),
            house: house.map(house_of),
        },
        eliminations
            .into_iter()
            .map(|(i, d)| (cell(i), d))
            .collect(),
    ))
}

/// Unique rectangle type 2: two corners in a line (the floor) hold only the pair, the
/// other two (the roof) the pair and one same extra digit x. Were neither roof cell x,
/// the four would hold only the pair and could swap it: so one roof cell is x, and any
/// cell that sees both roof cells cannot be x.
pub(super) fn unique_rectangle_2(c: &Candidates) -> Option<Step> {
    rectangles(c, |k, pair| {
        let pair_mask = (1 << pair[0]) | (1 << pair[1]);
        // The floor: the bivalue corner and its neighbour around the rectangle.
        if c.masks[k[1]] != pair_mask {
            return None;
        }
        let roof = [k[2], k[3]];
        let extra = c.masks[roof[0]] & !pair_mask;
        if extra.count_ones() != 1 || c.masks[roof[1]] & !pair_mask != extra {
            return None;
        }
        let x = extra.trailing_zeros() as u8;
        let elims: Vec<(usize, u8)> = (0..81)
            .filter(|&i| !roof.contains(&i) && sees(i, roof[0]) && sees(i, roof[1]))
            .filter(|&i| c.has(i, x))
            .map(|i| (i, x))
            .collect();
        rectangle_step(Technique::UniqueRectangle2, k, pair, &k[..2], None, elims)
    })
}

/// Unique rectangle type 4: the floor holds only the pair, and in a house the roof cells
/// share, one digit of the pair has no other place: one roof cell is that digit. Were
/// either roof cell the other digit, the four would hold only the pair, which could
/// swap: so neither roof cell is the other digit.
pub(super) fn unique_rectangle_4(c: &Candidates) -> Option<Step> {
    rectangles(c, |k, pair| {
        let pair_mask = (1 << pair[0]) | (1 << pair[1]);
        if c.masks[k[1]] != pair_mask {
            return None;
        }
        let roof = [k[2], k[3]];
        for h in shared_houses(roof[0], roof[1]) {
            for (held, other) in [(pair[0], pair[1]), (pair[1], pair[0])] {
                let only_roof = HOUSES[h]
                    .iter()
                    .all(|&i| roof.contains(&(i as usize)) || !c.has(i as usize, held));
                if only_roof {
                    let elims = roof.iter().map(|&i| (i, other)).collect();
                    return rectangle_step(
                        Technique::UniqueRectangle4,
                        k,
                        [held, other],
                        &k[..2],
                        Some(h),
                        elims,
                    );
                }
            }
        }
        None
    })
}

/// Hidden rectangle: the corner opposite the bivalue one (call it Z) has one digit of the
/// pair, a, only in the rectangle along both its lines. Were Z the other digit b, a would
/// go in both of Z's neighbours, the bivalue corner (seeing both) would be b, and the
/// four would hold the pair in a pattern that could swap: so Z is not b.
pub(super) fn hidden_rectangle(c: &Candidates) -> Option<Step> {
    rectangles(c, |k, pair| {
        let z = k[2];
        let lines: Vec<usize> = [k[1], k[3]]
            .iter()
            .map(|&n| if n / 9 == z / 9 { z / 9 } else { 9 + z % 9 })
            .collect();
        for (a, b) in [(pair[0], pair[1]), (pair[1], pair[0])] {
            let conjugate = lines.iter().all(|&h| c.positions(h, a).count_ones() == 2);
            if conjugate {
                return rectangle_step(
                    Technique::HiddenRectangle,
                    k,
                    [a, b],
                    &k[..1],
                    None,
                    vec![(z, b)],
                );
            }
        }
        None
    })
}
