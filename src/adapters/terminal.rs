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

use crate::adapters::input::{Line, Lines};
use crate::app::i18n::t;
use crate::app::{App, BoardStyle, Clock, Command, Invocation, Place, Player, Reply, SystemClock};
use crate::engine::parse::{ParseError, parse_grid};
use crate::engine::rng::SeededRng;
use crate::game::Millis;
use crate::store::Store;

/// The arguments of `sudoku-bot play`.
#[derive(Args, Clone, Debug)]
pub struct PlayArgs {
    /// The database: a SQLite file (created on first use) or a `postgres://` URL, which
    /// several sessions and bots may share.
    #[arg(long, default_value = "sudoku-bot.db")]
    pub db: crate::store::Location,
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
    /// Where board pictures go when you chose them (`settings board:image`): each
    /// board is written there as a PNG and its path printed. Default: a `sudoku-bot-boards`
    /// folder in the system's temporary directory.
    #[arg(long, value_name = "DIR")]
    pub pictures: Option<PathBuf>,
    /// Serve the web board on this address too (e.g. 127.0.0.1:8080): `web` then gives
    /// your link, to play the same games in a browser while the terminal stays open.
    #[arg(long, value_name = "ADDRESS")]
    pub web: Option<std::net::SocketAddr>,
    /// Play as a player whose Discord is in this language: en, es or ca (`:locale` in
    /// the session changes it).
    #[arg(long, value_name = "LANG", value_parser = parse_locale, default_value = "en")]
    pub locale: crate::app::i18n::Lang,
}

fn parse_locale(text: &str) -> Result<crate::app::i18n::Lang, String> {
    crate::app::i18n::Lang::parse(text)
        .or_else(|| crate::app::i18n::Lang::from_discord(text))
        .ok_or_else(|| format!("{text:?}: the bot speaks en, es and ca"))
}

/// `sudoku-bot play` as a process runs it: the session is stdout; what goes wrong
/// underneath (a damaged game set aside, a failing store) goes to stderr.
pub fn play_command(args: &PlayArgs) -> anyhow::Result<()> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    play(args)
}

/// `sudoku-bot play`: a session on stdin and stdout, with prompts and colours only when a
/// person is at a terminal.
/// Where `name` has a control character (NUL, a line break…), counted from 1: no player
/// or place of Discord's has one, and PostgreSQL's text cannot hold a NUL (two names
/// differing only there would become one).
fn control_at(name: &str) -> Option<usize> {
    name.chars().position(char::is_control).map(|i| i + 1)
}

pub fn play(args: &PlayArgs) -> anyhow::Result<()> {
    let start = match args.now.as_deref() {
        None => None,
        Some(text) => Some(parse_time(text).ok_or_else(|| {
            anyhow::anyhow!("--now {text:?}: use a time such as 2026-11-22T09:00:00Z")
        })?),
    };
    let clock = Arc::new(TerminalClock::fixed_at(start));
    // A session starts at once whatever the database holds: no scan of every page.
    let store = Store::open_at_without_scan(&args.db)
        .map_err(|e| anyhow::anyhow!("opening {}: {e}", args.db))?;
    let mut app = App::new(
        store,
        clock.clone(),
        args.seed.unwrap_or_else(SeededRng::fresh_seed),
    );
    let listener = match args.web {
        Some(address) => {
            let listener = std::net::TcpListener::bind(address)
                .map_err(|e| anyhow::anyhow!("--web {address}: {e}"))?;
            let bound = listener.local_addr()?;
            // A secret of this run only: links and sessions end with it.
            let secret: [u8; 32] = rand::random();
            app = app.with_web(
                crate::app::web::Links::new(&secret, &format!("http://{bound}"))
                    .map_err(|e| anyhow::anyhow!(e))?,
            );
            eprintln!("web board on http://{bound}/play: type `web` for your link");
            Some(listener)
        }
        None => None,
    };
    let app = Arc::new(app);
    if let Some(listener) = listener {
        serve_web(app.clone(), listener)?;
    }
    for (what, name) in [("--user", &args.user), ("--place", &args.place)] {
        if let Some(at) = control_at(name) {
            anyhow::bail!(
                "{what} {:?} has a control character at position {at}: names are what a \
                 player would type",
                name
            );
        }
    }
    let mut session = Session::new(&app, &clock, &args.user, &args.place);
    session.interactive = io::stdin().is_terminal();
    if io::stdout().is_terminal() {
        session.style = BoardStyle::Ansi;
    }
    if let Some(dir) = &args.pictures {
        session.pictures = dir.clone();
    }
    session.lang = args.locale;
    session.run(io::stdin().lock(), &mut io::stdout().lock())?;
    Ok(())
}

