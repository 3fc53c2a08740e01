//! `/sudoku race` and `/sudoku challenge`: a public lobby, one start for everyone, private
//! boards, a public scoreboard kept up to date by the scheduler, and the result.
//!
//! The race's public message is drawn here and nowhere else: as the answer to the command
//! or button that changed it, and, for changes made by moves on private boards, by
//! [`App::take_race_messages`], which the adapter calls on its own schedule so an edit
//! never waits inside a move.

use crate::app::command::race::button_id;
use crate::app::command::{Opponent, RaceCommand, Target};
use crate::app::components::{Button, ButtonStyle};
use crate::app::i18n::{FluentValue, Lang, t, yes};
use crate::app::render::{duration, escape_markdown, tier_name};
use crate::app::reply::Reply;
use crate::app::{App, Failure, Invocation, user_error};
use crate::engine::Tier;
use crate::game::race::{
    Entrant, LOBBY_TTL_MS, MAX_PLAYERS, MIN_RATED_EMPTY, MISTAKE_LIMIT, RACE_LIMIT_MS,
    RATED_PAIR_LIMIT, RATED_PAIR_WINDOW_MS, Race, RaceError, RaceStatus, Rating, Unrated,
    correct_cells, is_out, standings, unrated, untouched,
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
pub fn race_name(race: &Race, lang: Lang) -> String {
    label(race.number, lang)
}

/// The name of a race game as replies use it.
pub fn tag_name(tag: RaceTag, lang: Lang) -> String {
    t!(lang, "race-name", number = tag.number)
}

fn label(number: i64, lang: Lang) -> String {
    t!(lang, "race-name", number = number)
}

/// The language of a race's posts in its channel: the server's where it was opened (the
/// host's when the server's is unknown), English for a race from before languages.
pub(crate) fn race_lang(record: &RaceRecord) -> Lang {
    Lang::parse(&record.language).unwrap_or_default()
}

/// A refusal of the race's rules, said to the player who asked.
fn race_error(e: RaceError, lang: Lang) -> Failure {
    user_error(race_error_text(&e, lang))
}

/// Why the race's rules refused, in `lang`: the game layer's `Display` stays the English
/// of logs, as `render::rule_error` does for `RuleError`.
pub(crate) fn race_error_text(e: &RaceError, lang: Lang) -> String {
    match e {
        RaceError::AlreadyIn => t!(lang, "race-error-already-in"),
        RaceError::Started => t!(lang, "race-error-started"),
        RaceError::Over(how) => t!(lang, "race-error-over", how = *how),
        RaceError::Full(count) => t!(lang, "race-error-full", count = *count),
        RaceError::NotHost => t!(lang, "race-error-not-host"),
        RaceError::NotInvited => t!(lang, "race-error-not-invited"),
        RaceError::RematchOnly => t!(lang, "race-error-rematch-only"),
        RaceError::TooFew => t!(lang, "race-error-too-few"),
        RaceError::NotIn => t!(lang, "race-error-not-in"),
        RaceError::HostLeaves => t!(lang, "race-error-host-leaves"),
    }
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
            return Err(user_error(t!(inv.lang, "race-challenge-self")));
        }
        if o.bot {
            return Err(user_error(t!(
                inv.lang,
                "race-challenge-bot",
                player = escape_markdown(&o.name)
            )));
        }
    }
    if inv.place.key() == "dm" {
        return Err(user_error(t!(inv.lang, "race-in-dm")));
    }
    if let Some(players) = players
        && !(2..=MAX_PLAYERS).contains(&players)
    {
        return Err(user_error(t!(
            inv.lang,
            "race-players-range",
            max = MAX_PLAYERS,
            asked = players
        )));
    }
    // Refused before a puzzle is made for nothing.
    app.store().read(|tx| already_racing(tx, inv, now))?;
    // Made now, shown to nobody before the start: everyone then gets it at once.
    let (puzzle, tier) =
        super::puzzles::make(app, empty, difficulty, None, app.next_seed(), inv.lang)
            .map_err(user_error)?;
    app.store().write(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        if let Some(o) = opponent {
            tx.set_player_name(&o.id, &o.name)?;
        }
        if let Some(id) = tx.open_race_of(&inv.player.id, inv.place.key())? {
            // A race past its limit ends now, for good: this command commits.
            catch_up(tx, id, now)?;
        }
        already_racing(tx, inv, now)?;
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
        // Its posts in the channel are the server's, in the channel's language.
        let language = super::channel_lang(tx, inv)?;
        let id = tx.insert_race(
            inv.place.key(),
            &inv.place.room(),
            inv.place.channel(),
            &race,
            language.code(),
        )?;
        let record = tx
            .race(id)?
            .ok_or_else(|| user_error(t!(inv.lang, "race-gone")))?;
        message(tx, &record, now)
    })
}

