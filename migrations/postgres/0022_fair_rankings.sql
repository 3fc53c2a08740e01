-- Fair rankings.
-- A time-zone change asked for while a server's day runs takes effect when that day
-- ends (game::daily::ZoneChange): the new zone, and from when (ms since the epoch).
ALTER TABLE servers ADD COLUMN zone_next TEXT;
ALTER TABLE servers ADD COLUMN zone_from BIGINT;
-- A result faster than a person can solve its puzzle (game::fair::human_floor): kept,
-- marked unverified, ranked after every verified result, and never rated.
ALTER TABLE games ADD COLUMN unverified BIGINT NOT NULL DEFAULT 0;
ALTER TABLE race_players ADD COLUMN unverified BIGINT NOT NULL DEFAULT 0;
-- The rating of someone who asked to be forgotten, under a one-way fingerprint of their
-- id and nothing else, until `kept_until`: forgetting oneself is no way to reset a
-- rating, and no name or id is kept.
CREATE TABLE ratings_forgotten (
    place       TEXT    NOT NULL,
    fingerprint TEXT    NOT NULL,
    rating      DOUBLE PRECISION    NOT NULL,
    deviation   DOUBLE PRECISION    NOT NULL,
    volatility  DOUBLE PRECISION    NOT NULL,
    games       BIGINT NOT NULL,
    kept_until  BIGINT NOT NULL,
    PRIMARY KEY (place, fingerprint)
);
-- Expired ones are dropped by when they expire.
CREATE INDEX ratings_forgotten_by_expiry ON ratings_forgotten (kept_until);
-- The solve check's index of every server's dailies is gone: the day index only it read.
DROP INDEX daily_puzzles_by_day;
