//! Interactions in: a slash command, a button or a submitted form becomes an
//! [`Invocation`], the core answers on a blocking thread (SQLite never blocks the async
//! runtime), racing [`DEFER_AFTER`](super::DEFER_AFTER), and the answer goes out through
//! [`respond`](super::respond).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serenity::all::{
    ChannelId, CommandInteraction, ComponentInteraction, ComponentInteractionDataKind, Context,
    CreateInteractionResponse, EventHandler, Guild, GuildChannel, GuildId, Http, Interaction,
    InteractionId, Member, Message, MessageFlags, MessageId, ModalInteraction, Permissions, Ready,
    UnavailableGuild, User,
};
use tokio::sync::{Notify, Semaphore};

use super::answers::Answers;
use super::commands;
use super::respond::{
    Answer, Called, Pending, after_deferral, answer_now, answer_with_message, attachment, edit,
    followup, joined, message, respond_logged,
};
use super::shutdown::{InFlight, InFlightGuard};
use super::{DEFER_AFTER, TOO_OLD};
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
    pub(super) readiness: Arc<super::admin::Readiness>,
    /// Every interaction answer goes through it: bounded in flight, refusals reported
    /// to the bot-wide budget (see [`Answers`]).
    pub(super) answers: Answers,
    /// Commands the core may run at once ([`CORE_WORKERS`](super::CORE_WORKERS)).
    pub(super) core: Arc<Semaphore>,
    /// Commands waiting for the core, and how many may.
    pub(super) queue: Queue,
    /// Requests the interactions endpoint takes at once
    /// ([`MAX_REQUESTS`](super::MAX_REQUESTS)).
    pub(super) endpoint_turns: usize,
    /// When the HTTP interactions being handled were created, on this machine's
    /// monotonic clock (the endpoint adds and removes them), for their age ([`born`]).
    pub(super) arrivals:
        std::sync::Mutex<std::collections::HashMap<InteractionId, tokio::time::Instant>>,
}

/// Commands waiting for a turn of the core: at most [`CORE_QUEUE`](super::CORE_QUEUE)
/// (more are told the bot is busy), each for at most
/// [`QUEUED_AT_MOST`](super::QUEUED_AT_MOST) after Discord created it.
pub(super) struct Queue {
    waiting: Arc<std::sync::atomic::AtomicUsize>,
    capacity: usize,
    at_most: Duration,
}

impl Queue {
    pub(super) fn new(capacity: usize, at_most: Duration) -> Queue {
        Queue {
            waiting: Default::default(),
            capacity,
            at_most,
        }
    }

    /// A place in the queue, or `None` when it is full. Given back when dropped.
    fn enter(&self) -> Option<InQueue> {
        let mut now = self.waiting.load(std::sync::atomic::Ordering::Relaxed);
        loop {
            if now >= self.capacity {
                return None;
            }
            match self.waiting.compare_exchange_weak(
                now,
                now + 1,
                std::sync::atomic::Ordering::AcqRel,
                std::sync::atomic::Ordering::Relaxed,
            ) {
                Ok(_) => return Some(InQueue(self.waiting.clone())),
                Err(seen) => now = seen,
            }
        }
    }
}

/// A command's place in the [`Queue`].
struct InQueue(Arc<std::sync::atomic::AtomicUsize>);

impl Drop for InQueue {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::AcqRel);
    }
}

/// What a player hears when the bot had no room for their command: nothing was done.
fn busy(lang: crate::app::i18n::Lang) -> Reply {
    Reply::private(crate::app::i18n::t!(lang, "fault-busy"))
}

/// How long ago Discord created the interaction `id` (its snowflake holds the ms since
/// Discord's epoch). Zero when the clocks disagree the other way.
pub(super) fn age_of(id: InteractionId) -> Duration {
    let (created, now) = created_and_now(id);
    Duration::from_millis(now.saturating_sub(created))
}

/// How far in this machine's future Discord says it created `id` (zero when it is in the
/// past): a replay dated ahead, or this machine's clock running behind.
pub(super) fn ahead_of(id: InteractionId) -> Duration {
    let (created, now) = created_and_now(id);
    Duration::from_millis(created.saturating_sub(now))
}

