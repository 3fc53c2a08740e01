//! The difficulty grader: a step-by-step logical solver over candidates that applies human
//! techniques from easiest to hardest (restarting from the easiest after each success) and
//! grades a puzzle by the hardest technique it needed.
//!
//! Techniques: full house, naked and hidden singles; locked candidates (pointing and
//! claiming); naked and hidden pairs, triples and quads; X-Wing, Swordfish, Jellyfish;
//! XY-Wing, XYZ-Wing; and alternating inference chains (AIC), which cover the single-digit
//! patterns (Skyscraper, 2-String Kite: short X-Chains), X-Chains, XY-Chains, W-Wings and
//! general AICs. When none applies, the puzzle needs trial and error: tier Extreme. The
//! grader never guesses.
//!
//! Soundness of chains rests on one rule: a strong link (X off ⇒ Y on) and a weak link
//! (X on ⇒ Y off) compose into implications, so a chain from A (assumed off) to E (then
//! on) proves "A or E"; any candidate that would rule out both A and E is false.

use std::collections::VecDeque;

use super::grid::{Cell, Grid, House};
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

fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
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
    /// A single-digit chain of at most three strong links: Skyscraper, 2-String Kite and
    /// Turbot-like patterns.
    SingleDigitPattern,
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
            Technique::SingleDigitPattern => "Single-Digit Pattern (Skyscraper / Kite)",
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
            | SingleDigitPattern => Tier::Hard,
            XChain | XYChain | Aic => Tier::Expert,
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
            SingleDigitPattern => 150,
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
    /// alternates on (strong link) and off (weak link), ending on the last.
    pub chain: Vec<(Cell, u8)>,
    pub placements: Vec<(Cell, u8)>,
    pub eliminations: Vec<(Cell, u8)>,
}

/// A board with the candidates of each empty cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidates {
    values: [u8; 81],
    /// Bit `d` set: digit `d` is still possible. 0 for filled cells.
    masks: [u16; 81],
}

impl Candidates {
    /// Candidates from the digits on `grid`; `None` when the digits clash.
    pub fn new(grid: &Grid) -> Option<Candidates> {
        if grid.conflict().is_some() {
            return None;
        }
        let mut c = Candidates {
            values: [0; 81],
            masks: [0x3FE; 81],
        };
        for (i, &v) in grid.cells().iter().enumerate() {
            if v != 0 {
                c.place(i, v);
            }
        }
        Some(c)
    }

    pub fn grid(&self) -> Grid {
        Grid::from_cells(self.values).unwrap_or_default()
    }

    pub fn mask(&self, c: Cell) -> u16 {
        self.masks[c.index()]
    }

    fn place(&mut self, i: usize, d: u8) {
        self.values[i] = d;
        self.masks[i] = 0;
        for j in 0..81 {
            if sees(i, j) {
                self.masks[j] &= !(1 << d);
            }
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
            self.masks[c.index()] &= !(1 << d);
        }
        for &(c, d) in &step.placements {
            if self.values[c.index()] == 0 {
                self.place(c.index(), d);
            }
        }
    }

    /// Cells of house `h` where digit `d` is possible, as a 9-bit position mask.
    fn positions(&self, h: usize, d: u8) -> u16 {
        let mut m = 0;
        for (k, &i) in HOUSES[h].iter().enumerate() {
            if self.has(i as usize, d) {
                m |= 1 << k;
            }
        }
        m
    }
}

fn digits_of(mask: u16) -> Vec<u8> {
    (1..=9u8).filter(|d| mask & (1 << d) != 0).collect()
}

