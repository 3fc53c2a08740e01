//! Boards as pictures, through the core: the player's choice, kept across restarts and
//! forgotten with the player; every board reply then carries a PNG in place of the text
//! grid, with the same words and buttons.

mod common;

use common::{Bot, T0, board_of, digit, empties, solution_of, temp_db};
use sudoku_bot::app::{Command, Reply};
use sudoku_bot::engine::Cell;
use sudoku_bot::engine::parse::parse_grid;
use tiny_skia::Pixmap;

/// The picture a reply carries, decoded as a viewer would.
fn picture(reply: &Reply) -> (Pixmap, &str) {
    let image = reply
        .image
        .as_ref()
        .unwrap_or_else(|| panic!("a picture: {}", reply.content));
    assert_eq!(image.filename, "sudoku-board.png");
    assert!(image.png.len() <= 60 * 1024, "{} bytes", image.png.len());
    let pixels = Pixmap::decode_png(&image.png).expect("a PNG that decodes");
    (pixels, &image.alt)
}

/// The smallest rectangle `(x0, y0, x1, y1)` holding every pixel that differs.
fn changed_area(a: &Pixmap, b: &Pixmap) -> Option<(u32, u32, u32, u32)> {
    assert_eq!((a.width(), a.height()), (b.width(), b.height()));
    let mut area: Option<(u32, u32, u32, u32)> = None;
    for y in 0..a.height() {
        for x in 0..a.width() {
            if a.pixel(x, y) != b.pixel(x, y) {
                let (x0, y0, x1, y1) = area.unwrap_or((x, y, x, y));
                area = Some((x0.min(x), y0.min(y), x1.max(x), y1.max(y)));
            }
        }
    }
    area
}

/// Where a cell is drawn: the board starts 40 px in, cells are 60 px.
fn cell_area(cell: Cell) -> (u32, u32, u32, u32) {
    let (x, y) = (40 + 60 * cell.col() as u32, 40 + 60 * cell.row() as u32);
    (x, y, x + 60, y + 60)
}

#[test]
fn a_player_who_chooses_pictures_gets_them_on_every_board_and_others_do_not() {
    let (_dir, db) = temp_db();
    let bot = Bot::open(&db, T0, 18);
    // Chosen mid-game: the game started as text goes on as pictures.
    let puzzle = board_of(&bot.say("ann", "here", "new 40"));
    let solution = solution_of(&puzzle);
    let r = bot.say("ann", "here", "settings board:image");
    assert!(
        r.private && r.content.contains("Your boards are now **image**"),
        "{}",
        r.content
    );

    let shown = bot.say("ann", "here", "show");
    assert!(
        !shown.content.contains("```"),
        "no text grid: {}",
        shown.content
    );
    assert!(
        shown.content.contains("**ann**'s Easy game"),
        "{}",
        shown.content
    );
    assert!(shown.content.contains("40 to go"), "{}", shown.content);
    assert!(!shown.buttons.is_empty(), "the same buttons");
    let (before, alt) = picture(&shown);
    assert_eq!((before.width(), before.height()), (600, 600));
    assert_eq!(alt, "Sudoku board, 40 cells empty");

    // A pencil mark changes only its own cell's pixels, and is not listed as text.
    let cell = empties(&puzzle)[0];
    let noted = bot.say("ann", "here", &format!("note {cell} 19"));
    assert!(!noted.content.contains("Notes:"), "{}", noted.content);
    let (after, _) = picture(&noted);
    let (x0, y0, x1, y1) = changed_area(&before, &after).expect("the note is drawn");
    let (cx0, cy0, cx1, cy1) = cell_area(cell);
    assert!(
        x0 >= cx0 && y0 >= cy0 && x1 < cx1 && y1 < cy1,
        "changed {:?}, cell {cell} is {:?}",
        (x0, y0, x1, y1),
        (cx0, cy0, cx1, cy1)
    );

    // A wrong digit: said in the alt text, marked as a mistake in the words.
    let wrong = digit(&solution, cell) % 9 + 1;
    let r = bot.say("ann", "here", &format!("move {cell} {wrong}"));
    let (_, alt) = picture(&r);
    assert_eq!(
        alt,
        format!("Sudoku board, 39 cells empty, 1 wrong digit, last move {cell}")
    );
    assert!(r.content.contains("1 mistake"), "{}", r.content);

    // Someone else in the same place keeps text boards.
    let bob = bot.say("bob", "here", "new 30");
    assert!(bob.image.is_none() && bob.content.contains("```"));

    // A word that is neither: refused with what would be right, and the choice stays.
    let refused = Command::parse("settings board:banana")
        .expect_err("not a board style")
        .to_string();
    assert!(
        refused.contains("`banana` is not text or image: use text, image"),
        "{refused}"
    );

    // The choice survives a restart.
    drop(bot);
    let bot = Bot::open(&db, T0 + 60_000, 18);
    let r = bot.say("ann", "here", "settings");
    assert!(r.content.contains("Boards: **image**"), "{}", r.content);
    let r = bot.give_up("ann", "here");
    let (_, alt) = picture(&r);
    assert!(alt.ends_with(". Given up"), "{alt}");
    assert!(
        r.content.contains("small amber: filled in by the bot"),
        "{}",
        r.content
    );

    // Forgetting the player forgets the choice.
    let r = bot.invoke("ann", "here", Command::ForgetMe { confirmed: true });
    assert!(r.content.contains("deleted"), "{}", r.content);
    let r = bot.say("ann", "here", "new 40");
    assert!(
        r.image.is_none() && r.content.contains("```"),
        "{}",
        r.content
    );
}

