//! The command core: an [`Invocation`] in, a [`Reply`] out. Knows nothing of Discord.
//!
//! Every adapter (Discord, the terminal, tests) builds an `Invocation` and shows the
//! `Reply`. Time comes from the injected [`Clock`] and puzzles from a seeded RNG, so every
//! command is reproducible in a test. Errors are handled here, once: a player's mistake
//! becomes a private, specific message; our own failure is logged and answered with an
//! apology, and in both cases the transaction is rolled back so nothing changes.

pub mod command;
mod commands;
pub mod commits;
pub mod hints;
pub mod i18n;
pub mod image;
pub mod render;
pub mod reply;
pub mod web;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::engine::rng::SeededRng;
use crate::game::Millis;
use crate::game::daily::PostDue;
use crate::store::{Store, StoreError};

pub use command::{Command, Period, Target};
pub use commands::race::RaceMessage;
pub use render::BoardStyle;
pub use reply::{Button, ButtonStyle, Reply};

/// A daily puzzle post, due now, for the adapter to send to `channel`.
#[derive(Clone, Debug)]
pub struct DailyPost {
    pub place: String,
    pub channel: String,
    pub day: jiff::civil::Date,
    pub reply: Reply,
}

/// A daily post due now, not yet claimed: see [`App::due_daily_posts`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DuePost {
    pub place: String,
    pub day: jiff::civil::Date,
}

/// How a claimed daily post ended, for [`App::settle_daily_posts`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settled {
    pub place: String,
    pub day: jiff::civil::Date,
    pub outcome: PostOutcome,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostOutcome {
    /// Posted; `message` is the platform's id of the message, when it has one.
    Sent { message: Option<String> },
    /// Will not be posted today (every attempt failed); the reason is shown to the
    /// server's admins, and tomorrow's post is tried.
    Failed(PostTrouble),
    /// The channel refuses the bot for good (gone, no access, no permission): the
    /// server's daily posts are paused until an admin sets them up again, and the
    /// admins are told why on their next command there.
    Refused(PostTrouble),
    /// Known not to have been sent (given up before sending): due again at once.
    NotSent,
}

/// Why a server's daily post did not go out: kept with the server's settings, and said
/// to its admins later, in the language of whoever reads it. `detail` is the platform's
/// error as it gave it (technical, for the operator as much as the admin).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "trouble", rename_all = "snake_case")]
pub enum PostTrouble {
    /// Today's puzzle could not be made; tried again every few minutes.
    Unprepared { detail: String },
    /// Every attempt to post in `channel` failed.
    Failed { channel: String, detail: String },
    /// `channel` refuses the bot until someone changes it (no access, no permission).
    Refused { channel: String, detail: String },
    /// `channel` was deleted.
    Deleted { channel: String },
}

impl PostTrouble {
    /// As the store keeps it.
    pub fn stored(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A stored trouble, said in `lang`; one stored before troubles were kept this way
    /// is said as it was written.
    pub fn said(stored: &str, lang: i18n::Lang) -> String {
        match serde_json::from_str::<PostTrouble>(stored) {
            Ok(PostTrouble::Unprepared { detail }) => {
                i18n::t!(lang, "daily-trouble-unprepared", detail = detail)
            }
            Ok(PostTrouble::Failed { channel, detail }) => i18n::t!(
                lang,
                "daily-trouble-failed",
                channel = channel,
                detail = detail
            ),
            Ok(PostTrouble::Refused { channel, detail }) => i18n::t!(
                lang,
                "daily-trouble-refused",
                channel = channel,
                detail = detail
            ),
            Ok(PostTrouble::Deleted { channel }) => {
                i18n::t!(lang, "daily-trouble-deleted", channel = channel)
            }
            Err(_) => stored.to_string(),
        }
    }
}

/// What the admins of a server whose daily posts are paused read: why (as stored: see
/// [`PostTrouble`]), and the way out.
pub(crate) fn daily_paused_note(why: &str, lang: i18n::Lang) -> String {
    i18n::t!(lang, "daily-paused", why = PostTrouble::said(why, lang))
}

/// How long a claimed daily post may stay unsettled before it counts as abandoned and
/// is due again (for the same day only). A claim is settled when its sending ends, so
/// an open claim is either being sent right now or was left by a process that stopped
/// or died in the middle. The lease must outlast any adapter's whole attempt at a post
/// (all its tries, their timeouts and pauses), or a post still being sent could be
/// taken over by a second scheduler; it is short enough that a restart soon sends what
/// was left.
pub const POST_CLAIM_LEASE_MS: Millis = 2 * 60 * 1000;

/// Whether `server`'s post is due at `now`: its day's post by the schedule, or again
/// when that day's claim is still open past its lease.
fn post_due(server: &crate::store::ServerDaily, now: Millis) -> PostDue {
    let scheduled = commands::daily::due(&server.settings, server.last_posted, now);
    let (PostDue::At(next), Some(claimed_at)) = (scheduled, server.post_claimed_at) else {
        return scheduled;
    };
    let today = server.settings.day_at(now);
    if server.last_posted != Some(today) {
        return scheduled;
    }
    let abandoned_at = claimed_at.saturating_add(POST_CLAIM_LEASE_MS);
    if abandoned_at <= now {
        PostDue::Now(today)
    } else {
        PostDue::At(abandoned_at.min(next))
    }
}

/// Where time comes from.
pub trait Clock: Send + Sync {
    /// Milliseconds since the Unix epoch.
    fn now(&self) -> Millis;
}

/// The real clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        let since = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        since.as_millis() as Millis
    }
}