/// The next step a strong human would take, easiest technique first.
pub fn next_step(c: &Candidates) -> Option<Step> {
    full_house(c)
        .or_else(|| hidden_single(c))
        .or_else(|| naked_single(c))
        .or_else(|| locked_candidates(c))
        .or_else(|| naked_subset(c, 2))
        .or_else(|| hidden_subset(c, 2))
        .or_else(|| naked_subset(c, 3))
        .or_else(|| hidden_subset(c, 3))
        .or_else(|| fish(c, 2))
        .or_else(|| xy_wing(c))
        .or_else(|| xyz_wing(c))
        .or_else(|| chain(c, true))
        .or_else(|| fish(c, 3))
        .or_else(|| naked_subset(c, 4))
        .or_else(|| hidden_subset(c, 4))
        .or_else(|| fish(c, 4))
        .or_else(|| chain(c, false))
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
        let empty: Vec<usize> = house
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| c.values[i] == 0)
            .collect();
        if let [i] = empty[..]
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
    // Pointing: a box's candidates of a digit on one line clear the rest of that line.
    for (b, box_cells) in HOUSES.iter().enumerate().skip(18) {
        for d in 1..=9u8 {
            let cells: Vec<usize> = box_cells
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| c.has(i, d))
                .collect();
            if cells.len() < 2 {
                continue;
            }
            for line in [cells[0] / 9, 9 + cells[0] % 9] {
                let on_line = |i: usize| {
                    if line < 9 {
                        i / 9 == line
                    } else {
                        i % 9 == line - 9
                    }
                };
                if cells.iter().all(|&i| on_line(i)) {
                    let elim: Vec<(Cell, u8)> = HOUSES[line]
                        .iter()
                        .map(|&i| i as usize)
                        .filter(|i| !box_cells.contains(&(*i as u8)) && c.has(*i, d))
                        .map(|i| (cell(i), d))
                        .collect();
                    if !elim.is_empty() {
                        let mut s = step(Technique::Pointing);
                        s.digits = vec![d];
                        s.cells = cells.iter().map(|&i| cell(i)).collect();
                        s.houses = vec![house_of(b), house_of(line)];
                        s.eliminations = elim;
                        return Some(s);
                    }
                }
            }
        }
    }
    // Claiming: a line's candidates of a digit inside one box clear the rest of the box.
    for (line, line_cells) in HOUSES.iter().enumerate().take(18) {
        for d in 1..=9u8 {
            let cells: Vec<usize> = line_cells
                .iter()
                .map(|&i| i as usize)
                .filter(|&i| c.has(i, d))
                .collect();
            if cells.len() < 2 {
                continue;
            }
            let b = 18 + cells[0] / 27 * 3 + cells[0] % 9 / 3;
            if cells.iter().all(|&i| HOUSES[b].contains(&(i as u8))) {
                let elim: Vec<(Cell, u8)> = HOUSES[b]
                    .iter()
                    .map(|&i| i as usize)
                    .filter(|i| !line_cells.contains(&(*i as u8)) && c.has(*i, d))
                    .map(|i| (cell(i), d))
                    .collect();
                if !elim.is_empty() {
                    let mut s = step(Technique::Claiming);
                    s.digits = vec![d];
                    s.cells = cells.iter().map(|&i| cell(i)).collect();
                    s.houses = vec![house_of(line), house_of(b)];
                    s.eliminations = elim;
                    return Some(s);
                }
            }
        }
    }
    None
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

/// A candidate as a node: cell * 10 + digit.
type Node = usize;

fn node(i: usize, d: u8) -> Node {
    i * 10 + d as usize
}

fn weakly_linked(a: Node, b: Node) -> bool {
    let (ia, da, ib, db) = (a / 10, a % 10, b / 10, b % 10);
    a != b && ((ia == ib) || (da == db && sees(ia, ib)))
}

/// Nodes strongly linked to `n`: exactly one of the two is true (bivalue cell, or a digit
/// with two places in a house).
fn strong_links(c: &Candidates, n: Node, out: &mut Vec<Node>) {
    out.clear();
    let (i, d) = (n / 10, (n % 10) as u8);
    if c.masks[i].count_ones() == 2 {
        let other = (c.masks[i] & !(1 << d)).trailing_zeros() as u8;
        out.push(node(i, other));
    }
    let r = i / 9;
    let col = 9 + i % 9;
    let b = 18 + i / 27 * 3 + i % 9 / 3;
    for h in [r, col, b] {
        let pos = c.positions(h, d);
        if pos.count_ones() == 2 {
            for k in (0..9).filter(|k| pos & (1 << k) != 0) {
                let j = HOUSES[h][k] as usize;
                if j != i && !out.contains(&node(j, d)) {
                    out.push(node(j, d));
                }
            }
        }
    }
}

