//! The rules of daily challenges: server days, when to post, streaks and rankings.
//!
//! A server's day runs from midnight to midnight in its own time zone, so days of 23 and
//! 25 hours exist; every computation goes through jiff with its bundled time-zone database
//! (the same answers on every machine). Time is a value passed in.

use std::collections::BTreeSet;
use std::fmt;

use jiff::Timestamp;
use jiff::civil::{Date, Time};
use jiff::tz::{TimeZone, TimeZoneDatabase};

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
    /// The language of its posts, as a code (`en`, `es`, `ca`): set with the daily.
    pub language: String,
    /// A change of time zone asked for while a day was running: it takes effect when
    /// that day ends, so a server's day is fixed once it has begun ([`ZoneChange`]).
    pub zone_change: Option<ZoneChange>,
}

/// A server's move to another time zone, from the end of the day that was running when
/// an admin asked for it. Until `from`, days run in the old zone; from then on in `to`,
/// with two guards that keep a switch from opening extra dailies: the day never goes
/// back (moving west extends the running day instead), and a new day never begins
/// less than [`MIN_DAY_MS`] after the one before it (moving east shortens nothing below
/// that). So every date still has exactly one daily, and no date is skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneChange {
    /// The new zone, an IANA name checked when set.
    pub to: String,
    /// When the old zone's running day ended: the new zone applies from here.
    pub from: Millis,
}

impl ZoneChange {
    /// From its two stored columns: a change only when both are set.
    pub fn stored(to: Option<String>, from: Option<Millis>) -> Option<ZoneChange> {
        to.zip(from).map(|(to, from)| ZoneChange { to, from })
    }
}

/// The shortest time between the starts of two consecutive server days: a time-zone
/// switch may shorten a day (moving east), never below this.
pub const MIN_DAY_MS: Millis = 20 * 3_600_000;

/// How long after a switch its guards can still matter: the capped days catch up with
/// the new zone's own within a few days (each capped day is 20 hours, each real one at
/// least 23), so after this the new zone alone says which day it is.
pub const ZONE_SETTLED_MS: Millis = 10 * 24 * 3_600_000;

impl Default for DailySettings {
    /// 09:00 UTC, Medium, not posted anywhere.
    fn default() -> Self {
        DailySettings {
            channel: None,
            time: Time::constant(9, 0, 0, 0),
            zone: "UTC".into(),
            difficulty: Tier::Medium,
            enabled: false,
            language: "en".into(),
            zone_change: None,
        }
    }
}

impl DailySettings {
    /// The time zone; UTC if the stored name is no longer known (it was checked when set).
    pub fn tz(&self) -> TimeZone {
        TimeZone::get(&self.zone).unwrap_or(TimeZone::UTC)
    }

    /// The zone `now` is in for this server: the new one once a change has begun.
    pub fn tz_at(&self, now: Millis) -> TimeZone {
        match &self.zone_change {
            Some(c) if now >= c.from => TimeZone::get(&c.to).unwrap_or(TimeZone::UTC),
            _ => self.tz(),
        }
    }

    /// The zone's name at `now` (see [`DailySettings::tz_at`]).
    pub fn zone_at(&self, now: Millis) -> &str {
        match &self.zone_change {
            Some(c) if now >= c.from => &c.to,
            _ => &self.zone,
        }
    }

    /// The last day of the old zone, when a change is set: the day running when the
    /// admin asked.
    fn last_old_day(&self) -> Option<(Date, Millis, TimeZone)> {
        let c = self.zone_change.as_ref()?;
        let to = TimeZone::get(&c.to).unwrap_or(TimeZone::UTC);
        Some((server_day(c.from - 1, &self.tz()), c.from, to))
    }

    /// The server day that `now` falls in. Without a zone change, the calendar day in the
    /// server's zone; across one, see [`ZoneChange`].
    pub fn day_at(&self, now: Millis) -> Date {
        match self.last_old_day() {
            Some((last, from, to)) if now >= from => {
                let cap = i64::from(last_to_days(last)) + 1 + (now - from) / MIN_DAY_MS;
                let own = i64::from(last_to_days(server_day(now, &to)));
                days_to_date(own.clamp(i64::from(last_to_days(last)), cap))
            }
            _ => server_day(now, &self.tz()),
        }
    }

