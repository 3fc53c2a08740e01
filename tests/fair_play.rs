//! Rankings a cheater cannot top. Each route a competitive cheater tried is replayed here
//! through the command core, with an honest player who solves in 9:00 with no mistakes,
//! and the honest player ranks first every time:
//! 1. `/sudoku solve` as an oracle during ranked play;
//! 2. a second account's given-up daily showing the solution;
//! 3. a website's answer pasted seconds after opening;
//! 4. rating farming on tiny puzzles against a second account;
//! 5. forget-me to reset a rating, or during a challenge;
//! 6. time-zone switching to open extra dailies;
//! 7. the smaller ones: aids on race results, a challenge won by submit, a clock that goes
//!    back, a timed-out challenge in stats and its share card.

mod common;

use common::{Bot, board_of, empties, open_store, solution_of, temp_db};
use jiff::civil::date;
use sudoku_bot::app::{RaceMessage, Reply};
use sudoku_bot::engine::generator::{Request, generate};
use sudoku_bot::engine::{Cell, Grid};
use sudoku_bot::game::race::{RACE_LIMIT_MS, Rating};

const HERE: &str = "guild:1";
const MINUTE: i64 = 60_000;

fn grid_text(g: &Grid) -> String {
    Cell::all()
        .map(|c| char::from(b'0' + g.get(c).unwrap_or(0)))
        .collect()
}

/// The row of `name` on a leaderboard, and its rank.
fn row<'a>(board: &'a Reply, name: &str) -> (usize, &'a str) {
    let line = board
        .content
        .lines()
        .find(|l| l.contains(&format!(". {name}:")) || l.contains(&format!(". **{name}**:")))
        .unwrap_or_else(|| panic!("no row for {name}: {}", board.content));
    let rank = line
        .split('.')
        .next()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    (rank, line)
}

/// A server with its daily set up in UTC, the clock at 10:00 on 22 November.
fn server() -> Bot {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 10, 0);
    bot.say_as("adm", HERE, true, "daily setup channel:<#42> time:09:00");
    bot
}

/// Submits the solution of `user`'s open daily (opened before).
fn submit_daily(bot: &Bot, user: &str, givens: &Grid) -> Reply {
    let solution = solution_of(givens);
    bot.say(user, HERE, &format!("submit {}", solution.to_line()))
}

/// Route 1: while a player has ranked play running, every solve of theirs gets the same
/// reply whatever they paste (the givens plus a right guess, plus a wrong guess, an
/// unrelated puzzle, nonsense, nothing), so no probe tells a right guess from a wrong
/// one; nothing is counted; and solve is back once the daily is done. The honest 9:00
/// ranks first.
#[test]
fn solve_answers_a_player_in_ranked_play_the_same_whatever_the_grid() {
    let bot = server();
    let honest = board_of(&bot.say("hon", HERE, "daily"));
    let givens = board_of(&bot.say("cheat", HERE, "daily"));
    let solution = solution_of(&givens);
    let cell = empties(&givens)[0];
    let right = solution.get(cell).expect("solved");
    let mut with_right = givens;
    with_right.set(cell, Some(right));
    let mut with_wrong = givens;
    with_wrong.set(cell, Some(right % 9 + 1));
    let other = generate(&Request::new(45, 77)).expect("puzzle").givens;
    let probes = [
        grid_text(&with_right),
        grid_text(&with_wrong),
        grid_text(&givens),
        grid_text(&other),
        "not a grid".to_string(),
        String::new(),
    ];
    let replies: Vec<Reply> = probes
        .iter()
        .map(|p| bot.say("cheat", HERE, &format!("solve {p}")))
        .collect();
    for r in &replies {
        assert_eq!(r.content, replies[0].content, "every probe the same");
        assert!(r.private, "{}", r.content);
    }
    assert!(
        replies[0]
            .content
            .contains("paused until your daily is over"),
        "{}",
        replies[0].content
    );
    assert!(
        !replies[0].content.contains("```"),
        "{}",
        replies[0].content
    );
    // Nothing counted against the daily either.
    let board = bot.say("cheat", HERE, "show");
    assert!(
        board.content.contains("0 mistakes") || board.content.contains("Mistakes: 0"),
        "{}",
        board.content
    );
    // The same in another server or a DM: the pause is the player's, not the place's.
    assert_eq!(
        bot.say("cheat", "guild:9", &format!("solve {}", probes[0]))
            .content,
        replies[0].content
    );
    // Someone not playing ranked solves anything, today's daily included: a second
    // account could ask a website just as well.
    let r = bot.say(
        "friend",
        "guild:9",
        &format!("solve {}", grid_text(&givens)),
    );
    assert!(r.content.contains("exactly one solution"), "{}", r.content);

    // The honest player solves in 9:00, the cheater (who got nothing) in 12:00.
    bot.clock.advance(9 * MINUTE);
    submit_daily(&bot, "hon", &honest);
    bot.clock.advance(3 * MINUTE);
    submit_daily(&bot, "cheat", &givens);
    // Done: solve is back for the cheater.
    let r = bot.say("cheat", HERE, &format!("solve {}", grid_text(&other)));
    assert!(r.content.contains("exactly one solution"), "{}", r.content);
    let board = bot.say("eve", HERE, "leaderboard today");
    assert_eq!(row(&board, "hon").0, 1, "{}", board.content);
    assert_eq!(row(&board, "cheat").0, 2, "{}", board.content);
}

