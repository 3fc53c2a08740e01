//! `/sudoku race` and `/sudoku challenge`: a public lobby, one start for everyone, private
//! boards, a public scoreboard kept up to date by the scheduler, and the result.
//!
//! The race's public message is drawn here and nowhere else: as the answer to the command
//! or button that changed it, and, for changes made by moves on private boards, by
//! [`App::take_race_messages`], which the adapter calls on its own schedule so an edit
//! never waits inside a move.

use crate::app::command::race::button_id;
use crate::app::command::{Opponent, RaceCommand, Target};
use crate::app::i18n::{Lang, t};
use crate::app::render::{duration, escape_markdown, plural};
use crate::app::reply::{Button, ButtonStyle, Reply};
use crate::app::{App, Failure, Invocation, user_error};
use crate::engine::Tier;
use crate::game::race::{
    Entrant, LOBBY_TTL_MS, MAX_PLAYERS, MISTAKE_LIMIT, RACE_LIMIT_MS, Race, RaceError, RaceStatus,
    Rating, correct_cells, is_out, standings, untouched,
};
use crate::game::{Game, Millis, Status};
use crate::store::{GameRecord, RaceRecord, RaceTag, Tx};

use super::board;

pub fn run(app: &App, inv: &Invocation, command: &RaceCommand) -> Result<Reply, Failure> {
    match command {
        RaceCommand::Open {
            empty,
            difficulty,
            players,
        } => open(app, inv, *empty, *difficulty, *players, None, None),
        RaceCommand::Challenge {
            opponent,
            empty,
            difficulty,
        } => open(app, inv, *empty, *difficulty, None, Some(opponent), None),
        RaceCommand::Join(t) | RaceCommand::Accept(t) => join(app, inv, *t),
        RaceCommand::Leave(t) => change(app, inv, *t, |race, who, now| race.leave(who, now)),
        RaceCommand::Cancel(t) => change(app, inv, *t, |race, who, now| race.cancel(who, now)),
        RaceCommand::Decline(t) => change(app, inv, *t, |race, who, now| race.decline(who, now)),
        RaceCommand::Start(t) => start(app, inv, *t),
        RaceCommand::Board(t) => board_of(app, inv, *t),
        RaceCommand::Rematch(t) => rematch(app, inv, *t),
        RaceCommand::Share(t) => share(app, inv, *t),
    }
}

/// "Race #3": a challenge is a race too, numbered with the others.
pub fn race_name(race: &Race) -> String {
    label(race.number)
}

/// The name of a race game as replies use it.
pub fn tag_name(tag: RaceTag, lang: Lang) -> String {
    t!(lang, "race-name", number = tag.number)
}

fn label(number: i64) -> String {
    format!("Race #{number}")
}

fn race_error(e: RaceError) -> Failure {
    let text = e.to_string();
    let mut chars = text.chars();
    let text = match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    };
    user_error(format!("{text}."))
}

fn open(
    app: &App,
    inv: &Invocation,
    empty: Option<usize>,
    difficulty: Option<Tier>,
    players: Option<usize>,
    opponent: Option<&Opponent>,
    invited: Option<Vec<String>>,
) -> Result<Reply, Failure> {
    let now = app.now();
    if let Some(o) = opponent {
        if o.id == inv.player.id {
            return Err(user_error(
                "You can't challenge yourself. Name another player, e.g. `/sudoku challenge @player`, or open a race anyone may join with `/sudoku race`.",
            ));
        }
        if o.bot {
            return Err(user_error(format!(
                "{} is a bot, and bots don't race. Challenge a person instead.",
                escape_markdown(&o.name)
            )));
        }
    }
    if inv.place.key() == "dm" {
        return Err(user_error(
            "Races are played in a server channel, where others can join. Open one there with `/sudoku race`.",
        ));
    }
    if let Some(players) = players
        && !(2..=MAX_PLAYERS).contains(&players)
    {
        return Err(user_error(format!(
            "A race takes 2 to {MAX_PLAYERS} players (Discord shows one scoreboard line each); you asked for {players}."
        )));
    }
    // Refused before a puzzle is made for nothing.
    app.store()
        .read(|tx| already_racing(tx, &inv.player.id, inv.place.key(), now))?;
    // Made now, shown to nobody before the start: everyone then gets it at once.
    let (puzzle, tier) =
        super::puzzles::make(app, empty, difficulty, None, app.next_seed()).map_err(user_error)?;
    app.store().write(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        if let Some(o) = opponent {
            tx.set_player_name(&o.id, &o.name)?;
        }
        if let Some(id) = tx.open_race_of(&inv.player.id, inv.place.key())? {
            // A race past its limit ends now, for good: this command commits.
            catch_up(tx, id, now)?;
        }
        already_racing(tx, &inv.player.id, inv.place.key(), now)?;
        let number = tx.next_race_number(inv.place.key())?;
        let mut race = Race::open(
            number,
            &inv.player.id,
            opponent.map(|o| o.id.as_str()),
            players,
            puzzle.givens,
            puzzle.solution,
            tier,
            now,
        );
        race.invited = invited.clone();
        let id = tx.insert_race(
            inv.place.key(),
            &inv.place.room(),
            inv.place.channel(),
            &race,
        )?;
        let record = tx
            .race(id)?
            .ok_or_else(|| user_error("That race no longer exists."))?;
        message(tx, &record, now)
    })
}