/// The terminal's clock: the system clock until a script sets or advances it.
/// The web board on a thread of its own, for as long as the session runs.
fn serve_web(app: Arc<App>, listener: std::net::TcpListener) -> anyhow::Result<()> {
    listener.set_nonblocking(true)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()?;
    std::thread::Builder::new()
        .name("web".into())
        .spawn(move || {
            runtime.block_on(async move {
                match tokio::net::TcpListener::from_std(listener) {
                    Ok(listener) => {
                        if let Err(e) =
                            crate::adapters::web::serve_on(app, listener, std::future::pending())
                                .await
                        {
                            eprintln!("web board stopped: {e}");
                        }
                    }
                    Err(e) => eprintln!("web board: {e}"),
                }
            })
        })?;
    Ok(())
}

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
    /// The player's language (`--locale`, `:locale es`).
    pub lang: crate::app::i18n::Lang,
    last_buttons: Vec<(String, String)>,
    /// The select menus of the last replies: their name (placeholder), id and options
    /// (label, value).
    last_menus: Vec<Menu>,
    /// Channels named `#name` in this session, by the id they stand for.
    channels: std::collections::BTreeMap<String, String>,
    /// Messages "posted" so far: their ids for race messages.
    messages_posted: u64,
    /// Where board pictures are written, `board-1.png` on.
    pub pictures: PathBuf,
    pictures_written: u64,
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
            lang: crate::app::i18n::Lang::En,
            last_buttons: Vec::new(),
            last_menus: Vec::new(),
            channels: std::collections::BTreeMap::new(),
            messages_posted: 0,
            pictures: std::env::temp_dir().join("sudoku-bot-boards"),
            pictures_written: 0,
        }
    }

    /// Reads commands until end of input or `:quit`.
    pub fn run(&mut self, input: impl BufRead, out: &mut impl Write) -> io::Result<()> {
        let mut lines = Lines::new(input);
        if self.interactive {
            writeln!(
                out,
                "sudoku-bot: type /sudoku help, or :help for session commands. You are {} in {}.",
                self.player.name,
                self.place.key()
            )?;
        }
        // A line read while a grid was pasted that turned out to be the next command.
        let mut pending: Option<String> = None;
        loop {
            let line = match pending.take() {
                Some(line) => line,
                None => {
                    if self.interactive {
                        write!(out, "> ")?;
                        out.flush()?;
                    }
                    match lines.next() {
                        Some(line) => match line? {
                            Line::Text(text) => text,
                            refused => {
                                writeln!(out, "{}\n", refused.refusal().unwrap_or_default())?;
                                continue;
                            }
                        },
                        None => return Ok(()),
                    }
                }
            };
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
            if wants_grid(&text) {
                if self.interactive && grid_is_empty(&text) {
                    writeln!(out, "{}", t!(self.lang, "terminal-paste-how"))?;
                }
                // A pasted multi-line grid: read on while it is short of cells, up to a
                // blank line or a line that is a command of its own (a grid with a
                // missing row must not swallow what the player typed next).
                while needs_more(&text) {
                    if self.interactive {
                        write!(out, "... ")?;
                        out.flush()?;
                    }
                    let Some(next) = lines.next() else {
                        break;
                    };
                    let next = match next? {
                        Line::Text(text) => text,
                        refused => {
                            // Not part of any grid: the paste ends here, and says why.
                            writeln!(out, "{}\n", refused.refusal().unwrap_or_default())?;
                            break;
                        }
                    };
                    if next.trim().is_empty() {
                        break;
                    }
                    if is_command_line(&next) {
                        pending = Some(next);
                        break;
                    }
                    text.push('\n');
                    text.push_str(&next);
                }
                if grid_is_empty(&text) {
                    let how = t!(self.lang, "terminal-paste-how");
                    writeln!(out, "{}\n", t!(self.lang, "terminal-no-grid", how = how))?;
                    continue;
                }
            }
            // Words that are no command go to the core too: it says why in the player's
            // language (their settings are in the store).
            let command = Command::parse(&text).unwrap_or_else(Command::Unreadable);
            self.invoke(command, out)?;
        }
    }

    fn invoke(&mut self, mut command: Command, out: &mut impl Write) -> io::Result<()> {
        // Discord hands the core a channel as `<#id>`; a terminal has only names.
        if let Command::DailySetup {
            channel: Some(channel),
            ..
        } = &mut command
            && let Some((id, name)) = channel_named(channel)
        {
            *channel = format!("<#{id}>");
            self.channels.insert(id, name);
        }
        let reply = self.app.handle(&Invocation {
            player: self.player.clone(),
            place: self.place.clone(),
            command,
            style: self.style,
            is_admin: self.is_admin,
            lang: self.lang,
            server_lang: None,
        });
        if let Some(race) = reply.race_message {
            self.app.race_message_sent(race, &self.next_message_id());
        }
        self.show(&reply, out)?;
        self.show_race_messages(out)
    }

    /// A message id for what the session "posts", as Discord would give one.
    fn next_message_id(&mut self) -> String {
        self.messages_posted += 1;
        format!("terminal:{}", self.messages_posted)
    }

    /// What Discord's scheduler would send now for races: scoreboard edits (at once: a
    /// terminal has no edit rate limit) and results. The buttons of the last one shown
    /// can be pressed, as on Discord.
    fn show_race_messages(&mut self, out: &mut impl Write) -> io::Result<()> {
        for message in self.app.take_race_messages(0) {
            let posted = if message.is_result {
                writeln!(out, "{}", t!(self.lang, "terminal-posted"))?;
                None
            } else if message.edit.is_some() {
                writeln!(out, "{}", t!(self.lang, "terminal-race-edited"))?;
                None
            } else {
                writeln!(out, "{}", t!(self.lang, "terminal-race-posted"))?;
                Some(self.next_message_id())
            };
            // A channel message names commands as Discord's picker shows them to its
            // readers (English ones for Catalan, which Discord lacks); the typist here can
            // type their own language's names, so the message says those, as every other
            // reply does: no `/sudoku move` after a `/sudoku posar`.
            let reply = message.reply.clone().in_names(self.lang);
            self.show_more(&reply, out)?;
            // Shown: a terminal never fails to deliver.
            self.app.race_message_delivered(&message, posted.as_deref());
        }
        Ok(())
    }

    fn show(&mut self, reply: &Reply, out: &mut impl Write) -> io::Result<()> {
        // A reply without buttons (an error, a notice) leaves the buttons above it
        // pressable, as the messages they sit under stay in a Discord channel; one that
        // replaces the pressed message (a cancelled lobby) takes its buttons away.
        if !reply.buttons.is_empty() || !reply.selects.is_empty() || reply.updates_board {
            self.last_buttons.clear();
            self.last_menus.clear();
        }
        self.show_more(reply, out)
    }

    /// Shows `reply` after another: its buttons join the pressable ones, numbered on.
    fn show_more(&mut self, reply: &Reply, out: &mut impl Write) -> io::Result<()> {
        if reply.private {
            writeln!(out, "{}", t!(self.lang, "terminal-private"))?;
        }
        writeln!(out, "{}", self.with_channel_names(&reply.content))?;
        if let Some(image) = &reply.image {
            self.pictures_written += 1;
            let path = self
                .pictures
                .join(format!("board-{}.png", self.pictures_written));
            let written = std::fs::create_dir_all(&self.pictures)
                .and_then(|()| std::fs::write(&path, &image.png));
            match written {
                Ok(()) => {
                    let said = t!(
                        self.lang,
                        "terminal-picture",
                        path = path.display().to_string(),
                        alt = image.alt.as_str()
                    );
                    writeln!(out, "{said}")?;
                }
                Err(error) => writeln!(
                    out,
                    "(the board picture could not be written to {}: {error}; `/sudoku settings board:text` shows boards as text)",
                    path.display()
                )?,
            }
        }
        for select in &reply.selects {
            // `[Row: A (B) C …]`: the chosen option in brackets; `:choose Row C` picks.
            let options: Vec<String> = select
                .options
                .iter()
                .map(|o| {
                    if o.default {
                        format!("({})", o.label)
                    } else {
                        o.label.clone()
                    }
                })
                .collect();
            let chosen = select
                .options
                .iter()
                .find(|o| o.default)
                .and_then(|o| o.description.as_deref())
                // The column menu (in any language: its id says which it is).
                .filter(|_| select.custom_id.contains("-col:"))
                .map(|d| format!(" {d}"))
                .unwrap_or_default();
            writeln!(
                out,
                "[{}: {}]{chosen}",
                select.placeholder,
                options.join(" ")
            )?;
            self.last_menus.push(Menu {
                name: select.placeholder.clone(),
                custom_id: select.custom_id.clone(),
                options: select
                    .options
                    .iter()
                    .map(|o| (o.label.clone(), o.value.clone()))
                    .collect(),
            });
        }
        for row in &reply.buttons {
            let labels: Vec<String> = row
                .iter()
                .map(|b| {
                    self.last_buttons
                        .push((b.label.clone(), b.custom_id.clone()));
                    // A pad's digit is pressed by its label: `:press 4` plays a 4.
                    if b.label.parse::<u8>().is_ok() {
                        format!("[{}]", b.label)
                    } else {
                        format!("[{}: {}]", self.last_buttons.len(), b.label)
                    }
                })
                .collect();
            writeln!(out, "{}", labels.join(" "))?;
        }
        writeln!(out)
    }

    /// `<#id>` as `#name` for the channels named in this session, as Discord shows them.
    fn with_channel_names(&self, text: &str) -> String {
        let mut text = text.to_string();
        for (id, name) in &self.channels {
            text = text.replace(&format!("<#{id}>"), &format!("#{name}"));
        }
        text
    }

    /// A session command; false means quit.
    fn meta(&mut self, text: &str, out: &mut impl Write) -> io::Result<bool> {
        let (name, arg) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        let arg = arg.trim();
        match name {
            "quit" | "q" | "exit" => return Ok(false),
            "help" | "h" | "?" => {
                writeln!(
                    out,
                    "Session commands (anything else is a /sudoku command):"
                )?;
                for (usage, what) in SESSION_COMMANDS {
                    writeln!(out, "  {usage:<16} {what}")?;
                }
                writeln!(out)?;
            }
            "user" | "place" if arg.is_empty() => usage(name, out)?,
            "user" | "place" if control_at(arg).is_some() => {
                let at = control_at(arg).unwrap_or_default();
                writeln!(
                    out,
                    "{}\n",
                    t!(
                        self.lang,
                        "terminal-bad-name",
                        name = arg.escape_debug().to_string(),
                        at = at
                    )
                )?;
            }
            "user" => {
                self.player = Player {
                    id: arg.to_string(),
                    name: arg.to_string(),
                };
                writeln!(out, "{}\n", t!(self.lang, "terminal-user-now", name = arg))?;
            }
            "place" => {
                self.place = Place::named(arg);
                writeln!(
                    out,
                    "{}\n",
                    t!(self.lang, "terminal-place-now", place = arg)
                )?;
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
                    // Lobbies and races that ran out of time say so, as on Discord.
                    self.show_race_messages(out)?;
                }
                None => writeln!(out, "(:advance needs a span such as 90s, 5m, 2h or 1d)\n")?,
            },
            "choose" => {
                let (menu, option) = arg.split_once(char::is_whitespace).unwrap_or((arg, ""));
                let option = option.trim();
                let Some(found) = self.last_menus.iter().find(|m| {
                    // By its name as shown (`Fila`), or by its English one in any
                    // language (`Row`, `Column`), as scripts and the help say it.
                    m.name.eq_ignore_ascii_case(menu)
                        || (menu.eq_ignore_ascii_case("row") && m.custom_id.contains("-row:"))
                        || (menu.eq_ignore_ascii_case("column") && m.custom_id.contains("-col:"))
                }) else {
                    let names: Vec<&str> =
                        self.last_menus.iter().map(|m| m.name.as_str()).collect();
                    if names.is_empty() {
                        writeln!(out, "{}\n", t!(self.lang, "terminal-no-menu"))?;
                    } else {
                        writeln!(
                            out,
                            "(usage: :choose MENU OPTION, with MENU one of {}: e.g. :choose {} {})\n",
                            names.join(", "),
                            names[0],
                            self.last_menus[0]
                                .options
                                .first()
                                .map_or("", |o| o.0.as_str())
                        )?;
                    }
                    return Ok(true);
                };
                let value = found
                    .options
                    .iter()
                    .find(|(label, _)| label.eq_ignore_ascii_case(option))
                    .map(|(_, value)| value.clone());
                let command = value.and_then(|v| Command::from_component(&found.custom_id, &[v]));
                match command {
                    Some(command) => self.invoke(command, out)?,
                    None => {
                        let labels: Vec<&str> =
                            found.options.iter().map(|o| o.0.as_str()).collect();
                        let said = t!(
                            self.lang,
                            "terminal-no-option",
                            menu = found.name.as_str(),
                            option = option,
                            options = labels.join(" ")
                        );
                        writeln!(out, "{said}\n")?;
                    }
                }
            }
            "press" => {
                // A label wins over a number: the pad's digit buttons are labelled 1-9.
                let found = self
                    .last_buttons
                    .iter()
                    .find(|(label, _)| label.eq_ignore_ascii_case(arg))
                    .or_else(|| {
                        arg.parse::<usize>()
                            .ok()
                            .and_then(|n| n.checked_sub(1))
                            .and_then(|i| self.last_buttons.get(i))
                    })
                    .map(|(_, id)| id.clone());
                match found.as_deref().and_then(Command::from_custom_id) {
                    Some(command) => self.invoke(command, out)?,
                    None => writeln!(out, "{}\n", t!(self.lang, "terminal-no-button"))?,
                }
            }
            "tick" => {
                // What the Discord scheduler would post now.
                let posts = self.app.take_due_daily_posts();
                if posts.is_empty() {
                    writeln!(out, "{}\n", t!(self.lang, "terminal-no-daily-due"))?;
                }
                for post in posts {
                    let channel = match self.channels.get(&post.channel) {
                        Some(name) => format!("#{name}"),
                        None => post.channel.clone(),
                    };
                    let said = t!(
                        self.lang,
                        "terminal-daily-posted",
                        channel = channel,
                        place = post.place.as_str()
                    );
                    writeln!(out, "{said}")?;
                    let reply = post.reply.clone().in_names(self.lang);
                    self.show(&reply, out)?;
                }
            }
            "locale" | "lang" | "language" if arg.is_empty() => {
                let language = t!(self.lang, "language-name", code = self.lang.code());
                let said = t!(self.lang, "terminal-language", language = language);
                writeln!(out, "{said}\n")?;
            }
            "locale" | "lang" | "language" => match parse_locale(arg) {
                Ok(lang) => {
                    self.lang = lang;
                    let language = t!(lang, "language-name", code = lang.code());
                    let said = t!(lang, "terminal-language-now", language = language);
                    writeln!(out, "{said}\n")?;
                }
                Err(problem) => writeln!(out, "(:locale {problem})\n")?,
            },
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
                writeln!(
                    out,
                    "(boards {} colour)\n",
                    if self.style == BoardStyle::Ansi {
                        "in"
                    } else {
                        "without"
                    }
                )?;
            }
            _ => writeln!(
                out,
                "(:{name} is not a session command; :help lists them)\n"
            )?,
        }
        Ok(true)
    }
}

