//! Daily server challenges: play today's puzzle, set it up (admins), leaderboards, and the
//! daily post the scheduler sends.

use jiff::civil::Date;

use crate::app::command::{Period, Target, plain_custom_id};
use crate::app::render::{self, duration, plural};
use crate::app::reply::{Button, ButtonStyle, Reply};
use crate::app::{App, Failure, Invocation, user_error};
use crate::engine::Tier;
use crate::engine::generator::Puzzle;
use crate::game::daily::{
    self, DailySettings, Entry, PostDue, describe_zone, end_of_day, parse_time, parse_zone,
    post_due, server_day,
};
use crate::game::{Game, Millis, Status};
use crate::store::{GameRecord, ServerDaily, Tx};

use super::board;

const SERVERS_ONLY: &str =
    "Daily challenges belong to a server: use this command in a server channel.";

fn require_server(inv: &Invocation) -> Result<(), Failure> {
    if inv.place.key() == "dm" {
        return Err(user_error(SERVERS_ONLY));
    }
    Ok(())
}

/// "Sunday 22 November".
fn day_title(day: Date) -> String {
    day.strftime("%A %-d %B").to_string()
}

/// A Discord timestamp: shown in each reader's own time zone (`R`: "in 5 hours").
fn discord_time(ms: Millis, style: char) -> String {
    format!("<t:{}:{style}>", ms.div_euclid(1000))
}

fn next_post(server: &ServerDaily, now: Millis) -> Millis {
    let tz = server.settings.tz();
    match post_due(now, server.settings.time, &tz, server.last_posted) {
        PostDue::At(at) => at,
        // Due now (about to be posted): the next one is tomorrow's.
        PostDue::Now(day) => {
            daily::post_instant(day.tomorrow().unwrap_or(day), server.settings.time, &tz)
        }
    }
}

/// When the next day's puzzle opens: at midnight of the server's zone, whatever the
/// posting time (`/sudoku daily` plays a day's puzzle from its first minute).
fn next_puzzle_at(server: &ServerDaily, today: Date) -> Millis {
    end_of_day(today, &server.settings.tz())
}

/// A daily result as the leaderboard, the share card and the solve line all show it: the
/// ranked time (the time from opening to solving, plus 30 seconds per mistake and per
/// hint), then what it is made of: "7:12 (6:12 + 2 mistakes)", "4:00 (no mistakes or
/// hints)".
pub(crate) fn ranked_text(time: Millis, mistakes: u32, hints: u32) -> String {
    let ranked = duration(daily::ranked_time(time, mistakes, hints));
    let mut parts = vec![duration(time)];
    if mistakes > 0 {
        parts.push(plural(mistakes, "mistake"));
    }
    if hints > 0 {
        parts.push(plural(hints, "hint"));
    }
    if parts.len() == 1 {
        format!("{ranked} (no mistakes or hints)")
    } else {
        format!("{ranked} ({})", parts.join(" + "))
    }
}

/// How a daily is ranked, in one sentence (leaderboard, post, solve line).
const RANKING: &str = "Ranked time: from opening the daily to solving it, plus 30 s per mistake and per hint; a day with 3 mistakes or more ranks last.";

/// Seeds tried, one after the other, for a day's puzzle.
const DAILY_SEEDS: u32 = 4;

/// The stored puzzle of `day`, or a new one derived from the server and the date.
pub(crate) fn puzzle_for(
    app: &App,
    place: &str,
    day: Date,
    tier: Tier,
) -> Result<(Puzzle, Option<Tier>), Failure> {
    let found = app.store().write(|tx| {
        let salt = tx.server_salt(place, || app.next_seed())?;
        Ok::<_, Failure>((tx.daily_puzzle(place, day)?, salt))
    })?;
    let salt = match found {
        (Some(found), _) => return Ok(found),
        (None, salt) => salt,
    };
    // Generated outside the store's lock; the first stored puzzle of a day wins. A seed
    // whose search comes back empty-handed is followed by the next, so a day never goes
    // without its puzzle (every seed is tried in the same order on every machine).
    let mut made = Err(String::new());
    for attempt in 0..DAILY_SEEDS {
        let seed = daily::puzzle_seed(place, salt, day, attempt);
        made = super::puzzles::make(app, None, Some(tier), None, seed);
        if made.is_ok() {
            break;
        }
    }
    let (puzzle, tier) = made.map_err(user_error)?;
    app.store().write(|tx| {
        tx.insert_daily_puzzle(place, day, &puzzle.givens, &puzzle.solution, tier)?;
        Ok::<_, Failure>(())
    })?;
    Ok(app
        .store()
        .write(|tx| tx.daily_puzzle(place, day))?
        .unwrap_or((puzzle, tier)))
}

