//! The chain machinery: candidates as nodes of a graph of strong and weak links, and the
//! breadth-first search for the alternating inference chain that proves the most. The
//! techniques that name what a chain found live in `techniques`.
//!
//! A candidate is a node `cell * 9 + digit - 1` (729 of them); a set of nodes is a
//! 729-bit set. The weak links of every node (same cell, or same digit in a peer cell) do
//! not depend on the position, so they are a table built at compile time; a position only
//! masks them with the candidates still present. Strong links (bivalue cells, digits with
//! two places in a house) are listed once per search. A search is then a breadth-first
//! walk of bit sets from each start, so the shortest chain to every end is found with no
//! allocation in the inner loop. A single-digit chain (X-Chain and the two-link patterns)
//! needs only that digit's 81 cells, so it has its own search on 81-bit cell sets, the
//! same walk on a sixth of the words.

use super::candidates::{Candidates, Digits, HOUSES, PEER_CELLS, sees};

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
pub(super) fn for_each_bit(b: &Bits, mut f: impl FnMut(usize)) {
    for (k, &w) in b.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f(k * 64 + w.trailing_zeros() as usize);
            w &= w - 1;
        }
    }
}

pub(super) fn node_cell(n: usize) -> usize {
    n / 9
}

pub(super) fn node_digit(n: usize) -> u8 {
    (n % 9) as u8 + 1
}

/// What a placement found by a chain is worth against eliminations: more than any.
const PLACEMENT: u32 = 1000;

/// The candidates of a position as nodes, with their strong links.
pub(super) struct Graph {
    present: Bits,
    /// The candidates of bivalue cells: an XY-Chain's nodes.
    bivalue_nodes: Bits,
    /// The nodes with at least one strong link: the only ones a chain can leave by one.
    linked: Bits,
    strong: [[u16; 4]; NODES],
    nstrong: [u8; NODES],
}

impl Graph {
    pub(super) fn new(c: &Candidates) -> Box<Graph> {
        let mut g = Box::new(Graph {
            present: [0; WORDS],
            bivalue_nodes: [0; WORDS],
            linked: [0; WORDS],
            strong: [[0; 4]; NODES],
            nstrong: [0; NODES],
        });
        for i in 0..81 {
            let m = c.masks[i];
            for d in Digits(m) {
                set_bit(&mut g.present, i * 9 + d as usize - 1);
            }
            if m.count_ones() == 2 {
                for d in Digits(m) {
                    set_bit(&mut g.bivalue_nodes, i * 9 + d as usize - 1);
                }
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
                set_bit(&mut self.linked, x);
            }
        }
    }
}

/// What a chain proved: the chain itself (first node assumed off, then alternately on and
/// off), and either the start's placement or eliminations.
pub(super) struct Found {
    pub(super) nodes: Vec<usize>,
    /// How much it proves: the number of eliminations, or [`PLACEMENT`].
    pub(super) proved: u32,
    pub(super) placement: bool,
    pub(super) eliminations: Bits,
}

/// Which candidates a chain on the whole graph may use (single-digit chains have
/// [`best_x_chain`]).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum ChainKind {
    /// Bivalue cells only, strong inside a cell and weak between cells on one digit: an
    /// XY-Chain.
    Bivalue,
    /// Any alternating inference chain.
    Any,
}

/// The nodes of each digit (index `d - 1`): the nodes an XY-Chain may enter a cell on
/// after leaving the last on that digit.
static DIGIT_NODES: [Bits; 9] = {
    let mut t = [[0u64; WORDS]; 9];
    let mut d = 0;
    while d < 9 {
        let mut i = 0;
        while i < 81 {
            let n = i * 9 + d;
            t[d][n / 64] |= 1 << (n % 64);
            i += 1;
        }
        d += 1;
    }
    t
};

