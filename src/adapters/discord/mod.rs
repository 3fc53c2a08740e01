//! Discord through serenity's gateway client. Thin on purpose: an interaction becomes an
//! [`Invocation`], the core answers on a blocking thread (SQLite never blocks the async
//! runtime), and the [`Reply`] becomes a Discord response. No game logic lives here.
//!
//! Responses: boards are public, errors and private information ephemeral. Discord wants
//! a first response within 3 seconds, so the core's answer races a timer
//! ([`DEFER_AFTER`]): a reply ready in time is sent as it is, with the right visibility.
//! A late one is deferred first. A slash command gets a public deferral (type 5) and then
//! its `@original` edited; a late *private* reply cannot be made ephemeral any more (the
//! first answer after a deferral takes the deferral's visibility), so `@original` becomes a
//! neutral notice and the private content an ephemeral follow-up. A button gets a
//! deferred update (type 6) and then either its board edited or a follow-up.
//!
//! Shutdown: once asked to stop, new interactions get a short "restarting" answer, the
//! gateway closes, and `run` waits (up to [`DRAIN_TIMEOUT`]) for the interactions in
//! flight and for a daily post being sent, so no reply is lost and the caller closes the
//! database after the last command.

pub mod commands;
pub mod config;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;
use tokio::task::JoinHandle;

use serenity::all::{
    ButtonStyle as DiscordButtonStyle, ChannelId, ClientBuilder, CommandInteraction,
    ComponentInteraction, Context, CreateActionRow, CreateAllowedMentions, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, EventHandler, GatewayError, GatewayIntents, GuildId,
    Http, HttpBuilder, HttpError, Interaction, InteractionId, Member, ModalInteraction, Ready,
    User,
};
use serenity::builder::Builder;

use crate::app::{
    App, BoardStyle, ButtonStyle, Command, DailyPost, Invocation, Place, Player, Reply,
};

pub use config::Config;

/// How long the core may take before an interaction is deferred. Discord counts its 3
/// seconds from sending the interaction; the gateway hop and the callback's own round
/// trip come out of them, so this stays well below.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);
/// How long a shutdown waits for interactions in flight (and a daily post being sent).
pub const DRAIN_TIMEOUT: Duration = Duration::from_secs(30);
/// Attempts at a daily post when Discord fails transiently (5xx, 429, network).
const POST_ATTEMPTS: u32 = 4;
/// The first pause between attempts; it doubles after each.
const POST_BACKOFF: Duration = Duration::from_millis(500);

/// What a late private reply leaves in the channel in place of the public deferral.
const ANSWERED_PRIVATELY: &str = "Answered privately.";
/// The answer to an interaction that arrives while the bot is shutting down.
const RESTARTING: &str = "The bot is restarting; please try again in a minute.";

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("Discord rejected the bot token (check DISCORD_TOKEN or the token file)")]
    TokenRejected,
    #[error("cannot reach Discord's gateway: {0}")]
    Gateway(String),
    #[error("Discord client error: {0}")]
    Discord(#[from] serenity::Error),
}

/// Connects to Discord and serves until `shutdown` resolves or the gateway ends, then
/// waits for the interactions in flight (see the module's documentation).
///
/// `app` is shared: the caller owns the database and sees it closed when this returns.
pub async fn run(
    app: Arc<App>,
    config: &Config,
    token: &str,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), RunError> {
    run_with_scheduler(app, config, token, shutdown, Arc::new(Notify::new())).await
}