/// Searches alternating inference chains, shortest first. With `single_digit`, only
/// chains on one digit of at most three strong links (Skyscraper, 2-String Kite...).
fn chain(c: &Candidates, single_digit: bool) -> Option<Step> {
    const MAX_STRONG: usize = 8;
    let max_strong = if single_digit { 3 } else { MAX_STRONG };
    let all: Vec<Node> = (0..81)
        .flat_map(|i| digits_of(c.masks[i]).into_iter().map(move |d| node(i, d)))
        .collect();
    let mut links = Vec::new();
    let mut strong_cache: Vec<Vec<Node>> = vec![Vec::new(); 810];
    for &n in &all {
        strong_links(c, n, &mut links);
        strong_cache[n] = links.clone();
    }
    let mut best: Option<Step> = None;
    for &start in &all {
        if strong_cache[start].is_empty() {
            continue;
        }
        // BFS over (node, parity): parity 1 = reached by a strong link (then "on" when
        // the start is off), 0 = reached by a weak link ("off").
        let mut parent: Vec<[Option<Node>; 2]> = vec![[None; 2]; 810];
        let mut depth = vec![[usize::MAX; 2]; 810];
        let mut queue = VecDeque::new();
        depth[start][0] = 0;
        queue.push_back((start, 0usize));
        while let Some((n, parity)) = queue.pop_front() {
            let strong_so_far = depth[n][parity];
            if parity == 0 {
                if strong_so_far >= max_strong {
                    continue;
                }
                for &m in &strong_cache[n] {
                    if single_digit && m % 10 != start % 10 {
                        continue;
                    }
                    if depth[m][1] == usize::MAX {
                        depth[m][1] = strong_so_far + 1;
                        parent[m][1] = Some(n);
                        queue.push_back((m, 1));
                        if let Some(s) = conclude(c, &all, start, m, &parent, single_digit)
                            && best.as_ref().is_none_or(|b| s.cells.len() < b.cells.len())
                        {
                            best = Some(s);
                        }
                    }
                }
            } else {
                // Weak links from an "on" node: every candidate it rules out.
                let (i, d) = (n / 10, (n % 10) as u8);
                for &m in &all {
                    if single_digit && m % 10 != d as usize {
                        continue;
                    }
                    let (j, e) = (m / 10, (m % 10) as u8);
                    let linked = (j == i && e != d) || (e == d && sees(i, j));
                    if linked && depth[m][0] == usize::MAX && !strong_cache[m].is_empty() {
                        depth[m][0] = strong_so_far;
                        parent[m][0] = Some(n);
                        queue.push_back((m, 0));
                    }
                }
            }
        }
        if best.as_ref().is_some_and(|b| b.cells.len() <= 4) {
            break;
        }
    }
    best
}

