//! The difficulty grader: a step-by-step logical solver over candidates that applies human
//! techniques from easiest to hardest (restarting from the easiest after each success) and
//! grades a puzzle by the hardest technique it needed.
//!
//! Techniques: full house, naked and hidden singles; locked candidates (pointing and
//! claiming); naked and hidden pairs, triples and quads; X-Wing, Swordfish, Jellyfish;
//! XY-Wing, XYZ-Wing, W-Wing; the single-digit patterns (Skyscraper, 2-String Kite, Turbot
//! Fish, Empty Rectangle, simple colouring); unique rectangle type 1, BUG+1; finned X-Wing
//! and Swordfish; and alternating inference chains (X-Chains, XY-Chains, general AICs).
//! When none applies, the puzzle needs trial and error: tier Extreme. The grader never
//! guesses.
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
pub use step::{Pattern, Step, Technique};
pub use techniques::next_step;
