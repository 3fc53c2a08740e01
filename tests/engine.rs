//! The engine's claims, checked against an independent reference: a plain backtracking
//! solver written here from the rules alone, sharing no code with the engine's solver.
//! Then the public benchmark sets with their reference solutions, when `../shared/data`
//! is beside the repository (a user's clone has no `../shared`: those tests skip).

use proptest::prelude::*;
use std::path::PathBuf;
use sudoku_bot::app::render::{BoardStyle, game_block, game_block_chosen, grid_block};
use sudoku_bot::engine::generator::{self, Request, Symmetry};
use sudoku_bot::engine::parse::{ParseError, parse_grid, parse_puzzle};
use sudoku_bot::engine::rng::SeededRng;
use sudoku_bot::engine::solver::{Solution, count_solutions, solve};
use sudoku_bot::engine::{Cell, Grid};
use sudoku_bot::game::moves::{Action, Move};
use sudoku_bot::game::state::Game;

/// The reference: depth-first search over the cell with the fewest candidates, digits
/// tried in order, counting solutions up to `limit`. Slow and obviously right.
mod reference {
    fn candidates(cells: &[u8; 81], i: usize) -> u16 {
        let (r, c) = (i / 9, i % 9);
        let mut used = 0u16;
        for k in 0..9 {
            used |= 1 << cells[r * 9 + k];
            used |= 1 << cells[k * 9 + c];
            let (br, bc) = (r / 3 * 3 + k / 3, c / 3 * 3 + k % 3);
            used |= 1 << cells[br * 9 + bc];
        }
        !used & 0b11_1111_1110
    }

    fn valid_givens(cells: &[u8; 81]) -> bool {
        let mut copy = *cells;
        (0..81).all(|i| {
            let d = copy[i];
            if d == 0 {
                return true;
            }
            copy[i] = 0;
            let ok = candidates(&copy, i) & (1 << d) != 0;
            copy[i] = d;
            ok
        })
    }

    fn search(cells: &mut [u8; 81], limit: usize, found: &mut Vec<[u8; 81]>) {
        let mut best: Option<(usize, u16)> = None;
        for i in 0..81 {
            if cells[i] == 0 {
                let m = candidates(cells, i);
                if best.is_none_or(|(_, b)| m.count_ones() < b.count_ones()) {
                    best = Some((i, m));
                }
            }
        }
        let Some((i, mask)) = best else {
            found.push(*cells);
            return;
        };
        for d in 1..=9u8 {
            if mask & (1 << d) != 0 {
                cells[i] = d;
                search(cells, limit, found);
                cells[i] = 0;
                if found.len() >= limit {
                    return;
                }
            }
        }
    }

    /// Up to `limit` solutions of `cells` (0 for empty).
    pub fn solutions(cells: &[u8; 81], limit: usize) -> Vec<[u8; 81]> {
        let mut found = Vec::new();
        if valid_givens(cells) {
            search(&mut cells.clone(), limit, &mut found);
        }
        found
    }

    /// Every row, column and box holds 1 to 9.
    pub fn is_valid_solution(cells: &[u8; 81]) -> bool {
        cells.iter().all(|&d| (1..=9).contains(&d)) && valid_givens(cells)
    }
}

fn symmetry(k: usize) -> Symmetry {
    [Symmetry::None, Symmetry::Rot180, Symmetry::Mirror][k]
}

/// A solved grid and a random subset of `keep` of its cells, from `seed`.
fn random_clues(seed: u64, keep: usize) -> Grid {
    let full = generator::generate(&Request::new(0, seed))
        .expect("a full grid")
        .solution;
    let mut rng = SeededRng::new(seed ^ 0x5EED);
    let mut cells: Vec<Cell> = Cell::all().collect();
    rng.shuffle(&mut cells);
    let mut grid = Grid::empty();
    for &c in &cells[..keep] {
        grid.set(c, full.get(c));
    }
    grid
}

