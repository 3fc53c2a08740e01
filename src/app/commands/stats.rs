//! `/sudoku stats [player]`: your own record across every place, or another player's
//! record in this place only (what they play in other servers and in DMs is theirs).

use crate::app::i18n::{t, yes};
use crate::app::render::{duration, tier_name};
use crate::app::{App, Failure, Invocation, Reply, user_error};

pub fn run(app: &App, inv: &Invocation, player: Option<&str>) -> Result<Reply, Failure> {
    app.store().read(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        let (id, name) = match player {
            None => (inv.player.id.clone(), inv.player.name.clone()),
            Some(asked) => {
                // A Discord mention arrives as `<@123>`; a typed name is looked up, with
                // or without its `@` (`stats @bob` names bob, as `challenge @bob` does).
                let asked = asked.trim();
                let bare = asked
                    .trim_start_matches("<@")
                    .trim_start_matches('!')
                    .trim_end_matches('>');
                let found = match tx.player_by_name(bare)? {
                    Some(id) => Some(id),
                    None => match bare.strip_prefix('@') {
                        Some(name) if !name.is_empty() => tx.player_by_name(name)?,
                        _ => None,
                    },
                };
                let id = found.ok_or_else(|| {
                    user_error(t!(
                        inv.lang,
                        "stats-unknown-player",
                        name = crate::engine::parse::excerpt(asked, 32)
                    ))
                })?;
                let name = tx.player_name(&id)?.unwrap_or_else(|| asked.to_string());
                (id, name)
            }
        };
        let own = id == inv.player.id;
        let stats = tx.player_stats(&id, (!own).then_some(inv.place.key()))?;
        let lang = inv.lang;
        let mut text = t!(
            lang,
            "stats-title",
            elide = crate::app::render::elides(&name),
            name = crate::app::render::escape_markdown(&name),
            here = yes(!own),
            started = stats.started,
            solved = stats.solved,
            given_up = stats.gave_up
        );
        for d in &stats.by_difficulty {
            text.push('\n');
            text.push_str(&t!(
                lang,
                "stats-tier",
                tier = match d.difficulty {
                    Some(_) => tier_name(d.difficulty, lang),
                    None => t!(lang, "stats-no-tier"),
                },
                solved = d.solved,
                best = d.best.map_or("-".into(), duration),
                average = d.average.map_or("-".into(), duration)
            ));
        }
        if let Some(line) =
            super::coop::stats_line(tx, &id, (!own).then_some(inv.place.key()), inv.lang)?
        {
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
            text.push('\n');
            text.push_str(&t!(lang, "stats-none", own = yes(own)));
        }
        Ok(Reply::public(text))
    })
}
