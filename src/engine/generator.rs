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
//!    reaching the target, a fresh grid.
//!
//! All randomness comes from the seed and all limits are counted in work units (solver
//! calls and move choices), never time, so a seed gives the same puzzle on every machine.
//! Requests that the first removal pass satisfies (the common case, up to about 56 empty
//! cells) draw exactly the same random numbers as that pass alone.

use std::fmt;

use super::grid::{Cell, Grid};
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
        "no puzzle with {asked} empty cells found within the search budget; 62 or more empty cells is rare and slow to find, try 61 or fewer"
    )]
    NotFound { asked: usize },
}

/// Generates a puzzle with exactly `request.empty` empty cells and a unique solution.
pub fn generate(request: &Request) -> Result<Puzzle, GenerateError> {
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
    Err(GenerateError::NotFound { asked: n })
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

/// Which cells go together, for one request.
struct Shape {
    /// The cells of each orbit.
    cells: Vec<Cells>,
    /// How many cells each orbit has (1 or 2).
    size: Vec<usize>,
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
#[derive(Clone, Copy, PartialEq, Eq)]
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
        };
        walk.learn_digit_pairs();
        walk
    }

    /// The puzzle whose givens are `clues`.
    fn grid(&self, clues: Cells) -> Grid {
        let mut cells = *self.solution.cells();
        for (i, v) in cells.iter_mut().enumerate() {
            if clues >> i & 1 == 0 {
                *v = 0;
            }
        }
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
        let u = Unavoidable {
            cells,
            orbits: self.shape.orbits_meeting(cells),
        };
        if !self.known.contains(&u) {
            self.known.push(u);
        }
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
        let s = *self.solution.cells();
        for x in 1..=9u8 {
            for y in x + 1..=9u8 {
                let members: Vec<usize> = (0..81).filter(|&i| s[i] == x || s[i] == y).collect();
                // Union-find over the 18 cells, by position in `members`.
                let mut parent: Vec<usize> = (0..members.len()).collect();
                fn root(parent: &mut [usize], mut i: usize) -> usize {
                    while parent[i] != i {
                        parent[i] = parent[parent[i]];
                        i = parent[i];
                    }
                    i
                }
                for a in 0..members.len() {
                    for b in a + 1..members.len() {
                        let (ca, cb) = (members[a], members[b]);
                        let same_house = ca / 9 == cb / 9
                            || ca % 9 == cb % 9
                            || (ca / 27 == cb / 27 && ca % 9 / 3 == cb % 9 / 3);
                        if same_house {
                            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                            parent[ra] = rb;
                        }
                    }
                }
                for r in 0..members.len() {
                    if root(&mut parent, r) != r {
                        continue;
                    }
                    let group = (0..members.len())
                        .filter(|&i| root(&mut parent, i) == r)
                        .fold(0, |m: Cells, i| m | 1 << members[i]);
                    self.learn(group);
                }
            }
        }
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
    fn choose_move(&mut self, w: &Walk, target: usize) -> Option<Move> {
        let shape = w.shape;
        let room = (target - w.empty) as isize;
        let given: Vec<usize> = bits(w.given).collect();
        let k = given.len();
        let mut index = [0usize; 128];
        for (i, &o) in given.iter().enumerate() {
            index[o] = i;
        }
        // For each given orbit, the orbits that meet every known set that it alone
        // meets among the givens; for each pair, every set that they alone meet.
        let mut alone = vec![!0 as Orbits; k];
        let mut needed = vec![false; k];
        let mut pair = vec![!0 as Orbits; k * k];
        for u in &w.known {
            let met = u.orbits & w.given;
            match met.count_ones() {
                1 => {
                    let a = index[met.trailing_zeros() as usize];
                    alone[a] &= u.orbits;
                    needed[a] = true;
                }
                2 => {
                    let a = index[met.trailing_zeros() as usize];
                    let b = index[127 - met.leading_zeros() as usize];
                    pair[a * k + b] &= u.orbits;
                }
                _ => {}
            }
        }
        let free = shape.all & !w.given;
        // Orbits that, given back for `removed` empty cells, gain between `lo` and
        // `room` empty cells.
        let fitting = |removed: usize, lo: isize| -> Orbits {
            bits(free)
                .filter(|&c| {
                    let gain = removed as isize - shape.size[c] as isize;
                    gain >= lo && gain <= room
                })
                .fold(0, |m, c| m | 1 << c)
        };
        let fits_by_size: [Orbits; 5] = std::array::from_fn(|r| fitting(r, 1));
        let same_by_size: [Orbits; 3] = std::array::from_fn(|r| fitting(r, 0));

        // 1. An orbit no known set needs: try it alone.
        let loose: Vec<usize> = (0..k)
            .filter(|&a| !needed[a] && shape.size[given[a]] as isize <= room)
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
            let p = generate(&r).unwrap();
            assert_eq!(p.givens.empty_count(), n);
            assert_eq!(count_solutions(&p.givens, 2), 1);
            assert!(p.givens.is_contained_in(&p.solution));
            for cell in Cell::all() {
                let image = symmetry.image(cell);
                assert_eq!(p.givens.get(cell).is_none(), p.givens.get(image).is_none());
            }
            assert_eq!(generate(&r).unwrap(), p, "same request, same puzzle");
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
            generate(&r).unwrap_err(),
            GenerateError::NotFound { asked: 63 }
        );
    }

    #[test]
    fn a_tiny_budget_ends_cleanly_with_not_found() {
        let mut r = Request::new(64, 1);
        r.budget = 50;
        assert_eq!(
            generate(&r).unwrap_err(),
            GenerateError::NotFound { asked: 64 }
        );
    }
}
