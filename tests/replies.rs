//! Snapshots of what players see: boards, move results, errors, help, stats. A change in
//! any of these is a change users notice, so it must be reviewed (`cargo insta review`).

mod common;

use common::{Bot, T0, board_of, digit, empties, solution_of};
use sudoku_bot::app::command::{Opponent, RaceCommand};
use sudoku_bot::app::i18n::Lang;
use sudoku_bot::app::{BoardStyle, Command, Invocation, Place, Player, Reply};
use sudoku_bot::engine::{Cell, Grid};

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

/// `who` (a player of that name), whose language is `lang`, in a server whose language
/// is `server` (if known), sends `command`.
fn act(bot: &Bot, who: &str, command: Command, lang: Lang, server: Option<Lang>) -> Reply {
    bot.handle(&Invocation {
        player: Player {
            id: who.into(),
            name: who.into(),
        },
        place: Place::guild(1),
        command,
        style: BoardStyle::Plain,
        is_admin: false,
        lang,
        server_lang: server,
    })
}

/// [`act`] with a typed command.
fn typed(bot: &Bot, who: &str, text: &str, lang: Lang, server: Option<Lang>) -> Reply {
    let command = Command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    act(bot, who, command, lang, server)
}

/// [`act`] with the press of `reply`'s button for `action` (`race-join`, `giveup-yes`):
/// found by its id, whatever its label says in the language shown.
fn pressed(
    bot: &Bot,
    who: &str,
    reply: &Reply,
    action: &str,
    lang: Lang,
    server: Option<Lang>,
) -> Reply {
    let button = reply
        .buttons
        .iter()
        .flatten()
        .find(|b| b.custom_id.contains(&format!(":{action}:")))
        .unwrap_or_else(|| panic!("no {action} button in {reply:?}"));
    let command = Command::from_custom_id(&button.custom_id).expect("our own id");
    act(bot, who, command, lang, server)
}

/// The scheduler's turn: the race posts due now, each confirmed by Discord.
fn race_posts(bot: &Bot) -> Vec<sudoku_bot::app::RaceMessage> {
    let posts = bot.app.take_race_messages(0);
    for post in &posts {
        assert!(
            post.reply.limit_violations().is_empty(),
            "{:?}",
            post.reply.limit_violations()
        );
        bot.app.race_message_delivered(post, None);
    }
    posts
}

/// `player` gives up their game: asked, then confirmed with Yes.
fn race_give_up(bot: &Bot, player: &str, lang: Lang, server: Option<Lang>) -> Reply {
    let asked = typed(bot, player, "/sudoku giveup", lang, server);
    pressed(bot, player, &asked, "giveup-yes", lang, server)
}

/// `player`'s race board (private), and the puzzle's solution.
fn race_board(
    bot: &Bot,
    player: &str,
    scoreboard: &Reply,
    lang: Lang,
    server: Option<Lang>,
) -> (Reply, Grid, Grid) {
    let board = pressed(bot, player, scoreboard, "race-board", lang, server);
    assert!(board.private, "{}", board.content);
    let grid = board_of(&board);
    let solution = solution_of(&grid);
    (board, grid, solution)
}

/// Typed moves putting `solution`'s digits in `cells`.
fn right_moves(solution: &Grid, cells: &[Cell]) -> String {
    let moves: Vec<String> = cells
        .iter()
        .map(|&c| format!("{c} {}", digit(solution, c)))
        .collect();
    format!("/sudoku move {}", moves.join(", "))
}

/// English words of the race's messages: none may show in another language's ("Accept"
/// is not here: Catalan's "Acceptar" starts with it).
const RACE_ENGLISH: &[&str] = &[
    "Race #",
    "Challenge #",
    "mistake",
    "solved",
    "wins",
    "Players",
    "Join",
    "Start",
    "Leave",
    "empty",
    "filled",
    "gave up",
    "Rules",
    "host",
    "running",
    "Rematch",
    "Share",
    " place",
    "unrated",
    "Ratings",
    "best",
    "rating",
    "My board",
    "Decline",
    "Withdraw",
    "challenge",
    "already",
];

