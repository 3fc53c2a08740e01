//! Playing a game: new, show, move, note, undo, check, hint, submit, give up.

use crate::app::command::{Target, custom_id};
use crate::app::components::{Button, ButtonStyle};
use crate::app::i18n::{self, Lang, t, yes};
use crate::app::render::{self, cell_list};
use crate::app::reply::{MAX_BUTTONS_PER_ROW, MAX_ROWS, Reply};
use crate::app::{App, Failure, Invocation, user_error};
use crate::engine::generator::{self, Symmetry};
use crate::engine::hint::{Depth, Hint};
use crate::engine::parse::{excerpt, parse_grid};
use crate::engine::{Cell, Tier};
use crate::game::race;
use crate::game::{
    Game, Millis, Move, MoveOutcome, PadAction, Status, Submission, parse_moves, parse_note_digits,
};
use crate::store::{GameRecord, Tx};

use super::board;

mod answer;
pub use answer::{check, give_up, hint, submit};

/// Finds the game a command acts on: the button's game, or the player's active game here.
/// A button only works for the game's own player.
fn resolve(
    tx: &Tx<'_>,
    inv: &Invocation,
    target: Option<Target>,
    now: Millis,
) -> Result<GameRecord, Failure> {
    tx.set_player_name(&inv.player.id, &inv.player.name)?;
    let record = find(tx, inv, target)?;
    // A race past its time limit ends before anything is played on it.
    if let Some(tag) = record.race
        && record.game.status == Status::Active
        && super::race::catch_up(tx, tag.id, now)?
    {
        return Ok(tx.game(record.id)?.unwrap_or(record));
    }
    Ok(record)
}

/// The game a command names: the button's, or the player's game in progress here.
fn find(tx: &Tx<'_>, inv: &Invocation, target: Option<Target>) -> Result<GameRecord, Failure> {
    match target {
        Some(t) => {
            let record = tx
                .game(t.game)?
                .ok_or_else(|| user_error(t!(inv.lang, "game-gone")))?;
            if record.player != inv.player.id {
                return Err(user_error(t!(inv.lang, "game-not-yours")));
            }
            Ok(record)
        }
        None => {
            let open = tx.active_games(&inv.player.id, inv.place.key())?;
            // A race starts at the host's press: a racer's next typed command must not
            // land blind on a board they have not seen (and count as a race mistake).
            if let Some(unseen) = open.iter().find(|g| !g.shown) {
                return Err(Failure::User(unseen_notice(unseen, inv.lang)));
            }
            match open.into_iter().next() {
                Some(record) => Ok(record),
                // Just out of a race (out, given up, ended): say so, not "no game".
                None => match tx.latest_game(&inv.player.id, inv.place.key())? {
                    Some(last) if last.race.is_some() => Ok(last),
                    _ => Err(no_game(tx, inv)?),
                },
            }
        }
    }
}

/// The private notice of a race that started while the player looked elsewhere: nothing
/// typed is applied until they have seen their race board.
fn unseen_notice(record: &GameRecord, lang: Lang) -> Reply {
    let name = board::game_name(record, lang);
    let mut reply = Reply::private(t!(lang, "game-race-unseen", race = name));
    if let Some(tag) = record.race {
        reply = reply.with_buttons(vec![Button {
            custom_id: crate::app::command::race::button_id(
                "board",
                Target {
                    game: tag.id,
                    version: 0,
                },
            ),
            label: t!(lang, "button-my-board"),
            style: ButtonStyle::Primary,
        }]);
    }
    reply
}

/// "Race #3: " before an error when the player has two games open here, so they know
/// which game a typed command meant; nothing with one.
fn which(tx: &Tx<'_>, inv: &Invocation, record: &GameRecord) -> Result<String, Failure> {
    let open = tx.active_games(&inv.player.id, inv.place.key())?.len();
    Ok(if open > 1 {
        format!("{}: ", board::game_name(record, inv.lang))
    } else {
        String::new()
    })
}

