//! The rules of daily challenges: server days, when to post, streaks and rankings.
//!
//! A server's day runs from midnight to midnight in its own time zone, so days of 23 and
//! 25 hours exist; every computation goes through jiff with its bundled time-zone database
//! (the same answers on every machine). Time is a value passed in.

use std::collections::BTreeSet;

use jiff::Timestamp;
use jiff::civil::{Date, Time};
use jiff::tz::TimeZone;

use crate::engine::Tier;

use super::Millis;

/// A server's daily settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailySettings {
    /// Where the daily is posted; `None` until an admin sets it up.
    pub channel: Option<String>,
    pub time: Time,
    /// An IANA name, checked when set.
    pub zone: String,
    pub difficulty: Tier,
    pub enabled: bool,
}

impl Default for DailySettings {
    /// 09:00 UTC, Medium, not posted anywhere.
    fn default() -> Self {
        DailySettings {
            channel: None,
            time: Time::constant(9, 0, 0, 0),
            zone: "UTC".into(),
            difficulty: Tier::Medium,
            enabled: false,
        }
    }
}

impl DailySettings {
    /// The time zone; UTC if the stored name is no longer known (it was checked when set).
    pub fn tz(&self) -> TimeZone {
        TimeZone::get(&self.zone).unwrap_or(TimeZone::UTC)
    }
}

/// Reads `HH:MM` (24-hour).
pub fn parse_time(text: &str) -> Result<Time, String> {
    let bad = || format!("`{text}` is not a time: use 24-hour HH:MM, e.g. `09:00` or `18:30`");
    let (h, m) = text.trim().split_once(':').ok_or_else(bad)?;
    let h: i8 = h.parse().map_err(|_| bad())?;
    let m: i8 = m.parse().map_err(|_| bad())?;
    if !(0..24).contains(&h) || !(0..60).contains(&m) {
        return Err(bad());
    }
    Time::new(h, m, 0, 0).map_err(|_| bad())
}

/// Checks an IANA time-zone name and returns it in its canonical spelling.
pub fn parse_zone(text: &str) -> Result<String, String> {
    let name = text.trim();
    match TimeZone::get(name) {
        Ok(tz) => Ok(tz.iana_name().unwrap_or(name).to_string()),
        Err(_) => Err(format!(
            "`{name}` is not a time zone I know: use an IANA name such as `Europe/Madrid`, `America/New_York`, `Asia/Tokyo` or `UTC`"
        )),
    }
}

fn zoned(now: Millis, tz: &TimeZone) -> jiff::Zoned {
    Timestamp::from_millisecond(now)
        .unwrap_or(Timestamp::UNIX_EPOCH)
        .to_zoned(tz.clone())
}

/// The server day that `now` falls in.
pub fn server_day(now: Millis, tz: &TimeZone) -> Date {
    zoned(now, tz).date()
}

/// When `day`'s midnight ends, in milliseconds: the start of the next day.
pub fn end_of_day(day: Date, tz: &TimeZone) -> Millis {
    let next = day.tomorrow().unwrap_or(day);
    start_of_day(next, tz)
}

pub fn start_of_day(day: Date, tz: &TimeZone) -> Millis {
    // `start_of_day` handles zones where midnight itself is skipped by DST.
    day.to_zoned(tz.clone())
        .and_then(|z| z.start_of_day())
        .map_or(0, |z| z.timestamp().as_millisecond())
}

/// The instant the daily of `day` is posted. A local time that does not exist (a spring
/// DST gap) moves forward; one that happens twice (autumn) is the first.
pub fn post_instant(day: Date, time: Time, tz: &TimeZone) -> Millis {
    day.to_datetime(time)
        .to_zoned(tz.clone())
        .map_or(0, |z| z.timestamp().as_millisecond())
}

/// What the scheduler should do for one server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostDue {
    /// Post `day`'s puzzle now.
    Now(Date),
    /// Nothing to do before this instant.
    At(Millis),
}

/// Whether a post is due: exactly one per server day, never yesterday's. After downtime
/// across the posting time, today's puzzle is due at once; a day missed entirely is
/// skipped, since its puzzle is no longer today's.
pub fn post_due(now: Millis, time: Time, tz: &TimeZone, last_posted: Option<Date>) -> PostDue {
    let today = server_day(now, tz);
    if last_posted.is_some_and(|d| d >= today) {
        let tomorrow = today.tomorrow().unwrap_or(today);
        return PostDue::At(post_instant(tomorrow, time, tz));
    }
    let at = post_instant(today, time, tz);
    if now >= at {
        PostDue::Now(today)
    } else {
        PostDue::At(at)
    }
}

