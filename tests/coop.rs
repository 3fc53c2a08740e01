//! Co-op boards: one board per channel that everyone there fills together.

mod common;

use common::{Bot, T0, board_of, digit, empties, open_digits, solution_of, temp_db};
use sudoku_bot::app::{BoardStyle, Command, Invocation, Place, Player, Reply};
use sudoku_bot::engine::{Cell, Grid};
use sudoku_bot::game::{Action, Move};
use sudoku_bot::store::CoopRecord;

/// The right and a wrong digit of `cell`.
fn right(solution: &Grid, cell: Cell) -> u8 {
    digit(solution, cell)
}

fn wrong(solution: &Grid, cell: Cell) -> u8 {
    right(solution, cell) % 9 + 1
}

/// The board a `coop` reply shows, and its solution.
fn puzzle(reply: &Reply) -> (Grid, Grid) {
    let board = board_of(reply);
    (board, solution_of(&board))
}

#[test]
fn two_players_fill_a_board_and_the_bot_says_who_did_what() {
    let bot = Bot::in_memory(T0, 3);
    let start = bot.say("ann", "chan", "/sudoku coop 6");
    assert!(!start.private);
    assert!(
        start.content.starts_with("Co-op board: a new"),
        "{}",
        start.content
    );
    let (board, solution) = puzzle(&start);
    let cells = empties(&board);
    assert_eq!(cells.len(), 6);
    let c = |i: usize| cells[i];

    // Neither has a game of their own here: plain `move` means the co-op board.
    let r = bot.say(
        "ann",
        "chan",
        &format!("move {} {}", c(0), right(&solution, c(0))),
    );
    assert!(
        r.content
            .starts_with(&format!("Co-op board: **ann** played {}", c(0))),
        "{}",
        r.content
    );
    assert_eq!(board_of(&r).get(c(0)), solution.get(c(0)));

    // A cell someone just filled: private, names who, changes nothing.
    let r = bot.say(
        "bob",
        "chan",
        &format!(
            "move {} {}, {} {}",
            c(1),
            right(&solution, c(1)),
            c(0),
            right(&solution, c(0))
        ),
    );
    assert!(r.private);
    assert!(
        r.content
            .contains(&format!("{} was already filled by **ann**", c(0))),
        "{}",
        r.content
    );
    assert_eq!(
        board_of(&bot.say("bob", "chan", "coop show")).get(c(1)),
        None,
        "all or nothing"
    );

    // A wrong digit is refused for everybody and counted against the team.
    let r = bot.say(
        "bob",
        "chan",
        &format!("coop move {} {}", c(1), wrong(&solution, c(1))),
    );
    assert!(!r.private);
    assert!(
        r.content
            .contains("is wrong: not placed (team mistakes: 1)"),
        "{}",
        r.content
    );
    let seen_by_ann = bot.say("ann", "chan", "show");
    assert_eq!(board_of(&seen_by_ann).get(c(1)), None);
    assert!(
        seen_by_ann.content.contains("1 mistake"),
        "{}",
        seen_by_ann.content
    );

    // Bob erasing ann's digit is refused; his own undo takes back only his move.
    let r = bot.say("bob", "chan", &format!("move {} 0", c(0)));
    assert!(
        r.private && r.content.contains("**ann**'s; only they can erase it"),
        "{}",
        r.content
    );
    bot.say(
        "bob",
        "chan",
        &format!("move {} {}", c(1), right(&solution, c(1))),
    );
    let r = bot.say("bob", "chan", "undo");
    assert!(
        r.content
            .contains(&format!("took back their last move ({})", c(1))),
        "{}",
        r.content
    );
    let after = board_of(&r);
    assert_eq!(after.get(c(1)), None);
    assert_eq!(after.get(c(0)), solution.get(c(0)), "ann's digit stays");
    let r = bot.say("bob", "chan", "undo");
    assert!(
        r.private && r.content.contains("no move of your own to undo"),
        "{}",
        r.content
    );

    // Hints and checks are private and say which game they are about.
    let r = bot.say("bob", "chan", "hint");
    assert!(
        r.private && r.content.starts_with("Co-op board hint"),
        "{}",
        r.content
    );
    let r = bot.say("ann", "chan", "check");
    assert!(
        r.private
            && r.content
                .contains("5 cells still empty; team mistakes so far: 1"),
        "{}",
        r.content
    );

    // Finish together.
    let moves = |range: std::ops::Range<usize>| -> String {
        range
            .map(|i| format!("{} {}", c(i), right(&solution, c(i))))
            .collect::<Vec<_>>()
            .join(", ")
    };
    bot.say("bob", "chan", &format!("move {}", moves(1..4)));
    let done = bot.say("ann", "chan", &format!("move {}", moves(4..6)));
    assert!(!done.private);
    assert!(
        done.content.starts_with("Co-op board solved together in"),
        "{}",
        done.content
    );
    assert!(
        done.content
            .contains("by 2 players, with 1 mistake and 1 hint"),
        "{}",
        done.content
    );
    assert!(
        done.content.contains("**ann** placed the last digit"),
        "{}",
        done.content
    );
    assert!(
        done.content.contains(
            "Who did what:\n**ann**: 3 cells, 0 mistakes\n**bob**: 3 cells, 1 mistake, 1 hint"
        ),
        "{}",
        done.content
    );
    assert!(done.buttons.is_empty());

    // Stats learn it; the channel may start the next board.
    let stats = bot.say("bob", "chan", "stats");
    assert!(
        stats
            .content
            .contains("Co-op: 1 board solved together (of 1) · 3 cells placed · 1 mistake"),
        "{}",
        stats.content
    );
    let r = bot.say("ann", "chan", "move A1 1");
    assert!(
        r.content.contains("You have no game in progress"),
        "over boards take no moves: {}",
        r.content
    );
    assert!(!bot.say("bob", "chan", "coop").private);
}

