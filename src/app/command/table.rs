//! One declarative table of every command the players and admins type.
//!
//! Each [`CommandSpec`] names a subcommand, its options (with their types and limits), its
//! line in `/sudoku help` and how its options become the core's [`Command`]. Everything
//! else is derived from it: the typed parser ([`Command::parse`]), `/sudoku help`, the
//! Discord registration and the reading of Discord's options. A new command is one entry
//! here plus its handler.
//!
//! The table knows nothing of Discord: option kinds are the core's words, and the Discord
//! adapter maps them to its own types.

use std::sync::LazyLock;

use super::unreadable::{Part, Unreadable};
use super::{Command, Period};
use crate::app::i18n::Lang;
use crate::engine::Tier;
use crate::engine::generator::{MAX_EMPTY, Symmetry};
use crate::game::race::MAX_PLAYERS;

/// Which registered command a subcommand belongs to. Discord sets permissions per command,
/// not per subcommand, so the admins' subcommands form a command of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// `/sudoku ...`: everyone.
    Player,
    /// `/sudoku-daily ...`: members who may manage the server (the core checks again).
    Admin,
}

impl Family {
    /// The registered command's name.
    pub fn command(self) -> &'static str {
        match self {
            Family::Player => "sudoku",
            Family::Admin => "sudoku-daily",
        }
    }

    /// The registered command's description.
    pub fn description(self) -> &'static str {
        match self {
            Family::Player => "Play Sudoku: new games, moves, hints, solving",
            Family::Admin => "Set up the daily Sudoku of this server",
        }
    }
}

/// One subcommand: what it is called, what it takes, and how it becomes a [`Command`].
pub struct CommandSpec {
    pub family: Family,
    pub name: &'static str,
    /// Other words a typist may use for it (`m` for `move`, `give up` for `giveup`).
    pub aliases: &'static [&'static str],
    /// Discord's one-line description (at most 100 characters).
    pub description: &'static str,
    /// Listed in `/sudoku help`, as the catalogue's `help-{name}` says it.
    pub listed: bool,
    /// What a typist may write, for error messages.
    pub examples: &'static [&'static str],
    pub options: Vec<OptionSpec>,
    /// The core's command for the options given (already checked against their kinds).
    pub build: fn(&Args) -> Result<Command, Unreadable>,
}

/// One option of a subcommand.
pub struct OptionSpec {
    pub name: &'static str,
    /// Other keys a typist may use (`tz:` for `timezone:`); for a flag, also the bare
    /// words that turn it on (`check show`).
    pub aliases: &'static [&'static str],
    /// Discord's description of the option.
    pub description: &'static str,
    /// What it is, for a typist's error message: "a difficulty".
    pub noun: &'static str,
    pub kind: OptionKind,
    pub required: bool,
}

/// The type and limits of an option.
pub enum OptionKind {
    /// A whole number from `min` to `max`.
    Integer { min: u64, max: u64 },
    /// One of fixed values: `(label, value)` pairs; `accepts` also takes a typist's
    /// spellings (`rotational` for `rot180`).
    Choice {
        choices: Vec<(String, String)>,
        accepts: fn(&str) -> bool,
    },
    /// On or off.
    Flag,
    /// Free text of at most `max_len` characters. Typed, the last option of a command
    /// takes the rest of the line (moves, grids).
    Text { max_len: u16 },
    /// Another player: a user id from Discord, a name in the terminal.
    User,
    /// A text channel: an id from Discord, `#name` or `<#id>` typed.
    Channel,
}

/// An option's value as an adapter received it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Integer(i64),
    Text(String),
    Flag(bool),
    /// A user or channel id (or, typed, the name as written).
    Id(String),
    /// A user as Discord resolved them: id, display name, and whether it is a bot.
    Member {
        id: String,
        name: String,
        bot: bool,
    },
}

/// The options given to one command, by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Args(Vec<(&'static str, Value)>);

