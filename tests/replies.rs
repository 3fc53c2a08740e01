//! Snapshots of what players see: boards, move results, errors, help, stats. A change in
//! any of these is a change users notice, so it must be reviewed (`cargo insta review`).

use std::sync::Arc;

use sudoku_bot::app::{App, BoardStyle, Command, Invocation, ManualClock, Place, Player, Reply};
use sudoku_bot::store::Store;

fn bot() -> (App, Arc<ManualClock>) {
    let clock = Arc::new(ManualClock::new(1_795_000_000_000));
    let store = Store::open_in_memory().expect("store");
    (App::new(store, clock.clone(), 2026), clock)
}

fn say(app: &App, text: &str, style: BoardStyle) -> Reply {
    let reply = app.handle(&Invocation {
        player: Player {
            id: "42".into(),
            name: "ann".into(),
        },
        place: Place::guild(1),
        command: Command::parse(text).expect("command"),
        style,
        is_admin: false,
    });
    assert!(reply.limit_violations().is_empty());
    reply
}

fn shown(reply: &Reply) -> String {
    let mut out = String::new();
    if reply.private {
        out.push_str("[private]\n");
    }
    out.push_str(&reply.content);
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
    let (app, clock) = bot();
    insta::assert_snapshot!(
        "new_game",
        shown(&say(&app, "/sudoku new 40", BoardStyle::Plain))
    );
    clock.advance(83_000);
    // One right digit, one wrong, and notes.
    insta::assert_snapshot!(
        "moves",
        shown(&say(&app, "/sudoku move A3 6, A4 1", BoardStyle::Plain))
    );
    insta::assert_snapshot!(
        "notes",
        shown(&say(&app, "/sudoku note E1 138", BoardStyle::Plain))
    );
    insta::assert_snapshot!("ansi", shown(&say(&app, "/sudoku show", BoardStyle::Ansi)));
    insta::assert_snapshot!(
        "bad_move",
        shown(&say(&app, "/sudoku move B7 12", BoardStyle::Plain))
    );
    insta::assert_snapshot!(
        "check",
        shown(&say(&app, "/sudoku check", BoardStyle::Plain))
    );
    insta::assert_snapshot!("hint", shown(&say(&app, "/sudoku hint", BoardStyle::Plain)));
    insta::assert_snapshot!(
        "stats",
        shown(&say(&app, "/sudoku stats", BoardStyle::Plain))
    );
}

#[test]
fn help_and_solve() {
    let (app, _) = bot();
    insta::assert_snapshot!("help", shown(&say(&app, "/sudoku help", BoardStyle::Plain)));
    insta::assert_snapshot!(
        "solve",
        shown(&say(
            &app,
            "/sudoku solve 003020600900305001001806400008102900700000008006708200002609500800203009005010300",
            BoardStyle::Plain
        ))
    );
}
