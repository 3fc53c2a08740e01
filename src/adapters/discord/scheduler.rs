//! Daily puzzle posts: one task that sleeps until posts are due, then sends them a few at
//! a time, each request under a timeout, and records each outcome in the store.
//!
//! Each post goes claim → send → record. The claim (in the store) makes the post this
//! process's; the record says how it ended: sent, with Discord's message id, or failed
//! for good (shown to the server's admins). What happens between the two is the hard
//! part, and these are the choices:
//!
//! - **At least once, made exactly once by Discord.** A request that times out, a
//!   connection dropped after sending, or a 5xx may each come after Discord created the
//!   message. Checking the channel for it would need Read Message History, a permission
//!   the bot does not ask for; instead every attempt at a post carries the same nonce
//!   (derived from the server and the day) with `enforce_nonce`, so Discord answers a
//!   repeat within a few minutes with the message it already created instead of posting
//!   again. So a failed attempt is simply tried again.
//! - **An open claim is resent, not dropped.** A process that stops or dies between
//!   claim and record leaves the claim open; once it is older than the core's lease
//!   ([`POST_CLAIM_LEASE_MS`]), the post is due again (that day only) and the next run
//!   sends it, with the same nonce. Only a post that Discord created and whose record
//!   was lost, resent after Discord's nonce window, can then appear twice; the other
//!   choice (never resend an open claim) would lose the day's post for the server every
//!   time the bot restarts during posting, which is worse than the rare duplicate.
//! - **A shutdown claims nothing new** and lets the requests in flight finish (each
//!   within its timeout) without retrying them; posts claimed but not started are given
//!   back at once, and those whose request was cut short stay claimed until the lease
//!   runs out.
//!
//! Concurrency is bounded ([`Posting::concurrency`]) and posts are claimed only as
//! sending slots free up, so few are claimed and unsent at any moment. Per-route rate
//! limits (a channel's messages) and the global one are serenity's: its ratelimiter
//! waits out a 429 inside the request (which the timeout must allow for).

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ChannelId, Http, HttpError, Message, Nonce};
use tokio::sync::{Notify, Semaphore, mpsc, watch};
use tokio::task::JoinSet;

use super::errors::{discord_error, discord_status};
use super::lease::{Cut, Holder};
use super::outbound::Budget;
use super::respond::channel_post;
use crate::app::{App, DailyPost, DuePost, POST_CLAIM_LEASE_MS, PostOutcome, PostTrouble, Settled};

/// Attempts at a daily post when Discord fails transiently (5xx, 429, network, timeout).
const POST_ATTEMPTS: u32 = 4;

/// How daily posts are sent.
#[derive(Clone, Copy, Debug)]
pub struct Posting {
    /// Posts being sent at once. Modest: Discord's global limit is 50 requests a second
    /// for the whole bot, and interactions need their share.
    pub concurrency: usize,
    /// How long one request may take. serenity's HTTP client has none, so a request
    /// that never gets an answer would otherwise hold its slot, and a shutdown, forever.
    pub timeout: Duration,
    /// The first pause between attempts; it doubles after each.
    pub backoff: Duration,
    /// The bot's own requests a second, daily posts and race messages together: under
    /// Discord's global 50, which commands registration and the like share.
    pub per_second: u32,
}

impl Default for Posting {
    fn default() -> Self {
        Posting {
            concurrency: 8,
            timeout: Duration::from_secs(10),
            backoff: Duration::from_millis(500),
            per_second: 40,
        }
    }
}

impl Posting {
    /// The longest one post can take: every attempt timing out, with the pauses between.
    fn longest(&self) -> Duration {
        let pauses: Duration = (0..POST_ATTEMPTS - 1)
            .map(|i| self.backoff * 2u32.pow(i))
            .sum();
        self.timeout * POST_ATTEMPTS + pauses
    }
}