fn streak_line(
    tx: &Tx<'_>,
    player: &str,
    place: &str,
    today: Date,
) -> Result<Option<String>, Failure> {
    let s = daily::streak(&tx.player_daily_days(player, place)?, today);
    Ok(match (s.current, s.at_stake) {
        (0, _) => None,
        (n, true) => Some(format!("Solve today's daily to keep your {n}-day streak!")),
        (n, false) => Some(format!(
            "Daily streak: {} (best {}).",
            plural(n, "day"),
            s.best
        )),
    })
}

pub fn play(app: &App, inv: &Invocation) -> Result<Reply, Failure> {
    require_server(inv)?;
    let place = inv.place.key();
    let (server, today) = app.store().write(|tx| {
        let now = app.now();
        let server = tx.server_daily(place)?;
        let today = server_day(now, &server.settings.tz());
        Ok::<_, Failure>((server, today))
    })?;
    let (puzzle, tier) = puzzle_for(app, place, today, server.settings.difficulty)?;
    // Whatever the player's own game shows, an admin learns that a post failed.
    let admin_note = match (&server.post_error, inv.is_admin) {
        (Some(error), true) if !server.settings.enabled => {
            format!("\n{}", crate::app::daily_paused_note(error))
        }
        (Some(error), true) => format!("\nFor admins: the last daily post failed: {error}."),
        _ => String::new(),
    };
    app.store().write(|tx| {
        // Read under the store's lock: the clock starts when the game is stored.
        let now = app.now();
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        let record = match tx.daily_game_id(&inv.player.id, place, today)? {
            Some(id) => {
                tx.touch(id)?;
                tx.game(id)?
                    .ok_or_else(|| user_error("That game no longer exists."))?
            }
            None if tx.attempt_forgotten(&inv.player.id, place, today)? => {
                return Ok(Reply::private(format!(
                    "You already played today's daily here (before deleting your data). One attempt per day: the next puzzle opens {}.",
                    discord_time(next_puzzle_at(&server, today), 'R')
                )));
            }
            None => {
                // The timer starts now, when the player first opens it, and never pauses:
                // the grid is first shown now, and from now on it can be solved anywhere.
                let mut game = Game::new(puzzle.givens, puzzle.solution, tier, now).on_wall_clock();
                if !tx.check_as_you_go(&inv.player.id)? {
                    game = game.without_checks();
                }
                let id = tx.insert_daily_game(&inv.player.id, place, today, &game)?;
                GameRecord {
                    shown: true,
                    pad: Default::default(),
                    id,
                    player: inv.player.id.clone(),
                    place: place.to_string(),
                    game,
                    daily_day: Some(today),
                    race: None,
                }
            }
        };
        let mut headline = format!("Daily Sudoku for {}.", day_title(today));
        if record.game.started_at == now && record.game.status == Status::Active {
            headline.push_str(
                " Your clock starts now and runs until you solve it, pauses included; each mistake or hint adds 30 s.",
            );
        }
        if record.game.status != Status::Active {
            let verdict = match record.game.status {
                Status::Solved => format!(
                    "You solved today's daily: ranked time {}.",
                    ranked_text(
                        record.game.elapsed(now),
                        record.game.mistakes,
                        record.game.hints
                    )
                ),
                _ => "You gave up today's daily.".to_string(),
            };
            let mut text = format!(
                "{verdict} One attempt per day: the next puzzle opens {}.",
                discord_time(next_puzzle_at(&server, today), 'R')
            );
            if let Some(line) = streak_line(tx, &inv.player.id, place, today)? {
                text.push('\n');
                text.push_str(&line);
            }
            text.push_str(&admin_note);
            return Ok(Reply::private(text));
        }
        if let Some(line) = streak_line(tx, &inv.player.id, place, today)? {
            headline.push(' ');
            headline.push_str(&line);
        }
        let mut reply = board::reply(&record, &inv.player.name, &headline, inv.style, now);
        reply.content.push_str(&admin_note);
        Ok(reply)
    })
}

