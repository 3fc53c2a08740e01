//! Races and challenges: a public lobby, the same puzzle for everyone at the same moment on
//! private boards, a scoreboard the scheduler keeps up to date, places, results, ratings.

mod common;

use common::{Bot, T0, board_of, digit, empties, solution_of, temp_db};
use sudoku_bot::app::command::{Opponent, RaceCommand};
use sudoku_bot::app::{Command, RaceMessage, Reply};
use sudoku_bot::engine::{Cell, Grid};
use sudoku_bot::game::race::{LOBBY_TTL_MS, MAX_PLAYERS, RACE_LIMIT_MS};

const HERE: &str = "guild:1";

/// Opens a race by `host`, joined by `others`, and started by the host: the scoreboard.
fn running_race(bot: &Bot, host: &str, others: &[&str], empty: usize) -> Reply {
    let mut lobby = bot.say(host, HERE, &format!("race {empty}"));
    assert!(!lobby.private, "{}", lobby.content);
    for other in others {
        lobby = bot.press(other, HERE, &lobby, "Join");
    }
    bot.press(host, HERE, &lobby, "Start")
}

/// `player`'s private board in the race of `scoreboard`, and its solution.
fn my_board(bot: &Bot, player: &str, scoreboard: &Reply) -> (Grid, Grid) {
    let board = bot.press(player, HERE, scoreboard, "My board");
    assert!(board.private, "a race board is its player's alone");
    let grid = board_of(&board);
    (grid, solution_of(&grid))
}

