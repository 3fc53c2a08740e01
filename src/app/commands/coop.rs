//! `/sudoku coop`: one board per channel that everyone there fills together.
//!
//! Which game a typed command means: `/sudoku coop <action>` always acts on the
//! channel's co-op board. The plain game commands (`move`, `note`, `undo`, `check`,
//! `hint`, `show`) act on the player's own game in progress here, as they always did,
//! and on the co-op board only when the player has none. A player's own game wins
//! because a slip there costs only them, while a stray move on the co-op board counts
//! against the whole team. Every co-op reply starts with "Co-op board", so nobody takes
//! one game for the other.

use crate::app::command::coop::{button_id, excerpt};
use crate::app::command::{Command, CoopCommand, Target};
use crate::app::components::{Button, ButtonStyle};
use crate::app::i18n::{Lang, t, yes};
use crate::app::render::{self, BoardStyle, cell_list, escape_markdown};
use crate::app::reply::Reply;
use crate::app::{App, Failure, Invocation, user_error};
use crate::engine::Tier;
use crate::engine::hint::{Depth, Hint};
use crate::engine::{Cell, generator};
use crate::game::coop::{Coop, CoopError, CoopOutcome};
use crate::game::{Millis, Move, PadAction, Status, parse_moves, parse_note_digits};
use crate::store::{CoopRecord, Tx};

use super::board;

pub fn run(app: &App, inv: &Invocation, command: &CoopCommand) -> Result<Reply, Failure> {
    match command {
        CoopCommand::Start { empty, difficulty } => start(app, inv, *empty, *difficulty),
        CoopCommand::Show(target) => show(app, inv, *target),
        CoopCommand::Move { moves, target } => play(app, inv, moves, *target),
        CoopCommand::Note {
            cell,
            digits,
            target,
        } => note(app, inv, cell, digits, *target),
        CoopCommand::Undo(target) => undo(app, inv, *target),
        CoopCommand::Check(target) => check(app, inv, *target),
        CoopCommand::Hint(target) => hint(app, inv, *target),
        CoopCommand::End => end(app, inv),
        CoopCommand::Pad { target, action } => pad(app, inv, *target, *action),
    }
}

/// A plain game command typed by a player with no game of their own in progress here,
/// in a channel with a co-op board: it means the co-op board (see the module's doc).
/// `None` leaves the command to the player's own game.
pub fn routed(app: &App, inv: &Invocation) -> Result<Option<Reply>, Failure> {
    let command = match &inv.command {
        Command::Show(None) => CoopCommand::Show(None),
        // A targeted move names a game of the player's own: never the co-op board.
        Command::Move {
            moves,
            target: None,
        } => CoopCommand::Move {
            moves: moves.clone(),
            target: None,
        },
        Command::Note {
            cell,
            digits,
            target: None,
        } => CoopCommand::Note {
            cell: cell.clone(),
            digits: digits.clone(),
            target: None,
        },
        Command::Undo(None) => CoopCommand::Undo(None),
        Command::Check { target: None, .. } => CoopCommand::Check(None),
        Command::Hint(None) => CoopCommand::Hint(None),
        _ => return Ok(None),
    };
    let room = inv.place.room();
    let to_coop = app.store().read(|tx| {
        Ok::<_, Failure>(
            tx.coop_running_in(&room)?
                && tx.active_game(&inv.player.id, inv.place.key())?.is_none(),
        )
    })?;
    if !to_coop {
        return Ok(None);
    }
    run(app, inv, &command).map(Some)
}

/// The stats line of `player`'s co-op record (everywhere, or in `place` only).
pub(crate) fn stats_line(
    tx: &Tx<'_>,
    player: &str,
    place: Option<&str>,
    lang: Lang,
) -> Result<Option<String>, Failure> {
    let stats = tx.coop_stats(player, place)?;
    if stats.boards == 0 {
        return Ok(None);
    }
    Ok(Some(t!(
        lang,
        "coop-stats",
        solved = stats.solved,
        boards = stats.boards,
        cells = stats.cells,
        mistakes = stats.mistakes
    )))
}

