//! Daily server challenges: play today's puzzle, set it up (admins), leaderboards, and the
//! daily post the scheduler sends.

use jiff::civil::Date;

use crate::app::command::{Period, Target, plain_custom_id};
use crate::app::components::{Button, ButtonStyle};
use crate::app::i18n::{self, Lang, t, yes};
use crate::app::render::{self, duration};
use crate::app::reply::Reply;
use crate::app::{App, Failure, Invocation, user_error};
use crate::engine::Tier;
use crate::engine::generator::Puzzle;
use crate::game::daily::{
    self, DailySettings, Entry, PostDue, SettingError, ZoneShown, parse_time, parse_zone, post_due,
    zone_shown,
};
use crate::game::{Game, Millis, Status};
use crate::store::{GameRecord, ServerDaily, Tx};

use super::board;

fn require_server(inv: &Invocation) -> Result<(), Failure> {
    if inv.place.key() == "dm" {
        return Err(user_error(t!(inv.lang, "daily-servers-only")));
    }
    Ok(())
}

/// "Sunday 22 November", in `lang`.
fn day_title(day: Date, lang: Lang) -> String {
    render::long_date(day, lang)
}

/// A server's posts' language: the one its admin set the daily up in.
pub(crate) fn server_lang(settings: &DailySettings) -> Lang {
    Lang::parse(&settings.language).unwrap_or_default()
}

/// An admin's time or zone that could not be read, in `lang`.
fn setting_error(e: &SettingError, lang: Lang) -> String {
    let quoted = |t: &str| {
        if t.is_empty() {
            t!(lang, "setup-empty-value")
        } else {
            format!("`{t}`")
        }
    };
    match e {
        SettingError::NotATime(found) => t!(lang, "setup-bad-time", found = quoted(found)),
        SettingError::NotAnOffset(found) => t!(lang, "setup-bad-offset", found = quoted(found)),
        SettingError::UnknownZone { found, near } => {
            let near: Vec<String> = near.iter().map(|z| format!("`{z}`")).collect();
            t!(
                lang,
                "setup-bad-zone",
                found = quoted(found),
                near = i18n::or_list(&near, lang),
                guesses = near.len()
            )
        }
        SettingError::OffsetNotKept(offset) => {
            t!(lang, "setup-offset-not-kept", offset = offset.as_str())
        }
        SettingError::OffsetOnlyWithDst(offset) => {
            t!(lang, "setup-offset-with-dst", offset = offset.as_str())
        }
    }
}

/// A stored zone as the admin is told it, in `lang`.
fn zone_text(zone: &str, now: Millis, lang: Lang) -> String {
    match zone_shown(zone, now) {
        ZoneShown::Name(name) => name,
        ZoneShown::Fixed { name, offset } => t!(
            lang,
            "setup-zone-fixed",
            named = yes(name.is_some()),
            name = name.unwrap_or_default(),
            offset = offset
        ),
    }
}

/// A Discord timestamp: shown in each reader's own time zone (`R`: "in 5 hours").
fn discord_time(ms: Millis, style: char) -> String {
    format!("<t:{}:{style}>", ms.div_euclid(1000))
}

fn next_post(server: &ServerDaily, now: Millis) -> Millis {
    match post_due(now, &server.settings, server.last_posted) {
        PostDue::At(at) => at,
        // Due now (about to be posted): the next one is tomorrow's.
        PostDue::Now(day) => server.settings.post_at(day.tomorrow().unwrap_or(day)),
    }
}

/// When the next day's puzzle opens: at midnight of the server's zone, whatever the
/// posting time (`/sudoku daily` plays a day's puzzle from its first minute).
fn next_puzzle_at(server: &ServerDaily, today: Date) -> Millis {
    server.settings.day_end(today)
}

/// A daily result as the leaderboard, the share card and the solve line all show it: the
/// ranked time (the time from opening to solving, plus 30 seconds per mistake and per
/// hint), then what it is made of: "7:12 (6:12 + 2 mistakes)", "4:00 (no mistakes or
/// hints)".
pub(crate) fn ranked_text(time: Millis, mistakes: u32, hints: u32, lang: Lang) -> String {
    let ranked = duration(daily::ranked_time(time, mistakes, hints));
    let mut parts = vec![duration(time)];
    if mistakes > 0 {
        parts.push(t!(lang, "count-mistakes", count = mistakes));
    }
    if hints > 0 {
        parts.push(t!(lang, "count-hints", count = hints));
    }
    if parts.len() == 1 {
        t!(lang, "daily-ranked-clean", ranked = ranked)
    } else {
        format!("{ranked} ({})", parts.join(" + "))
    }
}

