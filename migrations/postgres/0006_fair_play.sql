-- /sudoku solve refuses the daily puzzles of every server whose day is still running
-- somewhere: found by day, across servers.
CREATE INDEX daily_puzzles_by_day ON daily_puzzles (day);
