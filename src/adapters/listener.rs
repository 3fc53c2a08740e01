//! The public listener: the interactions endpoint, the web board and the Activity's
//! sign-in share it, so it must hold against clients that are slow on purpose.
//!
//! `axum::serve` runs without a timer: a connection that trickles its header lines (or
//! sends nothing) stays open for ever, and 1,100 of them used up a service's usual 1,024
//! file descriptors, leaving Discord's own requests unanswered (issue 49). Here hyper's
//! HTTP/1 server is driven by hand:
//!
//! - **Header read and idle keep-alive**: a request's head must arrive within
//!   [`Limits::header_within`]. hyper starts that timer whenever it waits for a head, so
//!   it also closes a kept-alive connection idle that long.
//! - **Body before anything**: a request's body is read whole, within
//!   [`Limits::body_within`] and up to [`Limits::max_body`], before the router sees the
//!   request. Handlers' own slots (the endpoint's request turns) are thus held only by
//!   requests that fully arrived; a dribbling client is answered 408 and holds nothing.
//! - **A connection cap** ([`Limits::connections`]), sized from the file limit, shared
//!   fairly by address. When it is full, a new connection evicts one of the address
//!   holding the most connections: of those, the one that has gone longest without
//!   delivering a whole request (trickling heads, dribbling bodies, idle keep-alives),
//!   never one whose request is being handled. A client flooding the listener thus
//!   evicts its own connections, not Discord's; only when every connection is busy with
//!   a real request is the newcomer closed at once.
//!
//! WebSocket upgrades leave the cap once upgraded: the web board counts its sockets
//! under a cap of its own ([`sockets_for_this_process`]).

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, Response, StatusCode, header};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::sync::Notify;
use tokio::time::Instant;
use tower::ServiceExt;

/// File descriptors kept out of both caps: the database, the HTTP clients to Discord,
/// the gateway, logs, the listeners themselves.
const RESERVED_FILES: usize = 128;

/// The listener's limits. [`Limits::for_this_process`] sizes them for the process's file
/// limit; tests make them small.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// HTTP connections open at once (upgraded WebSockets not counted).
    pub connections: usize,
    /// How long a request's head may take to arrive, and how long a kept-alive
    /// connection may stay idle.
    pub header_within: Duration,
    /// How long a request's body may take to arrive once its head did.
    pub body_within: Duration,
    /// The largest body read; a larger one is answered 413 (routes keep smaller limits of
    /// their own).
    pub max_body: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            connections: 448,
            header_within: Duration::from_secs(10),
            body_within: Duration::from_secs(5),
            max_body: 256 * 1024,
        }
    }
}

impl Limits {
    /// The defaults, with the connection cap sized from the process's open-file limit:
    /// half of what is left after [`RESERVED_FILES`] (the other half is the web board's
    /// sockets', see [`sockets_for_this_process`]), at most 4,096. A 1,024 limit gives 448.
    pub fn for_this_process() -> Limits {
        Limits {
            connections: (spare_files() / 2).clamp(16, 4_096),
            ..Limits::default()
        }
    }
}

/// WebSockets the web board may hold open at once, from the same file limit: what the
/// HTTP connections leave ([`Limits::for_this_process`]), at most 10,000.
pub fn sockets_for_this_process() -> usize {
    let spare = spare_files();
    (spare - spare / 2).clamp(16, crate::adapters::web::MAX_SOCKETS)
}

/// Open files this process may have beyond [`RESERVED_FILES`] (its soft limit; 1,024
/// when unknown, the usual default).
fn spare_files() -> usize {
    open_file_limit()
        .unwrap_or(1_024)
        .saturating_sub(RESERVED_FILES)
}

/// The soft limit on open files (`None`: unlimited or unknown).
#[cfg(unix)]
fn open_file_limit() -> Option<usize> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given and nothing else.
    let read = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
    (read && limit.rlim_cur != libc::RLIM_INFINITY)
        .then(|| usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX))
}

/// Elsewhere the usual default stands.
#[cfg(not(unix))]
fn open_file_limit() -> Option<usize> {
    None
}

/// When a request's head arrived, in its extensions: the interactions endpoint counts
/// Discord's 3 seconds from it too.
#[derive(Clone, Copy, Debug)]
pub struct Arrived(pub Instant);

/// One open connection, as the cap sees it.
struct Entry {
    /// Who opened it.
    ip: IpAddr,
    /// When it last delivered a whole request (else when it was accepted).
    useful_at: Instant,
    /// Requests of it being handled (whole, in the router): it is not evicted meanwhile.
    busy: Arc<AtomicU64>,
    /// Closes it.
    evict: Arc<Notify>,
}

/// The open connections, to pick one to evict when the cap is full.
#[derive(Default)]
struct Open {
    state: Mutex<OpenState>,
    next: AtomicU64,
}

