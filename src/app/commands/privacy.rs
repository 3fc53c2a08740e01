//! `/sudoku forget-me`: delete everything stored about the caller, everywhere.

use crate::app::command::plain_custom_id;
use crate::app::components::{Button, ButtonStyle};
use crate::app::i18n::t;
use crate::app::reply::Reply;
use crate::app::{App, Failure, Invocation};
use crate::game::daily::server_day;

/// How long a forgotten player's challenge ratings are kept, under a one-way fingerprint
/// and nothing else: a player who forgets themself and comes back within it finds the
/// rating they left (forget-me resets no rating), after it a fresh start.
pub const RATING_KEPT_MS: crate::game::Millis = 90 * 24 * 60 * 60 * 1000;

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
        let now = app.now();
        // A race or challenge still being played is given up first, and settled as it
        // stands: forgetting oneself is no way out of a loss (the rating is written
        // now, before the player is forgotten; none is ever written after).
        for id in tx.active_race_games_of(&inv.player.id)? {
            if let Some(mut record) = tx.game(id)?
                && record.game.give_up(now).is_ok()
            {
                tx.save_game(id, &record.game)?;
                if let Some(tag) = record.race {
                    super::race::forfeit(tx, tag.id, &inv.player.id, now)?;
                }
                super::race::record_give_up(tx, &record, now)?;
            }
        }
        let games = tx.forget_player(&inv.player.id, keep_from)?;
        tx.forget_coop_player(&inv.player.id)?;
        tx.forget_race_player(&inv.player.id, now, now + RATING_KEPT_MS)?;
        // Their web boards and Activity sessions end too: a session is a 12-hour token
        // the bot cannot take back, so the ones issued before now are refused from now on.
        tx.end_web_sessions(&inv.player.id, now, crate::app::web::SESSION_TTL_MS)?;
        Ok(Reply::private(t!(inv.lang, "forget-done", games = games)))
    })
}
