//! Boards as pictures: a PNG of the board, pencil marks included (issue 18).
//!
//! A text grid cannot show nine candidates per cell on a phone; a picture can. The picture
//! is drawn from the same board model as the text board ([`Look`]), so both always agree.
//!
//! Design choices, and why:
//! - Givens, the player's digits and wrong digits differ by more than colour, so that
//!   colour-blind players and greyscale tell them apart: givens are bold and near white; the
//!   player's digits are regular weight in a darker blue; a wrong digit sits in a hatched
//!   cell with an outline.
//! - Pencil marks keep fixed places, 1 top left to 9 bottom right, as on paper: players
//!   find a candidate by where it is, not by reading a list.
//! - The board is an opaque dark card: it suits Discord's dark theme and stays legible on
//!   the light one, where a transparent picture would lose its light digits.
//! - 600 px wide: Discord shows inline pictures about 400 px wide on phones, where a digit
//!   is still 20 px tall and a pencil mark 9 px; desktop shows it at full size.
//! - Glyphs are rasterized once per process into small sprites, and a board has few
//!   colours, so the PNG is indexed (a palette): the heaviest board, with all nine pencil
//!   marks in every empty cell, takes 1–2 ms of CPU and about 31 KB.
//! - The font is DejaVu Sans, embedded (assets/fonts, with its licence): no system font
//!   is read at run time.

use std::cell::RefCell;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use tiny_skia::{Color, Paint, PathBuilder, Pixmap, PremultipliedColorU8, Rect, Stroke, Transform};

pub use super::render::Look;
use crate::app::i18n::{Lang, t};
use crate::engine::{Cell, Grid};
use crate::game::{Game, Status};

const REGULAR_FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD_FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// Width of every picture, in pixels.
pub const WIDTH: u32 = 600;
/// Height of a picture without a banner; a banner adds [`BANNER_HEIGHT`].
pub const HEIGHT: u32 = 600;
/// The strip under the board that carries a banner ("Solved").
pub const BANNER_HEIGHT: u32 = 56;

/// Side of one cell, in pixels.
const CELL: i32 = 60;
/// The board's top-left corner, the same on both axes: the gutters left of and above it
/// hold the coordinates.
const ORIGIN: i32 = 40;
/// Centres of the three pencil-mark columns (and rows) inside a cell. Slightly inside the
/// thirds of the cell, so that marks keep clear of the thick box lines.
const NOTE_OFFSETS: [i32; 3] = [12, 30, 48];

/// An sRGB colour. Every colour of the picture is opaque.
#[derive(Clone, Copy)]
struct Rgb(u8, u8, u8);

impl Rgb {
    fn color(self) -> Color {
        Color::from_rgba8(self.0, self.1, self.2, 255)
    }

    /// A solid paint without anti-aliasing: rectangles sit on whole pixels anyway, and
    /// hard-edged stripes add no blended colours to the palette.
    fn paint(self) -> Paint<'static> {
        let mut paint = Paint::default();
        paint.set_color(self.color());
        paint.anti_alias = false;
        paint
    }
}

// The palette. Luminance steps matter as much as hue: in greyscale a given is the
// brightest digit, a player's digit clearly darker, and a wrong cell carries its hatch.
const BACKGROUND: Rgb = Rgb(0x1E, 0x1F, 0x22);
const CELL_FILL: Rgb = Rgb(0x2B, 0x2D, 0x31);
const THIN_LINE: Rgb = Rgb(0x4A, 0x4D, 0x55);
const BOX_LINE: Rgb = Rgb(0xB5, 0xBA, 0xC1);
const LABEL: Rgb = Rgb(0x94, 0x9B, 0xA4);
const GIVEN: Rgb = Rgb(0xF2, 0xF3, 0xF5);
const ENTRY: Rgb = Rgb(0x5C, 0xA8, 0xFF);
const WRONG: Rgb = Rgb(0xFF, 0x73, 0x73);
const WRONG_FILL: Rgb = Rgb(0x3A, 0x25, 0x28);
const WRONG_HATCH: Rgb = Rgb(0x63, 0x33, 0x38);
/// Pencil marks: light and bold, to stay legible on a phone (a 300 px wide board).
const NOTE: Rgb = Rgb(0xD2, 0xD8, 0xE0);
const FILLED: Rgb = Rgb(0xD9, 0xA4, 0x41);
const FILLED_FILL: Rgb = Rgb(0x23, 0x24, 0x27);
const LAST_FILL: Rgb = Rgb(0x4D, 0x45, 0x24);
const LAST_EDGE: Rgb = Rgb(0xF0, 0xB2, 0x32);
/// The pad's chosen cell: a white frame inside the cell, apart from the amber last move.
const CHOSEN_EDGE: Rgb = Rgb(0xFF, 0xFF, 0xFF);
/// Cells holding the chosen cell's digit: a cool tint, lighter than a plain cell and
/// apart from the amber last move, so the digit's spread over the board shows at once.
const SAME_FILL: Rgb = Rgb(0x2E, 0x3D, 0x57);
const SUCCESS_FILL: Rgb = Rgb(0x24, 0x80, 0x46);
const NEUTRAL_FILL: Rgb = Rgb(0x4E, 0x50, 0x58);
const BANNER_TEXT: Rgb = Rgb(0xFF, 0xFF, 0xFF);

