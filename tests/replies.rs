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
    bot.handle(&Invocation {
        player: Player {
            id: "42".into(),
            name: "ann".into(),
        },
        place: Place::guild(1),
        command: Command::parse(text).expect("command"),
        style,
        is_admin: false,
        lang,
    })
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

#[test]
fn a_game_as_the_player_sees_it() {
    let bot = bot();
    insta::assert_snapshot!(
        "new_game",
        shown(&say(&bot, "/sudoku new 40", BoardStyle::Plain))
    );
    bot.clock.advance(83_000);
    // One right digit, one wrong, and notes.
    insta::assert_snapshot!(
        "moves",
        shown(&say(&bot, "/sudoku move A3 6, A4 1", BoardStyle::Plain))
    );
    insta::assert_snapshot!(
        "notes",
        shown(&say(&bot, "/sudoku note E1 138", BoardStyle::Plain))
    );
    insta::assert_snapshot!("ansi", shown(&say(&bot, "/sudoku show", BoardStyle::Ansi)));
    insta::assert_snapshot!(
        "bad_move",
        shown(&say(&bot, "/sudoku move B7 12", BoardStyle::Plain))
    );
    insta::assert_snapshot!(
        "check",
        shown(&say(&bot, "/sudoku check", BoardStyle::Plain))
    );
    insta::assert_snapshot!("hint", shown(&say(&bot, "/sudoku hint", BoardStyle::Plain)));
    insta::assert_snapshot!(
        "stats",
        shown(&say(&bot, "/sudoku stats", BoardStyle::Plain))
    );
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