/// The daily scheduler: one task that sleeps until the next post is due (or an hour, so
/// a changed clock is noticed), posts what is due, and goes back to sleep. `stop` (set
/// to true) ends it: between posts at once, during posting as described in the module's
/// documentation.
pub(super) async fn schedule_dailies(
    app: Arc<App>,
    http: Arc<Http>,
    posting: Posting,
    budget: Arc<Budget>,
    wake: Arc<Notify>,
    holder: Holder,
    mut stop: watch::Receiver<bool>,
) {
    let mut leading = holder.leading.clone();
    const MAX_SLEEP_MS: i64 = 3_600_000;
    if posting.longest().as_millis() >= POST_CLAIM_LEASE_MS as u128 {
        tracing::warn!(
            "daily posts may take longer than their claim lasts; a second bot on the same database could post twice"
        );
    }
    loop {
        // Another process holds the sending lease: wait until this one does (each
        // renewal is a change, so a lapse that ends is seen).
        if holder.held().is_none() {
            tokio::select! {
                _ = leading.wait_for(|held| held.is_some_and(|h| h.may_send_now())) => {}
                _ = stop.wait_for(|stopping| *stopping) => return,
            }
        }
        // Only the servers due are read (an index on their next post time), a batch at
        // a time: each store access here is short, whatever the number of servers.
        let a = app.clone();
        let due = tokio::task::spawn_blocking(move || a.due_daily_posts())
            .await
            .unwrap_or_default();
        // A full batch read: there may be more due behind it (at most
        // `SCHEDULE_BATCH` are read at a time).
        let mut more = due.len() >= crate::app::SCHEDULE_BATCH;
        if !due.is_empty() {
            send_all(&app, &http, posting, &budget, &holder, due, &stop).await;
        }
        if *stop.borrow() {
            return;
        }
        // Today's and tomorrow's puzzles made now, in the quiet after the posts: the
        // first player of a day then never waits for a graded generation. Only servers
        // whose next day has begun (or whose settings changed) are touched, a batch at a
        // time.
        let a = app.clone();
        more |= tokio::task::spawn_blocking(move || a.prepare_dailies())
            .await
            .unwrap_or(false);
        let a = app.clone();
        let wait = tokio::task::spawn_blocking(move || {
            let next = a.next_daily_work_at();
            next.map_or(MAX_SLEEP_MS, |at| (at - a.now()).clamp(0, MAX_SLEEP_MS))
        })
        .await
        .unwrap_or(MAX_SLEEP_MS);
        // A full batch: the next one at once. Otherwise something due now was not taken
        // (a claim to look at again, a failure to build): back off instead of spinning.
        let wait = match (more, wait) {
            (true, _) => 0,
            (false, 0) => 1_000,
            (false, wait) => wait,
        };
        tokio::select! {
            () = tokio::time::sleep(Duration::from_millis(wait as u64)) => {}
            () = wake.notified() => {}
            _ = stop.wait_for(|stopping| *stopping) => return,
        }
    }
}

