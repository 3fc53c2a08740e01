//! Discord through serenity's gateway client. Thin on purpose: an interaction becomes an
//! [`Invocation`](crate::app::Invocation), the core answers on a blocking thread (SQLite never blocks the async
//! runtime), and the [`Reply`](crate::app::Reply) becomes a Discord response. No game logic lives here.
//!
//! Responses: boards are public, errors and private information ephemeral. Discord wants
//! a first response within 3 seconds, so the core's answer races a timer
//! ([`DEFER_AFTER`]): a reply ready in time is sent as it is, with the right visibility;
//! a late one is deferred first (with the visibility the command decides,
//! [`Command::answers_privately`](crate::app::Command::answers_privately)), then edited
//! in or followed up. Each interaction's answer is one value with one owner, `answer`,
//! whose documentation draws its states.
//!
//! Shutdown: once asked to stop, new interactions get a short "restarting" answer, the
//! gateway closes, and `run` waits (up to [`DRAIN_TIMEOUT`]) for the interactions in
//! flight and for the daily posts being sent (the scheduler claims no new one), so no
//! reply is lost and the caller closes the database after the last command.
//!
//! Interactions come down the gateway or, with `[interactions]` in the config, over HTTP
//! (`endpoint`: Discord POSTs them, signed, and the first answer goes back in the HTTP
//! response); both feed the same handler. Several processes may serve the endpoint on
//! one database: one of them at a time (the holder of a lease, `lease`) sends the bot's
//! own messages.
//!
//! Files: `handler` (interactions in: it drives each one's answer), `answer` (one
//! interaction's answer, from nothing sent to done, whichever way it came), `endpoint`
//! (interactions over HTTP), `gate` (every request answering an interaction, bounded in
//! flight), `respond` (how replies look), `work` (the core's room, and its answer ready
//! or late), `deadline` (an interaction's age and Discord's deadlines), `observe` (what
//! the answer path and the budget report), `metrics` (which watches them), `errors`
//! (what Discord said), `admin` (the admin listener: `/healthz`, `/readyz`, `/metrics`
//! in every mode), `scheduler` (daily posts), `races` (race messages), `outbound` (the
//! budget of the bot's own requests), `lease` (which replica sends), `shutdown`
//! (counting what is in flight), `shards`, `commands` (registration and options, from
//! the core's table), `config`. Imports point one way: this file wires them together and
//! none of them reads back from it (`process`, the command's entry, calls [`run`]).

pub mod activity;
pub mod admin;
mod answer;
pub mod commands;
pub mod config;
mod deadline;
mod endpoint;
mod errors;
mod gate;
mod handler;
pub mod lease;
mod metrics;
mod observe;
mod outbound;
pub mod process;
mod races;
mod respond;
mod scheduler;
pub mod shards;
mod shutdown;
mod work;

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serenity::all::{GatewayIntents, GuildId, Http, HttpBuilder};
use tokio::sync::{Notify, Semaphore};

use crate::app::App;
use errors::{discord_error, token_rejected};
use handler::Handler;
use shutdown::InFlight;

pub use config::Config;
pub use deadline::{DEFER_AFTER, TOKEN_LIFE, TOO_OLD};
pub use endpoint::{
    AHEAD_AT_MOST, MAX_BODY, MAX_REQUESTS, REPLAY_WINDOW, Refusal, read_interaction,
};
pub use gate::{ANSWERS_IN_FLIGHT, WEBHOOK_TURNS};
pub use scheduler::Posting;
pub use work::{CORE_QUEUE, CORE_WORKERS, QUEUED_AT_MOST};

/// How long a shutdown waits for interactions in flight (and daily posts being sent).
pub const DRAIN_TIMEOUT: Duration = Duration::from_secs(30);
/// Every request to Discord's REST API gives up after this (the whole exchange, the
/// upload of a picture included): a connection that hangs must not hold an answer's
/// slot, a post's, or a webhook turn for ever.
pub const HTTP_TIMEOUT: Duration = Duration::from_secs(20);
/// Connecting to Discord (TCP and TLS) gives up after this.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Threads the runtime keeps for blocking work: the core's commands ([`CORE_WORKERS`] at
/// once), the adapter's own store calls (race messages, the scheduler, the solve index
/// built at start) and the HTTP client's DNS lookups, with room to spare.
///
/// Tokio's default ceiling (512) is not harmless under a steady stream of commands: a
/// command's thread goes back to the idle list only after the next command (released by
/// the same permit) was handed out, so the pool often finds no idle thread and starts
/// one more, and the idle ones are woken in turn often enough that none times out. Each
/// keeps its stack and allocator arena: the million-interaction soak measured 6 threads
/// growing to 49 over 300,000 interactions, and RSS with them, for the same 8 commands at
/// a time. Bounded, it reached 19 threads (these and the runtime's own) and stayed there.
pub const BLOCKING_THREADS: usize = 2 * CORE_WORKERS;