#[derive(Default)]
struct OpenState {
    entries: HashMap<u64, Entry>,
    /// Connections open per address.
    per_ip: HashMap<IpAddr, usize>,
}

impl OpenState {
    fn remove(&mut self, id: u64) -> Option<Entry> {
        let entry = self.entries.remove(&id)?;
        if let Some(count) = self.per_ip.get_mut(&entry.ip) {
            *count -= 1;
            if *count == 0 {
                self.per_ip.remove(&entry.ip);
            }
        }
        Some(entry)
    }

    /// The connection to evict: an idle one of the address holding the most, the least
    /// useful of them; else (that address's are all busy) the least useful idle one.
    fn victim(&self) -> Option<u64> {
        let idle = |e: &&Entry| e.busy.load(Ordering::SeqCst) == 0;
        let heaviest = self
            .per_ip
            .iter()
            .max_by_key(|(_, count)| **count)
            .map(|(ip, _)| *ip);
        let least_useful = |of: Option<IpAddr>| {
            self.entries
                .iter()
                .filter(|(_, e)| of.is_none_or(|ip| e.ip == ip))
                .filter(|(_, e)| idle(e))
                .min_by_key(|(_, e)| e.useful_at)
                .map(|(&id, _)| id)
        };
        least_useful(heaviest).or_else(|| least_useful(None))
    }
}

impl Open {
    fn state(&self) -> std::sync::MutexGuard<'_, OpenState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Registers a new connection from `ip` if there is room, making room by evicting
    /// one ([`OpenState::victim`]) when the cap is full; `None`: every connection is busy.
    fn admit(
        &self,
        cap: usize,
        ip: IpAddr,
        now: Instant,
    ) -> Option<(u64, Arc<AtomicU64>, Arc<Notify>)> {
        let mut state = self.state();
        if state.entries.len() >= cap {
            // From the address already holding the most while others hold some: refused
            // at once. Evicting its own older connection instead would have the listener
            // set up and tear down a connection for every reconnection of a flood.
            let held = state.per_ip.get(&ip).copied().unwrap_or(0);
            let most = state.per_ip.values().copied().max().unwrap_or(0);
            if state.per_ip.len() > 1 && held > 0 && held >= most {
                return None;
            }
            let victim = state.victim()?;
            if let Some(entry) = state.remove(victim) {
                entry.evict.notify_one();
            }
        }
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let busy = Arc::new(AtomicU64::new(0));
        let evict = Arc::new(Notify::new());
        state.entries.insert(
            id,
            Entry {
                ip,
                useful_at: now,
                busy: busy.clone(),
                evict: evict.clone(),
            },
        );
        *state.per_ip.entry(ip).or_default() += 1;
        Some((id, busy, evict))
    }

    fn useful(&self, id: u64) {
        if let Some(entry) = self.state().entries.get_mut(&id) {
            entry.useful_at = Instant::now();
        }
    }

    fn closed(&self, id: u64) {
        self.state().remove(id);
    }

    fn len(&self) -> usize {
        self.state().entries.len()
    }
}

/// Counts a request being handled on its connection while it lives.
struct Busy(Arc<AtomicU64>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Serves `router` on `listener` within `limits` until `stop` resolves, then lets the
/// requests in flight finish (each connection closes after its current response).
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    limits: Limits,
    stop: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let open = Arc::new(Open::default());
    let stopping = Arc::new(Notify::new());
    let stopped = Arc::new(AtomicBool::new(false));
    // Each connection's task holds a sender: all dropped = all connections closed.
    let (alive, mut all_closed) = tokio::sync::mpsc::channel::<Infallible>(1);
    tokio::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors (or a connection reset before it was
                    // taken): wait a moment rather than spin; the backlog keeps the rest.
                    tracing::debug!(%error, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        let Some((id, busy, evict)) = open.admit(limits.connections, peer.ip(), Instant::now())
        else {
            // Every connection carries a request being handled, or this one comes from
            // the address holding the most: closed at once (a load balancer tries
            // another replica).
            tracing::debug!(
                open = open.len(),
                "connection cap reached; a connection refused"
            );
            drop(stream);
            continue;
        };
        // Small answers and WebSocket frames go out at once: with Nagle's algorithm a
        // frame written while the previous one awaits its ACK waits for the peer's
        // delayed ACK (40 ms on Linux). The web board's pushes measured p99 43 ms before
        // this, under 5 ms after (docs/benchmarks.md).
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "TCP_NODELAY not set on a connection");
        }
        let service = {
            let (router, open, busy) = (router.clone(), open.clone(), busy.clone());
            hyper::service::service_fn(move |request: Request<hyper::body::Incoming>| {
                let (router, open, busy) = (router.clone(), open.clone(), busy.clone());
                async move {
                    let response = handle(router, request, limits, peer, || {
                        open.useful(id);
                        busy.fetch_add(1, Ordering::SeqCst);
                        Busy(busy.clone())
                    })
                    .await;
                    Ok::<_, Infallible>(response)
                }
            })
        };
        let (open, stopping, stopped, alive) = (
            open.clone(),
            stopping.clone(),
            stopped.clone(),
            alive.clone(),
        );
        tokio::spawn(async move {
            let _alive = alive;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(limits.header_within)
                .keep_alive(true);
            let connection = http
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            tokio::pin!(connection);
            let mut shutting = stopped.load(Ordering::SeqCst);
            if shutting {
                connection.as_mut().graceful_shutdown();
            }
            loop {
                tokio::select! {
                    _ = connection.as_mut() => break,
                    () = evict.notified() => break,
                    () = stopping.notified(), if !shutting => {
                        shutting = true;
                        connection.as_mut().graceful_shutdown();
                    }
                }
            }
            open.closed(id);
        });
    }
    drop(listener);
    stopped.store(true, Ordering::SeqCst);
    stopping.notify_waiters();
    drop(alive);
    // Returns None once every connection's task ended.
    let _ = all_closed.recv().await;
    Ok(())
}