fn assert_no_english(lang: Lang, what: &str, text: &str) {
    if lang == Lang::En {
        return;
    }
    for word in RACE_ENGLISH {
        assert!(
            !text.contains(word),
            "{lang:?} {what} says {word:?}: {text}"
        );
    }
}

/// A race and a challenge in every language: the lobby, the start, a racer's board, the
/// scoreboard after a move and a mistake, refusals, a solve, a give-up, the result, a
/// shared result and the leaderboard; then a rated challenge and its result.
#[test]
fn a_race_as_its_players_see_it() {
    for lang in Lang::ALL {
        let bot = bot();
        let typed = |who: &str, text: &str| typed(&bot, who, text, lang, None);
        let pressed =
            |who: &str, reply: &Reply, action: &str| pressed(&bot, who, reply, action, lang, None);
        let mut seen = Vec::new();
        let mut snap = |name: &str, reply: &Reply| {
            // Words and labels: a button's id is no word of any language.
            let labels = reply.buttons.iter().flatten().map(|b| b.label.as_str());
            let words: Vec<&str> = [reply.content.as_str()].into_iter().chain(labels).collect();
            assert_no_english(lang, name, &words.join("\n"));
            insta::assert_snapshot!(named(name, lang), shown(reply));
            seen.push(name.to_string());
        };

        let lobby = typed("ann", "/sudoku race 6 easy");
        assert!(!lobby.private, "{}", lobby.content);
        let lobby = pressed("bob", &lobby, "race-join");
        snap("race_lobby", &lobby);
        bot.app.race_message_sent(1, "m1");
        bot.clock.advance(20_000);
        let started = pressed("ann", &lobby, "race-start");
        snap("race_started", &started);
        let (board, grid, solution) = race_board(&bot, "ann", &started, lang, None);
        snap("race_board", &board);
        race_board(&bot, "bob", &started, lang, None);

        // ann places a right digit; bob a wrong one.
        let cells = empties(&grid);
        bot.clock.advance(65_000);
        typed("ann", &right_moves(&solution, &cells[..1]));
        let wrong = digit(&solution, cells[0]) % 9 + 1;
        typed("bob", &format!("/sudoku move {} {wrong}", cells[0]));
        let posts = race_posts(&bot);
        assert_eq!(posts.len(), 1, "{posts:?}");
        snap("race_scoreboard", &posts[0].reply);

        // Refusals: a race of one's own while in this one, a join after the start.
        let again = typed("bob", "/sudoku race");
        assert!(again.private, "{}", again.content);
        let late = pressed("cat", &lobby, "race-join");
        assert!(late.private, "{}", late.content);
        let mut refusals = again.clone();
        refusals.content = format!("{}\n{}", again.content, late.content);
        snap("race_refusals", &refusals);

        // bob gives up; ann solves, and wins.
        race_give_up(&bot, "bob", lang, None);
        bot.clock.advance(40_000);
        let solved = typed("ann", &right_moves(&solution, &cells[1..]));
        assert!(!solved.private, "{}", solved.content);
        let headline = solved.content.lines().next().unwrap_or_default();
        assert_no_english(lang, "race_solved", headline);
        insta::assert_snapshot!(named("race_solved", lang), headline);
        let posts = race_posts(&bot);
        let result = posts.iter().find(|p| p.is_result).expect("a result");
        let last = posts
            .iter()
            .find(|p| !p.is_result)
            .expect("the final board");
        snap("race_final", &last.reply);
        snap("race_result", &result.reply);
        snap("race_share", &pressed("ann", &result.reply, "race-share"));
        snap(
            "race_leaderboard",
            &typed("ann", "/sudoku leaderboard races"),
        );

        // A rated challenge: offered, accepted, won by bob, ann gives up.
        let offer = act(
            &bot,
            "ann",
            Command::Race(RaceCommand::Challenge {
                opponent: Opponent {
                    id: "bob".into(),
                    name: "bob".into(),
                    bot: false,
                },
                // Big enough to be rated (`MIN_RATED_EMPTY`).
                empty: Some(30),
                difficulty: None,
            }),
            lang,
            None,
        );
        snap("race_challenge", &offer);
        let started = pressed("bob", &offer, "race-accept");
        let (_, grid, solution) = race_board(&bot, "bob", &started, lang, None);
        race_board(&bot, "ann", &started, lang, None);
        bot.clock.advance(50_000);
        typed("bob", &right_moves(&solution, &empties(&grid)));
        race_give_up(&bot, "ann", lang, None);
        let posts = race_posts(&bot);
        let result = posts.iter().find(|p| p.is_result).expect("a result");
        snap("race_challenge_result", &result.reply);
        snap(
            "race_challenge_share",
            &pressed("ann", &result.reply, "race-share"),
        );
        assert_eq!(seen.len(), 12, "{seen:?}");
    }
}