/// Writes the game back; a race game's scoreboard then needs redrawing (by the
/// scheduler, never inside this move).
fn save(tx: &Tx<'_>, record: &GameRecord) -> Result<(), Failure> {
    tx.save_game(record.id, &record.game)?;
    super::race::moved(tx, record)
}

/// A tap on the web board names a board the player sees there: a race board unseen in
/// chat is seen now, so their typed commands reach it too.
fn seen_on_the_page(
    tx: &Tx<'_>,
    record: &GameRecord,
    target: Option<Target>,
) -> Result<(), Failure> {
    if target.is_some() && !record.shown {
        tx.touch(record.id)?;
    }
    Ok(())
}

/// A stale button (the board changed since it was drawn) must not act twice: answer with
/// the current board instead.
fn check_fresh(
    record: &GameRecord,
    target: Option<Target>,
    inv: &Invocation,
    now: i64,
) -> Result<(), Failure> {
    if let Some(t) = target
        && t.version != record.game.version
    {
        return Err(Failure::User(
            board::reply_to(inv, record, &t!(inv.lang, "game-stale-buttons"), now).updating_board(),
        ));
    }
    Ok(())
}

/// [`resolve`], for commands that only make sense while the game runs.
fn resolve_active(
    tx: &Tx<'_>,
    inv: &Invocation,
    target: Option<Target>,
    now: Millis,
) -> Result<GameRecord, Failure> {
    let record = resolve(tx, inv, target, now)?;
    if record.game.status != Status::Active {
        if let Some(tag) = record.race {
            let how = if record.game.status == Status::Solved {
                "solved"
            } else if crate::game::race::is_out(&record.game) {
                "out"
            } else if tag.running {
                "given-up"
            } else {
                "ended"
            };
            return Err(user_error(t!(
                inv.lang,
                "game-race-part-over",
                race = super::race::tag_name(tag, inv.lang),
                how = how
            )));
        }
        let how = match record.game.status {
            Status::Solved => "solved",
            _ => "given-up",
        };
        return Err(user_error(t!(inv.lang, "game-over", how = how)));
    }
    Ok(record)
}

/// The headline of a solve, with the daily's line when the game was one (and the solve
/// recorded for it); the flag says the daily's day had already ended.
fn solved_headline(
    tx: &Tx<'_>,
    record: &GameRecord,
    lang: Lang,
    now: i64,
) -> Result<(String, bool), Failure> {
    let game = &record.game;
    let mut headline = t!(
        lang,
        "game-solved",
        time = render::duration(game.elapsed(now)),
        mistakes = game.mistakes,
        hints = game.hints
    );
    let mut late = false;
    // A ranked solve faster than a person can: kept, but ranked last and never rated.
    let ranked = record.daily_day.is_some() || record.race.is_some();
    let finished = game.finished_at.unwrap_or(now);
    let verified = !ranked || crate::game::fair::is_verified(game, game.elapsed(finished));
    if !verified {
        tx.set_unverified(record.id)?;
    }
    if let Some(line) = super::race::record_solve(tx, record, lang, now, verified)? {
        headline = line;
    }
    if let Some((line, on_time)) = super::daily::record_solve(tx, record, lang)? {
        headline.push(' ');
        headline.push_str(&line);
        late = !on_time;
    }
    // A race's own line says it already.
    if !verified && record.race.is_none() {
        headline.push(' ');
        headline.push_str(&t!(
            lang,
            "solve-unverified",
            floor = render::duration(crate::game::fair::human_floor(
                game.givens.empty_count(),
                game.difficulty
            ))
        ));
    }
    Ok((headline, late))
}

fn in_progress_reply(record: &GameRecord, lang: Lang, now: i64) -> Reply {
    let game = &record.game;
    let target = Target {
        game: record.id,
        version: game.version,
    };
    Reply::private(t!(
        lang,
        "game-in-progress",
        left = game.to_go(),
        time = render::duration(game.elapsed(now))
    ))
    .with_buttons(vec![
        Button {
            custom_id: custom_id("show", target),
            label: t!(lang, "button-show-my-game"),
            style: ButtonStyle::Primary,
        },
        Button {
            custom_id: custom_id("giveup", target),
            label: t!(lang, "button-give-up"),
            style: ButtonStyle::Danger,
        },
    ])
}

