//! Interactions over HTTP end to end: the bot's endpoint, signed requests from the fake
//! Discord (which also plays Discord's REST API, or stays out of reach), and what comes
//! back in the HTTP response. No test reaches the real Discord.

mod fake_discord;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fake_discord::pad::content;
use fake_discord::{APP_ID, FakeDiscord, GUILD};
use serde_json::{Value, json};
use sudoku_bot::adapters::discord::{self, Config, MAX_BODY, Posting, RunError};
use sudoku_bot::app::{App, SystemClock};
use sudoku_bot::store::Store;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

const TOKEN: &str = "test-token-not-a-secret";
/// Nothing listens here: Discord's REST API out of reach.
const UNREACHABLE: &str = "https://127.0.0.1:1";

struct Bot {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Result<(), RunError>>,
    /// `http://127.0.0.1:PORT/interactions`
    url: String,
}

impl Bot {
    async fn stop(self) {
        let _ = self.stop.send(());
        let result = tokio::time::timeout(std::time::Duration::from_secs(45), self.task)
            .await
            .expect("the bot stops on shutdown")
            .expect("no panic");
        assert!(result.is_ok(), "{result:?}");
    }
}

fn db() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("bot.db");
    (dir, path)
}

fn ann() -> Value {
    FakeDiscord::user("100000000000000001", "ann")
}

/// The bot serving interactions over HTTP alone (no gateway), its REST calls going to
/// `api_base`; returns once the endpoint listens.
async fn http_bot(fake: &FakeDiscord, db: &Path, api_base: &str) -> Bot {
    let config = Config {
        database: db.to_path_buf(),
        api_base: Some(api_base.to_string()),
        interactions: Some(discord::config::Interactions {
            listen: "127.0.0.1:0".parse().expect("address"),
            public_key: fake.public_key(),
            application_id: APP_ID.into(),
            path: "/interactions".into(),
            gateway: false,
        }),
        ..Config::default()
    };
    let app = Arc::new(App::new(
        Store::open(db).expect("store"),
        Arc::new(SystemClock),
        3,
    ));
    let (stop, stopped) = oneshot::channel::<()>();
    let (listening, address) = oneshot::channel::<SocketAddr>();
    let tuning = discord::Tuning {
        endpoint: Some(listening),
        ..discord::Tuning::default()
    };
    let task = tokio::spawn(async move {
        discord::run_tuned(
            app,
            &config,
            TOKEN,
            async {
                let _ = stopped.await;
            },
            Arc::new(tokio::sync::Notify::new()),
            Posting::default(),
            tuning,
        )
        .await
    });
    let address = address.await.expect("the endpoint listens");
    Bot {
        stop,
        task,
        url: format!("http://{address}/interactions"),
    }
}

/// POSTs `size` bytes to `url` in chunks (no `Content-Length`), as a raw HTTP/1.1
/// request; the status and the head of the answer.
async fn chunked_post(url: &str, size: usize) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let rest = url.trim_start_matches("http://");
    let (address, path) = rest.split_at(rest.find('/').expect("a path"));
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connect");
    let head = format!(
        "POST {path} HTTP/1.1\r\nhost: {address}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("head");
    let chunk = vec![b' '; 16 * 1024];
    let mut sent = 0;
    while sent < size {
        let part = format!("{:x}\r\n", chunk.len());
        // The endpoint may answer and close before the last chunk: that is the point.
        if stream.write_all(part.as_bytes()).await.is_err()
            || stream.write_all(&chunk).await.is_err()
            || stream.write_all(b"\r\n").await.is_err()
        {
            break;
        }
        sent += chunk.len();
    }
    let _ = stream.write_all(b"0\r\n\r\n").await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer).to_string();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, answer.lines().next().unwrap_or("").to_string())
}

fn body(value: &Value) -> Vec<u8> {
    serde_json::to_vec(value).expect("JSON")
}

fn json_of(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}",
            String::from_utf8_lossy(&bytes[..bytes.len().min(300)])
        )
    })
}

