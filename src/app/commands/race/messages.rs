//! The race's public messages: the lobby and scoreboard while it runs, and its result.

use super::*;

/// A place as `lang` writes it: "1st", "1.º", "1r". The catalogue chooses by the
/// language's ordinal plural rules (English one, two, few: 1st, 2nd, 3rd, but 11th).
pub(crate) fn ordinal(n: u32, lang: Lang) -> String {
    use fluent_bundle::types::{FluentNumber, FluentNumberOptions, FluentNumberType};
    let place = FluentValue::from(FluentNumber::new(
        f64::from(n),
        FluentNumberOptions {
            r#type: FluentNumberType::Ordinal,
            ..Default::default()
        },
    ));
    t!(lang, "race-ordinal", place = place)
}

pub(super) fn who(tx: &Tx<'_>, player: &str, lang: Lang) -> Result<String, Failure> {
    if player.starts_with("(forgotten):") {
        // Someone who asked to be forgotten: their results stay, their name does not.
        return Ok(t!(lang, "race-former-player"));
    }
    Ok(escape_markdown(
        &tx.player_name(player)?
            .unwrap_or_else(|| player.to_string()),
    ))
}

/// "Medium, 45 empty".
pub(super) fn puzzle_line(race: &Race, lang: Lang) -> String {
    let empty = t!(lang, "race-empty", count = race.givens.empty_count());
    match race.difficulty {
        Some(tier) => t!(
            lang,
            "race-puzzle",
            tier = tier_name(Some(tier), lang),
            empty = empty
        ),
        None => empty,
    }
}

