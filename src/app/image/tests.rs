use super::*;
use crate::game::parse_moves;
use tiny_skia::PremultipliedColorU8;

/// The picture decoded back to pixels, as a viewer would see it.
fn decode(picture: &BoardPicture) -> Pixmap {
    Pixmap::decode_png(&picture.png()).expect("a PNG that decodes")
}

fn luminance(p: PremultipliedColorU8) -> f32 {
    0.2126 * f32::from(p.red()) + 0.7152 * f32::from(p.green()) + 0.0722 * f32::from(p.blue())
}

fn same(p: PremultipliedColorU8, colour: Rgb) -> bool {
    (p.red(), p.green(), p.blue(), p.alpha()) == (colour.0, colour.1, colour.2, 255)
}

/// The part of a cell a test looks at: `x0..x1`, `y0..y1` from the cell's corner.
type Area = (i32, i32, i32, i32);

/// The cell without the grid lines along its edges.
const WHOLE: Area = (3, 3, CELL - 3, CELL - 3);
/// A bottom-left corner clear of the digit and of outlines.
const CORNER: Area = (6, 48, 14, 54);

/// The ninth of a cell at `col`, `row` (0–2), where one pencil mark goes.
fn ninth(col: i32, row: i32) -> Area {
    let clip = |v: i32| v.clamp(3, CELL - 3);
    (
        clip(col * 20),
        clip(row * 20),
        clip(col * 20 + 20),
        clip(row * 20 + 20),
    )
}

/// Pixels of `area` of `cell` that are not `background`.
fn ink(image: &Pixmap, cell: &str, area: Area, background: Rgb) -> Vec<PremultipliedColorU8> {
    let (x, y) = corner(Cell::parse(cell).expect("a cell name"));
    let (x0, y0, x1, y1) = area;
    (y0..y1)
        .flat_map(|dy| (x0..x1).map(move |dx| (x + dx, y + dy)))
        .filter_map(|(px, py)| image.pixel(px as u32, py as u32))
        .filter(|&p| !same(p, background))
        .collect()
}

fn brightest(pixels: &[PremultipliedColorU8]) -> f32 {
    pixels.iter().map(|&p| luminance(p)).fold(0.0, f32::max)
}

/// A board with one of each look in row A, all the digit 8, and notes elsewhere.
fn sampler() -> BoardPicture {
    let mut picture = BoardPicture::from_grid(&Grid::empty());
    picture.cells[0] = Look::Given(8);
    picture.cells[1] = Look::Entry(8);
    picture.cells[2] = Look::Wrong(8);
    picture.notes[Cell::parse("E5").expect("cell").index()] = 1 << 1;
    picture.notes[Cell::parse("E6").expect("cell").index()] = 1 << 9;
    picture.notes[Cell::parse("E7").expect("cell").index()] = 0x3FE;
    picture
}

#[test]
fn pictures_are_600_wide_and_a_banner_adds_a_strip() {
    let mut picture = sampler();
    let image = decode(&picture);
    assert_eq!((image.width(), image.height()), (WIDTH, HEIGHT));
    picture.banner = Some(Banner::new("Solved", Tone::Success));
    let image = decode(&picture);
    assert_eq!(
        (image.width(), image.height()),
        (WIDTH, HEIGHT + BANNER_HEIGHT)
    );
    // The banner's text is drawn in its strip.
    let strip = (HEIGHT..image.height())
        .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
        .filter(|&(x, y)| image.pixel(x, y).is_some_and(|p| same(p, BANNER_TEXT)))
        .count();
    assert!(strip > 100, "{strip} banner text pixels");
    // A long text is cut to fit the banner.
    picture.banner = Some(Banner::new("Daily puzzle ".repeat(8), Tone::Neutral));
    let image = decode(&picture);
    let text_columns: Vec<u32> = (HEIGHT..image.height())
        .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
        .filter(|&(x, y)| image.pixel(x, y).is_some_and(|p| same(p, BANNER_TEXT)))
        .map(|(x, _)| x)
        .collect();
    let (left, right) = (text_columns.iter().min(), text_columns.iter().max());
    assert!(left.is_some_and(|&x| x > ORIGIN as u32));
    assert!(right.is_some_and(|&x| x < (ORIGIN + 9 * CELL) as u32));
}