impl Args {
    pub fn set(&mut self, name: &'static str, value: Value) {
        self.0.retain(|(n, _)| *n != name);
        self.0.push((name, value));
    }

    pub fn get(&self, name: &str) -> Option<&Value> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// A text or choice option; `None` when absent or empty.
    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Text(t)) if !t.is_empty() => Some(t),
            _ => None,
        }
    }

    /// A text option, empty when absent.
    pub fn text_or_empty(&self, name: &str) -> String {
        self.text(name).unwrap_or_default().to_string()
    }

    pub fn integer(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(Value::Integer(i)) => Some(*i),
            _ => None,
        }
    }

    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::Flag(true)))
    }

    /// A user or channel option.
    pub fn id(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Id(id) | Value::Text(id) | Value::Member { id, .. }) if !id.is_empty() => {
                Some(id)
            }
            _ => None,
        }
    }

    /// A user option as an opponent: Discord's resolved user, or a typed name.
    pub fn opponent(&self, name: &str) -> Option<super::Opponent> {
        match self.get(name)? {
            Value::Member { id, name, bot } => Some(super::Opponent {
                id: id.clone(),
                name: name.clone(),
                bot: *bot,
            }),
            Value::Id(text) | Value::Text(text) if !text.trim().is_empty() => {
                // A typed mention `<@123>` names an id; `@bob` or a bare word is a
                // terminal name (the documented `/sudoku challenge @bob` names bob).
                let bare = text
                    .trim()
                    .trim_start_matches("<@")
                    .trim_start_matches('!')
                    .trim_end_matches('>')
                    .trim_start_matches('@');
                Some(super::Opponent {
                    id: bare.to_string(),
                    name: bare.to_string(),
                    bot: false,
                })
            }
            _ => None,
        }
    }
}

/// `leaderboard races`: the race standings instead of a period of dailies.
fn is_races(word: &str) -> bool {
    matches!(
        word.to_ascii_lowercase().as_str(),
        "races" | "race" | "racing"
    )
}

/// The longest grid text accepted (slash option and modal alike).
pub const MAX_GRID: u16 = 1900;

/// Every command, in the order `/sudoku help` lists them and Discord shows them.
pub fn table() -> &'static [CommandSpec] {
    static TABLE: LazyLock<Vec<CommandSpec>> = LazyLock::new(build_table);
    &TABLE
}

/// The spec of a subcommand of `family` by its registered name.
pub fn find(family: Family, name: &str) -> Option<&'static CommandSpec> {
    table()
        .iter()
        .find(|spec| spec.family == family && spec.name == name)
}

/// Every player subcommand's name, as registered and listed by `help`.
pub fn player_commands() -> impl Iterator<Item = &'static str> {
    table()
        .iter()
        .filter(|s| s.family == Family::Player)
        .map(|s| s.name)
}

/// A choice option read with its type's own parser; a value it refuses is named.
fn chosen<T>(
    args: &Args,
    name: &str,
    parse: fn(&str) -> Option<T>,
) -> Result<Option<T>, Unreadable> {
    let Some(text) = args.text(name) else {
        return Ok(None);
    };
    parse(text).map(Some).ok_or_else(|| {
        let option = find_option(name).map_or("", |o| o.name);
        Unreadable::new("typed-not-a-choice")
            .with("typed", super::typed::excerpt(text))
            .with("wanted", Part::Wanted(vec![(option, false)]))
            .with("values", Part::Values(option))
    })
}

/// The first option called `name` in the table (options of one name mean the same).
pub(super) fn find_option(name: &str) -> Option<&'static OptionSpec> {
    table()
        .iter()
        .flat_map(|s| &s.options)
        .find(|o| o.name == name)
}

fn difficulty(description: &'static str) -> OptionSpec {
    OptionSpec {
        name: "difficulty",
        aliases: &[],
        description,
        noun: "a difficulty",
        kind: OptionKind::Choice {
            choices: Tier::ALL
                .map(|t| (t.title().to_string(), t.name().to_string()))
                .to_vec(),
            accepts: |w| Tier::parse(w).is_some(),
        },
        required: false,
    }
}

