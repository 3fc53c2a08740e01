-- How a player's boards are drawn: 0 as a monospace text block (the default: it copies,
-- pastes back and works everywhere), 1 as a PNG picture with pencil marks in their cells.
ALTER TABLE player_settings ADD COLUMN board_picture BIGINT NOT NULL DEFAULT 0;