/// Idle connections to Discord each HTTP client keeps for the next request.
///
/// The client speaks HTTP/1.1 (reqwest is built here without HTTP/2; `h2` is not in
/// Cargo.lock), one request per connection at a time, and
/// reqwest keeps every connection that falls idle (90 s) by default: the pool grows to
/// the most requests ever in flight at once (a burst of interaction answers) and stays
/// there, each connection with its TLS state and buffers (about 70 KB). The soak, with
/// 500 interactions in flight at most, measured 666 open files and 43 MB more after its
/// first 250,000 interactions than at 30,000. Past this many, a connection is closed once
/// its request is done: a later burst pays TLS handshakes instead of memory held for
/// good.
pub const IDLE_CONNECTIONS: usize = 32;

/// The runtime `sudoku-bot run` needs: tokio's multi-threaded one, with its blocking
/// pool bounded by [`BLOCKING_THREADS`].
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .build()
}

/// Knobs of [`run_tuned`] that only tests and benchmarks turn.
pub struct Tuning {
    /// How often stale buckets are dropped from serenity's rate limiter.
    pub prune_every: Duration,
    /// Receives the bot's HTTP client once built (tests read its rate limiter).
    pub http: Option<tokio::sync::oneshot::Sender<Arc<Http>>>,
    /// Invalid requests met in Discord's 10 minutes past which the bot's own messages
    /// pause, for the whole outgoing address: 5,000 by default (half of Discord's ban),
    /// divided by the config's `replicas_per_address`; tests make it small.
    pub invalid_limit: usize,
    /// Receives the interactions endpoint's address once it listens (tests listen on
    /// port 0).
    pub endpoint: Option<tokio::sync::oneshot::Sender<std::net::SocketAddr>>,
    /// How long the sending lease lasts unless renewed ([`lease::LEASE_TTL`]).
    pub lease_ttl: Duration,
    /// Receives the admin listener's address once it listens (tests listen on port 0).
    pub admin: Option<tokio::sync::oneshot::Sender<std::net::SocketAddr>>,
    /// The public listener's limits ([`crate::adapters::listener::Limits`]); `None`:
    /// sized for this process's file limit. Tests make them small.
    pub listener: Option<crate::adapters::listener::Limits>,
    /// Commands run at once ([`CORE_WORKERS`]); 0 stands for a core busy for good.
    pub core_workers: usize,
    /// Commands that may wait for the core ([`CORE_QUEUE`]).
    pub core_queue: usize,
    /// [`QUEUED_AT_MOST`].
    pub queued_at_most: Duration,
    /// [`HTTP_TIMEOUT`].
    pub http_timeout: Duration,
    /// The endpoint's request turns ([`MAX_REQUESTS`]).
    pub endpoint_turns: usize,
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning {
            prune_every: Duration::from_secs(60),
            http: None,
            invalid_limit: outbound::INVALID_LIMIT,
            endpoint: None,
            lease_ttl: lease::LEASE_TTL,
            admin: None,
            listener: None,
            core_workers: CORE_WORKERS,
            core_queue: CORE_QUEUE,
            queued_at_most: QUEUED_AT_MOST,
            http_timeout: HTTP_TIMEOUT,
            endpoint_turns: MAX_REQUESTS,
        }
    }
}

/// Always added to the log filter: serenity's HTTP module at `warn`. `Http::request` is
/// `#[instrument]`ed (at `info`, as spans are by default), and its span records the
/// route, whose Debug output holds the interaction token; inside that span every line
/// (and serenity's own "Unsuccessful response" line, whose URL holds the token too) would
/// print it. The bot token itself is a secret serenity never prints.
pub const QUIET_HTTP: &str = "serenity::http=warn";

