-- Races and challenges: everyone in a race gets the same puzzle at the same moment, each
-- on a game of their own (a `games` row with `race` set), and one public message (the
-- lobby, then the scoreboard) shows how it goes. The race's state is in its row and each
-- entrant's in a row of `race_players`, so a restart loses nothing and every button of
-- a race keeps working.
CREATE TABLE races (
    id          INTEGER PRIMARY KEY,
    -- The server ('guild:<id>', or a terminal place): what `/sudoku solve` protects.
    place       TEXT    NOT NULL,
    -- "Race #N": numbered per server, so a server's races read 1, 2, 3.
    number      INTEGER NOT NULL,
    -- The channel the race was opened in: the place and the channel id (NULL in the
    -- terminal), where the scoreboard and the result are posted.
    room        TEXT    NOT NULL,
    channel     TEXT,
    host        TEXT    NOT NULL,
    -- A challenge names the one player who may accept it; an open race names nobody.
    opponent    TEXT,
    -- Most players; `autostart` when the host chose the size, so a full lobby starts.
    capacity    INTEGER NOT NULL,
    autostart   INTEGER NOT NULL DEFAULT 0,
    -- The puzzle is made when the lobby opens and shown to nobody before the start.
    givens      TEXT    NOT NULL CHECK (length(givens) = 81),
    solution    TEXT    NOT NULL CHECK (length(solution) = 81),
    difficulty  TEXT,
    status      TEXT    NOT NULL CHECK (status IN
                    ('lobby', 'running', 'finished', 'expired', 'declined', 'cancelled')),
    created_at  INTEGER NOT NULL,
    started_at  INTEGER,
    finished_at INTEGER,
    version     INTEGER NOT NULL DEFAULT 0,
    -- The public message of the race, once the adapter has told us its id.
    message     TEXT,
    -- 1 while that message no longer shows the race as it is: the scheduler edits it,
    -- never more often than Discord's edit limits allow, and never inside a move.
    stale       INTEGER NOT NULL DEFAULT 0,
    edited_at   INTEGER,
    -- 1 once the result of a finished race has been handed out to post.
    announced   INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX races_by_number ON races (place, number);
-- The scheduler's and `/sudoku solve`'s view: races not over yet.
CREATE INDEX races_open ON races (place) WHERE status IN ('lobby', 'running');
-- `forget-me` finds the races a player hosted or was challenged to.
CREATE INDEX races_by_host ON races (host);
CREATE INDEX races_by_opponent ON races (opponent) WHERE opponent IS NOT NULL;
-- The scheduler's other view: messages to edit, results to post.
CREATE INDEX races_to_tell ON races (id) WHERE stale = 1 OR (status = 'finished' AND announced = 0);

CREATE TABLE race_players (
    race      INTEGER NOT NULL REFERENCES races (id) ON DELETE CASCADE,
    -- Order of joining: the host is 0.
    slot      INTEGER NOT NULL,
    player    TEXT    NOT NULL,
    joined_at INTEGER NOT NULL,
    -- The entrant's game, from the start on.
    game      INTEGER,
    -- Finishing place among those who solved it (1 wins).
    rank      INTEGER,
    PRIMARY KEY (race, slot),
    UNIQUE (race, player)
);
CREATE INDEX race_players_by_player ON race_players (player);

-- A race game is one more game in progress beside a player's free game and daily.
ALTER TABLE games ADD COLUMN race INTEGER;
DROP INDEX games_one_active;
CREATE UNIQUE INDEX games_one_active ON games (player, place)
    WHERE status = 'active' AND daily_day IS NULL AND race IS NULL AND damaged IS NULL;

-- Ratings of 1-v-1 challenges (Glicko-2), per server.
CREATE TABLE ratings (
    place      TEXT    NOT NULL,
    player     TEXT    NOT NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (place, player)
);
-- `forget-me` drops a player's ratings in every server.
CREATE INDEX ratings_by_player ON ratings (player);
