//! A fake Discord on 127.0.0.1: the gateway (HELLO, IDENTIFY, READY, heartbeats,
//! INTERACTION_CREATE, RECONNECT, RESUME) and the REST routes the bot uses, enough for the
//! unmodified serenity client to connect and answer.
//!
//! It is strict where Discord is: every payload it dispatches, and every REST answer it
//! gives, must deserialize into serenity's own types (else the bot would silently ignore
//! it); every body the bot sends (callbacks, follow-ups and edits, channel messages,
//! commands) must pass Discord's own published schema of that request ([`schema`], not
//! serenity's types, which would pass whatever serenity wrote); an interaction must get
//! its first response within 3 seconds (later: 404, code 10062) and only one (400, code
//! 40060); the first follow-up after a deferral replaces the deferral and keeps its
//! visibility, so an ephemeral one there would leak; after the deferral is deleted the
//! webhook is gone (404, code 10008); every reply is checked against Discord's limits.
//! Whatever breaks a rule is recorded in `violations`, and every error status the fake
//! answers is recorded too; tests end with `assert_clean`, which fails on either unless
//! the test said it expected that error.
//!
//! It also keeps Discord's rate rules ([`Rules`], on by default): per-route buckets with
//! the real headers, the global 50 requests a second, about five message edits per five
//! seconds per channel, 403s in channels the bot may not use, interaction ids that carry
//! their creation time (snowflakes), and the invalid-request counter that bans a bot past
//! 10,000 invalid requests in 10 minutes. [`FakeDiscord::counters`] tells what it served.
//!
//! It answers TLS at `api_base` (the bot keeps serenity's rate limiter on and reaches the
//! fake as `discord.com`; the bot accepts no other `api_base`) and plain HTTP on the same
//! port, with hyper's HTTP/1.1 server; uploads (`multipart/form-data`) are read with
//! `multer`.

#![allow(dead_code)]

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Mutex, Notify, mpsc};
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

pub mod activity;
pub mod pad;
pub mod schema;
#[cfg(test)]
mod self_test;

use schema::Operation;

pub const APP_ID: &str = "900000000000000001";
pub const BOT_ID: &str = "900000000000000002";
pub const GUILD: &str = "800000000000000001";
pub const CHANNEL: &str = "700000000000000001";
/// Discord's deadline for the first response to an interaction.
pub const DEADLINE: Duration = Duration::from_secs(3);
/// Discord's epoch (2015-01-01), in ms since the Unix epoch: a snowflake is the ms since
/// it, shifted left by 22 bits.
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

/// The rules of Discord the fake enforces. `Rules::default()` is Discord's; tests that
/// need the old permissive fake use [`Rules::permissive`].
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// Per-route buckets, the per-channel edit limit and the global limit (429s).
    pub rate_limits: bool,
    /// Requests a second for the whole bot (interaction routes are exempt, as on Discord).
    pub global_per_second: u32,
    /// Invalid requests (401, 403, 429 except shared-scope ones) in 10 minutes past which
    /// every request is refused.
    pub invalid_limit: u32,
    /// Keep every call (with its body) for `calls()`; a soak run turns it off.
    pub keep_calls: bool,
    /// Shards that may identify together: shard `id` is in bucket `id % max_concurrency`,
    /// and a bucket identifies at most once per 5 s (a second IDENTIFY sooner is a
    /// violation, as Discord would invalidate it).
    pub max_concurrency: u64,
    /// Session starts left in the budget when the fake starts (`session_start_limit`);
    /// an IDENTIFY with none left is a violation (Discord resets the bot's token).
    pub sessions_left: u64,
    /// When the budget resets to 1,000, from the fake's start.
    pub sessions_reset_after: Duration,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            rate_limits: true,
            global_per_second: 50,
            invalid_limit: 10_000,
            keep_calls: true,
            max_concurrency: 1,
            sessions_left: 999,
            sessions_reset_after: Duration::from_secs(86_400),
        }
    }
}

impl Rules {
    /// No rate limits: never a 429.
    pub fn permissive() -> Self {
        Rules {
            rate_limits: false,
            ..Rules::default()
        }
    }
}

/// What the fake served, counted (kept even when calls are not).
#[derive(Clone, Debug, Default)]
pub struct Counters {
    /// Requests answered, in all.
    pub requests: u64,
    /// 429s answered by the rate rules (not the ones a test scripted).
    pub limited: u64,
    /// Of those, global ones.
    pub limited_global: u64,
    /// Invalid requests in the last 10 minutes (Discord's ban counter).
    pub invalid: u64,
    /// Requests refused because the bot was banned.
    pub refused_banned: u64,
    /// Requests per route ("POST /channels/{}/messages"), ids left out.
    pub per_route: HashMap<String, u64>,
    /// 429s per route.
    pub limited_per_route: HashMap<String, u64>,
    /// The most interaction answers (requests to `/interactions/...` callbacks and
    /// `/webhooks/...`) that were open at once: read, not yet answered.
    pub answers_open_peak: u64,
}

/// A rate-limit bucket's window.
struct Bucket {
    limit: u32,
    used: u32,
    resets: Instant,
    window: Duration,
}

/// The rate state of the fake Discord.
#[derive(Default)]
struct Limits {
    buckets: HashMap<String, Bucket>,
    /// The current global second and the requests in it.
    global_window: Option<Instant>,
    global_used: u32,
    /// When each recent invalid request was answered.
    invalid: VecDeque<Instant>,
    counters: Counters,
}

/// The ms since the Unix epoch, now.
fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// The ms since the Unix epoch at which the snowflake `id` was created.
pub fn created_ms(id: &str) -> Option<u64> {
    id.parse::<u64>()
        .ok()
        .map(|id| (id >> 22) + DISCORD_EPOCH_MS)
}

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    pub path: String,
    pub body: Value,
    /// Files uploaded with it (a multipart request), in order.
    pub files: Vec<Upload>,
    /// The status the fake answered with.
    pub status: u16,
    /// A 429 of the rate rules (the bot's client waits and retries: not an error).
    pub limited: bool,
}

/// A file part of a multipart request: `files[N]`.
#[derive(Clone, Debug)]
pub struct Upload {
    /// The form field, `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// Discord's upload limit for a bot without boosts.
const MAX_UPLOAD: usize = 10 * 1024 * 1024;

/// An interaction the fake dispatched.
struct Dispatched {
    at: Instant,
    /// 2 command, 3 component, 5 modal submit.
    kind: u64,
    /// Who, and where: an Activity launched in answer opens there.
    user: Value,
    guild: Option<String>,
    channel: String,
}

/// What the interaction's `@original` message is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Original {
    /// A type-5 deferral ("thinking..."): the next edit or follow-up replaces it.
    Deferred { ephemeral: bool },
    /// Answered (a message, an update, a deferred update, a modal).
    Answered,
    /// The deferral was deleted: the webhook is gone.
    Deleted,
}

/// What the fake does with a request instead of answering it normally.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scripted {
    /// Answer with this status, doing nothing.
    Status(u16),
    /// Do what was asked (create the message), then answer with this status: a 5xx
    /// after which Discord did post.
    DoneThenStatus(u16),
    /// Never answer. `done`: the message is created first (Discord posted, the answer
    /// was lost).
    Hang { done: bool },
    /// A 429 (user scope) asking to retry after this long.
    Limited(Duration),
}

/// The status recorded for a request the fake never answered.
pub const NO_ANSWER: u16 = 0;

enum ToGateway {
    Dispatch(&'static str, Value),
    Reconnect,
}

struct State {
    token: String,
    ws_url: String,
    calls: Mutex<Vec<Call>>,
    gateway_events: Mutex<Vec<String>>,
    violations: Mutex<Vec<String>>,
    acknowledged: Mutex<HashSet<String>>,
    /// How long each interaction waited for its first response (late ones included).
    first_responses: Mutex<HashMap<String, Duration>>,
    dispatched: Mutex<HashMap<String, Dispatched>>,
    originals: Mutex<HashMap<String, Original>>,
    /// The message id each answered interaction's original message has, once asked for.
    original_ids: Mutex<HashMap<String, String>>,
    /// (status, path substring) the test expects to see answered.
    expected_errors: Mutex<Vec<(u16, String)>>,
    /// Scripted failures: path -> what to do with the next requests before succeeding.
    failures: Mutex<HashMap<String, VecDeque<Scripted>>>,
    /// Messages created in each channel (by `POST /channels/{id}/messages`).
    posted: Mutex<HashMap<String, Vec<Value>>>,
    /// Interaction ids and tokens whose answers a test awaits with [`FakeDiscord::ask`]
    /// (kept apart from `calls`, which a load run does not keep).
    watched: Mutex<HashSet<String>>,
    /// The answers to watched interactions: the callback body by interaction id, the
    /// edit of a deferral by token.
    answers: Mutex<HashMap<String, Value>>,
    /// (channel, nonce) of messages created with `enforce_nonce`: a repeat gets the
    /// same message back, as on Discord.
    nonces: Mutex<HashMap<(String, String), Value>>,
    changed: Notify,
    /// How many shards `/gateway/bot` recommends.
    shards: u64,
    /// The servers the bot is in (READY lists a shard's own): the test server, every
    /// server an interaction came from, and those a test joined, less those removed.
    guilds: Mutex<HashSet<String>>,
    /// Each identified shard's connection, by shard id.
    connections: Mutex<HashMap<u64, mpsc::UnboundedSender<ToGateway>>>,
    /// The `shard` field of every IDENTIFY: `[id, total]`.
    identified: Mutex<Vec<[u64; 2]>>,
    /// When each IDENTIFY came, with its shard id.
    identify_times: Mutex<Vec<(u64, Instant)>>,
    /// The session start budget: starts left, and when it resets.
    sessions: Mutex<(u64, Instant)>,
    started: Instant,
    sequence: AtomicU64,
    ids: AtomicU64,
    /// Ids given to interactions created in the past (`created_ago`).
    aged: AtomicU64,
    rules: Rules,
    limits: Mutex<Limits>,
    /// Channels where the bot may not post or edit: the 403's Discord code (50013
    /// Missing Permissions, 50001 Missing Access), or 404 Unknown Channel (10003).
    forbidden: Mutex<HashMap<String, u64>>,
    /// Interaction answers open now, and the most at once (see [`OpenAnswer`]).
    answers_open: AtomicU64,
    answers_open_peak: AtomicU64,
    /// How long the fake takes to answer an interaction answer, in ms (0: at once).
    answer_latency_ms: AtomicU64,
    /// The application's key pair: the fake signs what it POSTs to an interactions
    /// endpoint with it; the bot is configured with its public half.
    signing: ed25519_dalek::SigningKey,
    /// Where interactions go instead of the gateway (`deliver_over_http`): the endpoint's
    /// URLs, taken in turn (several replicas).
    endpoints: std::sync::Mutex<Vec<String>>,
    /// Turns of `endpoints`.
    next_endpoint: AtomicU64,
    /// Interactions each endpoint answered.
    deliveries: std::sync::Mutex<HashMap<String, u64>>,
    /// Tokens of interactions POSTed to an endpoint whose HTTP response has not been read
    /// yet: a webhook call for one of them waits for it, as Discord's own bookkeeping
    /// settles before a bot's next request.
    awaiting_response: Mutex<HashSet<String>>,
    /// The HTTP client that POSTs interactions to endpoints.
    client: reqwest::Client,
    /// How long the fake takes, once an endpoint's response arrived, before it knows it
    /// (ms): the bot's next request about that interaction may come first.
    read_responses_ms: AtomicU64,
    /// Webhook calls that came before the fake had read the endpoint's response.
    early_webhooks: AtomicU64,
    /// Interactions whose first answer, or whose deferral's edit or follow-up, said the
    /// bot is too busy to do it (`fault-busy`, in any of the bot's languages).
    told_busy: AtomicU64,
    /// Activities: launches, OAuth2 codes and tokens, instances.
    activities: Mutex<activity::Activities>,
}

/// An interaction answer the fake has read and not yet answered, counted while it lives:
/// from the end of the request to the start of the answer, so never more than the
/// client has in flight.
struct OpenAnswer<'a>(&'a State);