/// A line of text under the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Banner {
    pub text: String,
    pub tone: Tone,
}

/// How a banner is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// Green: the board is solved.
    Success,
    /// Grey: anything else worth saying (given up, a daily's date).
    Neutral,
}

impl Banner {
    pub fn new(text: impl Into<String>, tone: Tone) -> Banner {
        Banner {
            text: text.into(),
            tone,
        }
    }
}

/// Everything a picture shows, in plain values: build it from a grid or a game, adjust
/// it, then [`BoardPicture::png`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPicture {
    /// Row-major, `A1` first.
    pub cells: [Look; 81],
    /// Pencil marks per cell, bit `d` for digit `d` (as in [`Game::notes`]). Marks in
    /// filled cells are not drawn.
    pub notes: [u16; 81],
    /// The cell the player changed last, highlighted.
    pub last_move: Option<Cell>,
    /// The cell chosen on the number pad under the board, framed apart from the last move.
    pub chosen: Option<Cell>,
    pub banner: Option<Banner>,
    /// The language of its words: the status banner and the alt text.
    pub lang: Lang,
}

impl BoardPicture {
    /// A puzzle or a solution alone: every digit a given, no notes.
    pub fn from_grid(grid: &Grid) -> BoardPicture {
        BoardPicture {
            cells: looks(|cell| Look::of_grid(grid, cell)),
            notes: [0; 81],
            last_move: None,
            chosen: None,
            banner: None,
            lang: Lang::En,
        }
    }

    /// [`BoardPicture::from_game_in`] English.
    pub fn from_game(game: &Game) -> BoardPicture {
        BoardPicture::from_game_in(game, Lang::En)
    }

    /// A game as its player sees it: digits, wrong digits, notes, the last move, and a
    /// banner once it is solved or given up, in `lang`.
    pub fn from_game_in(game: &Game, lang: Lang) -> BoardPicture {
        let banner = match game.status {
            Status::Active => None,
            Status::Solved => Some(Banner::new(t!(lang, "banner-solved"), Tone::Success)),
            Status::GaveUp => Some(Banner::new(t!(lang, "banner-given-up"), Tone::Neutral)),
        };
        // A given-up board shows the solution: the player's right digits as theirs, their
        // wrong digits as wrong (so they see where they went wrong), the rest as the bot's.
        let look = match game.status {
            Status::GaveUp => |game: &Game, cell| match game.board.get(cell) {
                Some(d) if !game.is_given(cell) && game.solution.get(cell) != Some(d) => {
                    Look::Wrong(d)
                }
                _ => Look::of_final(game, cell),
            },
            _ => Look::of_game,
        };
        let cells = looks(|cell| look(game, cell));
        // The last move is the player's: never framed on a cell the bot filled.
        let last_move = last_move(game).filter(|c| !matches!(cells[c.index()], Look::Filled(_)));
        BoardPicture {
            cells,
            notes: game.notes,
            last_move,
            chosen: None,
            banner,
            lang,
        }
    }

    /// A board from its parts, for `sudoku-bot render`: the puzzle's `givens`, the
    /// player's digits on `board` (a given there wins over whatever the board holds), the
    /// `solution` if known (digits that differ from it are drawn wrong; without it none
    /// is) and pencil marks.
    pub fn from_parts(
        givens: &Grid,
        board: &Grid,
        solution: Option<&Grid>,
        notes: [u16; 81],
    ) -> BoardPicture {
        let mut game = Game::new(*givens, *solution.unwrap_or(board), None, 0);
        game.board = *board;
        for cell in Cell::all() {
            if let Some(d) = givens.get(cell) {
                game.board.set(cell, Some(d));
            }
        }
        game.notes = notes;
        BoardPicture::from_game(&game)
    }

    /// The picture as PNG bytes, [`WIDTH`] × [`HEIGHT`] (plus [`BANNER_HEIGHT`] with a
    /// banner).
    pub fn png(&self) -> Vec<u8> {
        let height = HEIGHT
            + if self.banner.is_some() {
                BANNER_HEIGHT
            } else {
                0
            };
        CANVAS.with_borrow_mut(|kept| {
            let canvas = match kept {
                Some(canvas) if canvas.height() == height => canvas,
                _ => kept.insert(Pixmap::new(WIDTH, height).expect("a fixed, valid size")),
            };
            self.draw(canvas);
            encode(canvas)
        })
    }

    /// Writes the PNG to `path`.
    pub fn write_png(&self, path: &std::path::Path) -> std::io::Result<()> {
        std::fs::write(path, self.png())
    }

