//! `/sudoku solve <grid>`: solve any pasted grid, no game needed.
//!
//! The fair-play rule: `/sudoku solve` never answers *differently* because of whose
//! puzzle a grid is, since any difference (a refusal for a right guess, an answer for a
//! wrong one) is an oracle a player can probe one digit at a time. So:
//! - while the asker has ranked play running (today's daily opened and not finished, a
//!   race or a challenge they are still in), every solve of theirs gets the same fixed
//!   reply, whatever the grid, readable or not;
//! - otherwise it solves anything except the asker's own games in progress and a co-op
//!   board running in this server (an answer in the channel would end the team's game
//!   for it). Neither is ranked, so refusing them leaks nothing worth having.
//!
//! Nobody else's puzzle is guarded: a second account can ask a website in a second, so
//! guarding every server's daily cost an index of every daily and refused honest grids
//! now and then, and bought nothing.

use crate::app::i18n::t;
use crate::app::render;
use crate::app::{App, Failure, Invocation, Reply, user_error};
use crate::engine::likeness::Protected;
use crate::engine::near::NearAnswer;
use crate::engine::parse::parse_puzzle;
use crate::engine::{Grid, Solution, solver};
use crate::game::Millis;
use crate::game::daily::server_day;
use crate::store::RankedPlay;

pub fn run(app: &App, inv: &Invocation, text: &str) -> Result<Reply, Failure> {
    let style = inv.style;
    let lang = inv.lang;
    // Before the grid is even read: the reply must not depend on it.
    if let Some(paused) = paused_by(app, inv)? {
        return Ok(Reply::private(paused));
    }
    if text.trim().is_empty() {
        return Err(user_error(t!(lang, "solve-empty")));
    }
    let grid = parse_puzzle(text).map_err(|e| {
        user_error(t!(
            lang,
            "solve-unreadable",
            why = render::parse_error(&e, lang)
        ))
    })?;
    let solution = solver::solve(&grid);
    let answer = match &solution {
        Solution::Unique(s) | Solution::Multiple(s, _) => Some(s),
        Solution::None => None,
    };
    // The answer's keys, worked out once for every puzzle it is checked against.
    let near = answer.and_then(NearAnswer::new);
    if let Some(why) = spoiler(app, inv, &grid, near.as_ref())? {
        return Err(user_error(t!(lang, "solve-spoiler", which = why)));
    }
    Ok(match solution {
        Solution::Unique(solution) => Reply::public(format!(
            "{}\n{}\n`{}`",
            t!(lang, "solve-unique"),
            render::grid_block(&solution, style),
            solution.to_line()
        )),
        Solution::Multiple(first, _) => Reply::public(format!(
            "{}\n{}\n`{}`",
            t!(lang, "solve-several"),
            render::grid_block(&first, style),
            first.to_line()
        )),
        Solution::None => Reply::private(t!(lang, "solve-none")),
    })
}

/// The fixed reply while the asker has ranked play running, if they do: it names what
/// is running and when solve comes back, never anything about a grid.
fn paused_by(app: &App, inv: &Invocation) -> Result<Option<String>, Failure> {
    let lang = inv.lang;
    app.store().read(|tx| {
        let now = app.now();
        let mut race = None;
        let mut daily_end: Option<Millis> = None;
        // Local days run from UTC-12 to UTC+14, and a zone switch may stretch one by a
        // day (see `ZoneChange`): no day older than three before UTC's can still run.
        let since = server_day(now, &jiff::tz::TimeZone::UTC)
            .checked_sub(jiff::Span::new().days(3))
            .unwrap_or(jiff::civil::Date::MIN);
        for play in tx.ranked_play_of(&inv.player.id, since)? {
            match play {
                RankedPlay::Daily { place, day } => {
                    // A daily still open after its day ended is no longer ranked.
                    let end = tx.server_daily(&place)?.settings.day_end(day);
                    if now < end {
                        daily_end = Some(daily_end.map_or(end, |e| e.max(end)));
                    }
                }
                RankedPlay::Race { challenge } => race = Some(challenge),
            }
        }
        Ok::<_, Failure>(match (race, daily_end) {
            (Some(challenge), _) => Some(t!(
                lang,
                "solve-paused-race",
                challenge = crate::app::i18n::yes(challenge)
            )),
            (None, Some(end)) => Some(t!(
                lang,
                "solve-paused-daily",
                back = format!("<t:{}:R>", end.div_euclid(1000))
            )),
            (None, None) => None,
        })
    })
}

/// Why answering `grid` would give away a game that is not ranked but is being played:
/// one of the asker's own games in progress (anywhere), or a co-op board running in
/// this server (the answer would land in its channel). Decided by what the grid is, not
/// by its text: an edited copy of the puzzle, or a grid whose answer is that puzzle's in
/// any disguise ([`Protected`]).
fn spoiler(
    app: &App,
    inv: &Invocation,
    grid: &Grid,
    answer: Option<&NearAnswer>,
) -> Result<Option<&'static str>, Failure> {
    let (own, coops) = app.store().read(|tx| {
        Ok::<_, Failure>((
            tx.free_puzzles_of(&inv.player.id)?,
            tx.coop_puzzles_running(Some(inv.place.key()))?,
        ))
    })?;
    let spoils = |givens: Grid, solution: Grid| {
        let p = Protected { givens, solution };
        p.is_edited_copy(grid) || answer.is_some_and(|a| a.is_near(&p.solution))
    };
    if own
        .into_iter()
        .any(|(givens, solution)| spoils(givens, solution))
    {
        return Ok(Some("own-game"));
    }
    if coops
        .into_iter()
        .any(|(givens, solution)| spoils(givens, solution))
    {
        return Ok(Some("coop"));
    }
    Ok(None)
}
