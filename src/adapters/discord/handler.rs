//! Interactions in: a slash command, a button or a submitted form becomes an
//! [`Invocation`], the core answers on a blocking thread (SQLite never blocks the async
//! runtime), racing [`DEFER_AFTER`], and the handler drives the interaction's
//! [`Answer`] with what came back. The gateway calls it as serenity's event handler; the
//! endpoint hands it what came over HTTP, with where the first answer goes ([`Via`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serenity::all::{
    ChannelId, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind, Context,
    EventHandler, Guild, GuildChannel, GuildId, Http, Interaction, Member, Message, MessageFlags,
    MessageId, ModalInteraction, Permissions, Ready, UnavailableGuild, User,
};
use tokio::sync::{Notify, Semaphore};

use super::admin::Readiness;
use super::answer::{Answer, Via, after_deferral};
use super::commands;
use super::deadline::{DEFER_AFTER, TOO_OLD};
use super::errors::discord_error;
use super::gate::Gate;
use super::observe::Observer;
use super::shutdown::{InFlight, InFlightGuard};
use super::work::{Called, CoreAnswer, Pending, Queue, busy, joined};
use crate::app::command::table::Family;
use crate::app::command::{CoopCommand, RaceCommand};
use crate::app::i18n::{Lang, t};
use crate::app::{App, BoardStyle, Command, Invocation, Place, Player, Reply};

/// The language of what the adapter says itself, before the core (a refusal, a form):
/// the interaction's Discord locale, English where the bot does not speak it. (The core
/// answers in the language a player chose in their settings; the adapter does not read
/// the store for a refusal.)
fn lang_of(locale: &str) -> Lang {
    Lang::from_discord(locale).unwrap_or_default()
}

pub(super) struct Handler {
    pub(super) app: Arc<App>,
    pub(super) guild: Option<GuildId>,
    pub(super) wake: Arc<Notify>,
    pub(super) in_flight: Arc<InFlight>,
    /// Whether the commands were registered in this run (see `ready`).
    pub(super) registered: AtomicBool,
    /// Which shards are connected, for `/readyz`.
    pub(super) readiness: Arc<Readiness>,
    /// Every request answering an interaction goes through it: bounded in flight,
    /// refusals reported to the bot-wide budget (see [`Gate`]).
    pub(super) gate: Gate,
    /// Who watches interactions being answered (the metrics).
    pub(super) observer: Arc<dyn Observer>,
    /// Commands the core may run at once ([`CORE_WORKERS`](super::work::CORE_WORKERS)).
    pub(super) core: Arc<Semaphore>,
    /// Commands waiting for the core, and how many may.
    pub(super) queue: Queue,
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(shard = %ctx.shard_id, user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        self.readiness.shard_up(ctx.shard_id.0);
        // The webhooks of interactions are the application's.
        self.gate.set_application_id(ready.application.id);
        // READY lists every server of this shard: one posting dailies that is missing
        // removed the bot while it was away.
        if let Some(shard) = ready.shard {
            let present: Vec<u64> = ready.guilds.iter().map(|g| g.id.get()).collect();
            let app = self.app.clone();
            let (id, total) = (shard.id.0, shard.total);
            let stopped = tokio::task::spawn_blocking(move || {
                app.servers_left_while_away(id, total, &present)
            })
            .await
            .unwrap_or(0);
            if stopped > 0 {
                self.wake.notify_one();
            }
        }
        // READY arrives once per shard, and again after a re-identify: the commands are
        // registered once per run (and tried again on the next READY if that failed).
        if self.registered.swap(true, Ordering::SeqCst) {
            return;
        }
        if let Err(error) = register_commands(&ctx.http, self.guild, self.app.activity()).await {
            self.registered.store(false, Ordering::SeqCst);
            tracing::error!(error = %discord_error(&error), "registering commands failed");
        }
    }

