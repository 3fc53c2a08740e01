//! `/sudoku settings`: how a player likes to play: check-as-you-go for their new games,
//! boards as text or as pictures (every board reply from now on), and the language the
//! bot speaks to them.

use crate::app::i18n::{Lang, t, yes};
use crate::app::{App, Failure, Invocation, Reply};

pub fn run(
    app: &App,
    inv: &Invocation,
    check_as_you_go: Option<bool>,
    board_picture: Option<bool>,
    language: Option<Option<Lang>>,
) -> Result<Reply, Failure> {
    // The answer is in the language chosen now; "your Discord's" is the invocation's own
    // (the core leaves it unreplaced for this command).
    let lang = match language {
        Some(chosen) => chosen.unwrap_or(inv.lang),
        None => inv.lang,
    };
    let explain_checks = |on: bool| t!(lang, "settings-checks-explain", on = yes(on));
    let explain_board = |picture: bool| t!(lang, "settings-board-explain", picture = yes(picture));
    app.store().write(|tx| {
        tx.set_player_name(&inv.player.id, &inv.player.name)?;
        let checks_before = tx.check_as_you_go(&inv.player.id)?;
        let picture_before = tx.board_picture(&inv.player.id)?;
        let chosen_before = tx
            .player_language(&inv.player.id)?
            .as_deref()
            .and_then(Lang::parse);
        if check_as_you_go.is_none() && board_picture.is_none() && language.is_none() {
            let other = if lang == Lang::Es { Lang::En } else { Lang::Es };
            return Ok(Reply::private(
                [
                    t!(lang, "settings-title"),
                    t!(
                        lang,
                        "settings-checks",
                        on = yes(checks_before),
                        explain = explain_checks(checks_before)
                    ),
                    t!(
                        lang,
                        "settings-board",
                        picture = yes(picture_before),
                        explain = explain_board(picture_before)
                    ),
                    t!(
                        lang,
                        "settings-language",
                        language = t!(lang, "language-name", code = lang.code()),
                        chosen = yes(chosen_before.is_some())
                    ),
                    t!(
                        lang,
                        "settings-change",
                        checks = if checks_before { "off" } else { "on" },
                        board = if picture_before { "text" } else { "image" },
                        language = other.code()
                    ),
                ]
                .join("\n"),
            ));
        }
        let mut lines = Vec::new();
        if let Some(chosen) = language {
            tx.set_player_language(&inv.player.id, chosen.map(Lang::code))?;
            lines.push(match chosen {
                Some(l) => t!(
                    lang,
                    "settings-language-set",
                    language = t!(lang, "language-name", code = l.code())
                ),
                None => t!(
                    lang,
                    "settings-language-discord",
                    language = t!(lang, "language-name", code = lang.code())
                ),
            });
        }
        if let Some(on) = check_as_you_go {
            tx.set_check_as_you_go(&inv.player.id, on)?;
            lines.push(t!(
                lang,
                "settings-checks-set",
                on = yes(on),
                same = yes(on == checks_before),
                explain = explain_checks(on)
            ));
        }
        if let Some(picture) = board_picture {
            tx.set_board_picture(&inv.player.id, picture)?;
            lines.push(t!(
                lang,
                "settings-board-set",
                picture = yes(picture),
                same = yes(picture == picture_before),
                explain = explain_board(picture)
            ));
        }
        Ok(Reply::private(lines.join("\n")))
    })
}
