use super::*;
use crate::engine::Grid;
use crate::engine::grader::{self, Candidates};
use crate::engine::hint::hint;
use crate::engine::parse::parse_puzzle;
use crate::engine::solver::{Solution, solve};

const EN: Lang = Lang::En;

const PUZZLE: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn solved(p: &Grid) -> Grid {
    match solve(p) {
        Solution::Unique(s) => s,
        other => panic!("{other:?}"),
    }
}

#[test]
fn wrong_entries_come_before_any_step() {
    let p = parse_puzzle(PUZZLE).unwrap();
    let s = solved(&p);
    let mut board = p;
    let a1 = Cell::parse("A1").unwrap();
    let wrong = if s.get(a1) == Some(1) { 2 } else { 1 };
    board.set(a1, Some(wrong));
    assert_eq!(hint(&board, &s), Hint::WrongEntries(vec![a1]));
    assert_eq!(
        hint_text(&hint(&board, &s), Depth::Step, EN),
        "Fix this first: A1 is wrong."
    );
}

/// Following the lessons' placements, on puzzles of every tier but Extreme, solves
/// them: every lesson ends in a correct placement, so no hint repeats itself.
#[test]
fn following_hints_solves_puzzles_of_every_logical_tier() {
    use crate::engine::Tier;
    use crate::engine::generator::{Symmetry, generate_graded};
    for (k, tier) in [Tier::Easy, Tier::Medium, Tier::Hard, Tier::Expert]
        .into_iter()
        .enumerate()
    {
        let (p, _) = generate_graded(tier, None, Symmetry::None, k as u64 + 7, 3000).unwrap();
        let mut board = p.givens;
        let mut hints = 0;
        while let Hint::Next(lesson) = hint(&board, &p.solution) {
            let last = lesson.steps.last().unwrap();
            assert!(
                !last.placements.is_empty(),
                "{tier}: a lesson ends placing a digit"
            );
            assert!(
                Lang::ALL
                    .iter()
                    .all(|&l| lesson_text(&lesson, Depth::Step, l).chars().count() < 1500),
                "{tier}: too long for a reply"
            );
            for &(cell, d) in &last.placements {
                assert_eq!(p.solution.get(cell), Some(d), "{tier}: {last:?}");
                board.set(cell, Some(d));
            }
            for step in &lesson.steps {
                for lang in Lang::ALL {
                    assert!(!describe(step, false, lang).is_empty());
                }
            }
            hints += 1;
            assert!(hints <= 81, "{tier}: hints go round in circles");
        }
        assert_eq!(hint(&board, &p.solution), Hint::Solved, "{tier}");
    }
}

#[test]
fn depths_reveal_more_and_more() {
    let p = parse_puzzle(PUZZLE).unwrap();
    let Hint::Next(lesson) = hint(&p, &solved(&p)) else {
        panic!()
    };
    let key = lesson.key();
    let (cell, digit) = key.placements[0];
    let (one, two, three) = (
        lesson_text(&lesson, Depth::Where, EN),
        lesson_text(&lesson, Depth::Digit, EN),
        lesson_text(&lesson, Depth::Step, EN),
    );
    assert!(one.starts_with("Look for a "), "{one}");
    assert!(!one.contains(&format!("digit {digit}")));
    assert!(two.contains(&format!("digit {digit}")), "{two}");
    assert!(
        three.contains(&format!("Place {digit} in {cell}"))
            || three.contains(&format!("place {digit} in {cell}")),
        "{three}"
    );
}

/// 4 in box 2 only in column 6: the issue's own example.
fn pointing_step() -> Step {
    Step {
        technique: Technique::Pointing,
        digits: vec![4],
        pattern: Pattern::Locked {
            cells: vec![Cell::parse("A6").unwrap(), Cell::parse("C6").unwrap()],
            within: House::Box(1),
            clears: House::Col(5),
        },
        placements: Vec::new(),
        eliminations: vec![
            (Cell::parse("G6").unwrap(), 4),
            (Cell::parse("I6").unwrap(), 4),
        ],
    }
}

#[test]
fn a_pointing_step_reads_as_the_issue_asks() {
    // 4 in box 2 only in column 6: the issue's own example sentence.
    let step = pointing_step();
    assert_eq!(
        describe(&step, false, EN),
        "In box 2 the 4 can only go in column 6, so no other cell of column 6 can be 4: remove 4 from G6 and I6."
    );
    assert_eq!(
        compact(&step, EN),
        "Locked Candidates (Pointing): 4 in box 2 on column 6 => G6-4, I6-4"
    );
}

/// Every technique has a name of its own in every language: none falls back to
/// another's (a missing variant would say the default's name).
#[test]
fn every_technique_has_its_own_name_in_every_language() {
    let all = Technique::ALL;
    for lang in Lang::ALL {
        let names: std::collections::HashSet<String> =
            all.iter().map(|&t| technique_name(t, lang)).collect();
        assert_eq!(names.len(), all.len(), "{lang:?}: {names:?}");
        let with_article: std::collections::HashSet<String> = all
            .iter()
            .map(|&t| t!(lang, "technique-a", technique = t.key()))
            .collect();
        assert_eq!(with_article.len(), all.len(), "{lang:?}");
    }
    assert_eq!(
        technique_name(Technique::Pointing, EN),
        Technique::Pointing.name()
    );
}