impl<'a> OpenAnswer<'a> {
    fn new(state: &'a State) -> OpenAnswer<'a> {
        let open = state.answers_open.fetch_add(1, Ordering::SeqCst) + 1;
        state.answers_open_peak.fetch_max(open, Ordering::SeqCst);
        OpenAnswer(state)
    }
}

impl Drop for OpenAnswer<'_> {
    fn drop(&mut self) {
        self.0.answers_open.fetch_sub(1, Ordering::SeqCst);
    }
}

#[derive(Clone)]
pub struct FakeDiscord {
    /// `https://127.0.0.1:PORT`: the bot keeps serenity's rate limiter on.
    pub api_base: String,
    state: Arc<State>,
}

impl FakeDiscord {
    /// Starts the fake, accepting `token` only, recommending one shard.
    pub async fn start(token: &str) -> FakeDiscord {
        FakeDiscord::start_sharded(token, 1).await
    }

    /// Starts the fake, recommending `shards` shards: an interaction then arrives on the
    /// shard that owns its server (`(guild_id >> 22) % shards`), a DM on shard 0.
    pub async fn start_sharded(token: &str, shards: u64) -> FakeDiscord {
        FakeDiscord::start_with(token, shards, Rules::default()).await
    }

    /// Starts the fake with `rules`.
    pub async fn start_with(token: &str, shards: u64, rules: Rules) -> FakeDiscord {
        let rest = TcpListener::bind("127.0.0.1:0").await.expect("bind rest");
        let ws = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let addr = rest.local_addr().expect("addr");
        let api_base = format!("https://{addr}");
        let ws_url = format!("ws://{}", ws.local_addr().expect("addr"));
        let state = Arc::new(State {
            token: token.to_string(),
            ws_url,
            calls: Mutex::new(Vec::new()),
            gateway_events: Mutex::new(Vec::new()),
            violations: Mutex::new(Vec::new()),
            acknowledged: Mutex::new(HashSet::new()),
            first_responses: Mutex::new(HashMap::new()),
            dispatched: Mutex::new(HashMap::new()),
            originals: Mutex::new(HashMap::new()),
            original_ids: Mutex::new(HashMap::new()),
            expected_errors: Mutex::new(Vec::new()),
            failures: Mutex::new(HashMap::new()),
            posted: Mutex::new(HashMap::new()),
            watched: Mutex::new(HashSet::new()),
            answers: Mutex::new(HashMap::new()),
            nonces: Mutex::new(HashMap::new()),
            changed: Notify::new(),
            shards,
            guilds: Mutex::new(HashSet::from([GUILD.to_string()])),
            connections: Mutex::new(HashMap::new()),
            identified: Mutex::new(Vec::new()),
            identify_times: Mutex::new(Vec::new()),
            sessions: Mutex::new((
                rules.sessions_left,
                Instant::now() + rules.sessions_reset_after,
            )),
            started: Instant::now(),
            sequence: AtomicU64::new(0),
            ids: AtomicU64::new(0),
            aged: AtomicU64::new(0),
            rules,
            limits: Mutex::new(Limits::default()),
            forbidden: Mutex::new(HashMap::new()),
            answers_open: AtomicU64::new(0),
            answers_open_peak: AtomicU64::new(0),
            answer_latency_ms: AtomicU64::new(0),
            signing: ed25519_dalek::SigningKey::from_bytes(&rand::random::<[u8; 32]>()),
            endpoints: std::sync::Mutex::new(Vec::new()),
            next_endpoint: AtomicU64::new(0),
            deliveries: std::sync::Mutex::new(HashMap::new()),
            awaiting_response: Mutex::new(HashSet::new()),
            // A new connection for every interaction: a replica that stopped then refuses
            // it, and the next is tried, as a load balancer with health checks would.
            client: reqwest::Client::builder()
                .pool_max_idle_per_host(0)
                .build()
                .expect("an HTTP client"),
            read_responses_ms: AtomicU64::new(0),
            told_busy: AtomicU64::new(0),
            early_webhooks: AtomicU64::new(0),
            activities: Mutex::new(activity::Activities::default()),
        });
        // The schemas are compiled before the first request, not while it waits.
        schema::compile();
        let tls = tls_acceptor();
        let s = state.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = rest.accept().await {
                tokio::spawn(accept_rest(s.clone(), tls.clone(), stream));
            }
        });
        let s = state.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = ws.accept().await {
                tokio::spawn(serve_gateway(s.clone(), stream));
            }
        });
        FakeDiscord { api_base, state }
    }

    /// A new snowflake, created now (unique: never below the last one given).
    pub fn next_id(&self) -> String {
        snowflake(&self.state).to_string()
    }

    /// Makes `interaction` one Discord created `age` ago: a new id whose snowflake says
    /// so (and the token that goes with it). Its 3 seconds count from then.
    pub fn created_ago(&self, interaction: &mut Value, age: Duration) {
        let created = now_ms().saturating_sub(age.as_millis() as u64);
        // Low bits of their own: never an id a fresh interaction of that ms had.
        let low = (1 << 21) | (self.state.aged.fetch_add(1, Ordering::SeqCst) & 0xFFFFF);
        let id = ((created - DISCORD_EPOCH_MS) << 22 | low).to_string();
        interaction["token"] = json!(format!("tok-{id}"));
        interaction["id"] = json!(id);
    }

    /// Makes `interaction` one dated `ahead` in the future: a new id whose snowflake says
    /// so (a replay made to look fresh, or a clock that disagrees).
    pub fn created_ahead(&self, interaction: &mut Value, ahead: Duration) {
        let created = now_ms() + ahead.as_millis() as u64;
        let low = (1 << 21) | (self.state.aged.fetch_add(1, Ordering::SeqCst) & 0xFFFFF);
        let id = ((created - DISCORD_EPOCH_MS) << 22 | low).to_string();
        interaction["token"] = json!(format!("tok-{id}"));
        interaction["id"] = json!(id);
    }

    /// What the fake served so far, counted.
    pub async fn counters(&self) -> Counters {
        let mut limits = self.state.limits.lock().await;
        forget_old_invalid(&mut limits);
        let mut counters = limits.counters.clone();
        counters.invalid = limits.invalid.len() as u64;
        counters.answers_open_peak = self.state.answers_open_peak.load(Ordering::SeqCst);
        counters
    }

    /// From now on every interaction answer (callback or webhook) is answered `latency`
    /// after the fake read it, as Discord's round trip takes time: answers in flight
    /// then overlap, as they do on Discord.
    pub fn answer_after(&self, latency: Duration) {
        self.state
            .answer_latency_ms
            .store(latency.as_millis() as u64, Ordering::SeqCst);
    }

    /// From now on the bot may not post or edit in `channel`: Discord answers 403 with
    /// `code` (50013 Missing Permissions, 50001 Missing Access), or 404 Unknown Channel
    /// when `code` is 10003. `assert_clean` expects these errors.
    pub async fn forbid(&self, channel: &str, code: u64) {
        let status = if code == 10003 { 404 } else { 403 };
        self.expect_error(status, &format!("/channels/{channel}/"))
            .await;
        self.state
            .forbidden
            .lock()
            .await
            .insert(channel.to_string(), code);
    }

    /// The next request to `path` gets a 429 (user scope) asking to retry after
    /// `retry_after`, whatever its bucket says; expected by `assert_clean`.
    pub async fn limit_next(&self, path: &str, retry_after: Duration) {
        self.expect_error(429, path).await;
        self.script(path, std::iter::once(Scripted::Limited(retry_after)))
            .await;
    }

    /// Forgets the calls and the interactions answered more than a minute ago: a soak
    /// run's memory stays flat.
    pub async fn forget_history(&self) {
        self.state.calls.lock().await.clear();
        self.state.first_responses.lock().await.clear();
        let old: Vec<String> = {
            let mut dispatched = self.state.dispatched.lock().await;
            let old: Vec<String> = dispatched
                .iter()
                .filter(|(_, d)| d.at.elapsed() > Duration::from_secs(60))
                .map(|(id, _)| id.clone())
                .collect();
            for id in &old {
                dispatched.remove(id);
            }
            old
        };
        let mut acknowledged = self.state.acknowledged.lock().await;
        let mut originals = self.state.originals.lock().await;
        let mut ids = self.state.original_ids.lock().await;
        for id in old {
            acknowledged.remove(&id);
            let token = format!("tok-{id}");
            originals.remove(&token);
            ids.remove(&token);
        }
    }

    /// Waits (up to 20 s) for a REST call matching `pred`, from the `skip`-th call on.
    pub async fn wait_call(&self, what: &str, pred: impl Fn(&Call) -> bool) -> Call {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let notified = self.state.changed.notified();
            if let Some(c) = self.state.calls.lock().await.iter().find(|c| pred(c)) {
                return c.clone();
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let calls = self.state.calls.lock().await;
                let seen: Vec<String> = calls
                    .iter()
                    .map(|c| format!("{} {}", c.method, c.path))
                    .collect();
                panic!("timed out waiting for {what}; calls so far: {seen:#?}");
            }
        }
    }

    pub async fn wait_gateway(&self, event: &str, count: usize) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let notified = self.state.changed.notified();
            let n = self
                .state
                .gateway_events
                .lock()
                .await
                .iter()
                .filter(|e| *e == event)
                .count();
            if n >= count {
                return;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let events = self.state.gateway_events.lock().await.clone();
                panic!("timed out waiting for {count} x {event}; gateway events: {events:?}");
            }
        }
    }

    /// The `[id, total]` of every IDENTIFY so far.
    pub async fn identified_shards(&self) -> Vec<[u64; 2]> {
        self.state.identified.lock().await.clone()
    }

    /// Every IDENTIFY so far: its shard id, and when it came (from the fake's start).
    pub async fn identify_times(&self) -> Vec<(u64, Duration)> {
        let started = self.state.started;
        let times = self.state.identify_times.lock().await;
        times.iter().map(|&(id, at)| (id, at - started)).collect()
    }

    /// The shard Discord sends an interaction from `guild` (None: a DM) on.
    pub fn shard_of(&self, guild: Option<&str>) -> u64 {
        guild
            .and_then(|g| g.parse::<u64>().ok())
            .map_or(0, |g| (g >> 22) % self.state.shards)
    }

    pub async fn gateway_events(&self) -> Vec<String> {
        self.state.gateway_events.lock().await.clone()
    }

    /// How many interactions were dispatched, and how long each answered one waited for
    /// its first response (from the moment the fake sent it).
    pub async fn first_response_times(&self) -> (usize, Vec<Duration>) {
        let sent = self.state.dispatched.lock().await.len();
        let times = self
            .state
            .first_responses
            .lock()
            .await
            .values()
            .copied()
            .collect();
        (sent, times)
    }

    /// Forgets the first-response times so far (a load run's warm-up).
    pub async fn forget_first_responses(&self) {
        self.state.first_responses.lock().await.clear();
    }

    /// How many answers (first answers, and edits or follow-ups of deferrals) said the
    /// bot was too busy to do what was asked.
    pub fn told_busy(&self) -> u64 {
        self.state.told_busy.load(Ordering::SeqCst)
    }

    /// The fake's rule violations so far.
    pub async fn violations(&self) -> Vec<String> {
        self.state.violations.lock().await.clone()
    }

    pub async fn calls(&self) -> Vec<Call> {
        self.state.calls.lock().await.clone()
    }

    /// Sends an interaction to the connected bot, after checking that serenity can read
    /// it; returns its id.
    pub async fn interact(&self, interaction: Value) -> String {
        if let Err(e) = serde_json::from_value::<serenity::all::Interaction>(interaction.clone()) {
            panic!("the fake built an interaction serenity cannot read: {e}\n{interaction:#}");
        }
        let id = interaction["id"].as_str().expect("id").to_string();
        let kind = interaction["type"].as_u64().unwrap_or(0);
        if let Some(guild) = interaction["guild_id"].as_str() {
            self.state.guilds.lock().await.insert(guild.to_string());
        }
        // The clock starts when Discord created the interaction (its snowflake says),
        // and before the frame leaves: stricter than Discord, never looser.
        let age = created_ms(&id).map_or(0, |created| now_ms().saturating_sub(created));
        let at = Instant::now()
            .checked_sub(Duration::from_millis(age))
            .unwrap_or_else(Instant::now);
        self.state.dispatched.lock().await.insert(
            id.clone(),
            Dispatched {
                at,
                kind,
                user: {
                    let mut user = if interaction["member"]["user"].is_object() {
                        interaction["member"]["user"].clone()
                    } else {
                        interaction["user"].clone()
                    };
                    // The language their client is in: what `/users/@me` says of them
                    // (scope `identify`) once they sign in to an Activity.
                    if let (Some(user), Some(locale)) =
                        (user.as_object_mut(), interaction["locale"].as_str())
                    {
                        user.insert("locale".into(), json!(locale));
                    }
                    user
                },
                guild: interaction["guild_id"].as_str().map(str::to_string),
                channel: interaction["channel_id"].as_str().unwrap_or("").to_string(),
            },
        );
        if !self.state.endpoints.lock().expect("endpoints").is_empty() {
            let token = interaction["token"].as_str().unwrap_or("").to_string();
            self.state.awaiting_response.lock().await.insert(token);
            tokio::spawn(deliver(self.state.clone(), interaction));
            return id;
        }
        let shard = self.shard_of(interaction["guild_id"].as_str());
        self.send(
            shard,
            ToGateway::Dispatch("INTERACTION_CREATE", interaction),
        )
        .await;
        id
    }

    // ---- the HTTP side: interactions POSTed to an endpoint ----------------------------

    /// The application's public key, as the developer portal shows it (64 hex digits).
    pub fn public_key(&self) -> String {
        hex(self.state.signing.verifying_key().as_bytes())
    }

    /// From now on interactions are POSTed, signed, to these endpoint URLs in turn
    /// instead of being sent down the gateway; the HTTP response is the first answer, held
    /// to the rules of a callback request. Empty: the gateway again.
    pub fn deliver_over_http(&self, urls: &[String]) {
        *self.state.endpoints.lock().expect("endpoints") = urls.to_vec();
    }

    /// One more endpoint URL to POST interactions to, in turn with the others (a replica
    /// behind the load balancer).
    pub fn also_deliver_to(&self, url: String) {
        let mut endpoints = self.state.endpoints.lock().expect("endpoints");
        if !endpoints.contains(&url) {
            endpoints.push(url);
        }
    }

    /// From now on the fake knows an endpoint's response `delay` after it arrived, as
    /// Discord processes it on its side: webhook calls in between are answered Unknown
    /// Webhook.
    pub fn read_responses_after(&self, delay: Duration) {
        self.state
            .read_responses_ms
            .store(delay.as_millis() as u64, Ordering::SeqCst);
    }

    /// Webhook calls that came before the fake knew the endpoint's response.
    pub fn early_webhooks(&self) -> u64 {
        self.state.early_webhooks.load(Ordering::SeqCst)
    }

    /// How many interactions each endpoint answered (with any status).
    pub fn deliveries(&self) -> HashMap<String, u64> {
        self.state.deliveries.lock().expect("deliveries").clone()
    }

    /// The signature headers Discord sends with `body` at `timestamp` (Unix seconds).
    pub fn sign(&self, timestamp: &str, body: &[u8]) -> (String, String) {
        signature(&self.state, timestamp, body)
    }

    /// POSTs `body` to `url` with these signature headers (or none), as anyone could:
    /// the status, the content type and the body of the answer.
    pub async fn post_raw(
        &self,
        url: &str,
        body: Vec<u8>,
        signature: Option<(String, String)>,
    ) -> (u16, String, Vec<u8>) {
        let mut request = self
            .state
            .client
            .post(url)
            .header("content-type", "application/json")
            .body(body);
        if let Some((signature, timestamp)) = signature {
            request = request
                .header("x-signature-ed25519", signature)
                .header("x-signature-timestamp", timestamp);
        }
        let answer = request.send().await.expect("the endpoint answers");
        let status = answer.status().as_u16();
        let content_type = answer
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_string();
        let bytes = answer.bytes().await.expect("the answer's body").to_vec();
        (status, content_type, bytes)
    }

    /// `body` POSTed to `url`, signed now as Discord signs.
    pub async fn post_signed(&self, url: &str, body: Vec<u8>) -> (u16, String, Vec<u8>) {
        let signature = signed_now(&self.state, &body);
        self.post_raw(url, body, Some(signature)).await
    }

    /// The next `statuses.len()` requests to `path` (any route: a post, the edit of a
    /// deferral) are answered with these statuses (and expected by `assert_clean`); later
    /// ones succeed. A failed edit leaves a deferral as it was: the next follow-up still
    /// takes its place, as on Discord.
    pub async fn fail_next(&self, path: &str, statuses: &[u16]) {
        for &status in statuses {
            self.expect_error(status, path).await;
        }
        self.script(path, statuses.iter().map(|&s| Scripted::Status(s)))
            .await;
    }

    /// Like `fail_next`, but each request is carried out (its message created) before
    /// the error is answered: a 5xx after which Discord did post.
    pub async fn fail_next_after_posting(&self, path: &str, statuses: &[u16]) {
        for &status in statuses {
            self.expect_error(status, path).await;
        }
        self.script(path, statuses.iter().map(|&s| Scripted::DoneThenStatus(s)))
            .await;
    }

    /// The next `count` requests to `path` are never answered (recorded with status
    /// [`NO_ANSWER`]); `posted`: their message is created first, as when Discord posted
    /// and the answer was lost.
    pub async fn hang_next(&self, path: &str, count: usize, posted: bool) {
        self.script(path, (0..count).map(|_| Scripted::Hang { done: posted }))
            .await;
    }

    /// Forgets what is still scripted for `path`: its next requests succeed.
    pub async fn unscript(&self, path: &str) {
        self.state.failures.lock().await.remove(path);
    }

    async fn script(&self, path: &str, what: impl Iterator<Item = Scripted>) {
        self.state
            .failures
            .lock()
            .await
            .entry(path.to_string())
            .or_default()
            .extend(what);
    }

    /// The messages created in `channel` so far (a request repeated with the same
    /// enforced nonce creates none).
    pub async fn posted_in(&self, channel: &str) -> Vec<Value> {
        self.state
            .posted
            .lock()
            .await
            .get(channel)
            .cloned()
            .unwrap_or_default()
    }

    /// How many messages were created in each channel.
    pub async fn posts_per_channel(&self) -> HashMap<String, usize> {
        self.state
            .posted
            .lock()
            .await
            .iter()
            .map(|(channel, messages)| (channel.clone(), messages.len()))
            .collect()
    }

    /// Waits (up to `limit`) until `count` channels have a message.
    pub async fn wait_posted_channels(&self, count: usize, limit: Duration) {
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            let notified = self.state.changed.notified();
            let n = self.state.posted.lock().await.len();
            if n >= count {
                return;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("only {n} of {count} channels got their post within {limit:?}");
            }
        }
    }

    /// Tells `assert_clean` that an error `status` on a path containing `path` is part of
    /// the test.
    pub async fn expect_error(&self, status: u16, path: &str) {
        self.state
            .expected_errors
            .lock()
            .await
            .push((status, path.to_string()));
    }

    /// The bot is in these servers too (READY lists them).
    pub async fn join(&self, guilds: impl IntoIterator<Item = String>) {
        self.state.guilds.lock().await.extend(guilds);
    }

    /// The bot leaves `guild` while it is not connected: no GUILD_DELETE, only the next
    /// READY no longer lists it.
    pub async fn leave_quietly(&self, guild: &str) {
        self.state.guilds.lock().await.remove(guild);
    }

    /// Tells the bot it was removed from `guild` (GUILD_DELETE, `unavailable: false`).
    pub async fn remove_from(&self, guild: &str) {
        self.state.guilds.lock().await.remove(guild);
        let event = json!({"id": guild, "unavailable": false});
        if let Err(e) = serde_json::from_value::<serenity::all::UnavailableGuild>(event.clone()) {
            panic!("the fake built a GUILD_DELETE serenity cannot read: {e}");
        }
        let shard = self.shard_of(Some(guild));
        self.send(shard, ToGateway::Dispatch("GUILD_DELETE", event))
            .await;
    }

    /// Deletes text channel `channel` of `guild`: CHANNEL_DELETE to the bot, and posts
    /// there answer 404 Unknown Channel from now on.
    pub async fn delete_channel(&self, guild: &str, channel: &str) {
        let event = json!({
            "id": channel, "guild_id": guild, "type": 0, "name": "gone", "position": 0,
            "permission_overwrites": [], "nsfw": false,
        });
        if let Err(e) = serde_json::from_value::<serenity::all::GuildChannel>(event.clone()) {
            panic!("the fake built a CHANNEL_DELETE serenity cannot read: {e}");
        }
        self.forbid(channel, 10003).await;
        let shard = self.shard_of(Some(guild));
        self.send(shard, ToGateway::Dispatch("CHANNEL_DELETE", event))
            .await;
    }

    /// Asks the bot's shard 0 to reconnect (gateway op 7); it should RESUME.
    pub async fn force_reconnect(&self) {
        self.send(0, ToGateway::Reconnect).await;
    }

    /// Sends `what` down shard `shard`'s connection, waiting for it to be identified.
    async fn send(&self, shard: u64, mut what: ToGateway) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let notified = self.state.changed.notified();
            let connection = self.state.connections.lock().await.get(&shard).cloned();
            if let Some(tx) = connection {
                match tx.send(what) {
                    Ok(()) => return,
                    Err(mpsc::error::SendError(back)) => what = back,
                }
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("no bot connected to the gateway as shard {shard}");
            }
        }
    }

    /// Sends `interaction` and waits (up to 20 s) for what its player sees: the message
    /// of the first response (type 4 or 7), or, after a deferral (type 5), the edit that
    /// settles it. Works when calls are not kept (a load run), and forgets the answer
    /// once returned.
    pub async fn ask(&self, interaction: Value) -> Value {
        let id = interaction["id"].as_str().expect("id").to_string();
        let token = interaction["token"].as_str().expect("token").to_string();
        {
            let mut watched = self.state.watched.lock().await;
            watched.insert(id.clone());
            watched.insert(token.clone());
        }
        self.interact(interaction).await;
        let first = self.watched_answer(&id).await;
        let answer = match first["type"].as_u64() {
            Some(5 | 6) => self.watched_answer(&token).await,
            _ => first["data"].clone(),
        };
        let mut watched = self.state.watched.lock().await;
        watched.remove(&id);
        watched.remove(&token);
        self.state.answers.lock().await.remove(&token);
        answer
    }

    async fn watched_answer(&self, key: &str) -> Value {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            let notified = self.state.changed.notified();
            if let Some(answer) = self.state.answers.lock().await.remove(key) {
                return answer;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                panic!("no answer to {key} within 20 s");
            }
        }
    }

    /// The id the fake gave the original message of the interaction `token`, if the bot
    /// asked for it.
    pub async fn original_id(&self, token: &str) -> Option<String> {
        self.state.original_ids.lock().await.get(token).cloned()
    }

    /// The first response to interaction `id` (the callback body).
    pub async fn response_to(&self, id: &str) -> Value {
        self.response_call(id).await.body
    }

    /// The response to interaction `id` with its uploads: the first call answering it.
    pub async fn response_call(&self, id: &str) -> Call {
        let prefix = format!("/api/v10/interactions/{id}/");
        self.wait_call(&format!("the response to interaction {id}"), |c| {
            c.method == "POST" && c.path.starts_with(&prefix)
        })
        .await
    }

    /// The edit of the deferred response to interaction `token`, with its uploads.
    pub async fn edit_call(&self, token: &str) -> Call {
        let path = format!("/api/v10/webhooks/{APP_ID}/{token}/messages/@original");
        self.wait_call(&format!("the edit of {token}"), |c| {
            c.method == "PATCH" && c.path == path
        })
        .await
    }

    /// The edit of the deferred response to interaction `token`.
    pub async fn edit_of(&self, token: &str) -> Value {
        self.edit_call(token).await.body
    }

    pub async fn followup_of(&self, token: &str) -> Value {
        let path = format!("/api/v10/webhooks/{APP_ID}/{token}");
        self.wait_call(&format!("a follow-up of {token}"), |c| {
            c.method == "POST" && c.path == path
        })
        .await
        .body
    }

    /// No rule broken, and no error answered that the test did not expect.
    pub async fn assert_clean(&self) {
        let v = self.state.violations.lock().await.clone();
        assert!(v.is_empty(), "the fake Discord saw broken rules: {v:#?}");
        let expected = self.state.expected_errors.lock().await.clone();
        let unexpected: Vec<String> = self
            .state
            .calls
            .lock()
            .await
            .iter()
            .filter(|c| c.status >= 400 && !c.limited)
            .filter(|c| {
                !expected
                    .iter()
                    .any(|(status, path)| *status == c.status && c.path.contains(path.as_str()))
            })
            .map(|c| format!("{} {} -> {}", c.method, c.path, c.status))
            .collect();
        assert!(
            unexpected.is_empty(),
            "the fake Discord answered errors: {unexpected:#?}"
        );
    }

    // ---- payload builders -------------------------------------------------------------

    pub fn user(id: &str, name: &str) -> Value {
        json!({"id": id, "username": name, "discriminator": "0", "global_name": name, "avatar": null})
    }

    /// `count` players, ids `first`, `first + 1`, … and names `{name}x0`, `{name}x1`, ….
    pub fn users(first: u64, name: &str, count: u64) -> Vec<Value> {
        (0..count)
            .map(|i| FakeDiscord::user(&(first + i).to_string(), &format!("{name}x{i}")))
            .collect()
    }

    fn base(&self, kind: u8, user: &Value, guild: Option<&str>, data: Value) -> Value {
        // Every permission up to Use Activities (bit 39).
        self.base_with(kind, user, guild, "1099511627775", data)
    }

    fn base_with(
        &self,
        kind: u8,
        user: &Value,
        guild: Option<&str>,
        permissions: &str,
        data: Value,
    ) -> Value {
        let id = self.next_id();
        let mut v = json!({
            "id": id,
            "application_id": APP_ID,
            "type": kind,
            "data": data,
            "channel_id": CHANNEL,
            "token": format!("tok-{id}"),
            "version": 1,
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 10485760,
            "app_permissions": "2147483647",
        });
        match guild {
            Some(g) => {
                v["guild_id"] = json!(g);
                v["guild_locale"] = json!("en-US");
                v["context"] = json!(0);
                v["member"] = json!({
                    "user": user,
                    "roles": [],
                    "joined_at": "2024-01-01T00:00:00.000000+00:00",
                    "deaf": false,
                    "mute": false,
                    "flags": 0,
                    "permissions": permissions,
                });
            }
            None => {
                v["context"] = json!(1);
                v["user"] = user.clone();
            }
        }
        v
    }

    /// `/sudoku <sub> options...`
    pub fn slash(&self, user: &Value, guild: Option<&str>, sub: &str, options: Value) -> Value {
        let data = json!({
            "id": "600000000000000001",
            "name": "sudoku",
            "type": 1,
            "options": [{"name": sub, "type": 1, "options": options}],
        });
        self.base(2, user, guild, data)
    }

    /// `/sudoku-daily setup` with a channel option, by a member with `permissions`.
    pub fn daily_setup(
        &self,
        user: &Value,
        permissions: &str,
        channel: &str,
        extra: Value,
    ) -> Value {
        let mut options = vec![json!({"name": "channel", "type": 7, "value": channel})];
        options.extend(extra.as_array().cloned().unwrap_or_default());
        let data = json!({
            "id": "600000000000000003",
            "name": "sudoku-daily",
            "type": 1,
            "options": [{"name": "setup", "type": 1, "options": options}],
            "resolved": {"channels": {channel: {
                "id": channel, "name": "daily", "type": 0, "permissions": "2147483647"}}},
        });
        self.base_with(2, user, Some(GUILD), permissions, data)
    }

    pub fn message(&self, content: &str) -> Value {
        json!({
            "id": self.next_id(),
            "channel_id": CHANNEL,
            "author": FakeDiscord::user("500000000000000001", "someone"),
            "content": content,
            "timestamp": "2026-11-22T09:00:00.000000+00:00",
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": false,
            "type": 0,
        })
    }

    /// The "Solve Sudoku" message command on a message with `content`.
    pub fn solve_message(&self, user: &Value, guild: Option<&str>, content: &str) -> Value {
        let message = self.message(content);
        let target = message["id"].as_str().expect("id").to_string();
        let data = json!({
            "id": "600000000000000002",
            "name": "Solve Sudoku",
            "type": 3,
            "target_id": target,
            "resolved": {"messages": {target.clone(): message}},
        });
        self.base(2, user, guild, data)
    }

    /// A submitted modal `custom_id` whose text input `field` holds `value`.
    pub fn modal_submit(
        &self,
        user: &Value,
        guild: Option<&str>,
        custom_id: &str,
        field: &str,
        value: &str,
    ) -> Value {
        let data = json!({
            "custom_id": custom_id,
            "components": [{"type": 1, "components": [
                {"type": 4, "custom_id": field, "value": value}
            ]}],
        });
        self.base(5, user, guild, data)
    }

    /// A press of the button `custom_id` under a message showing `content`.
    pub fn button(
        &self,
        user: &Value,
        guild: Option<&str>,
        custom_id: &str,
        content: &str,
    ) -> Value {
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let mut v = self.base(3, user, guild, data);
        v["message"] = self.message(content);
        v
    }

    /// A choice of `values` in the string select `custom_id` under a message showing
    /// `content` (component type 3: the values come with the interaction).
    pub fn select(
        &self,
        user: &Value,
        guild: Option<&str>,
        custom_id: &str,
        values: &[&str],
        content: &str,
    ) -> Value {
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": values});
        let mut v = self.base(3, user, guild, data);
        v["message"] = self.message(content);
        v
    }

    /// A press of a button under an ephemeral message: Discord marks the source message
    /// with flag 64.
    pub fn private_button(
        &self,
        user: &Value,
        guild: Option<&str>,
        custom_id: &str,
        content: &str,
    ) -> Value {
        let mut v = self.button(user, guild, custom_id, content);
        v["message"]["flags"] = json!(64);
        v
    }
}