/// A clock that only moves when told: for tests and scripted terminal sessions.
#[derive(Debug, Default)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn new(now: Millis) -> ManualClock {
        ManualClock(AtomicI64::new(now))
    }

    pub fn set(&self, now: Millis) {
        self.0.store(now, Ordering::SeqCst);
    }

    pub fn advance(&self, ms: Millis) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}

/// Who is asking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Stable platform id: a Discord user id, or a terminal user name.
    pub id: String,
    /// How to show them to others.
    pub name: String,
}

/// Where a command is used: a game belongs to one player in one place; a co-op board
/// belongs to a channel of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    key: String,
    /// The channel, when the adapter has one (Discord). Without it the place itself is
    /// the channel, as in the terminal.
    channel: Option<String>,
}

impl Place {
    /// Direct messages (and servers where only the user installed the app).
    pub fn dm() -> Place {
        Place::named("dm")
    }

    pub fn guild(id: u64) -> Place {
        Place::named(&format!("guild:{id}"))
    }

    /// A free-form place, for the terminal.
    pub fn named(name: &str) -> Place {
        Place {
            key: name.to_string(),
            channel: None,
        }
    }

    /// The same place, in channel `id`.
    pub fn in_channel(mut self, id: impl Into<String>) -> Place {
        self.channel = Some(id.into());
        self
    }

    pub fn key(&self) -> &str {
        &self.key
    }

    /// The adapter's channel id, when it has one.
    pub fn channel(&self) -> Option<&str> {
        self.channel.as_deref()
    }

    /// The channel as a key of its own: what a co-op board belongs to.
    pub fn room(&self) -> String {
        match &self.channel {
            Some(channel) => format!("{}#{channel}", self.key),
            None => self.key.clone(),
        }
    }
}

/// One command from one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    pub player: Player,
    pub place: Place,
    pub command: Command,
    pub style: BoardStyle,
    /// May manage this server (Discord: the Manage Server permission). Checked again by
    /// the core for every admin command.
    pub is_admin: bool,
    /// The player's language (Discord: the interaction's locale). The core replaces it
    /// with the one they chose in their settings, if any; as given, it is also the
    /// language of the command names the player sees (Discord's picker follows the
    /// client, not our settings).
    pub lang: i18n::Lang,
    /// The server's language, where the bot speaks it (Discord: the interaction's
    /// `guild_locale`): what its channel posts default to.
    pub server_lang: Option<i18n::Lang>,
}

/// Generation settings the operator may tune.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Empty cells of `/sudoku new` without options.
    pub default_empty: usize,
    /// Solver calls a generation may spend (see `engine::generator::Request`).
    pub generation_budget: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            default_empty: 45,
            generation_budget: crate::engine::generator::Request::DEFAULT_BUDGET,
        }
    }
}

/// The bot minus its adapters. `&self` methods: share it with `Arc` across threads;
/// the store is behind a mutex, held only for one short transaction.
pub struct App {
    store: Mutex<Store>,
    /// More connections to the same PostgreSQL database ([`App::with_connections`]):
    /// commands run on whichever is free, that many at once. Empty on SQLite, whose one
    /// writer at a time is served best by one connection and group commit.
    pool: Vec<Mutex<Store>>,
    /// Where the next command that finds every connection busy waits.
    next_connection: std::sync::atomic::AtomicUsize,
    commits: commits::Commits,
    clock: Arc<dyn Clock>,
    rng: Mutex<SeededRng>,
    settings: Settings,
    /// Servers whose daily post could not be built, and when to try again: a failing
    /// build must not be retried in a tight loop.
    post_retry_at: Mutex<HashMap<String, Millis>>,
    /// A read-only connection beside the store, for long reads that must not hold it
    /// (`None` for a database in memory: those go through the store).
    reader: Option<Mutex<Store>>,
    /// The store's "a damaged game was found" flag ([`Store::damage_seen`]).
    damage_seen: Arc<std::sync::atomic::AtomicBool>,
    /// Servers whose daily pause their admins have not heard of: a copy of the store's
    /// `pause_untold` flags (read at start, added to with each pause) so that an admin's
    /// command reads the store only when its server is here; the store has the last word.
    paused_untold: Mutex<HashSet<String>>,
    /// The web board's links ([`App::with_web`]), when it is set up.
    web: Option<web::Links>,
    /// Told the place of every command handled ([`App::on_change`]).
    change_listener: std::sync::OnceLock<web::ChangeListener>,
    /// The Activity is set up ([`App::with_activity`]): `/sudoku play` opens it, and
    /// boards, dailies and races get a Tap to play button.
    activity: bool,
}

/// How long a server's daily post waits after its puzzle could not be built.
pub const POST_RETRY_MS: Millis = 10 * 60 * 1000;

/// Servers one scheduler call reads at most (posts due, puzzles to make): each call's
/// reads and writes stay short however many servers are due at once.
pub const SCHEDULE_BATCH: usize = 256;

/// What a player hears when the bot failed them: our fault, nothing changed. Adapters
/// say it too when a command never came back (a panic), in `lang`.
pub fn apology(lang: i18n::Lang) -> String {
    i18n::t!(lang, "fault-apology")
}

/// Why a command did not complete. Either way the transaction rolls back.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The player's input or situation: answered privately, as is.
    User(Reply),
    /// Ours: logged, answered with an apology.
    Internal(StoreError),
}

impl Failure {
    /// What went wrong, in words, for a log line or an admin's note.
    pub(crate) fn reason(self) -> String {
        match self {
            Failure::User(reply) => reply.content,
            Failure::Internal(error) => error.to_string(),
        }
    }
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        Failure::Internal(e)
    }
}

