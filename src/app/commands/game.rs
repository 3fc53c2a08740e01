//! Playing a game: new, show, move, note, undo, check, hint, submit, give up.

use crate::app::command::{Target, custom_id};
use crate::app::render::{self, cell_list, is_are, plural, plural_of};
use crate::app::reply::{Button, ButtonStyle, MAX_BUTTONS_PER_ROW, MAX_ROWS, Reply};
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

const NO_GAME: &str =
    "You have no game in progress here. Start one with `/sudoku new` (e.g. `/sudoku new 40`).";

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
                .ok_or_else(|| user_error("That game no longer exists."))?;
            if record.player != inv.player.id {
                return Err(user_error(
                    "This is not your game, so its buttons are not yours to press. Start your own with `/sudoku new`.",
                ));
            }
            Ok(record)
        }
        None => {
            let open = tx.active_games(&inv.player.id, inv.place.key())?;
            // A race starts at the host's press: a racer's next typed command must not
            // land blind on a board they have not seen (and count as a race mistake).
            if let Some(unseen) = open.iter().find(|g| !g.shown) {
                return Err(Failure::User(unseen_notice(unseen)));
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
fn unseen_notice(record: &GameRecord) -> Reply {
    let name = board::game_name(record);
    let mut reply = Reply::private(format!(
        "**{name} has started**, and its clock is running. Nothing was changed: typed commands wait until you have seen your race board. Press My board (or type `/sudoku show`) to open it."
    ));
    if let Some(tag) = record.race {
        reply = reply.with_buttons(vec![Button {
            custom_id: crate::app::command::race::button_id(
                "board",
                Target {
                    game: tag.id,
                    version: 0,
                },
            ),
            label: "My board".into(),
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
        format!("{}: ", board::game_name(record))
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
            board::reply(
                record,
                &inv.player.name,
                "The board changed since those buttons were drawn; here it is now.",
                inv.style,
                now,
            )
            .updating_board(),
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
            return Err(user_error(format!(
                "Your part in {} is over ({}). Nothing was changed; `/sudoku race` opens another race, `/sudoku new` a game of your own.",
                super::race::tag_name(tag),
                if record.game.status == Status::Solved {
                    "solved"
                } else if crate::game::race::is_out(&record.game) {
                    "out: too many mistakes"
                } else if tag.running {
                    "given up"
                } else {
                    "the race has ended"
                }
            )));
        }
        let how = match record.game.status {
            Status::Solved => "solved",
            _ => "given up",
        };
        return Err(user_error(format!(
            "That game is over ({how}). Start a new one with `/sudoku new`."
        )));
    }
    Ok(record)
}

/// The headline of a solve, with the daily's line when the game was one (and the solve
/// recorded for it); the flag says the daily's day had already ended.
fn solved_headline(tx: &Tx<'_>, record: &GameRecord, now: i64) -> Result<(String, bool), Failure> {
    let game = &record.game;
    let mut headline = format!(
        "Solved in {}, with {} and {}! Start another with `/sudoku new`.",
        render::duration(game.elapsed(now)),
        count(game.mistakes, "mistake"),
        count(game.hints, "hint")
    );
    let mut late = false;
    if let Some(line) = super::race::record_solve(tx, record, now)? {
        headline = line;
    }
    if let Some((line, on_time)) = super::daily::record_solve(tx, record)? {
        headline.push(' ');
        headline.push_str(&line);
        late = !on_time;
    }
    Ok((headline, late))
}

fn in_progress_reply(record: &GameRecord, now: i64) -> Reply {
    let game = &record.game;
    let target = Target {
        game: record.id,
        version: game.version,
    };
    Reply::private(format!(
        "You already have a game in progress here ({} to go, {} played). Finish it first, or give it up with `/sudoku giveup`, then start a new one.",
        game.remaining(),
        render::duration(game.elapsed(now))
    ))
    .with_buttons(vec![
        Button {
            custom_id: custom_id("show", target),
            label: "Show my game".into(),
            style: ButtonStyle::Primary,
        },
        Button {
            custom_id: custom_id("giveup", target),
            label: "Give up".into(),
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
        return Err(user_error(
            "A puzzle with 0 empty cells would have nothing to fill in. Ask for at least 1, e.g. `/sudoku new 40`.",
        ));
    }
    if empty > generator::MAX_EMPTY {
        let e = generator::GenerateError::TooManyEmpty { asked: empty };
        return Err(user_error(format!(
            "I can't make that puzzle: {e}. For example: `/sudoku new 45`."
        )));
    }
    // Refuse early, before spending time on a puzzle the player cannot start.
    if let Some(record) = app
        .store()
        .write(|tx| tx.active_free_game(&inv.player.id, inv.place.key()))?
    {
        return Err(Failure::User(in_progress_reply(&record, now)));
    }
    // Generation runs outside the store's lock: other players' commands go on meanwhile.
    let (puzzle, tier) = super::puzzles::make(app, asked, difficulty, symmetry, app.next_seed())
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
            return Err(Failure::User(in_progress_reply(&record, now)));
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
        };
        let mut headline = match tier {
            Some(t) => format!(
                "New {} puzzle: {empty} empty cells, one solution. Play with `/sudoku move B7 4`.",
                t.name()
            ),
            None => format!(
                "New puzzle: {empty} empty cells, one solution. Play with `/sudoku move B7 4`."
            ),
        };
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
            let back = if open.race.is_some() {
                "the race's My board button"
            } else {
                "`/sudoku daily`"
            };
            headline.push_str(&format!(
                "\nYour {} is still open (its clock runs on): typed moves now go to this new game; {back} takes you back.",
                board::game_name(open)
            ));
        }
        Ok(board::reply(
            &record,
            &inv.player.name,
            &headline,
            inv.style,
            now,
        ))
    })
}

pub fn show(app: &App, inv: &Invocation, target: Option<Target>) -> Result<Reply, Failure> {
    let now = app.now();
    if target.is_some() {
        return app.store().write(|tx| {
            let record = resolve(tx, inv, target, now)?;
            // "Show my game" under a message: typed commands now mean this game too.
            tx.touch(record.id)?;
            Ok(board::reply(&record, &inv.player.name, "", inv.style, now).updating_board())
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
                Some(last) => Ok(board::finished(&last, &inv.player.name, inv.style, now)),
                None => Err(user_error(NO_GAME)),
            };
        };
        let mut reply = board::reply(current, &inv.player.name, "", inv.style, now);
        if !others.is_empty() {
            let names: Vec<String> = others.iter().map(board::your_game).collect();
            reply.content.push_str(&format!(
                "\nAlso open: {}. Typed moves go to the game shown last; press a Show button to switch.",
                names.join(", ")
            ));
            let switch = others.iter().map(|other| Button {
                custom_id: custom_id(
                    "show",
                    Target {
                        game: other.id,
                        version: other.game.version,
                    },
                ),
                label: format!("Show {}", board::game_name(other)),
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
        let moves =
            parse_moves(text).map_err(|e| user_error(format!("{e}. Nothing was changed.")))?;
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
        Err(e) => {
            return Err(user_error(format!(
                "{}{}. Nothing was changed.",
                which(tx, inv, &record)?,
                capitalize(&e.to_string())
            )));
        }
    };
    if outcome.already_empty.len() == moves.len() {
        // Erasing nothing is no move: not counted, and the player learns why.
        return Err(user_error(format!(
            "{} {} already empty: nothing to erase. Nothing was changed.",
            cell_list(&outcome.already_empty),
            is_are(outcome.already_empty.len())
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
            "{} Out of {}: that was your {} mistake (a race allows {}). Your board stays as it was; the solution shows when the race is over.",
            move_headline(&record.game, &applied_moves(moves, &outcome), &outcome),
            board::game_name(&record),
            super::race::ordinal(race::MISTAKE_LIMIT),
            race::MISTAKE_LIMIT - 1,
        );
        return Ok(board::reply(
            &record,
            &inv.player.name,
            &headline,
            inv.style,
            now,
        ));
    }
    if outcome.solved {
        let (headline, late) = solved_headline(tx, &record, now)?;
        return Ok(solved_reply(&record, inv, &headline, late, now));
    }
    let headline = move_headline(&record.game, &applied_moves(moves, &outcome), &outcome);
    Ok(board::reply(
        &record,
        &inv.player.name,
        &headline,
        inv.style,
        now,
    ))
}

/// No game of the player's own here. A co-op board running in the channel is not theirs
/// to give up or submit alone (plain moves reach it already, through `coop::routed`): say
/// how it is played and ended instead of "no game".
fn no_game(tx: &Tx<'_>, inv: &Invocation) -> Result<Failure, Failure> {
    Ok(if tx.running_coop(&inv.place.room())?.is_some() {
        user_error(
            "You have no game of your own here. The channel's co-op board is everyone's: play it with `/sudoku coop move`; its starter or an admin ends it with `/sudoku coop end`.",
        )
    } else {
        user_error(NO_GAME)
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
        Reply::private(format!("{headline}\n{}", board::status(record, now)))
    } else {
        board::reply(record, &inv.player.name, headline, inv.style, now)
    };
    reply.with_buttons(next_buttons(record, !late))
}

/// Under a solve, the obvious next steps: another game of the same size, and for a daily
/// solved in its day, sharing the result.
fn next_buttons(record: &GameRecord, shareable: bool) -> Vec<Button> {
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
        label: "New game".into(),
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
            label: "Share".into(),
            style: ButtonStyle::Secondary,
        });
    }
    buttons
}

fn move_headline(game: &Game, applied: &[&Move], outcome: &MoveOutcome) -> String {
    // "Played B7 4, erased A6.": an erase reads as one, not as "A6 erase".
    let (erased, placed): (Vec<&Move>, Vec<&Move>) = applied
        .iter()
        .partition(|m| m.action == crate::game::Action::Erase);
    let erased: Vec<String> = erased.iter().map(|m| m.cell.name()).collect();
    let mut parts = Vec::new();
    if !placed.is_empty() {
        let placed: Vec<String> = placed.iter().map(ToString::to_string).collect();
        parts.push(format!("Played {}", placed.join(", ")));
    }
    if !erased.is_empty() {
        let verb = if parts.is_empty() { "Erased" } else { "erased" };
        parts.push(format!("{verb} {}", erased.join(", ")));
    }
    let mut line = format!("{}.", parts.join(", "));
    if !outcome.already_empty.is_empty() {
        line.push_str(&format!(
            " {} {} already empty.",
            cell_list(&outcome.already_empty),
            is_are(outcome.already_empty.len())
        ));
    }
    if !outcome.mistakes.is_empty() {
        line.push_str(&format!(
            " {} {} wrong (mistakes so far: {}).",
            cell_list(&outcome.mistakes),
            is_are(outcome.mistakes.len()),
            game.mistakes
        ));
    }
    line
}

/// "no mistakes", "1 mistake", "3 mistakes".
fn count(n: u32, what: &str) -> String {
    match n {
        0 => format!("no {what}s"),
        _ => plural(n, what),
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
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
                return Err(user_error(
                    "`note auto` takes no digits: it fills in every empty cell's candidates. Nothing was changed.",
                ));
            }
            return apply_auto_notes(tx, inv, record, now);
        }
        let c = Cell::parse(cell).ok_or_else(|| {
            user_error(format!(
                "`{}` is not a cell: rows are A-I, columns 1-9 (or `auto` for every cell's candidates). Example: `/sudoku note B7 257`.",
                excerpt(cell, 20)
            ))
        })?;
        let mask = parse_note_digits(digits).ok_or_else(|| {
            user_error(format!(
                "`{}` is not a list of digits 1-9. Example: `/sudoku note {c} 257` toggles the notes 2, 5 and 7.",
                excerpt(digits, 20)
            ))
        })?;
        apply_notes(tx, inv, record, c, mask, now)
    })
}

/// What auto-notes did, for the headline over the board.
pub(crate) fn auto_notes_said(changed: usize) -> String {
    match changed {
        0 => "Auto-notes: every empty cell already shows its candidates. Nothing was changed."
            .to_string(),
        n => format!(
            "Auto-notes: {} now {} the digits {} row, column and box leave open (your own digits count, right or wrong). Undo takes it back; your result says you used it.",
            crate::app::render::plural(n as u64, "cell"),
            if n == 1 { "shows" } else { "show" },
            if n == 1 { "its" } else { "their" }
        ),
    }
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
        Err(e) => {
            return Err(user_error(format!(
                "{}{}. Nothing was changed.",
                which(tx, inv, &record)?,
                capitalize(&e.to_string())
            )));
        }
    };
    if changed > 0 {
        save(tx, &record)?;
    }
    Ok(board::reply(
        &record,
        &inv.player.name,
        &auto_notes_said(changed),
        inv.style,
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
        return Err(user_error(format!(
            "{}{}. Nothing was changed.",
            which(tx, inv, &record)?,
            capitalize(&e.to_string())
        )));
    }
    save(tx, &record)?;
    Ok(board::reply(
        &record,
        &inv.player.name,
        &format!("Notes of {c} updated."),
        inv.style,
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
                let headline = choose(&mut record.pad, action, &record.game);
                tx.set_pad(record.id, record.pad)?;
                board::reply(&record, &inv.player.name, &headline, inv.style, now)
            }
            PadAction::AutoNotes => {
                record.game.active_at(now);
                apply_auto_notes(tx, inv, record, now)?
            }
            PadAction::Digit(_) | PadAction::Erase => {
                let cell = record.pad.cell().ok_or_else(|| user_error(NO_CELL))?;
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

/// A digit pressed with no cell chosen.
pub(crate) const NO_CELL: &str = "Choose a cell first: a row in the Row menu and a column in the Column menu; then a digit button fills it. Nothing was changed.";

/// Applies a choice on the pad (a row, a column, the notes toggle) and says what it did.
pub(crate) fn choose(pad: &mut crate::game::Pad, action: PadAction, game: &Game) -> String {
    match action {
        PadAction::Row(r) => pad.choose_row(r),
        PadAction::Column(c) => pad.choose_column(c),
        PadAction::ToggleNotes => {
            pad.notes = !pad.notes;
            return if pad.notes {
                "Notes mode on: the digit buttons toggle pencil marks in the chosen cell.".into()
            } else {
                "Notes mode off: the digit buttons place digits.".into()
            };
        }
        PadAction::Digit(_) | PadAction::Erase | PadAction::AutoNotes => {}
    }
    match (pad.cell(), pad.row, pad.column) {
        // A given cannot change: say so now rather than at the digit.
        (Some(cell), _, _) => match game.board.get(cell).filter(|_| game.is_given(cell)) {
            Some(d) => format!(
                "{cell} chosen: it holds a given {d}, which cannot change; choose another cell."
            ),
            None => format!("{cell} chosen: press a digit."),
        },
        (None, Some(r), None) => format!(
            "Row {} chosen: now a column.",
            crate::app::command::row_value(r)
        ),
        (None, None, Some(c)) => format!(
            "Column {} chosen: now a row.",
            crate::app::command::column_value(c)
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
            .map_err(|_| user_error("Nothing to undo: no moves or notes yet in this game."))?;
        save(tx, &record)?;
        let what = if cells.is_empty() {
            "Undid the last notes.".to_string()
        } else {
            format!("Undid the last move ({}).", cell_list(&cells))
        };
        let reply = board::reply(&record, &inv.player.name, &what, inv.style, now);
        Ok(if target.is_some() {
            reply.updating_board()
        } else {
            reply
        })
    })
}

pub fn check(
    app: &App,
    inv: &Invocation,
    reveal: bool,
    target: Option<Target>,
) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        let now = app.now();
        let mut record = resolve_active(tx, inv, target, now)?;
        // Without check-as-you-go this is when wrong digits show, and count.
        let counted = record.game.reveal_wrong();
        if counted > 0 {
            save(tx, &record)?;
        }
        let wrong = record.game.wrong_cells();
        let empty = record.game.remaining();
        let placed = Cell::all().any(|c| !record.game.is_given(c) && record.game.board.get(c).is_some());
        if !placed {
            return Ok(Reply::private(format!(
                "You haven't placed any digits yet, so there is nothing to check. {empty} cells still empty.\n— {}",
                board::your_game(&record)
            )));
        }
        let mut text = match (wrong.len(), reveal) {
            (0, _) => "Everything you have placed is correct.".to_string(),
            (n, false) => format!("{n} of your digits {} wrong.", is_are(n)),
            (_, true) => format!("Wrong: {}.", cell_list(&wrong)),
        };
        text.push_str(&format!(" {empty} cells still empty."));
        if counted > 0 {
            // They are marked now: the board shows which, no `check show` needed.
            text.push_str(&format!(
                " {} now marked on your board (`/sudoku show`) and counted (no check-as-you-go: mistakes so far {}).",
                plural_of(counted as u64, "wrong digit is", "wrong digits are"),
                record.game.mistakes
            ));
        } else if !wrong.is_empty() && !reveal {
            text.push_str(" Use `/sudoku check show` to see which.");
        }
        text.push_str(&format!("\n— {}", board::your_game(&record)));
        Ok(Reply::private(text))
    })
}

pub fn hint(app: &App, inv: &Invocation, target: Option<Target>) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, target, now)?;
        if let Some(tag) = record.race {
            // A hint deep enough names the digit: in a race that would solve for you.
            return Err(user_error(format!(
                "Hints are off in races: {} is won by solving, so every racer plays without them. `/sudoku check` still shows your mistakes.",
                super::race::tag_name(tag)
            )));
        }
        record.game.active_at(now);
        let (hint, depth, counted) = record
            .game
            .hint(now)
            .map_err(|e| user_error(capitalize(&e.to_string())))?;
        save(tx, &record)?;
        let mut text = match &hint {
            Hint::WrongEntries(cells) => format!(
                "Before the next step: {} {} wrong. Erase {} (e.g. `/sudoku move {} 0`) and look again.",
                cell_list(cells),
                is_are(cells.len()),
                if cells.len() == 1 { "it" } else { "them" },
                cells.first().map(|c| c.name()).unwrap_or_default()
            ),
            Hint::Solved => "The board is complete and correct.".to_string(),
            Hint::Next(_) | Hint::NoStepFound => hint.text(depth),
        };
        if matches!(hint, Hint::WrongEntries(_)) && !record.game.check_as_you_go {
            // Named wrong digits count, as a check's do: else a hint would be a free check.
            text.push_str(&format!(
                " They count as mistakes, as in a check (mistakes so far {}).",
                record.game.mistakes
            ));
        }
        if matches!(hint, Hint::Next(_)) && depth != Depth::Step {
            text.push_str("\nAsk again for more detail.");
        }
        if !counted {
            // A double click, or an ask past the whole step: the player sees why nothing
            // new came, and that it cost nothing.
            text.push_str("\n(The same hint as before; not counted again.)");
        }
        let reply = Reply::private(format!("Hint: {text}\n— {}", board::your_game(&record)));
        Ok(if matches!(hint, Hint::Next(_)) && depth != Depth::Step {
            reply.with_buttons(vec![Button {
                custom_id: custom_id(
                    "hint",
                    Target {
                        game: record.id,
                        version: record.game.version,
                    },
                ),
                label: "More detail".into(),
                style: ButtonStyle::Primary,
            }])
        } else {
            reply
        })
    })
}