/// Route 1 in a race: a racer gets the same fixed reply, whatever the grid, until the
/// race is over for them.
#[test]
fn solve_is_paused_for_a_racer_until_the_race_is_over_for_them() {
    let bot = Bot::in_memory(common::T0, 17);
    let mut lobby = bot.say("ann", HERE, "race 40");
    lobby = bot.press("bob", HERE, &lobby, "Join");
    let started = bot.press("ann", HERE, &lobby, "Start");
    let board = bot.press("ann", HERE, &started, "My board");
    let grid = board_of(&board);
    let other = generate(&Request::new(45, 78)).expect("puzzle").givens;
    let a = bot.say("ann", "guild:2", &format!("solve {}", grid_text(&grid)));
    let b = bot.say("ann", "guild:2", &format!("solve {}", grid_text(&other)));
    assert_eq!(a.content, b.content);
    assert!(
        a.content.contains("paused until your race"),
        "{}",
        a.content
    );
    // Given up, still paused while the race runs: she would fetch the answer for bob.
    bot.give_up("ann", HERE);
    let r = bot.say("ann", "guild:2", &format!("solve {}", grid_text(&grid)));
    assert_eq!(r.content, a.content);
    // Once the race is over, solve answers again.
    bot.press("bob", HERE, &started, "My board");
    bot.give_up("bob", HERE);
    let r = bot.say("ann", "guild:2", &format!("solve {}", grid_text(&other)));
    assert!(r.content.contains("exactly one solution"), "{}", r.content);
}

