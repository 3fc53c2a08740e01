//! The web board's side of the core: who a browser is (signed links and sessions), the
//! board as data for the page, and the page's taps as the same commands chat sends.
//!
//! A web action is a [`Command`] with a [`Target`]: the game (or co-op board) and the
//! version the page showed. Everything a chat command checks (whose game it is, the
//! co-op rules, race fairness) is checked the same way, in the same transaction, and a
//! page that was behind is refused with nothing changed, so a resend after a dropped
//! connection can never apply twice.
//!
//! A view never carries the solution: only the board as the player may see it (digits,
//! the wrong ones already shown, pencil marks).

use hmac::Mac;
use serde::{Deserialize, Serialize};

use std::collections::BTreeMap;

use super::command::{CoopCommand, Target};
use super::i18n::{FluentValue, Lang, t};
use super::{App, Command, Invocation, Place, Player, Reply, render::BoardStyle};
use crate::engine::Cell;
use crate::game::Millis;
use crate::game::Status;

/// How long a link from `/sudoku web` may be opened: long enough to tap it, short enough
/// that a link pasted in a channel by mistake is soon useless.
pub const LINK_TTL_MS: Millis = 15 * 60 * 1000;

/// How long a web session lasts once opened (a day's play; the page asks for a new link
/// after that).
pub const SESSION_TTL_MS: Millis = 12 * 60 * 60 * 1000;

/// Signs links and sessions with the operator's secret, and names the page's address.
#[derive(Clone)]
pub struct Links {
    secret: Vec<u8>,
    base_url: String,
}

/// The player a link or session speaks for, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    pub player: Player,
    pub place: Place,
}

/// Why a link or session was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Past its time: ask the bot for a new one.
    Expired,
    /// Not made by this bot (or cut short, or changed).
    Invalid,
}

impl LinkError {
    /// What the page shows, in `lang`.
    pub fn message(self, lang: Lang) -> String {
        match self {
            LinkError::Expired => t!(lang, "web-link-expired"),
            LinkError::Invalid => t!(lang, "web-link-invalid"),
        }
    }
}

impl Links {
    /// `secret` must be the same on every process that serves the page (replicas), and
    /// at least 32 bytes; `base_url` is where the page is served (`https://…`).
    pub fn new(secret: &[u8], base_url: &str) -> Result<Links, String> {
        if secret.len() < 32 {
            return Err(format!(
                "the web board's secret has {} bytes: it needs at least 32 (e.g. `openssl rand -hex 32`)",
                secret.len()
            ));
        }
        Ok(Links {
            secret: secret.to_vec(),
            base_url: base_url.trim_end_matches('/').to_string(),
        })
    }

    /// The link `/sudoku web` gives: the page, with a short-lived token after `#` (a
    /// fragment never reaches a server's logs), and the language its reader's Discord is
    /// in (`lang=es`: the page speaks it from its first word; the player's own choice in
    /// `/sudoku settings` still comes first).
    pub fn link(&self, who: &Identity, now: Millis, lang: Lang) -> String {
        format!(
            "{}/play#l={}&lang={}",
            self.base_url,
            self.token("l", who, now + LINK_TTL_MS),
            lang.code()
        )
    }

    /// A link's token exchanged for a session token (longer-lived, never shown).
    pub fn open(&self, link: &str, now: Millis) -> Result<(Identity, String), LinkError> {
        let who = self.verify("l", link, now)?;
        let session = self.token("s", &who, now + SESSION_TTL_MS);
        Ok((who, session))
    }

    /// A session for `who` straight away: the Activity's sign-in, where Discord vouched
    /// for the player (no link was given).
    pub fn session_for(&self, who: &Identity, now: Millis) -> String {
        self.token("s", who, now + SESSION_TTL_MS)
    }

    /// Who a session token speaks for.
    pub fn session(&self, session: &str, now: Millis) -> Result<Identity, LinkError> {
        self.verify("s", session, now)
    }

