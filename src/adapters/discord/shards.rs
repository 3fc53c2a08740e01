//! Starting the gateway's shards as fast as Discord allows, and no faster.
//!
//! Discord lets a bot identify `max_concurrency` shards per 5 seconds: shard `id` belongs
//! to bucket `id % max_concurrency`, and each bucket may identify once per 5 s. serenity
//! 0.12.5's `Client` starts every shard through one queue, one every 5 s whatever
//! `max_concurrency` says: at 100 shards and a concurrency of 16, the last one connects
//! after 8 minutes instead of 35 seconds. Here each bucket gets its own serenity
//! `ShardManager` (whose queue then paces only that bucket's re-identifies) and its own
//! start queue, so the buckets start side by side, each at Discord's pace.
//!
//! Before anything identifies, the session start budget (`session_start_limit`, 1,000
//! a day for most bots) is read: a bot that would need more sessions than are left waits
//! for the budget to reset instead of spending what is left on a start that cannot
//! finish, so a crash loop cannot lock the bot out for a day (the systemd unit's
//! `StartLimitBurst` is the other half).
//!
//! Resuming across a restart: Discord keeps a session resumable when its connection
//! closes with a code other than 1000/1001, but serenity 0.12.5 cannot start a shard
//! with a known session (`Shard`'s session id is private, and a new shard always
//! identifies), so a session left open could never be resumed, only time out while
//! Discord keeps routing the shard's events to it. A shutdown therefore closes with
//! 1000: Discord moves on at once, and the next start identifies.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use futures_channel::mpsc;
use futures_util::StreamExt;
use serenity::all::{EventHandler, GatewayIntents, Http, ShardId};
use serenity::gateway::{
    GatewayError, PresenceData, ShardManager, ShardManagerOptions, ShardQueuer, ShardQueuerMessage,
};
use serenity::prelude::{Mutex, RwLock, TypeMap};
use tokio::task::JoinSet;

/// Discord's window for one identify per bucket.
pub const IDENTIFY_WINDOW: Duration = Duration::from_secs(5);

/// Which shards start together: bucket `k` holds the shards `id` with
/// `id % max_concurrency == k`, in start order (no bucket is empty).
pub fn buckets(total: u32, max_concurrency: u32) -> Vec<Vec<u32>> {
    let concurrency = max_concurrency.clamp(1, total.max(1));
    (0..concurrency)
        .map(|bucket| (bucket..total).step_by(concurrency as usize).collect())
        .filter(|shards: &Vec<u32>| !shards.is_empty())
        .collect()
}

/// What Discord said about starting sessions, and how many shards to run.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The gateway's address.
    pub url: String,
    pub total: u32,
    pub max_concurrency: u32,
}

/// The gateway side of the bot: the HTTP client, the event handler and the shards.
pub struct Gateway {
    pub http: Arc<Http>,
    handler: Arc<dyn EventHandler>,
    intents: GatewayIntents,
    data: Arc<RwLock<TypeMap>>,
}

impl Gateway {
    pub fn new(http: Http, intents: GatewayIntents, handler: Arc<dyn EventHandler>) -> Gateway {
        Gateway {
            http: Arc::new(http),
            handler,
            intents,
            data: Arc::new(RwLock::new(TypeMap::new())),
        }
    }