    /// A shard leaving the connected stage (a reconnect) is not ready until it is back
    /// (READY or RESUMED).
    async fn shard_stage_update(
        &self,
        _ctx: Context,
        event: serenity::gateway::ShardStageUpdateEvent,
    ) {
        if event.new == serenity::gateway::ConnectionStage::Connected {
            self.readiness.shard_up(event.shard_id.0);
        } else {
            self.readiness.shard_down(event.shard_id.0);
        }
    }

    /// `unavailable: true` is an outage (the server comes back); `false` means the bot
    /// was removed from the server (or the server deleted): its daily posts stop, as if
    /// an admin had switched them off, instead of failing every day.
    async fn guild_delete(
        &self,
        _ctx: Context,
        incomplete: UnavailableGuild,
        _full: Option<Guild>,
    ) {
        if incomplete.unavailable {
            return;
        }
        let (_in_flight, _) = self.in_flight.enter();
        let invocation = Invocation {
            // Discord's own notice, not a member's command.
            is_admin: true,
            lang: crate::app::i18n::Lang::En,
            server_lang: None,
            player: Player {
                id: "0".into(),
                name: "Discord".into(),
            },
            place: Place::guild(incomplete.id.get()),
            command: Command::DailyOff,
            style: BoardStyle::Plain,
        };
        let app = self.app.clone();
        let done = tokio::task::spawn_blocking(move || app.handle(&invocation)).await;
        joined(
            Called {
                name: "daily off",
                lang: crate::app::i18n::Lang::En,
            },
            done,
        );
        tracing::info!(guild = %incomplete.id, "removed from a server: its daily posts stop");
        self.wake.notify_one();
    }

    /// A deleted channel: if it was a server's daily channel, the daily pauses (and its
    /// admins hear of it) instead of failing there every day.
    async fn channel_delete(
        &self,
        _ctx: Context,
        channel: GuildChannel,
        _messages: Option<Vec<Message>>,
    ) {
        let (_in_flight, _) = self.in_flight.enter();
        let app = self.app.clone();
        let place = Place::guild(channel.guild_id.get());
        let id = channel.id.get().to_string();
        let done = tokio::task::spawn_blocking(move || {
            app.channel_gone(place.key(), &id);
        })
        .await;
        if let Err(error) = done {
            tracing::error!(%error, "pausing the daily of a deleted channel failed");
        }
    }

    async fn interaction_create(&self, _ctx: Context, interaction: Interaction) {
        self.dispatch(interaction).await;
    }
}

impl Handler {
    /// Handles one interaction from the gateway. Once a shutdown has begun, it is only
    /// told that the bot is restarting: the gateway still delivers events while it closes.
    async fn dispatch(&self, interaction: Interaction) {
        let (in_flight, closing) = self.in_flight.enter();
        self.handle(interaction, Via::Gateway, in_flight, closing)
            .await;
    }

    /// Counts an interaction from the HTTP endpoint as in flight: the endpoint took it,
    /// so it is handled to the end even if a shutdown begins now (the endpoint stops
    /// taking new ones first; another replica answers those).
    pub(super) fn took(&self) -> InFlightGuard {
        self.in_flight.enter().0
    }

    /// Handles one interaction, from the gateway or from the HTTP endpoint alike: `via`
    /// says how it came, and so where its first answer goes. Counted in flight until
    /// done; `restarting`: answered that the bot is restarting instead. Other kinds (an
    /// autocomplete) are not answered: over HTTP, the endpoint learns so at once.
    pub(super) async fn handle(
        &self,
        interaction: Interaction,
        via: Via,
        _in_flight: InFlightGuard,
        restarting: bool,
    ) {
        let (id, token, locale) = match &interaction {
            Interaction::Command(c) => (c.id, c.token.as_str(), c.locale.as_str()),
            Interaction::Component(c) => (c.id, c.token.as_str(), c.locale.as_str()),
            Interaction::Modal(c) => (c.id, c.token.as_str(), c.locale.as_str()),
            _ => return,
        };
        let mut answer = Answer::new(&self.gate, &*self.observer, id, token, via);
        if restarting {
            let reply = Reply::private(t!(lang_of(locale), "discord-restarting"));
            answer.reply(&reply).await;
            return;
        }
        match &interaction {
            Interaction::Command(command) => self.on_command(command, &mut answer).await,
            Interaction::Component(component) => self.on_component(component, &mut answer).await,
            Interaction::Modal(modal) => self.on_modal(modal, &mut answer).await,
            _ => {}
        }
    }