    /// A description for screen readers (Discord's attachment description):
    /// `Sudoku board, 38 cells empty, 1 wrong digit, last move B7. Solved`.
    pub fn alt_text(&self) -> String {
        let empty = self.cells.iter().filter(|l| **l == Look::Empty).count();
        let wrong = self
            .cells
            .iter()
            .filter(|l| matches!(l, Look::Wrong(_)))
            .count();
        let lang = self.lang;
        let mut text = t!(lang, "alt-board", empty = empty);
        if wrong > 0 {
            text.push_str(", ");
            text.push_str(&t!(lang, "alt-wrong", count = wrong));
        }
        if let Some(cell) = self.last_move {
            text.push_str(", ");
            text.push_str(&t!(lang, "alt-last-move", cell = cell.name()));
        }
        if let Some(cell) = self.chosen {
            text.push_str(", ");
            text.push_str(&t!(lang, "alt-chosen", cell = cell.name()));
        }
        if let Some(banner) = &self.banner {
            text.push_str(". ");
            text.push_str(banner.text.trim());
        }
        text
    }

    /// Draws the picture.
    fn draw(&self, canvas: &mut Pixmap) {
        canvas.fill(BACKGROUND.color());
        let sprites = sprites();
        fill(canvas, ORIGIN, ORIGIN, 9 * CELL, 9 * CELL, CELL_FILL);
        let same = self.chosen.and_then(|c| self.cells[c.index()].digit());
        for cell in Cell::all() {
            let (x, y) = corner(cell);
            let look = self.cells[cell.index()];
            if self.last_move == Some(cell) {
                fill(canvas, x, y, CELL, CELL, LAST_FILL);
            } else if same.is_some() && look.digit() == same {
                fill(canvas, x, y, CELL, CELL, SAME_FILL);
            }
            match look {
                Look::Wrong(_) => hatch(canvas, x, y, self.last_move == Some(cell)),
                Look::Filled(_) => fill(canvas, x, y, CELL, CELL, FILLED_FILL),
                _ => {}
            }
        }
        grid_lines(canvas);
        for cell in Cell::all() {
            let (x, y) = corner(cell);
            let (cx, cy) = (x + CELL / 2, y + CELL / 2);
            // Outlines go over the grid lines, so that they read as one closed frame.
            match self.cells[cell.index()] {
                Look::Wrong(_) => outline(canvas, x, y, WRONG),
                _ if self.last_move == Some(cell) => outline(canvas, x, y, LAST_EDGE),
                _ => {}
            }
            // Inside any other frame, so a chosen last move shows both.
            if self.chosen == Some(cell) {
                frame(canvas, x, y, 6, 3, CHOSEN_EDGE);
            }
            match self.cells[cell.index()] {
                Look::Given(d) => stamp(canvas, &sprites.given[digit(d)], cx, cy),
                Look::Entry(d) => stamp(canvas, &sprites.entry[digit(d)], cx, cy),
                Look::Wrong(d) => stamp(canvas, &sprites.wrong[digit(d)], cx, cy),
                // The bot's digits after a give-up: smaller, amber, on a darker cell, so
                // the player sees at a glance (in greyscale too) what was not theirs.
                Look::Filled(d) => stamp(canvas, &sprites.filled[digit(d)], cx, cy),
                Look::Empty => {
                    let mask = self.notes[cell.index()];
                    for d in 1..=9 {
                        if mask & (1 << d) != 0 {
                            let (col, row) = ((d - 1) % 3, (d - 1) / 3);
                            let (nx, ny) = (x + NOTE_OFFSETS[col], y + NOTE_OFFSETS[row]);
                            stamp(canvas, &sprites.note[d - 1], nx, ny);
                        }
                    }
                }
            }
        }
        for i in 0..9 {
            let along = ORIGIN + i as i32 * CELL + CELL / 2;
            stamp(canvas, &sprites.rows[i], ORIGIN / 2, along);
            stamp(canvas, &sprites.cols[i], along, ORIGIN / 2);
        }
        if let Some(banner) = &self.banner {
            draw_banner(canvas, banner);
        }
    }
}

thread_local! {
    /// The canvas of the last picture drawn on this thread, reused rather than allocating
    /// and zeroing 1.4 MB per picture (every pixel is painted over anyway). It stays
    /// allocated for the thread's life: one per worker thread that ever drew a board.
    static CANVAS: RefCell<Option<Pixmap>> = const { RefCell::new(None) };
}

/// The 81 looks of a board, row-major.
fn looks(look: impl Fn(Cell) -> Look) -> [Look; 81] {
    let mut cells = [Look::Empty; 81];
    for cell in Cell::all() {
        cells[cell.index()] = look(cell);
    }
    cells
}

/// The cell the last command changed: the last cell whose digit it changed, else (a notes
/// command) the cell it noted. A digit also clears notes in the cells it sees; those are
/// in the record too, but their digits did not change, so they are never chosen.
fn last_move(game: &Game) -> Option<Cell> {
    let record = &game.history.last()?.0;
    record
        .iter()
        .rev()
        .find(|before| game.board.get(before.cell).unwrap_or(0) != before.digit)
        .or(record.first())
        .map(|before| before.cell)
}

