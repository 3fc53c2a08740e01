//! Daily challenges: server settings and posting state, daily puzzles, and the results
//! that streaks and leaderboards are made of.

use std::collections::BTreeSet;

use super::sql::{Dialect, Optional, Row, SqlError, params};
use jiff::civil::Date;

use crate::engine::generator::Puzzle;
use crate::engine::{Grid, Tier};
use crate::game::Millis;
use crate::game::daily::{DailySettings, Entry, parse_time};

use super::codec::{grid_from_text, grid_to_text};
use super::games::GameId;
use super::{StoreError, Tx};

/// A server's settings with its posting state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerDaily {
    pub place: String,
    pub settings: DailySettings,
    /// The last day whose post was claimed.
    pub last_posted: Option<Date>,
    /// When that claim was made, while it is open (not yet known to be sent or failed).
    pub post_claimed_at: Option<Millis>,
    pub post_error: Option<String>,
}

fn parse_day(text: Option<String>) -> Result<Option<Date>, StoreError> {
    match text {
        None => Ok(None),
        Some(t) => t
            .parse::<Date>()
            .map(Some)
            .map_err(|_| StoreError::Corrupt(format!("day {t:?}"))),
    }
}

type ServerRow = (
    String,
    Option<String>,
    String,
    String,
    String,
    bool,
    Option<String>,
    Option<String>,
    Option<Millis>,
    String,
    Option<String>,
    Option<Millis>,
);

fn server_from_row(row: ServerRow) -> Result<ServerDaily, StoreError> {
    let (
        place,
        channel,
        time,
        zone,
        difficulty,
        enabled,
        last,
        error,
        claimed_at,
        language,
        zone_next,
        zone_from,
    ) = row;
    Ok(ServerDaily {
        place,
        settings: DailySettings {
            channel,
            time: parse_time(&time).map_err(|e| StoreError::Corrupt(e.to_string()))?,
            zone,
            difficulty: Tier::parse(&difficulty).unwrap_or(Tier::Medium),
            enabled,
            language,
            zone_change: crate::game::daily::ZoneChange::stored(zone_next, zone_from),
        },
        last_posted: parse_day(last)?,
        post_claimed_at: claimed_at,
        post_error: error,
    })
}

const SERVER_COLUMNS: &str = "place, channel, post_time, timezone, difficulty, enabled, \
     last_posted_day, post_error, post_claimed_at, language, zone_next, zone_from";

fn read_server(r: &Row) -> Result<ServerRow, SqlError> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(7)?,
        r.get(8)?,
        r.get(9)?,
        r.get(10)?,
        r.get(11)?,
    ))
}