/// A player races in one race at a time per server: typed moves then never wonder which.
/// A racer who has finished (solved, out, or given up) is free for the next one.
fn already_racing(tx: &Tx<'_>, player: &str, place: &str, now: Millis) -> Result<(), Failure> {
    if let Some(id) = tx.open_race_of(player, place)?
        && let Some(record) = tx.race(id)?
        // Past its deadline a race is over, whether or not time has been applied yet.
        && record.race.deadline().is_none_or(|at| now < at)
    {
        let how = match record.race.status {
            RaceStatus::Lobby => "waiting to start",
            _ => "running",
        };
        return Err(user_error(format!(
            "You are already in {} ({how}). Finish or leave it first.",
            race_name(&record.race)
        )));
    }
    Ok(())
}

/// The race a button names, with what time alone has done to it applied.
fn load(tx: &Tx<'_>, inv: &Invocation, target: Target, now: Millis) -> Result<RaceRecord, Failure> {
    tx.set_player_name(&inv.player.id, &inv.player.name)?;
    let mut record = tx
        .race(target.game)?
        .ok_or_else(|| user_error("That race no longer exists."))?;
    if record.place != inv.place.key() {
        return Err(user_error("That race belongs to another server."));
    }
    if record.race.tick(now) {
        settle_by_time(tx, &mut record)?;
    }
    Ok(record)
}

fn join(app: &App, inv: &Invocation, target: Target) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = load(tx, inv, target, now)?;
        if record.race.status == RaceStatus::Lobby && record.race.entrant(&inv.player.id).is_none()
        {
            // Checked before the join: the player's other race would otherwise be lost
            // track of by typed commands. One past its limit ends first.
            if let Some(id) = tx.open_race_of(&inv.player.id, inv.place.key())? {
                catch_up(tx, id, now)?;
            }
            already_racing(tx, &inv.player.id, inv.place.key(), now)?;
        }
        let full = record.race.join(&inv.player.id, now).map_err(race_error)?;
        if full {
            start_now(tx, &mut record, now)?;
        }
        redrawn(tx, &record, now)
    })
}

fn start(app: &App, inv: &Invocation, target: Target) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = load(tx, inv, target, now)?;
        record
            .race
            .check_start(&inv.player.id, now)
            .map_err(race_error)?;
        start_now(tx, &mut record, now)?;
        redrawn(tx, &record, now)
    })
}

/// A lobby change by one player (leave, cancel, decline): the message redrawn.
fn change(
    app: &App,
    inv: &Invocation,
    target: Target,
    act: fn(&mut Race, &str, Millis) -> Result<(), RaceError>,
) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = load(tx, inv, target, now)?;
        act(&mut record.race, &inv.player.id, now).map_err(race_error)?;
        redrawn(tx, &record, now)
    })
}

/// Saves a race changed by a press of its message's button, and answers with the message
/// redrawn in place: that answer is the edit, so the scheduler has none left to make.
fn redrawn(tx: &Tx<'_>, record: &RaceRecord, now: Millis) -> Result<Reply, Failure> {
    tx.save_race(record.id, &record.race)?;
    tx.race_shown(record.id, now)?;
    Ok(message(tx, record, now)?.updating_board())
}

/// Everyone's game starts at the same moment, on the same puzzle.
fn start_now(tx: &Tx<'_>, record: &mut RaceRecord, now: Millis) -> Result<(), Failure> {
    record.race.start(now);
    let race = &mut record.race;
    for entrant in &mut race.entrants {
        let game = Game::new(race.givens, race.solution, race.difficulty, now);
        let id = tx.insert_race_game(&entrant.player, &record.place, record.id, &game)?;
        entrant.game = Some(id);
    }
    Ok(())
}