/// Index of digit `d` (1–9) in a sprite array.
fn digit(d: u8) -> usize {
    usize::from(d.clamp(1, 9) - 1)
}

/// Top-left pixel of a cell.
fn corner(cell: Cell) -> (i32, i32) {
    (
        ORIGIN + cell.col() as i32 * CELL,
        ORIGIN + cell.row() as i32 * CELL,
    )
}

fn rect(x: i32, y: i32, w: i32, h: i32) -> Option<Rect> {
    Rect::from_xywh(x as f32, y as f32, w as f32, h as f32)
}

/// Fills a pixel-aligned rectangle.
fn fill(canvas: &mut Pixmap, x: i32, y: i32, w: i32, h: i32, colour: Rgb) {
    if let Some(r) = rect(x, y, w, h) {
        canvas.fill_rect(r, &colour.paint(), Transform::identity(), None);
    }
}

/// Thin lines between cells, then thick ones around boxes and the board, on top.
fn grid_lines(canvas: &mut Pixmap) {
    let length = 9 * CELL + 1;
    for i in 1..9 {
        if i % 3 != 0 {
            let at = ORIGIN + i * CELL;
            fill(canvas, at, ORIGIN, 1, length, THIN_LINE);
            fill(canvas, ORIGIN, at, length, 1, THIN_LINE);
        }
    }
    // Three pixels wide, centred on the cell boundary.
    for i in (0..=9).step_by(3) {
        let at = ORIGIN + i * CELL - 1;
        fill(canvas, at, ORIGIN - 1, 3, length + 2, BOX_LINE);
        fill(canvas, ORIGIN - 1, at, length + 2, 3, BOX_LINE);
    }
}

/// The background of a wrong digit's cell: diagonal stripes, so that the cell stands out
/// by its texture in greyscale too.
fn hatch(canvas: &mut Pixmap, x: i32, y: i32, last: bool) {
    fill(
        canvas,
        x,
        y,
        CELL,
        CELL,
        if last { LAST_FILL } else { WRONG_FILL },
    );
    let size = CELL as f32;
    let mut path = PathBuilder::new();
    // Lines x - y = k, cut to the cell analytically: no clip mask needed.
    let mut k = -size + 6.0;
    while k < size {
        let (x0, y0) = (k.max(0.0), (-k).max(0.0));
        let (x1, y1) = (size.min(size + k), size.min(size - k));
        path.move_to(x as f32 + x0, y as f32 + y0);
        path.line_to(x as f32 + x1, y as f32 + y1);
        k += 10.0;
    }
    if let Some(path) = path.finish() {
        let stroke = Stroke {
            width: 3.0,
            ..Stroke::default()
        };
        canvas.stroke_path(
            &path,
            &WRONG_HATCH.paint(),
            &stroke,
            Transform::identity(),
            None,
        );
    }
}

/// A frame just inside a cell.
fn outline(canvas: &mut Pixmap, x: i32, y: i32, colour: Rgb) {
    frame(canvas, x, y, 2, 3, colour);
}

/// A frame `inset` pixels inside a cell, `width` pixels wide.
fn frame(canvas: &mut Pixmap, x: i32, y: i32, inset: i32, width: i32, colour: Rgb) {
    let side = CELL - 2 * inset + 1;
    let (x, y) = (x + inset, y + inset);
    fill(canvas, x, y, side, width, colour);
    fill(canvas, x, y + side - width, side, width, colour);
    fill(canvas, x, y, width, side, colour);
    fill(canvas, x + side - width, y, width, side, colour);
}

