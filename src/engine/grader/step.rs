//! What one logical step is: the technique that found it, the pattern it found and what
//! it concludes. The hints read these fields to explain the step in words.

use crate::engine::grid::{Cell, House};

/// A technique, from easiest to hardest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    FullHouse,
    NakedSingle,
    HiddenSingle,
    /// Two cells where a line crosses a box, holding only two digits between them.
    LockedPair,
    /// Three cells where a line crosses a box, holding only three digits between them.
    LockedTriple,
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
    /// Type 2: two corners (the floor) hold only the pair, the other two the pair and one
    /// same extra digit, which one of them must be.
    UniqueRectangle2,
    /// Type 4: the floor holds only the pair, and one digit of the pair is locked into
    /// the other two corners, which therefore cannot be the other digit.
    UniqueRectangle4,
    /// One corner holds only the pair, and a digit of the pair is locked into the
    /// rectangle along both lines of the opposite corner, which cannot be the other digit.
    HiddenRectangle,
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
    /// Supposing a candidate true, the singles it forces run into a contradiction.
    ForcingChain,
}

impl Technique {
    /// Every technique, easiest first (the order of the enum).
    pub const ALL: [Technique; 35] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::XYWing,
        Technique::XYZWing,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::WWing,
        Technique::UniqueRectangle,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle4,
        Technique::HiddenRectangle,
        Technique::Bug,
        Technique::SimpleColouring,
        Technique::FinnedXWing,
        Technique::FinnedSwordfish,
        Technique::XChain,
        Technique::XYChain,
        Technique::Aic,
        Technique::ForcingChain,
    ];

    /// A stable id, for the catalogues that name techniques in each language.
    pub fn key(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::NakedSingle => "naked-single",
            Technique::HiddenSingle => "hidden-single",
            Technique::LockedPair => "locked-pair",
            Technique::LockedTriple => "locked-triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenTriple => "hidden-triple",
            Technique::NakedQuad => "naked-quad",
            Technique::HiddenQuad => "hidden-quad",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::XYWing => "xy-wing",
            Technique::XYZWing => "xyz-wing",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string-kite",
            Technique::TurbotFish => "turbot-fish",
            Technique::EmptyRectangle => "empty-rectangle",
            Technique::WWing => "w-wing",
            Technique::UniqueRectangle => "unique-rectangle",
            Technique::UniqueRectangle2 => "unique-rectangle-2",
            Technique::UniqueRectangle4 => "unique-rectangle-4",
            Technique::HiddenRectangle => "hidden-rectangle",
            Technique::Bug => "bug",
            Technique::SimpleColouring => "simple-colouring",
            Technique::FinnedXWing => "finned-x-wing",
            Technique::FinnedSwordfish => "finned-swordfish",
            Technique::XChain => "x-chain",
            Technique::XYChain => "xy-chain",
            Technique::Aic => "aic",
            Technique::ForcingChain => "forcing-chain",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingle => "Hidden Single",
            Technique::NakedSingle => "Naked Single",
            Technique::LockedPair => "Locked Pair",
            Technique::LockedTriple => "Locked Triple",
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
            Technique::UniqueRectangle2 => "Unique Rectangle Type 2",
            Technique::UniqueRectangle4 => "Unique Rectangle Type 4",
            Technique::HiddenRectangle => "Hidden Rectangle",
            Technique::Bug => "BUG+1",
            Technique::SimpleColouring => "Simple Colouring",
            Technique::FinnedXWing => "Finned X-Wing",
            Technique::FinnedSwordfish => "Finned Swordfish",
            Technique::XChain => "X-Chain",
            Technique::XYChain => "XY-Chain",
            Technique::Aic => "Alternating Inference Chain",
            Technique::ForcingChain => "Forcing Chain",
        }
    }
}

/// One logical step: what it found and what it concludes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// The digits the pattern is about (hints name them before telling the whole step).
    pub digits: Vec<u8>,
    /// The pattern, with every part named by its role.
    pub pattern: Pattern,
    pub placements: Vec<(Cell, u8)>,
    pub eliminations: Vec<(Cell, u8)>,
}