pub fn submit(app: &App, inv: &Invocation, text: &str) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, None, now)?;
        // Every action marks the time: a long pause before it counts at most five minutes.
        record.game.active_at(now);
        let grid = parse_grid(text).map_err(|e| {
            user_error(format!(
                "I couldn't read that grid: {e}. Paste all 81 cells (rows A-I), e.g. 81 digits in one line."
            ))
        })?;
        let verdict = record
            .game
            .submit(&grid, now)
            .map_err(|e| user_error(capitalize(&e.to_string())))?;
        match verdict {
            Submission::Solved => {
                save(tx, &record)?;
                let (headline, late) = solved_headline(tx, &record, now)?;
                Ok(solved_reply(&record, inv, &headline, late, now))
            }
            Submission::GivensDiffer(cells) => {
                Err(user_error(format!(
                    "Those givens don't match this puzzle (see {}{}). Submit the grid of your current game.",
                    cell_list(&cells[..cells.len().min(5)]),
                    if cells.len() > 5 { ", …" } else { "" }
                )))
            }
            Submission::Incorrect { wrong, missing, counted: from_grid } => {
                // Without check-as-you-go a wrong submission is a check: the wrong digits
                // on the board now show and count (and that must be saved).
                let counted = record.game.reveal_wrong();
                if counted > 0 {
                    save(tx, &record)?;
                    return Ok(Reply::private(format!(
                        "Not solved yet. {} on your board {} wrong: now marked and counted (mistakes so far {}). Your board is otherwise unchanged.",
                        plural_of(counted as u64, "digit", "digits"),
                        is_are(counted),
                        record.game.mistakes
                    )));
                }
                let mut parts = Vec::new();
                if wrong > 0 {
                    parts.push(format!("{} wrong", plural_of(wrong as u64, "cell is", "cells are")));
                }
                if missing > 0 {
                    parts.push(format!("still missing {}", plural(missing as u64, "number")));
                }
                // Wrong digits the grid's count told of count as mistakes, as a check's do.
                if from_grid > 0 {
                    // In a race they count towards the limit as placed digits do.
                    let out = record.race.is_some() && race::apply_mistake_limit(&mut record.game, now);
                    save(tx, &record)?;
                    if out {
                        super::race::record_give_up(tx, &record, now)?;
                        return Ok(Reply::private(format!(
                            "Not solved: {}. That makes {} mistakes: you are out of {} (a race allows {}). The solution shows when the race is over.",
                            parts.join(", and "),
                            record.game.mistakes,
                            board::game_name(&record),
                            race::MISTAKE_LIMIT - 1
                        )));
                    }
                    return Ok(Reply::private(format!(
                        "Not solved yet: {}. Wrong digits count as mistakes, as in a check (mistakes so far {}). Your board is unchanged.",
                        parts.join(", and "),
                        record.game.mistakes
                    )));
                }
                Err(user_error(format!("Not solved yet: {}. Your game is unchanged.", parts.join(", and "))))
            }
        }
    })
}

