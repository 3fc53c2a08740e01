//! Open web boards hear of changes without asking the store: a command on this process
//! wakes them directly, one on another replica of the same database reaches them through
//! the store (PostgreSQL: NOTIFY; SQLite: the file's version), and an idle board costs the
//! store nothing. Run on SQLite by `cargo test`, and on PostgreSQL by the README's second
//! line (`common::open_store` opens the same schema for the same path there).

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::{T0, board_of, empties, solution_of};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use sudoku_bot::engine::Cell;
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One replica: a bot on the shared database, its web board on a port of its own.
struct Replica {
    chat: Arc<common::Bot>,
    address: std::net::SocketAddr,
}

impl Replica {
    async fn start(db: &std::path::Path, seed: u64) -> Replica {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("listener");
        let address = listener.local_addr().expect("address");
        // The same secret on every replica: a link from one opens on any.
        let links = sudoku_bot::app::web::Links::new(&[9u8; 32], &format!("http://{address}"))
            .expect("links");
        let db = db.to_path_buf();
        let mut chat = tokio::task::spawn_blocking(move || common::Bot::open(&db, T0, seed))
            .await
            .expect("opened");
        let app = Arc::into_inner(chat.app).expect("the only reference");
        chat.app = Arc::new(app.with_web(links));
        tokio::spawn(sudoku_bot::adapters::web::serve_on(
            chat.app.clone(),
            listener,
            std::future::pending(),
        ));
        Replica {
            chat: Arc::new(chat),
            address,
        }
    }

    async fn say(&self, user: &str, place: &str, text: &str) -> sudoku_bot::app::Reply {
        let (chat, user, place, text) = (
            self.chat.clone(),
            user.to_string(),
            place.to_string(),
            text.to_string(),
        );
        tokio::task::spawn_blocking(move || chat.say(&user, &place, &text))
            .await
            .expect("answered")
    }

    async fn press(
        &self,
        user: &str,
        place: &str,
        reply: &sudoku_bot::app::Reply,
        label: &str,
    ) -> sudoku_bot::app::Reply {
        let (chat, user, place, reply, label) = (
            self.chat.clone(),
            user.to_string(),
            place.to_string(),
            reply.clone(),
            label.to_string(),
        );
        tokio::task::spawn_blocking(move || chat.press(&user, &place, &reply, &label))
            .await
            .expect("answered")
    }

    /// A browser that opened the link `/sudoku web` gave `user` in `place`.
    async fn browser(&self, user: &str, place: &str) -> (Socket, Value) {
        let reply = self.say(user, place, "web").await;
        let marker = "#l=";
        let start = reply
            .content
            .find(marker)
            .unwrap_or_else(|| panic!("no link in {}", reply.content));
        let token = reply.content[start + marker.len()..]
            .split_whitespace()
            .next()
            .and_then(|link| link.split('&').next())
            .expect("a token")
            .to_string();
        let (mut socket, _) =
            tokio_tungstenite::connect_async(format!("ws://{}/api/live", self.address))
                .await
                .expect("the socket opens");
        send(&mut socket, json!({"type": "hello", "link": token})).await;
        let welcome = next(&mut socket).await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        (socket, welcome)
    }
}

async fn send(socket: &mut Socket, value: Value) {
    socket
        .send(Message::Text(value.to_string()))
        .await
        .expect("sent");
}

/// The next JSON frame (a test waiting forever is a failure, not a hang).
async fn next(socket: &mut Socket) -> Value {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("a frame within 20 s")
            .expect("the socket is open")
            .expect("a frame");
        match frame {
            Message::Text(text) => return serde_json::from_str(&text).expect("JSON"),
            Message::Close(_) => panic!("closed"),
            _ => continue,
        }
    }
}