#[test]
fn a_private_daily_board_is_a_private_picture() {
    let bot = Bot::in_memory(T0, 3);
    bot.say("ann", "guild:1", "settings board:image");
    let r = bot.say("ann", "guild:1", "daily");
    assert!(r.private, "a daily board stays private: {}", r.content);
    let (_, alt) = picture(&r);
    assert!(alt.starts_with("Sudoku board,"), "{alt}");
}

#[test]
fn solve_answers_stay_text_to_copy() {
    let bot = Bot::in_memory(T0, 3);
    bot.say("ann", "here", "settings board:image");
    let r = bot.say(
        "ann",
        "here",
        "solve 530070000600195000098000060800060003400803001700020006060000280000419005000080079",
    );
    assert!(
        r.image.is_none() && r.content.contains("```"),
        "{}",
        r.content
    );
}

/// On a picture board the pad's chosen cell is framed: choosing it changes that cell
/// alone, the alt text names it. A given-up picture keeps the player's wrong digit, as
/// wrong, for them to see where they went wrong.
#[test]
fn the_pads_cell_is_framed_and_a_given_up_board_keeps_the_wrong_digit() {
    let bot = Bot::in_memory(T0, 18);
    bot.say("ann", "here", "settings board:image");
    let r = bot.say("ann", "here", "new 40");
    let (before, _) = picture(&r);
    // No text grid: the Row menu's options say each row's cells, `5 3 · · 7 · · · ·`.
    let rows: Vec<String> = r.selects[0]
        .options
        .iter()
        .map(|o| o.description.clone().unwrap_or_default().replace(' ', ""))
        .collect();
    let givens = parse_grid(&rows.concat().replace('·', ".")).expect("nine rows of nine");
    assert_eq!(givens.empty_count(), 40);
    let solution = solution_of(&givens);
    let cell = empties(&givens)[0];
    let name = cell.name();
    let r = bot.choose("ann", "here", &r, "Row", &name[..1]);
    let r = bot.choose("ann", "here", &r, "Column", &name[1..]);
    assert!(
        r.updates_board && !r.content.contains("```"),
        "{}",
        r.content
    );
    let (after, alt) = picture(&r);
    assert!(alt.ends_with(&format!("chosen cell {cell}")), "{alt}");
    let (x0, y0, x1, y1) = changed_area(&before, &after).expect("the frame is drawn");
    let (cx0, cy0, cx1, cy1) = cell_area(cell);
    assert!(
        x0 >= cx0 && y0 >= cy0 && x1 < cx1 && y1 < cy1,
        "{:?}",
        (x0, y0, x1, y1)
    );

    let wrong = digit(&solution, cell) % 9 + 1;
    let r = bot.press("ann", "here", &r, &wrong.to_string());
    assert!(r.content.contains("1 mistake"), "{}", r.content);
    let over = bot.give_up("ann", "here");
    let (_, alt) = picture(&over);
    assert!(
        alt.contains("1 wrong digit") && alt.ends_with("Given up"),
        "{alt}"
    );
    assert!(
        over.content.contains("red, hatched: your wrong digits"),
        "{}",
        over.content
    );
}