/// When an HTTP interaction is taken to have been created, on this machine's monotonic
/// clock: its request `arrived` less its age then. That age is the id's by this machine's
/// clock, but no more than Discord's own clocks bear out: the delay between creating it
/// and signing the request (`signed_at`, Unix seconds; one second more for the
/// timestamp's rounding). A host whose clock ran 2.8 s fast made every interaction look
/// too old to run (issue 49); one running behind makes ids look young, and the time since
/// arrival, always true, still counts.
pub(super) fn born(
    id: InteractionId,
    arrived: tokio::time::Instant,
    signed_at: Option<u64>,
) -> tokio::time::Instant {
    let by_clock = age_of(id).saturating_sub(arrived.elapsed());
    let by_discord = match signed_at {
        Some(signed) => Duration::from_millis(
            signed
                .saturating_mul(1000)
                .saturating_sub(created_ms(id))
                .saturating_add(1000),
        ),
        None => Duration::from_secs(1),
    };
    let age = by_clock.min(by_discord);
    arrived.checked_sub(age).unwrap_or(arrived)
}

/// When Discord created `id`, in ms since the Unix epoch (its snowflake holds the ms
/// since Discord's epoch).
pub(super) fn created_ms(id: InteractionId) -> u64 {
    const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;
    (id.get() >> 22) + DISCORD_EPOCH_MS
}

