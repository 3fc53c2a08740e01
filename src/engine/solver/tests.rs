use super::*;

fn grid(s: &str) -> Grid {
    let mut cells = [0u8; 81];
    for (i, ch) in s.chars().enumerate() {
        cells[i] = ch.to_digit(10).unwrap_or(0) as u8;
    }
    Grid::from_cells(cells).unwrap()
}

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Arto Inkala's 2012 "hardest" puzzle: singles and locked candidates alone do not
/// solve it, so the search must guess (and back out of wrong guesses).
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const INKALA_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

#[test]
fn solves_a_classic_puzzle_and_keeps_its_givens() {
    let g = grid(EASY);
    let Solution::Unique(s) = solve(&g) else {
        panic!("expected a unique solution")
    };
    assert!(s.is_solved());
    assert!(g.is_contained_in(&s));
}

#[test]
fn solves_a_puzzle_that_needs_guessing() {
    let g = grid(INKALA);
    let mut s = State::new(&g);
    let branch = s
        .propagate::<Portable>(EVERYTHING)
        .expect("no contradiction without a guess");
    assert_ne!(branch.band, SOLVED, "propagation alone should not solve it");
    assert_eq!(solve(&g), Solution::Unique(grid(INKALA_SOLUTION)));
}

#[test]
fn the_empty_grid_has_many_solutions() {
    assert_eq!(count_solutions(&Grid::empty(), 100), 100);
    assert!(
        matches!(solve(&Grid::empty()), Solution::Multiple(a, b) if a != b && a.is_solved() && b.is_solved())
    );
}

#[test]
fn count_solutions_stops_at_the_limit() {
    assert_eq!(count_solutions(&Grid::empty(), 0), 0);
    assert_eq!(count_solutions(&Grid::empty(), 1), 1);
    assert_eq!(count_solutions(&grid(EASY), 0), 0);
    assert_eq!(count_solutions(&grid(EASY), 1), 1);
    assert_eq!(count_solutions(&grid(EASY), 5), 1);
    assert!(has_unique_solution(&grid(INKALA)));
    assert!(!has_unique_solution(&Grid::empty()));
}

#[test]
fn for_each_solution_numbers_distinct_solutions_from_zero() {
    let mut seen = Vec::new();
    let n = for_each_solution(&Grid::empty(), 5, |k, g| {
        assert_eq!(k, seen.len());
        assert!(g.is_solved());
        seen.push(*g);
    });
    assert_eq!(n, 5);
    for i in 0..5 {
        for j in i + 1..5 {
            assert_ne!(seen[i], seen[j]);
        }
    }
}

#[test]
fn conflicting_givens_have_no_solution() {
    let mut g = grid(EASY);
    g.set(Cell::from_index(0).unwrap(), Some(6)); // 6 is already in row A
    assert_eq!(solve(&g), Solution::None);
    // The same digit twice in a column (different bands), in a box (same band,
    // different rows) and side by side in one minirow.
    for (a, b) in [("A1", "I1"), ("A1", "C3"), ("E4", "E5")] {
        let mut g = Grid::empty();
        g.set(Cell::parse(a).unwrap(), Some(7));
        g.set(Cell::parse(b).unwrap(), Some(7));
        assert_eq!(solve(&g), Solution::None, "{a} {b}");
        assert_eq!(count_solutions(&g, 10), 0);
        let mut rng = super::super::rng::SeededRng::new(1);
        assert_eq!(random_solution(&g, &mut rng), None);
    }
}

#[test]
fn a_cell_with_no_candidate_has_no_solution() {
    // Row A holds 1–8, and 9 is in column 9 further down: A9 has no digit left.
    let mut g = grid("12345678");
    g.set(Cell::parse("E9").unwrap(), Some(9));
    assert_eq!(solve(&g), Solution::None);
}

#[test]
fn a_solved_grid_solves_to_itself() {
    let Solution::Unique(s) = solve(&grid(EASY)) else {
        panic!()
    };
    assert_eq!(solve(&s), Solution::Unique(s));
}

#[test]
fn removing_two_swappable_digits_gives_exactly_two_solutions() {
    let Solution::Unique(s) = solve(&grid(EASY)) else {
        panic!()
    };
    // Find a rectangle of two rows in one band and two columns where the digits swap
    // (a deadly pattern): emptying it leaves exactly two completions when all else is
    // given.
    for r1 in 0..9 {
        for r2 in r1 + 1..(r1 / 3 * 3 + 3) {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let at = |r, c| s.get(Cell::at(r, c).unwrap()).unwrap();
                    if at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1) {
                        let mut g = s;
                        for (r, c) in [(r1, c1), (r1, c2), (r2, c1), (r2, c2)] {
                            g.set(Cell::at(r, c).unwrap(), None);
                        }
                        assert_eq!(count_solutions(&g, 10), 2);
                        return;
                    }
                }
            }
        }
    }
}