/// The race's posts in the channel speak the server's language; what a player is told
/// alone (their board, a refusal) speaks theirs.
#[test]
fn a_race_posts_in_the_servers_language() {
    let bot = bot();
    let server = Some(Lang::Es);
    let lobby = typed(&bot, "ann", "/sudoku race 6", Lang::En, server);
    assert!(
        lobby.content.starts_with("**Carrera #1**") && lobby.content.contains("organiza ann"),
        "{}",
        lobby.content
    );
    let lobby = pressed(&bot, "bob", &lobby, "race-join", Lang::Ca, server);
    assert!(
        lobby.content.contains("Jugadores (2 de 20): ann, bob"),
        "{}",
        lobby.content
    );
    let started = pressed(&bot, "ann", &lobby, "race-start", Lang::En, server);
    assert!(
        started.content.contains("0/6 casillas"),
        "{}",
        started.content
    );
    let labels: Vec<&str> = started
        .buttons
        .iter()
        .flatten()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(labels, ["Mi tablero"]);

    // The host's own board and refusals: in the host's language.
    let (board, grid, solution) = race_board(&bot, "ann", &started, Lang::En, server);
    assert!(
        board.content.contains("Your board in Race #1"),
        "{}",
        board.content
    );
    let (board, ..) = race_board(&bot, "bob", &started, Lang::Ca, server);
    assert!(
        board.content.contains("El teu tauler a la Cursa #1"),
        "{}",
        board.content
    );
    let refused = typed(&bot, "ann", "/sudoku race", Lang::En, server);
    assert!(
        refused.private
            && refused
                .content
                .contains("You are already in Race #1 (running)"),
        "{}",
        refused.content
    );

    // The result: the server's language again.
    race_give_up(&bot, "bob", Lang::Ca, server);
    typed(
        &bot,
        "ann",
        &right_moves(&solution, &empties(&grid)),
        Lang::En,
        server,
    );
    let posts = race_posts(&bot);
    let result = posts.iter().find(|p| p.is_result).expect("a result");
    assert!(
        result.reply.content.contains("gana la Carrera #1")
            && result.reply.content.contains("bob ha abandonado"),
        "{}",
        result.reply.content
    );
    let last = posts
        .iter()
        .find(|p| !p.is_result)
        .expect("the final board");
    assert!(
        last.reply.content.contains("1. **ann**: 1.º en"),
        "{}",
        last.reply.content
    );
    // A player's shared result is theirs to word.
    let share = pressed(&bot, "bob", &result.reply, "race-share", Lang::Ca, server);
    assert!(share.content.contains("Cursa #1"), "{}", share.content);
}

/// A co-op board in every language: started, a right and a wrong move, a check, a hint,
/// a refusal, and the board ended with who did what.
#[test]
fn a_coop_board_as_the_channel_sees_it() {
    for lang in Lang::ALL {
        let bot = bot();
        let say = |text: &str| shown(&say_in(&bot, text, BoardStyle::Plain, lang));
        let started = say("/sudoku coop 30 easy");
        insta::assert_snapshot!(named("coop_started", lang), started);
        let givens = common::board_of(&say_in(&bot, "/sudoku coop show", BoardStyle::Plain, lang));
        let solution = common::solution_of(&givens);
        let empty = common::empties(&givens);
        let (right, wrong) = (empty[0], empty[1]);
        let bad = (1..=9)
            .find(|&d| Some(d) != solution.get(wrong))
            .unwrap_or(1);
        insta::assert_snapshot!(
            named("coop_moves", lang),
            say(&format!(
                "/sudoku coop move {right} {}, {wrong} {bad}",
                common::digit(&solution, right)
            ))
        );
        insta::assert_snapshot!(named("coop_check", lang), say("/sudoku coop check"));
        insta::assert_snapshot!(named("coop_hint", lang), say("/sudoku coop hint"));
        insta::assert_snapshot!(
            named("coop_refused", lang),
            say(&format!(
                "/sudoku coop move {right} {}",
                common::digit(&solution, right)
            ))
        );
        insta::assert_snapshot!(named("coop_ended", lang), say("/sudoku coop end"));
    }
}

