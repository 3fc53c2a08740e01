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
//! - It draws plain values (a [`Look`] per cell; for a preview, the buttons and menus),
//!   never a reply: a reply carries a picture, so the picture must not need the reply.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use tiny_skia::{Color, Paint, PathBuilder, Pixmap, Rect, Stroke, Transform};

pub use super::render::Look;
use crate::app::components::{Button, ButtonStyle, Select};
use crate::app::i18n::{Lang, t};
use crate::engine::{Cell, Grid};
use crate::game::{Game, Status};

mod sprites;
use sprites::{Sprite, fonts, sprites, stamp};

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
    /// The picture with a message's menus and buttons drawn under it (a reply's
    /// `selects` and `buttons`), laid out as Discord's dark theme shows them (a menu's
    /// chosen option as its text, else its placeholder; buttons coloured by style). Not
    /// what the bot sends: Discord draws the components itself. For the README and
    /// `sudoku-bot render --controls`.
    pub fn png_with_controls(&self, selects: &[Select], buttons: &[Vec<Button>]) -> Vec<u8> {
        let rows = selects.len() + buttons.len();
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
        for select in selects {
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
        for row in buttons {
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
mod tests;
