-- Auto-notes: whether the player let the bot fill every empty cell's candidates in this
-- game. No hint (it reveals nothing of the solution), but said on daily results and the
-- leaderboard, as check-as-you-go off is.
ALTER TABLE games ADD COLUMN auto_notes BIGINT NOT NULL DEFAULT 0;
