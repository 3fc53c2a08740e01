//! The command core end to end, with a real SQLite file: what a player sees.

mod common;

use common::{Bot, T0, board_of, digit, empties, open_digits, solution_of, temp_db};
use sudoku_bot::app::{Command, Reply};
use sudoku_bot::engine::{Cell, Grid, Tier, grader};
use sudoku_bot::store::Store;

/// The givens: a fresh board shows only them.
fn new_game(bot: &Bot, user: &str, place: &str, empty: usize) -> (Grid, Grid, Reply) {
    let reply = bot.say(user, place, &format!("/sudoku new {empty}"));
    assert!(!reply.private, "{}", reply.content);
    let givens = board_of(&reply);
    assert_eq!(givens.empty_count(), empty);
    (givens, solution_of(&givens), reply)
}

#[test]
fn a_whole_game_from_new_to_solved_with_time_and_stats() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, _) = new_game(&bot, "ann", "g1", 40);
    let cells = empties(&givens);
    // Half the moves in one command, in the notations players use.
    let first: Vec<String> = cells[..20]
        .iter()
        .map(|&c| format!("{c}={}", digit(&solution, c)))
        .collect();
    let r = bot.say("ann", "g1", &format!("/sudoku move {}", first.join(", ")));
    assert_eq!(board_of(&r).empty_count(), 20, "{}", r.content);
    bot.clock.advance(125_000);
    let rest: Vec<String> = cells[20..]
        .iter()
        .map(|&c| format!("r{}c{} {}", c.row() + 1, c.col() + 1, digit(&solution, c)))
        .collect();
    let r = bot.say("ann", "g1", &format!("move {}", rest.join("; ")));
    assert!(r.content.contains("Solved in 2:05"), "{}", r.content);
    // A finished game loses its play buttons; what is left is the next step.
    let labels: Vec<&str> = r
        .buttons
        .iter()
        .flatten()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(labels, ["New game"], "{labels:?}");
    assert_eq!(board_of(&r), solution);
    let stats = bot.say("ann", "g1", "/sudoku stats");
    assert!(
        stats.content.contains("1 started · 1 solved · 0 given up"),
        "{}",
        stats.content
    );
    assert!(stats.content.contains("best 2:05"), "{}", stats.content);
    // A new game is allowed once the last is solved.
    new_game(&bot, "ann", "g1", 30);
}

#[test]
fn mistakes_are_marked_counted_and_checked() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, _) = new_game(&bot, "ann", "g1", 45);
    let c = empties(&givens)[0];
    let wrong = digit(&solution, c) % 9 + 1;
    let r = bot.say("ann", "g1", &format!("move {c} {wrong}"));
    assert!(r.content.contains(&format!("!{wrong}!")), "{}", r.content);
    assert!(
        r.content.contains(&format!("{c} is wrong")),
        "{}",
        r.content
    );
    assert!(r.content.contains("1 mistake"), "{}", r.content);
    let check = bot.say("ann", "g1", "check");
    assert!(check.private);
    assert!(
        check.content.contains("1 of your digits is wrong"),
        "{}",
        check.content
    );
    assert!(
        !check.content.contains(&c.name()),
        "check alone does not reveal where"
    );
    let reveal = bot.say("ann", "g1", "check show");
    assert!(
        reveal.content.contains(&format!("Wrong: {c}.")),
        "{}",
        reveal.content
    );
    // The hint points at the wrong entry before anything else.
    let hint = bot.say("ann", "g1", "hint");
    assert!(
        hint.content.contains(&format!("{c} is wrong")),
        "{}",
        hint.content
    );
}

#[test]
fn bad_input_gets_a_specific_message_and_changes_nothing() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, _) = new_game(&bot, "ann", "g1", 45);
    let before = bot.say("ann", "g1", "show").content;
    let given = Cell::all()
        .find(|&c| givens.get(c).is_some())
        .expect("a given");
    let empty = empties(&givens)[0];
    let ok = format!("{empty} {}", digit(&solution, empty));
    let cases = [
        (format!("move {ok}, J9 4"), "`J9` is not a cell"),
        (
            format!("move {ok}, B7 12"),
            "`12` after `B7` is not a digit",
        ),
        (format!("move {ok}, C3"), "`C3` needs a digit"),
        (
            format!("move {ok}, {given} 1"),
            &*format!("{given} is a given"),
        ),
        ("move".to_string(), "No moves given"),
        (format!("note {given} 12"), &*format!("{given} is a given")),
        ("note B7 abc".to_string(), "`abc` is not a list of digits"),
        ("note Z9 1".to_string(), "`Z9` is not a cell"),
        ("submit 123".to_string(), "found 3 cells, a grid needs 81"),
        ("undo".to_string(), "Nothing to undo"),
    ];
    for (text, expected) in &cases {
        let r = bot.say("ann", "g1", text);
        assert!(r.private, "{text}: errors are private");
        assert!(r.content.contains(expected), "{text}: {}", r.content);
        assert_eq!(
            bot.say("ann", "g1", "show").content,
            before,
            "{text} changed the game"
        );
    }
    let r = bot.say("ann", "g1", "new 65");
    assert!(
        r.content.contains("65 empty cells is impossible"),
        "{}",
        r.content
    );
    let r = bot.say("ann", "g1", "new 30");
    assert!(
        r.content.contains("already have a game in progress"),
        "{}",
        r.content
    );
    assert_eq!(bot.say("ann", "g1", "show").content, before);
}