/// Whether a span or event comes from serenity's HTTP client (whose spans carry tokens)
/// and is more verbose than `warn`.
fn token_bearing(meta: &tracing::Metadata<'_>) -> bool {
    let target = meta.target();
    (target == "serenity::http" || target.starts_with("serenity::http::"))
        && *meta.level() > tracing::Level::WARN
}

/// The tracing filter for the configured `level`, with [`QUIET_HTTP`] added last. On its
/// own it is not enough: a more specific directive in the config
/// (`serenity::http::client=info`) wins over it, which is why [`log_subscriber`] also
/// drops every token-bearing span and event whatever this filter says.
pub fn log_filter(level: &str) -> Result<tracing_subscriber::EnvFilter, String> {
    let level = level.trim().trim_end_matches(',');
    let directives = if level.is_empty() {
        QUIET_HTTP.to_string()
    } else {
        format!("{level},{QUIET_HTTP}")
    };
    tracing_subscriber::EnvFilter::try_new(directives).map_err(|e| e.to_string())
}

/// The bot's logging: lines to `writer`, filtered by the configured `level`
/// ([`log_filter`]) and then, unconditionally, without serenity's HTTP spans and
/// events below `warn` (see [`QUIET_HTTP`]): no directive can bring tokens back.
pub fn log_subscriber<W>(
    level: &str,
    writer: W,
    ansi: bool,
) -> Result<impl tracing::Subscriber + Send + Sync + 'static, String>
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    log_subscriber_as(level, writer, ansi, config::LogFormat::Text)
}

/// [`log_subscriber`] in a chosen format: text lines (`ansi`: with colours), or one JSON
/// object a line (never coloured). The same filter and guard either way.
pub fn log_subscriber_as<W>(
    level: &str,
    writer: W,
    ansi: bool,
    format: config::LogFormat,
) -> Result<impl tracing::Subscriber + Send + Sync + 'static, String>
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    use tracing_subscriber::filter::{FilterExt, filter_fn};
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::{Layer, fmt, registry};
    let quiet = filter_fn(|meta| !token_bearing(meta));
    let filter = log_filter(level)?.and(quiet);
    let layer = match format {
        config::LogFormat::Text => fmt::layer()
            .with_writer(writer)
            .with_ansi(ansi)
            .with_filter(filter)
            .boxed(),
        config::LogFormat::Json => fmt::layer()
            .json()
            .with_writer(writer)
            .with_ansi(false)
            .with_filter(filter)
            .boxed(),
    };
    Ok(registry().with(layer))
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("Discord rejected the bot token (check DISCORD_TOKEN or the token file)")]
    TokenRejected,
    #[error("cannot reach Discord's gateway: {0}")]
    Gateway(String),
    #[error("Discord client error: {0}")]
    Discord(#[from] serenity::Error),
    #[error("the interactions endpoint: {0}")]
    Endpoint(String),
    #[error("the admin listener: {0}")]
    Admin(String),
}

/// A task ended when this is dropped (on every way out of [`run_tuned`]).
struct AbortOnDrop<T>(tokio::task::JoinHandle<T>);

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
    }
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
    let wake = Arc::new(Notify::new());
    run_with_scheduler(app, config, token, shutdown, wake, Posting::default()).await
}

/// [`run`], with a handle on the daily scheduler: notifying `wake` makes it look at the
/// schedule again (tests do so after moving their clock), and `posting` says how daily
/// posts are sent (tests shorten the timeout).
pub async fn run_with_scheduler(
    app: Arc<App>,
    config: &Config,
    token: &str,
    shutdown: impl Future<Output = ()> + Send + 'static,
    wake: Arc<Notify>,
    posting: Posting,
) -> Result<(), RunError> {
    run_tuned(
        app,
        config,
        token,
        shutdown,
        wake,
        posting,
        Tuning::default(),
    )
    .await
}

/// Where the HTTP clients send their requests, from `api_base`.
enum Api {
    /// Discord itself.
    Discord,
    /// `https://127.0.0.1:PORT` (loopback only): `discord.com` is resolved to that
    /// address and its certificate (a test's own) accepted, so serenity's rate limiter
    /// stays on against a fake Discord that serves rate-limit headers.
    Loopback(std::net::SocketAddr),
}

