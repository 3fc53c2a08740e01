//! Daily challenges through the command core, with a simulated clock: streaks over months
//! in several time zones and across DST, midnight edges, missed days, two servers, the
//! posting schedule, leaderboards.

mod common;

use common::{Bot, T0, board_of, digit, empties, solution_of, temp_db};
use jiff::civil::{Date, date};
use jiff::tz::TimeZone;
use sudoku_bot::app::Reply;
use sudoku_bot::engine::parse::parse_grid;
use sudoku_bot::engine::{Solution, solver};
use sudoku_bot::store::Store;

/// Opens today's daily and submits its solution; returns the submit reply.
fn solve_daily(bot: &Bot, user: &str, place: &str) -> Reply {
    let board = bot.say(user, place, "daily");
    assert!(
        board.private,
        "a daily board is the player's own: {}",
        board.content
    );
    let solution = solution_of(&board_of(&board));
    bot.say(user, place, &format!("submit {}", solution.to_line()))
}

#[test]
fn streaks_over_months_in_several_zones_across_both_dst_changes() {
    for zone in ["Europe/Madrid", "America/New_York", "Australia/Sydney"] {
        let bot = Bot::in_memory(0, 11);
        bot.at(zone, date(2026, 3, 1), 8, 0);
        bot.say_as(
            "admin",
            "s1",
            true,
            &format!("daily setup channel:1 time:09:00 timezone:{zone}"),
        );
        let mut day = date(2026, 3, 1);
        let mut expected = 0;
        // March to November: every zone goes through both of its DST changes.
        while day <= date(2026, 11, 10) {
            // A missed day in the middle resets the streak.
            if day == date(2026, 7, 15) {
                expected = 0;
                day = day.tomorrow().expect("date");
                continue;
            }
            // Alternate solving just before midnight and mid-morning.
            let (h, m) = if day.day() % 2 == 0 {
                (23, 55)
            } else {
                (10, 30)
            };
            bot.at(zone, day, 8, 0);
            let board = bot.say("ann", "s1", "daily");
            let givens = parse_grid(&board.content).expect("board");
            let solution = match solver::solve(&givens) {
                Solution::Unique(g) => g,
                other => panic!("{other:?}"),
            };
            bot.at(zone, day, h, m);
            let r = bot.say("ann", "s1", &format!("submit {}", solution.to_line()));
            expected += 1;
            let want = format!("Streak: {expected} day");
            assert!(
                r.content.contains(&want),
                "{zone} {day}: wanted {want:?} in {}",
                r.content
            );
            day = day.tomorrow().expect("date");
        }
        let stats = bot.say("ann", "s1", "stats");
        assert!(
            stats
                .content
                .contains(&format!("streak {expected} (best 136)")),
            "{zone}: {}",
            stats.content
        );
    }
}

#[test]
fn solving_after_midnight_does_not_count_for_the_day_and_a_missed_day_breaks_the_streak() {
    let bot = Bot::in_memory(0, 11);
    let zone = "Europe/Madrid";
    bot.at(zone, date(2026, 10, 24), 12, 0);
    bot.say_as(
        "admin",
        "s1",
        true,
        &format!("daily setup channel:1 timezone:{zone}"),
    );
    assert!(
        solve_daily(&bot, "ann", "s1")
            .content
            .contains("Streak: 1 day")
    );
    // The next day's daily opened at 23:50, solved at 00:10 (on the 25-hour DST day).
    bot.at(zone, date(2026, 10, 25), 23, 50);
    let board = board_of(&bot.say("ann", "s1", "daily"));
    let solution = match solver::solve(&board) {
        Solution::Unique(g) => g,
        other => panic!("{other:?}"),
    };
    bot.at(zone, date(2026, 10, 26), 0, 10);
    let late = bot.say("ann", "s1", &format!("submit {}", solution.to_line()));
    assert!(
        late.content.contains("does not count for your streak"),
        "{}",
        late.content
    );
    // No daily solve: nothing is announced to the channel.
    assert!(
        late.private && !late.content.contains("solved the daily puzzle"),
        "{}",
        late.content
    );
    // Today (the 26th) is open: the streak from the 24th was broken by the 25th.
    let stats = bot.say("ann", "s1", "stats");
    assert!(
        stats
            .content
            .contains("Dailies here: 1 solved · streak 0 (best 1)"),
        "{}",
        stats.content
    );
    // At stake: solved yesterday, not yet today.
    assert!(
        solve_daily(&bot, "ann", "s1")
            .content
            .contains("Streak: 1 day")
    );
    bot.at(zone, date(2026, 10, 27), 8, 0);
    let daily = bot.say("ann", "s1", "daily");
    assert!(
        daily
            .content
            .contains("Solve today's daily to keep your 1-day streak"),
        "{}",
        daily.content
    );
}

#[test]
fn one_attempt_a_day_and_the_same_puzzle_for_everyone() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 10, 0);
    let ann = board_of(&bot.say("ann", "s1", "daily"));
    let bob = board_of(&bot.say("bob", "s1", "daily"));
    assert_eq!(ann, bob, "one puzzle per server per day");
    let other_server = board_of(&bot.say("ann", "s2", "daily"));
    assert_ne!(ann, other_server, "each server has its own");
    assert!(
        solve_daily(&bot, "ann", "s1")
            .content
            .contains("Daily done!")
    );
    let again = bot.say("ann", "s1", "daily");
    assert!(again.private);
    assert!(
        again.content.contains("You solved today's daily"),
        "{}",
        again.content
    );
    assert!(
        again.content.contains("<t:"),
        "next puzzle as a Discord timestamp"
    );
    // Tomorrow brings a new one.
    bot.at("UTC", date(2026, 11, 23), 10, 0);
    assert_ne!(board_of(&bot.say("ann", "s1", "daily")), ann);
    // Not in DMs.
    assert!(
        bot.say("ann", "dm", "daily")
            .content
            .contains("belong to a server")
    );
}

#[test]
fn a_daily_and_a_free_game_side_by_side() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 10, 0);
    let free = board_of(&bot.say("ann", "s1", "new 40"));
    let daily = board_of(&bot.say("ann", "s1", "daily"));
    assert_ne!(free, daily);
    // Typed commands act on the game used last; `new` is refused only by a free game.
    assert_eq!(board_of(&bot.say("ann", "s1", "show")), daily);
    assert!(
        bot.say("ann", "s1", "new 30")
            .content
            .contains("already have a game in progress")
    );
    // `show` names the game shown and offers the other one.
    let both = bot.say("ann", "s1", "show");
    assert!(
        both.content.contains("Daily · 22 Nov") && both.content.contains("Also open: your "),
        "{}",
        both.content
    );
    let switched = bot.press("ann", "s1", &both, "Show ");
    assert_eq!(board_of(&switched), free);
    assert_eq!(
        board_of(&bot.say("ann", "s1", "show")),
        free,
        "typed commands follow"
    );
    // With the free game over, `new` warns that the daily is still open.
    bot.give_up("ann", "s1");
    let fresh = bot.say("ann", "s1", "new 30");
    assert!(
        fresh.content.contains("Daily · 22 Nov is still open"),
        "{}",
        fresh.content
    );
}

