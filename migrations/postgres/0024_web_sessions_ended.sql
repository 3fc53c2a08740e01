-- Players who asked to be forgotten, by the one-way fingerprint of their id, and when:
-- a web session issued before then is refused, and an open board closes (issue 49).
-- Kept as long as a session lasts (12 hours), then dropped.
CREATE TABLE web_sessions_ended (
    fingerprint TEXT PRIMARY KEY,
    at_ms BIGINT NOT NULL
);
-- Forget-me drops the entries older than a session's life: found by this, not a scan.
CREATE INDEX web_sessions_ended_at ON web_sessions_ended (at_ms);