#[test]
fn submit_answers_each_kind_of_wrong_grid() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, _) = new_game(&bot, "ann", "g1", 45);
    let mut missing = solution;
    let cells = empties(&givens);
    for &c in &cells[..12] {
        missing.set(c, None);
    }
    let r = bot.say("ann", "g1", &format!("submit {}", missing.to_line()));
    assert!(
        r.content.contains("still missing 12 numbers"),
        "{}",
        r.content
    );
    let mut wrong = solution;
    for &c in &cells[..3] {
        wrong.set(c, Some(digit(&solution, c) % 9 + 1));
    }
    let r = bot.say("ann", "g1", &format!("submit {}", wrong.to_line()));
    assert!(r.content.contains("3 cells are wrong"), "{}", r.content);
    // A valid solution of another puzzle: every digit relabelled.
    let mut other = solution;
    for c in Cell::all() {
        other.set(c, Some(digit(&solution, c) % 9 + 1));
    }
    let r = bot.say("ann", "g1", &format!("submit {}", other.to_line()));
    assert!(r.content.contains("givens don't match"), "{}", r.content);
    let r = bot.say("ann", "g1", &format!("submit {}", solution.to_line()));
    assert!(r.content.contains("Solved in"), "{}", r.content);
}

#[test]
fn a_restart_in_the_middle_of_a_game_loses_nothing() {
    let (_dir, db) = temp_db();
    let shown = {
        let bot = Bot::open(&db, T0, 7);
        let (givens, solution, _) = new_game(&bot, "ann", "g1", 45);
        let cells = empties(&givens);
        bot.say(
            "ann",
            "g1",
            &format!("move {} {}", cells[0], digit(&solution, cells[0])),
        );
        bot.say("ann", "g1", &format!("note {} 123", cells[1]));
        bot.say("ann", "g1", "hint");
        bot.say("ann", "g1", "show").content
    };
    let bot = Bot::open(&db, T0, 7);
    assert_eq!(bot.say("ann", "g1", "show").content, shown);
    // Undo history survived too: notes first, then the move.
    assert!(
        bot.say("ann", "g1", "undo")
            .content
            .contains("Undid the last notes")
    );
    assert!(
        bot.say("ann", "g1", "undo")
            .content
            .contains("Undid the last move")
    );
}

#[test]
fn players_and_places_are_kept_apart() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (a1, _, _) = new_game(&bot, "ann", "g1", 40);
    let (a2, _, _) = new_game(&bot, "ann", "g2", 41);
    let (b1, _, _) = new_game(&bot, "bob", "g1", 42);
    assert_eq!(board_of(&bot.say("ann", "g1", "show")), a1);
    assert_eq!(board_of(&bot.say("ann", "g2", "show")), a2);
    assert_eq!(board_of(&bot.say("bob", "g1", "show")), b1);
    assert!(
        bot.say("cat", "g1", "show")
            .content
            .contains("no game in progress")
    );
}

#[test]
fn buttons_act_for_their_player_only_and_never_twice() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, _) = new_game(&bot, "ann", "g1", 45);
    let cells = empties(&givens);
    bot.say(
        "ann",
        "g1",
        &format!("move {} {}", cells[0], digit(&solution, cells[0])),
    );
    let board = bot.say(
        "ann",
        "g1",
        &format!("move {} {}", cells[1], digit(&solution, cells[1])),
    );
    let before = bot.say("ann", "g1", "show").content;
    for label in ["Hint", "Check", "Undo", "Give up"] {
        let r = bot.press("bob", "g1", &board, label);
        assert!(r.private);
        assert!(
            r.content.contains("This is not your game"),
            "{label}: {}",
            r.content
        );
    }
    assert_eq!(bot.say("ann", "g1", "show").content, before);
    // Undo twice from the same board (a double click): only one move is taken back.
    let first = bot.press("ann", "g1", &board, "Undo");
    assert!(first.updates_board);
    assert_eq!(board_of(&first).get(cells[1]), None);
    let second = bot.press("ann", "g1", &board, "Undo");
    assert!(
        second.content.contains("board changed since"),
        "{}",
        second.content
    );
    assert_eq!(board_of(&second).get(cells[0]), solution.get(cells[0]));
    // Give up asks first, then ends the game and shows the solution.
    let latest = bot.say("ann", "g1", "show");
    let ask = bot.press("ann", "g1", &latest, "Give up");
    assert!(
        ask.content
            .contains("Give up this game and see the solution?"),
        "{}",
        ask.content
    );
    let done = bot.press("ann", "g1", &ask, "Yes, give up");
    assert_eq!(board_of(&done), solution);
    assert!(bot.say("ann", "g1", "stats").content.contains("1 given up"));
}