pub fn new(
    app: &App,
    inv: &Invocation,
    empty: Option<usize>,
    difficulty: Option<Tier>,
    symmetry: Option<Symmetry>,
) -> Result<Reply, Failure> {
    let now = app.now();
    let asked = empty;
    let empty = empty.unwrap_or(app.settings().default_empty);
    if empty == 0 {
        return Err(user_error(t!(inv.lang, "game-new-zero")));
    }
    if empty > generator::MAX_EMPTY {
        return Err(user_error(t!(
            inv.lang,
            "game-new-too-many",
            asked = empty,
            max = generator::MAX_EMPTY
        )));
    }
    // Refuse early, before spending time on a puzzle the player cannot start.
    if let Some(record) = app
        .store()
        .write(|tx| tx.active_free_game(&inv.player.id, inv.place.key()))?
    {
        return Err(Failure::User(in_progress_reply(&record, inv.lang, now)));
    }
    // Generation runs outside the store's lock: other players' commands go on meanwhile.
    let (puzzle, tier) =
        super::puzzles::make(app, asked, difficulty, symmetry, app.next_seed(), inv.lang)
            .map_err(user_error)?;
    let empty = puzzle.givens.empty_count();
    let made = Game::new(puzzle.givens, puzzle.solution, tier, now);
    app.store().write(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        // From the game as made on every try: a try run again starts from scratch.
        let mut game = made.clone();
        if !tx.check_as_you_go(&inv.player.id)? {
            game = game.without_checks();
        }
        // Checked again inside the transaction: a double click must not start two games.
        if let Some(record) = tx.active_free_game(&inv.player.id, inv.place.key())? {
            return Err(Failure::User(in_progress_reply(&record, inv.lang, now)));
        }
        let id = tx.insert_game(&inv.player.id, inv.place.key(), &game)?;
        let record = GameRecord {
            id,
            player: inv.player.id.clone(),
            place: inv.place.key().to_string(),
            game: game.clone(),
            daily_day: None,
            race: None,
            shown: true,
            pad: Default::default(),
            daily_end: None,
            unverified: false,
        };
        let mut headline = t!(
            inv.lang,
            "game-new",
            tier = tier.map_or("none", Tier::name),
            empty = empty
        );
        // A race past its time limit is over, not "still open".
        for open in tx.active_games(&inv.player.id, inv.place.key())? {
            if let Some(tag) = open.race {
                super::race::catch_up(tx, tag.id, now)?;
            }
        }
        // A daily's or a race's clock keeps running: say where typed moves go now.
        for open in tx
            .active_games(&inv.player.id, inv.place.key())?
            .iter()
            .filter(|g| board::hidden(g))
        {
            headline.push('\n');
            headline.push_str(&t!(
                inv.lang,
                "game-new-other-open",
                game = board::game_name(open, inv.lang),
                back = if open.race.is_some() { "race" } else { "daily" }
            ));
        }
        Ok(board::reply_to(inv, &record, &headline, now))
    })
}

