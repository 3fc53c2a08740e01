//! Puzzles with exactly N empty cells and exactly one solution.
//!
//! 1. A complete grid from a randomized search of the empty grid (digits tried in random
//!    order at every branch), so grids are unrelated to each other, not one fill with a
//!    shuffle on top.
//! 2. Cells (or symmetric orbits of cells) are emptied in random order, each removal kept
//!    only when the solver still counts exactly one solution. Every puzzle returned has
//!    passed that count, and a last full count before it is returned: uniqueness is
//!    proved, never sampled.
//! 3. A random-removal pass stops at a minimal puzzle, on average about 57 empty cells.
//!    Deeper targets continue with a local search on the same solution grid, guided by
//!    *unavoidable sets*: sets of cells of the solution that some other grid fills
//!    differently (swap two digits around a rectangle, for instance). A puzzle with one
//!    solution keeps a clue in every unavoidable set, and every time the solver finds a
//!    second solution, the cells where the two differ are a new unavoidable set. The
//!    sets known so far rule most candidate moves out with a few bit operations, so the
//!    solver only checks moves that might work. The moves: drop a clue no known set
//!    needs; drop two clues and give back one cell that meets every set they alone met
//!    (a net loss of one); or, when no such move is left, swap one clue for another
//!    cell (same count, new neighbourhood). After a few hundred solver calls without
//!    reaching the target, a fresh grid. Most checked moves fail (at 58 empty cells
//!    with 180° symmetry, 98% of the two-out-one-back moves find a second solution), so
//!    what the known sets say is kept up to date as sets arrive instead of recomputed
//!    per move (`Guide`); profiled, the solver then takes three quarters of the time.
//!
//! All randomness comes from the seed and all limits are counted in work units (solver
//! calls and move choices), never time, so a seed gives the same puzzle on every machine.
//! Requests that the first removal pass satisfies (the common case, up to about 56 empty
//! cells) draw exactly the same random numbers as that pass alone.
//!
//! Puzzles of a given difficulty tier are generated and graded in `graded`.

mod graded;

use std::fmt;

pub use graded::{DEFAULT_ATTEMPTS, GradedError, TIER_EMPTY, TIER_MIN_EMPTY, generate_graded};

use super::grid::{Cell, Grid, indices_see};
use super::rng::SeededRng;
use super::solver::{count_solutions, for_each_solution, random_solution};

/// The most empty cells a request may ask for: 17 clues is the proven minimum.
pub const MAX_EMPTY: usize = 64;

/// How emptied cells mirror each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    None,
    /// 180° rotation about the centre: the newspaper standard.
    Rot180,
    /// Mirror across the vertical centre line.
    Mirror,
}

impl Symmetry {
    pub const NAMES: [&'static str; 3] = ["none", "rot180", "mirror"];

    pub fn parse(text: &str) -> Option<Symmetry> {
        match text.trim().to_ascii_lowercase().as_str() {
            "none" => Some(Symmetry::None),
            "rot180" | "rotational" | "180" => Some(Symmetry::Rot180),
            "mirror" | "vertical" => Some(Symmetry::Mirror),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Mirror => "mirror",
        }
    }

    /// The cell that mirrors `cell`.
    pub fn image(self, cell: Cell) -> Cell {
        let i = cell.index();
        let image = match self {
            Symmetry::None => i,
            Symmetry::Rot180 => 80 - i,
            Symmetry::Mirror => cell.row() * 9 + (8 - cell.col()),
        };
        Cell::from_index(image).unwrap_or(cell)
    }

    /// The cells grouped into orbits: sets that are emptied or kept together.
    fn orbits(self) -> Vec<Vec<usize>> {
        let mut orbits = Vec::new();
        for cell in Cell::all() {
            let image = self.image(cell);
            if image > cell {
                orbits.push(vec![cell.index(), image.index()]);
            } else if image == cell {
                orbits.push(vec![cell.index()]);
            }
        }
        orbits
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    pub empty: usize,
    pub symmetry: Symmetry,
    pub seed: u64,
    /// The most solver calls to spend before giving up.
    pub budget: u64,
}

impl Request {
    /// The default budget: enough for every target up to 61 empty cells in the
    /// benchmark's runs, about a second of work for the hardest requests.
    pub const DEFAULT_BUDGET: u64 = 300_000;

    pub fn new(empty: usize, seed: u64) -> Request {
        Request {
            empty,
            symmetry: Symmetry::None,
            seed,
            budget: Request::DEFAULT_BUDGET,
        }
    }
}

/// A generated puzzle and its one solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub givens: Grid,
    pub solution: Grid,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error(
        "{asked} empty cells is impossible: a puzzle with one solution keeps at least 17 clues, so at most {MAX_EMPTY} cells can be empty"
    )]
    TooManyEmpty { asked: usize },
    #[error("{symmetry} symmetry cannot leave exactly {asked} empty cells")]
    SymmetryParity { symmetry: Symmetry, asked: usize },
    #[error(
        "{asked} empty cells with {symmetry} symmetry is too rare to find; with {symmetry} symmetry ask for {max} or fewer, or drop the symmetry (up to {MAX_EMPTY})"
    )]
    SymmetryTooEmpty {
        symmetry: Symmetry,
        asked: usize,
        max: usize,
    },
    #[error("{}", not_found(*asked, *symmetry))]
    NotFound { asked: usize, symmetry: Symmetry },
}