#[test]
fn commands_of_one_player_at_the_same_moment_all_apply_once() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, _) = new_game(&bot, "ann", "g1", 45);
    let cells = empties(&givens);
    std::thread::scope(|s| {
        for &c in &cells[..8] {
            let bot = &bot;
            let text = format!("move {c} {}", digit(&solution, c));
            // Each move twice at once, like a double click.
            s.spawn(move || bot.say("ann", "g1", &text));
            let text = format!("move {c} {}", digit(&solution, c));
            s.spawn(move || bot.say("ann", "g1", &text));
        }
    });
    let board = board_of(&bot.say("ann", "g1", "show"));
    assert_eq!(board.empty_count(), 45 - 8, "no move lost");
    // Eight changes, eight undo steps: the repeated clicks applied nothing.
    for _ in 0..8 {
        assert!(bot.say("ann", "g1", "undo").content.contains("Undid"));
    }
    assert!(
        bot.say("ann", "g1", "undo")
            .content
            .contains("Nothing to undo")
    );
}

#[test]
fn solve_any_grid() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let r = bot.say(
        "ann",
        "g1",
        "solve 003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    );
    assert!(
        r.content.starts_with("Solved: exactly one solution"),
        "{}",
        r.content
    );
    let r = bot.say("ann", "g1", &format!("solve {}", ".".repeat(81)));
    assert!(
        r.content.contains("more than one solution"),
        "{}",
        r.content
    );
    let r = bot.say(
        "ann",
        "g1",
        "solve 553020600900305001001806400008102900700000008006708200002609500800203009005010300",
    );
    assert!(
        r.content.contains("5 appears twice in row A: A1 and A2"),
        "{}",
        r.content
    );
    // Valid-looking givens that cannot be completed.
    let r = bot.say(
        "ann",
        "g1",
        &format!("solve 12345678.........9{}", ".".repeat(63)),
    );
    assert!(
        r.content.contains("This grid has no solution"),
        "{}",
        r.content
    );
}

#[test]
fn migrating_an_empty_and_an_older_database() {
    let (_dir, db) = temp_db();
    let latest = sudoku_bot::store::MIGRATIONS.len() as i64;
    assert_eq!(
        Store::open(&db)
            .expect("open")
            .schema_version()
            .expect("version"),
        latest
    );
    // A database made by the first release, with a game in it.
    let (_dir2, old) = temp_db();
    {
        let store = Store::open_at_version(&old, 1).expect("old schema");
        assert_eq!(store.schema_version().expect("version"), 1);
        let givens =
            "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
        let solution =
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
        store
            .connection()
            .execute(
                "INSERT INTO games (player, place, givens, solution, board, status, started_at) \
                 VALUES ('ann', 'g1', ?1, ?2, ?1, 'active', 0)",
                [givens, solution],
            )
            .expect("old row");
    }
    // The file's own upgrade: this test is SQLite's, whichever run it is.
    let bot = Bot::with_store(Store::open(&old).expect("upgrade"), T0, 7);
    let r = bot.say("ann", "g1", "move A1 4");
    assert!(r.content.contains("(4)"), "{}", r.content);
    assert!(
        bot.say("ann", "g1", "undo")
            .content
            .contains("Undid the last move")
    );
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// Whatever a player types after a command name, the bot answers within Discord's
        /// limits and never panics.
        #[test]
        fn any_text_gets_an_answer(
            name in prop::sample::select(vec!["move", "note", "submit", "solve", "new", "check", "stats", "show", "hint", "undo"]),
            arg in ".{0,120}",
        ) {
            let (_dir, db) = temp_db();
            let bot = Bot::open(&db, T0, 7);
            bot.say("ann", "g1", "new 50");
            if let Ok(command) = Command::parse(&format!("{name} {arg}")) {
                let reply = bot.invoke("ann", "g1", command);
                prop_assert!(!reply.content.is_empty());
            }
        }
    }
}

#[test]
fn a_difficulty_gives_a_puzzle_the_grader_puts_in_that_tier() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    for (user, ask, tier, empty) in [
        ("ann", "/sudoku new hard", Tier::Hard, None),
        ("bob", "/sudoku new 48 expert", Tier::Expert, Some(48)),
        ("cy", "/sudoku new medium 40", Tier::Medium, Some(40)),
    ] {
        let r = bot.say(user, "g1", ask);
        assert!(!r.private, "{}", r.content);
        assert!(
            r.content.contains(&format!("New {} puzzle", tier.name())),
            "{}",
            r.content
        );
        assert!(
            r.content.contains(&format!("**{}**", tier.title())),
            "{}",
            r.content
        );
        let givens = board_of(&r);
        assert_eq!(grader::grade(&givens).map(|g| g.tier), Some(tier), "{ask}");
        if let Some(n) = empty {
            assert_eq!(givens.empty_count(), n);
        }
        solution_of(&givens);
    }
    // An impossible combination is refused at once, with what would work.
    let r = bot.say("dee", "g1", "/sudoku new 30 extreme");
    assert!(r.private);
    assert!(
        r.content
            .contains("Extreme puzzles need at least 50 empty cells (you asked for 30)"),
        "{}",
        r.content
    );
    assert!(
        bot.say("dee", "g1", "/sudoku show")
            .content
            .contains("no game")
    );
}