    /// When `day` begins for this server: the first instant [`DailySettings::day_at`]
    /// says `day` or later.
    pub fn day_start(&self, day: Date) -> Millis {
        match self.last_old_day() {
            Some((last, from, to)) if day > last => {
                let after = i64::from(last_to_days(day)) - i64::from(last_to_days(last)) - 1;
                start_of_day(day, &to)
                    .max(from)
                    .max(from.saturating_add(after.saturating_mul(MIN_DAY_MS)))
            }
            _ => start_of_day(day, &self.tz()),
        }
    }

    /// When `day` ends for this server: the start of the day after it.
    pub fn day_end(&self, day: Date) -> Millis {
        self.day_start(day.tomorrow().unwrap_or(day))
    }

    /// The instant `day`'s daily is posted: its posting time in the zone of that day, and
    /// never before the day begins (a day shortened by a switch).
    pub fn post_at(&self, day: Date) -> Millis {
        post_instant(day, self.time, &self.zone_of_day(day)).max(self.day_start(day))
    }

    /// The zone that governs `day` (its posting time is read there).
    pub fn zone_of_day(&self, day: Date) -> TimeZone {
        match self.last_old_day() {
            Some((last, _, to)) if day > last => to,
            _ => self.tz(),
        }
    }

    /// These settings with the zone `zone` asked for at `now`: at once when no day has
    /// begun for the server yet (`running` false: it never had a daily), else from the
    /// end of the day running now. Refused (with when it may change again) while an
    /// earlier change is still settling, since its guards would be lost.
    pub fn switch_zone(&self, zone: String, now: Millis, running: bool) -> Result<Self, Millis> {
        let mut next = self.clone();
        match &self.zone_change {
            Some(c) if now >= c.from && now < c.from + ZONE_SETTLED_MS => {
                // The zone in force asked again (a setup changing something else): fine.
                if zone == c.to {
                    return Ok(self.clone());
                }
                return Err(c.from + ZONE_SETTLED_MS);
            }
            // Not begun yet: the new ask replaces it, from the same end of day.
            Some(c) if now < c.from => {
                next.zone_change = Some(ZoneChange {
                    to: zone,
                    from: c.from,
                });
                if next.zone_change.as_ref().is_some_and(|c| c.to == self.zone) {
                    next.zone_change = None;
                }
                return Ok(next);
            }
            // Settled: the new zone is simply the zone now.
            Some(c) => {
                next.zone = c.to.clone();
                next.zone_change = None;
            }
            None => {}
        }
        if zone == next.zone {
            return Ok(next);
        }
        if !running {
            next.zone = zone;
            return Ok(next);
        }
        let today = next.day_at(now);
        let from = next.day_end(today);
        next.zone_change = Some(ZoneChange { to: zone, from });
        Ok(next)
    }
}

/// Days since the epoch, for counting days across a switch.
fn last_to_days(day: Date) -> i32 {
    day.since(Date::constant(1970, 1, 1))
        .map_or(0, |span| span.get_days())
}

fn days_to_date(days: i64) -> Date {
    Date::constant(1970, 1, 1)
        .checked_add(jiff::Span::new().days(days))
        .unwrap_or(Date::MAX)
}

/// Why an admin's time or time zone could not be read. Each quotes a short excerpt of
/// what was typed (empty for an empty value; never with the player's backticks, which
/// would open a code span in a reply). The words are the app's, in the admin's
/// language; `Display` is the English, for logs and the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingError {
    NotATime(String),
    NotAnOffset(String),
    /// With the zones it may have meant.
    UnknownZone {
        found: String,
        near: Vec<String>,
    },
    /// A whole-hour offset the database has no fixed zone for.
    OffsetNotKept(String),
    /// An offset used only together with daylight saving: a city is needed.
    OffsetOnlyWithDst(String),
}