/// [`run`], with a handle on the daily scheduler: notifying `wake` makes it look at the
/// schedule again (tests do so after moving their clock).
pub async fn run_with_scheduler(
    app: Arc<App>,
    config: &Config,
    token: &str,
    shutdown: impl Future<Output = ()> + Send + 'static,
    wake: Arc<Notify>,
) -> Result<(), RunError> {
    let mut http = HttpBuilder::new(token);
    if let Some(base) = &config.api_base {
        // serenity ignores the proxy while its own rate limiter is on.
        http = http.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let in_flight = Arc::new(InFlight::default());
    let handler = Handler {
        app: app.clone(),
        guild: config.guild_id.map(GuildId::new),
        wake: wake.clone(),
        in_flight: in_flight.clone(),
    };
    // No privileged intents: interactions arrive regardless of intents.
    let mut client = ClientBuilder::new_with_http(http.build(), GatewayIntents::empty())
        .event_handler(handler)
        .await?;
    if config.api_base.is_some() {
        // serenity falls back to the real gateway when asking for the URL fails; with
        // another API base that would be wrong, so ask here and fail loudly instead.
        let gateway = client.http.get_gateway().await.map_err(|e| match &e {
            serenity::Error::Http(http) if http.status_code().map(|s| s.as_u16()) == Some(401) => {
                RunError::TokenRejected
            }
            _ => RunError::Gateway(e.to_string()),
        })?;
        *client.ws_url.lock().await = gateway.url;
    }
    let stop_scheduler = Arc::new(Notify::new());
    let mut scheduler = tokio::spawn(schedule_dailies(
        app,
        client.http.clone(),
        wake,
        stop_scheduler.clone(),
    ));
    let shards = client.shard_manager.clone();
    let closing = in_flight.clone();
    tokio::spawn(async move {
        shutdown.await;
        tracing::info!("shutting down: closing the gateway connection");
        closing.close();
        shards.shutdown_all().await;
    });
    let result = client.start().await;
    in_flight.close();
    // serenity spawns a task per event; one received just before the gateway closed may
    // not have reached the handler (and been counted) yet.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let drained = async {
        in_flight.drained().await;
        stop_scheduler.notify_one();
        (&mut scheduler).await
    };
    if tokio::time::timeout(DRAIN_TIMEOUT, drained).await.is_err() {
        tracing::warn!(
            in_flight = in_flight.count(),
            "shutdown: gave up waiting for interactions in flight"
        );
        scheduler.abort();
    }
    match result {
        Ok(()) => Ok(()),
        Err(serenity::Error::Gateway(GatewayError::InvalidAuthentication)) => {
            Err(RunError::TokenRejected)
        }
        Err(e) => Err(e.into()),
    }
}

/// Counts the interactions being handled, so a shutdown can wait for them.
#[derive(Default)]
struct InFlight {
    /// (closing, number in flight)
    state: std::sync::Mutex<(bool, usize)>,
    idle: Notify,
}

/// One interaction in flight; dropping it marks it done.
struct InFlightGuard(Arc<InFlight>);

impl InFlight {
    fn lock(&self) -> std::sync::MutexGuard<'_, (bool, usize)> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Counts one more interaction; the flag says whether shutdown has begun.
    fn enter(self: &Arc<Self>) -> (InFlightGuard, bool) {
        let mut state = self.lock();
        state.1 += 1;
        (InFlightGuard(self.clone()), state.0)
    }

    fn close(&self) {
        self.lock().0 = true;
    }

    fn count(&self) -> usize {
        self.lock().1
    }

    async fn drained(&self) {
        loop {
            let idle = self.idle.notified();
            tokio::pin!(idle);
            idle.as_mut().enable();
            if self.count() == 0 {
                return;
            }
            idle.await;
        }
    }
}

impl Drop for InFlightGuard {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.1 -= 1;
        if state.1 == 0 {
            self.0.idle.notify_waiters();
        }
    }
}

struct Handler {
    app: Arc<App>,
    guild: Option<GuildId>,
    wake: Arc<Notify>,
    in_flight: Arc<InFlight>,
}

