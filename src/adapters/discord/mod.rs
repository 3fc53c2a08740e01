//! Discord through serenity's gateway client. Thin on purpose: an interaction becomes an
//! [`Invocation`], the core answers on a blocking thread (SQLite never blocks the async
//! runtime), and the [`Reply`] becomes a Discord response. No game logic lives here.
//!
//! Responses: boards are public, errors and private information ephemeral. `new` may take
//! a while (hard generation), so it is deferred first and edited after: Discord's
//! 3-second deadline is never at risk. A button's reply either replaces the board it sits
//! under (`UpdateMessage`) or arrives as a new (possibly ephemeral) message.

pub mod commands;
pub mod config;

use std::future::Future;
use std::sync::Arc;

use tokio::sync::Notify;

use serenity::all::{
    ButtonStyle as DiscordButtonStyle, ChannelId, ClientBuilder, CommandInteraction,
    ComponentInteraction, Context, CreateActionRow, CreateAllowedMentions, CreateButton,
    CreateInteractionResponse, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, EditInteractionResponse, EventHandler, GatewayError, GatewayIntents, GuildId,
    Http, HttpBuilder, Interaction, Member, Ready, User,
};

use crate::app::{App, BoardStyle, ButtonStyle, Command, Invocation, Place, Player, Reply};

pub use config::Config;

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("Discord rejected the bot token (check DISCORD_TOKEN or the token file)")]
    TokenRejected,
    #[error("cannot reach Discord's gateway: {0}")]
    Gateway(String),
    #[error("Discord client error: {0}")]
    Discord(#[from] serenity::Error),
}

/// Connects to Discord and serves until `shutdown` resolves or the gateway ends.
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
    let handler = Handler {
        app: app.clone(),
        guild: config.guild_id.map(GuildId::new),
        wake: wake.clone(),
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
    let scheduler = tokio::spawn(schedule_dailies(app, client.http.clone(), wake));
    let shards = client.shard_manager.clone();
    tokio::spawn(async move {
        shutdown.await;
        tracing::info!("shutting down: closing the gateway connection");
        shards.shutdown_all().await;
    });
    let result = client.start().await;
    scheduler.abort();
    match result {
        Ok(()) => Ok(()),
        Err(serenity::Error::Gateway(GatewayError::InvalidAuthentication)) => {
            Err(RunError::TokenRejected)
        }
        Err(e) => Err(e.into()),
    }
}

struct Handler {
    app: Arc<App>,
    guild: Option<GuildId>,
    wake: Arc<Notify>,
}

/// The daily scheduler: one task that sleeps until the next post is due (or an hour, so
/// a changed clock is noticed), posts what is due, and goes back to sleep. The stored
/// "last posted day" makes each post happen once, across restarts.
async fn schedule_dailies(app: Arc<App>, http: Arc<Http>, wake: Arc<Notify>) {
    const MAX_SLEEP_MS: i64 = 3_600_000;
    loop {
        let a = app.clone();
        let posts = tokio::task::spawn_blocking(move || a.take_due_daily_posts())
            .await
            .unwrap_or_default();
        for post in posts {
            let sent = match post.channel.parse::<u64>() {
                Ok(id) if id != 0 => {
                    let message = CreateMessage::new()
                        .content(post.reply.content.clone())
                        .components(buttons(&post.reply))
                        .allowed_mentions(CreateAllowedMentions::new());
                    ChannelId::new(id)
                        .send_message(&http, message)
                        .await
                        .map(|_| ())
                        .map_err(|e| e.to_string())
                }
                _ => Err(format!("channel {:?} is not a channel id", post.channel)),
            };
            match sent {
                Ok(()) => tracing::info!(place = %post.place, day = %post.day, "daily posted"),
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
        let a = app.clone();
        let next = tokio::task::spawn_blocking(move || a.next_daily_post_at())
            .await
            .ok()
            .flatten();
        let wait = next.map_or(MAX_SLEEP_MS, |at| (at - app.now()).clamp(0, MAX_SLEEP_MS));
        // Due now but not taken (a failure to build): back off instead of spinning.
        let wait = if wait == 0 { 1_000 } else { wait };
        tokio::select! {
            () = tokio::time::sleep(std::time::Duration::from_millis(wait as u64)) => {}
            () = wake.notified() => {}
        }
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
        match interaction {
            Interaction::Command(command) => self.on_command(&ctx, &command).await,
            Interaction::Component(component) => self.on_component(&ctx, &component).await,
            _ => {}
        }
    }
}

impl Handler {
    /// Runs the core on a blocking thread: SQLite and generation never stall the gateway.
    async fn call(&self, invocation: Invocation) -> Reply {
        let app = self.app.clone();
        let name = invocation.command.name();
        match tokio::task::spawn_blocking(move || app.handle(&invocation)).await {
            Ok(reply) => reply,
            Err(error) => {
                tracing::error!(command = name, %error, "command panicked");
                Reply::private("Something went wrong on our side, and nothing was changed.")
            }
        }
    }

    async fn on_command(&self, ctx: &Context, interaction: &CommandInteraction) {
        let command = match commands::to_command(interaction) {
            Ok(command) => command,
            Err(problem) => {
                let reply = Reply::private(format!("I can't run that: {problem}."));
                respond_logged(
                    interaction
                        .create_response(
                            &ctx.http,
                            CreateInteractionResponse::Message(message(&reply)),
                        )
                        .await,
                );
                return;
            }
        };
        let slow = commands::may_be_slow(&command);
        let reschedules = matches!(command, Command::DailySetup { .. } | Command::DailyOff);
        let invocation = invocation(
            &interaction.user,
            interaction.guild_id,
            interaction.member.as_deref(),
            command,
        );
        if !slow {
            let reply = self.call(invocation).await;
            if reschedules {
                self.wake.notify_one();
            }
            respond_logged(
                interaction
                    .create_response(
                        &ctx.http,
                        CreateInteractionResponse::Message(message(&reply)),
                    )
                    .await,
            );
            return;
        }
        // Acknowledge within Discord's 3 seconds, then do the work.
        if let Err(error) = interaction.defer(&ctx.http).await {
            tracing::warn!(%error, "deferring failed");
            return;
        }
        let reply = self.call(invocation).await;
        if reply.private {
            // The deferred answer is public; a private reply replaces it with an
            // ephemeral follow-up so no one else sees an error or a secret.
            respond_logged(interaction.delete_response(&ctx.http).await);
            respond_logged(
                interaction
                    .create_followup(&ctx.http, followup(&reply))
                    .await
                    .map(|_| ()),
            );
        } else {
            respond_logged(
                interaction
                    .edit_response(&ctx.http, edit(&reply))
                    .await
                    .map(|_| ()),
            );
        }
    }

    async fn on_component(&self, ctx: &Context, interaction: &ComponentInteraction) {
        let Some(command) = Command::from_custom_id(&interaction.data.custom_id) else {
            let reply = Reply::private(
                "This button belongs to an older version of the bot; use `/sudoku show` for a fresh board.",
            );
            respond_logged(
                interaction
                    .create_response(
                        &ctx.http,
                        CreateInteractionResponse::Message(message(&reply)),
                    )
                    .await,
            );
            return;
        };
        let invocation = invocation(
            &interaction.user,
            interaction.guild_id,
            interaction.member.as_ref(),
            command,
        );
        let reply = self.call(invocation).await;
        let response = if reply.updates_board && !reply.private {
            CreateInteractionResponse::UpdateMessage(message(&reply))
        } else {
            CreateInteractionResponse::Message(message(&reply))
        };
        respond_logged(interaction.create_response(&ctx.http, response).await);
    }
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