impl Api {
    fn of(config: &Config) -> Result<Api, String> {
        let Some(base) = config.api_base.as_deref() else {
            return Ok(Api::Discord);
        };
        // Only a loopback address: a token must never travel in clear text or to a host
        // that is not Discord, whatever the config says.
        let address = base
            .strip_prefix("https://")
            .map(|rest| rest.trim_end_matches('/'))
            .and_then(|rest| rest.parse::<std::net::SocketAddr>().ok())
            .filter(|address| address.ip().is_loopback());
        address.map(Api::Loopback).ok_or_else(|| {
            format!("api_base {base:?}: only https://<loopback address>:<port> (a fake Discord for tests)")
        })
    }

    /// An HTTP client that reaches Discord at `discord.com` (the fake's address for a
    /// loopback `api_base`).
    fn client(&self, timeout: Duration) -> Result<reqwest::Client, String> {
        // serenity's own default is rustls with reqwest's defaults, whose pool keeps
        // every idle connection (see IDLE_CONNECTIONS), and waits for ever.
        let client = reqwest::Client::builder()
            .use_rustls_tls()
            .pool_max_idle_per_host(IDLE_CONNECTIONS)
            .connect_timeout(CONNECT_TIMEOUT.min(timeout))
            .timeout(timeout);
        let client = match self {
            Api::Discord => client,
            Api::Loopback(address) => client
                .resolve("discord.com", *address)
                .danger_accept_invalid_certs(true),
        };
        client.build().map_err(|e| e.to_string())
    }

    /// A builder for the bot's client: with serenity's rate limiter when `on_limit` is
    /// given (told of every wait it takes), else without.
    fn http(
        &self,
        timeout: Duration,
        token: &str,
        on_limit: Option<Box<dyn Fn(serenity::http::RatelimitInfo) + Send + Sync>>,
    ) -> Result<HttpBuilder, String> {
        let client = self.client(timeout)?;
        let builder = HttpBuilder::new(token).client(client.clone());
        Ok(match on_limit {
            Some(on_limit) => {
                // serenity's own default limiter, with the callback; it takes the token
                // as serenity sends it ("Bot " in front, as `HttpBuilder` adds it).
                let token = token.trim();
                let token = if token.starts_with("Bot ") || token.starts_with("Bearer ") {
                    token.to_string()
                } else {
                    format!("Bot {token}")
                };
                let mut limiter = serenity::http::Ratelimiter::new(client, token);
                limiter.set_ratelimit_callback(on_limit);
                builder.ratelimiter(limiter)
            }
            None => builder.ratelimiter_disabled(true),
        })
    }
}

/// Drops the buckets of serenity's rate limiter that nobody is using and whose window
/// is over: serenity creates one per route and major parameter (every channel posted in,
/// every interaction answered through it) and never removes any. A dropped bucket knows
/// nothing a fresh one would not: its reset has passed. Returns (kept, dropped).
pub async fn prune_rate_limits(http: &Http) -> (usize, usize) {
    let Some(limiter) = &http.ratelimiter else {
        return (0, 0);
    };
    let routes = limiter.routes();
    let mut routes = routes.write().await;
    let before = routes.len();
    let now = std::time::SystemTime::now();
    routes.retain(|_, bucket| {
        // In use: a request holds it (the map's own reference is the only other).
        if Arc::strong_count(bucket) > 1 {
            return true;
        }
        match bucket.try_lock() {
            Ok(bucket) => bucket.reset().is_some_and(|reset| reset > now),
            Err(_) => true,
        }
    });
    (routes.len(), before - routes.len())
}

/// How many buckets serenity's rate limiter holds (0 without one).
pub async fn rate_limit_buckets(http: &Http) -> usize {
    match &http.ratelimiter {
        Some(limiter) => limiter.routes().read().await.len(),
        None => 0,
    }
}