/// Reusable buffers of one search: the parents of the nodes reached (read only for nodes
/// reached in the current walk, so never cleared between walks) and the level lists.
struct Walk {
    par_on: [u16; NODES],
    par_off: [u16; NODES],
    frontier: Vec<u16>,
    next: Vec<u16>,
    on_level: Vec<u16>,
}

/// The alternating inference chain of `kind` (at most `max_strong` strong links) whose
/// two ends prove the most: a candidate seeing both ends is false, and a chain from a
/// candidate (off) back to itself (on) proves it true (a placement, worth more than any
/// elimination). Among equals, the shortest. HoDoKu picks its chains this way, and a
/// chain that removes three candidates saves the steps that would remove them one by one.
pub(super) fn best_chain(g: &Graph, kind: ChainKind, max_strong: usize) -> Option<Found> {
    let allowed = match kind {
        ChainKind::Bivalue => g.bivalue_nodes,
        ChainKind::Any => g.present,
    };
    best_chain_on(g, &allowed, kind == ChainKind::Bivalue, max_strong)
}

/// Where a walk goes off from a node on: its weak links into these nodes. Index 0 for
/// any chain; for an XY-Chain, index `d - 1` after a node on digit `d` (it leaves the cell
/// by its other digit and enters the next on the same digit).
type Onward = [Bits; 9];

/// The nodes a walk on `allowed` may reach off. A node without a strong link goes nowhere
/// from there and is never a chain's link, so it is left out of the walk's sets (and
/// parents) altogether.
fn onward(g: &Graph, allowed: &Bits, xy: bool) -> Box<Onward> {
    let linked: Bits = std::array::from_fn(|x| allowed[x] & g.linked[x]);
    Box::new(std::array::from_fn(|d| {
        std::array::from_fn(|x| linked[x] & if xy { DIGIT_NODES[d][x] } else { !0 })
    }))
}

/// What every walk of one search shares.
struct Search<'a> {
    g: &'a Graph,
    allowed: &'a Bits,
    onward: &'a Onward,
    /// An XY-Chain's links only.
    xy: bool,
    max_strong: usize,
}

/// [`best_chain`] on the nodes `allowed`; `xy`: an XY-Chain's links only.
fn best_chain_on(g: &Graph, allowed: &Bits, xy: bool, max_strong: usize) -> Option<Found> {
    let onward = onward(g, allowed, xy);
    let search = Search {
        g,
        allowed,
        onward: &onward,
        xy,
        max_strong,
    };
    // (proved, strong links, start, end): the best chain so far.
    let mut best: Option<(u32, usize, usize, usize)> = None;
    let mut w = Box::new(Walk {
        par_on: [0; NODES],
        par_off: [0; NODES],
        frontier: Vec::with_capacity(NODES),
        next: Vec::with_capacity(NODES),
        on_level: Vec::with_capacity(NODES),
    });
    // Starts in node order, as the bits of `allowed` come.
    for (x, &word) in allowed.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            let start = x * 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            if g.nstrong[start] == 0 {
                continue;
            }
            // What any chain from `start` can remove lies among the candidates it sees: a
            // start that sees fewer than the best chain removes cannot give a better one.
            let seen: Bits = std::array::from_fn(|x| WEAK[start][x] & g.present[x]);
            let most: u32 = seen.iter().map(|w| w.count_ones()).sum();
            if best.is_some_and(|(proved, ..)| most < proved && proved < PLACEMENT) {
                continue;
            }
            if let Some((proved, k, e)) = walk(&search, start, &seen, &mut w)
                && best.is_none_or(|(p0, k0, _, _)| proved > p0 || (proved == p0 && k < k0))
            {
                best = Some((proved, k, start, e));
            }
        }
    }
    let (proved, k, start, end) = best?;
    // Walk the best start again for its parents: a walk depends on its start alone, so
    // this one sets them as the first did (cheaper than copying them at every record).
    let seen: Bits = std::array::from_fn(|x| WEAK[start][x] & g.present[x]);
    walk(&search, start, &seen, &mut w);
    let placement = end == start;
    found(
        (proved, k, start, end),
        |n, on| (if on { w.par_on[n] } else { w.par_off[n] }) as usize,
        if placement {
            [0; WORDS]
        } else {
            and3(&WEAK[start], &WEAK[end], &g.present)
        },
    )
}

