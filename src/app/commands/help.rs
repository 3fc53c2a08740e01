//! `/sudoku help`: every command with an example, in one message, from the command table.

use crate::app::Reply;
use crate::app::command::table::{Family, table};

const HEADER: &str = "**Sudoku**: rows are A-I (top to bottom), columns 1-9 (left to right).";
const DAILY: &str = "Daily rank: time from opening, pauses included, +30 s per mistake or hint; 3+ mistakes rank last.";
const FOOTER: &str = "Or tap the pad under any board. `(5)` your digit, `!5!` a wrong one. A free game counts a pause as 5 min at most.";

pub fn run() -> Reply {
    Reply::private(text())
}

fn text() -> String {
    let lines = |family| {
        table()
            .iter()
            .filter(move |s| s.family == family && !s.help.is_empty())
            .map(|s| s.help)
    };
    let mut out = vec![HEADER.to_string()];
    out.extend(lines(Family::Player).map(str::to_string));
    out.push(format!(
        "Admins: {}.",
        lines(Family::Admin).collect::<Vec<_>>().join(", ")
    ));
    out.push(DAILY.to_string());
    out.push(FOOTER.to_string());
    out.join("\n")
}
