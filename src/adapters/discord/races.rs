//! Race messages out: one task that, every second, asks the core what changed in races
//! (scoreboards to edit, lobbies that closed, results to post) and sends it. Moves never
//! wait for an edit: they only mark the race's message stale, and this task redraws it at
//! most once per [`EDIT_GAP_MS`] per race, within Discord's edit rate limits.
//!
//! A race whose message Discord refuses for good (403: the bot lost its permissions in
//! the channel; 404 Unknown Channel: the channel is gone) is not tried again every second:
//! its scoreboard is given up for this run (its result is still tried, once).

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ChannelId, Http, HttpError, MessageId};
use tokio::sync::Notify;

use super::respond::{channel_edit, channel_post};
use crate::app::{App, RaceMessage};

/// How often the task looks for race changes.
const TICK: Duration = Duration::from_secs(1);
/// The least time between two edits of one race's message. Discord allows about five
/// edits per five seconds in a channel; two races edited every two seconds stay under it,
/// and serenity's rate limiter queues the rest rather than failing them.
pub(super) const EDIT_GAP_MS: i64 = 2_000;
/// One request that hangs must not stall the others for long.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);

pub(super) async fn tell_races(app: Arc<App>, http: Arc<Http>, stop: Arc<Notify>) {
    // Races whose channel refused their message for good.
    let mut refused: HashSet<i64> = HashSet::new();
    loop {
        let a = app.clone();
        let messages = tokio::task::spawn_blocking(move || a.take_race_messages(EDIT_GAP_MS))
            .await
            .unwrap_or_default();
        for message in messages {
            if refused.contains(&message.race) && !message.is_result {
                continue;
            }
            if message.is_result {
                refused.remove(&message.race);
            }
            let race = message.race;
            if send(&app, &http, message).await {
                refused.insert(race);
            }
        }
        tokio::select! {
            () = tokio::time::sleep(TICK) => {}
            () = stop.notified() => return,
        }
    }
}

/// What became of one request.
enum Outcome {
    Sent(Option<MessageId>),
    /// The message to edit is gone (deleted by a moderator): post the race anew.
    Gone,
    /// The channel refuses the bot for good (403, or 404 Unknown Channel).
    Refused(String),
    Failed(String),
}

/// Sends one race message; `true` when the channel refused it for good.
async fn send(app: &Arc<App>, http: &Http, message: RaceMessage) -> bool {
    let Some(channel) = message
        .channel
        .as_deref()
        .and_then(|c| c.parse::<u64>().ok())
        .filter(|&c| c != 0)
        .map(ChannelId::new)
    else {
        tracing::warn!(
            race = message.race,
            "a race without a channel: nothing to post"
        );
        return false;
    };
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
                .send_message(http, channel_post(reply))
                .await
                .map(|m| Some(m.id)),
        }
    };
    let outcome = match tokio::time::timeout(REQUEST_TIMEOUT, request).await {
        Ok(Ok(id)) => Outcome::Sent(id),
        Ok(Err(error @ serenity::Error::Http(HttpError::UnsuccessfulRequest(_)))) => {
            let (status, code) = match &error {
                serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
                    (r.status_code.as_u16(), r.error.code)
                }
                _ => (0, 0),
            };
            match (status, code) {
                // Unknown Channel: no post or edit will ever get through.
                (404, 10003) | (403, _) => Outcome::Refused(super::discord_error(&error)),
                (404, _) if edit_of.is_some() => Outcome::Gone,
                _ => Outcome::Failed(super::discord_error(&error)),
            }
        }
        Ok(Err(error)) => Outcome::Failed(super::discord_error(&error)),
        Err(_) => Outcome::Failed("no answer within the timeout".into()),
    };
    if let Outcome::Refused(error) = &outcome {
        tracing::warn!(
            race = message.race,
            %error,
            "the race's channel refuses its message; not tried again"
        );
        return true;
    }
    let app = app.clone();
    let race = message.race;
    let is_result = message.is_result;
    let _ = tokio::task::spawn_blocking(move || match outcome {
        Outcome::Sent(Some(id)) if !is_result => app.race_message_sent(race, &id.to_string()),
        Outcome::Sent(_) => {}
        Outcome::Gone => app.race_message_failed(race, true),
        Outcome::Refused(_) => {}
        // A result is handed out once: a failed post is logged, not repeated, so a post
        // that Discord did make (a timeout after the fact) never shows twice.
        Outcome::Failed(error) if is_result => {
            tracing::warn!(race, %error, "posting a race result failed");
        }
        Outcome::Failed(error) => {
            tracing::warn!(race, %error, "updating a race message failed; trying again");
            app.race_message_failed(race, false);
        }
    })
    .await;
    false
}