/// What to tell someone whose request ran out of budget: what to ask for instead.
fn not_found(asked: usize, symmetry: Symmetry) -> String {
    match symmetry {
        Symmetry::None => format!(
            "no puzzle with {asked} empty cells found within the search budget; try again, or ask for fewer empty cells"
        ),
        _ => format!(
            "no puzzle with {asked} empty cells and {symmetry} symmetry found within the search budget; symmetric puzzles that empty are rare, try 58 or fewer, or no symmetry (up to {MAX_EMPTY})"
        ),
    }
}

/// Generates a puzzle with exactly `request.empty` empty cells and a unique solution.
pub fn generate(request: &Request) -> Result<Puzzle, GenerateError> {
    // The counts search cannot reach in time come from the pool, or are refused at once.
    if let Some(served) = super::pool::serve(request) {
        return served;
    }
    search(request)
}

/// [`generate`] by search alone, without the pool.
pub(crate) fn search(request: &Request) -> Result<Puzzle, GenerateError> {
    let n = request.empty;
    if n > MAX_EMPTY {
        return Err(GenerateError::TooManyEmpty { asked: n });
    }
    let shape = Shape::new(request.symmetry, Some(n));
    if shape.pre_emptied.count_ones() as usize % 2 != n % 2
        && shape.size.iter().all(|&s| s % 2 == 0)
    {
        return Err(GenerateError::SymmetryParity {
            symmetry: request.symmetry,
            asked: n,
        });
    }
    let mut search = Search {
        rng: SeededRng::new(request.seed),
        work: 0,
        budget: request.budget,
    };
    let per_grid = walk_per_grid(n, request.symmetry);
    while search.work < search.budget {
        search.work += 1;
        let Some(solution) = random_solution(&Grid::empty(), &mut search.rng) else {
            break;
        };
        let mut walk = Walk::new(&shape, solution);
        let mut done = search.carve(&mut walk, n);
        if !done {
            let limit = search.work.saturating_add(per_grid);
            done = search.improve(&mut walk, n, limit);
        }
        if done {
            let givens = walk.grid(walk.clues);
            // Every step above was checked by a count already; this one is the proof
            // of the puzzle actually returned, whatever the steps did.
            search.work += 1;
            if givens.empty_count() == n && count_solutions(&givens, 2) == 1 {
                return Ok(Puzzle { givens, solution });
            }
            debug_assert!(false, "a generated puzzle failed its final check");
        }
    }
    Err(GenerateError::NotFound {
        asked: n,
        symmetry: request.symmetry,
    })
}

/// A random minimal puzzle: one solution, and removing any clue (any orbit, with a
/// symmetry) would allow several. One pass suffices: a clue that could not go earlier
/// cannot go later either, since removing clues only ever adds solutions.
pub fn minimal(symmetry: Symmetry, seed: u64) -> Puzzle {
    let shape = Shape::new(symmetry, None);
    let mut search = Search {
        rng: SeededRng::new(seed),
        work: 0,
        budget: u64::MAX,
    };
    // The empty grid always has a solution; the fallback only satisfies the types.
    let solution = random_solution(&Grid::empty(), &mut search.rng).unwrap_or_else(Grid::empty);
    let mut walk = Walk::new(&shape, solution);
    search.carve(&mut walk, 81);
    Puzzle {
        givens: walk.grid(walk.clues),
        solution,
    }
}

