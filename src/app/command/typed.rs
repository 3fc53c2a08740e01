//! Commands as a player types them: `/sudoku new 40`, `move B7 4`, `new empty:52
//! difficulty:hard`, `/sudoku-daily setup channel:#daily time:09:00`.
//!
//! Driven by the [table](super::table): a word is either `key:value` for a named option or
//! a bare value that goes to the first option that can take it (a number to `empty`, `hard`
//! to `difficulty`). The last option of a command, when it is free text (moves, a grid, a
//! player's name), takes the rest of the line, newlines included. Anything that fits no
//! option, or an option given twice, is refused with a message that names the word.

use super::Command;
use super::names::{self, folded};
use super::table::{self, Args, CommandSpec, Family, OptionKind, OptionSpec, Value};
use super::unreadable::{Part, Unreadable};

/// The longest excerpt of a player's input an error message quotes: enough to recognise
/// it, never enough to push the reason out of the message.
const EXCERPT: usize = 40;

pub(super) fn parse(text: &str) -> Result<Command, Unreadable> {
    let text = text.trim();
    let (spec, rest) = match strip_name(text, "/sudoku-daily") {
        Some(rest) => admin_command(rest)?,
        None => {
            let rest = text
                .strip_prefix("/sudoku")
                .or_else(|| text.strip_prefix('/'))
                .unwrap_or(text)
                .trim_start();
            // The admins' subcommands may be typed under /sudoku too: `daily setup ...`.
            let admin = strip_name(rest, "daily").and_then(|after| admin_command(after).ok());
            match admin {
                Some(found) => found,
                None if rest.is_empty() => return Ok(Command::Help),
                None => player_command(rest)?,
            }
        }
    };
    (spec.build)(&options(spec, rest)?)
}

/// `text` without its first words when they are `name` (any case, accents optional:
/// `clasificacion` is `clasificación`); `name` may be two words (`give up`).
fn strip_name<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = text;
    for part in name.split(' ') {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        if folded(&rest[..end]) != folded(part) {
            return None;
        }
        rest = rest[end..].trim_start();
    }
    Some(rest)
}

/// `/sudoku new`, `/sudoku-daily setup`: how a message names a subcommand (the core
/// says it in the reader's names).
fn mention(spec: &CommandSpec) -> String {
    format!("/{} {}", spec.family.command(), spec.name)
}

fn admin_command(rest: &str) -> Result<(&'static CommandSpec, &str), Unreadable> {
    let admin = || table::table().iter().filter(|s| s.family == Family::Admin);
    admin()
        .find_map(|spec| {
            names::command_names(spec)
                .find_map(|name| strip_name(rest, name).map(|after| (spec, after)))
        })
        .ok_or_else(|| {
            Unreadable::new("typed-not-admin-command")
                .with("typed", excerpt(rest))
                .with(
                    "commands",
                    Part::Or(admin().map(|s| format!("`{}`", mention(s))).collect()),
                )
        })
}

/// The player command `rest` starts with, by any of its names in any language; the
/// longest name wins (`daily play` over `daily`).
fn player_command(rest: &str) -> Result<(&'static CommandSpec, &str), Unreadable> {
    table::table()
        .iter()
        .filter(|s| s.family == Family::Player)
        .flat_map(|spec| {
            names::command_names(spec)
                .filter_map(move |name| strip_name(rest, name).map(|after| (spec, name, after)))
        })
        .max_by_key(|(_, name, _)| name.len())
        .map(|(spec, _, after)| (spec, after))
        .ok_or_else(|| {
            let name = rest.split_whitespace().next().unwrap_or(rest);
            Unreadable::new("typed-unknown-command")
                .with("typed", excerpt(&name.to_lowercase()))
                .with("commands", Part::Commands(Family::Player))
        })
}