/// What a chain from `start` (off) to `end` (on) proves, if anything.
fn conclude(
    c: &Candidates,
    all: &[Node],
    start: Node,
    end: Node,
    parent: &[[Option<Node>; 2]],
    single_digit: bool,
) -> Option<Step> {
    let mut elim: Vec<(Cell, u8)> = Vec::new();
    let mut placements = Vec::new();
    if end == start {
        // Off implies on: the start is true.
        placements.push((cell(start / 10), (start % 10) as u8));
    } else {
        for &x in all {
            if x != start && x != end && weakly_linked(x, start) && weakly_linked(x, end) {
                elim.push((cell(x / 10), (x % 10) as u8));
            }
        }
    }
    if elim.is_empty() && placements.is_empty() {
        return None;
    }
    // Rebuild the chain: end (on) ← ... ← start (off).
    let mut nodes = vec![end];
    let (mut n, mut parity) = (end, 1usize);
    while let Some(p) = parent[n][parity] {
        nodes.push(p);
        n = p;
        parity ^= 1;
        if n == start && parity == 0 {
            break;
        }
        if nodes.len() > 40 {
            return None;
        }
    }
    nodes.reverse();
    let digits: Vec<u8> = {
        let mut ds: Vec<u8> = nodes.iter().map(|&n| (n % 10) as u8).collect();
        ds.sort_unstable();
        ds.dedup();
        ds
    };
    let strong = nodes.len() / 2;
    let technique = if digits.len() == 1 {
        if single_digit && strong <= 3 {
            Technique::SingleDigitPattern
        } else {
            Technique::XChain
        }
    } else if nodes.chunks(2).all(|pair| {
        pair.len() == 2 && pair[0] / 10 == pair[1] / 10 && c.masks[pair[0] / 10].count_ones() == 2
    }) {
        Technique::XYChain
    } else {
        Technique::Aic
    };
    let mut s = step(technique);
    s.digits = digits;
    s.cells = nodes.iter().map(|&n| cell(n / 10)).collect();
    s.chain = nodes
        .iter()
        .map(|&n| (cell(n / 10), (n % 10) as u8))
        .collect();
    s.eliminations = elim;
    s.placements = placements;
    Some(s)
}

/// A puzzle's grade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    pub tier: Tier,
    pub score: u32,
    /// The hardest technique used; `None` when nothing was needed.
    pub hardest: Option<Technique>,
    /// False when the techniques ran out: the puzzle needs trial and error (Extreme).
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
    let mut c = Candidates::new(puzzle)?;
    let mut steps = Vec::new();
    while !c.is_solved() {
        let Some(s) = next_step(&c) else {
            break;
        };
        c.apply(&s);
        steps.push(s);
        if steps.len() > 400 {
            break;
        }
    }
    let solved = c.is_solved();
    let hardest = steps.iter().map(|s| s.technique).max();
    let score = steps.iter().map(|s| s.technique.weight()).sum();
    let tier = if solved {
        hardest.map_or(Tier::Easy, Technique::tier)
    } else {
        Tier::Extreme
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
        let Some(g) = grade(&puzzle.givens) else {
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
        // kept by construction; the re-grade below only confirms it.
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
        if let Some(g) = grade(&givens)
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
            prop_assert_eq!(g.tier == Tier::Extreme, !g.solved_by_logic);
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
    fn extreme_puzzles_are_found_and_need_trial_and_error() {
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
            assert!(!g.solved_by_logic);
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
        let mut c = Candidates {
            values: [0; 81],
            masks: [0x3FE; 81],
        };
        for col in 1..8 {
            c.masks[col] &= !(1 << 1);
            c.masks[72 + col] &= !(1 << 1);
        }
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
        assert!(fish(&c, 2).is_none_or(
            |s| s.digits != vec![1] || s.houses.iter().all(|h| !matches!(h, House::Row(0)))
        ));
    }

    #[test]
    fn naked_pair_and_locked_candidates_on_built_positions() {
        let mut c = Candidates {
            values: [0; 81],
            masks: [0x3FE; 81],
        };
        // A1 and A2 hold only {1,2}: 1 and 2 leave the rest of row A and box 1.
        c.masks[0] = 0b110;
        c.masks[1] = 0b110;
        let s = naked_subset(&c, 2).expect("pair");
        assert_eq!(s.technique, Technique::NakedPair);
        assert!(
            s.eliminations
                .iter()
                .all(|&(cell, d)| (d == 1 || d == 2) && cell.index() > 1)
        );
        // Pointing: 5 in box 1 only on row A.
        let mut c = Candidates {
            values: [0; 81],
            masks: [0x3FE; 81],
        };
        for i in [9, 10, 11, 18, 19, 20] {
            c.masks[i] &= !(1 << 5);
        }
        let s = locked_candidates(&c).expect("pointing");
        assert_eq!(s.technique, Technique::Pointing);
        assert!(
            s.eliminations
                .iter()
                .all(|&(cell, d)| d == 5 && cell.row() == 0 && cell.col() >= 3)
        );
    }
}