pub fn show(app: &App, inv: &Invocation, target: Option<Target>) -> Result<Reply, Failure> {
    let now = app.now();
    if target.is_some() {
        return app.store().write(|tx| {
            let record = resolve(tx, inv, target, now)?;
            // "Show my game" under a message: typed commands now mean this game too.
            tx.touch(record.id)?;
            Ok(board::reply_to(inv, &record, "", now).updating_board())
        });
    }
    // A race board its player has not seen yet comes first: its clock runs, and showing
    // it is what lets typed moves reach it. Only then is this a write: a plain show
    // answers while another connection writes.
    // So is a player's new name (a read must not write).
    let (unseen, renamed) = app.store().read(|tx| {
        let open = tx.active_games(&inv.player.id, inv.place.key())?;
        let known = tx.player_name(&inv.player.id)?;
        Ok::<_, Failure>((
            open.iter().find(|g| !g.shown).map(|g| g.id),
            known.as_deref() != Some(inv.player.name.as_str()),
        ))
    })?;
    if unseen.is_some() || renamed {
        app.store().write(|tx| {
            if let Some(id) = unseen {
                tx.touch(id)?;
            }
            Ok::<_, Failure>(tx.set_player_name(&inv.player.id, &inv.player.name)?)
        })?;
    }
    app.store().read(|tx| {
        let open = tx.active_games(&inv.player.id, inv.place.key())?;
        let Some((current, others)) = open.split_first() else {
            // Right after a solve or a give-up: the finished board and its result, until
            // a new game starts.
            return match tx.latest_game(&inv.player.id, inv.place.key())? {
                Some(last) => Ok(board::finished(
                    &last,
                    &inv.player.name,
                    inv.style,
                    inv.lang,
                    now,
                )),
                None => Err(user_error(t!(inv.lang, "game-none"))),
            };
        };
        let mut reply = board::reply_to(inv, current, "", now);
        if !others.is_empty() {
            let names: Vec<String> = others
                .iter()
                .map(|g| board::your_game(g, inv.lang))
                .collect();
            reply.content.push('\n');
            reply
                .content
                .push_str(&t!(inv.lang, "game-also-open", games = names.join(", ")));
            let switch = others.iter().map(|other| Button {
                custom_id: custom_id(
                    "show",
                    Target {
                        game: other.id,
                        version: other.game.version,
                    },
                ),
                label: t!(
                    inv.lang,
                    "button-show-game",
                    game = board::game_name(other, inv.lang)
                ),
                style: ButtonStyle::Secondary,
            });
            let switch: Vec<Button> = switch.take(MAX_BUTTONS_PER_ROW - 1).collect();
            if reply.rows() < MAX_ROWS {
                reply.buttons.push(switch);
            } else if let Some(row) = reply.buttons.last_mut() {
                // Under a pad every row is taken: the switches take the place of the last
                // actions (Give up first), which stay a typed command away.
                row.truncate(MAX_BUTTONS_PER_ROW - switch.len());
                row.extend(switch);
            }
        }
        Ok(reply)
    })
}

pub fn play(
    app: &App,
    inv: &Invocation,
    text: &str,
    target: Option<Target>,
) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, target, now)?;
        check_fresh(&record, target, inv, now)?;
        seen_on_the_page(tx, &record, target)?;
        // Every action marks the time: a long pause before it counts at most five minutes.
        record.game.active_at(now);
        let moves = parse_moves(text).map_err(|e| {
            user_error(t!(
                inv.lang,
                "nothing-changed",
                why = render::move_error(&e, inv.lang)
            ))
        })?;
        apply_moves(tx, inv, record, &moves, now, false)
    })
}

