-- Co-op boards: one shared puzzle per channel that everyone there fills together. The
-- board's whole state is in its row, and each player's part in a row of `coop_players`,
-- so one command reads and writes them in one transaction and a restart loses nothing.
CREATE TABLE coops (
    id           INTEGER PRIMARY KEY,
    -- The server: 'guild:<id>' (or a terminal place); what `/sudoku solve` protects.
    place        TEXT    NOT NULL,
    -- The channel the board belongs to: the place and the channel id.
    room         TEXT    NOT NULL,
    starter      TEXT    NOT NULL,
    givens       TEXT    NOT NULL CHECK (length(givens) = 81),
    solution     TEXT    NOT NULL CHECK (length(solution) = 81),
    board        TEXT    NOT NULL CHECK (length(board) = 81),
    -- Who placed each digit: 81 u16 LE, 0 for nobody, else the player's slot + 1.
    filled_by    BLOB    NOT NULL,
    notes        BLOB    NOT NULL DEFAULT x'',
    difficulty   TEXT,
    status       TEXT    NOT NULL CHECK (status IN ('active', 'solved', 'gave_up')),
    started_at   INTEGER NOT NULL,
    finished_at  INTEGER,
    mistakes     INTEGER NOT NULL DEFAULT 0,
    hints        INTEGER NOT NULL DEFAULT 0,
    moves        INTEGER NOT NULL DEFAULT 0,
    hint_level   INTEGER NOT NULL DEFAULT 0,
    last_hint_at INTEGER,
    version      INTEGER NOT NULL DEFAULT 0,
    -- The team's clock counts play, as a solo game's does (see 0007_idle_clock).
    last_active_at INTEGER,
    idle_ms      INTEGER NOT NULL DEFAULT 0,
    -- Why a row no longer decodes: such a board is set aside, and the channel may start
    -- a new one.
    damaged      TEXT
);

-- One running board per channel, enforced by the database itself.
CREATE UNIQUE INDEX coops_one_per_room ON coops (room)
    WHERE status = 'active' AND damaged IS NULL;
-- The running boards of a server, for `/sudoku solve`'s fair-play check.
CREATE INDEX coops_running ON coops (place) WHERE status = 'active' AND damaged IS NULL;
-- `forget-me` finds the boards a player started.
CREATE INDEX coops_by_starter ON coops (starter);

CREATE TABLE coop_players (
    coop       INTEGER NOT NULL REFERENCES coops (id) ON DELETE CASCADE,
    -- Order of arrival on the board; `coops.filled_by` refers to it.
    slot       INTEGER NOT NULL,
    player     TEXT    NOT NULL,
    -- Digits of theirs on the board (kept in step with `filled_by`, for stats).
    placed     INTEGER NOT NULL DEFAULT 0,
    mistakes   INTEGER NOT NULL DEFAULT 0,
    hints      INTEGER NOT NULL DEFAULT 0,
    -- Their last move, for undo: 3 bytes per cell (index, before, after).
    last_move  BLOB    NOT NULL DEFAULT x'',
    undone_at  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (coop, slot),
    UNIQUE (coop, player)
);
-- Stats and forget-me find a player's contributions.
CREATE INDEX coop_players_by_player ON coop_players (player);