impl fmt::Display for SettingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let quoted = |t: &str| {
            if t.is_empty() {
                "An empty value".to_string()
            } else {
                format!("`{t}`")
            }
        };
        match self {
            SettingError::NotATime(t) => write!(
                f,
                "{} is not a time: use 24-hour HH:MM (`09:00`, `18:30`) or 12-hour (`9am`, `9:30pm`)",
                quoted(t)
            ),
            SettingError::NotAnOffset(t) => write!(
                f,
                "{} is not a UTC offset: write it as `UTC+2`, `GMT-5`, `+05:30` or `UTC+5:45` (from UTC-12 to UTC+14).",
                quoted(t)
            ),
            SettingError::UnknownZone { found, near } => {
                write!(f, "{} is not a time zone I know.", quoted(found))?;
                if !near.is_empty() {
                    let near: Vec<String> = near.iter().map(|z| format!("`{z}`")).collect();
                    write!(f, " Did you mean {}?", or_list(&near))?;
                }
                f.write_str(
                    " Use a city (`Madrid`, `New York`) or an IANA name such as `Europe/Madrid`, `America/New_York`, `Asia/Tokyo` or `UTC`.",
                )
            }
            SettingError::OffsetNotKept(offset) => {
                write!(f, "I can't keep {offset} as a time zone.")
            }
            SettingError::OffsetOnlyWithDst(offset) => write!(
                f,
                "{offset} is used only together with daylight saving, so it is not one fixed offset: name your city instead (`St Johns`, `Adelaide`, `Lord Howe`, `Chatham`) or its IANA name."
            ),
        }
    }
}

/// Reads a time of day: 24-hour `HH:MM` (`09:00`, `18:30`), or 12-hour with am/pm
/// (`9am`, `9 am`, `9:30 pm`, `12am` is midnight, `12pm` noon).
pub fn parse_time(text: &str) -> Result<Time, SettingError> {
    let bad = || SettingError::NotATime(excerpt(text));
    let lower = text.trim().to_ascii_lowercase();
    // "a.m." as some write it; the meridiem, if any, ends the text.
    let compact = lower.replace('.', "");
    let (clock, afternoon) = if let Some(rest) = compact.strip_suffix("am") {
        (rest.trim_end(), Some(false))
    } else if let Some(rest) = compact.strip_suffix("pm") {
        (rest.trim_end(), Some(true))
    } else {
        (compact.as_str(), None)
    };
    let (h, m) = match (clock.split_once(':'), afternoon) {
        (Some((h, m)), _) => (h, m),
        // "9am": the hour alone is enough when am or pm says which half of the day.
        (None, Some(_)) => (clock, "00"),
        (None, None) => return Err(bad()),
    };
    // Two digits at most, so that "+9" or "009" are not taken for times.
    let number = |t: &str| {
        (!t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse::<i8>().ok())
            .flatten()
    };
    let (Some(mut h), Some(m)) = (number(h), number(m)) else {
        return Err(bad());
    };
    if let Some(afternoon) = afternoon {
        // 12-hour clocks run 12, 1, ..., 11: 12am is 00:00 and 12pm is 12:00.
        if !(1..=12).contains(&h) {
            return Err(bad());
        }
        h = h % 12 + if afternoon { 12 } else { 0 };
    }
    if !(0..24).contains(&h) || !(0..60).contains(&m) {
        return Err(bad());
    }
    Time::new(h, m, 0, 0).map_err(|_| bad())
}