#[test]
fn setup_is_for_admins_and_checks_what_it_is_given() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 10, 0);
    let r = bot.say("bob", "s1", "daily setup channel:1");
    assert!(
        r.private
            && r.content
                .contains("Only members who can manage this server"),
        "{}",
        r.content
    );
    assert!(
        bot.say("bob", "s1", "daily off")
            .content
            .contains("Only members")
    );
    let r = bot.say_as(
        "admin",
        "s1",
        true,
        "daily setup channel:1 timezone:Mars/Base",
    );
    assert!(
        r.content.contains("IANA name such as `Europe/Madrid`"),
        "{}",
        r.content
    );
    let r = bot.say_as("admin", "s1", true, "daily setup channel:1 time:25:00");
    assert!(r.content.contains("24-hour HH:MM"), "{}", r.content);
    let r = bot.say_as(
        "admin",
        "s1",
        true,
        "daily setup channel:1 difficulty:insane",
    );
    assert!(
        r.content.contains("easy, medium, hard, expert, extreme"),
        "{}",
        r.content
    );
    let r = bot.say_as("admin", "s1", true, "daily setup time:10:00");
    assert!(r.content.contains("Name the channel"), "{}", r.content);
    assert!(bot.app.next_daily_post_at().is_none(), "nothing was set up");
    let r = bot.say_as(
        "admin",
        "s1",
        true,
        "daily setup channel:<#77> time:18:30 timezone:Asia/Tokyo difficulty:hard",
    );
    assert!(
        r.content.contains(
            "every day at 18:30 (Asia/Tokyo, UTC+09:00, no daylight saving) in <#77>, Hard"
        ),
        "{}",
        r.content
    );
}

#[test]
fn the_schedule_posts_once_a_day_after_downtime_and_in_each_zone() {
    let bot = Bot::in_memory(0, 11);
    let madrid = "Europe/Madrid";
    bot.at(madrid, date(2026, 11, 22), 7, 0);
    bot.say_as(
        "admin",
        "s1",
        true,
        "daily setup channel:100 time:09:00 timezone:Europe/Madrid",
    );
    bot.say_as(
        "admin",
        "s2",
        true,
        "daily setup channel:200 time:23:30 timezone:America/Los_Angeles",
    );
    // Nothing due yet; the next wake is 09:00 Madrid.
    assert!(bot.app.take_due_daily_posts().is_empty());
    bot.at(madrid, date(2026, 11, 22), 9, 0);
    assert_eq!(bot.app.next_daily_post_at(), Some(bot.app.now()));
    let posts = bot.app.take_due_daily_posts();
    assert_eq!(posts.len(), 1);
    assert_eq!(posts[0].channel, "100");
    assert_eq!(posts[0].day, date(2026, 11, 22));
    assert!(
        posts[0]
            .reply
            .content
            .contains("Daily Sudoku for Sunday 22 November"),
        "{}",
        posts[0].reply.content
    );
    assert_eq!(posts[0].reply.buttons[0][0].label, "Play");
    assert!(bot.app.take_due_daily_posts().is_empty(), "once a day");
    // Los Angeles posts at its own 23:30.
    bot.at("America/Los_Angeles", date(2026, 11, 22), 23, 30);
    let posts = bot.app.take_due_daily_posts();
    assert_eq!(
        posts.iter().map(|p| p.channel.as_str()).collect::<Vec<_>>(),
        ["200"]
    );
    // Down across the next 09:00 in Madrid: posted once on start-up, for today.
    bot.at(madrid, date(2026, 11, 23), 13, 0);
    let posts = bot.app.take_due_daily_posts();
    assert_eq!(posts.len(), 1);
    assert_eq!(posts[0].day, date(2026, 11, 23));
    // Down for three whole days: only the current day's puzzle, never the missed ones.
    bot.at(madrid, date(2026, 11, 27), 10, 0);
    let posts = bot.app.take_due_daily_posts();
    let days: Vec<Date> = posts.iter().map(|p| p.day).collect();
    assert_eq!(days, [date(2026, 11, 27)]);
    assert!(bot.app.take_due_daily_posts().is_empty());
    // Switched off: no more posts.
    bot.say_as("admin", "s1", true, "daily off");
    bot.at("America/Los_Angeles", date(2026, 11, 28), 23, 45);
    let posts = bot.app.take_due_daily_posts();
    assert_eq!(
        posts.iter().map(|p| p.channel.as_str()).collect::<Vec<_>>(),
        ["200"]
    );
}

#[test]
fn yesterdays_summary_in_the_post() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 8, 0);
    bot.say_as("admin", "s1", true, "daily setup channel:100 time:09:00");
    bot.at("UTC", date(2026, 11, 22), 9, 0);
    bot.app.take_due_daily_posts();
    bot.say("ann", "s1", "daily");
    bot.at("UTC", date(2026, 11, 22), 9, 4);
    solve_daily(&bot, "ann", "s1");
    bot.at("UTC", date(2026, 11, 23), 9, 0);
    let post = &bot.app.take_due_daily_posts()[0];
    assert!(
        post.reply.content.contains(
            "Yesterday: 1 solver, best ann in 4:00 (no mistakes or hints). Server streak: 1 day."
        ),
        "{}",
        post.reply.content
    );
}

#[test]
fn leaderboards_rank_by_ranked_time_and_share_ties() {
    let bot = Bot::in_memory(0, 11);
    let day = date(2026, 11, 22);
    for (user, minutes, seconds) in [("ann", 5, 0), ("bob", 3, 0), ("cat", 3, 0), ("dan", 4, 0)] {
        bot.at("UTC", day, 9, 0);
        bot.say(user, "s1", "daily");
        let tz = TimeZone::UTC;
        let t = day
            .at(9, minutes, seconds, 0)
            .to_zoned(tz)
            .expect("time")
            .timestamp()
            .as_millisecond();
        bot.clock.set(t);
        solve_daily(&bot, user, "s1");
    }
    bot.at("UTC", day, 20, 0);
    let board = bot.say("eve", "s1", "leaderboard today");
    let lines: Vec<&str> = board.content.lines().collect();
    assert!(
        lines[0].contains("Daily leaderboard: today"),
        "{}",
        board.content
    );
    assert_eq!(
        lines[1],
        "Ranked time: from opening the daily to solving it, plus 30 s per mistake and per hint; a day with 3 mistakes or more ranks last."
    );
    assert!(lines[2].starts_with("1. bob: 3:00"), "{}", board.content);
    assert!(lines[3].starts_with("1. cat: 3:00"), "{}", board.content);
    assert!(lines[4].starts_with("3. dan: 4:00"), "{}", board.content);
    assert!(lines[5].starts_with("4. ann: 5:00"), "{}", board.content);
    assert!(
        board.content.contains("Server streak: 1 day"),
        "{}",
        board.content
    );
    // Other servers' players never appear.
    bot.at("UTC", day, 9, 0);
    solve_daily(&bot, "zed", "s2");
    assert!(
        !bot.say("eve", "s1", "leaderboard all-time")
            .content
            .contains("zed")
    );
    assert!(
        bot.say("eve", "s1", "leaderboard week")
            .content
            .contains("1. bob: 1 solved")
    );
}