// ---- REST ---------------------------------------------------------------------------

/// The fake's own certificate for `discord.com` (self-signed, test-only; the bot accepts
/// it only for a loopback `api_base`).
fn tls_acceptor() -> tokio_rustls::TlsAcceptor {
    use tokio_rustls::rustls;
    use tokio_rustls::rustls::pki_types::pem::PemObject;
    use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let cert = CertificateDer::from_pem_slice(include_bytes!("tls-cert.pem")).expect("cert");
    let key = PrivateKeyDer::from_pem_slice(include_bytes!("tls-key.pem")).expect("key");
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(vec![cert], key)
        .expect("TLS config");
    tokio_rustls::TlsAcceptor::from(Arc::new(config))
}

/// Plain HTTP or TLS, told apart by the first byte (a TLS handshake starts with 0x16).
async fn accept_rest(state: Arc<State>, tls: tokio_rustls::TlsAcceptor, stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let mut first = [0u8; 1];
    match stream.peek(&mut first).await {
        Ok(1) if first[0] == 0x16 => {
            if let Ok(stream) = tls.accept(stream).await {
                serve_rest(state, stream).await;
            }
        }
        Ok(_) => serve_rest(state, stream).await,
        Err(_) => {}
    }
}

/// hyper's HTTP/1.1 server on one connection (keep-alive, chunked bodies and all), every
/// request answered by [`answer_rest`].
async fn serve_rest<S: AsyncRead + AsyncWrite + Unpin + Send + 'static>(
    state: Arc<State>,
    stream: S,
) {
    let service = hyper::service::service_fn(move |request| {
        let state = state.clone();
        async move {
            answer_rest(&state, request)
                .await
                .ok_or("the request's body broke off")
        }
    });
    let _ = hyper::server::conn::http1::Builder::new()
        // No timer: a connection stays open as long as the client keeps it, as Discord's
        // do for a bot's pool.
        .header_read_timeout(None)
        .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
        .await;
}