/// A private error reply.
pub(crate) fn user_error(message: impl Into<String>) -> Failure {
    Failure::User(Reply::private(message))
}

impl App {
    /// `seed` drives every puzzle this app generates: the same seed and commands give the
    /// same games.
    pub fn new(mut store: Store, clock: Arc<dyn Clock>, seed: u64) -> App {
        let reader = match store.open_reader() {
            Ok(reader) => reader.map(Mutex::new),
            Err(error) => {
                tracing::warn!(%error, "no read connection beside the store; long reads go through it");
                None
            }
        };
        // Pauses from before a restart whose admins have not heard yet.
        let untold = store
            .write(|tx| tx.untold_pauses())
            .unwrap_or_else(|error| {
                tracing::error!(%error, "reading the daily pauses admins have not heard of failed");
                Vec::new()
            });
        App {
            damage_seen: store.damage_seen(),
            paused_untold: Mutex::new(untold.into_iter().collect()),
            web: None,
            change_listener: std::sync::OnceLock::new(),
            activity: false,
            reader,
            store: Mutex::new(store),
            pool: Vec::new(),
            next_connection: Default::default(),
            commits: commits::Commits::default(),
            clock,
            rng: Mutex::new(SeededRng::new(seed)),
            settings: Settings::default(),
            post_retry_at: Mutex::new(HashMap::new()),
        }
    }

    pub fn with_settings(mut self, settings: Settings) -> App {
        self.settings = settings;
        self
    }

    pub fn now(&self) -> Millis {
        self.clock.now()
    }

    /// Answers one invocation. Never panics on input, never fails: every failure becomes a
    /// reply. The reply is built after the command's transaction committed.
    pub fn handle(&self, invocation: &Invocation) -> Reply {
        self.handle_styled(invocation, true).0
    }

    /// [`App::handle`], and whether the command did what was asked (false: refused, with
    /// nothing changed). `pictures: false` keeps the reply's board text whatever the
    /// player chose (the web board draws its own, and a PNG per tap would be wasted).
    pub(crate) fn handle_styled(&self, invocation: &Invocation, pictures: bool) -> (Reply, bool) {
        // The language of the command names the player sees: their Discord's (the player's
        // settings change the words, not Discord's command picker).
        let names = invocation.lang;
        let styled;
        let invocation = match self.player_style(invocation, pictures) {
            (false, None) => invocation,
            (picture, lang) => {
                styled = Invocation {
                    style: if picture {
                        BoardStyle::Image
                    } else {
                        invocation.style
                    },
                    lang: lang.unwrap_or(invocation.lang),
                    ..invocation.clone()
                };
                &styled
            }
        };
        let outcome = match &invocation.command {
            Command::Unreadable(why) => Ok(Reply::private(why.said(invocation.lang, names))),
            _ => commands::run(self, invocation),
        };
        let done = outcome.is_ok();
        let reply = match outcome {
            Ok(reply) => reply,
            Err(Failure::User(reply)) => reply,
            Err(Failure::Internal(error)) => {
                tracing::error!(
                    command = invocation.command.name(),
                    player = %invocation.player.id,
                    %error,
                    "command failed"
                );
                // A storage failing for good (read-only, damaged, full disk): retrying
                // will not help, and what was saved is safe.
                Reply::private(if error.is_transient() {
                    apology(invocation.lang)
                } else {
                    i18n::t!(invocation.lang, "fault-storage")
                })
            }
        };
        let reply = self.set_aside_damaged(invocation, reply);
        let reply = self.tell_admins(invocation, reply);
        // Only with a listener (a web board served): no allocation per command otherwise.
        if let Some(listener) = self.change_listener.get() {
            listener(&web::Change {
                player: &invocation.player.id,
                place: invocation.place.key(),
                room: invocation.place.room(),
            });
        }
        // The web board is the Activity's page: its replies need no button to open it.
        let reply = if pictures {
            self.offer_play(reply)
        } else {
            reply
        };
        (reply.in_names(names).fit().drawn(), done)
    }

    /// Marks the games this command (or another just before it) found not to decode, in
    /// a write of its own: the command's transaction may have rolled back. The player
    /// whose game it was hears the truth rather than "no game in progress".
    fn set_aside_damaged(&self, invocation: &Invocation, reply: Reply) -> Reply {
        // Nearly always nothing: known without waiting for the store.
        if !self.damage_seen.load(std::sync::atomic::Ordering::Acquire) {
            return reply;
        }
        let mut damaged = Vec::new();
        for connection in std::iter::once(&self.store).chain(&self.pool) {
            damaged.extend(
                connection
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .take_damaged(),
            );
        }
        if damaged.is_empty() {
            return reply;
        }
        let marked = self.store().write(|tx| {
            damaged
                .iter()
                .try_for_each(|d| tx.set_damaged(d.id, &d.reason))
        });
        // Each was logged when found.
        if let Err(error) = &marked {
            tracing::error!(%error, count = damaged.len(), "setting damaged games aside failed")
        }
        let mine = damaged
            .iter()
            .any(|d| d.player == invocation.player.id && d.place == invocation.place.key());
        if !mine {
            return reply;
        }
        // Set aside, or not even that: the storage has a problem too.
        let notice = i18n::t!(
            invocation.lang,
            "fault-damaged-game",
            set_aside = i18n::yes(marked.is_ok())
        );
        Reply {
            content: format!("{notice}\n{}", reply.content),
            ..reply
        }
    }