/// Finds a time zone by its IANA name (`Europe/Madrid`) or by its city, the name's last
/// part, written as people write it (`madrid`, `new york`, `New_York`), and returns its
/// IANA name. A near miss is answered with the names it may have meant.
///
/// Also a UTC offset as people write it, with the sign they mean (`GMT+2`, `UTC-5`,
/// `+05:30`, `UTC+5:45`: see [`parse_offset`]), kept as a zone without daylight saving;
/// and a common abbreviation (`PST`, `CET`, `IST`: see [`ABBREVIATIONS`]), read as the
/// place people mean by it, daylight saving included. These come before the database's
/// own names, where `EST` is a fixed UTC-5 and `Etc/GMT+2` is UTC-2.
pub fn parse_zone(text: &str) -> Result<String, SettingError> {
    let name = text.trim();
    if let Some(seconds) = parse_offset(name)? {
        return fixed_zone(seconds);
    }
    let upper = name.to_ascii_uppercase();
    if let Some((_, iana)) = ABBREVIATIONS.iter().find(|(a, _)| *a == upper) {
        return Ok((*iana).to_string());
    }
    if let Ok(tz) = TimeZone::get(name) {
        return Ok(tz.iana_name().unwrap_or(name).to_string());
    }
    let wanted = zone_key(name);
    // The bundled names: the same matches on every machine, whatever its system has.
    let names: Vec<String> = TimeZoneDatabase::bundled()
        .available()
        .map(|n| n.as_str().to_string())
        .collect();
    let city = |zone: &str| zone_key(zone.rsplit('/').next().unwrap_or(zone));
    let mut cities: Vec<&String> = names.iter().filter(|z| city(z) == wanted).collect();
    // A city under two names (`Europe/Istanbul` and `Asia/Istanbul`, or
    // `America/Argentina/Buenos_Aires` and the older `America/Buenos_Aires`) keeps the
    // same clock under both: the preferred area, then the longer (current) name.
    cities.sort_by_key(|z| {
        (
            zone_rank(z),
            std::cmp::Reverse(z.matches('/').count()),
            z.as_str(),
        )
    });
    if let Some(iana) = cities.into_iter().find_map(|z| {
        TimeZone::get(z)
            .ok()
            .and_then(|tz| tz.iana_name().map(str::to_string))
    }) {
        return Ok(iana);
    }
    let plain = |text: &str| crate::engine::parse::folded(&zone_key(text));
    if let Some((_, iana)) = CITIES.iter().find(|(city, _)| plain(city) == plain(name)) {
        return Ok((*iana).to_string());
    }
    Err(SettingError::UnknownZone {
        found: excerpt(name),
        near: near_zones(&wanted, &names)
            .iter()
            .map(|zone| zone.to_string())
            .collect(),
    })
}

/// Cities the time zone database does not name (it names one city per zone), where the
/// bot's languages are spoken: a Catalan admin types `Barcelona`. A name two places
/// share (Guadalajara in Spain and Mexico) is left out rather than guessed. Accents
/// are optional (`Malaga`).
const CITIES: &[(&str, &str)] = &[
    ("Barcelona", "Europe/Madrid"),
    ("Valencia", "Europe/Madrid"),
    ("València", "Europe/Madrid"),
    ("Sevilla", "Europe/Madrid"),
    ("Seville", "Europe/Madrid"),
    ("Zaragoza", "Europe/Madrid"),
    ("Málaga", "Europe/Madrid"),
    ("Bilbao", "Europe/Madrid"),
    ("Palma", "Europe/Madrid"),
    ("Girona", "Europe/Madrid"),
    ("Tarragona", "Europe/Madrid"),
    ("Lleida", "Europe/Madrid"),
    ("Alicante", "Europe/Madrid"),
    ("Las Palmas", "Atlantic/Canary"),
    ("Tenerife", "Atlantic/Canary"),
    ("Andorra la Vella", "Europe/Andorra"),
    ("Perpignan", "Europe/Paris"),
    ("Perpinyà", "Europe/Paris"),
    ("Ciudad de México", "America/Mexico_City"),
    ("Medellín", "America/Bogota"),
    ("Quito", "America/Guayaquil"),
    ("Valparaíso", "America/Santiago"),
    ("Rosario", "America/Argentina/Cordoba"),
];

