//! Snapshots of what players see: boards, move results, errors, help, stats. A change in
//! any of these is a change users notice, so it must be reviewed (`cargo insta review`).

mod common;

use common::{Bot, T0};
use sudoku_bot::app::i18n::Lang;
use sudoku_bot::app::{BoardStyle, Command, Invocation, Place, Player, Reply};

fn bot() -> Bot {
    Bot::in_memory(T0, 2026)
}

/// Ann, in a server, types `text`.
fn say(bot: &Bot, text: &str, style: BoardStyle) -> Reply {
    say_in(bot, text, style, Lang::En)
}

/// Ann, whose Discord is in `lang`, types `text`.
fn say_in(bot: &Bot, text: &str, style: BoardStyle, lang: Lang) -> Reply {
    say_as(bot, text, style, lang, false)
}

/// Ann (an admin of the server, or not), whose Discord is in `lang`, types `text`.
fn say_as(bot: &Bot, text: &str, style: BoardStyle, lang: Lang, is_admin: bool) -> Reply {
    bot.handle(&Invocation {
        player: Player {
            id: "42".into(),
            name: "ann".into(),
        },
        place: Place::guild(1),
        command: Command::parse(text).expect("command"),
        style,
        is_admin,
        lang,
        server_lang: None,
    })
}

/// A snapshot's name in `lang`: English keeps the plain name.
fn named(name: &str, lang: Lang) -> String {
    match lang {
        Lang::En => name.to_string(),
        _ => format!("{name}-{}", lang.code()),
    }
}

fn shown(reply: &Reply) -> String {
    let mut out = String::new();
    if reply.private {
        out.push_str("[private]\n");
    }
    out.push_str(&reply.content);
    // A menu as `{Row -> id}` and its options, `*` marking the chosen one.
    for select in &reply.selects {
        out.push_str(&format!(
            "\n{{{} -> {}}}",
            select.placeholder, select.custom_id
        ));
        for o in &select.options {
            out.push_str(&format!(
                "\n  {}{} = {}: {}",
                if o.default { "*" } else { " " },
                o.label,
                o.value,
                o.description.as_deref().unwrap_or("-")
            ));
        }
    }
    for row in &reply.buttons {
        let labels: Vec<String> = row
            .iter()
            .map(|b| format!("[{} -> {}]", b.label, b.custom_id))
            .collect();
        out.push('\n');
        out.push_str(&labels.join(" "));
    }
    out
}

/// The same game in every language the bot speaks: every word of it from the catalogue,
/// the board, cells and commands alike everywhere.
#[test]
fn a_game_as_the_player_sees_it() {
    for lang in Lang::ALL {
        let bot = bot();
        let say = |text: &str, style| shown(&say_in(&bot, text, style, lang));
        insta::assert_snapshot!(
            named("new_game", lang),
            say("/sudoku new 40", BoardStyle::Plain)
        );
        bot.clock.advance(83_000);
        // One right digit, one wrong, and notes.
        insta::assert_snapshot!(
            named("moves", lang),
            say("/sudoku move A3 6, A4 1", BoardStyle::Plain)
        );
        insta::assert_snapshot!(
            named("notes", lang),
            say("/sudoku note E1 138", BoardStyle::Plain)
        );
        insta::assert_snapshot!(named("ansi", lang), say("/sudoku show", BoardStyle::Ansi));
        insta::assert_snapshot!(
            named("bad_move", lang),
            say("/sudoku move B7 12", BoardStyle::Plain)
        );
        insta::assert_snapshot!(
            named("check", lang),
            say("/sudoku check", BoardStyle::Plain)
        );
        insta::assert_snapshot!(named("hint", lang), say("/sudoku hint", BoardStyle::Plain));
        insta::assert_snapshot!(
            named("stats", lang),
            say("/sudoku stats", BoardStyle::Plain)
        );
    }
}