/// A select menu of a reply, as `:choose` finds it.
struct Menu {
    name: String,
    custom_id: String,
    options: Vec<(String, String)>,
}

/// Every session command, as `:help` lists it: the usage, then what it does.
const SESSION_COMMANDS: [(&str, &str); 12] = [
    (
        ":user NAME",
        "act as another player (NAME is their id and name)",
    ),
    (
        ":place NAME",
        "move to another server (its own games, dailies and boards)",
    ),
    (
        ":now TIME",
        "set the clock: 2026-11-22T09:00:00Z, or 2026-11-22 09:00 in UTC",
    ),
    (
        ":advance SPAN",
        "move the clock on: 90s, 5m, 2h, 1d (or :wait)",
    ),
    (
        ":press N|LABEL",
        "press a button of the last reply, by number or label (a digit: `:press 4`)",
    ),
    (
        ":choose MENU OPT",
        "choose in a menu of the last reply: `:choose Row B`, `:choose Column 7`",
    ),
    (":tick", "show what the daily scheduler would post now"),
    (
        ":admin on|off",
        "act as a server admin or not (on at the start)",
    ),
    (
        ":colour on|off",
        "boards with ANSI colours or without (or :color)",
    ),
    (
        ":locale en|es|ca",
        "play as a player of that language (as --locale)",
    ),
    (":help", "this list"),
    (
        ":quit",
        "end the session (or :q, :exit, or the end of the input)",
    ),
];

