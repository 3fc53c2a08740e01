//! The batch CLI's contract, as scripts use it: output lines and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
const EASY_SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

fn run(args: &[&str], stdin: &str) -> Output {
    run_bytes(args, stdin.as_bytes())
}

/// Like [`run`], with any bytes on stdin.
fn run_bytes(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-bot"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run sudoku-bot");
    let mut input = child.stdin.take().expect("stdin");
    let bytes = stdin.to_vec();
    // Written from another thread: the child answers while it reads.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().expect("finish");
    writer.join().expect("writer");
    out
}

fn stdout(o: &Output) -> Vec<String> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn solve_answers_each_line_and_exits_by_the_worst_verdict() {
    let out = run(&["solve"], &format!("{EASY}\n"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), [EASY_SOLVED]);

    let two_fives = format!("55{}", &EASY[2..]);
    let input = format!(
        "# a comment\n\n{EASY}\n{}\n{two_fives}\n{}\n1234\n",
        ".".repeat(81),
        EASY.replace('0', ".").replacen('3', "4", 1),
    );
    let out = run(&["solve"], &input);
    assert_eq!(out.status.code(), Some(1));
    let lines = stdout(&out);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!(lines[0], EASY_SOLVED);
    assert_eq!(lines[1], "multiple solutions");
    assert!(
        lines[2].starts_with("invalid: ") && lines[2].contains("5 appears twice in row A"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3] == "no solution" || lines[3].starts_with("invalid: "),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].starts_with("invalid: ") && lines[4].contains("81"),
        "{}",
        lines[4]
    );
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(run(&["solve", "--nonsense"], "").status.code(), Some(2));
    assert_eq!(run(&["generate"], "").status.code(), Some(2));
    assert_eq!(
        run(&["hint", "--depth", "4", EASY], "").status.code(),
        Some(2)
    );
}

