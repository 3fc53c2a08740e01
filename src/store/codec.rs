//! How game state is laid out in columns. Grids are 81-character text (readable in the
//! `sqlite3` shell); notes and undo history are compact little-endian blobs.
//!
//! Decoding never trusts the bytes: anything malformed is a [`StoreError::Corrupt`], not
//! a panic.

use crate::engine::{Cell, Grid};
use crate::game::Game;
use crate::game::state::{CellBefore, UndoRecord};

use super::StoreError;

pub fn grid_to_text(grid: &Grid) -> String {
    grid.cells().iter().map(|&v| (b'0' + v) as char).collect()
}

pub fn grid_from_text(text: &str) -> Result<Grid, StoreError> {
    let bytes = text.as_bytes();
    if bytes.len() != 81 {
        return Err(StoreError::Corrupt(format!(
            "grid of {} characters",
            bytes.len()
        )));
    }
    let mut cells = [0u8; 81];
    for (slot, &b) in cells.iter_mut().zip(bytes) {
        if !b.is_ascii_digit() {
            return Err(StoreError::Corrupt(format!(
                "grid character {:?}",
                b as char
            )));
        }
        *slot = b - b'0';
    }
    Grid::from_cells(cells).ok_or_else(|| StoreError::Corrupt("grid value".into()))
}

pub fn notes_to_blob(notes: &[u16; 81]) -> Vec<u8> {
    // All-empty notes (the common case) cost nothing.
    if notes.iter().all(|&n| n == 0) {
        return Vec::new();
    }
    notes.iter().flat_map(|n| n.to_le_bytes()).collect()
}

pub fn notes_from_blob(blob: &[u8]) -> Result<[u16; 81], StoreError> {
    let mut notes = [0u16; 81];
    if blob.is_empty() {
        return Ok(notes);
    }
    if blob.len() != 162 {
        return Err(StoreError::Corrupt(format!(
            "notes of {} bytes",
            blob.len()
        )));
    }
    for (slot, pair) in notes.iter_mut().zip(blob.chunks_exact(2)) {
        *slot = u16::from_le_bytes([pair[0], pair[1]]) & 0x3FE;
    }
    Ok(notes)
}

/// Each record: a count byte, then per cell: index, digit, notes (u16 LE). Only the last
/// [`Game::UNDO_LIMIT`] records are written, whatever the caller holds.
pub fn history_to_blob(history: &[UndoRecord]) -> Vec<u8> {
    let mut out = Vec::new();
    let kept = &history[history.len().saturating_sub(Game::UNDO_LIMIT)..];
    for record in kept {
        // A record never holds more than the 81 cells of the board.
        out.push(record.0.len().min(81) as u8);
        for before in record.0.iter().take(81) {
            out.push(before.cell.index() as u8);
            out.push(before.digit);
            out.extend_from_slice(&before.notes.to_le_bytes());
        }
    }
    out
}

pub fn history_from_blob(blob: &[u8]) -> Result<Vec<UndoRecord>, StoreError> {
    let corrupt = || StoreError::Corrupt("undo history".into());
    let mut history = Vec::new();
    let mut rest = blob;
    while let Some((&count, tail)) = rest.split_first() {
        let len = count as usize * 4;
        if tail.len() < len {
            return Err(corrupt());
        }
        let (entries, next) = tail.split_at(len);
        let mut record = Vec::with_capacity(count as usize);
        for e in entries.chunks_exact(4) {
            let cell = Cell::from_index(e[0] as usize).ok_or_else(corrupt)?;
            if e[1] > 9 {
                return Err(corrupt());
            }
            record.push(CellBefore {
                cell,
                digit: e[1],
                notes: u16::from_le_bytes([e[2], e[3]]) & 0x3FE,
            });
        }
        history.push(UndoRecord(record));
        rest = next;
    }
    Ok(history)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn history_round_trips(records in proptest::collection::vec(
            proptest::collection::vec((0usize..81, 0u8..=9, 0u16..0x400), 0..20), 0..10)) {
            let history: Vec<UndoRecord> = records.iter().map(|r| UndoRecord(r.iter().map(|&(i, d, n)| CellBefore {
                cell: Cell::from_index(i).expect("index below 81"), digit: d, notes: n & 0x3FE,
            }).collect())).collect();
            prop_assert_eq!(history_from_blob(&history_to_blob(&history)).expect("decodes"), history);
        }

        #[test]
        fn damaged_blobs_never_panic(blob in proptest::collection::vec(any::<u8>(), 0..400)) {
            let _ = history_from_blob(&blob);
            let _ = notes_from_blob(&blob);
        }
    }

    #[test]
    fn grid_text_round_trips_and_rejects_damage() {
        let mut cells = [0u8; 81];
        cells[3] = 7;
        let g = Grid::from_cells(cells).expect("valid");
        assert_eq!(grid_from_text(&grid_to_text(&g)).expect("decodes"), g);
        assert!(grid_from_text("12").is_err());
        assert!(grid_from_text(&"x".repeat(81)).is_err());
    }
}
