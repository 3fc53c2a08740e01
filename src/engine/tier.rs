//! Difficulty tiers, named as players ask for them.

use std::fmt;

/// Five tiers by the hardest technique a puzzle needs (calibrated on HoDoKu's levels):
/// Easy = singles; Medium = locked candidates, pairs and triples; Hard = quads, basic
/// fish, wings, single-digit patterns, colouring, uniqueness, Finned X-Wing; Expert =
/// chains, larger finned fish; Extreme = trial and error, or so many hard steps that the
/// score passes Expert's limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    Easy,
    Medium,
    Hard,
    Expert,
    Extreme,
}

impl Tier {
    pub const ALL: [Tier; 5] = [
        Tier::Easy,
        Tier::Medium,
        Tier::Hard,
        Tier::Expert,
        Tier::Extreme,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Tier::Easy => "easy",
            Tier::Medium => "medium",
            Tier::Hard => "hard",
            Tier::Expert => "expert",
            Tier::Extreme => "extreme",
        }
    }

    /// Capitalized, for display: "Medium".
    pub fn title(self) -> &'static str {
        match self {
            Tier::Easy => "Easy",
            Tier::Medium => "Medium",
            Tier::Hard => "Hard",
            Tier::Expert => "Expert",
            Tier::Extreme => "Extreme",
        }
    }

    pub fn parse(text: &str) -> Option<Tier> {
        let t = text.trim().to_ascii_lowercase();
        Tier::ALL.into_iter().find(|tier| tier.name() == t)
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