fn moves(solution: &Grid, cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|&c| format!("{c} {}", digit(solution, c)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn grid_text(g: &Grid) -> String {
    Cell::all()
        .map(|c| char::from(b'0' + g.get(c).unwrap_or(0)))
        .collect()
}

/// The scheduler's view: what it would send now, each within Discord's limits.
fn tick(bot: &Bot, gap: i64) -> Vec<RaceMessage> {
    let messages = bot.app.take_race_messages(gap);
    for m in &messages {
        assert!(
            m.reply.limit_violations().is_empty(),
            "{:?}",
            m.reply.limit_violations()
        );
    }
    messages
}

#[test]
fn three_players_race_and_the_first_correct_solve_wins() {
    let bot = Bot::in_memory(T0, 11);
    let lobby = bot.say("ann", HERE, "race 6 easy");
    assert!(lobby.content.contains("**Race #1**"), "{}", lobby.content);
    assert!(lobby.content.contains("Players (1 of 20): ann"));
    // Nothing of the puzzle shows before the start.
    assert!(!lobby.content.contains("```"), "{}", lobby.content);
    let lobby = bot.press("bob", HERE, &lobby, "Join");
    let lobby = bot.press("cat", HERE, &lobby, "Join");
    assert!(lobby.content.contains("Players (3 of 20): ann, bob, cat"));
    bot.app.race_message_sent(1, "m1");

    bot.clock.advance(30_000);
    let board = bot.press("ann", HERE, &lobby, "Start");
    assert!(
        board.updates_board,
        "Start turns the lobby into the scoreboard"
    );
    assert!(board.content.contains("0/6 filled"), "{}", board.content);

    // The same puzzle for everyone, each on a private board.
    let (ann_grid, solution) = my_board(&bot, "ann", &board);
    let (bob_grid, _) = my_board(&bot, "bob", &board);
    let (cat_grid, _) = my_board(&bot, "cat", &board);
    assert_eq!(ann_grid, bob_grid);
    assert_eq!(bob_grid, cat_grid);
    let cells = empties(&ann_grid);
    assert_eq!(cells.len(), 6);

    // Typed moves go to the race game; the reply says which game it is.
    bot.clock.advance(60_000);
    let r = bot.say(
        "ann",
        HERE,
        &format!("move {}", moves(&solution, &cells[..2])),
    );
    assert!(r.private, "{}", r.content);
    assert!(r.content.contains("Race #1"), "{}", r.content);
    let wrong = digit(&solution, cells[0]) % 9 + 1;
    let r = bot.say("bob", HERE, &format!("move {} {wrong}", cells[0]));
    assert!(r.content.contains("wrong"), "{}", r.content);

    // The scoreboard is redrawn by the scheduler, edited in place, without a digit.
    let sent = tick(&bot, 0);
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert_eq!(sent[0].edit.as_deref(), Some("m1"));
    assert!(sent[0].reply.content.contains("**ann**: 2/6 filled"));
    assert!(
        sent[0]
            .reply
            .content
            .contains("**bob**: 0/6 filled · 1 mistake")
            || sent[0]
                .reply
                .content
                .contains("**bob**: 1/6 filled · 1 mistake"),
        "{}",
        sent[0].reply.content
    );
    assert!(!sent[0].reply.content.contains("```"));
    assert!(tick(&bot, 0).is_empty(), "nothing changed since");

    // A wrong submission changes nothing and is said privately.
    let mut wrong_grid = solution;
    wrong_grid.set(cells[0], Some(wrong));
    let r = bot.say("cat", HERE, &format!("submit {}", grid_text(&wrong_grid)));
    assert!(
        r.private && r.content.contains("Not solved yet"),
        "{}",
        r.content
    );

    // bob fixes his digit and wins; the channel hears it, without the board.
    bot.clock.advance(120_000);
    let r = bot.say("bob", HERE, &format!("move {}", moves(&solution, &cells)));
    assert!(!r.private, "{}", r.content);
    assert!(
        r.content.contains("**bob** wins Race #1 in 3:00!"),
        "{}",
        r.content
    );
    assert!(!r.content.contains("```"), "{}", r.content);
    // cat submits the whole grid: second.
    bot.clock.advance(10_000);
    let r = bot.say("cat", HERE, &format!("submit {}", grid_text(&solution)));
    assert!(r.content.contains("2nd place"), "{}", r.content);
    // No result before everyone is done.
    let sent = tick(&bot, 0);
    assert!(sent.iter().all(|m| !m.is_result), "{sent:?}");
    // ann gives up: the race is over, and the result is posted once.
    let r = bot.give_up("ann", HERE);
    assert!(
        r.private,
        "a given-up race board shows the solution to its player alone"
    );
    let sent = tick(&bot, 0);
    let result = sent.iter().find(|m| m.is_result).expect("a result post");
    assert!(
        result
            .reply
            .content
            .contains("**bob** wins Race #1 in 3:00!"),
        "{}",
        result.reply.content
    );
    assert!(result.reply.content.contains("2nd cat 3:10 · ann gave up"));
    let board = sent.iter().find(|m| !m.is_result).expect("the final board");
    assert!(board.reply.content.contains("1. **bob**: 1st in 3:00"));
    assert!(
        board.reply.buttons.is_empty(),
        "a finished race has no buttons"
    );
    assert!(tick(&bot, 0).is_empty(), "the result is posted once");

    let stats = bot.say("bob", HERE, "stats");
    assert!(
        stats
            .content
            .contains("Races: 1 played · 1 won · 1 on the podium · best 3:00"),
        "{}",
        stats.content
    );
    let top = bot.say("ann", HERE, "leaderboard races");
    assert!(
        top.content
            .contains("1. **bob**: 1 win · 1 podium · 1 race · best 3:00"),
        "{}",
        top.content
    );
    assert!(top.content.contains("2. **cat**: 0 wins · 1 podium"));
}

#[test]
fn lobby_mistakes_are_refused_privately_and_change_nothing() {
    let bot = Bot::in_memory(T0, 12);
    let lobby = bot.say("ann", HERE, "race 5");
    let r = bot.press("ann", HERE, &lobby, "Join");
    assert!(
        r.private && r.content.contains("already in this race"),
        "{}",
        r.content
    );
    let r = bot.press("ann", HERE, &lobby, "Start");
    assert!(
        r.private && r.content.contains("at least 2 players"),
        "{}",
        r.content
    );
    let lobby = bot.press("bob", HERE, &lobby, "Join");
    let r = bot.press("bob", HERE, &lobby, "Start");
    assert!(
        r.private && r.content.contains("Only the host can start"),
        "{}",
        r.content
    );
    let r = bot.say("bob", HERE, "race 5");
    assert!(
        r.private && r.content.contains("already in Race #1"),
        "{}",
        r.content
    );
    let board = bot.press("ann", HERE, &lobby, "Start");
    let r = bot.press("cat", HERE, &lobby, "Join");
    assert!(
        r.private && r.content.contains("already started"),
        "{}",
        r.content
    );
    let r = bot.press("cat", HERE, &board, "My board");
    assert!(
        r.private && r.content.contains("not in Race #1"),
        "{}",
        r.content
    );
    let typed = Command::parse("race 5 players:21").unwrap_err();
    assert!(typed.contains("2 to 20"), "{typed}");
    // From Discord the option's own limits refuse it; the core refuses it too.
    let r = bot.invoke(
        "cat",
        HERE,
        Command::Race(RaceCommand::Open {
            empty: Some(5),
            difficulty: None,
            players: Some(21),
        }),
    );
    assert!(r.private && r.content.contains("2 to 20"), "{}", r.content);
}

#[test]
fn a_full_lobby_starts_by_itself_and_takes_no_one_more() {
    let bot = Bot::in_memory(T0, 13);
    let mut lobby = bot.say("p0", HERE, &format!("race 4 players:{MAX_PLAYERS}"));
    for i in 1..MAX_PLAYERS - 1 {
        lobby = bot.press(&format!("p{i}"), HERE, &lobby, "Join");
    }
    assert!(lobby.content.contains("(19 of 20)"), "{}", lobby.content);
    // Long names: twenty scoreboard lines still fit one Discord message.
    let long = "a-very-long-display-name-of-thirty-two";
    let board = bot.press(long, HERE, &lobby, "Join");
    assert!(board.content.contains("running"), "{}", board.content);
    assert_eq!(board.content.matches("0/4 filled").count(), MAX_PLAYERS);
    let r = bot.press("late", HERE, &lobby, "Join");
    assert!(r.content.contains("already started"), "{}", r.content);
}

#[test]
fn a_lobby_nobody_starts_closes_and_says_so() {
    let bot = Bot::in_memory(T0, 14);
    let lobby = bot.say("ann", HERE, "race 5");
    bot.app.race_message_sent(1, "m1");
    bot.clock.advance(LOBBY_TTL_MS - 1);
    assert!(tick(&bot, 0).is_empty());
    bot.clock.advance(1);
    let sent = tick(&bot, 0);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].edit.as_deref(), Some("m1"));
    assert!(
        sent[0].reply.content.contains("the lobby closed"),
        "{}",
        sent[0].reply.content
    );
    assert!(sent[0].reply.buttons.is_empty());
    let r = bot.press("bob", HERE, &lobby, "Join");
    assert!(
        r.private && r.content.contains("over (expired)"),
        "{}",
        r.content
    );
    // The host is free to open another.
    assert!(!bot.say("ann", HERE, "race 5").private);
}

