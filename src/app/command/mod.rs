//! The `/sudoku` commands as the core receives them, whatever the adapter.
//!
//! Discord builds a [`Command`] from typed slash-command options or from a button's
//! `custom_id` ([`Command::from_custom_id`]); the terminal parses the same words a player
//! would type in Discord ([`Command::parse`]). Raw text (moves, grids) stays text: the core
//! parses it so every adapter gets the same error messages.
//!
//! What each subcommand is called and takes lives in one [table](table); the typed parser,
//! `/sudoku help` and the Discord registration are derived from it.

pub mod coop;
pub mod names;
pub mod race;
pub mod table;
mod typed;
pub mod unreadable;

use crate::app::i18n::Lang;
use crate::engine::Tier;
use crate::engine::generator::Symmetry;
use crate::game::PadAction;
use crate::store::GameId;

pub use coop::CoopCommand;
pub use race::{Opponent, RaceCommand};
pub use unreadable::Unreadable;

/// A button's link to the game it acts on, and the game's version when it was drawn, so a
/// double click or a stale board cannot apply an action twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub game: GameId,
    pub version: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Typed words or options that are no command: the core says why, in the player's
    /// language (the parser runs before anyone knows it).
    Unreadable(Unreadable),
    New {
        empty: Option<usize>,
        difficulty: Option<Tier>,
        symmetry: Option<Symmetry>,
    },
    Show(Option<Target>),
    /// `target`: the web board's game and the version it acted on (a stale board is
    /// refused); typed moves have none.
    Move {
        moves: String,
        target: Option<Target>,
    },
    Note {
        cell: String,
        digits: String,
        target: Option<Target>,
    },
    Undo(Option<Target>),
    Check {
        reveal: bool,
        target: Option<Target>,
    },
    Hint(Option<Target>),
    Submit {
        grid: String,
    },
    /// `confirmed` is false for the Give up button, which asks first.
    GiveUp {
        target: Option<Target>,
        confirmed: bool,
    },
    Solve {
        grid: String,
    },
    Stats {
        player: Option<String>,
    },
    Help,
    /// Today's daily puzzle of this server: the player's own game on it.
    Daily,
    /// Admins: post the daily in `channel` at `time` in `timezone`. Unset options keep
    /// their current value (defaults: 09:00, UTC, medium).
    DailySetup {
        channel: Option<String>,
        time: Option<String>,
        timezone: Option<String>,
        difficulty: Option<String>,
        /// The posts' language: `Some(None)` is the server's (Discord's `guild_locale`).
        language: Option<Option<Lang>>,
    },
    /// Admins: stop posting dailies.
    DailyOff,
    Leaderboard {
        period: Period,
    },
    /// Post the result of a finished daily in the channel, without spoilers (the button's
    /// game, or today's daily of this server).
    Share(Option<Target>),
    /// Delete everything stored about the caller; asks first.
    ForgetMe {
        confirmed: bool,
    },
    /// A press on the number pad under a board: a row or column chosen from its menus, a
    /// digit, erase, or the notes toggle.
    Pad {
        target: Target,
        action: PadAction,
    },
    /// The channel's co-op board (its buttons carry the board's id as the game).
    Coop(CoopCommand),
    /// Races and challenges (their buttons carry the race's id as the game).
    Race(RaceCommand),
    /// This server's race standings.
    RaceLeaderboard,
    /// A private link to play the board in a browser (the web board).
    Web,
    /// The board to tap inside Discord: opens the Activity (`/sudoku play`, the Tap to
    /// play buttons, the app's Entry Point command). `daily`: from a daily post, whose
    /// button opens today's daily first (an Activity opens with no word of why).
    Play {
        daily: bool,
    },
    /// The caller's settings: shown, or changed when an option is given.
    Settings {
        check_as_you_go: Option<bool>,
        /// Boards as pictures (`true`) or as text.
        board_picture: Option<bool>,
        /// The bot's language for this player: `Some(None)` follows their Discord's.
        language: Option<Option<Lang>>,
    },
}