    /// When a session (already verified) was issued.
    pub fn session_issued(&self, session: &str) -> Option<Millis> {
        Some(self.session_ends(session)? - SESSION_TTL_MS)
    }

    /// When a session (already verified) ends: an open board closes then.
    pub fn session_ends(&self, session: &str) -> Option<Millis> {
        session.split('.').nth(1)?.parse().ok()
    }

    fn token(&self, kind: &str, who: &Identity, expires: Millis) -> String {
        let channel = who.place.channel().map_or_else(|| "-".to_string(), hex);
        let body = format!(
            "{kind}.{expires}.{}.{}.{}.{channel}",
            hex(&who.player.id),
            hex(&who.player.name),
            hex(who.place.key())
        );
        let mac = hex_bytes(
            &mac_of(&self.secret, body.as_bytes())
                .finalize()
                .into_bytes(),
        );
        format!("{body}.{mac}")
    }

    fn verify(&self, kind: &str, token: &str, now: Millis) -> Result<Identity, LinkError> {
        let (body, mac) = token.rsplit_once('.').ok_or(LinkError::Invalid)?;
        let mac = unhex_bytes(mac).ok_or(LinkError::Invalid)?;
        // Compared in constant time (`verify_slice`): the mac is the secret's only guard.
        mac_of(&self.secret, body.as_bytes())
            .verify_slice(&mac)
            .map_err(|_| LinkError::Invalid)?;
        let fields: Vec<&str> = body.split('.').collect();
        let [k, expires, id, name, key, channel] = fields[..] else {
            return Err(LinkError::Invalid);
        };
        if k != kind {
            return Err(LinkError::Invalid);
        }
        let expires: Millis = expires.parse().map_err(|_| LinkError::Invalid)?;
        if now >= expires {
            return Err(LinkError::Expired);
        }
        let text = |h: &str| unhex(h).ok_or(LinkError::Invalid);
        let mut place = Place::named(&text(key)?);
        if channel != "-" {
            place = place.in_channel(text(channel)?);
        }
        Ok(Identity {
            player: Player {
                id: text(id)?,
                name: text(name)?,
            },
            place,
        })
    }
}

/// HMAC-SHA-256 of `message` under `key`, ready to finish or verify.
fn mac_of(key: &[u8], message: &[u8]) -> hmac::Hmac<sha2::Sha256> {
    // HMAC takes a key of any length (a long one is hashed first): this never fails.
    let Ok(mut mac) = <hmac::Hmac<sha2::Sha256> as Mac>::new_from_slice(key) else {
        unreachable!("HMAC accepts keys of every length")
    };
    mac.update(message);
    mac
}

fn hex(text: &str) -> String {
    hex_bytes(text.as_bytes())
}

