//! Reading grids the way people paste them.
//!
//! Accepted, in any mix: an 81-character line (`0` or `.` for empty); nine rows of digits
//! and dots, with or without spaces; the classic display with `|`, `-` and `+`
//! separators; box-drawing characters; a Discord code fence around any of these (with or
//! without a language tag such as `ansi`, and with ANSI colour codes inside); and every
//! board this bot prints, coordinate labels included.
//!
//! The rule that makes labelled boards work: when lines start with a row label (`A` to
//! `I` followed by a space or separator), only those lines are read, without their label,
//! so the column header `1 2 3 …` and the status line are not taken for cells. Every
//! labelled row must hold nine cells, and a wrong one is named ("row C has 8 cells",
//! "unexpected character 'x' in row C"). A labelled board pasted on one line (a Discord
//! option drops line breaks) is cut back into its rows first, so it gets the same answer.

use std::fmt;

use super::grid::{Cell, Conflict, Grid};

/// Why a text is not a grid. Every variant says what was wrong, where, and what would be
/// right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    NoCells,
    UnexpectedCharacter {
        found: char,
        line: usize,
        column: usize,
    },
    /// A character that is no cell in a labelled row (`C | . 9 x | …`): the row is what
    /// the player sees, so it is named instead of a line and column, which would differ
    /// between a board pasted on nine lines and the same board pasted on one.
    UnexpectedInRow {
        found: char,
        row: usize,
    },
    RowLength {
        row: usize,
        found: usize,
    },
    CellCount {
        found: usize,
    },
    Conflict(Conflict),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::NoCells => {
                f.write_str("no grid found: paste 81 cells, digits 1-9 with 0 or . for empty cells")
            }
            ParseError::UnexpectedCharacter {
                found,
                line,
                column,
            } => write!(
                f,
                "unexpected character {} at line {line}, column {column}: {DIGITS}",
                Shown(*found)
            ),
            ParseError::UnexpectedInRow { found, row } => write!(
                f,
                "unexpected character {} in row {}: {DIGITS}",
                Shown(*found),
                row_name(*row)
            ),
            ParseError::RowLength { row, found } => write!(
                f,
                "row {} has {found} cell{}, a row needs 9",
                row_name(*row),
                if *found == 1 { "" } else { "s" }
            ),
            ParseError::CellCount { found } => write!(
                f,
                "found {found} cell{}, a grid needs 81",
                if *found == 1 { "" } else { "s" }
            ),
            ParseError::Conflict(c) => c.fmt(f),
        }
    }
}

impl std::error::Error for ParseError {}

const DIGITS: &str = "a grid uses digits 1-9, with 0 or . for empty cells";

fn row_name(row: usize) -> char {
    char::from(b'A' + (row.min(8) as u8))
}

/// A character of the player's text as an error message quotes it. Replies are Markdown:
/// a quoted backtick would open a code span that swallows the rest of the message.
struct Shown(char);

impl fmt::Display for Shown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            '`' => f.write_str("(a backtick)"),
            c => write!(f, "{c:?}"),
        }
    }
}

/// Reads a grid and checks that its digits do not clash: what a puzzle must satisfy.
pub fn parse_puzzle(text: &str) -> Result<Grid, ParseError> {
    let grid = parse_grid(text)?;
    match grid.conflict() {
        Some(c) => Err(ParseError::Conflict(c)),
        None => Ok(grid),
    }
}

/// Reads a grid without judging its digits (a player's wrong board is still a board).
pub fn parse_grid(text: &str) -> Result<Grid, ParseError> {
    match parse_lines(text) {
        // A labelled board on one line is read row by row, as it would be on nine lines,
        // so a typo gets the same message either way: "row C has 8 cells", not a column
        // in a line the player never saw as one.
        Err(first) => match unflatten(text) {
            Some(unfolded) => parse_lines(&unfolded),
            None => Err(first),
        },
        ok => ok,
    }
}

