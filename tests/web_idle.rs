//! What open web boards cost the store while nobody plays: nothing. Each board used to
//! read the store every 2 s (400 idle boards: 201 transactions a second); changes are
//! pushed to them now (see `tests/web_replicas.rs`). A test binary of its own, so that
//! the process's count of store transactions counts this test's alone.
//!
//! As a benchmark, bigger: `WEB_IDLE_BOARDS=400 WEB_IDLE_SECONDS=30 cargo test --release
//! --test web_idle -- --nocapture` prints the transactions per second.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::T0;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_boards_cost_the_store_nothing() {
    let boards = env_or("WEB_IDLE_BOARDS", 40) as usize;
    let seconds = env_or("WEB_IDLE_SECONDS", 3);
    let (_dir, db) = common::temp_db();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("listener");
    let address = listener.local_addr().expect("address");
    let links =
        sudoku_bot::app::web::Links::new(&[9u8; 32], &format!("http://{address}")).expect("links");
    let mut chat = common::Bot::open(&db, T0, 5);
    let app = Arc::into_inner(chat.app).expect("the only reference");
    chat.app = Arc::new(app.with_web(links));
    let chat = Arc::new(chat);
    tokio::spawn(sudoku_bot::adapters::web::serve_on(
        chat.app.clone(),
        listener,
        std::future::pending(),
    ));

    // Each board a different player with a game of their own, as on a busy server.
    let mut sockets = Vec::new();
    for i in 0..boards {
        let (chat, player) = (chat.clone(), format!("p{i}"));
        let reply = tokio::task::spawn_blocking(move || {
            chat.say(&player, "srv", "new 30");
            chat.say(&player, "srv", "web")
        })
        .await
        .expect("answered");
        let start = reply.content.find("#l=").expect("a link") + 3;
        let token = reply.content[start..]
            .split_whitespace()
            .next()
            .and_then(|t| t.split('&').next())
            .expect("token")
            .to_string();
        let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/api/live"))
            .await
            .expect("the socket opens");
        socket
            .send(Message::Text(
                json!({"type": "hello", "link": token}).to_string(),
            ))
            .await
            .expect("sent");
        let welcome = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("a welcome within 20 s");
        assert!(
            matches!(&welcome, Some(Ok(Message::Text(t))) if t.contains("\"welcome\"")),
            "{welcome:?}"
        );
        sockets.push(socket);
    }

    // What the last boards' own opening woke settles first.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = sudoku_bot::store::transactions_begun();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    let spent = sudoku_bot::store::transactions_begun() - before;
    println!(
        "{boards} idle boards for {seconds} s: {spent} store transactions ({:.2}/s)",
        spent as f64 / seconds as f64
    );
    assert_eq!(spent, 0, "idle boards read the store");
    // Every board is still open: a board that closed would cost nothing either.
    for socket in &mut sockets {
        socket
            .send(Message::Ping(Default::default()))
            .await
            .expect("still open");
    }
}
