//! Games, players and the stats derived from them.

use super::sql::{Dialect, Optional, Row, SqlError, params};
use jiff::civil::Date;

use crate::engine::{Grid, Tier};
use crate::game::race::RaceId;
use crate::game::{Game, Millis, Pad, Status};

use super::codec::{
    grid_from_text, grid_to_text, history_from_blob, history_to_blob, notes_from_blob,
    notes_to_blob,
};
use super::{StoreError, Tx};

/// `$sql` with each backend's next value of `touched_at` (which orders a player's games
/// by last use) after `$before`: one `&'static str` per backend, made at compile time.
///
/// SQLite: a bare `max` (not wrapped in another function, or SQLite reads the whole
/// index) is one step down the `games_by_touched` index: the same cost with any number of
/// games, and its one writer at a time makes it unique. PostgreSQL: a sequence. There,
/// `max + 1` would make every command that touches a game read what every other one
/// writes, and `SERIALIZABLE` would refuse all but one of those running at once.
macro_rules! with_next_touch {
    ($dialect:expr, $before:expr, $after:expr) => {
        match $dialect {
            Dialect::Sqlite => concat!(
                $before,
                "(coalesce((SELECT max(touched_at) FROM games), 0) + 1)",
                $after
            ),
            Dialect::Postgres => concat!($before, "nextval('games_touched')", $after),
        }
    };
}

/// A game's row id: what buttons carry to find their game again after a restart.
pub type GameId = i64;

/// A stored game and whose it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub id: GameId,
    pub player: String,
    pub place: String,
    pub game: Game,
    /// The server day of a daily game; `None` for a free game.
    pub daily_day: Option<Date>,
    /// The race this game is its player's part of.
    pub race: Option<RaceTag>,
    /// Whether its player has been shown the board since the game started (a race game
    /// starts at someone else's press, unseen).
    pub shown: bool,
    /// The number pad under its board.
    pub pad: Pad,
    /// When a daily game's day ends for its server: until then a given-up daily shows
    /// the player's own board, never the solution (a second account must not fetch it).
    pub daily_end: Option<Millis>,
    /// Solved faster than a person can (see [`crate::game::fair`]): said wherever the
    /// result is shown.
    pub unverified: bool,
}

/// Which race a game belongs to: its row id and its number in the server ("Race #3").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceTag {
    pub id: RaceId,
    pub number: i64,
    /// The race is still open or running: its solution is no entrant's to see yet.
    pub running: bool,
}

/// Results of one difficulty (or of games without one).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DifficultyStats {
    pub difficulty: Option<Tier>,
    pub solved: i64,
    pub best: Option<Millis>,
    pub average: Option<Millis>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    pub started: i64,
    pub solved: i64,
    pub gave_up: i64,
    pub by_difficulty: Vec<DifficultyStats>,
}

const COLUMNS: &str = "id, player, place, givens, solution, board, difficulty, status, started_at, \
     finished_at, mistakes, hints, version, notes, history, hint_level, daily_day, moves, \
     last_hint_at, last_active_at, idle_ms, race, \
     (SELECT number FROM races WHERE races.id = games.race), check_as_you_go, revealed, shown, \
     (SELECT status IN ('lobby', 'running') FROM races WHERE races.id = games.race), \
     pad_row, pad_col, pad_notes, auto_notes, \
     (SELECT timezone FROM servers WHERE servers.place = games.place AND games.daily_day IS NOT NULL), \
     (SELECT zone_next FROM servers WHERE servers.place = games.place AND games.daily_day IS NOT NULL), \
     (SELECT zone_from FROM servers WHERE servers.place = games.place AND games.daily_day IS NOT NULL), \
     unverified";

/// A game whose stored row does not decode, as a command found it: set aside (marked
/// `damaged`) and its player told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamagedGame {
    pub id: GameId,
    /// Whose game it was, and where, when those columns still read ("" when not).
    pub player: String,
    pub place: String,
    /// What does not decode.
    pub reason: String,
}

