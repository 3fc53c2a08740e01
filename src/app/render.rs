//! Boards as monospace text.
//!
//! Phones do not render ANSI colours in Discord, so the plain board tells givens, the
//! player's digits and wrong digits apart by shape alone: ` 5 ` a given, `(5)` the
//! player's, `!5!` a wrong one. The ANSI variant adds colour on top of the same shapes.
//! Every board parses back to the grid it shows: the parser reads the labelled rows A–I and
//! ignores the markers.

use std::fmt::Write;

use crate::app::i18n::{Lang, t};
use crate::engine::{Cell, Grid, Tier};
use crate::game::{Game, Millis, Status};

/// How a board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardStyle {
    /// Shapes only: readable everywhere, including phones.
    Plain,
    /// Shapes plus colour, in a ```` ```ansi ```` block (Discord desktop, terminals).
    Ansi,
    /// A picture of the board (`app::image`), for players who chose it: board replies
    /// carry a PNG instead of the text grid. A grid that is not a game's board (solve's
    /// answer) stays text, drawn [`BoardStyle::Plain`], to be copied.
    Image,
}

const HEADER: &str = "    1  2  3   4  5  6   7  8  9";
const RULE: &str = "  +---------+---------+---------+";

// ANSI SGR codes Discord's `ansi` blocks support: bold, and the 30–37 colours.
const RESET: &str = "\u{1b}[0m";
const GIVEN: &str = "\u{1b}[1;37m";
const ENTRY: &str = "\u{1b}[0;34m";
const WRONG: &str = "\u{1b}[1;31m";
const DIM: &str = "\u{1b}[0;30m";
const FILLED: &str = "\u{1b}[0;33m";

/// How one cell looks: the board model of both the text board and the picture board
/// (`app::image`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    Given(u8),
    Entry(u8),
    Wrong(u8),
    /// Filled in by the bot when the player gave up.
    Filled(u8),
    Empty,
}

impl Look {
    /// The digit the cell shows, whoever put it there.
    pub fn digit(self) -> Option<u8> {
        match self {
            Look::Given(d) | Look::Entry(d) | Look::Wrong(d) | Look::Filled(d) => Some(d),
            Look::Empty => None,
        }
    }

    /// A cell of `grid` alone (a puzzle or a solution): every digit is a given.
    pub fn of_grid(grid: &Grid, cell: Cell) -> Look {
        match grid.get(cell) {
            Some(d) => Look::Given(d),
            None => Look::Empty,
        }
    }

    /// A cell of a game: a given, the player's digit, or a wrong digit.
    pub fn of_game(game: &Game, cell: Cell) -> Look {
        match game.board.get(cell) {
            None => Look::Empty,
            Some(d) if game.is_given(cell) => Look::Given(d),
            Some(d) if game.shows_wrong(cell) => Look::Wrong(d),
            Some(d) => Look::Entry(d),
        }
    }

    /// A cell of a finished game: the givens, the player's right digits, and (after a
    /// give-up) the rest of the solution as the bot's.
    pub fn of_final(game: &Game, cell: Cell) -> Look {
        let answer = game.solution.get(cell).unwrap_or(0);
        match game.board.get(cell) {
            _ if game.is_given(cell) => Look::Given(answer),
            Some(d) if d == answer => Look::Entry(d),
            _ => Look::Filled(answer),
        }
    }
}

/// The board of `grid` alone (a puzzle or a solution), every digit drawn as a given.
pub fn grid_block(grid: &Grid, style: BoardStyle) -> String {
    block(style, |cell| Look::of_grid(grid, cell), None)
}

/// The board of a game: givens, the player's digits, wrong digits marked.
pub fn game_block(game: &Game, style: BoardStyle) -> String {
    block(style, |cell| Look::of_game(game, cell), None)
}

/// [`game_block`] with the pad's chosen cell drawn `<5>` (or `<.>` when empty): the
/// shape, not a colour, shows it on phones too, and the parser reads through it.
pub fn game_block_chosen(game: &Game, style: BoardStyle, chosen: Option<Cell>) -> String {
    block(style, |cell| Look::of_game(game, cell), chosen)
}

/// What `<5>` means, under a board with a chosen cell.
/// A chosen cell that shows a wrong digit keeps its `!5!`, so the legend just names it.
pub fn chosen_legend(game: &Game, cell: Cell, lang: Lang) -> String {
    let wrong = matches!(Look::of_game(game, cell), Look::Wrong(_));
    t!(
        lang,
        "board-chosen-legend",
        cell = cell.name(),
        wrong = crate::app::i18n::yes(wrong)
    )
}

