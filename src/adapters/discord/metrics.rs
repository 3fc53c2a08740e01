//! What the bot counts for `GET /metrics` (Prometheus text format, through the
//! `prometheus-client` crate): interactions by command and outcome, how long their first
//! answers took (from reaching the bot, and from Discord creating them), how long the store
//! made accesses wait, and what Discord's REST API refused or rate-limited, by route.
//!
//! Labels are bounded: a command's name from the core's table, an outcome from a short
//! list, a route as a template (`/channels/{id}/messages`, never an id or a token).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric};
use prometheus_client::metrics::MetricType;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;
use serenity::all::InteractionId;

use super::deadline::age_of;
use super::observe::{Observer, UNREAD};
use crate::app::App;

/// Interactions, by the core's command name and how they were answered.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Handled {
    command: &'static str,
    outcome: &'static str,
}

/// A request Discord refused (or rate-limited), by route template and status.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Refused {
    route: String,
    status: u16,
}

/// A wait serenity's rate limiter took on Discord's word, by route template; `global`:
/// the bot-wide limit.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct Limited {
    route: String,
    global: bool,
}

/// An interaction not run for want of room, by command and why.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct NotRun {
    command: &'static str,
    reason: &'static str,
}

/// The bot's metrics.
pub(super) struct Metrics {
    registry: Registry,
    handled: Family<Handled, Counter>,
    busy: Family<NotRun, Counter>,
    first_answer: Histogram,
    age_at_answer: Histogram,
    refused: Family<Refused, Counter>,
    limited: Family<Limited, Counter>,
    invalid: Counter,
    invalid_limit: prometheus_client::metrics::gauge::Gauge,
    /// Interactions being handled: when each reached the bot, and its command once read
    /// (from [`Observer::opened`] to [`Observer::closed`]).
    open: Mutex<HashMap<InteractionId, (Instant, &'static str)>>,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics")
    }
}

/// Seconds, from a millisecond up to Discord's 3 s and past it.
fn seconds_buckets() -> impl Iterator<Item = f64> {
    [
        0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 5.0,
    ]
    .into_iter()
}

impl Metrics {
    pub(super) fn new(app: Arc<App>) -> Metrics {
        let mut registry = Registry::with_prefix("sudoku");
        let handled = Family::<Handled, Counter>::default();
        registry.register(
            "interactions",
            "Interactions by the core's command and how they were first answered (message, update, deferred, deferred_update, modal, failed, too_old)",
            handled.clone(),
        );
        let busy = Family::<NotRun, Counter>::default();
        registry.register(
            "interactions_busy",
            "Interactions not run because the core had no room (told the bot is busy): queue_full at once, waited_too_long after a deferral",
            busy.clone(),
        );
        let first_answer = Histogram::new(seconds_buckets());
        registry.register(
            "first_answer_seconds",
            "From an interaction reaching the bot to its first answer",
            first_answer.clone(),
        );
        let age_at_answer = Histogram::new(seconds_buckets());
        registry.register(
            "interaction_age_at_answer_seconds",
            "From Discord creating an interaction (its id says when) to its first answer; Discord gives up at 3",
            age_at_answer.clone(),
        );
        let refused = Family::<Refused, Counter>::default();
        registry.register(
            "rest_refusals",
            "Requests Discord's REST API answered with 4xx, by route and status",
            refused.clone(),
        );
        let limited = Family::<Limited, Counter>::default();
        registry.register(
            "rest_rate_limited",
            "Waits serenity's rate limiter took on Discord's rate-limit headers or 429s, by route",
            limited.clone(),
        );
        let invalid = Counter::default();
        registry.register(
            "discord_invalid_requests",
            "Requests Discord counts towards its ban of the address (401, 403, 429), 429s serenity's rate limiter retried included (and its waits on an empty bucket, which it does not tell apart)",
            invalid.clone(),
        );
        let invalid_limit = prometheus_client::metrics::gauge::Gauge::default();
        registry.register(
            "discord_invalid_requests_limit",
            "Invalid requests in 10 minutes past which this process pauses its own messages (its share of the address's, see replicas_per_address)",
            invalid_limit.clone(),
        );
        registry.register_collector(Box::new(StoreWaitCollector(app)));
        Metrics {
            registry,
            handled,
            busy,
            first_answer,
            age_at_answer,
            refused,
            limited,
            invalid,
            invalid_limit,
            open: Mutex::new(HashMap::new()),
        }
    }

