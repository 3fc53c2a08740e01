//! The web board: the page (`/play`, embedded in the binary) and its WebSocket
//! (`/api/live`), beside the chat. A browser proves who it is with the signed link
//! `/sudoku web` gave (then a session token), and every tap is run by the core as the
//! chat command it stands for ([`crate::app::web`]). Boards are live: a command handled
//! anywhere in this process (chat, another tab, a team-mate) wakes the sockets of that
//! place, which redraw when their board changed; a slow poll catches changes made by
//! other processes (replicas on one PostgreSQL database).
//!
//! Protocol (JSON text frames), client first:
//! - `{"type":"hello","link":T}` or `{"type":"hello","session":T}` →
//!   `{"type":"welcome","session":T,"player":NAME,"view":VIEW}`, or
//!   `{"type":"error","message":M,"fatal":true}` and the socket closes;
//! - `{"type":"act","id":N,"version":V,"action":"place","cell":0..80,"digit":1..9}` (also
//!   `erase`, `note`, `undo`, `hint`, `check`, `give_up`, `new`) →
//!   `{"type":"done","id":N,"ok":B,"message":M,"view":VIEW}`;
//! - pushed: `{"type":"view","view":VIEW}` when the board changed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::json;
use tokio::sync::broadcast;

use crate::app::App;
use crate::app::web::{Action, Identity, View};

const PAGE: &str = include_str!("../../assets/web/play.html");
const SCRIPT: &str = include_str!("../../assets/web/play.js");
const STYLE: &str = include_str!("../../assets/web/play.css");

/// The largest frame read from a browser: actions are a hundred bytes or so.
const MAX_FRAME: usize = 4 * 1024;

/// How often an open board looks at the store for changes made by other processes.
const POLL_EVERY: Duration = Duration::from_secs(2);

/// How long a browser has to say hello before the socket is closed.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// The sockets of each place, woken when a command there was handled.
#[derive(Default)]
pub struct Live {
    places: Mutex<HashMap<String, broadcast::Sender<()>>>,
}

impl Live {
    /// Wakes the boards open in `place`.
    fn changed(&self, place: &str) {
        let places = self.places.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(sender) = places.get(place) {
            let _ = sender.send(());
        }
    }

    fn subscribe(&self, place: &str) -> broadcast::Receiver<()> {
        let mut places = self.places.lock().unwrap_or_else(|p| p.into_inner());
        // Places nobody watches any more are dropped as others subscribe.
        places.retain(|_, sender| sender.receiver_count() > 0);
        places
            .entry(place.to_string())
            .or_insert_with(|| broadcast::channel(16).0)
            .subscribe()
    }
}

struct Web {
    app: Arc<App>,
    live: Arc<Live>,
}