/// How to show a player to the others.
pub(crate) fn name_of(tx: &Tx<'_>, id: &str, lang: Lang) -> Result<String, Failure> {
    if id.starts_with("(forgotten):") {
        return Ok(t!(lang, "coop-former-player"));
    }
    Ok(escape_markdown(
        &tx.player_name(id)?.unwrap_or_else(|| id.to_string()),
    ))
}

/// The board a command acts on: the button's, or the one running in the channel.
fn resolve(tx: &Tx<'_>, inv: &Invocation, target: Option<Target>) -> Result<CoopRecord, Failure> {
    tx.set_player_name(&inv.player.id, &inv.player.name)?;
    match target {
        Some(t) => tx
            .coop(t.game)?
            .ok_or_else(|| user_error(said(inv.lang, t!(inv.lang, "coop-gone")))),
        None => tx
            .running_coop(&inv.place.room())?
            .ok_or_else(|| user_error(said(inv.lang, t!(inv.lang, "coop-none")))),
    }
}

/// [`resolve`], for what only makes sense while the board runs.
fn resolve_active(
    tx: &Tx<'_>,
    inv: &Invocation,
    target: Option<Target>,
) -> Result<CoopRecord, Failure> {
    let record = resolve(tx, inv, target)?;
    if record.coop.game.status != Status::Active {
        return Err(refusal(tx, inv, CoopError::Over(record.coop.game.status)));
    }
    Ok(record)
}

/// A rule's refusal as a private message; nothing was changed.
fn refusal(tx: &Tx<'_>, inv: &Invocation, error: CoopError) -> Failure {
    let lang = inv.lang;
    // Who did it: "you" (`me`), a named teammate, or one no longer known.
    let by = |by: &Option<String>| -> (&'static str, String) {
        match by {
            Some(id) if *id == inv.player.id => ("me", String::new()),
            Some(id) => match name_of(tx, id, lang) {
                Ok(n) => ("named", n),
                Err(_) => ("someone", String::new()),
            },
            None => ("someone", String::new()),
        }
    };
    let text = match error {
        CoopError::Over(status) => t!(
            lang,
            "coop-over",
            how = if status == Status::Solved {
                "solved"
            } else {
                "ended"
            }
        ),
        CoopError::Given(cell) => t!(
            lang,
            "nothing-changed",
            why = t!(lang, "rule-error-given", cell = cell.name())
        ),
        CoopError::Filled {
            cell,
            digit,
            by: who,
        } => {
            let (who, name) = by(&who);
            t!(
                lang,
                "coop-filled",
                cell = cell.name(),
                digit = digit,
                who = who,
                name = name
            )
        }
        CoopError::NotYours { cell, by: who } => {
            let (who, name) = by(&who);
            t!(
                lang,
                "coop-not-yours",
                cell = cell.name(),
                who = who,
                elide = crate::app::render::elides(&name),
                name = name
            )
        }
        CoopError::NoteOnFilled(cell) => t!(lang, "coop-note-on-filled", cell = cell.name()),
        CoopError::NothingToUndo => t!(lang, "coop-nothing-to-undo"),
        CoopError::StaleUndo => t!(lang, "coop-stale-undo"),
    };
    user_error(said(lang, text))
}

/// The language of a board's message in the channel: the channel's, set when it started
/// (whoever acts next, the board stays in it; private answers speak the player's).
fn board_lang(record: &CoopRecord) -> Lang {
    Lang::parse(&record.language).unwrap_or_default()
}

/// "Co-op board: …": what a co-op reply says, marked as the board's.
fn said(lang: Lang, text: String) -> String {
    t!(lang, "coop-said", text = text)
}

/// "Co-op board: **ann** updated the notes of B7.", in the board's language.
fn notes_updated(record: &CoopRecord, inv: &Invocation, cell: Cell) -> String {
    let lang = board_lang(record);
    let text = t!(
        lang,
        "coop-notes-updated",
        player = escape_markdown(&inv.player.name),
        cell = cell.name()
    );
    said(lang, text)
}