    fn open(&self) -> std::sync::MutexGuard<'_, HashMap<InteractionId, (Instant, &'static str)>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn count(&self, command: &'static str, outcome: &'static str) {
        self.handled
            .get_or_create(&Handled { command, outcome })
            .inc();
    }

    /// Everything, in Prometheus' text format.
    pub(super) fn encode(&self) -> String {
        let mut text = String::new();
        if let Err(error) = prometheus_client::encoding::text::encode(&mut text, &self.registry) {
            tracing::error!(%error, "encoding the metrics failed");
        }
        text
    }
}

/// The metrics watch the answer path and the budget: each event counted as it happens.
impl Observer for Metrics {
    fn opened(&self, id: InteractionId) {
        self.open().insert(id, (Instant::now(), UNREAD));
    }

    fn read_as(&self, id: InteractionId, command: &'static str) {
        if let Some(open) = self.open().get_mut(&id) {
            open.1 = command;
        }
    }

    /// Counted by the command read, with how long the answer took from reaching the bot
    /// and from Discord creating the interaction.
    fn answered(&self, id: InteractionId, outcome: &'static str) {
        let open = self.open().get(&id).copied();
        let command = open.map_or(UNREAD, |(_, command)| command);
        self.count(command, outcome);
        if let Some((reached, _)) = open {
            self.first_answer.observe(reached.elapsed().as_secs_f64());
        }
        self.age_at_answer.observe(age_of(id).as_secs_f64());
    }

    fn closed(&self, id: InteractionId) {
        self.open().remove(&id);
    }

    fn too_old(&self, command: &'static str) {
        self.count(command, "too_old");
    }

    fn busy(&self, command: &'static str, why: &'static str) {
        self.busy
            .get_or_create(&NotRun {
                command,
                reason: why,
            })
            .inc();
    }

    /// Only a 4xx is counted.
    fn refused(&self, path: &str, status: u16) {
        if (400..500).contains(&status) {
            self.refused
                .get_or_create(&Refused {
                    route: route_of(path),
                    status,
                })
                .inc();
        }
    }

    fn rate_limited(&self, path: &str, global: bool) {
        self.limited
            .get_or_create(&Limited {
                route: route_of(path),
                global,
            })
            .inc();
    }

    fn invalid(&self) {
        self.invalid.inc();
    }

    fn invalid_limit(&self, limit: usize) {
        self.invalid_limit
            .set(i64::try_from(limit).unwrap_or(i64::MAX));
    }
}

/// The store's wait histogram, read from the core at each scrape.
struct StoreWaitCollector(Arc<App>);

impl std::fmt::Debug for StoreWaitCollector {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StoreWaitCollector")
    }
}

impl Collector for StoreWaitCollector {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let waits = self.0.store_waits();
        let histogram = StoreWaitHistogram(waits);
        let metric = encoder.encode_descriptor(
            "store_wait_seconds",
            "How long each access to the store waited for it (the one writer's lock)",
            None,
            histogram.metric_type(),
        )?;
        histogram.encode(metric)
    }
}

/// A reading of the store's waits as a Prometheus histogram.
struct StoreWaitHistogram(crate::app::commits::StoreWaitSnapshot);

impl EncodeMetric for StoreWaitHistogram {
    fn encode(
        &self,
        mut encoder: prometheus_client::encoding::MetricEncoder,
    ) -> Result<(), std::fmt::Error> {
        encoder.encode_histogram::<prometheus_client::encoding::NoLabelSet>(
            self.0.sum_seconds,
            self.0.count,
            &self.0.buckets,
            None,
        )
    }

    fn metric_type(&self) -> MetricType {
        MetricType::Histogram
    }
}