/// Seeds tried, one after the other, for a day's puzzle.
const DAILY_SEEDS: u32 = 4;

/// The stored puzzle of `day`, or a new one derived from the server and the date.
pub(crate) fn puzzle_for(
    app: &App,
    place: &str,
    day: Date,
    tier: Tier,
    lang: Lang,
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
        made = super::puzzles::make(app, None, Some(tier), None, seed, lang);
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
    lang: Lang,
) -> Result<Option<String>, Failure> {
    let s = daily::streak(&tx.player_daily_days(player, place)?, today);
    Ok(match (s.current, s.at_stake) {
        (0, _) => None,
        (n, true) => Some(t!(lang, "streak-at-stake", days = n)),
        (n, false) => Some(t!(lang, "streak-line", days = n, best = s.best)),
    })
}

pub fn play(app: &App, inv: &Invocation) -> Result<Reply, Failure> {
    require_server(inv)?;
    let place = inv.place.key();
    let (server, today) = app.store().write(|tx| {
        let now = app.now();
        let server = tx.server_daily(place)?;
        let today = server.settings.day_at(now);
        Ok::<_, Failure>((server, today))
    })?;
    let (puzzle, tier) = puzzle_for(app, place, today, server.settings.difficulty, inv.lang)?;
    // Whatever the player's own game shows, an admin learns that a post failed.
    let lang = inv.lang;
    let admin_note = match (&server.post_error, inv.is_admin) {
        (Some(error), true) if !server.settings.enabled => {
            format!("\n{}", crate::app::daily_paused_note(error, lang))
        }
        (Some(error), true) => format!(
            "\n{}",
            t!(
                lang,
                "daily-post-failed",
                error = crate::app::PostTrouble::said(error, lang)
            )
        ),
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
                    .ok_or_else(|| user_error(t!(lang, "game-gone")))?
            }
            None if tx.attempt_forgotten(&inv.player.id, place, today)? => {
                return Ok(Reply::private(t!(
                    lang,
                    "daily-forgotten",
                    next = discord_time(next_puzzle_at(&server, today), 'R')
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
                    daily_end: Some(server.settings.day_end(today)),
                    unverified: false,
                }
            }
        };
        let mut headline = t!(lang, "daily-headline", date = day_title(today, lang));
        if record.game.started_at == now && record.game.status == Status::Active {
            headline.push(' ');
            headline.push_str(&t!(lang, "daily-clock-starts"));
        }
        if record.game.status != Status::Active {
            let mut text = t!(
                lang,
                "daily-done-today",
                how = if record.game.status == Status::Solved {
                    "solved"
                } else {
                    "given-up"
                },
                ranked = ranked_text(
                    record.game.elapsed(now),
                    record.game.mistakes,
                    record.game.hints,
                    lang
                ),
                next = discord_time(next_puzzle_at(&server, today), 'R')
            );
            if let Some(line) = streak_line(tx, &inv.player.id, place, today, lang)? {
                text.push('\n');
                text.push_str(&line);
            }
            text.push_str(&admin_note);
            return Ok(Reply::private(text));
        }
        if let Some(line) = streak_line(tx, &inv.player.id, place, today, lang)? {
            headline.push(' ');
            headline.push_str(&line);
        }
        let mut reply = board::reply_to(inv, &record, &headline, now);
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
    lang: Lang,
) -> Result<Option<(String, bool)>, Failure> {
    let Some(day) = record.daily_day else {
        return Ok(None);
    };
    let server = tx.server_daily(&record.place)?;
    let finished = record.game.finished_at.unwrap_or(i64::MAX);
    let on_time = finished < server.settings.day_end(day);
    tx.set_daily_on_time(record.id, on_time)?;
    if !on_time {
        return Ok(Some((t!(lang, "daily-solved-late"), false)));
    }
    let s = daily::streak(&tx.player_daily_days(&record.player, &record.place)?, day);
    let game = &record.game;
    Ok(Some((
        t!(
            lang,
            "daily-solved",
            ranked = ranked_text(game.elapsed(finished), game.mistakes, game.hints, lang),
            days = s.current,
            best = s.best
        ),
        true,
    )))
}

/// What an admin asked of `/sudoku-daily setup`; each option left out keeps its setting.
pub struct Setup<'a> {
    pub channel: Option<&'a str>,
    pub time: Option<&'a str>,
    pub timezone: Option<&'a str>,
    pub difficulty: Option<&'a str>,
    /// `Some(None)`: the server's language.
    pub language: Option<Option<Lang>>,
}