/// Sends the posts of `due`, [`Posting::concurrency`] at a time; returns when each is
/// settled (or, on a shutdown, given up).
async fn send_all(
    app: &Arc<App>,
    http: &Arc<Http>,
    posting: Posting,
    budget: &Arc<Budget>,
    holder: &Holder,
    due: Vec<DuePost>,
    stop: &watch::Receiver<bool>,
) {
    let slots = Arc::new(Semaphore::new(posting.concurrency.max(1)));
    let (done, outcomes) = mpsc::unbounded_channel::<Settled>();
    let recorder = tokio::spawn(record(app.clone(), outcomes));
    let mut sends = JoinSet::new();
    let mut stop = stop.clone();
    'claiming: for chunk in due.chunks(posting.concurrency.max(1)) {
        if *stop.borrow() {
            break;
        }
        // The lease is looked at for each chunk and each post, not once a batch: one
        // lost midway stops the sending at once.
        let Some(held) = holder.held() else {
            tracing::warn!(
                "the sending lease was lost: the other due posts are left to its holder"
            );
            break;
        };
        // Claimed a chunk at a time (one transaction), just before they are sent, under
        // the lease's token: refused if another process took it meanwhile.
        let (a, s) = (app.clone(), holder.clone());
        let wanted = chunk.to_vec();
        let posts = tokio::task::spawn_blocking(move || {
            a.claim_daily_posts_fenced(&wanted, &s.fence(held))
        })
        .await
        .unwrap_or_default();
        let mut posts = posts.into_iter();
        while let Some(post) = posts.next() {
            // A request that hangs holds one slot until its timeout; the others go on.
            let slot = tokio::select! {
                slot = slots.clone().acquire_owned() => slot,
                _ = stop.wait_for(|stopping| *stopping) => {
                    // Claimed, never sent: due again at once, here or after a restart.
                    for unsent in std::iter::once(post).chain(posts) {
                        let _ = done.send(settled(&unsent, PostOutcome::NotSent));
                    }
                    break 'claiming;
                }
            };
            let Ok(slot) = slot else { break 'claiming };
            let (http, done, stop) = (http.clone(), done.clone(), stop.clone());
            let (budget, holder) = (budget.clone(), holder.clone());
            sends.spawn(async move {
                let outcome = send_daily(&http, &budget, &holder, &post, posting, stop).await;
                match outcome {
                    Some(outcome) => {
                        let _ = done.send(settled(&post, outcome));
                    }
                    None => tracing::warn!(
                        place = %post.place,
                        day = %post.day,
                        "shutdown or lost lease: a daily post's outcome is unknown; it is sent again once its claim runs out"
                    ),
                }
                drop(slot);
            });
        }
    }
    while sends.join_next().await.is_some() {}
    drop(done);
    let _ = recorder.await;
}

fn settled(post: &DailyPost, outcome: PostOutcome) -> Settled {
    Settled {
        place: post.place.clone(),
        day: post.day,
        outcome,
    }
}

/// Records outcomes as they come, those that arrived together in one transaction (one
/// commit, one fsync, for many posts).
async fn record(app: Arc<App>, mut outcomes: mpsc::UnboundedReceiver<Settled>) {
    while let Some(first) = outcomes.recv().await {
        let mut batch = vec![first];
        while batch.len() < 256 {
            match outcomes.try_recv() {
                Ok(more) => batch.push(more),
                Err(_) => break,
            }
        }
        let a = app.clone();
        let _ = tokio::task::spawn_blocking(move || a.settle_daily_posts(&batch)).await;
    }
}

/// The nonce of `post`: the same for every attempt at it, in this run or the next, and
/// different for every server and day. Discord takes at most 25 characters.
fn nonce(post: &DailyPost) -> String {
    // FNV-1a: stable across builds and machines, unlike std's hasher.
    let mut hash: u64 = 0xCBF2_9CE4_8422_2325;
    for byte in post
        .place
        .bytes()
        .chain([0])
        .chain(post.day.to_string().bytes())
    {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    }
    format!("daily{hash:016x}")
}