fn hex_bytes(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of hex digits; `None` for anything else (`from_str_radix` alone would take
/// a sign: one token, one spelling).
fn unhex_bytes(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2)
        || text.len() > 512
        || !text.bytes().all(|b| b.is_ascii_hexdigit())
    {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

fn unhex(text: &str) -> Option<String> {
    String::from_utf8(unhex_bytes(text)?).ok()
}

/// The board as the page draws it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    /// `solo`, `race`, `coop`, or `none` (no game here yet).
    pub kind: &'static str,
    /// The language of its words (`en`, `es`, `ca`): the page says its own in it too.
    pub lang: &'static str,
    pub title: String,
    /// The game's (or co-op board's) id, and its version: what an action names.
    pub game: i64,
    pub version: u32,
    /// 81 characters, `1`–`9` or `.`.
    pub cells: String,
    /// 81 characters, `1` for a given.
    pub givens: String,
    /// Cells shown as wrong (check-as-you-go, or a check).
    pub wrong: Vec<usize>,
    /// Pencil marks, bit `d` for digit `d`.
    pub notes: Vec<u16>,
    pub status: &'static str,
    pub mistakes: u32,
    pub hints: u32,
    pub remaining: usize,
    pub elapsed_ms: Millis,
    /// How long the clock runs on from `elapsed_ms` if the player does nothing: the
    /// rest of the pause a game counts as play ([`crate::game::Game::IDLE_CAP_MS`]);
    /// `None` on a clock that never stops (a daily's).
    pub stops_in_ms: Option<Millis>,
    pub side: Option<Side>,
    pub can: Can,
    /// The status line's words, said by the server (each language counts its own way).
    pub said: Said,
}

/// The status line over the board: "12 to go" (or "Solved!"), "Mistakes: 1", "Hints: 0".
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Said {
    pub progress: String,
    pub mistakes: String,
    pub hints: String,
}

/// The page's own words (its buttons, what a screen reader hears, its connection and
/// sign-in): the key `assets/web/play.{html,js}` asks for, the catalogue message, and
/// the placeables the page fills in itself (sent as `{cell}`).
const PAGE_WORDS: &[(&str, &str, &[&str])] = &[
    ("connecting", "web-page-connecting", &[]),
    ("reconnecting", "web-page-reconnecting", &[]),
    ("disconnected", "web-page-disconnected", &[]),
    ("waiting", "web-page-waiting", &[]),
    ("you", "web-page-you", &[]),
    ("auto-notes", "pad-auto-notes", &[]),
    ("erase", "pad-erase", &[]),
    ("notes", "web-page-notes", &[]),
    ("undo", "button-undo", &[]),
    ("hint", "button-hint", &[]),
    ("check", "button-check", &[]),
    ("give-up", "button-give-up", &[]),
    ("new-game", "web-page-new-game", &[]),
    ("confirm-give-up", "web-page-confirm-give-up", &[]),
    ("yes", "web-page-yes", &[]),
    ("no", "web-page-no", &[]),
    ("game", "web-page-game", &[]),
    ("board", "web-page-board", &[]),
    ("pad", "web-page-pad", &[]),
    ("cell-given", "pad-cell-given", &["cell", "digit"]),
    ("cell-yours", "pad-cell-yours", &["cell", "digit"]),
    ("cell-wrong", "pad-cell-wrong", &["cell", "digit"]),
    ("cell-empty", "pad-cell-empty", &["cell"]),
    ("cell-notes", "pad-cell-notes", &["cell", "notes"]),
    ("playing-as", "web-page-playing-as", &["name"]),
    ("no-game-title", "web-page-no-game-title", &[]),
    ("no-game", "web-page-no-game", &[]),
    ("choose-cell", "web-page-choose-cell", &[]),
    ("no-link", "web-page-no-link", &[]),
    ("new-link", "web-page-new-link", &[]),
    ("reopen", "web-page-reopen", &[]),
    ("cannot-open", "web-page-cannot-open", &[]),
    ("signing-in", "web-page-signing-in", &[]),
    ("activity-off", "activity-off", &[]),
    ("discord-closed", "web-page-discord-closed", &[]),
    ("discord-refused", "web-page-discord-refused", &[]),
    ("discord-silent", "web-page-discord-silent", &["step"]),
    ("sign-in-failed", "web-page-sign-in-failed", &[]),
    ("sign-in-slow", "web-page-sign-in-slow", &[]),
];

/// The page's words in every language, by language code then key (`{"es": {"undo":
/// "Deshacer", "cell-given": "{cell}: cifra inicial {digit}", …}, …}`): sent with the
/// page, which speaks its reader's language before it knows who they are.
pub fn page_words() -> BTreeMap<&'static str, BTreeMap<&'static str, String>> {
    Lang::ALL
        .into_iter()
        .map(|lang| {
            let words = PAGE_WORDS
                .iter()
                .map(|(key, id, holes)| {
                    let args: Vec<(&str, FluentValue<'_>)> = holes
                        .iter()
                        .map(|hole| (*hole, FluentValue::from(format!("{{{hole}}}"))))
                        .collect();
                    (*key, super::i18n::text(lang, id, &args))
                })
                .collect();
            (lang.code(), words)
        })
        .collect()
}

/// The panel beside the board: a race's standings, a co-op board's players.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Side {
    pub title: String,
    pub rows: Vec<SideRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SideRow {
    pub name: String,
    pub detail: String,
}

/// Which buttons the page offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Can {
    pub undo: bool,
    pub hint: bool,
    pub check: bool,
    pub give_up: bool,
}

/// A tap on the page. Cells are 0–80 (A1 = 0, A2 = 1, I9 = 80).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    Place {
        cell: u8,
        digit: u8,
    },
    Erase {
        cell: u8,
    },
    Note {
        cell: u8,
        digit: u8,
    },
    /// Every empty cell's pencil marks: the digits its row, column and box leave open.
    AutoNotes,
    Undo,
    Hint,
    Check,
    GiveUp,
    New,
}