/// The player's own board of a running race: private, since it would show rivals their
/// digits.
fn board_of(app: &App, inv: &Invocation, target: Target) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let record = load(tx, inv, target, now)?;
        let name = race_name(&record.race);
        let entrant = record.race.entrant(&inv.player.id).ok_or_else(|| {
            user_error(format!(
                "You are not in {name}, so there is no board of yours in it. Join the next race with its Join button, or open one with `/sudoku race`."
            ))
        })?;
        let Some(game_id) = entrant.game else {
            return Err(user_error(format!(
                "{name} has not started yet: your board appears when it starts."
            )));
        };
        let game = tx
            .game(game_id)?
            .ok_or_else(|| user_error("That game no longer exists."))?;
        // Typed moves now go to this race's game.
        tx.touch(game_id)?;
        if game.game.status != Status::Active {
            return Ok(board::finished(&game, &inv.player.name, inv.style, inv.lang, now));
        }
        let mut reply = board::reply(
            &game,
            &inv.player.name,
            &format!("Your board in {name}: play with the pad under it, or type `/sudoku move B7 4`."),
            inv.style,
            inv.lang,
            now,
        );
        reply.private = true;
        Ok(reply)
    })
}

/// Rematch under a result: the same players, a new puzzle of the same kind. A challenge
/// becomes a new challenge to the same opponent; a race a new lobby only its players may
/// join, starting by itself when all of them have.
fn rematch(app: &App, inv: &Invocation, target: Target) -> Result<Reply, Failure> {
    let (place, players, opponent, empty, difficulty) = app.store().read(|tx| {
        let record = tx
            .race(target.game)?
            .ok_or_else(|| user_error("That race no longer exists."))?;
        if record.place != inv.place.key() {
            return Err(user_error("That race belongs to another server."));
        }
        let race = &record.race;
        if race.entrant(&inv.player.id).is_none() {
            return Err(user_error(
                "Only the players of that race can ask for a rematch. Open a race of your own with `/sudoku race`.",
            ));
        }
        if matches!(race.status, RaceStatus::Lobby | RaceStatus::Running) {
            return Err(user_error(format!(
                "{} is not over yet: a rematch comes after it.",
                race_name(race)
            )));
        }
        let players: Vec<String> = race
            .entrants
            .iter()
            .map(|e| e.player.clone())
            .filter(|p| !p.starts_with("(forgotten):"))
            .collect();
        let opponent = match &race.opponent {
            Some(_) => {
                let other = players.iter().find(|p| **p != inv.player.id).cloned();
                let Some(other) = other else {
                    return Err(user_error("Your opponent of that challenge is no longer here to play."));
                };
                let name = tx.player_name(&other)?.unwrap_or_else(|| other.clone());
                Some(Opponent {
                    id: other,
                    name,
                    bot: false,
                })
            }
            None => None,
        };
        Ok::<_, Failure>((
            record.place.clone(),
            players,
            opponent,
            race.givens.empty_count(),
            race.difficulty,
        ))
    })?;
    if players.len() < 2 {
        return Err(user_error(
            "Only one player of that race is still here: open a new race with `/sudoku race`.",
        ));
    }
    // Another player of the race asked first: point to their lobby.
    let mut invited = players.clone();
    invited.sort();
    if let Some(number) = app
        .store()
        .read(|tx| tx.open_rematch(&place, &invited.join(" ")))?
    {
        return Err(user_error(format!(
            "The rematch is already open as {}: press Join on it.",
            label(number)
        )));
    }
    match opponent {
        Some(o) => open(app, inv, Some(empty), difficulty, None, Some(&o), None),
        None => open(
            app,
            inv,
            Some(empty),
            difficulty,
            Some(players.len()),
            None,
            Some(invited),
        ),
    }
}

/// "Share my result" under a race result: the player's result, spoiler-free, in the
/// channel.
fn share(app: &App, inv: &Invocation, target: Target) -> Result<Reply, Failure> {
    app.store().read(|tx| {
        let record = tx
            .race(target.game)?
            .ok_or_else(|| user_error("That race no longer exists."))?;
        let race = &record.race;
        let Some(entrant) = race.entrant(&inv.player.id) else {
            return Err(user_error(
                "You were not in that race, so there is no result of yours to share.",
            ));
        };
        if matches!(race.status, RaceStatus::Lobby | RaceStatus::Running) {
            return Err(user_error(format!(
                "{} is not over yet: share your result when it is.",
                race_name(race)
            )));
        }
        let games = entrant_games(tx, race)?;
        let game = game_of(&games, entrant);
        Ok(Reply::public(format!(
            "**{}**: {}",
            escape_markdown(&inv.player.name),
            share_card(race, entrant, game)
        )))
    })
}