#[test]
fn a_race_runs_out_of_time_and_those_still_playing_are_unfinished() {
    let bot = Bot::in_memory(T0, 15);
    let board = running_race(&bot, "ann", &["bob"], 5);
    let (grid, solution) = my_board(&bot, "ann", &board);
    let cells = empties(&grid);
    bot.say(
        "ann",
        HERE,
        &format!("move {}", moves(&solution, &cells[..4])),
    );
    bot.clock.advance(RACE_LIMIT_MS);
    let sent = tick(&bot, 0);
    let result = sent.iter().find(|m| m.is_result).expect("a result");
    assert!(
        result
            .reply
            .content
            .contains("ended without a winner: nobody solved it within 1:00:00"),
        "{}",
        result.reply.content
    );
    let board = sent.iter().find(|m| !m.is_result).expect("the final board");
    assert!(
        board.reply.content.contains("unfinished (4/5)"),
        "{}",
        board.reply.content
    );
    // A solve after the end takes no place.
    let r = bot.say(
        "ann",
        HERE,
        &format!("move {}", moves(&solution, &cells[4..])),
    );
    assert!(r.content.contains("had already ended"), "{}", r.content);
}

#[test]
fn the_scoreboard_is_edited_at_most_once_per_gap() {
    let bot = Bot::in_memory(T0, 16);
    let board = running_race(&bot, "ann", &["bob"], 8);
    let (grid, solution) = my_board(&bot, "ann", &board);
    let cells = empties(&grid);
    // The Start press drew the scoreboard: nothing is left to edit.
    assert!(tick(&bot, 2_000).is_empty());
    bot.say(
        "ann",
        HERE,
        &format!("move {}", moves(&solution, &cells[..1])),
    );
    assert!(tick(&bot, 2_000).is_empty(), "Start's redraw was just now");
    bot.clock.advance(2_000);
    assert_eq!(tick(&bot, 2_000).len(), 1);
    bot.say(
        "ann",
        HERE,
        &format!("move {}", moves(&solution, &cells[1..2])),
    );
    bot.clock.advance(1_999);
    assert!(tick(&bot, 2_000).is_empty());
    bot.clock.advance(1);
    let sent = tick(&bot, 2_000);
    assert_eq!(sent.len(), 1);
    assert!(sent[0].reply.content.contains("2/8 filled"));
    // No id known for the message: the adapter posts it anew and tells its id.
    assert_eq!(sent[0].edit, None);
}