/// Sends one daily post, retrying what may pass (Discord's 5xx and 429, network
/// failures, a request past its timeout) with a doubling pause; what will not pass (a
/// missing channel, no permission) fails at once. `None` when a shutdown or the loss of
/// the sending lease cut it short with its outcome unknown.
async fn send_daily(
    http: &Http,
    budget: &Budget,
    holder: &Holder,
    post: &DailyPost,
    posting: Posting,
    mut stop: watch::Receiver<bool>,
) -> Option<PostOutcome> {
    let channel = match post.channel.parse::<u64>() {
        Ok(id) if id != 0 => ChannelId::new(id),
        _ => {
            return Some(failed(post, "not a channel id"));
        }
    };
    let message = channel_post(&post.reply)
        .nonce(Nonce::String(nonce(post)))
        .enforce_nonce(true);
    let mut pause = posting.backoff;
    let mut attempt = 1;
    loop {
        tokio::select! {
            () = budget.take(false) => {}
            _ = stop.wait_for(|stopping| *stopping) => {
                // Not sent in this attempt; an earlier attempt's fate is unknown.
                return (attempt == 1).then_some(PostOutcome::NotSent);
            }
        }
        // Each attempt under the lease, checked just before it starts and cut off
        // before another process could hold the lease (see `lease::Held`).
        let Some(held) = holder.held() else {
            return (attempt == 1).then_some(PostOutcome::NotSent);
        };
        let deadline = tokio::time::Instant::now() + posting.timeout;
        let sent: Result<Message, Failure> = match holder
            .run_under(held, deadline, channel.send_message(http, message.clone()))
            .await
        {
            Ok(Ok(sent)) => Ok(sent),
            Ok(Err(error)) => {
                if let Some((status, _)) = discord_status(&error) {
                    budget.refused("/channels/{id}/messages", status).await;
                }
                Err(if transient(&error) {
                    Failure::Passing(discord_error(&error))
                } else if refuses_for_good(&error) {
                    Failure::Refused(discord_error(&error))
                } else {
                    Failure::ForGood(discord_error(&error))
                })
            }
            Err(Cut::LeaseLost) => {
                tracing::warn!(place = %post.place, "the sending lease was not renewed in time: a daily post was cut short");
                return None;
            }
            Err(Cut::Timeout) => Err(Failure::Passing(format!(
                "no answer within {} s",
                posting.timeout.as_secs_f32()
            ))),
        };
        let error = match sent {
            Ok(sent) => {
                tracing::info!(place = %post.place, day = %post.day, "daily posted");
                return Some(PostOutcome::Sent {
                    message: Some(sent.id.to_string()),
                });
            }
            Err(Failure::ForGood(error)) => return Some(failed(post, &error)),
            Err(Failure::Refused(error)) => {
                return Some(PostOutcome::Refused(PostTrouble::Refused {
                    channel: post.channel.clone(),
                    detail: error,
                }));
            }
            Err(Failure::Passing(error)) => error,
        };
        if *stop.borrow() {
            // Whether Discord created it is unknown: left claimed, for the next run.
            return None;
        }
        if attempt >= POST_ATTEMPTS {
            return Some(failed(post, &error));
        }
        tracing::warn!(place = %post.place, attempt, %error, "daily post failed; retrying");
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            _ = stop.wait_for(|stopping| *stopping) => return None,
        }
        pause *= 2;
        attempt += 1;
    }
}

enum Failure {
    Passing(String),
    /// Not this time, but perhaps tomorrow (a request Discord found malformed).
    ForGood(String),
    /// The channel refuses the bot until someone changes it.
    Refused(String),
}

/// Whether the channel refuses the bot until someone changes it: 403 (no access, no
/// permission) or 404 (the channel is gone).
fn refuses_for_good(error: &serenity::Error) -> bool {
    matches!(discord_status(error), Some((403 | 404, _)))
}

fn failed(post: &DailyPost, error: &str) -> PostOutcome {
    PostOutcome::Failed(PostTrouble::Failed {
        channel: post.channel.clone(),
        detail: error.to_string(),
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_post_ends_well_within_its_claim() {
        // Else a second bot on the same database could take over a post still being
        // sent, and post it twice.
        let longest = Posting::default().longest();
        assert!(
            longest.as_millis() * 2 <= POST_CLAIM_LEASE_MS as u128,
            "{longest:?}"
        );
    }

    #[test]
    fn nonces_are_short_stable_and_distinct() {
        let post = |place: &str, day: &str| DailyPost {
            place: place.into(),
            channel: "1".into(),
            day: day.parse().expect("day"),
            reply: crate::app::Reply::public("x"),
        };
        let a = nonce(&post("guild:1", "2026-11-22"));
        assert!(a.len() <= 25, "{a}");
        assert_eq!(a, nonce(&post("guild:1", "2026-11-22")));
        assert_ne!(a, nonce(&post("guild:1", "2026-11-23")));
        assert_ne!(a, nonce(&post("guild:2", "2026-11-22")));
    }
}
