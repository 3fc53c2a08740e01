//! `sudoku-bot play`: the bot in a terminal, over the same command core as Discord.
//!
//! Type what you would type in Discord (`/sudoku new 40`, `/sudoku move B7 4`) and see
//! what Discord would show. Lines starting with `:` steer the session instead: act as
//! another player, move to another place, set or advance the clock, press a button of the
//! last reply. When stdin is not a terminal there are no prompts, so sessions can be
//! scripted and tested.

use std::io::{self, BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use clap::Args;

use crate::app::{App, BoardStyle, Clock, Command, Invocation, Place, Player, Reply, SystemClock};
use crate::engine::parse::{ParseError, parse_grid};
use crate::engine::rng::SeededRng;
use crate::game::Millis;
use crate::store::Store;

/// The arguments of `sudoku-bot play`.
#[derive(Args, Clone, Debug)]
pub struct PlayArgs {
    /// The SQLite database; created on first use.
    #[arg(long, default_value = "sudoku-bot.db")]
    pub db: PathBuf,
    /// Who you are.
    #[arg(long, default_value = "player")]
    pub user: String,
    /// Where you play (as a Discord server would be).
    #[arg(long, default_value = "terminal")]
    pub place: String,
    /// Start the clock at this time (e.g. 2026-11-22T09:00:00Z) instead of now.
    #[arg(long)]
    pub now: Option<String>,
    /// Seed for new puzzles (default: fresh each run).
    #[arg(long)]
    pub seed: Option<u64>,
}

/// `sudoku-bot play`: a session on stdin and stdout, with prompts and colours only when a
/// person is at a terminal.
pub fn play(args: &PlayArgs) -> anyhow::Result<()> {
    let start = match args.now.as_deref() {
        None => None,
        Some(text) => Some(parse_time(text).ok_or_else(|| {
            anyhow::anyhow!("--now {text:?}: use a time such as 2026-11-22T09:00:00Z")
        })?),
    };
    let clock = Arc::new(TerminalClock::fixed_at(start));
    let store =
        Store::open(&args.db).map_err(|e| anyhow::anyhow!("opening {}: {e}", args.db.display()))?;
    let app = App::new(
        store,
        clock.clone(),
        args.seed.unwrap_or_else(SeededRng::fresh_seed),
    );
    let mut session = Session::new(&app, &clock, &args.user, &args.place);
    session.interactive = io::stdin().is_terminal();
    if io::stdout().is_terminal() {
        session.style = BoardStyle::Ansi;
    }
    session.run(io::stdin().lock(), &mut io::stdout().lock())?;
    Ok(())
}

/// The terminal's clock: the system clock until a script sets or advances it.
#[derive(Default)]
pub struct TerminalClock {
    fixed: Mutex<Option<Millis>>,
}

impl TerminalClock {
    pub fn fixed_at(now: Option<Millis>) -> TerminalClock {
        TerminalClock {
            fixed: Mutex::new(now),
        }
    }

    fn set(&self, now: Millis) {
        *self.fixed.lock().unwrap_or_else(|p| p.into_inner()) = Some(now);
    }
}

impl Clock for TerminalClock {
    fn now(&self) -> Millis {
        self.fixed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .unwrap_or_else(|| SystemClock.now())
    }
}

/// Who and where the session acts, and how it draws.
pub struct Session<'a> {
    pub app: &'a App,
    pub clock: &'a TerminalClock,
    pub player: Player,
    pub place: Place,
    pub style: BoardStyle,
    /// Print a prompt before each command (only when a person is typing).
    pub interactive: bool,
    /// Acts as a server admin (`:admin off` to test refusals). On by default: it is
    /// your own terminal.
    pub is_admin: bool,
    last_buttons: Vec<(String, String)>,
}

