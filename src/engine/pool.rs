//! The pool: stored puzzles for the requests that search cannot serve in time.
//!
//! Puzzles with 17 clues (the proven minimum) or 18 are so rare among the puzzles of a
//! random grid that the local search of `generator` does not find them in any sensible
//! budget, and symmetric puzzles with 59 or 60 empty cells take it hundreds of
//! milliseconds (a second or more for one seed in a hundred). So:
//!
//! - `pool/seventeen.bin`: every sixth puzzle of Gordon Royle's list of 49,158 17-clue
//!   puzzles (the `seventeen-clue` set of the tdoku benchmark collection,
//!   `../shared/data/seventeen-clue.txt`), 8,193 puzzles. Made by the ignored test
//!   `write_the_seventeen_clue_file`; `the_shipped_file_is_the_sample_of_the_list`
//!   checks it against the list whenever the list is beside the repository.
//! - `pool/rot180-59.bin` … `pool/mirror-60.bin`: symmetric puzzles our own search found
//!   with a large budget, from fixed seeds. Made by the ignored test
//!   `write_the_symmetric_files`.
//!
//! A request draws one stored puzzle and one of its look-alikes ([`Transform`], about
//! 10¹² for the 17-clue puzzles, 10⁸ or more for the symmetric ones, which keep their
//! symmetry) from its seed: the result is seed-reproducible and two players almost
//! never meet the same grid. For 63 and 62 empty cells one or two clues of the
//! solution are given back: adding givens never adds a solution, so the puzzle stays
//! unique, and the count is exact by construction.
//!
//! Record format: one little-endian bit string per puzzle, padded to whole bytes. Bit
//! `i` (i < 81) says cell `i` (row-major) is a clue; then, for the k-th clue in cell
//! order, the 4 bits from 81 + 4k hold its digit minus one. A 17-clue puzzle takes 149
//! bits, 19 bytes.

use super::generator::{GenerateError, MAX_EMPTY, Puzzle, Request, Symmetry};
use super::grid::{Cell, Grid};
use super::rng::SeededRng;
use super::solver::{Solution, count_solutions, solve};
use super::transform::Transform;

/// The fewest empty cells served from the 17-clue puzzles without symmetry: search
/// still reaches 62, but takes up to a third of a second; the pool takes microseconds.
pub const POOL_FROM: usize = 62;
/// The most empty cells a symmetric request may ask for. Past it, search fails most
/// seeds (at 61 empty, 16 of 20 with rot180 and 10 of 10 with mirror ran out of the
/// default budget, about a second each) and there is no stored shelf, so such requests
/// are refused before any work.
pub const SYMMETRIC_MAX_EMPTY: usize = 60;

/// Stored puzzles that all have the same symmetry and number of clues.
pub struct Shelf {
    pub symmetry: Symmetry,
    pub clues: usize,
    bytes: &'static [u8],
}

impl Shelf {
    const fn new(symmetry: Symmetry, clues: usize, bytes: &'static [u8]) -> Shelf {
        Shelf {
            symmetry,
            clues,
            bytes,
        }
    }

    /// Bytes per packed puzzle.
    pub const fn record(&self) -> usize {
        record_len(self.clues)
    }

    /// Empty cells of every puzzle on the shelf.
    pub const fn empty(&self) -> usize {
        81 - self.clues
    }

    pub const fn len(&self) -> usize {
        self.bytes.len() / self.record()
    }

    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `index`-th puzzle as stored (untransformed); `None` past the end.
    pub fn get(&self, index: usize) -> Option<Grid> {
        let r = self.record();
        Some(decode(self.bytes.get(index * r..(index + 1) * r)?))
    }

    /// True when the shelf holds at least one puzzle and no partial record.
    const fn is_whole(&self) -> bool {
        self.size().is_multiple_of(self.record()) && !self.is_empty()
    }

    /// Size of the shelf in bytes.
    pub const fn size(&self) -> usize {
        self.bytes.len()
    }
}

const fn record_len(clues: usize) -> usize {
    (81 + 4 * clues).div_ceil(8)
}

/// The 17-clue puzzles.
pub const SEVENTEEN: Shelf = Shelf::new(Symmetry::None, 17, include_bytes!("pool/seventeen.bin"));

/// The symmetric puzzles, one shelf per symmetry and count (22 clues: 59 empty cells).
pub const SYMMETRIC: [Shelf; 4] = [
    Shelf::new(Symmetry::Rot180, 22, include_bytes!("pool/rot180-59.bin")),
    Shelf::new(Symmetry::Rot180, 21, include_bytes!("pool/rot180-60.bin")),
    Shelf::new(Symmetry::Mirror, 22, include_bytes!("pool/mirror-59.bin")),
    Shelf::new(Symmetry::Mirror, 21, include_bytes!("pool/mirror-60.bin")),
];

// A truncated or empty file fails the build, not a player's request.
const _: () = {
    assert!(SEVENTEEN.is_whole());
    let mut i = 0;
    while i < SYMMETRIC.len() {
        assert!(SYMMETRIC[i].is_whole());
        i += 1;
    }
};