/// Generates with `empty` empty cells and `symmetry` and checks the result: exactly N
/// empty cells, givens taken from the solution, the symmetry asked for, and exactly one
/// solution by the reference's count.
fn check_generated(seed: u64, empty: usize, symmetry: Symmetry) -> Result<(), TestCaseError> {
    let p = generator::generate(&Request {
        symmetry,
        ..Request::new(empty, seed)
    })
    .expect("generate");
    prop_assert_eq!(p.givens.empty_count(), empty);
    prop_assert!(p.givens.conflict().is_none());
    prop_assert!(p.givens.is_contained_in(&p.solution));
    for c in Cell::all() {
        prop_assert_eq!(
            p.givens.get(c).is_none(),
            p.givens.get(symmetry.image(c)).is_none()
        );
    }
    let found = reference::solutions(p.givens.cells(), 2);
    prop_assert_eq!(found.len(), 1);
    prop_assert_eq!(&found[0], p.solution.cells());
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn generated_puzzles_have_n_empty_cells_and_one_solution(
        seed in any::<u64>(),
        empty in 0usize..=58,
        sym in 0usize..3,
    ) {
        check_generated(seed, empty, symmetry(sym))?;
    }

    /// The counts the pool serves: 62 to 64 empty cells, and 59 or 60 with a symmetry.
    #[test]
    fn pool_puzzles_have_n_empty_cells_and_one_solution(
        seed in any::<u64>(),
        deep in 0usize..3,
        sym in 0usize..3,
    ) {
        let symmetry = symmetry(sym);
        let empty = if symmetry == Symmetry::None { 62 + deep } else { 59 + deep % 2 };
        check_generated(seed, empty, symmetry)?;
    }

    /// The solver's verdict (none, one, several) is the reference's, and every solution
    /// it returns obeys the rules and keeps the givens.
    #[test]
    fn the_solver_agrees_with_the_reference(seed in any::<u64>(), keep in 17usize..45, noise in 0usize..3) {
        let mut grid = random_clues(seed, keep);
        // A few random digits on empty cells: often no solution at all.
        let mut rng = SeededRng::new(seed);
        for _ in 0..noise {
            let c = Cell::from_index(rng.below(81)).expect("cell");
            if grid.get(c).is_none() {
                grid.set(c, Some(1 + rng.below(9) as u8));
            }
        }
        let expected = reference::solutions(grid.cells(), 2);
        let check = |s: &Grid| reference::is_valid_solution(s.cells()) && grid.is_contained_in(s);
        match solve(&grid) {
            Solution::None => prop_assert_eq!(expected.len(), 0),
            Solution::Unique(s) => {
                prop_assert_eq!(expected.len(), 1);
                prop_assert_eq!(s.cells(), &expected[0]);
            }
            Solution::Multiple(a, b) => {
                prop_assert_eq!(expected.len(), 2);
                prop_assert!(check(&a) && check(&b) && a != b);
            }
        }
        prop_assert_eq!(count_solutions(&grid, 2), expected.len());
    }

    /// A minimal puzzle: one solution, and without any one of its clues, several.
    #[test]
    fn minimal_puzzles_need_every_clue(seed in any::<u64>()) {
        let p = generator::minimal(Symmetry::None, seed);
        prop_assert_eq!(reference::solutions(p.givens.cells(), 2).len(), 1);
        for c in Cell::all().filter(|&c| p.givens.get(c).is_some()) {
            let mut fewer = p.givens;
            fewer.set(c, None);
            prop_assert_eq!(reference::solutions(fewer.cells(), 2).len(), 2, "clue {} was not needed", c.name());
        }
    }

    /// The parser never panics, whatever it is given: arbitrary text, and text made of
    /// the characters grids are written with.
    #[test]
    fn the_parser_answers_any_text(
        any_text in any::<String>(),
        griddy in "[0-9.\\-|+ \\n`a-iA-I┃━┏┓┗┛╋\\x1b\\[m;]{0,300}",
    ) {
        let _ = parse_grid(&any_text);
        let _ = parse_grid(&griddy);
    }

    /// Every board the bot prints, in both styles and with the player's entries (right
    /// and wrong), parses back to the grid on it.
    #[test]
    fn printed_boards_parse_back(seed in any::<u64>(), empty in 0usize..=60, entries in 0usize..20, chosen in 0usize..81) {
        let game = played(seed, empty, entries);
        // The number pad's chosen cell, drawn `<5>` or `<.>`, reads as its digit.
        let chosen = Cell::all().nth(chosen);
        for style in [BoardStyle::Plain, BoardStyle::Ansi] {
            prop_assert_eq!(parse_grid(&grid_block(&game.givens, style)), Ok(game.givens));
            prop_assert_eq!(parse_grid(&game_block(&game, style)), Ok(game.board));
            let marked = game_block_chosen(&game, style, chosen);
            // A chosen wrong digit keeps its `!5!` (the legend names the cell).
            let wrong = chosen.is_some_and(|c| game.shows_wrong(c));
            prop_assert!(marked.contains('<') || wrong);
            prop_assert_eq!(parse_grid(&marked), Ok(game.board));
            prop_assert_eq!(parse_grid(&marked.replace('\n', " ")), Ok(game.board));
            // The whole message pasted into a slash command option, where newlines
            // become spaces: the labelled rows still give the board back.
            let message = format!(
                "Played A1 5 and I9 2.\n**ann**'s game\n{}\n**Easy** · 30 to go · time 1:00",
                game_block(&game, style)
            );
            prop_assert_eq!(parse_grid(&message.replace('\n', " ")), Ok(game.board));
        }
    }
}

/// A generated game with `entries` random digits placed on it (right and wrong).
fn played(seed: u64, empty: usize, entries: usize) -> Game {
    let p = generator::generate(&Request::new(empty, seed)).expect("generate");
    let mut game = Game::new(p.givens, p.solution, None, 0);
    let mut rng = SeededRng::new(seed);
    let open: Vec<Cell> = Cell::all().filter(|&c| p.givens.get(c).is_none()).collect();
    for _ in 0..entries.min(open.len()) {
        let cell = open[rng.below(open.len())];
        let digit = 1 + rng.below(9) as u8;
        let _ = game.apply(
            &[Move {
                cell,
                action: Action::Place(digit),
            }],
            1,
        );
    }
    game
}