#[test]
fn move_goes_to_your_own_game_first_and_coop_move_to_the_board() {
    let bot = Bot::in_memory(T0, 4);
    let (board, solution) = puzzle(&bot.say("ann", "chan", "coop 10"));
    let own = bot.say("bob", "chan", "new 10");
    let own_board = board_of(&own);
    let own_solution = solution_of(&own_board);
    let cell = empties(&own_board)[0];
    let r = bot.say(
        "bob",
        "chan",
        &format!("move {cell} {}", right(&own_solution, cell)),
    );
    assert!(
        r.content.contains("**bob**'s Easy game"),
        "bob's own game: {}",
        r.content
    );
    assert!(!r.content.contains("Co-op board"), "{}", r.content);
    let cell = empties(&board)[0];
    let r = bot.say(
        "bob",
        "chan",
        &format!("coop move {cell} {}", right(&solution, cell)),
    );
    assert!(
        r.content.starts_with("Co-op board: **bob** played"),
        "{}",
        r.content
    );
    // Show, too: your game first.
    assert!(
        bot.say("bob", "chan", "show")
            .content
            .contains("**bob**'s Easy game")
    );
    assert!(
        bot.say("bob", "chan", "coop show")
            .content
            .contains("**Co-op board**")
    );
}

#[test]
fn one_board_per_channel_and_only_its_starter_or_an_admin_ends_it() {
    let bot = Bot::in_memory(T0, 5);
    bot.say("ann", "chan", "coop 10");
    let again = bot.say("bob", "chan", "coop 20");
    assert!(again.private);
    assert!(
        again
            .content
            .contains("one is already running in this channel; here it is"),
        "{}",
        again.content
    );
    assert_eq!(
        empties(&board_of(&again)).len(),
        10,
        "shows the running board"
    );
    // Another channel has its own.
    assert!(!bot.say("bob", "other", "coop 20").private);
    let r = bot.say("bob", "chan", "coop end");
    assert!(
        r.private
            && r.content
                .contains("only the player who started it (**ann**)"),
        "{}",
        r.content
    );
    let r = bot.say_as("cat", "chan", true, "coop end");
    assert!(
        !r.private && r.content.starts_with("Co-op board ended by **cat**"),
        "{}",
        r.content
    );
    assert_eq!(empties(&board_of(&r)).len(), 0, "the solution is shown");
    assert!(
        bot.say("ann", "chan", "coop show")
            .content
            .contains(NO_BOARD_START)
    );
    assert!(
        bot.say("ann", "dm", "coop")
            .content
            .contains("server channel")
    );
}

const NO_BOARD_START: &str = "Co-op board: none is running in this channel";

