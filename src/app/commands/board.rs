//! The public board message of a game: headline, board, status, and its buttons.

use crate::app::command::{Target, custom_id};
use crate::app::render::{self, BoardStyle};
use crate::app::reply::{Button, ButtonStyle, MAX_CONTENT, Reply};
use crate::game::{Game, Millis, Status};
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
    let daily = record.daily_day.is_some();
    let mut text = String::new();
    if !headline.is_empty() {
        text.push_str(headline);
        text.push('\n');
    }
    if daily && game.status == Status::Solved {
        text.push_str(&format!(
            "**{}** solved the daily puzzle (board hidden: no spoilers).\n{}",
            render::escape_markdown(owner),
            render::status_line(game, now)
        ));
        return Reply::public(text);
    }
    text.push_str(&format!("**{}**'s game\n", render::escape_markdown(owner)));
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
        // Every clash, so the player sees all they must fix; a few at most, since one
        // wrong digit can clash in its row, column and box at once.
        // Two cells of one row and box clash in both houses: name the pair once.
        let mut pairs = Vec::new();
        let conflicts: Vec<String> = game
            .board
            .conflicts()
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
        let room = MAX_CONTENT
            .saturating_sub(text.chars().count() + 1)
            .min(600);
        if let Some(notes) = render::notes_line(game, room) {
            text.push('\n');
            text.push_str(&notes);
        }
    }
    let reply = if daily {
        Reply::private(text)
    } else {
        Reply::public(text)
    };
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
