//! Scoring and tier policy: how much each technique counts, the score limits of each
//! tier, and the grading loop that applies the techniques and sums them up.

use super::candidates::Candidates;
use super::step::{Step, Technique};
use super::techniques::next_step_within;
use crate::engine::grid::Grid;
use crate::engine::tier::Tier;

impl Technique {
    /// The tier a puzzle needing this technique is in (HoDoKu-calibrated).
    pub fn tier(self) -> Tier {
        use Technique::*;
        match self {
            FullHouse | HiddenSingle | NakedSingle => Tier::Easy,
            LockedPair | LockedTriple | Pointing | Claiming | NakedPair | HiddenPair
            | NakedTriple | HiddenTriple => Tier::Medium,
            NakedQuad | HiddenQuad | XWing | Swordfish | Jellyfish | XYWing | XYZWing
            | Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle | WWing
            | UniqueRectangle | UniqueRectangle2 | UniqueRectangle4 | HiddenRectangle | Bug
            | SimpleColouring | FinnedXWing => Tier::Hard,
            FinnedSwordfish | XChain | XYChain | Aic => Tier::Expert,
            ForcingChain => Tier::Extreme,
        }
    }

    /// Score per use: harder steps weigh more.
    pub fn weight(self) -> u32 {
        use Technique::*;
        match self {
            // A naked single costs what a full house does, and both less than a hidden
            // single: HoDoKu's weights, which its level limits below are calibrated for.
            FullHouse | NakedSingle => 4,
            HiddenSingle => 14,
            LockedPair => 40,
            LockedTriple => 60,
            Pointing | Claiming => 50,
            NakedPair => 60,
            HiddenPair => 70,
            NakedTriple => 80,
            HiddenTriple => 100,
            XWing => 140,
            NakedQuad => 120,
            HiddenQuad => 150,
            Swordfish => 150,
            Jellyfish => 160,
            XYWing => 160,
            XYZWing => 180,
            Skyscraper => 130,
            TwoStringKite => 150,
            TurbotFish => 120,
            EmptyRectangle => 120,
            WWing => 150,
            UniqueRectangle | UniqueRectangle2 | UniqueRectangle4 | HiddenRectangle => 100,
            Bug => 100,
            SimpleColouring => 150,
            FinnedXWing => 130,
            FinnedSwordfish => 200,
            XChain => 260,
            XYChain => 260,
            Aic => 280,
            // HoDoKu's forcing chain weight.
            ForcingChain => 500,
        }
    }
}

/// The highest score of each tier but Extreme. A puzzle that scores more is in the next
/// tier up whatever its hardest technique: one chain is an Expert puzzle, seven of them
/// (with the steps between) are beyond it. These are HoDoKu's level maxima; the step
/// weights above are on HoDoKu's scale, so they carry over.
pub const TIER_MAX_SCORE: [u32; 4] = [800, 1000, 1600, 1800];

/// The tier a score alone puts a puzzle in.
pub fn score_tier(score: u32) -> Tier {
    TIER_MAX_SCORE
        .iter()
        .position(|&max| score <= max)
        .map_or(Tier::Extreme, |k| Tier::ALL[k])
}

/// A puzzle's grade: the tier of its hardest technique, or the tier its score puts it in
/// when that is higher.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    pub tier: Tier,
    pub score: u32,
    /// The hardest technique used; `None` when nothing was needed.
    pub hardest: Option<Technique>,
    /// False when the techniques ran out: the puzzle needs trial and error (Extreme). An
    /// Extreme puzzle may also be solved by logic, with a score above Expert's maximum.
    pub solved_by_logic: bool,
    pub steps: Vec<Step>,
}

impl Grade {
    pub fn hardest_name(&self) -> &'static str {
        match (self.solved_by_logic, self.hardest) {
            (false, _) => "trial and error",
            (true, Some(t)) => t.name(),
            (true, None) => "none",
        }
    }
}

/// Solves `puzzle` step by step and grades it. `None` when the givens clash.
pub fn grade(puzzle: &Grid) -> Option<Grade> {
    grade_within(puzzle, Tier::Extreme)
}

/// Grades `puzzle` as [`grade`] does when its tier is `max` or below; otherwise stops as
/// soon as that is certain (a technique above `max` is needed, or the score is past
/// `max`'s maximum) and returns a grade whose tier, above `max`, is only a lower bound.
/// Graded generation asks "is this puzzle of tier T?" thousands of times: most answers are
/// "no, harder", and need no chain search to be given.
pub fn grade_within(puzzle: &Grid, max: Tier) -> Option<Grade> {
    let mut c = Candidates::new(puzzle)?;
    let mut steps: Vec<Step> = Vec::new();
    let mut score: u32 = 0;
    let max_score = TIER_MAX_SCORE
        .get(max as usize)
        .copied()
        .unwrap_or(u32::MAX);
    let mut beyond = false;
    while !c.is_solved() {
        let Some(s) = next_step_within(&c, max).filter(|s| s.technique.tier() <= max) else {
            beyond = max < Tier::Extreme;
            break;
        };
        c.apply(&s);
        score += s.technique.weight();
        steps.push(s);
        // Every step places at most one digit and weighs at least a full house's 4, so
        // the cells still empty will add at least 4 each.
        let empty = c.values.iter().filter(|&&v| v == 0).count() as u32;
        if score + 4 * empty > max_score || steps.len() > 400 {
            break;
        }
    }
    let solved = c.is_solved();
    let hardest = steps.iter().map(|s| s.technique).max();
    let tier = if beyond {
        // Stuck within `max`: the next step needs a harder technique (or none exists).
        Tier::ALL
            .get(max as usize + 1)
            .copied()
            .unwrap_or(Tier::Extreme)
    } else if solved {
        hardest
            .map_or(Tier::Easy, Technique::tier)
            .max(score_tier(score))
    } else {
        // Stopped early: the final score will be past `max`'s maximum.
        Tier::ALL
            .get(max as usize + 1)
            .copied()
            .unwrap_or(Tier::Extreme)
    };
    Some(Grade {
        tier,
        score,
        hardest,
        solved_by_logic: solved,
        steps,
    })
}
