//! The public board message of a game: headline, board, status, and its buttons.

use crate::app::command::{Target, column_value, custom_id, row_value};
use crate::app::image::{Banner, BoardPicture, Tone};
use crate::app::render::{self, BoardStyle};
use crate::app::reply::{Button, ButtonStyle, Reply, Select, SelectOption};
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
            Some(tag) => super::race::tag_name(tag),
            None => "the daily puzzle".to_string(),
        };
        text.push_str(&format!(
            "**{}** solved {what} (board hidden: no spoilers).\n{}",
            render::escape_markdown(owner),
            status(record, now)
        ));
        return Reply::public(text);
    }
    // A player who chose pictures gets the board as a PNG; the words stay text.
    let picture = style == BoardStyle::Image;
    text.push_str(&title(record, owner));
    text.push('\n');
    let sealed = sealed(record);
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
    text.push_str(&status(record, now));
    if game.status == Status::GaveUp && !sealed {
        text.push('\n');
        text.push_str(final_legend(style));
    }
    if game.status == Status::Active {
        if let Some(legend) = render::legend(game).filter(|_| !picture) {
            text.push('\n');
            text.push_str(legend);
        }
        if let Some(cell) = record.pad.cell().filter(|_| !picture) {
            text.push('\n');
            text.push_str(&render::chosen_legend(cell));
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
            .map(|c| c.to_string())
            .collect();
        match conflicts.len() {
            0 => {}
            1 => text.push_str(&format!("\nConflict: {}.", conflicts[0])),
            n => {
                text.push_str(&format!(
                    "\nConflicts: {}",
                    conflicts[..n.min(3)].join("; ")
                ));
                if n > 3 {
                    text.push_str(&format!("; and {} more", n - 3));
                }
                text.push('.');
            }
        }
        if !picture {
            // The picture draws pencil marks in their cells.
            render::push_notes_line(&mut text, game);
        }
    }
    let reply = if daily {
        Reply::private(text)
    } else {
        Reply::public(text)
    };
    let reply = pictured_record(reply, record, style);
    if game.status == Status::Active {
        let target = Target {
            game: record.id,
            version: game.version,
        };
        with_pad(reply, game, record.pad, target, "pad", buttons(record))
    } else {
        reply
    }
}

/// `reply` with the number pad under it: the Row and Column menus (the chosen cell as
/// their defaults), the digits 1–9 and Erase, and a row of the notes toggle and
/// `actions`, at most four, or in notes mode Auto-notes and three (five rows in all,
/// Discord's limit). `prefix` names the
/// components (`pad` under a player's game, `coop-pad` under a co-op board).
pub fn with_pad(
    reply: Reply,
    game: &Game,
    pad: Pad,
    target: Target,
    prefix: &str,
    actions: Vec<Button>,
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
                .map(|cell| cell_description(game, cell)),
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
        label: "Erase".into(),
        style: ButtonStyle::Secondary,
    });
    let mut last = vec![Button {
        custom_id: id("notes"),
        label: if pad.notes { "Notes: on" } else { "Notes: off" }.into(),
        style: if pad.notes {
            ButtonStyle::Primary
        } else {
            ButtonStyle::Secondary
        },
    }];
    // Notes mode trades the last action (Give up, which a typed command still reaches) for
    // Auto-notes: five buttons is a row's limit, and filling candidates is a notes task.
    let room = if pad.notes {
        last.push(Button {
            custom_id: id("autonotes"),
            label: "Auto-notes".into(),
            style: ButtonStyle::Secondary,
        });
        3
    } else {
        4
    };
    last.extend(actions.into_iter().take(room));
    reply
        .with_select(Select {
            custom_id: id("row"),
            placeholder: "Row".into(),
            options: rows,
        })
        .with_select(Select {
            custom_id: id("col"),
            placeholder: "Column".into(),
            options: columns,
        })
        .with_buttons((1..=5).map(digit).collect())
        .with_buttons(second)
        .with_buttons(last)
        .offering_play()
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
fn cell_description(game: &Game, cell: Cell) -> String {
    match render::Look::of_game(game, cell) {
        render::Look::Given(d) => format!("{cell}: given {d}"),
        render::Look::Entry(d) | render::Look::Filled(d) => format!("{cell}: your {d}"),
        render::Look::Wrong(d) => format!("{cell}: your {d}, wrong"),
        render::Look::Empty => {
            let mask = game.notes[cell.index()];
            if mask == 0 {
                format!("{cell}: empty")
            } else {
                let digits: Vec<String> = (1..=9u8)
                    .filter(|d| mask & (1 << d) != 0)
                    .map(|d| d.to_string())
                    .collect();
                format!("{cell}: empty, notes {}", digits.join(" "))
            }
        }
    }
}