    /// What the player chose in their settings that shapes every answer: boards as
    /// pictures (`board:image`; only asked when `pictures`), and a language of their own
    /// (`language:es`), which outranks their Discord's. A store that cannot answer means
    /// neither: the command itself then reports the fault. A glance (see
    /// [`commits::Shared::glance`]): it only shapes the answer.
    fn player_style(&self, invocation: &Invocation, pictures: bool) -> (bool, Option<i18n::Lang>) {
        // The command that changes the language answers in the language it sets (the
        // settings command works that out itself).
        let choosing = matches!(
            invocation.command,
            Command::Settings {
                language: Some(_),
                ..
            }
        );
        self.store()
            .glance(|tx| tx.player_style(&invocation.player.id))
            .map(|(picture, lang)| {
                let lang = lang.as_deref().and_then(i18n::Lang::parse);
                (pictures && picture, if choosing { None } else { lang })
            })
            .unwrap_or((false, None))
    }

    /// When the next daily post is due (possibly already), over every server with
    /// dailies on; `None` when none is set up. An open claim counts as due when its lease
    /// runs out (see [`POST_CLAIM_LEASE_MS`]). One step down an index on the stored next
    /// post times; those not worked out yet (new settings, a claim made) are worked out
    /// first, a batch at a time (see [`App::due_daily_posts`]).
    pub fn next_daily_post_at(&self) -> Option<Millis> {
        let now = self.now();
        // Bounded: each round stores a later time for every server it read, or finds
        // one due now.
        for _ in 0..64 {
            let next = match self.store().read(|tx| tx.next_schedule_times()) {
                Ok((next, _)) => next?,
                Err(error) => {
                    tracing::error!(%error, "reading daily schedules failed");
                    return None;
                }
            };
            if next > now {
                return Some(next);
            }
            if !self.look_at_due(now).0.is_empty() {
                return Some(now);
            }
        }
        Some(now)
    }

