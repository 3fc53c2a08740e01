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
pub mod race;
pub mod table;
mod typed;

use crate::engine::Tier;
use crate::engine::generator::Symmetry;
use crate::store::GameId;

pub use coop::CoopCommand;
pub use race::{Opponent, RaceCommand};

/// A button's link to the game it acts on, and the game's version when it was drawn, so a
/// double click or a stale board cannot apply an action twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub game: GameId,
    pub version: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    New {
        empty: Option<usize>,
        difficulty: Option<Tier>,
        symmetry: Option<Symmetry>,
    },
    Show(Option<Target>),
    Move {
        moves: String,
    },
    Note {
        cell: String,
        digits: String,
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
    /// The channel's co-op board (its buttons carry the board's id as the game).
    Coop(CoopCommand),
    /// Races and challenges (their buttons carry the race's id as the game).
    Race(RaceCommand),
    /// This server's race standings.
    RaceLeaderboard,
    /// The caller's settings: shown, or changed when an option is given.
    Settings {
        check_as_you_go: Option<bool>,
        /// Boards as pictures (`true`) or as text.
        board_picture: Option<bool>,
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
    pub fn parse(text: &str) -> Result<Command, String> {
        typed::parse(text)
    }

    /// The command a button stands for; `None` for an id this bot never made.
    pub fn from_custom_id(id: &str) -> Option<Command> {
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
            "share" => Command::Share(target),
            // "New game" under a solve: the same size again; the id's game field carries it.
            "new" => Command::New {
                empty: usize::try_from(game).ok(),
                difficulty: None,
                symmetry: None,
            },
            "forget-yes" => Command::ForgetMe { confirmed: true },
            other => match race::from_button(other, Target { game, version }) {
                Some(race) => Command::Race(race),
                None => Command::Coop(coop::from_button(other, Target { game, version })?),
            },
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
                | Command::Coop(coop::CoopCommand::Check(_) | coop::CoopCommand::Hint(_))
                // A race board is never shown to rivals.
                | Command::Race(RaceCommand::Board(_))
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
            Command::Coop(c) => c.name(),
            Command::Race(r) => r.name(),
            Command::RaceLeaderboard => "leaderboard races",
            Command::Settings { .. } => "settings",
        }
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
                moves: "B7 4, C3 5".into()
            })
        );
        assert_eq!(
            Command::parse("note B7 257"),
            Ok(Command::Note {
                cell: "B7".into(),
                digits: "257".into()
            })
        );
        assert!(matches!(
            Command::parse("check show"),
            Ok(Command::Check { reveal: true, .. })
        ));
        assert!(Command::parse("new forty").unwrap_err().contains("`forty`"));
        assert!(
            Command::parse("dance")
                .unwrap_err()
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