/// What an action did: whether it was taken, what the bot said, the board after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Outcome {
    pub ok: bool,
    pub message: String,
    pub view: View,
}

/// Told of each command handled ([`App::on_change`]).
pub type ChangeListener = Box<dyn Fn(&Change<'_>) + Send + Sync>;

/// What may have changed.
pub enum Change<'a> {
    /// Who acted where: the boards that may have changed are that player's, that
    /// channel's co-op board, and that server's races. `forgot`: the player asked to be
    /// forgotten, which ends their web sessions. `race`: a race command, which may give
    /// other players of the server a game (a race starting); `coop`: a co-op command,
    /// which may change what every player in the channel sees. Other commands change
    /// others' boards only beside them (a race's standings, a co-op board's).
    Acted {
        player: &'a str,
        place: &'a str,
        room: String,
        forgot: bool,
        race: bool,
        coop: bool,
    },
    /// Any board: another process's change this one cannot place (SQLite replicas), or
    /// changes that may have been missed (the link to the other replicas came back).
    Anything,
}

/// The board a tap was made on, as the page showed it: its kind (`solo`, `race`, `coop`;
/// games and co-op boards are numbered apart), its id and its version.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Shown {
    pub kind: String,
    pub game: i64,
    pub version: u32,
}

/// Which board a web session shows: the player's game in progress here (a race's
/// included), else the channel's co-op board, else their last game here, else none. The
/// same order chat follows for a typed `move`.
enum Board {
    Game(Box<crate::store::GameRecord>),
    Coop(Box<crate::store::CoopRecord>),
    Last(Box<crate::store::GameRecord>),
    None,
}

impl App {
    /// The web board's links, when the operator set them up (`[web]` in the config).
    pub fn with_web(mut self, links: Links) -> App {
        self.web = Some(links);
        // Boards on other replicas of a PostgreSQL database hear of this one's commands
        // (see `follow`): on a connection of their own.
        let own = self.store.checkout().and_then(|store| {
            if store.is_postgres() {
                store.open_reader()
            } else {
                Ok(None)
            }
        });
        match own {
            Ok(Some(own)) => self.teller = super::follow::Teller::start(own),
            Ok(None) => {}
            Err(error) => {
                tracing::warn!(%error, "no connection to tell other replicas of board changes: their boards update at their next tap")
            }
        }
        self
    }

    pub fn web_links(&self) -> Option<&Links> {
        self.web.as_ref()
    }

    /// The Activity is set up (`[activity]` in the config): `/sudoku play` opens it, and
    /// boards, dailies and races offer a Tap to play button. It plays through the web
    /// board's page and sessions, so it needs [`App::with_web`] too.
    pub fn with_activity(mut self) -> App {
        self.activity = true;
        self
    }

    pub fn activity(&self) -> bool {
        self.activity
    }

    /// `reply` with its Tap to play button when the Activity is set up.
    pub(crate) fn offer_play(&self, reply: Reply) -> Reply {
        if self.activity {
            reply.with_play_button()
        } else {
            reply
        }
    }

    /// Calls `listener` with who acted where, for every command handled from now on (after
    /// its reply is made): what a live board's server needs to redraw the boards it
    /// touched. One listener; a second call replaces nothing and returns false.
    pub fn on_change(&self, listener: ChangeListener) -> bool {
        self.change_listener.set(listener).is_ok()
    }