/// A run of consecutive days.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streak {
    /// Days in the run that reaches today (or yesterday, while today is still open).
    pub current: u32,
    pub best: u32,
    /// The current run is alive but today is not done yet: solve today to keep it.
    pub at_stake: bool,
}

/// The streak over `days` (days with the daily solved in time), as of `today`.
pub fn streak(days: &BTreeSet<Date>, today: Date) -> Streak {
    let mut best = 0u32;
    let mut run = 0u32;
    let mut previous: Option<Date> = None;
    for &day in days.iter().filter(|&&d| d <= today) {
        run = match previous {
            Some(p) if p.tomorrow().ok() == Some(day) => run + 1,
            _ => 1,
        };
        best = best.max(run);
        previous = Some(day);
    }
    let yesterday = today.yesterday().unwrap_or(today);
    let (current, at_stake) = match previous {
        Some(last) if last == today => (run, false),
        Some(last) if last == yesterday => (run, true),
        _ => (0, false),
    };
    Streak {
        current,
        best,
        at_stake,
    }
}

/// One result on a leaderboard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub player: String,
    pub name: String,
    /// Dailies solved in the period (1 for a single day).
    pub solved: u32,
    /// Total time, mistakes and hints over those solves.
    pub time: Millis,
    pub mistakes: u32,
    pub hints: u32,
}

impl Entry {
    /// The order of merit: more solves, then less time, fewer mistakes, fewer hints.
    fn key(&self) -> (std::cmp::Reverse<u32>, Millis, u32, u32) {
        // Times count to the second, as shown: 4:12.3 and 4:12.9 tie.
        (
            std::cmp::Reverse(self.solved),
            self.time / 1000,
            self.mistakes,
            self.hints,
        )
    }
}

/// Sorts `entries` and gives each its rank; equal results share a rank (1, 2, 2, 4).
pub fn rank(mut entries: Vec<Entry>) -> Vec<(usize, Entry)> {
    entries.sort_by(|a, b| a.key().cmp(&b.key()).then_with(|| a.name.cmp(&b.name)));
    let mut ranked: Vec<(usize, Entry)> = Vec::with_capacity(entries.len());
    for (i, e) in entries.into_iter().enumerate() {
        let rank = match ranked.last() {
            Some((r, prev)) if prev.key() == e.key() => *r,
            _ => i + 1,
        };
        ranked.push((rank, e));
    }
    ranked
}