#[test]
fn forget_me_asks_first_then_deletes_everything() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 9, 0);
    solve_daily(&bot, "ann", "s1");
    bot.say("ann", "s2", "new 40");
    let ask = bot.say("ann", "s1", "forget-me");
    assert!(ask.content.contains("Are you sure?"));
    assert!(
        bot.say("ann", "s2", "show").content.contains("ann"),
        "nothing deleted yet"
    );
    let done = bot.press("ann", "s1", &ask, "Yes");
    assert!(done.content.contains("deleted 2 games"), "{}", done.content);
    assert!(
        bot.say("ann", "s2", "show")
            .content
            .contains("no game in progress")
    );
    assert!(bot.say("ann", "s1", "stats").content.contains("0 started"));
    assert!(
        !bot.say("bob", "s1", "leaderboard all-time")
            .content
            .contains("ann")
    );
}

#[test]
fn a_daily_board_stays_private_and_a_solve_is_announced_without_the_grid() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 10, 0);
    let opened = bot.say("ann", "s1", "daily");
    assert!(opened.private);
    let solved = solve_daily(&bot, "ann", "s1");
    assert!(!solved.private, "the solve is news for the channel");
    assert!(
        solved.content.contains("solved the daily puzzle"),
        "{}",
        solved.content
    );
    assert!(
        parse_grid(&solved.content).is_err(),
        "no grid, so no solution, in a public message: {}",
        solved.content
    );
}

#[test]
fn forgetting_yourself_is_no_second_attempt_at_todays_daily() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 10, 0);
    let opened = bot.say("ann", "s1", "daily");
    let ask = bot.press("ann", "s1", &opened, "Give up");
    bot.press("ann", "s1", &ask, "Yes");
    let forget = bot.say("ann", "s1", "forget-me");
    let done = bot.press("ann", "s1", &forget, "Yes");
    assert!(done.content.contains("deleted 1 game"), "{}", done.content);
    let again = bot.say("ann", "s1", "daily");
    assert!(again.private);
    assert!(
        again.content.contains("already played today's daily"),
        "{}",
        again.content
    );
    // Everyone else is unaffected, and tomorrow is a new day for ann too.
    assert!(
        bot.say("bob", "s1", "daily")
            .content
            .contains("** · Daily · 22 Nov")
    );
    bot.at("UTC", date(2026, 11, 23), 0, 5);
    assert!(
        bot.say("ann", "s1", "daily")
            .content
            .contains("** · Daily · 23 Nov")
    );
}

#[test]
fn streaks_are_kept_per_server_and_the_server_streak_counts_any_solver() {
    let bot = Bot::in_memory(0, 11);
    let day = date(2026, 11, 2);
    // Day 1: ann solves in both servers; day 2: only in s1; day 3: bob keeps s2 going.
    bot.at("UTC", day, 9, 0);
    solve_daily(&bot, "ann", "s1");
    solve_daily(&bot, "ann", "s2");
    bot.at("UTC", day.tomorrow().expect("day"), 9, 0);
    solve_daily(&bot, "ann", "s1");
    let d3 = day.tomorrow().and_then(|d| d.tomorrow()).expect("day");
    bot.at("UTC", d3, 9, 0);
    solve_daily(&bot, "bob", "s2");
    bot.at("UTC", d3, 20, 0);
    let s1 = bot.say("ann", "s1", "stats");
    assert!(
        s1.content
            .contains("Solve today's daily to keep your 2-day streak"),
        "{}",
        s1.content
    );
    let s2 = bot.say("ann", "s2", "stats");
    assert!(s2.content.contains("streak 0 (best 1)"), "{}", s2.content);
    assert!(
        bot.say("ann", "s1", "leaderboard today")
            .content
            .contains("Server streak: 2 days")
    );
    // s2: solved on days 1 and 3 by someone, not on day 2: the run is 1 day.
    assert!(
        bot.say("ann", "s2", "leaderboard today")
            .content
            .contains("Server streak: 1 day.")
    );
}

#[test]
fn each_hint_adds_30_seconds_to_the_ranked_time() {
    let bot = Bot::in_memory(0, 11);
    let day = date(2026, 11, 22);
    for (user, hints) in [("ann", 2), ("bob", 0)] {
        bot.at("UTC", day, 9, 0);
        bot.say(user, "s1", "daily");
        for k in 0..hints {
            // Asks a minute apart: real hints, not a double click.
            bot.at("UTC", day, 9, k + 1);
            bot.say(user, "s1", "hint");
        }
        bot.at("UTC", day, 9, 4);
        let board = bot.say(user, "s1", "show");
        let givens = parse_grid(&board.content).expect("board");
        let solution = match solver::solve(&givens) {
            Solution::Unique(g) => g,
            other => panic!("{other:?}"),
        };
        bot.say(user, "s1", &format!("submit {}", solution.to_line()));
    }
    let lines = bot.say("cat", "s1", "leaderboard today").content;
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines[2], "1. bob: 4:00 (no mistakes or hints)", "{lines:?}");
    assert_eq!(lines[3], "2. ann: 5:00 (4:00 + 2 hints)", "{lines:?}");
}

#[test]
fn puzzles_are_made_ahead_and_remade_when_the_difficulty_changes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("d.db");
    let bot = Bot::with_store(Store::open(&path).expect("store"), 0, 11);
    // A second connection to the same file sees what the bot has stored.
    let look = Store::open(&path).expect("second connection");
    let stored = || -> Vec<(String, String)> {
        let mut stmt = look
            .connection()
            .prepare("SELECT day, difficulty FROM daily_puzzles WHERE place = 's1' ORDER BY day")
            .expect("query");
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("rows")
            .collect::<Result<_, _>>()
            .expect("rows")
    };
    bot.at("UTC", date(2026, 11, 22), 8, 0);
    bot.say_as(
        "adm",
        "s1",
        true,
        "daily setup channel:<#42> difficulty:easy",
    );
    assert!(stored().is_empty());
    bot.app.prepare_dailies();
    let easy = |day: &str| (day.to_string(), "easy".to_string());
    assert_eq!(stored(), vec![easy("2026-11-22"), easy("2026-11-23")]);
    let today = board_of(&bot.say("ann", "s1", "daily"));
    bot.at("UTC", date(2026, 11, 22), 8, 30);
    // Changing the difficulty keeps today's puzzle (people are playing it) ...
    bot.say_as("adm", "s1", true, "daily setup difficulty:hard");
    assert_eq!(stored(), vec![easy("2026-11-22")]);
    assert_eq!(board_of(&bot.say("bob", "s1", "daily")), today);
    // ... and tomorrow's is made anew, at the new difficulty.
    bot.app.prepare_dailies();
    assert_eq!(stored()[1], ("2026-11-23".to_string(), "hard".to_string()));
    bot.at("UTC", date(2026, 11, 23), 0, 1);
    let tomorrow = bot.say("ann", "s1", "daily");
    assert!(tomorrow.content.contains("Hard"), "{}", tomorrow.content);
}

