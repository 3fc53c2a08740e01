-- A fencing token for each lease (issue 50): raised each time the lease changes hands, so
-- a process that lost it (paused, cut off from the database, its clock wrong) is refused
-- by the store when it next claims work under its old token. Times in `since_ms` and
-- `until_ms` are the database's own clock from now on, not each replica's.
ALTER TABLE leases ADD COLUMN token BIGINT NOT NULL DEFAULT 0;