/// The chain (proved, strong links, start, end) found, walked back from the end (on) to
/// the start (off) by `parent(node, on)`, with its eliminations.
fn found(
    (proved, k, start, end): (u32, usize, usize, usize),
    parent: impl Fn(usize, bool) -> usize,
    eliminations: Bits,
) -> Option<Found> {
    let mut nodes = vec![end];
    let (mut n, mut on) = (end, true);
    while n != start || on {
        n = parent(n, on);
        on = !on;
        nodes.push(n);
        if nodes.len() > 2 * k + 1 {
            return None;
        }
    }
    nodes.reverse();
    Some(Found {
        nodes,
        proved,
        placement: end == start,
        eliminations,
    })
}

/// One breadth-first walk from `start` (off), by strong links to nodes on and weak links
/// to nodes off, up to `max_strong` strong links; sets the parents of the nodes it reaches
/// and returns its best end as (proved, strong links, end): the first end, by length and
/// then by order of discovery, that proves the most.
fn walk(
    &Search {
        g,
        allowed,
        onward,
        xy,
        max_strong,
    }: &Search,
    start: usize,
    seen: &Bits,
    w: &mut Walk,
) -> Option<(u32, usize, usize)> {
    let mut vis_on: Bits = [0; WORDS];
    let mut vis_off: Bits = [0; WORDS];
    set_bit(&mut vis_off, start);
    w.frontier.clear();
    w.frontier.push(start as u16);
    let mut hit: Option<(u32, usize, usize)> = None;
    for k in 1..=max_strong {
        w.on_level.clear();
        for &n in &w.frontier {
            let n = n as usize;
            for &m in &g.strong[n][..g.nstrong[n] as usize] {
                let m = m as usize;
                if xy && node_cell(m) != node_cell(n) {
                    continue;
                }
                if bit(allowed, m) && !bit(&vis_on, m) {
                    set_bit(&mut vis_on, m);
                    w.par_on[m] = n as u16;
                    w.on_level.push(m as u16);
                }
            }
        }
        if w.on_level.is_empty() {
            break;
        }
        for &e in &w.on_level {
            let e = e as usize;
            let proved = if e == start {
                PLACEMENT
            } else {
                (0..WORDS)
                    .map(|x| (seen[x] & WEAK[e][x]).count_ones())
                    .sum()
            };
            // Walks go by length, so a later end only wins by proving more.
            if proved > 0 && hit.is_none_or(|(p0, _, _)| proved > p0) {
                hit = Some((proved, k, e));
            }
        }
        if k == max_strong {
            break;
        }
        w.next.clear();
        for &e in &w.on_level {
            let e = e as usize;
            let weak = &WEAK[e];
            let to = &onward[if xy { node_digit(e) as usize - 1 } else { 0 }];
            for x in 0..WORDS {
                let mut new = weak[x] & to[x] & !vis_off[x];
                vis_off[x] |= new;
                while new != 0 {
                    let m = x * 64 + new.trailing_zeros() as usize;
                    new &= new - 1;
                    w.par_off[m] = e as u16;
                    w.next.push(m as u16);
                }
            }
        }
        std::mem::swap(&mut w.frontier, &mut w.next);
        if w.frontier.is_empty() {
            break;
        }
    }
    hit
}

/// One digit's candidates and conjugate pairs: what a single-digit chain walks on.
pub(super) struct DigitLinks {
    d0: usize,
    /// The cells holding the digit.
    cells: u128,
    /// Each cell's conjugate partners (row, then column, then box, each once): the
    /// digit's strong links, in the order the whole graph lists them.
    partners: [[u8; 3]; 81],
    npartners: [u8; 81],
    /// Each cell's number of candidates.
    count: [u8; 81],
}