#[test]
fn a_successful_post_clears_the_failure_shown_to_admins() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 8, 0);
    bot.say_as("adm", "s1", true, "daily setup channel:<#42>");
    let trouble = sudoku_bot::app::PostTrouble::Failed {
        channel: "42".into(),
        detail: "missing permission".into(),
    };
    bot.app.daily_post_failed("s1", &trouble);
    let seen = bot.say_as("adm", "s1", true, "daily");
    assert!(
        seen.content
            .contains("could not post in <#42> (missing permission)"),
        "{}",
        seen.content
    );
    // An admin who reads Spanish reads why in Spanish (Discord's error as it gave it).
    bot.say_as("adm", "s1", true, "settings language:es");
    let seen = bot.say_as("adm", "s1", true, "daily");
    assert!(
        seen.content
            .contains("no se ha podido publicar en <#42> (missing permission)"),
        "{}",
        seen.content
    );
    bot.say_as("adm", "s1", true, "settings language:auto");
    assert!(
        !bot.say("ann", "s1", "daily")
            .content
            .contains("missing permission")
    );
    bot.app.daily_posted("s1");
    assert!(
        !bot.say_as("adm", "s1", true, "daily")
            .content
            .contains("missing permission")
    );
}

#[test]
fn a_solved_daily_offers_a_spoiler_free_share_and_a_new_game() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 9, 0);
    bot.say_as("adm", "s1", true, "daily setup channel:<#42>");
    bot.at("UTC", date(2026, 11, 22), 10, 0);
    let early = bot.say("ann", "s1", "share");
    assert!(
        early.private && early.content.contains("play today's"),
        "{}",
        early.content
    );
    bot.say("ann", "s1", "daily");
    let unfinished = bot.say("ann", "s1", "share");
    assert!(
        unfinished.private && unfinished.content.contains("Finish"),
        "{}",
        unfinished.content
    );
    bot.at("UTC", date(2026, 11, 22), 10, 4);
    let solved = solve_daily(&bot, "ann", "s1");
    // Someone else cannot share ann's result.
    let stolen = bot.press("bob", "s1", &solved, "Share");
    assert!(stolen.private, "{}", stolen.content);
    let shared = bot.press("ann", "s1", &solved, "Share");
    assert!(!shared.private, "{}", shared.content);
    assert!(
        shared
            .content
            .contains("Sudoku #1 · Medium · 4:00 (no mistakes or hints) · 🔥 1"),
        "{}",
        shared.content
    );
    assert!(parse_grid(&shared.content).is_err(), "no grid in a share");
    // "New game" starts a free game of the same size for whoever presses it.
    let fresh = bot.press("ann", "s1", &solved, "New game");
    assert!(
        !fresh.private && fresh.content.contains("New "),
        "{}",
        fresh.content
    );
}

/// How a guesser learns which guess is wrong, without solving anything.
#[derive(Clone, Copy, Debug)]
enum Oracle {
    /// Check-as-you-go marks each wrong digit when placed.
    CheckAsYouGo,
    /// Without check-as-you-go: place a guess, then `check` (the count only).
    CountOnlyCheck,
    /// The givens and one guess submitted as a grid: "1 cell is wrong" or not.
    Submission,
    /// Without check-as-you-go: a guess in every empty cell, then `hint`, which names
    /// the wrong ones.
    Hint,
}

/// `user` opens today's daily at `place` and finds every digit by guessing through
/// `oracle`, trying 1 to 9 in each cell (the bot's answers do all the work), all a
/// minute after opening. Returns how many guesses were wrong.
fn brute_force(bot: &Bot, user: &str, place: &str, oracle: Oracle) -> usize {
    use sudoku_bot::engine::Cell;
    let checks = matches!(oracle, Oracle::CheckAsYouGo | Oracle::Submission);
    bot.say(
        user,
        place,
        &format!(
            "settings check-as-you-go:{}",
            if checks { "on" } else { "off" }
        ),
    );
    let givens = board_of(&bot.say(user, place, "daily"));
    let solution = solution_of(&givens);
    // A minute's typing: every guess and the finish come a minute after opening.
    bot.clock.set(bot.app.now() + 60_000);
    let mut known = givens;
    let mut wrong = 0;
    match oracle {
        Oracle::Hint => {
            // Each round: the next digit in every cell not yet known, then a hint.
            for d in 1..=9u8 {
                let open: Vec<Cell> = Cell::all().filter(|&c| known.get(c).is_none()).collect();
                if open.is_empty() {
                    break;
                }
                let moves: Vec<String> = open.iter().map(|c| format!("{} {d}", c.name())).collect();
                bot.say(user, place, &format!("move {}", moves.join(", ")));
                let hint = bot.say(user, place, "hint").content;
                for &c in &open {
                    if solution.get(c) == Some(d) {
                        known.set(c, Some(d));
                    } else {
                        assert!(hint.contains(&c.name()), "{c} named in {hint}");
                        wrong += 1;
                    }
                }
            }
        }
        _ => {
            for cell in Cell::all().filter(|&c| givens.get(c).is_none()) {
                for d in 1..=9u8 {
                    let right = solution.get(cell) == Some(d);
                    let told_wrong = match oracle {
                        Oracle::CheckAsYouGo => bot
                            .say(user, place, &format!("move {} {d}", cell.name()))
                            .content
                            .contains("is wrong"),
                        Oracle::CountOnlyCheck => {
                            let moved = bot.say(user, place, &format!("move {} {d}", cell.name()));
                            // The last right digit solves it: nothing left to check.
                            !moved.content.contains("solved the daily")
                                && !bot
                                    .say(user, place, "check")
                                    .content
                                    .contains("Everything you have placed is correct")
                        }
                        _ => {
                            let mut grid = known;
                            grid.set(cell, Some(d));
                            bot.say(user, place, &format!("submit {}", grid.to_line()))
                                .content
                                .contains("1 cell is wrong")
                        }
                    };
                    assert_eq!(told_wrong, !right, "{oracle:?} told the truth");
                    if right {
                        known.set(cell, Some(d));
                        break;
                    }
                    wrong += 1;
                }
            }
        }
    }
    // The last right guess solved it, unless guesses were only submitted.
    if !bot.say(user, place, "show").content.contains("solved") {
        let done = bot.say(user, place, &format!("submit {}", solution.to_line()));
        assert!(done.content.contains("Daily done!"), "{}", done.content);
    }
    wrong
}