/// Work the local search may spend on one grid before a fresh one. Most grids have
/// puzzles down to 20 clues, so up to 61 empty cells a walk that has not got there is
/// more often stuck than slow; below that, nearly every grid gets there in a few steps.
/// Symmetric moves are coarser (clues go in pairs) and need a longer walk. Measured in
/// the lab: 600 per grid is the best of 100/300/600/1000/3000 at 60-61 empty, 1,000 for
/// rot180 at 58-60.
fn walk_per_grid(empty: usize, symmetry: Symmetry) -> u64 {
    match (symmetry, empty) {
        (Symmetry::None, 0..=58) => 200,
        (Symmetry::None, 59..=61) => 600,
        (Symmetry::None, _) => 2_000,
        (_, 0..=61) => 1_000,
        _ => 2_000,
    }
}

/// A set of cells: bit `i` is cell `i`.
type Cells = u128;
/// A set of orbits: bit `o` is orbit `o` (there are at most 81).
type Orbits = u128;

const ALL_CELLS: Cells = (1 << 81) - 1;

/// The cells sharing a row, column or box with each cell, the cell included.
const PEERS: [Cells; 81] = {
    let mut t = [0; 81];
    let mut a = 0;
    while a < 81 {
        let mut b = 0;
        while b < 81 {
            if indices_see(a, b) {
                t[a] |= 1 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

/// Which cells go together, for one request.
struct Shape {
    /// The cells of each orbit.
    cells: Vec<Cells>,
    /// How many cells each orbit has (1 or 2).
    size: Vec<usize>,
    /// The orbits of each size.
    of_size: [Orbits; 3],
    /// The orbit of each cell; `None` for a cell decided up front.
    orbit_of: [Option<u8>; 81],
    /// Cells decided up front to stay given.
    fixed: Cells,
    /// Cells decided up front to be empty.
    pre_emptied: Cells,
    /// Every orbit.
    all: Orbits,
}

impl Shape {
    /// The orbits of `symmetry`; with a target count, the cells that the target's parity
    /// decides are set aside.
    fn new(symmetry: Symmetry, target: Option<usize>) -> Shape {
        let mut orbits = symmetry.orbits();
        let (mut fixed, mut pre_emptied) = (0, 0);
        // Orbits of one cell (those the symmetry maps to themselves) fix the parity of
        // what can be emptied; with mirror symmetry column 5 is nine such cells and any
        // count works. With 180° rotation only the centre is, so it is decided up front:
        // empty exactly when N is odd.
        if let (Symmetry::Rot180, Some(n)) = (symmetry, target) {
            let centre: Cells = orbits
                .iter()
                .filter(|o| o.len() == 1)
                .fold(0, |m, o| m | 1 << o[0]);
            orbits.retain(|o| o.len() == 2);
            if n % 2 == 1 {
                pre_emptied = centre;
            } else {
                fixed = centre;
            }
        }
        let mut orbit_of = [None; 81];
        for (k, orbit) in orbits.iter().enumerate() {
            for &c in orbit {
                orbit_of[c] = Some(k as u8);
            }
        }
        Shape {
            cells: orbits
                .iter()
                .map(|o| o.iter().fold(0, |m, &c| m | 1 << c))
                .collect(),
            size: orbits.iter().map(Vec::len).collect(),
            of_size: std::array::from_fn(|size| {
                (0..orbits.len())
                    .filter(|&o| orbits[o].len() == size)
                    .fold(0, |m, o| m | 1 << o)
            }),
            orbit_of,
            fixed,
            pre_emptied,
            all: if orbits.len() == 128 {
                !0
            } else {
                (1 << orbits.len()) - 1
            },
        }
    }

    /// The orbits that meet `cells`.
    fn orbits_meeting(&self, mut cells: Cells) -> Orbits {
        let mut orbits = 0;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if let Some(o) = self.orbit_of[c] {
                orbits |= 1 << o;
            }
        }
        orbits
    }

    /// The cells of `orbits`.
    fn cells_of(&self, orbits: Orbits) -> Cells {
        bits(orbits).fold(0, |m, o| m | self.cells[o])
    }

    /// Empty cells gained by emptying `removed` and giving back `added`.
    fn gain(&self, removed: Orbits, added: Orbits) -> isize {
        let size = |set: Orbits| bits(set).map(|o| self.size[o]).sum::<usize>() as isize;
        size(removed) - size(added)
    }
}

/// The members of a bit set, lowest first.
fn bits(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let b = set.trailing_zeros() as usize;
            set &= set - 1;
            b
        })
    })
}