/// The race's public message as it stands: the lobby, the scoreboard, or how it ended. In
/// the race's language, whoever's press redrew it: it is the channel's message.
pub(crate) fn message(tx: &Tx<'_>, record: &RaceRecord, now: Millis) -> Result<Reply, Failure> {
    let lang = race_lang(record);
    let race = &record.race;
    let name = race_name(race, lang);
    let target = Target {
        game: record.id,
        version: race.version,
    };
    let button = |action: &str, label: String, style| Button {
        custom_id: button_id(action, target),
        label,
        style,
    };
    let host = who(tx, &race.host, lang)?;
    let rules = t!(lang, "race-rules");
    let reply = match race.status {
        RaceStatus::Lobby => {
            // "in 10 minutes": a clock reading ("in 9:42") does not read as a span.
            let minutes = ((race.created_at + LOBBY_TTL_MS - now).max(0) + 59_999) / 60_000;
            if let Some(opponent_id) = &race.opponent {
                let opponent = who(tx, opponent_id, lang)?;
                let host_rating = rating_text(tx, &record.place, &race.host, lang)?;
                let opponent_rating = rating_text(tx, &record.place, opponent_id, lang)?;
                let unrated = unrated_now(tx, record, now)?;
                let offer = t!(
                    lang,
                    "race-challenge-lobby",
                    race = name.as_str(),
                    host = host.as_str(),
                    host_rating = host_rating,
                    opponent = opponent.as_str(),
                    opponent_rating = opponent_rating,
                    puzzle = puzzle_line(race, lang),
                    rated = yes(unrated.is_none())
                );
                let mut answer = t!(
                    lang,
                    "race-challenge-answer",
                    opponent = opponent.as_str(),
                    minutes = minutes,
                    host = host.as_str()
                );
                if let Some(why) = unrated {
                    answer.push('\n');
                    answer.push_str(&unrated_text(why, lang));
                }
                Reply::public(format!("{offer}\n{answer}\n{rules}")).with_buttons(vec![
                    button(
                        "accept",
                        t!(lang, "race-button-accept"),
                        ButtonStyle::Primary,
                    ),
                    button(
                        "decline",
                        t!(lang, "race-button-decline"),
                        ButtonStyle::Secondary,
                    ),
                    button(
                        "cancel",
                        t!(lang, "race-button-withdraw"),
                        ButtonStyle::Danger,
                    ),
                ])
            } else {
                let mut names = Vec::new();
                for e in &race.entrants {
                    names.push(who(tx, &e.player, lang)?);
                }
                let head = t!(
                    lang,
                    "race-lobby",
                    race = name.as_str(),
                    puzzle = puzzle_line(race, lang),
                    host = host.as_str()
                );
                let players = t!(
                    lang,
                    "race-lobby-players",
                    count = race.entrants.len(),
                    capacity = race.capacity,
                    names = names.join(", ")
                );
                let join = if race.invited.is_some() {
                    t!(lang, "race-lobby-join-rematch")
                } else {
                    t!(lang, "race-lobby-join")
                };
                let start = if race.autostart {
                    t!(
                        lang,
                        "race-lobby-autostart",
                        capacity = race.capacity,
                        host = host.as_str()
                    )
                } else {
                    t!(lang, "race-lobby-host-starts", host = host.as_str())
                };
                let how = t!(lang, "race-lobby-how", minutes = minutes);
                Reply::public(format!("{head}\n{players}\n{join} {start} {how}\n{rules}"))
                    .with_buttons(vec![
                        button("join", t!(lang, "race-button-join"), ButtonStyle::Primary),
                        button(
                            "start",
                            t!(lang, "race-button-start"),
                            ButtonStyle::Secondary,
                        ),
                        button(
                            "leave",
                            t!(lang, "race-button-leave"),
                            ButtonStyle::Secondary,
                        ),
                        button(
                            "cancel",
                            t!(lang, "race-button-cancel"),
                            ButtonStyle::Danger,
                        ),
                    ])
            }
        }
        RaceStatus::Running | RaceStatus::Finished => {
            let mut text = scoreboard(tx, record, now, lang)?;
            if race.status == RaceStatus::Running {
                text.push('\n');
                text.push_str(&t!(lang, "race-racers-hint"));
                Reply::public(text).with_buttons(vec![button(
                    "board",
                    t!(lang, "button-my-board"),
                    ButtonStyle::Primary,
                )])
            } else {
                Reply::public(text)
            }
        }
        RaceStatus::Expired if race.is_challenge() => Reply::public(t!(
            lang,
            "race-challenge-lapsed",
            race = name.as_str(),
            elide = crate::app::render::elides(&host),
            host = host.as_str(),
            limit = duration(LOBBY_TTL_MS)
        )),
        RaceStatus::Expired => Reply::public(t!(
            lang,
            "race-lobby-expired",
            race = name.as_str(),
            limit = duration(LOBBY_TTL_MS)
        )),
        RaceStatus::Declined => {
            let opponent = who(tx, race.opponent.as_deref().unwrap_or_default(), lang)?;
            Reply::public(t!(
                lang,
                "race-challenge-declined",
                race = name.as_str(),
                opponent = opponent,
                elide = crate::app::render::elides(&host),
                host = host.as_str()
            ))
        }
        RaceStatus::Cancelled if race.is_challenge() => Reply::public(t!(
            lang,
            "race-challenge-withdrawn",
            race = name.as_str(),
            host = host.as_str()
        )),
        RaceStatus::Cancelled => Reply::public(t!(
            lang,
            "race-cancelled",
            race = name.as_str(),
            host = host.as_str()
        )),
    };
    // A lobby's players can open the Activity and wait there: their board appears when
    // the race starts; a running race's racers play it there.
    let reply = match race.status {
        RaceStatus::Lobby | RaceStatus::Running => reply.offering_play(lang),
        _ => reply,
    };
    Ok(reply.of_race(record.id))
}

/// One line per racer: place or progress, mistakes and hints; never a digit of a board.
pub(super) fn scoreboard(
    tx: &Tx<'_>,
    record: &RaceRecord,
    now: Millis,
    lang: Lang,
) -> Result<String, Failure> {
    let (mut text, rows) = standings_of(tx, record, now, lang)?;
    for (i, (name, detail)) in rows.iter().enumerate() {
        text.push_str(&format!("\n{}. **{name}**: {detail}", i + 1));
    }
    Ok(text)
}

/// The standings of race `id` (see [`standings_of`]) in `lang`; `None` when it no longer
/// exists.
pub(crate) fn standings_by_id(
    tx: &Tx<'_>,
    id: i64,
    now: Millis,
    lang: Lang,
) -> Result<Option<Standings>, Failure> {
    match tx.race(id)? {
        Some(record) => standings_of(tx, &record, now, lang).map(Some),
        None => Ok(None),
    }
}

/// A race's headline, and each entrant's name and state, best first.
pub(crate) type Standings = (String, Vec<(String, String)>);