/// Abbreviations read as the place people mean by them (the zone's daylight saving
/// included, so `PST` in July is Pacific Daylight Time). Where one is used for several
/// places the likeliest reader wins: `IST` India (not Ireland or Israel), `CST` the US
/// (not China), `BST` the UK.
pub const ABBREVIATIONS: &[(&str, &str)] = &[
    ("PST", "America/Los_Angeles"),
    ("PDT", "America/Los_Angeles"),
    ("PT", "America/Los_Angeles"),
    ("MST", "America/Denver"),
    ("MDT", "America/Denver"),
    ("MT", "America/Denver"),
    ("CST", "America/Chicago"),
    ("CDT", "America/Chicago"),
    ("CT", "America/Chicago"),
    ("EST", "America/New_York"),
    ("EDT", "America/New_York"),
    ("ET", "America/New_York"),
    ("AKST", "America/Anchorage"),
    ("AKDT", "America/Anchorage"),
    ("HST", "Pacific/Honolulu"),
    ("AST", "America/Halifax"),
    ("ADT", "America/Halifax"),
    ("NST", "America/St_Johns"),
    ("NDT", "America/St_Johns"),
    ("BRT", "America/Sao_Paulo"),
    ("ART", "America/Argentina/Buenos_Aires"),
    ("BST", "Europe/London"),
    ("WET", "Europe/Lisbon"),
    ("WEST", "Europe/Lisbon"),
    ("CET", "Europe/Paris"),
    ("CEST", "Europe/Paris"),
    ("EET", "Europe/Athens"),
    ("EEST", "Europe/Athens"),
    ("MSK", "Europe/Moscow"),
    ("WAT", "Africa/Lagos"),
    ("CAT", "Africa/Maputo"),
    ("EAT", "Africa/Nairobi"),
    ("SAST", "Africa/Johannesburg"),
    ("PKT", "Asia/Karachi"),
    ("IST", "Asia/Kolkata"),
    ("ICT", "Asia/Bangkok"),
    ("WIB", "Asia/Jakarta"),
    ("SGT", "Asia/Singapore"),
    ("HKT", "Asia/Hong_Kong"),
    ("PHT", "Asia/Manila"),
    ("JST", "Asia/Tokyo"),
    ("KST", "Asia/Seoul"),
    ("AWST", "Australia/Perth"),
    ("ACST", "Australia/Adelaide"),
    ("ACDT", "Australia/Adelaide"),
    ("AEST", "Australia/Sydney"),
    ("AEDT", "Australia/Sydney"),
    ("NZST", "Pacific/Auckland"),
    ("NZDT", "Pacific/Auckland"),
];

/// Offsets that are not whole hours, each kept as a zone that has had it all year round
/// (no daylight saving) for decades: the bundled database has no `Etc/` name for them.
/// Other such offsets (`-03:30`, `+10:30`) are used only with daylight saving: the
/// admin names the city.
const PART_HOUR_ZONES: &[(i32, &str)] = &[
    (-(9 * 3600 + 1800), "Pacific/Marquesas"),
    (3 * 3600 + 1800, "Asia/Tehran"),
    (4 * 3600 + 1800, "Asia/Kabul"),
    (5 * 3600 + 1800, "Asia/Kolkata"),
    (5 * 3600 + 2700, "Asia/Kathmandu"),
    (6 * 3600 + 1800, "Asia/Yangon"),
    (8 * 3600 + 2700, "Australia/Eucla"),
    (9 * 3600 + 1800, "Australia/Darwin"),
];

/// Reads a UTC offset as people write it: `GMT+2`, `UTC-5`, `UTC +5:45`, `+05:30`,
/// `-0300`, in seconds east of UTC: `GMT+2` is two hours ahead of UTC (the opposite of
/// the database's `Etc/GMT+2`). `Ok(None)` when the text is no offset at all (a zone
/// name); an error when it is one that does not exist (past UTC-12 or UTC+14).
pub fn parse_offset(text: &str) -> Result<Option<i32>, SettingError> {
    let lower = text.trim().to_ascii_lowercase();
    let rest = ["utc", "gmt"]
        .iter()
        .find_map(|p| lower.strip_prefix(p))
        .unwrap_or(&lower)
        .trim_start();
    let (sign, rest) = match rest.chars().next() {
        Some('+') => (1, &rest[1..]),
        // A minus as typed, or the typographic one (U+2212) some keyboards give.
        Some('-') => (-1, &rest[1..]),
        Some('\u{2212}') => (-1, &rest['\u{2212}'.len_utf8()..]),
        _ => return Ok(None),
    };
    let bad = || SettingError::NotAnOffset(excerpt(text));
    let rest = rest.trim();
    let digits = |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit());
    let (h, m) = match rest.split_once(':') {
        Some((h, m)) if digits(h) && m.len() == 2 && digits(m) => (h, m),
        Some(_) => return Err(bad()),
        // "+0530": hours and minutes without a colon.
        None if rest.len() == 4 && rest.bytes().all(|b| b.is_ascii_digit()) => {
            (&rest[..2], &rest[2..])
        }
        None if digits(rest) => (rest, "0"),
        None => return Err(bad()),
    };
    let (Ok(h), Ok(m)) = (h.parse::<i32>(), m.parse::<i32>()) else {
        return Err(bad());
    };
    let seconds = sign * (h * 3600 + m * 60);
    if m >= 60 || !(-12 * 3600..=14 * 3600).contains(&seconds) {
        return Err(bad());
    }
    Ok(Some(seconds))
}

