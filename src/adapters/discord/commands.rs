//! The `/sudoku` command as Discord sees it: its registration (`register`) and the
//! translation of a received interaction into the core's [`Command`] (`to_command`).

use serenity::all::{
    ActionRowComponent, ChannelType, CommandInteraction, CommandOptionType, CommandType,
    CreateActionRow, CreateCommand, CreateCommandOption, CreateInputText, CreateModal,
    InputTextStyle, InstallationContext, InteractionContext, ModalInteractionData, Permissions,
    ResolvedOption, ResolvedTarget, ResolvedValue,
};

use crate::app::{Command, Period};
use crate::engine::Tier;
use crate::engine::generator::{MAX_EMPTY, Symmetry};

/// The slash command's name.
pub const NAME: &str = "sudoku";
/// The admins' command for daily puzzles.
pub const ADMIN_NAME: &str = "sudoku-daily";
/// The message context-menu command.
pub const SOLVE_MESSAGE: &str = "Solve Sudoku";
/// The modal `/sudoku submit` opens when given no grid, and its one text field.
pub const SUBMIT_MODAL: &str = "sudoku-modal:submit";
const GRID_FIELD: &str = "grid";
/// Longest grid text accepted (slash option and modal alike).
const MAX_GRID: u16 = 1900;

/// Everywhere the app can be installed and used: servers, and user installs in DMs and
/// other servers.
fn everywhere(command: CreateCommand) -> CreateCommand {
    command
        .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
        .contexts(vec![
            InteractionContext::Guild,
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ])
}

fn sub(name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(CommandOptionType::SubCommand, name, description)
}

fn text(name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(CommandOptionType::String, name, description)
        .required(true)
        .max_length(MAX_GRID)
}

/// Every command, registered in one bulk overwrite at start-up (idempotent).
pub fn register() -> Vec<CreateCommand> {
    let mut difficulty = CreateCommandOption::new(
        CommandOptionType::String,
        "difficulty",
        "How hard, by the techniques it needs",
    );
    for tier in Tier::ALL {
        difficulty = difficulty.add_string_choice(tier.title(), tier.name());
    }
    let mut symmetry = CreateCommandOption::new(
        CommandOptionType::String,
        "symmetry",
        "Pattern of the givens",
    );
    for name in Symmetry::NAMES {
        symmetry = symmetry.add_string_choice(name.to_string(), name.to_string());
    }
    let sudoku = CreateCommand::new(NAME)
        .description("Play Sudoku: new games, moves, hints, solving")
        .set_options(vec![
            sub("new", "Start a game")
                .add_sub_option(
                    CreateCommandOption::new(
                        CommandOptionType::Integer,
                        "empty",
                        "Number of empty cells (0-64)",
                    )
                    .min_int_value(0)
                    .max_int_value(MAX_EMPTY as u64),
                )
                .add_sub_option(difficulty)
                .add_sub_option(symmetry),
            sub("show", "Show your board and status"),
            sub(
                "move",
                "Place or erase digits, e.g. B7 4, C3 5 (B7 0 erases)",
            )
            .add_sub_option(text("moves", "Cells and digits: B7 4, C3 5")),
            sub("note", "Toggle pencil marks in a cell")
                .add_sub_option(text("cell", "The cell, e.g. B7"))
                .add_sub_option(text("digits", "Digits to toggle, e.g. 257")),
            sub("undo", "Take back your last move"),
            sub("check", "How many of your digits are wrong").add_sub_option(
                CreateCommandOption::new(
                    CommandOptionType::Boolean,
                    "reveal",
                    "Also say which cells",
                ),
            ),
            sub("hint", "The next logical step (ask again for more detail)"),
            // Optional: without it a modal opens, where a pasted board keeps its lines.
            sub("submit", "Submit a full solution").add_sub_option(
                text("grid", "81 digits, or leave empty to paste a whole board").required(false),
            ),
            sub("giveup", "See the solution and end your game"),
            sub("solve", "Solve any Sudoku grid")
                .add_sub_option(text("grid", "81 digits with 0 or . for empty cells")),
            sub("stats", "Games, solves and best times").add_sub_option(CreateCommandOption::new(
                CommandOptionType::User,
                "player",
                "Whose stats",
            )),
            sub("daily", "Play today's daily puzzle of this server"),
            sub("leaderboard", "This server's daily leaderboard").add_sub_option(
                CreateCommandOption::new(CommandOptionType::String, "period", "Which days")
                    .add_string_choice("Today", "today")
                    .add_string_choice("This week", "week")
                    .add_string_choice("All time", "all-time"),
            ),
            sub("forget-me", "Delete all your games and stats (asks first)"),
            sub("help", "What each command does"),
        ]);
    let mut tier = CreateCommandOption::new(
        CommandOptionType::String,
        "difficulty",
        "Difficulty of the daily puzzles",
    );
    for t in Tier::ALL {
        tier = tier.add_string_choice(t.title(), t.name());
    }
    // Apart from /sudoku because Discord sets permissions per command, not per
    // subcommand: only members who can manage the server see it (and the core checks
    // again).
    let admin = CreateCommand::new(ADMIN_NAME)
        .description("Set up the daily Sudoku of this server")
        .default_member_permissions(Permissions::MANAGE_GUILD)
        .integration_types(vec![InstallationContext::Guild])
        .contexts(vec![InteractionContext::Guild])
        .set_options(vec![
            sub("setup", "Post a daily puzzle in a channel")
                .add_sub_option(
                    CreateCommandOption::new(
                        CommandOptionType::Channel,
                        "channel",
                        "Where to post",
                    )
                    .required(true)
                    .channel_types(vec![ChannelType::Text]),
                )
                .add_sub_option(
                    CreateCommandOption::new(
                        CommandOptionType::String,
                        "time",
                        "HH:MM, 24-hour (default 09:00)",
                    )
                    .max_length(5),
                )
                .add_sub_option(
                    CreateCommandOption::new(
                        CommandOptionType::String,
                        "timezone",
                        "IANA time zone, e.g. Europe/Madrid (default UTC)",
                    )
                    .max_length(64),
                )
                .add_sub_option(tier),
            sub("off", "Stop posting daily puzzles"),
        ]);
    vec![
        everywhere(sudoku),
        admin,
        everywhere(CreateCommand::new(SOLVE_MESSAGE).kind(CommandType::Message)),
    ]
}