/// A row's id, and its record or why it does not decode. Only the id must be readable: a
/// damaged row is known by it and set aside, the rest of the table is unaffected.
fn read_record(row: &Row) -> Result<(GameId, Result<GameRecord, DamagedGame>), SqlError> {
    let id: GameId = row.get(0)?;
    Ok((
        id,
        decode_record(id, row).map_err(|error| DamagedGame {
            id,
            player: row.get(1).unwrap_or_default(),
            place: row.get(2).unwrap_or_default(),
            reason: error.to_string(),
        }),
    ))
}

/// How many rows of `games` not yet set aside do not decode: what `check` reports, read
/// with the same decoder as every command.
pub(super) fn undecodable_games(conn: &super::sql::Conn) -> Result<i64, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM games WHERE damaged IS NULL");
    let mut count = 0;
    conn.for_each(&sql, params![], |row| {
        count += i64::from(read_record(row)?.1.is_err());
        Ok(())
    })?;
    Ok(count)
}

fn decode_record(id: GameId, row: &Row) -> Result<GameRecord, StoreError> {
    let givens: String = row.get(3)?;
    let solution: String = row.get(4)?;
    let board: String = row.get(5)?;
    let difficulty: Option<String> = row.get(6)?;
    let status: String = row.get(7)?;
    let notes: Vec<u8> = row.get(13)?;
    let history: Vec<u8> = row.get(14)?;
    let daily_day: Option<String> = row.get(16)?;
    let race: Option<RaceId> = row.get(21)?;
    let race_number: Option<i64> = row.get(22)?;
    let revealed: Option<String> = row.get(24)?;
    let race_running: Option<bool> = row.get(26)?;
    let daily_day = match daily_day {
        None => None,
        Some(text) => Some(
            text.parse::<Date>()
                .map_err(|_| StoreError::Corrupt(format!("daily day {text:?}")))?,
        ),
    };
    // The daily's day as its server counts it (UTC for a server never set up).
    let daily_end = match daily_day {
        Some(day) => {
            let settings = crate::game::daily::DailySettings {
                zone: row
                    .get::<_, Option<String>>(31)?
                    .unwrap_or_else(|| "UTC".into()),
                zone_change: crate::game::daily::ZoneChange::stored(row.get(32)?, row.get(33)?),
                ..Default::default()
            };
            Some(settings.day_end(day))
        }
        None => None,
    };
    Ok(GameRecord {
        daily_end,
        unverified: row.get(34)?,
        race: race.map(|id| RaceTag {
            id,
            number: race_number.unwrap_or(id),
            running: race_running.unwrap_or(false),
        }),
        shown: row.get(25)?,
        pad: Pad {
            row: row.get(27)?,
            column: row.get(28)?,
            notes: row.get(29)?,
        },
        id,
        player: row.get(1)?,
        place: row.get(2)?,
        daily_day,
        game: Game {
            givens: grid_from_text(&givens)?,
            solution: grid_from_text(&solution)?,
            board: grid_from_text(&board)?,
            notes: notes_from_blob(&notes)?,
            difficulty: difficulty.as_deref().and_then(Tier::parse),
            started_at: row.get(8)?,
            finished_at: row.get(9)?,
            status: Status::parse(&status)
                .ok_or_else(|| StoreError::Corrupt(format!("status {status:?}")))?,
            mistakes: row.get(10)?,
            hints: row.get(11)?,
            moves: row.get(17)?,
            last_hint_at: row.get(18)?,
            last_active_at: row.get(19)?,
            idle_ms: row.get(20)?,
            hint_level: row.get(15)?,
            version: row.get(12)?,
            history: history_from_blob(&history)?,
            check_as_you_go: row.get(23)?,
            revealed: match revealed {
                Some(text) => grid_from_text(&text)?,
                None => Grid::empty(),
            },
            // A daily is ranked by the time since its player opened it: its clock never
            // pauses (time away recorded before this rule still counts as away).
            wall_clock: daily_day.is_some() || race.is_some(),
            auto_notes: row.get(30)?,
        },
    })
}

/// What is stored of the undo history: nothing once the game is over, since undo needs a
/// game in progress; it was most of a finished game's row.
fn stored_history(game: &Game) -> Vec<u8> {
    match game.status {
        Status::Active => history_to_blob(&game.history),
        _ => Vec::new(),
    }
}