/// The span a leaderboard covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    Today,
    Week,
    AllTime,
}

impl Period {
    pub fn parse(text: &str) -> Option<Period> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "today" | "day" => Some(Period::Today),
            "week" => Some(Period::Week),
            "all-time" | "alltime" | "all" => Some(Period::AllTime),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Period::Today => "today",
            Period::Week => "week",
            Period::AllTime => "all-time",
        }
    }
}

const ID_PREFIX: &str = "sudoku";

impl Command {
    /// Parses a command as typed: `/sudoku new 40`, `move B7 4`, `new empty:52 difficulty:hard`.
    pub fn parse(text: &str) -> Result<Command, Unreadable> {
        typed::parse(text)
    }

    /// The command a button stands for; `None` for an id this bot never made.
    pub fn from_custom_id(id: &str) -> Option<Command> {
        Command::from_component(id, &[])
    }

    /// The command a component stands for: a button (no values) or a select menu with
    /// the values the player chose. `None` for an id this bot never made, or a menu's
    /// choice it never offered.
    pub fn from_component(id: &str, values: &[String]) -> Option<Command> {
        let mut parts = id.split(':');
        if parts.next()? != ID_PREFIX {
            return None;
        }
        let action = parts.next()?;
        let game: GameId = parts.next()?.parse().ok()?;
        let version: u32 = parts.next()?.parse().ok()?;
        if parts.next().is_some() {
            return None;
        }
        let target = Some(Target { game, version });
        Some(match action {
            "show" => Command::Show(target),
            "hint" => Command::Hint(target),
            "check" => Command::Check {
                reveal: false,
                target,
            },
            "undo" => Command::Undo(target),
            "giveup" => Command::GiveUp {
                target,
                confirmed: false,
            },
            "giveup-yes" => Command::GiveUp {
                target,
                confirmed: true,
            },
            "daily" => Command::Daily,
            "play" => Command::Play { daily: false },
            "play-daily" => Command::Play { daily: true },
            "share" => Command::Share(target),
            // "New game" under a solve: the same size again; the id's game field carries it.
            "new" => Command::New {
                empty: usize::try_from(game).ok(),
                difficulty: None,
                symmetry: None,
            },
            "forget-yes" => Command::ForgetMe { confirmed: true },
            other => {
                let target = Target { game, version };
                if let Some(pad) = other.strip_prefix("pad-") {
                    return Some(Command::Pad {
                        target,
                        action: pad_action(pad, values)?,
                    });
                }
                match race::from_button(other, target) {
                    Some(race) => Command::Race(race),
                    None => Command::Coop(coop::from_button(other, target, values)?),
                }
            }
        })
    }

    /// Whether this command's answer is for the caller alone (Discord: ephemeral). An
    /// adapter that must show something before the answer exists (Discord's deferral)
    /// picks its visibility from this; the reply's own `private` flag still decides for
    /// answers given at once, and errors of any command are private.
    pub fn answers_privately(&self) -> bool {
        matches!(
            self,
            Command::Hint(_)
                | Command::Check { .. }
                | Command::Daily
                | Command::Help
                | Command::ForgetMe { .. }
                | Command::DailySetup { .. }
                | Command::DailyOff
                | Command::Settings { .. }
                | Command::Unreadable(_)
                | Command::Web
                | Command::Play { .. }
                | Command::Coop(coop::CoopCommand::Check(_) | coop::CoopCommand::Hint(_))
                // A race board is never shown to rivals.
                | Command::Race(RaceCommand::Board(_))
        )
    }

    /// Whether this command surely changes no board (it only shows or tells): other
    /// replicas' open boards need not hear of it.
    pub fn leaves_boards_alone(&self) -> bool {
        matches!(
            self,
            Command::Show(_)
                | Command::Solve { .. }
                | Command::Stats { .. }
                | Command::Help
                | Command::Leaderboard { .. }
                | Command::RaceLeaderboard
                | Command::Share(_)
                | Command::Web
                | Command::Unreadable(_)
        )
    }