    /// `after`: the board the page showed. A co-op board just solved or ended stays on the
    /// page (its final state) until the player starts something else, rather than giving
    /// way to an older game of theirs.
    ///
    /// With the board, the language the page speaks: the one the player chose in
    /// `/sudoku settings`, else the one the page `asked` for (its reader's Discord's, or
    /// their browser's), else English. Read with every view, in the same read, so a
    /// choice made in chat reaches an open page.
    fn board_for(
        &self,
        who: &Identity,
        after: Option<&Shown>,
        asked: Option<Lang>,
    ) -> Result<(Board, Lang), crate::store::StoreError> {
        let (player, place, room) = (&who.player.id, who.place.key(), who.place.room());
        self.store().read(|tx| {
            let (_, chosen) = tx.player_style(player)?;
            let lang = chosen
                .as_deref()
                .and_then(Lang::parse)
                .or(asked)
                .unwrap_or_default();
            if let Some(record) = tx.active_games(player, place)?.into_iter().next() {
                return Ok((Board::Game(Box::new(record)), lang));
            }
            if let Some(record) = tx.running_coop(&room)? {
                return Ok((Board::Coop(Box::new(record)), lang));
            }
            if let Some(shown) = after.filter(|s| s.kind == "coop")
                && let Some(record) = tx.coop(shown.game)?
                && record.room == room
            {
                return Ok((Board::Coop(Box::new(record)), lang));
            }
            let board = match tx.latest_game(player, place)? {
                Some(record) => Board::Last(Box::new(record)),
                None => Board::None,
            };
            Ok((board, lang))
        })
    }

    /// The board `who` sees on the web page now; `after` and `asked` as in
    /// [`App::web_view_after`].
    pub fn web_view(&self, who: &Identity, asked: Option<Lang>) -> Result<View, String> {
        self.web_view_after(who, None, asked)
    }

    /// The board `who` sees now, on a page that showed `after` (a finished co-op board
    /// stays until something else starts), in the language the page `asked` for unless
    /// the player chose another (see `board_for`).
    pub fn web_view_after(
        &self,
        who: &Identity,
        after: Option<&Shown>,
        asked: Option<Lang>,
    ) -> Result<View, String> {
        let (board, lang) = self
            .board_for(who, after, asked)
            .map_err(|e| e.to_string())?;
        self.view_of(&board, lang)
    }

    fn view_of(&self, board: &Board, lang: Lang) -> Result<View, String> {
        let now = self.now();
        let record = match board {
            Board::None => return Ok(none_view(lang)),
            Board::Coop(record) => return self.coop_view(record, now, lang),
            Board::Game(record) | Board::Last(record) => record,
        };
        let game = &record.game;
        let mut view = game_view(game, now, lang);
        view.game = record.id;
        let active = game.status == Status::Active;
        view.title = match record.race {
            Some(tag) => super::commands::race::tag_name(tag, lang),
            None => match record.daily_day {
                Some(day) => t!(
                    lang,
                    "game-name-daily",
                    day = super::render::short_date(day, lang)
                ),
                None => t!(lang, "web-title-game", id = record.id),
            },
        };
        if let Some(tier) = game.difficulty {
            view.title = format!("{} · {}", view.title, t!(lang, "tier", name = tier.name()));
        }
        view.kind = if record.race.is_some() {
            "race"
        } else {
            "solo"
        };
        view.can = Can {
            undo: active && !game.history.is_empty(),
            // Races have no hints.
            hint: active && record.race.is_none(),
            check: active,
            give_up: active,
        };
        if let Some(tag) = record.race {
            view.side = self
                .store()
                .read(|tx| super::commands::race::standings_by_id(tx, tag.id, now, lang))
                .map_err(super::Failure::reason)?
                // The scoreboard's headline carries its running clock: the page has its own.
                .map(|(_, rows)| Side {
                    title: t!(lang, "web-standings"),
                    rows: rows
                        .into_iter()
                        .map(|(name, detail)| SideRow {
                            name: plain_text(&name),
                            detail: plain_text(&detail),
                        })
                        .collect(),
                });
        }
        Ok(view)
    }