/// Route 1 of issue 25: guessing digits until none is wrong (check-as-you-go marks each
/// guess at once, or a check, a submission or a hint tells) took no time and ranked
/// first, above any honest solve. Now every wrong guess is a mistake, and each adds 30
/// seconds: a player who solves in 9 minutes without a mistake beats every guesser.
#[test]
fn guessing_ranks_below_an_honest_nine_minutes() {
    let bot = Bot::in_memory(0, 11);
    let day = date(2026, 11, 22);
    bot.at("UTC", day, 9, 0);
    let honest = board_of(&bot.say("honest", "s1", "daily"));
    bot.at("UTC", day, 9, 9);
    let solved = bot.say(
        "honest",
        "s1",
        &format!("submit {}", solution_of(&honest).to_line()),
    );
    assert!(
        solved.content.contains("Ranked time 9:00"),
        "{}",
        solved.content
    );
    let oracles = [
        ("check", Oracle::CheckAsYouGo),
        ("counter", Oracle::CountOnlyCheck),
        ("submitter", Oracle::Submission),
        ("hinter", Oracle::Hint),
    ];
    for (user, oracle) in oracles {
        bot.at("UTC", day, 10, 0);
        let wrong = brute_force(&bot, user, "s1", oracle);
        // Every wrong guess was counted: the ranked time is the minute plus 30 s each.
        assert!(wrong > 0, "{oracle:?}");
        let shown = bot.say(user, "s1", "daily").content;
        let ranked = sudoku_bot::app::render::duration(60_000 + 30_000 * wrong as i64);
        assert!(
            shown.contains(&format!("(1:00 + {wrong} mistakes"))
                && (shown.contains(&format!("ranked time {ranked} (")) || shown.contains("hints)")),
            "{oracle:?}: {shown}"
        );
    }
    bot.at("UTC", day, 20, 0);
    let board = bot.say("eve", "s1", "leaderboard today").content;
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(
        lines[2], "1. honest: 9:00 (no mistakes or hints)",
        "{board}"
    );
    for (user, _) in oracles {
        let line = lines
            .iter()
            .find(|l| l.contains(&format!(" {user}: ")))
            .unwrap_or_else(|| panic!("{user} in {board}"));
        assert!(!line.starts_with("1. "), "{board}");
        assert!(line.contains("mistakes"), "{board}");
    }
}

/// A guesser who tries only digits that clash with nothing needs only a handful of wrong
/// guesses: at 30 s each, four of them in a one-minute solve (3:00) would beat an honest
/// nine minutes. Three mistakes or more take a day out of the running instead.
#[test]
fn a_lucky_guesser_with_a_few_mistakes_still_ranks_below_an_honest_solver() {
    let bot = Bot::in_memory(0, 11);
    let day = date(2026, 11, 22);
    bot.at("UTC", day, 9, 0);
    let grid = board_of(&bot.say("honest", "s1", "daily"));
    let solution = solution_of(&grid);
    bot.at("UTC", day, 9, 9);
    bot.say("honest", "s1", &format!("submit {}", solution.to_line()));
    bot.at("UTC", day, 10, 0);
    bot.say("lucky", "s1", "daily");
    // Three wrong guesses in three cells, each corrected at once.
    for &cell in empties(&grid).iter().take(3) {
        let right = digit(&solution, cell);
        let wrong = if right == 9 { 1 } else { right + 1 };
        bot.say("lucky", "s1", &format!("move {cell} {wrong}"));
        bot.say("lucky", "s1", &format!("move {cell} {right}"));
    }
    bot.at("UTC", day, 10, 1);
    let done = bot.say("lucky", "s1", &format!("submit {}", solution.to_line()));
    assert!(done.content.contains("3 mistakes"), "{}", done.content);
    bot.at("UTC", day, 20, 0);
    let board = bot.say("eve", "s1", "leaderboard today").content;
    let lines: Vec<&str> = board.lines().collect();
    assert!(lines[2].starts_with("1. honest: 9:00"), "{board}");
    assert!(
        lines[3].starts_with("2. lucky: 2:30 (1:00 + 3 mistakes)")
            && lines[3].ends_with("unranked (3 mistakes)"),
        "{board}"
    );
}

/// Route 4 of issue 25: the channel post showed the grid, and a player's clock started
/// when they opened it: solved from the post, then pasted, a daily took 0:00; and with
/// pauses capped at five minutes, "open, solve on paper for an hour, paste" took 5:00.
/// Now the post shows no grid (no text, no picture), and the daily's clock runs from
/// opening to solving, pauses included, the same in the solve line, the leaderboard,
/// the share card and the next day's post.
#[test]
fn a_ranked_daily_time_never_starts_after_the_grid_was_seen() {
    let bot = Bot::in_memory(0, 11);
    let day = date(2026, 11, 22);
    bot.at("UTC", day, 8, 0);
    bot.say_as("adm", "s1", true, "daily setup channel:<#42> time:09:00");
    bot.at("UTC", day, 9, 0);
    let posts = bot.app.take_due_daily_posts();
    let post = &posts[0].reply;
    assert!(parse_grid(&post.content).is_err(), "{}", post.content);
    assert!(
        !post.content.contains("```") && post.picture.is_none(),
        "{}",
        post.content
    );
    assert!(
        post.content.contains("· #1 · Medium")
            && post
                .content
                .contains("Your clock starts when you press Play and runs until you solve it"),
        "{}",
        post.content
    );
    // The server's first post: there was no yesterday to tell of.
    assert!(!post.content.contains("Yesterday"), "{}", post.content);
    // Opened from the post at 9:00, a move, an hour away (solving on paper), pasted.
    let opened = bot.press("ann", "s1", post, "Play");
    let givens = board_of(&opened);
    let solution = solution_of(&givens);
    assert!(
        opened.content.contains("Your clock starts now"),
        "{}",
        opened.content
    );
    let cell = common::empties(&givens)[0];
    bot.at("UTC", day, 9, 1);
    bot.say(
        "ann",
        "s1",
        &format!("move {} {}", cell.name(), common::digit(&solution, cell)),
    );
    bot.at("UTC", day, 10, 5);
    let solved = bot.say("ann", "s1", &format!("submit {}", solution.to_line()));
    assert!(
        solved.content.contains("Solved in 1:05:00")
            && solved.content.contains(
                "Ranked time 1:05:00 (no mistakes or hints): the time since you opened it"
            ),
        "{}",
        solved.content
    );
    let board = bot.say("bob", "s1", "leaderboard").content;
    assert!(
        board.contains("\n1. ann: 1:05:00 (no mistakes or hints)"),
        "{board}"
    );
    let shared = bot.press("ann", "s1", &solved, "Share");
    assert!(
        shared
            .content
            .contains("Sudoku #1 · Medium · 1:05:00 (no mistakes or hints) · 🔥 1"),
        "{}",
        shared.content
    );
    bot.at("UTC", date(2026, 11, 23), 9, 0);
    let next = &bot.app.take_due_daily_posts()[0].reply;
    assert!(
        next.content.contains("· #2 · Medium\n")
            && next
                .content
                .contains("Yesterday: 1 solver, best ann in 1:05:00 (no mistakes or hints)."),
        "{}",
        next.content
    );
    assert!(parse_grid(&next.content).is_err(), "{}", next.content);
}