/// A race result without spoilers: `Race #3 · Medium · 🥇 1st of 4 · 6:41 · 1 mistake`.
pub(crate) fn share_card(race: &Race, entrant: &Entrant, game: Option<&Game>) -> String {
    let kind = if race.is_challenge() {
        "Challenge"
    } else {
        "Race"
    };
    let tier = race
        .difficulty
        .map_or(String::new(), |t| format!(" · {}", t.title()));
    let started = race.started_at.unwrap_or_default();
    let outcome = match (entrant.rank, game) {
        (Some(rank), Some(g)) => {
            let medal = match rank {
                1 => "🥇 ",
                2 => "🥈 ",
                3 => "🥉 ",
                _ => "",
            };
            format!(
                "{medal}{} of {} · {}",
                ordinal(rank),
                race.entrants.len(),
                duration(g.finished_at.unwrap_or(started) - started)
            )
        }
        (_, Some(g)) if is_out(g) => "out".to_string(),
        (_, Some(g)) if timed_out(race, g) => "unfinished".to_string(),
        (_, Some(_)) => "gave up".to_string(),
        (_, None) => "did not start".to_string(),
    };
    let mistakes = game.map_or(String::new(), |g| {
        format!(" · {}", plural(g.mistakes, "mistake"))
    });
    let rating = entrant
        .rating_change
        .map_or(String::new(), |c| format!(" · rating {c:+}"));
    format!(
        "{kind} #{}{tier} · {} empty · {outcome}{mistakes}{rating}",
        race.number,
        race.givens.empty_count()
    )
}

/// After a move or note in a race game: the scoreboard is redrawn by the scheduler.
pub(crate) fn moved(tx: &Tx<'_>, record: &GameRecord) -> Result<(), Failure> {
    if let Some(tag) = record.race {
        tx.mark_race_stale(tag.id)?;
    }
    Ok(())
}

/// A race game solved: the player's place, and the race settled if nobody still plays.
/// The line for the solve's headline.
pub(crate) fn record_solve(
    tx: &Tx<'_>,
    record: &GameRecord,
    now: Millis,
) -> Result<Option<String>, Failure> {
    let Some(tag) = record.race else {
        return Ok(None);
    };
    let Some(mut race) = tx.race(tag.id)? else {
        return Ok(None);
    };
    let name = race_name(&race.race);
    if race.race.status != RaceStatus::Running {
        tx.mark_race_stale(tag.id)?;
        return Ok(Some(format!(
            "{name} had already ended, so this solve takes no place in it."
        )));
    }
    let started = race.race.started_at.unwrap_or(record.game.started_at);
    let time = duration(record.game.finished_at.unwrap_or(now) - started);
    let place = race.race.finish(&record.player).unwrap_or(0);
    settle(tx, &mut race, now)?;
    tx.save_race(race.id, &race.race)?;
    // Said in the channel: the solve's answer is public (without the board).
    let player = who(tx, &record.player)?;
    Ok(Some(match place {
        1 => format!("**{player}** wins {name} in {time}!"),
        n => format!(
            "**{player}** finished {name} in {time}: {} place.",
            ordinal(n)
        ),
    }))
}

/// A race game given up: the race may be over now.
pub(crate) fn record_give_up(tx: &Tx<'_>, record: &GameRecord, now: Millis) -> Result<(), Failure> {
    let Some(tag) = record.race else {
        return Ok(());
    };
    if let Some(mut race) = tx.race(tag.id)? {
        settle(tx, &mut race, now)?;
        tx.save_race(race.id, &race.race)?;
    }
    Ok(())
}

/// Ends the race when nobody is still playing, and rates a challenge.
fn settle(tx: &Tx<'_>, record: &mut RaceRecord, now: Millis) -> Result<(), Failure> {
    let games = entrant_games(tx, &record.race)?;
    if record.race.settle(|e| game_of(&games, e), now) {
        rate(tx, record)?;
    }
    Ok(())
}

/// A race whose deadline passed (see [`Race::tick`]) saved; one that ran out of time is a
/// finished race: the games still running end there (unfinished, at the limit), and a
/// challenge is rated on what stands.
fn settle_by_time(tx: &Tx<'_>, record: &mut RaceRecord) -> Result<(), Failure> {
    if record.race.status == RaceStatus::Finished {
        let at = record.race.finished_at.unwrap_or_default();
        for (id, mut game) in entrant_games(tx, &record.race)? {
            if game.game.status == Status::Active && game.game.give_up(at).is_ok() {
                tx.save_game(id, &game.game)?;
            }
        }
        rate(tx, record)?;
    }
    tx.save_race(record.id, &record.race)?;
    Ok(())
}

/// Applies what time alone did to race `id` by `now` (its limit passed: it ends, and its
/// games with it). True when it changed: a racer's move then finds the race over.
pub(crate) fn catch_up(tx: &Tx<'_>, id: i64, now: Millis) -> Result<bool, Failure> {
    let Some(mut record) = tx.race(id)? else {
        return Ok(false);
    };
    if !record.race.tick(now) {
        return Ok(false);
    }
    settle_by_time(tx, &mut record)?;
    Ok(true)
}

