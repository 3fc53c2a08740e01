//! Changes made by other processes on the same database, brought to this one's open
//! boards without each board asking the store.
//!
//! A command handled here tells this process's listener at once ([`App::on_change`]).
//! Other replicas hear of it through the store: on PostgreSQL a teller thread sends the
//! command's keys with `NOTIFY`, on a connection of its own and off the command's path
//! (a player never waits for it), and a follower thread listens on another; on SQLite the
//! follower looks once a second whether another process committed
//! ([`crate::store::Store::data_version`]) and, when one did, wakes every board, since
//! SQLite cannot say which. Either way the cost is per process, not per open board.

use std::sync::mpsc::{Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Weak};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::App;
use super::web::Change;
use crate::store::{Heard, Store, StoreError};

/// Messages waiting for the teller at most; past this (the database slower than the
/// commands for a while), the next message says "anything may have changed".
const TELLER_QUEUE: usize = 4_096;

/// How long the follower waits for a message before looking whether its App is gone.
const LISTEN_WAIT: Duration = Duration::from_secs(1);

/// How often the follower looks at a SQLite file's version.
const SQLITE_LOOK_EVERY: Duration = Duration::from_secs(1);

/// The longest wait between tries to reach a database that is down.
const BACKOFF_CAP: Duration = Duration::from_secs(30);

/// PostgreSQL's limit on a notification's payload is 8,000 bytes: a longer one is sent
/// as "anything".
const PAYLOAD_MAX: usize = 7_900;

/// What one process tells the others of a command it handled.
#[derive(Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct Told {
    /// The teller's process (its [`Teller::from`]): a process skips its own.
    from: u64,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    player: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    place: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    room: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    forgot: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    race: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    coop: bool,
    /// Too long to say, or messages were dropped: every board may have changed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    anything: bool,
}

/// Sends this process's changes to the others (PostgreSQL): a bounded queue to a thread
/// with a connection of its own.
pub(crate) struct Teller {
    /// This process, as its messages name it.
    from: u64,
    queue: SyncSender<String>,
    /// Set when a message could not be queued: the next one says "anything".
    dropped: std::sync::atomic::AtomicBool,
}

impl Teller {
    /// A teller on `store` (a connection of its own), or `None` on SQLite, whose
    /// processes need no message (see the module's doc).
    pub(crate) fn start(store: Store) -> Option<Teller> {
        store.is_postgres().then_some(())?;
        let (queue, inbox) = std::sync::mpsc::sync_channel(TELLER_QUEUE);
        let from = rand::random::<u64>();
        std::thread::Builder::new()
            .name("board teller".into())
            .spawn(move || tell(store, inbox))
            .map_err(
                |error| tracing::warn!(%error, "no thread to tell other replicas of board changes"),
            )
            .ok()?;
        Some(Teller {
            from,
            queue,
            dropped: Default::default(),
        })
    }

    /// Queues `change` for the other processes; never waits.
    pub(crate) fn tell(&self, change: &Change<'_>) {
        let anything = self
            .dropped
            .swap(false, std::sync::atomic::Ordering::Relaxed);
        let mut told = match change {
            Change::Acted {
                player,
                place,
                room,
                forgot,
                race,
                coop,
            } => Told {
                from: self.from,
                player: (*player).to_owned(),
                place: (*place).to_owned(),
                room: room.clone(),
                forgot: *forgot,
                race: *race,
                coop: *coop,
                anything,
            },
            Change::Anything => Told {
                from: self.from,
                anything: true,
                ..Told::default()
            },
        };
        let mut payload = serde_json::to_string(&told).unwrap_or_default();
        if payload.len() > PAYLOAD_MAX {
            told = Told {
                from: self.from,
                anything: true,
                ..Told::default()
            };
            payload = serde_json::to_string(&told).unwrap_or_default();
        }
        match self.queue.try_send(payload) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                self.dropped
                    .store(true, std::sync::atomic::Ordering::Relaxed);
            }
            // The teller's thread ended (it never does but by a panic): boards on other
            // replicas wait for their next change; nothing here depends on it.
            Err(TrySendError::Disconnected(_)) => {}
        }
    }
}