/// `board:` of the settings: `Some(true)` for pictures.
fn board_picture(word: &str) -> Option<bool> {
    match word.to_ascii_lowercase().as_str() {
        "text" | "txt" | "plain" => Some(false),
        "image" | "picture" | "png" | "pictures" | "images" => Some(true),
        _ => None,
    }
}

/// `language:` of the settings: `Some(None)` follows the player's Discord.
fn player_language(word: &str) -> Option<Option<Lang>> {
    match word.trim().to_lowercase().as_str() {
        "auto" | "discord" | "default" => Some(None),
        other => Lang::parse(other).map(Some),
    }
}

/// `language:` of the daily's setup: `Some(None)` is the server's.
fn server_language(word: &str) -> Option<Option<Lang>> {
    match word.trim().to_lowercase().as_str() {
        "server" | "auto" | "default" => Some(None),
        other => Lang::parse(other).map(Some),
    }
}

/// A `language:` option: the languages by their own names, and `first` (how to follow
/// Discord) before them.
fn language(
    description: &'static str,
    first: (&str, &str),
    accepts: fn(&str) -> bool,
) -> OptionSpec {
    let mut choices = vec![(first.0.to_string(), first.1.to_string())];
    choices.extend(Lang::ALL.map(|l| (l.name().to_string(), l.code().to_string())));
    OptionSpec {
        name: "language",
        aliases: &["lang", "locale"],
        description,
        noun: "a language (en, es, ca)",
        kind: OptionKind::Choice { choices, accepts },
        required: false,
    }
}

/// The number of empty cells of a new puzzle (`new`, `coop`).
fn empty_cells() -> OptionSpec {
    OptionSpec {
        name: "empty",
        aliases: &[],
        description: "Number of empty cells (1-64)",
        noun: "a number of empty cells",
        kind: OptionKind::Integer {
            // 0 would leave nothing to fill in: a race won by `submit` in 0:00.
            min: 1,
            max: MAX_EMPTY as u64,
        },
        required: false,
    }
}

/// The `empty` option's value, refused by name when negative.
fn empty_of(a: &Args) -> Result<Option<usize>, Unreadable> {
    a.integer("empty")
        .map(|n| {
            usize::try_from(n).map_err(|_| {
                Unreadable::new("typed-not-empty-cells")
                    .with("number", n)
                    .with("most", MAX_EMPTY as i64)
            })
        })
        .transpose()
}

fn text(name: &'static str, description: &'static str, noun: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        aliases: &[],
        description,
        noun,
        kind: OptionKind::Text { max_len: MAX_GRID },
        required: true,
    }
}

/// A command that takes no options and always means `command`.
fn plain(
    name: &'static str,
    aliases: &'static [&'static str],
    description: &'static str,
    listed: bool,
    build: fn(&Args) -> Result<Command, Unreadable>,
) -> CommandSpec {
    CommandSpec {
        family: Family::Player,
        name,
        aliases,
        description,
        listed,
        examples: &[],
        options: Vec::new(),
        build,
    }
}