impl<'a> Session<'a> {
    pub fn new(app: &'a App, clock: &'a TerminalClock, user: &str, place: &str) -> Session<'a> {
        Session {
            app,
            clock,
            player: Player {
                id: user.to_string(),
                name: user.to_string(),
            },
            place: Place::named(place),
            style: BoardStyle::Plain,
            interactive: false,
            is_admin: true,
            last_buttons: Vec::new(),
        }
    }

    /// Reads commands until end of input or `:quit`.
    pub fn run(&mut self, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
        let mut lines = input.lines();
        if self.interactive {
            writeln!(
                out,
                "sudoku-bot: type /sudoku help, or :help for session commands. You are {} in {}.",
                self.player.name,
                self.place.key()
            )?;
        }
        loop {
            if self.interactive {
                write!(out, "> ")?;
                out.flush()?;
            }
            let Some(line) = lines.next() else {
                return Ok(());
            };
            let line = line?;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Some(meta) = trimmed.strip_prefix(':') {
                if !self.meta(meta, out)? {
                    return Ok(());
                }
                continue;
            }
            let mut text = trimmed.to_string();
            // A pasted multi-line grid: keep reading until it is whole or a blank line.
            if wants_grid(&text) {
                while needs_more(&text) {
                    match lines.next() {
                        Some(Ok(next)) if !next.trim().is_empty() => {
                            text.push('\n');
                            text.push_str(&next);
                        }
                        _ => break,
                    }
                }
            }
            match Command::parse(&text) {
                Ok(command) => self.invoke(command, out)?,
                Err(message) => writeln!(out, "{message}\n")?,
            }
        }
    }

    fn invoke(&mut self, command: Command, out: &mut impl Write) -> io::Result<()> {
        let reply = self.app.handle(&Invocation {
            player: self.player.clone(),
            place: self.place.clone(),
            command,
            style: self.style,
            is_admin: self.is_admin,
        });
        self.show(&reply, out)
    }

    fn show(&mut self, reply: &Reply, out: &mut impl Write) -> io::Result<()> {
        if reply.private {
            writeln!(out, "(only you can see this)")?;
        }
        writeln!(out, "{}", reply.content)?;
        self.last_buttons.clear();
        for row in &reply.buttons {
            let labels: Vec<String> = row
                .iter()
                .map(|b| {
                    self.last_buttons
                        .push((b.label.clone(), b.custom_id.clone()));
                    format!("[{}: {}]", self.last_buttons.len(), b.label)
                })
                .collect();
            writeln!(out, "{}", labels.join(" "))?;
        }
        writeln!(out)
    }

    /// A session command; false means quit.
    fn meta(&mut self, text: &str, out: &mut impl Write) -> io::Result<bool> {
        let (name, arg) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let arg = arg.trim();
        match name {
            "quit" | "q" | "exit" => return Ok(false),
            "user" if !arg.is_empty() => {
                self.player = Player {
                    id: arg.to_string(),
                    name: arg.to_string(),
                };
                writeln!(out, "(you are now {arg})\n")?;
            }
            "place" if !arg.is_empty() => {
                self.place = Place::named(arg);
                writeln!(out, "(you are now in {arg})\n")?;
            }
            "now" => match parse_time(arg) {
                Some(ms) => {
                    self.clock.set(ms);
                    writeln!(out, "(clock set to {})\n", format_time(ms))?;
                }
                None => writeln!(
                    out,
                    "(:now needs a time such as 2026-11-22T09:00:00Z or 2026-11-22 09:00)\n"
                )?,
            },
            "advance" | "wait" => match parse_span(arg) {
                Some(ms) => {
                    let now = self.clock.now().saturating_add(ms);
                    self.clock.set(now);
                    writeln!(out, "(clock set to {})\n", format_time(now))?;
                }
                None => writeln!(out, "(:advance needs a span such as 90s, 5m, 2h or 1d)\n")?,
            },
            "press" => {
                let found = arg
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| self.last_buttons.get(i))
                    .or_else(|| {
                        self.last_buttons
                            .iter()
                            .find(|(label, _)| label.eq_ignore_ascii_case(arg))
                    })
                    .map(|(_, id)| id.clone());
                match found.as_deref().and_then(Command::from_custom_id) {
                    Some(command) => self.invoke(command, out)?,
                    None => writeln!(out, "(no such button on the last reply)\n")?,
                }
            }
            "tick" => {
                // What the Discord scheduler would post now.
                let posts = self.app.take_due_daily_posts();
                if posts.is_empty() {
                    writeln!(out, "(no daily post is due)\n")?;
                }
                for post in posts {
                    writeln!(
                        out,
                        "(posted in channel {} of {}:)",
                        post.channel, post.place
                    )?;
                    self.show(&post.reply, out)?;
                }
            }
            "admin" => {
                self.is_admin = arg != "off";
                writeln!(
                    out,
                    "(you are {}an admin here)\n",
                    if self.is_admin { "" } else { "not " }
                )?;
            }
            "colour" | "color" => {
                self.style = if arg == "off" {
                    BoardStyle::Plain
                } else {
                    BoardStyle::Ansi
                };
                writeln!(out)?;
            }
            _ => writeln!(
                out,
                "session commands: :user NAME, :place NAME, :now TIME, :advance 5m, :press N|LABEL, :tick, :admin on|off, :colour on|off, :quit\n"
            )?,
        }
        Ok(true)
    }
}

fn wants_grid(text: &str) -> bool {
    matches!(
        Command::parse(text),
        Ok(Command::Solve { .. } | Command::Submit { .. })
    )
}

/// The grid so far is short of cells (rather than wrong).
fn needs_more(text: &str) -> bool {
    let grid = match Command::parse(text) {
        Ok(Command::Solve { grid } | Command::Submit { grid }) => grid,
        _ => return false,
    };
    matches!(
        parse_grid(&grid),
        Err(ParseError::NoCells | ParseError::CellCount { .. } | ParseError::RowLength { .. })
    ) && grid.lines().count() < 20
}

/// `2026-11-22T09:00:00Z`, or a civil time read as UTC: `2026-11-22 09:00`.
pub fn parse_time(text: &str) -> Option<Millis> {
    if let Ok(ts) = text.parse::<jiff::Timestamp>() {
        return Some(ts.as_millisecond());
    }
    let civil: jiff::civil::DateTime = text.parse().ok()?;
    civil
        .to_zoned(jiff::tz::TimeZone::UTC)
        .ok()
        .map(|z| z.timestamp().as_millisecond())
}

fn format_time(ms: Millis) -> String {
    jiff::Timestamp::from_millisecond(ms).map_or_else(|_| ms.to_string(), |t| t.to_string())
}

/// `90s`, `5m`, `2h`, `1d`, or plain seconds.
fn parse_span(text: &str) -> Option<Millis> {
    let text = text.trim();
    let (number, unit) = text.split_at(
        text.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len()),
    );
    let n: i64 = number.parse().ok()?;
    let unit_ms = match unit {
        "" | "s" => 1_000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        _ => return None,
    };
    n.checked_mul(unit_ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_spans() {
        assert_eq!(parse_time("1970-01-01T00:00:01Z"), Some(1_000));
        assert_eq!(parse_time("1970-01-01 00:01"), Some(60_000));
        assert_eq!(parse_time("yesterday"), None);
        assert_eq!(parse_span("90s"), Some(90_000));
        assert_eq!(parse_span("2h"), Some(7_200_000));
        assert_eq!(parse_span("5"), Some(5_000));
        assert_eq!(parse_span("5y"), None);
    }
}