/// The board of a finished game: the givens, the player's right digits, and (after a give
/// up) the rest of the solution marked as the bot's, `[5]`.
pub fn final_block(game: &Game, style: BoardStyle) -> String {
    block(style, |cell| Look::of_final(game, cell), None)
}

fn block(style: BoardStyle, look: impl Fn(Cell) -> Look, chosen: Option<Cell>) -> String {
    let mut out = String::with_capacity(600);
    out.push_str(match style {
        BoardStyle::Plain | BoardStyle::Image => "```\n",
        BoardStyle::Ansi => "```ansi\n",
    });
    out.push_str(HEADER);
    out.push('\n');
    for row in 0..9 {
        if row % 3 == 0 {
            out.push_str(RULE);
            out.push('\n');
        }
        out.push((b'A' + row as u8) as char);
        out.push_str(" |");
        // Colour codes only where the colour changes: a full board stays far below
        // Discord's 2000 characters.
        let mut current = "";
        for col in 0..9 {
            let Some(cell) = Cell::at(row, col) else {
                continue;
            };
            let look = look(cell);
            let (open, digit, close, colour) = match look {
                Look::Given(d) => (' ', (b'0' + d) as char, ' ', GIVEN),
                Look::Entry(d) => ('(', (b'0' + d) as char, ')', ENTRY),
                Look::Wrong(d) => ('!', (b'0' + d) as char, '!', WRONG),
                Look::Filled(d) => ('[', (b'0' + d) as char, ']', FILLED),
                Look::Empty => (' ', '.', ' ', DIM),
            };
            // A wrong digit keeps its `!5!` under the cursor: the legend names the cell.
            let (open, close) = if chosen == Some(cell) && !matches!(look, Look::Wrong(_)) {
                ('<', '>')
            } else {
                (open, close)
            };
            match style {
                BoardStyle::Plain | BoardStyle::Image => {
                    out.push(open);
                    out.push(digit);
                    out.push(close);
                }
                BoardStyle::Ansi => {
                    if colour != current {
                        out.push_str(colour);
                        current = colour;
                    }
                    let _ = write!(out, "{open}{digit}{close}");
                }
            }
            if col % 3 == 2 {
                out.push('|');
            }
        }
        if style == BoardStyle::Ansi {
            out.push_str(RESET);
        }
        out.push('\n');
    }
    out.push_str(RULE);
    out.push_str("\n```");
    out
}