/// The `k`-th member (from 0) of a bit set that has more than `k`.
fn nth_bit(set: u128, k: usize) -> usize {
    bits(set)
        .nth(k)
        .unwrap_or_else(|| unreachable!("k is below the set's size"))
}

/// An unavoidable set of the solution: its cells, and the orbits that meet it.
#[derive(Clone, Copy)]
struct Unavoidable {
    cells: Cells,
    orbits: Orbits,
}

/// A puzzle being carved out of one solution, and what has been learned about it.
struct Walk<'a> {
    shape: &'a Shape,
    solution: Grid,
    /// The given cells.
    clues: Cells,
    /// The given orbits.
    given: Orbits,
    empty: usize,
    /// Unavoidable sets found so far, none of them met by a fixed given.
    known: Vec<Unavoidable>,
    /// What the known sets say about the current givens, for the local search.
    guide: Option<Guide>,
}

/// What the known unavoidable sets say about one set of given orbits: which givens they
/// need, and what could stand in for one or two of them. The local search reads this at
/// every move, and most moves fail (the solver finds a second solution and one more set
/// is learned) without changing the givens, so it is kept up to date rather than rebuilt
/// from all the sets each time: rebuilt only when the givens change, and otherwise
/// extended by the sets learned since the last move.
struct Guide {
    /// The givens it describes.
    given: Orbits,
    /// How many of the known sets it has taken in.
    seen: usize,
    /// The given orbits, lowest first.
    orbits: Vec<usize>,
    /// The position in `orbits` of each given orbit.
    index: [u8; 128],
    /// Per given orbit: the orbits that meet every known set that it alone meets among
    /// the givens; all ones while no set needs it (a set never holds every orbit).
    alone: Vec<Orbits>,
    /// Per pair of given orbits (`a * k + b` for positions `a < b`): the orbits that meet
    /// every known set that the two alone meet among the givens.
    pair: Vec<Orbits>,
}

impl Guide {
    fn new(given: Orbits) -> Guide {
        let orbits: Vec<usize> = bits(given).collect();
        let k = orbits.len();
        let mut index = [0u8; 128];
        for (i, &o) in orbits.iter().enumerate() {
            index[o] = i as u8;
        }
        Guide {
            given,
            seen: 0,
            orbits,
            index,
            alone: vec![!0; k],
            pair: vec![!0; k * k],
        }
    }

    /// Takes in the sets of `known` learned since the last call.
    fn take_in(&mut self, known: &[Unavoidable]) {
        let k = self.orbits.len();
        for u in &known[self.seen..] {
            let met = u.orbits & self.given;
            match met.count_ones() {
                1 => {
                    let a = self.index[met.trailing_zeros() as usize] as usize;
                    self.alone[a] &= u.orbits;
                }
                2 => {
                    let a = self.index[met.trailing_zeros() as usize] as usize;
                    let b = self.index[127 - met.leading_zeros() as usize] as usize;
                    self.pair[a * k + b] &= u.orbits;
                }
                _ => {}
            }
        }
        self.seen = known.len();
    }

    /// Whether some known set meets given orbit `a` (by position) and no other given.
    fn needed(&self, a: usize) -> bool {
        self.alone[a] != !0
    }
}

/// Past this many known sets, new ones are not kept: checking them would cost more
/// than the solver calls they save.
const MAX_KNOWN: usize = 2_000;

