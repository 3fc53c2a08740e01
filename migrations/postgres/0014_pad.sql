-- The number pad under a board: the chosen row and column (0-8, NULL while not chosen)
-- and whether the digit buttons toggle notes. Kept with the game, so a restart keeps the
-- chosen cell. A co-op board has one pad, shared by the channel, as its message is.
ALTER TABLE games ADD COLUMN pad_row BIGINT;
ALTER TABLE games ADD COLUMN pad_col BIGINT;
ALTER TABLE games ADD COLUMN pad_notes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE coops ADD COLUMN pad_row BIGINT;
ALTER TABLE coops ADD COLUMN pad_col BIGINT;
ALTER TABLE coops ADD COLUMN pad_notes BIGINT NOT NULL DEFAULT 0;
