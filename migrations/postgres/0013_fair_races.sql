-- Whether the player has been shown this game's board since it started. A race starts
-- for everyone at the host's press, so a racer's game exists before they have seen it:
-- typed moves must not land on it blind (they are refused with a notice instead). Every
-- game before this version was created by its own player's command, and so was seen.
ALTER TABLE games ADD COLUMN shown BIGINT NOT NULL DEFAULT 1;

-- A rated challenge's rating change, per player and rounded, for the result post
-- ("+12"); NULL for a race or a challenge that was not rated.
ALTER TABLE race_players ADD COLUMN rating_change BIGINT;

-- A race that must only be joined by these players (a rematch): a space-separated list
-- of player ids; NULL lets anyone join.
ALTER TABLE races ADD COLUMN invited TEXT;