    /// When the scheduler next has work: the next post (see
    /// [`App::next_daily_post_at`]), or the next server whose puzzles of today and
    /// tomorrow must be made (see [`App::prepare_dailies`]).
    pub fn next_daily_work_at(&self) -> Option<Millis> {
        let post = self.next_daily_post_at();
        let prepare = match self.store().read(|tx| tx.next_schedule_times()) {
            Ok((_, prepare)) => prepare,
            Err(error) => {
                tracing::error!(%error, "reading daily schedules failed");
                None
            }
        };
        match (post, prepare) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn post_retries(&self) -> MutexGuard<'_, HashMap<String, Millis>> {
        self.post_retry_at
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Makes the puzzles of today and tomorrow of the servers whose stored `prepare_at`
    /// has come (at most [`SCHEDULE_BATCH`] per call), so that the first player of a day
    /// (and the post) find the puzzle ready instead of waiting for a graded generation.
    /// A server whose puzzles are made is not read again until its next day starts. The
    /// scheduler calls this; returns whether servers were left for the next call.
    pub fn prepare_dailies(&self) -> bool {
        let now = self.now();
        let servers = match self
            .store()
            .read(|tx| tx.servers_to_prepare(now, SCHEDULE_BATCH))
        {
            Ok(servers) => servers,
            Err(error) => {
                tracing::error!(%error, "reading daily schedules failed");
                return false;
            }
        };
        let more = servers.len() == SCHEDULE_BATCH;
        let mut next = Vec::with_capacity(servers.len());
        for server in servers {
            let today = server.settings.day_at(now);
            let mut ok = true;
            for day in [Some(today), today.tomorrow().ok()].into_iter().flatten() {
                if let Err(failure) = commands::daily::puzzle_for(
                    self,
                    &server.place,
                    day,
                    server.settings.difficulty,
                    // Logged, never shown: the operator's language.
                    i18n::Lang::En,
                ) {
                    ok = false;
                    let reason = failure.reason();
                    tracing::error!(place = %server.place, %day, %reason, "preparing a daily puzzle failed");
                }
            }
            // Ready: nothing to do until tomorrow becomes today. Failed: tried again later.
            let at = if ok {
                server.settings.day_end(today)
            } else {
                now + POST_RETRY_MS
            };
            next.push((server.place, at.max(now + 1), server.settings));
        }
        if next.is_empty() {
            return false;
        }
        // One short transaction for the whole batch.
        if let Err(error) = self.store().write(|tx| {
            next.iter()
                .try_for_each(|(place, at, read)| tx.set_prepare_at(place, *at, read))
        }) {
            tracing::error!(%error, "recording prepared dailies failed");
        }
        more
    }

    /// Every daily post due now, claimed and settled at once: for an adapter whose
    /// showing a post is its sending (the terminal). Each is returned once, also across
    /// restarts.
    pub fn take_due_daily_posts(&self) -> Vec<DailyPost> {
        let posts = self.claim_daily_posts(&self.due_daily_posts());
        let settled: Vec<Settled> = posts
            .iter()
            .map(|post| Settled {
                place: post.place.clone(),
                day: post.day,
                outcome: PostOutcome::Sent { message: None },
            })
            .collect();
        self.settle_daily_posts(&settled);
        posts
    }

    /// The daily posts due now and not claimed by anyone: today's post of every server
    /// whose posting time has come, and those whose claim was abandoned (see
    /// [`POST_CLAIM_LEASE_MS`]). Claim them with [`App::claim_daily_posts`].
    ///
    /// Reads only the servers whose stored `next_post_at` has come, through an index, at
    /// most [`SCHEDULE_BATCH`] of them (the rest come on the next call): a server not due
    /// is not read. Those not due after all (a claim still open, a post already made)
    /// get their next time stored, in one short write.
    pub fn due_daily_posts(&self) -> Vec<DuePost> {
        let now = self.now();
        // A full batch with none due (posts just settled, whose next time is worked out
        // now) is no reason to wait: the next batch may hold due ones.
        for _ in 0..64 {
            let (due, full) = self.look_at_due(now);
            if !due.is_empty() || !full {
                return due;
            }
        }
        Vec::new()
    }

    /// The servers whose stored next post time has come, at most [`SCHEDULE_BATCH`]:
    /// those due now, and whether the batch was full. The others get their next time
    /// stored.
    fn look_at_due(&self, now: Millis) -> (Vec<DuePost>, bool) {
        let servers = match self
            .store()
            .read(|tx| tx.servers_post_due(now, SCHEDULE_BATCH))
        {
            Ok(servers) => servers,
            Err(error) => {
                tracing::error!(%error, "reading daily schedules failed");
                return (Vec::new(), false);
            }
        };
        let full = servers.len() >= SCHEDULE_BATCH;
        let mut later = Vec::new();
        let mut due = Vec::new();
        {
            let retry = self.post_retries();
            for s in servers {
                match post_due(&s, now) {
                    PostDue::Now(day) => match retry.get(&s.place) {
                        Some(&at) if at > now => later.push((s.place, at, s.settings)),
                        _ => due.push(DuePost {
                            place: s.place,
                            day,
                        }),
                    },
                    PostDue::At(at) => later.push((s.place, at.max(now + 1), s.settings)),
                }
            }
        }
        if !later.is_empty()
            && let Err(error) = self.store().write(|tx| {
                later
                    .iter()
                    .try_for_each(|(place, at, read)| tx.set_next_post_at(place, *at, read))
            })
        {
            tracing::error!(%error, "recording daily schedules failed");
        }
        (due, full)
    }

    /// Builds the posts of `due` and claims them, all claims in one transaction: what is
    /// returned is this caller's to send, and nobody else's until it is settled
    /// ([`App::settle_daily_posts`]) or its lease runs out. A post that cannot be built
    /// is not claimed, and tried again after a pause ([`POST_RETRY_MS`]); one claimed
    /// meanwhile by someone else is left out.
    pub fn claim_daily_posts(&self, due: &[DuePost]) -> Vec<DailyPost> {
        let now = self.now();
        let mut built = Vec::new();
        for wanted in due {
            let server = match self.store().read(|tx| tx.server_daily(&wanted.place)) {
                Ok(server) => server,
                Err(error) => {
                    tracing::error!(%error, "reading a daily schedule failed");
                    continue;
                }
            };
            let Some(channel) = server.settings.channel.clone() else {
                continue;
            };
            // Build first, claim second: a failure to build leaves the day unclaimed, to
            // be tried again after a pause.
            match commands::daily::post(self, &server, wanted.day) {
                Ok(reply) => {
                    self.post_retries().remove(&server.place);
                    built.push(DailyPost {
                        place: server.place.clone(),
                        channel,
                        day: wanted.day,
                        reply: self.offer_play(reply).fit(),
                    });
                }
                Err(failure) => {
                    let reason = failure.reason();
                    tracing::error!(place = %server.place, %reason, "daily post not built");
                    self.post_retries()
                        .insert(server.place.clone(), now + POST_RETRY_MS);
                    if let Err(error) = self.store().write(|tx| {
                        tx.set_next_post_at(&server.place, now + POST_RETRY_MS, &server.settings)
                    }) {
                        tracing::error!(%error, "recording a daily retry failed");
                    }
                    self.daily_post_failed(
                        &server.place,
                        &PostTrouble::Unprepared { detail: reason },
                    );
                }
            }
        }
        if built.is_empty() {
            return built;
        }
        let abandoned_before = now - POST_CLAIM_LEASE_MS;
        let claimed = self.store().write(|tx| {
            built
                .iter()
                .map(|post| tx.claim_post(&post.place, post.day, now, abandoned_before))
                .collect::<Result<Vec<bool>, StoreError>>()
        });
        match claimed {
            Ok(claimed) => built
                .into_iter()
                .zip(claimed)
                .filter_map(|(post, mine)| mine.then_some(post))
                .collect(),
            Err(error) => {
                tracing::error!(%error, "claiming daily posts failed");
                Vec::new()
            }
        }
    }

    /// Records how claimed posts ended, in one transaction: sent ones are never sent
    /// again (and clear an earlier failure shown to admins), failed ones are reported to
    /// the admins, released ones are due again at once. A post whose outcome is unknown
    /// is left out: its claim stays open until its lease runs out.
    pub fn settle_daily_posts(&self, settled: &[Settled]) {
        for s in settled {
            match &s.outcome {
                PostOutcome::Failed(reason) => {
                    tracing::warn!(place = %s.place, day = %s.day, ?reason, "daily post failed")
                }
                PostOutcome::Refused(reason) => tracing::warn!(
                    place = %s.place,
                    day = %s.day,
                    ?reason,
                    "daily post refused for good: daily posts paused for the server"
                ),
                PostOutcome::Sent { .. } => {
                    tracing::debug!(place = %s.place, day = %s.day, "daily posted")
                }
                PostOutcome::NotSent => {}
            }
        }
        let result = self.store().write(|tx| {
            for s in settled {
                match &s.outcome {
                    PostOutcome::Sent { message } => {
                        tx.settle_post(&s.place, s.day, message.as_deref())?;
                        tx.set_post_error(&s.place, None)?;
                    }
                    PostOutcome::Failed(reason) => {
                        tx.settle_post(&s.place, s.day, None)?;
                        tx.set_post_error(&s.place, Some(&reason.stored()))?;
                    }
                    PostOutcome::Refused(reason) => {
                        tx.settle_post(&s.place, s.day, None)?;
                        tx.pause_daily(&s.place, &reason.stored())?;
                    }
                    PostOutcome::NotSent => tx.release_post(&s.place, s.day)?,
                }
            }
            Ok::<_, StoreError>(())
        });
        if let Err(error) = result {
            // The claims stay open: those posts are sent again once their lease runs
            // out, which the adapter's idempotency key makes safe (see the scheduler).
            tracing::error!(%error, count = settled.len(), "recording daily posts failed");
            return;
        }
        let paused = settled
            .iter()
            .filter(|s| matches!(s.outcome, PostOutcome::Refused(_)))
            .map(|s| s.place.clone());
        self.untold_pauses().extend(paused);
    }

    /// Channel `channel` of `place` is gone (deleted): the races opened there send
    /// nothing more, and if it was the daily's channel, the daily posts pause and the
    /// admins are told on their next command.
    pub fn channel_gone(&self, place: &str, channel: &str) {
        match self.store().write(|tx| tx.refuse_races_in(channel)) {
            Ok(0) => {}
            Ok(races) => tracing::info!(
                place,
                races,
                "a race channel is gone: its races send nothing more"
            ),
            Err(error) => {
                tracing::error!(%error, place, "retiring the races of a gone channel failed")
            }
        }
        let paused = self.store().write(|tx| {
            let server = tx.server_daily(place)?;
            if !server.settings.enabled || server.settings.channel.as_deref() != Some(channel) {
                return Ok::<_, StoreError>(false);
            }
            let gone = PostTrouble::Deleted {
                channel: channel.to_string(),
            };
            tx.pause_daily(place, &gone.stored())?;
            Ok(true)
        });
        match paused {
            Ok(true) => {
                tracing::info!(place, "the daily's channel is gone: daily posts paused");
                self.untold_pauses().insert(place.to_string());
            }
            Ok(false) => {}
            Err(error) => tracing::error!(%error, place, "pausing the daily failed"),
        }
    }

    /// Gateway shard `shard` of `total` connected, carrying the servers `present`: a
    /// server of that shard posting dailies but not among them removed the bot while it
    /// was away (no GUILD_DELETE came), so its daily posts stop, as they would have.
    /// Returns how many stopped.
    pub fn servers_left_while_away(&self, shard: u32, total: u32, present: &[u64]) -> usize {
        let present: HashSet<u64> = present.iter().copied().collect();
        // Read beside the store (every server posting dailies is looked at); only the
        // few that left, if any, are written.
        let left: Result<Vec<u64>, StoreError> = self.with_reader(|tx| {
            Ok(tx
                .daily_servers_of_shard(shard, total)?
                .into_iter()
                .filter(|id| !present.contains(id))
                .collect())
        });
        let left = match left {
            Ok(left) if left.is_empty() => return 0,
            Ok(left) => left,
            Err(error) => {
                tracing::error!(%error, shard, "reading the servers posting dailies failed");
                return 0;
            }
        };
        let stopped = self.store().write(|tx| {
            let mut stopped = 0;
            for &id in &left {
                let place = Place::guild(id);
                let mut settings = tx.server_daily(place.key())?.settings;
                settings.enabled = false;
                tx.save_daily_settings(place.key(), &settings)?;
                stopped += 1;
            }
            Ok::<_, StoreError>(stopped)
        });
        match stopped {
            Ok(0) => 0,
            Ok(stopped) => {
                tracing::info!(
                    shard,
                    stopped,
                    "servers that removed the bot while it was away: their daily posts stop"
                );
                stopped
            }
            Err(error) => {
                tracing::error!(%error, shard, "stopping the dailies of servers that left failed");
                0
            }
        }
    }

    /// Rereads which servers' admins have not heard of their daily's pause: another
    /// process sharing the database (a replica) may have paused one, and this process's
    /// copy would otherwise learn of it only at its next start. A short read beside the
    /// store (an index on the flag).
    pub fn reload_untold_pauses(&self) {
        match self.with_reader(|tx| tx.untold_pauses()) {
            Ok(untold) => *self.untold_pauses() = untold.into_iter().collect(),
            Err(error) => {
                tracing::error!(%error, "rereading the daily pauses admins have not heard of failed")
            }
        }
    }

    /// Servers whose admins may not have heard of their daily's pause (see `paused_untold`).
    fn untold_pauses(&self) -> MutexGuard<'_, HashSet<String>> {
        self.paused_untold.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// An admin's first command in a server whose daily posts were just paused carries
    /// the news (later ones don't; `/sudoku daily` always says it to admins).
    fn tell_admins(&self, invocation: &Invocation, reply: Reply) -> Reply {
        if !invocation.is_admin {
            return reply;
        }
        let place = invocation.place.key();
        {
            let untold = self.untold_pauses();
            if untold.is_empty() || !untold.contains(place) {
                return reply;
            }
        }
        let why = match self.store().glance(|tx| tx.untold_pause(place)) {
            Ok(Some(why)) => why,
            // Told already, or set up again since (this very command, maybe).
            Ok(None) => {
                self.untold_pauses().remove(place);
                return reply;
            }
            Err(error) => {
                tracing::error!(%error, place, "reading a daily pause failed");
                return reply;
            }
        };
        let content = format!(
            "{}\n\n{}",
            reply.content,
            daily_paused_note(&why, invocation.lang)
        );
        // A reply too long to carry it (the help) leaves it for the next command.
        if content.chars().count() > reply::MAX_CONTENT {
            return reply;
        }
        if let Err(error) = self.store().write(|tx| tx.pause_told(place)) {
            // Told now; at worst told once more after a restart.
            tracing::error!(%error, place, "recording that admins heard of a daily pause failed");
        }
        self.untold_pauses().remove(place);
        Reply { content, ..reply }
    }

    /// Records that `place`'s daily post went out: an earlier failure no longer concerns
    /// its admins.
    pub fn daily_posted(&self, place: &str) {
        if let Err(error) = self.store().write(|tx| tx.set_post_error(place, None)) {
            tracing::error!(%error, "clearing a post failure failed");
        }
    }

    /// Records why a daily post could not be sent, for the admins' next `/sudoku daily`.
    pub fn daily_post_failed(&self, place: &str, error: &PostTrouble) {
        tracing::warn!(place, ?error, "daily post failed");
        if let Err(e) = self
            .store()
            .write(|tx| tx.set_post_error(place, Some(&error.stored())))
        {
            tracing::error!(error = %e, "recording a post failure failed");
        }
    }

    /// Takes or renews lease `name` for `holder` for `ttl` ms (see the store's `leases`):
    /// whether `holder` holds it now. A store failure holds nothing.
    pub fn hold_lease(&self, name: &str, holder: &str, ttl: Millis) -> bool {
        let now = self.now();
        match self
            .store()
            .write(|tx| tx.hold_lease(name, holder, now, ttl))
        {
            Ok(lease) => lease.holder == holder && lease.until > now,
            Err(error) => {
                tracing::error!(%error, lease = name, "taking a lease failed");
                false
            }
        }
    }

    /// Records interaction `id` (created at `created` ms since the Unix epoch) as taken,
    /// for every process sharing the store: `Ok(true)` the first time only. Ids created
    /// over `keep` ms before it are forgotten; the caller refuses those by their age.
    pub fn take_interaction(
        &self,
        id: u64,
        created: Millis,
        keep: Millis,
    ) -> Result<bool, StoreError> {
        // Snowflakes fit in 63 bits until the year 2084; one that does not is no real id.
        let Ok(id) = i64::try_from(id) else {
            return Ok(false);
        };
        self.store()
            .write(|tx| tx.take_interaction(id, created, keep))
    }

    /// Whether a web session of `player` issued at `issued` still holds: not if they
    /// asked to be forgotten since (forget-me ends their sessions).
    pub fn web_session_holds(&self, player: &str, issued: Millis) -> Result<bool, StoreError> {
        let ended = self.with_reader(|tx| tx.web_sessions_ended_at(player))?;
        Ok(ended.is_none_or(|at| issued >= at))
    }

    /// How long accesses to the store waited for it so far (a histogram).
    pub fn store_waits(&self) -> commits::StoreWaitSnapshot {
        self.commits.waits.snapshot()
    }

    /// Gives lease `name` up if `holder` holds it.
    pub fn release_lease(&self, name: &str, holder: &str) {
        let now = self.now();
        if let Err(error) = self.store().write(|tx| tx.release_lease(name, holder, now)) {
            tracing::error!(%error, lease = name, "giving a lease up failed");
        }
    }

    /// Lease `name` as stored, read beside the writer (a health check must not wait for
    /// it); an error when the store cannot be read.
    pub fn lease(&self, name: &str) -> Result<Option<crate::store::Lease>, StoreError> {
        self.with_reader(|tx| tx.lease(name))
    }

    /// Every race message due now: lobbies that closed and races that ran out of time
    /// are settled first; a race's own message is handed out at most once per `gap`
    /// (Discord limits edits per channel; the terminal passes 0), and a result until
    /// Discord confirmed it. The adapter sends them and reports back with
    /// [`App::race_message_delivered`], [`App::race_message_failed`] or
    /// [`App::race_message_refused`]; a message it never reports on (a crash) is handed
    /// out again.
    pub fn take_race_messages(&self, gap: Millis) -> Vec<RaceMessage> {
        let now = self.now();
        match self
            .store()
            .write(|tx| commands::race::take_messages(tx, now, gap))
        {
            Ok(messages) => messages
                .into_iter()
                .map(|message| RaceMessage {
                    reply: self.offer_play(message.reply).fit(),
                    ..message
                })
                .collect(),
            Err(failure) => {
                let reason = failure.reason();
                tracing::error!(%reason, "collecting race messages failed");
                Vec::new()
            }
        }
    }

    /// Discord confirmed `message` (`posted`: the id of the message it created, for a
    /// race's own message posted anew): a result is not posted again, and the race's
    /// message shows the changes it was drawn with.
    pub fn race_message_delivered(&self, message: &RaceMessage, posted: Option<&str>) {
        let race = message.race;
        let result = self.store().write(|tx| {
            if message.is_result {
                return tx.race_result_confirmed(race);
            }
            if let Some(id) = posted {
                tx.set_race_message(race, id, false)?;
            }
            tx.race_message_confirmed(race, message.drawn)
        });
        if let Err(error) = result {
            // Sent again later: an edit is harmless, a post carries the same nonce.
            tracing::error!(%error, race, "recording a delivered race message failed");
        }
    }

    /// The race's channel refuses the bot for good (no access, no permission, deleted):
    /// nothing of the race is sent again.
    pub fn race_message_refused(&self, race: i64) {
        if let Err(error) = self.store().write(|tx| tx.race_refused(race)) {
            tracing::error!(%error, race, "recording a refused race channel failed");
        }
    }

    /// The race's own message is `message` (posted anew, or the answer to its command):
    /// later changes edit it.
    pub fn race_message_sent(&self, race: i64, message: &str) {
        if let Err(error) = self
            .store()
            .write(|tx| tx.set_race_message(race, message, false))
        {
            tracing::error!(%error, race, "recording a race message failed");
        }
    }

    /// The id of a race's lobby, learnt after answering the command that opened it. A
    /// button pressed on the lobby meanwhile may have told it already (and newer), so it
    /// counts only when none is known.
    pub fn race_lobby_posted(&self, race: i64, message: &str) {
        if let Err(error) = self
            .store()
            .write(|tx| tx.set_race_message(race, message, true))
        {
            tracing::error!(%error, race, "recording a race lobby failed");
        }
    }

    /// An edit of the race's message failed: it is tried again later, as a new post when
    /// the message is `gone` (deleted, or never known).
    pub fn race_message_failed(&self, race: i64, gone: bool) {
        if let Err(error) = self.store().write(|tx| tx.race_edit_failed(race, gone)) {
            tracing::error!(%error, race, "recording a failed race edit failed");
        }
    }

    /// The store, one command at a time, commits shared by commands that arrive
    /// together (see [`commits`]).
    pub(crate) fn store(&self) -> commits::Shared<'_> {
        commits::Shared {
            store: self.free_connection(),
            commits: &self.commits,
        }
    }

