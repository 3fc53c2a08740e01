//! Commands as a player types them: `/sudoku new 40`, `move B7 4`, `new empty:52
//! difficulty:hard`, `/sudoku-daily setup channel:#daily time:09:00`.
//!
//! Driven by the [table](super::table): a word is either `key:value` for a named option or
//! a bare value that goes to the first option that can take it (a number to `empty`, `hard`
//! to `difficulty`). The last option of a command, when it is free text (moves, a grid, a
//! player's name), takes the rest of the line, newlines included. Anything that fits no
//! option, or an option given twice, is refused with a message that names the word.

use super::Command;
use super::table::{self, Args, CommandSpec, Family, OptionKind, OptionSpec, Value};

/// The longest excerpt of a player's input an error message quotes: enough to recognise
/// it, never enough to push the reason out of the message.
const EXCERPT: usize = 40;

pub(super) fn parse(text: &str) -> Result<Command, String> {
    let text = text.trim();
    let (spec, rest) = match strip_word(text, "/sudoku-daily") {
        Some(rest) => admin_command(rest)?,
        None => {
            let rest = text
                .strip_prefix("/sudoku")
                .or_else(|| text.strip_prefix('/'))
                .unwrap_or(text)
                .trim_start();
            // The admins' subcommands may be typed under /sudoku too: `daily setup ...`.
            let admin = strip_word(rest, "daily").and_then(|after| admin_command(after).ok());
            match admin {
                Some(found) => found,
                None if rest.is_empty() => return Ok(Command::Help),
                None => player_command(rest)?,
            }
        }
    };
    (spec.build)(&options(spec, rest)?)
}

/// `rest` without its first word when that word is `word` (any case).
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    let tail = &text[word.len()..];
    (head.eq_ignore_ascii_case(word) && (tail.is_empty() || tail.starts_with(char::is_whitespace)))
        .then(|| tail.trim_start())
}

fn admin_command(rest: &str) -> Result<(&'static CommandSpec, &str), String> {
    let admin = || table::table().iter().filter(|s| s.family == Family::Admin);
    admin()
        .find_map(|spec| strip_word(rest, spec.name).map(|after| (spec, after)))
        .ok_or_else(|| {
            let names: Vec<_> = admin().map(|s| format!("`{}`", s.name)).collect();
            format!(
                "`/sudoku-daily {}` is not a command: use {}",
                excerpt(rest),
                or_list(&names)
            )
        })
}

/// The player command `rest` starts with; the longest name wins (`daily play` over
/// `daily`).
fn player_command(rest: &str) -> Result<(&'static CommandSpec, &str), String> {
    table::table()
        .iter()
        .filter(|s| s.family == Family::Player)
        .flat_map(|spec| {
            std::iter::once(spec.name)
                .chain(spec.aliases.iter().copied())
                .filter_map(move |name| strip_word(rest, name).map(|after| (spec, name, after)))
        })
        .max_by_key(|(_, name, _)| name.len())
        .map(|(spec, _, after)| (spec, after))
        .ok_or_else(|| {
            let name = rest.split_whitespace().next().unwrap_or(rest);
            format!(
                "unknown command `{}`; the commands are: {}",
                excerpt(&name.to_ascii_lowercase()),
                table::player_commands().collect::<Vec<_>>().join(", ")
            )
        })
}

