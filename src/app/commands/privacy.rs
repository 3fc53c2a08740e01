//! `/sudoku forget-me`: delete everything stored about the caller, everywhere.

use crate::app::command::plain_custom_id;
use crate::app::i18n::t;
use crate::app::reply::{Button, ButtonStyle, Reply};
use crate::app::{App, Failure, Invocation};
use crate::game::daily::server_day;

pub fn forget_me(app: &App, inv: &Invocation, confirmed: bool) -> Result<Reply, Failure> {
    if !confirmed {
        return Ok(
            Reply::private(t!(inv.lang, "forget-ask")).with_buttons(vec![Button {
                custom_id: plain_custom_id("forget-yes"),
                label: t!(inv.lang, "button-forget-yes"),
                style: ButtonStyle::Danger,
            }]),
        );
    }
    // Any server day still running began at most a day before today in UTC (zones run
    // from UTC-12 to UTC+14): attempts from then on are remembered until they end.
    let utc_today = server_day(app.now(), &jiff::tz::TimeZone::UTC);
    let keep_from = utc_today
        .checked_sub(jiff::Span::new().days(2))
        .unwrap_or(jiff::civil::Date::MIN);
    app.store().write(|tx| {
        let games = tx.forget_player(&inv.player.id, keep_from)?;
        tx.forget_coop_player(&inv.player.id)?;
        tx.forget_race_player(&inv.player.id)?;
        Ok(Reply::private(t!(inv.lang, "forget-done", games = games)))
    })
}
