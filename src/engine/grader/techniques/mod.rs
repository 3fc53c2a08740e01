//! The technique finders, one family per file, and the table that orders them from
//! easiest to hardest. Each finder returns the first step it sees on a position, or
//! `None`; the grader and the hints both take the first finder that answers.

mod chains;
mod fish;
mod intersections;
mod single_digit;
mod singles;
mod subsets;
#[cfg(test)]
mod tests;
mod uniqueness;
mod wings;

use super::candidates::Candidates;
use super::step::Step;
use crate::engine::tier::Tier;

/// The next step a strong human would take, easiest technique first.
pub fn next_step(c: &Candidates) -> Option<Step> {
    next_step_within(c, Tier::Extreme)
}

type Finder = fn(&Candidates) -> Option<Step>;

/// Every technique with its tier, easiest first. The tiers never go down along the list,
/// so stopping at the first technique above a tier gives the very steps the full list
/// would, as long as they stay within that tier.
const FINDERS: [(Tier, Finder); 25] = [
    (Tier::Easy, singles::full_house),
    (Tier::Easy, singles::hidden_single),
    (Tier::Easy, singles::naked_single),
    (Tier::Medium, intersections::locked_candidates),
    (Tier::Medium, |c| subsets::naked_subset(c, 2)),
    (Tier::Medium, |c| subsets::hidden_subset(c, 2)),
    (Tier::Medium, |c| subsets::naked_subset(c, 3)),
    (Tier::Medium, |c| subsets::hidden_subset(c, 3)),
    (Tier::Hard, |c| fish::fish(c, 2)),
    (Tier::Hard, wings::xy_wing),
    (Tier::Hard, wings::xyz_wing),
    (Tier::Hard, single_digit::two_link_single_digit),
    (Tier::Hard, single_digit::empty_rectangle),
    (Tier::Hard, wings::w_wing),
    (Tier::Hard, uniqueness::unique_rectangle),
    (Tier::Hard, uniqueness::bug_plus_one),
    (Tier::Hard, single_digit::simple_colouring),
    (Tier::Hard, |c| fish::fish(c, 3)),
    (Tier::Hard, |c| subsets::naked_subset(c, 4)),
    (Tier::Hard, |c| subsets::hidden_subset(c, 4)),
    (Tier::Hard, |c| fish::fish(c, 4)),
    (Tier::Expert, |c| fish::finned_fish(c, 2)),
    (Tier::Expert, |c| fish::finned_fish(c, 3)),
    (Tier::Expert, chains::chains),
    (Tier::Expert, |_| None),
];

/// The next step using only techniques of `max` or below.
pub(super) fn next_step_within(c: &Candidates, max: Tier) -> Option<Step> {
    FINDERS
        .iter()
        .take_while(|(tier, _)| *tier <= max)
        .find_map(|(_, find)| find(c))
}

/// The first `Some` that `visit` gives for the `n`-element subsets of `items`, in order.
fn first_subset<T>(
    items: &[usize],
    n: usize,
    mut visit: impl FnMut(&[usize]) -> Option<T>,
) -> Option<T> {
    fn go<T>(
        items: &[usize],
        n: usize,
        start: usize,
        acc: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> Option<T>,
    ) -> Option<T> {
        if acc.len() == n {
            return visit(acc);
        }
        for k in start..items.len() {
            acc.push(items[k]);
            let found = go(items, n, k + 1, acc, visit);
            if found.is_some() {
                return found;
            }
            acc.pop();
        }
        None
    }
    go(items, n, 0, &mut Vec::with_capacity(n), &mut visit)
}
