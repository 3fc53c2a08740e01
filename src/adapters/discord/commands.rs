//! The commands as Discord sees them: their registration (`register`) and the
//! translation of a received interaction into the core's [`Command`] (`to_command`), both
//! read off the core's command table.

use serenity::all::{
    ActionRowComponent, ChannelType, CommandInteraction, CommandOptionType, CommandType,
    CreateActionRow, CreateCommand, CreateCommandOption, CreateInputText, CreateModal,
    EntryPointHandlerType, InputTextStyle, InstallationContext, InteractionContext,
    ModalInteractionData, Permissions, ResolvedOption, ResolvedTarget, ResolvedValue,
};

use crate::app::Command;
use crate::app::command::Unreadable;
use crate::app::command::table::{
    self, Args, CommandSpec, Family, MAX_GRID, OptionKind, OptionSpec, Value, table,
};
use crate::app::i18n::{Lang, text};

/// The message context-menu command.
pub const SOLVE_MESSAGE: &str = "Solve Sudoku";
/// The modal `/sudoku submit` opens when given no grid, and its one text field.
pub const SUBMIT_MODAL: &str = "sudoku-modal:submit";
const GRID_FIELD: &str = "grid";

/// Everywhere the app can be installed and used: servers, and user installs in DMs and
/// other servers. Only a global command may say so: Discord accepts these fields for
/// global commands only.
fn everywhere(command: CreateCommand, global: bool) -> CreateCommand {
    if !global {
        return command;
    }
    command
        .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
        .contexts(vec![
            InteractionContext::Guild,
            InteractionContext::BotDm,
            InteractionContext::PrivateChannel,
        ])
}

/// The app's Entry Point command: what Discord's App Launcher runs to open the Activity.
pub const ENTRY_POINT: &str = "launch";

/// Every command, registered in one bulk overwrite at start-up (idempotent): the two
/// slash commands from the core's [table](crate::app::command::table), and the message
/// command. `global`: for every server and user install; else for one development server,
/// where the global-only fields (install and interaction contexts) are left out.
///
/// `activity`: the Activity is set up, so the Entry Point command comes too (global
/// only: Discord has no server Entry Points). Once Activities are on in the developer
/// portal, Discord refuses a bulk overwrite without one, and with its handler set to
/// us (`APP_HANDLER`) it arrives as an interaction, answered as `/sudoku play` is.
pub fn register(global: bool, activity: bool) -> Vec<CreateCommand> {
    let slash = |family: Family| {
        let key = format!("describe-family-{}", family.command());
        localized(
            CreateCommand::new(family.command()),
            &key,
            CreateCommand::description_localized,
        )
        .description(family.description())
        .set_options(
            table()
                .iter()
                .filter(|spec| spec.family == family)
                .map(subcommand)
                .collect(),
        )
    };
    // The admins' command is apart because Discord sets permissions per command, not per
    // subcommand: only members who can manage the server see it, unless the server's
    // admins grant it to others (Server Settings, Integrations).
    let mut admin = slash(Family::Admin).default_member_permissions(Permissions::MANAGE_GUILD);
    if global {
        admin = admin
            .integration_types(vec![InstallationContext::Guild])
            .contexts(vec![InteractionContext::Guild]);
    }
    let mut commands = vec![
        everywhere(slash(Family::Player), global),
        admin,
        everywhere(
            localized(
                CreateCommand::new(SOLVE_MESSAGE).kind(CommandType::Message),
                "describe-solve-message",
                CreateCommand::name_localized,
            ),
            global,
        ),
    ];
    if global && activity {
        commands.push(everywhere(
            localized(
                CreateCommand::new(ENTRY_POINT),
                "describe-launch",
                CreateCommand::description_localized,
            )
            .kind(CommandType::PrimaryEntryPoint)
            .description(text(Lang::En, "describe-launch", &[]))
            .handler(EntryPointHandlerType::AppHandler),
            global,
        ));
    }
    commands
}

/// `what` with `key`'s words in every Discord locale of every other language the bot
/// speaks (English is the default every client falls back to). `set` is the builder's
/// `description_localized` or `name_localized`.
fn localized<T>(what: T, key: &str, set: fn(T, String, String) -> T) -> T {
    Lang::ALL.into_iter().fold(what, |what, lang| {
        lang.discord_locales().iter().fold(what, |what, locale| {
            set(what, locale.to_string(), text(lang, key, &[]))
        })
    })
}

fn subcommand(spec: &CommandSpec) -> CreateCommandOption {
    let key = format!("describe-{}", spec.name);
    let sub = localized(
        localized(
            CreateCommandOption::new(CommandOptionType::SubCommand, spec.name, spec.description),
            &key,
            CreateCommandOption::description_localized,
        ),
        &format!("name-{}", spec.name),
        CreateCommandOption::name_localized,
    );
    spec.options.iter().fold(sub, |sub, option| {
        sub.add_sub_option(discord_option(spec, option))
    })
}