/// One request: its body read whole within the limits, then the router. `arrived` is
/// called once it did, and what it returns lives as long as the router's handling.
async fn handle<B>(
    router: Router,
    request: Request<hyper::body::Incoming>,
    limits: Limits,
    peer: std::net::SocketAddr,
    arrived: impl FnOnce() -> B,
) -> Response<Body> {
    let (mut parts, body) = request.into_parts();
    parts.extensions.insert(Arrived(Instant::now()));
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|length| length > limits.max_body as u64) {
        return plain(StatusCode::PAYLOAD_TOO_LARGE, "body too large");
    }
    let read = axum::body::to_bytes(Body::new(body), limits.max_body);
    let body = match tokio::time::timeout(limits.body_within, read).await {
        Ok(Ok(body)) => body,
        // Over the limit without a length (chunked), or the client went away.
        Ok(Err(_)) => return plain(StatusCode::PAYLOAD_TOO_LARGE, "body too large"),
        Err(_) => return plain(StatusCode::REQUEST_TIMEOUT, "body too slow"),
    };
    let _busy = arrived();
    // Who sent it, for limits per client (the Activity's sign-in).
    parts.extensions.insert(axum::extract::ConnectInfo(peer));
    let request = Request::from_parts(parts, Body::from(body));
    match router.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    }
}

fn plain(status: StatusCode, why: &'static str) -> Response<Body> {
    let mut response = Response::new(Body::from(why));
    *response.status_mut() = status;
    // The connection is left as the client left it (a body half sent): close it.
    response.headers_mut().insert(
        header::CONNECTION,
        header::HeaderValue::from_static("close"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_cap_evicts_the_least_useful_idle_connection_never_a_busy_one() {
        let open = Open::default();
        let ip = IpAddr::from([127, 0, 0, 1]);
        let start = Instant::now();
        let (a, a_busy, _a_evict) = open.admit(2, ip, start).expect("room");
        let (b, _, _b_evict) = open
            .admit(2, ip, start + Duration::from_millis(1))
            .expect("room");
        // a delivered a request since, and is handling it: b goes for the newcomer.
        open.useful(a);
        a_busy.fetch_add(1, Ordering::SeqCst);
        let (c, c_busy, _c_evict) = open
            .admit(2, ip, start + Duration::from_millis(2))
            .expect("b evicted");
        let has = |id| open.state().entries.contains_key(&id);
        assert!(!has(b));
        assert!(has(a) && has(c));
        // Both busy: no room, and no one is evicted.
        c_busy.fetch_add(1, Ordering::SeqCst);
        assert!(
            open.admit(2, ip, start + Duration::from_millis(3))
                .is_none()
        );
        assert_eq!(open.len(), 2);
    }

    #[test]
    fn a_flooding_address_is_refused_and_gives_way_to_another() {
        let open = Open::default();
        let (flood, discord) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let start = Instant::now();
        // Discord's connection is the oldest, and idle between two requests.
        let (kept, _, _kept_evict) = open.admit(3, discord, start).expect("room");
        let mut evicts = Vec::new();
        for n in 1..50 {
            // Once full, the flood's newcomers are refused outright.
            if let Some((_, _, evict)) = open.admit(3, flood, start + Duration::from_millis(n)) {
                evicts.push(evict);
            }
        }
        assert_eq!(evicts.len(), 2, "two fitted, the rest were refused");
        assert!(open.state().entries.contains_key(&kept));
        assert_eq!(open.state().per_ip.get(&flood), Some(&2));
        // Another connection of Discord's evicts one of the flood's.
        let (_, _, _) = open
            .admit(3, discord, start + Duration::from_millis(60))
            .expect("room made");
        assert_eq!(open.state().per_ip.get(&discord), Some(&2));
        assert_eq!(open.state().per_ip.get(&flood), Some(&1));
        assert!(open.state().entries.contains_key(&kept));
    }
}