impl<'a> Walk<'a> {
    fn new(shape: &'a Shape, solution: Grid) -> Walk<'a> {
        let mut walk = Walk {
            shape,
            solution,
            clues: ALL_CELLS & !shape.pre_emptied,
            given: shape.all,
            empty: shape.pre_emptied.count_ones() as usize,
            known: Vec::new(),
            guide: None,
        };
        walk.learn_digit_pairs();
        walk
    }

    /// The puzzle whose givens are `clues`.
    fn grid(&self, clues: Cells) -> Grid {
        // Two 64-bit halves: shifting a u128 by a variable amount costs several
        // instructions per cell, and this runs before every solver call.
        let mut cells = *self.solution.cells();
        let (low, high) = cells.split_at_mut(64);
        let keep = |half: &mut [u8], bits: u64| {
            for (i, v) in half.iter_mut().enumerate() {
                *v &= ((bits >> i & 1) as u8).wrapping_neg();
            }
        };
        keep(low, clues as u64);
        keep(high, (clues >> 64) as u64);
        Grid::from_cells(cells).unwrap_or_else(|| unreachable!("solution digits are 1-9"))
    }

    /// The clues after emptying `removed` and giving back `added`.
    fn clues_after(&self, removed: Orbits, added: Orbits) -> Cells {
        (self.clues & !self.shape.cells_of(removed)) | self.shape.cells_of(added)
    }

    /// False when `clues` misses a known unavoidable set, so cannot have one solution.
    fn may_be_unique(&self, clues: Cells) -> bool {
        self.known.iter().all(|u| u.cells & clues != 0)
    }

    fn learn(&mut self, cells: Cells) {
        if cells == 0 || cells & self.shape.fixed != 0 || self.known.len() >= MAX_KNOWN {
            return;
        }
        // No set arrives twice, so there is nothing to deduplicate: the groups of one
        // digit pair are disjoint and those of two pairs hold different digits, and a
        // set learned from a second solution misses the clues that `check` tested, which
        // every known set meets (`may_be_unique` came first).
        self.known.push(Unavoidable {
            cells,
            orbits: self.shape.orbits_meeting(cells),
        });
    }

    /// Learns the cells where `other`, another solution, differs from ours.
    fn learn_from(&mut self, other: &Grid) {
        let differ = (0..81).fold(0, |m: Cells, i| {
            m | ((other.cells()[i] != self.solution.cells()[i]) as Cells) << i
        });
        self.learn(differ);
    }

    /// The unavoidable sets made of two digits, found without the solver: for digits
    /// x and y, join the x and the y of each row, column and box; swapping x and y in
    /// one group of joined cells leaves a valid grid.
    fn learn_digit_pairs(&mut self) {
        let mut of_digit = [0 as Cells; 10];
        for (i, &v) in self.solution.cells().iter().enumerate() {
            of_digit[v as usize] |= 1 << i;
        }
        for x in 1..=9 {
            for y in x + 1..=9 {
                let mut rest = of_digit[x] | of_digit[y];
                while rest != 0 {
                    // Grow a group from its lowest cell through shared houses.
                    let mut group: Cells = 1 << rest.trailing_zeros();
                    loop {
                        let grown = bits(group).fold(group, |m, c| m | PEERS[c] & rest);
                        if grown == group {
                            break;
                        }
                        group = grown;
                    }
                    rest &= !group;
                    self.learn(group);
                }
            }
        }
    }

    /// The guide for the current givens, up to date with every known set.
    fn guide(&mut self) -> &Guide {
        let given = self.given;
        if self.guide.as_ref().is_some_and(|g| g.given != given) {
            self.guide = None;
        }
        let guide = self.guide.get_or_insert_with(|| Guide::new(given));
        guide.take_in(&self.known);
        guide
    }

    fn apply(&mut self, removed: Orbits, added: Orbits) {
        self.clues = self.clues_after(removed, added);
        self.given = (self.given & !removed) | added;
        self.empty = (self.empty as isize + self.shape.gain(removed, added)) as usize;
    }
}

struct Search {
    rng: SeededRng,
    /// Work units spent so far: solver calls, and move choices in the local search.
    work: u64,
    budget: u64,
}

/// A local-search move: orbits to empty, orbits to give back.
type Move = (Orbits, Orbits);

impl Search {
    /// True when the puzzle with `clues` has one solution. A second solution, if any,
    /// teaches the walk a new unavoidable set.
    fn check(&mut self, w: &mut Walk, clues: Cells) -> bool {
        if !w.may_be_unique(clues) {
            return false;
        }
        self.work += 1;
        let mut other = None;
        let solution = w.solution;
        let found = for_each_solution(&w.grid(clues), 2, |_, g| {
            if *g != solution {
                other = Some(*g);
            }
        });
        match other {
            Some(g) if found > 1 => {
                w.learn_from(&g);
                false
            }
            _ => found == 1,
        }
    }

    /// Empties orbits in random order while the solution stays unique, stopping at
    /// exactly `target` empty cells. True when the target was reached.
    fn carve(&mut self, w: &mut Walk, target: usize) -> bool {
        let mut order: Vec<usize> = (0..w.shape.size.len()).collect();
        self.rng.shuffle(&mut order);
        for o in order {
            if w.empty == target {
                return true;
            }
            if w.given >> o & 1 == 0 || w.empty + w.shape.size[o] > target {
                continue;
            }
            let clues = w.clues_after(1 << o, 0);
            if self.check(w, clues) {
                w.apply(1 << o, 0);
            }
        }
        w.empty == target
    }

