-- How many cells the player changed (digits placed or erased): shown with a solve.
ALTER TABLE games ADD COLUMN moves BIGINT NOT NULL DEFAULT 0;
-- When the last hint was given, so a double-clicked Hint button counts once.
ALTER TABLE games ADD COLUMN last_hint_at BIGINT;

-- A daily attempt outlives `/sudoku forget-me` until its server day is over, so deleting
-- oneself is no way to a second attempt at today's puzzle. Only a one-way fingerprint of
-- the player is kept, never the id, and rows of finished days are deleted.
CREATE TABLE daily_attempts_forgotten (
    place       TEXT NOT NULL,
    day         TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    PRIMARY KEY (place, day, fingerprint)
);

-- A secret per server, mixed into the seed of its daily puzzles: without it anyone with
-- the source could compute tomorrow's puzzle today and solve it ahead of the clock.
ALTER TABLE servers ADD COLUMN salt BIGINT;