/// A board copied from the bot and pasted where newlines do not survive (a Discord slash
/// command option turns them into spaces, or drops them) arrives as one line. Its rows
/// still carry their labels, `A |` to `I |`: putting a line break back before each label,
/// and before each rule (`+----`), inside the code block when there is one, restores the
/// board. `None` when the text has several lines already or no labelled rows.
fn unflatten(text: &str) -> Option<String> {
    if text.trim().lines().count() != 1 {
        return None;
    }
    // Inside the first fenced block, if any: the headline and status around it hold
    // letters and digits that are no part of the board.
    let inner = match text.split("```").nth(1) {
        Some(block) if text.matches("```").count() >= 2 => block,
        _ => text,
    };
    // Colour codes would stand between a label and what precedes it; the parser drops
    // them anyway.
    let chars: Vec<char> = visible_chars(inner).into_iter().map(|(_, c)| c).collect();
    let mut out = String::with_capacity(chars.len() + 32);
    let mut next_label = 0;
    let mut labels = 0;
    for (i, &ch) in chars.iter().enumerate() {
        let before = &chars[..i];
        let after = &chars[i + 1..];
        let loose = before.last().is_none_or(|c| !c.is_alphanumeric());
        let starts_row = loose
            && label_index(ch).is_some_and(|row| row >= next_label)
            && after
                .iter()
                .find(|c| !c.is_whitespace())
                .is_some_and(|&c| c == '|' || is_box_drawing(c))
            // A letter typed over a cell (`| . 9 D |`) follows a cell; a real label
            // follows the end of the previous row, a rule, the header or the fence.
            && !before
                .iter()
                .rfind(|c| !c.is_whitespace())
                .is_some_and(|&c| ends_cell(c));
        let starts_rule = loose
            && (ch == '+' || is_box_drawing(ch))
            && after
                .first()
                .is_some_and(|&c| matches!(c, '-' | '=' | '─' | '━' | '═'));
        if starts_row {
            next_label = label_index(ch).map_or(next_label, |row| row + 1);
            labels += 1;
        }
        if starts_row || starts_rule {
            out.push('\n');
        }
        out.push(ch);
    }
    (labels > 0).then_some(out)
}

/// The row a label letter names (`A`–`I`, either case).
fn label_index(ch: char) -> Option<usize> {
    let upper = ch.to_ascii_uppercase();
    ('A'..='I')
        .contains(&upper)
        .then(|| usize::from(upper as u8 - b'A'))
}

/// The last character of a cell as the bot draws them: ` 5 `, `(5)`, `!5!`, ` . `,
/// and the pad's chosen cell `<5>`.
fn ends_cell(ch: char) -> bool {
    ch.is_ascii_digit() || matches!(ch, '.' | ')' | '!' | '_' | '·' | '>')
}

fn is_box_drawing(ch: char) -> bool {
    ('\u{2500}'..='\u{257f}').contains(&ch)
}