/// Plays `moves` on `record`, typed or from the pad (`from_pad`: the pad then moves on to
/// the next empty cell of its row), with every rule of a move: mistakes, a race's mistake
/// limit, the solve.
fn apply_moves(
    tx: &Tx<'_>,
    inv: &Invocation,
    mut record: GameRecord,
    moves: &[Move],
    now: Millis,
    from_pad: bool,
) -> Result<Reply, Failure> {
    let outcome = match record.game.apply(moves, now) {
        Ok(outcome) => outcome,
        Err(e) => return Err(refused(tx, inv, &record, &e)?),
    };
    if outcome.already_empty.len() == moves.len() {
        // Erasing nothing is no move: not counted, and the player learns why.
        return Err(user_error(t!(
            inv.lang,
            "game-erase-nothing",
            cells = cell_list(&outcome.already_empty),
            count = outcome.already_empty.len()
        )));
    }
    // A race's third mistake puts the racer out: guessing must lose.
    let out = record.race.is_some() && race::apply_mistake_limit(&mut record.game, now);
    save(tx, &record)?;
    if from_pad && outcome.already_empty.is_empty() && record.game.status == Status::Active {
        // A wrong digit keeps its cell chosen, to be fixed at once.
        let placed = moves
            .iter()
            .any(|m| record.game.board.get(m.cell).is_some() && !record.game.shows_wrong(m.cell));
        if placed {
            record.pad.advance(&record.game);
            tx.set_pad(record.id, record.pad)?;
        }
    }
    if out {
        super::race::record_give_up(tx, &record, now)?;
        let headline = format!(
            "{} {}",
            move_headline(
                &record.game,
                &applied_moves(moves, &outcome),
                &outcome,
                inv.lang
            ),
            t!(
                inv.lang,
                "game-race-out",
                race = board::game_name(&record, inv.lang),
                place = super::race::ordinal(race::MISTAKE_LIMIT, inv.lang),
                allowed = race::MISTAKE_LIMIT - 1
            )
        );
        return Ok(board::reply_to(inv, &record, &headline, now));
    }
    if outcome.solved {
        let (headline, late) = solved_headline(tx, &record, inv.lang, now)?;
        return Ok(solved_reply(&record, inv, &headline, late, now));
    }
    let headline = move_headline(
        &record.game,
        &applied_moves(moves, &outcome),
        &outcome,
        inv.lang,
    );
    Ok(board::reply_to(inv, &record, &headline, now))
}

/// No game of the player's own here. A co-op board running in the channel is not theirs
/// to give up or submit alone (plain moves reach it already, through `coop::routed`): say
/// how it is played and ended instead of "no game".
fn no_game(tx: &Tx<'_>, inv: &Invocation) -> Result<Failure, Failure> {
    Ok(if tx.running_coop(&inv.place.room())?.is_some() {
        user_error(t!(inv.lang, "game-none-coop"))
    } else {
        user_error(t!(inv.lang, "game-none"))
    })
}

/// The moves a command applied, as the player wrote them (erasures of empty cells left out).
fn applied_moves<'a>(moves: &'a [Move], outcome: &MoveOutcome) -> Vec<&'a Move> {
    moves
        .iter()
        .filter(|m| !outcome.already_empty.contains(&m.cell))
        .collect()
}

/// The board after a solve; a daily solved after its server day ended is no daily solve,
/// so it is not announced to the channel.
fn solved_reply(
    record: &GameRecord,
    inv: &Invocation,
    headline: &str,
    late: bool,
    now: i64,
) -> Reply {
    let reply = if late {
        Reply::private(format!(
            "{headline}\n{}",
            board::status(record, inv.lang, now)
        ))
    } else {
        board::reply_to(inv, record, headline, now)
    };
    reply.with_buttons(next_buttons(record, !late, inv.lang))
}

/// Under a solve, the obvious next steps: another game of the same size, and for a daily
/// solved in its day, sharing the result.
fn next_buttons(record: &GameRecord, shareable: bool, lang: Lang) -> Vec<Button> {
    if record.race.is_some() {
        // A race's next steps (Rematch, Share) come with its result, once it is over.
        return Vec::new();
    }
    let same_size = Target {
        game: record.game.givens.empty_count() as i64,
        version: 0,
    };
    let mut buttons = vec![Button {
        custom_id: custom_id("new", same_size),
        label: t!(lang, "button-new-game"),
        style: ButtonStyle::Primary,
    }];
    if record.daily_day.is_some() && shareable {
        buttons.push(Button {
            custom_id: custom_id(
                "share",
                Target {
                    game: record.id,
                    version: record.game.version,
                },
            ),
            label: t!(lang, "button-share"),
            style: ButtonStyle::Secondary,
        });
    }
    buttons
}