    /// Opens `total - 1` more connections to a PostgreSQL store (the config's
    /// `database_connections`), so that up to `total` commands run at once; PostgreSQL
    /// keeps them apart (see [`Store::write`]). Nothing changes on SQLite.
    pub fn with_connections(mut self, total: usize) -> Result<App, StoreError> {
        let store = self.store.get_mut().unwrap_or_else(|p| p.into_inner());
        if !store.is_postgres() {
            return Ok(self);
        }
        let flag = store.damage_seen();
        for _ in 1..total {
            let mut more = store
                .open_reader()?
                .ok_or_else(|| StoreError::Corrupt("no second connection".into()))?;
            more.share_damage_flag(flag.clone());
            self.pool.push(Mutex::new(more));
        }
        Ok(self)
    }

    /// A connection no command holds, or, when all are held, the next in turn.
    fn free_connection(&self) -> &Mutex<Store> {
        if self.pool.is_empty() {
            return &self.store;
        }
        let all = || std::iter::once(&self.store).chain(&self.pool);
        for connection in all() {
            if let Ok(free) = connection.try_lock() {
                drop(free);
                return connection;
            }
        }
        let turn = self
            .next_connection
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        all()
            .nth(turn % (self.pool.len() + 1))
            .unwrap_or(&self.store)
    }