/// Reads the options of `spec` from the rest of the line.
fn options(spec: &'static CommandSpec, mut rest: &str) -> Result<Args, Unreadable> {
    let mut args = Args::default();
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(args);
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        let keyed = word.split_once(':').and_then(|(key, value)| {
            let i = spec
                .options
                .iter()
                .position(|o| names::names_option(o, key))?;
            Some((i, key.len() + 1, value))
        });
        let (i, value) = match keyed {
            Some((i, skip, value)) => {
                if takes_rest(spec, i, &args) {
                    let value = rest[skip..].trim();
                    rest = "";
                    (i, value)
                } else {
                    rest = &rest[end..];
                    (i, value)
                }
            }
            None => {
                let i = bare_option(spec, word, &args)?;
                let rest_taking = takes_rest(spec, i, &args);
                // `color:red` is a key this command does not have, not a value; only free
                // text at the end (`move B7:4`) may contain such words.
                if !rest_taking && looks_keyed(word) {
                    return Err(not_an_option(spec, word));
                }
                if rest_taking {
                    let value = rest.trim();
                    rest = "";
                    (i, value)
                } else {
                    rest = &rest[end..];
                    (i, word)
                }
            }
        };
        let option = &spec.options[i];
        if args.get(option.name).is_some() {
            return Err(given_twice(option, word));
        }
        args.set(option.name, value_of(option, value, keyed.is_some(), word)?);
    }
}

fn given_twice(option: &OptionSpec, word: &str) -> Unreadable {
    Unreadable::new("typed-given-twice")
        .with("typed", excerpt(word))
        .with("option", Part::Option(option.name))
}

/// Free text at the end of a command takes the rest of the line, once every other
/// free-text option has its word: `note B7 257`, `move B7 4, C3 5`, a pasted grid.
fn takes_rest(spec: &CommandSpec, i: usize, args: &Args) -> bool {
    let free = |o: &OptionSpec| matches!(o.kind, OptionKind::Text { .. } | OptionKind::User);
    i + 1 == spec.options.len()
        && free(&spec.options[i])
        && spec
            .options
            .iter()
            .enumerate()
            .all(|(j, o)| j == i || !free(o) || args.get(o.name).is_some())
}

/// The option a bare word is for: the first one still open that can take it.
fn bare_option(spec: &'static CommandSpec, word: &str, args: &Args) -> Result<usize, Unreadable> {
    let fits: Vec<usize> = (0..spec.options.len())
        .filter(|&i| bare_fits(&spec.options[i], word))
        .collect();
    if let Some(&i) = fits
        .iter()
        .find(|&&i| args.get(spec.options[i].name).is_none())
    {
        return Ok(i);
    }
    if let Some(&i) = fits.first() {
        return Err(given_twice(&spec.options[i], word));
    }
    Err(not_an_option(spec, word))
}

fn looks_keyed(word: &str) -> bool {
    word.split_once(':').is_some_and(|(key, _)| {
        !key.is_empty() && key.chars().all(|c| c.is_alphabetic() || c == '-')
    })
}

fn not_an_option(spec: &CommandSpec, word: &str) -> Unreadable {
    if spec.options.is_empty() {
        return Unreadable::new("typed-takes-no-options")
            .with("command", mention(spec))
            .with("typed", excerpt(word));
    }
    // Each option's noun, with its values or range.
    let wanted = spec.options.iter().map(|o| (o.name, true)).collect();
    let examples: Vec<String> = spec.examples.iter().map(|e| format!("`{e}`")).collect();
    let unreadable = if examples.is_empty() {
        Unreadable::new("typed-not-an-option")
    } else {
        Unreadable::new("typed-not-an-option-example").with("examples", Part::Or(examples))
    };
    unreadable
        .with("typed", excerpt(word))
        .with("command", mention(spec))
        .with("wanted", Part::Wanted(wanted))
}

fn bare_fits(option: &'static OptionSpec, word: &str) -> bool {
    match &option.kind {
        OptionKind::Integer { .. } => word.parse::<i64>().is_ok(),
        OptionKind::Choice { accepts, .. } => {
            accepts(word) || names::choice_named(option, word).is_some()
        }
        OptionKind::Flag => names::names_option(option, word),
        OptionKind::Text { .. } | OptionKind::User => true,
        OptionKind::Channel => {
            word.starts_with('#')
                || word.starts_with("<#")
                || word.bytes().all(|b| b.is_ascii_digit())
        }
    }
}