/// How a session command is written, when it was written without what it needs.
fn usage(name: &str, out: &mut impl Write) -> io::Result<()> {
    let prefix = format!(":{name} ");
    match SESSION_COMMANDS
        .iter()
        .find(|(u, _)| u.starts_with(&prefix))
    {
        Some((u, what)) => writeln!(out, "(usage: {u}, to {what})\n"),
        None => writeln!(out, "(:help lists the session commands)\n"),
    }
}

/// A `#name` channel as the stable id that stands for it, and the name. Ids derive from
/// the name alone (64-bit FNV-1a, the size of a Discord id), so a daily set up in one
/// session posts to the same channel in the next.
fn channel_named(text: &str) -> Option<(String, String)> {
    let name = text.trim().strip_prefix('#')?.to_lowercase();
    if name.is_empty() || name.chars().any(|c| c.is_whitespace() || c == '>') {
        return None;
    }
    let id = name.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    Some((id.to_string(), name))
}

/// A line the bot would take as a command of its own, not as more of a grid.
fn is_command_line(line: &str) -> bool {
    let line = line.trim();
    line.starts_with('/') || line.starts_with(':') || Command::parse(line).is_ok()
}

fn grid_is_empty(text: &str) -> bool {
    matches!(
        Command::parse(text),
        Ok(Command::Solve { grid } | Command::Submit { grid }) if grid.trim().is_empty()
    )
}