#[test]
fn a_solve_reports_moves_and_a_wrong_submit_changes_only_the_mistakes() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, _) = new_game(&bot, "ann", "g1", 30);
    let cells = empties(&givens);
    let c = cells[0];
    bot.say("ann", "g1", &format!("move {c} {}", digit(&solution, c)));
    let before = bot.say("ann", "g1", "show").content;
    let mut wrong = solution;
    wrong.set(cells[1], Some(digit(&solution, cells[1]) % 9 + 1));
    let r = bot.say("ann", "g1", &format!("submit {}", wrong.to_line()));
    assert!(
        r.private && r.content.contains("unchanged"),
        "{}",
        r.content
    );
    // The board is as it was; the wrong digit the submission told of is a mistake, as
    // in a check (or guesses submitted one by one would find every digit for free).
    assert!(r.content.contains("mistakes so far 1"), "{}", r.content);
    assert_eq!(
        bot.say("ann", "g1", "show").content,
        before.replace("0 mistakes", "1 mistake")
    );
    // Erase and place again: every changed cell is a move.
    bot.say("ann", "g1", &format!("move {c} 0"));
    let rest: Vec<String> = cells
        .iter()
        .map(|&c| format!("{c} {}", digit(&solution, c)))
        .collect();
    let r = bot.say("ann", "g1", &format!("move {}", rest.join(", ")));
    assert!(r.content.contains("Solved in"), "{}", r.content);
    assert!(r.content.contains("32 moves"), "{}", r.content);
}

#[test]
fn every_conflict_on_the_board_is_named() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, _, _) = new_game(&bot, "ann", "g1", 45);
    // Two empty cells in one row, each given the digit of a given of that row.
    let row = (0..9)
        .find(|&r| {
            let cells: Vec<Cell> = (0..9).filter_map(|c| Cell::at(r, c)).collect();
            cells.iter().filter(|&&c| givens.get(c).is_none()).count() >= 2
                && cells.iter().filter(|&&c| givens.get(c).is_some()).count() >= 2
        })
        .expect("a row with two givens and two holes");
    let cells: Vec<Cell> = (0..9).filter_map(|c| Cell::at(row, c)).collect();
    let holes: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| givens.get(c).is_none())
        .collect();
    let given: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| givens.get(c).is_some())
        .collect();
    let (a, b) = (digit(&givens, given[0]), digit(&givens, given[1]));
    let r = bot.say(
        "ann",
        "g1",
        &format!("move {} {a}, {} {b}", holes[0], holes[1]),
    );
    let line = r
        .content
        .lines()
        .find(|l| l.starts_with("Conflicts: "))
        .unwrap_or_else(|| panic!("no conflicts line: {}", r.content));
    assert!(
        line.contains(&given[0].name()) && line.contains(&holes[0].name()),
        "{line}"
    );
    assert!(
        line.contains(&given[1].name()) && line.contains(&holes[1].name()),
        "{line}"
    );
}

#[test]
fn a_double_clicked_hint_button_counts_one_hint() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (_, _, board) = new_game(&bot, "ann", "g1", 45);
    let first = bot.press("ann", "g1", &board, "Hint");
    bot.clock.advance(200);
    let second = bot.press("ann", "g1", &board, "Hint");
    // The same hint, not a deeper one, and the player sees that it cost nothing.
    let hint_of = |r: &Reply| r.content.lines().next().unwrap_or_default().to_string();
    assert_eq!(hint_of(&first), hint_of(&second));
    assert!(
        second.content.contains("not counted again") && !first.content.contains("not counted"),
        "{}",
        second.content
    );
    let status = bot.say("ann", "g1", "show");
    assert!(status.content.contains("1 hint"), "{}", status.content);
    // Asked again deliberately, it goes one step deeper and counts.
    bot.clock.advance(10_000);
    let third = bot.press("ann", "g1", &board, "Hint");
    assert_ne!(third.content, first.content);
    assert!(bot.say("ann", "g1", "show").content.contains("2 hints"));
}

#[test]
fn another_players_stats_cover_this_place_only() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    new_game(&bot, "ann", "g1", 40);
    new_game(&bot, "ann", "g2", 40);
    new_game(&bot, "ann", "dm", 40);
    let own = bot.say("ann", "g1", "stats");
    assert!(own.content.contains("3 started"), "{}", own.content);
    let seen = bot.say("bob", "g1", "stats ann");
    assert!(seen.content.contains("1 started"), "{}", seen.content);
    assert!(
        bot.say("bob", "g1", "stats nobody")
            .content
            .contains("I don't know a player called `nobody`")
    );
}