    /// Local search from a unique puzzle towards `target` empty cells, until the work
    /// count reaches `limit`. True when the target was reached.
    fn improve(&mut self, w: &mut Walk, target: usize, limit: u64) -> bool {
        let limit = limit.min(self.budget);
        while w.empty < target && self.work < limit {
            self.work += 1;
            let Some((removed, added)) = self.choose_move(w, target) else {
                return false;
            };
            let clues = w.clues_after(removed, added);
            if self.check(w, clues) {
                w.apply(removed, added);
            }
        }
        w.empty == target
    }

    /// A move that the known unavoidable sets allow, and that does not go past
    /// `target`: dropping one orbit if any may go; else dropping two and giving one
    /// back; else swapping one for another. `None` when the known sets allow none.
    fn choose_move(&mut self, w: &mut Walk, target: usize) -> Option<Move> {
        let shape = w.shape;
        let room = (target - w.empty) as isize;
        let free = shape.all & !w.given;
        let guide = w.guide();
        let (given, alone, pair) = (&guide.orbits, &guide.alone, &guide.pair);
        let k = given.len();
        // Orbits that, given back for `removed` empty cells, gain between `lo` and
        // `room` empty cells.
        let fitting = |removed: usize, lo: isize| -> Orbits {
            let fits = |size: usize| (lo..=room).contains(&(removed as isize - size as isize));
            free & (1..=2)
                .filter(|&size| fits(size))
                .fold(0, |m, size| m | shape.of_size[size])
        };
        let fits_by_size: [Orbits; 5] = std::array::from_fn(|r| fitting(r, 1));
        let same_by_size: [Orbits; 3] = std::array::from_fn(|r| fitting(r, 0));

        // 1. An orbit no known set needs: try it alone.
        let loose: Vec<usize> = (0..k)
            .filter(|&a| !guide.needed(a) && shape.size[given[a]] as isize <= room)
            .collect();
        if !loose.is_empty() {
            let a = loose[self.rng.below(loose.len())];
            return Some((1 << given[a], 0));
        }
        // 2. Two out, one back.
        let mut moves: Vec<(usize, usize, Orbits)> = Vec::new();
        let mut total = 0;
        for a in 0..k {
            for b in a + 1..k {
                let removed = shape.size[given[a]] + shape.size[given[b]];
                let back = alone[a] & alone[b] & pair[a * k + b] & fits_by_size[removed];
                if back != 0 {
                    total += back.count_ones() as usize;
                    moves.push((a, b, back));
                }
            }
        }
        if total > 0 {
            let mut r = self.rng.below(total);
            for (a, b, back) in moves {
                let n = back.count_ones() as usize;
                if r < n {
                    return Some((1 << given[a] | 1 << given[b], 1 << nth_bit(back, r)));
                }
                r -= n;
            }
        }
        // 3. One out, another in.
        let mut swaps: Vec<(usize, Orbits)> = Vec::new();
        let mut total = 0;
        for a in 0..k {
            let back = alone[a] & same_by_size[shape.size[given[a]]];
            if back != 0 {
                total += back.count_ones() as usize;
                swaps.push((a, back));
            }
        }
        if total > 0 {
            let mut r = self.rng.below(total);
            for (a, back) in swaps {
                let n = back.count_ones() as usize;
                if r < n {
                    return Some((1 << given[a], 1 << nth_bit(back, r)));
                }
                r -= n;
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::solver::has_unique_solution;

    #[test]
    fn same_seed_same_puzzle_other_seed_other_puzzle() {
        let a = generate(&Request::new(45, 7)).unwrap();
        let b = generate(&Request::new(45, 7)).unwrap();
        let c = generate(&Request::new(45, 8)).unwrap();
        assert_eq!(a, b);
        assert_ne!(a.solution, c.solution);
    }

    #[test]
    fn exact_count_unique_solution_and_givens_from_the_solution() {
        for (n, seed) in [(0, 1), (1, 2), (30, 3), (40, 4), (55, 5), (58, 6)] {
            let p = generate(&Request::new(n, seed)).unwrap();
            assert_eq!(p.givens.empty_count(), n);
            assert!(has_unique_solution(&p.givens));
            assert!(p.solution.is_solved());
            assert!(p.givens.is_contained_in(&p.solution));
        }
    }

    #[test]
    fn rot180_empties_mirror_each_other_for_odd_and_even_counts() {
        for n in [41, 50] {
            let mut r = Request::new(n, 11);
            r.symmetry = Symmetry::Rot180;
            let p = generate(&r).unwrap();
            assert_eq!(p.givens.empty_count(), n);
            for cell in Cell::all() {
                let image = Symmetry::Rot180.image(cell);
                assert_eq!(p.givens.get(cell).is_none(), p.givens.get(image).is_none());
            }
        }
    }

    #[test]
    fn sixty_five_empty_cells_is_refused_with_the_reason() {
        let err = generate(&Request::new(65, 1)).unwrap_err();
        assert_eq!(err, GenerateError::TooManyEmpty { asked: 65 });
        assert!(err.to_string().contains("at least 17 clues"));
    }

    #[test]
    fn deep_targets_come_from_the_local_search_and_are_unique() {
        for (n, symmetry, seed) in [
            (60, Symmetry::None, 1),
            (61, Symmetry::None, 2),
            (58, Symmetry::Rot180, 3),
            (57, Symmetry::Rot180, 4),
            (58, Symmetry::Mirror, 5),
            (59, Symmetry::Mirror, 6),
        ] {
            let r = Request {
                empty: n,
                symmetry,
                seed,
                budget: Request::DEFAULT_BUDGET,
            };
            let p = search(&r).unwrap();
            assert_eq!(p.givens.empty_count(), n);
            assert_eq!(count_solutions(&p.givens, 2), 1);
            assert!(p.givens.is_contained_in(&p.solution));
            for cell in Cell::all() {
                let image = symmetry.image(cell);
                assert_eq!(p.givens.get(cell).is_none(), p.givens.get(image).is_none());
            }
            assert_eq!(search(&r).unwrap(), p, "same request, same puzzle");
        }
    }

    #[test]
    fn digit_pair_sets_are_unavoidable() {
        // Every set learned from the solution alone must really be unavoidable: the
        // solution with those cells emptied has another completion.
        let shape = Shape::new(Symmetry::None, Some(60));
        let solution = minimal(Symmetry::None, 9).solution;
        let walk = Walk::new(&shape, solution);
        assert!(walk.known.len() >= 36);
        for u in &walk.known {
            let puzzle = walk.grid(ALL_CELLS & !u.cells);
            assert!(count_solutions(&puzzle, 2) >= 2);
        }
    }

    #[test]
    fn minimal_puzzles_are_unique_and_need_every_clue() {
        let p = minimal(Symmetry::None, 3);
        assert_eq!(count_solutions(&p.givens, 2), 1);
        for cell in Cell::all() {
            if p.givens.get(cell).is_some() {
                let mut less = p.givens;
                less.set(cell, None);
                assert_eq!(count_solutions(&less, 2), 2);
            }
        }
    }

    #[test]
    fn a_budget_too_small_for_62_ends_cleanly_with_not_found() {
        let mut r = Request::new(63, 4);
        r.budget = 3_000;
        assert_eq!(
            search(&r).unwrap_err(),
            GenerateError::NotFound {
                asked: 63,
                symmetry: Symmetry::None
            }
        );
    }

    #[test]
    fn a_tiny_budget_ends_cleanly_with_not_found() {
        let mut r = Request::new(64, 1);
        r.budget = 50;
        assert_eq!(
            search(&r).unwrap_err(),
            GenerateError::NotFound {
                asked: 64,
                symmetry: Symmetry::None
            }
        );
    }

    #[test]
    fn running_out_of_budget_with_symmetry_suggests_what_works() {
        let mut r = Request::new(60, 2);
        r.symmetry = Symmetry::Rot180;
        r.budget = 50;
        let e = search(&r).unwrap_err();
        assert_eq!(
            e.to_string(),
            "no puzzle with 60 empty cells and rot180 symmetry found within the search budget; symmetric puzzles that empty are rare, try 58 or fewer, or no symmetry (up to 64)"
        );
        r.symmetry = Symmetry::None;
        r.empty = 63;
        assert!(
            search(&r)
                .unwrap_err()
                .to_string()
                .contains("ask for fewer empty cells")
        );
    }
}