/// Called after a daily game is solved: whether it counts for its day (and streaks).
/// Records a solved daily game's standing; the line to add to the solve's headline, and
/// whether it was solved within its server day (only then is it a daily solve).
pub(crate) fn record_solve(
    tx: &Tx<'_>,
    record: &GameRecord,
) -> Result<Option<(String, bool)>, Failure> {
    let Some(day) = record.daily_day else {
        return Ok(None);
    };
    let server = tx.server_daily(&record.place)?;
    let tz = server.settings.tz();
    let finished = record.game.finished_at.unwrap_or(i64::MAX);
    let on_time = finished < end_of_day(day, &tz);
    tx.set_daily_on_time(record.id, on_time)?;
    if !on_time {
        return Ok(Some((
            "That daily's day had already ended: this is no daily solve, and it does not count for your streak.".into(),
            false,
        )));
    }
    let s = daily::streak(&tx.player_daily_days(&record.player, &record.place)?, day);
    let game = &record.game;
    Ok(Some((
        format!(
            "Daily done! Ranked time {}: the time since you opened it, plus 30 s per mistake and per hint. Streak: {} (best {}). See `/sudoku leaderboard`.",
            ranked_text(game.elapsed(finished), game.mistakes, game.hints),
            plural(s.current, "day"),
            s.best
        ),
        true,
    )))
}

pub fn setup(
    app: &App,
    inv: &Invocation,
    channel: Option<&str>,
    time: Option<&str>,
    zone: Option<&str>,
    difficulty: Option<&str>,
) -> Result<Reply, Failure> {
    require_server(inv)?;
    if !inv.is_admin {
        return Err(user_error(
            "Only members who can manage this server can set up the daily puzzle.",
        ));
    }
    let reply = app.store().write(|tx| {
        let now = app.now();
        let current = tx.server_daily(inv.place.key())?;
        let mut s = current.settings.clone();
        if let Some(c) = channel {
            // `<#123>` as Discord writes a channel, or the bare id.
            let id = c.trim().trim_start_matches("<#").trim_end_matches('>');
            if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
                return Err(user_error(format!(
                    "`{c}` is not a channel: pick one, e.g. `channel:#daily-sudoku`."
                )));
            }
            s.channel = Some(id.to_string());
        }
        if let Some(t) = time {
            s.time = parse_time(t).map_err(user_error)?;
        }
        if let Some(z) = zone {
            s.zone = parse_zone(z).map_err(user_error)?;
        }
        if let Some(d) = difficulty {
            s.difficulty = Tier::parse(d).ok_or_else(|| {
                user_error(format!(
                    "`{d}` is not a difficulty: use one of {}.",
                    Tier::ALL.map(Tier::name).join(", ")
                ))
            })?;
        }
        let Some(channel) = s.channel.clone() else {
            return Err(user_error(
                "Name the channel to post in, e.g. `channel:#daily-sudoku`.",
            ));
        };
        s.enabled = true;
        if s.difficulty != current.settings.difficulty || s.zone != current.settings.zone {
            // Puzzles made ahead for days no one can have started yet (in either zone) were made
            // for the old settings.
            let today = server_day(now, &current.settings.tz()).max(server_day(now, &s.tz()));
            tx.discard_future_dailies(inv.place.key(), today)?;
        }
        tx.save_daily_settings(inv.place.key(), &s)?;
        let saved = tx.server_daily(inv.place.key())?;
        Ok(Reply::private(format!(
            "Daily Sudoku is on: every day at {:02}:{:02} ({}) in <#{channel}>, {}. Next post: {}.",
            s.time.hour(),
            s.time.minute(),
            describe_zone(&s.zone, now),
            s.difficulty.title(),
            discord_time(next_post(&saved, now), 'F')
        )))
    })?;
    // Its zone may have changed, and with it which of its dailies is running (after the
    // commit: a solve reading meanwhile still saw the old zone).
    app.dailies_changed();
    Ok(reply)
}

pub fn off(app: &App, inv: &Invocation) -> Result<Reply, Failure> {
    require_server(inv)?;
    if !inv.is_admin {
        return Err(user_error(
            "Only members who can manage this server can switch the daily puzzle off.",
        ));
    }
    app.store().write(|tx| {
        let mut s = tx.server_daily(inv.place.key())?.settings;
        s.enabled = false;
        tx.save_daily_settings(inv.place.key(), &s)?;
        Ok(Reply::private(
            "Daily Sudoku is off: no more posts. Players can still play `/sudoku daily`.",
        ))
    })
}