/// The option's value, checked against its kind.
fn value_of(
    option: &'static OptionSpec,
    value: &str,
    keyed: bool,
    word: &str,
) -> Result<Value, Unreadable> {
    let wrong = || {
        Unreadable::new("typed-give")
            .with("typed", excerpt(word))
            .with("wanted", Part::Wanted(vec![(option.name, true)]))
    };
    Ok(match &option.kind {
        OptionKind::Integer { .. } => Value::Integer(value.parse().map_err(|_| wrong())?),
        // A named value the table's own parse refuses is left to the command's `build`,
        // which knows what to say (daily setup lists the difficulties the core takes).
        // A label in any language (`difícil`, `semana`) stands for its value.
        OptionKind::Choice { .. } => Value::Text(
            names::choice_named(option, value)
                .unwrap_or(value)
                .to_string(),
        ),
        OptionKind::Flag if !keyed => Value::Flag(true),
        OptionKind::Flag => match folded(value).as_str() {
            "true" | "yes" | "on" | "1" | "si" | "activado" | "activat" => Value::Flag(true),
            "false" | "no" | "off" | "0" | "desactivado" | "desactivat" => Value::Flag(false),
            _ => {
                return Err(Unreadable::new("typed-on-or-off")
                    .with("typed", excerpt(word))
                    .with("option", Part::Option(option.name)));
            }
        },
        OptionKind::Text { max_len } => {
            let len = value.chars().count();
            if len > usize::from(*max_len) {
                return Err(Unreadable::new("typed-too-long")
                    .with("option", Part::Option(option.name))
                    .with("length", len as i64)
                    .with("most", i64::from(*max_len)));
            }
            Value::Text(value.to_string())
        }
        OptionKind::User | OptionKind::Channel => Value::Id(value.to_string()),
    })
}

