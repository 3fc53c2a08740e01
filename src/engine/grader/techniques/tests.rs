//! Each technique on positions built for it, and on real positions just before the
//! grader first uses it: it fires, it is sound, and it stays silent when the pattern is
//! broken.

use super::fish::{finned_fish, fish};
use super::forcing::forcing_chain;
use super::intersections::locked_candidates;
use super::single_digit::{empty_rectangle, simple_colouring, two_link_single_digit};
use super::subsets::{locked_subset, naked_subset};
use super::uniqueness::{
    bug_plus_one, hidden_rectangle, unique_rectangle, unique_rectangle_2, unique_rectangle_4,
};
use super::wings::w_wing;
use super::*;
use crate::engine::grader::candidates::cell;
use crate::engine::grader::step::{Pattern, Technique};
use crate::engine::grader::tests::assert_sound;
use crate::engine::grid::{Cell, Grid, House};
use crate::engine::parse::parse_grid;

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
    assert!(fish(&c, 2).is_none_or(|s| s.digits != vec![1]
        || !matches!(&s.pattern, Pattern::Fish { bases, .. } if bases.contains(&House::Row(0)))));
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
        assert!(matches!(&s.pattern, Pattern::Chain { links } if links.len() == 4));
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
    // Box 3's 6s lie on row C and column 9; row D has its 6 at D9 or D2. C2 = 6 would
    // force D9 = 6 and leave box 3 none.
    assert!(matches!(
        s.pattern,
        Pattern::EmptyRectangle {
            in_box: House::Box(2),
            ..
        }
    ));
    assert_eq!(s.eliminations, vec![(named("C2"), 6)]);
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

/// The length of a colouring step's path between its two proving cells.
fn path_len(s: &Step) -> usize {
    match &s.pattern {
        Pattern::Colouring { path, .. } => path.len(),
        other => panic!("not a colouring: {other:?}"),
    }
}

