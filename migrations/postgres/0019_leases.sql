-- Work only one process may do at a time when several serve the same database (replicas
-- behind the interactions endpoint, issue 27): the daily scheduler and the sender of race
-- messages. A lease is held until `until_ms` and renewed by its holder well before; a
-- holder that stops gives it up, one that dies loses it when it runs out.
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    -- When this holder took it (kept across renewals).
    since_ms BIGINT NOT NULL,
    until_ms BIGINT NOT NULL
);