    fn coop_view(
        &self,
        record: &crate::store::CoopRecord,
        now: Millis,
        lang: Lang,
    ) -> Result<View, String> {
        let game = &record.coop.game;
        let mut view = game_view(game, now, lang);
        view.kind = "coop";
        view.game = record.id;
        view.title = match game.difficulty {
            Some(tier) => format!(
                "{} · {}",
                t!(lang, "web-title-coop"),
                t!(lang, "tier", name = tier.name())
            ),
            None => t!(lang, "web-title-coop"),
        };
        let active = game.status == Status::Active;
        view.can = Can {
            undo: active,
            hint: active,
            check: active,
            give_up: false,
        };
        // Named as chat names them (a forgotten player as "a former player"), in one read.
        let names = self
            .store()
            .read(|tx| {
                record
                    .coop
                    .players
                    .iter()
                    .map(|c| super::commands::coop::name_of(tx, &c.player, lang))
                    .collect::<Result<Vec<_>, _>>()
            })
            .map_err(super::Failure::reason)?;
        let mut rows = Vec::new();
        for ((slot, contribution), name) in record.coop.players.iter().enumerate().zip(names) {
            let name = plain_text(&name);
            let placed = record
                .coop
                .filled_by
                .iter()
                .filter(|by| **by == Some(slot))
                .count();
            rows.push(SideRow {
                name,
                detail: t!(
                    lang,
                    "web-coop-player",
                    digits = placed,
                    mistakes = contribution.mistakes
                ),
            });
        }
        view.side = Some(Side {
            title: t!(lang, "web-players"),
            rows,
        });
        Ok(view)
    }

    /// Runs a tap of the page as the command chat would send, on the board the page
    /// showed (`shown`): a page behind (another game here now, or the board moved on)
    /// changes nothing and gets the board as it is. Said in the page's language (see
    /// `board_for`).
    pub fn web_act(
        &self,
        who: &Identity,
        action: Action,
        shown: &Shown,
        asked: Option<Lang>,
    ) -> Result<Outcome, String> {
        let (board, lang) = self
            .board_for(who, Some(shown), asked)
            .map_err(|e| e.to_string())?;
        let refuse = |message: String| -> Result<Outcome, String> {
            Ok(Outcome {
                ok: false,
                message,
                view: self.view_of(&board, lang)?,
            })
        };
        // Bad input is the page's (or a script's), said as such: not our fault, nothing changed.
        let step = match Step::of(action, lang) {
            Ok(step) => step,
            Err(why) => return refuse(why),
        };
        let command = match (&board, step) {
            (_, None) => Command::New {
                empty: None,
                difficulty: None,
                symmetry: None,
            },
            (Board::None | Board::Last(_), Some(_)) => {
                return refuse(t!(lang, "web-no-game"));
            }
            (Board::Game(record), Some(step)) => {
                let kind = if record.race.is_some() {
                    "race"
                } else {
                    "solo"
                };
                if shown.kind != kind || shown.game != record.id {
                    return refuse(t!(lang, "web-another-board"));
                }
                step.for_game(Target {
                    game: record.id,
                    version: shown.version,
                })
            }
            (Board::Coop(record), Some(step)) => {
                if shown.kind != "coop" || shown.game != record.id {
                    return refuse(t!(lang, "web-another-board"));
                }
                match step.for_coop(Target {
                    game: record.id,
                    version: shown.version,
                }) {
                    Some(command) => Command::Coop(command),
                    None => return refuse(t!(lang, "web-coop-not-given-up")),
                }
            }
        };
        let (reply, ok) = self.handle_styled(
            &Invocation {
                player: who.player.clone(),
                place: who.place.clone(),
                command,
                style: BoardStyle::Plain,
                is_admin: false,
                // The player's own choice in their settings still comes first.
                lang: asked.unwrap_or_default(),
                server_lang: None,
            },
            false,
        );
        Ok(Outcome {
            ok,
            message: for_the_page(&reply.content),
            view: self.web_view_after(who, Some(shown), asked)?,
        })
    }
}