    /// Runs the core on a blocking thread (SQLite and generation never stall the
    /// gateway), racing [`DEFER_AFTER`] counted from when Discord created the interaction
    /// (its id says), not from when it reached us. `None`: the interaction is already
    /// too old to be answered ([`TOO_OLD`]), so it is not run at all. At most
    /// [`CORE_WORKERS`](super::work::CORE_WORKERS) commands hold a thread; one still
    /// waiting for its turn when its deferral is due is deferred first and runs only once
    /// the deferral went through (see [`Pending`]).
    async fn start(&self, answer: &Answer<'_>, invocation: Invocation) -> Option<CoreAnswer> {
        let name = invocation.command.name();
        let called = Called {
            name,
            lang: invocation.lang,
        };
        self.observer.read_as(answer.id(), name);
        let age = answer.age();
        if age >= TOO_OLD {
            self.observer.too_old(name);
            tracing::warn!(
                command = name,
                age_ms = age.as_millis() as u64,
                "an interaction too old to answer is skipped, not run (a backlog, or this machine's clock is ahead)"
            );
            return None;
        }
        let defer_at = tokio::time::Instant::now() + DEFER_AFTER.saturating_sub(age);
        // Already past the deferral: defer before anything else. A sleep until "now"
        // is not ready at its first poll (the timer rounds up to its next tick), and a
        // fast command would then win the race below and answer late, directly.
        let overdue = age >= DEFER_AFTER;
        let due = async move {
            if !overdue {
                tokio::time::sleep_until(defer_at).await;
            }
        };
        let app = self.app.clone();
        // A free worker: no wait, no place in the queue needed (unless the deferral is
        // already due: it goes first, below).
        let free = if overdue {
            None
        } else {
            self.core.clone().try_acquire_owned().ok()
        };
        let permit = match free {
            Some(permit) => permit,
            None => {
                // Full: said at once, within Discord's 3 seconds, rather than waited on.
                let Some(place) = self.queue.enter() else {
                    self.observer.busy(name, "queue_full");
                    tracing::warn!(
                        command = name,
                        "the core's queue is full: answered busy, not run"
                    );
                    return Some(CoreAnswer::Ready(busy(called.lang)));
                };
                let give_up_at =
                    tokio::time::Instant::now() + self.queue.at_most.saturating_sub(age);
                tokio::select! {
                    biased;
                    () = due => {
                        let core = self.core.clone();
                        let observer = self.observer.clone();
                        let later = async move {
                            let permit = tokio::time::timeout_at(give_up_at, core.acquire_owned()).await;
                            drop(place);
                            let Ok(Ok(permit)) = permit else {
                                observer.busy(name, "waited_too_long");
                                tracing::warn!(command = name, "waited too long for the core: answered busy, not run");
                                return busy(called.lang);
                            };
                            let done = tokio::task::spawn_blocking(move || {
                                let _permit = permit;
                                app.handle(&invocation)
                            })
                            .await;
                            joined(called, done)
                        };
                        return Some(CoreAnswer::Late(called, Pending::Queued(Box::pin(later))));
                    }
                    permit = self.core.clone().acquire_owned() => {
                        drop(place);
                        permit.ok()?
                    }
                }
            }
        };
        let mut work = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            app.handle(&invocation)
        });
        Some(tokio::select! {
            biased;
            done = &mut work => CoreAnswer::Ready(joined(called, done)),
            () = tokio::time::sleep_until(defer_at) => CoreAnswer::Late(called, Pending::Running(work)),
        })
    }

    /// Runs `invocation` and answers with a new message, deferred (with the visibility
    /// `private` says) if the core is late.
    async fn answer(&self, answer: &mut Answer<'_>, private: bool, invocation: Invocation) {
        let Some(work) = self.start(answer, invocation).await else {
            return;
        };
        let sent = answer.with_message(private, work).await;
        // A race's lobby: its later changes edit this message, so learn its id.
        if let Some(race) = sent.and_then(|reply| reply.race_message) {
            match answer.original().await {
                Ok(message) => {
                    let app = self.app.clone();
                    let _ = tokio::task::spawn_blocking(move || {
                        app.race_lobby_posted(race, &message.id.to_string())
                    })
                    .await;
                }
                Err(error) => {
                    tracing::warn!(error = %discord_error(&error), race, "reading a race lobby's id failed")
                }
            }
        }
    }

    /// Answers at once, privately, with why it was not run.
    async fn refuse(&self, answer: &mut Answer<'_>, why: String) {
        answer.reply(&Reply::private(why)).await;
    }

    /// Tells the core which message shows race `race`.
    async fn race_message_is(&self, race: i64, message: MessageId) {
        let app = self.app.clone();
        let _ =
            tokio::task::spawn_blocking(move || app.race_message_sent(race, &message.to_string()))
                .await;
    }

    async fn on_command(&self, interaction: &CommandInteraction, answer: &mut Answer<'_>) {
        let command = match commands::to_command(interaction) {
            Ok(command) => command,
            Err(problem) => {
                let lang = lang_of(&interaction.locale);
                let problem = problem.said(lang, lang);
                self.refuse(answer, t!(lang, "discord-cant-run", problem = problem))
                    .await;
                return;
            }
        };
        let member = interaction.member.as_ref().and_then(|m| m.permissions);
        let lang = lang_of(&interaction.locale);
        if let Some(refusal) = self.refused(&command, interaction.app_permissions, member, lang) {
            self.refuse(answer, refusal).await;
            return;
        }
        if let Command::DailySetup {
            channel: Some(channel),
            ..
        } = &command
            && let Some(missing) = missing_to_post(interaction, channel, lang)
        {
            let why = t!(
                lang,
                "discord-cant-post-daily",
                channel = format!("<#{channel}>"),
                missing = missing
            );
            self.refuse(answer, why).await;
            return;
        }
        if let Some(modal) = commands::modal_for(&command, lang) {
            // Discord flattens a slash option's newlines; a modal keeps a pasted board.
            answer.modal(modal).await;
            return;
        }
        let reschedules = matches!(command, Command::DailySetup { .. } | Command::DailyOff);
        let private = command.answers_privately();
        // Discord enforces `/sudoku-daily`'s permissions itself, including a server's own
        // grants (Server Settings, Integrations: a role without Manage Server may be
        // allowed): an invocation that reaches the bot was allowed.
        let granted = interaction.data.name == Family::Admin.command();
        let mut invocation = invocation(
            &interaction.user,
            interaction.guild_id,
            interaction.channel_id,
            interaction.member.as_deref(),
            (&interaction.locale, interaction.guild_locale.as_deref()),
            command,
        );
        invocation.is_admin |= granted;
        self.answer(answer, private, invocation).await;
        if reschedules {
            self.wake.notify_one();
        }
    }

    /// A submitted modal: its text goes through the core like the slash command.
    async fn on_modal(&self, interaction: &ModalInteraction, answer: &mut Answer<'_>) {
        let command = match commands::from_modal(&interaction.data) {
            Ok(command) => command,
            Err(problem) => {
                let lang = lang_of(&interaction.locale);
                let problem = problem.said(lang, lang);
                let reply = Reply::private(t!(lang, "discord-cant-run", problem = problem));
                answer.reply(&reply).await;
                return;
            }
        };
        let private = command.answers_privately();
        let invocation = invocation(
            &interaction.user,
            interaction.guild_id,
            interaction.channel_id,
            interaction.member.as_ref(),
            (&interaction.locale, interaction.guild_locale.as_deref()),
            command,
        );
        self.answer(answer, private, invocation).await;
    }

    async fn on_component(&self, interaction: &ComponentInteraction, answer: &mut Answer<'_>) {
        // A select menu's interaction carries the chosen values (the pad's row or column).
        let values: &[String] = match &interaction.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => values,
            _ => &[],
        };
        let lang = lang_of(&interaction.locale);
        let Some(command) = Command::from_component(&interaction.data.custom_id, values) else {
            let reply = Reply::private(t!(lang, "discord-old-button"));
            answer.reply(&reply).await;
            return;
        };
        let member = interaction.member.as_ref().and_then(|m| m.permissions);
        if let Some(refusal) = self.refused(&command, interaction.app_permissions, member, lang) {
            answer.reply(&Reply::private(refusal)).await;
            return;
        }
        let invocation = invocation(
            &interaction.user,
            interaction.guild_id,
            interaction.channel_id,
            interaction.member.as_ref(),
            (&interaction.locale, interaction.guild_locale.as_deref()),
            command,
        );
        // The pressed message can be replaced by a board of the same visibility: a public
        // one by a public board, a private one (a daily's board, only its player sees it;
        // Discord lets a button update an ephemeral message) by a private board.
        let source_private = interaction
            .message
            .flags
            .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL));
        let in_place = |reply: &Reply| reply.updates_board && reply.private == source_private;
        // A race's message redrawn in place: later edits go to the pressed message.
        let anchor = |reply: &Reply| {
            reply
                .race_message
                .filter(|_| in_place(reply) && !reply.private)
        };
        let Some(work) = self.start(answer, invocation).await else {
            return;
        };
        match work {
            CoreAnswer::Ready(reply) if reply.launch => answer.reply(&reply).await,
            CoreAnswer::Ready(reply) => {
                if let Some(race) = anchor(&reply) {
                    self.race_message_is(race, interaction.message.id).await;
                }
                answer.pressed(&reply, in_place(&reply)).await;
            }
            CoreAnswer::Late(called, work) => {
                let deferred = answer.defer_update().await;
                let Some(reply) = work
                    .finish(called, deferred)
                    .await
                    .map(|reply| after_deferral(reply, called.lang))
                else {
                    return;
                };
                if let Some(race) = anchor(&reply) {
                    self.race_message_is(race, interaction.message.id).await;
                }
                answer.after_update(&reply, in_place(&reply), called).await;
            }
        }
    }
}