fn draw_banner(canvas: &mut Pixmap, banner: &Banner) {
    let fill_colour = match banner.tone {
        Tone::Success => SUCCESS_FILL,
        Tone::Neutral => NEUTRAL_FILL,
    };
    let top = HEIGHT as f32 - 6.0;
    let (left, width, height, radius) = (ORIGIN as f32 - 1.0, 9.0 * CELL as f32 + 3.0, 44.0, 8.0);
    if let Some(path) = rounded_rect(left, top, width, height, radius) {
        let mut paint = fill_colour.paint();
        paint.anti_alias = true;
        canvas.fill_path(
            &path,
            &paint,
            tiny_skia::FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    // A text too long for the banner loses characters at its end, shown by an ellipsis,
    // rather than running off the picture.
    let room = width as u32 - 24;
    let chars: Vec<char> = banner.text.chars().collect();
    let mut keep = chars.len();
    let sprite = loop {
        let mut shown: String = chars[..keep].iter().collect();
        if keep < chars.len() {
            shown.push('…');
        }
        match Sprite::text(&fonts().1, 26.0, &shown, BANNER_TEXT) {
            Some(sprite) if sprite.pixmap.width() > room && keep > 0 => keep -= 1,
            sprite => break sprite,
        }
    };
    if let Some(sprite) = sprite {
        let cx = ORIGIN + 9 * CELL / 2;
        stamp(canvas, &sprite, cx, (top + height / 2.0) as i32);
    }
}

// Discord's dark theme, for the components drawn under a preview.
const MENU_FILL: Rgb = Rgb(0x1E, 0x1F, 0x22);
const MENU_EDGE: Rgb = Rgb(0x3F, 0x41, 0x47);
const MENU_PLACEHOLDER: Rgb = Rgb(0x94, 0x9B, 0xA4);
const PRIMARY_FILL: Rgb = Rgb(0x58, 0x65, 0xF2);
const SECONDARY_FILL: Rgb = Rgb(0x4E, 0x50, 0x58);
const DANGER_FILL: Rgb = Rgb(0xDA, 0x37, 0x3C);
/// The strip under the board that a preview's components take: a menu or a button row
/// each, [`CONTROL_ROW`] high.
const CONTROL_ROW: u32 = 52;

impl BoardPicture {
    /// The picture with `reply`'s menus and buttons drawn under it, laid out as Discord's
    /// dark theme shows a message's components (a menu's chosen option as its text, else
    /// its placeholder; buttons coloured by style). Not what the bot sends: Discord draws
    /// the components itself. For the README and `sudoku-bot render --controls`.
    pub fn png_with_controls(&self, reply: &super::reply::Reply) -> Vec<u8> {
        use super::reply::ButtonStyle;
        let rows = reply.selects.len() + reply.buttons.len();
        let height = HEIGHT + rows as u32 * CONTROL_ROW + 12;
        let Some(mut canvas) = Pixmap::new(WIDTH, height) else {
            return self.png();
        };
        canvas.fill(BACKGROUND.color());
        // The board at the top: drawn on its own canvas, copied over.
        let mut board = match Pixmap::new(WIDTH, HEIGHT) {
            Some(board) => board,
            None => return self.png(),
        };
        let mut plain = self.clone();
        plain.banner = None;
        plain.draw(&mut board);
        canvas.draw_pixmap(
            0,
            0,
            board.as_ref(),
            &tiny_skia::PixmapPaint::default(),
            Transform::identity(),
            None,
        );
        let (regular, bold) = fonts();
        let (left, width) = (ORIGIN as f32 - 1.0, 9.0 * CELL as f32 + 3.0);
        let shape = |canvas: &mut Pixmap, x: f32, y: f32, w: f32, colour: Rgb| {
            if let Some(path) = rounded_rect(x, y, w, 40.0, 6.0) {
                let mut paint = colour.paint();
                paint.anti_alias = true;
                canvas.fill_path(
                    &path,
                    &paint,
                    tiny_skia::FillRule::Winding,
                    Transform::identity(),
                    None,
                );
            }
        };
        let mut top = HEIGHT as f32 + 4.0;
        for select in &reply.selects {
            shape(&mut canvas, left, top, width, MENU_EDGE);
            shape(&mut canvas, left + 1.5, top + 1.5, width - 3.0, MENU_FILL);
            let (text, colour) = match select.options.iter().find(|o| o.default) {
                Some(o) => (format!("{}: {}", select.placeholder, o.label), GIVEN),
                None => (select.placeholder.clone(), MENU_PLACEHOLDER),
            };
            if let Some(sprite) = Sprite::text(regular, 17.0, &text, colour) {
                let w = sprite.pixmap.width() as i32;
                stamp(
                    &mut canvas,
                    &sprite,
                    left as i32 + 16 + w / 2,
                    top as i32 + 20,
                );
            }
            if let Some(chevron) = Sprite::text(regular, 17.0, "\u{25BE}", MENU_PLACEHOLDER) {
                stamp(
                    &mut canvas,
                    &chevron,
                    (left + width) as i32 - 20,
                    top as i32 + 20,
                );
            }
            top += CONTROL_ROW as f32;
        }
        for row in &reply.buttons {
            let gap = 8.0;
            let w = (width - gap * 4.0) / 5.0;
            for (i, button) in row.iter().enumerate() {
                let x = left + i as f32 * (w + gap);
                let fill_colour = match button.style {
                    ButtonStyle::Primary => PRIMARY_FILL,
                    ButtonStyle::Secondary => SECONDARY_FILL,
                    ButtonStyle::Danger => DANGER_FILL,
                };
                shape(&mut canvas, x, top, w, fill_colour);
                if let Some(sprite) = Sprite::text(bold, 16.0, &button.label, BANNER_TEXT) {
                    stamp(&mut canvas, &sprite, (x + w / 2.0) as i32, top as i32 + 20);
                }
            }
            top += CONTROL_ROW as f32;
        }
        encode(&canvas)
    }
}

fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<tiny_skia::Path> {
    let mut p = PathBuilder::new();
    p.move_to(x + r, y);
    p.line_to(x + w - r, y);
    p.quad_to(x + w, y, x + w, y + r);
    p.line_to(x + w, y + h - r);
    p.quad_to(x + w, y + h, x + w - r, y + h);
    p.line_to(x + r, y + h);
    p.quad_to(x, y + h, x, y + h - r);
    p.line_to(x, y + r);
    p.quad_to(x, y, x + r, y);
    p.close();
    p.finish()
}

/// Writes an opaque picture as a PNG: indexed (one byte a pixel) when it has at most 256
/// colours, as every board has, else 8-bit RGB.
///
/// A board is flat areas, straight lines and glyphs whose edges are blended on few
/// levels (see [`COVERAGE_LEVELS`]), so its colours fit a palette: a third of the bytes of
/// RGB to compress, and a PNG several times smaller. The RGB fallback only keeps an
/// unforeseen picture (a long banner in many colours) from failing.
fn encode(canvas: &Pixmap) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 * 1024);
    let mut encoder = png::Encoder::new(&mut out, canvas.width(), canvas.height());
    encoder.set_depth(png::BitDepth::Eight);
    let data = match palette(canvas) {
        Some((palette, indices)) => {
            encoder.set_color(png::ColorType::Indexed);
            encoder.set_palette(palette);
            encoder.set_filter(PALETTE_FILTER);
            indices
        }
        None => {
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_filter(png::Filter::Up);
            // The alpha channel is all 255: dropping it saves a quarter of the bytes.
            let mut rgb = Vec::with_capacity(canvas.data().len() / 4 * 3);
            for pixel in canvas.data().chunks_exact(4) {
                rgb.extend_from_slice(&pixel[..3]);
            }
            rgb
        }
    };
    encoder.set_deflate_compression(DEFLATE);
    // Writing a valid, fixed-size image into memory cannot fail: an error here is a bug.
    let mut writer = encoder
        .write_header()
        .expect("a valid PNG header for a fixed size");
    writer
        .write_image_data(&data)
        .expect("image data of the declared size");
    writer.finish().expect("PNG written to memory");
    out
}