/// A day not won is shared without spoilers too, with the leaderboard's tags: given up,
/// still open when the day ended, or solved after it.
#[test]
fn a_failed_day_is_shared_without_spoilers_and_with_its_tags() {
    let bot = Bot::in_memory(0, 11);
    let day = date(2026, 11, 22);
    bot.at("UTC", day, 9, 0);
    bot.say("ann", "s1", "settings check-as-you-go:off");
    let opened = bot.say("ann", "s1", "daily");
    bot.at("UTC", day, 9, 2);
    let ask = bot.press("ann", "s1", &opened, "Give up");
    bot.press("ann", "s1", &ask, "Yes");
    let shared = bot.say("ann", "s1", "share");
    assert!(!shared.private, "{}", shared.content);
    assert!(
        shared.content.ends_with(
            "Sudoku #1 · Medium · gave up after 2:00 · 0 mistakes · 0 hints · no check-as-you-go"
        ),
        "{}",
        shared.content
    );
    assert!(parse_grid(&shared.content).is_err(), "{}", shared.content);
    // bob leaves his open; cat solves hers after midnight.
    bot.say("bob", "s1", "daily");
    let cat = board_of(&bot.say("cat", "s1", "daily"));
    assert!(
        bot.say("bob", "s1", "share")
            .content
            .contains("Finish today's daily first"),
        "no result while the day runs"
    );
    bot.at("UTC", date(2026, 11, 23), 0, 10);
    bot.say(
        "cat",
        "s1",
        &format!("submit {}", solution_of(&cat).to_line()),
    );
    let shared = bot.say("cat", "s1", "share");
    assert!(
        shared
            .content
            .ends_with("Sudoku #1 · Medium · not solved in time · 0 mistakes · 0 hints"),
        "{}",
        shared.content
    );
    // The next morning, before opening the new day's puzzle: yesterday's result.
    let shared = bot.say("bob", "s1", "share");
    assert!(
        !shared.private
            && shared
                .content
                .ends_with("Sudoku #1 · Medium · not solved in time · 0 mistakes · 0 hints"),
        "{}",
        shared.content
    );
}

/// `timezone:GMT+2` was the database's Etc/GMT+2, UTC-2: posts came four hours off.
#[test]
fn offsets_abbreviations_and_the_times_the_errors_suggest_are_accepted() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 6, 0);
    let r = bot.say_as(
        "adm",
        "s1",
        true,
        "daily setup channel:<#42> time:9am timezone:GMT+2",
    );
    assert!(
        r.content
            .contains("every day at 09:00 (UTC+02:00, no daylight saving) in <#42>"),
        "{}",
        r.content
    );
    bot.at("UTC", date(2026, 11, 22), 6, 59);
    assert!(bot.app.take_due_daily_posts().is_empty());
    bot.at("UTC", date(2026, 11, 22), 7, 0);
    assert_eq!(bot.app.take_due_daily_posts().len(), 1, "09:00 at UTC+2");
    for (zone, shown) in [
        ("+05:30", "Asia/Kolkata, UTC+05:30, no daylight saving"),
        ("UTC+5:45", "Asia/Kathmandu, UTC+05:45, no daylight saving"),
        ("PST", "America/Los_Angeles"),
    ] {
        // Today's daily has begun: the zone changes when today ends.
        let r = bot.say_as("adm", "s1", true, &format!("daily setup timezone:{zone}"));
        assert!(
            r.content.contains(&format!("days run in {shown}")),
            "{zone}: {}",
            r.content
        );
    }
    // Every time the error suggests fits the option (Discord's registration and the
    // typed parser share its limit) and is read.
    let error = bot
        .say_as("adm", "s1", true, "daily setup time:25:00")
        .content;
    // The code spans after the quoted input.
    let examples: Vec<&str> = error.split('`').skip(3).step_by(2).collect();
    assert!(examples.contains(&"9:30pm"), "{error}");
    for example in examples {
        let command = sudoku_bot::app::Command::parse(&format!("daily setup time:{example}"))
            .unwrap_or_else(|e| panic!("{example}: {e}"));
        let r = bot.invoke_as("adm", "s1", true, command);
        assert!(
            r.content.contains("Daily Sudoku is on"),
            "{example}: {}",
            r.content
        );
    }
}

/// Long names and long results: the leaderboard stays one Discord message, whole
/// rows only, and shows the caller's place when it falls below them.
#[test]
fn a_leaderboard_of_long_names_fits_one_message() {
    let bot = Bot::in_memory(0, 11);
    let day = date(2026, 11, 22);
    for i in 0..20 {
        // 32 characters, each escaped: 64 in the message.
        let user = format!("{i:02}{}", "_".repeat(30));
        bot.at("UTC", day, 9, 0);
        bot.say(&user, "s1", "settings check-as-you-go:off");
        let givens = board_of(&bot.say(&user, "s1", "daily"));
        let solution = solution_of(&givens);
        // Every empty cell wrong, submitted: each one a mistake.
        let mut wrong = solution;
        for c in common::empties(&givens) {
            wrong.set(c, Some(common::digit(&solution, c) % 9 + 1));
        }
        bot.say(&user, "s1", &format!("submit {}", wrong.to_line()));
        bot.at("UTC", day, 10 + i as i8 % 5, 59);
        bot.say(&user, "s1", &format!("submit {}", solution.to_line()));
    }
    bot.at("UTC", day, 20, 0);
    let last = format!("19{}", "_".repeat(30));
    let board = bot.say(&last, "s1", "leaderboard today").content;
    assert!(!board.contains("cut to fit"), "{board}");
    assert!(board.contains("no check-as-you-go"), "{board}");
    assert!(board.contains("\n…\n"), "{board}");
    assert!(board.contains(". you: "), "{board}");
    assert!(
        board.ends_with('.') && board.contains("Server streak"),
        "{board}"
    );
}