#[test]
fn givens_entries_and_wrong_digits_differ_beyond_colour() {
    let image = decode(&sampler());
    let given = ink(&image, "A1", WHOLE, CELL_FILL);
    let entry = ink(&image, "A2", WHOLE, CELL_FILL);
    assert!(!given.is_empty() && !entry.is_empty());
    // Weight: the bold given covers clearly more pixels than the same digit regular.
    assert!(
        given.len() * 10 > entry.len() * 12,
        "given {} pixels, entry {}",
        given.len(),
        entry.len()
    );
    // Greyscale: the given is clearly brighter than the player's digit.
    assert!(brightest(&given) > brightest(&entry) + 50.0);
    // The given and the entry sit on the plain cell: their corners are empty.
    for cell in ["A1", "A2"] {
        assert!(ink(&image, cell, CORNER, CELL_FILL).is_empty(), "{cell}");
    }
    // A wrong digit's cell is hatched: its empty-looking corner has stripes of two
    // shades, visible without colour, and the cell has an outline.
    let stripes = ink(&image, "A3", CORNER, WRONG_FILL);
    assert!(!stripes.is_empty());
    assert!(stripes.iter().all(|&p| same(p, WRONG_HATCH)));
    assert!((luminance_of(WRONG_HATCH) - luminance_of(WRONG_FILL)).abs() > 10.0);
    let (x, y) = corner(Cell::parse("A3").expect("cell"));
    let edge = image
        .pixel((x + 30) as u32, (y + 3) as u32)
        .expect("inside");
    assert!(same(edge, WRONG));
    // Its digit is drawn too, in its own colour.
    assert!(
        ink(&image, "A3", WHOLE, WRONG_FILL)
            .iter()
            .any(|&p| same(p, WRONG))
    );
}

#[test]
fn the_bots_digits_after_a_give_up_differ_from_the_players_beyond_colour() {
    let mut picture = sampler();
    picture.cells[3] = Look::Filled(8);
    let image = decode(&picture);
    let entry = ink(&image, "A2", WHOLE, CELL_FILL);
    let filled = ink(&image, "A4", WHOLE, FILLED_FILL);
    // Size: the bot's digit is drawn smaller, so it covers clearly fewer pixels.
    assert!(
        filled.len() * 12 < entry.len() * 10,
        "filled {} pixels, entry {}",
        filled.len(),
        entry.len()
    );
    // Its cell is darker than a plain one, in greyscale too.
    assert!(ink(&image, "A4", CORNER, FILLED_FILL).is_empty());
    assert!(luminance_of(CELL_FILL) - luminance_of(FILLED_FILL) > 5.0);
    assert!(filled.iter().any(|&p| same(p, FILLED)));
}

#[test]
fn pencil_marks_keep_their_places() {
    let image = decode(&sampler());
    // A mark for 1 inks the top-left ninth of its cell, and no other.
    assert!(!ink(&image, "E5", ninth(0, 0), CELL_FILL).is_empty());
    assert!(ink(&image, "E5", ninth(2, 2), CELL_FILL).is_empty());
    assert_eq!(
        ink(&image, "E5", WHOLE, CELL_FILL).len(),
        ink(&image, "E5", ninth(0, 0), CELL_FILL).len()
    );
    // A mark for 9 the bottom-right one.
    assert!(!ink(&image, "E6", ninth(2, 2), CELL_FILL).is_empty());
    assert!(ink(&image, "E6", ninth(0, 0), CELL_FILL).is_empty());
    // All nine: every ninth, each mark small and dimmer than a given.
    for row in 0..3 {
        for col in 0..3 {
            let mark = ink(&image, "E7", ninth(col, row), CELL_FILL);
            assert!(
                (10..150).contains(&mark.len()),
                "ninth {col},{row}: {}",
                mark.len()
            );
            assert!(brightest(&mark) < luminance_of(GIVEN) - 20.0);
        }
    }
    // Notes under a digit are not drawn.
    let mut covered = sampler();
    covered.notes[0] = 0x3FE;
    let covered = decode(&covered);
    assert!(ink(&covered, "A1", CORNER, CELL_FILL).is_empty());
}

fn luminance_of(colour: Rgb) -> f32 {
    0.2126 * f32::from(colour.0) + 0.7152 * f32::from(colour.1) + 0.0722 * f32::from(colour.2)
}