/// Byte offsets of the cells' digits (or `.`) in row `row` of a board the bot drew,
/// colour codes skipped (they hold digits too).
fn row_cells(board: &str, row: usize) -> Vec<usize> {
    let label = format!("\n{} |", char::from(b'A' + row as u8));
    let start = board.find(&label).expect("the row's label") + label.len();
    let end = start + board[start..].find('\n').expect("the row's end");
    let bytes = board.as_bytes();
    let mut cells = Vec::new();
    let mut i = start;
    while i < end {
        if bytes[i] == 0x1b {
            i += board[i..].find('m').expect("the colour code's end") + 1;
            continue;
        }
        if bytes[i].is_ascii_digit() || bytes[i] == b'.' {
            cells.push(i);
        }
        i += 1;
    }
    cells
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// A board the bot drew, with a typo in one row, pasted on one line (a slash command
    /// option turns line breaks into spaces, or drops them): the player is told what
    /// they would be told for the same board on nine lines, and that names the row.
    #[test]
    fn a_typo_in_a_board_on_one_line_gets_the_nine_line_message(
        seed in any::<u64>(),
        empty in 20usize..=60,
        entries in 0usize..20,
        ansi in any::<bool>(),
        row in 0usize..9,
        cell in 0usize..9,
        typo in 0usize..3,
        bad in proptest::sample::select(vec!['x', 'q', '?', '#', 'Z', 'o', 'é', 'a', 'c', 'D', 'I']),
        joiner in proptest::sample::select(vec![" ", ""]),
    ) {
        let game = played(seed, empty, entries);
        let style = if ansi { BoardStyle::Ansi } else { BoardStyle::Plain };
        let mut board = game_block(&game, style);
        let at = row_cells(&board, row)[cell];
        let expected = match typo {
            0 => {
                board.remove(at);
                ParseError::RowLength { row, found: 8 }
            }
            1 => {
                board.insert_str(at, "7  ");
                ParseError::RowLength { row, found: 10 }
            }
            _ => {
                board.replace_range(at..at + 1, &bad.to_string());
                ParseError::UnexpectedInRow { found: bad, row }
            }
        };
        let message = format!(
            "Played A1 5 and I9 2.\n**ann**'s game\n{board}\n**Easy** · 30 to go · time 1:00"
        );
        prop_assert_eq!(parse_grid(&message), Err(expected.clone()));
        let one_line = message.replace('\n', joiner);
        prop_assert_eq!(parse_grid(&one_line), Err(expected.clone()), "{}", one_line);
        prop_assert_eq!(parse_puzzle(&one_line), parse_puzzle(&message));
        prop_assert!(!expected.to_string().contains('`'));
    }
}

/// `../shared/data/NAME`, when it is there.
fn dataset(name: &str) -> Option<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text.lines().map(str::to_owned).collect()),
        Err(_) => {
            eprintln!("skipped: {} is not here", path.display());
            None
        }
    }
}

fn check_set(name: &str) {
    let (Some(puzzles), Some(solutions)) = (
        dataset(&format!("{name}.txt")),
        dataset(&format!("{name}.solutions.txt")),
    ) else {
        return;
    };
    assert_eq!(
        puzzles.len(),
        solutions.len(),
        "{name}: one solution per puzzle"
    );
    for (i, (puzzle, expected)) in puzzles.iter().zip(&solutions).enumerate() {
        let grid = parse_grid(puzzle).unwrap_or_else(|e| panic!("{name}:{}: {e}", i + 1));
        match solve(&grid) {
            Solution::Unique(s) => assert_eq!(&s.to_line(), expected, "{name}:{}", i + 1),
            other => panic!("{name}:{}: {other:?}, expected a unique solution", i + 1),
        }
    }
}

#[test]
fn top1465_matches_its_reference_solutions() {
    check_set("top1465");
}

#[test]
fn hardest_1106_matches_its_reference_solutions() {
    check_set("hardest-1106");
}

#[test]
fn hardest_11plus_matches_its_reference_solutions() {
    check_set("hardest-11plus");
}

#[test]
fn seventeen_clue_matches_its_reference_solutions() {
    check_set("seventeen-clue");
}

#[test]
fn every_serg_multiple_puzzle_has_several_solutions() {
    let Some(puzzles) = dataset("serg-multiple.txt") else {
        return;
    };
    for (i, line) in puzzles.iter().enumerate() {
        let grid = parse_grid(line).unwrap_or_else(|e| panic!("serg-multiple:{}: {e}", i + 1));
        assert!(
            matches!(solve(&grid), Solution::Multiple(..)),
            "serg-multiple:{}: not reported as multiple",
            i + 1
        );
    }
}