/// The digits a check has shown wrong; nothing for most games (none were hidden).
fn stored_revealed(game: &Game) -> Option<String> {
    (game.revealed != Grid::empty()).then(|| grid_to_text(&game.revealed))
}

impl Tx<'_> {
    /// The player's game in progress at `place` that they used last (a free game or
    /// today's daily), if any.
    pub fn active_game(&self, player: &str, place: &str) -> Result<Option<GameRecord>, StoreError> {
        // No LIMIT: a player has a handful of games in progress at a place, and a damaged
        // one must not hide the next.
        let sql = format!(
            "SELECT {COLUMNS} FROM games WHERE player = ?1 AND place = ?2 AND status = 'active' \
             AND damaged IS NULL ORDER BY touched_at DESC, id DESC"
        );
        self.first_sound(&sql, params![player, place])
    }

    /// Every game the player has in progress at `place` (a free game and today's daily at
    /// most), the one used last first. Damaged rows are set aside as in [`Self::active_game`].
    pub fn active_games(&self, player: &str, place: &str) -> Result<Vec<GameRecord>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM games WHERE player = ?1 AND place = ?2 AND status = 'active' \
             AND damaged IS NULL ORDER BY touched_at DESC, id DESC"
        );
        let mut stmt = self.tx.prepare_cached(&sql)?;
        let mut rows = stmt.query(params![player, place])?;
        let mut games = Vec::new();
        while let Some(row) = rows.next()? {
            match read_record(row)? {
                (_, Ok(record)) => games.push(record),
                (_, Err(damaged)) => self.set_aside(damaged)?,
            }
        }
        Ok(games)
    }

    /// The puzzles (givens, solution) of `player`'s free games in progress, anywhere:
    /// what `/sudoku solve` must not answer for them (their dailies and races pause it
    /// altogether, see [`Tx::ranked_play_of`]). A row that does not decode is no puzzle
    /// anyone can play, so it is skipped.
    pub fn free_puzzles_of(&self, player: &str) -> Result<Vec<(Grid, Grid)>, StoreError> {
        self.puzzles(
            "SELECT givens, solution FROM games \
             WHERE player = ?1 AND status = 'active' AND damaged IS NULL \
               AND race IS NULL AND daily_day IS NULL",
            params![player],
        )
    }

    /// The ids of `player`'s race games still being played, anywhere.
    pub fn active_race_games_of(&self, player: &str) -> Result<Vec<GameId>, StoreError> {
        let mut statement = self.tx.prepare_cached(
            "SELECT id FROM games WHERE player = ?1 AND status = 'active' AND race IS NOT NULL",
        )?;
        let rows = statement.query_map(params![player], |r| r.get::<_, GameId>(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Marks a solved game as faster than a person can solve it (see
    /// [`crate::game::fair`]): the daily leaderboards rank it after every verified one.
    pub fn set_unverified(&self, id: GameId) -> Result<(), StoreError> {
        self.tx
            .execute("UPDATE games SET unverified = 1 WHERE id = ?1", params![id])?;
        Ok(())
    }

    /// The ranked play `player` has running anywhere: daily games not solved (played or
    /// given up; whose day may or may not have ended: the caller knows each server's day)
    /// and races or challenges not over that they entered and did not solve (a lobby
    /// joined, a game played, given up or out: the answer is sealed until the race ends,
    /// and a racer out of it must not fetch it for one still racing). While any is
    /// running, `/sudoku solve` is paused for them.
    /// Dailies of days before `since` are over everywhere and not read.
    pub fn ranked_play_of(&self, player: &str, since: Date) -> Result<Vec<RankedPlay>, StoreError> {
        let mut plays = Vec::new();
        let mut statement = self.tx.prepare_cached(
            "SELECT place, daily_day FROM games \
             WHERE player = ?1 AND status <> 'solved' AND daily_day >= ?2 \
               AND damaged IS NULL",
        )?;
        let rows = statement.query_map(params![player, since.to_string()], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
        })?;
        for row in rows {
            let (place, day) = row?;
            // A day that does not read is no game anyone plays for a rank.
            if let Ok(day) = day.parse() {
                plays.push(RankedPlay::Daily { place, day });
            }
        }
        let mut statement = self.tx.prepare_cached(
            "SELECT r.opponent IS NOT NULL FROM race_players p JOIN races r ON r.id = p.race \
             WHERE p.player = ?1 AND r.status IN ('lobby', 'running') \
               AND (p.game IS NULL \
                    OR (SELECT status FROM games WHERE games.id = p.game) <> 'solved')",
        )?;
        let rows = statement.query_map(params![player], |r| r.get::<_, bool>(0))?;
        for challenge in rows {
            plays.push(RankedPlay::Race {
                challenge: challenge?,
            });
        }
        Ok(plays)
    }

    /// The (givens, solution) pairs `sql` selects: what `/sudoku solve` protects. A row
    /// that does not decode is no puzzle anyone can play or solve from, so it is skipped.
    pub(super) fn puzzles(
        &self,
        sql: &str,
        args: super::sql::Params<'_>,
    ) -> Result<Vec<(Grid, Grid)>, StoreError> {
        let mut statement = self.tx.prepare_cached(sql)?;
        let rows = statement.query_map(args, |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
        })?;
        let mut puzzles = Vec::new();
        for row in rows {
            let (givens, solution) = row?;
            if let (Ok(givens), Ok(solution)) = (grid_from_text(&givens), grid_from_text(&solution))
            {
                puzzles.push((givens, solution));
            }
        }
        Ok(puzzles)
    }

    /// The player's free (not daily, not race) game in progress at `place`: at most one.
    pub fn active_free_game(
        &self,
        player: &str,
        place: &str,
    ) -> Result<Option<GameRecord>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM games WHERE player = ?1 AND place = ?2 AND status = 'active' \
             AND daily_day IS NULL AND race IS NULL AND damaged IS NULL"
        );
        self.first_sound(&sql, params![player, place])
    }

    /// A game by id; `None` when it does not exist or was set aside as damaged.
    pub fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM games WHERE id = ?1 AND damaged IS NULL");
        self.first_sound(&sql, params![id])
    }

    /// The player's most recent game at `place`, finished or not.
    pub fn latest_game(&self, player: &str, place: &str) -> Result<Option<GameRecord>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM games WHERE player = ?1 AND place = ?2 AND damaged IS NULL \
             ORDER BY id DESC LIMIT 1"
        );
        self.first_sound(&sql, params![player, place])
    }

    /// The first row of `sql` that decodes. Rows that do not are set aside (in a write
    /// transaction; a read only skips them) and logged, so one damaged game never locks
    /// its player out of show, move or new.
    fn first_sound(
        &self,
        sql: &str,
        args: super::sql::Params<'_>,
    ) -> Result<Option<GameRecord>, StoreError> {
        let mut stmt = self.tx.prepare_cached(sql)?;
        let mut rows = stmt.query(args)?;
        while let Some(row) = rows.next()? {
            match read_record(row)? {
                (_, Ok(record)) => return Ok(Some(record)),
                (_, Err(damaged)) => self.set_aside(damaged)?,
            }
        }
        Ok(None)
    }

    /// Skips a row that does not decode and reports it to the store: the command's own
    /// transaction may roll back (a refusal does), so the caller marks it in a write of
    /// its own (see [`super::Store::take_damaged`]). Marked here too when this is a
    /// write, so that the rest of the command no longer meets it.
    fn set_aside(&self, damaged: DamagedGame) -> Result<(), StoreError> {
        if self.writable {
            self.set_damaged(damaged.id, &damaged.reason)?;
        }
        if let Some((found, seen)) = self.damaged {
            seen.store(true, std::sync::atomic::Ordering::Release);
            let mut found = found.borrow_mut();
            // Logged once, however often the command reads the row.
            if !found.iter().any(|d| d.id == damaged.id) {
                tracing::error!(
                    game = damaged.id,
                    player = %damaged.player,
                    place = %damaged.place,
                    reason = %damaged.reason,
                    "a stored game does not decode; it is set aside as damaged"
                );
                found.push(damaged);
            }
        }
        Ok(())
    }

    /// Marks game `id` as damaged (`reason`): no longer anyone's game in progress, still
    /// counted by `check`.
    pub fn set_damaged(&self, id: GameId, reason: &str) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE games SET damaged = ?2 WHERE id = ?1 AND damaged IS NULL",
            params![id, reason],
        )?;
        Ok(())
    }

    pub fn insert_game(
        &self,
        player: &str,
        place: &str,
        game: &Game,
    ) -> Result<GameId, StoreError> {
        self.insert(player, place, game, None, None)
    }

    /// A player's game in race `race`.
    pub fn insert_race_game(
        &self,
        player: &str,
        place: &str,
        race: RaceId,
        game: &Game,
    ) -> Result<GameId, StoreError> {
        let id = self.insert(player, place, game, None, Some(race))?;
        // Started by the host's press: unseen until its racer opens the board.
        self.tx
            .execute("UPDATE games SET shown = 0 WHERE id = ?1", params![id])?;
        Ok(id)
    }

    /// A player's game on the daily puzzle of `day`.
    pub fn insert_daily_game(
        &self,
        player: &str,
        place: &str,
        day: Date,
        game: &Game,
    ) -> Result<GameId, StoreError> {
        self.insert(player, place, game, Some(day), None)
    }

    fn insert(
        &self,
        player: &str,
        place: &str,
        game: &Game,
        day: Option<Date>,
        race: Option<RaceId>,
    ) -> Result<GameId, StoreError> {
        Ok(self.tx.query_row(
            with_next_touch!(
                self.tx.dialect(),
                "INSERT INTO games (player, place, givens, solution, board, difficulty, status, \
             started_at, finished_at, mistakes, hints, version, notes, history, hint_level, \
             daily_day, moves, last_hint_at, last_active_at, idle_ms, race, check_as_you_go, \
             revealed, touched_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, \
             ?17, ?18, ?19, ?20, ?21, ?22, ?23, ",
                ") RETURNING id"
            ),
            params![
                player,
                place,
                grid_to_text(&game.givens),
                grid_to_text(&game.solution),
                grid_to_text(&game.board),
                game.difficulty.map(Tier::name),
                game.status.name(),
                game.started_at,
                game.finished_at,
                game.mistakes,
                game.hints,
                game.version,
                notes_to_blob(&game.notes),
                stored_history(game),
                game.hint_level,
                day.map(|d| d.to_string()),
                game.moves,
                game.last_hint_at,
                game.last_active_at,
                game.idle_ms,
                race,
                game.check_as_you_go,
                stored_revealed(game),
            ],
            |r| r.get(0),
        )?)
    }

    /// Writes back the mutable part of a game.
    pub fn save_game(&self, id: GameId, game: &Game) -> Result<(), StoreError> {
        let changed = self.tx.execute(
            with_next_touch!(
                self.tx.dialect(),
                "UPDATE games SET board = ?2, status = ?3, finished_at = ?4, mistakes = ?5, \
             hints = ?6, version = ?7, notes = ?8, history = ?9, hint_level = ?10, \
             moves = ?11, last_hint_at = ?12, last_active_at = ?13, idle_ms = ?14, \
             revealed = ?15, auto_notes = ?16, touched_at = ",
                " WHERE id = ?1"
            ),
            params![
                id,
                grid_to_text(&game.board),
                game.status.name(),
                game.finished_at,
                game.mistakes,
                game.hints,
                game.version,
                notes_to_blob(&game.notes),
                stored_history(game),
                game.hint_level,
                game.moves,
                game.last_hint_at,
                game.last_active_at,
                game.idle_ms,
                stored_revealed(game),
                game.auto_notes,
            ],
        )?;
        if changed != 1 {
            return Err(StoreError::Corrupt(format!("game {id} vanished")));
        }
        Ok(())
    }

    /// Stores the pad under game `id`'s board.
    pub fn set_pad(&self, id: GameId, pad: Pad) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE games SET pad_row = ?2, pad_col = ?3, pad_notes = ?4 WHERE id = ?1",
            params![id, pad.row, pad.column, pad.notes],
        )?;
        Ok(())
    }

    /// Makes `id` the game typed commands act on (as `show` of that game does), and
    /// records that its player has now been shown its board.
    pub fn touch(&self, id: GameId) -> Result<(), StoreError> {
        self.tx.execute(
            with_next_touch!(
                self.tx.dialect(),
                "UPDATE games SET shown = 1, touched_at = ",
                " WHERE id = ?1"
            ),
            params![id],
        )?;
        Ok(())
    }

    /// Whether `player` plays new games with check-as-you-go (the default) or without.
    pub fn check_as_you_go(&self, player: &str) -> Result<bool, StoreError> {
        self.player_flag(player, PlayerFlag::CheckAsYouGo)
    }

    pub fn set_check_as_you_go(&self, player: &str, on: bool) -> Result<(), StoreError> {
        self.set_player_flag(player, PlayerFlag::CheckAsYouGo, on)
    }

    /// Whether `player` sees boards as pictures (PNG) rather than text (the default).
    pub fn board_picture(&self, player: &str) -> Result<bool, StoreError> {
        self.player_flag(player, PlayerFlag::BoardPicture)
    }

    pub fn set_board_picture(&self, player: &str, on: bool) -> Result<(), StoreError> {
        self.set_player_flag(player, PlayerFlag::BoardPicture, on)
    }

    /// The language `player` chose (a code: `en`, `es`, `ca`); `None` follows their
    /// Discord's.
    pub fn player_language(&self, player: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT language FROM player_settings WHERE player = ?1",
                params![player],
                |r| r.get::<_, Option<String>>(0),
            )
            .optional()?
            .flatten())
    }

    /// Both settings that shape every answer to `player`, in one read: boards as
    /// pictures, and their chosen language.
    pub fn player_style(&self, player: &str) -> Result<(bool, Option<String>), StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT board_picture, language FROM player_settings WHERE player = ?1",
                params![player],
                |r| Ok((r.get::<_, bool>(0)?, r.get::<_, Option<String>>(1)?)),
            )
            .optional()?
            .unwrap_or((false, None)))
    }

    pub fn set_player_language(
        &self,
        player: &str,
        language: Option<&str>,
    ) -> Result<(), StoreError> {
        self.tx.execute(
            "INSERT INTO player_settings (player, language) VALUES (?1, ?2) \
             ON CONFLICT (player) DO UPDATE SET language = excluded.language",
            params![player, language],
        )?;
        Ok(())
    }

    /// A setting of `player`, its default when they never chose.
    fn player_flag(&self, player: &str, flag: PlayerFlag) -> Result<bool, StoreError> {
        let (column, default) = flag.column();
        Ok(self
            .tx
            .query_row(
                &format!("SELECT {column} FROM player_settings WHERE player = ?1"),
                params![player],
                |r| r.get(0),
            )
            .optional()?
            .unwrap_or(default))
    }

    fn set_player_flag(&self, player: &str, flag: PlayerFlag, on: bool) -> Result<(), StoreError> {
        let (column, _) = flag.column();
        self.tx.execute(
            &format!(
                "INSERT INTO player_settings (player, {column}) VALUES (?1, ?2) \
                 ON CONFLICT (player) DO UPDATE SET {column} = excluded.{column}"
            ),
            params![player, on],
        )?;
        Ok(())
    }

    /// Remembers how to name a player to others. Writes only when the name is new or
    /// changed, so a read transaction that calls it stays a read.
    pub fn set_player_name(&self, id: &str, name: &str) -> Result<(), StoreError> {
        if self.player_name(id)?.as_deref() == Some(name) {
            return Ok(());
        }
        self.tx.execute(
            "INSERT INTO players (id, name) VALUES (?1, ?2) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name WHERE players.name <> excluded.name",
            params![id, name],
        )?;
        Ok(())
    }

    pub fn player_name(&self, id: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .tx
            .query_row("SELECT name FROM players WHERE id = ?1", params![id], |r| {
                r.get(0)
            })
            .optional()?)
    }

    /// A player id from a display name (case-insensitive), for `stats <name>`.
    pub fn player_by_name(&self, name: &str) -> Result<Option<String>, StoreError> {
        // Two indexed lookups, a name first: with `OR` in one WHERE, SQLite scans. Each
        // backend's index of names ignoring case: `COLLATE NOCASE`, `lower(name)`.
        let sql = match self.tx.dialect() {
            Dialect::Sqlite => {
                "SELECT id FROM players WHERE name = ?1 COLLATE NOCASE \
                 UNION ALL SELECT id FROM players WHERE id = ?1 LIMIT 1"
            }
            Dialect::Postgres => {
                "(SELECT id FROM players WHERE lower(name) = lower(?1) LIMIT 1) \
                 UNION ALL (SELECT id FROM players WHERE id = ?1) LIMIT 1"
            }
        };
        Ok(self
            .tx
            .query_row(sql, params![name], |r| r.get(0))
            .optional()?)
    }

    /// Everything `stats` shows: over all places, or over the games of one `place`.
    pub fn player_stats(
        &self,
        player: &str,
        place: Option<&str>,
    ) -> Result<PlayerStats, StoreError> {
        // `?2 IS NULL` selects every place: one statement serves both views.
        // Given up by the player: not a race game ended by its time limit, nor one its
        // third mistake put out (those ended by the race's rules, not by giving up).
        let (started, solved, gave_up): (i64, i64, i64) = self.tx.query_row(
            "SELECT count(*), \
                    coalesce(count(CASE WHEN status = 'solved' THEN 1 END), 0), \
                    coalesce(count(CASE WHEN status = 'gave_up' AND (race IS NULL OR \
                        (mistakes < ?3 AND finished_at - \
                         (SELECT started_at FROM races WHERE races.id = games.race) < ?4)) \
                        THEN 1 END), 0) \
             FROM games WHERE player = ?1 AND (CAST(?2 AS TEXT) IS NULL OR place = ?2)",
            params![
                player,
                place,
                i64::from(crate::game::race::MISTAKE_LIMIT),
                crate::game::race::RACE_LIMIT_MS
            ],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        let mut stmt = self.tx.prepare_cached(
            // A race game's time is the race's wall time, as its scoreboard and result
            // say: pauses count in a race.
            "SELECT difficulty, count(*), \
                    min(finished_at - started_at - CASE WHEN race IS NULL THEN idle_ms ELSE 0 END), \
                    CAST(avg(finished_at - started_at - CASE WHEN race IS NULL THEN idle_ms ELSE 0 END) AS BIGINT) \
             FROM games WHERE player = ?1 AND (CAST(?2 AS TEXT) IS NULL OR place = ?2) AND status = 'solved' \
             GROUP BY difficulty",
        )?;
        let mut by_difficulty = stmt
            .query_map(params![player, place], |r| {
                let name: Option<String> = r.get(0)?;
                Ok(DifficultyStats {
                    difficulty: name.as_deref().and_then(Tier::parse),
                    solved: r.get(1)?,
                    best: r.get(2)?,
                    average: r.get(3)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        // Easiest first, games without a tier last.
        by_difficulty.sort_by_key(|d| (d.difficulty.is_none(), d.difficulty));
        Ok(PlayerStats {
            started,
            solved,
            gave_up,
            by_difficulty,
        })
    }
}

/// The on/off settings of `player_settings`.
#[derive(Clone, Copy)]
enum PlayerFlag {
    CheckAsYouGo,
    BoardPicture,
}

impl PlayerFlag {
    /// Its column (a fixed name, never input) and its default.
    fn column(self) -> (&'static str, bool) {
        match self {
            PlayerFlag::CheckAsYouGo => ("check_as_you_go", true),
            PlayerFlag::BoardPicture => ("board_picture", false),
        }
    }
}

/// Ranked play a player has running (see [`Tx::ranked_play_of`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankedPlay {
    /// A daily game not finished, of `place`'s `day`.
    Daily { place: String, day: Date },
    /// A race (or a challenge: `challenge`) the player is in, open or running.
    Race { challenge: bool },
}