/// `who` (an admin or not), whose Discord is in `lang`, in a server whose Discord
/// language the bot does not know (a terminal), types `text`.
fn said_by(bot: &Bot, who: &str, text: &str, lang: Lang, is_admin: bool) -> Reply {
    bot.handle(&Invocation {
        player: Player {
            id: who.into(),
            name: who.into(),
        },
        place: Place::guild(1),
        command: Command::parse(text).expect("command"),
        style: BoardStyle::Plain,
        is_admin,
        lang,
        server_lang: None,
    })
}

/// What the bot posts for everyone in a channel keeps the channel's language whoever
/// acts: a co-op board started in Spanish stays Spanish when a Catalan player moves on it
/// (their private answers are Catalan); once the daily is set up in Catalan, a race an
/// English player opens posts in Catalan; the Tap to play button speaks the message's
/// language.
#[test]
fn a_channels_messages_keep_the_channels_language() {
    let bot = bot();
    let board = said_by(&bot, "ana", "/sudoku coop 30 easy", Lang::Es, false);
    assert!(
        board.content.contains("Tablero cooperativo"),
        "{}",
        board.content
    );
    let givens = common::board_of(&board);
    let solution = common::solution_of(&givens);
    let cell = common::empties(&givens)[0];
    let moved = said_by(
        &bot,
        "jordi",
        &format!(
            "/sudoku coop move {cell} {}",
            common::digit(&solution, cell)
        ),
        Lang::Ca,
        false,
    );
    assert!(!moved.private);
    assert!(
        moved.content.contains("Tablero cooperativo") && moved.content.contains("faltan"),
        "the channel's board stays Spanish: {}",
        moved.content
    );
    let check = said_by(&bot, "jordi", "/sudoku coop check", Lang::Ca, false);
    assert!(check.private);
    assert!(
        check.content.contains("Tauler cooperatiu"),
        "{}",
        check.content
    );

    let setup = said_by(
        &bot,
        "ana",
        "/sudoku-daily setup channel:<#7> language:ca",
        Lang::Es,
        true,
    );
    assert!(setup.content.contains("en catalán"), "{}", setup.content);
    let lobby = said_by(&bot, "bob", "/sudoku race 20 easy", Lang::En, false);
    assert!(lobby.content.contains("Cursa #1"), "{}", lobby.content);

    let play = Reply::public("x")
        .offering_play(Lang::Es)
        .with_play_button();
    let labels: Vec<&str> = play
        .buttons
        .iter()
        .flatten()
        .map(|b| b.label.as_str())
        .collect();
    assert_eq!(labels, ["Toca para jugar"]);
}

/// Issue 47: the replies a native Spanish and Catalan reader stopped at, each pinned in
/// every language: a board title before a name starting with a vowel (Catalan elides:
/// "d'**ana**"), check-as-you-go turned off, stats asked for by name, a co-op intro with
/// its command in the reader's words, the all-time leaderboard, a race lobby's "in 10
/// minutes", an unknown typed command.
#[test]
fn the_wording_a_native_speaker_reads() {
    for lang in Lang::ALL {
        let bot = bot();
        let say = |who: &str, text: &str| shown(&typed(&bot, who, text, lang, None));
        let out = [
            say("ana", "/sudoku new 40"),
            say("ana", "/sudoku settings check-as-you-go:off"),
            say("bob", "/sudoku stats ana"),
            say("cat", "/sudoku coop 40"),
            say("ana", "/sudoku leaderboard period:all-time"),
            say("dan", "/sudoku race 4"),
        ];
        insta::assert_snapshot!(named("native_wording", lang), out.join("\n\n---\n\n"));
    }
}