/// A player races in one race at a time per server: typed moves then never wonder which.
/// A racer who has finished (solved, out, or given up) is free for the next one.
fn already_racing(tx: &Tx<'_>, inv: &Invocation, now: Millis) -> Result<(), Failure> {
    if let Some(id) = tx.open_race_of(&inv.player.id, inv.place.key())?
        && let Some(record) = tx.race(id)?
        // Past its deadline a race is over, whether or not time has been applied yet.
        && record.race.deadline().is_none_or(|at| now < at)
    {
        let state = match record.race.status {
            RaceStatus::Lobby => "lobby",
            _ => "running",
        };
        return Err(user_error(t!(
            inv.lang,
            "race-already-racing",
            race = race_name(&record.race, inv.lang),
            state = state
        )));
    }
    Ok(())
}

/// The race a button names, with what time alone has done to it applied.
fn load(tx: &Tx<'_>, inv: &Invocation, target: Target, now: Millis) -> Result<RaceRecord, Failure> {
    tx.set_player_name(&inv.player.id, &inv.player.name)?;
    let mut record = tx
        .race(target.game)?
        .ok_or_else(|| user_error(t!(inv.lang, "race-gone")))?;
    if record.place != inv.place.key() {
        return Err(user_error(t!(inv.lang, "race-elsewhere")));
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
            already_racing(tx, inv, now)?;
        }
        let full = record
            .race
            .join(&inv.player.id, now)
            .map_err(|e| race_error(e, inv.lang))?;
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
            .map_err(|e| race_error(e, inv.lang))?;
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
        act(&mut record.race, &inv.player.id, now).map_err(|e| race_error(e, inv.lang))?;
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
        let name = race_name(&record.race, inv.lang);
        let entrant = record
            .race
            .entrant(&inv.player.id)
            .ok_or_else(|| user_error(t!(inv.lang, "race-board-not-in", race = name.as_str())))?;
        let Some(game_id) = entrant.game else {
            return Err(user_error(t!(
                inv.lang,
                "race-board-not-started",
                race = name.as_str()
            )));
        };
        let game = tx
            .game(game_id)?
            .ok_or_else(|| user_error(t!(inv.lang, "game-gone")))?;
        // Typed moves now go to this race's game.
        tx.touch(game_id)?;
        if game.game.status != Status::Active {
            return Ok(board::finished(
                &game,
                &inv.player.name,
                inv.style,
                inv.lang,
                now,
            ));
        }
        let headline = t!(inv.lang, "race-board-headline", race = name.as_str());
        let mut reply = board::reply_to(inv, &game, &headline, now);
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
            .ok_or_else(|| user_error(t!(inv.lang, "race-gone")))?;
        if record.place != inv.place.key() {
            return Err(user_error(t!(inv.lang, "race-elsewhere")));
        }
        let race = &record.race;
        if race.entrant(&inv.player.id).is_none() {
            return Err(user_error(t!(inv.lang, "race-rematch-not-in")));
        }
        if matches!(race.status, RaceStatus::Lobby | RaceStatus::Running) {
            return Err(user_error(t!(
                inv.lang,
                "race-rematch-not-over",
                race = race_name(race, inv.lang)
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
                    return Err(user_error(t!(inv.lang, "race-rematch-no-opponent")));
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
        return Err(user_error(t!(inv.lang, "race-rematch-alone")));
    }
    // Another player of the race asked first: point to their lobby.
    let mut invited = players.clone();
    invited.sort();
    if let Some(number) = app
        .store()
        .read(|tx| tx.open_rematch(&place, &invited.join(" ")))?
    {
        return Err(user_error(t!(
            inv.lang,
            "race-rematch-open",
            race = label(number, inv.lang)
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
            .ok_or_else(|| user_error(t!(inv.lang, "race-gone")))?;
        let race = &record.race;
        let Some(entrant) = race.entrant(&inv.player.id) else {
            return Err(user_error(t!(inv.lang, "race-share-not-in")));
        };
        if matches!(race.status, RaceStatus::Lobby | RaceStatus::Running) {
            return Err(user_error(t!(
                inv.lang,
                "race-share-not-over",
                race = race_name(race, inv.lang)
            )));
        }
        let games = entrant_games(tx, race)?;
        let game = game_of(&games, entrant);
        // The player's own post: in their language.
        Ok(Reply::public(format!(
            "**{}**: {}",
            escape_markdown(&inv.player.name),
            share_card(race, entrant, game, inv.lang)
        )))
    })
}

/// A race result without spoilers: `Race #3 · Medium · 🥇 1st of 4 · 6:41 · 1 mistake`.
pub(crate) fn share_card(
    race: &Race,
    entrant: &Entrant,
    game: Option<&Game>,
    lang: Lang,
) -> String {
    // Named as every other message names it: a challenge is a race too.
    let mut parts = vec![race_name(race, lang)];
    if let Some(tier) = race.difficulty {
        parts.push(tier_name(Some(tier), lang));
    }
    parts.push(t!(lang, "race-empty", count = race.givens.empty_count()));
    let started = race.started_at.unwrap_or_default();
    let outcome = match (entrant.rank, game) {
        (Some(rank), Some(g)) => {
            let medal = match rank {
                1 => "🥇 ",
                2 => "🥈 ",
                3 => "🥉 ",
                _ => "",
            };
            let place = t!(
                lang,
                "race-card-place",
                place = ordinal(rank, lang),
                count = race.entrants.len(),
                time = duration(g.finished_at.unwrap_or(started) - started)
            );
            format!("{medal}{place}")
        }
        (_, Some(g)) if is_out(g) => t!(lang, "race-card-outcome", how = "out"),
        (_, Some(g)) if timed_out(race, g) => t!(lang, "race-card-outcome", how = "unfinished"),
        (_, Some(_)) => t!(lang, "race-card-outcome", how = "given-up"),
        (_, None) => t!(lang, "race-card-outcome", how = "not-started"),
    };
    parts.push(outcome);
    if let Some(g) = game {
        parts.push(t!(lang, "count-mistakes", count = g.mistakes));
    }
    parts.extend(tags(entrant, game, lang));
    if let Some(change) = entrant.rating_change {
        parts.push(t!(lang, "race-card-rating", change = format!("{change:+}")));
    }
    parts.join(" · ")
}

/// What a racer's result is shown with, wherever it is shown (scoreboard, result, share
/// card), as the daily's leaderboard does: the aids they used (auto-notes, check-as-you-go
/// off, hints) and a time faster than a person can solve in.
fn tags(entrant: &Entrant, game: Option<&Game>, lang: Lang) -> Vec<String> {
    let mut tags = Vec::new();
    if let Some(g) = game {
        if g.auto_notes {
            tags.push(t!(lang, "status-auto-notes"));
        }
        if !g.check_as_you_go {
            tags.push(t!(lang, "share-unchecked"));
        }
        if g.hints > 0 {
            tags.push(t!(lang, "count-hints", count = g.hints));
        }
    }
    if entrant.unverified {
        tags.push(t!(lang, "race-unverified"));
    }
    tags
}

/// [`tags`], each after a " · ".
fn tagged(entrant: &Entrant, game: Option<&Game>, lang: Lang) -> String {
    tags(entrant, game, lang)
        .into_iter()
        .map(|tag| format!(" · {tag}"))
        .collect()
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
    lang: Lang,
    now: Millis,
    verified: bool,
) -> Result<Option<String>, Failure> {
    let Some(tag) = record.race else {
        return Ok(None);
    };
    let Some(mut race) = tx.race(tag.id)? else {
        return Ok(None);
    };
    // The headline of the solver's own answer (public, over their board): in their
    // language, as the rest of that answer; the race's posts speak the race's.
    let name = race_name(&race.race, lang);
    if race.race.status != RaceStatus::Running {
        tx.mark_race_stale(tag.id)?;
        return Ok(Some(t!(lang, "race-solve-late", race = name)));
    }
    let started = race.race.started_at.unwrap_or(record.game.started_at);
    let time = duration(record.game.finished_at.unwrap_or(now) - started);
    let place = race.race.finish(&record.player, verified).unwrap_or(0);
    settle(tx, &mut race, now)?;
    tx.save_race(race.id, &race.race)?;
    // Said in the channel: the solve's answer is public (without the board).
    let player = who(tx, &record.player, lang)?;
    if !verified {
        // Placed after every verified finisher, whoever finishes later: no "wins".
        return Ok(Some(t!(
            lang,
            "race-solve-unverified",
            player = player,
            race = name,
            time = time
        )));
    }
    Ok(Some(match place {
        1 => t!(lang, "race-wins", player = player, race = name, time = time),
        n => t!(
            lang,
            "race-solve-placed",
            player = player,
            race = name,
            time = time,
            place = ordinal(n, lang)
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
        rate(tx, record, now)?;
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
        rate(tx, record, at)?;
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
/// without a solve draw. Not when [`unrated`] says why not.
fn rate(tx: &Tx<'_>, record: &mut RaceRecord, now: Millis) -> Result<(), Failure> {
    let race = &record.race;
    if !race.is_challenge() || race.entrants.len() != 2 {
        return Ok(());
    }
    // Rated already: by a forfeit (see [`forfeit`]).
    if race.entrants.iter().any(|e| e.rating_change.is_some()) {
        return Ok(());
    }
    let games = entrant_games(tx, race)?;
    if untouched(race.entrants.iter().map(|e| game_of(&games, e))) {
        // Nobody played: aborted, and nobody's rating moves.
        return Ok(());
    }
    // A place beats no place; two without one draw.
    let (a, b) = (&race.entrants[0], &race.entrants[1]);
    let score = match (a.rank, b.rank) {
        (Some(x), Some(y)) if x < y => 1.0,
        (Some(_), Some(_)) | (None, Some(_)) => 0.0,
        (Some(_), None) => 1.0,
        (None, None) => 0.5,
    };
    rate_with(tx, record, now, score)
}

/// A challenge's player leaving for good (forget-me) while it runs: it is rated at once
/// as their loss, before they are forgotten, so that forgetting oneself is no way out of
/// a losing challenge. Nothing when nobody has played yet, or it is not rated anyway.
pub(crate) fn forfeit(tx: &Tx<'_>, id: i64, player: &str, now: Millis) -> Result<(), Failure> {
    let Some(mut record) = tx.race(id)? else {
        return Ok(());
    };
    let race = &record.race;
    if !race.is_challenge()
        || race.entrants.len() != 2
        || race.status != RaceStatus::Running
        || race.entrants.iter().any(|e| e.rating_change.is_some())
    {
        return Ok(());
    }
    let games = entrant_games(tx, race)?;
    if untouched(race.entrants.iter().map(|e| game_of(&games, e))) {
        return Ok(());
    }
    let score = if race.entrants[0].player == player {
        0.0
    } else {
        1.0
    };
    rate_with(tx, &mut record, now, score)?;
    tx.save_race(record.id, &record.race)?;
    Ok(())
}

/// Moves both ratings of a two-player challenge by `score` (the first entrant's: 1 a win,
/// 0 a loss, 0.5 a draw), unless [`unrated`] says why not.
fn rate_with(tx: &Tx<'_>, record: &mut RaceRecord, now: Millis, score: f64) -> Result<(), Failure> {
    let race = &record.race;
    let (a, b) = (&race.entrants[0], &race.entrants[1]);
    tx.purge_forgotten_ratings(now)?;
    let before = tx.rated_between(
        &record.place,
        &a.player,
        &b.player,
        now - RATED_PAIR_WINDOW_MS,
    )?;
    if unrated(race, before).is_some() {
        return Ok(());
    }
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

mod messages;
pub(crate) use messages::{message, ordinal, result, standings_by_id};
use messages::{show_rating, timed_out, who};

/// `/sudoku leaderboard races`: this server's race wins, podiums, best times and ratings.
pub fn leaderboard(app: &App, inv: &Invocation) -> Result<Reply, Failure> {
    let lang = inv.lang;
    app.store().read(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        let rows = tx.race_leaderboard(inv.place.key(), 10)?;
        if rows.is_empty() {
            return Ok(Reply::public(t!(lang, "race-leaderboard-empty")));
        }
        let mut text = t!(lang, "race-leaderboard-title", min = MIN_RATED_EMPTY);
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
            let rating = row.rating.map_or_else(
                || t!(lang, "race-unrated"),
                |r| t!(lang, "race-leaderboard-rating", rating = show_rating(&r)),
            );
            text.push_str(&format!(
                "\n{rank}. **{}**: {}",
                escape_markdown(&row.name),
                t!(
                    lang,
                    "race-leaderboard-row",
                    won = row.won,
                    podiums = row.podiums,
                    played = row.played,
                    best = row.best.map_or("-".into(), duration),
                    rating = rating
                )
            ));
        }
        // Ratings on their own line, established before provisional.
        let ratings = tx.rating_board(inv.place.key(), 10)?;
        if !ratings.is_empty() {
            let listed: Vec<String> = ratings
                .iter()
                .map(|(_, name, r)| format!("**{}** {}", escape_markdown(name), show_rating(r)))
                .collect();
            text.push('\n');
            text.push_str(&t!(
                lang,
                "race-leaderboard-ratings",
                ratings = listed.join(" · ")
            ));
        }
        Ok(Reply::public(text))
    })
}

/// The stats line of `player`'s races (everywhere, or at `place` only), in `lang`.
pub(crate) fn stats_line(
    tx: &Tx<'_>,
    player: &str,
    place: Option<&str>,
    here: &str,
    lang: Lang,
) -> Result<Option<String>, Failure> {
    let stats = tx.race_stats(player, place)?;
    if stats.played == 0 {
        return Ok(None);
    }
    let mut line = t!(
        lang,
        "race-stats",
        played = stats.played,
        won = stats.won,
        podiums = stats.podiums,
        best = stats.best.map_or("-".into(), duration)
    );
    // Ratings are per server: this server's.
    let (rating, games) = tx.rating(here, player)?;
    if games > 0 {
        line.push_str(" · ");
        line.push_str(&t!(
            lang,
            "race-stats-rating",
            rating = show_rating(&rating)
        ));
    }
    Ok(Some(line))
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
                reply: message(tx, &record, now)?
                    .in_names(race_lang(&record).names_shown())
                    .fit(),
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
                reply: result(tx, &record, now)?
                    .in_names(race_lang(&record).names_shown())
                    .fit(),
            });
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