fn wants_grid(text: &str) -> bool {
    matches!(
        Command::parse(text),
        Ok(Command::Solve { .. } | Command::Submit { .. })
    )
}

/// Whether a pasted grid goes on in the next line: it is short of cells, or a labelled
/// row is wrong and the rest of the board may follow, or its code block is still open.
/// A grid with too many cells, or whose code block is closed, is over.
fn needs_more(text: &str) -> bool {
    let grid = match Command::parse(text) {
        Ok(Command::Solve { grid } | Command::Submit { grid }) => grid,
        _ => return false,
    };
    if grid.lines().count() >= 20 {
        return false;
    }
    match grid.matches("```").count() {
        0 => {}
        1 => return true,
        _ => return false,
    }
    match parse_grid(&grid) {
        Err(
            ParseError::NoCells | ParseError::RowLength { .. } | ParseError::UnexpectedInRow { .. },
        ) => true,
        Err(ParseError::CellCount { found }) => found < 81,
        _ => false,
    }
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

    #[test]
    fn channel_names_stand_for_stable_ids() {
        let (id, name) = channel_named("#Daily-Sudoku").expect("a channel name");
        assert_eq!(name, "daily-sudoku");
        assert!(id.bytes().all(|b| b.is_ascii_digit()), "{id}");
        // The same channel in every session and every build: a stored daily keeps it.
        assert_eq!(
            channel_named(" #daily-sudoku ").map(|c| c.0),
            Some(id.clone())
        );
        assert_eq!(id, "798069648899085500");
        assert_ne!(channel_named("#general").map(|c| c.0), Some(id));
        // Ids and Discord mentions are left to the core as they are.
        for given in ["42", "<#42>", "#", "# daily", ""] {
            assert_eq!(channel_named(given), None, "{given}");
        }
    }
}