/// One REST request, as Discord takes it: the body read (JSON, a form, or multipart with
/// `payload_json` and files), the rules applied, the call recorded. `None` when the
/// client went away before its body was read (the connection is dropped, nothing kept).
async fn answer_rest(
    state: &State,
    request: hyper::Request<hyper::body::Incoming>,
) -> Option<hyper::Response<axum::body::Body>> {
    let (head, body) = request.into_parts();
    let method = head.method.to_string();
    // The request target as sent: `/api/v10/...`, with its query if any.
    let path = head.uri.to_string();
    let header = |name: hyper::header::HeaderName| {
        head.headers
            .get(name)
            .map(|v| String::from_utf8_lossy(v.as_bytes()).trim().to_string())
            .unwrap_or_default()
    };
    let auth = header(hyper::header::AUTHORIZATION);
    let content_type = header(hyper::header::CONTENT_TYPE);
    let body = axum::body::to_bytes(axum::body::Body::new(body), usize::MAX)
        .await
        .ok()?;
    let (body, files) = if is_multipart(&content_type) {
        match multipart(body, &content_type).await {
            Ok((payload, files)) => {
                check_uploads(state, &path, &payload, &files).await;
                (payload, files)
            }
            Err(problem) => {
                violation(state, format!("{method} {path}: {problem}")).await;
                (Value::Null, Vec::new())
            }
        }
    } else if content_type.starts_with("application/x-www-form-urlencoded") {
        (activity::form_fields(&body), Vec::new())
    } else {
        (
            serde_json::from_slice(&body).unwrap_or(Value::Null),
            Vec::new(),
        )
    };
    // The Discord client's pages around an Activity (not the API).
    if let Some((status, kind, page)) = activity::frame(state, &method, &path).await {
        return Some(http_answer(status, kind, &[], page));
    }
    // An interaction answer is open from here until its answer is ready to send.
    let answering =
        path.starts_with("/api/v10/interactions/") || path.starts_with("/api/v10/webhooks/");
    let open = answering.then(|| OpenAnswer::new(state));
    let (status, answer, headers) = ruled(state, &method, &path, &auth, &body).await;
    let latency = state.answer_latency_ms.load(Ordering::SeqCst);
    if answering && latency > 0 {
        // After `ruled`: the 3 seconds count to when Discord got the answer.
        tokio::time::sleep(Duration::from_millis(latency)).await;
    }
    let limited = headers.iter().any(|(k, _)| *k == "x-ratelimit-scope") && status == 429
        // Unknown Webhook before the fake read the endpoint's response (see `webhook`).
        || answer.get("early").is_some();
    if (200..300).contains(&status) {
        keep_watched_answer(state, &method, &path, &body).await;
    }
    if state.rules.keep_calls {
        state.calls.lock().await.push(Call {
            method,
            path,
            body,
            files,
            status,
            limited,
        });
    }
    state.changed.notify_waiters();
    if status == NO_ANSWER {
        // The client gives up on its own; the request is never answered.
        std::future::pending::<()>().await;
    }
    // No longer open once the answer goes out: the client may read it and send its next
    // request before hyper's write returns, and that one must not count as a second open
    // answer of the same client.
    drop(open);
    let text = if status == 204 {
        String::new()
    } else {
        answer.to_string()
    };
    Some(http_answer(status, "application/json", &headers, text))
}