/// A finished game's board as its player sees it on asking: the final board (whose digits
/// were given, the player's, the bot's) and the result. Private for a daily: its grid is
/// everyone's puzzle.
pub fn finished(record: &GameRecord, owner: &str, style: BoardStyle, now: Millis) -> Reply {
    let game = &record.game;
    let how = match game.status {
        Status::Solved => "solved",
        _ if record.race.is_some() && crate::game::race::is_out(game) => "out: too many mistakes",
        _ if ran_out_of_time(record) => "unfinished: the race ran out of time",
        _ => "given up",
    };
    let sealed = sealed(record);
    let next = match record.race {
        Some(_) if sealed => "The solution shows when the race is over.",
        Some(_) => "Open another race with `/sudoku race`.",
        None => "Start a new one with `/sudoku new`.",
    };
    let mut text = format!(
        "Your last {} is over ({how}). {next}\n{}\n",
        game_name(record),
        title(record, owner),
    );
    if style != BoardStyle::Image {
        if sealed {
            text.push_str(&render::game_block(game, style));
        } else {
            text.push_str(&render::final_block(game, style));
        }
        text.push('\n');
    }
    text.push_str(&status(record, now));
    if game.status == Status::GaveUp && !sealed {
        text.push('\n');
        text.push_str(final_legend(style));
    }
    let reply = if hidden(record) {
        Reply::private(text)
    } else {
        Reply::public(text)
    };
    pictured_record(reply, record, style)
}

/// Whether a finished game's solution must stay hidden: a race game while its race is
/// still running, since a racer out of it could pass the answer to one still racing.
pub fn sealed(record: &GameRecord) -> bool {
    record.game.status != Status::Solved && record.race.is_some_and(|t| t.running)
}

/// [`pictured`], with the solution left out of a sealed race board.
fn pictured_record(reply: Reply, record: &GameRecord, style: BoardStyle) -> Reply {
    if style == BoardStyle::Image && sealed(record) {
        // Drawn as the board stood: the player's digits, none of the bot's.
        let mut as_left = record.game.clone();
        as_left.status = Status::Active;
        let mut picture = BoardPicture::from_game(&as_left);
        picture.banner = Some(Banner::new("Out of the race", Tone::Neutral));
        return reply.with_picture(picture);
    }
    if style == BoardStyle::Image {
        let mut picture = BoardPicture::from_game(&record.game);
        if record.game.status == Status::Active {
            picture.chosen = record.pad.cell();
        }
        return reply.with_picture(picture);
    }
    reply
}

/// What the marks of a given-up board mean.
fn final_legend(style: BoardStyle) -> &'static str {
    match style {
        BoardStyle::Image => {
            "Bold: givens · blue: your digits · red, hatched: your wrong digits · small amber: filled in by the bot"
        }
        _ => render::FINAL_LEGEND,
    }
}

/// `reply` with the game's board as a picture, when the player chose pictures; `chosen`
/// is the pad's chosen cell, framed.
pub fn pictured(reply: Reply, game: &Game, style: BoardStyle, chosen: Option<Cell>) -> Reply {
    if style == BoardStyle::Image {
        let mut picture = BoardPicture::from_game(game);
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
pub fn status(record: &GameRecord, now: Millis) -> String {
    let game = &record.game;
    if record.race.is_some() {
        let line =
            render::status_line_timed(game, game.finished_at.unwrap_or(now) - game.started_at);
        if crate::game::race::is_out(game) {
            line.replacen("given up", "out of the race", 1)
        } else if ran_out_of_time(record) {
            line.replacen("given up", "unfinished", 1)
        } else {
            line
        }
    } else {
        render::status_line(game, now)
    }
}

/// Whether the game's board is for its player alone: a daily's or a race's puzzle is
/// others' puzzle too.
pub fn hidden(record: &GameRecord) -> bool {
    record.daily_day.is_some() || record.race.is_some()
}

/// What a game is called in replies, so nobody plays in the wrong one: "Daily · 22 Nov",
/// "Easy game", "game".
pub fn game_name(record: &GameRecord) -> String {
    if let Some(tag) = record.race {
        return super::race::tag_name(tag);
    }
    match record.daily_day {
        Some(day) => format!("Daily · {}", day.strftime("%-d %b")),
        None => match record.game.difficulty {
            Some(tier) => format!("{} game", tier.title()),
            None => "game".to_string(),
        },
    }
}

/// The name as its player reads it: "your Easy game", "Daily · 22 Nov".
pub fn your_game(record: &GameRecord) -> String {
    if hidden(record) {
        game_name(record)
    } else {
        format!("your {}", game_name(record))
    }
}

/// The line over a board: whose game, and which.
fn title(record: &GameRecord, owner: &str) -> String {
    let owner = render::escape_markdown(owner);
    if hidden(record) {
        format!("**{owner}** · {}", game_name(record))
    } else {
        format!("**{owner}**'s {}", game_name(record))
    }
}

/// Hint, Check, Undo, Give up: each id names the game and the version it was drawn at.
/// A race board has no Hint: hints are off in races.
pub fn buttons(record: &GameRecord) -> Vec<Button> {
    let target = Target {
        game: record.id,
        version: record.game.version,
    };
    actions(target, record.race.is_some())
}

/// The action buttons of a board drawn at `target`; a race's has no Hint.
fn actions(target: Target, race: bool) -> Vec<Button> {
    let button = |action: &str, label: &str, style| Button {
        custom_id: custom_id(action, target),
        label: label.into(),
        style,
    };
    let mut row = vec![
        button("hint", "Hint", ButtonStyle::Primary),
        button("check", "Check", ButtonStyle::Secondary),
        button("undo", "Undo", ButtonStyle::Secondary),
        button("giveup", "Give up", ButtonStyle::Danger),
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
        actions(target, false),
    );
    (picture, reply)
}