/// The scoreboard's headline, and each entrant's name (markdown-escaped) and state, best
/// first: for the chat's scoreboard and the web board's side panel.
pub(crate) fn standings_of(
    tx: &Tx<'_>,
    record: &RaceRecord,
    now: Millis,
    lang: Lang,
) -> Result<Standings, Failure> {
    let race = &record.race;
    let games = entrant_games(tx, race)?;
    let started = race.started_at.unwrap_or(now);
    let clock = match race.status {
        RaceStatus::Running => t!(
            lang,
            "race-clock-running",
            time = duration(now - started),
            limit = duration(RACE_LIMIT_MS)
        ),
        _ => t!(
            lang,
            "race-clock-finished",
            time = duration(race.finished_at.unwrap_or(now) - started)
        ),
    };
    let text = format!(
        "**{}** · {} · {clock} · {}",
        race_name(race, lang),
        puzzle_line(race, lang),
        t!(lang, "race-scoreboard-rules", limit = MISTAKE_LIMIT)
    );
    let empty = race.givens.empty_count();
    let mut rows = Vec::new();
    for (entrant, game) in standings(race, |e| game_of(&games, e)) {
        let name = who(tx, &entrant.player, lang)?;
        let state = match (entrant.rank, game) {
            (Some(rank), Some(g)) => t!(
                lang,
                "race-row-placed",
                place = ordinal(rank, lang),
                time = duration(g.finished_at.unwrap_or(now) - started)
            ),
            (_, Some(g)) if is_out(g) => t!(lang, "race-row-out", count = g.mistakes),
            (_, Some(g)) if g.status == Status::GaveUp && timed_out(race, g) => t!(
                lang,
                "race-row-unfinished",
                filled = correct_cells(g),
                empty = empty
            ),
            (_, Some(g)) if g.status == Status::GaveUp => t!(lang, "race-row-gave-up"),
            (_, Some(g)) => {
                // Correct digits only: a wrong digit is no progress.
                let filled = correct_cells(g);
                if race.status == RaceStatus::Finished {
                    t!(lang, "race-row-unfinished", filled = filled, empty = empty)
                } else {
                    t!(lang, "race-row-filled", filled = filled, empty = empty)
                }
            }
            (_, None) => t!(lang, "race-row-no-board"),
        };
        let counts = match game {
            Some(g) if is_out(g) => String::new(),
            Some(g) => format!(
                " · {}",
                t!(
                    lang,
                    "race-row-mistakes",
                    count = g.mistakes,
                    limit = MISTAKE_LIMIT
                )
            ),
            None => String::new(),
        };
        let tags = tagged(entrant, game, lang);
        rows.push((name, format!("{state}{counts}{tags}")));
    }
    Ok((text, rows))
}

