-- Daily challenges: per-server settings and posting state, the puzzle of each server day,
-- and daily games alongside free ones.
CREATE TABLE servers (
    place           TEXT PRIMARY KEY,            -- 'guild:<id>'
    channel         TEXT,
    post_time       TEXT    NOT NULL DEFAULT '09:00',
    timezone        TEXT    NOT NULL DEFAULT 'UTC',
    difficulty      TEXT    NOT NULL DEFAULT 'medium',
    enabled         INTEGER NOT NULL DEFAULT 0,
    -- The last server day whose puzzle was posted: exactly once per day, also across
    -- restarts.
    last_posted_day TEXT,
    -- Why the last post failed (missing channel or permission), for the admin.
    post_error      TEXT
);

CREATE TABLE daily_puzzles (
    place      TEXT NOT NULL,
    day        TEXT NOT NULL,                    -- YYYY-MM-DD in the server's zone
    givens     TEXT NOT NULL CHECK (length(givens) = 81),
    solution   TEXT NOT NULL CHECK (length(solution) = 81),
    difficulty TEXT,
    PRIMARY KEY (place, day)
);

ALTER TABLE games ADD COLUMN daily_day TEXT;
-- Solved before the end of its server day: what streaks count.
ALTER TABLE games ADD COLUMN daily_on_time INTEGER NOT NULL DEFAULT 0;
-- Which active game a typed command means: the one used last.
ALTER TABLE games ADD COLUMN touched_at INTEGER NOT NULL DEFAULT 0;

-- One free game at a time per player and place, plus one daily per day.
DROP INDEX games_one_active;
CREATE UNIQUE INDEX games_one_active ON games (player, place)
    WHERE status = 'active' AND daily_day IS NULL;
CREATE UNIQUE INDEX games_one_daily ON games (player, place, daily_day)
    WHERE daily_day IS NOT NULL;
CREATE INDEX games_by_daily ON games (place, daily_day) WHERE daily_day IS NOT NULL;