pub fn leaderboard(app: &App, inv: &Invocation, period: Period) -> Result<Reply, Failure> {
    require_server(inv)?;
    app.store().read(|tx| {
        let now = app.now();
        let server = tx.server_daily(inv.place.key())?;
        let today = server_day(now, &server.settings.tz());
        let from = match period {
            Period::Today => Some(today),
            Period::Week => today.checked_sub(jiff::Span::new().days(6)).ok(),
            Period::AllTime => None,
        };
        let ranked = daily::rank(tx.daily_results(inv.place.key(), from, today)?);
        let title = match period {
            Period::Today => format!("today ({})", day_title(today)),
            Period::Week => "the last 7 days".to_string(),
            Period::AllTime => "all time".to_string(),
        };
        let mut text = format!("**Daily leaderboard: {title}**\n{RANKING}");
        if ranked.is_empty() {
            text.push_str(
                "\nNo one has solved a daily in this period yet. Be the first: `/sudoku daily`.",
            );
        }
        let server_streak = daily::streak(&tx.server_daily_days(inv.place.key())?, today);
        let footer = format!(
            "\nServer streak: {}. Next puzzle opens {}.",
            plural(server_streak.current, "day"),
            discord_time(next_puzzle_at(&server, today), 'R')
        );
        // Rows while they fit one message, with room left for the caller's own row.
        let row = |rank: usize, e: &Entry, name: &str| {
            let result = ranked_text(e.time, e.mistakes, e.hints);
            let result = match period {
                Period::Today => result,
                _ => format!("{} solved · {result}", e.solved),
            };
            let mode = match (e.unchecked, period) {
                (0, _) => String::new(),
                (_, Period::Today) => " · no check-as-you-go".to_string(),
                (n, _) => format!(" · {n} without check-as-you-go"),
            };
            let aid = match (e.auto_noted, period) {
                (0, _) => String::new(),
                (_, Period::Today) => " · auto-notes".to_string(),
                (n, _) => format!(" · {n} with auto-notes"),
            };
            let unranked = if e.unranked() {
                format!(" · unranked ({} mistakes)", e.mistakes)
            } else {
                String::new()
            };
            format!("\n{rank}. {name}: {result}{mode}{aid}{unranked}")
        };
        let mine = ranked
            .iter()
            .find(|(_, e)| e.player == inv.player.id)
            .map(|(rank, e)| format!("\n…{}", row(*rank, e, "you")));
        let room = crate::app::reply::MAX_CONTENT
            - footer.chars().count()
            - mine.as_ref().map_or(0, |m| m.chars().count());
        let mut shown_mine = false;
        for (rank, e) in ranked.iter().take(LEADERBOARD_ROWS) {
            let line = row(*rank, e, &render::escape_markdown(&e.name));
            if text.chars().count() + line.chars().count() > room {
                break;
            }
            text.push_str(&line);
            shown_mine |= e.player == inv.player.id;
        }
        if let Some(mine) = mine.filter(|_| !shown_mine) {
            text.push_str(&mine);
        }
        text.push_str(&footer);
        Ok(Reply::public(text))
    })
}

/// The most rows a leaderboard shows (fewer when long names would not fit one message).
const LEADERBOARD_ROWS: usize = 15;

/// Streak lines for `stats` in a server.
pub(crate) fn stats_lines(
    tx: &Tx<'_>,
    player: &str,
    place: &str,
    now: Millis,
) -> Result<Vec<String>, Failure> {
    if place == "dm" {
        return Ok(Vec::new());
    }
    let server = tx.server_daily(place)?;
    let today = server_day(now, &server.settings.tz());
    let days = tx.player_daily_days(player, place)?;
    let s = daily::streak(&days, today);
    let mut lines = vec![format!(
        "Dailies here: {} solved · streak {} (best {})",
        days.len(),
        s.current,
        s.best
    )];
    if s.at_stake {
        lines.push(format!(
            "Solve today's daily to keep your {}-day streak!",
            s.current
        ));
    }
    Ok(lines)
}

/// A server's post for `day`: its number, the difficulty, a Play button, and how the
/// previous day went. Never the grid: a player's clock starts when they open the puzzle,
/// so nobody may see it before (solved from a post, a daily would be pasted in no time).
pub(crate) fn post(app: &App, server: &ServerDaily, day: Date) -> Result<Reply, Failure> {
    // Made (and stored) now if need be: its number counts the server's puzzles so far.
    let (_, tier) = puzzle_for(app, &server.place, day, server.settings.difficulty)?;
    app.store().write(|tx| {
        let yesterday = day.yesterday().unwrap_or(day);
        let number = tx.daily_number(&server.place, day)?;
        let mut text = format!(
            "**Daily Sudoku for {}** · #{number} · {}\nPress Play (or `/sudoku daily`) for your own board. Your clock starts when you press Play and runs until you solve it, pauses included; each mistake or hint adds 30 s.",
            day_title(day),
            tier.map_or("Sudoku", Tier::title),
        );
        // Nothing about yesterday when there was no puzzle yesterday (a server's first post).
        if tx.daily_puzzle(&server.place, yesterday)?.is_some() {
            let results = daily::rank(tx.daily_results(&server.place, Some(yesterday), yesterday)?);
            let streak = daily::streak(&tx.server_daily_days(&server.place)?, yesterday);
            match results.first() {
                Some((_, best)) => text.push_str(&format!(
                    "\nYesterday: {}, best {} in {}. Server streak: {}.",
                    plural(results.len() as u64, "solver"),
                    render::escape_markdown(&best.name),
                    ranked_text(best.time, best.mistakes, best.hints),
                    plural(streak.current, "day")
                )),
                None => text.push_str("\nYesterday: no solvers."),
            }
        }
        // Where the Activity is set up, Tap to play opens today's daily in it.
        Ok(Reply::public(text)
            .with_buttons(vec![Button {
                custom_id: plain_custom_id("daily"),
                label: "Play".into(),
                style: ButtonStyle::Primary,
            }])
            .offering_daily_play())
    })
}