fn parse_lines(text: &str) -> Result<Grid, ParseError> {
    let lines: Vec<Vec<(usize, char)>> = text.lines().map(visible_chars).collect();
    let lines: Vec<(usize, &[(usize, char)])> = lines
        .iter()
        .enumerate()
        .map(|(n, l)| (n + 1, strip_fence(l)))
        .filter(|(_, l)| !l.is_empty())
        .collect();

    // One compact line: every character is a cell, so the rarer empty markers are
    // allowed too (`-` and `*` would be separators in a drawn grid).
    if let [(line_no, line)] = lines.as_slice()
        && line.len() == 81
        && line.iter().all(|(_, c)| !c.is_whitespace())
    {
        let mut cells = [0u8; 81];
        for (i, &(col, ch)) in line.iter().enumerate() {
            cells[i] = match ch {
                '1'..='9' => ch as u8 - b'0',
                '0' | '.' | '-' | '*' | '_' | 'x' | 'X' | '·' => 0,
                _ => return Err(unexpected(ch, *line_no, col)),
            };
        }
        return Grid::from_cells(cells).ok_or(ParseError::NoCells);
    }

    let labelled = lines.iter().any(|(_, l)| row_label(l).is_some());
    let mut rows: Vec<(Option<usize>, Vec<u8>)> = Vec::new();
    for (line_no, line) in &lines {
        let (label, rest) = match row_label(line) {
            Some(row) => (Some(row), &line[1..]),
            None if labelled => continue,
            None => (None, *line),
        };
        let mut cells = Vec::new();
        for &(col, ch) in rest {
            match ch {
                '1'..='9' => cells.push(ch as u8 - b'0'),
                '0' | '.' | '_' | '·' => cells.push(0),
                _ if is_separator(ch) => {}
                _ => {
                    return Err(match label {
                        Some(row) => ParseError::UnexpectedInRow { found: ch, row },
                        None => unexpected(ch, *line_no, col),
                    });
                }
            }
        }
        if !cells.is_empty() {
            rows.push((label, cells));
        }
    }

    let total: usize = rows.iter().map(|(_, c)| c.len()).sum();
    if total == 0 {
        return Err(ParseError::NoCells);
    }
    // Labelled rows, or nine lines of cells: name the row that is off, which is what the
    // player needs. Even when the total is 81: a short row and a long one would
    // otherwise shift cells into the wrong places, and the player would be told of a
    // clash that is not on the board.
    if (labelled || rows.len() == 9)
        && let Some((i, (label, cells))) = rows.iter().enumerate().find(|(_, (_, c))| c.len() != 9)
    {
        return Err(ParseError::RowLength {
            row: label.unwrap_or(i),
            found: cells.len(),
        });
    }
    if total != 81 {
        return Err(ParseError::CellCount { found: total });
    }
    let mut cells = [0u8; 81];
    for (i, v) in rows.iter().flat_map(|(_, c)| c.iter()).enumerate() {
        cells[i] = *v;
    }
    Grid::from_cells(cells).ok_or(ParseError::NoCells)
}

fn unexpected(found: char, line: usize, column: usize) -> ParseError {
    ParseError::UnexpectedCharacter {
        found,
        line,
        column,
    }
}

/// The characters of a line with their 1-based column, ANSI escape sequences removed
/// (Discord's `ansi` code blocks carry them into copied text).
fn visible_chars(line: &str) -> Vec<(usize, char)> {
    let mut out = Vec::with_capacity(line.len());
    let mut chars = line.chars().enumerate().peekable();
    while let Some((i, ch)) = chars.next() {
        if ch == '\u{1b}' {
            // CSI: ESC [ parameters final-byte (0x40..=0x7E).
            if chars.peek().map(|&(_, c)| c) == Some('[') {
                chars.next();
                for (_, c) in chars.by_ref() {
                    if ('\u{40}'..='\u{7e}').contains(&c) {
                        break;
                    }
                }
            }
            continue;
        }
        if ch == '\r' {
            continue;
        }
        out.push((i + 1, ch));
    }
    out
}

/// Removes a code fence (three backticks and an optional language tag) from either end
/// of a line, and surrounding whitespace.
fn strip_fence(line: &[(usize, char)]) -> &[(usize, char)] {
    let mut l = trim(line);
    if l.len() >= 3 && l[..3].iter().all(|&(_, c)| c == '`') {
        l = &l[3..];
        // A language tag follows the opening fence directly: letters only.
        let tag = l
            .iter()
            .take_while(|(_, c)| c.is_ascii_alphabetic())
            .count();
        if tag == l.len() {
            return &[];
        }
        l = trim(l);
    }
    if l.len() >= 3 && l[l.len() - 3..].iter().all(|&(_, c)| c == '`') {
        l = trim(&l[..l.len() - 3]);
    }
    l
}

fn trim(mut l: &[(usize, char)]) -> &[(usize, char)] {
    while let [(_, c), rest @ ..] = l {
        if !c.is_whitespace() {
            break;
        }
        l = rest;
    }
    while let [rest @ .., (_, c)] = l {
        if !c.is_whitespace() {
            break;
        }
        l = rest;
    }
    l
}