/// A tap, checked: cells named as chat names them. `None` is New game.
enum Step {
    Move(String),
    Note(String, u8),
    AutoNotes,
    Undo,
    Hint,
    Check,
    GiveUp,
}

impl Step {
    /// `Err`: what was wrong with it, in `lang`.
    fn of(action: Action, lang: Lang) -> Result<Option<Step>, String> {
        let cell = |index: u8| {
            Cell::from_index(usize::from(index))
                .ok_or_else(|| t!(lang, "web-tap-no-cell", index = index))
        };
        let digit = |d: u8| {
            if (1..=9).contains(&d) {
                Ok(d)
            } else {
                Err(t!(lang, "web-tap-no-digit", digit = d))
            }
        };
        Ok(Some(match action {
            Action::New => return Ok(None),
            Action::Place { cell: c, digit: d } => {
                Step::Move(format!("{} {}", cell(c)?, digit(d)?))
            }
            Action::Erase { cell: c } => Step::Move(format!("{} 0", cell(c)?)),
            Action::Note { cell: c, digit: d } => Step::Note(cell(c)?.to_string(), digit(d)?),
            Action::AutoNotes => Step::AutoNotes,
            Action::Undo => Step::Undo,
            Action::Hint => Step::Hint,
            Action::Check => Step::Check,
            Action::GiveUp => Step::GiveUp,
        }))
    }

    fn for_game(self, on: Target) -> Command {
        let target = Some(on);
        match self {
            Step::Move(moves) => Command::Move { moves, target },
            Step::Note(cell, d) => Command::Note {
                cell,
                digits: d.to_string(),
                target,
            },
            Step::AutoNotes => Command::Pad {
                target: on,
                action: crate::game::PadAction::AutoNotes,
            },
            Step::Undo => Command::Undo(target),
            Step::Hint => Command::Hint(target),
            Step::Check => Command::Check {
                reveal: false,
                target,
            },
            // The page asked first.
            Step::GiveUp => Command::GiveUp {
                target,
                confirmed: true,
            },
        }
    }

    /// `None` for Give up, which a co-op board does not have.
    fn for_coop(self, on: Target) -> Option<CoopCommand> {
        let target = Some(on);
        Some(match self {
            Step::Move(moves) => CoopCommand::Move { moves, target },
            Step::Note(cell, d) => CoopCommand::Note {
                cell,
                digits: d.to_string(),
                target,
            },
            Step::AutoNotes => CoopCommand::Pad {
                target: on,
                action: crate::game::PadAction::AutoNotes,
            },
            Step::Undo => CoopCommand::Undo(target),
            Step::Hint => CoopCommand::Hint(target),
            Step::Check => CoopCommand::Check(target),
            Step::GiveUp => return None,
        })
    }
}

fn none_view(lang: Lang) -> View {
    View {
        kind: "none",
        lang: lang.code(),
        title: t!(lang, "web-page-no-game-title"),
        game: 0,
        version: 0,
        cells: String::new(),
        givens: String::new(),
        wrong: Vec::new(),
        notes: Vec::new(),
        status: "none",
        mistakes: 0,
        hints: 0,
        remaining: 0,
        elapsed_ms: 0,
        stops_in_ms: Some(0),
        side: None,
        can: Can {
            undo: false,
            hint: false,
            check: false,
            give_up: false,
        },
        said: Said::default(),
    }
}

