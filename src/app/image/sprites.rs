//! Glyphs rasterized once per process into sprites, and stamped onto pictures.

use std::sync::OnceLock;

use ab_glyph::{Font, FontRef, PxScale, ScaleFont, point};
use tiny_skia::{Pixmap, PremultipliedColorU8};

use super::*;

/// How many levels of coverage a glyph's edge pixels get. Sixteen look as smooth as 256
/// at these sizes, and keep a board's colours within a PNG palette.
pub(super) const COVERAGE_LEVELS: u8 = 16;

/// Text rasterized once, in one colour, ready to be copied onto pictures.
pub(super) struct Sprite {
    pub(super) pixmap: Pixmap,
}

impl Sprite {
    /// `text` at `px` pixels per em, cropped to its ink. `None` for text without ink.
    pub(super) fn text(
        font: &FontRef<'static>,
        px: f32,
        text: &str,
        colour: Rgb,
    ) -> Option<Sprite> {
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
pub(super) fn stamp(canvas: &mut Pixmap, sprite: &Sprite, cx: i32, cy: i32) {
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
pub(super) struct Sprites {
    pub(super) given: [Sprite; 9],
    pub(super) entry: [Sprite; 9],
    pub(super) wrong: [Sprite; 9],
    pub(super) filled: [Sprite; 9],
    pub(super) note: [Sprite; 9],
    pub(super) rows: [Sprite; 9],
    pub(super) cols: [Sprite; 9],
}

/// The embedded fonts: regular, bold.
pub(super) fn fonts() -> &'static (FontRef<'static>, FontRef<'static>) {
    static FONTS: OnceLock<(FontRef<'static>, FontRef<'static>)> = OnceLock::new();
    FONTS.get_or_init(|| {
        let parse = |bytes| FontRef::try_from_slice(bytes).expect("the embedded font parses");
        (parse(REGULAR_FONT), parse(BOLD_FONT))
    })
}

/// Sprites are made on first use and kept: rasterizing glyphs is most of the work of a
/// picture, and the same 54 glyphs serve every board.
pub(super) fn sprites() -> &'static Sprites {
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