/// The issue's "done when": with Discord's REST API out of reach, a signed PING is
/// answered, a request Discord did not sign (no signature, another key's, a body changed
/// after signing) and an oversized one are refused before anything is read, and a
/// signed `/sudoku solve` is answered in the HTTP response itself, with the grid solved.
/// A second delivery of the same signed request is refused as a replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_endpoint_answers_what_discord_signed_and_only_that_with_rest_out_of_reach() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = http_bot(&fake, &db, UNREACHABLE).await;

    let ping = body(
        &json!({"id": fake.next_id(), "application_id": APP_ID, "type": 1, "token": "tok-ping", "version": 1}),
    );
    let (status, content_type, answer) = fake.post_signed(&bot.url, ping.clone()).await;
    assert_eq!(status, 200);
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    assert_eq!(json_of(&answer), json!({"type": 1}));

    // Not signed by Discord.
    let (status, _, _) = fake.post_raw(&bot.url, ping.clone(), None).await;
    assert_eq!(status, 401, "no signature");
    let stranger = FakeDiscord::start(TOKEN).await;
    let timestamp = "1790000000";
    let (status, _, _) = fake
        .post_raw(
            &bot.url,
            ping.clone(),
            Some(stranger.sign(timestamp, &ping)),
        )
        .await;
    assert_eq!(status, 401, "another application's key");
    let mut changed = ping.clone();
    let signature = fake.sign(timestamp, &ping);
    changed.push(b' ');
    let (status, _, _) = fake.post_raw(&bot.url, changed, Some(signature)).await;
    assert_eq!(status, 401, "a body changed after signing");
    let (status, _, _) = fake
        .post_raw(
            &bot.url,
            ping.clone(),
            Some(("zz".repeat(64), timestamp.into())),
        )
        .await;
    assert_eq!(status, 401, "a signature that is not hex");

    // Too large: refused, signed or not; also when sent in chunks, without a length.
    let (status, _) = chunked_post(&bot.url, MAX_BODY + 10_000).await;
    assert_eq!(status, 413, "a chunked body over the limit");
    let mut huge = json!({"id": fake.next_id(), "type": 1, "padding": "x".repeat(MAX_BODY)});
    huge["application_id"] = json!(APP_ID);
    let (status, _, _) = fake.post_signed(&bot.url, body(&huge)).await;
    assert_eq!(status, 413);

    // A signed `/sudoku solve`: type 4 in the response, with the solution.
    let grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let solve = fake.slash(
        &ann(),
        Some(GUILD),
        "solve",
        json!([{"name": "grid", "type": 3, "value": grid}]),
    );
    let signed = body(&solve);
    let (status, content_type, answer) = fake.post_signed(&bot.url, signed.clone()).await;
    assert_eq!(status, 200);
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    let answer = json_of(&answer);
    assert_eq!(answer["type"], 4, "{answer:#}");
    assert!(
        content(&answer).contains(
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
        ),
        "{answer:#}"
    );

    // The same signed request again: a replay.
    let (status, _, _) = fake.post_signed(&bot.url, signed).await;
    assert_eq!(status, 401, "a replayed interaction");
    // One Discord created over a minute ago, signed now: a replay too.
    let mut stale = fake.slash(&ann(), Some(GUILD), "help", json!([]));
    fake.created_ago(
        &mut stale,
        discord::REPLAY_WINDOW + std::time::Duration::from_secs(5),
    );
    let (status, _, _) = fake.post_signed(&bot.url, body(&stale)).await;
    assert_eq!(status, 401, "an interaction older than any real delivery");

    // Health: the store is read, and this replica (the only one) sends the bot's posts.
    let health = bot.url.replace("/interactions", "/healthz");
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    let said = loop {
        let said = reqwest::get(&health).await.expect("healthz answers");
        assert_eq!(said.status().as_u16(), 200);
        let said = json_of(&said.bytes().await.expect("a body"));
        if !said["sending"].is_null() {
            break said;
        }
        assert!(tokio::time::Instant::now() < deadline, "{said:#}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert_eq!(said["store"], "ok", "{said:#}");
    assert_eq!(said["sending"]["this_replica"], true, "{said:#}");
    assert!(said["sending"]["expires_in_s"].as_f64().expect("seconds") > 0.0);

    // Metrics: the solve counted by command and outcome, its answer's time observed.
    // Counted once the connection took the answer, just after the test read it: scraped
    // until it shows.
    let solved = r#"sudoku_interactions_total{command="solve",outcome="message"} 1"#;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    let text = loop {
        let scraped = reqwest::get(bot.url.replace("/interactions", "/metrics"))
            .await
            .expect("metrics answer");
        assert_eq!(scraped.status().as_u16(), 200);
        let text =
            String::from_utf8(scraped.bytes().await.expect("a body").to_vec()).expect("text");
        if text.contains(solved) {
            break text;
        }
        assert!(tokio::time::Instant::now() < deadline, "{text}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(
        text.contains("sudoku_first_answer_seconds_count 1"),
        "{text}"
    );
    assert!(text.contains("sudoku_store_wait_seconds_bucket"), "{text}");
    bot.stop().await;
}

/// An interaction Discord created longer ago than an answer could still arrive in time
/// is not run at all over HTTP either: no game is started for an answer nobody reads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_interaction_too_old_to_answer_is_not_run() {
    let fake = FakeDiscord::start(TOKEN).await;
    let (_dir, db) = db();
    let bot = http_bot(&fake, &db, UNREACHABLE).await;
    let mut new = fake.slash(
        &ann(),
        Some(GUILD),
        "new",
        json!([{"name": "empty", "type": 4, "value": 40}]),
    );
    fake.created_ago(&mut new, std::time::Duration::from_millis(3500));
    let (status, _, _) = fake.post_signed(&bot.url, body(&new)).await;
    assert_eq!(status, 503, "no answer");
    bot.stop().await;
    let games: i64 = rusqlite::Connection::open(&db)
        .expect("db")
        .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
        .expect("count");
    assert_eq!(games, 0, "not run");
}
