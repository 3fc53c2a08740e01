-- The daily scheduler reads only the servers that need it (issue 31, defect 2), through
-- two indexes, instead of every server on every run.
--
-- When the server's daily post is next due, or its open claim next needs a look (ms since
-- the epoch). 0: not worked out yet (new settings, a claim made or given back), so the
-- next run of the scheduler reads the server and stores the answer.
ALTER TABLE servers ADD COLUMN next_post_at BIGINT NOT NULL DEFAULT 0;
-- When the server's puzzles of today and tomorrow must next be made: the start of its
-- next day once they are stored. 0: now (new settings, or an existing database).
ALTER TABLE servers ADD COLUMN prepare_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX servers_by_next_post ON servers (next_post_at)
    WHERE enabled = 1 AND channel IS NOT NULL;
CREATE INDEX servers_by_prepare ON servers (prepare_at)
    WHERE enabled = 1 AND channel IS NOT NULL;