/// Registers the bot's commands: to `guild` alone (instant, for development), else
/// globally. A bulk overwrite, so registering again on the next start is idempotent.
/// `activity`: the Activity is set up, so the app's Entry Point command is among them
/// (global only).
pub(super) async fn register_commands(
    http: &Http,
    guild: Option<GuildId>,
    activity: bool,
) -> serenity::Result<()> {
    let registered = match guild {
        Some(guild) => {
            guild
                .set_commands(http, commands::register(false, activity))
                .await
        }
        None => {
            serenity::all::Command::set_global_commands(http, commands::register(true, activity))
                .await
        }
    }?;
    tracing::info!(count = registered.len(), "commands registered");
    Ok(())
}

impl Handler {
    /// Why `command` is not run here, by what Discord says of the bot's permissions in
    /// the channel (`app`) and the member's (`member`): a board the bot cannot post, or
    /// an Activity the member may not open.
    fn refused(
        &self,
        command: &Command,
        app: Option<Permissions>,
        member: Option<Permissions>,
        lang: Lang,
    ) -> Option<String> {
        board_refused(command, app, lang).or_else(|| self.launch_refused(command, member, lang))
    }

    /// Why the Activity cannot open for this member here (Discord says: they lack Use
    /// Activities in this channel), said instead of a launch Discord would refuse with
    /// "This interaction failed".
    fn launch_refused(
        &self,
        command: &Command,
        member: Option<Permissions>,
        lang: Lang,
    ) -> Option<String> {
        let launching = matches!(command, Command::Play { .. }) && self.app.activity();
        let allowed = member.is_none_or(|p| p.contains(Permissions::USE_EMBEDDED_ACTIVITIES));
        (launching && !allowed).then(|| t!(lang, "discord-no-activities"))
    }
}

