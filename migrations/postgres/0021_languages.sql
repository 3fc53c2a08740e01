-- The languages the bot speaks (issue 30). A player's choice (`/sudoku settings
-- language:`): `en`, `es` or `ca`; NULL follows the language of their Discord. A server's
-- daily posts: the language its admin set them up in (`/sudoku-daily setup`), English
-- before. A race's posts in the channel (lobby, results): the server's language where
-- the race was opened. A co-op board's message in the channel: likewise.
ALTER TABLE player_settings ADD COLUMN language TEXT;
ALTER TABLE servers ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE races ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE coops ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
