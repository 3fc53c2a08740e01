//! Pressing components as a player does: what a press was answered with, and a board
//! filled to the end with its pad, every press an interaction.

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

/// How Discord was answered for one pad press.
pub struct Pressed {
    /// The message the press left: the updated board, or a new message.
    pub message: Value,
    /// Updated in place: a type 7 answer, or a deferred update (type 6) and its edit.
    pub in_place: bool,
    /// The answer's own ephemeral flag (a new message); an update keeps its message's.
    pub private: bool,
}

/// Sends one component interaction and waits for what it was answered with.
pub async fn pressed(fake: &FakeDiscord, interaction: Value) -> Pressed {
    let token = token_of(&interaction);
    let id = fake.interact(interaction).await;
    let first = fake.response_to(&id).await;
    match first["type"].as_u64() {
        Some(7) => Pressed {
            message: first["data"].clone(),
            in_place: true,
            private: false,
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
            }
        }
        Some(5) => {
            let edit = fake.edit_of(&token).await;
            Pressed {
                private: ephemeral(&first["data"]),
                in_place: false,
                message: edit,
            }
        }
        _ => Pressed {
            private: ephemeral(&first["data"]),
            in_place: false,
            message: first["data"].clone(),
        },
    }
}

/// Fills `cells` with `solution`'s digits on the pad under `message`, as `user`, each
/// press an interaction on the message as the last press left it (`private`: an
/// ephemeral board). Every press but the last must update the board in place; the last
/// press's answer is returned, with the number of presses.
pub async fn tap_to_the_end(
    fake: &FakeDiscord,
    users: &[Value],
    mut message: Value,
    private: bool,
    cells: &[Cell],
    solution: &Grid,
) -> (Pressed, usize) {
    let mut presses = 0;
    let mut last = None;
    for (i, &cell) in cells.iter().enumerate() {
        let user = &users[i % users.len()];
        let name = cell.name();
        let (row, col) = name.split_at(1);
        let digit = solution.get(cell).expect("solved").to_string();
        let mut steps: Vec<Value> = Vec::new();
        let (row_menu, row_now) = menu(&message, "Row");
        if row_now.as_deref() != Some(row) {
            steps.push(fake.select(user, Some(GUILD), &row_menu, &[row], content(&message)));
        }
        for step in 0..3 {
            let mut interaction = match (step, steps.pop()) {
                (0, Some(row_choice)) => row_choice,
                (0, None) => continue,
                (1, _) => {
                    let (col_menu, col_now) = menu(&message, "Column");
                    if col_now.as_deref() == Some(col) {
                        continue;
                    }
                    fake.select(user, Some(GUILD), &col_menu, &[col], content(&message))
                }
                _ => fake.button(
                    user,
                    Some(GUILD),
                    &custom_id(&message, &digit),
                    content(&message),
                ),
            };
            if private {
                interaction["message"]["flags"] = json!(64);
            }
            let answer = pressed(fake, interaction).await;
            presses += 1;
            let final_press = i + 1 == cells.len() && step == 2;
            if !final_press {
                assert!(
                    answer.in_place,
                    "press {presses} ({cell} step {step}) was not an update: {:#}",
                    answer.message
                );
                message = answer.message.clone();
            }
            last = Some(answer);
        }
    }
    (last.expect("at least one cell"), presses)
}

/// The empty cells of `grid`, in order.
pub fn empty_cells(grid: &Grid) -> Vec<Cell> {
    Cell::all().filter(|&c| grid.get(c).is_none()).collect()
}