    /// How many shards to run (`shards`, or Discord's recommendation), once Discord's
    /// session budget allows starting all of them. Waits out an exhausted budget (or
    /// returns `None` when `stop` comes first).
    pub async fn plan(
        &self,
        shards: Option<u32>,
        stop: &mut (impl Future<Output = ()> + Unpin),
    ) -> Result<Option<Plan>, serenity::Error> {
        loop {
            let gateway = self.http.get_bot_gateway().await?;
            let total = shards.unwrap_or(gateway.shards).max(1);
            let limit = gateway.session_start_limit;
            tracing::info!(
                shards = total,
                max_concurrency = limit.max_concurrency,
                sessions_left = limit.remaining,
                "starting the gateway"
            );
            if limit.remaining >= u64::from(total) {
                return Ok(Some(Plan {
                    url: gateway.url,
                    total,
                    max_concurrency: u32::try_from(limit.max_concurrency).unwrap_or(1).max(1),
                }));
            }
            // At least a second, so a budget reported as resetting "now" is not asked
            // about in a tight loop.
            let wait = Duration::from_millis(limit.reset_after.max(1_000));
            tracing::error!(
                needed = total,
                sessions_left = limit.remaining,
                resets_in_s = wait.as_secs(),
                "Discord's session start budget is nearly spent (restarting too often?): waiting for it to reset before connecting"
            );
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = &mut *stop => return Ok(None),
            }
        }
    }

    /// Runs the shards of `plan` until `stop` resolves (then closes every shard and
    /// returns `Ok`) or a shard fails for good (a rejected token, a shard count Discord
    /// refuses: every shard is closed and the error returned).
    pub async fn run(
        &self,
        plan: Plan,
        stop: impl Future<Output = ()> + Send,
    ) -> Result<(), serenity::Error> {
        let ws_url = Arc::new(Mutex::new(plan.url.clone()));
        let mut managers = Vec::new();
        let mut outcomes = Vec::new();
        let mut starters = JoinSet::new();
        let mut start_queues = Vec::new();
        for bucket in buckets(plan.total, plan.max_concurrency) {
            let (manager, outcome) = ShardManager::new(ShardManagerOptions {
                data: self.data.clone(),
                event_handlers: vec![self.handler.clone()],
                raw_event_handlers: vec![],
                shard_index: 0,
                shard_init: 0,
                shard_total: plan.total,
                ws_url: ws_url.clone(),
                http: self.http.clone(),
                intents: self.intents,
                presence: Some(PresenceData::default()),
            });
            // The manager's own queue restarts this bucket's shards later, one per 5 s;
            // this one starts them now, at the same pace (serenity's queue waits
            // `IDENTIFY_WINDOW` between two starts), side by side with the other buckets.
            let (queue, requests) = mpsc::unbounded();
            for &id in &bucket {
                let _ = queue
                    .unbounded_send(ShardQueuerMessage::Start(ShardId(id), ShardId(plan.total)));
            }
            let mut starter = ShardQueuer {
                data: self.data.clone(),
                event_handlers: vec![self.handler.clone()],
                raw_event_handlers: vec![],
                last_start: None,
                manager: manager.clone(),
                queue: std::collections::VecDeque::new(),
                runners: manager.runners.clone(),
                rx: requests,
                ws_url: ws_url.clone(),
                http: self.http.clone(),
                intents: self.intents,
                presence: Some(PresenceData::default()),
            };
            starters.spawn(async move { starter.run().await });
            start_queues.push(queue);
            managers.push(manager);
            outcomes.push(outcome);
        }
        // The first word from any bucket: serenity sends `Ok` only once shut down, so
        // before `stop` only a failure comes.
        let failed = futures_util::future::select_all(outcomes.iter_mut().map(|o| o.next()));
        let result = tokio::select! {
            () = stop => Ok(()),
            (outcome, _, _) = failed => match outcome {
                Some(Err(error)) => Err(error),
                _ => Ok(()),
            },
        };
        // No shard may start after this: the start queues end once their last start
        // (if one is under way) is done, and only then are the shards closed.
        drop(start_queues);
        while starters.join_next().await.is_some() {}
        futures_util::future::join_all(managers.iter().map(|m| m.shutdown_all())).await;
        result.map_err(|error: GatewayError| serenity::Error::Gateway(error))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_bucket_holds_the_shards_discord_puts_in_it() {
        assert_eq!(buckets(1, 1), vec![vec![0]]);
        assert_eq!(buckets(5, 1), vec![vec![0, 1, 2, 3, 4]]);
        assert_eq!(
            buckets(10, 4),
            vec![vec![0, 4, 8], vec![1, 5, 9], vec![2, 6], vec![3, 7]]
        );
        // More concurrency than shards: every shard alone, at once.
        assert_eq!(buckets(2, 16), vec![vec![0], vec![1]]);
        // Discord never says 0; if it did, one bucket.
        assert_eq!(buckets(3, 0), vec![vec![0, 1, 2]]);
        for (total, concurrency) in [(1, 1), (7, 3), (100, 16), (40, 1)] {
            let all = buckets(total, concurrency);
            let mut seen: Vec<u32> = all.iter().flatten().copied().collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..total).collect::<Vec<_>>(), "every shard once");
            for bucket in &all {
                let key = bucket[0] % concurrency.max(1);
                assert!(bucket.iter().all(|id| id % concurrency.max(1) == key));
            }
        }
    }
}