/// `m:ss`, or `h:mm:ss` from an hour on.
pub fn duration(ms: Millis) -> String {
    let secs = ms.max(0) / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// "1 mistake", "3 mistakes": a count with its noun, for nouns whose plural adds an s.
pub fn plural(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// A count with its noun, for nouns with their own plural ("1 cell is", "2 cells are").
pub fn plural_of(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "is" or "are", for `n` things.
pub fn is_are(n: usize) -> &'static str {
    if n == 1 { "is" } else { "are" }
}

/// Cell names as a list: "A1, B7, C3".
pub fn cell_list(cells: &[crate::engine::Cell]) -> String {
    cells
        .iter()
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A row, column or box named in `lang`: "row A", "fila A", "caixa 5".
pub fn house_name(house: crate::engine::House, lang: Lang) -> String {
    let (kind, name) = house_parts(house);
    t!(lang, "house", kind = kind, name = name)
}

/// A house as the catalogues take it: its kind (`row`, `column`, `box`, a selector key)
/// and its name (A-I or 1-9).
pub fn house_parts(house: crate::engine::House) -> (&'static str, String) {
    use crate::engine::House;
    match house {
        House::Row(r) => ("row", char::from(b'A' + r).to_string()),
        House::Col(c) => ("column", (c + 1).to_string()),
        House::Box(b) => ("box", (b + 1).to_string()),
    }
}

/// Two equal digits in one house, in `lang`.
pub fn conflict_text(c: &crate::engine::Conflict, lang: Lang) -> String {
    t!(
        lang,
        "board-conflict-pair",
        digit = c.digit,
        house = house_name(c.house, lang),
        first = c.first.name(),
        second = c.second.name()
    )
}

/// Why a move command could not be read, in `lang`.
pub fn move_error(e: &crate::game::MoveError, lang: Lang) -> String {
    use crate::game::MoveError;
    match e {
        MoveError::Empty => t!(lang, "move-error-empty"),
        MoveError::BadCell(found) => t!(lang, "move-error-bad-cell", found = found.as_str()),
        MoveError::MissingDigit { cell } => t!(lang, "move-error-no-digit", cell = cell.as_str()),
        MoveError::BadDigit { cell, found } => t!(
            lang,
            "move-error-bad-digit",
            cell = cell.as_str(),
            found = found.as_str()
        ),
        MoveError::RepeatedCell(cell) => t!(lang, "move-error-repeated", cell = cell.as_str()),
    }
}

/// Why a rule refused to act, in `lang`.
pub fn rule_error(e: &crate::game::RuleError, lang: Lang) -> String {
    use crate::game::RuleError;
    match e {
        RuleError::Finished(how) => t!(
            lang,
            "rule-error-over",
            how = if *how == "solved" {
                "solved"
            } else {
                "given-up"
            }
        ),
        RuleError::Given(cell) => t!(lang, "rule-error-given", cell = cell.as_str()),
        RuleError::NoteOnFilled(cell) => {
            t!(lang, "rule-error-note-on-filled", cell = cell.as_str())
        }
        RuleError::NothingToUndo => t!(lang, "undo-nothing"),
    }
}

/// Why a pasted grid could not be read, in `lang`: where, and what would be right.
pub fn parse_error(e: &crate::engine::parse::ParseError, lang: Lang) -> String {
    use crate::engine::parse::ParseError;
    // A quoted backtick would open a code span that swallows the rest of the message.
    let shown = |c: char| match c {
        '`' => t!(lang, "parse-backtick"),
        c => format!("{c:?}"),
    };
    let row = |r: usize| char::from(b'A' + (r.min(8) as u8)).to_string();
    match e {
        ParseError::NoCells => t!(lang, "parse-no-cells"),
        ParseError::UnexpectedCharacter {
            found,
            line,
            column,
        } => t!(
            lang,
            "parse-unexpected",
            found = shown(*found),
            line = *line,
            column = *column
        ),
        ParseError::UnexpectedInRow { found, row: r } => t!(
            lang,
            "parse-unexpected-in-row",
            found = shown(*found),
            row = row(*r)
        ),
        ParseError::RowLength { row: r, found } => {
            t!(lang, "parse-row-length", row = row(*r), count = *found)
        }
        ParseError::CellCount { found } => t!(lang, "parse-cell-count", count = *found),
        ParseError::Conflict(c) => conflict_text(c, lang),
    }
}

/// A day as a game's name says it: "22 Nov", "22 nov.".
pub fn short_date(day: jiff::civil::Date, lang: Lang) -> String {
    t!(lang, "date-short", day = day.day(), month = day.month())
}

/// A day as a title says it: "Sunday 22 November", "domingo 22 de noviembre". jiff
/// knows the calendar; the words are each catalogue's.
pub fn long_date(day: jiff::civil::Date, lang: Lang) -> String {
    t!(
        lang,
        "date-long",
        weekday = day.weekday().to_monday_one_offset(),
        day = day.day(),
        month = day.month()
    )
}

/// A difficulty's name in `lang` ("Medium", "Media"); "Sudoku" for a game without one.
pub fn tier_name(tier: Option<Tier>, lang: Lang) -> String {
    t!(lang, "tier", name = tier.map_or("none", Tier::name))
}

/// The line under a board: difficulty, progress, time, mistakes, hints.
pub fn status_line(game: &Game, now: Millis, lang: Lang) -> String {
    status_line_timed(game, game.elapsed(now), lang, None)
}

/// [`status_line`] with the time given: a race counts wall time from its start, as its
/// scoreboard does, not play time. `ended`: how a game that did not end solved ended
/// (a race's "out of the race"), instead of "given up".
pub fn status_line_timed(game: &Game, time: Millis, lang: Lang, ended: Option<String>) -> String {
    let mut parts = vec![format!("**{}**", tier_name(game.difficulty, lang))];
    match game.status {
        Status::Active => parts.push(t!(lang, "status-to-go", count = game.to_go())),
        Status::Solved => parts.push(t!(lang, "status-solved")),
        Status::GaveUp => parts.push(ended.unwrap_or_else(|| t!(lang, "status-given-up"))),
    }
    parts.push(t!(lang, "status-time", time = duration(time)));
    if game.status == Status::Solved {
        parts.push(t!(lang, "count-moves", count = game.moves));
    }
    parts.push(t!(lang, "count-mistakes", count = game.mistakes));
    parts.push(t!(lang, "count-hints", count = game.hints));
    if game.auto_notes {
        parts.push(t!(lang, "status-auto-notes"));
    }
    parts.join(" · ")
}

/// Pencil marks as a compact list (`A4 257 · B1 19`), at most `limit` characters.
pub fn notes_line(game: &Game, limit: usize, lang: Lang) -> Option<String> {
    let mut items = Vec::new();
    for cell in Cell::all() {
        let mask = game.notes[cell.index()];
        if mask != 0 && game.board.get(cell).is_none() {
            let digits: String = (1..=9u8)
                .filter(|d| mask & (1 << d) != 0)
                .map(|d| (b'0' + d) as char)
                .collect();
            items.push(format!("{cell} {digits}"));
        }
    }
    if items.is_empty() {
        return None;
    }
    let mut line = t!(lang, "board-notes");
    line.push(' ');
    for (i, item) in items.iter().enumerate() {
        let more = format!(" {}", t!(lang, "board-notes-more", count = items.len() - i));
        if line.chars().count() + item.len() + 3 + more.chars().count() > limit {
            line.push_str(&more);
            return Some(line);
        }
        if i > 0 {
            line.push_str(" · ");
        }
        line.push_str(item);
    }
    Some(line)
}

/// The legend of a finished board.
pub fn final_legend(lang: Lang) -> String {
    t!(lang, "board-final-legend")
}

/// The legend, shown once the player has digits on the board.
pub fn legend(game: &Game, lang: Lang) -> Option<String> {
    let has_entries = Cell::all().any(|c| !game.is_given(c) && game.board.get(c).is_some());
    match (has_entries, game.check_as_you_go) {
        (false, _) => None,
        (true, true) => Some(t!(lang, "board-legend")),
        // Wrong digits show only once a check has found them.
        (true, false) => Some(t!(lang, "board-legend-unchecked")),
    }
}

/// A player's display name as Markdown text: Discord would otherwise read `*`, `_`, `~`,
/// `|`, `` ` ``, `>` or brackets in a name as formatting and garble the line around it.
///
/// It also takes out what could mislead in a public message: `@everyone`, `@here` and
/// `<@123>` would read like pings (allowed_mentions keeps them from pinging, not from
/// looking like one), so an `@` gets a zero-width space after it; right-to-left overrides
/// and isolates (which reorder the text after them), zero-width characters and control
/// characters are dropped.
pub fn escape_markdown(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for ch in name.chars() {
        if ch.is_control()
            || matches!(ch, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
        {
            continue;
        }
        if matches!(
            ch,
            '\\' | '*' | '_' | '~' | '|' | '`' | '>' | '<' | '[' | ']'
        ) {
            out.push('\\');
        }
        out.push(ch);
        if ch == '@' {
            out.push('\u{200B}');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parse::parse_grid;

    #[test]
    fn durations() {
        assert_eq!(duration(0), "0:00");
        assert_eq!(duration(65_999), "1:05");
        assert_eq!(duration(3_600_000 + 61_000), "1:01:01");
        assert_eq!(duration(-5), "0:00");
    }

    #[test]
    fn both_styles_parse_back_to_the_grid() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = parse_grid(line).expect("valid");
        for style in [BoardStyle::Plain, BoardStyle::Ansi] {
            let text = grid_block(&grid, style);
            assert_eq!(parse_grid(&text), Ok(grid), "{text}");
        }
    }
}

/// `yes` when Catalan elides "de" and "la" before `name` ("d'ana", "l'Helena"): the name
/// starts with a vowel sound, a vowel or an h before one (an i or u before a vowel is a
/// consonant sound: "de Iolanda"). Markdown around the name (`**`, `\`, `<@`) is skipped.
pub fn elides(name: &str) -> &'static str {
    let letters: Vec<char> = name
        .chars()
        .skip_while(|c| !c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .take(3)
        .collect();
    let vowel = |c: Option<&char>| c.is_some_and(|c| "aeiouàèéíòóúïü".contains(*c));
    let elided = match letters.first() {
        Some('h') => vowel(letters.get(1)),
        Some('i' | 'u' | 'ï' | 'ü') => !vowel(letters.get(1)),
        first => vowel(first),
    };
    crate::app::i18n::yes(elided)
}

#[cfg(test)]
mod elision_tests {
    use super::elides;

    #[test]
    fn catalan_elides_before_a_vowel_sound_only() {
        for name in ["ana", "**Ona**", "Helena", "Èric", "Ulisses", "\\_oriol"] {
            assert_eq!(elides(name), "yes", "{name}");
        }
        for name in ["bob", "Iolanda", "<@123>", "", "Uage"] {
            assert_eq!(elides(name), "no", "{name}");
        }
    }
}
