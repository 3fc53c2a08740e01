//! Pressing components as a player does: what a press was answered with, and a board
//! filled to the end with its pad, every press an interaction.

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use sudoku_bot::engine::{Cell, Grid};

use super::{APP_ID, FakeDiscord, GUILD};

pub fn content(response: &Value) -> &str {
    response["data"]["content"]
        .as_str()
        .or_else(|| response["content"].as_str())
        .unwrap_or("")
}

pub fn ephemeral(data: &Value) -> bool {
    data["flags"].as_u64().unwrap_or(0) & 64 != 0
}

pub fn custom_id(message: &Value, label: &str) -> String {
    let rows = message["components"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    rows.iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["label"] == label)
        .and_then(|b| b["custom_id"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no {label} button in {message:#}"))
}

pub fn token_of(interaction: &Value) -> String {
    interaction["token"].as_str().expect("token").to_string()
}

/// The `custom_id` of the select menu with `placeholder` under `message`, and the label of
/// its default option.
pub fn menu(message: &Value, placeholder: &str) -> (String, Option<String>) {
    let rows = message["components"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let select = rows
        .iter()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["type"] == 3 && c["placeholder"] == placeholder)
        .unwrap_or_else(|| panic!("no {placeholder} menu in {message:#}"));
    let default = select["options"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["default"] == true)
        .and_then(|o| o["label"].as_str().map(str::to_string));
    (
        select["custom_id"].as_str().expect("custom_id").to_string(),
        default,
    )
}

/// The select menus under a message.
pub fn menu_count(message: &Value) -> usize {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["type"] == 3)
        .count()
}

// ---- the pad, press by press ------------------------------------------------------------

/// Sends `interaction` (a slash command) and returns the message it ended with: its
/// direct answer, or the edit of its deferral.
pub async fn any_board(fake: &FakeDiscord, interaction: Value) -> Value {
    let token = token_of(&interaction);
    let id = fake.interact(interaction).await;
    let first = fake.response_to(&id).await;
    match first["type"].as_u64() {
        Some(5) => fake.edit_of(&token).await,
        _ => first["data"].clone(),
    }
}

/// How Discord was answered for one pad press.
pub struct Pressed {
    /// The message the press left: the updated board, or a new message.
    pub message: Value,
    /// Updated in place: a type 7 answer, or a deferred update (type 6) and its edit.
    pub in_place: bool,
    /// The answer's own ephemeral flag (a new message); an update keeps its message's.
    pub private: bool,
    /// From sending the interaction to its first response (an update, a deferral).
    pub waited: Duration,
}

/// Sends one component interaction and waits for what it was answered with.
pub async fn pressed(fake: &FakeDiscord, interaction: Value) -> Pressed {
    let token = token_of(&interaction);
    let sent = Instant::now();
    let id = fake.interact(interaction).await;
    let first = fake.response_to(&id).await;
    let waited = sent.elapsed();
    match first["type"].as_u64() {
        Some(7) => Pressed {
            message: first["data"].clone(),
            in_place: true,
            private: false,
            waited,
        },
        Some(6) => {
            // A deferred update: the board is the edit of `@original`, anything else a
            // follow-up.
            let webhook = format!("/api/v10/webhooks/{APP_ID}/{token}");
            let call = fake
                .wait_call("the deferred press's answer", |c| {
                    (c.method == "PATCH" && c.path == format!("{webhook}/messages/@original"))
                        || (c.method == "POST" && c.path.starts_with(&webhook))
                })
                .await;
            Pressed {
                private: ephemeral(&call.body),
                in_place: call.method == "PATCH",
                message: call.body,
                waited,
            }
        }
        Some(5) => {
            let edit = fake.edit_of(&token).await;
            Pressed {
                private: ephemeral(&first["data"]),
                in_place: false,
                message: edit,
                waited,
            }
        }
        _ => Pressed {
            private: ephemeral(&first["data"]),
            in_place: false,
            message: first["data"].clone(),
            waited,
        },
    }
}

/// Fills `cells` with `solution`'s digits on the pad under `message`, `users` taking
/// turns cell by cell, each press an interaction on the message as the last press left
/// it (`private`: an ephemeral board). A cell takes a Row choice, a Column choice and a
/// digit, fewer when the menus already show the cell. Every press but the last must
/// update the board in place. Returns the last press's answer and how long each press
/// waited for its first response.
pub async fn tap_to_the_end(
    fake: &FakeDiscord,
    users: &[Value],
    mut message: Value,
    private: bool,
    cells: &[Cell],
    solution: &Grid,
) -> (Pressed, Vec<Duration>) {
    let mut waits = Vec::new();
    let mut last = None;
    for (i, &cell) in cells.iter().enumerate() {
        let user = &users[i % users.len()];
        let name = cell.name();
        let (row, col) = name.split_at(1);
        let digit = solution.get(cell).expect("solved").to_string();
        for step in ["Row", "Column", "digit"] {
            let mut interaction = match step {
                "digit" => fake.button(
                    user,
                    Some(GUILD),
                    &custom_id(&message, &digit),
                    content(&message),
                ),
                menu_name => {
                    let want = if menu_name == "Row" { row } else { col };
                    let (id, now) = menu(&message, menu_name);
                    if now.as_deref() == Some(want) {
                        continue;
                    }
                    fake.select(user, Some(GUILD), &id, &[want], content(&message))
                }
            };
            if private {
                interaction["message"]["flags"] = json!(64);
            }
            let answer = pressed(fake, interaction).await;
            waits.push(answer.waited);
            let final_press = i + 1 == cells.len() && step == "digit";
            if !final_press {
                assert!(
                    answer.in_place,
                    "press {} ({cell}, {step}) was not an update: {:#}",
                    waits.len(),
                    answer.message
                );
                message = answer.message.clone();
            }
            last = Some(answer);
        }
    }
    (last.expect("at least one cell"), waits)
}

/// The empty cells of `grid`, in order.
pub fn empty_cells(grid: &Grid) -> Vec<Cell> {
    Cell::all().filter(|&c| grid.get(c).is_none()).collect()
}

/// The moves that fill `givens` to `solution`, one per empty cell in order (`"A3 7"`).
pub fn filling_moves(givens: &Grid, solution: &Grid) -> Vec<String> {
    empty_cells(givens)
        .into_iter()
        .map(|c| format!("{c} {}", solution.get(c).expect("a full solution")))
        .collect()
}

/// The number of the race a message shows (`Race #N`).
pub fn race_number(message: &Value) -> u64 {
    content(message)
        .split("Race #")
        .nth(1)
        .and_then(|rest| {
            rest.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse()
                .ok()
        })
        .unwrap_or_else(|| panic!("no race number in {message:#}"))
}
