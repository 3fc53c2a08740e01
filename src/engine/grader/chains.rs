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
//! allocation in the inner loop.

use super::candidates::{Candidates, Digits, HOUSES, sees};

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
    bivalue: [bool; 81],
    strong: [[u16; 4]; NODES],
    nstrong: [u8; NODES],
}

impl Graph {
    pub(super) fn new(c: &Candidates) -> Box<Graph> {
        let mut g = Box::new(Graph {
            present: [0; WORDS],
            bivalue: [false; 81],
            strong: [[0; 4]; NODES],
            nstrong: [0; NODES],
        });
        for i in 0..81 {
            let m = c.masks[i];
            for d in Digits(m) {
                set_bit(&mut g.present, i * 9 + d as usize - 1);
            }
            if m.count_ones() == 2 {
                g.bivalue[i] = true;
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

/// What a chain proved: the chain itself (first node assumed off, then alternately on and
/// off), and either the start's placement or eliminations.
pub(super) struct Found {
    pub(super) nodes: Vec<usize>,
    /// How much it proves: the number of eliminations, or [`PLACEMENT`].
    pub(super) proved: u32,
    pub(super) placement: bool,
    pub(super) eliminations: Bits,
}

/// Which candidates a chain may use.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum ChainKind {
    /// One digit only: an X-Chain.
    Digit(u8),
    /// Bivalue cells only, strong inside a cell and weak between cells on one digit: an
    /// XY-Chain.
    Bivalue,
    /// Any alternating inference chain.
    Any,
}

/// The alternating inference chain of `kind` (at most `max_strong` strong links) whose
/// two ends prove the most: a candidate seeing both ends is false, and a chain from a
/// candidate (off) back to itself (on) proves it true (a placement, worth more than any
/// elimination). Among equals, the shortest. HoDoKu picks its chains this way, and a
/// chain that removes three candidates saves the steps that would remove them one by one.
pub(super) fn best_chain(g: &Graph, kind: ChainKind, max_strong: usize) -> Option<Found> {
    let allowed: Bits = match kind {
        ChainKind::Digit(d) => {
            let mut b = [0; WORDS];
            for i in 0..81 {
                let n = i * 9 + d as usize - 1;
                if bit(&g.present, n) {
                    set_bit(&mut b, n);
                }
            }
            b
        }
        ChainKind::Bivalue => {
            let mut b = g.present;
            for i in (0..81).filter(|&i| !g.bivalue[i]) {
                for n in i * 9..i * 9 + 9 {
                    b[n / 64] &= !(1 << (n % 64));
                }
            }
            b
        }
        ChainKind::Any => g.present,
    };
    // XY-Chains leave a cell by its other digit and enter the next on the same digit.
    let same_digit: [Bits; 9] = std::array::from_fn(|d| {
        let mut b = [0; WORDS];
        for i in 0..81 {
            set_bit(&mut b, i * 9 + d);
        }
        b
    });
    // (proved, strong links, start, end): the best chain so far.
    let mut best: Option<(u32, usize, usize, usize)> = None;
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
        // What any chain from `start` can remove lies among the candidates it sees: a
        // start that sees fewer than the best chain removes cannot give a better one.
        let seen: Bits = std::array::from_fn(|x| WEAK[start][x] & g.present[x]);
        let most: u32 = seen.iter().map(|w| w.count_ones()).sum();
        if best.is_some_and(|(proved, ..)| most < proved && proved < PLACEMENT) {
            continue;
        }
        let mut vis_on: Bits = [0; WORDS];
        let mut vis_off: Bits = [0; WORDS];
        set_bit(&mut vis_off, start);
        frontier.clear();
        frontier.push(start);
        // (proved, strong links, end): this walk's best.
        let mut hit: Option<(u32, usize, usize)> = None;
        for k in 1..=max_strong {
            on_level.clear();
            for &n in &frontier {
                for &m in &g.strong[n][..g.nstrong[n] as usize] {
                    let m = m as usize;
                    if kind == ChainKind::Bivalue && node_cell(m) != node_cell(n) {
                        continue;
                    }
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
            next.clear();
            for &e in &on_level {
                let w = &WEAK[e];
                let only = match kind {
                    ChainKind::Bivalue => &same_digit[node_digit(e) as usize - 1],
                    _ => &allowed,
                };
                for x in 0..WORDS {
                    let mut new = w[x] & allowed[x] & only[x] & !vis_off[x];
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
        if let Some((proved, k, e)) = hit
            && best.is_none_or(|(p0, k0, _, _)| proved > p0 || (proved == p0 && k < k0))
        {
            best = Some((proved, k, start, e));
            best_parents = Some((par_on.clone(), par_off.clone()));
        }
    }
    let (proved, k, start, end) = best?;
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
        proved,
        placement,
        eliminations,
    })
}
