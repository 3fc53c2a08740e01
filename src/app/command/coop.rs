//! `/sudoku coop ...`: the commands of a channel's co-op board, typed or from its buttons.

pub(crate) use super::typed::excerpt;
use super::unreadable::Unreadable;
use super::{Target, custom_id};
use crate::engine::Tier;

/// What a player does with the co-op board of their channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoopCommand {
    /// Start a board for the channel.
    Start {
        empty: Option<usize>,
        difficulty: Option<Tier>,
    },
    Show(Option<Target>),
    /// `target` as in [`super::Command::Move`]: the web board's version guard.
    Move {
        moves: String,
        target: Option<Target>,
    },
    Note {
        cell: String,
        digits: String,
        target: Option<Target>,
    },
    /// Take back the player's own last move.
    Undo(Option<Target>),
    Check(Option<Target>),
    Hint(Option<Target>),
    /// End the board unsolved (its starter or an admin).
    End,
    /// A press on the board's number pad.
    Pad {
        target: Target,
        action: crate::game::PadAction,
    },
}

/// The actions a typist may give after `coop`, as Discord lists them.
pub const ACTIONS: [&str; 8] = [
    "start", "show", "move", "note", "undo", "check", "hint", "end",
];

impl CoopCommand {
    pub fn name(&self) -> &'static str {
        match self {
            CoopCommand::Start { .. } => "coop",
            CoopCommand::Show(_) => "coop show",
            CoopCommand::Move { .. } => "coop move",
            CoopCommand::Note { .. } => "coop note",
            CoopCommand::Undo(_) => "coop undo",
            CoopCommand::Check(_) => "coop check",
            CoopCommand::Hint(_) => "coop hint",
            CoopCommand::End => "coop end",
            CoopCommand::Pad { .. } => "coop pad",
        }
    }

    /// The command of `action` (one of [`ACTIONS`], `start` when absent) with the
    /// options given; a message naming what is missing or out of place otherwise.
    pub fn build(
        action: Option<&str>,
        empty: Option<usize>,
        difficulty: Option<Tier>,
        input: Option<&str>,
    ) -> Result<CoopCommand, Unreadable> {
        let input = input.map(str::trim).filter(|t| !t.is_empty());
        // No action named, and words left over: the player most likely meant an action
        // (`coop dance`), not a new board with something after it.
        if let (None, Some(text)) = (action, input) {
            let word = text.split_whitespace().next().unwrap_or(text);
            return Err(Unreadable::new("typed-coop-action-example")
                .with("typed", crate::engine::parse::excerpt(word, 20))
                .with("actions", super::unreadable::Part::Values("action")));
        }
        let action = action.unwrap_or("start").to_ascii_lowercase();
        if action != "start" && (empty.is_some() || difficulty.is_some()) {
            return Err(Unreadable::new("typed-coop-start-only").with("action", action.as_str()));
        }
        let takes_input = matches!(action.as_str(), "move" | "note" | "check");
        if let (Some(text), false) = (input, takes_input) {
            return Err(Unreadable::new("typed-coop-nothing-more")
                .with("action", action.as_str())
                .with("typed", excerpt(text)));
        }
        Ok(match action.as_str() {
            "start" | "new" => CoopCommand::Start { empty, difficulty },
            "show" | "board" => CoopCommand::Show(None),
            "move" | "m" => CoopCommand::Move {
                moves: input
                    .ok_or_else(|| Unreadable::new("typed-coop-moves"))?
                    .to_string(),
                target: None,
            },
            "note" | "notes" => {
                let text = input.unwrap_or_default().trim();
                let (cell, digits) = match text.split_once(char::is_whitespace) {
                    Some(split) => split,
                    // `coop note auto`: every cell's candidates.
                    None if super::is_auto_notes(text) => (text, ""),
                    None => {
                        return Err(Unreadable::new("typed-coop-note"));
                    }
                };
                CoopCommand::Note {
                    cell: cell.to_string(),
                    digits: digits.trim().to_string(),
                    target: None,
                }
            }
            // `coop check show` reads like the solo `check show`; on a co-op board every
            // digit is correct, so it says the same either way.
            "check" => match input.map(str::to_ascii_lowercase).as_deref() {
                None | Some("show" | "which") => CoopCommand::Check(None),
                Some(_) => {
                    return Err(Unreadable::new("typed-coop-check"));
                }
            },
            "undo" => CoopCommand::Undo(None),
            "hint" => CoopCommand::Hint(None),
            "end" | "giveup" | "stop" => CoopCommand::End,
            other => {
                return Err(Unreadable::new("typed-coop-action")
                    .with("typed", excerpt(other))
                    .with("actions", super::unreadable::Part::Values("action")));
            }
        })
    }
}

/// The command of a co-op board's button (`sudoku:coop-hint:<board>:<version>`) or pad
/// component (`sudoku:coop-pad-row:<board>:<version>` with the chosen `values`).
pub fn from_button(action: &str, target: Target, values: &[String]) -> Option<CoopCommand> {
    if let Some(pad) = action.strip_prefix("coop-pad-") {
        return Some(CoopCommand::Pad {
            target,
            action: super::pad_action(pad, values)?,
        });
    }
    let t = Some(target);
    Some(match action {
        "coop-show" => CoopCommand::Show(t),
        "coop-hint" => CoopCommand::Hint(t),
        "coop-check" => CoopCommand::Check(t),
        "coop-undo" => CoopCommand::Undo(t),
        _ => return None,
    })
}

/// The id of a co-op board's button: at most 6 + 1 + 10 + 1 + 19 + 1 + 10 = 48 bytes.
pub fn button_id(action: &str, target: Target) -> String {
    custom_id(&format!("coop-{action}"), target)
}
