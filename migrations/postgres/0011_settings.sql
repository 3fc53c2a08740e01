-- Per-player settings. Check-as-you-go on (the default): a wrong digit is marked and
-- counted as a mistake the moment it is placed. Off: wrong digits are neither shown nor
-- counted until the player checks or submits.
CREATE TABLE player_settings (
    player          TEXT    PRIMARY KEY,
    check_as_you_go BIGINT NOT NULL DEFAULT 1
);
-- The mode a game was made in (a leaderboard says which), and, for games without
-- check-as-you-go, the wrong digits a check has shown (and counted): 81 digits, 0 for none.
ALTER TABLE games ADD COLUMN check_as_you_go BIGINT NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN revealed TEXT;