impl Step {
    /// A step that removes candidates.
    pub(super) fn eliminating(
        technique: Technique,
        digits: Vec<u8>,
        pattern: Pattern,
        eliminations: Vec<(Cell, u8)>,
    ) -> Step {
        Step {
            technique,
            digits,
            pattern,
            placements: Vec::new(),
            eliminations,
        }
    }

    /// A step that places one digit.
    pub(super) fn placing(
        technique: Technique,
        pattern: Pattern,
        (cell, digit): (Cell, u8),
    ) -> Step {
        Step {
            technique,
            digits: vec![digit],
            pattern,
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
        }
    }
}

/// What a technique found. Each variant serves the techniques listed on it; the hints
/// explain a step from these fields, so a finder and its explanation agree by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pattern {
    /// Full house (the house with one empty cell) and hidden single (the house where the
    /// digit has one place).
    Single { cell: Cell, house: House },
    /// Naked single: the cell with one candidate left.
    NakedSingle { cell: Cell },
    /// Locked candidates: the digit's `cells` in `within` all lie in `clears` too, so the
    /// rest of `clears` loses it. Pointing: a box, then a line; claiming: a line, then a
    /// box.
    Locked {
        cells: Vec<Cell>,
        within: House,
        clears: House,
    },
    /// Naked and hidden pairs, triples and quads: the cells in their house.
    Subset { house: House, cells: Vec<Cell> },
    /// Locked pair and triple: the cells where `line` crosses `in_box`.
    LockedSubset {
        line: House,
        in_box: House,
        cells: Vec<Cell>,
    },
    /// X-Wing, Swordfish, Jellyfish: the digit's cells in the base lines all lie in the
    /// cover lines.
    Fish {
        bases: Vec<House>,
        covers: Vec<House>,
        cells: Vec<Cell>,
    },
    /// Finned X-Wing and Swordfish: a fish but for the fins, all in `fin_box`.
    FinnedFish {
        bases: Vec<House>,
        covers: Vec<House>,
        cells: Vec<Cell>,
        fins: Vec<Cell>,
        fin_box: House,
    },
    /// XY-Wing and XYZ-Wing.
    Wing { pivot: Cell, wings: [Cell; 2] },
    /// W-Wing: two cells with the same two candidates (`ends`), and the strong link
    /// `link` in `house` joining them; `chain` is the pattern read as a chain.
    WWing {
        ends: [Cell; 2],
        link: [Cell; 2],
        house: House,
        chain: Vec<(Cell, u8)>,
    },
    /// Unique rectangle type 1: three corners holding only the pair, and the odd one.
    Rectangle { corners: [Cell; 3], odd: Cell },
    /// Unique rectangle types 2 and 4 and the hidden rectangle: the corners in order
    /// around the rectangle (each shares a line with the next), starting with the
    /// corners that hold only the pair (`floor`); for type 4, the house where a digit of
    /// the pair is locked into the other two corners.
    Rectangles {
        corners: [Cell; 4],
        floor: Vec<Cell>,
        house: Option<House>,
    },
    /// BUG+1: the one cell with three candidates, and the row where its digit appears
    /// three times.
    Bug { cell: Cell, row: House },
    /// Empty rectangle: in `in_box` the digit lies only on `row` and `col` (at
    /// `cross`), and `line` holds it only at `link` (P, then Q).
    EmptyRectangle {
        in_box: House,
        row: House,
        col: House,
        cross: Vec<Cell>,
        line: House,
        link: [Cell; 2],
    },
    /// Simple colouring: the cluster of conjugate pairs, and the path through it between
    /// the two cells that prove the step (opposite colours for a trap, one colour for a
    /// wrap).
    Colouring { cluster: Vec<Cell>, path: Vec<Cell> },
    /// Skyscraper, 2-String Kite, Turbot Fish, X-Chain, XY-Chain and AIC: the candidates
    /// in order. The first is assumed off, then each link alternates on (strong link) and
    /// off (weak link), ending on the last.
    Chain { links: Vec<(Cell, u8)> },
    /// Forcing chain: supposing the step's digit in `start`, the singles place `forced`
    /// in order and reach `contradiction`.
    Forcing {
        start: Cell,
        forced: Vec<(Cell, u8)>,
        contradiction: Contradiction,
    },
}

/// How an assumption breaks the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An empty cell has no candidate left.
    NoCandidate(Cell),
    /// A house has no place left for a digit it is missing.
    NoPlace(House, u8),
}
