//! What the bot says of the player's answer: check, hint, submit, give up.

use super::*;

pub fn check(
    app: &App,
    inv: &Invocation,
    reveal: bool,
    target: Option<Target>,
) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        let now = app.now();
        let mut record = resolve_active(tx, inv, target, now)?;
        // Without check-as-you-go this is when wrong digits show, and count.
        let counted = record.game.reveal_wrong();
        if counted > 0 {
            save(tx, &record)?;
        }
        let wrong = record.game.wrong_cells();
        let empty = record.game.remaining();
        let placed =
            Cell::all().any(|c| !record.game.is_given(c) && record.game.board.get(c).is_some());
        let lang = inv.lang;
        if !placed {
            return Ok(Reply::private(format!(
                "{}\n— {}",
                t!(lang, "check-nothing-placed", empty = empty),
                board::your_game(&record, lang)
            )));
        }
        let mut text = match (wrong.len(), reveal) {
            (0, _) => t!(lang, "check-all-right"),
            (n, false) => t!(lang, "check-wrong-count", count = n),
            (_, true) => t!(lang, "check-wrong-cells", cells = cell_list(&wrong)),
        };
        text.push(' ');
        text.push_str(&t!(lang, "check-empty", count = empty));
        if counted > 0 {
            // They are marked now: the board shows which, no `check show` needed.
            text.push(' ');
            text.push_str(&t!(
                lang,
                "check-now-marked",
                count = counted,
                mistakes = record.game.mistakes
            ));
        } else if !wrong.is_empty() && !reveal {
            text.push(' ');
            text.push_str(&t!(lang, "check-show-which"));
        }
        text.push_str(&format!("\n— {}", board::your_game(&record, lang)));
        Ok(Reply::private(text))
    })
}

pub fn hint(app: &App, inv: &Invocation, target: Option<Target>) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, target, now)?;
        if let Some(tag) = record.race {
            // A hint deep enough names the digit: in a race that would solve for you.
            return Err(user_error(t!(
                inv.lang,
                "hint-off-in-races",
                race = super::super::race::tag_name(tag, inv.lang)
            )));
        }
        let lang = inv.lang;
        record.game.active_at(now);
        let (hint, depth, counted) = record
            .game
            .hint(now)
            .map_err(|e| user_error(render::rule_error(&e, lang)))?;
        save(tx, &record)?;
        let mut text = match &hint {
            Hint::WrongEntries(cells) => t!(
                lang,
                "hint-wrong-first",
                cells = cell_list(cells),
                count = cells.len(),
                first = cells.first().map(|c| c.name()).unwrap_or_default()
            ),
            Hint::Solved => t!(lang, "hint-solved"),
            Hint::Next(_) | Hint::NoStepFound => crate::app::hints::hint_text(&hint, depth, lang),
        };
        if matches!(hint, Hint::WrongEntries(_)) && !record.game.check_as_you_go {
            // Named wrong digits count, as a check's do: else a hint would be a free check.
            text.push(' ');
            text.push_str(&t!(
                lang,
                "hint-wrong-counted",
                mistakes = record.game.mistakes
            ));
        }
        if matches!(hint, Hint::Next(_)) && depth != Depth::Step {
            text.push('\n');
            text.push_str(&t!(lang, "hint-ask-again"));
        }
        if !counted {
            // A double click, or an ask past the whole step: the player sees why nothing
            // new came, and that it cost nothing.
            text.push('\n');
            text.push_str(&t!(lang, "hint-same-again"));
        }
        let reply = Reply::private(format!(
            "{}\n— {}",
            t!(lang, "hint-said", hint = text),
            board::your_game(&record, lang)
        ));
        Ok(if matches!(hint, Hint::Next(_)) && depth != Depth::Step {
            reply.with_buttons(vec![Button {
                custom_id: custom_id(
                    "hint",
                    Target {
                        game: record.id,
                        version: record.game.version,
                    },
                ),
                label: t!(lang, "button-more-detail"),
                style: ButtonStyle::Primary,
            }])
        } else {
            reply
        })
    })
}