/// The board message: headline, board, team status, and who did what once it is over.
fn board_reply(
    tx: &Tx<'_>,
    record: &CoopRecord,
    headline: &str,
    inv: &Invocation,
    now: Millis,
) -> Result<Reply, Failure> {
    let coop = &record.coop;
    let game = &coop.game;
    let mut text = String::new();
    if !headline.is_empty() {
        text.push_str(headline);
        text.push('\n');
    }
    text.push_str(&t!(
        board_lang(record),
        "coop-title",
        starter = name_of(tx, &record.starter, board_lang(record))?,
        players = coop.players.len(),
        running = yes(game.status == Status::Active)
    ));
    text.push('\n');
    let picture = inv.style == BoardStyle::Image;
    if !picture {
        match game.status {
            Status::GaveUp => text.push_str(&render::grid_block(&game.solution, inv.style)),
            Status::Active => text.push_str(&render::game_block_chosen(
                game,
                inv.style,
                record.pad.cell(),
            )),
            _ => text.push_str(&render::game_block(game, inv.style)),
        }
        text.push('\n');
    }
    let lang = board_lang(record);
    text.push_str(&t!(
        lang,
        "coop-team",
        status = render::status_line(game, now, lang)
    ));
    if game.status == Status::Active {
        text.push('\n');
        if picture {
            text.push_str(&t!(lang, "coop-legend-image"));
        } else {
            text.push_str(&t!(lang, "coop-legend"));
            if let Some(cell) = record.pad.cell() {
                text.push('\n');
                text.push_str(&render::chosen_legend(game, cell, lang));
            }
            board::push_notes_line(&mut text, game, lang);
        }
        let target = Target {
            game: record.id,
            version: game.version,
        };
        let button = |action: &str, label: String, style| Button {
            custom_id: button_id(action, target),
            label,
            style,
        };
        let reply = board::pictured(
            Reply::public(text),
            game,
            inv.style,
            record.pad.cell(),
            board_lang(record),
        );
        let actions = vec![
            button("hint", t!(lang, "button-hint"), ButtonStyle::Primary),
            button("check", t!(lang, "button-check"), ButtonStyle::Secondary),
            button(
                "undo",
                t!(lang, "coop-button-undo-mine"),
                ButtonStyle::Secondary,
            ),
            button(
                "show",
                t!(lang, "coop-button-show-board"),
                ButtonStyle::Secondary,
            ),
        ];
        return Ok(board::with_pad(
            reply, game, record.pad, target, "coop-pad", actions, lang,
        ));
    }
    text.push('\n');
    text.push_str(&t!(lang, "coop-who-did-what"));
    for tally in coop.tally() {
        text.push('\n');
        text.push_str(&t!(
            lang,
            "coop-tally",
            player = name_of(tx, &tally.player, lang)?,
            cells = tally.cells,
            mistakes = tally.mistakes,
            hints = tally.hints
        ));
    }
    Ok(board::pictured(
        Reply::public(text),
        game,
        inv.style,
        None,
        board_lang(record),
    ))
}

/// "A board already runs here", with it, privately.
fn already_running(
    tx: &Tx<'_>,
    record: &CoopRecord,
    inv: &Invocation,
    now: Millis,
) -> Result<Failure, Failure> {
    let mut reply = board_reply(
        tx,
        record,
        &said(inv.lang, t!(inv.lang, "coop-already-running")),
        inv,
        now,
    )?;
    reply.private = true;
    Ok(Failure::User(reply))
}