fn challenge(bot: &Bot, from: &str, to: &str, bot_user: bool) -> Reply {
    bot.invoke(
        from,
        HERE,
        Command::Race(RaceCommand::Challenge {
            opponent: Opponent {
                id: to.into(),
                name: to.into(),
                bot: bot_user,
            },
            empty: Some(4),
            difficulty: None,
        }),
    )
}

#[test]
fn challenges_are_for_one_player_who_accepts_or_declines() {
    let bot = Bot::in_memory(T0, 17);
    let r = challenge(&bot, "ann", "ann", false);
    assert!(
        r.private && r.content.contains("can't challenge yourself"),
        "{}",
        r.content
    );
    let r = challenge(&bot, "ann", "Robo", true);
    assert!(
        r.private && r.content.contains("Robo is a bot"),
        "{}",
        r.content
    );

    let offer = challenge(&bot, "ann", "bob", false);
    assert!(
        offer
            .content
            .contains("**ann** challenges **bob** to a 1-v-1 race"),
        "{}",
        offer.content
    );
    let r = bot.press("cat", HERE, &offer, "Accept");
    assert!(
        r.private && r.content.contains("for someone else"),
        "{}",
        r.content
    );
    let r = bot.press("cat", HERE, &offer, "Decline");
    assert!(
        r.private && r.content.contains("for someone else"),
        "{}",
        r.content
    );
    let r = bot.press("bob", HERE, &offer, "Decline");
    assert!(
        r.content.contains("bob declined ann's challenge"),
        "{}",
        r.content
    );
    let r = bot.press("bob", HERE, &offer, "Accept");
    assert!(
        r.private && r.content.contains("over (declined)"),
        "{}",
        r.content
    );

    // Ignored: it lapses.
    let offer = challenge(&bot, "ann", "bob", false);
    bot.clock.advance(LOBBY_TTL_MS);
    let sent = tick(&bot, 0);
    assert!(
        sent[0].reply.content.contains("challenge lapsed"),
        "{}",
        sent[0].reply.content
    );
    assert!(bot.press("bob", HERE, &offer, "Accept").private);

    // Accepted: it starts at once, and the result moves both ratings.
    let offer = challenge(&bot, "ann", "bob", false);
    let board = bot.press("bob", HERE, &offer, "Accept");
    assert!(board.content.contains("running"), "{}", board.content);
    let (grid, solution) = my_board(&bot, "bob", &board);
    bot.say(
        "bob",
        HERE,
        &format!("move {}", moves(&solution, &empties(&grid))),
    );
    bot.give_up("ann", HERE);
    let sent = tick(&bot, 0);
    let result = sent.iter().find(|m| m.is_result).expect("result");
    assert!(
        result.reply.content.contains("**bob** wins Race #3"),
        "{}",
        result.reply.content
    );
    let top = bot.say("bob", HERE, "leaderboard races");
    let rating = |name: &str| -> f64 {
        let line = top
            .content
            .lines()
            .find(|l| l.contains(&format!("**{name}**")))
            .unwrap_or_else(|| panic!("{}", top.content));
        line.rsplit("rating ")
            .next()
            .unwrap()
            .trim()
            .parse()
            .unwrap()
    };
    assert!(
        rating("bob") > 1500.0 && rating("ann") < 1500.0,
        "{}",
        top.content
    );
}

#[test]
fn solve_refuses_a_puzzle_being_raced() {
    let bot = Bot::in_memory(T0, 18);
    let board = running_race(&bot, "ann", &["bob"], 30);
    let (grid, _) = my_board(&bot, "ann", &board);
    let r = bot.say("dan", "guild:2", &format!("solve {}", grid_text(&grid)));
    assert!(
        r.content.contains("race being played right now"),
        "{}",
        r.content
    );
    assert!(
        !r.content.contains("```"),
        "no solution shown: {}",
        r.content
    );
}