/// The result post of a finished race: the winner with the word "wins", the podium, and
/// for a challenge the new ratings. In the race's language: it is the channel's post.
pub(crate) fn result(tx: &Tx<'_>, record: &RaceRecord, now: Millis) -> Result<Reply, Failure> {
    let lang = race_lang(record);
    let race = &record.race;
    let name = race_name(race, lang);
    let games = entrant_games(tx, race)?;
    let started = race.started_at.unwrap_or(now);
    let mut text = match race.winner() {
        Some(w) => {
            let time = game_of(&games, w)
                .and_then(|g| g.finished_at)
                .map_or_else(|| "-".to_string(), |f| duration(f - started));
            let wins = t!(
                lang,
                "race-wins",
                player = who(tx, &w.player, lang)?,
                race = name.as_str(),
                time = time
            );
            let tags = tagged(w, game_of(&games, w), lang);
            format!("🏆 {wins}{tags}")
        }
        None if race.is_challenge()
            && untouched(race.entrants.iter().map(|e| game_of(&games, e))) =>
        {
            t!(
                lang,
                "race-result-aborted",
                race = name.as_str(),
                limit = duration(RACE_LIMIT_MS)
            )
        }
        None => t!(
            lang,
            "race-result-no-winner",
            race = name.as_str(),
            timed = yes(race.finished_at.unwrap_or(now) - started >= RACE_LIMIT_MS),
            limit = duration(RACE_LIMIT_MS)
        ),
    };
    let mut others = Vec::new();
    for (entrant, game) in standings(race, |e| game_of(&games, e)) {
        if entrant.rank == Some(1) {
            continue;
        }
        let name = who(tx, &entrant.player, lang)?;
        others.push(match (entrant.rank, game) {
            (Some(rank), Some(g)) => {
                let placed = t!(
                    lang,
                    "race-result-placed",
                    place = ordinal(rank, lang),
                    player = name,
                    time = duration(g.finished_at.unwrap_or(now) - started)
                );
                format!("{placed}{}", tagged(entrant, game, lang))
            }
            (_, Some(g)) if is_out(g) => {
                t!(lang, "race-result-out", player = name, count = g.mistakes)
            }
            (_, Some(g)) if g.status == Status::GaveUp && !timed_out(race, g) => {
                t!(lang, "race-result-gave-up", player = name)
            }
            _ => t!(lang, "race-result-unfinished", player = name),
        });
    }
    if !others.is_empty() {
        text.push('\n');
        text.push_str(&others.join(" · "));
    }
    let aborted = untouched(race.entrants.iter().map(|e| game_of(&games, e)));
    if race.is_challenge() && !aborted && race.entrants.iter().all(|e| e.rating_change.is_none()) {
        let at = race.finished_at.unwrap_or(now);
        if let Some(why) = unrated_now(tx, record, at)? {
            text.push('\n');
            text.push_str(&unrated_text(why, lang));
        }
    }
    if race.is_challenge() && race.entrants.iter().any(|e| e.rating_change.is_some()) {
        let mut ratings = Vec::new();
        for e in &race.entrants {
            let change = e
                .rating_change
                .map_or(String::new(), |c| format!(" ({c:+})"));
            ratings.push(format!(
                "{} {}{change}",
                who(tx, &e.player, lang)?,
                rating_text(tx, &record.place, &e.player, lang)?
            ));
        }
        text.push('\n');
        text.push_str(&t!(
            lang,
            "race-result-ratings",
            ratings = ratings.join(" · ")
        ));
    }
    let target = Target {
        game: record.id,
        version: race.version,
    };
    Ok(Reply::public(text)
        .with_buttons(vec![
            Button {
                custom_id: button_id("rematch", target),
                label: t!(lang, "race-button-rematch"),
                style: ButtonStyle::Primary,
            },
            Button {
                custom_id: button_id("share", target),
                label: t!(lang, "race-button-share"),
                style: ButtonStyle::Secondary,
            },
        ])
        .of_race(record.id))
}

/// A racer's game ended by the race's time limit (not given up by them).
pub(super) fn timed_out(race: &Race, game: &Game) -> bool {
    race.status == RaceStatus::Finished
        && race
            .started_at
            .zip(game.finished_at)
            .is_some_and(|(start, end)| end - start >= RACE_LIMIT_MS)
}

/// Why a challenge is not rated (or will not be), as of `now`: see [`unrated`].
pub(super) fn unrated_now(
    tx: &Tx<'_>,
    record: &RaceRecord,
    now: Millis,
) -> Result<Option<Unrated>, Failure> {
    let race = &record.race;
    let Some(opponent) = race.opponent.as_deref() else {
        return Ok(None);
    };
    let before = tx.rated_between(
        &record.place,
        &race.host,
        opponent,
        now - RATED_PAIR_WINDOW_MS,
    )?;
    Ok(unrated(race, before))
}

pub(super) fn unrated_text(why: Unrated, lang: Lang) -> String {
    t!(
        lang,
        "race-unrated-why",
        why = match why {
            Unrated::Small => "small",
            Unrated::Pair => "pair",
            Unrated::Unverified => "unverified",
            Unrated::Forgotten => "forgotten",
        },
        min = MIN_RATED_EMPTY,
        limit = RATED_PAIR_LIMIT
    )
}

/// "1523", "1500?" for a provisional rating, "unrated" before the first rated game.
pub(super) fn rating_text(
    tx: &Tx<'_>,
    place: &str,
    player: &str,
    lang: Lang,
) -> Result<String, Failure> {
    let (rating, games) = tx.rating(place, player)?;
    Ok(if games == 0 {
        t!(lang, "race-unrated")
    } else {
        show_rating(&rating)
    })
}

pub(super) fn show_rating(rating: &Rating) -> String {
    format!(
        "{:.0}{}",
        rating.rating,
        if rating.is_provisional() { "?" } else { "" }
    )
}
