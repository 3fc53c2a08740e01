-- A daily post is claimed, sent, then settled. `last_posted_day` is the claim (one per
-- server day, as before); these record how it ended, so that a post claimed by a
-- process that stopped or died before it knew the outcome is sent again on the next
-- start, and one that went out is never sent again.
--
-- When the claim was made (ms since the epoch); NULL once settled (sent, or failed for
-- good). An open claim older than the core's lease (`POST_CLAIM_LEASE_MS`) is
-- abandoned: its post is due again, for that same day only.
ALTER TABLE servers ADD COLUMN post_claimed_at BIGINT;
-- Discord's id of the message posted for `last_posted_day` (NULL: not sent, or sent by
-- an adapter without message ids, such as the terminal).
ALTER TABLE servers ADD COLUMN post_message_id TEXT;