/// Route 2: a second account gives up today's daily: it sees its own board, not the
/// solution, until the server's day ends; then the solution shows.
#[test]
fn a_daily_given_up_keeps_its_solution_until_the_day_ends() {
    let bot = server();
    let honest = board_of(&bot.say("hon", HERE, "daily"));
    let alt = board_of(&bot.say("alt", HERE, "daily"));
    let ask = bot.say("alt", HERE, "giveup");
    assert!(
        ask.content
            .contains("solution shows when the server's day ends"),
        "{}",
        ask.content
    );
    let given_up = bot.press("alt", HERE, &ask, "Yes, give up");
    assert!(given_up.private, "{}", given_up.content);
    assert!(
        given_up
            .content
            .contains("solution shows when the server's day ends"),
        "{}",
        given_up.content
    );
    let shown = board_of(&given_up);
    assert_eq!(shown, alt, "the player's own board, not the solution");
    let again = bot.say("alt", HERE, "show");
    assert!(
        !again.content.contains(&solution_of(&alt).to_line()),
        "{}",
        again.content
    );
    assert_eq!(board_of(&again), alt, "{}", again.content);
    // The main account gets nothing to paste: it opens and must solve.
    let cheat = board_of(&bot.say("cheat", HERE, "daily"));
    bot.clock.advance(9 * MINUTE);
    submit_daily(&bot, "hon", &honest);
    bot.clock.advance(MINUTE);
    submit_daily(&bot, "cheat", &cheat);
    let board = bot.say("eve", HERE, "leaderboard today");
    assert_eq!(row(&board, "hon").0, 1, "{}", board.content);
    // Once the day is over, the solution shows to the one who gave up.
    bot.at("UTC", date(2026, 11, 23), 0, 1);
    let after = bot.say("alt", HERE, "show");
    let solved = solution_of(&alt);
    let shown = board_of(&after);
    assert_eq!(shown, solved, "{}", after.content);
}

/// Route 3: an answer pasted 20 s after opening is kept, marked unverified, and ranked
/// after the honest 9:00; it says so to the cheater.
#[test]
fn an_answer_faster_than_a_person_is_unverified_and_ranked_last() {
    let bot = server();
    let honest = board_of(&bot.say("hon", HERE, "daily"));
    let cheat = board_of(&bot.say("cheat", HERE, "daily"));
    bot.clock.advance(20_000);
    let done = submit_daily(&bot, "cheat", &cheat);
    assert!(done.content.contains("Unverified"), "{}", done.content);
    bot.clock.advance(9 * MINUTE - 20_000);
    let done = submit_daily(&bot, "hon", &honest);
    assert!(!done.content.contains("Unverified"), "{}", done.content);
    for period in ["today", "week", "all"] {
        let board = bot.say("eve", HERE, &format!("leaderboard {period}"));
        let (rank, line) = row(&board, "cheat");
        assert_eq!(row(&board, "hon").0, 1, "{}", board.content);
        assert_eq!(rank, 2, "{}", board.content);
        assert!(line.contains("unverified"), "{line}");
    }
    let card = bot.say("cheat", HERE, "share");
    assert!(
        card.content
            .ends_with("· unverified (faster than a person can solve)"),
        "{}",
        card.content
    );
}

fn challenge(bot: &Bot, from: &str, to: &str, empty: usize) -> Reply {
    bot.challenge(HERE, from, to, empty, false)
}

fn tick(bot: &Bot) -> Vec<RaceMessage> {
    bot.tick(0)
}

fn result_of(bot: &Bot) -> String {
    tick(bot)
        .into_iter()
        .find(|m| m.is_result)
        .map(|m| m.reply.content)
        .unwrap_or_else(|| panic!("no result"))
}

/// `winner` beats `loser` in a challenge of `empty` cells: the loser opens their board
/// and gives up, the winner solves `after` the start. The result post.
fn win(bot: &Bot, winner: &str, loser: &str, empty: usize, after: i64) -> String {
    let offer = challenge(bot, winner, loser, empty);
    let started = bot.press(loser, HERE, &offer, "Accept");
    let board = bot.press(winner, HERE, &started, "My board");
    let grid = board_of(&board);
    bot.press(loser, HERE, &started, "My board");
    bot.give_up(loser, HERE);
    bot.clock.advance(after);
    let solution = solution_of(&grid);
    bot.say(winner, HERE, &format!("submit {}", solution.to_line()));
    result_of(bot)
}

