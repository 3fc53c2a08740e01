//! What the adapters run on their own schedule rather than in answer to a player: the
//! daily posts (prepared, claimed, sent, settled) and the race messages (scoreboards and
//! results edited or posted when Discord's limits allow).

use super::*;

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

/// A lease's holder and the fencing token it holds it under ([`crate::store::Lease`]):
/// work claimed with it is refused once the lease changed hands or ran out.
#[derive(Clone, Copy, Debug)]
pub struct Fence<'a> {
    pub lease: &'a str,
    pub holder: &'a str,
    pub token: i64,
}

impl App {
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
        self.claim_daily_posts_under(due, None)
    }

    /// [`App::claim_daily_posts`] for a process that sends under a lease: nothing is
    /// claimed unless `fence` still holds it, checked in the claiming transaction by the
    /// database's clock (a holder that lost the lease and does not know yet claims
    /// nothing).
    pub fn claim_daily_posts_fenced(&self, due: &[DuePost], fence: &Fence<'_>) -> Vec<DailyPost> {
        self.claim_daily_posts_under(due, Some(fence))
    }

    fn claim_daily_posts_under(
        &self,
        due: &[DuePost],
        fence: Option<&Fence<'_>>,
    ) -> Vec<DailyPost> {
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
            if let Some(fence) = fence
                && !tx.lease_holds(fence.lease, fence.holder, fence.token)?
            {
                tracing::warn!(
                    lease = fence.lease,
                    token = fence.token,
                    "the sending lease is no longer this process's: no daily post claimed"
                );
                return Ok(vec![false; built.len()]);
            }
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
    pub(super) fn tell_admins(&self, invocation: &Invocation, reply: Reply) -> Reply {
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

    /// Every race message due now: lobbies that closed and races that ran out of time
    /// are settled first; a race's own message is handed out at most once per `gap`
    /// (Discord limits edits per channel; the terminal passes 0), and a result until
    /// Discord confirmed it. The adapter sends them and reports back with
    /// [`App::race_message_delivered`], [`App::race_message_failed`] or
    /// [`App::race_message_refused`]; a message it never reports on (a crash) is handed
    /// out again.
    pub fn take_race_messages(&self, gap: Millis) -> Vec<RaceMessage> {
        self.take_race_messages_under(gap, None)
    }

    /// [`App::take_race_messages`] for a process that sends under a lease: none unless
    /// `fence` still holds it (as for [`App::claim_daily_posts_fenced`]).
    pub fn take_race_messages_fenced(&self, gap: Millis, fence: &Fence<'_>) -> Vec<RaceMessage> {
        self.take_race_messages_under(gap, Some(fence))
    }

    fn take_race_messages_under(&self, gap: Millis, fence: Option<&Fence<'_>>) -> Vec<RaceMessage> {
        let now = self.now();
        match self.store().write(|tx| {
            if let Some(fence) = fence
                && !tx.lease_holds(fence.lease, fence.holder, fence.token)?
            {
                return Ok(Vec::new());
            }
            commands::race::take_messages(tx, now, gap)
        }) {
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
}
