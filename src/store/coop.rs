//! Co-op boards and each player's part in them.

use super::sql::{Row, params};

use crate::engine::{Cell, Grid, Tier};
use crate::game::coop::{CellChange, Contribution, Coop};
use crate::game::{Game, Pad, Status};

use super::codec::{grid_from_text, grid_to_text, notes_from_blob, notes_to_blob};
use super::{StoreError, Tx};

/// A co-op board's row id: what its buttons carry to find it after a restart.
pub type CoopId = i64;

/// A stored co-op board and where it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoopRecord {
    pub id: CoopId,
    /// The server (what `/sudoku solve` protects).
    pub place: String,
    /// The channel it belongs to.
    pub room: String,
    pub starter: String,
    pub coop: Coop,
    /// The number pad under the board, one for the whole channel.
    pub pad: Pad,
    /// The language of the board's message in the channel (a code: `en`, `es`, `ca`):
    /// the channel's, set when the board started.
    pub language: String,
}

/// A player's co-op record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CoopStats {
    /// Boards they took part in.
    pub boards: i64,
    /// Of those, solved by the team.
    pub solved: i64,
    /// Their digits on the boards.
    pub cells: i64,
    pub mistakes: i64,
}

const COLUMNS: &str = "id, place, room, starter, givens, solution, board, filled_by, notes, \
     difficulty, status, started_at, finished_at, mistakes, hints, moves, hint_level, \
     last_hint_at, version, last_active_at, idle_ms, pad_row, pad_col, pad_notes, language";

/// The row's board, without its players (read next).
fn decode(row: &Row) -> Result<CoopRecord, StoreError> {
    let givens: String = row.get(4)?;
    let solution: String = row.get(5)?;
    let board: String = row.get(6)?;
    let filled: Vec<u8> = row.get(7)?;
    let notes: Vec<u8> = row.get(8)?;
    let difficulty: Option<String> = row.get(9)?;
    let status: String = row.get(10)?;
    if filled.len() != 162 {
        return Err(StoreError::Corrupt(format!(
            "co-op owners of {} bytes",
            filled.len()
        )));
    }
    let mut filled_by = [None; 81];
    for (slot, pair) in filled_by.iter_mut().zip(filled.chunks_exact(2)) {
        *slot = u16::from_le_bytes([pair[0], pair[1]])
            .checked_sub(1)
            .map(usize::from);
    }
    let givens = grid_from_text(&givens)?;
    let solution = grid_from_text(&solution)?;
    Ok(CoopRecord {
        id: row.get(0)?,
        place: row.get(1)?,
        room: row.get(2)?,
        starter: row.get(3)?,
        pad: Pad {
            row: row.get(21)?,
            column: row.get(22)?,
            notes: row.get(23)?,
        },
        language: row.get(24)?,
        coop: Coop {
            game: Game {
                givens,
                solution,
                board: grid_from_text(&board)?,
                notes: notes_from_blob(&notes)?,
                difficulty: difficulty.as_deref().and_then(Tier::parse),
                started_at: row.get(11)?,
                finished_at: row.get(12)?,
                status: Status::parse(&status)
                    .ok_or_else(|| StoreError::Corrupt(format!("status {status:?}")))?,
                mistakes: row.get(13)?,
                hints: row.get(14)?,
                moves: row.get(15)?,
                last_hint_at: row.get(17)?,
                last_active_at: row.get(19)?,
                idle_ms: row.get(20)?,
                hint_level: row.get(16)?,
                version: row.get(18)?,
                history: Vec::new(),
                // A co-op board refuses wrong digits: nothing to hide or reveal.
                check_as_you_go: true,
                revealed: Grid::empty(),
                wall_clock: false,
                auto_notes: false,
            },
            filled_by,
            players: Vec::new(),
        },
    })
}

fn last_move_to_blob(changes: &[CellChange]) -> Vec<u8> {
    changes
        .iter()
        .flat_map(|c| [c.cell.index() as u8, c.before, c.after])
        .collect()
}

fn last_move_from_blob(blob: &[u8]) -> Result<Vec<CellChange>, StoreError> {
    let corrupt = || StoreError::Corrupt("co-op last move".into());
    if !blob.len().is_multiple_of(3) {
        return Err(corrupt());
    }
    blob.chunks_exact(3)
        .map(|c| {
            let cell = Cell::from_index(usize::from(c[0])).ok_or_else(corrupt)?;
            if c[1] > 9 || c[2] > 9 {
                return Err(corrupt());
            }
            Ok(CellChange {
                cell,
                before: c[1],
                after: c[2],
            })
        })
        .collect()
}