/// The daily scheduler: one task that sleeps until the next post is due (or an hour, so
/// a changed clock is noticed), posts what is due, and goes back to sleep. The stored
/// "last posted day" makes each post happen once, across restarts. `stop` ends it between
/// posts, never in the middle of one.
async fn schedule_dailies(app: Arc<App>, http: Arc<Http>, wake: Arc<Notify>, stop: Arc<Notify>) {
    const MAX_SLEEP_MS: i64 = 3_600_000;
    loop {
        let a = app.clone();
        let posts = tokio::task::spawn_blocking(move || a.take_due_daily_posts())
            .await
            .unwrap_or_default();
        for post in posts {
            match send_daily(&http, &post).await {
                Ok(()) => {
                    tracing::info!(place = %post.place, day = %post.day, "daily posted");
                    let a = app.clone();
                    let place = post.place.clone();
                    let _ = tokio::task::spawn_blocking(move || a.daily_posted(&place)).await;
                }
                Err(error) => {
                    let a = app.clone();
                    let place = post.place.clone();
                    let reason = format!(
                        "could not post in <#{}> ({error}); check that the channel exists and the bot may send messages there",
                        post.channel
                    );
                    let _ =
                        tokio::task::spawn_blocking(move || a.daily_post_failed(&place, &reason))
                            .await;
                }
            }
        }
        // Today's and tomorrow's puzzles made now, in the quiet after the posts: the
        // first player of a day then never waits for a graded generation.
        let a = app.clone();
        let _ = tokio::task::spawn_blocking(move || a.prepare_dailies()).await;
        let a = app.clone();
        let wait = tokio::task::spawn_blocking(move || {
            let next = a.next_daily_post_at();
            next.map_or(MAX_SLEEP_MS, |at| (at - a.now()).clamp(0, MAX_SLEEP_MS))
        })
        .await
        .unwrap_or(MAX_SLEEP_MS);
        // Due now but not taken (a failure to build): back off instead of spinning.
        let wait = if wait == 0 { 1_000 } else { wait };
        tokio::select! {
            () = tokio::time::sleep(Duration::from_millis(wait as u64)) => {}
            () = wake.notified() => {}
            () = stop.notified() => return,
        }
    }
}

/// Sends one daily post, retrying what may pass (Discord's 5xx and 429, network
/// failures) with a doubling pause; what will not pass (a missing channel, no
/// permission) fails at once.
async fn send_daily(http: &Http, post: &DailyPost) -> Result<(), String> {
    let channel = match post.channel.parse::<u64>() {
        Ok(id) if id != 0 => ChannelId::new(id),
        _ => return Err(format!("channel {:?} is not a channel id", post.channel)),
    };
    let message = CreateMessage::new()
        .content(post.reply.content.clone())
        .components(buttons(&post.reply))
        .allowed_mentions(CreateAllowedMentions::new());
    let mut pause = POST_BACKOFF;
    let mut attempt = 1;
    loop {
        match channel.send_message(http, message.clone()).await {
            Ok(_) => return Ok(()),
            Err(error) if attempt < POST_ATTEMPTS && transient(&error) => {
                tracing::warn!(place = %post.place, attempt, %error, "daily post failed; retrying");
                tokio::time::sleep(pause).await;
                pause *= 2;
                attempt += 1;
            }
            Err(error) => return Err(error.to_string()),
        }
    }
}

/// Whether a failed request may succeed when tried again.
fn transient(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.as_u16() == 429 || response.status_code.is_server_error()
        }
        // Connecting, timing out, a connection dropped halfway.
        serenity::Error::Http(HttpError::Request(_)) => true,
        _ => false,
    }
}

#[serenity::async_trait]
impl EventHandler for Handler {
    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        // A bulk overwrite: registering on every READY is idempotent.
        let result = match self.guild {
            Some(guild) => guild.set_commands(&ctx.http, commands::register()).await,
            None => {
                serenity::all::Command::set_global_commands(&ctx.http, commands::register()).await
            }
        };
        match result {
            Ok(registered) => tracing::info!(count = registered.len(), "commands registered"),
            Err(error) => tracing::error!(%error, "registering commands failed"),
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        let (_in_flight, closing) = self.in_flight.enter();
        if closing {
            let target = match &interaction {
                Interaction::Command(c) => Some((c.id, &c.token)),
                Interaction::Component(c) => Some((c.id, &c.token)),
                Interaction::Modal(c) => Some((c.id, &c.token)),
                _ => None,
            };
            if let Some((id, token)) = target {
                answer_now(&ctx.http, id, token, &Reply::private(RESTARTING)).await;
            }
            return;
        }
        match interaction {
            Interaction::Command(command) => self.on_command(&ctx, &command).await,
            Interaction::Component(component) => self.on_component(&ctx, &component).await,
            Interaction::Modal(modal) => self.on_modal(&ctx, &modal).await,
            _ => {}
        }
    }
}

