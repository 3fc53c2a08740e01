//! The admin listener (`[admin] listen`, loopback by default): what probes and Prometheus
//! ask, in every mode (the gateway alone included), on an address of its own that is
//! never the public one.
//!
//! - `GET /healthz`: liveness. 200 while the process serves at all; it reads nothing, so
//!   a database outage does not get a healthy process restarted.
//! - `GET /readyz`: whether to send this process work. 200 `{"ready": true, …}`, else
//!   503 with why: still starting its shards (when the gateway carries the interactions),
//!   draining for a shutdown, or the database unreadable. The body also says which shards
//!   are connected and who holds the sending lease.
//! - `GET /metrics`: the bot's counters and histograms (see `metrics`).
//!
//! [`probe`] is the client side (`sudoku-bot health`), for a container's health check
//! where no curl is installed.

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::lease::OUTBOUND;
use super::metrics::Metrics;
use crate::app::App;

/// What `/readyz` answers from: the shards' state and whether a shutdown began.
pub(super) struct Readiness {
    /// Whether the shards carry the interactions (no `[interactions]`): then the process
    /// is ready only once every shard is connected.
    shards_needed: bool,
    /// Shards planned (0 until Discord said how many, or without the gateway).
    total: AtomicU32,
    /// Shards connected: READY seen, and no change of stage since.
    up: Mutex<BTreeSet<u32>>,
    /// The interactions endpoint is listening (HTTP mode).
    serving: AtomicBool,
    /// HTTP mode: readiness waits for the endpoint instead of the shards.
    http: bool,
    draining: AtomicBool,
}

impl Readiness {
    pub(super) fn new(http: bool) -> Readiness {
        Readiness {
            shards_needed: !http,
            total: AtomicU32::new(0),
            up: Mutex::new(BTreeSet::new()),
            serving: AtomicBool::new(false),
            http,
            draining: AtomicBool::new(false),
        }
    }

    fn up(&self) -> std::sync::MutexGuard<'_, BTreeSet<u32>> {
        self.up.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(super) fn planned(&self, total: u32) {
        self.total.store(total, Ordering::SeqCst);
    }

    pub(super) fn shard_up(&self, shard: u32) {
        self.up().insert(shard);
    }

    pub(super) fn shard_down(&self, shard: u32) {
        self.up().remove(&shard);
    }

    pub(super) fn serving(&self) {
        self.serving.store(true, Ordering::SeqCst);
    }

    pub(super) fn draining(&self) {
        self.draining.store(true, Ordering::SeqCst);
    }

    /// Why the process is not ready, leaving the database aside (`None`: ready).
    fn waiting_for(&self) -> Option<&'static str> {
        if self.draining.load(Ordering::SeqCst) {
            return Some("draining");
        }
        if self.http && !self.serving.load(Ordering::SeqCst) {
            return Some("starting the interactions endpoint");
        }
        let total = self.total.load(Ordering::SeqCst);
        if self.shards_needed && (total == 0 || (self.up().len() as u32) < total) {
            return Some("starting shards");
        }
        None
    }
}

/// The admin listener's state.
#[derive(Clone)]
pub(super) struct Admin {
    pub(super) app: Arc<App>,
    pub(super) metrics: Arc<Metrics>,
    pub(super) readiness: Arc<Readiness>,
    /// This process's name as a holder of the sending lease.
    pub(super) holder: String,
}

pub(super) fn router(admin: Admin) -> Router {
    Router::new()
        .route("/healthz", get(alive))
        .route("/readyz", get(ready))
        .route("/metrics", get(metrics))
        .with_state(admin)
}

/// `GET /healthz` on the admin listener: the process answers.
async fn alive() -> Response {
    json(StatusCode::OK, serde_json::json!({"alive": true}))
}

