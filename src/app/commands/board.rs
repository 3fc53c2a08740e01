//! The public board message of a game: headline, board, status, and its buttons.

use crate::app::Invocation;
use crate::app::command::{Target, column_value, custom_id, row_value};
use crate::app::components::{Button, ButtonStyle, Select, SelectOption};
use crate::app::i18n::{Lang, t, yes};
use crate::app::image::{Banner, BoardPicture, Tone};
use crate::app::render::{self, BoardStyle};
use crate::app::reply::{MAX_BUTTONS_PER_ROW, MAX_CONTENT, Reply};
use crate::engine::Cell;
use crate::game::{Game, Millis, Pad, Status};
use crate::store::GameRecord;

/// The board message for `record`, under `headline`.
///
/// A free game's board is public: playing together is the point. A daily game is
/// everyone's same puzzle, so its board would hand rivals the player's digits: it stays
/// private while the game runs, a solve is announced without the grid, and a give-up's
/// solution is shown to the player alone.
pub fn reply(
    record: &GameRecord,
    owner: &str,
    headline: &str,
    style: BoardStyle,
    lang: Lang,
    now: Millis,
) -> Reply {
    let game = &record.game;
    // A daily or a race is everyone's same puzzle: its board is its player's alone.
    let daily = hidden(record);
    let mut text = String::new();
    if !headline.is_empty() {
        text.push_str(headline);
        text.push('\n');
    }
    if daily && game.status == Status::Solved {
        let what = match record.race {
            Some(tag) => super::race::tag_name(tag, lang),
            None => t!(lang, "board-the-daily"),
        };
        text.push_str(&t!(
            lang,
            "board-solved-hidden",
            owner = render::escape_markdown(owner),
            what = what
        ));
        text.push('\n');
        text.push_str(&status(record, lang, now));
        return Reply::public(text);
    }
    // A player who chose pictures gets the board as a PNG; the words stay text.
    let picture = style == BoardStyle::Image;
    text.push_str(&title(record, owner, lang));
    text.push('\n');
    let sealed = sealed(record, now);
    if !picture {
        match game.status {
            Status::GaveUp if !sealed => {
                // The solution, so the player can see what they missed and what was theirs.
                text.push_str(&render::final_block(game, style));
            }
            Status::Active => {
                text.push_str(&render::game_block_chosen(game, style, record.pad.cell()));
            }
            _ => text.push_str(&render::game_block(game, style)),
        }
        text.push('\n');
    }
    text.push_str(&status(record, lang, now));
    if game.status == Status::GaveUp && !sealed {
        text.push('\n');
        text.push_str(&final_legend(style, lang));
    }
    if game.status == Status::Active {
        if let Some(legend) = render::legend(game, lang).filter(|_| !picture) {
            text.push('\n');
            text.push_str(&legend);
        }
        if let Some(cell) = record.pad.cell().filter(|_| !picture) {
            text.push('\n');
            text.push_str(&render::chosen_legend(game, cell, lang));
        }
        // Every clash, so the player sees all they must fix; a few at most, since one
        // wrong digit can clash in its row, column and box at once.
        // Two cells of one row and box clash in both houses: name the pair once.
        let mut pairs = Vec::new();
        // Without check-as-you-go the bot points out nothing a check would.
        let conflicts: Vec<String> = game
            .board
            .conflicts()
            .filter(|_| game.check_as_you_go)
            .filter(|c| {
                let pair = (c.first, c.second);
                let new = !pairs.contains(&pair);
                pairs.push(pair);
                new
            })
            .map(|c| render::conflict_text(&c, lang))
            .collect();
        if !conflicts.is_empty() {
            let n = conflicts.len();
            text.push('\n');
            text.push_str(&t!(
                lang,
                "board-conflicts",
                count = n,
                list = conflicts[..n.min(3)].join("; "),
                more = n.saturating_sub(3)
            ));
        }
        if !picture {
            // The picture draws pencil marks in their cells.
            push_notes_line(&mut text, game, lang);
        }
    }
    let reply = if daily {
        Reply::private(text)
    } else {
        Reply::public(text)
    };
    let reply = pictured_record(reply, record, style, lang, now);
    if game.status == Status::Active {
        let target = Target {
            game: record.id,
            version: game.version,
        };
        with_pad(
            reply,
            game,
            record.pad,
            target,
            "pad",
            buttons(record, lang),
            lang,
        )
    } else {
        reply
    }
}