#[test]
fn a_race_goes_on_across_a_restart_with_the_same_clocks() {
    let (_dir, db) = temp_db();
    let (grid, solution, board) = {
        let bot = Bot::open(&db, T0, 19);
        let board = running_race(&bot, "ann", &["bob"], 5);
        let (grid, solution) = my_board(&bot, "ann", &board);
        (grid, solution, board)
    };
    // A new process on the same file, two minutes later: the buttons and clocks hold.
    let bot = Bot::open(&db, T0 + 120_000, 99);
    let cells = empties(&grid);
    let again = bot.press("bob", HERE, &board, "My board");
    assert_eq!(board_of(&again), grid);
    let r = bot.say("ann", HERE, &format!("move {}", moves(&solution, &cells)));
    assert!(
        r.content.contains("**ann** wins Race #1 in 2:00!"),
        "{}",
        r.content
    );
}

/// Many players moving at once in one race: nothing lost or doubled, as if one after
/// another.
#[test]
fn concurrent_moves_in_one_race_lose_and_double_nothing() {
    const PLAYERS: usize = 6;
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 20);
    let names: Vec<String> = (0..PLAYERS).map(|i| format!("p{i}")).collect();
    let others: Vec<&str> = names[1..].iter().map(String::as_str).collect();
    let board = running_race(&bot, &names[0], &others, 20);
    let (grid, solution) = my_board(&bot, &names[0], &board);
    let cells = empties(&grid);
    std::thread::scope(|scope| {
        for (i, name) in names.iter().enumerate() {
            let (bot, cells, solution) = (&bot, &cells, &solution);
            scope.spawn(move || {
                for (k, &c) in cells.iter().enumerate() {
                    // Each player also makes one mistake, at a cell of their own.
                    if k == i {
                        let wrong = digit(solution, c) % 9 + 1;
                        bot.say(name, HERE, &format!("move {c} {wrong}"));
                    }
                    bot.say(name, HERE, &format!("move {c} {}", digit(solution, c)));
                }
            });
        }
    });
    let sent = tick(&bot, 0);
    let final_board = &sent
        .iter()
        .find(|m| !m.is_result)
        .expect("board")
        .reply
        .content;
    // Everyone solved with exactly one mistake; places 1..=N, each once.
    for place in 1..=PLAYERS {
        let ord = match place {
            1 => "1st".to_string(),
            2 => "2nd".to_string(),
            3 => "3rd".to_string(),
            n => format!("{n}th"),
        };
        assert_eq!(
            final_board.matches(&format!(": {ord} in")).count(),
            1,
            "{final_board}"
        );
    }
    assert_eq!(
        final_board.matches("· 1 mistake ·").count(),
        PLAYERS,
        "{final_board}"
    );
    // Each player's stats count what they did, once: one race, one game, solved.
    for name in &names {
        let s = bot.say(name, HERE, "stats");
        assert!(s.content.contains("Races: 1 played"), "{}", s.content);
        assert!(
            s.content.contains("Games: 1 started · 1 solved"),
            "{}",
            s.content
        );
    }
}

/// A race is against the clock on the wall: a racer's board counts every minute since
/// the start, as the scoreboard does, pauses included (a free game caps them at five).
#[test]
fn a_racers_board_shows_the_races_wall_time() {
    let bot = Bot::in_memory(T0, 23);
    let scoreboard = running_race(&bot, "ann", &["bob"], 20);
    let (grid, solution) = my_board(&bot, "ann", &scoreboard);
    bot.clock.advance(8 * 60_000);
    let cell = empties(&grid)[0];
    let r = bot.say(
        "ann",
        HERE,
        &format!("move {cell} {}", digit(&solution, cell)),
    );
    assert!(r.content.contains("time 8:00"), "{}", r.content);
    // The same pause in a free game counts five minutes.
    let free = bot.say("cid", "elsewhere", "new 20");
    let free_grid = board_of(&free);
    bot.clock.advance(8 * 60_000);
    let cell = empties(&free_grid)[0];
    let solution = solution_of(&free_grid);
    let r = bot.say(
        "cid",
        "elsewhere",
        &format!("move {cell} {}", digit(&solution, cell)),
    );
    assert!(r.content.contains("time 5:00"), "{}", r.content);
}