/// The core's answer: in time for a direct response, or still being worked on.
enum Answer {
    Ready(Reply),
    Late(&'static str, JoinHandle<Reply>),
}

impl Handler {
    /// Runs the core on a blocking thread (SQLite and generation never stall the
    /// gateway), racing [`DEFER_AFTER`].
    async fn start(&self, invocation: Invocation) -> Answer {
        let app = self.app.clone();
        let name = invocation.command.name();
        let mut work = tokio::task::spawn_blocking(move || app.handle(&invocation));
        tokio::select! {
            done = &mut work => Answer::Ready(joined(name, done)),
            () = tokio::time::sleep(DEFER_AFTER) => Answer::Late(name, work),
        }
    }

    async fn on_command(&self, ctx: &Context, interaction: &CommandInteraction) {
        let command = match commands::to_command(interaction) {
            Ok(command) => command,
            Err(problem) => {
                let reply = Reply::private(format!("I can't run that: {problem}."));
                answer_now(&ctx.http, interaction.id, &interaction.token, &reply).await;
                return;
            }
        };
        if let Some(modal) = commands::modal_for(&command) {
            // Discord flattens a slash option's newlines; a modal keeps a pasted board.
            let response = CreateInteractionResponse::Modal(modal);
            respond_logged(interaction.create_response(&ctx.http, response).await);
            return;
        }
        let reschedules = matches!(command, Command::DailySetup { .. } | Command::DailyOff);
        let invocation = invocation(
            &interaction.user,
            interaction.guild_id,
            interaction.member.as_deref(),
            command,
        );
        let answer = self.start(invocation).await;
        answer_with_message(&ctx.http, interaction.id, &interaction.token, answer).await;
        if reschedules {
            self.wake.notify_one();
        }
    }

    /// A submitted modal: its text goes through the core like the slash command.
    async fn on_modal(&self, ctx: &Context, interaction: &ModalInteraction) {
        let command = match commands::from_modal(&interaction.data) {
            Ok(command) => command,
            Err(problem) => {
                let reply = Reply::private(format!("I can't run that: {problem}."));
                answer_now(&ctx.http, interaction.id, &interaction.token, &reply).await;
                return;
            }
        };
        let invocation = invocation(
            &interaction.user,
            interaction.guild_id,
            interaction.member.as_ref(),
            command,
        );
        let answer = self.start(invocation).await;
        answer_with_message(&ctx.http, interaction.id, &interaction.token, answer).await;
    }