/// An HTTP response: `status`, its content type, Discord's extra headers, the body.
fn http_answer(
    status: u16,
    content_type: &str,
    headers: &[(&'static str, String)],
    body: String,
) -> hyper::Response<axum::body::Body> {
    let mut answer = hyper::Response::builder()
        .status(status)
        .header(hyper::header::CONTENT_TYPE, content_type);
    for (name, value) in headers {
        answer = answer.header(*name, value);
    }
    answer
        .body(axum::body::Body::from(body))
        .expect("a well-formed response")
}

/// Whether `content_type` is `multipart/form-data` (an upload).
fn is_multipart(content_type: &str) -> bool {
    content_type
        .split(';')
        .next()
        .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("multipart/form-data"))
}

/// Reads a `multipart/form-data` body (with `multer`) into its `payload_json` (the
/// message, as a JSON body would carry it) and its files, as Discord reads an upload:
/// no other field, and every file part named.
async fn multipart(body: bytes::Bytes, content_type: &str) -> Result<(Value, Vec<Upload>), String> {
    let boundary = multer::parse_boundary(content_type)
        .map_err(|e| format!("multipart body without its boundary: {e}"))?;
    let body = futures_util::stream::once(async move { Ok::<_, std::convert::Infallible>(body) });
    let mut form = multer::Multipart::new(body, boundary);
    let mut payload = None;
    let mut files = Vec::new();
    while let Some(part) = form
        .next_field()
        .await
        .map_err(|e| format!("a multipart body that does not parse: {e}"))?
    {
        let name = part.name().ok_or("a part without a name")?.to_string();
        let filename = part.file_name().map(str::to_string);
        let content_type = part
            .content_type()
            .map(ToString::to_string)
            .unwrap_or_default();
        let data = part
            .bytes()
            .await
            .map_err(|e| format!("part {name:?} does not parse: {e}"))?;
        if name == "payload_json" {
            payload = Some(
                serde_json::from_slice::<Value>(&data)
                    .map_err(|e| format!("payload_json is not JSON: {e}"))?,
            );
        } else if name.starts_with("files[") {
            files.push(Upload {
                field: name,
                filename: filename.ok_or("a file part without a filename")?,
                content_type,
                bytes: data.to_vec(),
            });
        } else {
            return Err(format!("an unknown form field {name:?}"));
        }
    }
    Ok((
        payload.ok_or("a multipart body without payload_json")?,
        files,
    ))
}

/// What Discord checks of uploads: each `files[N]` described by an `attachments` entry
/// with id N and the same name, within the size limit; and what we promise of ours: a PNG
/// that decodes, with alt text.
async fn check_uploads(state: &State, path: &str, payload: &Value, files: &[Upload]) {
    let described = payload
        .get("data")
        .unwrap_or(payload)
        .get("attachments")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for (n, file) in files.iter().enumerate() {
        if file.field != format!("files[{n}]") {
            violation(
                state,
                format!("{path}: upload field {:?} out of order", file.field),
            )
            .await;
        }
        let entry = described.iter().find(|a| {
            a["id"].as_u64() == Some(n as u64) || a["id"].as_str() == Some(&n.to_string())
        });
        match entry {
            None => {
                violation(
                    state,
                    format!("{path}: {} has no attachments entry", file.field),
                )
                .await
            }
            Some(entry) => {
                if entry["filename"].as_str() != Some(file.filename.as_str()) {
                    violation(
                        state,
                        format!("{path}: {} named differently in attachments", file.field),
                    )
                    .await;
                }
                let description = entry["description"].as_str().unwrap_or("");
                if description.is_empty() || description.chars().count() > 1024 {
                    violation(
                        state,
                        format!(
                            "{path}: {} has no usable alt text ({} characters)",
                            file.field,
                            description.chars().count()
                        ),
                    )
                    .await;
                }
            }
        }
        if file.bytes.len() > MAX_UPLOAD {
            violation(
                state,
                format!(
                    "{path}: {} of {} bytes, over Discord's limit",
                    file.field,
                    file.bytes.len()
                ),
            )
            .await;
        }
        if file.filename.ends_with(".png")
            && let Err(problem) = decode_png(&file.bytes)
        {
            violation(
                state,
                format!(
                    "{path}: {} is not a PNG that decodes: {problem}",
                    file.field
                ),
            )
            .await;
        }
    }
}

/// Decodes a PNG, as a Discord client would show it.
pub fn decode_png(bytes: &[u8]) -> Result<tiny_skia::Pixmap, String> {
    tiny_skia::Pixmap::decode_png(bytes).map_err(|e| e.to_string())
}

/// The servers of shard `[id, total]`, as READY lists them (unavailable until their
/// GUILD_CREATE, which the fake does not send: the bot does not need it).
async fn guilds_of(state: &State, [id, total]: [u64; 2]) -> Value {
    let guilds = state.guilds.lock().await;
    let mut mine: Vec<&String> = guilds
        .iter()
        .filter(|g| {
            g.parse::<u64>()
                .is_ok_and(|g| (g >> 22) % total.max(1) == id)
        })
        .collect();
    mine.sort();
    Value::Array(
        mine.into_iter()
            .map(|g| json!({"id": g, "unavailable": true}))
            .collect(),
    )
}

/// Session starts left and the time until the budget resets (then it is 1,000 again).
async fn session_budget(state: &State) -> (u64, Duration) {
    let mut sessions = state.sessions.lock().await;
    let now = Instant::now();
    if now >= sessions.1 {
        *sessions = (1000, now + Duration::from_secs(86_400));
    }
    (sessions.0, sessions.1 - now)
}

/// Discord's limits on starting sessions: one IDENTIFY per bucket per 5 s (one sooner
/// is refused with INVALID_SESSION, as Discord does: `false` when refused), and none past
/// the day's budget (a violation: Discord would reset the bot's token).
async fn identify_allowed(state: &State, shard: u64) -> bool {
    let now = Instant::now();
    let concurrency = state.rules.max_concurrency.max(1);
    let bucket = shard % concurrency;
    {
        let mut times = state.identify_times.lock().await;
        let last = times
            .iter()
            .rev()
            .find(|(id, _)| id % concurrency == bucket)
            .copied();
        if let Some((_, at)) = last
            && now - at < Duration::from_secs(5)
        {
            return false;
        }
        times.push((shard, now));
    }
    let (left, _) = session_budget(state).await;
    if left == 0 {
        violation(
            state,
            format!("IDENTIFY of shard {shard} with no session starts left"),
        )
        .await;
    } else {
        state.sessions.lock().await.0 = left - 1;
    }
    true
}

async fn violation(state: &State, what: String) {
    state.violations.lock().await.push(what);
}

/// Discord's published schema of `operation`'s request body, on what the bot sent (see
/// [`schema`]): whatever it refuses is one violation, with the body.
async fn check_schema(state: &State, path: &str, operation: Operation, body: &Value) {
    let problems = schema::problems(operation, body);
    if !problems.is_empty() {
        violation(
            state,
            format!(
                "{path}: refused by Discord's schema of {}: {}\n{body}",
                operation.id(),
                problems.join("; ")
            ),
        )
        .await;
    }
}

/// Whether `content` is the bot's "too busy, nothing was done" in one of its languages.
fn is_busy(content: &str) -> bool {
    use sudoku_bot::app::i18n::{Lang, text};
    static BUSY: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    BUSY.get_or_init(|| {
        Lang::ALL
            .into_iter()
            .map(|lang| text(lang, "fault-busy", &[]))
            .collect()
    })
    .iter()
    .any(|busy| busy == content)
}

/// Discord's limits on a message body (content, components), and whether it says busy.
async fn check_message(state: &State, path: &str, data: &Value) {
    if let Some(content) = data.get("content").and_then(Value::as_str) {
        if is_busy(content) {
            state.told_busy.fetch_add(1, Ordering::SeqCst);
        }
        let n = content.chars().count();
        if n > 2000 {
            violation(state, format!("{path}: content of {n} characters")).await;
        }
    }
    if let Some(rows) = data.get("components").and_then(Value::as_array) {
        if rows.len() > 5 {
            violation(state, format!("{path}: {} action rows", rows.len())).await;
        }
        for row in rows {
            let buttons = row["components"].as_array().cloned().unwrap_or_default();
            // A select menu (string select, type 3) fills its row alone.
            if buttons.iter().any(|c| c["type"] == 3) {
                check_select(state, path, &buttons).await;
                continue;
            }
            if buttons.is_empty() || buttons.len() > 5 {
                violation(
                    state,
                    format!("{path}: a row of {} components", buttons.len()),
                )
                .await;
            }
            for b in buttons {
                let id = b["custom_id"].as_str().unwrap_or("");
                if id.is_empty() || id.len() > 100 {
                    violation(state, format!("{path}: custom_id {id:?}")).await;
                }
                let label = b["label"].as_str().unwrap_or("");
                if label.is_empty() || label.chars().count() > 80 {
                    violation(state, format!("{path}: label {label:?}")).await;
                }
            }
        }
    }
}

/// Discord's limits on a row holding a string select: the select alone, 1 to 25 options
/// with labels and values of 1 to 100 characters, descriptions up to 100, at most one
/// default, a placeholder up to 150.
async fn check_select(state: &State, path: &str, row: &[Value]) {
    if row.len() != 1 {
        violation(
            state,
            format!(
                "{path}: a select shares its row with {} more",
                row.len() - 1
            ),
        )
        .await;
    }
    for select in row {
        let id = select["custom_id"].as_str().unwrap_or("");
        if id.is_empty() || id.len() > 100 {
            violation(state, format!("{path}: custom_id {id:?}")).await;
        }
        let placeholder = select["placeholder"].as_str().unwrap_or("");
        if placeholder.chars().count() > 150 {
            violation(state, format!("{path}: placeholder {placeholder:?}")).await;
        }
        let options = select["options"].as_array().cloned().unwrap_or_default();
        if options.is_empty() || options.len() > 25 {
            violation(
                state,
                format!("{path}: select {id:?} of {} options", options.len()),
            )
            .await;
        }
        let text_ok = |v: &Value, max: usize| {
            v.as_str()
                .is_some_and(|t| !t.is_empty() && t.chars().count() <= max)
        };
        for option in &options {
            if !text_ok(&option["label"], 100) || !text_ok(&option["value"], 100) {
                violation(state, format!("{path}: option {option}")).await;
            }
            if !option["description"].is_null() && !text_ok(&option["description"], 100) {
                violation(state, format!("{path}: option description {option}")).await;
            }
        }
        let defaults = options.iter().filter(|o| o["default"] == true).count();
        if defaults > 1 {
            violation(
                state,
                format!("{path}: select {id:?} with {defaults} defaults"),
            )
            .await;
        }
    }
}

/// What Discord would refuse in a bulk command registration.
pub fn command_problems(commands: &[Value]) -> Vec<String> {
    let mut problems = Vec::new();
    if commands.len() > 100 {
        problems.push(format!("{} commands", commands.len()));
    }
    for command in commands {
        let name = command["name"].as_str().unwrap_or("");
        let kind = command["type"].as_u64().unwrap_or(1);
        let description = command["description"].as_str().unwrap_or("");
        if kind == 4 {
            // The Entry Point: named and described as a slash command, with a handler.
            check_name(&mut problems, name, name);
            if description.is_empty() || description.chars().count() > 100 {
                problems.push(format!("{name}: description {description:?}"));
            }
            if !matches!(command["handler"].as_u64(), Some(1 | 2)) {
                problems.push(format!("{name}: an Entry Point without handler 1 or 2"));
            }
        } else if kind == 1 {
            check_name(&mut problems, name, name);
            if description.is_empty() || description.chars().count() > 100 {
                problems.push(format!("/{name}: description {description:?}"));
            }
        } else {
            if name.is_empty() || name.chars().count() > 32 {
                problems.push(format!("command name {name:?}"));
            }
            if !description.is_empty() {
                problems.push(format!("{name}: a context-menu command has no description"));
            }
        }
        check_options(&mut problems, name, &command["options"]);
        check_localizations(&mut problems, name, command, kind == 1 || kind == 4);
        let size = command_size(command);
        if size > 8000 {
            problems.push(format!(
                "{name}: {size} characters of names, descriptions and values"
            ));
        }
    }
    problems
}

/// Discord's locales (Reference, Locales): a localization under any other key is refused.
const LOCALES: &[&str] = &[
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko",
];

/// `name_localizations` and `description_localizations` of a command, and of its options
/// and choices, all the way down: known locales only, each name as its default must be,
/// each description 1 to 100 characters.
fn check_localizations(problems: &mut Vec<String>, at: &str, item: &Value, slash_name: bool) {
    if let Some(names) = item["name_localizations"].as_object() {
        for (locale, name) in names {
            if !LOCALES.contains(&locale.as_str()) {
                problems.push(format!("{at}: name_localizations has no locale {locale:?}"));
            }
            let name = name.as_str().unwrap_or("");
            if slash_name {
                check_name(problems, &format!("{at} [{locale}]"), name);
            } else if name.is_empty() || name.chars().count() > 100 {
                problems.push(format!("{at} [{locale}]: name {name:?}"));
            }
        }
    }
    if let Some(descriptions) = item["description_localizations"].as_object() {
        for (locale, description) in descriptions {
            if !LOCALES.contains(&locale.as_str()) {
                problems.push(format!(
                    "{at}: description_localizations has no locale {locale:?}"
                ));
            }
            let description = description.as_str().unwrap_or("");
            if description.is_empty() || description.chars().count() > 100 {
                problems.push(format!("{at} [{locale}]: description {description:?}"));
            }
        }
    }
    for option in item["options"].as_array().into_iter().flatten() {
        let here = format!("{at} {}", option["name"].as_str().unwrap_or(""));
        check_localizations(problems, &here, option, true);
        for choice in option["choices"].as_array().into_iter().flatten() {
            let there = format!("{here} choice {}", choice["name"]);
            // A choice's name is a label: any text of 1 to 100 characters.
            check_localizations(problems, &there, choice, false);
        }
    }
}

/// The characters Discord counts against a command's 8,000: its name, description and
/// choice values and those of its options, all the way down; of a localized field, only
/// the longest of its versions.
fn command_size(item: &Value) -> usize {
    let longest = |field: &str| {
        let default = item[field].as_str().map_or(0, |s| s.chars().count());
        item[format!("{field}_localizations")]
            .as_object()
            .into_iter()
            .flat_map(|m| m.values())
            .filter_map(Value::as_str)
            .map(|s| s.chars().count())
            .fold(default, usize::max)
    };
    let value = match &item["value"] {
        Value::String(s) => s.chars().count(),
        Value::Null => 0,
        other => other.to_string().len(),
    };
    let nested: usize = ["options", "choices"]
        .iter()
        .flat_map(|k| item[*k].as_array().into_iter().flatten())
        .map(command_size)
        .sum();
    longest("name") + longest("description") + value + nested
}

fn check_name(problems: &mut Vec<String>, at: &str, name: &str) {
    let ok = !name.is_empty()
        && name.chars().count() <= 32
        && name.chars().all(|c| {
            c == '-' || c == '_' || c.is_numeric() || (c.is_alphabetic() && !c.is_uppercase())
        });
    if !ok {
        problems.push(format!("{at}: name {name:?}"));
    }
}

fn check_options(problems: &mut Vec<String>, at: &str, options: &Value) {
    let options = options.as_array().cloned().unwrap_or_default();
    if options.len() > 25 {
        problems.push(format!("{at}: {} options", options.len()));
    }
    // Siblings' names are unique in every locale: a client shows each option under its
    // locale's name, or the default where it has none (Discord refuses a duplicate).
    let locales: std::collections::BTreeSet<&str> = options
        .iter()
        .filter_map(|o| o["name_localizations"].as_object())
        .flat_map(|names| names.keys().map(String::as_str))
        .chain([""])
        .collect();
    for locale in locales {
        let mut seen = std::collections::HashSet::new();
        for option in &options {
            let name = option["name_localizations"][locale]
                .as_str()
                .or(option["name"].as_str())
                .unwrap_or("");
            if !seen.insert(name) {
                problems.push(format!("{at}: two options named {name:?} [{locale}]"));
            }
        }
    }
    let mut optional_seen = false;
    for option in &options {
        let name = option["name"].as_str().unwrap_or("");
        let here = format!("{at} {name}");
        check_name(problems, &here, name);
        let description = option["description"].as_str().unwrap_or("");
        if description.is_empty() || description.chars().count() > 100 {
            problems.push(format!("{here}: description {description:?}"));
        }
        let kind = option["type"].as_u64().unwrap_or(0);
        if kind == 1 || kind == 2 {
            check_options(problems, &here, &option["options"]);
            continue;
        }
        let required = option["required"].as_bool().unwrap_or(false);
        if required && optional_seen {
            problems.push(format!("{here}: a required option after an optional one"));
        }
        optional_seen |= !required;
        let choices = option["choices"].as_array().cloned().unwrap_or_default();
        if choices.len() > 25 {
            problems.push(format!("{here}: {} choices", choices.len()));
        }
        for choice in &choices {
            let label = choice["name"].as_str().unwrap_or("");
            if label.is_empty() || label.chars().count() > 100 {
                problems.push(format!("{here}: choice name {label:?}"));
            }
        }
        if let (Some(min), Some(max)) = (option["min_value"].as_f64(), option["max_value"].as_f64())
            && min > max
        {
            problems.push(format!("{here}: min_value {min} > max_value {max}"));
        }
        if option["max_length"]
            .as_u64()
            .is_some_and(|m| m == 0 || m > 6000)
        {
            problems.push(format!("{here}: max_length {}", option["max_length"]));
        }
    }
}

/// Discord's limits on a modal: a title, an id, 1 to 5 rows of one text input each.
async fn check_modal(state: &State, path: &str, data: &Value) {
    let title = data["title"].as_str().unwrap_or("");
    let id = data["custom_id"].as_str().unwrap_or("");
    let rows = data["components"].as_array().cloned().unwrap_or_default();
    let mut problems = Vec::new();
    if title.is_empty() || title.chars().count() > 45 {
        problems.push(format!("title {title:?}"));
    }
    if id.is_empty() || id.len() > 100 {
        problems.push(format!("custom_id {id:?}"));
    }
    if rows.is_empty() || rows.len() > 5 {
        problems.push(format!("{} rows", rows.len()));
    }
    for row in &rows {
        let inputs = row["components"].as_array().cloned().unwrap_or_default();
        if inputs.len() != 1 || inputs[0]["type"] != 4 {
            problems.push(format!("a row that is not one text input: {row}"));
            continue;
        }
        let label = inputs[0]["label"].as_str().unwrap_or("");
        if label.is_empty() || label.chars().count() > 45 {
            problems.push(format!("label {label:?}"));
        }
        if inputs[0]["max_length"].as_u64().unwrap_or(4000) > 4000 {
            problems.push("max_length over 4000".into());
        }
    }
    if !problems.is_empty() {
        violation(state, format!("{path}: modal: {}", problems.join("; "))).await;
    }
}

fn bot_user() -> Value {
    json!({"id": BOT_ID, "username": "sudoku-bot", "discriminator": "0", "global_name": null, "avatar": null, "bot": true})
}

/// A new snowflake created now, above every one given before.
fn snowflake(state: &State) -> u64 {
    let now = now_ms().saturating_sub(DISCORD_EPOCH_MS) << 22;
    let previous = state
        .ids
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |last| {
            Some(now.max(last + 1))
        })
        .unwrap_or(0);
    now.max(previous + 1)
}