pub fn submit(app: &App, inv: &Invocation, text: &str) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, None, now)?;
        // Every action marks the time: a long pause before it counts at most five minutes.
        record.game.active_at(now);
        let lang = inv.lang;
        let grid = parse_grid(text).map_err(|e| {
            user_error(t!(
                lang,
                "submit-unreadable",
                why = render::parse_error(&e, lang)
            ))
        })?;
        let verdict = record
            .game
            .submit(&grid, now)
            .map_err(|e| user_error(render::rule_error(&e, lang)))?;
        match verdict {
            Submission::Solved => {
                save(tx, &record)?;
                let (headline, late) = solved_headline(tx, &record, lang, now)?;
                Ok(solved_reply(&record, inv, &headline, late, now))
            }
            Submission::GivensDiffer(cells) => Err(user_error(t!(
                lang,
                "submit-givens-differ",
                cells = cell_list(&cells[..cells.len().min(5)]),
                more = yes(cells.len() > 5)
            ))),
            Submission::Incorrect {
                wrong,
                missing,
                counted: from_grid,
            } => {
                // Without check-as-you-go a wrong submission is a check: the wrong digits
                // on the board now show and count (and that must be saved).
                let counted = record.game.reveal_wrong();
                if counted > 0 {
                    save(tx, &record)?;
                    return Ok(Reply::private(t!(
                        lang,
                        "submit-board-wrong",
                        count = counted,
                        mistakes = record.game.mistakes
                    )));
                }
                let what = t!(lang, "submit-what", wrong = wrong, missing = missing);
                // Wrong digits the grid's count told of count as mistakes, as a check's do.
                if from_grid > 0 {
                    // In a race they count towards the limit as placed digits do.
                    let out =
                        record.race.is_some() && race::apply_mistake_limit(&mut record.game, now);
                    save(tx, &record)?;
                    if out {
                        super::super::race::record_give_up(tx, &record, now)?;
                        return Ok(Reply::private(t!(
                            lang,
                            "submit-race-out",
                            what = what,
                            mistakes = record.game.mistakes,
                            race = board::game_name(&record, lang),
                            allowed = race::MISTAKE_LIMIT - 1
                        )));
                    }
                    return Ok(Reply::private(t!(
                        lang,
                        "submit-wrong-counted",
                        what = what,
                        mistakes = record.game.mistakes
                    )));
                }
                Err(user_error(t!(lang, "submit-not-solved", what = what)))
            }
        }
    })
}

pub fn give_up(
    app: &App,
    inv: &Invocation,
    target: Option<Target>,
    confirmed: bool,
) -> Result<Reply, Failure> {
    app.store().write(|tx| {
        // Read under the store's lock: times follow the order commands take effect.
        let now = app.now();
        let mut record = resolve_active(tx, inv, target, now)?;
        // Every action marks the time: a long pause before it counts at most five minutes.
        record.game.active_at(now);
        let lang = inv.lang;
        if !confirmed {
            if record.race.is_some() {
                return Ok(Reply::private(t!(
                    lang,
                    "giveup-race-ask",
                    race = board::game_name(&record, lang)
                ))
                .with_buttons(vec![Button {
                    custom_id: custom_id(
                        "giveup-yes",
                        Target {
                            game: record.id,
                            version: record.game.version,
                        },
                    ),
                    label: t!(lang, "button-yes-give-up"),
                    style: ButtonStyle::Danger,
                }]));
            }
            let t = Target {
                game: record.id,
                version: record.game.version,
            };
            let ask = if board::sealed(&record, now) {
                t!(lang, "giveup-daily-ask")
            } else {
                t!(lang, "giveup-ask")
            };
            return Ok(Reply::private(ask).with_buttons(vec![Button {
                custom_id: custom_id("giveup-yes", t),
                label: t!(lang, "button-yes-give-up"),
                style: ButtonStyle::Danger,
            }]));
        }
        check_fresh(&record, target, inv, now)?;
        record
            .game
            .give_up(now)
            .map_err(|e| user_error(render::rule_error(&e, lang)))?;
        save(tx, &record)?;
        super::super::race::record_give_up(tx, &record, now)?;
        if let Some(tag) = record.race {
            // The solution would be passed on to a team-mate still racing.
            let record = tx.game(record.id)?.unwrap_or(record);
            let sealed = record.race.is_some_and(|t| t.running);
            let headline = t!(
                lang,
                "giveup-race-done",
                race = super::super::race::tag_name(tag, lang),
                sealed = yes(sealed)
            );
            return Ok(board::reply_to(inv, &record, &headline, now));
        }
        if let Some(end) = record.daily_end.filter(|&end| now < end) {
            // Everyone plays this puzzle today: its solution waits for the day's end.
            let headline = t!(
                lang,
                "giveup-daily-done",
                at = format!("<t:{}:R>", end.div_euclid(1000))
            );
            return Ok(board::reply_to(inv, &record, &headline, now));
        }
        let reply = board::reply_to(inv, &record, &t!(lang, "giveup-done"), now);
        Ok(reply)
    })
}
