//! The difficulty grader: a step-by-step logical solver over candidates that applies human
//! techniques from easiest to hardest (restarting from the easiest after each success) and
//! grades a puzzle by the hardest technique it needed.
//!
//! Techniques: full house, naked and hidden singles; locked candidates (pointing and
//! claiming); naked and hidden pairs, triples and quads; X-Wing, Swordfish, Jellyfish;
//! XY-Wing, XYZ-Wing, W-Wing; the single-digit patterns (Skyscraper, 2-String Kite, Turbot
//! Fish, Empty Rectangle, simple colouring); unique rectangle type 1, BUG+1; finned X-Wing
//! and Swordfish; and alternating inference chains (X-Chains, XY-Chains, general AICs). When none applies, the puzzle needs trial and error: tier Extreme. The
//! grader never guesses.
//!
//! Soundness of chains rests on one rule: a strong link (X off ⇒ Y on) and a weak link
//! (X on ⇒ Y off) compose into implications, so a chain from A (assumed off) to E (then
//! on) proves "A or E"; any candidate that would rule out both A and E is false.

use super::grid::{Cell, Grid, House, indices_see};
use super::tier::Tier;

/// The 27 houses as cell indices: rows 0–8, columns 9–17, boxes 18–26.
const HOUSES: [[u8; 9]; 27] = {
    let mut h = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            h[i][j] = (i * 9 + j) as u8;
            h[9 + i][j] = (j * 9 + i) as u8;
            h[18 + i][j] = ((i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3) as u8;
            j += 1;
        }
        i += 1;
    }
    h
};

fn house_of(index: usize) -> House {
    match index {
        0..=8 => House::Row(index as u8),
        9..=17 => House::Col((index - 9) as u8),
        _ => House::Box((index - 18) as u8),
    }
}

/// Two distinct cells (by index) that share a house.
const fn sees(a: usize, b: usize) -> bool {
    a != b && indices_see(a, b)
}

fn cell(i: usize) -> Cell {
    // Indices here come from 0..81 loops and tables.
    Cell::from_index(i).unwrap_or_else(|| unreachable!("cell index {i}"))
}

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

    /// The tier a puzzle needing this technique is in (HoDoKu-calibrated).
    pub fn tier(self) -> Tier {
        use Technique::*;
        match self {
            FullHouse | HiddenSingle | NakedSingle => Tier::Easy,
            Pointing | Claiming | NakedPair | HiddenPair | NakedTriple | HiddenTriple => {
                Tier::Medium
            }
            NakedQuad | HiddenQuad | XWing | Swordfish | Jellyfish | XYWing | XYZWing
            | Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle | WWing
            | UniqueRectangle | Bug | SimpleColouring => Tier::Hard,
            FinnedXWing | FinnedSwordfish | XChain | XYChain | Aic => Tier::Expert,
        }
    }

    /// Score per use: harder steps weigh more.
    pub fn weight(self) -> u32 {
        use Technique::*;
        match self {
            FullHouse => 4,
            HiddenSingle => 14,
            NakedSingle => 23,
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
            UniqueRectangle => 100,
            Bug => 100,
            SimpleColouring => 150,
            FinnedXWing => 130,
            FinnedSwordfish => 200,
            XChain => 260,
            XYChain => 260,
            Aic => 280,
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

/// For each cell, its three houses and its place (0–8) in each.
const HOUSE_REFS: [[(u8, u8); 3]; 81] = {
    let mut t = [[(0u8, 0u8); 3]; 81];
    let mut h = 0;
    while h < 27 {
        let mut k = 0;
        while k < 9 {
            let i = HOUSES[h][k] as usize;
            t[i][h / 9] = (h as u8, k as u8);
            k += 1;
        }
        h += 1;
    }
    t
};

/// The 20 peers of each cell.
const PEERS: [[u8; 20]; 81] = {
    let mut t = [[0u8; 20]; 81];
    let mut i = 0;
    while i < 81 {
        let mut n = 0;
        let mut j = 0;
        while j < 81 {
            if sees(i, j) {
                t[i][n] = j as u8;
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// A board with the candidates of each empty cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    values: [u8; 81],
    /// Bit `d` set: digit `d` is still possible. 0 for filled cells.
    masks: [u16; 81],
    /// `pos[h][d]`: the cells of house `h` where `d` is possible, as a 9-bit mask. Kept in
    /// step with `masks` on every change: the techniques ask for it all the time.
    pos: [[u16; 10]; 27],
}

impl Candidates {
    /// Candidates from the digits on `grid`; `None` when the digits clash.
    pub fn new(grid: &Grid) -> Option<Candidates> {
        if grid.conflict().is_some() {
            return None;
        }
        let mut c = Candidates::from_masks([0; 81], [0x3FE; 81]);
        for (i, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                c.place(i, v);
            }
        }
        Some(c)
    }

    /// A board from raw values and candidate masks.
    fn from_masks(values: [u8; 81], masks: [u16; 81]) -> Candidates {
        let mut c = Candidates {
            values,
            masks,
            pos: [[0; 10]; 27],
        };
        c.sync();
        c
    }

    /// Recomputes the house positions from the masks.
    fn sync(&mut self) {
        self.pos = [[0; 10]; 27];
        for (&m, refs) in self.masks.iter().zip(HOUSE_REFS.iter()) {
            for d in Digits(m & 0x3FE) {
                for &(h, k) in refs {
                    self.pos[h as usize][d as usize] |= 1 << k;
                }
            }
        }
    }

    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.values).unwrap_or_default()
    }

    pub fn mask(&self, c: Cell) -> u16 {
        self.masks[c.index()]
    }

    /// Removes candidate `d` (1–9) from cell `i`.
    fn remove(&mut self, i: usize, d: u8) {
        if self.masks[i] & (1 << d) != 0 {
            self.masks[i] &= !(1 << d);
            for &(h, k) in &HOUSE_REFS[i] {
                self.pos[h as usize][d as usize] &= !(1 << k);
            }
        }
    }

    fn place(&mut self, i: usize, d: u8) {
        if !(1..=9).contains(&d) {
            return;
        }
        for e in Digits(self.masks[i] & 0x3FE) {
            self.remove(i, e);
        }
        self.values[i] = d;
        self.masks[i] = 0;
        for &j in &PEERS[i] {
            self.remove(j as usize, d);
        }
    }

    fn has(&self, i: usize, d: u8) -> bool {
        self.masks[i] & (1 << d) != 0
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Applies a step's conclusions.
    pub fn apply(&mut self, step: &Step) {
        for &(c, d) in &step.eliminations {
            if (1..=9).contains(&d) {
                self.remove(c.index(), d);
            }
        }
        for &(c, d) in &step.placements {
            if self.values[c.index()] == 0 {
                self.place(c.index(), d);
            }
        }
    }

    /// Cells of house `h` where digit `d` is possible, as a 9-bit position mask.
    fn positions(&self, h: usize, d: u8) -> u16 {
        self.pos[h][d as usize]
    }
}

fn digits_of(mask: u16) -> Vec<u8> {
    (1..=9u8).filter(|d| mask & (1 << d) != 0).collect()
}

/// The next step a strong human would take, easiest technique first.
pub fn next_step(c: &Candidates) -> Option<Step> {
    next_step_within(c, Tier::Extreme)
}

type Finder = fn(&Candidates) -> Option<Step>;

/// Every technique with its tier, easiest first. The tiers never go down along the list,
/// so stopping at the first technique above a tier gives the very steps the full list
/// would, as long as they stay within that tier.
const FINDERS: [(Tier, Finder); 25] = [
    (Tier::Easy, full_house),
    (Tier::Easy, hidden_single),
    (Tier::Easy, naked_single),
    (Tier::Medium, locked_candidates),
    (Tier::Medium, |c| naked_subset(c, 2)),
    (Tier::Medium, |c| hidden_subset(c, 2)),
    (Tier::Medium, |c| naked_subset(c, 3)),
    (Tier::Medium, |c| hidden_subset(c, 3)),
    (Tier::Hard, |c| fish(c, 2)),
    (Tier::Hard, xy_wing),
    (Tier::Hard, xyz_wing),
    (Tier::Hard, two_link_single_digit),
    (Tier::Hard, empty_rectangle),
    (Tier::Hard, w_wing),
    (Tier::Hard, unique_rectangle),
    (Tier::Hard, bug_plus_one),
    (Tier::Hard, simple_colouring),
    (Tier::Hard, |c| fish(c, 3)),
    (Tier::Hard, |c| naked_subset(c, 4)),
    (Tier::Hard, |c| hidden_subset(c, 4)),
    (Tier::Hard, |c| fish(c, 4)),
    (Tier::Expert, |c| finned_fish(c, 2)),
    (Tier::Expert, |c| finned_fish(c, 3)),
    (Tier::Expert, chains),
    (Tier::Expert, |_| None),
];

/// The next step using only techniques of `max` or below.
fn next_step_within(c: &Candidates, max: Tier) -> Option<Step> {
    FINDERS
        .iter()
        .take_while(|(tier, _)| *tier <= max)
        .find_map(|(_, find)| find(c))
}

fn step(technique: Technique) -> Step {
    Step {
        technique,
        digits: Vec::new(),
        cells: Vec::new(),
        houses: Vec::new(),
        chain: Vec::new(),
        placements: Vec::new(),
        eliminations: Vec::new(),
    }
}

fn full_house(c: &Candidates) -> Option<Step> {
    for (h, house) in HOUSES.iter().enumerate() {
        let mut empty = house
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| c.values[i] == 0);
        if let (Some(i), None) = (empty.next(), empty.next())
            && c.masks[i].count_ones() == 1
        {
            let d = c.masks[i].trailing_zeros() as u8;
            let mut s = step(Technique::FullHouse);
            s.digits = vec![d];
            s.cells = vec![cell(i)];
            s.houses = vec![house_of(h)];
            s.placements = vec![(cell(i), d)];
            return Some(s);
        }
    }
    None
}

fn hidden_single(c: &Candidates) -> Option<Step> {
    // Boxes first: that is how players scan.
    for h in (18..27).chain(0..18) {
        for d in 1..=9u8 {
            let pos = c.positions(h, d);
            if pos.count_ones() == 1 {
                let i = HOUSES[h][pos.trailing_zeros() as usize] as usize;
                let mut s = step(Technique::HiddenSingle);
                s.digits = vec![d];
                s.cells = vec![cell(i)];
                s.houses = vec![house_of(h)];
                s.placements = vec![(cell(i), d)];
                return Some(s);
            }
        }
    }
    None
}

fn naked_single(c: &Candidates) -> Option<Step> {
    (0..81)
        .find(|&i| c.values[i] == 0 && c.masks[i].count_ones() == 1)
        .map(|i| {
            let d = c.masks[i].trailing_zeros() as u8;
            let mut s = step(Technique::NakedSingle);
            s.digits = vec![d];
            s.cells = vec![cell(i)];
            s.placements = vec![(cell(i), d)];
            s
        })
}

fn locked_candidates(c: &Candidates) -> Option<Step> {
    // Positions in a box: k = 3 * (row in box) + (column in box).
    const BOX_ROW: u16 = 0b000_000_111;
    const BOX_COL: u16 = 0b001_001_001;
    // Pointing: a box's candidates of a digit on one line clear the rest of that line.
    for b in 0..9usize {
        for d in 1..=9u8 {
            let pos = c.positions(18 + b, d);
            if pos.count_ones() < 2 {
                continue;
            }
            let first = HOUSES[18 + b][pos.trailing_zeros() as usize] as usize;
            let k = pos.trailing_zeros() as usize;
            for (line, along) in [
                (first / 9, BOX_ROW << (k / 3 * 3)),
                (9 + first % 9, BOX_COL << (k % 3)),
            ] {
                if pos & !along != 0 {
                    continue;
                }
                let elim: Vec<(Cell, u8)> = HOUSES[line]
                    .iter()
                    .map(|&i| i as usize)
                    .filter(|&i| i / 27 * 3 + i % 9 / 3 != b && c.has(i, d))
                    .map(|i| (cell(i), d))
                    .collect();
                if !elim.is_empty() {
                    let mut s = step(Technique::Pointing);
                    s.digits = vec![d];
                    s.cells = bits_of(pos)
                        .map(|k| cell(HOUSES[18 + b][k] as usize))
                        .collect();
                    s.houses = vec![house_of(18 + b), house_of(line)];
                    s.eliminations = elim;
                    return Some(s);
                }
            }
        }
    }
    // Claiming: a line's candidates of a digit inside one box clear the rest of the box.
    #[allow(clippy::needless_range_loop)] // `line` is also the house number.
    for line in 0..18usize {
        for d in 1..=9u8 {
            let pos = c.positions(line, d);
            if pos.count_ones() < 2 {
                continue;
            }
            let k = pos.trailing_zeros() as usize;
            if pos & !(0b111 << (k / 3 * 3)) != 0 {
                continue;
            }
            let first = HOUSES[line][k] as usize;
            let b = first / 27 * 3 + first % 9 / 3;
            let on_line = |i: usize| {
                if line < 9 {
                    i / 9 == line
                } else {
                    i % 9 == line - 9
                }
            };
            let elim: Vec<(Cell, u8)> = HOUSES[18 + b]
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| !on_line(i) && c.has(i, d))
                .map(|i| (cell(i), d))
                .collect();
            if !elim.is_empty() {
                let mut s = step(Technique::Claiming);
                s.digits = vec![d];
                s.cells = bits_of(pos)
                    .map(|k| cell(HOUSES[line][k] as usize))
                    .collect();
                s.houses = vec![house_of(line), house_of(18 + b)];
                s.eliminations = elim;
                return Some(s);
            }
        }
    }
    None
}

/// The set bits of a 9-bit position mask, lowest first.
fn bits_of(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |k| mask & (1 << k) != 0)
}

