//! Race messages out: one task that, every second, asks the core what changed in races
//! (scoreboards to edit, lobbies that closed, results to post) and sends it. Moves never
//! wait for an edit: they only count a change of the race, and this task redraws its
//! message at most once per [`EDIT_GAP_MS`], within Discord's limits.
//!
//! - **Marked sent only once Discord confirmed it.** The core hands a message out without
//!   marking it sent; this task reports what Discord confirmed, and what was never
//!   confirmed (a crash, a timeout) is handed out again. A result or a new scoreboard
//!   post carries a nonce of its race with `enforce_nonce`, so a repeat within Discord's
//!   nonce window shows once; an edit is harmless to repeat.
//! - **Side by side, each under a timeout.** Up to [`IN_FLIGHT`] requests at once: one
//!   request that hangs holds up no other race.
//! - **Within Discord's budgets.** Every request takes its turn from the bot-wide
//!   [`Budget`] (under the global 50 a second, shared with daily posts); a channel gets
//!   at most [`CHANNEL_EDITS`] requests per 5 s (Discord's ~5 edits per 5 s in a
//!   channel): a race due beyond that stays due and is drawn afresh later, so several
//!   quick changes make one edit (only the newest scoreboard is sent).
//! - **A channel that refuses the bot for good** (403, or 404 Unknown Channel) retires
//!   the race's messages in the store: never tried again, also after a restart, so it
//!   cannot spend the bot-wide budget of invalid requests.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ChannelId, Http, MessageId, Nonce};
use tokio::sync::{Mutex, Notify};
use tokio::task::JoinSet;
use tokio::time::Instant;

use super::errors::{discord_error, discord_status};
use super::lease::{Cut, Held, Holder};
use super::outbound::Budget;
use super::respond::{channel_edit, channel_post};
use crate::app::{App, RaceMessage};

/// How often the task looks for race changes.
const TICK: Duration = Duration::from_secs(1);
/// The least time between two edits of one race's message. Discord allows about five
/// edits per five seconds in a channel; two races edited every two seconds stay under it.
pub(super) const EDIT_GAP_MS: i64 = 2_000;
/// One request that hangs must not stall the others for long.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// Requests under way at once.
const IN_FLIGHT: usize = 16;
/// Requests in one channel per [`CHANNEL_WINDOW`], one less than Discord's ~5, so an
/// interaction's own edit in that channel still fits.
const CHANNEL_EDITS: usize = 4;
const CHANNEL_WINDOW: Duration = Duration::from_secs(5);
/// The first pause before a failed result post is tried again; it doubles, up to a minute.
const RESULT_BACKOFF: Duration = Duration::from_secs(2);

/// What the sender remembers between ticks (in memory: the store holds what must last).
#[derive(Default)]
struct Sender {
    /// (race, is_result) of requests under way: not handed to Discord twice at once.
    in_flight: HashSet<(i64, bool)>,
    /// Recent requests per channel, for the per-channel pace.
    channel_sends: HashMap<u64, VecDeque<Instant>>,
    /// Result posts that failed, and when to try each again (and the pause after that).
    retry_at: HashMap<i64, (Instant, Duration)>,
}

/// How long a failed result's retry is remembered after it fell due: a race whose result
/// is no longer due (posted by another replica, its channel refused or gone) is not
/// asked about again, and its entry must not stay for the life of the process.
const RETRY_FORGOTTEN_AFTER: Duration = Duration::from_secs(10 * 60);

impl Sender {
    /// Whether `channel` has room for one more request now (and takes it).
    fn channel_room(&mut self, channel: u64, now: Instant) -> bool {
        let sends = self.channel_sends.entry(channel).or_default();
        while sends
            .front()
            .is_some_and(|&at| now.duration_since(at) >= CHANNEL_WINDOW)
        {
            sends.pop_front();
        }
        if sends.len() >= CHANNEL_EDITS {
            return false;
        }
        sends.push_back(now);
        true
    }

    /// Drops what no longer matters at `now`: channels with no request in the pace
    /// window, and result retries long past due.
    fn forget_stale(&mut self, now: Instant) {
        self.channel_sends.retain(|_, sends| {
            sends
                .back()
                .is_some_and(|&at| now.saturating_duration_since(at) < CHANNEL_WINDOW)
        });
        self.retry_at
            .retain(|_, &mut (at, _)| now.saturating_duration_since(at) < RETRY_FORGOTTEN_AFTER);
    }
}