/// Why a board that lives in the channel (a race, whose scoreboard and result the bot
/// posts and edits there; a co-op board) cannot be opened here: the permissions the bot
/// lacks in this channel, when Discord said (`app_permissions`).
fn board_refused(command: &Command, have: Option<Permissions>, lang: Lang) -> Option<String> {
    let what = match command {
        Command::Race(
            RaceCommand::Open { .. } | RaceCommand::Challenge { .. } | RaceCommand::Rematch(_),
        ) => "race",
        Command::Coop(CoopCommand::Start { .. }) => "coop",
        _ => return None,
    };
    let missing = missing_of(have?, BOARD_NEEDS, lang)?;
    Some(t!(
        lang,
        "discord-cant-open-board",
        what = what,
        missing = missing
    ))
}

/// What a board in a channel needs: to see the channel, post in it and edit its posts
/// (the bot's own messages need nothing more than seeing the channel). Each with its
/// name as Discord's settings show it (the catalogue's `permission` message).
const BOARD_NEEDS: &[(Permissions, &str)] = &[
    (Permissions::VIEW_CHANNEL, "view-channel"),
    (Permissions::SEND_MESSAGES, "send-messages"),
];

/// The names of the `needed` permissions `have` lacks ("View Channel and Send Messages").
fn missing_of(have: Permissions, needed: &[(Permissions, &str)], lang: Lang) -> Option<String> {
    if have.administrator() {
        return None;
    }
    let missing: Vec<String> = needed
        .iter()
        .filter(|(needed, _)| !have.contains(*needed))
        .map(|(_, name)| t!(lang, "permission", name = *name))
        .collect();
    (!missing.is_empty()).then(|| crate::app::i18n::and_list(&missing, lang))
}