/// Settings used by tests and the scheduler alike.
pub(crate) fn due(server: &DailySettings, last: Option<Date>, now: Millis) -> PostDue {
    post_due(now, server.time, &server.tz(), last)
}

/// The spoiler-free result of a daily, in the manner of the word-game dailies, with the
/// leaderboard's time and tags: "Sudoku #34 · Medium · 7:12 (6:12 + 2 mistakes) · 🔥 5".
/// A day not won says so, with what it cost: "gave up after 12:04 · 3 mistakes · 1 hint",
/// or "not solved in time" (still open, or solved, when its day ended).
fn share_line(tx: &Tx<'_>, record: &GameRecord, day: Date, now: Millis) -> Result<String, Failure> {
    let game = &record.game;
    let number = tx.daily_number(&record.place, day)?;
    let mut parts = vec![format!("Sudoku #{number}")];
    if let Some(tier) = game.difficulty {
        parts.push(tier.title().to_string());
    }
    let day_end = end_of_day(day, &tx.server_daily(&record.place)?.settings.tz());
    let finished = game.finished_at.unwrap_or(now);
    let costs = |parts: &mut Vec<String>| {
        parts.push(plural(game.mistakes, "mistake"));
        parts.push(plural(game.hints, "hint"));
    };
    match game.status {
        Status::Solved if finished < day_end => {
            parts.push(ranked_text(
                game.elapsed(finished),
                game.mistakes,
                game.hints,
            ));
            let streak = daily::streak(&tx.player_daily_days(&record.player, &record.place)?, day);
            if streak.current > 0 {
                parts.push(format!("🔥 {}", streak.current));
            }
        }
        Status::GaveUp => {
            parts.push(format!(
                "gave up after {}",
                duration(game.elapsed(finished))
            ));
            costs(&mut parts);
        }
        _ => {
            parts.push("not solved in time".to_string());
            costs(&mut parts);
        }
    }
    if !game.check_as_you_go {
        parts.push("no check-as-you-go".to_string());
    }
    if game.auto_notes {
        parts.push("auto-notes".to_string());
    }
    Ok(parts.join(" · "))
}

/// The Share button (or `/sudoku share`): the result of a daily, posted in the channel:
/// today's, or yesterday's when today's is not opened yet. Never while its day runs and
/// the game is open, and never the grid.
pub fn share(app: &App, inv: &Invocation, target: Option<Target>) -> Result<Reply, Failure> {
    require_server(inv)?;
    let place = inv.place.key();
    app.store().read(|tx| {
        let now = app.now();
        let tz = tx.server_daily(place)?.settings.tz();
        let record = match target {
            Some(t) => tx.game(t.game)?,
            None => {
                let today = server_day(now, &tz);
                let yesterday = today.yesterday().unwrap_or(today);
                match tx.daily_game_id(&inv.player.id, place, today)? {
                    Some(id) => tx.game(id)?,
                    None => match tx.daily_game_id(&inv.player.id, place, yesterday)? {
                        Some(id) => tx.game(id)?,
                        None => None,
                    },
                }
            }
        };
        let Some(record) = record.filter(|r| r.player == inv.player.id) else {
            return Err(user_error(
                "You have no daily result to share here yet: play today's with `/sudoku daily`.",
            ));
        };
        let Some(day) = record.daily_day else {
            return Err(user_error("Only daily results can be shared."));
        };
        let day_end = end_of_day(day, &tx.server_daily(&record.place)?.settings.tz());
        if record.game.status == Status::Active && now < day_end {
            return Err(user_error(
                "Finish today's daily first; then share your result (no spoilers).",
            ));
        }
        Ok(Reply::public(format!(
            "**{}** shared their daily: {}",
            render::escape_markdown(&inv.player.name),
            share_line(tx, &record, day, now)?
        )))
    })
}