#[test]
fn names_cannot_break_the_markdown_around_them() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let r = bot.say("*_evil_*", "g1", "new 40");
    assert!(
        r.content.contains(r"**\*\_evil\_\***'s Easy game"),
        "{}",
        r.content
    );
}

#[test]
fn the_database_runs_in_wal_mode_with_durable_commits() {
    let (_dir, db) = temp_db();
    let store = Store::open(&db).expect("open");
    let mode: String = store
        .connection()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .expect("journal mode");
    assert_eq!(mode, "wal");
    let sync: i64 = store
        .connection()
        .query_row("PRAGMA synchronous", [], |r| r.get(0))
        .expect("synchronous");
    assert_eq!(sync, 2, "FULL: every commit is fsynced");
}

#[test]
fn a_word_where_a_number_belongs_is_named() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    match Command::parse("/sudoku new forty") {
        Err(e) => assert!(e.to_string().contains("forty"), "{e}"),
        Ok(c) => {
            let r = bot.invoke("ann", "g1", c);
            assert!(r.private && r.content.contains("forty"), "{}", r.content);
        }
    }
    assert!(
        bot.say("ann", "g1", "show")
            .content
            .contains("no game in progress")
    );
}

#[test]
fn solve_refuses_your_own_game_in_progress_in_any_disguise() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, _) = new_game(&bot, "ann", "g1", 40);
    let refused = |text: &str| {
        let r = bot.say("ann", "g1", &format!("solve {text}"));
        assert!(
            r.private && r.content.contains("your game in progress"),
            "{}",
            r.content
        );
        assert!(!r.content.contains(&solution.to_line()));
    };
    refused(&givens.to_line());
    // Two givens dropped, in another server too: still the same puzzle.
    let mut fewer = givens;
    for c in Cell::all().filter(|&c| givens.get(c).is_some()).take(2) {
        fewer.set(c, None);
    }
    let r = bot.say("ann", "g2", &format!("solve {}", fewer.to_line()));
    assert!(
        r.private && r.content.contains("your game in progress"),
        "{}",
        r.content
    );
    refused(&fewer.to_line());
    // And the submit that would have followed it records nothing.
    let show = bot.say("ann", "g1", "show");
    assert!(show.content.contains("40 to go"), "{}", show.content);
    // Another player's free puzzle is anyone's to solve; once ann's game ends, hers too.
    assert!(
        bot.say("bob", "g1", &format!("solve {}", givens.to_line()))
            .content
            .contains("exactly one solution")
    );
    bot.give_up("ann", "g1");
    assert!(
        bot.say("ann", "g1", &format!("solve {}", givens.to_line()))
            .content
            .contains("exactly one solution")
    );
}

#[test]
fn replies_name_the_game_and_show_finished_boards_until_the_next_game() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, board) = new_game(&bot, "ann", "g1", 30);
    assert!(board.content.contains("**ann**'s"), "{}", board.content);
    let check = bot.say("ann", "g1", "check");
    assert!(
        check.content.contains("haven't placed any digits") && check.content.contains("your "),
        "{}",
        check.content
    );
    // One right digit, then give up: the final board tells givens, hers and the bot's.
    let cells = empties(&givens);
    bot.say(
        "ann",
        "g1",
        &format!("move {} {}", cells[0], digit(&solution, cells[0])),
    );
    let gave_up = bot.give_up("ann", "g1");
    let row_of = |c: Cell| {
        let label = (b'A' + c.row() as u8) as char;
        gave_up
            .content
            .lines()
            .find(|l| l.starts_with(label))
            .expect("row")
            .to_string()
    };
    assert!(
        row_of(cells[0]).contains(&format!("({})", digit(&solution, cells[0]))),
        "{}",
        gave_up.content
    );
    assert!(
        row_of(cells[1]).contains(&format!("[{}]", digit(&solution, cells[1]))),
        "{}",
        gave_up.content
    );
    assert!(gave_up.content.contains("filled in by the bot"));
    assert_eq!(board_of(&gave_up), solution, "the final board parses back");
    // `show` right after: the finished board with its result, not "no game".
    let shown = bot.say("ann", "g1", "show");
    assert!(
        shown.content.contains("is over (given up)") && board_of(&shown) == solution,
        "{}",
        shown.content
    );
}