/// zlib level 1, through the `png` crate's `zlib-rs` feature: three times faster than
/// its default deflate at this level, and about 30 KB for the heaviest board. The
/// `Up` filter suits rows that mostly repeat the row above.
const DEFLATE: png::DeflateCompression = png::DeflateCompression::Level(1);
const PALETTE_FILTER: png::Filter = png::Filter::Up;

/// The picture's colours (RGB triples) and each pixel's index among them; `None` past 256
/// colours.
fn palette(canvas: &Pixmap) -> Option<(Vec<u8>, Vec<u8>)> {
    // An open-addressing table from a pixel's RGBA word to its index + 1 (0: free slot).
    // Most pixels repeat their left neighbour, so that case skips the table.
    const SLOTS: usize = 1024;
    let mut keys = [0u32; SLOTS];
    let mut values = [0u16; SLOTS];
    let mut palette = Vec::with_capacity(256 * 3);
    let pixels = canvas.data();
    let mut indices = vec![0u8; pixels.len() / 4];
    let mut previous = None;
    for (index, pixel) in indices.iter_mut().zip(pixels.chunks_exact(4)) {
        let key = u32::from_le_bytes([pixel[0], pixel[1], pixel[2], pixel[3]]);
        if let Some((k, i)) = previous
            && k == key
        {
            *index = i;
            continue;
        }
        let mut slot = (key.wrapping_mul(0x9E37_79B1) >> 22) as usize % SLOTS;
        *index = loop {
            if values[slot] == 0 {
                let count = palette.len() / 3;
                if count == 256 {
                    return None;
                }
                keys[slot] = key;
                values[slot] = count as u16 + 1;
                palette.extend_from_slice(&pixel[..3]);
                break count as u8;
            }
            if keys[slot] == key {
                break (values[slot] - 1) as u8;
            }
            slot = (slot + 1) % SLOTS;
        };
        previous = Some((key, *index));
    }
    Some((palette, indices))
}

/// How many levels of coverage a glyph's edge pixels get. Sixteen look as smooth as 256
/// at these sizes, and keep a board's colours within a PNG palette.
const COVERAGE_LEVELS: u8 = 16;

/// Text rasterized once, in one colour, ready to be copied onto pictures.
struct Sprite {
    pixmap: Pixmap,
}

