//! `sudoku-bot play` driven by a script, as a person would type it.

use std::io::Write;
use std::process::{Command, Stdio};

fn play(db: &std::path::Path, script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-bot"))
        .args([
            "play",
            "--seed",
            "5",
            "--user",
            "ann",
            "--now",
            "2026-11-22T09:00:00Z",
            "--db",
        ])
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run sudoku-bot play");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(script.as_bytes())
        .expect("write script");
    let out = child.wait_with_output().expect("finish");
    assert!(out.status.success());
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn a_scripted_session_with_a_clock_two_players_and_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("play.db");
    let out = play(
        &db,
        "/sudoku new 40\n:advance 5m\n/sudoku show\n:user bob\n/sudoku show\n:press 1\n/sudoku new 30\n:quit\n/sudoku help\n",
    );
    // No prompts when stdin is a script.
    assert!(!out.contains("> "), "{out}");
    assert!(out.contains("**ann**'s game"), "{out}");
    assert!(out.contains("40 to go · time 5:00"), "{out}");
    assert!(out.contains("(you are now bob)"), "{out}");
    assert!(out.contains("You have no game in progress here"), "{out}");
    assert!(out.contains("**bob**'s game"), "{out}");
    assert!(
        !out.contains("rows are A-I (top to bottom)"),
        ":quit stops reading"
    );
    // A second process on the same database: ann's game is still there, still running.
    let again = play(&db, ":advance 1m\n/sudoku show\n");
    assert!(again.contains("40 to go · time 1:00"), "{again}");
}

#[test]
fn a_multi_line_grid_pasted_into_solve() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = play(
        &dir.path().join("p.db"),
        "/sudoku solve\n4 . . |. . . |8 . 5\n. 3 . |. . . |. . .\n. . . |7 . . |. . .\n------+------+------\n. 2 . |. . . |. 6 .\n. . . |. 8 . |4 . .\n. . . |. 1 . |. . .\n------+------+------\n. . . |6 . 3 |. 7 .\n5 . . |2 . . |. . .\n1 . 4 |. . . |. . .\n",
    );
    assert!(out.contains("Solved: exactly one solution"), "{out}");
    assert!(
        out.contains(
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
        ),
        "{out}"
    );
}

#[test]
fn a_scripted_daily_with_the_clock_set() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = play(
        &dir.path().join("d.db"),
        ":place guild-1\n:admin off\n/sudoku daily setup channel:42\n:admin on\n/sudoku daily setup channel:42 time:10:00 timezone:Europe/Madrid\n:tick\n:now 2026-11-22T09:00:00Z\n:tick\n:press Play\n:advance 3m\n/sudoku leaderboard\n:tick\n",
    );
    assert!(
        out.contains("Only members who can manage this server"),
        "{out}"
    );
    assert!(
        out.contains("every day at 10:00 (Europe/Madrid) in <#42>"),
        "{out}"
    );
    // 09:00 UTC is 10:00 in Madrid: the post appears once.
    assert_eq!(
        out.matches("(posted in channel 42 of guild-1:)").count(),
        1,
        "{out}"
    );
    assert!(
        out.contains("**Daily Sudoku for Sunday 22 November**"),
        "{out}"
    );
    assert!(
        out.contains("Daily Sudoku for Sunday 22 November.\n**ann**'s game"),
        "Play opens a personal game: {out}"
    );
    assert!(
        out.contains("No one has solved a daily in this period yet"),
        "{out}"
    );
    assert_eq!(out.matches("(no daily post is due)").count(), 2, "{out}");

    // A second session on the same database solves it: the board ann was shown, solved
    // here, is typed back as a submission; the leaderboard then ranks her.
    let game = &out[out.find("**ann**'s game").expect("ann's board")..];
    let block_start = game.find("```").expect("code block");
    let block_end = block_start + 3 + game[block_start + 3..].find("```").expect("fence end");
    let givens = sudoku_bot::engine::parse::parse_grid(&game[block_start..block_end + 3])
        .expect("the board parses");
    let solution = match sudoku_bot::engine::solver::solve(&givens) {
        sudoku_bot::engine::Solution::Unique(g) => g,
        other => panic!("{other:?}"),
    };
    let out = play(
        &dir.path().join("d.db"),
        &format!(
            ":place guild-1\n:advance 4m\n/sudoku submit {}\n/sudoku leaderboard today\n",
            solution.to_line()
        ),
    );
    assert!(out.contains("**ann** solved the daily puzzle"), "{out}");
    assert!(out.contains("1. ann: 4:00 · 0 mistakes · 0 hints"), "{out}");
}