/// Appends the pencil-mark line under a board, in the room a Discord message has left
/// (and never more than 600 characters: a board must stay readable). With the message,
/// not in `render`: the text board knows nothing of the message it goes in.
pub fn push_notes_line(text: &mut String, game: &Game, lang: Lang) {
    let room = MAX_CONTENT
        .saturating_sub(text.chars().count() + 1)
        .min(600);
    if let Some(notes) = render::notes_line(game, room, lang) {
        text.push('\n');
        text.push_str(&notes);
    }
}

/// [`reply`] to the invocation's player: their name, board style and language.
pub fn reply_to(inv: &Invocation, record: &GameRecord, headline: &str, now: Millis) -> Reply {
    reply(record, &inv.player.name, headline, inv.style, inv.lang, now)
}

/// `reply` with the number pad under it: the Row and Column menus (the chosen cell as
/// their defaults), the digits 1–9 and Erase, and a row of the notes toggle and
/// `actions`, at most four, whose last place notes mode gives to Auto-notes (five rows in
/// all, Discord's limit). `prefix` names the components (`pad` under a player's game,
/// `coop-pad` under a co-op board).
pub fn with_pad(
    reply: Reply,
    game: &Game,
    pad: Pad,
    target: Target,
    prefix: &str,
    actions: Vec<Button>,
    lang: Lang,
) -> Reply {
    let id = |name: &str| custom_id(&format!("{prefix}-{name}"), target);
    let rows = (0..9u8)
        .map(|r| SelectOption {
            label: row_value(r),
            value: row_value(r),
            description: Some(row_description(game, r)),
            default: pad.row == Some(r),
        })
        .collect();
    let columns = (0..9u8)
        .map(|c| SelectOption {
            label: column_value(c),
            value: column_value(c),
            description: pad
                .row
                .and_then(|r| Cell::at(usize::from(r), usize::from(c)))
                .map(|cell| cell_description(game, cell, lang)),
            default: pad.column == Some(c),
        })
        .collect();
    let chosen = pad.cell();
    // A digit button is highlighted when the chosen cell holds it (or, in notes mode,
    // has it as a note).
    let lit = |d: u8| {
        chosen.is_some_and(|cell| {
            if pad.notes {
                game.notes[cell.index()] & (1 << d) != 0
            } else {
                game.board.get(cell) == Some(d)
            }
        })
    };
    let digit = |d: u8| Button {
        custom_id: id(&d.to_string()),
        label: d.to_string(),
        style: if lit(d) {
            ButtonStyle::Primary
        } else {
            ButtonStyle::Secondary
        },
    };
    let mut second: Vec<Button> = (6..=9).map(digit).collect();
    second.push(Button {
        custom_id: id("erase"),
        label: t!(lang, "pad-erase"),
        style: ButtonStyle::Secondary,
    });
    let mut last = vec![Button {
        custom_id: id("notes"),
        label: t!(lang, "pad-notes", on = yes(pad.notes)),
        style: if pad.notes {
            ButtonStyle::Primary
        } else {
            ButtonStyle::Secondary
        },
    }];
    last.extend(actions.into_iter().take(MAX_BUTTONS_PER_ROW - 1));
    // Auto-notes is a notes task: notes mode shows it in the row's last place, Give up's
    // when the row is full (Give up asks first, and a typed command still reaches it).
    // Every other button keeps its place in both modes, so a thumb that knows where Undo
    // is never presses Check.
    if pad.notes {
        let auto = Button {
            custom_id: id("autonotes"),
            label: t!(lang, "pad-auto-notes"),
            style: ButtonStyle::Secondary,
        };
        if last.len() == MAX_BUTTONS_PER_ROW {
            last.pop();
        }
        last.push(auto);
    }
    reply
        .with_select(Select {
            custom_id: id("row"),
            placeholder: t!(lang, "pad-row"),
            options: rows,
        })
        .with_select(Select {
            custom_id: id("col"),
            placeholder: t!(lang, "pad-column"),
            options: columns,
        })
        .with_buttons((1..=5).map(digit).collect())
        .with_buttons(second)
        .with_buttons(last)
        .offering_play(lang)
}