/// The row (0-based) when the line starts with a label `A`–`I` followed by a
/// non-alphanumeric character.
fn row_label(line: &[(usize, char)]) -> Option<usize> {
    match line {
        [(_, c), (_, next), ..] if ('A'..='I').contains(&c.to_ascii_uppercase()) => {
            (!next.is_alphanumeric()).then(|| (c.to_ascii_uppercase() as u8 - b'A') as usize)
        }
        _ => None,
    }
}

/// Characters that draw a grid or mark a cell but hold no cell.
fn is_separator(ch: char) -> bool {
    ch.is_whitespace()
        || matches!(
            ch,
            '|' | '+' | '-' | '=' | ':' | ',' | ';' | '`' | '(' | ')' | '[' | ']' | '{' | '}' | '<' | '>' | '!' | '\'' | '*'
        )
        // Box drawing and block elements.
        || ('\u{2500}'..='\u{259f}').contains(&ch)
}

/// Pencil-mark digits as a note mask (bit `d` for digit `d`): `257`, `2 5,7`. `None` when
/// there is no digit or anything but digits 1–9 and separators.
pub fn parse_note_digits(text: &str) -> Option<u16> {
    let mut mask = 0u16;
    for ch in text.chars() {
        match ch {
            '1'..='9' => mask |= 1 << (ch as u8 - b'0'),
            ' ' | ',' | ';' => {}
            _ => return None,
        }
    }
    (mask != 0).then_some(mask)
}

/// Every cell's pencil marks, from pairs of a cell and its digits as the notes line prints
/// them (`A4 257 · B1 19`) or as `A4:257,B1:19` (`sudoku-bot render --notes`).
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
        let mask = parse_note_digits(digits)
            .ok_or_else(|| format!("`{digits}` are not digits 1–9 for {cell}"))?;
        notes[cell.index()] |= mask;
    }
    Ok(notes)
}

/// A typed word as words are compared: lowercase, without the accents Spanish and Catalan
/// put on letters, so a typist may write `clasificacion`, `ESTADISTICAS` or `Malaga`.
pub fn folded(word: &str) -> String {
    word.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' => 'a',
            'é' | 'è' => 'e',
            'í' | 'ì' | 'ï' => 'i',
            'ó' | 'ò' => 'o',
            'ú' | 'ù' | 'ü' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            other => other,
        })
        .collect()
}