#[test]
fn random_solution_depends_only_on_the_seed() {
    use super::super::rng::SeededRng;
    let a = random_solution(&Grid::empty(), &mut SeededRng::new(42)).unwrap();
    let b = random_solution(&Grid::empty(), &mut SeededRng::new(42)).unwrap();
    let c = random_solution(&Grid::empty(), &mut SeededRng::new(43)).unwrap();
    assert!(a.is_solved() && c.is_solved());
    assert_eq!(a, b);
    assert_ne!(a, c);
    let g = grid(INKALA);
    let s = random_solution(&g, &mut SeededRng::new(7)).unwrap();
    assert_eq!(s, grid(INKALA_SOLUTION));
}

#[test]
fn shifted_locked_candidates_match_the_table() {
    // Every set of open minirows, each open on random non-empty subsets of its cells,
    // eight digits at a time.
    let mut rng = SeededRng::new(20);
    for open in 0..512usize {
        let mut band = [0u32; 16];
        for lane in band.iter_mut().take(8) {
            for i in (0..9).filter(|i| open >> i & 1 != 0) {
                *lane |= (1 + rng.below(7) as u32) << (9 * (i / 3) + 3 * (i % 3));
            }
        }
        let mut got = [0u32; 16];
        keep_lanes(Portable::load(&band)).store(&mut got);
        for d in 0..8 {
            let m = band[d];
            assert_eq!(got[d], m & KEEP[minirows(m) as usize], "{m:027b}");
        }
    }
}

#[test]
fn column_rules_in_lanes_match_the_scalar_ones() {
    // Random states (dense enough that the rules often apply, sparse enough that they
    // often find a contradiction): digits 0 to 7 in lanes against the scalar code.
    let mut rng = SeededRng::new(21);
    let mut contradictions = 0;
    for round in 0..20_000 {
        let mut s = State::new(&Grid::empty());
        for band in 0..3 {
            for d in 0..9 {
                // One to four random words ANDed: about 1/2 to 1/16 of the cells.
                let mut x = rng.next_u64();
                for _ in 0..round % 4 {
                    x &= rng.next_u64();
                }
                s.cand[band][d] = x as u32 & BAND;
            }
            s.unsolved[band] = rng.next_u64() as u32 & BAND;
        }
        let pending = || Pending {
            dirty: 0,
            guess: NO_GUESS,
            columns: 0xFF,
            locks: 0xFF,
        };
        let (mut a, mut b) = (s, s);
        let lanes = a.column_singles::<Portable>(&mut pending());
        let scalar = (0..8).try_for_each(|d| b.column_singles_of(d, &mut pending()).map(|_| ()));
        assert_eq!(lanes.is_some(), scalar.is_some());
        if lanes.is_some() {
            assert_eq!(a.cand, b.cand);
        }
        let (mut a, mut b) = (s, s);
        let lanes = a.column_locks::<Portable>(&mut pending());
        let scalar = (0..8).try_for_each(|d| b.column_locks_of(d, &mut pending()).map(|_| ()));
        assert_eq!(lanes.is_some(), scalar.is_some());
        if lanes.is_some() {
            assert_eq!(a.cand, b.cand);
        } else {
            contradictions += 1;
        }
    }
    assert!(
        (1_000..19_000).contains(&contradictions),
        "{contradictions}"
    );
}

/// Random grids with random cells emptied (the generator's pattern, and many with
/// several solutions), each with a seed for `random_solution`.
fn carved_grids(n: u64) -> impl Iterator<Item = (Grid, u64)> {
    (0..n).map(|seed| {
        let mut rng = SeededRng::new(seed);
        let full = random_solution(&Grid::empty(), &mut rng).unwrap();
        let mut cells = *full.cells();
        let mut order: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut order);
        let empty = 40 + rng.below(30);
        for &i in &order[..empty] {
            cells[i] = 0;
        }
        (Grid::from_cells(cells).unwrap(), seed)
    })
}

#[test]
fn the_portable_lanes_search_like_the_machines() {
    // On a machine with AVX2 this compares the two kinds of lanes; elsewhere both
    // sides are portable, and the test still runs the fallback through every path.
    for (g, seed) in carved_grids(3000) {
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let na = for_each_solution(&g, 4, |_, s| a.push(*s));
        let nb = for_each_solution_portable(&g, 4, |_, s| b.push(*s));
        assert_eq!((na, &a), (nb, &b), "{}", g.to_line());
        assert_eq!(
            random_solution(&g, &mut SeededRng::new(seed)),
            random_solution_portable(&g, &mut SeededRng::new(seed)),
        );
    }
    for (i, p) in [EASY, INKALA].iter().enumerate() {
        let g = grid(p);
        assert_eq!(
            for_each_solution_portable(&g, 2, |_, _| {}),
            1,
            "puzzle {i}"
        );
    }
}

#[test]
fn band_layout_matches_cell_indices() {
    assert_eq!(band_bit(Cell::parse("D1").unwrap()), (1, 1));
    assert_eq!(band_bit(Cell::parse("I9").unwrap()), (2, 1 << 26));
}