    /// The name used in logs and metrics.
    pub fn name(&self) -> &'static str {
        match self {
            Command::New { .. } => "new",
            Command::Show(_) => "show",
            Command::Move { .. } => "move",
            Command::Note { .. } => "note",
            Command::Undo(_) => "undo",
            Command::Check { .. } => "check",
            Command::Hint(_) => "hint",
            Command::Submit { .. } => "submit",
            Command::GiveUp { .. } => "giveup",
            Command::Solve { .. } => "solve",
            Command::Stats { .. } => "stats",
            Command::Help => "help",
            Command::Daily => "daily",
            Command::DailySetup { .. } => "daily setup",
            Command::DailyOff => "daily off",
            Command::Leaderboard { .. } => "leaderboard",
            Command::ForgetMe { .. } => "forget-me",
            Command::Share(_) => "share",
            Command::Pad { action, .. } => pad_name(*action),
            Command::Coop(c) => c.name(),
            Command::Race(r) => r.name(),
            Command::Web => "web",
            Command::Play { .. } => "play",
            Command::RaceLeaderboard => "leaderboard races",
            Command::Settings { .. } => "settings",
            Command::Unreadable(_) => "unreadable",
        }
    }
}

/// The pad press of a component named `pad-<name>` (after its prefix), with the chosen
/// values of a menu: `row` with `A`–`I`, `col` with `1`–`9`, a digit `1`–`9`, `erase`,
/// `notes`, `autonotes`.
pub(crate) fn pad_action(name: &str, values: &[String]) -> Option<PadAction> {
    let value = || -> Option<char> {
        let [value] = values else { return None };
        let mut chars = value.trim().chars();
        let c = chars.next()?;
        chars.next().is_none().then_some(c)
    };
    Some(match name {
        "row" => match value()?.to_ascii_uppercase() {
            c @ 'A'..='I' => PadAction::Row(c as u8 - b'A'),
            _ => return None,
        },
        "col" => match value()? {
            c @ '1'..='9' => PadAction::Column(c as u8 - b'1'),
            _ => return None,
        },
        "erase" => PadAction::Erase,
        "notes" => PadAction::ToggleNotes,
        "autonotes" => PadAction::AutoNotes,
        digit => match digit.as_bytes() {
            [d @ b'1'..=b'9'] => PadAction::Digit(d - b'0'),
            _ => return None,
        },
    })
}

/// `/sudoku note auto` (or `all`): auto-notes, in place of a cell.
pub(crate) fn is_auto_notes(cell: &str) -> bool {
    ["auto", "all"].contains(&cell.trim().to_ascii_lowercase().as_str())
}

/// The value of row option `row` (0–8) and column option `col` (0–8) of the pad's menus.
pub fn row_value(row: u8) -> String {
    char::from(b'A' + row.min(8)).to_string()
}

pub fn column_value(col: u8) -> String {
    char::from(b'1' + col.min(8)).to_string()
}

/// A pad press's name in logs and metrics.
pub(crate) fn pad_name(action: PadAction) -> &'static str {
    match action {
        PadAction::Row(_) => "pad row",
        PadAction::Column(_) => "pad column",
        PadAction::Digit(_) => "pad digit",
        PadAction::Erase => "pad erase",
        PadAction::ToggleNotes => "pad notes",
        PadAction::AutoNotes => "pad auto-notes",
    }
}

/// The `custom_id` of a button acting on a game: `sudoku:<action>:<game>:<version>`, at
/// most 6 + 1 + 10 + 1 + 19 + 1 + 10 = 48 bytes, well under Discord's 100.
pub fn custom_id(action: &str, target: Target) -> String {
    format!("{ID_PREFIX}:{action}:{}:{}", target.game, target.version)
}

