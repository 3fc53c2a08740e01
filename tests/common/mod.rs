//! What every core test needs: a bot on a real store with a clock the test moves, players
//! who type commands and press buttons, and the grids a reply shows. Every reply is checked
//! against Discord's limits on the way.

// Each test crate uses its own part of this module.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use jiff::civil::Date;
use jiff::tz::TimeZone;
use sudoku_bot::app::i18n::Lang;
use sudoku_bot::app::{App, BoardStyle, Command, Invocation, ManualClock, Place, Player, Reply};
use sudoku_bot::engine::parse::parse_grid;
use sudoku_bot::engine::{Cell, Grid, Solution, solver};
use sudoku_bot::store::Store;

/// A moment in November 2026, for tests that do not care when they run.
pub const T0: i64 = 1_795_000_000_000;

pub struct Bot {
    /// Shared: a test may serve it too (the web board's tests).
    pub app: Arc<App>,
    pub clock: Arc<ManualClock>,
}

impl Bot {
    /// A bot on `store`, its clock at `now`, puzzles drawn from `seed`.
    pub fn with_store(store: Store, now: i64, seed: u64) -> Bot {
        let clock = Arc::new(ManualClock::new(now));
        Bot {
            app: Arc::new(App::new(store, clock.clone(), seed)),
            clock,
        }
    }

    /// A bot on the database `db` names (see [`open_store`]).
    pub fn open(db: &Path, now: i64, seed: u64) -> Bot {
        Bot::with_store(open_store(db), now, seed)
    }

    /// A bot on an in-memory database.
    pub fn in_memory(now: i64, seed: u64) -> Bot {
        Bot::with_store(Store::open_in_memory().expect("store"), now, seed)
    }

    /// Answers `invocation`; the reply must fit Discord's limits.
    pub fn handle(&self, invocation: &Invocation) -> Reply {
        let reply = self.app.handle(invocation);
        assert!(
            reply.limit_violations().is_empty(),
            "{:?}",
            reply.limit_violations()
        );
        reply
    }

    /// `user` (an admin or not) in `place` sends `command`.
    pub fn invoke_as(&self, user: &str, place: &str, admin: bool, command: Command) -> Reply {
        self.invoke_in(user, place, admin, Lang::default(), command)
    }

    /// [`Bot::invoke_as`] from a Discord in `lang`.
    pub fn invoke_in(
        &self,
        user: &str,
        place: &str,
        admin: bool,
        lang: Lang,
        command: Command,
    ) -> Reply {
        self.handle(&Invocation {
            player: Player {
                id: user.into(),
                name: user.into(),
            },
            place: Place::named(place),
            command,
            style: BoardStyle::Plain,
            is_admin: admin,
            lang,
            server_lang: None,
        })
    }

    pub fn invoke(&self, user: &str, place: &str, command: Command) -> Reply {
        self.invoke_as(user, place, false, command)
    }

    /// `user` in `place` types `text`, which must parse.
    pub fn say_as(&self, user: &str, place: &str, admin: bool, text: &str) -> Reply {
        let command = Command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        self.invoke_as(user, place, admin, command)
    }

    /// `user` in `place`, whose Discord is in `lang`, types `text` (which must parse).
    pub fn say_in(&self, user: &str, place: &str, lang: Lang, text: &str) -> Reply {
        let command = Command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        self.invoke_in(user, place, false, lang, command)
    }

    pub fn say(&self, user: &str, place: &str, text: &str) -> Reply {
        self.say_as(user, place, false, text)
    }

    /// `user` presses the button of `reply` labelled `label` (or, failing that, the first
    /// whose label starts with it).
    pub fn press(&self, user: &str, place: &str, reply: &Reply, label: &str) -> Reply {
        let buttons = || reply.buttons.iter().flatten();
        let button = buttons()
            .find(|b| b.label == label)
            .or_else(|| buttons().find(|b| b.label.starts_with(label)))
            .unwrap_or_else(|| panic!("no {label} button in {reply:?}"));
        let command = Command::from_custom_id(&button.custom_id).expect("our own id");
        self.invoke(user, place, command)
    }

