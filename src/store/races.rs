//! Races, their entrants, the outbox of their public messages, and challenge ratings.

use super::sql::{Optional, Row, params};

use crate::engine::Tier;
use crate::game::Millis;
use crate::game::race::{Entrant, Race, RaceId, RaceStatus, Rating};

use super::codec::{grid_from_text, grid_to_text};
use super::dailies::fingerprint;
use super::{StoreError, Tx};

/// A stored race and where it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceRecord {
    pub id: RaceId,
    /// The server (what `/sudoku solve` protects).
    pub place: String,
    /// The channel it was opened in, and the adapter's id of it (none in the terminal).
    pub room: String,
    pub channel: Option<String>,
    /// The id of the race's public message (lobby, then scoreboard), once known.
    pub message: Option<String>,
    /// How many times the race changed for everyone to see, and how many of those
    /// changes its message was confirmed showing: due for an edit while `stale > shown`.
    pub stale: i64,
    pub shown: i64,
    /// When its message was last handed out to be sent.
    pub edited: Option<Millis>,
    /// The result of a finished race was posted (Discord confirmed it).
    pub announced: bool,
    /// The race's channel refuses the bot for good: nothing of it is sent any more.
    pub refused: bool,
    /// The language of its posts in the channel (`en`, `es`, `ca`): the server's where it
    /// was opened.
    pub language: String,
    pub race: Race,
}

/// A player's race record, for `stats`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RaceStats {
    pub played: i64,
    pub won: i64,
    pub podiums: i64,
    pub best: Option<Millis>,
}

/// One line of a server's race leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct RaceStanding {
    pub player: String,
    pub name: String,
    pub won: i64,
    pub podiums: i64,
    pub played: i64,
    pub best: Option<Millis>,
    pub rating: Option<Rating>,
}

const COLUMNS: &str = "id, place, number, room, channel, host, opponent, capacity, autostart, \
     givens, solution, difficulty, status, created_at, started_at, finished_at, version, \
     message, stale, announced, invited, refused, shown, edited_at, language";

fn decode(row: &Row) -> Result<RaceRecord, StoreError> {
    let givens: String = row.get(9)?;
    let solution: String = row.get(10)?;
    let difficulty: Option<String> = row.get(11)?;
    let status: String = row.get(12)?;
    let capacity: i64 = row.get(7)?;
    Ok(RaceRecord {
        id: row.get(0)?,
        place: row.get(1)?,
        room: row.get(3)?,
        channel: row.get(4)?,
        message: row.get(17)?,
        stale: row.get(18)?,
        announced: row.get(19)?,
        refused: row.get(21)?,
        shown: row.get(22)?,
        edited: row.get(23)?,
        language: row.get(24)?,
        race: Race {
            number: row.get(2)?,
            host: row.get(5)?,
            opponent: row.get(6)?,
            capacity: usize::try_from(capacity)
                .map_err(|_| StoreError::Corrupt(format!("race capacity {capacity}")))?,
            autostart: row.get(8)?,
            givens: grid_from_text(&givens)?,
            solution: grid_from_text(&solution)?,
            difficulty: difficulty.as_deref().and_then(Tier::parse),
            status: RaceStatus::parse(&status)
                .ok_or_else(|| StoreError::Corrupt(format!("race status {status:?}")))?,
            created_at: row.get(13)?,
            started_at: row.get(14)?,
            finished_at: row.get(15)?,
            version: row.get(16)?,
            invited: row
                .get::<_, Option<String>>(20)?
                .map(|text| text.split(' ').map(str::to_string).collect()),
            entrants: Vec::new(),
        },
    })
}

