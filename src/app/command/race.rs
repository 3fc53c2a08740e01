//! `/sudoku race` and `/sudoku challenge`, and the buttons of their public message.

use super::{Target, custom_id};
use crate::engine::Tier;

/// The player a challenge is for, as the adapter knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    pub id: String,
    pub name: String,
    /// Bots cannot play: Discord says which users are bots; typed names are people.
    pub bot: bool,
}

/// What a player does with a race. The buttons carry the race's id as the target's game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RaceCommand {
    /// Open a lobby in the channel; `players` makes it start by itself when full.
    Open {
        empty: Option<usize>,
        difficulty: Option<Tier>,
        players: Option<usize>,
    },
    /// Offer a 1-v-1 race to one player.
    Challenge {
        opponent: Opponent,
        empty: Option<usize>,
        difficulty: Option<Tier>,
    },
    Join(Target),
    Leave(Target),
    Start(Target),
    Cancel(Target),
    /// The player's own (private) board of a running race.
    Board(Target),
    Accept(Target),
    Decline(Target),
    /// The same players again, on a new puzzle (a button under a result).
    Rematch(Target),
    /// The presser's result of a finished race, posted without spoilers.
    Share(Target),
}

impl RaceCommand {
    pub fn name(&self) -> &'static str {
        match self {
            RaceCommand::Open { .. } => "race",
            RaceCommand::Challenge { .. } => "challenge",
            RaceCommand::Join(_) => "race join",
            RaceCommand::Leave(_) => "race leave",
            RaceCommand::Start(_) => "race start",
            RaceCommand::Cancel(_) => "race cancel",
            RaceCommand::Board(_) => "race board",
            RaceCommand::Accept(_) => "challenge accept",
            RaceCommand::Decline(_) => "challenge decline",
            RaceCommand::Rematch(_) => "race rematch",
            RaceCommand::Share(_) => "race share",
        }
    }
}

/// The command of a race message's button (`sudoku:race-join:<race>:<version>`).
pub fn from_button(action: &str, target: Target) -> Option<RaceCommand> {
    Some(match action {
        "race-join" => RaceCommand::Join(target),
        "race-leave" => RaceCommand::Leave(target),
        "race-start" => RaceCommand::Start(target),
        "race-cancel" => RaceCommand::Cancel(target),
        "race-board" => RaceCommand::Board(target),
        "race-accept" => RaceCommand::Accept(target),
        "race-decline" => RaceCommand::Decline(target),
        "race-rematch" => RaceCommand::Rematch(target),
        "race-share" => RaceCommand::Share(target),
        _ => return None,
    })
}

/// The id of a race message's button: at most 6 + 1 + 12 + 1 + 19 + 1 + 10 = 50 bytes.
pub fn button_id(action: &str, target: Target) -> String {
    custom_id(&format!("race-{action}"), target)
}
