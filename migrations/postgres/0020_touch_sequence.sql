-- The next `touched_at` (which orders a player's games by last use) comes from this
-- sequence, not from `max(touched_at) + 1`: under SERIALIZABLE, every command reading the
-- same last index entry that another is writing would be refused and run again (issue 28).
CREATE SEQUENCE games_touched;
SELECT setval('games_touched', (SELECT coalesce(max(touched_at), 0) + 1 FROM games), false);