/// Discord's channels of one server each have their own board; `/sudoku solve`'s check
/// finds every board of the server.
#[test]
fn channels_of_a_server_have_their_own_boards_and_the_solver_check_finds_them() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 6);
    let say = |user: &str, channel: &str, text: &str| {
        bot.handle(&Invocation {
            player: Player {
                id: user.into(),
                name: user.into(),
            },
            place: Place::guild(1).in_channel(channel),
            command: Command::parse(text).expect("parses"),
            style: BoardStyle::Plain,
            is_admin: false,
            lang: Default::default(),
            server_lang: None,
        })
    };
    let (g7, s7) = puzzle(&say("ann", "7", "coop 10"));
    let (g8, s8) = puzzle(&say("bob", "8", "coop 12"));
    assert_ne!(g7, g8);
    bot.say("cat", "guild:2", "coop 14");
    let mut store = common::open_store(&db);
    let mut running = store
        .write(|tx| tx.coop_puzzles_running(Some("guild:1")))
        .expect("read");
    running.sort_by_key(|(g, _)| g.empty_count());
    assert_eq!(running, vec![(g7, s7), (g8, s8)]);
    let all = store
        .write(|tx| tx.coop_puzzles_running(None))
        .expect("read");
    assert_eq!(all.len(), 3);
    say("ann", "7", "coop end");
    let running = store
        .write(|tx| tx.coop_puzzles_running(Some("guild:1")))
        .expect("read");
    assert_eq!(
        running,
        vec![(g8, s8)],
        "an ended board is no secret any more"
    );
}

#[test]
fn buttons_keep_working_after_a_restart() {
    let (_dir, db) = temp_db();
    let (board, solution, reply) = {
        let bot = Bot::open(&db, T0, 7);
        let start = bot.say("ann", "chan", "coop 10");
        let (board, solution) = puzzle(&start);
        let cell = empties(&board)[0];
        let reply = bot.say(
            "ann",
            "chan",
            &format!("move {cell} {}", right(&solution, cell)),
        );
        (board, solution, reply)
    };
    let bot = Bot::open(&db, T0 + 60_000, 8);
    let r = bot.press("bob", "chan", &reply, "Hint");
    assert!(
        r.private && r.content.starts_with("Co-op board hint"),
        "{}",
        r.content
    );
    let r = bot.press("bob", "chan", &reply, "Check");
    assert!(r.content.contains("9 cells still empty"), "{}", r.content);
    let r = bot.press("bob", "chan", &reply, "Undo my move");
    assert!(
        r.content.contains("no move of your own"),
        "bob's Undo is bob's: {}",
        r.content
    );
    let r = bot.press("ann", "chan", &reply, "Undo my move");
    assert!(
        r.updates_board && r.content.contains("took back their last move"),
        "{}",
        r.content
    );
    assert_eq!(board_of(&r), board);
    // The same button again is a double click, not a second undo.
    let cell = empties(&board)[1];
    bot.say(
        "ann",
        "chan",
        &format!("move {cell} {}", right(&solution, cell)),
    );
    let r = bot.press("ann", "chan", &reply, "Undo my move");
    assert!(
        r.private && r.content.contains("already undid"),
        "{}",
        r.content
    );
    let r = bot.press("cat", "chan", &reply, "Show board");
    assert!(r.updates_board);
    assert_eq!(board_of(&r).get(cell), solution.get(cell));
}

#[test]
fn forget_me_removes_the_name_but_not_the_teams_digits() {
    let bot = Bot::in_memory(T0, 9);
    let (board, solution) = puzzle(&bot.say("bob", "chan", "coop 3"));
    let cells = empties(&board);
    bot.say(
        "bob",
        "chan",
        &format!("move {} {}", cells[0], right(&solution, cells[0])),
    );
    bot.press("bob", "chan", &bot.say("bob", "chan", "forget-me"), "Yes");
    let moves: Vec<String> = cells[1..]
        .iter()
        .map(|&c| format!("{c} {}", right(&solution, c)))
        .collect();
    let done = bot.say("ann", "chan", &format!("move {}", moves.join(", ")));
    assert!(
        done.content.contains("**ann**: 2 cells"),
        "{}",
        done.content
    );
    assert!(
        done.content.contains("a former player**: 1 cell"),
        "{}",
        done.content
    );
    assert!(
        done.content.contains("started by **a former player**"),
        "{}",
        done.content
    );
    assert!(!done.content.contains("bob"), "{}", done.content);
    assert!(!bot.say("bob", "chan", "stats").content.contains("Co-op"));
}