/// A row as its menu option describes it: `5 3 · · 7 · · · ·`.
fn row_description(game: &Game, row: u8) -> String {
    (0..9)
        .filter_map(|c| Cell::at(usize::from(row), c))
        .map(|cell| match game.board.get(cell) {
            Some(d) => char::from(b'0' + d),
            None => '·',
        })
        .map(String::from)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A cell as its column option describes it: `B7: given 5`, `B7: your 3`, `B7: notes 2 5 7`.
fn cell_description(game: &Game, cell: Cell, lang: Lang) -> String {
    let cell_name = cell.name();
    match render::Look::of_game(game, cell) {
        render::Look::Given(d) => t!(lang, "pad-cell-given", cell = cell_name, digit = d),
        render::Look::Entry(d) | render::Look::Filled(d) => {
            t!(lang, "pad-cell-yours", cell = cell_name, digit = d)
        }
        render::Look::Wrong(d) => t!(lang, "pad-cell-wrong", cell = cell_name, digit = d),
        render::Look::Empty => {
            let mask = game.notes[cell.index()];
            if mask == 0 {
                t!(lang, "pad-cell-empty", cell = cell_name)
            } else {
                let digits: Vec<String> = (1..=9u8)
                    .filter(|d| mask & (1 << d) != 0)
                    .map(|d| d.to_string())
                    .collect();
                t!(
                    lang,
                    "pad-cell-notes",
                    cell = cell_name,
                    notes = digits.join(" ")
                )
            }
        }
    }
}

/// A finished game's board as its player sees it on asking: the final board (whose digits
/// were given, the player's, the bot's) and the result. Private for a daily: its grid is
/// everyone's puzzle.
pub fn finished(
    record: &GameRecord,
    owner: &str,
    style: BoardStyle,
    lang: Lang,
    now: Millis,
) -> Reply {
    let game = &record.game;
    let how = match game.status {
        Status::Solved => "solved",
        _ if record.race.is_some() && crate::game::race::is_out(game) => "out",
        _ if ran_out_of_time(record) => "timed-out",
        _ => "given-up",
    };
    let sealed = sealed(record, now);
    let next = match record.race {
        Some(_) if sealed => "sealed",
        Some(_) => "race",
        None if sealed => "sealed-daily",
        None => "game",
    };
    let mut text = t!(
        lang,
        "board-last-game-over",
        game = game_name(record, lang),
        how = how,
        next = next
    );
    text.push('\n');
    text.push_str(&title(record, owner, lang));
    text.push('\n');
    if style != BoardStyle::Image {
        if sealed {
            text.push_str(&render::game_block(game, style));
        } else {
            text.push_str(&render::final_block(game, style));
        }
        text.push('\n');
    }
    text.push_str(&status(record, lang, now));
    if game.status == Status::GaveUp && !sealed {
        text.push('\n');
        text.push_str(&final_legend(style, lang));
    }
    let reply = if hidden(record) {
        Reply::private(text)
    } else {
        Reply::public(text)
    };
    pictured_record(reply, record, style, lang, now)
}

/// Whether a finished game's solution must stay hidden: a race game while its race is
/// still running, since a racer out of it could pass the answer to one still racing; a
/// daily while its server's day runs, since a second account that gives up would pass
/// it to the first.
pub fn sealed(record: &GameRecord, now: Millis) -> bool {
    record.game.status != Status::Solved
        && (record.race.is_some_and(|t| t.running) || record.daily_end.is_some_and(|end| now < end))
}

/// [`pictured`], with the solution left out of a sealed race board.
fn pictured_record(
    reply: Reply,
    record: &GameRecord,
    style: BoardStyle,
    lang: Lang,
    now: Millis,
) -> Reply {
    if style == BoardStyle::Image && sealed(record, now) {
        // Drawn as the board stood: the player's digits, none of the bot's.
        let mut as_left = record.game.clone();
        as_left.status = Status::Active;
        let mut picture = BoardPicture::from_game_in(&as_left, lang);
        let banner = match record.race {
            Some(_) => t!(lang, "banner-out-of-race"),
            None => t!(lang, "banner-given-up"),
        };
        picture.banner = Some(Banner::new(banner, Tone::Neutral));
        return reply.with_picture(picture);
    }
    if style == BoardStyle::Image {
        let mut picture = BoardPicture::from_game_in(&record.game, lang);
        if record.game.status == Status::Active {
            picture.chosen = record.pad.cell();
        }
        return reply.with_picture(picture);
    }
    reply
}

/// What the marks of a given-up board mean.
fn final_legend(style: BoardStyle, lang: Lang) -> String {
    match style {
        BoardStyle::Image => t!(lang, "board-final-legend-image"),
        _ => render::final_legend(lang),
    }
}

/// `reply` with the game's board as a picture, when the player chose pictures; `chosen`
/// is the pad's chosen cell, framed.
pub fn pictured(
    reply: Reply,
    game: &Game,
    style: BoardStyle,
    chosen: Option<Cell>,
    lang: Lang,
) -> Reply {
    if style == BoardStyle::Image {
        let mut picture = BoardPicture::from_game_in(game, lang);
        picture.chosen = chosen.filter(|_| game.status == Status::Active);
        reply.with_picture(picture)
    } else {
        reply
    }
}

/// Whether a race game was ended by the race's time limit, not given up: everyone's
/// race game starts with the race, so one that lasted the whole limit was ended by it.
fn ran_out_of_time(record: &GameRecord) -> bool {
    let game = &record.game;
    record.race.is_some()
        && game.status != Status::Solved
        && game
            .finished_at
            .is_some_and(|end| end - game.started_at >= crate::game::race::RACE_LIMIT_MS)
}

/// The status line of a game: a race's time is wall time since the race started (the
/// scoreboard's and the result's time), every other game's is play time (pauses capped).
pub fn status(record: &GameRecord, lang: Lang, now: Millis) -> String {
    let game = &record.game;
    if record.race.is_some() {
        let ended = if crate::game::race::is_out(game) {
            Some(t!(lang, "status-out"))
        } else if ran_out_of_time(record) {
            Some(t!(lang, "status-unfinished"))
        } else {
            None
        };
        render::status_line_timed(
            game,
            game.finished_at.unwrap_or(now) - game.started_at,
            lang,
            ended,
        )
    } else {
        render::status_line(game, now, lang)
    }
}

/// Whether the game's board is for its player alone: a daily's or a race's puzzle is
/// others' puzzle too.
pub fn hidden(record: &GameRecord) -> bool {
    record.daily_day.is_some() || record.race.is_some()
}

/// What a game is called in replies, so nobody plays in the wrong one: "Daily · 22 Nov",
/// "Easy game", "game".
pub fn game_name(record: &GameRecord, lang: Lang) -> String {
    if let Some(tag) = record.race {
        return super::race::tag_name(tag, lang);
    }
    match record.daily_day {
        Some(day) => t!(lang, "game-name-daily", day = render::short_date(day, lang)),
        None => t!(
            lang,
            "game-name",
            tier = record
                .game
                .difficulty
                .map_or("none", crate::engine::Tier::name)
        ),
    }
}

/// The name as its player reads it: "your Easy game", "Daily · 22 Nov".
pub fn your_game(record: &GameRecord, lang: Lang) -> String {
    if hidden(record) {
        game_name(record, lang)
    } else {
        t!(lang, "game-name-yours", game = game_name(record, lang))
    }
}

/// The line over a board: whose game, and which.
fn title(record: &GameRecord, owner: &str, lang: Lang) -> String {
    let owner = render::escape_markdown(owner);
    if hidden(record) {
        format!("**{owner}** · {}", game_name(record, lang))
    } else {
        t!(
            lang,
            "board-title",
            elide = render::elides(&owner),
            owner = owner,
            game = game_name(record, lang)
        )
    }
}

/// Hint, Check, Undo, Give up: each id names the game and the version it was drawn at.
/// A race board has no Hint: hints are off in races.
pub fn buttons(record: &GameRecord, lang: Lang) -> Vec<Button> {
    let target = Target {
        game: record.id,
        version: record.game.version,
    };
    actions(target, record.race.is_some(), lang)
}

/// The action buttons of a board drawn at `target`; a race's has no Hint.
fn actions(target: Target, race: bool, lang: Lang) -> Vec<Button> {
    let button = |action: &str, label: String, style| Button {
        custom_id: custom_id(action, target),
        label,
        style,
    };
    let mut row = vec![
        button("hint", t!(lang, "button-hint"), ButtonStyle::Primary),
        button("check", t!(lang, "button-check"), ButtonStyle::Secondary),
        button("undo", t!(lang, "button-undo"), ButtonStyle::Secondary),
        button("giveup", t!(lang, "button-give-up"), ButtonStyle::Danger),
    ];
    if race {
        row.remove(0);
    }
    row
}

/// A free game's board as its player would see it with `pad` under it: the picture (the
/// chosen cell framed) and the components, for `sudoku-bot render --controls`.
pub fn preview(game: &Game, pad: Pad) -> (BoardPicture, Reply) {
    let mut picture = BoardPicture::from_game(game);
    picture.chosen = pad.cell();
    let target = Target {
        game: 1,
        version: game.version,
    };
    let reply = with_pad(
        Reply::public(String::new()),
        game,
        pad,
        target,
        "pad",
        actions(target, false, Lang::En),
        Lang::En,
    );
    (picture, reply)
}