fn move_headline(game: &Game, applied: &[&Move], outcome: &MoveOutcome, lang: Lang) -> String {
    // "Played B7 4, erased A6.": an erase reads as one, not as "A6 erase".
    let (erased, placed): (Vec<&Move>, Vec<&Move>) = applied
        .iter()
        .partition(|m| m.action == crate::game::Action::Erase);
    let erased: Vec<String> = erased.iter().map(|m| m.cell.name()).collect();
    // "B7 4" in English, "un 4 en B7" in Spanish: each language says a placed digit its way.
    let placed: Vec<String> = placed
        .iter()
        .filter_map(|m| match m.action {
            crate::game::Action::Place(d) => Some(t!(
                lang,
                "game-placed-digit",
                cell = m.cell.name(),
                digit = d
            )),
            crate::game::Action::Erase => None,
        })
        .collect();
    let mut line = t!(
        lang,
        "game-moved",
        placed = i18n::and_list(&placed, lang),
        erased = i18n::and_list(&erased, lang),
        what = match (placed.is_empty(), erased.is_empty()) {
            (false, true) => "placed",
            (true, false) => "erased",
            _ => "both",
        }
    );
    if !outcome.already_empty.is_empty() {
        line.push(' ');
        line.push_str(&t!(
            lang,
            "game-already-empty",
            cells = cell_list(&outcome.already_empty),
            count = outcome.already_empty.len()
        ));
    }
    if !outcome.mistakes.is_empty() {
        line.push(' ');
        line.push_str(&t!(
            lang,
            "game-moved-wrong",
            cells = cell_list(&outcome.mistakes),
            count = outcome.mistakes.len(),
            mistakes = game.mistakes
        ));
    }
    line
}

/// A rule's refusal, with "Race #3: " before it when the player has two games open here
/// (so they know which game a typed command meant); nothing changed.
fn refused(
    tx: &Tx<'_>,
    inv: &Invocation,
    record: &GameRecord,
    e: &crate::game::RuleError,
) -> Result<Failure, Failure> {
    Ok(user_error(format!(
        "{}{}",
        which(tx, inv, record)?,
        t!(
            inv.lang,
            "nothing-changed",
            why = render::rule_error(e, inv.lang)
        )
    )))
}

pub fn note(
    app: &App,
    inv: &Invocation,
    cell: &str,
    digits: &str,
    target: Option<Target>,
) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, target, now)?;
        check_fresh(&record, target, inv, now)?;
        seen_on_the_page(tx, &record, target)?;
        // Every action marks the time: a long pause before it counts at most five minutes.
        record.game.active_at(now);
        if crate::app::command::is_auto_notes(cell) {
            if !digits.trim().is_empty() {
                return Err(user_error(t!(inv.lang, "note-auto-no-digits")));
            }
            return apply_auto_notes(tx, inv, record, now);
        }
        let c = Cell::parse(cell)
            .ok_or_else(|| user_error(t!(inv.lang, "note-bad-cell", found = excerpt(cell, 20))))?;
        let mask = parse_note_digits(digits).ok_or_else(|| {
            user_error(t!(
                inv.lang,
                "note-bad-digits",
                found = excerpt(digits, 20),
                cell = c.name()
            ))
        })?;
        apply_notes(tx, inv, record, c, mask, now)
    })
}

/// What auto-notes did, for the headline over the board.
pub(crate) fn auto_notes_said(changed: usize, lang: Lang) -> String {
    t!(lang, "note-auto-done", count = changed)
}

/// Auto-notes, typed or from the pad: every empty cell's pencil marks become its
/// candidates on the board as it is.
fn apply_auto_notes(
    tx: &Tx<'_>,
    inv: &Invocation,
    mut record: GameRecord,
    now: Millis,
) -> Result<Reply, Failure> {
    let changed = match record.game.fill_notes() {
        Ok(changed) => changed,
        Err(e) => return Err(refused(tx, inv, &record, &e)?),
    };
    if changed > 0 {
        save(tx, &record)?;
    }
    Ok(board::reply_to(
        inv,
        &record,
        &auto_notes_said(changed, inv.lang),
        now,
    ))
}