#[test]
fn generate_is_exact_repeatable_and_refuses_the_impossible() {
    let args = [
        "generate",
        "--empty",
        "50",
        "--count",
        "3",
        "--seed",
        "7",
        "--symmetry",
        "rot180",
    ];
    let first = run(&args, "");
    assert_eq!(first.status.code(), Some(0));
    let lines = stdout(&first);
    assert_eq!(lines.len(), 3);
    for line in &lines {
        assert_eq!(line.len(), 81);
        assert_eq!(line.matches('.').count(), 50);
        let b = line.as_bytes();
        assert!(
            (0..81).all(|i| (b[i] == b'.') == (b[80 - i] == b'.')),
            "not symmetric: {line}"
        );
        let solved = run(&["solve"], &format!("{line}\n"));
        assert_eq!(
            solved.status.code(),
            Some(0),
            "{line} has not exactly one solution"
        );
    }
    assert_eq!(
        stdout(&run(&args, "")),
        lines,
        "the same seed gives the same puzzles"
    );

    let out = run(&["generate", "--empty", "65"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("17 clues"));
    let out = run(
        &["generate", "--empty", "30", "--difficulty", "extreme"],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("at least 50 empty cells"));
}

#[test]
fn generate_by_difficulty_grades_as_asked() {
    let out = run(
        &[
            "generate",
            "--difficulty",
            "hard",
            "--count",
            "2",
            "--seed",
            "3",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let puzzles = stdout(&out);
    assert_eq!(puzzles.len(), 2);
    let graded = stdout(&run(&["grade"], &(puzzles.join("\n") + "\n")));
    assert_eq!(graded.len(), 2);
    assert!(graded.iter().all(|g| g.starts_with("hard ")), "{graded:?}");
}

#[test]
fn grade_names_tier_score_and_hardest_technique() {
    let out = run(&["grade"], &format!("{EASY}\n{}\n12\n", ".".repeat(81)));
    let lines = stdout(&out);
    let easy: Vec<&str> = lines[0].splitn(3, ' ').collect();
    assert_eq!(easy[0], "easy");
    assert!(easy[1].parse::<u32>().is_ok_and(|s| s > 0), "{}", lines[0]);
    assert!(
        ["Full House", "Hidden Single", "Naked Single"].contains(&easy[2]),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "multiple solutions");
    assert!(lines[2].starts_with("invalid: "));
    // Beyond every technique: said so, never guessed.
    let hardest =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let out = stdout(&run(&["grade"], &format!("{hardest}\n")));
    assert!(
        out[0].starts_with("extreme ") && out[0].ends_with("trial and error"),
        "{}",
        out[0]
    );
}

#[test]
fn hint_depths_and_a_board_with_a_wrong_entry() {
    let one = stdout(&run(&["hint", EASY], "")).join("\n");
    let three = stdout(&run(&["hint", "--depth", "3", EASY], "")).join("\n");
    assert!(one.starts_with("Look for a"), "{one}");
    assert!(three.contains("In short:"), "{three}");
    assert!(three.len() > one.len());
    // A multi-line grid on stdin works too.
    let rows: Vec<&str> = (0..9).map(|r| &EASY[r * 9..r * 9 + 9]).collect();
    let from_stdin = stdout(&run(&["hint"], &rows.join("\n"))).join("\n");
    assert_eq!(from_stdin, one);
    // A1 is empty in the puzzle and 4 in the solution: a 9 there is wrong.
    let board = format!("9{}", &EASY[1..]);
    let wrong = stdout(&run(&["hint", "--board", &board, EASY], "")).join("\n");
    assert_eq!(wrong, "Fix this first: A1 is wrong.");
    // A board that changes a given is refused.
    let out = run(
        &["hint", "--board", &format!("004{}", &EASY[3..]), EASY],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("A3 is a given 3"));
}

#[test]
fn explain_prints_the_whole_path_to_the_solution() {
    let out = run(&["explain", EASY], "");
    assert_eq!(out.status.code(), Some(0));
    let lines = stdout(&out);
    // One placement per empty cell for a singles puzzle, then the verdict.
    let empty = EASY.matches('0').count();
    assert_eq!(lines.len(), empty + 1, "{lines:?}");
    assert!(lines[0].starts_with("1. "));
    assert!(lines[empty].starts_with("solved: easy "));
    let out = run(&["explain", &".".repeat(81)], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("multiple solutions"));
}

#[test]
fn bad_bytes_and_huge_lines_get_one_answer_each_and_the_rest_is_still_read() {
    let mut input = b"\xff\xfe not text\n".to_vec();
    input.extend_from_slice(&vec![b'1'; 5_000_000]);
    input.push(b'\n');
    input.extend_from_slice(format!("{EASY}\n").as_bytes());
    let out = run_bytes(&["solve"], &input);
    assert_eq!(out.status.code(), Some(1));
    let lines = stdout(&out);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0], "invalid: not UTF-8 text");
    assert!(
        lines[1].starts_with("invalid: a line of 5000000 bytes"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], EASY_SOLVED);

    // `play` answers the same way and goes on; an unknown command's echo is short.
    let mut input = b"\xff\xfe\n".to_vec();
    input.extend_from_slice(format!("/sudoku {}\n", "x".repeat(50_000)).as_bytes());
    input.extend_from_slice(format!("/sudoku {}\n", "y".repeat(100_000)).as_bytes());
    input.extend_from_slice(format!("/sudoku solve {EASY}\n").as_bytes());
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("p.db");
    let out = run_bytes(&["play", "--db", db.to_str().expect("path")], &input);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("invalid: not UTF-8 text"), "{text}");
    assert!(text.contains("unknown command `xxxx"), "{text}");
    assert!(text.contains("invalid: a line of 100008 bytes"), "{text}");
    assert!(text.len() < 3_000, "no long echo: {} bytes", text.len());
    assert!(text.contains(EASY_SOLVED), "{text}");
}

#[test]
fn render_writes_a_png_and_says_what_it_shows() {
    let dir = tempfile::tempdir().expect("dir");
    let out = dir.path().join("board.png");
    let mut board = EASY.to_string();
    board.replace_range(0..1, "5"); // a wrong digit in A1 (the answer is 4)
    let o = run(
        &[
            "render",
            EASY,
            "--board",
            &board,
            "--notes",
            "A2 58",
            "--out",
            out.to_str().expect("path"),
        ],
        "",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let said = stdout(&o).join("\n");
    assert!(said.contains("1 wrong digit"), "{said}");
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&out).expect("png"),
    ));
    let info = decoder
        .read_info()
        .expect("a PNG that decodes")
        .info()
        .clone();
    assert_eq!((info.width, info.height), (600, 600));
    let bad = run(
        &["render", "0030", "--out", out.to_str().expect("path")],
        "",
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("the puzzle"));
    // With the pad: a taller picture (five rows of components), the chosen cell named.
    let o = run(
        &[
            "render",
            EASY,
            "--chosen",
            "B5",
            "--controls",
            "--out",
            out.to_str().expect("path"),
        ],
        "",
    );
    assert!(stdout(&o).join("\n").contains("chosen cell B5"));
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(&out).expect("png"),
    ));
    let info = decoder.read_info().expect("a PNG").info().clone();
    assert!(info.height > 800, "{}", info.height);
    let bad = run(
        &[
            "render",
            EASY,
            "--chosen",
            "Z9",
            "--out",
            out.to_str().expect("path"),
        ],
        "",
    );
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("--chosen: `Z9` is not a cell"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}
