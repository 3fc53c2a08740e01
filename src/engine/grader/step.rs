//! What one logical step is: the technique that found it, the pattern it found and what
//! it concludes. The hints read these fields to explain the step in words.

use crate::engine::grid::{Cell, House};

/// A technique, from easiest to hardest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    FullHouse,
    HiddenSingle,
    NakedSingle,
    Pointing,
    Claiming,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    XYWing,
    XYZWing,
    /// Two strong links on one digit in parallel rows (or columns), joined by a weak one.
    Skyscraper,
    /// A strong link in a row and one in a column, joined inside a box.
    TwoStringKite,
    /// Any other single-digit chain of two strong links (one of them, or the weak link
    /// joining them, in a box).
    TurbotFish,
    /// A digit confined to one row and one column of a box, and a strong link outside it.
    EmptyRectangle,
    /// Two bivalue cells with the same two digits, joined by a strong link on one of them.
    WWing,
    /// Type 1: three corners of a rectangle over two boxes hold the same two digits only;
    /// the fourth cannot hold both, or the puzzle would have two solutions.
    UniqueRectangle,
    /// Bivalue Universal Grave + 1: all unsolved cells bivalue but one.
    Bug,
    /// One digit's conjugate pairs coloured in two alternating colours (trap or wrap).
    SimpleColouring,
    /// An X-Wing with fins (extra candidates in one box); sashimi included.
    FinnedXWing,
    /// A Swordfish with fins; sashimi included.
    FinnedSwordfish,
    XChain,
    XYChain,
    Aic,
}

impl Technique {
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingle => "Hidden Single",
            Technique::NakedSingle => "Naked Single",
            Technique::Pointing => "Locked Candidates (Pointing)",
            Technique::Claiming => "Locked Candidates (Claiming)",
            Technique::NakedPair => "Naked Pair",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriple => "Naked Triple",
            Technique::HiddenTriple => "Hidden Triple",
            Technique::NakedQuad => "Naked Quad",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::Jellyfish => "Jellyfish",
            Technique::XYWing => "XY-Wing",
            Technique::XYZWing => "XYZ-Wing",
            Technique::Skyscraper => "Skyscraper",
            Technique::TwoStringKite => "2-String Kite",
            Technique::TurbotFish => "Turbot Fish",
            Technique::EmptyRectangle => "Empty Rectangle",
            Technique::WWing => "W-Wing",
            Technique::UniqueRectangle => "Unique Rectangle",
            Technique::Bug => "BUG+1",
            Technique::SimpleColouring => "Simple Colouring",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::XChain => "X-Chain",
            Technique::XYChain => "XY-Chain",
            Technique::Aic => "Alternating Inference Chain",
        }
    }
}

/// One logical step: what it found and what it concludes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    pub digits: Vec<u8>,
    /// The cells that make the pattern.
    pub cells: Vec<Cell>,
    pub houses: Vec<House>,
    /// For chains, the candidates in order: the first is assumed off, then each link
    /// alternates on (strong link) and off (weak link), ending on the last. For simple
    /// colouring, the path of conjugate pairs between the two cells that prove the step;
    /// for finned fish, the fins.
    pub chain: Vec<(Cell, u8)>,
    pub placements: Vec<(Cell, u8)>,
    pub eliminations: Vec<(Cell, u8)>,
}
