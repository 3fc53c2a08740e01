//! Puzzles with exactly N empty cells and exactly one solution.
//!
//! 1. A complete grid from a randomized search of the empty grid (digits tried in random
//!    order at every branch), so grids are unrelated to each other, not one fill with a
//!    shuffle on top.
//! 2. Cells (or symmetric pairs of cells) are emptied in random order, each removal kept
//!    only when the solver still counts exactly one solution. Every puzzle returned has
//!    passed that count: uniqueness is proved, never sampled.
//! 3. A random-removal pass stops at a minimal puzzle, on average about 57 empty cells.
//!    Deeper targets use a local search on the same solution: empty two more clue
//!    orbits, list the (few) solutions that opens up, and give back one orbit that rules
//!    them all out, a net loss of one orbit; then try plain removals again.
//!
//! All randomness comes from the seed and all limits are counted in solver calls, not
//! time, so a seed gives the same puzzle on every machine.

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
    let mut orbits = request.symmetry.orbits();
    // Orbits of one cell (those the symmetry maps to themselves) fix the parity of what
    // can be emptied; with mirror symmetry column 5 is nine such cells and any count
    // works. With 180° rotation only the centre is, so it is decided up front: empty
    // exactly when N is odd.
    let singles: Vec<usize> = orbits
        .iter()
        .filter(|o| o.len() == 1)
        .map(|o| o[0])
        .collect();
    let mut pre_emptied = Vec::new();
    if request.symmetry == Symmetry::Rot180 {
        orbits.retain(|o| o.len() == 2);
        if n % 2 == 1 {
            pre_emptied = singles;
        }
    } else if singles.is_empty() && n % 2 == 1 {
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
    while search.work < search.budget {
        let Some(solution) = random_solution(&Grid::empty(), &mut search.rng) else {
            break;
        };
        let mut puzzle = Carving {
            solution,
            givens: solution,
            orbits: &orbits,
        };
        puzzle.set(&pre_emptied, false);
        if search.carve(&mut puzzle, n) {
            return Ok(Puzzle {
                givens: puzzle.givens,
                solution,
            });
        }
        // Stuck at a minimal puzzle with too many clues: walk to smaller ones.
        let steps = if n > 56 { 400 } else { 40 };
        for _ in 0..steps {
            if search.work >= search.budget {
                break;
            }
            if search.drop_one_orbit(&mut puzzle) && search.carve(&mut puzzle, n) {
                return Ok(Puzzle {
                    givens: puzzle.givens,
                    solution,
                });
            }
        }
    }
    Err(GenerateError::NotFound { asked: n })
}

/// A random minimal puzzle: one solution, and removing any clue (any orbit, with a
/// symmetry) would allow several. One pass suffices: a clue that could not go earlier
/// cannot go later either, since removing clues only ever adds solutions.
pub fn minimal(symmetry: Symmetry, seed: u64) -> Puzzle {
    let orbits = symmetry.orbits();
    let mut search = Search {
        rng: SeededRng::new(seed),
        work: 0,
        budget: u64::MAX,
    };
    // The empty grid always has a solution; the fallback only satisfies the types.
    let solution = random_solution(&Grid::empty(), &mut search.rng).unwrap_or_else(Grid::empty);
    let mut puzzle = Carving {
        solution,
        givens: solution,
        orbits: &orbits,
    };
    search.carve(&mut puzzle, 81);
    Puzzle {
        givens: puzzle.givens,
        solution,
    }
}

/// A puzzle being carved out of one solution.
struct Carving<'a> {
    solution: Grid,
    givens: Grid,
    orbits: &'a [Vec<usize>],
}

impl Carving<'_> {
    fn is_given(&self, orbit: &[usize]) -> bool {
        self.givens.cells()[orbit[0]] != 0
    }

    fn set(&mut self, orbit: &[usize], given: bool) {
        for &c in orbit {
            let cell = Cell::from_index(c).unwrap_or_else(|| unreachable!("orbit cells are < 81"));
            self.givens
                .set(cell, given.then(|| self.solution.cells()[c]));
        }
    }
}

struct Search {
    rng: SeededRng,
    /// Solver calls spent so far.
    work: u64,
    budget: u64,
}

impl Search {
    fn unique(&mut self, grid: &Grid) -> bool {
        self.work += 1;
        count_solutions(grid, 2) == 1
    }

    /// Empties orbits in random order while the solution stays unique, stopping at
    /// exactly `target` empty cells. True when the target was reached.
    fn carve(&mut self, p: &mut Carving, target: usize) -> bool {
        let mut order: Vec<usize> = (0..p.orbits.len()).collect();
        self.rng.shuffle(&mut order);
        for o in order {
            let empty = p.givens.empty_count();
            if empty == target {
                return true;
            }
            let orbit = &p.orbits[o];
            if !p.is_given(orbit) || empty + orbit.len() > target {
                continue;
            }
            p.set(orbit, false);
            if !self.unique(&p.givens) {
                p.set(orbit, true);
            }
        }
        p.givens.empty_count() == target
    }

    /// One local-search step: empty two given orbits and give back one other orbit that
    /// restores uniqueness. True when it made the puzzle one orbit smaller.
    fn drop_one_orbit(&mut self, p: &mut Carving) -> bool {
        let given: Vec<usize> = (0..p.orbits.len())
            .filter(|&o| p.is_given(&p.orbits[o]))
            .collect();
        if given.len() < 3 {
            return false;
        }
        let a = given[self.rng.below(given.len())];
        let mut b = given[self.rng.below(given.len())];
        while b == a {
            b = given[self.rng.below(given.len())];
        }
        p.set(&p.orbits[a].clone(), false);
        p.set(&p.orbits[b].clone(), false);
        // The other solutions this opens up, when they are few enough to list.
        const LIMIT: usize = 32;
        let mut others: Vec<Grid> = Vec::new();
        self.work += 1;
        let found = for_each_solution(&p.givens, LIMIT + 1, |_, g| {
            if *g != p.solution {
                others.push(*g);
            }
        });
        let mut choices = Vec::new();
        if found <= LIMIT {
            for (o, orbit) in p.orbits.iter().enumerate() {
                if o == a || o == b || p.is_given(orbit) {
                    continue;
                }
                // Giving back this orbit rules out every other solution when each of
                // them differs from ours somewhere in it.
                let rules_out_all = others
                    .iter()
                    .all(|g| orbit.iter().any(|&c| g.cells()[c] != p.solution.cells()[c]));
                if rules_out_all {
                    choices.push(o);
                }
            }
        }
        if choices.is_empty() {
            p.set(&p.orbits[a].clone(), true);
            p.set(&p.orbits[b].clone(), true);
            return false;
        }
        let o = choices[self.rng.below(choices.len())];
        p.set(&p.orbits[o].clone(), true);
        true
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
    fn a_tiny_budget_ends_cleanly_with_not_found() {
        let mut r = Request::new(64, 1);
        r.budget = 50;
        assert_eq!(
            generate(&r).unwrap_err(),
            GenerateError::NotFound { asked: 64 }
        );
    }
}