pub(super) async fn tell_races(
    app: Arc<App>,
    http: Arc<Http>,
    budget: Arc<Budget>,
    holder: Holder,
    stop: Arc<Notify>,
) {
    let sender = Arc::new(Mutex::new(Sender::default()));
    let mut requests: JoinSet<()> = JoinSet::new();
    loop {
        // Another process holds the sending lease: nothing is taken here.
        let Some(held) = holder.held() else {
            tokio::select! {
                () = tokio::time::sleep(TICK) => continue,
                () = stop.notified() => {
                    requests.abort_all();
                    return;
                }
            }
        };
        // Finished requests leave the set (their outcome is recorded by themselves).
        while requests.try_join_next().is_some() {}
        // Taken under the lease's token: none if another process took it meanwhile.
        let (a, h) = (app.clone(), holder.clone());
        let mut messages = tokio::task::spawn_blocking(move || {
            a.take_race_messages_fenced(EDIT_GAP_MS, &h.fence(held))
        })
        .await
        .unwrap_or_default();
        // Results first: a channel's pace goes to what its players wait for, before the
        // scoreboards of races still running there.
        messages.sort_by_key(|m| !m.is_result);
        for message in messages {
            let Some(channel) = channel_of(&message) else {
                tracing::warn!(
                    race = message.race,
                    "a race without a channel: nothing to post"
                );
                continue;
            };
            let now = Instant::now();
            {
                let mut s = sender.lock().await;
                let key = (message.race, message.is_result);
                if s.in_flight.contains(&key) {
                    tracing::trace!(
                        race = message.race,
                        result = message.is_result,
                        "still under way"
                    );
                    continue;
                }
                if message.is_result
                    && s.retry_at
                        .get(&message.race)
                        .is_some_and(|&(at, _)| now < at)
                {
                    continue;
                }
                // Over the channel's pace: stays due, drawn afresh at a later tick.
                if !s.channel_room(channel.get(), now) {
                    tracing::trace!(
                        race = message.race,
                        result = message.is_result,
                        "no room in the channel yet"
                    );
                    continue;
                }
                s.in_flight.insert(key);
            }
            while requests.len() >= IN_FLIGHT {
                requests.join_next().await;
            }
            // The budget may be paused for minutes (too many invalid requests): a
            // shutdown does not wait for it.
            tokio::select! {
                () = budget.take(true) => {}
                () = stop.notified() => {
                    requests.abort_all();
                    return;
                }
            }
            // The lease looked at again for each request, just before it starts (the
            // budget may have made it wait): one lost midway sends nothing more, and a
            // request under way is cut off in time (see `lease::Held`). What is not sent
            // stays due, for the lease's next holder.
            let Some(held) = holder.held() else {
                sender
                    .lock()
                    .await
                    .in_flight
                    .remove(&(message.race, message.is_result));
                continue;
            };
            let (app, http, budget, sender, holder) = (
                app.clone(),
                http.clone(),
                budget.clone(),
                sender.clone(),
                holder.clone(),
            );
            requests.spawn(async move {
                let key = (message.race, message.is_result);
                tracing::trace!(race = message.race, result = message.is_result, "sending");
                let outcome = send(&http, &holder, held, channel, &message).await;
                tracing::trace!(race = message.race, result = message.is_result, "sent");
                if let Outcome::Refused(status, _) | Outcome::Failed(Some(status), _) = &outcome {
                    let route = if message.edit.is_some() {
                        "/channels/{id}/messages/{id}"
                    } else {
                        "/channels/{id}/messages"
                    };
                    budget.refused(route, *status).await;
                }
                record(&app, &sender, message, outcome).await;
                sender.lock().await.in_flight.remove(&key);
            });
        }
        sender.lock().await.forget_stale(Instant::now());
        tokio::select! {
            () = tokio::time::sleep(TICK) => {}
            () = stop.notified() => {
                // Requests under way are dropped: what they did not get confirmed is
                // handed out again after the restart.
                requests.abort_all();
                return;
            }
        }
    }
}

fn channel_of(message: &RaceMessage) -> Option<ChannelId> {
    message
        .channel
        .as_deref()
        .and_then(|c| c.parse::<u64>().ok())
        .filter(|&c| c != 0)
        .map(ChannelId::new)
}

/// What became of one request.
enum Outcome {
    Sent(Option<MessageId>),
    /// The message to edit is gone (deleted by a moderator): post the race anew.
    Gone,
    /// The channel refuses the bot for good (403, or 404 Unknown Channel).
    Refused(u16, String),
    /// It may pass later (the status, when Discord answered).
    Failed(Option<u16>, String),
}

/// The nonce of a race's post: the same for every attempt, in this run or the next.
/// Discord takes at most 25 characters.
fn nonce(message: &RaceMessage) -> Nonce {
    let kind = if message.is_result { "rr" } else { "rb" };
    Nonce::String(format!("{kind}{}", message.race))
}

/// Sends `message` under the lease as `held` ([`Holder::run_under`]).
async fn send(
    http: &Http,
    holder: &Holder,
    held: Held,
    channel: ChannelId,
    message: &RaceMessage,
) -> Outcome {
    let reply = &message.reply;
    let edit_of = message
        .edit
        .as_deref()
        .and_then(|id| id.parse::<u64>().ok())
        .filter(|&id| id != 0)
        .map(MessageId::new);
    let request = async {
        // A result has no message to edit (`take_messages` gives it none): always posted.
        match edit_of {
            Some(id) => channel
                .edit_message(http, id, channel_edit(reply))
                .await
                .map(|_| None),
            None => channel
                .send_message(
                    http,
                    channel_post(reply)
                        .nonce(nonce(message))
                        .enforce_nonce(true),
                )
                .await
                .map(|m| Some(m.id)),
        }
    };
    match holder
        .run_under(held, Instant::now() + REQUEST_TIMEOUT, request)
        .await
    {
        Ok(Ok(id)) => Outcome::Sent(id),
        Ok(Err(error)) => {
            let said = discord_error(&error);
            match discord_status(&error) {
                // Unknown Channel: no post or edit will ever get through.
                Some((status @ 404, 10003) | (status @ 403, _)) => Outcome::Refused(status, said),
                Some((404, _)) if edit_of.is_some() => Outcome::Gone,
                status => Outcome::Failed(status.map(|(status, _)| status), said),
            }
        }
        Err(Cut::Timeout) => Outcome::Failed(None, "no answer within the timeout".into()),
        Err(Cut::LeaseLost) => Outcome::Failed(None, "cut short: the sending lease lapsed".into()),
    }
}