fn message_object(state: &State, body: &Value) -> Value {
    json!({
        "id": snowflake(state).to_string(),
        "channel_id": CHANNEL,
        "author": bot_user(),
        "content": body.get("content").cloned().unwrap_or(json!("")),
        "timestamp": "2026-11-22T09:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": body.get("flags").cloned().unwrap_or(json!(0)),
    })
}

/// A route with its ids left out, for counting: `POST /channels/{}/messages`.
fn route_name(method: &str, segments: &[&str]) -> String {
    let shape: Vec<&str> = segments
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let id_like = s.chars().all(|c| c.is_ascii_digit())
                || s.starts_with("tok-")
                || (i > 0 && segments[i - 1] == "interactions");
            if id_like { "{}" } else { s }
        })
        .collect();
    format!("{method} /{}", shape.join("/"))
}

/// Discord's bucket for a request: (bucket key with its major parameter, the bucket's
/// hash as Discord names it, limit, window). None: the route has no bucket here.
fn bucket_of(method: &str, segments: &[&str]) -> Option<(String, String, u32, Duration)> {
    let five = Duration::from_secs(5);
    match (method, segments) {
        // About five messages per five seconds per channel, and as many edits.
        ("POST", ["channels", channel, "messages"]) => {
            Some((format!("post:{channel}"), "b-post".into(), 5, five))
        }
        ("PATCH", ["channels", channel, "messages", _]) => {
            Some((format!("edit:{channel}"), "b-edit".into(), 5, five))
        }
        // Interaction callbacks and webhooks: per interaction (its token), generous.
        ("POST", ["interactions", id, _, "callback"]) => {
            Some((format!("callback:{id}"), "b-callback".into(), 5, five))
        }
        (_, ["webhooks", app, token, ..]) => Some((
            format!("webhook:{app}:{token}"),
            "b-webhook".into(),
            5,
            Duration::from_secs(2),
        )),
        (_, ["applications", app, ..]) => Some((
            format!("commands:{app}"),
            "b-commands".into(),
            10,
            Duration::from_secs(10),
        )),
        _ => None,
    }
}

fn forget_old_invalid(limits: &mut Limits) {
    let window = Duration::from_secs(600);
    while limits
        .invalid
        .front()
        .is_some_and(|at| at.elapsed() > window)
    {
        limits.invalid.pop_front();
    }
}