    /// `user` chooses `option` (its label) in the select menu `menu` (its placeholder:
    /// `Row`, `Column`) of `reply`.
    pub fn choose(
        &self,
        user: &str,
        place: &str,
        reply: &Reply,
        menu: &str,
        option: &str,
    ) -> Reply {
        let select = reply
            .selects
            .iter()
            .find(|s| s.placeholder == menu)
            .unwrap_or_else(|| panic!("no {menu} menu in {reply:?}"));
        let chosen = select
            .options
            .iter()
            .find(|o| o.label == option)
            .unwrap_or_else(|| panic!("no {option} in the {menu} menu of {reply:?}"));
        let command =
            Command::from_component(&select.custom_id, std::slice::from_ref(&chosen.value))
                .expect("our own menu");
        self.invoke(user, place, command)
    }

    /// `user` plays `digit` in `cell` with the pad under `reply` alone: the row, the
    /// column, the digit (the last reply, each an update of the board).
    pub fn tap(&self, user: &str, place: &str, reply: &Reply, cell: Cell, digit: u8) -> Reply {
        let name = cell.name();
        let (row, col) = name.split_at(1);
        let reply = self.choose(user, place, reply, "Row", row);
        assert!(reply.updates_board, "{}", reply.content);
        let reply = self.choose(user, place, &reply, "Column", col);
        assert!(reply.updates_board, "{}", reply.content);
        let reply = self.press(user, place, &reply, &digit.to_string());
        assert!(reply.updates_board, "{}", reply.content);
        reply
    }

    /// `user` gives up their game here: the typed `giveup` asks first, and Yes confirms.
    pub fn give_up(&self, user: &str, place: &str) -> Reply {
        let asked = self.say(user, place, "giveup");
        assert!(
            asked.content.contains("Give up"),
            "giveup asks first: {}",
            asked.content
        );
        self.press(user, place, &asked, "Yes, give up")
    }

    /// The race scheduler's view: the race messages it would send now, none edited more
    /// often than every `gap` ms, each within Discord's limits and confirmed by Discord.
    pub fn tick(&self, gap: i64) -> Vec<sudoku_bot::app::RaceMessage> {
        let messages = self.app.take_race_messages(gap);
        for m in &messages {
            assert!(
                m.reply.limit_violations().is_empty(),
                "{:?}",
                m.reply.limit_violations()
            );
            self.app.race_message_delivered(m, None);
        }
        messages
    }

    /// `from` challenges `to` (a bot or not) in `place` to a race of `empty` cells.
    pub fn challenge(&self, place: &str, from: &str, to: &str, empty: usize, bot: bool) -> Reply {
        self.invoke(
            from,
            place,
            Command::Race(sudoku_bot::app::command::RaceCommand::Challenge {
                opponent: sudoku_bot::app::command::Opponent {
                    id: to.into(),
                    name: to.into(),
                    bot,
                },
                empty: Some(empty),
                difficulty: None,
            }),
        )
    }

    /// Sets the clock to a local time in `zone`.
    pub fn at(&self, zone: &str, day: Date, hour: i8, minute: i8) {
        let tz = TimeZone::get(zone).expect("zone");
        let ms = day
            .at(hour, minute, 0, 0)
            .to_zoned(tz)
            .expect("local time")
            .timestamp()
            .as_millisecond();
        self.clock.set(ms);
    }
}

/// The grid drawn in a reply (a board must parse back).
pub fn board_of(reply: &Reply) -> Grid {
    parse_grid(&reply.content).unwrap_or_else(|e| panic!("{e}: {}", reply.content))
}

/// The unique solution of `puzzle`.
pub fn solution_of(puzzle: &Grid) -> Grid {
    match solver::solve(puzzle) {
        Solution::Unique(g) => g,
        other => panic!("not unique: {other:?}"),
    }
}

