//! Moves as players type them: `B7 4`, `b7=4`, `B7:4`, `r2c7 4`, `R2C7=4`, several at once
//! separated by commas, semicolons or spaces, and `0`, `.` or `x` to erase.
//!
//! Parsing is all-or-nothing: one malformed part rejects the whole command, so a player
//! never ends up with half of what they typed applied.

use std::fmt;

use crate::engine::Cell;
use crate::engine::parse::excerpt;

/// What a move does to its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Place(u8),
    Erase,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub cell: Cell,
    pub action: Action,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.action {
            Action::Place(d) => write!(f, "{} {d}", self.cell.name()),
            Action::Erase => write!(f, "{} erase", self.cell.name()),
        }
    }
}

/// Why a move command could not be read. Each names the part the player typed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("no moves given: type a cell and a digit, e.g. `B7 4` or `B7 4, C3 5`")]
    Empty,
    #[error(
        "`{0}` is not a cell: rows are A-I, columns 1-9 (e.g. `B7`, or `r2c7` for row 2, column 7)"
    )]
    BadCell(String),
    #[error("`{cell}` needs a digit: write `{cell} 4` to place a 4, or `{cell} 0` to erase")]
    MissingDigit { cell: String },
    #[error("`{found}` after `{cell}` is not a digit: use 1-9 to place, or 0, . or x to erase")]
    BadDigit { cell: String, found: String },
    #[error("{0} appears twice in one command; give each cell once")]
    RepeatedCell(String),
}

/// Parses a whole move command.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MoveError> {
    let tokens = tokenize(text);
    if tokens.is_empty() {
        return Err(MoveError::Empty);
    }
    let mut moves: Vec<Move> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        // `B74` (cell and digit glued) is common on phones.
        let (cell, glued) =
            split_cell(token).ok_or_else(|| MoveError::BadCell(excerpt(token, 20)))?;
        let value = if let Some(v) = glued {
            i += 1;
            v
        } else {
            let v = tokens
                .get(i + 1)
                .copied()
                .ok_or_else(|| MoveError::MissingDigit { cell: cell.name() })?;
            i += 2;
            v
        };
        let action = parse_value(value).ok_or_else(|| {
            // A second cell where a digit belongs means the digit was forgotten.
            if split_cell(value).is_some() {
                MoveError::MissingDigit { cell: cell.name() }
            } else {
                MoveError::BadDigit {
                    cell: cell.name(),
                    found: excerpt(value, 20),
                }
            }
        })?;
        if moves.iter().any(|m| m.cell == cell) {
            return Err(MoveError::RepeatedCell(cell.name()));
        }
        moves.push(Move { cell, action });
    }
    Ok(moves)
}

pub use crate::engine::parse::parse_note_digits;

fn tokenize(text: &str) -> Vec<&str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '=' | ':'))
        .filter(|t| !t.is_empty())
        .collect()
}

/// A cell at the start of `token`, and the rest when a digit is glued on (`B74`).
fn split_cell(token: &str) -> Option<(Cell, Option<&str>)> {
    if let Some(cell) = Cell::parse(token) {
        return Some((cell, None));
    }
    // Only the short form can carry a glued digit: `r2c74` would be unreadable.
    if token.len() == 3 && token.is_ascii() {
        let (head, tail) = token.split_at(2);
        return Cell::parse(head).map(|c| (c, Some(tail)));
    }
    None
}

fn parse_value(value: &str) -> Option<Action> {
    match value {
        "0" | "." | "x" | "X" => Some(Action::Erase),
        _ => {
            let mut chars = value.chars();
            match (chars.next(), chars.next()) {
                (Some(c @ '1'..='9'), None) => Some(Action::Place(c as u8 - b'0')),
                _ => None,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(name: &str) -> Cell {
        Cell::parse(name).expect("test cell")
    }

    #[test]
    fn every_notation_players_use_reads_the_same_move() {
        for text in [
            "B7 4", "b7=4", "B7:4", "r2c7 4", "R2C7=4", "B74", " b7 = 4 ",
        ] {
            assert_eq!(
                parse_moves(text),
                Ok(vec![Move {
                    cell: cell("B7"),
                    action: Action::Place(4)
                }]),
                "{text}"
            );
        }
    }

    #[test]
    fn several_moves_with_any_separator() {
        for text in [
            "B7 4, C3 5",
            "B7 4; C3 5",
            "B7 4 C3 5",
            "b7=4,c3=5",
            "B7 x, C3 5",
        ] {
            let moves = parse_moves(text).expect(text);
            assert_eq!(moves.len(), 2, "{text}");
            assert_eq!(moves[1].cell, cell("C3"));
        }
    }

    #[test]
    fn erase_markers() {
        for text in ["B7 0", "B7 .", "B7 x", "B7=X"] {
            assert_eq!(parse_moves(text).expect(text)[0].action, Action::Erase);
        }
    }

    #[test]
    fn malformed_parts_are_named() {
        assert_eq!(parse_moves(""), Err(MoveError::Empty));
        assert_eq!(parse_moves("J7 4"), Err(MoveError::BadCell("J7".into())));
        assert_eq!(
            parse_moves("B7 4, C3"),
            Err(MoveError::MissingDigit { cell: "C3".into() })
        );
        assert_eq!(
            parse_moves("B7 C3 5"),
            Err(MoveError::MissingDigit { cell: "B7".into() })
        );
        assert_eq!(
            parse_moves("B7 12"),
            Err(MoveError::BadDigit {
                cell: "B7".into(),
                found: "12".into()
            })
        );
        assert_eq!(
            parse_moves("B7 4, b7 5"),
            Err(MoveError::RepeatedCell("B7".into()))
        );
        let message = parse_moves("B7 12").unwrap_err().to_string();
        assert!(message.contains("`12` after `B7`"), "{message}");
    }

    #[test]
    fn note_digits() {
        assert_eq!(parse_note_digits("257"), Some(0b10100100));
        assert_eq!(parse_note_digits("2 5,7"), Some(0b10100100));
        assert_eq!(parse_note_digits("0"), None);
        assert_eq!(parse_note_digits(""), None);
    }
}
