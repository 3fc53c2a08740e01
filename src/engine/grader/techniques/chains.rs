//! Chain techniques: X-Chains, XY-Chains and general AICs, and the naming of what a found
//! chain is (the two-link single-digit patterns are chains too).

use crate::engine::grader::candidates::{Candidates, cell};
use crate::engine::grader::chains::{
    ChainKind, DigitLinks, Found, Graph, best_chain, best_x_chain, for_each_bit, node_cell,
    node_digit,
};
use crate::engine::grader::step::{Pattern, Step, Technique};

/// Which kind of house makes the strong link between `a` and `b` (same digit): the row,
/// the column, or the box.
fn strong_house(c: &Candidates, a: usize, b: usize, d: u8) -> usize {
    let (row, col, bx) = (a / 9, 9 + a % 9, 18 + a / 27 * 3 + a % 9 / 3);
    if a / 9 == b / 9 && c.positions(row, d).count_ones() == 2 {
        row
    } else if a % 9 == b % 9 && c.positions(col, d).count_ones() == 2 {
        col
    } else {
        bx
    }
}

/// Turns a found chain into a step, naming the pattern it forms.
pub(super) fn chain_step(c: &Candidates, f: Found, short_single_digit: bool) -> Step {
    let nodes = &f.nodes;
    let cell_of = |k: usize| node_cell(nodes[k]);
    let mut digits: Vec<u8> = nodes.iter().map(|&n| node_digit(n)).collect();
    digits.sort_unstable();
    digits.dedup();
    let technique = if digits.len() == 1 {
        if short_single_digit && nodes.len() == 4 {
            let d = digits[0];
            let h1 = strong_house(c, cell_of(0), cell_of(1), d);
            let h2 = strong_house(c, cell_of(2), cell_of(3), d);
            let (b, cc) = (cell_of(1), cell_of(2));
            match (h1 / 9, h2 / 9) {
                (0, 0) if b % 9 == cc % 9 => Technique::Skyscraper,
                (1, 1) if b / 9 == cc / 9 => Technique::Skyscraper,
                (0, 1) | (1, 0) => Technique::TwoStringKite,
                _ => Technique::TurbotFish,
            }
        } else {
            Technique::XChain
        }
    } else if nodes.chunks(2).all(|pair| {
        pair.len() == 2 && pair[0] / 9 == pair[1] / 9 && c.masks[pair[0] / 9].count_ones() == 2
    }) {
        Technique::XYChain
    } else {
        Technique::Aic
    };
    let candidate = |n: usize| (cell(node_cell(n)), node_digit(n));
    let mut eliminations = Vec::new();
    for_each_bit(&f.eliminations, |n| eliminations.push(candidate(n)));
    Step {
        technique,
        digits,
        pattern: Pattern::Chain {
            links: nodes.iter().map(|&n| candidate(n)).collect(),
        },
        placements: if f.placement {
            vec![candidate(nodes[0])]
        } else {
            Vec::new()
        },
        eliminations,
    }
}

/// X-Chains (one digit) up to `max_strong` strong links: the one over all digits that
/// proves the most, the shortest among equals.
fn x_chain(c: &Candidates, max_strong: usize) -> Option<Step> {
    let worth = |f: &Found| (f.proved, usize::MAX - f.nodes.len());
    (1..=9u8)
        .filter_map(|d| best_x_chain(&DigitLinks::new(c, d), max_strong))
        .max_by_key(worth)
        .map(|f| chain_step(c, f, false))
}

/// The longest chains searched: longer ones are rare in puzzles that chains solve, and a
/// search that finds nothing costs time in proportion to the length.
const MAX_STRONG: usize = 8;

/// HoDoKu's order: X-Chain first (one digit is easier to follow), then XY-Chain (bivalue
/// cells only), then any AIC; each the chain that proves the most.
pub(super) fn chains(c: &Candidates) -> Option<Step> {
    if let Some(s) = x_chain(c, MAX_STRONG) {
        return Some(s);
    }
    let g = Graph::new(c);
    best_chain(&g, ChainKind::Bivalue, MAX_STRONG)
        .or_else(|| best_chain(&g, ChainKind::Any, MAX_STRONG))
        .map(|f| chain_step(c, f, false))
}