/// The seed of a server's daily puzzle: the same server, salt and day give the same
/// puzzle on every machine (it is stored too, the moment it is first needed). The salt is
/// the server's secret, so that the code alone does not tell tomorrow's puzzle.
/// `attempt` moves to another seed when a seed's generation fails.
pub fn puzzle_seed(place: &str, salt: u64, day: Date, attempt: u32) -> u64 {
    // FNV-1a: stable across Rust versions, unlike `DefaultHasher`.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let salt = salt.to_le_bytes();
    let attempt = attempt.to_le_bytes();
    let day = day.to_string();
    for &b in place
        .as_bytes()
        .iter()
        .chain(&salt)
        .chain(day.as_bytes())
        .chain(&attempt)
    {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    fn ms(text: &str) -> Millis {
        text.parse::<Timestamp>()
            .expect("timestamp")
            .as_millisecond()
    }

    fn tz(name: &str) -> TimeZone {
        TimeZone::get(name).expect("zone")
    }

    #[test]
    fn server_days_follow_the_zone() {
        let madrid = tz("Europe/Madrid");
        // 23:30 UTC on 22 November is already the 23rd in Madrid (UTC+1).
        assert_eq!(
            server_day(ms("2026-11-22T23:30:00Z"), &madrid),
            date(2026, 11, 23)
        );
        assert_eq!(
            server_day(ms("2026-11-22T23:30:00Z"), &TimeZone::UTC),
            date(2026, 11, 22)
        );
        let la = tz("America/Los_Angeles");
        assert_eq!(
            server_day(ms("2026-11-23T07:59:00Z"), &la),
            date(2026, 11, 22)
        );
    }

    #[test]
    fn dst_days_have_23_and_25_hours() {
        let madrid = tz("Europe/Madrid");
        let spring = date(2026, 3, 29);
        let autumn = date(2026, 10, 25);
        assert_eq!(
            end_of_day(spring, &madrid) - start_of_day(spring, &madrid),
            23 * 3_600_000
        );
        assert_eq!(
            end_of_day(autumn, &madrid) - start_of_day(autumn, &madrid),
            25 * 3_600_000
        );
        // 02:30 does not exist on the spring day: the post moves to 03:30 local (01:30 UTC).
        let t = parse_time("02:30").expect("time");
        assert_eq!(post_instant(spring, t, &madrid), ms("2026-03-29T01:30:00Z"));
    }

    #[test]
    fn posting_is_once_a_day_and_never_yesterdays() {
        let zone = tz("Asia/Tokyo");
        let nine = parse_time("09:00").expect("time");
        // Before 09:00 Tokyo: wait for it.
        let early = ms("2026-11-22T23:00:00Z"); // 08:00 on the 23rd in Tokyo
        assert_eq!(
            post_due(early, nine, &zone, Some(date(2026, 11, 22))),
            PostDue::At(ms("2026-11-23T00:00:00Z"))
        );
        // After it, not yet posted: now, for today.
        let late = ms("2026-11-23T05:00:00Z");
        assert_eq!(
            post_due(late, nine, &zone, Some(date(2026, 11, 22))),
            PostDue::Now(date(2026, 11, 23))
        );
        // Posted: nothing until tomorrow's 09:00.
        assert_eq!(
            post_due(late, nine, &zone, Some(date(2026, 11, 23))),
            PostDue::At(ms("2026-11-24T00:00:00Z"))
        );
        // Down for three days: only today's is due, once.
        assert_eq!(
            post_due(late, nine, &zone, Some(date(2026, 11, 19))),
            PostDue::Now(date(2026, 11, 23))
        );
    }

    #[test]
    fn streaks() {
        let days: BTreeSet<Date> = [
            date(2026, 3, 1),
            date(2026, 3, 2),
            date(2026, 3, 3),
            date(2026, 3, 5),
            date(2026, 3, 6),
        ]
        .into_iter()
        .collect();
        assert_eq!(
            streak(&days, date(2026, 3, 6)),
            Streak {
                current: 2,
                best: 3,
                at_stake: false
            }
        );
        assert_eq!(
            streak(&days, date(2026, 3, 7)),
            Streak {
                current: 2,
                best: 3,
                at_stake: true
            }
        );
        assert_eq!(
            streak(&days, date(2026, 3, 8)),
            Streak {
                current: 0,
                best: 3,
                at_stake: false
            }
        );
        assert_eq!(
            streak(&BTreeSet::new(), date(2026, 3, 8)),
            Streak::default()
        );
    }

    #[test]
    fn equal_results_share_a_rank() {
        let e = |name: &str, solved, time, mistakes, hints| Entry {
            player: name.into(),
            name: name.into(),
            solved,
            time,
            mistakes,
            hints,
        };
        let ranked = rank(vec![
            e("dan", 1, 300_000, 0, 0),
            e("ann", 1, 200_400, 1, 0),
            e("bob", 1, 200_900, 1, 0),
            e("cat", 1, 200_000, 0, 0),
            e("eve", 2, 900_000, 5, 5),
        ]);
        let order: Vec<(usize, &str)> = ranked.iter().map(|(r, e)| (*r, e.name.as_str())).collect();
        assert_eq!(
            order,
            vec![(1, "eve"), (2, "cat"), (3, "ann"), (3, "bob"), (5, "dan")]
        );
    }

    #[test]
    fn settings_are_checked() {
        assert!(parse_time("9:05").is_ok());
        assert!(parse_time("24:00").unwrap_err().contains("HH:MM"));
        assert!(parse_time("nine").is_err());
        assert_eq!(parse_zone("Europe/Madrid"), Ok("Europe/Madrid".into()));
        assert!(parse_zone("Mars/Olympus").unwrap_err().contains("IANA"));
    }

    #[test]
    fn daily_seeds_differ_by_day_salt_and_attempt_and_never_drift() {
        let seed = |day, salt, attempt| puzzle_seed("guild:1", salt, day, attempt);
        let base = seed(date(2026, 1, 1), 7, 0);
        assert_ne!(base, seed(date(2026, 1, 2), 7, 0));
        assert_ne!(base, seed(date(2026, 1, 1), 8, 0));
        assert_ne!(base, seed(date(2026, 1, 1), 7, 1));
        // Stored puzzles make a changed seed harmless for past days, but a server's
        // upcoming puzzle must not change under it with a new build.
        assert_eq!(base, seed(date(2026, 1, 1), 7, 0));
        assert_eq!(base, 0xec93_99f0_485a_3e10_u64);
    }
}