#[test]
fn moves_that_change_nothing_and_asks_that_teach_nothing_are_not_counted() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let r = bot.say("ann", "g1", "new 0");
    assert!(
        r.private && r.content.contains("nothing to fill"),
        "{}",
        r.content
    );
    let (givens, _, _) = new_game(&bot, "ann", "g1", 40);
    let cell = empties(&givens)[0];
    let r = bot.say("ann", "g1", &format!("move {cell} 0"));
    assert!(
        r.private && r.content.contains(&format!("{cell} is already empty")),
        "{}",
        r.content
    );
    // Hints: where, digit, step; a fourth ask repeats the step and is not counted.
    for k in 0..4 {
        bot.clock.advance(60_000);
        let r = bot.say("ann", "g1", "hint");
        assert_eq!(
            r.content.contains("not counted again"),
            k == 3,
            "{}",
            r.content
        );
    }
    let status = bot.say("ann", "g1", "show");
    assert!(status.content.contains("3 hints"), "{}", status.content);
    assert!(status.content.contains("0 mistakes"), "{}", status.content);
}

#[test]
fn names_cannot_pretend_to_ping_or_reorder_a_public_message() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let r = bot.say("@everyone \u{202E}olleh\u{200B}", "g1", "new 40");
    assert!(!r.content.contains("@everyone"), "{}", r.content);
    assert!(r.content.contains("@\u{200B}everyone"), "{}", r.content);
    assert!(!r.content.contains('\u{202E}'), "{}", r.content);
}

#[test]
fn the_clock_counts_play_not_time_away() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, _) = new_game(&bot, "ann", "g1", 30);
    let cells = empties(&givens);
    bot.clock.advance(2 * 60_000);
    bot.say(
        "ann",
        "g1",
        &format!("move {} {}", cells[0], digit(&solution, cells[0])),
    );
    // A night away: five minutes of it count, already while the pause runs.
    bot.clock.advance(8 * 3_600_000);
    let shown = bot.say("ann", "g1", "show");
    assert!(shown.content.contains("time 7:00"), "{}", shown.content);
    bot.clock.advance(60_000);
    let rest: Vec<String> = cells[1..]
        .iter()
        .map(|&c| format!("{c} {}", digit(&solution, c)))
        .collect();
    let solved = bot.say("ann", "g1", &format!("move {}", rest.join(", ")));
    assert!(
        solved.content.contains("Solved in 7:00"),
        "{}",
        solved.content
    );
    let stats = bot.say("ann", "g1", "stats");
    assert!(stats.content.contains("7:00"), "{}", stats.content);
}

/// Without check-as-you-go a wrong digit is neither shown nor counted until a check,
/// which counts it once.
#[test]
fn without_check_as_you_go_wrong_digits_count_only_when_checked() {
    let bot = Bot::in_memory(T0, 21);
    let r = bot.say("ann", "here", "settings check-as-you-go:off");
    assert!(
        r.private && r.content.contains("now **off**"),
        "{}",
        r.content
    );
    let board = board_of(&bot.say("ann", "here", "new 10"));
    let solution = common::solution_of(&board);
    let cell = common::empties(&board)[0];
    let wrong = common::digit(&solution, cell) % 9 + 1;
    let r = bot.say("ann", "here", &format!("move {cell} {wrong}"));
    // Drawn as any digit of the player's, not marked wrong.
    assert!(
        !r.content.contains("is wrong") && r.content.contains(&format!("({wrong})")),
        "{}",
        r.content
    );
    assert!(r.content.contains("0 mistakes"), "{}", r.content);
    let r = bot.say("ann", "here", "check");
    assert!(
        r.content.contains("1 wrong digit is now marked"),
        "{}",
        r.content
    );
    let r = bot.say("ann", "here", "check");
    assert!(
        !r.content.contains("now marked"),
        "counted once: {}",
        r.content
    );
    let r = bot.say("ann", "here", "show");
    assert!(r.content.contains("1 mistake"), "{}", r.content);
    assert!(r.content.contains(&format!("!{wrong}!")), "{}", r.content);
}

/// The labels of a reply's buttons, row by row.
fn button_labels(reply: &Reply) -> Vec<Vec<&str>> {
    reply
        .buttons
        .iter()
        .map(|row| row.iter().map(|b| b.label.as_str()).collect())
        .collect()
}

/// The option a menu of `reply` shows as chosen.
fn chosen(reply: &Reply, menu: &str) -> Option<String> {
    let select = reply.selects.iter().find(|s| s.placeholder == menu)?;
    select
        .options
        .iter()
        .find(|o| o.default)
        .map(|o| o.label.clone())
}