/// Route 4: six challenges on one-cell puzzles against a second account win no rating
/// and no leaderboard place; between the same two players only three a day are rated;
/// and a provisional rating is listed below every established one.
#[test]
fn rating_farming_wins_nothing() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, common::T0, 21);
    let offer = challenge(&bot, "cheat", "alt", 1);
    assert!(
        offer
            .content
            .contains("Not rated: a challenge needs 30 empty cells"),
        "{}",
        offer.content
    );
    bot.press("alt", HERE, &offer, "Decline");
    for _ in 0..6 {
        let result = win(&bot, "cheat", "alt", 1, 3_000);
        assert!(result.contains("Not rated"), "{result}");
        bot.clock.advance(MINUTE);
    }
    let stats = bot.say("cheat", HERE, "stats");
    assert!(
        !stats.content.contains("challenge rating"),
        "{}",
        stats.content
    );
    // Real challenges: rated, but only three a day between the same two.
    for n in 0..4 {
        let result = win(&bot, "cheat", "alt", 30, 5 * MINUTE);
        if n < 3 {
            assert!(result.contains("(+"), "{n}: {result}");
        } else {
            assert!(
                result.contains("Not rated: these two have played 3 rated challenges"),
                "{result}"
            );
        }
    }
    // An honest player with an established rating is listed above the provisional one.
    let mut store = open_store(&db);
    store
        .write(|tx| {
            tx.set_player_name("hon", "hon")?;
            tx.set_rating(
                HERE,
                "hon",
                Rating {
                    rating: 1560.0,
                    deviation: 60.0,
                    volatility: 0.06,
                },
            )
        })
        .expect("rating");
    drop(store);
    let board = bot.say("eve", HERE, "leaderboard races");
    let ratings = board
        .content
        .lines()
        .find(|l| l.starts_with("Challenge ratings"))
        .unwrap_or_else(|| panic!("{}", board.content));
    let hon = ratings.find("**hon** 1560").expect("hon listed");
    let cheat = ratings.find("**cheat** ").expect("cheat listed");
    assert!(hon < cheat, "established first: {ratings}");
    assert!(
        ratings.contains("?"),
        "the farmer's is provisional: {ratings}"
    );
}

/// Route 5: forgetting oneself resets no rating (the rating is back when the player
/// returns), and forget-me during a challenge settles it first: no rating is written for
/// the forgotten player afterwards.
#[test]
fn forget_me_resets_no_rating_and_none_is_written_after_it() {
    let bot = Bot::in_memory(common::T0, 23);
    win(&bot, "hon", "cheat", 30, 5 * MINUTE);
    let before = bot.say("cheat", HERE, "stats");
    let rating = before
        .content
        .split("challenge rating here ")
        .nth(1)
        .map(|r| r.split_whitespace().next().unwrap_or("").to_string())
        .unwrap_or_else(|| panic!("{}", before.content));
    assert!(rating.ends_with('?'), "{rating}");
    let ask = bot.say("cheat", HERE, "forget-me");
    bot.press("cheat", HERE, &ask, "Yes, delete everything");
    let offer = challenge(&bot, "cheat", "hon", 30);
    assert!(
        offer.content.contains(&format!("**cheat** ({rating})")),
        "the old rating, not (unrated): {}",
        offer.content
    );
    bot.press("hon", HERE, &offer, "Decline");

    // Forgotten in the middle of a challenge: given up and rated at once, then nothing.
    let offer = challenge(&bot, "hon", "cheat", 30);
    let started = bot.press("cheat", HERE, &offer, "Accept");
    let board = board_of(&bot.press("hon", HERE, &started, "My board"));
    let cell = empties(&board)[0];
    let digit = solution_of(&board).get(cell).expect("solved");
    bot.say("hon", HERE, &format!("move {cell} {digit}"));
    bot.press("cheat", HERE, &started, "My board");
    let ask = bot.say("cheat", HERE, "forget-me");
    bot.press("cheat", HERE, &ask, "Yes, delete everything");
    bot.clock.advance(RACE_LIMIT_MS);
    let result = result_of(&bot);
    // Rated the moment cheat left, as a loss: forgetting is no way out of a challenge.
    assert!(
        result.contains("Ratings:") && result.contains("hon ") && result.contains("(+"),
        "{result}"
    );
    // Back again, cheat finds that lower rating, not a fresh one.
    let offer = challenge(&bot, "cheat", "hon", 30);
    let now: f64 = offer
        .content
        .split("**cheat** (")
        .nth(1)
        .and_then(|r| r.split('?').next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("{}", offer.content));
    let before: f64 = rating.trim_end_matches('?').parse().expect("a number");
    assert!(now < before, "{now} after the forfeit, {before} before");
    bot.press("hon", HERE, &offer, "Decline");
    let board = bot.say("eve", HERE, "leaderboard races");
    assert!(
        !board.content.contains("former player"),
        "{}",
        board.content
    );
    let (rank, _) = row(&board, "hon");
    assert_eq!(rank, 1, "{}", board.content);
}