impl DigitLinks {
    pub(super) fn new(c: &Candidates, d: u8) -> DigitLinks {
        let d = d.clamp(1, 9);
        let mut l = DigitLinks {
            d0: d as usize - 1,
            cells: c.digit_cells(d),
            partners: [[0; 3]; 81],
            npartners: [0; 81],
            count: std::array::from_fn(|i| c.masks[i].count_ones() as u8),
        };
        for (h, house) in HOUSES.iter().enumerate() {
            let pos = c.positions(h, d);
            if pos.count_ones() == 2 {
                let a = house[pos.trailing_zeros() as usize];
                let b = house[15 - pos.leading_zeros() as usize];
                for (x, y) in [(a, b), (b, a)] {
                    let k = l.npartners[x as usize] as usize;
                    if !l.partners[x as usize][..k].contains(&y) && k < 3 {
                        l.partners[x as usize][k] = y;
                        l.npartners[x as usize] += 1;
                    }
                }
            }
        }
        l
    }
}

/// A list of at most 81 cells, without allocating.
struct CellList {
    cells: [u8; 81],
    len: usize,
}

impl CellList {
    fn new() -> CellList {
        CellList {
            cells: [0; 81],
            len: 0,
        }
    }

    fn push(&mut self, i: usize) {
        if self.len < 81 {
            self.cells[self.len] = i as u8;
            self.len += 1;
        }
    }

    fn as_slice(&self) -> &[u8] {
        &self.cells[..self.len]
    }
}

/// The parents and level lists of one single-digit walk, by cell.
struct DigitWalk {
    par_on: [u8; 81],
    par_off: [u8; 81],
    frontier: CellList,
    next: CellList,
    on_level: CellList,
}

/// The X-Chain on one digit (at most `max_strong` strong links) that proves the most, as
/// [`best_chain`] chooses: the same search, starts, bound, order and choice as on the
/// 729-node graph restricted to the digit, on 81-bit sets of cells. Every node of such a
/// chain is a candidate of the digit, so a weak link is a peer cell holding it, and a
/// candidate that sees both ends (in other cells) is the digit in a cell that sees both.
/// A cell whose only strong link is to another digit (a bivalue cell) starts nothing and
/// leads nowhere, as on the whole graph.
pub(super) fn best_x_chain(l: &DigitLinks, max_strong: usize) -> Option<Found> {
    let mut best: Option<(u32, usize, usize, usize)> = None;
    let mut w = DigitWalk {
        par_on: [0; 81],
        par_off: [0; 81],
        frontier: CellList::new(),
        next: CellList::new(),
        on_level: CellList::new(),
    };
    let mut starts = l.cells;
    while starts != 0 {
        let s = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        if l.npartners[s] == 0 {
            continue;
        }
        // The 729-node search's bound, exactly: the candidates the start sees are the
        // cell's other digits and the peers' digit. (It also skips starts that could only
        // prove a placement, so it must be the same number to give the same chain.)
        let seen = PEER_CELLS[s] & l.cells;
        let most = seen.count_ones() + u32::from(l.count[s]).saturating_sub(1);
        if best.is_some_and(|(proved, ..)| most < proved && proved < PLACEMENT) {
            continue;
        }
        if let Some((proved, k, e)) = walk_digit(l, s, max_strong, seen, &mut w)
            && best.is_none_or(|(p0, k0, _, _)| proved > p0 || (proved == p0 && k < k0))
        {
            best = Some((proved, k, s, e));
        }
    }
    let (proved, k, s, e) = best?;
    // Again for the parents, as in the 729-node search.
    walk_digit(l, s, max_strong, PEER_CELLS[s] & l.cells, &mut w);
    let d0 = l.d0;
    let mut eliminations = [0; WORDS];
    if e != s {
        let mut common = PEER_CELLS[s] & PEER_CELLS[e] & l.cells;
        while common != 0 {
            set_bit(&mut eliminations, common.trailing_zeros() as usize * 9 + d0);
            common &= common - 1;
        }
    }
    found(
        (proved, k, s * 9 + d0, e * 9 + d0),
        |n, on| {
            (if on {
                w.par_on[n / 9]
            } else {
                w.par_off[n / 9]
            }) as usize
                * 9
                + d0
        },
        eliminations,
    )
}