/// A short piece of what someone typed, safe to quote in a code span of a reply: at most
/// `max` characters (an error message must keep its reason in view, not echo a paste),
/// with backticks and control characters replaced (one would end the span or break the
/// line and garble the reply).
pub fn excerpt(text: &str, max: usize) -> String {
    let clean: String = text
        .trim()
        .chars()
        .map(|c| if c == '`' || c.is_control() { '\'' } else { c })
        .collect();
    if clean.chars().count() > max {
        let head: String = clean.chars().take(max.saturating_sub(1)).collect();
        format!("{}…", head.trim_end())
    } else {
        clean
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    #[test]
    fn reads_the_81_character_line_with_zeros_or_dots() {
        let g = parse_puzzle(LINE).unwrap();
        assert_eq!(g.filled_count(), 32);
        assert_eq!(parse_puzzle(&LINE.replace('0', ".")).unwrap(), g);
    }

    #[test]
    fn reads_nine_rows_with_spaces() {
        let rows: Vec<String> = LINE
            .as_bytes()
            .chunks(9)
            .map(|r| {
                r.iter()
                    .map(|&b| (if b == b'0' { '.' } else { b as char }).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(
            parse_puzzle(&rows.join("\n")).unwrap(),
            parse_puzzle(LINE).unwrap()
        );
    }

    #[test]
    fn reads_the_classic_display_with_separators() {
        let text = "\
4 8 3 |9 2 1 |6 5 7
9 6 7 |3 4 5 |8 2 1
2 5 1 |8 7 6 |4 9 3
------+------+------
5 4 8 |1 3 2 |9 7 6
7 2 9 |5 6 4 |1 3 8
1 3 6 |7 9 8 |2 4 5
------+------+------
3 7 2 |6 8 9 |5 1 4
8 1 4 |2 5 3 |7 6 9
6 9 5 |4 1 7 |3 8 2";
        let g = parse_puzzle(text).unwrap();
        assert!(g.is_solved());
    }

    #[test]
    fn reads_box_drawing_inside_a_fence_with_ansi_codes() {
        let text = "```ansi\n\
╔═══════╤═══════╤═══════╗\n\
║ \u{1b}[1;37m5\u{1b}[0m 3 . │ . 7 . │ . . . ║\n\
║ 6 . . │ 1 9 5 │ . . . ║\n\
║ . 9 8 │ . . . │ . 6 . ║\n\
╟───────┼───────┼───────╢\n\
║ 8 . . │ . 6 . │ . . 3 ║\n\
║ 4 . . │ 8 . 3 │ . . 1 ║\n\
║ 7 . . │ . 2 . │ . . 6 ║\n\
╟───────┼───────┼───────╢\n\
║ . 6 . │ . . . │ 2 8 . ║\n\
║ . . . │ 4 1 9 │ . . 5 ║\n\
║ . . . │ . 8 . │ . 7 9 ║\n\
╚═══════╧═══════╧═══════╝\n\
```";
        let g = parse_puzzle(text).unwrap();
        assert_eq!(
            g.to_line(),
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        );
    }

    #[test]
    fn reads_a_labelled_board_ignoring_header_and_status() {
        let text = "```\n    1 2 3   4 5 6   7 8 9\n  ┌───────┬───────┬───────┐\n\
A │ 5 3 . │ . 7 . │ . . . │\n\
B │ 6 . . │ 1 9 5 │ . . . │\n\
C │ . 9 8 │ . . . │ . 6 . │\n\
  ├───────┼───────┼───────┤\n\
D │ 8 . . │ . 6 . │ . . 3 │\n\
E │ 4 . . │ 8 . 3 │ . . 1 │\n\
F │ 7 . . │ . 2 . │ . . 6 │\n\
  ├───────┼───────┼───────┤\n\
G │ . 6 . │ . . . │ 2 8 . │\n\
H │ . . . │ 4 1 9 │ . . 5 │\n\
I │ . . . │ . 8 . │ . 7 9 │\n\
  └───────┴───────┴───────┘\nEasy · 0:00 · 0 mistakes\n```";
        let g = parse_puzzle(text).unwrap();
        assert_eq!(&g.to_line()[..9], "53..7....");
    }

    #[test]
    fn counts_cells_when_the_total_is_wrong() {
        let err = parse_grid(&LINE[..80]).unwrap_err();
        assert_eq!(err.to_string(), "found 80 cells, a grid needs 81");
    }

    #[test]
    fn names_the_short_row_in_a_nine_line_grid() {
        let mut rows: Vec<String> = LINE
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8(r.to_vec()).unwrap())
            .collect();
        rows[3].pop();
        let err = parse_grid(&rows.join("\n")).unwrap_err();
        assert_eq!(err.to_string(), "row D has 8 cells, a row needs 9");
    }

    #[test]
    fn points_at_an_unexpected_character() {
        let err = parse_grid("5 3 . . 7 . . . .\n6 . q").unwrap_err();
        assert_eq!(
            err,
            ParseError::UnexpectedCharacter {
                found: 'q',
                line: 2,
                column: 5
            }
        );
        assert!(
            err.to_string()
                .starts_with("unexpected character 'q' at line 2, column 5")
        );
    }

    #[test]
    fn names_conflicting_givens() {
        let mut s = String::from("..5...5..");
        s.push_str(&".".repeat(72));
        assert_eq!(
            parse_puzzle(&s).unwrap_err().to_string(),
            "5 appears twice in row A: A3 and A7"
        );
        // A board may hold clashes; only a puzzle may not.
        assert!(parse_grid(&s).is_ok());
    }

    /// A board as the bot draws it: givens, the player's digits, a wrong one.
    const BOARD: &str = "```
    1  2  3   4  5  6   7  8  9
  +---------+---------+---------+
A | 5  3  . | .  7  . | .  .  . |
B | 6  .  . | 1  9  5 | .  .  . |
C | .  9  8 | .  .  . | .  6  . |
  +---------+---------+---------+
D | 8  .  . | .  6  . | .  .  3 |
E | 4  .  . | 8  .  3 | .  .  1 |
F | 7  .  . | .  2  . | .  .  6 |
  +---------+---------+---------+
G | .  6  . | .  .  . | 2  8  . |
H | .  .  . | 4  1  9 | .  .  5 |
I | .  .  . | .  8  . |(1) 7 !9!|
  +---------+---------+---------+
```";

    /// `BOARD` with row C replaced, and the same text as a slash command option has it.
    fn with_row_c(row: &str) -> (String, String) {
        let text = BOARD.replace("C | .  9  8 | .  .  . | .  6  . |", row);
        let one_line = text.replace('\n', " ");
        (text, one_line)
    }

    #[test]
    fn a_board_pasted_on_one_line_reads_as_on_nine() {
        let (text, one_line) = with_row_c("C | .  9  8 | .  .  . | .  6  . |");
        assert_eq!(parse_grid(&one_line), parse_grid(&text));
        assert_eq!(
            parse_grid(&one_line).map(|g| g.to_line()),
            Ok(
                "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8.179"
                    .into()
            )
        );
        // Discord may also drop the line breaks without a space.
        assert_eq!(parse_grid(&text.replace('\n', "")), parse_grid(&text));
    }

    #[test]
    fn a_typo_in_a_one_line_board_names_its_row() {
        for (row, message) in [
            (
                "C | .  9  8 | .  .  . | .  6 |",
                "row C has 8 cells, a row needs 9",
            ),
            (
                "C | .  9  8 | .  .  . | .  6  .  4 |",
                "row C has 10 cells, a row needs 9",
            ),
            (
                "C | .  9  8 | .  x  . | .  6  . |",
                "unexpected character 'x' in row C: a grid uses digits 1-9, with 0 or . for empty cells",
            ),
            // A letter typed over the last cell of a box looks like the next row's label
            // (`D |`), but it follows a cell.
            (
                "C | .  9  D | .  .  . | .  6  . |",
                "unexpected character 'D' in row C: a grid uses digits 1-9, with 0 or . for empty cells",
            ),
        ] {
            let (text, one_line) = with_row_c(row);
            assert_eq!(
                parse_grid(&text).map_err(|e| e.to_string()),
                Err(message.into())
            );
            assert_eq!(
                parse_grid(&one_line).map_err(|e| e.to_string()),
                Err(message.into()),
                "{one_line}"
            );
        }
    }

    #[test]
    fn a_short_row_and_a_long_one_are_named_not_taken_for_a_clash() {
        // 8 + 10 cells: 81 in all, but every cell after C8 would be one place off.
        let text = BOARD
            .replace(
                "C | .  9  8 | .  .  . | .  6  . |",
                "C | .  9  8 | .  .  . | .  6 |",
            )
            .replace(
                "D | 8  .  . | .  6  . | .  .  3 |",
                "D | 8  .  . | .  6  . | .  .  3  8 |",
            );
        for pasted in [text.clone(), text.replace('\n', " ")] {
            assert_eq!(
                parse_puzzle(&pasted),
                Err(ParseError::RowLength { row: 2, found: 8 })
            );
        }
    }

    #[test]
    fn a_backtick_is_described_not_quoted() {
        let text = format!("`{}", &LINE[1..]);
        let message = parse_grid(&text).unwrap_err().to_string();
        assert!(message.starts_with("unexpected character (a backtick) at line 1, column 1"));
        assert!(!message.contains('`'), "{message}");
    }

    #[test]
    fn empty_input_says_what_a_grid_is() {
        assert_eq!(parse_grid("  \n```\n```").unwrap_err(), ParseError::NoCells);
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
