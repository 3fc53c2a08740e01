-- The clock does not punish leaving: a pause between two actions counts at most five
-- minutes. `last_active_at` is the last action (NULL: none since the start), `idle_ms`
-- the time away beyond the cap, which every stored time leaves out.
ALTER TABLE games ADD COLUMN last_active_at BIGINT;
ALTER TABLE games ADD COLUMN idle_ms BIGINT NOT NULL DEFAULT 0;
-- Games in progress keep the time they have so far: their pause starts now.
UPDATE games SET last_active_at = CAST(extract(epoch FROM now()) AS BIGINT) * 1000
    WHERE status = 'active';
