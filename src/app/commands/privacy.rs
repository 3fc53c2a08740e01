//! `/sudoku forget-me`: delete everything stored about the caller, everywhere.

use crate::app::command::plain_custom_id;
use crate::app::reply::{Button, ButtonStyle, Reply};
use crate::app::{App, Failure, Invocation};

pub fn forget_me(app: &App, inv: &Invocation, confirmed: bool) -> Result<Reply, Failure> {
    if !confirmed {
        return Ok(Reply::private(
            "This deletes all your games, stats, streaks and daily results in every server, for good. Are you sure?",
        )
        .with_buttons(vec![Button {
            custom_id: plain_custom_id("forget-yes"),
            label: "Yes, delete everything".into(),
            style: ButtonStyle::Danger,
        }]));
    }
    app.store().write(|tx| {
        let games = tx.forget_player(&inv.player.id)?;
        Ok(Reply::private(format!(
            "Done: deleted {games} game{} and everything else stored about you.",
            if games == 1 { "" } else { "s" }
        )))
    })
}
