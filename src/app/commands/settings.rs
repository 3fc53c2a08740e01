//! `/sudoku settings`: how a player likes to play: check-as-you-go for their new games,
//! and boards as text or as pictures (every board reply from now on).

use crate::app::{App, Failure, Invocation, Reply};

pub fn run(
    app: &App,
    inv: &Invocation,
    check_as_you_go: Option<bool>,
    board_picture: Option<bool>,
) -> Result<Reply, Failure> {
    let show = |on: bool| if on { "on" } else { "off" };
    let explain_checks = |on: bool| {
        if on {
            "a wrong digit is marked `!5!` and counted as a mistake when you place it"
        } else {
            "wrong digits are neither marked nor counted until you `check` or `submit`; then each counts once"
        }
    };
    let board = |picture: bool| if picture { "image" } else { "text" };
    let explain_board = |picture: bool| {
        if picture {
            "a picture with your pencil marks in their cells (the status stays as text)"
        } else {
            "a text grid you can copy and paste back"
        }
    };
    app.store().write(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        let checks_before = tx.check_as_you_go(&inv.player.id)?;
        let picture_before = tx.board_picture(&inv.player.id)?;
        if check_as_you_go.is_none() && board_picture.is_none() {
            return Ok(Reply::private(format!(
                "**Your settings**\nCheck-as-you-go: **{}**: {}.\nBoards: **{}**: {}.\nChange them with `/sudoku settings check-as-you-go:{}` or `/sudoku settings board:{}`.",
                show(checks_before),
                explain_checks(checks_before),
                board(picture_before),
                explain_board(picture_before),
                show(!checks_before),
                board(!picture_before),
            )));
        }
        let mut lines = Vec::new();
        if let Some(on) = check_as_you_go {
            tx.set_check_as_you_go(&inv.player.id, on)?;
            let change = if on == checks_before { "stays" } else { "is now" };
            lines.push(format!(
                "Check-as-you-go {change} **{}**: {}. It applies to the games you start from now on (races always check as you go, so their scoreboards compare alike); leaderboards mark times made without it.",
                show(on),
                explain_checks(on)
            ));
        }
        if let Some(picture) = board_picture {
            tx.set_board_picture(&inv.player.id, picture)?;
            lines.push(if picture == picture_before {
                format!(
                    "Your boards stay **{}**: {}.",
                    board(picture),
                    explain_board(picture)
                )
            } else {
                format!(
                    "Your boards are now **{}**: {}, from your next reply on, in every game.",
                    board(picture),
                    explain_board(picture)
                )
            });
        }
        Ok(Reply::private(lines.join("\n")))
    })
}