/// A challenge's result moves both ratings (Glicko-2): a solve beats no solve, and two
/// without a solve draw.
fn rate(tx: &Tx<'_>, record: &mut RaceRecord) -> Result<(), Failure> {
    let race = &record.race;
    if !race.is_challenge() || race.entrants.len() != 2 {
        return Ok(());
    }
    let games = entrant_games(tx, race)?;
    if untouched(race.entrants.iter().map(|e| game_of(&games, e))) {
        // Nobody played: aborted, and nobody's rating moves.
        return Ok(());
    }
    let (a, b) = (&race.entrants[0], &race.entrants[1]);
    // A place beats no place; two without one draw.
    let score = match (a.rank, b.rank) {
        (Some(x), Some(y)) if x < y => 1.0,
        (Some(_), Some(_)) | (None, Some(_)) => 0.0,
        (Some(_), None) => 1.0,
        (None, None) => 0.5,
    };
    let (ra, _) = tx.rating(&record.place, &a.player)?;
    let (rb, _) = tx.rating(&record.place, &b.player)?;
    let (na, nb) = (ra.after(rb, score), rb.after(ra, 1.0 - score));
    tx.set_rating(&record.place, &a.player, na)?;
    tx.set_rating(&record.place, &b.player, nb)?;
    let entrants = &mut record.race.entrants;
    entrants[0].rating_change = Some((na.rating.round() - ra.rating.round()) as i64);
    entrants[1].rating_change = Some((nb.rating.round() - rb.rating.round()) as i64);
    Ok(())
}

fn entrant_games(tx: &Tx<'_>, race: &Race) -> Result<Vec<(i64, GameRecord)>, Failure> {
    let mut games = Vec::new();
    for id in race.entrants.iter().filter_map(|e| e.game) {
        if let Some(record) = tx.game(id)? {
            games.push((id, record));
        }
    }
    Ok(games)
}

fn game_of<'a>(games: &'a [(i64, GameRecord)], e: &Entrant) -> Option<&'a Game> {
    let id = e.game?;
    games.iter().find(|(g, _)| *g == id).map(|(_, r)| &r.game)
}

pub(crate) fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn who(tx: &Tx<'_>, player: &str) -> Result<String, Failure> {
    if player.starts_with("(forgotten):") {
        // Someone who asked to be forgotten: their results stay, their name does not.
        return Ok("a former player".into());
    }
    Ok(escape_markdown(
        &tx.player_name(player)?
            .unwrap_or_else(|| player.to_string()),
    ))
}

/// "Medium, 45 empty".
fn puzzle_line(race: &Race) -> String {
    let empty = race.givens.empty_count();
    match race.difficulty {
        Some(t) => format!("{}, {empty} empty", t.title()),
        None => format!("{empty} empty"),
    }
}

/// The race's public message as it stands: the lobby, the scoreboard, or how it ended.
pub(crate) fn message(tx: &Tx<'_>, record: &RaceRecord, now: Millis) -> Result<Reply, Failure> {
    let race = &record.race;
    let name = race_name(race);
    let target = Target {
        game: record.id,
        version: race.version,
    };
    let button = |action: &str, label: &str, style| Button {
        custom_id: button_id(action, target),
        label: label.into(),
        style,
    };
    let host = who(tx, &race.host)?;
    let reply = match race.status {
        RaceStatus::Lobby => {
            let left = duration(race.created_at + LOBBY_TTL_MS - now);
            if let Some(opponent_id) = &race.opponent {
                let opponent = who(tx, opponent_id)?;
                let host_rating = rating_text(tx, &record.place, &race.host)?;
                let opponent_rating = rating_text(tx, &record.place, opponent_id)?;
                Reply::public(format!(
                    "**{name}**: **{host}** ({host_rating}) challenges **{opponent}** ({opponent_rating}) to a rated 1-v-1 race ({}).\n{opponent}: Accept to start at once, or Decline. The offer lapses in {left}; {host} may Withdraw it until then.\n{RULES}",
                    puzzle_line(race)
                ))
                .with_buttons(vec![
                    button("accept", "Accept", ButtonStyle::Primary),
                    button("decline", "Decline", ButtonStyle::Secondary),
                    button("cancel", "Withdraw", ButtonStyle::Danger),
                ])
            } else {
                let mut names = Vec::new();
                for e in &race.entrants {
                    names.push(who(tx, &e.player)?);
                }
                let start = if race.autostart {
                    format!(
                        "It starts by itself when {} have joined, or when {host} presses Start.",
                        race.capacity
                    )
                } else {
                    format!("{host} starts it with Start.")
                };
                let join = if race.invited.is_some() {
                    "A rematch: the players of the last race press Join."
                } else {
                    "Press Join to take part."
                };
                Reply::public(format!(
                    "**{name}**: {} · host {host}\nPlayers ({} of {}): {}\n{join} {start} Everyone gets the same puzzle at the same moment, on a private board. The lobby closes in {left} if not started.\n{RULES}",
                    puzzle_line(race),
                    race.entrants.len(),
                    race.capacity,
                    names.join(", "),
                ))
                .with_buttons(vec![
                    button("join", "Join", ButtonStyle::Primary),
                    button("start", "Start", ButtonStyle::Secondary),
                    button("leave", "Leave", ButtonStyle::Secondary),
                    button("cancel", "Cancel", ButtonStyle::Danger),
                ])
            }
        }
        RaceStatus::Running | RaceStatus::Finished => {
            let mut text = scoreboard(tx, record, now)?;
            if race.status == RaceStatus::Running {
                text.push_str(
                    "\nRacers: press My board for your private board, then play with its pad or `/sudoku move B7 4`.",
                );
                Reply::public(text).with_buttons(vec![button(
                    "board",
                    "My board",
                    ButtonStyle::Primary,
                )])
            } else {
                Reply::public(text)
            }
        }
        RaceStatus::Expired if race.is_challenge() => Reply::public(format!(
            "**{name}**: {host}'s challenge lapsed: it was not answered within {}.",
            duration(LOBBY_TTL_MS)
        )),
        RaceStatus::Expired => Reply::public(format!(
            "**{name}**: the lobby closed: nobody started it within {}. Open another with `/sudoku race`.",
            duration(LOBBY_TTL_MS)
        )),
        RaceStatus::Declined => {
            let opponent = who(tx, race.opponent.as_deref().unwrap_or_default())?;
            Reply::public(format!(
                "**{name}**: {opponent} declined {host}'s challenge."
            ))
        }
        RaceStatus::Cancelled if race.is_challenge() => {
            Reply::public(format!("**{name}**: {host} withdrew the challenge."))
        }
        RaceStatus::Cancelled => Reply::public(format!(
            "**{name}**: {host} cancelled the race before it started."
        )),
    };
    // A lobby's players can open the Activity and wait there: their board appears when
    // the race starts; a running race's racers play it there.
    let reply = match race.status {
        RaceStatus::Lobby | RaceStatus::Running => reply.offering_play(),
        _ => reply,
    };
    Ok(reply.of_race(record.id))
}