/// [`walk`] on one digit's cells: from cell `s` (off), returns (proved, strong links, end
/// cell).
fn walk_digit(
    l: &DigitLinks,
    s: usize,
    max_strong: usize,
    seen: u128,
    w: &mut DigitWalk,
) -> Option<(u32, usize, usize)> {
    let mut vis_on: u128 = 0;
    let mut vis_off: u128 = 1 << s;
    w.frontier.len = 0;
    w.frontier.push(s);
    let mut hit: Option<(u32, usize, usize)> = None;
    for k in 1..=max_strong {
        w.on_level.len = 0;
        for &n in w.frontier.as_slice() {
            for &m in &l.partners[n as usize][..l.npartners[n as usize] as usize] {
                if vis_on & (1 << m) == 0 {
                    vis_on |= 1 << m;
                    w.par_on[m as usize] = n;
                    w.on_level.push(m as usize);
                }
            }
        }
        if w.on_level.len == 0 {
            break;
        }
        for &e in w.on_level.as_slice() {
            let e = e as usize;
            let proved = if e == s {
                PLACEMENT
            } else {
                (seen & PEER_CELLS[e]).count_ones()
            };
            if proved > 0 && hit.is_none_or(|(p0, _, _)| proved > p0) {
                hit = Some((proved, k, e));
            }
        }
        if k == max_strong {
            break;
        }
        w.next.len = 0;
        for &e in w.on_level.as_slice() {
            let mut new = PEER_CELLS[e as usize] & l.cells & !vis_off;
            vis_off |= new;
            while new != 0 {
                let m = new.trailing_zeros() as usize;
                new &= new - 1;
                w.par_off[m] = e;
                if l.npartners[m] > 0 {
                    w.next.push(m);
                }
            }
        }
        std::mem::swap(&mut w.frontier, &mut w.next);
        if w.frontier.len == 0 {
            break;
        }
    }
    hit
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generator::{self, Symmetry};
    use crate::engine::grader::next_step;

    /// The single-digit search finds what the 729-node search restricted to the digit
    /// finds, chain for chain, on every position of the grader's path through a few
    /// hundred minimal puzzles.
    #[test]
    fn the_single_digit_search_is_the_general_one() {
        let mut compared = 0;
        for seed in 0..300 {
            let p = generator::minimal(Symmetry::None, seed);
            let Some(mut c) = Candidates::new(&p.givens) else {
                continue;
            };
            while let Some(step) = next_step(&c) {
                let g = Graph::new(&c);
                for d in 1..=9u8 {
                    let allowed: Bits =
                        std::array::from_fn(|x| g.present[x] & DIGIT_NODES[d as usize - 1][x]);
                    let links = DigitLinks::new(&c, d);
                    for max in [2, 8] {
                        let a = best_x_chain(&links, max);
                        let b = best_chain_on(&g, &allowed, false, max);
                        let key = |f: &Option<Found>| {
                            f.as_ref()
                                .map(|f| (f.nodes.clone(), f.proved, f.placement, f.eliminations))
                        };
                        assert_eq!(key(&a), key(&b), "seed {seed} digit {d} max {max}");
                        compared += usize::from(a.is_some());
                    }
                }
                c.apply(&step);
            }
        }
        assert!(compared > 1000, "only {compared} chains compared");
    }
}