/// A request's path as a route template: ids and tokens replaced
/// (`/api/v10/channels/123/messages/456` → `/channels/{id}/messages/{id}`,
/// `/webhooks/1/tok/messages/@original` → `/webhooks/{id}/{token}/messages/@original`).
pub(super) fn route_of(path: &str) -> String {
    let path = path
        .split_once("/api/v10")
        .map_or(path, |(_, rest)| rest)
        .split('?')
        .next()
        .unwrap_or("");
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let mut route = String::new();
    for (i, segment) in segments.iter().enumerate() {
        // A webhook's or an interaction's id is followed by its token.
        let token = i >= 2 && matches!(segments[i - 2], "webhooks" | "interactions");
        let shown = if token {
            "{token}"
        } else if segment.bytes().all(|b| b.is_ascii_digit()) {
            "{id}"
        } else {
            segment
        };
        route.push('/');
        route.push_str(shown);
    }
    route
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::SystemClock;
    use crate::store::Store;

    #[test]
    fn what_is_counted_is_scraped_with_bounded_labels() {
        let store = Store::open_in_memory().expect("store");
        let app = Arc::new(App::new(store, Arc::new(SystemClock), 1));
        let metrics = Metrics::new(app.clone());
        // One access to the store, as reading the lease is (on any backend).
        app.store()
            .read(|tx| tx.lease(crate::adapters::discord::lease::OUTBOUND))
            .expect("store");
        let id = InteractionId::new(1);
        metrics.opened(id);
        metrics.read_as(id, "solve");
        metrics.answered(id, "message");
        metrics.closed(id);
        assert!(metrics.open().is_empty(), "done with, forgotten");
        metrics.too_old("move");
        metrics.refused("/api/v10/channels/700000000000000001/messages", 403);
        metrics.refused("/api/v10/channels/700000000000000002/messages", 403);
        metrics.refused("/api/v10/channels/7/messages", 500);
        metrics.rate_limited("https://discord.com/api/v10/channels/9/messages/8", false);
        app.lease("outbound").expect("the store is read");
        let text = metrics.encode();
        let line = |start: &str| {
            text.lines()
                .find(|l| l.starts_with(start))
                .unwrap_or_else(|| panic!("no {start} in:\n{text}"))
                .to_string()
        };
        assert!(
            text.contains(r#"sudoku_interactions_total{command="solve",outcome="message"} 1"#),
            "{text}"
        );
        assert!(
            text.contains(r#"sudoku_interactions_total{command="move",outcome="too_old"} 1"#),
            "{text}"
        );
        assert!(
            text.contains(
                r#"sudoku_rest_refusals_total{route="/channels/{id}/messages",status="403"} 2"#
            ),
            "two refusals of one route, counted under its template: {text}"
        );
        assert!(!text.contains("status=\"500\""), "only 4xx: {text}");
        assert!(text.contains(r#"sudoku_rest_rate_limited_total{route="/channels/{id}/messages/{id}",global="false"} 1"#), "{text}");
        assert!(
            line("sudoku_first_answer_seconds_count").ends_with(" 1"),
            "{text}"
        );
        // The store was waited for at least once (opening it, reading the lease).
        let waits: u64 = line("sudoku_store_wait_seconds_count")
            .rsplit(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("a count");
        assert!(waits >= 1, "{text}");
        assert!(
            !text.contains("700000000000000001"),
            "no id in a label: {text}"
        );
    }

    #[test]
    fn routes_carry_no_id_and_no_token() {
        for (path, route) in [
            (
                "https://discord.com/api/v10/channels/700000000000000001/messages/123",
                "/channels/{id}/messages/{id}",
            ),
            (
                "/api/v10/webhooks/900000000000000001/tok-secret/messages/@original",
                "/webhooks/{id}/{token}/messages/@original",
            ),
            (
                "/api/v10/interactions/1234/aW50ZXJhY3Rpb24/callback",
                "/interactions/{id}/{token}/callback",
            ),
            (
                "/api/v10/applications/9/commands?with_localizations=true",
                "/applications/{id}/commands",
            ),
            ("/api/v10/gateway/bot", "/gateway/bot"),
        ] {
            assert_eq!(route_of(path), route, "{path}");
        }
    }
}