impl Tx<'_> {
    /// The board running in `room`, if any.
    pub fn running_coop(&self, room: &str) -> Result<Option<CoopRecord>, StoreError> {
        self.first_coop(
            &format!(
                "SELECT {COLUMNS} FROM coops WHERE room = ?1 AND status = 'active' \
                 AND damaged IS NULL"
            ),
            params![room],
        )
    }

    /// Whether a board runs in `room`: one indexed lookup, no decoding.
    pub fn coop_running_in(&self, room: &str) -> Result<bool, StoreError> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT 1 FROM coops WHERE room = ?1 AND status = 'active' AND damaged IS NULL",
        )?;
        Ok(stmt.exists(params![room])?)
    }

    /// A board by id, running or over.
    pub fn coop(&self, id: CoopId) -> Result<Option<CoopRecord>, StoreError> {
        self.first_coop(
            &format!("SELECT {COLUMNS} FROM coops WHERE id = ?1 AND damaged IS NULL"),
            params![id],
        )
    }

    /// The first row that decodes, with its players; a damaged one is set aside (in a
    /// write) so the channel is not locked out of co-op by it.
    fn first_coop(
        &self,
        sql: &str,
        args: super::sql::Params<'_>,
    ) -> Result<Option<CoopRecord>, StoreError> {
        let mut stmt = self.tx.prepare_cached(sql)?;
        let mut rows = stmt.query(args)?;
        while let Some(row) = rows.next()? {
            let id: CoopId = row.get(0)?;
            let decoded = decode(row).and_then(|mut record| {
                record.coop.players = self.coop_players(id)?;
                Ok(record)
            });
            match decoded {
                Ok(record) => return Ok(Some(record)),
                Err(error) => {
                    tracing::error!(coop = id, %error, marked = self.writable, "a stored co-op board does not decode; set aside");
                    if self.writable {
                        self.tx.execute(
                            "UPDATE coops SET damaged = ?2 WHERE id = ?1",
                            params![id, error.to_string()],
                        )?;
                    }
                }
            }
        }
        Ok(None)
    }

    fn coop_players(&self, id: CoopId) -> Result<Vec<Contribution>, StoreError> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT slot, player, mistakes, hints, last_move, undone_at FROM coop_players \
             WHERE coop = ?1 ORDER BY slot",
        )?;
        let rows = stmt.query_map(params![id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, u32>(2)?,
                r.get::<_, u32>(3)?,
                r.get::<_, Vec<u8>>(4)?,
                r.get::<_, u32>(5)?,
            ))
        })?;
        let mut players = Vec::new();
        for row in rows {
            let (slot, player, mistakes, hints, last_move, undone_at) = row?;
            // Slots are written 0, 1, 2, … and never deleted (forget-me renames).
            if slot != players.len() as i64 {
                return Err(StoreError::Corrupt(format!("co-op slot {slot}")));
            }
            players.push(Contribution {
                player,
                mistakes,
                hints,
                last_move: last_move_from_blob(&last_move)?,
                undone_at,
            });
        }
        Ok(players)
    }

    /// Stores a new board; fails (unique index) if `room` already has one running.
    pub fn insert_coop(
        &self,
        place: &str,
        room: &str,
        starter: &str,
        coop: &Coop,
        language: &str,
    ) -> Result<CoopId, StoreError> {
        let g = &coop.game;
        let id: CoopId = self.tx.query_row(
            "INSERT INTO coops (place, room, starter, givens, solution, board, filled_by, \
             notes, difficulty, status, started_at, finished_at, mistakes, hints, moves, \
             hint_level, last_hint_at, version, last_active_at, idle_ms, language) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, \
             ?17, ?18, ?19, ?20, ?21) RETURNING id",
            params![
                place,
                room,
                starter,
                grid_to_text(&g.givens),
                grid_to_text(&g.solution),
                grid_to_text(&g.board),
                filled_blob(coop),
                notes_to_blob(&g.notes),
                g.difficulty.map(Tier::name),
                g.status.name(),
                g.started_at,
                g.finished_at,
                g.mistakes,
                g.hints,
                g.moves,
                g.hint_level,
                g.last_hint_at,
                g.version,
                g.last_active_at,
                g.idle_ms,
                language,
            ],
            |r| r.get(0),
        )?;
        self.save_coop_players(id, coop, None)?;
        Ok(id)
    }

    /// Stores the pad under co-op board `id`.
    pub fn set_coop_pad(&self, id: CoopId, pad: Pad) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE coops SET pad_row = ?2, pad_col = ?3, pad_notes = ?4 WHERE id = ?1",
            params![id, pad.row, pad.column, pad.notes],
        )?;
        Ok(())
    }

    /// Writes back a board read in this transaction as version `read_at`, after a
    /// command of `actor`. The version guard cannot fail under `BEGIN IMMEDIATE`; it is
    /// there so that a change losing another's would be an error, never a silent
    /// overwrite. Only the actor's row of `coop_players` is written: a command changes
    /// no one else's part, and a busy channel's board stays one row or two per move.
    pub fn save_coop(
        &self,
        record: &CoopRecord,
        read_at: u32,
        actor: &str,
    ) -> Result<(), StoreError> {
        let g = &record.coop.game;
        let changed = self.tx.execute(
            "UPDATE coops SET board = ?3, filled_by = ?4, notes = ?5, status = ?6, \
             finished_at = ?7, mistakes = ?8, hints = ?9, moves = ?10, hint_level = ?11, \
             last_hint_at = ?12, version = ?13, last_active_at = ?14, idle_ms = ?15 \
             WHERE id = ?1 AND version = ?2",
            params![
                record.id,
                read_at,
                grid_to_text(&g.board),
                filled_blob(&record.coop),
                notes_to_blob(&g.notes),
                g.status.name(),
                g.finished_at,
                g.mistakes,
                g.hints,
                g.moves,
                g.hint_level,
                g.last_hint_at,
                g.version,
                g.last_active_at,
                g.idle_ms,
            ],
        )?;
        if changed != 1 {
            return Err(StoreError::Corrupt(format!(
                "co-op board {} changed during a command",
                record.id
            )));
        }
        self.save_coop_players(record.id, &record.coop, Some(actor))
    }

    /// The rows of every player, or of `only` that one.
    fn save_coop_players(
        &self,
        id: CoopId,
        coop: &Coop,
        only: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut stmt = self.tx.prepare_cached(
            "INSERT INTO coop_players (coop, slot, player, placed, mistakes, hints, last_move, \
             undone_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) \
             ON CONFLICT (coop, slot) DO UPDATE SET placed = excluded.placed, \
             mistakes = excluded.mistakes, hints = excluded.hints, \
             last_move = excluded.last_move, undone_at = excluded.undone_at",
        )?;
        for (slot, p) in coop.players.iter().enumerate() {
            if only.is_some_and(|actor| actor != p.player) {
                continue;
            }
            stmt.execute(params![
                id,
                slot as i64,
                p.player,
                coop.cells_of(slot),
                p.mistakes,
                p.hints,
                last_move_to_blob(&p.last_move),
                p.undone_at,
            ])?;
        }
        Ok(())
    }

    /// The givens and solution of every co-op board running in the server `place`, or
    /// everywhere with `None`: `/sudoku solve` must not hand these answers out.
    pub fn coop_puzzles_running(
        &self,
        place: Option<&str>,
    ) -> Result<Vec<(Grid, Grid)>, StoreError> {
        // Two statements, so that one server's boards are an index seek; everywhere reads
        // the partial index of running boards, every entry of which is the answer.
        const RUNNING: &str =
            "SELECT givens, solution FROM coops WHERE status = 'active' AND damaged IS NULL";
        let (sql, args) = match place {
            Some(place) => (format!("{RUNNING} AND place = ?1"), vec![place]),
            None => (RUNNING.to_string(), Vec::new()),
        };
        let args: Vec<&dyn super::sql::Param> =
            args.iter().map(|a| a as &dyn super::sql::Param).collect();
        self.puzzles(&sql, &args)
    }

    /// `player`'s co-op record, everywhere or in the server `place`.
    pub fn coop_stats(&self, player: &str, place: Option<&str>) -> Result<CoopStats, StoreError> {
        Ok(self.tx.query_row(
            "SELECT count(*), coalesce(count(CASE WHEN c.status = 'solved' THEN 1 END), 0), \
                    CAST(coalesce(sum(p.placed), 0) AS BIGINT), CAST(coalesce(sum(p.mistakes), 0) AS BIGINT) \
             FROM coop_players p JOIN coops c ON c.id = p.coop \
             WHERE p.player = ?1 AND (CAST(?2 AS TEXT) IS NULL OR c.place = ?2)",
            params![player, place],
            |r| {
                Ok(CoopStats {
                    boards: r.get(0)?,
                    solved: r.get(1)?,
                    cells: r.get(2)?,
                    mistakes: r.get(3)?,
                })
            },
        )?)
    }

    /// For `forget-me`: the player's part in co-op boards stays (the team's digits and
    /// counts are the others' too) but no longer says who they were.
    pub fn forget_coop_player(&self, player: &str) -> Result<usize, StoreError> {
        self.tx.execute(
            "UPDATE coops SET starter = '(forgotten):' || id WHERE starter = ?1",
            params![player],
        )?;
        Ok(self.tx.execute(
            "UPDATE coop_players SET player = '(forgotten):' || coop || ':' || slot \
             WHERE player = ?1",
            params![player],
        )?)
    }
}

fn filled_blob(coop: &Coop) -> Vec<u8> {
    coop.filled_by
        .iter()
        // A slot is a channel's player, each joining once: far below u16's range.
        .flat_map(|s| {
            s.map_or(0, |s| u16::try_from(s + 1).unwrap_or(u16::MAX))
                .to_le_bytes()
        })
        .collect()
}
