-- Race messages are marked sent only once Discord confirmed them (issue 31, defect 10).
--
-- `stale` becomes a count of the message's changes (every change adds one) and `shown`
-- the count that Discord confirmed showing: the message is due while `stale > shown`. An
-- edit drawn at count N and confirmed later sets `shown` to N, so a change made while it
-- was in flight is still drawn next. `announced` is set only once the result post is confirmed, so a crash
-- between handing a result out and Discord's answer posts it again (with the same nonce:
-- Discord shows it once).
--
-- A race whose channel refuses the bot for good (403, or 404 Unknown Channel) is
-- `refused`: nothing of it is sent again, so it cannot spend the bot-wide budget of
-- invalid requests.
ALTER TABLE races ADD COLUMN shown BIGINT NOT NULL DEFAULT 0;
ALTER TABLE races ADD COLUMN refused BIGINT NOT NULL DEFAULT 0;
DROP INDEX races_to_tell;
CREATE INDEX races_to_tell ON races (id)
    WHERE (stale > shown OR (status = 'finished' AND announced = 0)) AND refused = 0;