#[test]
fn a_whole_game_is_played_with_the_pad_alone() {
    let bot = Bot::in_memory(T0, 7);
    let (givens, solution, mut r) = new_game(&bot, "ann", "g1", 12);
    // Every active board carries the pad: two menus, the digits, erase, the actions.
    assert_eq!(
        r.selects
            .iter()
            .map(|s| s.placeholder.as_str())
            .collect::<Vec<_>>(),
        ["Row", "Column"]
    );
    assert_eq!(
        button_labels(&r),
        [
            vec!["1", "2", "3", "4", "5"],
            vec!["6", "7", "8", "9", "Erase"],
            vec!["Notes: off", "Hint", "Check", "Undo", "Give up"],
        ]
    );
    assert_eq!(chosen(&r, "Row"), None);
    // A digit with no cell chosen says what to do, and changes nothing.
    let refused = bot.press("ann", "g1", &r, "4");
    assert!(refused.private, "{}", refused.content);
    assert!(
        refused.content.contains("Choose a cell first"),
        "{}",
        refused.content
    );

    let cells = empties(&givens);
    let first = cells[0];
    // A row option shows that row's cells; after a row, a column option its cell.
    let row_name = &first.name()[..1];
    r = bot.choose("ann", "g1", &r, "Row", row_name);
    assert!(r.updates_board && !r.private, "{}", r.content);
    assert_eq!(chosen(&r, "Row").as_deref(), Some(row_name));
    let row_option = &r.selects[0].options[first.row()];
    let shown: String = (0..9)
        .map(
            |c| match givens.get(Cell::at(first.row(), c).expect("cell")) {
                Some(d) => char::from(b'0' + d),
                None => '·',
            },
        )
        .map(String::from)
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(row_option.description.as_deref(), Some(shown.as_str()));
    r = bot.choose("ann", "g1", &r, "Column", &first.name()[1..]);
    assert_eq!(
        r.selects[1].options[first.col()].description.as_deref(),
        Some(format!("{first}: empty").as_str())
    );
    // The chosen cell is drawn `<.>`, and the board still parses back to the grid.
    assert!(r.content.contains("<.>"), "{}", r.content);
    assert_eq!(board_of(&r), givens);

    // Notes mode: the digit buttons toggle pencil marks in the chosen cell.
    r = bot.press("ann", "g1", &r, "Notes: off");
    assert!(r.updates_board, "{}", r.content);
    assert_eq!(button_labels(&r)[2][0], "Notes: on");
    r = bot.press("ann", "g1", &r, "3");
    r = bot.press("ann", "g1", &r, "7");
    assert!(r.content.contains(&format!("{first} 37")), "{}", r.content);
    assert_eq!(
        r.selects[1].options[first.col()].description.as_deref(),
        Some(format!("{first}: empty, notes 3 7").as_str())
    );
    r = bot.press("ann", "g1", &r, "Notes: on");

    // A wrong digit is a mistake as typed, and its cell stays chosen to be fixed.
    let right = digit(&solution, first);
    let wrong = right % 9 + 1;
    r = bot.press("ann", "g1", &r, &wrong.to_string());
    assert!(r.content.contains("1 mistake"), "{}", r.content);
    // It keeps its wrong mark under the cursor; the legend names the chosen cell.
    assert!(r.content.contains(&format!("!{wrong}!")), "{}", r.content);
    assert!(
        r.content
            .contains(&format!("{first} is the cell chosen on the pad")),
        "{}",
        r.content
    );
    r = bot.press("ann", "g1", &r, "Erase");
    assert_eq!(board_of(&r).get(first), None, "{}", r.content);
    assert!(
        r.content.starts_with(&format!("Erased {first}.")),
        "{}",
        r.content
    );

    // The rest, three taps a cell (or one, when the pad moved on to the right cell).
    for &cell in &cells {
        let pad_at = chosen(&r, "Row")
            .zip(chosen(&r, "Column"))
            .and_then(|(row, col)| Cell::parse(&format!("{row}{col}")));
        let digit_now = digit(&solution, cell);
        r = if pad_at == Some(cell) {
            bot.press("ann", "g1", &r, &digit_now.to_string())
        } else {
            bot.tap("ann", "g1", &r, cell, digit_now)
        };
        assert!(r.updates_board, "{}", r.content);
    }
    assert!(r.content.contains("Solved in"), "{}", r.content);
    assert!(r.content.contains("1 mistake"), "{}", r.content);
    assert!(r.selects.is_empty(), "a solved board has no pad");
    assert_eq!(button_labels(&r), [vec!["New game"]]);
}

