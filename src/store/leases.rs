//! Leases: work that one process at a time may do when several share the database.

use super::sql::{Dialect, Optional, params};

use crate::game::Millis;

use super::{StoreError, Tx};

/// Who holds a lease, since when, until when, under which token, and the database's time
/// when it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub holder: String,
    pub since: Millis,
    pub until: Millis,
    /// The fencing token: raised each time the lease changes hands, never otherwise. Work
    /// claimed under a token that is no longer the lease's is refused
    /// ([`Tx::lease_holds`]).
    pub token: i64,
    /// The database's clock when this was read or written: `until - now` is the time left.
    pub now: Millis,
}

impl Tx<'_> {
    /// The database's clock, in ms since the Unix epoch. Leases are timed by it, not by
    /// the replicas' clocks: one replica whose clock runs ahead would otherwise find a
    /// live lease run out and take it while its holder still sends.
    pub fn database_now(&self) -> Result<Millis, StoreError> {
        let sql = match self.tx.dialect() {
            Dialect::Sqlite => "SELECT CAST(unixepoch('subsec') * 1000 AS INTEGER)",
            // The clock now, not the transaction's start (`now()`), which a transaction
            // that waited for a lock would give from before it waited.
            Dialect::Postgres => {
                "SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
            }
        };
        Ok(self.tx.query_row(sql, params![], |r| r.get(0))?)
    }

    /// Takes lease `name` for `holder` until `now + ttl` if it is free, ran out, or is
    /// already `holder`'s (a renewal, which keeps `since` and the token). Taken from
    /// another holder (or for the first time), its token goes up by one. Returns the
    /// lease as it now stands: `holder`'s, or the other holder's that was kept.
    ///
    /// `now` is the database's clock ([`Tx::database_now`], read in the same
    /// transaction) on every path that runs the bot; tests give their own. A `now` read
    /// a little before the statement ran (the transaction waited for a lock meanwhile)
    /// errs on the safe side: the lease it writes ends sooner, and a running one looks
    /// less run out.
    pub fn hold_lease(
        &self,
        name: &str,
        holder: &str,
        now: Millis,
        ttl: Millis,
    ) -> Result<Lease, StoreError> {
        // One statement: two processes taking a free lease at once cannot both get it
        // (the write lock orders them, and the second finds the first's lease running).
        self.tx.execute(
            "INSERT INTO leases (name, holder, since_ms, until_ms, token) VALUES (?1, ?2, ?3, ?4, 1)
             ON CONFLICT (name) DO UPDATE SET
                 since_ms = CASE WHEN leases.holder = excluded.holder
                     THEN leases.since_ms ELSE excluded.since_ms END,
                 token = CASE WHEN leases.holder = excluded.holder
                     THEN leases.token ELSE leases.token + 1 END,
                 holder = excluded.holder,
                 until_ms = excluded.until_ms
             WHERE leases.holder = excluded.holder OR leases.until_ms <= ?3",
            params![name, holder, now, now + ttl],
        )?;
        let mut lease = self
            .lease_at(name, now)?
            .ok_or_else(|| StoreError::Corrupt(format!("lease {name} vanished")))?;
        lease.now = now;
        Ok(lease)
    }

    /// Whether `holder` holds lease `name` under `token` and it has not run out by the
    /// database's clock: asked in the transaction that claims work under the lease, so
    /// a holder that lost it claims nothing, however late it noticed.
    pub fn lease_holds(&self, name: &str, holder: &str, token: i64) -> Result<bool, StoreError> {
        let now = self.database_now()?;
        Ok(self.lease_at(name, now)?.is_some_and(|lease| {
            lease.holder == holder && lease.token == token && lease.until > now
        }))
    }

    /// Gives lease `name` up if `holder` holds it (a process stopping): the next one to
    /// ask takes it at once instead of waiting for it to run out. `now` as for
    /// [`Tx::hold_lease`].
    pub fn release_lease(&self, name: &str, holder: &str, now: Millis) -> Result<(), StoreError> {
        self.tx.execute(
            "UPDATE leases SET until_ms = ?3 WHERE name = ?1 AND holder = ?2 AND until_ms > ?3",
            params![name, holder, now],
        )?;
        Ok(())
    }

    /// Records interaction `id` (created at `created` ms since the Unix epoch) as taken:
    /// `true` the first time, `false` if any process took it before. Ids created more
    /// than `keep` before this one are forgotten on the way (the endpoint refuses them by
    /// their age by then), so the table holds minutes of ids, not all of them.
    pub fn take_interaction(
        &self,
        id: i64,
        created: Millis,
        keep: Millis,
    ) -> Result<bool, StoreError> {
        // One statement: two replicas taking the same id at once cannot both insert it
        // (the primary key orders them; the second changes nothing).
        let taken = self.tx.execute(
            "INSERT INTO interactions_taken (id, created_ms) VALUES (?1, ?2)
             ON CONFLICT (id) DO NOTHING",
            params![id, created],
        )?;
        if taken == 1 {
            self.tx.execute(
                "DELETE FROM interactions_taken WHERE created_ms < ?1",
                params![created - keep],
            )?;
        }
        Ok(taken == 1)
    }

    /// Ends every web session of `player` issued before `now` (forget-me), under the
    /// one-way fingerprint of their id; entries older than `keep` (a session's life) go.
    pub fn end_web_sessions(
        &self,
        player: &str,
        now: Millis,
        keep: Millis,
    ) -> Result<(), StoreError> {
        self.tx.execute(
            "INSERT INTO web_sessions_ended (fingerprint, at_ms) VALUES (?1, ?2)
             ON CONFLICT (fingerprint) DO UPDATE SET at_ms = excluded.at_ms",
            params![super::dailies::fingerprint(player), now],
        )?;
        self.tx.execute(
            "DELETE FROM web_sessions_ended WHERE at_ms < ?1",
            params![now - keep],
        )?;
        Ok(())
    }

    /// When `player`'s web sessions were last ended ([`Tx::end_web_sessions`]), if lately.
    pub fn web_sessions_ended_at(&self, player: &str) -> Result<Option<Millis>, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT at_ms FROM web_sessions_ended WHERE fingerprint = ?1",
                params![super::dailies::fingerprint(player)],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Lease `name` as stored (it may have run out), with the database's time.
    pub fn lease(&self, name: &str) -> Result<Option<Lease>, StoreError> {
        let now = self.database_now()?;
        self.lease_at(name, now)
    }

    fn lease_at(&self, name: &str, now: Millis) -> Result<Option<Lease>, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT holder, since_ms, until_ms, token FROM leases WHERE name = ?1",
                params![name],
                |r| {
                    Ok(Lease {
                        holder: r.get(0)?,
                        since: r.get(1)?,
                        until: r.get(2)?,
                        token: r.get(3)?,
                        now,
                    })
                },
            )
            .optional()?)
    }
}

