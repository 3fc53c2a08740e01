//! The difficulty grader: a step-by-step logical solver over candidates that applies human
//! techniques from easiest to hardest (restarting from the easiest after each success) and
//! grades a puzzle by the hardest technique it needed.
//!
//! Techniques, in HoDoKu's order (its scores and level limits are what the tiers are
//! calibrated on): full house, naked and hidden singles; locked pairs and triples, locked
//! candidates (pointing and claiming); naked and hidden pairs, triples and quads; X-Wing,
//! Swordfish, Jellyfish; BUG+1; the single-digit patterns (Skyscraper, 2-String Kite,
//! Turbot Fish, Empty Rectangle); W-Wing, XY-Wing, XYZ-Wing; unique rectangles (types 1, 2
//! and 4) and the hidden rectangle; finned X-Wing and Swordfish; simple colouring;
//! alternating inference chains (X-Chains, XY-Chains, general AICs), each the one that
//! proves the most; and, last, forcing chains (suppose a candidate, follow the singles
//! to a contradiction). When none applies, the puzzle needs trial and error: tier
//! Extreme. The grader never guesses.
//!
//! Soundness of chains rests on one rule: a strong link (X off ⇒ Y on) and a weak link
//! (X on ⇒ Y off) compose into implications, so a chain from A (assumed off) to E (then
//! on) proves "A or E"; any candidate that would rule out both A and E is false.
//!
//! The parts: `candidates` (the board the techniques read), `step` (what a technique
//! found), `techniques` (the finders, one family per file, and their order), `chains`
//! (the link graph and chain search the chain-based techniques share) and `score` (step
//! weights, tier limits and the grading loop). Generating a puzzle of a given tier is the
//! generator's job (`generator::generate_graded`); it asks this module for grades.

mod candidates;
mod chains;
mod score;
mod step;
mod techniques;
#[cfg(test)]
mod tests;

pub use candidates::Candidates;
pub use score::{Grade, TIER_MAX_SCORE, grade, grade_within, score_tier};
pub use step::{Contradiction, Pattern, Step, Technique};
pub use techniques::next_step;