/// The core's command for a received slash or message command; `Err` says what is wrong
/// with an interaction this bot did not register (an outdated client, say).
pub fn to_command(interaction: &CommandInteraction) -> Result<Command, String> {
    let data = &interaction.data;
    if data.kind == CommandType::Message {
        return match data.target() {
            Some(ResolvedTarget::Message(message)) => Ok(Command::Solve {
                grid: message.content.clone(),
            }),
            _ => Err("that message could not be read".into()),
        };
    }
    if data.name != NAME && data.name != ADMIN_NAME {
        return Err(format!("unknown command /{}", data.name));
    }
    let options = data.options();
    let Some(ResolvedOption {
        name,
        value: ResolvedValue::SubCommand(args),
        ..
    }) = options.first()
    else {
        return Ok(Command::Help);
    };
    let string = |key: &str| -> String {
        args.iter()
            .find(|o| o.name == key)
            .and_then(|o| match &o.value {
                ResolvedValue::String(s) => Some(s.to_string()),
                _ => None,
            })
            .unwrap_or_default()
    };
    let integer = |key: &str| {
        args.iter()
            .find(|o| o.name == key)
            .and_then(|o| match o.value {
                ResolvedValue::Integer(i) => usize::try_from(i).ok(),
                _ => None,
            })
    };
    let boolean = |key: &str| {
        args.iter()
            .any(|o| o.name == key && matches!(o.value, ResolvedValue::Boolean(true)))
    };
    if data.name == ADMIN_NAME {
        return match *name {
            "setup" => Ok(Command::DailySetup {
                channel: args
                    .iter()
                    .find(|o| o.name == "channel")
                    .and_then(|o| match &o.value {
                        ResolvedValue::Channel(c) => Some(c.id.to_string()),
                        _ => None,
                    }),
                time: Some(string("time")).filter(|s| !s.is_empty()),
                timezone: Some(string("timezone")).filter(|s| !s.is_empty()),
                difficulty: Some(string("difficulty")).filter(|s| !s.is_empty()),
            }),
            "off" => Ok(Command::DailyOff),
            other => Err(format!("unknown subcommand {other}")),
        };
    }
    Ok(match *name {
        "daily" => Command::Daily,
        "leaderboard" => Command::Leaderboard {
            period: Period::parse(&string("period")).unwrap_or(Period::Today),
        },
        "forget-me" => Command::ForgetMe { confirmed: false },
        "new" => Command::New {
            empty: integer("empty"),
            difficulty: Tier::parse(&string("difficulty")),
            symmetry: Symmetry::parse(&string("symmetry")),
        },
        "show" => Command::Show(None),
        "move" => Command::Move {
            moves: string("moves"),
        },
        "note" => Command::Note {
            cell: string("cell"),
            digits: string("digits"),
        },
        "undo" => Command::Undo(None),
        "check" => Command::Check {
            reveal: boolean("reveal"),
            target: None,
        },
        "hint" => Command::Hint(None),
        "submit" => Command::Submit {
            grid: string("grid"),
        },
        "giveup" => Command::GiveUp {
            target: None,
            confirmed: true,
        },
        "solve" => Command::Solve {
            grid: string("grid"),
        },
        "stats" => Command::Stats {
            player: args
                .iter()
                .find(|o| o.name == "player")
                .and_then(|o| match o.value {
                    ResolvedValue::User(user, _) => Some(user.id.to_string()),
                    _ => None,
                }),
        },
        "help" => Command::Help,
        other => return Err(format!("unknown subcommand {other}")),
    })
}

/// The modal a command opens instead of running, if any: `/sudoku submit` without a grid.
pub fn modal_for(command: &Command) -> Option<CreateModal> {
    match command {
        Command::Submit { grid } if grid.trim().is_empty() => Some(
            CreateModal::new(SUBMIT_MODAL, "Submit your solution").components(vec![
                CreateActionRow::InputText(
                    CreateInputText::new(InputTextStyle::Paragraph, "Your solved grid", GRID_FIELD)
                        .placeholder("Paste your board, or type 81 digits")
                        .max_length(MAX_GRID),
                ),
            ]),
        ),
        _ => None,
    }
}

/// The core's command for a submitted modal of this bot.
pub fn from_modal(data: &ModalInteractionData) -> Result<Command, String> {
    if data.custom_id != SUBMIT_MODAL {
        return Err("that form belongs to an older version of the bot".into());
    }
    let grid = data
        .components
        .iter()
        .flat_map(|row| &row.components)
        .find_map(|c| match c {
            ActionRowComponent::InputText(input) if input.custom_id == GRID_FIELD => {
                input.value.clone()
            }
            _ => None,
        })
        .unwrap_or_default();
    Ok(Command::Submit { grid })
}