/// What `generator::generate` returns without searching: a stored puzzle for 62–64 empty
/// cells without symmetry and for 59–60 with one, an immediate refusal for symmetric
/// counts past [`SYMMETRIC_MAX_EMPTY`], `None` (search) for everything else.
pub fn serve(request: &Request) -> Option<Result<Puzzle, GenerateError>> {
    let (n, symmetry) = (request.empty, request.symmetry);
    if n > MAX_EMPTY {
        return None;
    }
    if symmetry != Symmetry::None && n > SYMMETRIC_MAX_EMPTY {
        return Some(Err(GenerateError::SymmetryTooEmpty {
            symmetry,
            asked: n,
            max: SYMMETRIC_MAX_EMPTY,
        }));
    }
    let shelf = if symmetry == Symmetry::None && n >= POOL_FROM {
        &SEVENTEEN
    } else {
        SYMMETRIC
            .iter()
            .find(|s| s.symmetry == symmetry && s.empty() == n)?
    };
    Some(draw(shelf, n, request.seed).ok_or(GenerateError::NotFound { asked: n, symmetry }))
}

/// A puzzle from `shelf` with exactly `empty` empty cells, drawn from `seed`: a stored
/// puzzle, transformed (keeping the shelf's symmetry), with clues of its solution given
/// back one cell at a time down to `empty` (so with a symmetric shelf, `empty` must be
/// the shelf's own count). `None` when `empty` is more than the shelf's puzzles have,
/// or if a stored puzzle had no unique solution (the tests rule that out).
pub fn draw(shelf: &Shelf, empty: usize, seed: u64) -> Option<Puzzle> {
    let mut rng = SeededRng::new(seed);
    let base = shelf.get(rng.below(shelf.len().max(1)))?;
    let Solution::Unique(base_solution) = solve(&base) else {
        return None;
    };
    let t = Transform::random_keeping(shelf.symmetry, &mut rng);
    let (mut givens, solution) = (t.apply(&base), t.apply(&base_solution));
    let mut empties: Vec<Cell> = Cell::all().filter(|&c| givens.get(c).is_none()).collect();
    while empties.len() > empty {
        let cell = empties.swap_remove(rng.below(empties.len()));
        givens.set(cell, solution.get(cell));
    }
    // As with search, the puzzle returned is proved unique, whatever the steps did.
    (givens.empty_count() == empty && count_solutions(&givens, 2) == 1)
        .then_some(Puzzle { givens, solution })
}

/// Packs a puzzle with exactly `clues` clues; `None` for any other count.
pub fn encode(grid: &Grid, clues: usize) -> Option<Vec<u8>> {
    if grid.filled_count() != clues {
        return None;
    }
    let mut record = vec![0u8; record_len(clues)];
    let mut set = |bit: usize| record[bit / 8] |= 1 << (bit % 8);
    let mut next = 81;
    for (i, &d) in grid.cells().iter().enumerate() {
        if d != 0 {
            set(i);
            for b in 0..4 {
                if (d - 1) >> b & 1 == 1 {
                    set(next + b);
                }
            }
            next += 4;
        }
    }
    Some(record)
}