/// What the bot lacks to post in `channel` ("View Channel and Send Messages"), when
/// Discord said: an interaction carries the bot's own permissions (`app_permissions`)
/// only for the channel it came from. Elsewhere `None`: the first post's failure is then
/// reported to the admins instead.
fn missing_to_post(interaction: &CommandInteraction, channel: &str, lang: Lang) -> Option<String> {
    if interaction.channel_id.to_string() != channel {
        return None;
    }
    missing_of(interaction.app_permissions?, BOARD_NEEDS, lang)
}

fn invocation(
    user: &User,
    guild: Option<GuildId>,
    channel: ChannelId,
    member: Option<&Member>,
    (locale, guild_locale): (&str, Option<&str>),
    command: Command,
) -> Invocation {
    Invocation {
        // Discord computes the member's permissions in this channel; the core checks the
        // flag for every admin command (`on_command` sets it for `/sudoku-daily`, which
        // Discord has already allowed).
        is_admin: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        player: Player {
            id: user.id.to_string(),
            name: user
                .global_name
                .clone()
                .unwrap_or_else(|| user.name.clone()),
        },
        // The channel too: a co-op board belongs to one.
        place: guild
            .map_or_else(Place::dm, |g| Place::guild(g.get()))
            .in_channel(channel.get().to_string()),
        command,
        // Phones do not render ANSI colours: shapes alone must carry the meaning.
        style: BoardStyle::Plain,
        // The player's own Discord language; English where the bot does not speak it.
        lang: crate::app::i18n::Lang::from_discord(locale).unwrap_or_default(),
        // Only in a server; a server in a language the bot does not speak gets English
        // (its channel posts must not follow one player's language).
        server_lang: guild_locale.map(lang_of),
    }
}
