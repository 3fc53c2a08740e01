//! The `/sudoku` commands as the core receives them, whatever the adapter.
//!
//! Discord builds a [`Command`] from typed slash-command options or from a button's
//! `custom_id` ([`Command::from_custom_id`]); the terminal parses the same words a player
//! would type in Discord ([`Command::parse`]). Raw text (moves, grids) stays text: the core
//! parses it so every adapter gets the same error messages.

use crate::engine::Tier;
use crate::engine::generator::Symmetry;
use crate::store::GameId;

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
    /// Delete everything stored about the caller; asks first.
    ForgetMe {
        confirmed: bool,
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

/// Every subcommand name, as registered in Discord and listed by `help`.
pub const SUBCOMMANDS: &[&str] = &[
    "new",
    "show",
    "move",
    "note",
    "undo",
    "check",
    "hint",
    "submit",
    "giveup",
    "solve",
    "stats",
    "daily",
    "leaderboard",
    "forget-me",
    "help",
];

const ID_PREFIX: &str = "sudoku";

impl Command {
    /// Parses a command as typed: `/sudoku new 40`, `move B7 4`, `new empty:52 difficulty:hard`.
    pub fn parse(text: &str) -> Result<Command, String> {
        let text = text.trim();
        // The admin command is registered apart (for its permission): `/sudoku-daily setup`.
        let owned;
        let text = match text.strip_prefix("/sudoku-daily") {
            Some(rest) => {
                owned = format!("daily {rest}");
                owned.as_str()
            }
            None => text,
        };
        let text = text
            .strip_prefix("/sudoku")
            .or_else(|| text.strip_prefix('/'))
            .unwrap_or(text)
            .trim_start();
        let (name, rest) = match text.find(char::is_whitespace) {
            Some(i) => (&text[..i], text[i..].trim()),
            None => (text, ""),
        };
        let name = name.to_ascii_lowercase();
        let rest_owned = rest.to_string();
        match name.as_str() {
            "new" => parse_new(rest),
            "show" | "board" => Ok(Command::Show(None)),
            "move" | "m" | "play" => Ok(Command::Move { moves: rest_owned }),
            "note" | "notes" | "n" => {
                let (cell, digits) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                Ok(Command::Note {
                    cell: strip_key(cell, "cell").to_string(),
                    digits: strip_key(digits.trim(), "digits").to_string(),
                })
            }
            "undo" => Ok(Command::Undo(None)),
            "check" => Ok(Command::Check {
                reveal: matches!(
                    rest.to_ascii_lowercase().as_str(),
                    "show" | "reveal" | "which" | "reveal:true" | "show:true"
                ),
                target: None,
            }),
            "hint" => Ok(Command::Hint(None)),
            "submit" => Ok(Command::Submit {
                grid: strip_key(rest, "grid").to_string(),
            }),
            "giveup" | "give-up" | "resign" => Ok(Command::GiveUp {
                target: None,
                confirmed: true,
            }),
            "give" if rest.eq_ignore_ascii_case("up") => Ok(Command::GiveUp {
                target: None,
                confirmed: true,
            }),
            "solve" => Ok(Command::Solve {
                grid: strip_key(rest, "grid").to_string(),
            }),
            "stats" => Ok(Command::Stats {
                player: (!rest.is_empty()).then(|| strip_key(rest, "player").to_string()),
            }),
            "help" | "" => Ok(Command::Help),
            "daily" => parse_daily(rest),
            "leaderboard" | "top" => {
                let period = strip_key(rest, "period");
                Period::parse(period)
                    .map(|period| Command::Leaderboard { period })
                    .ok_or_else(|| {
                        format!("`{period}` is not a period: use today, week or all-time")
                    })
            }
            "forget-me" | "forgetme" => Ok(Command::ForgetMe { confirmed: false }),
            other => Err(format!(
                "unknown command `{other}`; the commands are: {}",
                SUBCOMMANDS.join(", ")
            )),
        }
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
            "forget-yes" => Command::ForgetMe { confirmed: true },
            _ => return None,
        })
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
        }
    }
}

/// The `custom_id` of a button acting on a game: `sudoku:<action>:<game>:<version>`, at
/// most 6 + 1 + 10 + 1 + 19 + 1 + 10 = 48 bytes, well under Discord's 100.
pub fn custom_id(action: &str, target: Target) -> String {
    format!("{ID_PREFIX}:{action}:{}:{}", target.game, target.version)
}

fn strip_key<'a>(text: &'a str, key: &str) -> &'a str {
    text.strip_prefix(key)
        .and_then(|t| t.strip_prefix(':'))
        .map(str::trim_start)
        .unwrap_or(text)
}

fn parse_daily(rest: &str) -> Result<Command, String> {
    let (action, args) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    match action.to_ascii_lowercase().as_str() {
        "" | "play" => Ok(Command::Daily),
        "off" => Ok(Command::DailyOff),
        "setup" => {
            let (mut channel, mut time, mut timezone, mut difficulty) = (None, None, None, None);
            for word in args.split_whitespace() {
                let (key, value) = word.split_once(':').ok_or_else(|| {
                    format!("`{word}`: write options as key:value, e.g. `time:09:00`")
                })?;
                let value = Some(value.to_string());
                match key.to_ascii_lowercase().as_str() {
                    "channel" => channel = value,
                    "time" => time = value,
                    "timezone" | "tz" | "zone" => timezone = value,
                    "difficulty" => difficulty = value,
                    other => {
                        return Err(format!(
                            "`{other}` is not an option of daily setup: use channel, time, timezone and difficulty"
                        ));
                    }
                }
            }
            Ok(Command::DailySetup {
                channel,
                time,
                timezone,
                difficulty,
            })
        }
        other => Err(format!(
            "`daily {other}` is not a command: use `/sudoku daily` to play, or `daily setup` / `daily off` (admins)"
        )),
    }
}

/// The id of a button that needs no game: the daily's Play, the forget-me confirmation.
pub fn plain_custom_id(action: &str) -> String {
    format!("{ID_PREFIX}:{action}:0:0")
}

fn parse_new(rest: &str) -> Result<Command, String> {
    let mut empty = None;
    let mut difficulty = None;
    let mut symmetry = None;
    for word in rest.split_whitespace() {
        let (key, value) = match word.split_once(':') {
            Some((k, v)) => (Some(k.to_ascii_lowercase()), v),
            None => (None, word),
        };
        match key.as_deref() {
            Some("empty") | None if value.parse::<usize>().is_ok() => {
                empty = value.parse().ok();
            }
            Some("difficulty") | None if Tier::parse(value).is_some() => {
                difficulty = Tier::parse(value);
            }
            Some("symmetry") | None if Symmetry::parse(value).is_some() => {
                symmetry = Symmetry::parse(value);
            }
            _ => {
                return Err(format!(
                    "`{word}` is not an option of `new`: give a number of empty cells (0-64), a difficulty ({}) or a symmetry ({}), e.g. `/sudoku new 40` or `/sudoku new hard`",
                    Tier::ALL.map(Tier::name).join(", "),
                    Symmetry::NAMES.join(", ")
                ));
            }
        }
    }
    Ok(Command::New {
        empty,
        difficulty,
        symmetry,
    })
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
}