/// A short piece of what the player typed, safe to put between backticks.
pub fn excerpt(text: &str) -> String {
    crate::engine::parse::excerpt(text, EXCERPT)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Tier;
    use crate::engine::generator::Symmetry;

    #[test]
    fn words_go_to_the_option_that_takes_them() {
        assert_eq!(
            parse("/sudoku new hard 40 rot180"),
            Ok(Command::New {
                empty: Some(40),
                difficulty: Some(Tier::Hard),
                symmetry: Some(Symmetry::Rot180)
            })
        );
        assert_eq!(
            parse("note digits:257 cell:B7"),
            Ok(Command::Note {
                cell: "B7".into(),
                digits: "257".into(),
                target: None
            })
        );
        assert_eq!(
            parse("submit grid:1 2 3\n4 5 6"),
            Ok(Command::Submit {
                grid: "1 2 3\n4 5 6".into()
            })
        );
        assert_eq!(parse("Give Up"), parse("giveup"));
        assert_eq!(parse("daily play"), Ok(Command::Daily));
        assert_eq!(parse("/sudoku daily off"), Ok(Command::DailyOff));
        assert_eq!(
            parse("/sudoku-daily setup tz:Asia/Tokyo channel:<#7> difficulty:hard"),
            Ok(Command::DailySetup {
                channel: Some("<#7>".into()),
                time: None,
                timezone: Some("Asia/Tokyo".into()),
                difficulty: Some("hard".into()),
                language: None,
            })
        );
        assert!(matches!(
            parse("check reveal:false"),
            Ok(Command::Check { reveal: false, .. })
        ));
    }

    #[test]
    fn contradictions_and_strangers_are_refused_by_name() {
        let e = parse("/sudoku new 40 hard easy").unwrap_err().to_string();
        assert!(
            e.contains("`easy`") && e.contains("difficulty is already given"),
            "{e}"
        );
        let e = parse("new 40 50").unwrap_err().to_string();
        assert!(e.contains("`50`"), "{e}");
        let e = parse("show me").unwrap_err().to_string();
        assert!(e.contains("`/sudoku show` takes no options"), "{e}");
        let e = parse("daily setup color:red").unwrap_err().to_string();
        assert!(
            e.contains("`color:red` is not an option of `/sudoku-daily setup`"),
            "{e}"
        );
        let e = parse("/sudoku-daily dance").unwrap_err().to_string();
        assert!(
            e.contains("use `/sudoku-daily setup` or `/sudoku-daily off`"),
            "{e}"
        );
        let e = parse("leaderboard yesterday").unwrap_err().to_string();
        assert!(e.contains("today, week, all-time"), "{e}");
    }

    #[test]
    fn quoted_input_is_short_and_cannot_break_the_markdown() {
        let long = format!("new {}", "`x".repeat(3000));
        let e = parse(&long).unwrap_err().to_string();
        assert!(
            e.len() < 300 && e.contains("is not an option of `/sudoku new`"),
            "{e}"
        );
        assert_eq!(e.matches('`').count() % 2, 0, "{e}");
        let e = parse(&format!("{} 4", "q".repeat(5000)))
            .unwrap_err()
            .to_string();
        assert!(e.len() < 300, "{e}");
    }

    #[test]
    fn text_longer_than_discord_allows_is_refused() {
        let e = parse(&format!("solve {}", "1".repeat(5000)))
            .unwrap_err()
            .to_string();
        assert!(e.contains("at most 1900"), "{e}");
    }

    #[test]
    fn every_languages_names_are_read_in_any_session() {
        assert_eq!(
            parse("/sudoku nuevo vacías:40 dificultad:hard"),
            parse("/sudoku new empty:40 difficulty:hard")
        );
        assert_eq!(parse("nou 40 hard"), parse("new 40 hard"));
        assert_eq!(parse("ESTADISTICAS"), Ok(Command::Stats { player: None }));
        assert_eq!(parse("comprobar mostrar"), parse("check show"));
        assert_eq!(
            parse("ajustes comprobar-al-jugar:no"),
            parse("settings check-as-you-go:off")
        );
        assert_eq!(
            parse("/sudoku-daily configurar canal:#diario hora:9am zona-horaria:Madrid"),
            parse("/sudoku-daily setup channel:#diario time:9am timezone:Madrid")
        );
        assert!(parse("rendir-se").is_ok() && parse("olvidame").is_ok());
        // Choice values by their labels in any language.
        assert_eq!(parse("nuevo 30 difícil"), parse("new 30 hard"));
        assert_eq!(parse("clasificacion semana"), parse("leaderboard week"));
        assert_eq!(parse("classificacio curses"), parse("leaderboard races"));
        assert_eq!(
            parse("preferencies tauler:imatge"),
            parse("settings board:image")
        );
        assert_eq!(parse("coop pista"), parse("coop hint"));
        // An English label's last word is no value: `settings language` is refused, not
        // `language:auto`.
        assert!(parse("settings language").is_err());
        assert!(parse("leaderboard time").is_err());
    }

    #[test]
    fn a_refusal_is_said_in_the_readers_language_and_names() {
        use crate::app::command::names::in_names;
        use crate::app::i18n::Lang;
        let e = parse("/sudoku nuevo 40 rojo:5").unwrap_err();
        let said = in_names(&e.said(Lang::Es, Lang::Es), Lang::Es).into_owned();
        assert!(
            said.contains("`rojo:5` no es una opción de `/sudoku nuevo`")
                && said.contains("un número de casillas vacías (1-64), una dificultad (fácil, medio, difícil, experto, extremo)")
                && said.contains("`/sudoku nuevo 40`"),
            "{said}"
        );
        // The values a choice takes, as a typist of the reader's language writes them.
        let e = parse("nuevo 30 dificultad:imposible").unwrap_err();
        assert_eq!(
            e.said(Lang::Es, Lang::Es),
            "`imposible` no es una dificultad: usa fácil, medio, difícil, experto, extremo"
        );
        let e = parse("settings board:foto").unwrap_err();
        assert_eq!(
            e.said(Lang::Ca, Lang::En),
            "`foto` no és text o imatge: fes servir text, imatge"
        );
        // A Catalan player whose Discord is in Spanish: Catalan words, Spanish names.
        let e = parse("new 40 difficulty:easy dificultad:hard").unwrap_err();
        assert_eq!(
            e.said(Lang::Ca, Lang::Es),
            "`dificultad:hard`: ja has indicat l'opció `dificultad`; posa-la només una vegada"
        );
        let e = parse("dance").unwrap_err();
        assert!(
            e.said(Lang::Es, Lang::Es)
                .contains("nuevo, ver, poner, anotar"),
            "{e}"
        );
        // A co-op action that is none lists the actions as the reader types them.
        let e = parse("coop bailar B7 4").unwrap_err();
        let said = e.said(Lang::Es, Lang::Es);
        assert!(said.contains("poner, anotar"), "{said}");
        assert!(!said.contains("move"), "{said}");
        let said = parse("coop dance").unwrap_err().said(Lang::Ca, Lang::Ca);
        assert!(said.contains("posar"), "{said}");
        assert!(!said.contains("move"), "{said}");
    }
}