/// The zone kept for a fixed offset: `Etc/GMT-2` for UTC+02:00 (the database's names
/// count the other way), `UTC` for UTC itself, or a zone without daylight saving that has
/// the offset all year.
fn fixed_zone(seconds: i32) -> Result<String, SettingError> {
    if seconds == 0 {
        return Ok("UTC".into());
    }
    if seconds % 3600 == 0 {
        let hours = seconds / 3600;
        // Etc/GMT-2 is two hours *ahead* of UTC: POSIX's sign, not the one people write.
        let name = format!(
            "Etc/GMT{}{}",
            if hours > 0 { '-' } else { '+' },
            hours.abs()
        );
        return TimeZone::get(&name)
            .map(|_| name)
            .map_err(|_| SettingError::OffsetNotKept(offset_text(seconds)));
    }
    match PART_HOUR_ZONES.iter().find(|(s, _)| *s == seconds) {
        Some((_, zone)) => Ok((*zone).to_string()),
        None => Err(SettingError::OffsetOnlyWithDst(offset_text(seconds))),
    }
}

/// `UTC+05:30`, `UTC-02:00`.
fn offset_text(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let s = seconds.abs();
    format!("UTC{sign}{:02}:{:02}", s / 3600, s / 60 % 60)
}

/// What a stored zone means, for the admin who set it: its IANA name, and for a zone
/// without daylight saving its offset: `Europe/Madrid`, `UTC+02:00, no daylight saving`
/// (a fixed offset), `Asia/Kolkata, UTC+05:30, no daylight saving`. Daylight saving is
/// looked for over the year from `now`.
pub fn describe_zone(name: &str, now: Millis) -> String {
    match zone_shown(name, now) {
        ZoneShown::Name(name) => name,
        ZoneShown::Fixed { name: None, offset } => format!("{offset}, no daylight saving"),
        ZoneShown::Fixed {
            name: Some(name),
            offset,
        } => format!("{name}, {offset}, no daylight saving"),
    }
}

/// A stored zone as an admin is told it: by its name, or, without daylight saving, by
/// its offset too (and by the offset alone for an `Etc/` zone, whose name reads
/// backwards). [`describe_zone`] says it in English; the app in the admin's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ZoneShown {
    Name(String),
    Fixed {
        name: Option<String>,
        offset: String,
    },
}

pub fn zone_shown(name: &str, now: Millis) -> ZoneShown {
    let Ok(tz) = TimeZone::get(name) else {
        return ZoneShown::Name(name.to_string());
    };
    let offset = |ms: Millis| {
        tz.to_offset(Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH))
            .seconds()
    };
    let month = 31 * 24 * 3_600_000;
    let first = offset(now);
    if (1..=12).any(|k| offset(now + k * month) != first) {
        return ZoneShown::Name(name.to_string());
    }
    if first == 0 && matches!(name, "UTC" | "Etc/UTC" | "GMT" | "Etc/GMT") {
        return ZoneShown::Name("UTC".to_string());
    }
    ZoneShown::Fixed {
        name: (!name.starts_with("Etc/")).then(|| name.to_string()),
        offset: offset_text(first),
    }
}

