-- Interactions taken over HTTP, by id, so that each runs once however many replicas
-- Discord's request (or a replay of it) reaches (issue 49). Kept for a few minutes: an
-- id older than the endpoint's replay window is refused by its age alone.
CREATE TABLE interactions_taken (
    id BIGINT PRIMARY KEY,
    -- When Discord created it (ms since the Unix epoch, from the id): what old rows are
    -- dropped by.
    created_ms BIGINT NOT NULL
);
CREATE INDEX interactions_taken_created ON interactions_taken (created_ms);
