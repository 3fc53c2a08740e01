//! One file per command family. Each `run` takes the app and the invocation and returns a
//! reply or a [`Failure`]; the dispatcher below is the only place that matches on
//! [`Command`].

pub(crate) mod board;
pub(crate) mod coop;
pub(crate) mod daily;
mod game;
mod help;
mod privacy;
pub(crate) mod puzzles;
pub(crate) mod race;
mod settings;
pub(crate) mod solve;
mod stats;

use super::i18n::{Lang, t};
use super::{App, Command, Failure, Invocation, Reply};

pub(crate) fn run(app: &App, inv: &Invocation) -> Result<Reply, Failure> {
    if let Some(reply) = coop::routed(app, inv)? {
        return Ok(reply);
    }
    match &inv.command {
        // Said by `App::handle_styled`, which knows the names the player sees; here (a
        // caller that went round it) in the player's own.
        Command::Unreadable(why) => Ok(Reply::private(why.said(inv.lang, inv.lang))),
        Command::New {
            empty,
            difficulty,
            symmetry,
        } => game::new(app, inv, *empty, *difficulty, *symmetry),
        Command::Show(target) => game::show(app, inv, *target),
        Command::Move { moves, target } => game::play(app, inv, moves, *target),
        Command::Note {
            cell,
            digits,
            target,
        } => game::note(app, inv, cell, digits, *target),
        Command::Undo(target) => game::undo(app, inv, *target),
        Command::Check { reveal, target } => game::check(app, inv, *reveal, *target),
        Command::Hint(target) => game::hint(app, inv, *target),
        Command::Submit { grid } => game::submit(app, inv, grid),
        Command::GiveUp { target, confirmed } => game::give_up(app, inv, *target, *confirmed),
        Command::Solve { grid } => solve::run(app, inv, grid),
        Command::Stats { player } => stats::run(app, inv, player.as_deref()),
        Command::Help => Ok(help::run(inv.lang)),
        Command::Daily => daily::play(app, inv),
        Command::Share(target) => daily::share(app, inv, *target),
        Command::DailySetup {
            channel,
            time,
            timezone,
            difficulty,
            language,
        } => daily::setup(
            app,
            inv,
            daily::Setup {
                channel: channel.as_deref(),
                time: time.as_deref(),
                timezone: timezone.as_deref(),
                difficulty: difficulty.as_deref(),
                language: *language,
            },
        ),
        Command::DailyOff => daily::off(app, inv),
        Command::Leaderboard { period } => daily::leaderboard(app, inv, *period),
        Command::ForgetMe { confirmed } => privacy::forget_me(app, inv, *confirmed),
        Command::Pad { target, action } => game::pad(app, inv, *target, *action),
        Command::Coop(command) => coop::run(app, inv, command),
        Command::Race(command) => race::run(app, inv, command),
        Command::RaceLeaderboard => race::leaderboard(app, inv),
        Command::Web => Ok(web_link(app, inv)),
        Command::Play { daily } => play(app, inv, *daily),
        Command::Settings {
            check_as_you_go,
            board_picture,
            language,
        } => settings::run(app, inv, *check_as_you_go, *board_picture, *language),
    }
}

/// The language of what the bot posts in a channel for everyone (a race's lobby and
/// results, a co-op board): the one the server's daily was set up in, where it was;
/// else the server's Discord language; else (a terminal, a DM) the player's own.
pub(crate) fn channel_lang(tx: &crate::store::Tx<'_>, inv: &Invocation) -> Result<Lang, Failure> {
    let daily = tx.server_daily(inv.place.key())?.settings;
    Ok(match daily.channel {
        Some(_) => daily::server_lang(&daily),
        None => inv.server_lang.unwrap_or(inv.lang),
    })
}

/// `/sudoku play`: the Activity, where it is set up; else what works instead. From a
/// daily post, today's daily is opened first, so the Activity shows it; a daily that
/// cannot be played (not set up, already done) says why instead.
fn play(app: &App, inv: &Invocation, daily: bool) -> Result<Reply, Failure> {
    if app.activity() {
        if daily {
            // Opened only onto a daily in progress: a daily already solved, given up or
            // forgotten today is said as chat says it, rather than opening another board.
            let opened = daily::play(app, inv)?;
            if opened.offers_play.is_none() {
                return Ok(opened);
            }
        }
        return Ok(Reply::launching(t!(inv.lang, "play-launching")));
    }
    if daily {
        // No Activity: the daily post's button is then not shown, but an old post's may
        // be pressed; the daily in chat is what it meant.
        return daily::play(app, inv);
    }
    Ok(Reply::private(t!(
        inv.lang,
        "play-not-set-up",
        web = super::i18n::yes(app.web_links().is_some())
    )))
}

/// `/sudoku web`: the player's private link to the web board, when it is set up.
fn web_link(app: &App, inv: &Invocation) -> Reply {
    let Some(links) = app.web_links() else {
        return Reply::private(t!(inv.lang, "web-not-set-up"));
    };
    let who = super::web::Identity {
        player: inv.player.clone(),
        place: inv.place.clone(),
    };
    Reply::private(t!(
        inv.lang,
        "web-link",
        link = links.link(&who, app.now(), inv.lang)
    ))
}
