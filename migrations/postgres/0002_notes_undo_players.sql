-- Pencil marks and undo history travel with the game, so a restart loses neither.
ALTER TABLE games ADD COLUMN notes BYTEA NOT NULL DEFAULT ''::bytea;
ALTER TABLE games ADD COLUMN history BYTEA NOT NULL DEFAULT ''::bytea;
ALTER TABLE games ADD COLUMN hint_level BIGINT NOT NULL DEFAULT 0;

-- Display names, so stats and leaderboards can name other players.
CREATE TABLE players (
    id   TEXT PRIMARY KEY,
    name TEXT NOT NULL
);