#[test]
fn bad_coop_input_is_refused_privately() {
    let bot = Bot::in_memory(T0, 10);
    for (text, says) in [
        ("coop move", "give the moves after `coop move`"),
        ("coop note B7", "give a cell and digits"),
        (
            "coop hint 40",
            "empty cells and difficulty are for starting",
        ),
        ("coop show me", "takes nothing more"),
        ("coop dance", "`dance` is not a co-op action"),
        ("coop check B7", "`coop check` takes nothing more"),
    ] {
        let e = Command::parse(text).expect_err(text);
        let reply = bot.invoke("ann", "chan", Command::Unreadable(e));
        assert!(
            reply.private && reply.content.contains(says),
            "{text}: {reply:?}"
        );
    }
    assert!(
        bot.say("ann", "chan", "coop move B7 4")
            .content
            .contains(NO_BOARD_START)
    );
    let (board, _) = puzzle(&bot.say("ann", "chan", "coop 10"));
    let given = Cell::all()
        .find(|&c| board.get(c).is_some())
        .expect("a given");
    let r = bot.say("ann", "chan", &format!("move {given} 1"));
    assert!(
        r.private && r.content.contains("is a given"),
        "{}",
        r.content
    );
    let r = bot.say("ann", "chan", "move Z9 1");
    assert!(
        r.private && r.content.starts_with("Co-op board: `Z9` is not a cell"),
        "{}",
        r.content
    );
    let r = bot.say("ann", "chan", "coop note Q1 5");
    assert!(
        r.private && r.content.contains("`Q1` is not a cell"),
        "{}",
        r.content
    );
    let r = bot.say("ann", "chan", "coop 99");
    assert!(r.private, "{}", r.content);
}