impl Sprite {
    /// `text` at `px` pixels per em, cropped to its ink. `None` for text without ink.
    fn text(font: &FontRef<'static>, px: f32, text: &str, colour: Rgb) -> Option<Sprite> {
        let scaled = font.as_scaled(PxScale::from(px));
        let mut x = 0.0;
        let mut previous = None;
        let mut outlines = Vec::new();
        for ch in text.chars() {
            let id = scaled.glyph_id(ch);
            if let Some(previous) = previous {
                x += scaled.kern(previous, id);
            }
            let glyph = id.with_scale_and_position(px, point(x, scaled.ascent()));
            x += scaled.h_advance(id);
            previous = Some(id);
            outlines.extend(font.outline_glyph(glyph));
        }
        let bounds = outlines
            .iter()
            .map(|o| o.px_bounds())
            .reduce(|a, b| ab_glyph::Rect {
                min: point(a.min.x.min(b.min.x), a.min.y.min(b.min.y)),
                max: point(a.max.x.max(b.max.x), a.max.y.max(b.max.y)),
            })?;
        let (w, h) = (bounds.width() as u32, bounds.height() as u32);
        let mut coverage = vec![0f32; w as usize * h as usize];
        for outline in &outlines {
            let b = outline.px_bounds();
            let (ox, oy) = (
                (b.min.x - bounds.min.x) as u32,
                (b.min.y - bounds.min.y) as u32,
            );
            outline.draw(|gx, gy, c| {
                let (px, py) = (ox + gx, oy + gy);
                if px < w && py < h {
                    let at = (py * w + px) as usize;
                    coverage[at] = (coverage[at] + c).min(1.0);
                }
            });
        }
        let mut pixmap = Pixmap::new(w, h)?;
        for (pixel, c) in pixmap.pixels_mut().iter_mut().zip(&coverage) {
            let steps = f32::from(COVERAGE_LEVELS - 1);
            let alpha = ((c * steps).round() * 255.0 / steps).round() as u8;
            let channel = |v: u8| ((u16::from(v) * u16::from(alpha) + 127) / 255) as u8;
            if let Some(p) = PremultipliedColorU8::from_rgba(
                channel(colour.0),
                channel(colour.1),
                channel(colour.2),
                alpha,
            ) {
                *pixel = p;
            }
        }
        Some(Sprite { pixmap })
    }
}

/// Lays a sprite over the canvas with its ink centred on (`cx`, `cy`).
///
/// Blended here rather than with `Pixmap::draw_pixmap`: a board stamps up to 800 small
/// sprites, and tiny-skia's per-call pipeline setup cost more than the blending itself.
fn stamp(canvas: &mut Pixmap, sprite: &Sprite, cx: i32, cy: i32) {
    let (w, h) = (sprite.pixmap.width() as i32, sprite.pixmap.height() as i32);
    let (left, top) = (cx - w / 2, cy - h / 2);
    let (canvas_w, canvas_h) = (canvas.width() as i32, canvas.height() as i32);
    let source = sprite.pixmap.data();
    let target = canvas.data_mut();
    for row in 0..h {
        let y = top + row;
        if !(0..canvas_h).contains(&y) {
            continue;
        }
        for col in 0..w {
            let x = left + col;
            if !(0..canvas_w).contains(&x) {
                continue;
            }
            let s = ((row * w + col) * 4) as usize;
            let alpha = u16::from(source[s + 3]);
            if alpha == 0 {
                continue;
            }
            let t = ((y * canvas_w + x) * 4) as usize;
            // Source over, premultiplied: the canvas is opaque, so it stays opaque.
            for channel in 0..3 {
                let under = u16::from(target[t + channel]) * (255 - alpha);
                target[t + channel] = source[s + channel] + ((under + 127) / 255) as u8;
            }
        }
    }
}

/// Every sprite a board needs, index 0 for digit 1 (or row A, column 1).
struct Sprites {
    given: [Sprite; 9],
    entry: [Sprite; 9],
    wrong: [Sprite; 9],
    filled: [Sprite; 9],
    note: [Sprite; 9],
    rows: [Sprite; 9],
    cols: [Sprite; 9],
}

/// The embedded fonts: regular, bold.
fn fonts() -> &'static (FontRef<'static>, FontRef<'static>) {
    static FONTS: OnceLock<(FontRef<'static>, FontRef<'static>)> = OnceLock::new();
    FONTS.get_or_init(|| {
        let parse = |bytes| FontRef::try_from_slice(bytes).expect("the embedded font parses");
        (parse(REGULAR_FONT), parse(BOLD_FONT))
    })
}

/// Sprites are made on first use and kept: rasterizing glyphs is most of the work of a
/// picture, and the same 54 glyphs serve every board.
fn sprites() -> &'static Sprites {
    static SPRITES: OnceLock<Sprites> = OnceLock::new();
    SPRITES.get_or_init(|| {
        let (regular, bold) = fonts();
        let set = |font: &FontRef<'static>, px: f32, first: u8, colour: Rgb| {
            std::array::from_fn(|i| {
                let text = char::from(first + i as u8).to_string();
                Sprite::text(font, px, &text, colour).expect("digits and letters have ink")
            })
        };
        Sprites {
            given: set(bold, 44.0, b'1', GIVEN),
            entry: set(regular, 44.0, b'1', ENTRY),
            wrong: set(regular, 44.0, b'1', WRONG),
            filled: set(regular, 34.0, b'1', FILLED),
            note: set(bold, 21.0, b'1', NOTE),
            rows: set(bold, 22.0, b'A', LABEL),
            cols: set(bold, 22.0, b'1', LABEL),
        }
    })
}

/// Reads pencil marks for `sudoku-bot render --notes`: pairs of a cell and its digits,
/// as the notes line prints them (`A4 257 · B1 19`) or as `A4:257,B1:19`.
pub fn parse_notes(spec: &str) -> Result<[u16; 81], String> {
    let mut notes = [0u16; 81];
    let mut tokens = spec
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':' | '=' | '·'))
        .filter(|t| !t.is_empty());
    while let Some(name) = tokens.next() {
        let cell = Cell::parse(name).ok_or_else(|| format!("`{name}` is not a cell"))?;
        let digits = tokens
            .next()
            .ok_or_else(|| format!("{cell} has no digits"))?;
        let mask = crate::game::parse_note_digits(digits)
            .ok_or_else(|| format!("`{digits}` are not digits 1–9 for {cell}"))?;
        notes[cell.index()] |= mask;
    }
    Ok(notes)
}