/// A daily in every language: the admin sets it up (the posts in the language chosen),
/// the post, the player's daily, a give-up and its shared result, the leaderboard.
#[test]
fn a_daily_as_the_admin_and_the_player_see_it() {
    for lang in Lang::ALL {
        let bot = bot();
        let day = jiff::civil::date(2026, 11, 22);
        bot.at("Europe/Madrid", day, 8, 0);
        let setup = say_as(
            &bot,
            &format!(
                "/sudoku-daily setup channel:<#7> time:09:00 tz:Madrid difficulty:easy language:{}",
                lang.code()
            ),
            BoardStyle::Plain,
            lang,
            true,
        );
        insta::assert_snapshot!(named("daily_setup", lang), shown(&setup));
        bot.at("Europe/Madrid", day, 9, 0);
        let posts = bot.app.take_due_daily_posts();
        assert_eq!(posts.len(), 1, "{lang:?}: one post");
        insta::assert_snapshot!(named("daily_post", lang), shown(&posts[0].reply));
        let say = |text: &str| shown(&say_in(&bot, text, BoardStyle::Plain, lang));
        insta::assert_snapshot!(named("daily_play", lang), say("/sudoku daily"));
        bot.clock.advance(95_000);
        insta::assert_snapshot!(named("daily_share_early", lang), say("/sudoku share"));
        let asked = say_in(&bot, "/sudoku giveup", BoardStyle::Plain, lang);
        insta::assert_snapshot!(named("daily_giveup_ask", lang), shown(&asked));
        let yes = asked
            .buttons
            .iter()
            .flatten()
            .find(|b| b.custom_id.contains(":giveup-yes:"))
            .expect("a Yes button");
        let given_up = bot.handle(&Invocation {
            player: Player {
                id: "42".into(),
                name: "ann".into(),
            },
            place: Place::guild(1),
            command: Command::from_custom_id(&yes.custom_id).expect("our own id"),
            style: BoardStyle::Plain,
            is_admin: false,
            lang,
            server_lang: None,
        });
        insta::assert_snapshot!(named("daily_giveup", lang), shown(&given_up));
        insta::assert_snapshot!(named("daily_share", lang), say("/sudoku share"));
        insta::assert_snapshot!(named("daily_again", lang), say("/sudoku daily"));
        insta::assert_snapshot!(named("leaderboard", lang), say("/sudoku leaderboard"));
    }
}

/// The settings, in each language: shown, then the language changed (the answer comes
/// in the language chosen, and so does everything after it, whatever Discord's).
#[test]
fn settings_and_the_language_a_player_chooses() {
    for lang in Lang::ALL {
        let bot = bot();
        let say = |text: &str| shown(&say_in(&bot, text, BoardStyle::Plain, lang));
        insta::assert_snapshot!(named("settings", lang), say("/sudoku settings"));
    }
    let bot = bot();
    let say = |text: &str| shown(&say_in(&bot, text, BoardStyle::Plain, Lang::En));
    insta::assert_snapshot!("settings_language_ca", say("/sudoku settings language:ca"));
    let board = say("/sudoku new 30");
    assert!(board.contains("Nou sudoku"), "{board}");
    insta::assert_snapshot!("settings_shown_ca", say("/sudoku settings"));
    insta::assert_snapshot!(
        "settings_language_auto",
        say("/sudoku settings language:auto")
    );
    let shown = say("/sudoku show");
    assert!(shown.contains("to go"), "back to English: {shown}");
}

#[test]
fn help_and_solve() {
    let bot = bot();
    let help = say(&bot, "/sudoku help", BoardStyle::Plain);
    assert!(
        !help.content.contains("(cut to fit"),
        "help must fit one message whole: {} characters",
        help.content.chars().count()
    );
    insta::assert_snapshot!("help", shown(&help));
    // In Spanish and Catalan too, whole in one message.
    for lang in [Lang::Es, Lang::Ca] {
        let help = say_in(&bot, "/sudoku help", BoardStyle::Plain, lang);
        assert!(
            !help.content.contains("(cut to fit"),
            "{lang:?} help must fit one message whole"
        );
        insta::assert_snapshot!(format!("help-{}", lang.code()), shown(&help));
    }
    insta::assert_snapshot!(
        "solve",
        shown(&say(
            &bot,
            "/sudoku solve 003020600900305001001806400008102900700000008006708200002609500800203009005010300",
            BoardStyle::Plain
        ))
    );
}
