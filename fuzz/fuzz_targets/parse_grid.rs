//! Any text a player pastes: the grid parser must answer (a grid or a clear error), never
//! panic, and whatever it accepts must print and parse back to the same grid. The pencil
//! marks parser (`render --notes`) must answer too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_bot::engine::parse::{parse_grid, parse_notes, parse_puzzle};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(grid) = parse_grid(text) {
        let again = parse_grid(&grid.to_line()).expect("a printed grid parses back");
        assert_eq!(again, grid);
    }
    let _ = parse_puzzle(text);
    let _ = parse_notes(text);
});