/// When Discord created `id`, and now, in ms since the Unix epoch (Discord's time, so the
/// wall clock, not the app's injected one).
fn created_and_now(id: InteractionId) -> (u64, u64) {
    let created = created_ms(id);
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    (created, now)
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(shard = %ctx.shard_id, user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        self.readiness.shard_up(ctx.shard_id.0);
        // The webhooks of interactions are the application's.
        self.answers.set_application_id(ready.application.id);
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
            tracing::error!(error = %super::discord_error(&error), "registering commands failed");
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
    /// Interaction `id`'s age: by its id, and for one that came over HTTP from when it is
    /// taken to have been created ([`born`]).
    fn age(&self, id: InteractionId) -> Duration {
        let born = self.arrived().get(&id).copied();
        match born {
            Some(born) => born.elapsed(),
            None => age_of(id),
        }
    }

    /// When the HTTP interactions being handled were created ([`born`]).
    pub(super) fn arrived(
        &self,
    ) -> std::sync::MutexGuard<'_, std::collections::HashMap<InteractionId, tokio::time::Instant>>
    {
        self.arrivals.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Handles one interaction from the gateway. Once a shutdown has begun, it is only
    /// told that the bot is restarting: the gateway still delivers events while it closes.
    async fn dispatch(&self, interaction: Interaction) {
        let (in_flight, closing) = self.in_flight.enter();
        self.handle(interaction, in_flight, closing).await;
    }

    /// Counts an interaction from the HTTP endpoint as in flight: the endpoint took it,
    /// so it is handled to the end even if a shutdown begins now (the endpoint stops
    /// taking new ones first; another replica answers those).
    pub(super) fn took(&self) -> InFlightGuard {
        self.in_flight.enter().0
    }

    /// Handles one interaction, from the gateway or from the HTTP endpoint alike (its
    /// first answer goes through [`Answers::respond`], which knows how it came), counted
    /// in flight until done; `restarting`: answered that the bot is restarting instead.
    pub(super) async fn handle(
        &self,
        interaction: Interaction,
        _in_flight: InFlightGuard,
        restarting: bool,
    ) {
        let _counted = self.answers.metrics.received(interaction.id());
        if restarting {
            let target = match &interaction {
                Interaction::Command(c) => Some((c.id, &c.token, &c.locale)),
                Interaction::Component(c) => Some((c.id, &c.token, &c.locale)),
                Interaction::Modal(c) => Some((c.id, &c.token, &c.locale)),
                _ => None,
            };
            if let Some((id, token, locale)) = target {
                let reply = Reply::private(t!(lang_of(locale), "discord-restarting"));
                answer_now(&self.answers, id, token, &reply).await;
            }
            return;
        }
        match interaction {
            Interaction::Command(command) => self.on_command(&command).await,
            Interaction::Component(component) => self.on_component(&component).await,
            Interaction::Modal(modal) => self.on_modal(&modal).await,
            _ => {}
        }
    }

    /// Runs the core on a blocking thread (SQLite and generation never stall the
    /// gateway), racing [`DEFER_AFTER`] counted from when Discord created the interaction
    /// (its id says), not from when it reached us. `None`: the interaction is already
    /// too old to be answered ([`TOO_OLD`]), so it is not run at all. At most
    /// [`CORE_WORKERS`](super::CORE_WORKERS) commands hold a thread; one still waiting
    /// for its turn when its deferral is due is deferred first and runs only once the
    /// deferral went through (see [`Pending`]).
    async fn start(&self, id: InteractionId, invocation: Invocation) -> Option<Answer> {
        let name = invocation.command.name();
        let called = Called {
            name,
            lang: invocation.lang,
        };
        self.answers.metrics.read_as(id, name);
        let age = self.age(id);
        if age >= TOO_OLD {
            self.answers.metrics.too_old(name);
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
                    self.answers.metrics.busy(name, "queue_full");
                    tracing::warn!(
                        command = name,
                        "the core's queue is full: answered busy, not run"
                    );
                    return Some(Answer::Ready(busy(called.lang)));
                };
                let give_up_at =
                    tokio::time::Instant::now() + self.queue.at_most.saturating_sub(age);
                tokio::select! {
                    biased;
                    () = due => {
                        let core = self.core.clone();
                        let metrics = self.answers.metrics.clone();
                        let later = async move {
                            let permit = tokio::time::timeout_at(give_up_at, core.acquire_owned()).await;
                            drop(place);
                            let Ok(Ok(permit)) = permit else {
                                metrics.busy(name, "waited_too_long");
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
                        return Some(Answer::Late(called, Pending::Queued(Box::pin(later))));
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
            done = &mut work => Answer::Ready(joined(called, done)),
            () = tokio::time::sleep_until(defer_at) => Answer::Late(called, Pending::Running(work)),
        })
    }

    /// Runs `invocation` and answers with a new message, deferred (with the visibility
    /// `private` says) if the core is late.
    async fn answer(&self, id: InteractionId, token: &str, private: bool, invocation: Invocation) {
        let Some(answer) = self.start(id, invocation).await else {
            return;
        };
        let sent = answer_with_message(&self.answers, id, token, private, answer).await;
        // A race's lobby: its later changes edit this message, so learn its id.
        if let Some(race) = sent.and_then(|reply| reply.race_message) {
            match self.answers.original(token).await {
                Ok(message) => {
                    let app = self.app.clone();
                    let _ = tokio::task::spawn_blocking(move || {
                        app.race_lobby_posted(race, &message.id.to_string())
                    })
                    .await;
                }
                Err(error) => {
                    tracing::warn!(error = %super::discord_error(&error), race, "reading a race lobby's id failed")
                }
            }
        }
    }

    /// Answers `interaction` at once, privately, with why it was not run.
    async fn refuse(&self, interaction: &CommandInteraction, why: String) {
        let reply = Reply::private(why);
        answer_now(&self.answers, interaction.id, &interaction.token, &reply).await;
    }

    /// Tells the core which message shows race `race`.
    async fn race_message_is(&self, race: i64, message: MessageId) {
        let app = self.app.clone();
        let _ =
            tokio::task::spawn_blocking(move || app.race_message_sent(race, &message.to_string()))
                .await;
    }

    async fn on_command(&self, interaction: &CommandInteraction) {
        let command = match commands::to_command(interaction) {
            Ok(command) => command,
            Err(problem) => {
                let lang = lang_of(&interaction.locale);
                let problem = problem.said(lang, lang);
                self.refuse(interaction, t!(lang, "discord-cant-run", problem = problem))
                    .await;
                return;
            }
        };
        let member = interaction.member.as_ref().and_then(|m| m.permissions);
        let lang = lang_of(&interaction.locale);
        if let Some(refusal) = self.refused(&command, interaction.app_permissions, member, lang) {
            self.refuse(interaction, refusal).await;
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
            self.refuse(interaction, why).await;
            return;
        }
        if let Some(modal) = commands::modal_for(&command, lang) {
            // Discord flattens a slash option's newlines; a modal keeps a pasted board.
            let response = CreateInteractionResponse::Modal(modal);
            respond_logged(
                self.answers
                    .respond(interaction.id, &interaction.token, response)
                    .await,
            );
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
        self.answer(interaction.id, &interaction.token, private, invocation)
            .await;
        if reschedules {
            self.wake.notify_one();
        }
    }

    /// A submitted modal: its text goes through the core like the slash command.
    async fn on_modal(&self, interaction: &ModalInteraction) {
        let command = match commands::from_modal(&interaction.data) {
            Ok(command) => command,
            Err(problem) => {
                let lang = lang_of(&interaction.locale);
                let problem = problem.said(lang, lang);
                let reply = Reply::private(t!(lang, "discord-cant-run", problem = problem));
                answer_now(&self.answers, interaction.id, &interaction.token, &reply).await;
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
        self.answer(interaction.id, &interaction.token, private, invocation)
            .await;
    }

    async fn on_component(&self, interaction: &ComponentInteraction) {
        let answers = &self.answers;
        // A select menu's interaction carries the chosen values (the pad's row or column).
        let values: &[String] = match &interaction.data.kind {
            ComponentInteractionDataKind::StringSelect { values } => values,
            _ => &[],
        };
        let lang = lang_of(&interaction.locale);
        let Some(command) = Command::from_component(&interaction.data.custom_id, values) else {
            let reply = Reply::private(t!(lang, "discord-old-button"));
            answer_now(answers, interaction.id, &interaction.token, &reply).await;
            return;
        };
        let member = interaction.member.as_ref().and_then(|m| m.permissions);
        if let Some(refusal) = self.refused(&command, interaction.app_permissions, member, lang) {
            answer_now(
                answers,
                interaction.id,
                &interaction.token,
                &Reply::private(refusal),
            )
            .await;
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
        let Some(answer) = self.start(interaction.id, invocation).await else {
            return;
        };
        match answer {
            Answer::Ready(reply) if reply.launch => {
                answer_now(answers, interaction.id, &interaction.token, &reply).await;
            }
            Answer::Ready(reply) => {
                if let Some(race) = anchor(&reply) {
                    self.race_message_is(race, interaction.message.id).await;
                }
                let response = if in_place(&reply) {
                    // An update keeps the message's visibility; Discord takes no
                    // ephemeral flag on it.
                    CreateInteractionResponse::UpdateMessage(message(&reply).ephemeral(false))
                } else {
                    CreateInteractionResponse::Message(message(&reply))
                };
                respond_logged(
                    answers
                        .respond_with(
                            interaction.id,
                            &interaction.token,
                            response,
                            attachment(&reply),
                        )
                        .await,
                );
            }
            Answer::Late(called, work) => {
                // A deferred update (type 6) shows nothing; `@original` is then the
                // message the button sits under, and follow-ups are new messages.
                let deferred = answers
                    .respond(
                        interaction.id,
                        &interaction.token,
                        CreateInteractionResponse::Acknowledge,
                    )
                    .await;
                let Some(reply) = work
                    .finish(called, deferred.is_ok())
                    .await
                    .map(|reply| after_deferral(reply, called.lang))
                else {
                    return;
                };
                if let Some(race) = anchor(&reply) {
                    self.race_message_is(race, interaction.message.id).await;
                }
                if let Err(error) = deferred {
                    tracing::warn!(error = %super::discord_error(&error), "deferring failed");
                } else if !super::respond::token_alive(interaction.id, called) {
                    // Discord would refuse it (401, toward its ban): not sent, logged.
                } else if in_place(&reply) {
                    respond_logged(
                        answers
                            .edit_original(&interaction.token, &edit(&reply))
                            .await
                            .map(|_| ()),
                    );
                } else {
                    respond_logged(
                        answers
                            .followup(&interaction.token, &followup(&reply))
                            .await
                            .map(|_| ()),
                    );
                }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// An id Discord created `ago` ms before this machine's clock says now.
    fn created_before(ago: u64) -> (InteractionId, u64) {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        let created = now - ago;
        let id = InteractionId::new(((created - 1_420_070_400_000) << 22) | 1);
        (id, created)
    }

    #[test]
    fn an_interactions_age_is_believed_as_far_as_discords_clocks_bear_it_out() {
        let arrived = tokio::time::Instant::now();
        // This host's clock runs 2.8 s fast: the id looks 2.8 s old, but Discord signed
        // the request the second it created it. Taken as at most a second old.
        let (id, created) = created_before(2_800);
        let age = arrived - born(id, arrived, Some(created / 1000));
        assert!(age <= Duration::from_millis(1_000), "{age:?}");
        // Discord itself sent it 3.5 s after creating it: that age stands (too old).
        let (id, _) = created_before(3_500);
        let now_s = (created + 2_800) / 1000;
        let age = arrived - born(id, arrived, Some(now_s));
        assert!(age >= Duration::from_millis(3_000), "{age:?}");
        // A clock running behind (an id "from the future"): no age at arrival.
        let id = InteractionId::new(((created + 10_000 - 1_420_070_400_000) << 22) | 1);
        assert_eq!(born(id, arrived, Some(now_s)), arrived);
    }
}