/// What every kind of board shares: the cells as the player may see them, and the
/// status line in `lang`.
fn game_view(game: &crate::game::Game, now: Millis, lang: Lang) -> View {
    let mut cells = String::with_capacity(81);
    let mut givens = String::with_capacity(81);
    let mut wrong = Vec::new();
    let mut notes = Vec::with_capacity(81);
    for (i, cell) in Cell::all().enumerate() {
        cells.push(match game.board.get(cell) {
            Some(d) => char::from(b'0' + d),
            None => '.',
        });
        givens.push(if game.is_given(cell) { '1' } else { '0' });
        if game.shows_wrong(cell) {
            wrong.push(i);
        }
        notes.push(game.notes[i]);
    }
    View {
        kind: "solo",
        lang: lang.code(),
        title: String::new(),
        game: 0,
        version: game.version,
        cells,
        givens,
        wrong,
        notes,
        status: match game.status {
            Status::Active => "active",
            Status::Solved => "solved",
            Status::GaveUp => "given up",
        },
        mistakes: game.mistakes,
        hints: game.hints,
        remaining: game.to_go(),
        elapsed_ms: game.elapsed(now),
        stops_in_ms: game.clock_stops_in(now),
        side: None,
        can: none_view(lang).can,
        said: Said {
            progress: match game.status {
                Status::Active => t!(lang, "status-to-go", count = game.to_go()),
                Status::Solved => t!(lang, "web-solved"),
                Status::GaveUp => t!(lang, "web-given-up"),
            },
            mistakes: t!(lang, "web-mistakes", count = game.mistakes),
            hints: t!(lang, "web-hints", count = game.hints),
        },
    }
}

/// A chat reply as the page shows it: what was said, without what the page draws itself
/// (the board, its caption, the status line and legend under it, the game's name) and
/// without markdown marks.
pub fn plain_text(content: &str) -> String {
    let lines: Vec<&str> = content.lines().collect();
    let said = match lines.iter().position(|l| l.trim_start().starts_with("```")) {
        // The line over a board is its caption ("ann's Easy game").
        Some(board) => &lines[..board.saturating_sub(1)],
        None => &lines[..],
    };
    said.iter()
        .filter(|line| !line.starts_with("— "))
        .map(|line| line.replace("**", "").replace('`', "").replace("||", ""))
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .replace("\\_", "_")
        .replace("\\*", "*")
}

/// A chat reply as the page says it ([`plain_text`]), less what points to typed
/// commands the page has buttons for: a parenthesis naming one ("(e.g. `/sudoku move A1
/// 0`)") and a sentence that only says which to type ("Start another with `/sudoku
/// new`."), unless nothing else would be left.
pub fn for_the_page(content: &str) -> String {
    const TYPED: &str = "`/sudoku";
    let mut kept = Vec::new();
    for line in content.lines() {
        // Parentheses naming a typed command go, with the space before them.
        let mut line = line.to_string();
        while let Some(at) = line.find(TYPED) {
            let open = line[..at].rfind('(');
            let close = line[at..].find(')').map(|c| at + c);
            match (open, close) {
                (Some(open), Some(close)) if !line[open..at].contains(')') => {
                    let start = if line[..open].ends_with(' ') {
                        open - 1
                    } else {
                        open
                    };
                    line.replace_range(start..=close, "");
                }
                _ => break,
            }
        }
        let sentences = split_sentences(&line);
        let said: Vec<&str> = sentences
            .iter()
            .copied()
            .filter(|s| !s.contains(TYPED))
            .collect();
        if said.is_empty() {
            kept.push(line.clone());
        } else {
            kept.push(said.join(" "));
        }
    }
    let text = kept.join("\n");
    let page = plain_text(&text);
    if page.is_empty() {
        plain_text(content)
    } else {
        page
    }
}

/// `line`'s sentences, each with its closing mark (". ", "! ", "? " end one).
fn split_sentences(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes = line.as_bytes();
    for i in 0..bytes.len() {
        if matches!(bytes[i], b'.' | b'!' | b'?') && bytes.get(i + 1) == Some(&b' ') {
            out.push(line[start..=i].trim());
            start = i + 1;
        }
    }
    let rest = line[start..].trim();
    if !rest.is_empty() {
        out.push(rest);
    }
    out
}

#[cfg(test)]
mod tests;
