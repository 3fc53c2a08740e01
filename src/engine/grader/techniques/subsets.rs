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
        let empty: Vec<usize> = house
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| c.values[i] == 0 && (c.masks[i].count_ones() as usize) <= n)
            .collect();
        first_subset(&empty, n, |set| {
            let union = set.iter().fold(0u16, |m, &i| m | c.masks[i]);
            if union.count_ones() as usize != n {
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
        })
    })
}

pub(super) fn hidden_subset(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ][n - 2];
    HOUSES.iter().enumerate().find_map(|(h, house)| {
        let digits: Vec<usize> = (1..=9)
            .filter(|&d| {
                let k = c.positions(h, d as u8).count_ones() as usize;
                (2..=n).contains(&k)
            })
            .collect();
        first_subset(&digits, n, |set| {
            let pos = set.iter().fold(0u16, |m, &d| m | c.positions(h, d as u8));
            if pos.count_ones() as usize != n {
                return None;
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
        })
    })
}