#[test]
fn simple_colouring_traps_and_wraps_on_real_positions() {
    // Trap: A9 sees A7 and A6 (row A), of opposite colours.
    let (c, solution) = position_before(
        ".9.......84..7.23.1.7....8.....316.............9.4.5..7..1..3....8..31.6...96..58",
        Technique::SimpleColouring,
    );
    let s = simple_colouring(&c).expect("colouring");
    assert_eq!(s.technique, Technique::SimpleColouring);
    assert_eq!(s.eliminations, vec![(named("A9"), 4)]);
    assert_eq!(path_len(&s) % 2, 0, "a trap's ends have opposite colours");
    assert_sound(&s, &solution);
    // Wrap: two 4s of one colour in row B (B1 and B8); that whole colour goes.
    let (c, solution) = position_before(
        "9.3.8..75..7...3..1......2..6........18.........8.5..4.7..96.1.3.5...6......375..",
        Technique::SimpleColouring,
    );
    let s = simple_colouring(&c).expect("colouring");
    assert_eq!(path_len(&s) % 2, 1, "a wrap's ends have one colour");
    assert!(
        s.eliminations.contains(&(named("B1"), 4)) && s.eliminations.contains(&(named("B8"), 4))
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
        assert!(
            matches!(&s.pattern, Pattern::FinnedFish { fins, .. } if !fins.is_empty()),
            "names its fins"
        );
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
    assert!(w_wing(&broken).is_none_or(|s| !matches!(
        s.pattern,
        Pattern::WWing { ends, link, .. } if ends.contains(&named("A3")) || link.contains(&named("A3"))
    )));
}

/// A board where every empty cell holds every digit but the named cells, which hold
/// exactly the given candidates.
fn with_cells(cells: &[(&str, &[u8])]) -> Candidates {
    let mut masks = [0x3FEu16; 81];
    for (name, digits) in cells {
        masks[named(name).index()] = digits.iter().fold(0, |m, d| m | 1 << d);
    }
    Candidates::from_masks([0; 81], masks)
}

#[test]
fn unique_rectangle_types_2_and_4_on_built_positions() {
    // Rows A and B, columns 1 and 4 (boxes 1 and 2). A1 and A4 {1,2}; B1 and B4 {1,2,5}:
    // one of B1 and B4 is 5, so the rest of row B is not.
    let c = with_cells(&[
        ("A1", &[1, 2]),
        ("A4", &[1, 2]),
        ("B1", &[1, 2, 5]),
        ("B4", &[1, 2, 5]),
    ]);
    let s = unique_rectangle_2(&c).expect("UR type 2");
    assert_eq!(s.technique, Technique::UniqueRectangle2);
    let row_b: Vec<(Cell, u8)> = [2, 3, 5, 6, 7, 8, 9]
        .map(|col| (named(&format!("B{col}")), 5))
        .to_vec();
    assert_eq!(s.eliminations, row_b);
    // Different extras (5 and 6): no single digit must be in the roof.
    let c = with_cells(&[
        ("A1", &[1, 2]),
        ("A4", &[1, 2]),
        ("B1", &[1, 2, 5]),
        ("B4", &[1, 2, 6]),
    ]);
    assert!(unique_rectangle_2(&c).is_none());
    // Type 4: the same floor, and row B's 1s only in B1 and B4: neither is 2.
    let mut cells: Vec<(String, Vec<u8>)> = vec![
        ("A1".into(), vec![1, 2]),
        ("A4".into(), vec![1, 2]),
        ("B1".into(), vec![1, 2, 5]),
        ("B4".into(), vec![1, 2, 6]),
    ];
    for col in [2, 3, 5, 6, 7, 8, 9] {
        cells.push((format!("B{col}"), vec![2, 3, 4, 5, 6, 7, 8, 9]));
    }
    let view: Vec<(&str, &[u8])> = cells
        .iter()
        .map(|(n, d)| (n.as_str(), d.as_slice()))
        .collect();
    let s = unique_rectangle_4(&with_cells(&view)).expect("UR type 4");
    assert_eq!(s.technique, Technique::UniqueRectangle4);
    assert_eq!(s.eliminations, vec![(named("B4"), 2), (named("B1"), 2)]);
    // A 1 in B9 too: the 1 is no longer locked into the roof.
    cells.last_mut().expect("B9").1.push(1);
    let view: Vec<(&str, &[u8])> = cells
        .iter()
        .map(|(n, d)| (n.as_str(), d.as_slice()))
        .collect();
    let again = unique_rectangle_4(&with_cells(&view));
    assert!(again.is_none(), "{again:?}");
}

#[test]
fn hidden_rectangle_on_a_built_position() {
    // A1 {1,2}; the opposite corner B4 has its 1 only in the rectangle along row B (B1)
    // and column 4 (A4): B4 = 2 would force 1s into B1 and A4 and 2 into A1.
    let mut cells: Vec<(String, Vec<u8>)> = vec![("A1".into(), vec![1, 2])];
    for name in [
        "B2", "B3", "B5", "B6", "B7", "B8", "B9", "C4", "D4", "E4", "F4", "G4", "H4", "I4",
    ] {
        cells.push((name.into(), vec![2, 3, 4, 5, 6, 7, 8, 9]));
    }
    let view: Vec<(&str, &[u8])> = cells
        .iter()
        .map(|(n, d)| (n.as_str(), d.as_slice()))
        .collect();
    let s = hidden_rectangle(&with_cells(&view)).expect("hidden rectangle");
    assert_eq!(s.technique, Technique::HiddenRectangle);
    assert_eq!(s.eliminations, vec![(named("B4"), 2)]);
    // A 1 back in I4: column 4 no longer locks it.
    cells.last_mut().expect("I4").1.push(1);
    let view: Vec<(&str, &[u8])> = cells
        .iter()
        .map(|(n, d)| (n.as_str(), d.as_slice()))
        .collect();
    let again = hidden_rectangle(&with_cells(&view));
    assert!(again.is_none(), "{again:?}");
}

#[test]
fn locked_pair_on_a_built_position() {
    // A1 and A2 hold only {1,2}: both lie in row A and box 1, so 1 and 2 leave both.
    let c = with_cells(&[("A1", &[1, 2]), ("A2", &[1, 2])]);
    let s = locked_subset(&c, 2).expect("locked pair");
    assert_eq!(s.technique, Technique::LockedPair);
    let cleared: Vec<Cell> = s.eliminations.iter().map(|&(cell, _)| cell).collect();
    for name in ["A3", "A9", "B1", "C3"] {
        assert!(cleared.contains(&named(name)), "{name}");
    }
    assert!(
        s.eliminations
            .iter()
            .all(|&(cell, d)| (d == 1 || d == 2) && (cell.row() == 0 || cell.box_index() == 0))
    );
    // A2 {1,3}: three digits in two cells, no pair.
    let c = with_cells(&[("A1", &[1, 2]), ("A2", &[1, 3])]);
    assert!(locked_subset(&c, 2).is_none());
    // A1 and D1 {1,2} share column 1 but no box: a naked pair, not a locked one.
    let c = with_cells(&[("A1", &[1, 2]), ("D1", &[1, 2])]);
    assert!(locked_subset(&c, 2).is_none());
}

#[test]
fn forcing_chain_on_a_real_position_and_not_on_an_open_board() {
    let puzzle =
        "....5..12.25.....4...4.....8...1..4...1......7..938....578....9......6....3..6.57";
    let (c, solution) = position_before(puzzle, Technique::ForcingChain);
    let s = forcing_chain(&c).expect("forcing chain");
    assert_sound(&s, &solution);
    // The chain is what it says: placing the assumption and the forced digits one by
    // one, each is a single when its turn comes, and the end is the contradiction.
    let Pattern::Forcing {
        start,
        forced,
        contradiction,
    } = &s.pattern
    else {
        panic!("not a forcing chain: {:?}", s.pattern);
    };
    let mut board = c.clone();
    board.place(start.index(), s.digits[0]);
    for &(cell, d) in forced {
        let i = cell.index();
        let naked = board.masks[i] == 1 << d;
        let hidden = [cell.row(), 9 + cell.col(), 18 + cell.box_index()]
            .iter()
            .any(|&h| board.positions(h, d).count_ones() == 1 && board.has(i, d));
        assert!(naked || hidden, "{cell} = {d} is not a single");
        board.place(i, d);
    }
    match *contradiction {
        crate::engine::grader::step::Contradiction::NoCandidate(cell) => {
            assert_eq!(board.masks[cell.index()], 0);
            assert_eq!(board.values[cell.index()], 0);
        }
        crate::engine::grader::step::Contradiction::NoPlace(house, d) => {
            let h = match house {
                House::Row(r) => r as usize,
                House::Col(col) => 9 + col as usize,
                House::Box(b) => 18 + b as usize,
            };
            assert_eq!(board.positions(h, d), 0);
        }
    }
    // An empty board: nothing the singles force can break anything.
    let open = Candidates::new(&Grid::empty()).expect("valid");
    assert!(forcing_chain(&open).is_none());
}