#[test]
fn the_last_move_is_highlighted_and_coordinates_are_drawn() {
    let mut picture = sampler();
    picture.last_move = Cell::parse("A2");
    let image = decode(&picture);
    let (x, y) = corner(Cell::parse("A2").expect("cell"));
    let inside = image
        .pixel((x + 8) as u32, (y + 52) as u32)
        .expect("inside");
    assert!(same(inside, LAST_FILL));
    assert!(luminance_of(LAST_FILL) > luminance_of(CELL_FILL) + 15.0);
    let edge = image
        .pixel((x + 30) as u32, (y + 3) as u32)
        .expect("inside");
    assert!(same(edge, LAST_EDGE));
    // Row letters left of each row, column digits above each column.
    for i in 0..9 {
        let along = (ORIGIN + i * CELL + CELL / 2) as u32;
        let row_label = (along - 8..along + 8)
            .flat_map(|y| (5..35).map(move |x| (x, y)))
            .any(|(x, y)| image.pixel(x, y).is_some_and(|p| !same(p, BACKGROUND)));
        let col_label = (along - 8..along + 8)
            .flat_map(|x| (5..35).map(move |y| (x, y)))
            .any(|(x, y)| image.pixel(x, y).is_some_and(|p| !same(p, BACKGROUND)));
        assert!(row_label && col_label, "labels of line {i}");
    }
}

/// The pad's chosen cell has a white frame of its own, inside the last move's amber
/// one, so a cell that is both shows both; the alt text names it.
#[test]
fn the_chosen_cell_is_framed_apart_from_the_last_move() {
    let mut picture = sampler();
    picture.last_move = Cell::parse("A2");
    picture.chosen = Cell::parse("E5");
    let image = decode(&picture);
    let at = |cell: &str, dx: i32, dy: i32| {
        let (x, y) = corner(Cell::parse(cell).expect("cell"));
        image
            .pixel((x + dx) as u32, (y + dy) as u32)
            .expect("inside")
    };
    assert!(same(at("E5", 30, 7), CHOSEN_EDGE));
    assert!(same(at("E5", 7, 30), CHOSEN_EDGE));
    assert!(
        !same(at("E5", 30, 3), LAST_EDGE),
        "no last-move frame there"
    );
    assert!(
        !same(at("A2", 30, 7), CHOSEN_EDGE),
        "the last move is not chosen"
    );
    assert!(
        picture.alt_text().contains("chosen cell E5"),
        "{}",
        picture.alt_text()
    );
    picture.chosen = Cell::parse("A2");
    let image = decode(&picture);
    let (x, y) = corner(Cell::parse("A2").expect("cell"));
    let px = |dx: i32, dy: i32| {
        image
            .pixel((x + dx) as u32, (y + dy) as u32)
            .expect("inside")
    };
    assert!(same(px(30, 3), LAST_EDGE) && same(px(30, 7), CHOSEN_EDGE));
}

/// With a filled cell chosen, every cell holding its digit is tinted (given, the
/// player's, wrong ones keep their hatch); other digits and empty cells are not.
#[test]
fn the_chosen_cells_digit_is_lit_across_the_board() {
    let mut picture = sampler();
    picture.cells[Cell::parse("I9").expect("cell").index()] = Look::Entry(8);
    picture.cells[Cell::parse("H1").expect("cell").index()] = Look::Given(3);
    let corner_of = |image: &Pixmap, cell: &str| {
        let (x, y) = corner(Cell::parse(cell).expect("cell"));
        image.pixel(x as u32 + 4, y as u32 + 4).expect("inside")
    };
    let plain = decode(&picture);
    assert!(same(corner_of(&plain, "I9"), CELL_FILL));
    picture.chosen = Cell::parse("A1");
    let lit = decode(&picture);
    for cell in ["A2", "I9"] {
        assert!(same(corner_of(&lit, cell), SAME_FILL), "{cell} holds the 8");
    }
    for cell in ["H1", "E5", "B2"] {
        assert!(same(corner_of(&lit, cell), CELL_FILL), "{cell} does not");
    }
    assert!(
        !same(corner_of(&lit, "A3"), SAME_FILL),
        "a wrong 8 keeps its hatch"
    );
    // An empty chosen cell lights nothing.
    picture.chosen = Cell::parse("B2");
    let none = decode(&picture);
    assert!(same(corner_of(&none, "I9"), CELL_FILL));
}