/// A zone name or city as compared: lower case, with spaces, hyphens and underscores
/// alike (`New York`, `new_york`, `new-york`).
fn zone_key(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| match c {
            ' ' | '-' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The continents first: `Europe/Istanbul` before `Asia/Istanbul`, both before legacy
/// names such as `US/Eastern` or `Etc/GMT+1`.
fn zone_rank(zone: &str) -> usize {
    const AREAS: [&str; 9] = [
        "Europe/",
        "America/",
        "Asia/",
        "Africa/",
        "Australia/",
        "Pacific/",
        "Atlantic/",
        "Indian/",
        "Antarctica/",
    ];
    AREAS
        .iter()
        .position(|area| zone.starts_with(area))
        .unwrap_or(AREAS.len())
}

/// Zone names close to `wanted` (by city or whole name), nearest first, at most three.
fn near_zones(wanted: &str, names: &[String]) -> Vec<String> {
    // No zone name is longer than this: a longer text is no typo of one. Three letters
    // or fewer are an abbreviation (`PST`), and any other one is one edit away.
    if !(4..=40).contains(&wanted.chars().count()) {
        return Vec::new();
    }
    // One slip per four letters, and at least one: "madird", "new yrok", "tokio".
    let allowed = (wanted.chars().count() / 4).max(1);
    let mut near: Vec<(usize, usize, &String)> = names
        .iter()
        .filter_map(|zone| {
            let whole = zone_key(zone);
            let city = whole.rsplit('/').next().unwrap_or(&whole);
            let d = edit_distance(wanted, city).min(edit_distance(wanted, &whole));
            (d <= allowed).then_some((d, zone_rank(zone), zone))
        })
        .collect();
    near.sort();
    let mut out: Vec<String> = Vec::new();
    for (_, _, zone) in near {
        // Two names of one city would read as a stutter.
        let city = zone.rsplit('/').next().unwrap_or(zone);
        if !out.iter().any(|o| o.rsplit('/').next() == Some(city)) {
            out.push(zone.clone());
        }
        if out.len() == 3 {
            break;
        }
    }
    out
}

/// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // d[i][j]: the distance between the first i of a and the first j of b.
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// "A", "A or B", "A, B or C".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// What a player typed, as an error message quotes it: in a code span, at most 24
/// characters (see [`excerpt`](crate::engine::parse::excerpt)).
/// A short excerpt of what was typed, without backticks; empty for an empty value.
fn excerpt(text: &str) -> String {
    crate::engine::parse::excerpt(text, 24)
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
pub fn post_due(now: Millis, settings: &DailySettings, last_posted: Option<Date>) -> PostDue {
    let today = settings.day_at(now);
    if last_posted.is_some_and(|d| d >= today) {
        let tomorrow = today.tomorrow().unwrap_or(today);
        return PostDue::At(settings.post_at(tomorrow));
    }
    let at = settings.post_at(today);
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
    /// Of those solves, how many were made without check-as-you-go (fewer mistakes show
    /// then: wrong digits count only when a check finds them).
    pub unchecked: u32,
    /// Of those solves, how many used auto-notes (the bot filled the candidates).
    pub auto_noted: u32,
    /// Of those solves, how many were faster than a person can solve
    /// ([`super::fair::human_floor`]): such an entry ranks after every verified one.
    pub unverified: u32,
}

/// What each mistake and each hint adds to a daily's ranked time: 30 seconds. Without it
/// guessing digits until none is wrong (check-as-you-go marks each at once) beat solving.
pub const PENALTY_MS: Millis = 30_000;

/// A daily's ranked time: the time from opening it to solving it, plus [`PENALTY_MS`]
/// per mistake and per hint.
pub fn ranked_time(time: Millis, mistakes: u32, hints: u32) -> Millis {
    time.saturating_add(PENALTY_MS.saturating_mul(i64::from(mistakes) + i64::from(hints)))
}

/// A day solved with this many mistakes or more ranks after every other result of the
/// day: the same line as a race's (a third mistake puts a racer out). The penalty alone
/// let a quick guesser who makes a handful of wrong guesses beat an honest nine minutes
/// (`tests/daily.rs`, a lucky guesser); past two slips, it is guessing.
pub const UNRANKED_MISTAKES: u32 = crate::game::race::MISTAKE_LIMIT;

impl Entry {
    /// A single day's result with [`UNRANKED_MISTAKES`] or more: listed, not ranked
    /// with the others.
    pub fn unranked(&self) -> bool {
        self.solved <= 1 && self.mistakes >= UNRANKED_MISTAKES
    }

    /// [`ranked_time`] over the period's solves.
    pub fn ranked(&self) -> Millis {
        ranked_time(self.time, self.mistakes, self.hints)
    }

    /// The order of merit: verified results first, then more solves, less ranked time,
    /// fewer mistakes, fewer hints.
    fn key(&self) -> (bool, std::cmp::Reverse<u32>, bool, Millis, u32, u32) {
        // Times count to the second, as shown: 4:12.3 and 4:12.9 tie.
        (
            self.unverified > 0,
            std::cmp::Reverse(self.solved),
            self.unranked(),
            self.ranked() / 1000,
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
mod tests;
