//! Naked and hidden subsets: n cells of a house holding only n digits between them, or n
//! digits of a house fitting only in n cells.

use super::subsets;
use crate::engine::grader::candidates::{Candidates, HOUSES, cell, digits_of, house_of};
use crate::engine::grader::step::{Pattern, Step, Technique};
use crate::engine::grid::Cell;

pub(super) fn naked_subset(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
    ][n - 2];
    for (h, house) in HOUSES.iter().enumerate() {
        let empty: Vec<usize> = house
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| c.values[i] == 0 && (c.masks[i].count_ones() as usize) <= n)
            .collect();
        let mut found = None;
        subsets(&empty, n, |set| {
            let union = set.iter().fold(0u16, |m, &i| m | c.masks[i]);
            if union.count_ones() as usize != n {
                return false;
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
                return false;
            }
            found = Some(Step {
                technique,
                digits: digits_of(union),
                pattern: Pattern::Subset {
                    house: house_of(h),
                    cells: set.iter().map(|&i| cell(i)).collect(),
                },
                placements: Vec::new(),
                eliminations: elim,
            });
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

pub(super) fn hidden_subset(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ][n - 2];
    for (h, house) in HOUSES.iter().enumerate() {
        let digits: Vec<usize> = (1..=9)
            .filter(|&d| {
                let k = c.positions(h, d as u8).count_ones() as usize;
                (2..=n).contains(&k)
            })
            .collect();
        let mut found = None;
        subsets(&digits, n, |set| {
            let pos = set.iter().fold(0u16, |m, &d| m | c.positions(h, d as u8));
            if pos.count_ones() as usize != n {
                return false;
            }
            let keep = set.iter().fold(0u16, |m, &d| m | 1 << d);
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
                return false;
            }
            found = Some(Step {
                technique,
                digits: set.iter().map(|&d| d as u8).collect(),
                pattern: Pattern::Subset {
                    house: house_of(h),
                    cells: cells.iter().map(|&i| cell(i)).collect(),
                },
                placements: Vec::new(),
                eliminations: elim,
            });
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}