/// Route 6: an admin switching the daily's zone to UTC-12 and then to UTC+14 on the
/// 22nd opens no other day's daily: the server's day is fixed once it has begun, the
/// change waits for its end, and the week board and both streaks agree.
#[test]
fn switching_time_zones_opens_no_extra_daily() {
    let bot = server();
    let honest = board_of(&bot.say("hon", HERE, "daily"));
    let cheat = board_of(&bot.say("cheat", HERE, "daily"));
    bot.clock.advance(9 * MINUTE);
    submit_daily(&bot, "hon", &honest);
    submit_daily(&bot, "cheat", &cheat);
    let west = bot.say_as("adm", HERE, true, "daily setup timezone:-12");
    assert!(west.content.contains("From <t:"), "{}", west.content);
    let again = bot.say("cheat", HERE, "daily");
    assert!(
        again.content.contains("You solved today's daily"),
        "{}",
        again.content
    );
    bot.say_as("adm", HERE, true, "daily setup timezone:+14");
    let again = bot.say("cheat", HERE, "daily");
    assert!(
        again.content.contains("You solved today's daily"),
        "{}",
        again.content
    );
    let week = bot.say("eve", HERE, "leaderboard week");
    let (_, line) = row(&week, "cheat");
    assert!(line.contains("1 solved"), "{line}");
    assert_eq!(row(&week, "hon").0, 1, "{}", week.content);
    // The next day comes at the old zone's midnight: the 23rd, once, in the new zone.
    bot.at("UTC", date(2026, 11, 23), 0, 1);
    let next = bot.say("cheat", HERE, "daily");
    assert!(next.content.contains("Daily · 23 Nov"), "{}", next.content);
    let givens = board_of(&next);
    bot.clock.advance(9 * MINUTE);
    let solved = submit_daily(&bot, "cheat", &givens);
    assert!(
        solved.content.contains("Streak: 2 days"),
        "{}",
        solved.content
    );
    let stats = bot.say("cheat", HERE, "stats");
    assert!(
        stats.content.contains("streak 2 (best 2)"),
        "{}",
        stats.content
    );
    // Ten hours later it is still the 23rd: a day lasts 20 hours at least.
    bot.at("UTC", date(2026, 11, 23), 10, 30);
    let same = bot.say("cheat", HERE, "daily");
    assert!(
        same.content.contains("You solved today's daily"),
        "{}",
        same.content
    );
    bot.at("UTC", date(2026, 11, 23), 20, 1);
    let day24 = bot.say("cheat", HERE, "daily");
    assert!(
        day24.content.contains("Daily · 24 Nov"),
        "{}",
        day24.content
    );
}