/// A preview with the pad draws its five rows under the board: the board's pixels as
/// the plain picture has them, then the chosen digit's button lit (Primary), the
/// others Secondary, and Give up red.
#[test]
fn a_preview_draws_the_pad_under_the_board() {
    let puzzle = example_grid(EXAMPLE_PUZZLE);
    let game = Game::new(puzzle, example_grid(EXAMPLE_SOLUTION), None, 0);
    let pad = crate::game::Pad {
        row: Some(0),
        column: Some(0),
        notes: false,
    };
    let (picture, reply) = crate::app::preview_pad(&game, pad);
    let image = Pixmap::decode_png(&picture.png_with_controls(&reply.selects, &reply.buttons))
        .expect("a PNG");
    assert_eq!(image.height(), HEIGHT + 5 * CONTROL_ROW + 12);
    let plain = decode(&picture);
    for (x, y) in [(100, 100), (300, 420), (590, 590)] {
        assert_eq!(image.pixel(x, y), plain.pixel(x, y), "({x}, {y})");
    }
    // Button rows: A1 holds a 5, so 5 is lit; 1 is not; Give up is the last button.
    let (left, w, gap) = (
        ORIGIN as f32 - 1.0,
        (9.0 * CELL as f32 + 3.0 - 32.0) / 5.0,
        8.0,
    );
    let at = |row: u32, i: f32| {
        let x = (left + i * (w + gap) + 6.0) as u32;
        let y = HEIGHT + 4 + row * CONTROL_ROW + 6;
        image.pixel(x, y).expect("inside")
    };
    assert!(same(at(2, 4.0), PRIMARY_FILL), "the 5");
    assert!(same(at(2, 0.0), SECONDARY_FILL), "the 1");
    assert!(same(at(4, 4.0), DANGER_FILL), "Give up");
}

#[test]
fn a_full_board_with_notes_stays_under_60_kb() {
    let heavy = example_full_notes().png();
    assert!(heavy.len() <= 60 * 1024, "{} bytes", heavy.len());
    let mut example = example();
    assert!(example.png().len() <= 60 * 1024);
    example.banner = Some(Banner::new("Daily · 24 November 2026", Tone::Neutral));
    assert!(example.png().len() <= 60 * 1024);
}

#[test]
fn the_png_keeps_every_pixel_with_a_palette_or_without() {
    let mut canvas = Pixmap::new(WIDTH, HEIGHT).expect("size");
    example().draw(&mut canvas);
    let png = encode(&canvas);
    assert_eq!(png[25], 3, "colour type: indexed");
    assert_eq!(Pixmap::decode_png(&png).expect("decodes"), canvas);
    // More than 256 colours: written as RGB, still exact.
    let mut many = Pixmap::new(32, 32).expect("size");
    for (i, pixel) in many.data_mut().chunks_exact_mut(4).enumerate() {
        pixel.copy_from_slice(&[(i % 256) as u8, (i / 4) as u8, 7, 255]);
    }
    let png = encode(&many);
    assert_eq!(png[25], 2, "colour type: RGB");
    assert_eq!(Pixmap::decode_png(&png).expect("decodes"), many);
}

fn example_game() -> Game {
    let solution = example_grid(EXAMPLE_SOLUTION);
    Game::new(example_grid(EXAMPLE_PUZZLE), solution, None, 0)
}

#[test]
fn a_game_gives_its_looks_notes_last_move_and_banner() {
    let mut game = example_game();
    game.apply(&parse_moves("A3 4 B3 4").expect("moves"), 0)
        .expect("applies");
    let picture = BoardPicture::from_game(&game);
    let at = |name: &str| picture.cells[Cell::parse(name).expect("cell").index()];
    assert_eq!(at("A1"), Look::Given(5));
    assert_eq!(at("A3"), Look::Entry(4));
    assert_eq!(at("B3"), Look::Wrong(4));
    assert_eq!(at("A4"), Look::Empty);
    // The last cell the command filled, not a peer whose notes it cleared.
    assert_eq!(picture.last_move, Cell::parse("B3"));
    assert_eq!(picture.banner, None);

    let noted = Cell::parse("C1").expect("cell");
    game.toggle_notes(noted, 0b110).expect("notes");
    let picture = BoardPicture::from_game(&game);
    assert_eq!(picture.last_move, Some(noted));
    assert_eq!(picture.notes[noted.index()], 0b110);

    let mut solved = example_game();
    let solution = solved.solution;
    let moves: Vec<_> = Cell::all()
        .filter(|&c| solved.board.get(c).is_none())
        .map(|c| crate::game::Move {
            cell: c,
            action: crate::game::Action::Place(solution.get(c).expect("full")),
        })
        .collect();
    solved.apply(&moves, 0).expect("solves");
    let picture = BoardPicture::from_game(&solved);
    assert_eq!(picture.banner, Some(Banner::new("Solved", Tone::Success)));
    assert!(picture.alt_text().ends_with(". Solved"));
    // In the player's language: the banner drawn and the words a screen reader says.
    let picture = BoardPicture::from_game_in(&solved, Lang::Es);
    assert_eq!(picture.banner, Some(Banner::new("Resuelto", Tone::Success)));
    assert_eq!(
        picture.alt_text(),
        format!(
            "Tablero de sudoku, 0 casillas vacías, última jugada en {}. Resuelto",
            picture.last_move.map(|c| c.name()).unwrap_or_default()
        )
    );
}