fn start(
    app: &App,
    inv: &Invocation,
    empty: Option<usize>,
    difficulty: Option<Tier>,
) -> Result<Reply, Failure> {
    if inv.place.key() == "dm" {
        return Err(user_error(t!(inv.lang, "coop-servers-only")));
    }
    if let Some(n) = empty.filter(|&n| n > generator::MAX_EMPTY) {
        return Err(user_error(said(
            inv.lang,
            t!(
                inv.lang,
                "coop-too-many",
                asked = n,
                max = generator::MAX_EMPTY
            ),
        )));
    }
    let now = app.now();
    let room = inv.place.room();
    // Refuse early, before spending time on a puzzle nobody can start.
    app.store().read(|tx| match tx.running_coop(&room)? {
        Some(record) => Err(already_running(tx, &record, inv, now)?),
        None => Ok(()),
    })?;
    // Generation runs outside the store's lock: other commands go on meanwhile.
    let (puzzle, tier) =
        super::puzzles::make(app, empty, difficulty, None, app.next_seed(), inv.lang)
            .map_err(user_error)?;
    let coop = Coop::new(puzzle.givens, puzzle.solution, tier, now);
    app.store().write(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        // Again inside the transaction: two starts at once make one board.
        if let Some(record) = tx.running_coop(&room)? {
            return Err(already_running(tx, &record, inv, now)?);
        }
        let language = super::channel_lang(tx, inv)?;
        let id = tx.insert_coop(
            inv.place.key(),
            &room,
            &inv.player.id,
            &coop,
            language.code(),
        )?;
        let record = CoopRecord {
            id,
            place: inv.place.key().to_string(),
            room: room.clone(),
            starter: inv.player.id.clone(),
            coop: coop.clone(),
            pad: Default::default(),
            language: language.code().to_string(),
        };
        let headline = said(
            board_lang(&record),
            t!(
                board_lang(&record),
                "coop-new",
                tier = tier.map_or("none", Tier::name),
                empty = coop.game.remaining()
            ),
        );
        board_reply(tx, &record, &headline, inv, now)
    })
}

fn show(app: &App, inv: &Invocation, target: Option<Target>) -> Result<Reply, Failure> {
    let now = app.now();
    app.store().read(|tx| {
        let record = resolve(tx, inv, target)?;
        let reply = board_reply(tx, &record, "", inv, now)?;
        Ok(if target.is_some() {
            reply.updating_board()
        } else {
            reply
        })
    })
}

/// "B7 4, C3 5".
fn listed(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn play(app: &App, inv: &Invocation, text: &str, target: Option<Target>) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let record = resolve_active(tx, inv, target)?;
        fresh(tx, &record, target, inv, now)?;
        let moves = parse_moves(text).map_err(|e| {
            let why = t!(
                inv.lang,
                "nothing-changed",
                why = render::move_error(&e, inv.lang)
            );
            user_error(said(inv.lang, why))
        })?;
        apply_moves(tx, inv, record, &moves, now, false)
    })
}

/// Plays `moves` on the board, typed or from the pad (`from_pad`: the pad then moves on
/// to the next empty cell of its row).
fn apply_moves(
    tx: &Tx<'_>,
    inv: &Invocation,
    mut record: CoopRecord,
    moves: &[Move],
    now: Millis,
    from_pad: bool,
) -> Result<Reply, Failure> {
    let read_at = record.coop.game.version;
    let outcome = record
        .coop
        .apply(&inv.player.id, moves, now)
        .map_err(|e| refusal(tx, inv, e))?;
    if outcome.applied.is_empty() && outcome.wrong.is_empty() {
        return Err(user_error(said(
            inv.lang,
            t!(inv.lang, "coop-nothing-to-change"),
        )));
    }
    tx.save_coop(&record, read_at, &inv.player.id)?;
    let placed = moves
        .iter()
        .any(|m| record.coop.game.board.get(m.cell).is_some());
    if from_pad && placed && record.coop.game.status == Status::Active {
        record.pad.advance(&record.coop.game);
        tx.set_coop_pad(record.id, record.pad)?;
    }
    let headline = move_headline(&record, inv, &outcome, now);
    board_reply(tx, &record, &headline, inv, now)
}

