//! `/sudoku stats [player]`: your own record across every place, or another player's
//! record in this place only (what they play in other servers and in DMs is theirs).

use crate::app::render::duration;
use crate::app::{App, Failure, Invocation, Reply, user_error};

pub fn run(app: &App, inv: &Invocation, player: Option<&str>) -> Result<Reply, Failure> {
    app.store().read(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        let (id, name) = match player {
            None => (inv.player.id.clone(), inv.player.name.clone()),
            Some(asked) => {
                // A Discord mention arrives as `<@123>`; a typed name is looked up.
                let asked = asked.trim();
                let bare = asked
                    .trim_start_matches("<@")
                    .trim_start_matches('!')
                    .trim_end_matches('>');
                let id = tx.player_by_name(bare)?.ok_or_else(|| {
                    user_error(format!(
                        "I don't know a player called `{}` yet.",
                        crate::engine::parse::excerpt(asked, 32)
                    ))
                })?;
                let name = tx.player_name(&id)?.unwrap_or_else(|| asked.to_string());
                (id, name)
            }
        };
        let own = id == inv.player.id;
        let stats = tx.player_stats(&id, (!own).then_some(inv.place.key()))?;
        let mut text = format!(
            "**Stats for {}**{}\nGames: {} started · {} solved · {} given up",
            crate::app::render::escape_markdown(&name),
            if own { "" } else { " (here)" },
            stats.started,
            stats.solved,
            stats.gave_up
        );
        for d in &stats.by_difficulty {
            let tier = d.difficulty.map_or("No tier", |t| t.title());
            text.push_str(&format!(
                "\n{tier}: {} solved · best {} · average {}",
                d.solved,
                d.best.map_or("-".into(), duration),
                d.average.map_or("-".into(), duration)
            ));
        }
        if let Some(line) = super::coop::stats_line(tx, &id, (!own).then_some(inv.place.key()))? {
            text.push('\n');
            text.push_str(&line);
        }
        if let Some(line) = super::race::stats_line(
            tx,
            &id,
            (!own).then_some(inv.place.key()),
            inv.place.key(),
            inv.lang,
        )? {
            text.push('\n');
            text.push_str(&line);
        }
        for line in super::daily::stats_lines(tx, &id, inv.place.key(), app.now(), inv.lang)? {
            text.push('\n');
            text.push_str(&line);
        }
        if stats.started == 0 {
            text.push_str(if own {
                "\nNo games yet: start one with `/sudoku new`."
            } else {
                "\nNo games here yet."
            });
        }
        Ok(Reply::public(text))
    })
}
