//! Leases: work that one process at a time may do when several share the database.

use super::sql::{Optional, params};

use crate::game::Millis;

use super::{StoreError, Tx};

/// Who holds a lease, since when, and until when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    pub holder: String,
    pub since: Millis,
    pub until: Millis,
}

impl Tx<'_> {
    /// Takes lease `name` for `holder` until `now + ttl` if it is free, ran out, or is
    /// already `holder`'s (a renewal, which keeps `since`). Returns the lease as it now
    /// stands: `holder`'s, or the other holder's that was kept.
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
            "INSERT INTO leases (name, holder, since_ms, until_ms) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (name) DO UPDATE SET
                 since_ms = CASE WHEN leases.holder = excluded.holder
                     THEN leases.since_ms ELSE excluded.since_ms END,
                 holder = excluded.holder,
                 until_ms = excluded.until_ms
             WHERE leases.holder = excluded.holder OR leases.until_ms <= ?3",
            params![name, holder, now, now + ttl],
        )?;
        self.lease(name)?
            .ok_or_else(|| StoreError::Corrupt(format!("lease {name} vanished")))
    }

    /// Gives lease `name` up if `holder` holds it (a process stopping): the next one to
    /// ask takes it at once instead of waiting for it to run out.
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

    /// Lease `name` as stored (it may have run out).
    pub fn lease(&self, name: &str) -> Result<Option<Lease>, StoreError> {
        Ok(self
            .tx
            .query_row(
                "SELECT holder, since_ms, until_ms FROM leases WHERE name = ?1",
                params![name],
                |r| {
                    Ok(Lease {
                        holder: r.get(0)?,
                        since: r.get(1)?,
                        until: r.get(2)?,
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
        // Not renewed in time (its holder died): the next asker takes it.
        let taken = hold(&mut store, "b", 25_000);
        assert_eq!((taken.holder.as_str(), taken.since), ("b", 25_000));
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
        assert_eq!(read.expect("store").expect("stored").holder, "a");
    }
}