type Headers = Vec<(&'static str, String)>;

fn limited_answer(
    after: Duration,
    global: bool,
    scope: &str,
    mut headers: Headers,
) -> (u16, Value, Headers) {
    let secs = (after.as_secs_f64() * 1000.0).ceil() / 1000.0;
    headers.push(("retry-after", format!("{secs:.3}")));
    headers.push(("x-ratelimit-scope", scope.to_string()));
    if global {
        headers.push(("x-ratelimit-global", "true".into()));
    }
    (
        429,
        json!({"message": "You are being rate limited.", "retry_after": secs, "global": global, "code": 0}),
        headers,
    )
}

/// Discord's rules around a request: a ban, the global limit, the route's bucket (with
/// its headers), and the invalid-request counter; then the request itself.
async fn ruled(
    state: &State,
    method: &str,
    path: &str,
    auth: &str,
    body: &Value,
) -> (u16, Value, Headers) {
    let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    let name = route_name(method, &segments);
    let rules = state.rules;
    let bucket = bucket_of(method, &segments);
    let mut headers: Headers = Vec::new();
    {
        let mut limits = state.limits.lock().await;
        limits.counters.requests += 1;
        *limits.counters.per_route.entry(name.clone()).or_default() += 1;
        forget_old_invalid(&mut limits);
        if limits.invalid.len() as u64 >= u64::from(rules.invalid_limit) {
            // Cloudflare's ban: everything refused, for an hour on Discord.
            limits.counters.refused_banned += 1;
            return (
                403,
                json!({"message": "You are being blocked from accessing our API temporarily due to exceeding our rate limits frequently.", "code": 0}),
                headers,
            );
        }
        if rules.rate_limits {
            let now = Instant::now();
            // Interaction routes are not bound by the global limit.
            let exempt = matches!(segments.first(), Some(&"interactions") | Some(&"webhooks"))
                || segments.first() == Some(&"gateway");
            if !exempt {
                let start = match limits.global_window {
                    Some(start) if now.duration_since(start) < Duration::from_secs(1) => start,
                    _ => {
                        limits.global_used = 0;
                        limits.global_window = Some(now);
                        now
                    }
                };
                if limits.global_used >= rules.global_per_second {
                    let after = Duration::from_secs(1).saturating_sub(now.duration_since(start));
                    limits.counters.limited += 1;
                    limits.counters.limited_global += 1;
                    *limits.counters.limited_per_route.entry(name).or_default() += 1;
                    limits.invalid.push_back(now);
                    return limited_answer(after, true, "global", headers);
                }
                limits.global_used += 1;
            }
            if let Some((key, hash, limit, window)) = &bucket {
                let b = limits.buckets.entry(key.clone()).or_insert(Bucket {
                    limit: *limit,
                    used: 0,
                    resets: now + *window,
                    window: *window,
                });
                if now >= b.resets {
                    b.used = 0;
                    b.resets = now + b.window;
                }
                let after = b.resets.duration_since(now);
                let reset_at = (now_ms() as f64 + after.as_millis() as f64) / 1000.0;
                headers.push(("x-ratelimit-limit", b.limit.to_string()));
                headers.push(("x-ratelimit-reset", format!("{reset_at:.3}")));
                headers.push((
                    "x-ratelimit-reset-after",
                    format!("{:.3}", after.as_secs_f64()),
                ));
                headers.push(("x-ratelimit-bucket", hash.clone()));
                if b.used >= b.limit {
                    headers.push(("x-ratelimit-remaining", "0".into()));
                    limits.counters.limited += 1;
                    *limits.counters.limited_per_route.entry(name).or_default() += 1;
                    limits.invalid.push_back(now);
                    return limited_answer(after, false, "user", headers);
                }
                b.used += 1;
                headers.push(("x-ratelimit-remaining", (b.limit - b.used).to_string()));
            }
        }
    }
    // A channel the bot may not use.
    if let ["channels", channel, "messages", ..] = segments.as_slice()
        && method != "GET"
        && let Some(code) = state.forbidden.lock().await.get(*channel).copied()
    {
        let answer = match code {
            10003 => (404, json!({"message": "Unknown Channel", "code": 10003})),
            50001 => (403, json!({"message": "Missing Access", "code": 50001})),
            code => (403, json!({"message": "Missing Permissions", "code": code})),
        };
        if answer.0 == 403 {
            state.limits.lock().await.invalid.push_back(Instant::now());
        }
        return (answer.0, answer.1, headers);
    }
    let (status, answer) = route(state, method, path, auth, body).await;
    if status == 429 {
        // A scripted 429: Discord's always says when to retry.
        let after = answer["retry_after"].as_f64().unwrap_or(0.05);
        // As Discord's: the bucket is empty until the retry is due, and says so (else a
        // client waits out the bucket's whole window once more before retrying).
        headers.retain(|(k, _)| {
            !matches!(
                *k,
                "x-ratelimit-remaining" | "x-ratelimit-reset" | "x-ratelimit-reset-after"
            )
        });
        headers.push(("x-ratelimit-remaining", "0".into()));
        headers.push((
            "x-ratelimit-reset",
            format!("{:.3}", now_ms() as f64 / 1000.0 + after),
        ));
        headers.push(("x-ratelimit-reset-after", format!("{after:.3}")));
        let (status, answer, headers) =
            limited_answer(Duration::from_secs_f64(after), false, "user", headers);
        state.limits.lock().await.invalid.push_back(Instant::now());
        return (status, answer, headers);
    }
    if status == 401 || status == 403 {
        state.limits.lock().await.invalid.push_back(Instant::now());
    }
    (status, answer, headers)
}

async fn route(state: &State, method: &str, path: &str, auth: &str, body: &Value) -> (u16, Value) {
    let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    // Interaction callbacks and webhooks are authorized by their token, not the bot's.
    // So is asking for the gateway's address.
    let by_token = matches!(segments.first(), Some(&"interactions") | Some(&"webhooks"))
        || (method == "GET" && segments == ["gateway"]);
    // OAuth2 and Activities: authorized by the client secret, a Bearer token or the bot's.
    if let Some(answer) = activity::route(state, method, &segments, auth, body).await {
        return answer;
    }
    if !by_token && auth != format!("Bot {}", state.token) {
        return (401, json!({"message": "401: Unauthorized", "code": 0}));
    }
    // Failures the test scripted for this path (`fail_next`, `hang_next`), on any route.
    let scripted = state
        .failures
        .lock()
        .await
        .get_mut(path)
        .and_then(VecDeque::pop_front);
    let status = match scripted {
        None => None,
        Some(Scripted::Hang { done: false }) => return (NO_ANSWER, Value::Null),
        Some(Scripted::Status(status)) => Some(status),
        Some(Scripted::Limited(after)) => {
            return (
                429,
                json!({"message": "You are being rate limited.", "retry_after": after.as_secs_f64(), "global": false, "code": 0}),
            );
        }
        // Done, but answered otherwise: the request is served without taking another
        // scripted item (each item is one request).
        Some(Scripted::Hang { done: true }) => {
            serve(state, method, path, body).await;
            return (NO_ANSWER, Value::Null);
        }
        Some(Scripted::DoneThenStatus(status)) => {
            serve(state, method, path, body).await;
            Some(status)
        }
    };
    if let Some(status) = status {
        return match status {
            429 => (
                429,
                json!({"message": "You are being rate limited.", "retry_after": 0.05, "global": false, "code": 0}),
            ),
            403 => (
                403,
                json!({"message": "Missing Permissions", "code": 50013}),
            ),
            s => (s, json!({"message": "Internal Server Error", "code": 0})),
        };
    }
    serve(state, method, path, body).await
}

/// What Discord does with an authorized request, scripted failures aside.
async fn serve(state: &State, method: &str, path: &str, body: &Value) -> (u16, Value) {
    let segments: Vec<&str> = path.trim_start_matches("/api/v10/").split('/').collect();
    match (method, segments.as_slice()) {
        ("GET", ["gateway"]) => (200, json!({"url": state.ws_url})),
        ("GET", ["gateway", "bot"]) => {
            let (remaining, reset_after) = session_budget(state).await;
            (
                200,
                json!({"url": state.ws_url, "shards": state.shards, "session_start_limit": {
                    "total": 1000, "remaining": remaining,
                    "reset_after": reset_after.as_millis() as u64,
                    "max_concurrency": state.rules.max_concurrency}}),
            )
        }
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            let operation = if segments.contains(&"guilds") {
                Operation::SetGuildCommands
            } else {
                Operation::SetCommands
            };
            check_schema(state, path, operation, body).await;
            let commands = body.as_array().cloned().unwrap_or_default();
            for problem in command_problems(&commands) {
                violation(state, format!("{path}: {problem}")).await;
            }
            let entry_points = commands.iter().filter(|c| c["type"] == json!(4)).count();
            let guild = segments.contains(&"guilds");
            if entry_points > 1 || (guild && entry_points > 0) {
                violation(
                    state,
                    format!("{path}: {entry_points} Entry Point commands"),
                )
                .await;
            }
            // With Activities on, Discord made a default Entry Point, and refuses an
            // overwrite that would remove it.
            if !guild && entry_points == 0 && state.activities.lock().await.enabled() {
                return (
                    400,
                    json!({"message": "Cannot remove this app's Primary Entry Point command in a bulk update operation", "code": 50240}),
                );
            }
            if segments.contains(&"guilds") {
                // Discord: install and interaction contexts are for global commands only.
                for command in &commands {
                    for field in ["integration_types", "contexts", "dm_permission"] {
                        if command.get(field).is_some_and(|v| !v.is_null()) {
                            violation(
                                state,
                                format!(
                                    "{path}: {field} in a server's command {}",
                                    command["name"]
                                ),
                            )
                            .await;
                        }
                    }
                }
            }
            let out: Vec<Value> = commands
                .into_iter()
                .map(|mut c| {
                    c["id"] = json!(snowflake(state).to_string());
                    c["application_id"] = json!(APP_ID);
                    c["version"] = json!("1");
                    if c.get("type").is_none() {
                        c["type"] = json!(1);
                    }
                    if c.get("description").is_none() {
                        c["description"] = json!("");
                    }
                    c
                })
                .collect();
            let out = Value::Array(out);
            readable::<Vec<serenity::all::Command>>(state, path, &out).await;
            (200, out)
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            callback(state, path, id, token, body).await
        }
        ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            if let Some(refused) = webhook(state, token).await {
                return refused;
            }
            check_schema(state, path, Operation::EditOriginal, body).await;
            check_message(state, path, body).await;
            let mut originals = state.originals.lock().await;
            let ephemeral = matches!(
                originals.get(*token),
                Some(Original::Deferred { ephemeral: true })
            );
            originals.insert(token.to_string(), Original::Answered);
            drop(originals);
            let mut answer = message_object(state, body);
            if ephemeral {
                answer["flags"] = json!(64);
            }
            readable::<serenity::all::Message>(state, path, &answer).await;
            (200, answer)
        }
        ("GET", ["webhooks", _, token, "messages", "@original"]) => {
            if let Some(refused) = webhook(state, token).await {
                return refused;
            }
            let answer = message_object(state, &json!({}));
            let id = answer["id"].as_str().unwrap_or_default().to_string();
            // Asked twice, the same message: its id stays.
            let id = state
                .original_ids
                .lock()
                .await
                .entry(token.to_string())
                .or_insert(id)
                .clone();
            let mut answer = answer;
            answer["id"] = json!(id);
            (200, answer)
        }
        ("DELETE", ["webhooks", _, token, "messages", "@original"]) => {
            if let Some(refused) = webhook(state, token).await {
                return refused;
            }
            state
                .originals
                .lock()
                .await
                .insert(token.to_string(), Original::Deleted);
            (204, Value::Null)
        }
        ("POST", ["webhooks", _, token]) => {
            if let Some(refused) = webhook(state, token).await {
                return refused;
            }
            check_schema(state, path, Operation::ExecuteWebhook, body).await;
            check_message(state, path, body).await;
            let flags = body.get("flags").and_then(Value::as_u64).unwrap_or(0);
            let mut originals = state.originals.lock().await;
            let mut answer = message_object(state, body);
            if let Some(Original::Deferred { ephemeral }) = originals.get(*token).copied() {
                // Discord: the first follow-up after a deferral replaces it and keeps
                // the deferral's visibility, whatever its own flags say.
                if flags & 64 != 0 && !ephemeral {
                    violation(
                        state,
                        format!(
                            "{path}: an ephemeral follow-up replacing a public deferral would be shown to everyone: {body}"
                        ),
                    )
                    .await;
                }
                answer["flags"] = json!(if ephemeral { 64 } else { 0 });
                originals.insert(token.to_string(), Original::Answered);
            }
            drop(originals);
            readable::<serenity::all::Message>(state, path, &answer).await;
            (200, answer)
        }
        // A channel the bot may not post in (deleted, or no permission).
        ("POST", ["channels", "404", "messages"]) => {
            (404, json!({"message": "Unknown Channel", "code": 10003}))
        }
        ("POST", ["channels", "403", "messages"]) => {
            (403, json!({"message": "Missing Access", "code": 50001}))
        }
        ("PATCH", ["channels", _, "messages", message]) => {
            check_schema(state, path, Operation::EditMessage, body).await;
            check_message(state, path, body).await;
            let mut answer = message_object(state, body);
            answer["id"] = json!(message);
            readable::<serenity::all::Message>(state, path, &answer).await;
            (200, answer)
        }
        ("POST", ["channels", channel, "messages"]) => {
            check_schema(state, path, Operation::CreateMessage, body).await;
            check_message(state, path, body).await;
            // Discord: with `enforce_nonce`, a nonce seen from the same author in the
            // last few minutes returns that message instead of creating another.
            let nonce = body
                .get("nonce")
                .filter(|_| body["enforce_nonce"] == json!(true))
                .map(|n| n.to_string());
            let key = nonce.map(|n| (channel.to_string(), n));
            let mut nonces = state.nonces.lock().await;
            if let Some(existing) = key.as_ref().and_then(|k| nonces.get(k)) {
                return (200, existing.clone());
            }
            let mut answer = message_object(state, body);
            answer["channel_id"] = json!(channel);
            readable::<serenity::all::Message>(state, path, &answer).await;
            if let Some(key) = key {
                nonces.insert(key, answer.clone());
            }
            drop(nonces);
            state
                .posted
                .lock()
                .await
                .entry(channel.to_string())
                .or_default()
                .push(answer.clone());
            (200, answer)
        }
        _ => {
            violation(state, format!("unexpected route {method} {path}")).await;
            (404, json!({"message": "404: Not Found", "code": 0}))
        }
    }
}

/// The first response to an interaction: on time, once, of a type that fits.
async fn callback(state: &State, path: &str, id: &str, token: &str, body: &Value) -> (u16, Value) {
    let unknown = (
        404,
        json!({"message": "Unknown interaction", "code": 10062}),
    );
    let Some((elapsed, kind, who)) = state.dispatched.lock().await.get(id).map(|d| {
        (
            d.at.elapsed(),
            d.kind,
            (d.user.clone(), d.guild.clone(), d.channel.clone()),
        )
    }) else {
        violation(
            state,
            format!("{path}: a response to an interaction never sent"),
        )
        .await;
        return unknown;
    };
    state
        .first_responses
        .lock()
        .await
        .entry(id.to_string())
        .or_insert(elapsed);
    // After the clock is read: the check is the fake's time, not the bot's.
    check_schema(state, path, Operation::InteractionResponse, body).await;
    if elapsed > DEADLINE {
        violation(
            state,
            format!(
                "{path}: first response after {} ms, past Discord's 3 s (\"This interaction failed\")",
                elapsed.as_millis()
            ),
        )
        .await;
        return unknown;
    }
    if !state.acknowledged.lock().await.insert(id.to_string()) {
        violation(state, format!("interaction {id} acknowledged twice")).await;
        return (
            400,
            json!({"message": "Interaction has already been acknowledged.", "code": 40060}),
        );
    }
    let response = body["type"].as_u64().unwrap_or(0);
    let fits = match response {
        4 | 5 => true,
        // Updating "the message" needs a message: a button's, or a modal's from one.
        6 | 7 => kind == 3 || kind == 5,
        9 => kind == 2 || kind == 3,
        // LAUNCH_ACTIVITY: a command or a button, for an app with Activities on.
        12 => (kind == 2 || kind == 3) && state.activities.lock().await.enabled(),
        _ => false,
    };
    if !fits {
        violation(
            state,
            format!("{path}: response type {response} to an interaction of type {kind}"),
        )
        .await;
        return (400, json!({"message": "Invalid Form Body", "code": 50035}));
    }
    if response == 12 {
        let (user, guild, channel) = who;
        let mut activities = state.activities.lock().await;
        let instance = activities.launch(&user, guild.as_deref(), &channel);
        activities.launches.insert(id.to_string(), instance);
    } else if response == 9 {
        check_modal(state, path, &body["data"]).await;
    } else if let Some(data) = body.get("data") {
        check_message(state, path, data).await;
    }
    let original = if response == 5 {
        let flags = body["data"]["flags"].as_u64().unwrap_or(0);
        Original::Deferred {
            ephemeral: flags & 64 != 0,
        }
    } else {
        Original::Answered
    };
    state
        .originals
        .lock()
        .await
        .insert(token.to_string(), original);
    (204, Value::Null)
}

