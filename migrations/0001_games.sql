-- Games: one row per game, the whole state in the row so a command reads and writes one
-- row in one transaction.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    -- Platform id of the player (a Discord user id, or a terminal user name).
    player      TEXT    NOT NULL,
    -- Where it is played: 'dm' or 'guild:<id>' (or a terminal place name).
    place       TEXT    NOT NULL,
    givens      TEXT    NOT NULL CHECK (length(givens) = 81),
    solution    TEXT    NOT NULL CHECK (length(solution) = 81),
    board       TEXT    NOT NULL CHECK (length(board) = 81),
    difficulty  TEXT,
    status      TEXT    NOT NULL CHECK (status IN ('active', 'solved', 'gave_up')),
    started_at  INTEGER NOT NULL,
    finished_at INTEGER,
    mistakes    INTEGER NOT NULL DEFAULT 0,
    hints       INTEGER NOT NULL DEFAULT 0,
    version     INTEGER NOT NULL DEFAULT 0
);

-- One active game per player per place, enforced by the database itself.
CREATE UNIQUE INDEX games_one_active ON games (player, place) WHERE status = 'active';
CREATE INDEX games_by_player ON games (player, status);