    async fn on_component(&self, ctx: &Context, interaction: &ComponentInteraction) {
        let Some(command) = Command::from_custom_id(&interaction.data.custom_id) else {
            let reply = Reply::private(
                "This button belongs to an older version of the bot; use `/sudoku show` for a fresh board.",
            );
            answer_now(&ctx.http, interaction.id, &interaction.token, &reply).await;
            return;
        };
        let invocation = invocation(
            &interaction.user,
            interaction.guild_id,
            interaction.member.as_ref(),
            command,
        );
        match self.start(invocation).await {
            Answer::Ready(reply) => {
                let response = if reply.updates_board && !reply.private {
                    CreateInteractionResponse::UpdateMessage(message(&reply))
                } else {
                    CreateInteractionResponse::Message(message(&reply))
                };
                respond_logged(interaction.create_response(&ctx.http, response).await);
            }
            Answer::Late(name, work) => {
                // A deferred update (type 6) shows nothing; `@original` is then the
                // message the button sits under, and follow-ups are new messages.
                let deferred = interaction
                    .create_response(&ctx.http, CreateInteractionResponse::Acknowledge)
                    .await;
                let reply = joined(name, work.await);
                if let Err(error) = deferred {
                    tracing::warn!(%error, "deferring failed");
                } else if reply.updates_board && !reply.private {
                    respond_logged(
                        interaction
                            .edit_response(&ctx.http, edit(&reply))
                            .await
                            .map(|_| ()),
                    );
                } else {
                    respond_logged(
                        interaction
                            .create_followup(&ctx.http, followup(&reply))
                            .await
                            .map(|_| ()),
                    );
                }
            }
        }
    }
}

/// Answers a slash command or a submitted modal with a new message: directly when the
/// reply was ready in time; else after a public deferral, by editing it (a public reply)
/// or by settling it with a neutral notice and sending the reply as an ephemeral
/// follow-up (a private one: the first answer after a deferral keeps the deferral's
/// Answers an interaction at once with `reply` as a new message (private when it is).
async fn answer_now(http: &Http, id: InteractionId, token: &str, reply: &Reply) {
    let response = CreateInteractionResponse::Message(message(reply));
    respond_logged(response.execute(http, (id, token)).await);
}

/// visibility, later follow-ups their own).
async fn answer_with_message(http: &Http, id: InteractionId, token: &str, answer: Answer) {
    let (name, work) = match answer {
        Answer::Ready(reply) => {
            answer_now(http, id, token, &reply).await;
            return;
        }
        Answer::Late(name, work) => (name, work),
    };
    // Public: most late replies are boards.
    let deferred = CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
        .execute(http, (id, token))
        .await;
    let reply = joined(name, work.await);
    if let Err(error) = deferred {
        tracing::warn!(%error, "deferring failed");
    } else if reply.private {
        let notice = EditInteractionResponse::new()
            .content(ANSWERED_PRIVATELY)
            .components(Vec::new())
            .allowed_mentions(CreateAllowedMentions::new());
        respond_logged(notice.execute(http, token).await.map(|_| ()));
        respond_logged(
            followup(&reply)
                .execute(http, (None, token))
                .await
                .map(|_| ()),
        );
    } else {
        respond_logged(edit(&reply).execute(http, token).await.map(|_| ()));
    }
}

/// The reply of a finished core call; a panic becomes an apology.
fn joined(name: &str, done: Result<Reply, tokio::task::JoinError>) -> Reply {
    done.unwrap_or_else(|error| {
        tracing::error!(command = name, %error, "command panicked");
        Reply::private("Something went wrong on our side, and nothing was changed.")
    })
}

fn invocation(
    user: &User,
    guild: Option<GuildId>,
    member: Option<&Member>,
    command: Command,
) -> Invocation {
    Invocation {
        // Discord computes the member's permissions in this channel; the core checks the
        // flag again for every admin command.
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
        place: guild.map_or_else(Place::dm, |g| Place::guild(g.get())),
        command,
        // Phones do not render ANSI colours: shapes alone must carry the meaning.
        style: BoardStyle::Plain,
    }
}

fn buttons(reply: &Reply) -> Vec<CreateActionRow> {
    reply
        .buttons
        .iter()
        .map(|row| {
            CreateActionRow::Buttons(
                row.iter()
                    .map(|b| {
                        CreateButton::new(b.custom_id.clone())
                            .label(b.label.clone())
                            .style(match b.style {
                                ButtonStyle::Primary => DiscordButtonStyle::Primary,
                                ButtonStyle::Secondary => DiscordButtonStyle::Secondary,
                                ButtonStyle::Danger => DiscordButtonStyle::Danger,
                            })
                    })
                    .collect(),
            )
        })
        .collect()
}

fn message(reply: &Reply) -> CreateInteractionResponseMessage {
    CreateInteractionResponseMessage::new()
        .content(reply.content.clone())
        .ephemeral(reply.private)
        // Always set: an updated board must lose the buttons of a finished game.
        .components(buttons(reply))
        // Player names in replies must never ping anyone.
        .allowed_mentions(CreateAllowedMentions::new())
}

fn edit(reply: &Reply) -> EditInteractionResponse {
    EditInteractionResponse::new()
        .content(reply.content.clone())
        .components(buttons(reply))
        .allowed_mentions(CreateAllowedMentions::new())
}

fn followup(reply: &Reply) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(reply.content.clone())
        .ephemeral(reply.private)
        .components(buttons(reply))
        .allowed_mentions(CreateAllowedMentions::new())
}

fn respond_logged(result: serenity::Result<()>) {
    if let Err(error) = result {
        tracing::warn!(%error, "answering an interaction failed");
    }
}