/// A press on a board drawn at another version (stale buttons, a web board behind) acts
/// on nothing: the board as it is now instead.
fn fresh(
    tx: &Tx<'_>,
    record: &CoopRecord,
    target: Option<Target>,
    inv: &Invocation,
    now: Millis,
) -> Result<(), Failure> {
    match target {
        Some(target) if record.coop.game.version != target.version => {
            let reply = board_reply(
                tx,
                record,
                &said(inv.lang, t!(inv.lang, "coop-stale-buttons")),
                inv,
                now,
            )?;
            Err(Failure::User(reply.updating_board()))
        }
        _ => Ok(()),
    }
}

/// A press on the board's number pad, by anyone in the channel: the pad is the board's,
/// one for everybody, as its message is. Every answer replaces that board.
fn pad(app: &App, inv: &Invocation, target: Target, action: PadAction) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, Some(target))?;
        fresh(tx, &record, Some(target), inv, now)?;
        let reply = match action {
            PadAction::Row(_) | PadAction::Column(_) | PadAction::ToggleNotes => {
                let lang = board_lang(&record);
                let chosen = super::game::choose(&mut record.pad, action, &record.coop.game, lang);
                let headline = t!(lang, "coop-said", text = chosen);
                tx.set_coop_pad(record.id, record.pad)?;
                board_reply(tx, &record, &headline, inv, now)?
            }
            PadAction::AutoNotes => auto_notes(tx, inv, record, now)?,
            PadAction::Digit(_) | PadAction::Erase => {
                let cell = record.pad.cell().ok_or_else(|| {
                    user_error(t!(
                        inv.lang,
                        "coop-said",
                        text = t!(inv.lang, "pad-no-cell")
                    ))
                })?;
                match action {
                    PadAction::Digit(d) if record.pad.notes => {
                        let read_at = record.coop.game.version;
                        record
                            .coop
                            .toggle_notes(&inv.player.id, cell, 1 << d)
                            .map_err(|e| refusal(tx, inv, e))?;
                        tx.save_coop(&record, read_at, &inv.player.id)?;
                        let headline = notes_updated(&record, inv, cell);
                        board_reply(tx, &record, &headline, inv, now)?
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

fn move_headline(
    record: &CoopRecord,
    inv: &Invocation,
    outcome: &CoopOutcome,
    now: Millis,
) -> String {
    let game = &record.coop.game;
    let lang = board_lang(record);
    let who = escape_markdown(&inv.player.name);
    if outcome.solved {
        return t!(
            lang,
            "coop-solved",
            time = render::duration(game.elapsed(now)),
            players = record.coop.players.len(),
            mistakes = game.mistakes,
            hints = game.hints,
            player = who.as_str()
        );
    }
    let mut parts = Vec::new();
    if !outcome.applied.is_empty() {
        parts.push(t!(
            lang,
            "coop-played",
            player = who.as_str(),
            moves = listed(&outcome.applied)
        ));
    }
    if !outcome.wrong.is_empty() {
        parts.push(t!(
            lang,
            "coop-wrong",
            player = who.as_str(),
            moves = listed(&outcome.wrong),
            count = outcome.wrong.len(),
            mistakes = game.mistakes
        ));
    }
    said(lang, parts.join(" "))
}

/// Auto-notes on the channel's board, typed or from its pad.
fn auto_notes(
    tx: &Tx<'_>,
    inv: &Invocation,
    mut record: CoopRecord,
    now: Millis,
) -> Result<Reply, Failure> {
    let read_at = record.coop.game.version;
    let changed = record
        .coop
        .fill_notes(&inv.player.id)
        .map_err(|e| refusal(tx, inv, e))?;
    if changed > 0 {
        tx.save_coop(&record, read_at, &inv.player.id)?;
    }
    let headline = said(
        board_lang(&record),
        t!(
            board_lang(&record),
            "coop-auto-notes",
            player = escape_markdown(&inv.player.name),
            count = changed
        ),
    );
    board_reply(tx, &record, &headline, inv, now)
}

fn note(
    app: &App,
    inv: &Invocation,
    cell: &str,
    digits: &str,
    target: Option<Target>,
) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let record = resolve_active(tx, inv, target)?;
        fresh(tx, &record, target, inv, now)?;
        if crate::app::command::is_auto_notes(cell) {
            if !digits.trim().is_empty() {
                return Err(user_error(said(
                    inv.lang,
                    t!(inv.lang, "coop-note-auto-no-digits"),
                )));
            }
            return auto_notes(tx, inv, record, now);
        }
        let mut record = record;
        let c = Cell::parse(cell).ok_or_else(|| {
            user_error(said(
                inv.lang,
                t!(inv.lang, "coop-note-bad-cell", found = excerpt(cell)),
            ))
        })?;
        let mask = parse_note_digits(digits).ok_or_else(|| {
            user_error(said(
                inv.lang,
                t!(
                    inv.lang,
                    "coop-note-bad-digits",
                    found = excerpt(digits),
                    cell = c.name()
                ),
            ))
        })?;
        let read_at = record.coop.game.version;
        record
            .coop
            .toggle_notes(&inv.player.id, c, mask)
            .map_err(|e| refusal(tx, inv, e))?;
        tx.save_coop(&record, read_at, &inv.player.id)?;
        let headline = notes_updated(&record, inv, c);
        board_reply(tx, &record, &headline, inv, now)
    })
}

fn undo(app: &App, inv: &Invocation, target: Option<Target>) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, target)?;
        let read_at = record.coop.game.version;
        let cells = record
            .coop
            .undo(&inv.player.id, target.map(|t| t.version))
            .map_err(|e| refusal(tx, inv, e))?;
        tx.save_coop(&record, read_at, &inv.player.id)?;
        let headline = said(
            board_lang(&record),
            t!(
                board_lang(&record),
                "coop-undone",
                player = escape_markdown(&inv.player.name),
                cells = cell_list(&cells)
            ),
        );
        let reply = board_reply(tx, &record, &headline, inv, now)?;
        Ok(if target.is_some() {
            reply.updating_board()
        } else {
            reply
        })
    })
}