/// Reads the options of `spec` from the rest of the line.
fn options(spec: &CommandSpec, mut rest: &str) -> Result<Args, String> {
    let mut args = Args::default();
    loop {
        rest = rest.trim_start();
        if rest.is_empty() {
            return Ok(args);
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..end];
        let keyed = word.split_once(':').and_then(|(key, value)| {
            let i = spec.options.iter().position(|o| {
                o.name.eq_ignore_ascii_case(key)
                    || o.aliases.iter().any(|a| a.eq_ignore_ascii_case(key))
            })?;
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
            return Err(format!(
                "`{}`: {} is already given; give it once",
                excerpt(word),
                option.name
            ));
        }
        args.set(option.name, value_of(option, value, keyed.is_some(), word)?);
    }
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
fn bare_option(spec: &CommandSpec, word: &str, args: &Args) -> Result<usize, String> {
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
        return Err(format!(
            "`{}`: {} is already given; give it once",
            excerpt(word),
            spec.options[i].name
        ));
    }
    Err(not_an_option(spec, word))
}

fn looks_keyed(word: &str) -> bool {
    word.split_once(':').is_some_and(|(key, _)| {
        !key.is_empty() && key.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-')
    })
}

fn not_an_option(spec: &CommandSpec, word: &str) -> String {
    if spec.options.is_empty() {
        return format!(
            "`{}` takes no options; you wrote `{}` after it",
            spec.name,
            excerpt(word)
        );
    }
    let wanted: Vec<String> = spec.options.iter().map(described).collect();
    let examples: Vec<String> = spec.examples.iter().map(|e| format!("`{e}`")).collect();
    let mut message = format!(
        "`{}` is not an option of `{}`: give {}",
        excerpt(word),
        spec.name,
        or_list(&wanted)
    );
    if !examples.is_empty() {
        message.push_str(&format!(", e.g. {}", or_list(&examples)));
    }
    message
}

fn bare_fits(option: &OptionSpec, word: &str) -> bool {
    match &option.kind {
        OptionKind::Integer { .. } => word.parse::<i64>().is_ok(),
        OptionKind::Choice { accepts, .. } => accepts(word),
        OptionKind::Flag => {
            option.name.eq_ignore_ascii_case(word)
                || option.aliases.iter().any(|a| a.eq_ignore_ascii_case(word))
        }
        OptionKind::Text { .. } | OptionKind::User => true,
        OptionKind::Channel => {
            word.starts_with('#')
                || word.starts_with("<#")
                || word.bytes().all(|b| b.is_ascii_digit())
        }
    }
}

/// The option's value, checked against its kind.
fn value_of(option: &OptionSpec, value: &str, keyed: bool, word: &str) -> Result<Value, String> {
    let wrong = || format!("`{}`: give {}", excerpt(word), described(option));
    Ok(match &option.kind {
        OptionKind::Integer { .. } => Value::Integer(value.parse().map_err(|_| wrong())?),
        // A named value the table's own parse refuses is left to the command's `build`,
        // which knows what to say (daily setup lists the difficulties the core takes).
        OptionKind::Choice { .. } => Value::Text(value.to_string()),
        OptionKind::Flag if !keyed => Value::Flag(true),
        OptionKind::Flag => match value.to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" | "1" => Value::Flag(true),
            "false" | "no" | "off" | "0" => Value::Flag(false),
            _ => return Err(format!("`{}`: use on or off", excerpt(word))),
        },
        OptionKind::Text { max_len } => {
            let len = value.chars().count();
            if len > usize::from(*max_len) {
                return Err(format!(
                    "{} is {len} characters long; at most {max_len} fit",
                    option.name
                ));
            }
            Value::Text(value.to_string())
        }
        OptionKind::User | OptionKind::Channel => Value::Id(value.to_string()),
    })
}

/// "a difficulty (easy, medium, hard, expert, extreme)".
fn described(option: &OptionSpec) -> String {
    match &option.kind {
        OptionKind::Integer { min, max } => format!("{} ({min}-{max})", option.noun),
        OptionKind::Choice { choices, .. } => {
            let values: Vec<&str> = choices.iter().map(|(_, v)| v.as_str()).collect();
            format!("{} ({})", option.noun, values.join(", "))
        }
        _ => option.noun.to_string(),
    }
}

/// "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
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
        let e = parse("/sudoku new 40 hard easy").unwrap_err();
        assert!(
            e.contains("`easy`") && e.contains("difficulty is already given"),
            "{e}"
        );
        let e = parse("new 40 50").unwrap_err();
        assert!(e.contains("`50`"), "{e}");
        let e = parse("show me").unwrap_err();
        assert!(e.contains("`show` takes no options"), "{e}");
        let e = parse("daily setup color:red").unwrap_err();
        assert!(e.contains("`color:red` is not an option of `setup`"), "{e}");
        let e = parse("/sudoku-daily dance").unwrap_err();
        assert!(e.contains("use `setup` or `off`"), "{e}");
        let e = parse("leaderboard yesterday").unwrap_err();
        assert!(e.contains("today, week, all-time"), "{e}");
    }

    #[test]
    fn quoted_input_is_short_and_cannot_break_the_markdown() {
        let long = format!("new {}", "`x".repeat(3000));
        let e = parse(&long).unwrap_err();
        assert!(
            e.len() < 300 && e.contains("is not an option of `new`"),
            "{e}"
        );
        assert_eq!(e.matches('`').count() % 2, 0, "{e}");
        let e = parse(&format!("{} 4", "q".repeat(5000))).unwrap_err();
        assert!(e.len() < 300, "{e}");
    }

    #[test]
    fn text_longer_than_discord_allows_is_refused() {
        let e = parse(&format!("solve {}", "1".repeat(5000))).unwrap_err();
        assert!(e.contains("at most 1900"), "{e}");
    }
}