/// [`run_with_scheduler`], with the [`Tuning`] knobs.
pub async fn run_tuned(
    app: Arc<App>,
    config: &Config,
    token: &str,
    shutdown: impl Future<Output = ()> + Send + 'static,
    wake: Arc<Notify>,
    posting: Posting,
    tuning: Tuning,
) -> Result<(), RunError> {
    let api = Api::of(config).map_err(RunError::Gateway)?;
    let activity = app.activity();
    let metrics = Arc::new(metrics::Metrics::new(app.clone()));
    // Daily posts and race messages share one budget: together under Discord's global
    // limit, and both stop before the invalid requests met (theirs, those of
    // interaction answers, which only report to it, and the 429s serenity's rate limiter
    // retries inside, which only its callback sees) could get the address banned. Sized
    // for this process's share of the address ([`Config::invalid_limit`]).
    let budget = Arc::new(outbound::Budget::new(
        posting.per_second,
        config.invalid_limit(tuning.invalid_limit),
    ));
    budget.report_to(metrics.clone());
    let counted = budget.clone();
    let on_limit = Box::new(move |info: serenity::http::RatelimitInfo| {
        counted.rate_limited(&info.path, info.global);
    });
    let http = api
        .http(tuning.http_timeout, token, Some(on_limit))
        .map_err(RunError::Gateway)?;
    // Interaction callbacks and webhooks go around serenity's rate limiter: Discord
    // does not count them in the global limit, and serenity would key their buckets by
    // the interaction (one new bucket, never freed, per interaction) or by the
    // application (one 429 on any follow-up stalling every deferred answer).
    let interactions = Arc::new(
        api.http(tuning.http_timeout, token, None)
            .map_err(RunError::Gateway)?
            .build(),
    );
    let in_flight = Arc::new(InFlight::default());
    // What `/readyz` answers from: over HTTP the endpoint carries the interactions, else
    // the shards do.
    let readiness = Arc::new(admin::Readiness::new(config.interactions.is_some()));
    let handler = Arc::new(Handler {
        readiness: readiness.clone(),
        app: app.clone(),
        guild: config.guild_id.map(GuildId::new),
        wake: wake.clone(),
        in_flight: in_flight.clone(),
        registered: AtomicBool::new(false),
        gate: gate::Gate::new(interactions, budget.clone()),
        observer: metrics.clone(),
        core: Arc::new(Semaphore::new(tuning.core_workers)),
        queue: work::Queue::new(tuning.core_queue, tuning.queued_at_most),
    });
    // No privileged intents: interactions arrive regardless of intents. GUILDS (not
    // privileged) brings GUILD_DELETE, when the bot is removed from a server.
    let client = shards::Gateway::new(http.build(), GatewayIntents::GUILDS, handler.clone());
    if let Some(sender) = tuning.http {
        let _ = sender.send(client.http.clone());
    }
    // What a busy spell leaves in the allocator goes back to the system once it is over.
    crate::adapters::memory::spawn_trimmer();
    let pruned = client.http.clone();
    let prune_every = tuning.prune_every;
    let pruner = tokio::spawn(async move {
        loop {
            tokio::time::sleep(prune_every).await;
            let (kept, dropped) = prune_rate_limits(&pruned).await;
            tracing::debug!(kept, dropped, "rate-limit buckets pruned");
        }
    });
    // The shutdown signal, as a future the gateway's start and run can both wait on.
    let (stop_gateway, stopped) = tokio::sync::watch::channel(false);
    let closing = in_flight.clone();
    let draining = readiness.clone();
    tokio::spawn(async move {
        shutdown.await;
        tracing::info!("shutting down: no new interactions are taken; finishing those in flight");
        draining.draining();
        closing.close();
        let _ = stop_gateway.send(true);
    });
    let stop = move || {
        let mut stopped = stopped.clone();
        async move {
            let _ = stopped.wait_for(|stop| *stop).await;
        }
    };
    // This process's name as a holder of the sending lease (see `lease`).
    let holder = lease::holder_name();
    // The admin listener first of all, so probes see the start (not ready) as it goes.
    let _admin = match &config.admin {
        Some(settings) => {
            let listener = tokio::net::TcpListener::bind(settings.listen)
                .await
                .map_err(|e| {
                    RunError::Admin(format!(
                        "cannot listen on {}: {e} (set [admin] listen, or SUDOKU_ADMIN_LISTEN)",
                        settings.listen
                    ))
                });
            let listener = match listener {
                Ok(listener) => listener,
                Err(e) => {
                    pruner.abort();
                    return Err(e);
                }
            };
            let address = listener.local_addr().unwrap_or(settings.listen);
            tracing::info!(%address, "serving /healthz, /readyz and /metrics (admin)");
            if let Some(listening) = tuning.admin {
                let _ = listening.send(address);
            }
            let router = admin::router(admin::Admin {
                app: app.clone(),
                metrics: metrics.clone(),
                readiness: readiness.clone(),
                holder: holder.clone(),
            });
            Some(AbortOnDrop(tokio::spawn(endpoint::serve(
                listener,
                router,
                crate::adapters::listener::Limits::default(),
                std::future::pending(),
            ))))
        }
        None => None,
    };
    // The interactions endpoint serves before anything talks to Discord: it answers
    // while the REST API is unreachable (only a deferred answer's edit needs it).
    // The web board: on a listener of its own, or beside the interactions endpoint.
    // As an Activity, it signs players in through Discord (the client secret is read
    // here, never logged).
    let sign_in = match &config.activity {
        Some(activity) => {
            let secret = activity
                .secret(std::env::var("DISCORD_CLIENT_SECRET").ok())
                .map_err(RunError::Endpoint)?;
            let client = api.client(tuning.http_timeout).map_err(RunError::Gateway)?;
            let sign_in = activity::DiscordSignIn::new(
                activity.client_id,
                secret,
                token,
                client,
                budget.clone(),
            );
            Some(Arc::new(sign_in) as Arc<dyn crate::adapters::web::ActivitySignIn>)
        }
        None => None,
    };
    let limits = tuning
        .listener
        .unwrap_or_else(crate::adapters::listener::Limits::for_this_process);
    let mut web_router = config
        .web
        .as_ref()
        .map(|_| crate::adapters::web::router_with(app.clone(), sign_in));
    let mut web_server: Option<tokio::task::JoinHandle<std::io::Result<()>>> = None;
    if let Some(address) = config.web.as_ref().and_then(|web| web.listen) {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| RunError::Endpoint(format!("web: cannot listen on {address}: {e}")))?;
        tracing::info!(address = %listener.local_addr().unwrap_or(address), "serving the web board");
        if let Some(router) = web_router.take() {
            web_server = Some(tokio::spawn(endpoint::serve(
                listener,
                router,
                limits,
                stop(),
            )));
        }
    }
    let endpoint = match &config.interactions {
        Some(settings) => {
            let served = serve_interactions(
                settings,
                &handler,
                &client.http,
                (tuning.endpoint, tuning.endpoint_turns),
                web_router.take(),
                limits,
                stop(),
            )
            .await;
            match served {
                Ok(endpoint) => {
                    readiness.serving();
                    Some(endpoint)
                }
                Err(e) => {
                    pruner.abort();
                    return Err(e);
                }
            }
        }
        None => None,
    };
    let gateway = config.interactions.as_ref().is_none_or(|i| i.gateway);
    // The gateway's address, the shard count and the session budget, asked before
    // anything else: a rejected token fails here, before any task starts. With the
    // endpoint serving, Discord out of reach is waited out instead.
    let mut before_start = Box::pin(stop());
    let plan = if gateway {
        match plan_gateway(&client, config, endpoint.is_some(), &mut before_start).await {
            Ok(plan) => plan,
            Err(e) => {
                pruner.abort();
                return Err(e);
            }
        }
    } else {
        None
    };
    if gateway && plan.is_none() {
        // Stopped before the gateway could start.
        pruner.abort();
        if let Some(endpoint) = endpoint {
            let _ = endpoint.await;
        }
        if let Some(web) = web_server {
            let _ = web.await;
        }
        return Ok(());
    }
    let (stop_scheduler, stopping) = tokio::sync::watch::channel(false);
    // The daily scheduler and the race messages' sender run in the process holding the
    // sending lease (one of the replicas sharing the database).
    let (leading, leads) = tokio::sync::watch::channel(None);
    let sending_as = lease::Holder {
        name: holder.as_str().into(),
        leading: leads,
    };
    // Renewed until the senders have stopped, not just told to.
    let (stop_leasing, leasing_stops) = tokio::sync::watch::channel(false);
    let mut leasing = tokio::spawn(lease::keep(
        app.clone(),
        holder.clone(),
        tuning.lease_ttl,
        leading,
        leasing_stops,
    ));
    let app_for_races = app.clone();
    let app_for_lease = app.clone();
    let mut scheduler = tokio::spawn(scheduler::schedule_dailies(
        app,
        client.http.clone(),
        posting,
        budget.clone(),
        wake,
        sending_as.clone(),
        stopping,
    ));
    let stop_races = Arc::new(Notify::new());
    let mut races = tokio::spawn(races::tell_races(
        app_for_races,
        client.http.clone(),
        budget,
        sending_as,
        stop_races.clone(),
    ));
    // One shard holds at most 2,500 servers; past that Discord closes it (4011) and
    // serenity would re-identify forever: without `shards` in the config, Discord's
    // recommended count.
    let result = match plan {
        Some(plan) => {
            readiness.planned(plan.total);
            client.run(plan, stop()).await
        }
        None => {
            // HTTP alone: no READY registers the commands.
            let registering = tokio::spawn(register_until_done(
                client.http.clone(),
                config.guild_id.map(GuildId::new),
                activity,
            ));
            stop().await;
            registering.abort();
            Ok(())
        }
    };
    pruner.abort();
    // The endpoint stops taking requests and finishes those in flight (each until its
    // first answer); what they started goes on, counted in `in_flight`.
    // The web board's listener stops with the same signal; open boards end with the
    // process (a page reconnects to another replica, or when this one is back).
    if let Some(web) = web_server {
        let _ = tokio::time::timeout(DRAIN_TIMEOUT, web).await;
    }
    if let Some(mut endpoint) = endpoint {
        // Open connections hold a graceful shutdown; a request cannot take longer than
        // its body's timeout and its first answer, so this waits for no one for long.
        match tokio::time::timeout(DRAIN_TIMEOUT, &mut endpoint).await {
            Ok(Ok(Err(error))) => tracing::error!(%error, "the interactions endpoint failed"),
            Ok(Err(error)) => tracing::error!(%error, "the interactions endpoint panicked"),
            Ok(Ok(Ok(()))) => {}
            Err(_) => {
                tracing::warn!("shutdown: gave up waiting for the endpoint's connections");
                endpoint.abort();
            }
        }
    }
    in_flight.close();
    // serenity spawns a task per event; one received just before the gateway closed may
    // not have reached the handler (and been counted) yet.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let drained = async {
        in_flight.drained().await;
        // Posts being sent finish (each within its timeout); nothing new is claimed.
        let _ = stop_scheduler.send(true);
        stop_races.notify_one();
        let _ = (&mut races).await;
        (&mut scheduler).await
    };
    if tokio::time::timeout(DRAIN_TIMEOUT, drained).await.is_err() {
        tracing::warn!(
            in_flight = in_flight.count(),
            "shutdown: gave up waiting for interactions in flight"
        );
        scheduler.abort();
        races.abort();
        // Gone for sure before the lease is: nothing of ours is sent after it.
        let _ = (&mut scheduler).await;
        let _ = (&mut races).await;
    }
    let _ = stop_leasing.send(true);
    let _ = (&mut leasing).await;
    // Nothing of ours is being sent any more: another replica may take over at once.
    let _ =
        tokio::task::spawn_blocking(move || app_for_lease.release_lease(lease::OUTBOUND, &holder))
            .await;
    match result {
        Ok(()) => Ok(()),
        Err(e) if token_rejected(&e) => Err(RunError::TokenRejected),
        Err(e) => Err(e.into()),
    }
}

