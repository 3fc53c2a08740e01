//! Everything a player can type after `/sudoku`, and every button id Discord may hand
//! back: the command, move and note parsers must answer, never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_bot::app::Command;
use sudoku_bot::game::moves::{parse_moves, parse_note_digits};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Command::parse(text);
    let _ = Command::from_custom_id(text);
    let _ = parse_moves(text);
    let _ = parse_note_digits(text);
});