pub fn empties(g: &Grid) -> Vec<Cell> {
    Cell::all().filter(|&c| g.get(c).is_none()).collect()
}

/// The digits `c`'s row, column and box leave open on `g`, as a notes line shows them
/// (`257`): what auto-notes must fill in.
pub fn open_digits(g: &Grid, c: Cell) -> String {
    (1..=9u8)
        .filter(|&d| !c.peers().any(|p| g.get(p) == Some(d)))
        .map(|d| char::from(b'0' + d))
        .collect()
}

pub fn digit(g: &Grid, c: Cell) -> u8 {
    g.get(c).expect("filled")
}

/// The database a test's path names: that SQLite file, or, in the suite's PostgreSQL run
/// (`tools/with-postgres`), a schema of its own on that server named after the path, so
/// that opening the same path again (a restart) opens the same database.
pub fn open_store(db: &Path) -> Store {
    match location(db) {
        Some(location) => Store::open_at(&location).expect("open store"),
        None => Store::open(db).expect("open store"),
    }
}

/// The PostgreSQL location [`open_store`] uses for `db`, in the PostgreSQL run.
pub fn location(db: &Path) -> Option<sudoku_bot::store::Location> {
    sudoku_bot::store::test_location(&db.to_string_lossy()).expect("test schema")
}

/// A database file in a directory deleted when the guard drops.
pub fn temp_db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bot.db");
    (dir, path)
}

/// How a `coop move` went, as its reply says: "wrong", "placed" or "refused".
pub fn coop_outcome(reply: &Reply) -> &'static str {
    let text = &reply.content;
    if text.contains("is wrong: not placed") {
        "wrong"
    } else if text.contains("** played ") || text.contains("solved together") {
        "placed"
    } else if text.contains("was already filled by") || text.contains("none is running") {
        "refused"
    } else {
        panic!("unexpected reply: {text}")
    }
}

/// Players `p0`, `p1`, … raced for the cells of one co-op board (`board`, `solution`) and
/// were told `told[p]` (each move and its [`coop_outcome`]); `stored` must equal their
/// sequential replay: no move lost, none applied twice, every mistake counted once.
pub fn assert_coop_is_the_replay(
    board: Grid,
    solution: Grid,
    told: &[Vec<(sudoku_bot::game::Move, &str)>],
    stored: &sudoku_bot::store::CoopRecord,
) {
    // Wrong digits change only counts and the placements are on distinct cells, so any
    // order of them gives one state; wrong ones first, since a cell filled later was
    // empty when they were tried.
    let mut replay = sudoku_bot::game::coop::Coop::new(board, solution, None, T0);
    for kind in ["wrong", "placed"] {
        for (p, moves) in told.iter().enumerate() {
            for (m, _) in moves.iter().filter(|(_, what)| *what == kind) {
                replay.apply(&format!("p{p}"), &[*m], T0).expect("replays");
            }
        }
    }
    let cells = empties(&board);
    let placed = told
        .iter()
        .flatten()
        .filter(|(_, w)| *w == "placed")
        .count();
    assert_eq!(placed, cells.len(), "each cell placed exactly once");
    assert_eq!(stored.coop.game.board, solution);
    assert_eq!(stored.coop.game.board, replay.game.board);
    assert_eq!(stored.coop.game.mistakes, replay.game.mistakes);
    for cell in &cells {
        assert_eq!(
            stored.coop.placed_by(*cell),
            replay.placed_by(*cell),
            "{cell}"
        );
    }
    let mut stored_tally = stored.coop.tally();
    let mut replayed_tally = replay.tally();
    stored_tally.sort_by(|a, b| a.player.cmp(&b.player));
    replayed_tally.sort_by(|a, b| a.player.cmp(&b.player));
    assert_eq!(stored_tally, replayed_tally);
}