fn discord_option(spec: &CommandSpec, option: &OptionSpec) -> CreateCommandOption {
    let key = format!("describe-{}-{}", spec.name, option.name);
    let new = |kind| {
        localized(
            localized(
                CreateCommandOption::new(kind, option.name, option.description),
                &key,
                CreateCommandOption::description_localized,
            ),
            &format!("option-{}", option.name),
            CreateCommandOption::name_localized,
        )
    };
    let created = match &option.kind {
        OptionKind::Integer { min, max } => new(CommandOptionType::Integer)
            .min_int_value(*min)
            .max_int_value(*max),
        OptionKind::Choice { choices, .. } => {
            choices
                .iter()
                .fold(new(CommandOptionType::String), |o, (label, value)| {
                    let key = format!("choice-{}-{value}", option.name);
                    let labels = Lang::ALL.into_iter().flat_map(|lang| {
                        let key = &key;
                        lang.discord_locales()
                            .iter()
                            .map(move |locale| (locale.to_string(), text(lang, key, &[])))
                    });
                    o.add_string_choice_localized(label, value, labels)
                })
        }
        OptionKind::Flag => new(CommandOptionType::Boolean),
        OptionKind::Text { max_len } => new(CommandOptionType::String).max_length(*max_len),
        OptionKind::User => new(CommandOptionType::User),
        // Where a message can be posted: text and announcement channels.
        OptionKind::Channel => new(CommandOptionType::Channel)
            .channel_types(vec![ChannelType::Text, ChannelType::News]),
    };
    created.required(option.required)
}

/// The core's command for a received slash or message command; `Err` says what is wrong
/// with an interaction this bot did not register (an outdated client, say).
pub fn to_command(interaction: &CommandInteraction) -> Result<Command, Unreadable> {
    let data = &interaction.data;
    if data.kind == CommandType::PrimaryEntryPoint {
        return Ok(Command::Play { daily: false });
    }
    if data.kind == CommandType::Message {
        return match data.target() {
            Some(ResolvedTarget::Message(message)) => Ok(Command::Solve {
                grid: message.content.clone(),
            }),
            _ => Err(Unreadable::new("discord-message-unreadable")),
        };
    }
    let family = [Family::Player, Family::Admin]
        .into_iter()
        .find(|f| f.command() == data.name)
        .ok_or_else(|| Unreadable::new("discord-unknown-command").with("command", &*data.name))?;
    let options = data.options();
    let Some(ResolvedOption {
        name,
        value: ResolvedValue::SubCommand(given),
        ..
    }) = options.first()
    else {
        return Ok(Command::Help);
    };
    let spec = table::find(family, name).ok_or_else(|| {
        Unreadable::new("discord-unknown-command")
            .with("command", format!("{} {name}", family.command()))
    })?;
    let mut args = Args::default();
    for option in given {
        let Some(known) = spec.options.iter().find(|o| o.name == option.name) else {
            continue;
        };
        let value = match &option.value {
            ResolvedValue::String(s) => Value::Text(s.to_string()),
            ResolvedValue::Integer(i) => Value::Integer(*i),
            ResolvedValue::Boolean(b) => Value::Flag(*b),
            ResolvedValue::User(user, _) => Value::Member {
                id: user.id.to_string(),
                name: user
                    .global_name
                    .clone()
                    .unwrap_or_else(|| user.name.clone()),
                bot: user.bot,
            },
            ResolvedValue::Channel(channel) => Value::Id(channel.id.to_string()),
            _ => continue,
        };
        args.set(known.name, value);
    }
    // Options Discord checked that the core still refuses (`coop action:check
    // input:B7`): the core says why, in the player's language.
    Ok((spec.build)(&args).unwrap_or_else(Command::Unreadable))
}

/// The modal a command opens instead of running, if any: `/sudoku submit` without a grid.
pub fn modal_for(command: &Command, lang: Lang) -> Option<CreateModal> {
    match command {
        Command::Submit { grid } if grid.trim().is_empty() => Some(
            CreateModal::new(SUBMIT_MODAL, text(lang, "discord-submit-title", &[])).components(
                vec![CreateActionRow::InputText(
                    CreateInputText::new(
                        InputTextStyle::Paragraph,
                        text(lang, "discord-submit-label", &[]),
                        GRID_FIELD,
                    )
                    .placeholder(text(lang, "discord-submit-placeholder", &[]))
                    .max_length(MAX_GRID),
                )],
            ),
        ),
        _ => None,
    }
}

/// The core's command for a submitted modal of this bot.
pub fn from_modal(data: &ModalInteractionData) -> Result<Command, Unreadable> {
    if data.custom_id != SUBMIT_MODAL {
        return Err(Unreadable::new("discord-old-form"));
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