pub fn give_up(
    app: &App,
    inv: &Invocation,
    target: Option<Target>,
    confirmed: bool,
) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, target, now)?;
        // Every action marks the time: a long pause before it counts at most five minutes.
        record.game.active_at(now);
        if !confirmed {
            if record.race.is_some() {
                return Ok(Reply::private(format!(
                    "Give up {}? You leave the race, and the solution stays hidden until it is over.",
                    board::game_name(&record)
                ))
                .with_buttons(vec![Button {
                    custom_id: custom_id(
                        "giveup-yes",
                        Target {
                            game: record.id,
                            version: record.game.version,
                        },
                    ),
                    label: "Yes, give up".into(),
                    style: ButtonStyle::Danger,
                }]));
            }
            let t = Target {
                game: record.id,
                version: record.game.version,
            };
            return Ok(
                Reply::private("Give up this game and see the solution?").with_buttons(vec![
                    Button {
                        custom_id: custom_id("giveup-yes", t),
                        label: "Yes, give up".into(),
                        style: ButtonStyle::Danger,
                    },
                ]),
            );
        }
        check_fresh(&record, target, inv, now)?;
        record
            .game
            .give_up(now)
            .map_err(|e| user_error(capitalize(&e.to_string())))?;
        save(tx, &record)?;
        super::race::record_give_up(tx, &record, now)?;
        if let Some(tag) = record.race {
            // The solution would be passed on to a team-mate still racing.
            let record = tx.game(record.id)?.unwrap_or(record);
            let sealed = record.race.is_some_and(|t| t.running);
            let headline = if sealed {
                format!(
                    "You gave up {}. The solution stays hidden from every racer until the race is over; `/sudoku show` then shows it.",
                    super::race::tag_name(tag)
                )
            } else {
                format!("You gave up {}. Here is the solution.", super::race::tag_name(tag))
            };
            return Ok(board::reply(&record, &inv.player.name, &headline, inv.style, now));
        }
        let reply = board::reply(
            &record,
            &inv.player.name,
            "Given up. Here is the solution; start another with `/sudoku new`.",
            inv.style,
            now,
        );
        Ok(reply)
    })
}