/// The daily played with its pad alone, beside a free game: every press updates the
/// private board, a press makes typed commands follow the daily, and the solve is
/// announced without the grid.
#[test]
fn a_daily_is_played_to_the_end_with_the_pad_alone() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 10, 0);
    let mut r = bot.say("ann", "s1", "daily");
    let daily = board_of(&r);
    let solution = solution_of(&daily);
    let free = board_of(&bot.say("ann", "s1", "new 40"));
    assert_eq!(
        board_of(&bot.say("ann", "s1", "show")),
        free,
        "the free game was last"
    );
    let cells = empties(&daily);
    r = bot.tap("ann", "s1", &r, cells[0], digit(&solution, cells[0]));
    assert!(r.private, "a daily board stays private: {}", r.content);
    assert_eq!(
        board_of(&bot.say("ann", "s1", "show")),
        board_of(&r),
        "typed commands follow the board played on"
    );
    for &cell in &cells[1..] {
        r = bot.tap("ann", "s1", &r, cell, digit(&solution, cell));
    }
    assert!(!r.private, "{}", r.content);
    assert!(
        r.content.contains("solved the daily puzzle"),
        "{}",
        r.content
    );
    assert!(!r.content.contains("```"), "no grid: {}", r.content);
}

/// Auto-notes are an aid, not a hint: no penalty, but the leaderboard and the shared
/// result say it, as they say check-as-you-go off.
#[test]
fn auto_notes_on_a_daily_show_on_the_leaderboard_and_the_share() {
    let bot = Bot::in_memory(0, 11);
    let day = date(2026, 11, 22);
    bot.at("UTC", day, 9, 0);
    let opened = bot.say("ann", "s1", "daily");
    let notes = bot.press("ann", "s1", &opened, "Notes: off");
    let filled = bot.press("ann", "s1", &notes, "Auto-notes");
    assert!(filled.private, "{}", filled.content);
    assert!(
        filled.content.contains("Auto-notes: "),
        "{}",
        filled.content
    );
    bot.clock.advance(10 * 60_000);
    solve_daily(&bot, "ann", "s1");
    solve_daily(&bot, "bob", "s1");
    let board = bot.say("eve", "s1", "leaderboard today");
    let row_of = |name: &str| {
        board
            .content
            .lines()
            .find(|l| l.contains(&format!(". {name}:")))
            .unwrap_or_else(|| panic!("{}", board.content))
    };
    let ann = row_of("ann");
    assert!(ann.ends_with(" · auto-notes"), "{ann}");
    assert!(
        ann.contains("10:00 (no mistakes or hints)"),
        "no penalty: {ann}"
    );
    let bob = row_of("bob");
    assert!(!bob.contains("auto-notes"), "{bob}");
    assert!(
        bot.say("ann", "s1", "share")
            .content
            .ends_with("· auto-notes"),
        "the shared result says it"
    );
    assert!(
        bot.say("eve", "s1", "leaderboard week")
            .content
            .contains(" · 1 with auto-notes")
    );
}

/// The scheduler reads only the servers due (an index on their next post time): a server
/// whose post time has not come is neither posted nor read, also among many; each due
/// one is posted once; a changed setting is noticed at once.
#[test]
fn only_due_servers_are_posted_and_a_changed_time_is_noticed() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 7, 0);
    // More servers than one scheduler batch, all posting at 12:00, and one at 08:00.
    for k in 0..300 {
        bot.say_as(
            "adm",
            &format!("late{k}"),
            true,
            "daily setup channel:<#9> time:12:00",
        );
    }
    bot.say_as("adm", "early", true, "daily setup channel:<#8> time:08:00");
    assert!(bot.app.take_due_daily_posts().is_empty());
    assert_eq!(
        bot.app.next_daily_post_at(),
        Some(bot.app.now() + 3_600_000),
        "the next post is early's at 08:00"
    );
    bot.at("UTC", date(2026, 11, 22), 8, 0);
    let posts = bot.app.take_due_daily_posts();
    let channels: Vec<&str> = posts.iter().map(|p| p.channel.as_str()).collect();
    assert_eq!(channels, ["8"]);
    assert!(bot.app.take_due_daily_posts().is_empty(), "once a day");
    // An admin moves a late server to 08:30: due then, the others still not.
    bot.say_as("adm", "late7", true, "daily setup time:08:30");
    assert_eq!(
        bot.app.next_daily_post_at(),
        Some(bot.app.now() + 30 * 60_000)
    );
    bot.at("UTC", date(2026, 11, 22), 8, 30);
    let posts = bot.app.take_due_daily_posts();
    assert_eq!(
        posts.iter().map(|p| p.place.as_str()).collect::<Vec<_>>(),
        ["late7"]
    );
    // At 12:00 all 299 others, each once, over as many scheduler batches as it takes.
    bot.at("UTC", date(2026, 11, 22), 12, 0);
    let mut posted = Vec::new();
    loop {
        let posts = bot.app.take_due_daily_posts();
        if posts.is_empty() {
            break;
        }
        posted.extend(posts.into_iter().map(|p| p.place));
    }
    posted.sort();
    posted.dedup();
    assert_eq!(posted.len(), 299);
    assert!(!posted.contains(&"late7".to_string()));
    // Tomorrow's first post is early's again.
    assert_eq!(
        bot.app.next_daily_post_at(),
        Some(bot.app.now() + 20 * 3_600_000)
    );
}

/// `prepare_dailies` makes only what is missing: a second call the same day makes
/// nothing and changes nothing; the next day adds the day after, keeping what was made.
#[test]
fn preparing_dailies_makes_only_the_missing_puzzles() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, 0, 11);
    let stored = || {
        common::open_store(&db)
            .query_for_test("SELECT place, day, solution FROM daily_puzzles ORDER BY place, day")
            .expect("rows")
            .into_iter()
            .map(|r| (r[0].clone(), r[1].clone(), r[2].clone()))
            .collect::<Vec<_>>()
    };
    bot.at("UTC", date(2026, 11, 22), 8, 0);
    bot.say_as(
        "adm",
        "s1",
        true,
        "daily setup channel:<#1> difficulty:easy",
    );
    bot.say_as(
        "adm",
        "s2",
        true,
        "daily setup channel:<#2> difficulty:easy timezone:Asia/Tokyo",
    );
    bot.app.prepare_dailies();
    let first = stored();
    let days: Vec<(&str, &str)> = first
        .iter()
        .map(|(p, d, _)| (p.as_str(), d.as_str()))
        .collect();
    // 08:00 UTC is 17:00 in Tokyo: the same calendar day there.
    assert_eq!(
        days,
        [
            ("s1", "2026-11-22"),
            ("s1", "2026-11-23"),
            ("s2", "2026-11-22"),
            ("s2", "2026-11-23")
        ]
    );
    bot.at("UTC", date(2026, 11, 22), 14, 0);
    bot.app.prepare_dailies();
    assert_eq!(stored(), first, "nothing was missing");
    // Midnight in Tokyo (15:00 UTC): its day after tomorrow is made, nothing else.
    bot.at("UTC", date(2026, 11, 22), 15, 1);
    bot.app.prepare_dailies();
    let now = stored();
    assert_eq!(now.len(), 5);
    assert_eq!(&now[..4], &first[..]);
    assert_eq!((now[4].0.as_str(), now[4].1.as_str()), ("s2", "2026-11-24"));
}

/// Whether `reply` carries the news, for admins, that the server's daily posts are paused.
fn tells_of_a_pause(reply: &Reply) -> bool {
    reply.content.contains("daily posts are paused")
}