/// Binds the interactions endpoint and serves it until `stop`, taking `turns` requests at
/// once. The application id comes from the config: follow-ups and command registration
/// need it before (or without) the gateway's READY.
async fn serve_interactions(
    settings: &config::Interactions,
    handler: &Arc<Handler>,
    http: &Arc<Http>,
    (listening, turns): (
        Option<tokio::sync::oneshot::Sender<std::net::SocketAddr>>,
        usize,
    ),
    web: Option<axum::Router>,
    limits: crate::adapters::listener::Limits,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<tokio::task::JoinHandle<std::io::Result<()>>, RunError> {
    let key = settings.key().map_err(RunError::Endpoint)?;
    let application = settings.application().map_err(RunError::Endpoint)?;
    let application = serenity::model::id::ApplicationId::new(application);
    handler.gate.set_application_id(application);
    http.set_application_id(application);
    let endpoint =
        endpoint::Endpoint::new(handler.clone(), key, turns).map_err(RunError::Endpoint)?;
    let listener = tokio::net::TcpListener::bind(settings.listen)
        .await
        .map_err(|e| RunError::Endpoint(format!("cannot listen on {}: {e}", settings.listen)))?;
    let address = listener.local_addr().unwrap_or(settings.listen);
    tracing::info!(%address, path = %settings.path, "serving interactions over HTTP");
    if let Some(listening) = listening {
        let _ = listening.send(address);
    }
    let mut router = Arc::new(endpoint).router(&settings.path);
    if let Some(web) = web {
        router = router.merge(web);
    }
    Ok(tokio::spawn(endpoint::serve(
        listener, router, limits, stop,
    )))
}

/// The gateway's plan ([`shards::Gateway::plan`]); `None` when stopped first. With the
/// endpoint `serving`, a Discord out of reach is tried again (the endpoint goes on
/// answering meanwhile); a rejected token always ends the run.
async fn plan_gateway(
    client: &shards::Gateway,
    config: &Config,
    serving: bool,
    stop: &mut (impl Future<Output = ()> + Unpin),
) -> Result<Option<shards::Plan>, RunError> {
    let mut wait = Duration::from_secs(5);
    loop {
        match client.plan(config.shards, &mut *stop).await {
            Ok(plan) => return Ok(plan),
            Err(e) if token_rejected(&e) => return Err(RunError::TokenRejected),
            Err(e) if !serving => return Err(RunError::Gateway(discord_error(&e))),
            Err(e) => {
                tracing::warn!(error = %discord_error(&e), retry_in_s = wait.as_secs(), "cannot reach Discord's gateway; interactions over HTTP are still answered");
                tokio::select! {
                    () = tokio::time::sleep(wait) => {}
                    () = &mut *stop => return Ok(None),
                }
                wait = (wait * 2).min(Duration::from_secs(300));
            }
        }
    }
}

/// Registers the commands, trying again (5 s, doubling up to 5 minutes) until Discord
/// takes them: with HTTP alone, no READY comes to do it.
async fn register_until_done(http: Arc<Http>, guild: Option<GuildId>, activity: bool) {
    let mut wait = Duration::from_secs(5);
    loop {
        match handler::register_commands(&http, guild, activity).await {
            Ok(()) => return,
            Err(error) => {
                tracing::warn!(error = %discord_error(&error), retry_in_s = wait.as_secs(), "registering commands failed");
                tokio::time::sleep(wait).await;
                wait = (wait * 2).min(Duration::from_secs(300));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// What `level` lets through of a line inside a span shaped like serenity's
    /// `Http::request` (target `serenity::http::client`, at `info`, recording the route
    /// with a token), of serenity's own debug line there, and of our own info line.
    fn logged(level: &str) -> String {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = log_subscriber(level, move || writer.clone(), false).expect("filter");
        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!(target: "serenity::http::client", "request", req = "tok-secret");
            let _in = span.enter();
            tracing::debug!(target: "serenity::http::client", "Unsuccessful response: tok-secret2");
            tracing::warn!(target: "serenity::http::client", "Mismatched status");
            tracing::info!("ours");
        });
        let bytes = captured.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    #[test]
    fn no_directive_brings_serenitys_request_spans_back() {
        for level in [
            "debug",
            "trace",
            "serenity::http::client=info",
            "serenity::http::client=trace,serenity::http=trace",
            "info,serenity::http::client[request]=trace",
            "serenity=trace",
        ] {
            let logs = logged(level);
            assert!(!logs.contains("tok-secret"), "{level}: {logs}");
            // Warnings of serenity's HTTP client still come through (outside the span's
            // fields), and so do the bot's own lines at the level asked for.
            assert!(logs.contains("Mismatched status"), "{level}: {logs}");
            if !level.starts_with("serenity") {
                assert!(logs.contains("ours"), "{level}: {logs}");
            }
        }
    }

    #[test]
    fn json_logs_are_one_object_a_line_without_colours_or_tokens() {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = log_subscriber_as(
            "debug",
            move || writer.clone(),
            true,
            config::LogFormat::Json,
        )
        .expect("filter");
        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!(target: "serenity::http::client", "request", req = "tok-secret");
            let _in = span.enter();
            tracing::debug!(target: "serenity::http::client", "Unsuccessful response: tok-secret2");
            tracing::info!(shard = 0, "ours");
        });
        let bytes = captured.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let text = String::from_utf8_lossy(&bytes);
        assert!(!text.contains("tok-secret"), "{text}");
        assert!(!text.contains('\u{1b}'), "{text}");
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).expect("a JSON object a line"))
            .collect();
        assert_eq!(lines.len(), 1, "{text}");
        assert_eq!(lines[0]["fields"]["message"], "ours");
        assert_eq!(lines[0]["level"], "INFO");
    }
}