/// One line per racer: place or progress, mistakes and hints; never a digit of a board.
fn scoreboard(tx: &Tx<'_>, record: &RaceRecord, now: Millis) -> Result<String, Failure> {
    let (mut text, rows) = standings_of(tx, record, now)?;
    for (i, (name, detail)) in rows.iter().enumerate() {
        text.push_str(&format!("\n{}. **{name}**: {detail}", i + 1));
    }
    Ok(text)
}

/// The standings of race `id` (see [`standings_of`]); `None` when it no longer exists.
pub(crate) fn standings_by_id(
    tx: &Tx<'_>,
    id: i64,
    now: Millis,
) -> Result<Option<Standings>, Failure> {
    match tx.race(id)? {
        Some(record) => standings_of(tx, &record, now).map(Some),
        None => Ok(None),
    }
}

/// A race's headline, and each entrant's name and state, best first.
pub(crate) type Standings = (String, Vec<(String, String)>);

/// The scoreboard's headline, and each entrant's name (markdown-escaped) and state, best
/// first: for the chat's scoreboard and the web board's side panel.
pub(crate) fn standings_of(
    tx: &Tx<'_>,
    record: &RaceRecord,
    now: Millis,
) -> Result<Standings, Failure> {
    let race = &record.race;
    let games = entrant_games(tx, race)?;
    let started = race.started_at.unwrap_or(now);
    let clock = match race.status {
        RaceStatus::Running => format!(
            "running {} of {}",
            duration(now - started),
            duration(RACE_LIMIT_MS)
        ),
        _ => format!(
            "finished after {}",
            duration(race.finished_at.unwrap_or(now) - started)
        ),
    };
    let text = format!(
        "**{}** · {} · {clock} · out at {MISTAKE_LIMIT} mistakes, no hints",
        race_name(race),
        puzzle_line(race)
    );
    let empty = race.givens.empty_count();
    let mut rows = Vec::new();
    for (entrant, game) in standings(race, |e| game_of(&games, e)) {
        let name = who(tx, &entrant.player)?;
        let state = match (entrant.rank, game) {
            (Some(rank), Some(g)) => format!(
                "{} in {}",
                ordinal(rank),
                duration(g.finished_at.unwrap_or(now) - started)
            ),
            (_, Some(g)) if is_out(g) => format!("out ({} mistakes)", g.mistakes),
            (_, Some(g)) if g.status == Status::GaveUp && timed_out(race, g) => {
                format!("unfinished ({}/{empty})", correct_cells(g))
            }
            (_, Some(g)) if g.status == Status::GaveUp => "gave up".to_string(),
            (_, Some(g)) => {
                // Correct digits only: a wrong digit is no progress.
                let filled = correct_cells(g);
                if race.status == RaceStatus::Finished {
                    format!("unfinished ({filled}/{empty})")
                } else {
                    format!("{filled}/{empty} filled")
                }
            }
            (_, None) => "no board".to_string(),
        };
        let counts = match game {
            Some(g) if is_out(g) => String::new(),
            Some(g) => format!(" · {}/{MISTAKE_LIMIT} mistakes", g.mistakes),
            None => String::new(),
        };
        rows.push((name, format!("{state}{counts}")));
    }
    Ok((text, rows))
}