pub fn setup(app: &App, inv: &Invocation, asked: Setup<'_>) -> Result<Reply, Failure> {
    let Setup {
        channel,
        time,
        timezone: zone,
        difficulty,
        language,
    } = asked;
    require_server(inv)?;
    let lang = inv.lang;
    if !inv.is_admin {
        return Err(user_error(t!(lang, "setup-admins-only")));
    }
    let reply = app.store().write(|tx| {
        let now = app.now();
        let current = tx.server_daily(inv.place.key())?;
        let mut s = current.settings.clone();
        if let Some(c) = channel {
            // `<#123>` as Discord writes a channel, or the bare id.
            let id = c.trim().trim_start_matches("<#").trim_end_matches('>');
            if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
                return Err(user_error(t!(lang, "setup-bad-channel", found = c)));
            }
            s.channel = Some(id.to_string());
        }
        if let Some(t) = time {
            s.time = parse_time(t).map_err(|e| user_error(setting_error(&e, lang)))?;
        }
        if let Some(z) = zone {
            let zone = parse_zone(z).map_err(|e| user_error(setting_error(&e, lang)))?;
            // A day that has begun keeps its hours: the new zone takes over when it ends.
            let running = tx.had_daily(inv.place.key())?;
            s = s.switch_zone(zone, now, running).map_err(|settled| {
                user_error(t!(
                    lang,
                    "setup-zone-settling",
                    at = discord_time(settled, 'F')
                ))
            })?;
        }
        if let Some(d) = difficulty {
            s.difficulty = Tier::parse(d).ok_or_else(|| {
                user_error(t!(
                    lang,
                    "setup-bad-difficulty",
                    found = d,
                    tiers = Tier::ALL.map(Tier::name).join(", ")
                ))
            })?;
        }
        // The server's language (Discord's `guild_locale`), unless the admin names one;
        // where Discord gives none the bot speaks (a terminal), the admin's. A setup that
        // leaves it out keeps the language set before.
        let servers = inv.server_lang.unwrap_or(inv.lang);
        match language {
            Some(chosen) => s.language = chosen.unwrap_or(servers).code().to_string(),
            None if current.settings.channel.is_none() => s.language = servers.code().to_string(),
            None => {}
        }
        let Some(channel) = s.channel.clone() else {
            return Err(user_error(t!(lang, "setup-no-channel")));
        };
        s.enabled = true;
        if s.difficulty != current.settings.difficulty {
            // Puzzles made ahead for days no one can have started yet were made for the old
            // difficulty.
            let today = current.settings.day_at(now).max(s.day_at(now));
            tx.discard_future_dailies(inv.place.key(), today)?;
        }
        tx.save_daily_settings(inv.place.key(), &s)?;
        let saved = tx.server_daily(inv.place.key())?;
        let posts = server_lang(&s);
        let mut text = t!(
            lang,
            "setup-done",
            time = format!("{:02}:{:02}", s.time.hour(), s.time.minute()),
            zone = zone_text(s.zone_at(now), now, lang),
            channel = format!("<#{channel}>"),
            tier = render::tier_name(Some(s.difficulty), lang),
            tier_key = s.difficulty.name(),
            next = discord_time(next_post(&saved, now), 'F'),
            language = t!(lang, "language-name", code = posts.code())
        );
        if let Some(change) = s.zone_change.as_ref().filter(|c| c.from > now) {
            text.push('\n');
            text.push_str(&t!(
                lang,
                "setup-zone-from",
                zone = zone_text(&change.to, change.from, lang),
                from = discord_time(change.from, 'F')
            ));
        }
        Ok(Reply::private(text))
    })?;
    Ok(reply)
}

pub fn off(app: &App, inv: &Invocation) -> Result<Reply, Failure> {
    require_server(inv)?;
    if !inv.is_admin {
        return Err(user_error(t!(inv.lang, "daily-off-admins-only")));
    }
    app.store().write(|tx| {
        let mut s = tx.server_daily(inv.place.key())?.settings;
        s.enabled = false;
        tx.save_daily_settings(inv.place.key(), &s)?;
        Ok(Reply::private(t!(inv.lang, "daily-off-done")))
    })
}

