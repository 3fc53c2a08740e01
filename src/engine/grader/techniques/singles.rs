//! Singles: a house with one empty cell left (full house), a digit with one place left in
//! a house (hidden single), a cell with one candidate left (naked single).

use crate::engine::grader::candidates::{Candidates, HOUSES, cell, house_of};
use crate::engine::grader::step::{Pattern, Step, Technique};

pub(super) fn full_house(c: &Candidates) -> Option<Step> {
    for (h, house) in HOUSES.iter().enumerate() {
        let mut empty = house
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| c.values[i] == 0);
        if let (Some(i), None) = (empty.next(), empty.next())
            && c.masks[i].count_ones() == 1
        {
            let d = c.masks[i].trailing_zeros() as u8;
            return Some(Step::placing(
                Technique::FullHouse,
                Pattern::Single {
                    cell: cell(i),
                    house: house_of(h),
                },
                (cell(i), d),
            ));
        }
    }
    None
}

pub(super) fn hidden_single(c: &Candidates) -> Option<Step> {
    // Boxes first: that is how players scan.
    for h in (18..27).chain(0..18) {
        for d in 1..=9u8 {
            let pos = c.positions(h, d);
            if pos.count_ones() == 1 {
                let i = HOUSES[h][pos.trailing_zeros() as usize] as usize;
                return Some(Step::placing(
                    Technique::HiddenSingle,
                    Pattern::Single {
                        cell: cell(i),
                        house: house_of(h),
                    },
                    (cell(i), d),
                ));
            }
        }
    }
    None
}

pub(super) fn naked_single(c: &Candidates) -> Option<Step> {
    (0..81)
        .find(|&i| c.values[i] == 0 && c.masks[i].count_ones() == 1)
        .map(|i| {
            let d = c.masks[i].trailing_zeros() as u8;
            Step::placing(
                Technique::NakedSingle,
                Pattern::NakedSingle { cell: cell(i) },
                (cell(i), d),
            )
        })
}
