//! Why typed words or an interaction's options are not a command. The parser runs before
//! anyone knows the reader's language (their settings are in the store), so it keeps the
//! message's id and parts, and the core says it ([`Unreadable::said`]) in the language of
//! whoever reads it.

use std::fmt;

use super::names::{choice_words, command_name, option_called};
use super::table::{Family, OptionKind, find_option, table};
use crate::app::i18n::{FluentValue, Lang, or_list, text};

/// A message of the catalogue with its parts, not yet in any language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    id: &'static str,
    parts: Vec<(&'static str, Part)>,
}

/// One placeable of an [`Unreadable`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// Said as written: the player's words, a command's mention.
    Text(String),
    /// A number (it may choose a plural variant).
    Number(i64),
    /// Alternatives said as the reader's language joins them: "a, b or c".
    Or(Vec<String>),
    /// What options take, as alternatives: each option's noun (`noun-{option}` in the
    /// catalogue), with its values or range when `true` and it has them: "a difficulty
    /// (easy, …)", "una dificultad (fácil, …)".
    Wanted(Vec<(&'static str, bool)>),
    /// An option's choice values, as a typist of the reader's language may write them
    /// ([`choice_words`]): "easy, medium, …", "fácil, medio, …".
    Values(&'static str),
    /// An option by its English name, said as the reader's Discord names it.
    Option(&'static str),
    /// Every subcommand of a family `/sudoku help` lists, by the reader's names.
    Commands(Family),
}

impl From<&str> for Part {
    fn from(text: &str) -> Part {
        Part::Text(text.to_string())
    }
}

impl From<String> for Part {
    fn from(text: String) -> Part {
        Part::Text(text)
    }
}

impl From<i64> for Part {
    fn from(number: i64) -> Part {
        Part::Number(number)
    }
}

impl Unreadable {
    /// The catalogue's message `id` (a literal: a test checks every such id is in the
    /// English catalogue).
    pub fn new(id: &'static str) -> Unreadable {
        Unreadable {
            id,
            parts: Vec::new(),
        }
    }

    /// With `$name` set to `part`.
    pub fn with(mut self, name: &'static str, part: impl Into<Part>) -> Unreadable {
        self.parts.push((name, part.into()));
        self
    }

    /// The message in `lang`, naming options as a reader of command names in `names`
    /// sees them (see [`super::names`]).
    pub fn said(&self, lang: Lang, names: Lang) -> String {
        let parts: Vec<(&str, FluentValue)> = self
            .parts
            .iter()
            .map(|(name, part)| {
                let value = match part {
                    Part::Text(text) => FluentValue::from(text.as_str()),
                    Part::Number(number) => FluentValue::from(*number),
                    Part::Commands(family) => FluentValue::from(
                        table()
                            .iter()
                            .filter(|s| s.family == *family && s.listed)
                            .map(|s| command_name(s, names))
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                    Part::Option(option) => FluentValue::from(option_called(option, names)),
                    Part::Or(items) => FluentValue::from(or_list(items, lang)),
                    Part::Values(option) => FluentValue::from(values(option, lang)),
                    Part::Wanted(options) => {
                        let items: Vec<String> = options
                            .iter()
                            .map(|(option, detailed)| {
                                let noun = noun(option, lang);
                                let detail = if *detailed {
                                    values(option, lang)
                                } else {
                                    String::new()
                                };
                                if detail.is_empty() {
                                    noun
                                } else {
                                    format!("{noun} ({detail})")
                                }
                            })
                            .collect();
                        FluentValue::from(or_list(&items, lang))
                    }
                };
                (*name, value)
            })
            .collect();
        text(lang, self.id, &parts)
    }
}

/// What option `name` takes, as a typist of `lang` writes it: its range ("1-64"), its
/// choices ("fácil, medio, …"), or nothing.
fn values(name: &str, lang: Lang) -> String {
    match find_option(name) {
        Some(option) => match &option.kind {
            OptionKind::Integer { min, max } => format!("{min}-{max}"),
            OptionKind::Choice { .. } => choice_words(option, lang).join(", "),
            _ => String::new(),
        },
        None => String::new(),
    }
}

/// What option `name` takes, as a noun: "a difficulty", "una dificultad".
pub fn noun(name: &str, lang: Lang) -> String {
    text(lang, &format!("noun-{name}"), &[])
}

/// English, as logs and tests read it.
impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.said(Lang::En, Lang::En))
    }
}

impl std::error::Error for Unreadable {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option's noun is in every catalogue, the English one as the table says it.
    #[test]
    fn every_option_has_its_noun_in_every_language() {
        for spec in table() {
            for option in &spec.options {
                assert_eq!(noun(option.name, Lang::En), option.noun, "{}", option.name);
                for lang in Lang::ALL {
                    assert!(!noun(option.name, lang).is_empty(), "{}", lang.code());
                }
            }
        }
    }
}