impl Tx<'_> {
    /// A server's daily settings; the defaults (09:00 UTC, Medium, off) when never set.
    pub fn server_daily(&self, place: &str) -> Result<ServerDaily, StoreError> {
        let sql = format!("SELECT {SERVER_COLUMNS} FROM servers WHERE place = ?1");
        match self
            .tx
            .query_row(&sql, params![place], read_server)
            .optional()?
        {
            Some(row) => server_from_row(row),
            None => Ok(ServerDaily {
                place: place.to_string(),
                settings: DailySettings::default(),
                last_posted: None,
                post_claimed_at: None,
                post_error: None,
            }),
        }
    }

    pub fn save_daily_settings(&self, place: &str, s: &DailySettings) -> Result<(), StoreError> {
        self.tx.execute(
            "INSERT INTO servers (place, channel, post_time, timezone, difficulty, enabled, language, \
             zone_next, zone_from) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) \
             ON CONFLICT (place) DO UPDATE SET channel = excluded.channel, \
             post_time = excluded.post_time, timezone = excluded.timezone, \
             difficulty = excluded.difficulty, enabled = excluded.enabled, \
             language = excluded.language, zone_next = excluded.zone_next, \
             zone_from = excluded.zone_from, post_error = NULL, \
             pause_untold = 0, next_post_at = 0, prepare_at = 0",
            params![
                place,
                s.channel,
                format!("{:02}:{:02}", s.time.hour(), s.time.minute()),
                s.zone,
                s.difficulty.name(),
                s.enabled,
                s.language,
                s.zone_change.as_ref().map(|c| c.to.clone()),
                s.zone_change.as_ref().map(|c| c.from)
            ],
        )?;
        Ok(())
    }

    /// At most `limit` servers with dailies on whose post needs a look at `now` (its
    /// stored `next_post_at` has come), the earliest first: found through an index, so a
    /// scheduler run reads only these, however many servers there are.
    pub fn servers_post_due(
        &self,
        now: Millis,
        limit: usize,
    ) -> Result<Vec<ServerDaily>, StoreError> {
        self.servers_where("next_post_at", now, limit)
    }

    /// At most `limit` servers with dailies on whose puzzles of today and tomorrow must
    /// be made at `now` (their `prepare_at` has come), the earliest first.
    pub fn servers_to_prepare(
        &self,
        now: Millis,
        limit: usize,
    ) -> Result<Vec<ServerDaily>, StoreError> {
        self.servers_where("prepare_at", now, limit)
    }

    fn servers_where(
        &self,
        column: &str,
        now: Millis,
        limit: usize,
    ) -> Result<Vec<ServerDaily>, StoreError> {
        // `column` is one of our two column names, never input.
        let sql = format!(
            "SELECT {SERVER_COLUMNS} FROM servers \
             WHERE enabled = 1 AND channel IS NOT NULL AND {column} <= ?1 \
             ORDER BY {column} LIMIT ?2"
        );
        let mut stmt = self.tx.prepare_cached(&sql)?;
        let rows = stmt
            .query_map(params![now, limit as i64], read_server)?
            .collect::<Result<Vec<_>, _>>()?;
        rows.into_iter().map(server_from_row).collect()
    }

    /// Records when `place`'s post next needs a look (see [`Tx::servers_post_due`]),
    /// worked out from `read`, the settings the scheduler read: only while they are
    /// still the stored ones. A setup in between (it stores 0: "work it out again") wins
    /// over a time computed from the settings it replaced.
    pub fn set_next_post_at(
        &self,
        place: &str,
        at: Millis,
        read: &DailySettings,
    ) -> Result<(), StoreError> {
        self.set_schedule("next_post_at", place, at, read)
    }

    /// Records when `place`'s puzzles must next be made (see [`Tx::servers_to_prepare`]),
    /// as [`Tx::set_next_post_at`] does.
    pub fn set_prepare_at(
        &self,
        place: &str,
        at: Millis,
        read: &DailySettings,
    ) -> Result<(), StoreError> {
        self.set_schedule("prepare_at", place, at, read)
    }

    fn set_schedule(
        &self,
        column: &str,
        place: &str,
        at: Millis,
        read: &DailySettings,
    ) -> Result<(), StoreError> {
        // `column` is one of our two column names, never input.
        let sql = format!(
            "UPDATE servers SET {column} = ?2 WHERE place = ?1 AND channel IS NOT DISTINCT FROM ?3 \
             AND post_time = ?4 AND timezone = ?5 AND difficulty = ?6 AND enabled = ?7 \
             AND zone_next IS NOT DISTINCT FROM ?8 AND zone_from IS NOT DISTINCT FROM ?9"
        );
        self.tx.prepare_cached(&sql)?.execute(params![
            place,
            at,
            read.channel,
            format!("{:02}:{:02}", read.time.hour(), read.time.minute()),
            read.zone,
            read.difficulty.name(),
            read.enabled,
            read.zone_change.as_ref().map(|c| c.to.clone()),
            read.zone_change.as_ref().map(|c| c.from)
        ])?;
        Ok(())
    }

    /// The earliest stored `next_post_at` and `prepare_at` over the servers with
    /// dailies on (each one step down its index); `None` when no server has dailies on.
    pub fn next_schedule_times(&self) -> Result<(Option<Millis>, Option<Millis>), StoreError> {
        let min = |column: &str| {
            self.tx.query_row(
                &format!(
                    "SELECT min({column}) FROM servers WHERE enabled = 1 AND channel IS NOT NULL"
                ),
                params![],
                |r| r.get::<_, Option<Millis>>(0),
            )
        };
        Ok((min("next_post_at")?, min("prepare_at")?))
    }

    /// Claims `day`'s post for `place` at `now`: true when this call claimed it, false
    /// when it is already claimed (so a post happens once even if two schedulers race).
    /// A claim of the same day still open (never settled) and made before
    /// `abandoned_before` was abandoned by whoever made it, and is taken over.
    pub fn claim_post(
        &self,
        place: &str,
        day: Date,
        now: Millis,
        abandoned_before: Millis,
    ) -> Result<bool, StoreError> {
        let changed = self.tx.execute(
            "UPDATE servers SET last_posted_day = ?2, post_claimed_at = ?3, post_message_id = NULL, \
             next_post_at = 0 \
             WHERE place = ?1 AND (last_posted_day IS NULL OR last_posted_day < ?2 \
                OR (last_posted_day = ?2 AND post_claimed_at IS NOT NULL AND post_claimed_at <= ?4))",
            params![place, day.to_string(), now, abandoned_before],
        )?;
        Ok(changed == 1)
    }

    /// Settles `place`'s claim of `day`: the post went out (with Discord's `message` id
    /// when the adapter has one) or failed for good. Either way it is not sent again.
    /// Nothing changes when the claim is of another day (a later one replaced it).
    pub fn settle_post(
        &self,
        place: &str,
        day: Date,
        message: Option<&str>,
    ) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE servers SET post_claimed_at = NULL, post_message_id = ?3, next_post_at = 0 \
             WHERE place = ?1 AND last_posted_day = ?2",
            params![place, day.to_string(), message],
        )?;
        Ok(())
    }

    /// Gives back `place`'s open claim of `day`, known not to have been sent: it is due
    /// again at once (here or after a restart), as if abandoned long ago.
    pub fn release_post(&self, place: &str, day: Date) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE servers SET post_claimed_at = 0, next_post_at = 0 \
             WHERE place = ?1 AND last_posted_day = ?2 AND post_claimed_at IS NOT NULL",
            params![place, day.to_string()],
        )?;
        Ok(())
    }

    /// Discord's id of the message posted for `place` on `day`, once settled as sent.
    pub fn posted_message(&self, place: &str, day: Date) -> Result<Option<String>, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT post_message_id FROM servers WHERE place = ?1 AND last_posted_day = ?2",
                params![place, day.to_string()],
                |r| r.get::<_, Option<String>>(0),
            )
            .optional()?
            .flatten())
    }

    /// The server's secret salt for daily seeds, set to `fresh` the first time it is
    /// asked for (which stores a row for the server, with default settings).
    pub fn server_salt(&self, place: &str, fresh: impl FnOnce() -> u64) -> Result<u64, StoreError> {
        let read = |tx: &super::sql::Conn| {
            tx.query_row(
                "SELECT salt FROM servers WHERE place = ?1",
                params![place],
                |r| r.get::<_, Option<i64>>(0),
            )
            .optional()
            .map(Option::flatten)
        };
        if let Some(salt) = read(self.tx)? {
            return Ok(salt as u64);
        }
        // SQLite integers are signed: the bits are kept as they are.
        self.tx.execute(
            "INSERT INTO servers (place, salt) VALUES (?1, ?2) \
             ON CONFLICT (place) DO UPDATE SET salt = coalesce(servers.salt, excluded.salt)",
            params![place, fresh() as i64],
        )?;
        Ok(read(self.tx)?.unwrap_or_default() as u64)
    }

    /// Forgets the stored puzzles of days after `today`: no one can have played them, and
    /// they were made for settings that just changed.
    pub fn discard_future_dailies(&self, place: &str, today: Date) -> Result<(), StoreError> {
        self.tx.execute(
            "DELETE FROM daily_puzzles WHERE place = ?1 AND day > ?2",
            params![place, today.to_string()],
        )?;
        Ok(())
    }

    /// The Discord servers posting dailies that gateway shard `shard` of `total` carries
    /// (Discord's rule: `(server id >> 22) % total`), by server id.
    pub fn daily_servers_of_shard(&self, shard: u32, total: u32) -> Result<Vec<u64>, StoreError> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT substr(place, 7) FROM servers WHERE enabled = 1 AND place LIKE 'guild:%'",
        )?;
        let ids = stmt.query_map(params![], |r| r.get::<_, String>(0))?;
        let mut mine = Vec::new();
        for id in ids {
            if let Ok(id) = id?.parse::<u64>()
                && (id >> 22) % u64::from(total.max(1)) == u64::from(shard)
            {
                mine.push(id);
            }
        }
        Ok(mine)
    }

    /// `place`'s daily posts stop until an admin sets them up again (`setup` clears the
    /// error and switches them on); players can still play the day's puzzle.
    pub fn pause_daily(&self, place: &str, why: &str) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE servers SET enabled = 0, post_error = ?2, pause_untold = 1 WHERE place = ?1",
            params![place, why],
        )?;
        Ok(())
    }

    /// Servers whose daily posts were paused and whose admins have not been told yet.
    pub fn untold_pauses(&self) -> Result<Vec<String>, StoreError> {
        let mut stmt = self
            .tx
            .prepare_cached("SELECT place FROM servers WHERE pause_untold = 1")?;
        let places = stmt
            .query_map(params![], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok(places)
    }

    /// Why `place`'s daily posts were paused, while its admins have not been told
    /// (`None`: told already, set up again since, or never paused).
    pub fn untold_pause(&self, place: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT post_error FROM servers WHERE place = ?1 AND pause_untold = 1",
                params![place],
                |r| r.get::<_, Option<String>>(0),
            )
            .optional()?
            .map(Option::unwrap_or_default))
    }

    /// `place`'s admins have been told its daily posts are paused.
    pub fn pause_told(&self, place: &str) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE servers SET pause_untold = 0 WHERE place = ?1",
            params![place],
        )?;
        Ok(())
    }

    pub fn set_post_error(&self, place: &str, error: Option<&str>) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE servers SET post_error = ?2 WHERE place = ?1",
            params![place, error],
        )?;
        Ok(())
    }

    pub fn daily_puzzle(
        &self,
        place: &str,
        day: Date,
    ) -> Result<Option<(Puzzle, Option<Tier>)>, StoreError> {
        let row: Option<(String, String, Option<String>)> = self
            .tx
            .query_row(
                "SELECT givens, solution, difficulty FROM daily_puzzles WHERE place = ?1 AND day = ?2",
                params![place, day.to_string()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        row.map(|(g, s, d)| {
            Ok((
                Puzzle {
                    givens: grid_from_text(&g)?,
                    solution: grid_from_text(&s)?,
                },
                d.as_deref().and_then(Tier::parse),
            ))
        })
        .transpose()
    }

    /// The number of `place`'s daily puzzle of `day`: its days with a puzzle so far.
    pub fn daily_number(&self, place: &str, day: Date) -> Result<i64, StoreError> {
        Ok(self.tx.query_row(
            "SELECT count(*) FROM daily_puzzles WHERE place = ?1 AND day <= ?2",
            params![place, day.to_string()],
            |r| r.get(0),
        )?)
    }

    pub fn insert_daily_puzzle(
        &self,
        place: &str,
        day: Date,
        givens: &Grid,
        solution: &Grid,
        tier: Option<Tier>,
    ) -> Result<(), StoreError> {
        // PostgreSQL numbers rows as they are inserted, not as they commit: one daily
        // insert at a time (the lock is held to the commit), so that no row can commit
        // below a number the solve check's cache already read past (it reads on from
        // the highest number it saw). SQLite's one writer commits in order anyway.
        if self.tx.dialect() == Dialect::Postgres {
            self.tx.execute_batch(super::postgres::LOCK_DAILY_INSERTS)?;
        }
        // DO NOTHING: the first stored puzzle of a day stays that day's puzzle.
        self.tx.execute(
            "INSERT INTO daily_puzzles (place, day, givens, solution, difficulty) \
             VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING",
            params![
                place,
                day.to_string(),
                grid_to_text(givens),
                grid_to_text(solution),
                tier.map(Tier::name)
            ],
        )?;
        Ok(())
    }

    pub fn daily_game_id(
        &self,
        player: &str,
        place: &str,
        day: Date,
    ) -> Result<Option<GameId>, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT id FROM games WHERE player = ?1 AND place = ?2 AND daily_day = ?3",
                params![player, place, day.to_string()],
                |r| r.get(0),
            )
            .optional()?)
    }

    pub fn set_daily_on_time(&self, id: GameId, on_time: bool) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE games SET daily_on_time = ?2 WHERE id = ?1",
            params![id, on_time],
        )?;
        Ok(())
    }

    /// Server days on which `player` solved the daily in time, at `place`.
    pub fn player_daily_days(
        &self,
        player: &str,
        place: &str,
    ) -> Result<BTreeSet<Date>, StoreError> {
        self.days(
            "SELECT daily_day FROM games WHERE player = ?1 AND place = ?2 AND daily_on_time = 1",
            params![player, place],
        )
    }

    /// Server days on which at least one member solved the daily in time.
    pub fn server_daily_days(&self, place: &str) -> Result<BTreeSet<Date>, StoreError> {
        self.days(
            // `daily_day IS NOT NULL` lets SQLite use the partial index games_by_daily.
            "SELECT DISTINCT daily_day FROM games WHERE place = ?1 AND daily_day IS NOT NULL \
             AND daily_on_time = 1",
            params![place],
        )
    }

    fn days(&self, sql: &str, args: super::sql::Params<'_>) -> Result<BTreeSet<Date>, StoreError> {
        let mut stmt = self.tx.prepare_cached(sql)?;
        let texts = stmt
            .query_map(args, |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        texts
            .into_iter()
            .map(|t| parse_day(Some(t)).map(|d| d.unwrap_or_default()))
            .collect()
    }

    /// Every player's in-time daily results at `place` for days `from..=to` (all days
    /// when `from` is `None`), summed per player.
    pub fn daily_results(
        &self,
        place: &str,
        from: Option<Date>,
        to: Date,
    ) -> Result<Vec<Entry>, StoreError> {
        let mut stmt = self.tx.prepare_cached(
            "SELECT g.player, coalesce(p.name, g.player), count(*), \
                    CAST(sum(g.finished_at - g.started_at - g.idle_ms) AS BIGINT), \
                    CAST(sum(g.mistakes) AS BIGINT), CAST(sum(g.hints) AS BIGINT), \
                    count(CASE WHEN g.check_as_you_go = 0 THEN 1 END), \
                    CAST(sum(g.auto_notes) AS BIGINT), CAST(sum(g.unverified) AS BIGINT) \
             FROM games g LEFT JOIN players p ON p.id = g.player \
             WHERE g.place = ?1 AND g.daily_on_time = 1 \
               AND g.daily_day >= ?2 AND g.daily_day <= ?3 \
             GROUP BY g.player, p.name",
        )?;
        let from = from.map_or_else(|| "0000-00-00".to_string(), |d| d.to_string());
        let rows = stmt
            .query_map(params![place, from, to.to_string()], |r| {
                Ok(Entry {
                    player: r.get(0)?,
                    name: r.get(1)?,
                    solved: r.get(2)?,
                    time: r.get(3)?,
                    mistakes: r.get(4)?,
                    hints: r.get(5)?,
                    unchecked: r.get(6)?,
                    auto_noted: r.get(7)?,
                    unverified: r.get(8)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    /// Deletes everything stored about `player`: games, daily results, name. Returns the
    /// number of games deleted.
    /// Deletes everything stored about `player`. Their daily attempts of days from
    /// `keep_from` on leave a fingerprint (see [`fingerprint`]) until those days are over,
    /// so that forgetting is no way to a second attempt; older fingerprints go now.
    pub fn forget_player(&self, player: &str, keep_from: Date) -> Result<usize, StoreError> {
        let keep_from = keep_from.to_string();
        self.tx.execute(
            "DELETE FROM daily_attempts_forgotten WHERE day < ?1",
            params![keep_from],
        )?;
        self.tx.execute(
            "INSERT INTO daily_attempts_forgotten (place, day, fingerprint) \
             SELECT place, daily_day, ?2 FROM games \
             WHERE player = ?1 AND daily_day IS NOT NULL AND daily_day >= ?3 \
             ON CONFLICT DO NOTHING",
            params![player, fingerprint(player), keep_from],
        )?;
        let games = self
            .tx
            .execute("DELETE FROM games WHERE player = ?1", params![player])?;
        self.tx
            .execute("DELETE FROM players WHERE id = ?1", params![player])?;
        // Settings are about the player too (check-as-you-go, board pictures).
        self.tx.execute(
            "DELETE FROM player_settings WHERE player = ?1",
            params![player],
        )?;
        Ok(games)
    }

    /// Whether `place` ever had a daily puzzle (made for a post or for a player): then a
    /// day of its has begun, and a change of its zone waits for that day to end.
    pub fn had_daily(&self, place: &str) -> Result<bool, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT 1 FROM daily_puzzles WHERE place = ?1 LIMIT 1",
                params![place],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    }

    /// Whether `player` played the daily of `day` at `place` and then had their data
    /// deleted.
    pub fn attempt_forgotten(
        &self,
        player: &str,
        place: &str,
        day: Date,
    ) -> Result<bool, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT 1 FROM daily_attempts_forgotten \
                 WHERE place = ?1 AND day = ?2 AND fingerprint = ?3",
                params![place, day.to_string(), fingerprint(player)],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    }
}

/// A one-way fingerprint of a player id: enough to recognise the same player again
/// within a day, without keeping the id itself. FNV-1a over 64 bits, run twice with
/// different offsets for 128 bits: the same on every machine and build, unlike std's
/// hasher, whose algorithm is not guaranteed.
pub(super) fn fingerprint(player: &str) -> String {
    let fnv = |offset: u64| {
        let mut h = offset;
        for b in b"sudoku-bot attempt\0".iter().chain(player.as_bytes()) {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01B3);
        }
        h
    };
    format!(
        "{:016x}{:016x}",
        fnv(0xCBF2_9CE4_8422_2325),
        fnv(0x6C62_272E_07BB_0142)
    )
}
