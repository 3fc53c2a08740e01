//! `/sudoku settings`: how a player likes to play, for their new games.

use crate::app::{App, Failure, Invocation, Reply};

pub fn run(app: &App, inv: &Invocation, check_as_you_go: Option<bool>) -> Result<Reply, Failure> {
    let show = |on: bool| if on { "on" } else { "off" };
    let explain = |on: bool| {
        if on {
            "a wrong digit is marked `!5!` and counted as a mistake when you place it"
        } else {
            "wrong digits are neither marked nor counted until you `check` or `submit`; then each counts once"
        }
    };
    app.store().write(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        let before = tx.check_as_you_go(&inv.player.id)?;
        let Some(on) = check_as_you_go else {
            return Ok(Reply::private(format!(
                "**Your settings**\nCheck-as-you-go: **{}**: {}.\nChange it with `/sudoku settings check-as-you-go:{}`.",
                show(before),
                explain(before),
                show(!before)
            )));
        };
        tx.set_check_as_you_go(&inv.player.id, on)?;
        let change = if on == before { "stays" } else { "is now" };
        Ok(Reply::private(format!(
            "Check-as-you-go {change} **{}**: {}. It applies to the games you start from now on (races always check as you go, so their scoreboards compare alike); leaderboards mark times made without it.",
            show(on),
            explain(on)
        )))
    })
}
