-- A server's daily posts paused (its channel deleted, or refusing the bot for good) and
-- its admins not yet told: their next command carries the news. Kept with the pause
-- itself, so a restart between the two does not lose the telling (issue 31, defect 5).
ALTER TABLE servers ADD COLUMN pause_untold BIGINT NOT NULL DEFAULT 0;
CREATE INDEX servers_pause_untold ON servers (place) WHERE pause_untold = 1;