/// The teller's thread: every message queued, in batches, each batch one transaction
/// (its notifications delivered at its commit). Ends with the App (the queue closes).
fn tell(mut store: Store, inbox: Receiver<String>) {
    let mut failing = false;
    while let Ok(first) = inbox.recv() {
        let mut batch = vec![first];
        while batch.len() < 256 {
            match inbox.try_recv() {
                Ok(more) => batch.push(more),
                Err(_) => break,
            }
        }
        let sent = store.write(|tx| {
            for payload in &batch {
                tx.tell_boards(payload)?;
            }
            Ok::<_, StoreError>(())
        });
        match sent {
            Ok(()) if failing => {
                failing = false;
                tracing::info!("telling other replicas of board changes works again");
            }
            Ok(()) => {}
            // Boards on other replicas miss these changes until their next one, or until
            // their follower reconnects (which wakes them all): logged once per outage.
            Err(error) if !failing => {
                failing = true;
                tracing::warn!(%error, "telling other replicas of board changes failed");
            }
            Err(_) => {}
        }
    }
}

impl App {
    /// Starts following what other processes on this database change, telling this
    /// App's change listener ([`App::on_change`]): a thread that ends soon after the App
    /// is dropped. Nothing for a database in memory, which no other process can see.
    pub fn follow_other_processes(app: &Arc<App>) {
        let (feed, sqlite) = {
            let store = match app.store().store.checkout() {
                Ok(store) => store,
                Err(error) => {
                    tracing::warn!(%error, "no connection to start following other replicas: their changes reach open boards at the next tap");
                    return;
                }
            };
            // The version now, before any board opens: whatever another process commits
            // from here on is seen.
            let sqlite = store.data_version().ok().flatten();
            (store.feed(), sqlite)
        };
        let weak = Arc::downgrade(app);
        let from = app.teller.as_ref().map(|t| t.from);
        let started = match feed {
            Some(feed) => std::thread::Builder::new()
                .name("board follower".into())
                .spawn(move || follow_postgres(weak, feed, from)),
            None if sqlite.is_some() => std::thread::Builder::new()
                .name("board follower".into())
                .spawn(move || follow_sqlite(weak, sqlite)),
            None => return,
        };
        if let Err(error) = started {
            tracing::warn!(%error, "no thread to follow other replicas: their changes reach open boards at the next tap");
        }
    }

    /// Tells this App's change listener, if it has one.
    fn heard(&self, change: &Change<'_>) {
        if let Some(listener) = self.change_listener.get() {
            listener(change);
        }
    }
}

fn follow_postgres(app: Weak<App>, mut feed: crate::store::Feed, me: Option<u64>) {
    let mut pause = Duration::from_millis(500);
    let mut down_since: Option<std::time::Instant> = None;
    loop {
        if app.strong_count() == 0 {
            return;
        }
        match feed.next(LISTEN_WAIT) {
            Ok(Heard::Quiet) => {}
            Ok(Heard::Anything) => {
                if let Some(since) = down_since.take() {
                    tracing::info!(
                        down_s = since.elapsed().as_secs(),
                        "listening for other replicas' board changes again"
                    );
                }
                pause = Duration::from_millis(500);
                if let Some(app) = app.upgrade() {
                    app.heard(&Change::Anything);
                }
            }
            Ok(Heard::Told(payload)) => {
                let Ok(told) = serde_json::from_str::<Told>(&payload) else {
                    continue;
                };
                if Some(told.from) == me {
                    continue;
                }
                let Some(app) = app.upgrade() else { return };
                if told.anything {
                    app.heard(&Change::Anything);
                }
                if !told.player.is_empty() {
                    app.heard(&Change::Acted {
                        player: &told.player,
                        place: &told.place,
                        room: told.room,
                        forgot: told.forgot,
                        race: told.race,
                        coop: told.coop,
                    });
                }
            }
            Err(error) => {
                if down_since.is_none() {
                    down_since = Some(std::time::Instant::now());
                    tracing::warn!(%error, "not listening for other replicas' board changes: trying again with backoff");
                }
                // In short steps, so that a dropped App ends the thread soon.
                let until = std::time::Instant::now() + pause;
                while std::time::Instant::now() < until {
                    if app.strong_count() == 0 {
                        return;
                    }
                    std::thread::sleep(Duration::from_millis(200));
                }
                pause = (pause * 2).min(BACKOFF_CAP);
            }
        }
    }
}

fn follow_sqlite(app: Weak<App>, mut last: Option<i64>) {
    loop {
        std::thread::sleep(SQLITE_LOOK_EVERY);
        let Some(app) = app.upgrade() else { return };
        // Nobody listens (this process serves no web board yet): the store is not read
        // for nothing.
        if app.change_listener.get().is_none() {
            continue;
        }
        let version = app
            .store()
            .store
            .checkout()
            .and_then(|store| store.data_version());
        match version {
            Ok(Some(version)) => {
                if last.is_some_and(|last| last != version) {
                    app.heard(&Change::Anything);
                }
                last = Some(version);
            }
            Ok(None) => return,
            Err(error) => tracing::warn!(%error, "reading whether other replicas wrote failed"),
        }
    }
}