/// Toggles the notes `mask` in `cell`, typed or from the pad.
fn apply_notes(
    tx: &Tx<'_>,
    inv: &Invocation,
    mut record: GameRecord,
    c: Cell,
    mask: u16,
    now: Millis,
) -> Result<Reply, Failure> {
    if let Err(e) = record.game.toggle_notes(c, mask) {
        return Err(refused(tx, inv, &record, &e)?);
    }
    save(tx, &record)?;
    Ok(board::reply_to(
        inv,
        &record,
        &t!(inv.lang, "note-done", cell = c.name()),
        now,
    ))
}

/// A press on the number pad under the player's board: every answer replaces that board.
pub fn pad(
    app: &App,
    inv: &Invocation,
    target: Target,
    action: PadAction,
) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, Some(target), now)?;
        check_fresh(&record, Some(target), inv, now)?;
        // Played on this board: typed commands now mean this game too, as after its Show.
        tx.touch(record.id)?;
        let reply = match action {
            PadAction::Row(_) | PadAction::Column(_) | PadAction::ToggleNotes => {
                let headline = choose(&mut record.pad, action, &record.game, inv.lang);
                tx.set_pad(record.id, record.pad)?;
                board::reply_to(inv, &record, &headline, now)
            }
            PadAction::AutoNotes => {
                record.game.active_at(now);
                apply_auto_notes(tx, inv, record, now)?
            }
            PadAction::Digit(_) | PadAction::Erase => {
                let cell = record
                    .pad
                    .cell()
                    .ok_or_else(|| user_error(t!(inv.lang, "pad-no-cell")))?;
                record.game.active_at(now);
                match action {
                    PadAction::Digit(d) if record.pad.notes => {
                        apply_notes(tx, inv, record, cell, 1 << d, now)?
                    }
                    _ => {
                        let moves: Vec<Move> = action.move_at(cell).into_iter().collect();
                        apply_moves(tx, inv, record, &moves, now, true)?
                    }
                }
            }
        };
        Ok(reply.updating_board())
    })
}

/// Applies a choice on the pad (a row, a column, the notes toggle) and says what it did.
pub(crate) fn choose(
    pad: &mut crate::game::Pad,
    action: PadAction,
    game: &Game,
    lang: Lang,
) -> String {
    match action {
        PadAction::Row(r) => pad.choose_row(r),
        PadAction::Column(c) => pad.choose_column(c),
        PadAction::ToggleNotes => {
            pad.notes = !pad.notes;
            return t!(lang, "pad-notes-mode", on = yes(pad.notes));
        }
        PadAction::Digit(_) | PadAction::Erase | PadAction::AutoNotes => {}
    }
    match (pad.cell(), pad.row, pad.column) {
        // A given cannot change: say so now rather than at the digit.
        (Some(cell), _, _) => match game.board.get(cell).filter(|_| game.is_given(cell)) {
            Some(d) => t!(lang, "pad-chose-given", cell = cell.name(), digit = d),
            None => t!(lang, "pad-chose-cell", cell = cell.name()),
        },
        (None, Some(r), None) => t!(
            lang,
            "pad-chose-row",
            row = crate::app::command::row_value(r)
        ),
        (None, None, Some(c)) => t!(
            lang,
            "pad-chose-column",
            column = crate::app::command::column_value(c)
        ),
        _ => String::new(),
    }
}

pub fn undo(app: &App, inv: &Invocation, target: Option<Target>) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, target, now)?;
        // Every action marks the time: a long pause before it counts at most five minutes.
        record.game.active_at(now);
        check_fresh(&record, target, inv, now)?;
        let cells = record
            .game
            .undo()
            .map_err(|_| user_error(t!(inv.lang, "undo-nothing")))?;
        save(tx, &record)?;
        let what = if cells.is_empty() {
            t!(inv.lang, "undo-notes")
        } else {
            t!(inv.lang, "undo-move", cells = cell_list(&cells))
        };
        let reply = board::reply_to(inv, &record, &what, now);
        Ok(if target.is_some() {
            reply.updating_board()
        } else {
            reply
        })
    })
}