/// Every `n`-element subset of `items`, in order.
fn subsets(items: &[usize], n: usize, mut visit: impl FnMut(&[usize]) -> bool) -> bool {
    fn go(
        items: &[usize],
        n: usize,
        start: usize,
        acc: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if acc.len() == n {
            return visit(acc);
        }
        for k in start..items.len() {
            acc.push(items[k]);
            if go(items, n, k + 1, acc, visit) {
                return true;
            }
            acc.pop();
        }
        false
    }
    go(items, n, 0, &mut Vec::with_capacity(n), &mut visit)
}

fn naked_subset(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
    ][n - 2];
    for (h, house) in HOUSES.iter().enumerate() {
        let empty: Vec<usize> = house
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| c.values[i] == 0 && (c.masks[i].count_ones() as usize) <= n)
            .collect();
        let mut found = None;
        subsets(&empty, n, |set| {
            let union = set.iter().fold(0u16, |m, &i| m | c.masks[i]);
            if union.count_ones() as usize != n {
                return false;
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
                return false;
            }
            let mut s = step(technique);
            s.digits = digits_of(union);
            s.cells = set.iter().map(|&i| cell(i)).collect();
            s.houses = vec![house_of(h)];
            s.eliminations = elim;
            found = Some(s);
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

fn hidden_subset(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ][n - 2];
    for (h, house) in HOUSES.iter().enumerate() {
        let digits: Vec<usize> = (1..=9)
            .filter(|&d| {
                let k = c.positions(h, d as u8).count_ones() as usize;
                (2..=n).contains(&k)
            })
            .collect();
        let mut found = None;
        subsets(&digits, n, |set| {
            let pos = set.iter().fold(0u16, |m, &d| m | c.positions(h, d as u8));
            if pos.count_ones() as usize != n {
                return false;
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
                return false;
            }
            let mut s = step(technique);
            s.digits = set.iter().map(|&d| d as u8).collect();
            s.cells = cells.iter().map(|&i| cell(i)).collect();
            s.houses = vec![house_of(h)];
            s.eliminations = elim;
            found = Some(s);
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

fn fish(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][n - 2];
    for d in 1..=9u8 {
        // Rows as base (columns as cover), then the reverse.
        for (base0, cover0) in [(0usize, 9usize), (9, 0)] {
            let bases: Vec<usize> = (base0..base0 + 9)
                .filter(|&h| (2..=n as u32).contains(&c.positions(h, d).count_ones()))
                .collect();
            let mut found = None;
            subsets(&bases, n, |set| {
                let covers = set.iter().fold(0u16, |m, &h| m | c.positions(h, d));
                if covers.count_ones() as usize != n {
                    return false;
                }
                let mut elim = Vec::new();
                for k in (0..9).filter(|k| covers & (1 << k) != 0) {
                    for &i in &HOUSES[cover0 + k] {
                        let i = i as usize;
                        let base_of_i = if base0 == 0 { i / 9 } else { 9 + i % 9 };
                        if !set.contains(&base_of_i) && c.has(i, d) {
                            elim.push((cell(i), d));
                        }
                    }
                }
                if elim.is_empty() {
                    return false;
                }
                let mut s = step(technique);
                s.digits = vec![d];
                s.cells = set
                    .iter()
                    .flat_map(|&h| {
                        HOUSES[h]
                            .iter()
                            .map(|&i| i as usize)
                            .filter(|&i| c.has(i, d))
                            .collect::<Vec<_>>()
                    })
                    .map(cell)
                    .collect();
                s.houses = set.iter().map(|&h| house_of(h)).collect();
                s.eliminations = elim;
                found = Some(s);
                true
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

fn xy_wing(c: &Candidates) -> Option<Step> {
    let bivalue: Vec<usize> = (0..81).filter(|&i| c.masks[i].count_ones() == 2).collect();
    for &p in &bivalue {
        for &a in bivalue.iter().filter(|&&a| sees(p, a)) {
            for &b in bivalue.iter().filter(|&&b| b > a && sees(p, b)) {
                let (mp, ma, mb) = (c.masks[p], c.masks[a], c.masks[b]);
                let z = ma & mb;
                // Each pincer shares one digit with the pivot, the two share z (not in it).
                if z.count_ones() != 1 || z & mp != 0 || (ma | mb) & mp != mp || ma == mb {
                    continue;
                }
                let d = z.trailing_zeros() as u8;
                let elim: Vec<(Cell, u8)> = (0..81)
                    .filter(|&i| i != a && i != b && sees(i, a) && sees(i, b) && c.has(i, d))
                    .map(|i| (cell(i), d))
                    .collect();
                if !elim.is_empty() {
                    let mut s = step(Technique::XYWing);
                    s.digits = digits_of(mp | z);
                    s.cells = vec![cell(p), cell(a), cell(b)];
                    s.eliminations = elim;
                    return Some(s);
                }
            }
        }
    }
    None
}

fn xyz_wing(c: &Candidates) -> Option<Step> {
    for p in (0..81).filter(|&i| c.masks[i].count_ones() == 3) {
        let mp = c.masks[p];
        let pincers: Vec<usize> = (0..81)
            .filter(|&i| sees(p, i) && c.masks[i].count_ones() == 2 && c.masks[i] & !mp == 0)
            .collect();
        for (k, &a) in pincers.iter().enumerate() {
            for &b in &pincers[k + 1..] {
                let z = c.masks[a] & c.masks[b];
                if z.count_ones() != 1 || c.masks[a] | c.masks[b] != mp {
                    continue;
                }
                let d = z.trailing_zeros() as u8;
                let elim: Vec<(Cell, u8)> = (0..81)
                    .filter(|&i| i != p && sees(i, p) && sees(i, a) && sees(i, b) && c.has(i, d))
                    .map(|i| (cell(i), d))
                    .collect();
                if !elim.is_empty() {
                    let mut s = step(Technique::XYZWing);
                    s.digits = digits_of(mp);
                    s.cells = vec![cell(p), cell(a), cell(b)];
                    s.eliminations = elim;
                    return Some(s);
                }
            }
        }
    }
    None
}

/// Unique rectangle type 1. Sound because every puzzle graded here has one solution: if
/// the fourth corner held only the two digits too, they could be swapped around the
/// rectangle (two boxes, so every house stays valid) giving a second solution.
fn unique_rectangle(c: &Candidates) -> Option<Step> {
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    // Exactly two boxes: the rows share a band or the columns a stack.
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let masks = corners.map(|i| c.masks[i]);
                    if masks.contains(&0) {
                        continue;
                    }
                    for odd in 0..4 {
                        let pair = masks[(odd + 1) % 4];
                        if pair.count_ones() != 2
                            || (0..4).any(|k| k != odd && masks[k] != pair)
                            || masks[odd] & pair != pair
                            || masks[odd] == pair
                        {
                            continue;
                        }
                        let mut s = step(Technique::UniqueRectangle);
                        s.digits = digits_of(pair);
                        // The odd corner last, so explanations can name it.
                        let mut cells: Vec<Cell> = (0..4)
                            .filter(|&k| k != odd)
                            .map(|k| cell(corners[k]))
                            .collect();
                        cells.push(cell(corners[odd]));
                        s.cells = cells;
                        s.eliminations = digits_of(pair)
                            .into_iter()
                            .map(|d| (cell(corners[odd]), d))
                            .collect();
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

/// BUG+1: every unsolved cell has two candidates but one, which has three. Were that cell
/// not the digit appearing three times in its houses, each digit would appear exactly
/// twice in every house: a pattern with two solutions (or none), never one.
fn bug_plus_one(c: &Candidates) -> Option<Step> {
    let mut odd = None;
    for i in (0..81).filter(|&i| c.masks[i] != 0) {
        match c.masks[i].count_ones() {
            2 => {}
            3 if odd.is_none() => odd = Some(i),
            _ => return None,
        }
    }
    let i = odd?;
    let row = i / 9;
    for d in digits_of(c.masks[i]) {
        let in_row = c.positions(row, d).count_ones();
        if in_row == 3 {
            let mut s = step(Technique::Bug);
            s.digits = vec![d];
            s.cells = vec![cell(i)];
            s.houses = vec![house_of(row)];
            s.placements = vec![(cell(i), d)];
            return Some(s);
        }
    }
    None
}

// ---------------------------------------------------------------------------------------
// Chains. A candidate is a node `cell * 9 + digit - 1` (729 of them); a set of nodes is a
// 729-bit set. The weak links of every node (same cell, or same digit in a peer cell) do
// not depend on the position, so they are a table built at compile time; a position only
// masks them with the candidates still present. Strong links (bivalue cells, digits with
// two places in a house) are listed once per search. A search is then a breadth-first walk
// of bit sets from each start, so the shortest chain is found with no allocation in the
// inner loop.

const NODES: usize = 729;
const WORDS: usize = 12;
type Bits = [u64; WORDS];

/// For every node, the nodes it rules out when true.
static WEAK: [Bits; NODES] = {
    let mut t = [[0u64; WORDS]; NODES];
    let mut i = 0;
    while i < 81 {
        let mut d = 0;
        while d < 9 {
            let n = i * 9 + d;
            let mut e = 0;
            while e < 9 {
                if e != d {
                    let m = i * 9 + e;
                    t[n][m / 64] |= 1 << (m % 64);
                }
                e += 1;
            }
            let mut j = 0;
            while j < 81 {
                if sees(i, j) {
                    let m = j * 9 + d;
                    t[n][m / 64] |= 1 << (m % 64);
                }
                j += 1;
            }
            d += 1;
        }
        i += 1;
    }
    t
};

fn bit(b: &Bits, n: usize) -> bool {
    b[n / 64] & (1 << (n % 64)) != 0
}

fn set_bit(b: &mut Bits, n: usize) {
    b[n / 64] |= 1 << (n % 64);
}

fn and3(a: &Bits, b: &Bits, c: &Bits) -> Bits {
    std::array::from_fn(|k| a[k] & b[k] & c[k])
}

/// Calls `f` with each node of the set, in order.
fn for_each_bit(b: &Bits, mut f: impl FnMut(usize)) {
    for (k, &w) in b.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(k * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

fn node_cell(n: usize) -> usize {
    n / 9
}

fn node_digit(n: usize) -> u8 {
    (n % 9) as u8 + 1
}

/// The candidates of a position as nodes, with their strong links.
struct Graph {
    present: Bits,
    strong: [[u16; 4]; NODES],
    nstrong: [u8; NODES],
}

impl Graph {
    fn new(c: &Candidates) -> Box<Graph> {
        let mut g = Box::new(Graph {
            present: [0; WORDS],
            strong: [[0; 4]; NODES],
            nstrong: [0; NODES],
        });
        for i in 0..81 {
            let m = c.masks[i];
            for d in Digits(m) {
                set_bit(&mut g.present, i * 9 + d as usize - 1);
            }
            if m.count_ones() == 2 {
                let a = m.trailing_zeros() as usize;
                let b = 15 - m.leading_zeros() as usize;
                g.link(i * 9 + a - 1, i * 9 + b - 1);
            }
        }
        for (h, house) in HOUSES.iter().enumerate() {
            for d in 1..=9u8 {
                let pos = c.positions(h, d);
                if pos.count_ones() == 2 {
                    let a = house[pos.trailing_zeros() as usize] as usize;
                    let b = house[15 - pos.leading_zeros() as usize] as usize;
                    g.link(a * 9 + d as usize - 1, b * 9 + d as usize - 1);
                }
            }
        }
        g
    }

    fn link(&mut self, a: usize, b: usize) {
        for (x, y) in [(a, b), (b, a)] {
            let k = self.nstrong[x] as usize;
            if !self.strong[x][..k].contains(&(y as u16)) && k < 4 {
                self.strong[x][k] = y as u16;
                self.nstrong[x] += 1;
            }
        }
    }
}

/// The digits of a candidate mask, without allocating.
struct Digits(u16);

impl Iterator for Digits {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

/// What a chain proved: the chain itself (first node assumed off, then alternately on and
/// off), and either the start's placement or eliminations.
struct Found {
    nodes: Vec<usize>,
    placement: bool,
    eliminations: Bits,
}

/// The shortest alternating inference chain (at most `max_strong` strong links) whose two
/// ends prove something: a candidate seeing both ends is false, and a chain from a
/// candidate (off) back to itself (on) proves it true. With `digit`, only that digit's
/// candidates take part (an X-Chain).
fn shortest_chain(g: &Graph, digit: Option<u8>, max_strong: usize) -> Option<Found> {
    let allowed: Bits = match digit {
        Some(d) => {
            let mut b = [0; WORDS];
            for i in 0..81 {
                let n = i * 9 + d as usize - 1;
                if bit(&g.present, n) {
                    set_bit(&mut b, n);
                }
            }
            b
        }
        None => g.present,
    };
    let mut cap = max_strong;
    // (strong links, eliminations, start, end): the shortest chain. Among the ends a walk
    // reaches at one length, the one that proves the most; searching every start for the
    // best of equal length would cost a third of the grading speed for little change.
    let mut best: Option<(usize, u32, usize, usize)> = None;
    type Parents = Box<[u16; NODES]>;
    let mut best_parents: Option<(Parents, Parents)> = None;
    // Parents are only read for nodes reached in the current walk, so they are never
    // cleared between walks.
    let mut par_on = Box::new([0u16; NODES]);
    let mut par_off = Box::new([0u16; NODES]);
    let mut frontier: Vec<usize> = Vec::with_capacity(NODES);
    let mut next: Vec<usize> = Vec::with_capacity(NODES);
    let mut on_level: Vec<usize> = Vec::with_capacity(NODES);
    #[allow(clippy::needless_range_loop)] // `start` is a node, not just an index.
    for start in 0..NODES {
        if !bit(&allowed, start) || g.nstrong[start] == 0 {
            continue;
        }
        if cap == 0 {
            break;
        }
        let mut vis_on: Bits = [0; WORDS];
        let mut vis_off: Bits = [0; WORDS];
        set_bit(&mut vis_off, start);
        frontier.clear();
        frontier.push(start);
        let mut hit = None;
        'walk: for k in 1..=cap {
            on_level.clear();
            for &n in &frontier {
                for &m in &g.strong[n][..g.nstrong[n] as usize] {
                    let m = m as usize;
                    if bit(&allowed, m) && !bit(&vis_on, m) {
                        set_bit(&mut vis_on, m);
                        par_on[m] = n as u16;
                        on_level.push(m);
                    }
                }
            }
            if on_level.is_empty() {
                break;
            }
            for &e in &on_level {
                // A placement settles the cell: worth more than any elimination.
                let gain = if e == start {
                    100
                } else {
                    and3(&WEAK[start], &WEAK[e], &g.present)
                        .iter()
                        .map(|w| w.count_ones())
                        .sum()
                };
                if gain > 0 && hit.is_none_or(|(_, g0, _)| gain > g0) {
                    hit = Some((k, gain, e));
                }
            }
            if hit.is_some() {
                break 'walk;
            }
            if k == cap {
                break;
            }
            next.clear();
            for &e in &on_level {
                let w = &WEAK[e];
                for x in 0..WORDS {
                    let mut new = w[x] & allowed[x] & !vis_off[x];
                    vis_off[x] |= new;
                    while new != 0 {
                        let m = x * 64 + new.trailing_zeros() as usize;
                        new &= new - 1;
                        par_off[m] = e as u16;
                        if g.nstrong[m] > 0 {
                            next.push(m);
                        }
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            if frontier.is_empty() {
                break;
            }
        }
        if let Some((k, gain, e)) = hit
            && best.is_none_or(|(k0, g0, _, _)| k < k0 || gain > g0)
        {
            best = Some((k, gain, start, e));
            best_parents = Some((par_on.clone(), par_off.clone()));
            // Two strong links is the shortest chain that can prove anything the simpler
            // techniques before it did not.
            cap = if k <= 2 { 0 } else { k - 1 };
        }
    }
    let (k, _, start, end) = best?;
    let (par_on, par_off) = best_parents?;
    // Walk back from the end (on) to the start (off).
    let mut nodes = vec![end];
    let (mut n, mut on) = (end, true);
    while n != start || on {
        n = if on { par_on[n] } else { par_off[n] } as usize;
        on = !on;
        nodes.push(n);
        if nodes.len() > 2 * k + 1 {
            return None;
        }
    }
    nodes.reverse();
    let placement = end == start;
    let eliminations = if placement {
        [0; WORDS]
    } else {
        and3(&WEAK[start], &WEAK[end], &g.present)
    };
    Some(Found {
        nodes,
        placement,
        eliminations,
    })
}

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
fn chain_step(c: &Candidates, f: Found, short_single_digit: bool) -> Step {
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
    let mut s = step(technique);
    s.digits = digits;
    s.cells = nodes.iter().map(|&n| cell(node_cell(n))).collect();
    s.chain = nodes
        .iter()
        .map(|&n| (cell(node_cell(n)), node_digit(n)))
        .collect();
    if f.placement {
        s.placements = vec![(cell(node_cell(nodes[0])), node_digit(nodes[0]))];
    }
    for_each_bit(&f.eliminations, |n| {
        s.eliminations.push((cell(node_cell(n)), node_digit(n)))
    });
    s
}

/// Skyscraper, 2-String Kite and Turbot Fish: single-digit chains of two strong links.
fn two_link_single_digit(c: &Candidates) -> Option<Step> {
    let g = Graph::new(c);
    for d in 1..=9u8 {
        if let Some(f) = shortest_chain(&g, Some(d), 2) {
            return Some(chain_step(c, f, true));
        }
    }
    None
}

/// X-Chains (one digit) up to `max_strong` strong links: the shortest over all digits, and
/// among those the one that proves the most.
fn x_chain(c: &Candidates, g: &Graph, max_strong: usize) -> Option<Step> {
    let worth = |f: &Found| {
        (
            usize::MAX - f.nodes.len(),
            f.placement,
            f.eliminations.iter().map(|w| w.count_ones()).sum::<u32>(),
        )
    };
    let mut best: Option<Found> = None;
    for d in 1..=9u8 {
        let cap = best.as_ref().map_or(max_strong, |b| b.nodes.len() / 2);
        if let Some(f) = shortest_chain(g, Some(d), cap)
            && best.as_ref().is_none_or(|b| worth(&f) > worth(b))
        {
            best = Some(f);
        }
    }
    best.map(|f| chain_step(c, f, false))
}

/// The longest chains searched: longer ones are rare in puzzles that chains solve, and a
/// search that finds nothing costs time in proportion to the length.
const MAX_STRONG: usize = 8;

/// X-Chain first (one digit is easier to follow), then any AIC, XY-Chains included.
fn chains(c: &Candidates) -> Option<Step> {
    let g = Graph::new(c);
    if let Some(s) = x_chain(c, &g, MAX_STRONG) {
        return Some(s);
    }
    shortest_chain(&g, None, MAX_STRONG).map(|f| chain_step(c, f, false))
}

/// The pairs of cells where digit `d` has exactly two places in a house (conjugate
/// pairs), with the house, at most 27.
fn conjugates(c: &Candidates, d: u8, out: &mut Vec<(usize, usize, usize)>) {
    out.clear();
    for (h, house) in HOUSES.iter().enumerate() {
        let pos = c.positions(h, d);
        if pos.count_ones() == 2 {
            let a = house[pos.trailing_zeros() as usize] as usize;
            let b = house[15 - pos.leading_zeros() as usize] as usize;
            out.push((a, b, h));
        }
    }
}

/// W-Wing: two cells holding only {x, y} that do not see each other, and a house where x
/// has just two places, one seeing each cell. One of the two cells must be y (if the first
/// is not, it is x, so its end of the link is not, so the other end is, so the second cell
/// is not x: it is y), so y goes from every cell that sees both.
fn w_wing(c: &Candidates) -> Option<Step> {
    let mut conj: [Vec<(usize, usize, usize)>; 10] = Default::default();
    for d in 1..=9u8 {
        conjugates(c, d, &mut conj[d as usize]);
    }
    for a in 0..81 {
        let m = c.masks[a];
        if m.count_ones() != 2 {
            continue;
        }
        for b in a + 1..81 {
            if c.masks[b] != m || sees(a, b) {
                continue;
            }
            for x in Digits(m) {
                let y = (m & !(1 << x)).trailing_zeros() as u8;
                for &(p0, q0, h) in &conj[x as usize] {
                    for (p, q) in [(p0, q0), (q0, p0)] {
                        if [a, b].contains(&p) || [a, b].contains(&q) || !sees(p, a) || !sees(q, b)
                        {
                            continue;
                        }
                        let elim: Vec<(Cell, u8)> = (0..81)
                            .filter(|&i| {
                                i != a && i != b && c.has(i, y) && sees(i, a) && sees(i, b)
                            })
                            .map(|i| (cell(i), y))
                            .collect();
                        if elim.is_empty() {
                            continue;
                        }
                        let mut s = step(Technique::WWing);
                        s.digits = vec![x, y];
                        s.cells = vec![cell(a), cell(p), cell(q), cell(b)];
                        s.houses = vec![house_of(h)];
                        s.chain = vec![
                            (cell(a), y),
                            (cell(a), x),
                            (cell(p), x),
                            (cell(q), x),
                            (cell(b), x),
                            (cell(b), y),
                        ];
                        s.eliminations = elim;
                        return Some(s);
                    }
                }
            }
        }
    }
    None
}

/// Empty Rectangle: in a box, digit d lies only in one row and one column (the cross
/// around an empty rectangle of cells), and somewhere outside the box a line holds d in
/// just two cells P and Q, P in line with the cross's row (or column). Then the cell T
/// where Q's row (column) meets the cross's column (row) cannot be d: if it were, Q could
/// not be (same line as T), so P would be, and the box's d would have no place left, its
/// row taken by P and its column by T.
fn empty_rectangle(c: &Candidates) -> Option<Step> {
    let mut conj = Vec::with_capacity(27);
    for d in 1..=9u8 {
        conjugates(c, d, &mut conj);
        if conj.is_empty() {
            continue;
        }
        for b in 0..9usize {
            let (band, stack) = (b / 3, b % 3);
            let in_box: Vec<usize> = HOUSES[18 + b]
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| c.has(i, d))
                .collect();
            if in_box.len() < 2 {
                continue;
            }
            for r in band * 3..band * 3 + 3 {
                for col in stack * 3..stack * 3 + 3 {
                    let on_cross = |i: usize| i / 9 == r || i % 9 == col;
                    let row_arm = in_box.iter().any(|&i| i / 9 == r && i % 9 != col);
                    let col_arm = in_box.iter().any(|&i| i % 9 == col && i / 9 != r);
                    if !row_arm || !col_arm || !in_box.iter().all(|&i| on_cross(i)) {
                        continue;
                    }
                    for &(p0, q0, h) in &conj {
                        for (p, q) in [(p0, q0), (q0, p0)] {
                            // A pair in a column meeting the cross's row, or in a row
                            // meeting its column; Q outside the box's band (stack).
                            let target = if (9..18).contains(&h)
                                && p / 9 == r
                                && p % 9 / 3 != stack
                                && q / 27 != band
                            {
                                q / 9 * 9 + col
                            } else if h < 9 && p % 9 == col && p / 27 != band && q % 9 / 3 != stack
                            {
                                r * 9 + q % 9
                            } else {
                                continue;
                            };
                            if !c.has(target, d) {
                                continue;
                            }
                            let mut s = step(Technique::EmptyRectangle);
                            s.digits = vec![d];
                            s.cells = vec![cell(p), cell(q)];
                            s.cells.extend(in_box.iter().map(|&i| cell(i)));
                            s.houses = vec![
                                House::Box(b as u8),
                                House::Row(r as u8),
                                House::Col(col as u8),
                                house_of(h),
                            ];
                            s.eliminations = vec![(cell(target), d)];
                            return Some(s);
                        }
                    }
                }
            }
        }
    }
    None
}

/// Simple colouring: the cells of one digit joined by conjugate pairs form clusters whose
/// cells alternate between two colours, and one colour is the digit everywhere. A cell
/// that sees both colours is not the digit (trap); a colour with two cells in one house
/// cannot be the true one, so the digit leaves all its cells (wrap).
fn simple_colouring(c: &Candidates) -> Option<Step> {
    let mut conj = Vec::with_capacity(27);
    for d in 1..=9u8 {
        conjugates(c, d, &mut conj);
        if conj.len() < 2 {
            continue;
        }
        // colour[i]: 0 uncoloured, else cluster * 2 + (1 or 2); parent for the path.
        let mut colour = [0usize; 81];
        let mut parent = [usize::MAX; 81];
        let mut clusters = 0;
        for &(root, _, _) in &conj {
            if colour[root] != 0 {
                continue;
            }
            clusters += 1;
            let base = clusters * 4;
            colour[root] = base + 1;
            let mut queue = vec![root];
            let mut members = Vec::new();
            while let Some(i) = queue.pop() {
                members.push(i);
                for &(a, b, _) in &conj {
                    let other = if a == i {
                        b
                    } else if b == i {
                        a
                    } else {
                        continue;
                    };
                    if colour[other] == 0 {
                        colour[other] = base + 3 - (colour[i] - base);
                        parent[other] = i;
                        queue.push(other);
                    }
                }
            }
            if members.len() < 3 {
                continue;
            }
            let path = |mut x: usize, mut y: usize| -> Vec<(Cell, u8)> {
                // Up from both ends to their common ancestor in the colouring tree.
                let depth = |mut n: usize| {
                    let mut k = 0;
                    while parent[n] != usize::MAX && k < 81 {
                        n = parent[n];
                        k += 1;
                    }
                    k
                };
                let (mut dx, mut dy) = (depth(x), depth(y));
                let (mut left, mut right) = (vec![x], vec![y]);
                while dx > dy {
                    x = parent[x];
                    left.push(x);
                    dx -= 1;
                }
                while dy > dx {
                    y = parent[y];
                    right.push(y);
                    dy -= 1;
                }
                while x != y && parent[x] != usize::MAX && parent[y] != usize::MAX {
                    x = parent[x];
                    y = parent[y];
                    left.push(x);
                    right.push(y);
                }
                right.pop();
                left.extend(right.into_iter().rev());
                left.into_iter().map(|i| (cell(i), d)).collect()
            };
            let mut s = step(Technique::SimpleColouring);
            s.digits = vec![d];
            s.cells = members.iter().map(|&i| cell(i)).collect();
            // Wrap: two cells of one colour in one house.
            for (k, &x) in members.iter().enumerate() {
                for &y in &members[k + 1..] {
                    if colour[x] == colour[y] && sees(x, y) {
                        let false_colour = colour[x];
                        s.eliminations = members
                            .iter()
                            .filter(|&&i| colour[i] == false_colour)
                            .map(|&i| (cell(i), d))
                            .collect();
                        s.chain = path(x, y);
                        return Some(s);
                    }
                }
            }
            // Trap: an uncoloured cell seeing both colours.
            // Cells of other clusters count as uncoloured here.
            let outside = |u: usize| colour[u] / 4 != clusters;
            for t in (0..81).filter(|&t| c.has(t, d) && outside(t)) {
                let one = members
                    .iter()
                    .find(|&&i| colour[i] == base + 1 && sees(i, t));
                let two = members
                    .iter()
                    .find(|&&i| colour[i] == base + 2 && sees(i, t));
                if let (Some(&x), Some(&y)) = (one, two) {
                    s.eliminations = (0..81)
                        .filter(|&u| {
                            c.has(u, d)
                                && outside(u)
                                && members.iter().any(|&i| colour[i] == base + 1 && sees(i, u))
                                && members.iter().any(|&i| colour[i] == base + 2 && sees(i, u))
                        })
                        .map(|u| (cell(u), d))
                        .collect();
                    s.chain = path(x, y);
                    return Some(s);
                }
            }
        }
    }
    None
}

/// Finned X-Wing (n = 2) and Swordfish (n = 3), sashimi included: n base lines hold the
/// digit only in n cover lines, except for fins, extra cells all in one box. Either no fin
/// is the digit, and the basic fish clears the cover lines, or one is, and clears its box;
/// so the cells of the cover lines inside the fins' box (outside the base lines) lose it.
fn finned_fish(c: &Candidates, n: usize) -> Option<Step> {
    let technique = [Technique::FinnedXWing, Technique::FinnedSwordfish][n - 2];
    for d in 1..=9u8 {
        for base0 in [0usize, 9] {
            let cover0 = 9 - base0;
            // The cell where base line `b` (0..9) meets cover line `k` (0..9).
            let at = |b: usize, k: usize| if base0 == 0 { b * 9 + k } else { k * 9 + b };
            let bases: Vec<usize> = (0..9)
                .filter(|&b| (1..=n as u32 + 3).contains(&c.positions(base0 + b, d).count_ones()))
                .collect();
            let mut found = None;
            subsets(&bases, n, |set| {
                let union = set.iter().fold(0u16, |m, &b| m | c.positions(base0 + b, d));
                // No fins is a basic fish; fins all in one box lie on at most three
                // cover lines of one chute.
                if union.count_ones() as usize <= n || union.count_ones() as usize > n + 3 {
                    return false;
                }
                for chute in 0..3 {
                    let chute_mask = 0b111u16 << (chute * 3);
                    let outside = union & !chute_mask;
                    let inside = union & chute_mask;
                    let need = n as i32 - outside.count_ones() as i32;
                    if need < 0 {
                        continue;
                    }
                    for extra in 0..8u16 {
                        let extra = extra << (chute * 3);
                        if extra & !inside != 0 || extra.count_ones() as i32 != need {
                            continue;
                        }
                        let covers = outside | extra;
                        let fin_lines = inside & !extra;
                        if fin_lines == 0
                            || set.iter().any(|&b| c.positions(base0 + b, d) & covers == 0)
                        {
                            continue;
                        }
                        let fins: Vec<usize> = set
                            .iter()
                            .flat_map(|&b| {
                                (0..9)
                                    .filter(move |&k| fin_lines & (1 << k) != 0)
                                    .map(move |k| at(b, k))
                            })
                            .filter(|&i| c.has(i, d))
                            .collect();
                        let Some(&fin0) = fins.first() else {
                            continue;
                        };
                        let fin_box = fin0 / 27 * 3 + fin0 % 9 / 3;
                        if fins.iter().any(|&i| i / 27 * 3 + i % 9 / 3 != fin_box) {
                            continue;
                        }
                        let elim: Vec<(Cell, u8)> = HOUSES[18 + fin_box]
                            .iter()
                            .map(|&i| i as usize)
                            .filter(|&i| {
                                let (b, k) = if base0 == 0 {
                                    (i / 9, i % 9)
                                } else {
                                    (i % 9, i / 9)
                                };
                                covers & (1 << k) != 0 && !set.contains(&b) && c.has(i, d)
                            })
                            .map(|i| (cell(i), d))
                            .collect();
                        if elim.is_empty() {
                            continue;
                        }
                        let mut s = step(technique);
                        s.digits = vec![d];
                        // The fish's cells first, then the fins.
                        s.cells = set
                            .iter()
                            .flat_map(|&b| {
                                (0..9)
                                    .filter(move |&k| covers & (1 << k) != 0)
                                    .map(move |k| at(b, k))
                            })
                            .filter(|&i| c.has(i, d))
                            .map(cell)
                            .collect();
                        s.houses = set.iter().map(|&b| house_of(base0 + b)).collect();
                        s.houses.extend(
                            (0..9)
                                .filter(|&k| covers & (1 << k) != 0)
                                .map(|k| house_of(cover0 + k)),
                        );
                        s.houses.push(House::Box(fin_box as u8));
                        s.chain = fins.iter().map(|&i| (cell(i), d)).collect();
                        s.eliminations = elim;
                        found = Some(s);
                        return true;
                    }
                }
                false
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
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
        let Some(s) = next_step_within(&c, max) else {
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

/// Empty cells for each tier when the player names only a difficulty: harder tiers get
/// fewer clues, as players expect, while staying below the clue count of most random
/// minimal puzzles (about 24), which the harder tiers are cut from.
pub const TIER_EMPTY: [usize; 5] = [45, 50, 54, 56, 56];
/// The fewest empty cells each tier is offered with: below this, puzzles of the tier are
/// too rare to find in time (an Extreme with 30 empty cells is not a thing).
pub const TIER_MIN_EMPTY: [usize; 5] = [0, 36, 42, 46, 50];

/// How many generated puzzles [`generate_graded`] tries before it gives up: enough for
/// every tier at its usual counts (Extreme, the rarest, is about 1 in 70 at 60 empty).
pub const DEFAULT_ATTEMPTS: u32 = 3000;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GradedError {
    #[error(
        "{} puzzles need at least {min} empty cells (you asked for {asked}); ask for more empty cells or an easier difficulty", tier.title()
    )]
    TooFewEmpty {
        tier: Tier,
        asked: usize,
        min: usize,
    },
    #[error("{0}")]
    Generate(super::generator::GenerateError),
    #[error(
        "no {tier} puzzle found in {attempts} tries; try again, or ask for a different number of empty cells"
    )]
    NotFound { tier: Tier, attempts: u32 },
}

/// A puzzle of exactly `tier` (graded, never guessed), with exactly `empty` empty cells
/// when given (else [`TIER_EMPTY`]). Generates, grades, and retries up to `max_attempts`
/// puzzles; below Easy, a graded puzzle with more empty cells is cut down to size by
/// adding back clues that cannot change its tier (adding clues keeps the solution
/// unique).
pub fn generate_graded(
    tier: Tier,
    empty: Option<usize>,
    symmetry: super::generator::Symmetry,
    seed: u64,
    max_attempts: u32,
) -> Result<(super::generator::Puzzle, Grade), GradedError> {
    use super::generator::{Puzzle, Request, generate};
    use super::rng::SeededRng;

    let t = tier as usize;
    if let Some(n) = empty {
        if n > super::generator::MAX_EMPTY {
            return Err(GradedError::Generate(
                super::generator::GenerateError::TooManyEmpty { asked: n },
            ));
        }
        if n < TIER_MIN_EMPTY[t] {
            return Err(GradedError::TooFewEmpty {
                tier,
                asked: n,
                min: TIER_MIN_EMPTY[t],
            });
        }
    }
    // Easy puzzles are common at every count, and so are all tiers close to the most
    // empty cells a puzzle can have: those are generated at the count asked for. For
    // the rest, random minimal puzzles are graded (they are the hardest a solution
    // grid gives, and one carving pass makes them), then clues are added back.
    let from_minimal = tier > Tier::Easy && empty.is_none_or(|n| n <= 58);
    let target = empty.unwrap_or(TIER_EMPTY[t]);
    // Above 58 empty cells each try is a slow generation (tens of milliseconds at 61):
    // fewer tries keep a rare request to seconds, not minutes.
    let attempts = if from_minimal || tier == Tier::Easy {
        max_attempts
    } else {
        max_attempts.min(300)
    };
    let mut rng = SeededRng::new(seed);
    for _ in 0..attempts {
        let puzzle = if from_minimal {
            let p = super::generator::minimal(symmetry, rng.next_u64());
            if p.givens.empty_count() < target {
                continue;
            }
            p
        } else {
            let request = Request {
                symmetry,
                budget: Request::DEFAULT_BUDGET,
                ..Request::new(target, rng.next_u64())
            };
            match generate(&request) {
                Ok(p) => p,
                Err(super::generator::GenerateError::NotFound { .. }) => continue,
                Err(e) => return Err(GradedError::Generate(e)),
            }
        };
        let base = puzzle.givens.empty_count();
        let Some(g) = grade_within(&puzzle.givens, tier) else {
            continue;
        };
        if g.tier != tier {
            continue;
        }
        if base == target {
            return Ok((puzzle, g));
        }
        // Add clues back, whole orbits at a time, down to `target` empty cells. Only
        // cells the grader fills *before* its first step of this tier are eligible:
        // every technique below the tier is a monotone rule (fewer candidates never
        // disable it), so their closure from the puzzle plus such a clue is the very
        // same stuck position, and the tier-defining step is still needed. The tier is
        // kept by construction when a technique sets it; when the score does, each added
        // clue takes a step (and its weight) away, so the re-grade below decides.
        let first_hard = g
            .steps
            .iter()
            .position(|s| tier > Tier::Easy && s.technique.tier() >= tier)
            .unwrap_or(g.steps.len());
        let mut early = [false; 81];
        for s in &g.steps[..first_hard] {
            for &(c, _) in &s.placements {
                early[c.index()] = true;
            }
        }
        let mut orbits: Vec<Vec<Cell>> = Cell::all()
            .filter(|&c| early[c.index()] && c.index() <= symmetry.image(c).index())
            .map(|c| {
                let image = symmetry.image(c);
                if image == c { vec![c] } else { vec![c, image] }
            })
            .filter(|orbit| orbit.iter().all(|o| early[o.index()]))
            .collect();
        rng.shuffle(&mut orbits);
        let mut givens = puzzle.givens;
        let mut remaining = base - target;
        for orbit in orbits {
            if remaining == 0 {
                break;
            }
            if orbit.len() <= remaining {
                for &o in &orbit {
                    givens.set(o, puzzle.solution.get(o));
                }
                remaining -= orbit.len();
            }
        }
        if remaining != 0 {
            continue;
        }
        if let Some(g) = grade_within(&givens, tier)
            && g.tier == tier
        {
            return Ok((
                Puzzle {
                    givens,
                    solution: puzzle.solution,
                },
                g,
            ));
        }
    }
    Err(GradedError::NotFound { tier, attempts })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generator::{Request, generate};
    use crate::engine::parse::parse_grid;
    use proptest::prelude::*;

    fn check_against_solution(puzzle: &Grid, solution: &Grid) -> Grade {
        let mut c = Candidates::new(puzzle).expect("valid");
        let mut steps = Vec::new();
        while let Some(s) = next_step(&c) {
            for &(cell, d) in &s.eliminations {
                assert_ne!(
                    solution.get(cell),
                    Some(d),
                    "{:?} removed the solution's {d} from {cell}",
                    s.technique
                );
            }
            for &(cell, d) in &s.placements {
                assert_eq!(
                    solution.get(cell),
                    Some(d),
                    "{:?} placed a wrong {d} in {cell}",
                    s.technique
                );
            }
            assert!(
                !s.eliminations.is_empty() || !s.placements.is_empty(),
                "{s:?} does nothing"
            );
            c.apply(&s);
            steps.push(s);
            if c.is_solved() {
                break;
            }
        }
        grade(puzzle).expect("valid")
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

        /// No technique ever removes a true candidate or places a wrong digit.
        #[test]
        fn every_step_agrees_with_the_solution(seed in any::<u64>(), empty in 50usize..=60) {
            let p = generate(&Request::new(empty, seed)).expect("generate");
            let g = check_against_solution(&p.givens, &p.solution);
            // Extreme: the techniques ran out, or too many hard steps.
            prop_assert_eq!(
                g.tier == Tier::Extreme,
                !g.solved_by_logic || g.score > TIER_MAX_SCORE[3]
            );
        }
    }

    fn grade_of(line: &str) -> Grade {
        let g = parse_grid(line).expect("valid");
        let solution = match crate::engine::solver::solve(&g) {
            crate::engine::Solution::Unique(s) => s,
            other => panic!("{other:?}"),
        };
        check_against_solution(&g, &solution)
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

        /// A requested tier is the graded tier, with exactly the empty cells asked for
        /// and one solution.
        #[test]
        fn graded_generation_delivers_the_tier(seed in any::<u64>(), t in 0usize..4, extra in 0usize..12) {
            let tier = Tier::ALL[t];
            let empty = TIER_MIN_EMPTY[t].max(30) + extra;
            let (p, g) = generate_graded(tier, Some(empty), crate::engine::generator::Symmetry::None, seed, 2000)
                .expect("found");
            prop_assert_eq!(g.tier, tier);
            prop_assert_eq!(grade(&p.givens).map(|g| g.tier), Some(tier));
            prop_assert_eq!(p.givens.empty_count(), empty);
            prop_assert!(crate::engine::solver::has_unique_solution(&p.givens));
            prop_assert!(p.givens.is_contained_in(&p.solution));
        }
    }

    #[test]
    fn extreme_puzzles_are_found_beyond_every_expert_grade() {
        for (seed, empty) in [(1, None), (2, Some(52)), (3, Some(58))] {
            let (p, g) = generate_graded(
                Tier::Extreme,
                empty,
                crate::engine::generator::Symmetry::None,
                seed,
                DEFAULT_ATTEMPTS,
            )
            .expect("found");
            assert_eq!(g.tier, Tier::Extreme);
            assert!(!g.solved_by_logic || g.score > TIER_MAX_SCORE[3]);
            assert_eq!(p.givens.empty_count(), empty.unwrap_or(TIER_EMPTY[4]));
            assert!(crate::engine::solver::has_unique_solution(&p.givens));
        }
    }

    #[test]
    fn impossible_tier_requests_are_refused_at_once() {
        let e = generate_graded(
            Tier::Extreme,
            Some(30),
            crate::engine::generator::Symmetry::None,
            1,
            10,
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("Extreme puzzles need at least 50 empty cells"),
            "{e}"
        );
        assert!(matches!(
            generate_graded(
                Tier::Easy,
                Some(70),
                crate::engine::generator::Symmetry::None,
                1,
                10
            ),
            Err(GradedError::Generate(_))
        ));
    }

    #[test]
    fn known_puzzles_grade_as_expected() {
        // A newspaper easy: singles only.
        let easy = grade_of(
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        );
        assert_eq!(easy.tier, Tier::Easy);
        // Arto Inkala's "world's hardest": beyond these techniques.
        let hardest = grade_of(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        );
        assert_eq!(hardest.tier, Tier::Extreme);
        assert_eq!(hardest.hardest_name(), "trial and error");
    }

    #[test]
    fn techniques_fire_on_positions_built_for_them() {
        // An X-Wing on 1 in rows A and I, columns 1 and 9, forced by clearing 1 from the
        // rest of those rows: the 1s of columns 1 and 9 elsewhere go.
        let mut c = Candidates::from_masks([0; 81], [0x3FE; 81]);
        for col in 1..8 {
            c.masks[col] &= !(1 << 1);
            c.masks[72 + col] &= !(1 << 1);
        }
        c.sync();
        let s = fish(&c, 2).expect("X-Wing");
        assert_eq!(s.technique, Technique::XWing);
        assert_eq!(s.digits, vec![1]);
        assert_eq!(s.eliminations.len(), 14);
        assert!(
            s.eliminations
                .iter()
                .all(|&(cell, _)| cell.col() == 0 || cell.col() == 8)
        );
        // No X-Wing once a third column holds a 1 in row A.
        c.masks[4] |= 1 << 1;
        c.sync();
        assert!(fish(&c, 2).is_none_or(
            |s| s.digits != vec![1] || s.houses.iter().all(|h| !matches!(h, House::Row(0)))
        ));
    }

    #[test]
    fn unique_rectangle_and_bug_on_built_positions() {
        let full = Candidates::from_masks([0; 81], [0x3FE; 81]);
        // Rows A and B, columns 1 and 4: boxes 1 and 2. Three corners {1,2}, B4 {1,2,5}.
        let (a1, a4, b1, b4) = (0, 3, 9, 12);
        let mut c = full.clone();
        for i in [a1, a4, b1] {
            c.masks[i] = 0b110;
        }
        c.masks[b4] = 0b100110;
        c.sync();
        let s = unique_rectangle(&c).expect("UR");
        assert_eq!(s.technique, Technique::UniqueRectangle);
        assert_eq!(s.eliminations, vec![(cell(b4), 1), (cell(b4), 2)]);
        // Over four boxes (rows A and D) there is no deadly pattern to avoid.
        let mut c = full.clone();
        for i in [0, 3, 27] {
            c.masks[i] = 0b110;
        }
        c.masks[30] = 0b100110;
        c.sync();
        assert!(unique_rectangle(&c).is_none());

        // Row A: A1 {1,3}, A2 {1,2,3}, A3 {2,3}, the rest solved: 3 is thrice in row A.
        let mut c = Candidates::from_masks([5; 81], [0; 81]);
        c.masks[0] = 0b1010;
        c.masks[1] = 0b1110;
        c.masks[2] = 0b1100;
        c.sync();
        let s = bug_plus_one(&c).expect("BUG+1");
        assert_eq!(s.placements, vec![(cell(1), 3)]);
        // A second cell with three candidates: no BUG.
        c.masks[2] = 0b11100;
        c.sync();
        assert!(bug_plus_one(&c).is_none());
    }

    #[test]
    fn naked_pair_and_locked_candidates_on_built_positions() {
        let mut c = Candidates::from_masks([0; 81], [0x3FE; 81]);
        // A1 and A2 hold only {1,2}: 1 and 2 leave the rest of row A and box 1.
        c.masks[0] = 0b110;
        c.masks[1] = 0b110;
        c.sync();
        let s = naked_subset(&c, 2).expect("pair");
        assert_eq!(s.technique, Technique::NakedPair);
        assert!(
            s.eliminations
                .iter()
                .all(|&(cell, d)| (d == 1 || d == 2) && cell.index() > 1)
        );
        // Pointing: 5 in box 1 only on row A.
        let mut c = Candidates::from_masks([0; 81], [0x3FE; 81]);
        for i in [9, 10, 11, 18, 19, 20] {
            c.masks[i] &= !(1 << 5);
        }
        c.sync();
        let s = locked_candidates(&c).expect("pointing");
        assert_eq!(s.technique, Technique::Pointing);
        assert!(
            s.eliminations
                .iter()
                .all(|&(cell, d)| d == 5 && cell.row() == 0 && cell.col() >= 3)
        );
    }

    /// The position just before the grader's first step of `technique` on `puzzle`, with
    /// the puzzle's solution: a real position to try a technique on.
    fn position_before(puzzle: &str, technique: Technique) -> (Candidates, Grid) {
        let g = parse_grid(puzzle).expect("valid");
        let crate::engine::Solution::Unique(solution) = crate::engine::solver::solve(&g) else {
            panic!("not unique: {puzzle}");
        };
        let mut c = Candidates::new(&g).expect("valid");
        while let Some(s) = next_step(&c) {
            if s.technique == technique {
                return (c, solution);
            }
            c.apply(&s);
        }
        panic!("{technique:?} never used on {puzzle}");
    }

    /// The step does something, and nothing it does contradicts the solution.
    fn assert_sound(s: &Step, solution: &Grid) {
        assert!(
            !s.eliminations.is_empty() || !s.placements.is_empty(),
            "{s:?}"
        );
        for &(cell, d) in &s.eliminations {
            assert_ne!(
                solution.get(cell),
                Some(d),
                "{:?} removed the solution's {d} from {cell}",
                s.technique
            );
        }
        for &(cell, d) in &s.placements {
            assert_eq!(
                solution.get(cell),
                Some(d),
                "{:?} placed a wrong {d} in {cell}",
                s.technique
            );
        }
    }

    fn named(name: &str) -> Cell {
        Cell::parse(name).expect("cell name")
    }

    /// A board where every empty cell holds every digit except where `digit` is limited
    /// to `cells`: house by house, only the given cells hold it.
    fn only_where(digit: u8, cells: &[&str]) -> Candidates {
        let mut masks = [0x3FEu16; 81];
        for m in masks.iter_mut() {
            *m &= !(1 << digit);
        }
        for name in cells {
            masks[named(name).index()] |= 1 << digit;
        }
        Candidates::from_masks([0; 81], masks)
    }

    #[test]
    fn single_digit_patterns_are_named_by_their_shape() {
        let cases = [
            (
                "3....5..6...8.4...8...2..5....1....97.1.8.2......3.....34.51......6...735......1.",
                Technique::Skyscraper,
            ),
            (
                "2..4..5.1.4.........3.2.....651..7.3...3.9.1...2..64.......86.4.3..6...9.8.7.....",
                Technique::TwoStringKite,
            ),
            (
                "........45.8..3.61..2.6....7.9.8.2....6......2.....17..8....9.....198....2...5.1.",
                Technique::TurbotFish,
            ),
        ];
        for (puzzle, technique) in cases {
            let (c, solution) = position_before(puzzle, technique);
            let s = two_link_single_digit(&c).expect("pattern");
            assert_eq!(s.technique, technique);
            assert_eq!(s.chain.len(), 4);
            assert_sound(&s, &solution);
        }
        // A Skyscraper on 1 in rows A and E, both ends in column 1: a cell seeing both
        // other ends loses its 1.
        let c = only_where(
            1,
            &[
                "A1", "A5", "E1", "E6", "B4", "B5", "B6", "C4", "C5", "C6", "D4", "D5", "D6", "F4",
                "F5", "F6",
            ],
        );
        let s = two_link_single_digit(&c).expect("Skyscraper");
        assert_eq!(s.technique, Technique::Skyscraper);
        assert!(
            s.eliminations
                .iter()
                .all(|&(cell, d)| d == 1 && [1, 4].contains(&(cell.box_index())))
        );
        // The rows' links no longer meet in a column: no pattern.
        let c = only_where(
            1,
            &[
                "A1", "A5", "E2", "E6", "B4", "B5", "B6", "C4", "C5", "C6", "D4", "D5", "D6", "F4",
                "F5", "F6",
            ],
        );
        assert!(two_link_single_digit(&c).is_none());
    }

    #[test]
    fn empty_rectangle_on_a_real_position_and_not_when_the_box_has_a_third_line() {
        let puzzle =
            ".1..7.2......62..7.....9...5.198.....8...4..9..4....5...38..1....279...4..84...3.";
        let (c, solution) = position_before(puzzle, Technique::EmptyRectangle);
        let s = empty_rectangle(&c).expect("Empty Rectangle");
        assert_eq!(s.technique, Technique::EmptyRectangle);
        assert_eq!(s.digits, vec![6]);
        assert_eq!(s.houses[0], House::Box(8));
        assert_eq!(s.eliminations, vec![(named("H2"), 6)]);
        assert_sound(&s, &solution);
        // Built: box 1's 1s on row B and column 2 only (A2, B1, B3), and column 7's only
        // at B7 and F7. F2 would leave box 1 no 1: it goes.
        let mut cells = vec!["A2", "B1", "B3", "B7", "F7"];
        let rest: Vec<String> = (27..81)
            .map(cell)
            .filter(|c| c.col() != 6)
            .map(|c| c.name())
            .collect();
        cells.extend(rest.iter().map(String::as_str));
        let c = only_where(1, &cells);
        let s = empty_rectangle(&c).expect("Empty Rectangle");
        assert_eq!(s.eliminations, vec![(named("F2"), 1)]);
        // A 1 in C3 too, off the cross: box 1 no longer fits one row and one column.
        cells.push("C3");
        let c = only_where(1, &cells);
        assert!(empty_rectangle(&c).is_none());
    }

    #[test]
    fn simple_colouring_traps_and_wraps_on_real_positions() {
        // Trap: G8 sees G3 and B8, of opposite colours.
        let (c, solution) = position_before(
            ".4..18.6.72.........97....3..65.7.8.83...47..5....26..............4..125.....18..",
            Technique::SimpleColouring,
        );
        let s = simple_colouring(&c).expect("colouring");
        assert_eq!(s.technique, Technique::SimpleColouring);
        assert_eq!(s.eliminations, vec![(named("G8"), 4)]);
        assert_eq!(s.chain.len() % 2, 0, "a trap's ends have opposite colours");
        assert_sound(&s, &solution);
        // Wrap: two 2s of one colour in row B; that whole colour goes.
        let (c, solution) = position_before(
            ".7.8.3....38..6.5..5.4...............69.318.......25.6.953.81.........8.1.6.9...7",
            Technique::SimpleColouring,
        );
        let s = simple_colouring(&c).expect("colouring");
        assert_eq!(s.chain.len() % 2, 1, "a wrap's ends have one colour");
        assert!(
            s.eliminations.contains(&(named("B1"), 2))
                && s.eliminations.contains(&(named("B4"), 2))
        );
        assert_sound(&s, &solution);
        // A chain of 1s A1 = A5 = E5 = E9 with no other 1 anywhere: nothing to trap, no
        // colour twice in a house.
        let c = only_where(1, &["A1", "A5", "E5", "E9"]);
        assert!(simple_colouring(&c).is_none());
    }

    #[test]
    fn finned_fish_on_real_and_built_positions() {
        for (puzzle, technique) in [
            (
                ".4..5.1....7..2..35.6...8.......1...2...4........356.13.2...7...9.......7..86...9",
                Technique::FinnedXWing,
            ),
            (
                ".....9.8............4.1..5.......5..2...6..4...617.8..8....3.927.18......2....3..",
                Technique::FinnedSwordfish,
            ),
        ] {
            let (c, solution) = position_before(puzzle, technique);
            let n = if technique == Technique::FinnedXWing {
                2
            } else {
                3
            };
            let s = finned_fish(&c, n).expect("finned fish");
            assert_eq!(s.technique, technique);
            assert!(!s.chain.is_empty(), "names its fins");
            assert_sound(&s, &solution);
        }
        // 1 in row A at A1 and A5, in row E at E1, E5 and the fin E6: the 1s of column 5
        // in the fin's box (D5, F5) go; column 1's stay (they do not see the fin).
        let mut cells = vec!["A1", "A5", "E1", "E5", "E6"];
        let rest: Vec<String> = (0..81)
            .map(|i| cell(i).name())
            .filter(|n| !n.starts_with('A') && !n.starts_with('E'))
            .collect();
        cells.extend(rest.iter().map(String::as_str));
        let c = only_where(1, &cells);
        let s = finned_fish(&c, 2).expect("finned X-Wing");
        assert_eq!(s.eliminations, vec![(named("D5"), 1), (named("F5"), 1)]);
        // The fin in box 6 instead, which holds no cell of columns 1 or 5: nothing.
        cells[4] = "E8";
        let c = only_where(1, &cells);
        assert!(finned_fish(&c, 2).is_none());
    }

    #[test]
    fn w_wing_on_a_real_position_and_not_without_its_bivalue_cell() {
        let puzzle =
            "2..4..5.1.4.........3.2.....651..7.3...3.9.1...2..64.......86.4.3..6...9.8.7.....";
        let (c, solution) = position_before(puzzle, Technique::WWing);
        let s = w_wing(&c).expect("W-Wing");
        assert_eq!(s.eliminations, vec![(named("B1"), 7), (named("B3"), 7)]);
        assert_sound(&s, &solution);
        // A3 with a third candidate is no wing cell any more.
        let mut broken = c.clone();
        let a3 = named("A3").index();
        let extra = (1..=9u8)
            .find(|&d| broken.masks[a3] & (1 << d) == 0)
            .expect("a digit");
        broken.masks[a3] |= 1 << extra;
        broken.sync();
        assert!(w_wing(&broken).is_none_or(|s| !s.cells.contains(&named("A3"))));
    }

    #[test]
    fn many_hard_steps_push_a_puzzle_up_a_tier() {
        assert_eq!(score_tier(TIER_MAX_SCORE[0]), Tier::Easy);
        assert_eq!(score_tier(TIER_MAX_SCORE[0] + 1), Tier::Medium);
        assert_eq!(score_tier(TIER_MAX_SCORE[3] + 1), Tier::Extreme);
        // Over generated puzzles: the tier is the hardest technique's, or the score's.
        for seed in 0..40 {
            let p =
                crate::engine::generator::minimal(crate::engine::generator::Symmetry::None, seed);
            let g = grade(&p.givens).expect("valid");
            if g.solved_by_logic {
                let by_technique = g.hardest.map_or(Tier::Easy, Technique::tier);
                assert_eq!(g.tier, by_technique.max(score_tier(g.score)));
            }
            // Asking only up to a tier gives the same answer when the puzzle is in it.
            for max in Tier::ALL {
                let bounded = grade_within(&p.givens, max).expect("valid");
                if g.tier <= max {
                    assert_eq!(bounded, g, "seed {seed} within {max}");
                } else {
                    assert!(bounded.tier > max, "seed {seed} within {max}");
                }
            }
        }
    }
}
