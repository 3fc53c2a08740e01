//! Lines from a stream that a person or a script controls (`play`, `solve`, `grade`): each
//! line is capped, and a line that is not UTF-8 is reported on its own instead of ending
//! the stream. `BufRead::lines` does neither: one bad byte stops everything after it, and
//! one 10 MB line is held whole in memory.

use std::io::{self, BufRead};

/// The most of one line that is read: far above what Discord lets through (6,000
/// characters per option, 4,000 per message), far below what could hurt.
pub const MAX_LINE: usize = 64 * 1024;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// Not UTF-8: nothing in it can be a command or a grid.
    NotUtf8,
    /// Longer than [`MAX_LINE`] bytes (the length it had); the rest was skipped unread.
    TooLong(usize),
}

impl Line {
    /// What to answer a line that cannot be read, in the batch format (`invalid: …`).
    pub fn refusal(&self) -> Option<String> {
        match self {
            Line::Text(_) => None,
            Line::NotUtf8 => Some("invalid: not UTF-8 text".to_string()),
            Line::TooLong(n) => Some(format!(
                "invalid: a line of {n} bytes; at most {MAX_LINE} are read"
            )),
        }
    }
}

/// The lines of `reader`, as [`Line`]s.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R) -> Lines<R> {
        Lines {
            reader,
            buf: Vec::new(),
        }
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<io::Result<Line>> {
        self.buf.clear();
        let mut length = 0usize;
        let mut read_any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(bytes) => bytes,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if available.is_empty() {
                break;
            }
            read_any = true;
            let (chunk, used, done) = match available.iter().position(|&b| b == b'\n') {
                Some(i) => (&available[..i], i + 1, true),
                None => (available, available.len(), false),
            };
            // Keep at most MAX_LINE bytes; the rest is counted and dropped.
            let room = MAX_LINE.saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&chunk[..chunk.len().min(room)]);
            length += chunk.len();
            self.reader.consume(used);
            if done {
                break;
            }
        }
        if !read_any {
            return None;
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
            length -= 1;
        }
        if length > MAX_LINE {
            return Some(Ok(Line::TooLong(length)));
        }
        Some(Ok(match String::from_utf8(std::mem::take(&mut self.buf)) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Line> {
        Lines::new(io::BufReader::with_capacity(7, bytes))
            .map(|l| l.expect("read"))
            .collect()
    }

    #[test]
    fn a_bad_line_is_reported_and_the_next_ones_still_read() {
        let mut input = b"one\r\n".to_vec();
        input.extend_from_slice(b"\xff\xfe bad\n");
        input.extend_from_slice(&vec![b'9'; MAX_LINE + 10]);
        input.extend_from_slice(b"\nlast");
        assert_eq!(
            lines(&input),
            vec![
                Line::Text("one".into()),
                Line::NotUtf8,
                Line::TooLong(MAX_LINE + 10),
                Line::Text("last".into()),
            ]
        );
        assert_eq!(lines(b""), Vec::<Line>::new());
        assert_eq!(lines(b"\n"), vec![Line::Text(String::new())]);
    }
}