/// Route 7: auto-notes used in a race are said on the scoreboard and the result; a
/// challenge won by `/sudoku submit` is rated though the loser never moved; a clock that
/// goes back gives no 0:00; a timed-out challenge is not "given up" in stats, and its
/// share card names it as everything else does.
#[test]
fn aids_submits_clocks_and_time_limits_are_told_as_they_are() {
    let bot = Bot::in_memory(common::T0, 25);
    let mut lobby = bot.say("ann", HERE, "race 40");
    lobby = bot.press("bob", HERE, &lobby, "Join");
    let started = bot.press("ann", HERE, &lobby, "Start");
    let board = bot.press("ann", HERE, &started, "My board");
    let grid = board_of(&board);
    let notes = bot.press("ann", HERE, &board, "Notes: off");
    bot.press("ann", HERE, &notes, "Auto-notes");
    bot.press("bob", HERE, &started, "My board");
    let scoreboard = tick(&bot);
    let text = &scoreboard
        .iter()
        .find(|m| !m.is_result)
        .expect("scoreboard")
        .reply
        .content;
    let ann = text
        .lines()
        .find(|l| l.contains("ann"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(ann.contains("auto-notes"), "{ann}");
    bot.clock.advance(5 * MINUTE);
    bot.say(
        "ann",
        HERE,
        &format!("submit {}", solution_of(&grid).to_line()),
    );
    bot.give_up("bob", HERE);
    let result = result_of(&bot);
    assert!(result.contains("auto-notes"), "{result}");

    // Won by submit, the loser never moved: rated.
    let offer = challenge(&bot, "cy", "dee", 30);
    let started = bot.press("dee", HERE, &offer, "Accept");
    let board = bot.press("cy", HERE, &started, "My board");
    bot.clock.advance(5 * MINUTE);
    bot.say(
        "cy",
        HERE,
        &format!("submit {}", solution_of(&board_of(&board)).to_line()),
    );
    bot.clock.advance(RACE_LIMIT_MS);
    let result = result_of(&bot);
    assert!(result.contains("(+"), "rated: {result}");
    // dee's game ended at the time limit: not "given up" in stats, and the share card
    // says Race #N as everything else does.
    let stats = bot.say("dee", HERE, "stats");
    assert!(stats.content.contains("0 given up"), "{}", stats.content);
    let card = bot.say("dee", HERE, "share");
    assert!(!card.content.contains("Challenge #"), "{}", card.content);

    // A clock that goes back: the result is not 0:00, and is unverified.
    let day = Bot::in_memory(0, 11);
    day.at("UTC", date(2026, 11, 22), 10, 0);
    let givens = board_of(&day.say("ann", HERE, "daily"));
    day.at("UTC", date(2026, 11, 22), 9, 0);
    let done = submit_daily(&day, "ann", &givens);
    assert!(done.content.contains("Unverified"), "{}", done.content);
    let board = day.say("eve", HERE, "leaderboard today");
    let (_, line) = row(&board, "ann");
    assert!(line.contains("unverified"), "{line}");
}

/// Route 3 in a race: an answer pasted seconds after the start is not announced as a
/// win, and the honest racer who finishes later wins the race.
#[test]
fn a_pasted_race_answer_never_wins() {
    let bot = Bot::in_memory(common::T0, 27);
    let mut lobby = bot.say("cheat", HERE, "race 40");
    lobby = bot.press("hon", HERE, &lobby, "Join");
    let started = bot.press("cheat", HERE, &lobby, "Start");
    let grid = board_of(&bot.press("cheat", HERE, &started, "My board"));
    bot.press("hon", HERE, &started, "My board");
    let solution = solution_of(&grid);
    bot.clock.advance(5_000);
    let pasted = bot.say("cheat", HERE, &format!("submit {}", solution.to_line()));
    assert!(
        pasted.content.contains("faster than a person can solve it")
            && !pasted.content.contains("wins Race"),
        "{}",
        pasted.content
    );
    bot.clock.advance(9 * MINUTE);
    let honest = bot.say("hon", HERE, &format!("submit {}", solution.to_line()));
    assert!(
        honest.content.contains("**hon** wins Race #1"),
        "{}",
        honest.content
    );
    let result = result_of(&bot);
    assert!(result.contains("🏆 **hon** wins"), "{result}");
    assert!(result.contains("2nd cheat"), "{result}");
}