fn build_table() -> Vec<CommandSpec> {
    use Family::{Admin, Player};
    vec![
        CommandSpec {
            family: Player,
            name: "new",
            aliases: &[],
            description: "Start a game",
            listed: true,
            examples: &["/sudoku new 40", "/sudoku new hard"],
            options: vec![
                empty_cells(),
                difficulty("How hard, by the techniques it needs"),
                OptionSpec {
                    name: "symmetry",
                    aliases: &[],
                    description: "Pattern of the givens",
                    noun: "a symmetry",
                    kind: OptionKind::Choice {
                        choices: Symmetry::NAMES
                            .map(|n| (n.to_string(), n.to_string()))
                            .to_vec(),
                        accepts: |w| Symmetry::parse(w).is_some(),
                    },
                    required: false,
                },
            ],
            build: |a| {
                let empty = empty_of(a)?;
                Ok(Command::New {
                    empty,
                    difficulty: chosen(a, "difficulty", Tier::parse)?,
                    symmetry: chosen(a, "symmetry", Symmetry::parse)?,
                })
            },
        },
        plain(
            "show",
            &["board"],
            "Show your board and status",
            true,
            |_| Ok(Command::Show(None)),
        ),
        CommandSpec {
            family: Player,
            name: "move",
            aliases: &["m"],
            description: "Place or erase digits, e.g. B7 4, C3 5 (B7 0 erases)",
            listed: true,
            examples: &["/sudoku move B7 4"],
            options: vec![text("moves", "Cells and digits: B7 4, C3 5", "moves")],
            build: |a| {
                Ok(Command::Move {
                    moves: a.text_or_empty("moves"),
                    target: None,
                })
            },
        },
        CommandSpec {
            family: Player,
            name: "note",
            aliases: &["notes", "n"],
            description: "Toggle pencil marks in a cell",
            listed: true,
            examples: &["/sudoku note B7 257", "/sudoku note auto"],
            options: vec![
                text(
                    "cell",
                    "The cell, e.g. B7, or auto for every cell's candidates",
                    "a cell",
                ),
                OptionSpec {
                    required: false,
                    ..text("digits", "Digits to toggle, e.g. 257", "digits")
                },
            ],
            build: |a| {
                Ok(Command::Note {
                    cell: a.text_or_empty("cell"),
                    digits: a.text_or_empty("digits"),
                    target: None,
                })
            },
        },
        plain("undo", &[], "Take back your last move", true, |_| {
            Ok(Command::Undo(None))
        }),
        CommandSpec {
            family: Player,
            name: "check",
            aliases: &[],
            description: "How many of your digits are wrong",
            listed: true,
            examples: &["/sudoku check", "/sudoku check show"],
            options: vec![OptionSpec {
                name: "reveal",
                aliases: &["show", "which"],
                description: "Also say which cells",
                noun: "`show` to say which cells",
                kind: OptionKind::Flag,
                required: false,
            }],
            build: |a| {
                Ok(Command::Check {
                    reveal: a.flag("reveal"),
                    target: None,
                })
            },
        },
        plain(
            "hint",
            &[],
            "The next logical step (ask again for more detail)",
            true,
            |_| Ok(Command::Hint(None)),
        ),
        CommandSpec {
            family: Player,
            name: "submit",
            aliases: &[],
            description: "Submit a full solution",
            listed: true,
            examples: &["/sudoku submit 534678912672195348..."],
            // Optional: without it Discord opens a box, where a pasted board keeps its lines.
            options: vec![OptionSpec {
                required: false,
                ..text(
                    "grid",
                    "81 digits, or leave empty to paste a whole board",
                    "a grid",
                )
            }],
            build: |a| {
                Ok(Command::Submit {
                    grid: a.text_or_empty("grid"),
                })
            },
        },
        plain(
            "giveup",
            &["give-up", "resign", "give up"],
            "See the solution and end your game",
            true,
            |_| {
                // Asks first, as the button does: a typo must not end a game.
                Ok(Command::GiveUp {
                    target: None,
                    confirmed: false,
                })
            },
        ),
        CommandSpec {
            family: Player,
            name: "solve",
            aliases: &[],
            description: "Solve any Sudoku grid",
            listed: true,
            examples: &["/sudoku solve 003020600900305001..."],
            options: vec![text(
                "grid",
                "81 digits with 0 or . for empty cells",
                "a grid",
            )],
            build: |a| {
                Ok(Command::Solve {
                    grid: a.text_or_empty("grid"),
                })
            },
        },
        CommandSpec {
            family: Player,
            name: "stats",
            aliases: &[],
            description: "Games, solves and best times",
            listed: true,
            examples: &["/sudoku stats", "/sudoku stats ann"],
            options: vec![OptionSpec {
                name: "player",
                aliases: &[],
                description: "Whose stats",
                noun: "a player",
                kind: OptionKind::User,
                required: false,
            }],
            build: |a| {
                Ok(Command::Stats {
                    player: a.id("player").map(str::to_string),
                })
            },
        },
        plain(
            "daily",
            &["daily play"],
            "Play today's daily puzzle of this server",
            true,
            |_| Ok(Command::Daily),
        ),
        CommandSpec {
            family: Player,
            name: "leaderboard",
            aliases: &["top"],
            description: "This server's daily leaderboard",
            listed: true,
            examples: &["/sudoku leaderboard week", "/sudoku leaderboard races"],
            options: vec![OptionSpec {
                name: "period",
                aliases: &[],
                description: "Which days",
                noun: "a period",
                kind: OptionKind::Choice {
                    choices: [
                        ("Today", Period::Today),
                        ("This week", Period::Week),
                        ("All time", Period::AllTime),
                    ]
                    .map(|(label, p)| (label.to_string(), p.name().to_string()))
                    .into_iter()
                    .chain([("Races".to_string(), "races".to_string())])
                    .collect(),
                    accepts: |w| Period::parse(w).is_some() || is_races(w),
                },
                required: false,
            }],
            build: |a| {
                if a.text("period").is_some_and(is_races) {
                    return Ok(Command::RaceLeaderboard);
                }
                Ok(Command::Leaderboard {
                    period: chosen(a, "period", Period::parse)?.unwrap_or(Period::Today),
                })
            },
        },
        CommandSpec {
            family: Player,
            name: "coop",
            aliases: &["co-op"],
            description: "A board the whole channel fills together",
            listed: true,
            examples: &["/sudoku coop 45", "/sudoku coop move B7 4"],
            options: vec![
                OptionSpec {
                    name: "action",
                    aliases: &[],
                    description: "What to do (default: start a board)",
                    noun: "a co-op action",
                    kind: OptionKind::Choice {
                        choices: super::coop::ACTIONS
                            .map(|a| (a.to_string(), a.to_string()))
                            .to_vec(),
                        accepts: |w| {
                            let w = w.to_ascii_lowercase();
                            super::coop::ACTIONS.contains(&w.as_str())
                                || ["new", "board", "notes", "giveup", "stop"].contains(&w.as_str())
                        },
                    },
                    required: false,
                },
                empty_cells(),
                difficulty("How hard, by the techniques it needs"),
                OptionSpec {
                    required: false,
                    ..text(
                        "input",
                        "Moves (B7 4, C3 5), or a cell and note digits (B7 257)",
                        "moves or notes",
                    )
                },
            ],
            build: |a| {
                let empty = empty_of(a)?;
                super::CoopCommand::build(
                    a.text("action"),
                    empty,
                    chosen(a, "difficulty", Tier::parse)?,
                    a.text("input"),
                )
                .map(Command::Coop)
            },
        },
        CommandSpec {
            family: Player,
            name: "race",
            aliases: &["versus", "vs"],
            description: "Race others on the same puzzle, each on a private board",
            listed: true,
            examples: &["/sudoku race 45", "/sudoku race medium players:4"],
            options: vec![
                empty_cells(),
                difficulty("How hard, by the techniques it needs"),
                OptionSpec {
                    name: "players",
                    aliases: &["size"],
                    description: "Start by itself when this many have joined (2-20)",
                    noun: "a number of players",
                    kind: OptionKind::Integer {
                        min: 2,
                        max: MAX_PLAYERS as u64,
                    },
                    required: false,
                },
            ],
            build: |a| {
                let players = a
                    .integer("players")
                    .map(|n| {
                        usize::try_from(n)
                            .ok()
                            .filter(|n| (2..=MAX_PLAYERS).contains(n))
                            .ok_or_else(|| {
                                Unreadable::new("typed-not-players")
                                    .with("number", n)
                                    .with("most", MAX_PLAYERS as i64)
                            })
                    })
                    .transpose()?;
                Ok(Command::Race(super::RaceCommand::Open {
                    empty: empty_of(a)?,
                    difficulty: chosen(a, "difficulty", Tier::parse)?,
                    players,
                }))
            },
        },
        CommandSpec {
            family: Player,
            name: "challenge",
            aliases: &["duel"],
            description: "Challenge one player to a 1-v-1 race",
            listed: true,
            examples: &["/sudoku challenge @ann", "/sudoku challenge @ann 50 hard"],
            options: vec![
                OptionSpec {
                    name: "player",
                    aliases: &["opponent"],
                    description: "Who to challenge",
                    noun: "a player",
                    kind: OptionKind::User,
                    required: true,
                },
                empty_cells(),
                difficulty("How hard, by the techniques it needs"),
            ],
            build: |a| {
                let opponent = a
                    .opponent("player")
                    .ok_or_else(|| Unreadable::new("typed-challenge-whom"))?;
                Ok(Command::Race(super::RaceCommand::Challenge {
                    opponent,
                    empty: empty_of(a)?,
                    difficulty: chosen(a, "difficulty", Tier::parse)?,
                }))
            },
        },
        CommandSpec {
            family: Player,
            name: "settings",
            aliases: &["options", "prefs"],
            description: "Your settings: check-as-you-go, boards as text or pictures, language",
            listed: true,
            examples: &[
                "/sudoku settings check-as-you-go:off",
                "/sudoku settings board:image",
                "/sudoku settings language:es",
            ],
            options: vec![
                OptionSpec {
                    name: "check-as-you-go",
                    aliases: &["checks", "check"],
                    description: "Mark and count wrong digits when placed (default on)",
                    noun: "on or off",
                    kind: OptionKind::Flag,
                    required: false,
                },
                OptionSpec {
                    name: "board",
                    aliases: &["boards"],
                    description: "Boards as text (default) or as pictures with pencil marks",
                    noun: "text or image",
                    kind: OptionKind::Choice {
                        choices: vec![
                            ("Text".to_string(), "text".to_string()),
                            ("Image".to_string(), "image".to_string()),
                        ],
                        accepts: |w| board_picture(w).is_some(),
                    },
                    required: false,
                },
                language(
                    "The language the bot speaks to you (default: your Discord's)",
                    ("Discord's language", "auto"),
                    |w| player_language(w).is_some(),
                ),
            ],
            build: |a| {
                Ok(Command::Settings {
                    check_as_you_go: match a.get("check-as-you-go") {
                        Some(Value::Flag(on)) => Some(*on),
                        _ => None,
                    },
                    board_picture: chosen(a, "board", board_picture)?,
                    language: chosen(a, "language", player_language)?,
                })
            },
        },
        plain(
            "play",
            &["activity", "tap"],
            "Tap to play: your board as a Discord Activity",
            true,
            |_| Ok(Command::Play { daily: false }),
        ),
        plain(
            "web",
            &["browser"],
            "Play your board in a web page (a private link)",
            false,
            |_| Ok(Command::Web),
        ),
        plain(
            "share",
            &[],
            "Post your result of today's daily, without spoilers",
            true,
            |_| Ok(Command::Share(None)),
        ),
        plain(
            "forget-me",
            &["forgetme"],
            "Delete all your games and stats (asks first)",
            true,
            |_| Ok(Command::ForgetMe { confirmed: false }),
        ),
        plain("help", &[], "What each command does", false, |_| {
            Ok(Command::Help)
        }),
        CommandSpec {
            family: Admin,
            name: "setup",
            aliases: &[],
            description: "Post a daily puzzle in a channel",
            listed: true,
            examples: &["/sudoku-daily setup channel:#daily time:09:00"],
            options: vec![
                OptionSpec {
                    name: "channel",
                    aliases: &[],
                    description: "Where to post",
                    noun: "a channel",
                    kind: OptionKind::Channel,
                    required: true,
                },
                OptionSpec {
                    name: "time",
                    aliases: &[],
                    description: "09:00, 18:30, 9am or 9:30pm (default 09:00)",
                    noun: "a time",
                    // "12:30 p.m." is ten characters: every form `parse_time` reads fits
                    // (typed, `9:30pm` keeps the time one word).
                    kind: OptionKind::Text { max_len: 12 },
                    required: false,
                },
                OptionSpec {
                    name: "timezone",
                    aliases: &["tz", "zone"],
                    description: "A city, zone, offset or abbreviation: Madrid, Europe/Madrid, UTC+2, PST (default UTC)",
                    noun: "a time zone",
                    kind: OptionKind::Text { max_len: 64 },
                    required: false,
                },
                difficulty("Difficulty of the daily puzzles"),
                language(
                    "The language of the daily posts (default: the server's)",
                    ("The server's language", "server"),
                    |w| server_language(w).is_some(),
                ),
            ],
            build: |a| {
                Ok(Command::DailySetup {
                    channel: a.id("channel").map(str::to_string),
                    time: a.text("time").map(str::to_string),
                    timezone: a.text("timezone").map(str::to_string),
                    difficulty: a.text("difficulty").map(str::to_string),
                    language: chosen(a, "language", server_language)?,
                })
            },
        },
        CommandSpec {
            family: Admin,
            name: "off",
            aliases: &[],
            description: "Stop posting daily puzzles",
            listed: true,
            examples: &["/sudoku-daily off"],
            options: Vec::new(),
            build: |_| Ok(Command::DailyOff),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord refuses a registration that breaks its limits; the table must not.
    #[test]
    fn every_entry_fits_discords_limits() {
        let mut names = std::collections::HashSet::new();
        for spec in table() {
            assert!(
                names.insert((spec.family, spec.name)),
                "{} twice",
                spec.name
            );
            assert!((1..=100).contains(&spec.description.chars().count()));
            assert!(spec.name.len() <= 32 && spec.name == spec.name.to_lowercase());
            assert!(spec.options.len() <= 25);
            // Discord wants required options first.
            let first_optional = spec.options.iter().position(|o| !o.required);
            if let Some(i) = first_optional {
                assert!(
                    spec.options[i..].iter().all(|o| !o.required),
                    "{}",
                    spec.name
                );
            }
            for option in &spec.options {
                assert!((1..=100).contains(&option.description.chars().count()));
                if let OptionKind::Choice { choices, accepts } = &option.kind {
                    assert!(choices.len() <= 25);
                    for (_, value) in choices {
                        assert!(accepts(value), "{} rejects its own {value}", option.name);
                    }
                }
            }
        }
    }

    /// Every description and choice Discord shows has its words in every language's
    /// catalogue, English exactly as the table says it, each within Discord's 100
    /// characters (a registration over the limit is refused whole).
    #[test]
    fn every_description_and_choice_is_in_every_language_within_discords_limits() {
        use crate::app::i18n::text;
        let check = |key: &str, english: &str| {
            assert_eq!(
                text(Lang::En, key, &[]),
                english,
                "locales/en/commands.ftl: {key}"
            );
            for lang in Lang::ALL {
                let said = text(lang, key, &[]);
                assert!(
                    (1..=100).contains(&said.chars().count()),
                    "{}: {key} is {said:?}",
                    lang.code()
                );
            }
        };
        for family in [Family::Player, Family::Admin] {
            check(
                &format!("describe-family-{}", family.command()),
                family.description(),
            );
        }
        for spec in table() {
            check(&format!("describe-{}", spec.name), spec.description);
            for option in &spec.options {
                check(
                    &format!("describe-{}-{}", spec.name, option.name),
                    option.description,
                );
                if let OptionKind::Choice { choices, .. } = &option.kind {
                    for (label, value) in choices {
                        check(&format!("choice-{}-{value}", option.name), label);
                    }
                }
            }
        }
    }
}