/// The id of a button that needs no game: the daily's Play, the forget-me confirmation.
pub fn plain_custom_id(action: &str) -> String {
    format!("{ID_PREFIX}:{action}:0:0")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_commands() {
        assert_eq!(
            Command::parse("/sudoku new 40"),
            Ok(Command::New {
                empty: Some(40),
                difficulty: None,
                symmetry: None
            })
        );
        assert_eq!(
            Command::parse("new empty:52 difficulty:hard symmetry:rot180"),
            Ok(Command::New {
                empty: Some(52),
                difficulty: Some(Tier::Hard),
                symmetry: Some(Symmetry::Rot180)
            })
        );
        assert_eq!(
            Command::parse("/sudoku move B7 4, C3 5"),
            Ok(Command::Move {
                moves: "B7 4, C3 5".into(),
                target: None
            })
        );
        assert_eq!(
            Command::parse("note B7 257"),
            Ok(Command::Note {
                cell: "B7".into(),
                digits: "257".into(),
                target: None
            })
        );
        assert!(matches!(
            Command::parse("check show"),
            Ok(Command::Check { reveal: true, .. })
        ));
        assert!(
            Command::parse("new forty")
                .unwrap_err()
                .to_string()
                .contains("`forty`")
        );
        assert!(
            Command::parse("dance")
                .unwrap_err()
                .to_string()
                .contains("unknown command `dance`")
        );
    }

    #[test]
    fn button_ids_round_trip_and_foreign_ids_are_ignored() {
        let t = Target {
            game: 42,
            version: 7,
        };
        for action in ["show", "hint", "check", "undo", "giveup", "giveup-yes"] {
            let id = custom_id(action, t);
            assert!(id.len() <= 100);
            assert!(Command::from_custom_id(&id).is_some(), "{id}");
        }
        assert_eq!(
            Command::from_custom_id(&custom_id("undo", t)),
            Some(Command::Undo(Some(t)))
        );
        for bad in [
            "",
            "sudoku",
            "other:hint:1:2",
            "sudoku:hint:x:2",
            "sudoku:dance:1:2",
            "sudoku:hint:1:2:3",
        ] {
            assert_eq!(Command::from_custom_id(bad), None, "{bad}");
        }
    }

    #[test]
    fn pad_ids_carry_their_game_and_the_menus_their_choice() {
        let t = Target {
            game: 42,
            version: 7,
        };
        let pad = |action| Some(Command::Pad { target: t, action });
        let row = custom_id("pad-row", t);
        assert_eq!(
            Command::from_component(&row, &["B".into()]),
            pad(PadAction::Row(1))
        );
        assert_eq!(
            Command::from_component(&custom_id("pad-col", t), &["7".into()]),
            pad(PadAction::Column(6))
        );
        assert_eq!(
            Command::from_custom_id(&custom_id("pad-4", t)),
            pad(PadAction::Digit(4))
        );
        assert_eq!(
            Command::from_custom_id(&custom_id("pad-erase", t)),
            pad(PadAction::Erase)
        );
        assert_eq!(
            Command::from_custom_id(&custom_id("pad-notes", t)),
            pad(PadAction::ToggleNotes)
        );
        // A menu without its choice, or with one it never offered, is no command.
        for values in [
            vec![],
            vec!["J".to_string()],
            vec!["B".into(), "C".into()],
            vec!["BB".into()],
        ] {
            assert_eq!(Command::from_component(&row, &values), None, "{values:?}");
        }
        for bad in ["pad-0", "pad-10", "pad-", "pad-dance"] {
            assert_eq!(Command::from_custom_id(&custom_id(bad, t)), None, "{bad}");
        }
    }

    /// A slow answer is deferred with the visibility of the answer itself: the private
    /// ones must never be deferred publicly.
    #[test]
    fn private_answers_are_known_before_the_answer() {
        for text in [
            "hint",
            "check",
            "daily",
            "help",
            "forget-me",
            "coop hint",
            "coop check",
        ] {
            let command = Command::parse(text).expect(text);
            assert!(command.answers_privately(), "{text}");
        }
        for text in [
            "new 40",
            "show",
            "move B7 4",
            "solve 1",
            "coop move B7 4",
            "share",
        ] {
            let command = Command::parse(text).expect(text);
            assert!(!command.answers_privately(), "{text}");
        }
    }
}