/// The page and its socket, for `app` (whose [`App::with_web`] links sign the
/// sessions). Registers the app's change listener: call once per app.
pub fn router(app: Arc<App>) -> Router {
    let live = Arc::new(Live::default());
    let notify = live.clone();
    if !app.on_change(Box::new(move |place| notify.changed(place))) {
        tracing::warn!(
            "the web board's change listener was already set: boards update by polling only"
        );
    }
    let web = Arc::new(Web { app, live });
    Router::new()
        .route(
            "/play",
            get(|| async { asset(PAGE, "text/html; charset=utf-8") }),
        )
        .route(
            "/play.js",
            get(|| async { asset(SCRIPT, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/play.css",
            get(|| async { asset(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/api/live", get(live_socket))
        .with_state(web)
}

fn asset(body: &'static str, kind: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // The page loads only itself; the link's token is in the fragment, which never
    // leaves the browser, and no referrer carries the page's address elsewhere.
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; frame-ancestors 'self' https://discord.com https://*.discordsays.com",
        ),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

async fn live_socket(State(web): State<Arc<Web>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| serve(web, socket))
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Incoming {
    Hello {
        link: Option<String>,
        session: Option<String>,
    },
    Act {
        id: u64,
        version: u32,
        #[serde(flatten)]
        action: Action,
    },
}

/// Runs `work` on a blocking thread: the core's store calls block.
async fn blocking<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    tokio::task::spawn_blocking(work).await.ok()
}

fn text(value: serde_json::Value) -> Message {
    Message::Text(value.to_string().into())
}

async fn fatal(socket: &mut WebSocket, message: &str) {
    let _ = socket
        .send(text(
            json!({"type": "error", "message": message, "fatal": true}),
        ))
        .await;
    let _ = socket.send(Message::Close(None)).await;
}

/// One browser: hello, then its actions and the board's changes until it goes.
async fn serve(web: Arc<Web>, mut socket: WebSocket) {
    // Subscribed before the welcome's view is read: a change between the two still wakes.
    let Some((who, view, mut wake)) = hello(&web, &mut socket).await else {
        return;
    };
    let mut poll = tokio::time::interval_at(tokio::time::Instant::now() + POLL_EVERY, POLL_EVERY);
    poll.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut shown = Some(view);
    loop {
        tokio::select! {
            frame = socket.recv() => {
                let Some(Ok(frame)) = frame else { return };
                let body = match frame {
                    Message::Text(body) => body,
                    Message::Close(_) => return,
                    _ => continue,
                };
                let Ok(Incoming::Act { id, version, action }) = serde_json::from_str(body.as_str()) else {
                    let _ = socket.send(text(json!({"type": "error", "message": "The page sent something the bot does not understand; reload it.", "fatal": false}))).await;
                    continue;
                };
                let (app, me) = (web.app.clone(), who.clone());
                let (ok, message, view) = match blocking(move || app.web_act(&me, action, version)).await {
                    Some(Ok(outcome)) => (outcome.ok, outcome.message, Some(outcome.view)),
                    Some(Err(why)) => {
                        tracing::debug!(%why, "web action refused");
                        let (app, me) = (web.app.clone(), who.clone());
                        let view = blocking(move || app.web_view(&me)).await.and_then(Result::ok);
                        (false, "That action was not understood; nothing was changed.".to_string(), view)
                    }
                    None => (false, crate::app::APOLOGY.to_string(), None),
                };
                // Without a fresh board (the store failed), the page keeps the one it has.
                let view = view.or_else(|| shown.clone());
                shown = view.clone();
                let answer = json!({"type": "done", "id": id, "ok": ok, "message": message, "view": view});
                if socket.send(text(answer)).await.is_err() {
                    return;
                }
            }
            woken = wake.recv() => {
                if let Err(broadcast::error::RecvError::Closed) = woken {
                    return;
                }
                if !push_if_changed(&web, &who, &mut shown, &mut socket).await {
                    return;
                }
            }
            _ = poll.tick() => {
                if !push_if_changed(&web, &who, &mut shown, &mut socket).await {
                    return;
                }
            }
        }
    }
}

/// Sends the board when it differs from what the page shows; false when the socket is
/// gone.
async fn push_if_changed(
    web: &Web,
    who: &Identity,
    shown: &mut Option<View>,
    socket: &mut WebSocket,
) -> bool {
    let (app, me) = (web.app.clone(), who.clone());
    let Some(Ok(view)) = blocking(move || app.web_view(&me)).await else {
        return true;
    };
    // The timer ticks in the page: a view that differs only in time is no change.
    let same = shown.as_ref().is_some_and(|old| {
        View {
            elapsed_ms: view.elapsed_ms,
            ..old.clone()
        } == view
    });
    if same {
        return true;
    }
    *shown = Some(view.clone());
    socket
        .send(text(json!({"type": "view", "view": view})))
        .await
        .is_ok()
}

/// The first frame: a link (exchanged for a session) or a session. Who it is, the view
/// the welcome carried, and the wake-ups of its place; `None` when the socket was closed
/// (with the reason sent first).
async fn hello(
    web: &Web,
    socket: &mut WebSocket,
) -> Option<(Identity, View, broadcast::Receiver<()>)> {
    let Some(links) = web.app.web_links() else {
        fatal(socket, "The web board is not set up on this bot.").await;
        return None;
    };
    let frame = match tokio::time::timeout(HELLO_WITHIN, socket.recv()).await {
        Ok(Some(Ok(Message::Text(body)))) => body,
        _ => return None,
    };
    let now = web.app.now();
    let (who, session) = match serde_json::from_str(frame.as_str()) {
        Ok(Incoming::Hello {
            session: Some(session),
            ..
        }) => match links.session(&session, now) {
            Ok(who) => (who, session),
            Err(e) => {
                fatal(socket, e.message()).await;
                return None;
            }
        },
        Ok(Incoming::Hello {
            link: Some(link), ..
        }) => match links.open(&link, now) {
            Ok(opened) => opened,
            Err(e) => {
                fatal(socket, e.message()).await;
                return None;
            }
        },
        _ => {
            fatal(
                socket,
                "The page must say hello with its link first; reload it.",
            )
            .await;
            return None;
        }
    };
    let wake = web.live.subscribe(who.place.key());
    let (app, me) = (web.app.clone(), who.clone());
    let view = match blocking(move || app.web_view(&me)).await {
        Some(Ok(view)) => view,
        _ => {
            fatal(socket, crate::app::APOLOGY).await;
            return None;
        }
    };
    let welcome =
        json!({"type": "welcome", "session": session, "player": who.player.name, "view": view});
    socket.send(text(welcome)).await.ok()?;
    Some((who, view, wake))
}

/// Serves the web board on `listener` until `stop` resolves.
pub async fn serve_on(
    app: Arc<App>,
    listener: tokio::net::TcpListener,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(app))
        .with_graceful_shutdown(stop)
        .await
}