fn check(app: &App, inv: &Invocation, target: Option<Target>) -> Result<Reply, Failure> {
    app.store().read(|tx| {
        let record = resolve_active(tx, inv, target)?;
        let game = &record.coop.game;
        Ok(Reply::private(said(
            inv.lang,
            t!(
                inv.lang,
                "coop-check",
                empty = game.remaining(),
                mistakes = game.mistakes
            ),
        )))
    })
}

fn hint(app: &App, inv: &Invocation, target: Option<Target>) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        let mut record = resolve_active(tx, inv, target)?;
        let read_at = record.coop.game.version;
        let (hint, depth) = record
            .coop
            .hint(&inv.player.id, app.now())
            .map_err(|e| refusal(tx, inv, e))?;
        tx.save_coop(&record, read_at, &inv.player.id)?;
        let mut text = crate::app::hints::hint_text(&hint, depth, inv.lang);
        if matches!(hint, Hint::Next(_)) && depth != Depth::Step {
            text.push('\n');
            text.push_str(&t!(inv.lang, "hint-ask-again"));
        }
        Ok(Reply::private(t!(inv.lang, "coop-hint", hint = text)))
    })
}

fn end(app: &App, inv: &Invocation) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, None)?;
        if record.starter != inv.player.id && !inv.is_admin {
            return Err(user_error(said(
                inv.lang,
                t!(
                    inv.lang,
                    "coop-end-not-yours",
                    starter = name_of(tx, &record.starter, inv.lang)?
                ),
            )));
        }
        let read_at = record.coop.game.version;
        record.coop.end(now).map_err(|e| refusal(tx, inv, e))?;
        tx.save_coop(&record, read_at, &inv.player.id)?;
        let headline = t!(
            board_lang(&record),
            "coop-ended",
            player = escape_markdown(&inv.player.name)
        );
        board_reply(tx, &record, &headline, inv, now)
    })
}