/// N players on their own connections (as N bot processes would be) make moves on one
/// board at once, racing for the same cells, with wrong digits among them. The stored
/// board equals a sequential replay of the moves the players were told succeeded: no
/// move lost, none applied twice, every mistake counted once.
#[test]
fn concurrent_moves_on_one_board_equal_a_sequential_replay() {
    const PLAYERS: usize = 4;
    let (_dir, db) = temp_db();
    let start = Bot::open(&db, T0, 11).say("p0", "chan", "coop 36");
    let (board, solution) = puzzle(&start);
    let cells = empties(&board);
    let results: Vec<Vec<(Move, &'static str)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..PLAYERS)
            .map(|p| {
                let (db, cells) = (&db, &cells);
                scope.spawn(move || {
                    let bot = Bot::open(db, T0, 100 + p as u64);
                    let me = format!("p{p}");
                    let mut told = Vec::new();
                    // Each player walks every cell from their own starting point: every
                    // cell is raced for by several players.
                    for k in 0..cells.len() {
                        let cell = cells[(k + p * 9) % cells.len()];
                        let d = if (k + p) % 7 == 0 {
                            wrong(&solution, cell)
                        } else {
                            right(&solution, cell)
                        };
                        let m = Move {
                            cell,
                            action: Action::Place(d),
                        };
                        let r = bot.say(&me, "chan", &format!("coop move {cell} {d}"));
                        let what = common::coop_outcome(&r);
                        told.push((m, what));
                    }
                    told
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });

    let mut store = common::open_store(&db);
    let stored: CoopRecord = store
        .write(|tx| tx.coop(1))
        .expect("read")
        .expect("the board");
    common::assert_coop_is_the_replay(board, solution, &results, &stored);
}

#[test]
fn solve_refuses_a_running_coop_board_of_its_server_only() {
    let bot = Bot::in_memory(T0, 5);
    let board = bot.say("ann", "chan", "coop 40");
    let givens = board_of(&board);
    let r = bot.say("bob", "chan", &format!("solve {}", givens.to_line()));
    assert!(
        r.private && r.content.contains("co-op board"),
        "{}",
        r.content
    );
    // Elsewhere it is nobody's ranked play: solved, as a website would.
    for (user, place) in [("cat", "elsewhere"), ("dan", "dm")] {
        let r = bot.say(user, place, &format!("solve {}", givens.to_line()));
        assert!(r.content.contains("exactly one solution"), "{}", r.content);
    }
    bot.say_as("ann", "chan", true, "coop end");
    let r = bot.say("bob", "chan", &format!("solve {}", givens.to_line()));
    assert!(r.content.contains("exactly one solution"), "{}", r.content);
}

/// A co-op board is the channel's: a typed `giveup` there says how it ends instead of
/// "no game in progress".
#[test]
fn giveup_with_only_a_coop_board_says_how_it_ends() {
    let bot = Bot::in_memory(T0, 31);
    bot.say("ann", "c1", "coop 20");
    let r = bot.say("bob", "c1", "giveup");
    assert!(
        r.private && r.content.contains("`/sudoku coop end`"),
        "{}",
        r.content
    );
    assert!(!r.content.contains("no game in progress"), "{}", r.content);
}

/// Two players fill a co-op board with its pad alone: each tap is an update of the
/// channel's board, a wrong digit is not placed and counts for the team, and the pad is
/// the board's (one player's chosen cell is the other's).
#[test]
fn a_coop_board_is_filled_with_the_pad_alone() {
    let bot = Bot::in_memory(T0, 3);
    let start = bot.say("ann", "chan", "/sudoku coop 6");
    let (board, solution) = puzzle(&start);
    let cells = empties(&board);
    let labels: Vec<&str> = start
        .buttons
        .iter()
        .flatten()
        .map(|b| b.label.as_str())
        .collect();
    assert!(
        labels.contains(&"Notes: off") && labels.contains(&"Hint"),
        "{labels:?}"
    );

    let r = bot.tap("bob", "chan", &start, cells[0], wrong(&solution, cells[0]));
    assert!(!r.private, "{}", r.content);
    assert!(
        r.content.contains("not placed (team mistakes: 1)"),
        "{}",
        r.content
    );
    assert_eq!(board_of(&r).get(cells[0]), None);
    // The cell bob chose is chosen for ann too: one tap places her digit.
    let mut r = bot.press("ann", "chan", &r, &right(&solution, cells[0]).to_string());
    assert!(r.content.contains("**ann** played"), "{}", r.content);
    // A press on the board as drawn before those moves redraws it, changing nothing.
    let stale = bot.press("bob", "chan", &start, "Erase");
    assert!(stale.updates_board && !stale.private, "{}", stale.content);
    assert!(stale.content.contains("changed since"), "{}", stale.content);
    assert_eq!(board_of(&stale), board_of(&r), "nothing was played");
    for (i, &cell) in cells.iter().enumerate().skip(1) {
        let who = if i % 2 == 0 { "ann" } else { "bob" };
        r = bot.tap(who, "chan", &r, cell, right(&solution, cell));
        assert!(r.updates_board && !r.private, "{}", r.content);
    }
    assert!(r.content.contains("solved together"), "{}", r.content);
    assert!(r.selects.is_empty(), "a solved board has no pad");
    // The pad of a solved board is refused, privately.
    let late = bot.press("ann", "chan", &start, "1");
    assert!(late.private, "{}", late.content);
    assert!(late.content.contains("already solved"), "{}", late.content);
}

/// Auto-notes on a co-op board: one press fills the shared board's candidates, named by
/// who pressed; typed `coop note auto` does the same.
#[test]
fn auto_notes_fill_a_coop_boards_candidates_for_everyone() {
    let bot = Bot::in_memory(T0, 3);
    let start = bot.say("ann", "chan", "/sudoku coop 6");
    let (board, _solution) = puzzle(&start);
    let notes = bot.press("bob", "chan", &start, "Notes: off");
    let filled = bot.press("bob", "chan", &notes, "Auto-notes");
    assert!(
        filled.updates_board && !filled.private,
        "{}",
        filled.content
    );
    assert!(
        filled
            .content
            .contains("**bob** filled the candidates of 6 cells as notes"),
        "{}",
        filled.content
    );
    let cell = empties(&board)[0];
    let open = open_digits(&board, cell);
    let shown = bot.say("ann", "chan", "/sudoku coop show");
    assert!(
        shown.content.contains(&format!("{cell} {open}")),
        "{}",
        shown.content
    );
    let typed = bot.say("ann", "chan", "/sudoku coop note auto");
    assert!(
        typed.content.contains("already shows its candidates"),
        "{}",
        typed.content
    );
}