/// The pointing step of the first test in Spanish and Catalan: the accepted names
/// and whole sentences, cells and digits as in English.
#[test]
fn a_pointing_step_reads_naturally_in_spanish_and_catalan() {
    let step = pointing_step();
    for lang in [Lang::Es, Lang::Ca] {
        let said = describe(&step, false, lang);
        for part in [
            "4",
            "G6",
            "I6",
            &house_name(House::Box(1), lang),
            &house_name(House::Col(5), lang),
        ] {
            assert!(said.contains(part), "{lang:?}: {said}");
        }
        assert!(
            !said.contains("remove") && !said.contains(" can "),
            "{lang:?}: {said}"
        );
        assert!(compact(&step, lang).starts_with(&technique_name(Technique::Pointing, lang)));
    }
}

/// The grader's first step of `technique` on `puzzle`, found by replaying its steps.
fn first_step(puzzle: &str, technique: Technique) -> Step {
    let mut c = Candidates::new(&parse_puzzle(puzzle).unwrap()).unwrap();
    while let Some(step) = grader::next_step(&c) {
        if step.technique == technique {
            return step;
        }
        c.apply(&step);
    }
    panic!("no {technique:?} in {puzzle}");
}

#[test]
fn new_patterns_are_taught_by_name_at_every_depth() {
    let cases = [
        (
            ".1..7.2......62..7.....9...5.198.....8...4..9..4....5...38..1....279...4..84...3.",
            Technique::EmptyRectangle,
            "Look for an Empty Rectangle in box 3 and row D.",
            "digit 6",
            "remove 6 from C2",
        ),
        (
            ".9.......84..7.23.1.7....8.....316.............9.4.5..7..1..3....8..31.6...96..58",
            Technique::SimpleColouring,
            "Look for a Simple Colouring among the conjugate pairs through A7.",
            "digit 4",
            "remove 4 from A9",
        ),
        (
            ".4..5.1....7..2..35.6...8.......1...2...4........356.13.2...7...9.......7..86...9",
            Technique::FinnedXWing,
            "Look for a Finned X-Wing in columns 2 and 5.",
            "digit 8",
            "remove 8 from D3",
        ),
        (
            "..6.3815.3....46..8..16...26..7.38..7......9...9..2.6..........4.5.....3....25.7.",
            Technique::UniqueRectangle2,
            "Look for a Unique Rectangle Type 2 in the rectangle B2, B3, D3 and D2.",
            "digits 1 and 2",
            "remove 4 from D8, E2 and F2",
        ),
        (
            "312..7..........8..8..6.13..95.8.4.....2.......7..6...53...2.16...........9...8..",
            Technique::UniqueRectangle4,
            "Look for a Unique Rectangle Type 4 in the rectangle F1, E1, E9 and F9.",
            "digits 8 and 1",
            "remove 1 from E9 and F9",
        ),
        (
            ".3.9.25.......6....87...1.......9...7....3..4.2468.......32.8....9...3.5..8..5..7",
            Technique::HiddenRectangle,
            "Look for a Hidden Rectangle in the rectangle B9, F9, F8 and B8.",
            "digits 3 and 9",
            "remove 9 from F8",
        ),
        (
            ".3.8..1...1....25.....9.......9.3...7...46.3.92.......645....8...75..3........7..",
            Technique::LockedPair,
            "Look for a Locked Pair in box 3 and row C.",
            "digits 4 and 6",
            "4 and 6 from C3",
        ),
        (
            "....5..12.25.....4...4.....8...1..4...1......7..938....578....9......6....3..6.57",
            Technique::ForcingChain,
            "Look for a Forcing Chain starting from E6.",
            "digit 7",
            "E9 is left with no candidate. That cannot be, so E6 is not 7: remove 7 from E6",
        ),
    ];
    for (puzzle, technique, one, digit, removal) in cases {
        let step = first_step(puzzle, technique);
        let lesson = Lesson {
            steps: vec![step.clone()],
        };
        assert_eq!(lesson_text(&lesson, Depth::Where, EN), one);
        assert!(
            lesson_text(&lesson, Depth::Digit, EN).contains(digit),
            "{technique:?}"
        );
        let three = lesson_text(&lesson, Depth::Step, EN);
        assert!(three.contains(removal), "{three}");
        assert!(
            compact(&step, EN).starts_with(technique.name()),
            "{}",
            compact(&step, EN)
        );
        // Every language tells it whole, by its own name for the technique.
        for lang in [Lang::Es, Lang::Ca] {
            let said = lesson_text(&lesson, Depth::Step, lang);
            assert!(
                said.contains(&technique_name(technique, lang)),
                "{lang:?}: {said}"
            );
        }
    }
}
