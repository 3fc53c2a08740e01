-- A game whose stored state no longer decodes is set aside rather than locking its player
-- out: `damaged` says why, and such a game is no longer anyone's game in progress.
ALTER TABLE games ADD COLUMN damaged TEXT;
DROP INDEX games_one_active;
CREATE UNIQUE INDEX games_one_active ON games (player, place)
    WHERE status = 'active' AND daily_day IS NULL AND damaged IS NULL;

-- Every statement on a command's path finds its rows through an index, so a move costs
-- the same with 50 or 50,000 stored games.
-- The next `touched_at` is max + 1: one step down this index instead of a table scan.
CREATE INDEX games_by_touched ON games (touched_at);
-- `stats <name>`.
CREATE INDEX players_by_name ON players (lower(name));
-- `forget-me` drops the fingerprints of finished days.
CREATE INDEX daily_attempts_by_day ON daily_attempts_forgotten (day);
-- The scheduler's list of servers with dailies on.
CREATE INDEX servers_scheduled ON servers (place) WHERE enabled = 1 AND channel IS NOT NULL;

-- Undo history is useless once a game is over (undo needs a game in progress), and it
-- was the bulk of a finished game's row.
UPDATE games SET history = ''::bytea WHERE status <> 'active';