/// Auto-notes, from the pad in notes mode or typed: every empty cell gets its candidates,
/// one undo takes them back, and the board says the aid was used.
#[test]
fn auto_notes_fill_every_empty_cell_and_undo_takes_them_back() {
    let bot = Bot::in_memory(T0, 7);
    let (givens, _solution, r) = new_game(&bot, "ann", "g1", 40);
    assert!(!r.content.contains("auto-notes"), "{}", r.content);
    let r = bot.press("ann", "g1", &r, "Notes: off");
    // Notes mode gives Give up's place to Auto-notes (five buttons a row at most); every
    // other button stays where it was.
    assert_eq!(
        button_labels(&r)[2],
        ["Notes: on", "Hint", "Check", "Undo", "Auto-notes"]
    );
    let filled = bot.press("ann", "g1", &r, "Auto-notes");
    assert!(filled.updates_board, "{}", filled.content);
    assert!(
        filled.content.contains("Auto-notes: 40 cells now show"),
        "{}",
        filled.content
    );
    assert!(
        filled.content.contains("0 hints · auto-notes"),
        "{}",
        filled.content
    );
    // Each empty cell's notes are the digits its row, column and box leave open.
    let first = empties(&givens)[0];
    let open = open_digits(&givens, first);
    assert!(
        filled.content.contains(&format!("{first} {open}")),
        "{}",
        filled.content
    );
    let again = bot.press("ann", "g1", &filled, "Auto-notes");
    assert!(
        again.content.contains("already shows its candidates"),
        "{}",
        again.content
    );
    let undone = bot.press("ann", "g1", &again, "Undo");
    assert!(!undone.content.contains("Notes: "), "{}", undone.content);
    // Typed, the same.
    let typed = bot.say("ann", "g1", "note auto");
    assert!(
        typed.content.contains(&format!("{first} {open}")),
        "{}",
        typed.content
    );
    let extra = bot.say("ann", "g1", "note auto 12");
    assert!(
        extra.content.contains("`note auto` takes no digits"),
        "{}",
        extra.content
    );
    let wrong = bot.say("ann", "g1", "note everything");
    assert!(
        wrong
            .content
            .contains("or `auto` for every cell's candidates"),
        "{}",
        wrong.content
    );
}

#[test]
fn the_pad_moves_on_along_the_row_and_keeps_its_cell_across_a_restart() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 7);
    let (givens, solution, r) = new_game(&bot, "ann", "g1", 40);
    // A row with two empty cells or more.
    let row = (0..9)
        .find(|&row| {
            (0..9)
                .filter(|&c| givens.get(Cell::at(row, c).expect("cell")).is_none())
                .count()
                >= 2
        })
        .expect("a row with two empty cells");
    let empty: Vec<Cell> = (0..9)
        .filter_map(|c| Cell::at(row, c))
        .filter(|&c| givens.get(c).is_none())
        .collect();
    let r = bot.tap("ann", "g1", &r, empty[0], digit(&solution, empty[0]));
    // A right digit: on to the next empty cell of the row.
    assert_eq!(
        chosen(&r, "Column"),
        Some((empty[1].col() + 1).to_string()),
        "{}",
        r.content
    );
    drop(bot);
    let bot = Bot::open(&db, T0 + 60_000, 7);
    let shown = bot.say("ann", "g1", "show");
    assert_eq!(chosen(&shown, "Row"), chosen(&r, "Row"));
    assert_eq!(chosen(&shown, "Column"), chosen(&r, "Column"));
    // Typed moves work as before, next to the pad, and are what the pad then shows.
    let typed = bot.say(
        "ann",
        "g1",
        &format!("move {} {}", empty[1], digit(&solution, empty[1])),
    );
    assert_eq!(board_of(&typed).get(empty[1]), solution.get(empty[1]));
    assert!(!typed.updates_board, "a typed move posts its board");
}

#[test]
fn stale_and_foreign_pad_presses_are_refused_and_change_nothing() {
    let bot = Bot::in_memory(T0, 7);
    let (givens, solution, r) = new_game(&bot, "ann", "g1", 20);
    let cells = empties(&givens);
    let r = bot.choose("ann", "g1", &r, "Row", &cells[0].name()[..1]);
    let r = bot.choose("ann", "g1", &r, "Column", &cells[0].name()[1..]);
    // Someone else's board: its pad is not theirs.
    let d = digit(&solution, cells[0]).to_string();
    for foreign in [
        bot.press("bob", "g1", &r, &d),
        bot.choose("bob", "g1", &r, "Row", "A"),
    ] {
        assert!(foreign.private, "{}", foreign.content);
        assert!(
            foreign.content.contains("not your game"),
            "{}",
            foreign.content
        );
    }
    // A typed move makes the pad above stale: a press there redraws the board as it is.
    let now = bot.say(
        "ann",
        "g1",
        &format!("move {} {}", cells[1], digit(&solution, cells[1])),
    );
    let stale = bot.press("ann", "g1", &r, &d);
    assert!(stale.updates_board, "{}", stale.content);
    assert!(
        stale.content.contains("The board changed"),
        "{}",
        stale.content
    );
    assert_eq!(board_of(&stale), board_of(&now), "nothing was played");
    let stale = bot.choose("ann", "g1", &r, "Row", "I");
    assert!(
        stale.content.contains("The board changed"),
        "{}",
        stale.content
    );
    assert_eq!(
        chosen(&stale, "Row"),
        chosen(&r, "Row"),
        "nothing was chosen"
    );
    // The fresh board's pad plays.
    let played = bot.press("ann", "g1", &now, &d);
    assert_eq!(
        board_of(&played).get(cells[0]),
        solution.get(cells[0]),
        "{}",
        played.content
    );
    // An ended game's pad is refused.
    let over = bot.give_up("ann", "g1");
    assert!(over.content.contains("Given up"), "{}", over.content);
    let late = bot.press("ann", "g1", &played, "1");
    assert!(
        late.private && late.content.contains("over"),
        "{}",
        late.content
    );
}