/// Unpacks a record written by [`encode`].
fn decode(record: &[u8]) -> Grid {
    let bit = |i: usize| record.get(i / 8).map_or(0, |b| b >> (i % 8) & 1);
    let mut cells = [0u8; 81];
    let mut next = 81;
    for (i, cell) in cells.iter_mut().enumerate() {
        if bit(i) == 1 {
            *cell = 1 + (0..4).fold(0, |d, b| d | bit(next + b) << b);
            next += 4;
        }
    }
    // Four bits could say 10-16; the shipped files hold only 1-9 (the tests check every
    // record). A corrupt record decodes to the empty grid, which `draw` rejects.
    Grid::from_cells(cells).unwrap_or_else(Grid::empty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generator::search;
    use crate::engine::parse::parse_grid;
    use proptest::prelude::*;
    use std::path::PathBuf;

    /// Every `SAMPLE_EVERY`-th puzzle of the list goes into the pool.
    const SAMPLE_EVERY: usize = 6;
    /// Puzzles per symmetric shelf.
    const SYMMETRIC_COUNT: u64 = 256;

    fn source_dir() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/engine/pool")
    }

    /// `seventeen.bin` as made from the list, or `None` when the list is not there.
    fn packed_sample() -> Option<Vec<u8>> {
        let list =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data/seventeen-clue.txt");
        let text = std::fs::read_to_string(list).ok()?;
        let mut out = Vec::new();
        for line in text.lines().step_by(SAMPLE_EVERY) {
            let grid = parse_grid(line.trim()).expect("the list holds valid puzzles");
            out.extend(encode(&grid, 17).expect("the list holds 17-clue puzzles"));
        }
        Some(out)
    }

    #[test]
    #[ignore = "writes src/engine/pool/seventeen.bin from ../shared/data; run by hand"]
    fn write_the_seventeen_clue_file() {
        let bytes = packed_sample().expect("../shared/data/seventeen-clue.txt is needed");
        std::fs::write(source_dir().join("seventeen.bin"), bytes).expect("writing");
    }

    #[test]
    #[ignore = "writes src/engine/pool/{rot180,mirror}-{59,60}.bin; minutes of search"]
    fn write_the_symmetric_files() {
        for shelf in &SYMMETRIC {
            let mut seeds = SeededRng::new(shelf.empty() as u64 * 10 + shelf.clues as u64);
            let mut bytes = Vec::new();
            for _ in 0..SYMMETRIC_COUNT {
                let request = Request {
                    symmetry: shelf.symmetry,
                    // A hundred times the default: offline, every seed may take its time.
                    budget: 100 * Request::DEFAULT_BUDGET,
                    ..Request::new(shelf.empty(), seeds.next_u64())
                };
                let p = search(&request).expect("found with a large budget");
                bytes.extend(encode(&p.givens, shelf.clues).expect("exact count"));
            }
            let name = format!("{}-{}.bin", shelf.symmetry, shelf.empty());
            std::fs::write(source_dir().join(name), bytes).expect("writing");
        }
    }

    #[test]
    fn the_shipped_file_is_the_sample_of_the_list() {
        // A user's clone has no ../shared: nothing to compare with.
        let Some(bytes) = packed_sample() else {
            return;
        };
        assert!(
            bytes == SEVENTEEN.bytes,
            "seventeen.bin is not the list's sample"
        );
    }

    #[test]
    fn every_stored_puzzle_is_exact_unique_and_has_its_symmetry() {
        for shelf in std::iter::once(&SEVENTEEN).chain(&SYMMETRIC) {
            assert!(shelf.len() >= 200);
            for i in 0..shelf.len() {
                let p = shelf.get(i).expect("in range");
                assert_eq!(p.filled_count(), shelf.clues, "puzzle {i}");
                assert!(p.conflict().is_none(), "puzzle {i}");
                assert_eq!(count_solutions(&p, 2), 1, "puzzle {i}");
                for cell in Cell::all() {
                    let image = shelf.symmetry.image(cell);
                    assert_eq!(p.get(cell).is_some(), p.get(image).is_some());
                }
                let r = shelf.record();
                let stored = &shelf.bytes[i * r..(i + 1) * r];
                assert_eq!(encode(&p, shelf.clues).as_deref(), Some(stored));
            }
            assert!(shelf.get(shelf.len()).is_none());
        }
    }

    #[test]
    fn other_clue_counts_are_not_packed() {
        assert!(encode(&Grid::empty(), 17).is_none());
    }

    #[test]
    fn symmetric_requests_past_the_limit_are_refused_without_search() {
        for symmetry in [Symmetry::Rot180, Symmetry::Mirror] {
            for n in SYMMETRIC_MAX_EMPTY + 1..=MAX_EMPTY {
                let r = Request {
                    symmetry,
                    budget: 0,
                    ..Request::new(n, 1)
                };
                let e = serve(&r).expect("answered at once").unwrap_err();
                assert_eq!(
                    e,
                    GenerateError::SymmetryTooEmpty {
                        symmetry,
                        asked: n,
                        max: SYMMETRIC_MAX_EMPTY
                    }
                );
                assert!(e.to_string().contains("ask for 60 or fewer"));
            }
        }
        assert!(serve(&Request::new(61, 1)).is_none(), "61 is searched");
        assert!(
            serve(&Request::new(65, 1)).is_none(),
            "the generator refuses 65"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn pool_puzzles_are_exact_unique_and_from_their_solution(
            seed: u64,
            empty in POOL_FROM..=MAX_EMPTY,
        ) {
            let p = serve(&Request::new(empty, seed)).expect("from the pool").expect("found");
            prop_assert_eq!(p.givens.empty_count(), empty);
            prop_assert_eq!(count_solutions(&p.givens, 2), 1);
            prop_assert!(p.solution.is_solved());
            prop_assert!(p.givens.is_contained_in(&p.solution));
            prop_assert_eq!(draw(&SEVENTEEN, empty, seed), Some(p), "same seed, same puzzle");
        }

        #[test]
        fn symmetric_pool_puzzles_keep_their_symmetry(seed: u64, k in 0usize..4) {
            let shelf = &SYMMETRIC[k];
            let r = Request { symmetry: shelf.symmetry, ..Request::new(shelf.empty(), seed) };
            let p = serve(&r).expect("from the pool").expect("found");
            prop_assert_eq!(p.givens.empty_count(), shelf.empty());
            prop_assert_eq!(count_solutions(&p.givens, 2), 1);
            prop_assert!(p.givens.is_contained_in(&p.solution));
            for cell in Cell::all() {
                let image = shelf.symmetry.image(cell);
                prop_assert_eq!(p.givens.get(cell).is_some(), p.givens.get(image).is_some());
            }
            prop_assert_eq!(serve(&r), Some(Ok(p)), "same seed, same puzzle");
        }
    }
}