impl Tx<'_> {
    /// A race with its entrants; `None` when there is no such race.
    pub fn race(&self, id: RaceId) -> Result<Option<RaceRecord>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM races WHERE id = ?1");
        let record = self
            .tx
            .prepare_cached(&sql)?
            .query_row(params![id], |row| Ok(decode(row)))
            .optional()?
            .transpose()?;
        let Some(mut record) = record else {
            return Ok(None);
        };
        record.race.entrants = self.entrants(id)?;
        Ok(Some(record))
    }

    fn entrants(&self, race: RaceId) -> Result<Vec<Entrant>, StoreError> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT player, joined_at, game, rank, rating_change, unverified FROM race_players \
             WHERE race = ?1 ORDER BY slot",
        )?;
        let rows = stmt.query_map(params![race], |r| {
            Ok(Entrant {
                player: r.get(0)?,
                joined_at: r.get(1)?,
                game: r.get(2)?,
                rank: r.get(3)?,
                rating_change: r.get(4)?,
                unverified: r.get(5)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The number the next race of `place` gets.
    pub fn next_race_number(&self, place: &str) -> Result<i64, StoreError> {
        Ok(self.tx.query_row(
            "SELECT coalesce(max(number), 0) + 1 FROM races WHERE place = ?1",
            params![place],
            |r| r.get(0),
        )?)
    }

    pub fn insert_race(
        &self,
        place: &str,
        room: &str,
        channel: Option<&str>,
        race: &Race,
        language: &str,
    ) -> Result<RaceId, StoreError> {
        let id: RaceId = self.tx.query_row(
            "INSERT INTO races (place, number, room, channel, host, opponent, capacity, autostart, \
             givens, solution, difficulty, status, created_at, version, invited, language) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16) \
             RETURNING id",
            params![
                place,
                race.number,
                room,
                channel,
                race.host,
                race.opponent,
                race.capacity as i64,
                race.autostart,
                grid_to_text(&race.givens),
                grid_to_text(&race.solution),
                race.difficulty.map(Tier::name),
                race.status.name(),
                race.created_at,
                race.version,
                race.invited.as_ref().map(|ids| ids.join(" ")),
                language,
            ],
            |r| r.get(0),
        )?;
        self.save_entrants(id, &race.entrants)?;
        Ok(id)
    }

    /// Writes back a race and its entrants, and marks its message stale: whatever changed
    /// is for everyone to see.
    pub fn save_race(&self, id: RaceId, race: &Race) -> Result<(), StoreError> {
        let changed = self.tx.execute(
            "UPDATE races SET status = ?2, started_at = ?3, finished_at = ?4, version = ?5, \
             stale = stale + 1 WHERE id = ?1",
            params![
                id,
                race.status.name(),
                race.started_at,
                race.finished_at,
                race.version
            ],
        )?;
        if changed != 1 {
            return Err(StoreError::Corrupt(format!("race {id} vanished")));
        }
        self.save_entrants(id, &race.entrants)
    }

    fn save_entrants(&self, id: RaceId, entrants: &[Entrant]) -> Result<(), StoreError> {
        // A handful of rows at most (20): rewriting them all keeps slots in step with the
        // order of joining after someone leaves.
        self.tx
            .execute("DELETE FROM race_players WHERE race = ?1", params![id])?;
        let mut stmt = self.tx.prepare_cached(
            "INSERT INTO race_players (race, slot, player, joined_at, game, rank, rating_change, \
             unverified) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?;
        for (slot, e) in entrants.iter().enumerate() {
            stmt.execute(params![
                id,
                slot as i64,
                e.player,
                e.joined_at,
                e.game,
                e.rank,
                e.rating_change,
                e.unverified
            ])?;
        }
        Ok(())
    }

    /// A move in a race changed its scoreboard: the scheduler edits the message later.
    pub fn mark_race_stale(&self, id: RaceId) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE races SET stale = stale + 1 WHERE id = ?1",
            params![id],
        )?;
        Ok(())
    }

    /// The unfinished race `player` is in at `place`, if any (a lobby or a running race).
    pub fn open_race_of(&self, player: &str, place: &str) -> Result<Option<RaceId>, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT r.id FROM race_players p JOIN races r ON r.id = p.race \
                 WHERE p.player = ?1 AND r.place = ?2 AND r.status IN ('lobby', 'running') \
                   AND (p.game IS NULL \
                        OR (SELECT status FROM games WHERE games.id = p.game) = 'active') \
                 ORDER BY r.id DESC LIMIT 1",
                params![player, place],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// The number of an open rematch lobby at `place` for exactly `invited` (sorted ids,
    /// space-separated), if one is open.
    pub fn open_rematch(&self, place: &str, invited: &str) -> Result<Option<i64>, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT number FROM races WHERE place = ?1 AND status = 'lobby' AND invited = ?2 \
                 ORDER BY id DESC LIMIT 1",
                params![place, invited],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Races that need the scheduler: a deadline passed (`now`), a message to edit no
    /// sooner than `gap` after the last attempt, or a result to post. A race whose channel
    /// refused the bot comes only for its deadlines.
    pub fn races_to_tell(&self, now: Millis, gap: Millis) -> Result<Vec<RaceId>, StoreError> {
        // The first part's condition is the partial index's, word for word, so SQLite
        // reads only the rows it holds.
        let mut stmt = self.tx.prepare_cached(
            "SELECT id FROM races \
             WHERE (stale > shown OR (status = 'finished' AND announced = 0)) AND refused = 0 \
               AND (edited_at IS NULL OR edited_at <= ?1 OR (status = 'finished' AND announced = 0)) \
             UNION \
             SELECT id FROM races WHERE status = 'lobby' AND created_at <= ?2 \
             UNION \
             SELECT id FROM races WHERE status = 'running' AND started_at <= ?3 \
             ORDER BY 1",
        )?;
        let rows = stmt.query_map(
            // Thresholds worked out here: PostgreSQL cannot type `?1 - ?2`.
            params![
                now - gap,
                now - crate::game::race::LOBBY_TTL_MS,
                now - crate::game::race::RACE_LIMIT_MS
            ],
            |r| r.get(0),
        )?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The race's message was handed out to be sent at `now`: the next edit waits at
    /// least the gap from here.
    pub fn race_handed_out(&self, id: RaceId, now: Millis) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE races SET edited_at = ?2 WHERE id = ?1",
            params![id, now],
        )?;
        Ok(())
    }

    /// The race's message now shows it as it is (it was drawn in the same transaction as
    /// the change: a button press answered by the redrawn message).
    pub fn race_shown(&self, id: RaceId, now: Millis) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE races SET shown = stale, edited_at = ?2 WHERE id = ?1",
            params![id, now],
        )?;
        Ok(())
    }

    /// Discord confirmed the race's message as drawn after `drawn` changes: those are
    /// shown; changes made since stay due.
    pub fn race_message_confirmed(&self, id: RaceId, drawn: i64) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE races SET shown = CASE WHEN shown > ?2 THEN shown ELSE ?2 END WHERE id = ?1",
            params![id, drawn],
        )?;
        Ok(())
    }

    /// Discord confirmed the race's result post.
    pub fn race_result_confirmed(&self, id: RaceId) -> Result<(), StoreError> {
        self.tx
            .execute("UPDATE races SET announced = 1 WHERE id = ?1", params![id])?;
        Ok(())
    }

    /// Channel `channel` is gone: the races opened there send nothing more. Returns how
    /// many were still to tell.
    pub fn refuse_races_in(&self, channel: &str) -> Result<usize, StoreError> {
        Ok(self.tx.execute(
            "UPDATE races SET refused = 1 WHERE channel = ?1 AND refused = 0 \
               AND (stale > shown OR (status = 'finished' AND announced = 0) \
                    OR status IN ('lobby', 'running'))",
            params![channel],
        )?)
    }

    /// The race's channel refuses the bot for good: nothing of it is sent again.
    pub fn race_refused(&self, id: RaceId) -> Result<(), StoreError> {
        self.tx
            .execute("UPDATE races SET refused = 1 WHERE id = ?1", params![id])?;
        Ok(())
    }

    /// Remembers the id of the race's public message (`if_unknown`: only when none is
    /// known yet).
    pub fn set_race_message(
        &self,
        id: RaceId,
        message: &str,
        if_unknown: bool,
    ) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE races SET message = ?2 WHERE id = ?1 AND (NOT ?3 OR message IS NULL)",
            params![id, message, if_unknown],
        )?;
        Ok(())
    }

    /// An edit that did not go through (the message stays due): tried again after the
    /// gap, or at once as a new post when the message is gone (`forget_message`).
    pub fn race_edit_failed(&self, id: RaceId, forget_message: bool) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE races SET edited_at = CASE WHEN ?2 THEN NULL ELSE edited_at END, \
             message = CASE WHEN ?2 THEN NULL ELSE message END WHERE id = ?1",
            params![id, forget_message],
        )?;
        Ok(())
    }

    /// `player`'s races that ran (everywhere, or at `place` only).
    pub fn race_stats(&self, player: &str, place: Option<&str>) -> Result<RaceStats, StoreError> {
        Ok(self.tx.query_row(
            "SELECT count(*), coalesce(count(CASE WHEN p.rank = 1 THEN 1 END), 0), coalesce(count(CASE WHEN p.rank <= 3 THEN 1 END), 0), \
                    min(CASE WHEN p.rank IS NOT NULL THEN g.finished_at - r.started_at END) \
             FROM race_players p JOIN races r ON r.id = p.race \
             LEFT JOIN games g ON g.id = p.game \
             WHERE p.player = ?1 AND (CAST(?2 AS TEXT) IS NULL OR r.place = ?2) \
               AND r.status IN ('running', 'finished')",
            params![player, place],
            |r| {
                Ok(RaceStats {
                    played: r.get(0)?,
                    won: r.get(1)?,
                    podiums: r.get(2)?,
                    best: r.get(3)?,
                })
            },
        )?)
    }

    /// A server's race leaderboard: most wins, then podiums, then the best time.
    pub fn race_leaderboard(
        &self,
        place: &str,
        limit: usize,
    ) -> Result<Vec<RaceStanding>, StoreError> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT p.player, coalesce(n.name, p.player), \
                    coalesce(count(CASE WHEN p.rank = 1 AND p.unverified = 0 \
                        AND length(r.givens) - length(replace(r.givens, '0', '')) >= ?3 THEN 1 END), 0) AS won, \
                    coalesce(count(CASE WHEN p.rank <= 3 AND p.unverified = 0 \
                        AND length(r.givens) - length(replace(r.givens, '0', '')) >= ?3 THEN 1 END), 0) AS podiums, \
                    count(*), \
                    min(CASE WHEN p.rank IS NOT NULL AND p.unverified = 0 \
                        AND length(r.givens) - length(replace(r.givens, '0', '')) >= ?3 \
                        THEN g.finished_at - r.started_at END) AS best, \
                    t.rating, t.deviation, t.volatility \
             FROM race_players p JOIN races r ON r.id = p.race \
             LEFT JOIN games g ON g.id = p.game \
             LEFT JOIN players n ON n.id = p.player \
             LEFT JOIN ratings t ON t.place = r.place AND t.player = p.player \
             WHERE r.place = ?1 AND r.status = 'finished' \
               AND p.player NOT LIKE '(forgotten):%' \
             GROUP BY p.player, n.name, t.rating, t.deviation, t.volatility \
             ORDER BY won DESC, podiums DESC, best NULLS LAST, p.player \
             LIMIT ?2",
        )?;
        // Only races of a real size, and times a person could make, win places here (see
        // `MIN_RATED_EMPTY`): a one-cell race is over in seconds whoever plays.
        let min_empty = crate::game::race::MIN_RATED_EMPTY as i64;
        let rows = stmt.query_map(params![place, limit as i64, min_empty], |r| {
            let rating: Option<f64> = r.get(6)?;
            Ok(RaceStanding {
                player: r.get(0)?,
                name: r.get(1)?,
                won: r.get(2)?,
                podiums: r.get(3)?,
                played: r.get(4)?,
                best: r.get(5)?,
                rating: match rating {
                    Some(rating) => Some(Rating {
                        rating,
                        deviation: r.get(7)?,
                        volatility: r.get(8)?,
                    }),
                    None => None,
                },
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// The challenge ratings of `place`, best first, established ones above every
    /// provisional one (as lichess lists them: a `?` rating is a guess), at most `limit`.
    pub fn rating_board(
        &self,
        place: &str,
        limit: usize,
    ) -> Result<Vec<(String, String, Rating)>, StoreError> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT t.player, coalesce(n.name, t.player), t.rating, t.deviation, t.volatility \
             FROM ratings t LEFT JOIN players n ON n.id = t.player \
             WHERE t.place = ?1 AND t.player NOT LIKE '(forgotten):%' \
             ORDER BY t.deviation >= ?3, t.rating DESC, t.player LIMIT ?2",
        )?;
        let rows = stmt.query_map(
            params![
                place,
                limit as i64,
                crate::game::race::PROVISIONAL_DEVIATION
            ],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    Rating {
                        rating: r.get(2)?,
                        deviation: r.get(3)?,
                        volatility: r.get(4)?,
                    },
                ))
            },
        )?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// A player's challenge rating at `place` (the starting rating before any): the one
    /// they had before they asked to be forgotten, while it is kept (see
    /// [`Tx::forget_race_player`]), so that forgetting oneself resets nothing.
    pub fn rating(&self, place: &str, player: &str) -> Result<(Rating, i64), StoreError> {
        let read = |r: &Row| {
            Ok((
                Rating {
                    rating: r.get(0)?,
                    deviation: r.get(1)?,
                    volatility: r.get(2)?,
                },
                r.get(3)?,
            ))
        };
        if let Some(found) = self
            .tx
            .query_row(
                "SELECT rating, deviation, volatility, games FROM ratings \
                 WHERE place = ?1 AND player = ?2",
                params![place, player],
                read,
            )
            .optional()?
        {
            return Ok(found);
        }
        Ok(self
            .tx
            .query_row(
                "SELECT rating, deviation, volatility, games FROM ratings_forgotten \
                 WHERE place = ?1 AND fingerprint = ?2",
                params![place, fingerprint(player)],
                read,
            )
            .optional()?
            .unwrap_or((Rating::default(), 0)))
    }

    pub fn set_rating(&self, place: &str, player: &str, rating: Rating) -> Result<(), StoreError> {
        // A rating kept from before a forget-me is the player's again, games and all.
        let (_, before) = self.rating(place, player)?;
        self.tx.execute(
            "DELETE FROM ratings_forgotten WHERE place = ?1 AND fingerprint = ?2",
            params![place, fingerprint(player)],
        )?;
        self.tx.execute(
            "INSERT INTO ratings (place, player, rating, deviation, volatility, games) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
             ON CONFLICT (place, player) DO UPDATE SET rating = excluded.rating, \
             deviation = excluded.deviation, volatility = excluded.volatility, games = ratings.games + 1",
            params![
                place,
                player,
                rating.rating,
                rating.deviation,
                rating.volatility,
                before + 1
            ],
        )?;
        Ok(())
    }

    /// Drops the ratings kept for forgotten players whose time is up.
    pub fn purge_forgotten_ratings(&self, now: Millis) -> Result<(), StoreError> {
        self.tx.execute(
            "DELETE FROM ratings_forgotten WHERE kept_until < ?1",
            params![now],
        )?;
        Ok(())
    }

    /// How many rated challenges `a` and `b` played against each other at `place` that
    /// finished at `since` or later (see [`crate::game::race::RATED_PAIR_LIMIT`]).
    pub fn rated_between(
        &self,
        place: &str,
        a: &str,
        b: &str,
        since: Millis,
    ) -> Result<usize, StoreError> {
        let count: i64 = self.tx.query_row(
            "SELECT count(*) FROM races r \
             JOIN race_players pa ON pa.race = r.id AND pa.player = ?2 \
             JOIN race_players pb ON pb.race = r.id AND pb.player = ?3 \
             WHERE r.place = ?1 AND r.opponent IS NOT NULL AND r.finished_at >= ?4 \
               AND pa.rating_change IS NOT NULL",
            params![place, a, b, since],
            |r| r.get(0),
        )?;
        Ok(usize::try_from(count).unwrap_or(0))
    }

    /// For `forget-me`: the player leaves no name in races; their places stay (they are
    /// the others' results too) under an anonymous id, and their ratings go, kept until
    /// `keep_until` under a one-way fingerprint of the id (no name, no id) so that a
    /// player who comes back finds the rating they left, not a fresh one.
    pub fn forget_race_player(
        &self,
        player: &str,
        now: Millis,
        keep_until: Millis,
    ) -> Result<(), StoreError> {
        self.tx.execute(
            "DELETE FROM ratings_forgotten WHERE kept_until < ?1",
            params![now],
        )?;
        self.tx.execute(
            "INSERT INTO ratings_forgotten \
             (place, fingerprint, rating, deviation, volatility, games, kept_until) \
             SELECT place, ?2, rating, deviation, volatility, games, ?3 FROM ratings \
             WHERE player = ?1 \
             ON CONFLICT (place, fingerprint) DO UPDATE SET rating = excluded.rating, \
             deviation = excluded.deviation, volatility = excluded.volatility, \
             games = excluded.games, kept_until = excluded.kept_until",
            params![player, fingerprint(player), keep_until],
        )?;
        self.tx.execute(
            "UPDATE races SET host = '(forgotten):' || id WHERE host = ?1",
            params![player],
        )?;
        self.tx.execute(
            "UPDATE races SET opponent = '(forgotten):' || id WHERE opponent = ?1",
            params![player],
        )?;
        self.tx.execute(
            "UPDATE race_players SET player = '(forgotten):' || race || ':' || slot, game = NULL \
             WHERE player = ?1",
            params![player],
        )?;
        self.tx
            .execute("DELETE FROM ratings WHERE player = ?1", params![player])?;
        Ok(())
    }
}
