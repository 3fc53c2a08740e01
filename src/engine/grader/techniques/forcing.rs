//! Forcing chains, the last resort before trial and error: suppose a candidate is true,
//! follow what the singles then force, and when that runs into a contradiction (a cell
//! with no candidate left, or a house with no place left for a digit), the candidate is
//! false. HoDoKu finishes almost every puzzle below its brute-force level with such
//! chains and nets; without them our grader stopped at "trial and error" on half of
//! top1465.
//!
//! Only singles are followed, not the other techniques: each link of the chain is then a
//! step a player can check by looking at one house or one cell.

use crate::engine::grader::candidates::{Candidates, HOUSES, cell, house_of};
use crate::engine::grader::step::{Contradiction, Pattern, Step, Technique};

/// Placements followed from one assumption at most: a contradiction further away is too
/// long to follow by hand (and searching on costs time on every stuck position).
const MAX_FORCED: usize = 24;

/// What following `d` in cell `i` on `c` leads to: the placements the singles force, in
/// order, and the contradiction they reach, if any.
fn follow(c: &Candidates, i: usize, d: u8) -> (Vec<(usize, u8)>, Option<Contradiction>) {
    let mut board = c.clone();
    board.place(i, d);
    let mut forced = Vec::new();
    loop {
        if let Some(broken) = contradiction(&board) {
            return (forced, Some(broken));
        }
        if forced.len() >= MAX_FORCED {
            return (forced, None);
        }
        let naked = (0..81).find(|&j| board.values[j] == 0 && board.masks[j].count_ones() == 1);
        let next = naked
            .map(|j| (j, board.masks[j].trailing_zeros() as u8))
            .or_else(|| hidden_single(&board));
        let Some((j, e)) = next else {
            return (forced, None);
        };
        board.place(j, e);
        forced.push((j, e));
    }
}

/// A digit with one place left in a house, as (cell, digit).
fn hidden_single(board: &Candidates) -> Option<(usize, u8)> {
    (0..27).find_map(|h| {
        (1..=9u8).find_map(|d| {
            let pos = board.positions(h, d);
            (pos.count_ones() == 1).then(|| (HOUSES[h][pos.trailing_zeros() as usize] as usize, d))
        })
    })
}

/// The first contradiction on `board`: an empty cell with no candidate, or a house
/// missing a digit that has no place left in it.
fn contradiction(board: &Candidates) -> Option<Contradiction> {
    if let Some(j) = (0..81).find(|&j| board.values[j] == 0 && board.masks[j] == 0) {
        return Some(Contradiction::NoCandidate(cell(j)));
    }
    for (h, house) in HOUSES.iter().enumerate() {
        let placed = house
            .iter()
            .fold(0u16, |m, &j| m | 1 << board.values[j as usize]);
        for d in 1..=9u8 {
            if placed & (1 << d) == 0 && board.positions(h, d) == 0 {
                return Some(Contradiction::NoPlace(house_of(h), d));
            }
        }
    }
    None
}

/// A forcing chain that proves a candidate false: the first found, trying cells with
/// fewer candidates first (a contradiction in a two-candidate cell places the other
/// digit at once). Each assumption is followed for at most [`MAX_FORCED`] placements,
/// so every chain found is short enough to follow; searching on for the shortest would
/// cost many times the search on each of the hardest positions.
pub(super) fn forcing_chain(c: &Candidates) -> Option<Step> {
    let mut cells: Vec<usize> = (0..81).filter(|&i| c.values[i] == 0).collect();
    cells.sort_by_key(|&i| c.masks[i].count_ones());
    let best = cells.into_iter().find_map(|i| {
        (1..=9u8).filter(|&d| c.has(i, d)).find_map(|d| {
            let (forced, broken) = follow(c, i, d);
            broken.map(|broken| (i, d, forced, broken))
        })
    });
    let (i, d, forced, contradiction) = best?;
    Some(Step::eliminating(
        Technique::ForcingChain,
        vec![d],
        Pattern::Forcing {
            start: cell(i),
            forced: forced.into_iter().map(|(j, e)| (cell(j), e)).collect(),
            contradiction,
        },
        vec![(cell(i), d)],
    ))
}
