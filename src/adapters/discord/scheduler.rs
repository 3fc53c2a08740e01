//! Daily puzzle posts: one task that sleeps until the next post is due, sends what is due
//! (retrying what may pass), and records the outcome for the server's admins.

use std::sync::Arc;
use std::time::Duration;

use serenity::all::{ChannelId, CreateAllowedMentions, CreateMessage, Http, HttpError};
use tokio::sync::Notify;

use super::respond::buttons;
use crate::app::{App, DailyPost};

/// Attempts at a daily post when Discord fails transiently (5xx, 429, network).
const POST_ATTEMPTS: u32 = 4;
/// The first pause between attempts; it doubles after each.
const POST_BACKOFF: Duration = Duration::from_millis(500);

/// The daily scheduler: one task that sleeps until the next post is due (or an hour, so
/// a changed clock is noticed), posts what is due, and goes back to sleep. The stored
/// "last posted day" makes each post happen once, across restarts. `stop` ends it between
/// posts, never in the middle of one.
pub(super) async fn schedule_dailies(
    app: Arc<App>,
    http: Arc<Http>,
    wake: Arc<Notify>,
    stop: Arc<Notify>,
) {
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