/// A given-up board: the player's wrong digit stays, drawn wrong; the cells the
/// player left are the bot's; the last move, an erasure the bot then filled, is not
/// framed.
#[test]
fn a_given_up_board_shows_the_wrong_digits_and_frames_no_bot_cell() {
    let mut game = example_game();
    game.apply(&parse_moves("A3 4 B3 4 A4 6").expect("moves"), 0)
        .expect("applies");
    let mut erased = game.clone();
    erased
        .apply(&parse_moves("A4 0").expect("moves"), 0)
        .expect("applies");
    for (game, framed) in [(game, Cell::parse("A4")), (erased, None)] {
        let mut game = game;
        game.give_up(0).expect("gives up");
        let picture = BoardPicture::from_game(&game);
        let at = |name: &str| picture.cells[Cell::parse(name).expect("cell").index()];
        assert_eq!(at("A3"), Look::Entry(4));
        assert_eq!(at("B3"), Look::Wrong(4), "the player's wrong digit");
        assert_eq!(at("C1"), Look::Filled(1), "the bot's digit");
        assert_eq!(picture.last_move, framed);
    }
}

/// Pencil marks read on a phone: on the board shrunk to 300 px wide (2×2 pixels
/// averaged, as a viewer scales it), every mark still has a core of pixels far
/// brighter than its cell.
#[test]
fn pencil_marks_are_legible_at_300_px_wide() {
    let image = decode(&sampler());
    let fill = luminance_of(CELL_FILL);
    let (x, y) = corner(Cell::parse("E7").expect("cell"));
    for row in 0..3 {
        for col in 0..3 {
            let (x0, y0, x1, y1) = ninth(col, row);
            let mut strong = 0;
            for hy in (y + y0) / 2..(y + y1) / 2 {
                for hx in (x + x0) / 2..(x + x1) / 2 {
                    let half: f32 = [(0, 0), (1, 0), (0, 1), (1, 1)]
                        .iter()
                        .filter_map(|(dx, dy)| {
                            image.pixel((2 * hx + dx) as u32, (2 * hy + dy) as u32)
                        })
                        .map(luminance)
                        .sum::<f32>()
                        / 4.0;
                    if half - fill > 110.0 {
                        strong += 1;
                    }
                }
            }
            assert!(
                strong >= 8,
                "mark {col},{row}: {strong} strong pixels at half size"
            );
        }
    }
}

#[test]
fn parts_give_the_same_picture_as_the_game() {
    let mut game = example_game();
    game.apply(&parse_moves("A3 4 B3 4").expect("moves"), 0)
        .expect("applies");
    game.notes[Cell::parse("C1").expect("cell").index()] = 0b110;
    let mut from_game = BoardPicture::from_game(&game);
    from_game.last_move = None;
    let parts =
        BoardPicture::from_parts(&game.givens, &game.board, Some(&game.solution), game.notes);
    assert_eq!(parts, from_game);
    // Without a solution nothing is known to be wrong.
    let unknown = BoardPicture::from_parts(&game.givens, &game.board, None, game.notes);
    assert_eq!(
        unknown.cells[Cell::parse("B3").expect("cell").index()],
        Look::Entry(4)
    );
    // A board without the givens still shows them.
    let bare = BoardPicture::from_parts(&game.givens, &Grid::empty(), None, [0; 81]);
    assert_eq!(bare, BoardPicture::from_grid(&game.givens));
}

#[test]
fn alt_text_counts_what_a_screen_reader_needs() {
    let puzzle = BoardPicture::from_grid(&example_grid(EXAMPLE_PUZZLE));
    assert_eq!(puzzle.alt_text(), "Sudoku board, 51 cells empty");
    assert_eq!(
        example().alt_text(),
        "Sudoku board, 41 cells empty, 1 wrong digit, last move F2"
    );
}
