//! The technique finders, one family per file, and the table that orders them from
//! easiest to hardest. Each finder returns the first step it sees on a position, or
//! `None`; the grader and the hints both take the first finder that answers.

mod chains;
mod fish;
mod forcing;
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

/// Every technique with its tier, in the order HoDoKu tries them (its documented solver
/// order): agreeing with HoDoKu's grades needs the same path, as the score sums the steps
/// taken. The tiers mostly rise along the list; where a harder technique comes first
/// (Finned Swordfish before Simple Colouring), grading within a tier still runs it, since
/// the full list would take its step first.
const FINDERS: [(Tier, Finder); 30] = [
    (Tier::Easy, singles::full_house),
    (Tier::Easy, singles::naked_single),
    (Tier::Easy, singles::hidden_single),
    (Tier::Medium, |c| subsets::locked_subset(c, 2)),
    (Tier::Medium, |c| subsets::locked_subset(c, 3)),
    (Tier::Medium, intersections::locked_candidates),
    (Tier::Medium, |c| subsets::naked_subset(c, 2)),
    (Tier::Medium, |c| subsets::naked_subset(c, 3)),
    (Tier::Medium, |c| subsets::hidden_subset(c, 2)),
    (Tier::Medium, |c| subsets::hidden_subset(c, 3)),
    (Tier::Hard, |c| subsets::naked_subset(c, 4)),
    (Tier::Hard, |c| subsets::hidden_subset(c, 4)),
    (Tier::Hard, |c| fish::fish(c, 2)),
    (Tier::Hard, |c| fish::fish(c, 3)),
    (Tier::Hard, |c| fish::fish(c, 4)),
    (Tier::Hard, uniqueness::bug_plus_one),
    (Tier::Hard, single_digit::two_link_single_digit),
    (Tier::Hard, single_digit::empty_rectangle),
    (Tier::Hard, wings::w_wing),
    (Tier::Hard, wings::xy_wing),
    (Tier::Hard, wings::xyz_wing),
    (Tier::Hard, uniqueness::unique_rectangle),
    (Tier::Hard, uniqueness::unique_rectangle_2),
    (Tier::Hard, uniqueness::unique_rectangle_4),
    (Tier::Hard, uniqueness::hidden_rectangle),
    (Tier::Hard, |c| fish::finned_fish(c, 2)),
    (Tier::Expert, |c| fish::finned_fish(c, 3)),
    (Tier::Hard, single_digit::simple_colouring),
    (Tier::Expert, chains::chains),
    (Tier::Extreme, forcing::forcing_chain),
];

/// The step the full list would take, looking no further than the last finder of `max` or
/// below (whatever later finders find is above `max`); `None` when none of those applies.
/// The list is in HoDoKu's order, not by tier, so the step found may still be above `max`
/// (Finned Swordfish, Expert, comes before Simple Colouring, Hard): the caller checks the
/// step's tier.
pub(super) fn next_step_within(c: &Candidates, max: Tier) -> Option<Step> {
    let last_within = FINDERS.iter().rposition(|(tier, _)| *tier <= max)?;
    FINDERS[..=last_within].iter().find_map(|(_, find)| find(c))
}

/// The first `Some` that `visit` gives for the `n`-element subsets of `items`, in order
/// (lexicographic in the positions of `items`), with the union of their `masks`
/// (`masks[k]` belongs to `items[k]`). A subset whose union does not `fit` is skipped with
/// all its extensions: each caller's `fits` accepts every subset of a union it accepts
/// (a union only grows), and its `visit` refuses every union `fits` refuses, so the first
/// `Some` is the same as visiting every subset, found sooner.
fn first_subset<T>(
    items: &[usize],
    masks: &[u16],
    n: usize,
    fits: impl Fn(u16) -> bool,
    mut visit: impl FnMut(&[usize], u16) -> Option<T>,
) -> Option<T> {
    struct Search<'a, P, F> {
        items: &'a [usize],
        masks: &'a [u16],
        n: usize,
        fits: P,
        acc: [usize; 4],
        visit: F,
    }
    fn go<T, P: Fn(u16) -> bool, F: FnMut(&[usize], u16) -> Option<T>>(
        s: &mut Search<'_, P, F>,
        len: usize,
        start: usize,
        union: u16,
    ) -> Option<T> {
        if len == s.n {
            return (s.visit)(&s.acc[..len], union);
        }
        // Too few items left to fill the subset: nothing to visit below.
        let end = s.items.len().min(s.masks.len());
        for k in start..end {
            if end - k < s.n - len {
                break;
            }
            let u = union | s.masks[k];
            if !(s.fits)(u) {
                continue;
            }
            s.acc[len] = s.items[k];
            let found = go(s, len + 1, k + 1, u);
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if n > 4 {
        return None;
    }
    let mut s = Search {
        items,
        masks,
        n,
        fits,
        acc: [0; 4],
        visit: &mut visit,
    };
    go(&mut s, 0, 0, 0)
}