pub fn leaderboard(app: &App, inv: &Invocation, period: Period) -> Result<Reply, Failure> {
    require_server(inv)?;
    app.store().read(|tx| {
        let now = app.now();
        let server = tx.server_daily(inv.place.key())?;
        let today = server.settings.day_at(now);
        let from = match period {
            Period::Today => Some(today),
            Period::Week => today.checked_sub(jiff::Span::new().days(6)).ok(),
            Period::AllTime => None,
        };
        let ranked = daily::rank(tx.daily_results(inv.place.key(), from, today)?);
        let lang = inv.lang;
        let title = t!(
            lang,
            "leaderboard-title",
            period = match period {
                Period::Today => "today",
                Period::Week => "week",
                Period::AllTime => "all-time",
            },
            date = day_title(today, lang)
        );
        let mut text = format!("{title}\n{}", t!(lang, "daily-ranking"));
        if ranked.is_empty() {
            text.push('\n');
            text.push_str(&t!(lang, "leaderboard-empty"));
        }
        let server_streak = daily::streak(&tx.server_daily_days(inv.place.key())?, today);
        let footer = format!(
            "\n{}",
            t!(
                lang,
                "leaderboard-footer",
                days = server_streak.current,
                next = discord_time(next_puzzle_at(&server, today), 'R')
            )
        );
        // Rows while they fit one message, with room left for the caller's own row.
        let row = |rank: usize, e: &Entry, name: &str| {
            let result = ranked_text(e.time, e.mistakes, e.hints, lang);
            let result = match period {
                Period::Today => result,
                _ => t!(
                    lang,
                    "leaderboard-solved",
                    count = e.solved,
                    result = result
                ),
            };
            let today = yes(period == Period::Today);
            let mode = match e.unchecked {
                0 => String::new(),
                n => format!(
                    " · {}",
                    t!(lang, "leaderboard-unchecked", count = n, today = today)
                ),
            };
            let aid = match e.auto_noted {
                0 => String::new(),
                n => format!(
                    " · {}",
                    t!(lang, "leaderboard-auto-notes", count = n, today = today)
                ),
            };
            let unverified = match e.unverified {
                0 => String::new(),
                n => format!(
                    " · {}",
                    t!(lang, "leaderboard-unverified", count = n, today = today)
                ),
            };
            let unranked = if e.unranked() {
                format!(
                    " · {}",
                    t!(lang, "leaderboard-unranked", mistakes = e.mistakes)
                )
            } else {
                String::new()
            };
            format!("\n{rank}. {name}: {result}{mode}{aid}{unranked}{unverified}")
        };
        let you = t!(lang, "leaderboard-you");
        let mine = ranked
            .iter()
            .find(|(_, e)| e.player == inv.player.id)
            .map(|(rank, e)| format!("\n…{}", row(*rank, e, &you)));
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
    lang: Lang,
) -> Result<Vec<String>, Failure> {
    if place == "dm" {
        return Ok(Vec::new());
    }
    let server = tx.server_daily(place)?;
    let today = server.settings.day_at(now);
    let days = tx.player_daily_days(player, place)?;
    let s = daily::streak(&days, today);
    let mut lines = vec![t!(
        lang,
        "stats-dailies",
        solved = days.len(),
        streak = s.current,
        best = s.best
    )];
    if s.at_stake {
        lines.push(t!(lang, "streak-at-stake", days = s.current));
    }
    Ok(lines)
}

/// A server's post for `day`: its number, the difficulty, a Play button, and how the
/// previous day went. Never the grid: a player's clock starts when they open the puzzle,
/// so nobody may see it before (solved from a post, a daily would be pasted in no time).
pub(crate) fn post(app: &App, server: &ServerDaily, day: Date) -> Result<Reply, Failure> {
    // Made (and stored) now if need be: its number counts the server's puzzles so far.
    let (_, tier) = puzzle_for(
        app,
        &server.place,
        day,
        server.settings.difficulty,
        server_lang(&server.settings),
    )?;
    // In the server's language: the post is everyone's.
    let lang = server_lang(&server.settings);
    app.store().write(|tx| {
        let yesterday = day.yesterday().unwrap_or(day);
        let number = tx.daily_number(&server.place, day)?;
        let mut text = t!(
            lang,
            "daily-post",
            date = day_title(day, lang),
            number = number,
            tier = render::tier_name(tier, lang)
        );
        // Nothing about yesterday when there was no puzzle yesterday (a server's first post).
        if tx.daily_puzzle(&server.place, yesterday)?.is_some() {
            let results =
                daily::rank(tx.daily_results(&server.place, Some(yesterday), yesterday)?);
            let streak = daily::streak(&tx.server_daily_days(&server.place)?, yesterday);
            text.push('\n');
            match results.first() {
                Some((_, best)) => text.push_str(&t!(
                    lang,
                    "daily-post-yesterday",
                    solvers = results.len(),
                    best = render::escape_markdown(&best.name),
                    ranked = ranked_text(best.time, best.mistakes, best.hints, lang),
                    days = streak.current
                )),
                None => text.push_str(&t!(lang, "daily-post-yesterday-none")),
            }
        }
        // Where the Activity is set up, Tap to play opens today's daily in it.
        Ok(Reply::public(text)
            .with_buttons(vec![Button {
                custom_id: plain_custom_id("daily"),
                label: t!(lang, "button-play"),
                style: ButtonStyle::Primary,
            }])
            .offering_daily_play(lang)
            .in_names(lang.names_shown()))
    })
}

/// Settings used by tests and the scheduler alike.
pub(crate) fn due(server: &DailySettings, last: Option<Date>, now: Millis) -> PostDue {
    post_due(now, server, last)
}

/// The spoiler-free result of a daily, in the manner of the word-game dailies, with the
/// leaderboard's time and tags: "Sudoku #34 · Medium · 7:12 (6:12 + 2 mistakes) · 🔥 5".
/// A day not won says so, with what it cost: "gave up after 12:04 · 3 mistakes · 1 hint",
/// or "not solved in time" (still open, or solved, when its day ended).
fn share_line(
    tx: &Tx<'_>,
    record: &GameRecord,
    day: Date,
    now: Millis,
    lang: Lang,
) -> Result<String, Failure> {
    let game = &record.game;
    let number = tx.daily_number(&record.place, day)?;
    let mut parts = vec![format!("Sudoku #{number}")];
    if game.difficulty.is_some() {
        parts.push(render::tier_name(game.difficulty, lang));
    }
    let day_end = tx.server_daily(&record.place)?.settings.day_end(day);
    let finished = game.finished_at.unwrap_or(now);
    let costs = |parts: &mut Vec<String>| {
        parts.push(t!(lang, "count-mistakes", count = game.mistakes));
        parts.push(t!(lang, "count-hints", count = game.hints));
    };
    match game.status {
        Status::Solved if finished < day_end => {
            parts.push(ranked_text(
                game.elapsed(finished),
                game.mistakes,
                game.hints,
                lang,
            ));
            let streak = daily::streak(&tx.player_daily_days(&record.player, &record.place)?, day);
            if streak.current > 0 {
                parts.push(format!("🔥 {}", streak.current));
            }
        }
        Status::GaveUp => {
            parts.push(t!(
                lang,
                "share-gave-up",
                time = duration(game.elapsed(finished))
            ));
            costs(&mut parts);
        }
        _ => {
            parts.push(t!(lang, "share-not-in-time"));
            costs(&mut parts);
        }
    }
    if !game.check_as_you_go {
        parts.push(t!(lang, "share-unchecked"));
    }
    if game.auto_notes {
        parts.push(t!(lang, "status-auto-notes"));
    }
    if record.unverified {
        parts.push(t!(lang, "race-unverified"));
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
        let settings = tx.server_daily(place)?.settings;
        let record = match target {
            Some(t) => tx.game(t.game)?,
            None => {
                let today = settings.day_at(now);
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
            return Err(user_error(t!(inv.lang, "share-nothing")));
        };
        let Some(day) = record.daily_day else {
            return Err(user_error(t!(inv.lang, "share-not-daily")));
        };
        let day_end = tx.server_daily(&record.place)?.settings.day_end(day);
        if record.game.status == Status::Active && now < day_end {
            return Err(user_error(t!(inv.lang, "share-finish-first")));
        }
        Ok(Reply::public(t!(
            inv.lang,
            "share-said",
            player = render::escape_markdown(&inv.player.name),
            line = share_line(tx, &record, day, now, inv.lang)?
        )))
    })
}