#[cfg(test)]
mod tests {
    use crate::store::{Lease, Store, StoreError};

    #[test]
    fn an_interaction_is_taken_once_and_old_ids_are_forgotten() {
        let mut store = Store::open_in_memory().expect("store");
        let mut take = |id: i64, created: i64| {
            store
                .write(|tx| tx.take_interaction(id, created, 60_000))
                .expect("store")
        };
        assert!(take(1, 1_000));
        assert!(!take(1, 1_000), "taken once");
        assert!(take(2, 2_000));
        // A minute and more later, the first id is forgotten (its age refuses it then).
        assert!(take(3, 62_000));
        assert!(take(1, 1_000), "forgotten");
        assert!(!take(3, 62_000), "kept");
    }

    fn hold(store: &mut Store, holder: &str, now: i64) -> Lease {
        store
            .write(|tx| tx.hold_lease("outbound", holder, now, 15_000))
            .expect("store")
    }

    #[test]
    fn one_holder_at_a_time_until_it_runs_out_or_is_given_up() {
        let mut store = Store::open_in_memory().expect("store");
        assert_eq!(
            hold(&mut store, "a", 1_000).holder,
            "a",
            "a free lease is taken"
        );
        assert_eq!(
            hold(&mut store, "b", 5_000).holder,
            "a",
            "a running lease is kept"
        );
        let renewed = hold(&mut store, "a", 10_000);
        assert_eq!(
            (renewed.holder.as_str(), renewed.since, renewed.until),
            ("a", 1_000, 25_000),
            "a renewal moves the end, not the start"
        );
        assert_eq!(renewed.token, 1, "a renewal keeps the token");
        // Not renewed in time (its holder died): the next asker takes it, under a new
        // token.
        let taken = hold(&mut store, "b", 25_000);
        assert_eq!(
            (taken.holder.as_str(), taken.since, taken.token),
            ("b", 25_000, 2)
        );
        // Given up by its holder: free at once; given up by another: nothing changes.
        store
            .write(|tx| tx.release_lease("outbound", "a", 26_000))
            .expect("store");
        assert_eq!(hold(&mut store, "a", 26_000).holder, "b");
        store
            .write(|tx| tx.release_lease("outbound", "b", 27_000))
            .expect("store");
        assert_eq!(hold(&mut store, "a", 27_000).holder, "a");
        let read: Result<Option<Lease>, StoreError> = store.read(|tx| tx.lease("outbound"));
        let read = read.expect("store").expect("stored");
        assert_eq!((read.holder.as_str(), read.token), ("a", 3));
    }

    /// Issue 50: work is claimed under the lease's token, checked by the database's clock
    /// in the claiming transaction. A holder that lost the lease (and may not know yet)
    /// is refused, and so is one whose lease ran out, whatever its own clock says.
    #[test]
    fn a_stale_token_or_a_run_out_lease_holds_nothing() {
        let mut store = Store::open_in_memory().expect("store");
        let now = store.read(|tx| tx.database_now()).expect("store");
        let a = hold(&mut store, "a", now);
        let holds = |store: &mut Store, holder: &str, token: i64| {
            store
                .read(|tx| tx.lease_holds("outbound", holder, token))
                .expect("store")
        };
        assert!(holds(&mut store, "a", a.token));
        assert!(
            !holds(&mut store, "a", a.token + 1),
            "not a token it was given"
        );
        assert!(!holds(&mut store, "b", a.token), "not another holder");
        // Run out by the database's clock (written as if taken a minute ago): no
        // longer held, though nobody took it yet.
        hold(&mut store, "a", now - 60_000);
        let stale = store
            .write(|tx| tx.hold_lease("outbound", "b", now - 60_000 + 15_000, 15_000))
            .expect("store");
        assert_eq!(stale.holder, "b");
        assert!(!holds(&mut store, "b", stale.token), "ran out");
        assert!(!holds(&mut store, "a", a.token), "lost to b");
        // b takes it again (its own, run out): the same token, held again.
        let again = hold(&mut store, "b", now);
        assert_eq!(again.token, stale.token);
        assert!(holds(&mut store, "b", again.token));
    }

    /// The database's clock is the wall clock of the machine it runs on (here, this one).
    #[test]
    fn the_database_clock_is_read_in_ms() {
        let mut store = Store::open_in_memory().expect("store");
        let db = store.read(|tx| tx.database_now()).expect("store");
        let here = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("after 1970")
            .as_millis() as i64;
        assert!((db - here).abs() < 60_000, "{db} vs {here}");
    }
}