/// `GET /readyz`.
async fn ready(State(admin): State<Admin>) -> Response {
    let waiting = admin.readiness.waiting_for();
    let (store, sending) = match lease(&admin.app, &admin.holder).await {
        Ok(sending) => ("ok", sending),
        Err(()) => ("unreachable", serde_json::Value::Null),
    };
    let why = waiting.or((store != "ok").then_some("the database cannot be read"));
    let readiness = &admin.readiness;
    let body = serde_json::json!({
        "ready": why.is_none(),
        "waiting_for": why,
        "store": store,
        "shards": {
            "total": readiness.total.load(Ordering::SeqCst),
            "connected": readiness.up().len(),
        },
        "sending": sending,
    });
    let status = if why.is_none() {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    json(status, body)
}

/// Who sends the bot's own messages (the holder of the sending lease, whether it is
/// this process, how long it has held it, and in how many seconds it runs out unless
/// renewed), read from the store; `Err` when the store cannot be read.
pub(super) async fn lease(app: &Arc<App>, holder: &str) -> Result<serde_json::Value, ()> {
    let app = app.clone();
    let read = tokio::task::spawn_blocking(move || app.lease(OUTBOUND)).await;
    let lease = match read {
        Ok(Ok(read)) => read,
        Ok(Err(error)) => {
            tracing::error!(%error, "health check: the store cannot be read");
            return Err(());
        }
        Err(_) => return Err(()),
    };
    Ok(lease.map_or(serde_json::Value::Null, |lease| {
        serde_json::json!({
            "this_replica": lease.holder == holder,
            "holder": lease.holder,
            // By the database's clock, which times the lease.
            "held_for_s": (lease.now - lease.since) as f64 / 1000.0,
            "expires_in_s": (lease.until - lease.now) as f64 / 1000.0,
        })
    }))
}

/// `GET /metrics`: the bot's counters and histograms in the OpenMetrics text format that
/// Prometheus scrapes.
pub(super) async fn metrics_of(metrics: Arc<Metrics>) -> Response {
    match tokio::task::spawn_blocking(move || metrics.encode()).await {
        Ok(text) => (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static(
                    "application/openmetrics-text; version=1.0.0; charset=utf-8",
                ),
            )],
            text,
        )
            .into_response(),
        Err(_) => (StatusCode::INTERNAL_SERVER_ERROR, "metrics failed").into_response(),
    }
}

async fn metrics(State(admin): State<Admin>) -> Response {
    metrics_of(admin.metrics).await
}

fn json(status: StatusCode, body: serde_json::Value) -> Response {
    (
        status,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        body.to_string(),
    )
        .into_response()
}

/// Where to reach a listener bound to `listen`: itself, or loopback for an unspecified
/// address (`0.0.0.0:9090` in a container is reached at `127.0.0.1:9090` inside it).
pub fn reach(listen: SocketAddr) -> SocketAddr {
    if listen.ip().is_unspecified() {
        let loopback = match listen {
            SocketAddr::V4(_) => std::net::IpAddr::from([127, 0, 0, 1]),
            SocketAddr::V6(_) => std::net::IpAddr::from(std::net::Ipv6Addr::LOCALHOST),
        };
        SocketAddr::new(loopback, listen.port())
    } else {
        listen
    }
}

/// `GET path` on the admin listener at `listen` (plain HTTP/1.0, within `timeout`): the
/// status code and the body. What `sudoku-bot health` runs.
pub fn probe(listen: SocketAddr, path: &str, timeout: Duration) -> Result<(u16, String), String> {
    let address = reach(listen);
    let mut stream = TcpStream::connect_timeout(&address, timeout)
        .map_err(|e| format!("cannot reach the admin listener at {address}: {e}"))?;
    let _ = stream.set_read_timeout(Some(timeout));
    let _ = stream.set_write_timeout(Some(timeout));
    write!(
        stream,
        "GET {path} HTTP/1.0\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| format!("asking {address}: {e}"))?;
    let mut answer = Vec::new();
    // At most 1 MB: a health answer is a few hundred bytes, metrics a few dozen KB.
    stream
        .take(1 << 20)
        .read_to_end(&mut answer)
        .map_err(|e| format!("reading {address}'s answer: {e}"))?;
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse::<u16>().ok())
        .ok_or_else(|| format!("{address} did not answer HTTP"))?;
    Ok((status, body.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_waits_for_every_shard_and_stops_at_draining() {
        let gateway = Readiness::new(false);
        assert_eq!(gateway.waiting_for(), Some("starting shards"));
        gateway.planned(2);
        gateway.shard_up(0);
        assert_eq!(gateway.waiting_for(), Some("starting shards"));
        gateway.shard_up(1);
        assert_eq!(gateway.waiting_for(), None);
        gateway.shard_down(1);
        assert_eq!(gateway.waiting_for(), Some("starting shards"));
        gateway.shard_up(1);
        gateway.draining();
        assert_eq!(gateway.waiting_for(), Some("draining"));

        // Over HTTP the endpoint carries the interactions: shards do not hold it back.
        let http = Readiness::new(true);
        assert_eq!(
            http.waiting_for(),
            Some("starting the interactions endpoint")
        );
        http.serving();
        assert_eq!(http.waiting_for(), None);
    }

    #[test]
    fn an_unspecified_address_is_reached_on_loopback() {
        let reached = |text: &str| reach(text.parse().expect("address")).to_string();
        assert_eq!(reached("0.0.0.0:9090"), "127.0.0.1:9090");
        assert_eq!(reached("[::]:9090"), "[::1]:9090");
        assert_eq!(reached("10.0.0.5:9090"), "10.0.0.5:9090");
    }
}