/// The result post of a finished race: the winner with the word "wins", the podium, and
/// for a challenge the new ratings.
pub(crate) fn result(tx: &Tx<'_>, record: &RaceRecord, now: Millis) -> Result<Reply, Failure> {
    let race = &record.race;
    let name = race_name(race);
    let games = entrant_games(tx, race)?;
    let started = race.started_at.unwrap_or(now);
    let mut text = match race.winner() {
        Some(w) => {
            let time = game_of(&games, w)
                .and_then(|g| g.finished_at)
                .map_or_else(|| "-".to_string(), |f| duration(f - started));
            format!("🏆 **{}** wins {name} in {time}!", who(tx, &w.player)?)
        }
        None if race.is_challenge()
            && untouched(race.entrants.iter().map(|e| game_of(&games, e))) =>
        {
            format!(
                "{name} was aborted: nobody made a move within {}. Not rated.",
                duration(RACE_LIMIT_MS)
            )
        }
        None => format!(
            "{name} ended without a winner: nobody solved it{}.",
            if race.finished_at.unwrap_or(now) - started >= RACE_LIMIT_MS {
                format!(" within {}", duration(RACE_LIMIT_MS))
            } else {
                String::new()
            }
        ),
    };
    let mut others = Vec::new();
    for (entrant, game) in standings(race, |e| game_of(&games, e)) {
        if entrant.rank == Some(1) {
            continue;
        }
        let name = who(tx, &entrant.player)?;
        others.push(match (entrant.rank, game) {
            (Some(rank), Some(g)) => format!(
                "{} {name} {}",
                ordinal(rank),
                duration(g.finished_at.unwrap_or(now) - started)
            ),
            (_, Some(g)) if is_out(g) => format!("{name} out ({} mistakes)", g.mistakes),
            (_, Some(g)) if g.status == Status::GaveUp && !timed_out(race, g) => {
                format!("{name} gave up")
            }
            _ => format!("{name} unfinished"),
        });
    }
    if !others.is_empty() {
        text.push('\n');
        text.push_str(&others.join(" · "));
    }
    if race.is_challenge() && race.entrants.iter().any(|e| e.rating_change.is_some()) {
        let mut ratings = Vec::new();
        for e in &race.entrants {
            let change = e
                .rating_change
                .map_or(String::new(), |c| format!(" ({c:+})"));
            ratings.push(format!(
                "{} {}{change}",
                who(tx, &e.player)?,
                rating_text(tx, &record.place, &e.player)?
            ));
        }
        text.push_str(&format!("\nRatings: {}", ratings.join(" · ")));
    }
    let target = Target {
        game: record.id,
        version: race.version,
    };
    Ok(Reply::public(text)
        .with_buttons(vec![
            Button {
                custom_id: button_id("rematch", target),
                label: "Rematch".into(),
                style: ButtonStyle::Primary,
            },
            Button {
                custom_id: button_id("share", target),
                label: "Share my result".into(),
                style: ButtonStyle::Secondary,
            },
        ])
        .of_race(record.id))
}

/// The race rules in one line, as lobbies and `/sudoku help` state them.
pub(crate) const RULES: &str = "Rules: the first correct solve wins; a third mistake puts you out; no hints; the solution stays hidden until the race is over.";

/// A racer's game ended by the race's time limit (not given up by them).
fn timed_out(race: &Race, game: &Game) -> bool {
    race.status == RaceStatus::Finished
        && race
            .started_at
            .zip(game.finished_at)
            .is_some_and(|(start, end)| end - start >= RACE_LIMIT_MS)
}

/// "1523", "1500?" for a provisional rating, "unrated" before the first rated game.
fn rating_text(tx: &Tx<'_>, place: &str, player: &str) -> Result<String, Failure> {
    let (rating, games) = tx.rating(place, player)?;
    Ok(if games == 0 {
        "unrated".to_string()
    } else {
        show_rating(&rating)
    })
}

fn show_rating(rating: &Rating) -> String {
    format!(
        "{:.0}{}",
        rating.rating,
        if rating.is_provisional() { "?" } else { "" }
    )
}

