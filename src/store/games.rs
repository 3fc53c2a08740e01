//! Games, players and the stats derived from them.

use jiff::civil::Date;
use rusqlite::{OptionalExtension, Row, params};

use crate::engine::Tier;
use crate::game::{Game, Millis, Status};

use super::codec::{
    grid_from_text, grid_to_text, history_from_blob, history_to_blob, notes_from_blob,
    notes_to_blob,
};
use super::{StoreError, Tx};

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
     last_hint_at";

fn read_record(row: &Row<'_>) -> rusqlite::Result<Result<GameRecord, StoreError>> {
    let givens: String = row.get(3)?;
    let solution: String = row.get(4)?;
    let board: String = row.get(5)?;
    let difficulty: Option<String> = row.get(6)?;
    let status: String = row.get(7)?;
    let notes: Vec<u8> = row.get(13)?;
    let history: Vec<u8> = row.get(14)?;
    let id: GameId = row.get(0)?;
    let player: String = row.get(1)?;
    let place: String = row.get(2)?;
    let started_at: Millis = row.get(8)?;
    let finished_at: Option<Millis> = row.get(9)?;
    let mistakes: u32 = row.get(10)?;
    let hints: u32 = row.get(11)?;
    let version: u32 = row.get(12)?;
    let hint_level: u8 = row.get(15)?;
    let daily_day: Option<String> = row.get(16)?;
    let moves: u32 = row.get(17)?;
    let last_hint_at: Option<Millis> = row.get(18)?;
    Ok((|| {
        Ok(GameRecord {
            id,
            player,
            place,
            daily_day: match daily_day {
                None => None,
                Some(text) => Some(
                    text.parse::<Date>()
                        .map_err(|_| StoreError::Corrupt(format!("daily day {text:?}")))?,
                ),
            },
            game: Game {
                givens: grid_from_text(&givens)?,
                solution: grid_from_text(&solution)?,
                board: grid_from_text(&board)?,
                notes: notes_from_blob(&notes)?,
                difficulty: difficulty.as_deref().and_then(Tier::parse),
                started_at,
                finished_at,
                status: Status::parse(&status)
                    .ok_or_else(|| StoreError::Corrupt(format!("status {status:?}")))?,
                mistakes,
                hints,
                moves,
                last_hint_at,
                hint_level,
                version,
                history: history_from_blob(&history)?,
            },
        })
    })())
}