    /// Runs `check` on the daily puzzles of every server from day `from` (with their
    /// servers' zones, indexed): what `/sudoku solve` must not give away while their
    /// day runs. Read through the read connection, never holding the store (a first
    /// read of a big bot's window takes most of a second), and cached: later calls read
    /// only what was stored since. Days up to `to` may be running; the days just after
    /// are read too, so that tomorrow's puzzles are indexed as they are stored.
    /// Runs `read` through the read connection beside the store (never making a
    /// command wait), or through the store when there is none (an in-memory store).
    fn with_reader<T>(
        &self,
        read: impl FnMut(&crate::store::Tx<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        match &self.reader {
            Some(reader) => reader.lock().unwrap_or_else(|p| p.into_inner()).read(read),
            None => self.store().read(read),
        }
    }

    /// The longest any command or scheduler step held the store since the last call:
    /// what another command may have waited behind. For benchmarks.
    #[doc(hidden)]
    pub fn take_longest_store_hold(&self) -> std::time::Duration {
        self.commits.take_longest_hold()
    }

    pub(crate) fn next_seed(&self) -> u64 {
        self.rng
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .next_u64()
    }

    pub(crate) fn settings(&self) -> Settings {
        self.settings
    }
}

/// A free game's board with the pad under it, `pad`'s cell chosen: its picture and its
/// components, for `sudoku-bot render --controls` (a picture of what a player sees).
pub fn preview_pad(
    game: &crate::game::Game,
    pad: crate::game::Pad,
) -> (image::BoardPicture, Reply) {
    commands::board::preview(game, pad)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A trouble is kept as data and said in its reader's language; one kept as English
    /// text before (an older database) is still said, as written.
    #[test]
    fn a_post_trouble_is_said_in_the_readers_language() {
        let refused = PostTrouble::Refused {
            channel: "42".into(),
            detail: "HTTP 403".into(),
        }
        .stored();
        assert!(
            PostTrouble::said(&refused, i18n::Lang::En)
                .starts_with("<#42> refuses the bot (HTTP 403)")
        );
        assert!(
            PostTrouble::said(&refused, i18n::Lang::Es)
                .starts_with("<#42> rechaza al bot (HTTP 403)")
        );
        let unprepared = PostTrouble::Unprepared {
            detail: "no pool".into(),
        }
        .stored();
        assert!(
            PostTrouble::said(&unprepared, i18n::Lang::Ca)
                .starts_with("no s'ha pogut preparar el sudoku d'avui (no pool)")
        );
        let gone = PostTrouble::Deleted {
            channel: "7".into(),
        }
        .stored();
        assert_eq!(
            PostTrouble::said(&gone, i18n::Lang::Ca),
            "<#7> s'ha eliminat"
        );
        assert_eq!(
            PostTrouble::said("<#7> was deleted", i18n::Lang::Es),
            "<#7> was deleted"
        );
    }
}