fn cell_text(view: &Value, cell: Cell) -> char {
    view["cells"]
        .as_str()
        .expect("cells")
        .chars()
        .nth(cell.index())
        .expect("81 cells")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_on_one_replica_reaches_a_board_open_on_another() {
    let (_dir, db) = common::temp_db();
    let one = Replica::start(&db, 1).await;
    let two = Replica::start(&db, 2).await;

    let board = board_of(&one.say("ann", "srv", "new 30").await);
    let solution = solution_of(&board);
    let (mut page, welcome) = one.browser("ann", "srv").await;
    let cell = empties(&board)[0];
    assert_eq!(cell_text(&welcome["view"], cell), '.');

    // Typed in chat, answered by the other replica.
    let digit = solution.get(cell).expect("solved");
    two.chat.clock.advance(2_000);
    let moved = two.say("ann", "srv", &format!("move {cell} {digit}")).await;
    assert_eq!(board_of(&moved).get(cell), Some(digit), "{}", moved.content);
    let pushed = loop {
        let frame = next(&mut page).await;
        if frame["type"] == "view" && cell_text(&frame["view"], cell) != '.' {
            break frame;
        }
    };
    assert_eq!(
        cell_text(&pushed["view"], cell),
        char::from(b'0' + digit),
        "{pushed}"
    );

    // A team-mate's co-op move on the other replica reaches a board here too.
    let coop = board_of(&two.say("bob", "chan", "coop 40").await);
    let coop_solution = solution_of(&coop);
    let (mut bobs_mate, _) = one.browser("cat", "chan").await;
    let spot = empties(&coop)[0];
    let d = coop_solution.get(spot).expect("solved");
    two.chat.clock.advance(2_000);
    two.say("bob", "chan", &format!("coop move {spot} {d}"))
        .await;
    loop {
        let frame = next(&mut bobs_mate).await;
        if frame["type"] == "view" && cell_text(&frame["view"], spot) != '.' {
            break;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forget_me_on_one_replica_ends_the_board_open_on_another() {
    let (_dir, db) = common::temp_db();
    let one = Replica::start(&db, 3).await;
    let two = Replica::start(&db, 4).await;
    one.say("ann", "srv", "new 30").await;
    let (mut page, _) = one.browser("ann", "srv").await;

    two.chat.clock.advance(1_000);
    let asked = two.say("ann", "srv", "forget-me").await;
    two.press("ann", "srv", &asked, "Yes, delete everything")
        .await;

    let closed = loop {
        let frame = next(&mut page).await;
        if frame["type"] == "error" {
            break frame;
        }
    };
    assert_eq!(closed["fatal"], true, "{closed}");
    assert!(
        closed["message"]
            .as_str()
            .expect("text")
            .contains("expired"),
        "{closed}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_started_by_its_host_reaches_entrants_boards_on_either_replica() {
    let (_dir, db) = common::temp_db();
    let one = Replica::start(&db, 5).await;
    let two = Replica::start(&db, 6).await;
    let lobby = one.say("cat", "arena", "race 30").await;
    let lobby = one.press("dan", "arena", &lobby, "Join").await;
    let lobby = two.press("eve", "arena", &lobby, "Join").await;
    // Boards opened in the lobby: nothing to play yet.
    let (mut dans, dan_welcome) = one.browser("dan", "arena").await;
    let (mut eves, eve_welcome) = two.browser("eve", "arena").await;
    assert_ne!(dan_welcome["view"]["kind"], "race", "{dan_welcome}");
    assert_ne!(eve_welcome["view"]["kind"], "race", "{eve_welcome}");

    // The host's press (a command of cat's, not theirs) gives them their race boards.
    one.press("cat", "arena", &lobby, "Start").await;
    for page in [&mut dans, &mut eves] {
        let pushed = loop {
            let frame = next(page).await;
            if frame["type"] == "view" && frame["view"]["kind"] == "race" {
                break frame;
            }
        };
        assert!(
            pushed["view"]["side"].to_string().contains("0/30"),
            "{pushed}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_started_by_its_host_reaches_an_entrants_open_board() {
    // One process: only this process's own word can wake the board.
    let (_dir, db) = common::temp_db();
    let one = Replica::start(&db, 7).await;
    let lobby = one.say("cat", "arena", "race 30").await;
    let lobby = one.press("dan", "arena", &lobby, "Join").await;
    let (mut dans, welcome) = one.browser("dan", "arena").await;
    assert_ne!(welcome["view"]["kind"], "race", "{welcome}");
    // Other players' commands in the server change nothing of dan's.
    one.say("fay", "arena", "new 30").await;
    one.press("cat", "arena", &lobby, "Start").await;
    let pushed = loop {
        let frame = next(&mut dans).await;
        if frame["type"] == "view" && frame["view"]["kind"] == "race" {
            break frame;
        }
    };
    assert!(
        pushed["view"]["side"].to_string().contains("0/30"),
        "{pushed}"
    );
}