impl Tx<'_> {
    /// The player's game in progress at `place` that they used last (a free game or
    /// today's daily), if any.
    pub fn active_game(&self, player: &str, place: &str) -> Result<Option<GameRecord>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM games WHERE player = ?1 AND place = ?2 AND status = 'active' \
             ORDER BY touched_at DESC, id DESC LIMIT 1"
        );
        self.tx
            .query_row(&sql, params![player, place], read_record)
            .optional()?
            .transpose()
    }

    /// The player's free (not daily) game in progress at `place`: at most one.
    pub fn active_free_game(
        &self,
        player: &str,
        place: &str,
    ) -> Result<Option<GameRecord>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM games WHERE player = ?1 AND place = ?2 AND status = 'active' \
             AND daily_day IS NULL"
        );
        self.tx
            .query_row(&sql, params![player, place], read_record)
            .optional()?
            .transpose()
    }

    pub fn game(&self, id: GameId) -> Result<Option<GameRecord>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM games WHERE id = ?1");
        self.tx
            .query_row(&sql, params![id], read_record)
            .optional()?
            .transpose()
    }

    /// The player's most recent game at `place`, finished or not.
    pub fn latest_game(&self, player: &str, place: &str) -> Result<Option<GameRecord>, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM games WHERE player = ?1 AND place = ?2 ORDER BY id DESC LIMIT 1"
        );
        self.tx
            .query_row(&sql, params![player, place], read_record)
            .optional()?
            .transpose()
    }

    pub fn insert_game(
        &self,
        player: &str,
        place: &str,
        game: &Game,
    ) -> Result<GameId, StoreError> {
        self.insert(player, place, game, None)
    }

    /// A player's game on the daily puzzle of `day`.
    pub fn insert_daily_game(
        &self,
        player: &str,
        place: &str,
        day: Date,
        game: &Game,
    ) -> Result<GameId, StoreError> {
        self.insert(player, place, game, Some(day))
    }

    fn insert(
        &self,
        player: &str,
        place: &str,
        game: &Game,
        day: Option<Date>,
    ) -> Result<GameId, StoreError> {
        self.tx.execute(
            "INSERT INTO games (player, place, givens, solution, board, difficulty, status, \
             started_at, finished_at, mistakes, hints, version, notes, history, hint_level, \
             daily_day, moves, last_hint_at, touched_at) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, \
             ?17, ?18, (SELECT coalesce(max(touched_at), 0) + 1 FROM games))",
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
                history_to_blob(&game.history),
                game.hint_level,
                day.map(|d| d.to_string()),
                game.moves,
                game.last_hint_at,
            ],
        )?;
        Ok(self.tx.last_insert_rowid())
    }

    /// Writes back the mutable part of a game.
    pub fn save_game(&self, id: GameId, game: &Game) -> Result<(), StoreError> {
        let changed = self.tx.execute(
            "UPDATE games SET board = ?2, status = ?3, finished_at = ?4, mistakes = ?5, \
             hints = ?6, version = ?7, notes = ?8, history = ?9, hint_level = ?10, \
             moves = ?11, last_hint_at = ?12, touched_at = (SELECT coalesce(max(touched_at), 0) + 1 FROM games) WHERE id = ?1",
            params![
                id,
                grid_to_text(&game.board),
                game.status.name(),
                game.finished_at,
                game.mistakes,
                game.hints,
                game.version,
                notes_to_blob(&game.notes),
                history_to_blob(&game.history),
                game.hint_level,
                game.moves,
                game.last_hint_at,
            ],
        )?;
        if changed != 1 {
            return Err(StoreError::Corrupt(format!("game {id} vanished")));
        }
        Ok(())
    }

    /// Makes `id` the game typed commands act on (as `show` of that game does).
    pub fn touch(&self, id: GameId) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE games SET touched_at = (SELECT coalesce(max(touched_at), 0) + 1 FROM games) \
             WHERE id = ?1",
            params![id],
        )?;
        Ok(())
    }

    /// Remembers how to name a player to others.
    pub fn set_player_name(&self, id: &str, name: &str) -> Result<(), StoreError> {
        self.tx.execute(
            "INSERT INTO players (id, name) VALUES (?1, ?2) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name WHERE name <> excluded.name",
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
        Ok(self
            .tx
            .query_row(
                "SELECT id FROM players WHERE name = ?1 COLLATE NOCASE OR id = ?1 LIMIT 1",
                params![name],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Everything `stats` shows: over all places, or over the games of one `place`.
    pub fn player_stats(
        &self,
        player: &str,
        place: Option<&str>,
    ) -> Result<PlayerStats, StoreError> {
        // `?2 IS NULL` selects every place: one statement serves both views.
        let (started, solved, gave_up): (i64, i64, i64) = self.tx.query_row(
            "SELECT count(*), \
                    coalesce(sum(status = 'solved'), 0), \
                    coalesce(sum(status = 'gave_up'), 0) \
             FROM games WHERE player = ?1 AND (?2 IS NULL OR place = ?2)",
            params![player, place],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )?;
        let mut stmt = self.tx.prepare(
            "SELECT difficulty, count(*), min(finished_at - started_at), \
                    CAST(avg(finished_at - started_at) AS INTEGER) \
             FROM games WHERE player = ?1 AND (?2 IS NULL OR place = ?2) AND status = 'solved' \
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