/// Timings of [`bench`].
#[derive(Clone, Copy, Debug)]
pub struct BenchReport {
    pub runs: usize,
    /// Per render, by the clock given to [`bench`].
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
    /// Per render, by the wall clock: includes waiting for a busy CPU.
    pub wall_p99: Duration,
    /// Size of the PNG, in bytes.
    pub bytes: usize,
}

/// Renders [`example_full_notes`] (the heaviest board) `runs` times on the calling thread,
/// timing each render with `clock`: the thread's CPU time for a one-core figure (the batch
/// adapter's `thread_cpu_time`), or a wall clock. The first render, which makes the
/// sprites, happens before timing starts.
pub fn bench(runs: usize, clock: impl Fn() -> Duration) -> BenchReport {
    let picture = example_full_notes();
    let bytes = picture.png().len();
    let mut times = Vec::with_capacity(runs.max(1));
    let mut walls = Vec::with_capacity(runs.max(1));
    for _ in 0..runs.max(1) {
        let (start, wall) = (clock(), Instant::now());
        std::hint::black_box(picture.png());
        times.push(clock().saturating_sub(start));
        walls.push(wall.elapsed());
    }
    times.sort();
    walls.sort();
    // The nearest-rank percentile: the smallest time at least `q` of the runs took.
    let at =
        |times: &[Duration], q: f64| times[((times.len() as f64 * q).ceil() as usize).max(1) - 1];
    BenchReport {
        runs: times.len(),
        p50: at(&times, 0.50),
        p99: at(&times, 0.99),
        max: at(&times, 1.0),
        wall_p99: at(&walls, 0.99),
        bytes,
    }
}

/// The example puzzle (the one on Wikipedia's Sudoku page) and its solution.
const EXAMPLE_PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EXAMPLE_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn example_grid(line: &str) -> Grid {
    let mut cells = [0u8; 81];
    for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
        *cell = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
    }
    Grid::from_cells(cells).expect("the example grid is valid")
}

/// A game in progress, with everything a picture can show: givens, the player's digits,
/// one wrong digit, the last move, and every empty cell's candidates as notes. This is
/// docs/board.png.
pub fn example() -> BoardPicture {
    let solution = example_grid(EXAMPLE_SOLUTION);
    let mut game = Game::new(example_grid(EXAMPLE_PUZZLE), solution, None, 0);
    let moves = "A3 4 B2 7 C1 1 E5 5 G1 9 D2 5 C4 3 E2 2";
    let moves = crate::game::parse_moves(moves).expect("the example moves parse");
    game.apply(&moves, 0).expect("the example moves apply");
    // A wrong 4 in B3 (2 is right), then a right 1 in F2: the last move.
    for m in ["B3 4", "F2 1"] {
        let m = crate::game::parse_moves(m).expect("the example move parses");
        game.apply(&m, 0).expect("the example move applies");
    }
    game.notes = candidates(&game.board);
    BoardPicture::from_game(&game)
}

/// The heaviest picture: the example puzzle with all nine pencil marks in every empty
/// cell. The benchmark and the size limit use it.
pub fn example_full_notes() -> BoardPicture {
    let mut picture = BoardPicture::from_grid(&example_grid(EXAMPLE_PUZZLE));
    for (look, notes) in picture.cells.iter().zip(picture.notes.iter_mut()) {
        if *look == Look::Empty {
            *notes = 0x3FE;
        }
    }
    picture
}

/// The digits each empty cell may still take, as note masks.
fn candidates(board: &Grid) -> [u16; 81] {
    let mut notes = [0u16; 81];
    for cell in Cell::all() {
        if board.get(cell).is_none() {
            let seen = cell
                .peers()
                .filter_map(|peer| board.get(peer))
                .fold(0u16, |mask, d| mask | 1 << d);
            notes[cell.index()] = 0x3FE & !seen;
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::parse_moves;

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
        let image = Pixmap::decode_png(&picture.png_with_controls(&reply)).expect("a PNG");
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

    #[test]
    fn notes_specs_read_both_forms() {
        let notes = parse_notes("A4 257 · B1 19").expect("the notes line form");
        assert_eq!(notes[Cell::parse("A4").expect("cell").index()], 0b10100100);
        assert_eq!(
            notes[Cell::parse("B1").expect("cell").index()],
            0b1000000010
        );
        assert_eq!(parse_notes("A4:257,B1:19"), Ok(notes));
        assert_eq!(parse_notes(""), Ok([0; 81]));
        assert!(parse_notes("Z9 1").is_err());
        assert!(parse_notes("A1").is_err());
        assert!(parse_notes("A1 0").is_err());
    }
}