/// Tells the core what Discord made of `message`.
async fn record(app: &Arc<App>, sender: &Mutex<Sender>, message: RaceMessage, outcome: Outcome) {
    let race = message.race;
    match &outcome {
        Outcome::Refused(_, error) => {
            sender.lock().await.retry_at.remove(&race);
            tracing::warn!(
                race,
                %error,
                "the race's channel refuses its messages; not tried again"
            );
        }
        Outcome::Failed(_, error) if message.is_result => {
            let mut s = sender.lock().await;
            let pause = s.retry_at.get(&race).map_or(RESULT_BACKOFF, |&(_, pause)| {
                (pause * 2).min(Duration::from_secs(60))
            });
            s.retry_at.insert(race, (Instant::now() + pause, pause));
            tracing::warn!(race, %error, retry_in_s = pause.as_secs(), "posting a race result failed; trying again");
        }
        Outcome::Failed(_, error) => {
            tracing::warn!(race, %error, "updating a race message failed; trying again");
        }
        Outcome::Sent(_) | Outcome::Gone if message.is_result => {
            sender.lock().await.retry_at.remove(&race);
        }
        Outcome::Sent(_) | Outcome::Gone => {}
    }
    let app = app.clone();
    let _ = tokio::task::spawn_blocking(move || match outcome {
        Outcome::Sent(posted) => {
            let posted = posted.map(|id| id.to_string());
            app.race_message_delivered(&message, posted.as_deref());
        }
        Outcome::Gone => app.race_message_failed(race, true),
        Outcome::Refused(..) => app.race_message_refused(race),
        Outcome::Failed(..) if message.is_result => {}
        Outcome::Failed(..) => app.race_message_failed(race, false),
    })
    .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_channel_gets_at_most_four_requests_in_five_seconds() {
        let mut sender = Sender::default();
        let start = Instant::now();
        let at = |ms: u64| start + Duration::from_millis(ms);
        // Four races of one channel at once; the fifth waits, another channel does not.
        assert!((0..4).all(|i| sender.channel_room(7, at(i * 10))));
        assert!(!sender.channel_room(7, at(100)));
        assert!(sender.channel_room(8, at(100)));
        // Still full just before the first request leaves the window; room just after.
        assert!(!sender.channel_room(7, at(4_999)));
        assert!(sender.channel_room(7, at(5_000)));
        assert!(!sender.channel_room(7, at(5_001)));
        // Quiet channels are forgotten.
        sender.forget_stale(at(60_000));
        assert!(sender.channel_sends.is_empty());
    }

    /// Issue 50: a result retry is remembered while it may fall due, and forgotten once it
    /// is long past (the race's result no longer due here), not kept for ever.
    #[test]
    fn result_retries_long_past_due_are_forgotten() {
        let mut sender = Sender::default();
        let start = Instant::now();
        sender.retry_at.insert(1, (start, RESULT_BACKOFF));
        sender
            .retry_at
            .insert(2, (start + RETRY_FORGOTTEN_AFTER, RESULT_BACKOFF));
        sender.forget_stale(start + RETRY_FORGOTTEN_AFTER - Duration::from_secs(1));
        assert_eq!(sender.retry_at.len(), 2);
        sender.forget_stale(start + RETRY_FORGOTTEN_AFTER);
        assert!(!sender.retry_at.contains_key(&1));
        assert!(sender.retry_at.contains_key(&2));
    }

    #[test]
    fn nonces_name_the_race_and_the_kind_within_discords_length() {
        let message = |race, is_result| RaceMessage {
            race,
            place: "guild:1".into(),
            channel: Some("1".into()),
            edit: None,
            is_result,
            drawn: 0,
            reply: crate::app::Reply::public("x"),
        };
        let text = |n: Nonce| match n {
            Nonce::String(s) => s,
            Nonce::Number(n) => n.to_string(),
        };
        let result = text(nonce(&message(i64::MAX, true)));
        assert!(result.len() <= 25, "{result}");
        assert_ne!(result, text(nonce(&message(i64::MAX, false))));
        assert_ne!(
            text(nonce(&message(1, true))),
            text(nonce(&message(2, true)))
        );
        assert_eq!(
            text(nonce(&message(3, true))),
            text(nonce(&message(3, true)))
        );
    }
}
