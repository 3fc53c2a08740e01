//! The public board message of a game: headline, board, status, and its buttons.

use crate::app::command::{Target, custom_id};
use crate::app::render::{self, BoardStyle};
use crate::app::reply::{Button, ButtonStyle, MAX_CONTENT, Reply};
use crate::game::{Game, Millis, Status};
use crate::store::GameRecord;

/// The board message for `record`, under `headline`.
pub fn reply(
    record: &GameRecord,
    owner: &str,
    headline: &str,
    style: BoardStyle,
    now: Millis,
) -> Reply {
    let game = &record.game;
    let mut text = String::new();
    if !headline.is_empty() {
        text.push_str(headline);
        text.push('\n');
    }
    text.push_str(&format!("**{owner}**'s game\n"));
    match game.status {
        Status::GaveUp => {
            // The solution, so the player can see what they missed.
            text.push_str(&render::grid_block(&game.solution, style));
        }
        _ => text.push_str(&render::game_block(game, style)),
    }
    text.push('\n');
    text.push_str(&render::status_line(game, now));
    if game.status == Status::Active {
        if let Some(legend) = render::legend(game) {
            text.push('\n');
            text.push_str(legend);
        }
        if let Some(conflict) = game.board.conflict() {
            text.push_str(&format!("\nConflict: {conflict}."));
        }
        let room = MAX_CONTENT
            .saturating_sub(text.chars().count() + 1)
            .min(600);
        if let Some(notes) = render::notes_line(game, room) {
            text.push('\n');
            text.push_str(&notes);
        }
    }
    let reply = Reply::public(text);
    if game.status == Status::Active {
        reply.with_buttons(buttons(record.id, game))
    } else {
        reply
    }
}

/// Hint, Check, Undo, Give up: each id names the game and the version it was drawn at.
pub fn buttons(id: i64, game: &Game) -> Vec<Button> {
    let target = Target {
        game: id,
        version: game.version,
    };
    let button = |action: &str, label: &str, style| Button {
        custom_id: custom_id(action, target),
        label: label.into(),
        style,
    };
    vec![
        button("hint", "Hint", ButtonStyle::Primary),
        button("check", "Check", ButtonStyle::Secondary),
        button("undo", "Undo", ButtonStyle::Secondary),
        button("giveup", "Give up", ButtonStyle::Danger),
    ]
}