/// A daily paused (its channel deleted) is news for the admins' next command, even when
/// the bot restarted in between; they hear it once, and a player never does.
#[test]
fn admins_hear_of_a_paused_daily_once_even_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("d.db");
    let day = date(2026, 11, 22);
    let restarted = |hour| {
        let bot = Bot::with_store(Store::open(&path).expect("store"), 0, 11);
        bot.at("UTC", day, hour, 0);
        bot
    };
    {
        let bot = restarted(8);
        bot.say_as("adm", "s1", true, "daily setup channel:<#42>");
        bot.app.channel_gone("s1", "42");
    }
    let bot = restarted(9);
    let player = bot.say("ann", "s1", "stats");
    assert!(!tells_of_a_pause(&player), "{}", player.content);
    let first = bot.say_as("adm", "s1", true, "stats");
    assert!(
        first
            .content
            .contains("daily posts are paused: <#42> was deleted"),
        "{}",
        first.content
    );
    let second = bot.say_as("adm", "s1", true, "stats");
    assert!(!tells_of_a_pause(&second), "{}", second.content);
    // Told once: another restart does not tell again.
    drop(bot);
    let later = restarted(10).say_as("adm", "s1", true, "stats");
    assert!(!tells_of_a_pause(&later), "{}", later.content);
}

/// Two processes on one database (replicas): a daily paused by one is news for the
/// admins' next command in the other too, once it rereads the pauses (each replica does
/// so with every turn of its sending lease), and they still hear it only once.
#[test]
fn a_pause_seen_by_one_replica_is_told_by_another() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("d.db");
    let day = date(2026, 11, 22);
    let replica = || {
        let bot = Bot::with_store(Store::open(&path).expect("store"), 0, 11);
        bot.at("UTC", day, 8, 0);
        bot
    };
    let (one, two) = (replica(), replica());
    one.say_as("adm", "s1", true, "daily setup channel:<#42>");
    one.app.channel_gone("s1", "42");
    let unaware = two.say_as("adm", "s1", true, "stats");
    assert!(!tells_of_a_pause(&unaware), "{}", unaware.content);
    two.app.reload_untold_pauses();
    let told = two.say_as("adm", "s1", true, "stats");
    assert!(
        told.content
            .contains("daily posts are paused: <#42> was deleted"),
        "{}",
        told.content
    );
    // Told by the second: the first, rereading, does not tell again.
    one.app.reload_untold_pauses();
    let again = one.say_as("adm", "s1", true, "stats");
    assert!(!tells_of_a_pause(&again), "{}", again.content);
}

/// An admin who sets the daily up again right after a pause, before any other command,
/// gets the setup's answer, not a notice of a pause that just ended.
#[test]
fn setting_the_daily_up_again_ends_the_untold_pause() {
    let bot = Bot::in_memory(0, 11);
    bot.at("UTC", date(2026, 11, 22), 8, 0);
    bot.say_as("adm", "s1", true, "daily setup channel:<#42>");
    bot.app.channel_gone("s1", "42");
    let setup = bot.say_as("adm", "s1", true, "daily setup channel:<#43>");
    assert!(!tells_of_a_pause(&setup), "{}", setup.content);
    let next = bot.say_as("adm", "s1", true, "stats");
    assert!(!tells_of_a_pause(&next), "{}", next.content);
}

/// Issue 50: two replicas share one database, one clock 20 s ahead of the other. The
/// sending lease is timed by the database's clock, so the fast one never finds the slow
/// one's live lease run out: at every renewal (a third of the 15 s lease apart, by each
/// replica's own clock) one of them holds it, never both. With the replicas' own clocks,
/// the fast one took it at once (20 s past the slow one's 15).
#[test]
fn two_replicas_with_clocks_20_s_apart_never_both_hold_the_sending_lease() {
    let (_dir, db) = temp_db();
    let slow = Bot::open(&db, T0, 1);
    let fast = Bot::open(&db, T0 + 20_000, 1);
    let (slow_name, fast_name) = ("slow replica", "fast replica");
    let first = slow.app.hold_lease("outbound", slow_name, 15_000);
    assert!(first.is_some(), "a free lease is taken");
    for turn in 0..12 {
        for bot in [&slow, &fast] {
            bot.clock.advance(5_000);
        }
        let held = (
            slow.app.hold_lease("outbound", slow_name, 15_000),
            fast.app.hold_lease("outbound", fast_name, 15_000),
        );
        assert_eq!(held, (first, None), "turn {turn}: {held:?}");
    }
    // The slow one stops and gives the lease up: the fast one takes it, under a new token.
    slow.app.release_lease("outbound", slow_name);
    let taken = fast.app.hold_lease("outbound", fast_name, 15_000);
    assert!(
        taken.is_some() && taken != first,
        "{taken:?} after {first:?}"
    );
    assert_eq!(slow.app.hold_lease("outbound", slow_name, 15_000), None);
}

/// Issue 50: daily posts are claimed under the lease's fencing token, in the claiming
/// transaction. A replica that lost the lease without knowing it yet (its renewal late,
/// its lease run out and taken by another) claims nothing; the new holder claims the post.
#[test]
fn a_replica_that_lost_the_sending_lease_claims_no_daily_post() {
    use sudoku_bot::app::Fence;
    let (_dir, db) = temp_db();
    let a = Bot::open(&db, 0, 11);
    let b = Bot::open(&db, 0, 11);
    let madrid = "Europe/Madrid";
    a.at(madrid, date(2026, 11, 22), 7, 0);
    a.say_as(
        "admin",
        "s1",
        true,
        "daily setup channel:100 time:09:00 timezone:Europe/Madrid",
    );
    let old = a
        .app
        .hold_lease("outbound", "a", 15_000)
        .expect("a holds the lease");
    // a's lease runs out (its renewals stopped reaching the database), and b takes it.
    common::open_store(&db)
        .execute_for_test("UPDATE leases SET until_ms = 0")
        .expect("the lease runs out");
    let new = b
        .app
        .hold_lease("outbound", "b", 15_000)
        .expect("b takes the lease");
    assert_ne!(old, new);
    for bot in [&a, &b] {
        bot.at(madrid, date(2026, 11, 22), 9, 0);
    }
    let due = a.app.due_daily_posts();
    assert_eq!(due.len(), 1);
    let fence = |holder, token| Fence {
        lease: "outbound",
        holder,
        token,
    };
    assert!(
        a.app
            .claim_daily_posts_fenced(&due, &fence("a", old))
            .is_empty(),
        "claimed under a stale token"
    );
    assert!(
        b.app
            .claim_daily_posts_fenced(&due, &fence("b", old))
            .is_empty(),
        "claimed under another's token"
    );
    let claimed = b.app.claim_daily_posts_fenced(&due, &fence("b", new));
    assert_eq!(claimed.len(), 1, "the holder claims the post");
    assert_eq!(claimed[0].channel, "100");
}