/// `/sudoku leaderboard races`: this server's race wins, podiums, best times and ratings.
pub fn leaderboard(app: &App, inv: &Invocation) -> Result<Reply, Failure> {
    app.store().read(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        let rows = tx.race_leaderboard(inv.place.key(), 10)?;
        if rows.is_empty() {
            return Ok(Reply::public(
                "No races finished here yet. Open one with `/sudoku race`, or challenge someone with `/sudoku challenge @player`.",
            ));
        }
        let mut text = String::from("**Races** in this server (wins · podiums · races · best time · challenge rating; `?`: provisional)");
        let mut rank = 0;
        for (i, row) in rows.iter().enumerate() {
            // Equal records share a place: no tie goes to whoever sorts first by name.
            let tied = i > 0 && {
                let prev = &rows[i - 1];
                (prev.won, prev.podiums, prev.best) == (row.won, row.podiums, row.best)
            };
            if !tied {
                rank = i + 1;
            }
            text.push_str(&format!(
                "\n{rank}. **{}**: {} · {} · {} · best {} · {}",
                escape_markdown(&row.name),
                plural(row.won as u64, "win"),
                plural(row.podiums as u64, "podium"),
                plural(row.played as u64, "race"),
                row.best.map_or("-".into(), duration),
                row.rating
                    .map_or_else(|| "unrated".to_string(), |r| format!("rating {}", show_rating(&r)))
            ));
        }
        Ok(Reply::public(text))
    })
}

/// The stats line of `player`'s races (everywhere, or at `place` only).
pub(crate) fn stats_line(
    tx: &Tx<'_>,
    player: &str,
    place: Option<&str>,
    here: &str,
) -> Result<Option<String>, Failure> {
    let stats = tx.race_stats(player, place)?;
    if stats.played == 0 {
        return Ok(None);
    }
    // Ratings are per server: this server's.
    let (rating, games) = tx.rating(here, player)?;
    let rating = if games > 0 {
        format!(" · challenge rating here {}", show_rating(&rating))
    } else {
        String::new()
    };
    Ok(Some(format!(
        "Races: {} played · {} won · {} on the podium · best {}{rating}",
        stats.played,
        stats.won,
        stats.podiums,
        stats.best.map_or("-".into(), duration)
    )))
}

/// A public message of a race for the adapter: the race's own message to edit (or post
/// when its id is unknown), or a result to post. Nothing is marked sent when it is handed
/// out: the adapter reports what Discord confirmed ([`App::race_message_delivered`]), and
/// what it never confirmed is handed out again (a crash loses nothing).
///
/// [`App::race_message_delivered`]: crate::app::App::race_message_delivered
#[derive(Clone, Debug)]
pub struct RaceMessage {
    pub race: i64,
    pub place: String,
    /// Where to post: the adapter's channel id (none in the terminal).
    pub channel: Option<String>,
    /// The message to edit; `None` to post anew (and then tell its id).
    pub edit: Option<String>,
    /// A result post, not the race's own message.
    pub is_result: bool,
    /// The race's change count this message shows.
    pub drawn: i64,
    pub reply: Reply,
}

/// What the scheduler should send now: deadlines applied, then every race message that
/// changed (at most once per `gap`) and every result not yet confirmed posted.
pub(crate) fn take_messages(
    tx: &Tx<'_>,
    now: Millis,
    gap: Millis,
) -> Result<Vec<RaceMessage>, Failure> {
    let mut out = Vec::new();
    for id in tx.races_to_tell(now, gap)? {
        let Some(mut record) = tx.race(id)? else {
            continue;
        };
        let mut due_now = false;
        if record.race.tick(now) {
            settle_by_time(tx, &mut record)?;
            // `save_race` counted the change; the record read before did not.
            record.stale += 1;
            // `races_to_tell` picked due races only past the gap; one whose deadline
            // just passed changed for everyone and is redrawn at once.
            due_now = true;
        }
        if record.refused {
            continue;
        }
        let due_result = record.race.status == RaceStatus::Finished && !record.announced;
        // The final scoreboard goes with the result, whatever the gap; but once Discord
        // shows it, a result still waiting for its post does not redraw it: those edits
        // would spend the channel's pace, and with several races ending in one channel
        // the results would never get a turn.
        let due_edit = record.stale > record.shown
            && (due_now || due_result || record.edited.is_none_or(|at| at <= now - gap));
        if due_edit {
            out.push(RaceMessage {
                race: id,
                place: record.place.clone(),
                channel: record.channel.clone(),
                edit: record.message.clone(),
                is_result: false,
                drawn: record.stale,
                reply: message(tx, &record, now)?.fit(),
            });
            tx.race_handed_out(id, now)?;
        }
        if due_result {
            out.push(RaceMessage {
                race: id,
                place: record.place.clone(),
                channel: record.channel.clone(),
                edit: None,
                is_result: true,
                drawn: record.stale,
                reply: result(tx, &record, now)?.fit(),
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn ordinals_read_as_english() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }
}