/// `Some(refusal)` when the interaction webhook `token` cannot be used: never
/// acknowledged (Unknown Webhook), or its deferral deleted (Unknown Message).
async fn webhook(state: &State, token: &str) -> Option<(u16, Value)> {
    // Delivered over HTTP and its response not read yet: Discord does not know the
    // webhook yet either, and says so (the bot tries again). Not a broken rule, and not an
    // error `assert_clean` reports (`early`).
    if state.awaiting_response.lock().await.contains(token) {
        state.early_webhooks.fetch_add(1, Ordering::SeqCst);
        return Some((
            404,
            json!({"message": "Unknown Webhook", "code": 10015, "early": true}),
        ));
    }
    let original = state.originals.lock().await.get(token).copied();
    match original {
        None => {
            violation(
                state,
                format!("webhook {token} used before the interaction was acknowledged"),
            )
            .await;
            Some((404, json!({"message": "Unknown Webhook", "code": 10015})))
        }
        Some(Original::Deleted) => {
            violation(
                state,
                format!("webhook {token} used after its deferral was deleted"),
            )
            .await;
            Some((404, json!({"message": "Unknown Message", "code": 10008})))
        }
        Some(_) => None,
    }
}

/// The fake's own answers must be what serenity reads, or the bot sees an error the real
/// Discord would not cause.
async fn readable<T: serde::de::DeserializeOwned>(state: &State, path: &str, answer: &Value) {
    if let Err(e) = serde_json::from_value::<T>(answer.clone()) {
        violation(
            state,
            format!(
                "{path}: the fake's answer is not a {}: {e}\n{answer:#}",
                std::any::type_name::<T>()
            ),
        )
        .await;
    }
}

/// The signature headers (`X-Signature-Ed25519`, `X-Signature-Timestamp`) of `body` at
/// `timestamp` (Unix seconds), signed with the application's key.
fn signature(state: &State, timestamp: &str, body: &[u8]) -> (String, String) {
    use ed25519_dalek::Signer;
    let message = [timestamp.as_bytes(), body].concat();
    (
        hex(&state.signing.sign(&message).to_bytes()),
        timestamp.to_string(),
    )
}

/// [`signature`] at the current second, as Discord signs what it sends.
fn signed_now(state: &State, body: &[u8]) -> (String, String) {
    signature(state, &(now_ms() / 1000).to_string(), body)
}

/// Lowercase hex.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// POSTs `interaction`, signed, to the endpoint at `url`, and takes the HTTP response as
/// Discord takes a callback request: recorded as one (`POST /interactions/{id}/{token}/
/// callback`, so a test reads it the same way), held to the same rules (in time, once, a
/// type that fits, the message within limits, uploads described), and any other status
/// recorded as an error `assert_clean` reports unless expected.
///
/// The endpoints are taken in turn; one that refuses the connection (a replica stopped or
/// restarting) is skipped for the next, as a load balancer does, since nothing of the
/// request reached it.
async fn deliver(state: Arc<State>, interaction: Value) {
    let id = interaction["id"].as_str().unwrap_or("").to_string();
    let token = interaction["token"].as_str().unwrap_or("").to_string();
    let path = format!("/api/v10/interactions/{id}/{token}/callback");
    let body = serde_json::to_vec(&interaction).expect("JSON");
    let (signature, timestamp) = signed_now(&state, &body);
    let endpoints = state.endpoints.lock().expect("endpoints").clone();
    let first = state.next_endpoint.fetch_add(1, Ordering::SeqCst) as usize;
    let mut url = String::new();
    let mut sent = None;
    for k in 0..endpoints.len().max(1) {
        url = endpoints
            .get((first + k) % endpoints.len().max(1))
            .cloned()
            .unwrap_or_default();
        let attempt = state
            .client
            .post(&url)
            .header("content-type", "application/json")
            .header("x-signature-ed25519", &signature)
            .header("x-signature-timestamp", &timestamp)
            .body(body.clone())
            .timeout(Duration::from_secs(10))
            .send()
            .await;
        let refused = matches!(&attempt, Err(e) if e.is_connect());
        sent = Some(attempt);
        if !refused {
            break;
        }
    }
    let Some(sent) = sent else {
        return;
    };
    *state
        .deliveries
        .lock()
        .expect("deliveries")
        .entry(url.clone())
        .or_insert(0) += 1;
    let (status, content_type, bytes) = match sent {
        Ok(answer) => {
            let status = answer.status().as_u16();
            let content_type = answer
                .headers()
                .get("content-type")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("")
                .to_string();
            match answer.bytes().await {
                Ok(bytes) => (status, content_type, bytes),
                Err(_) => (NO_ANSWER, content_type, bytes::Bytes::new()),
            }
        }
        Err(_) => (NO_ANSWER, String::new(), bytes::Bytes::new()),
    };
    let read_after = state.read_responses_ms.load(Ordering::SeqCst);
    if read_after > 0 {
        tokio::time::sleep(Duration::from_millis(read_after)).await;
    }
    let (mut status, body, files) = if status != 200 {
        violation(
            &state,
            format!("{url}: the endpoint answered interaction {id} with {status}"),
        )
        .await;
        (status, Value::Null, Vec::new())
    } else {
        if is_multipart(&content_type) {
            match multipart(bytes, &content_type).await {
                Ok((payload, files)) => {
                    check_uploads(&state, &path, &payload, &files).await;
                    (200, payload, files)
                }
                Err(problem) => {
                    violation(&state, format!("{url}: {problem}")).await;
                    (400, Value::Null, Vec::new())
                }
            }
        } else if content_type.starts_with("application/json") {
            match serde_json::from_slice::<Value>(&bytes) {
                Ok(body) => (200, body, Vec::new()),
                Err(e) => {
                    violation(&state, format!("{url}: the response is not JSON: {e}")).await;
                    (400, Value::Null, Vec::new())
                }
            }
        } else {
            violation(
                &state,
                format!("{url}: a response of type {content_type:?}"),
            )
            .await;
            (400, Value::Null, Vec::new())
        }
    };
    if status == 200 {
        // The callback's rules, on what came back.
        let (ruled, _) = callback(&state, &path, &id, &token, &body).await;
        if ruled >= 300 {
            status = ruled;
        }
    }
    if (200..300).contains(&status) {
        keep_watched_answer(&state, "POST", &path, &body).await;
    }
    if state.rules.keep_calls {
        state.calls.lock().await.push(Call {
            method: "POST".into(),
            path,
            body,
            files,
            status,
            limited: false,
        });
    }
    state.awaiting_response.lock().await.remove(&token);
    state.changed.notify_waiters();
}

// ---- gateway ------------------------------------------------------------------------

async fn serve_gateway(state: Arc<State>, stream: TcpStream) {
    // Frames go out as they are sent (Discord's gateway adds no Nagle delay either).
    let _ = stream.set_nodelay(true);
    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 1000}});
    if ws.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    let (tx, mut rx) = mpsc::unbounded_channel();
    // Which shard this connection is, once it identified or resumed.
    let mut shard = 0u64;
    loop {
        tokio::select! {
            frame = ws.next() => {
                let Some(Ok(frame)) = frame else { break };
                let text = match frame {
                    WsMessage::Text(t) => t,
                    WsMessage::Binary(b) => String::from_utf8_lossy(&b).into_owned(),
                    WsMessage::Close(_) => break,
                    _ => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                match payload["op"].as_u64() {
                    Some(1) => {
                        record(&state, "HEARTBEAT").await;
                        let _ = ws.send(WsMessage::Text(json!({"op": 11}).to_string())).await;
                    }
                    Some(2) => {
                        let token = payload["d"]["token"].as_str().unwrap_or("");
                        let token = token.strip_prefix("Bot ").unwrap_or(token);
                        if token != state.token {
                            record(&state, "IDENTIFY_REJECTED").await;
                            let _ = ws.send(WsMessage::Close(Some(CloseFrame {
                                code: CloseCode::from(4004),
                                reason: "Authentication failed.".into(),
                            }))).await;
                            break;
                        }
                        let given = &payload["d"]["shard"];
                        let pair = [given[0].as_u64().unwrap_or(0), given[1].as_u64().unwrap_or(1)];
                        shard = pair[0];
                        if !identify_allowed(&state, shard).await {
                            record(&state, "IDENTIFY_TOO_SOON").await;
                            let refused = json!({"op": 9, "d": false});
                            let _ = ws.send(WsMessage::Text(refused.to_string())).await;
                            continue;
                        }
                        state.identified.lock().await.push(pair);
                        record(&state, "IDENTIFY").await;
                        let ready = json!({
                            "v": 10,
                            "user": bot_user(),
                            "guilds": guilds_of(&state, pair).await,
                            "session_id": format!("session-{shard}"),
                            "shard": pair,
                            "resume_gateway_url": state.ws_url,
                            "application": {"id": APP_ID, "flags": 0},
                        });
                        if let Err(e) = serde_json::from_value::<serenity::all::Ready>(ready.clone()) {
                            panic!("READY does not deserialize: {e}");
                        }
                        let s = state.sequence.fetch_add(1, Ordering::SeqCst) + 1;
                        let frame = json!({"op": 0, "t": "READY", "s": s, "d": ready});
                        let _ = ws.send(WsMessage::Text(frame.to_string())).await;
                        state.connections.lock().await.insert(shard, tx.clone());
                        state.changed.notify_waiters();
                    }
                    Some(6) => {
                        record(&state, "RESUME").await;
                        shard = payload["d"]["session_id"]
                            .as_str()
                            .and_then(|s| s.strip_prefix("session-"))
                            .and_then(|s| s.parse().ok())
                            .unwrap_or(0);
                        let resumed = json!({});
                        if let Err(e) = serde_json::from_value::<serenity::all::ResumedEvent>(resumed.clone()) {
                            panic!("RESUMED does not deserialize: {e}");
                        }
                        let s = state.sequence.fetch_add(1, Ordering::SeqCst) + 1;
                        let frame = json!({"op": 0, "t": "RESUMED", "s": s, "d": resumed});
                        let _ = ws.send(WsMessage::Text(frame.to_string())).await;
                        state.connections.lock().await.insert(shard, tx.clone());
                        state.changed.notify_waiters();
                    }
                    _ => {}
                }
            }
            order = rx.recv() => {
                match order {
                    Some(ToGateway::Dispatch(t, d)) => {
                        let s = state.sequence.fetch_add(1, Ordering::SeqCst) + 1;
                        let frame = json!({"op": 0, "t": t, "s": s, "d": d});
                        if ws.send(WsMessage::Text(frame.to_string())).await.is_err() { break; }
                    }
                    Some(ToGateway::Reconnect) => {
                        state.connections.lock().await.remove(&shard);
                        let _ = ws.send(WsMessage::Text(json!({"op": 7, "d": null}).to_string())).await;
                    }
                    None => break,
                }
            }
        }
    }
    record(&state, "CLOSED").await;
}

/// Keeps the answer to an interaction a test awaits (see [`FakeDiscord::ask`]): its
/// callback, or the edit settling its deferral.
async fn keep_watched_answer(state: &State, method: &str, path: &str, body: &Value) {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let key = match (method, segments.as_slice()) {
        ("POST", ["api", "v10", "interactions", id, _, "callback"]) => *id,
        ("PATCH", ["api", "v10", "webhooks", _, token, "messages", "@original"]) => *token,
        _ => return,
    };
    if state.watched.lock().await.contains(key) {
        state
            .answers
            .lock()
            .await
            .insert(key.to_string(), body.clone());
    }
}

async fn record(state: &State, event: &str) {
    state.gateway_events.lock().await.push(event.to_string());
    state.changed.notify_waiters();
}
