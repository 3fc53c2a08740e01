//! The subcommands' and options' names in every language: what a Spanish Discord shows in
//! its command picker (`/sudoku nuevo vacías:40`), what a typist may write in the
//! terminal, and how replies name commands to the reader.
//!
//! Discord always sends the English names back, whatever its client showed, so the core
//! keeps working in English names; the catalogues' `name-{subcommand}` and
//! `option-{option}` say the rest. Replies are written with English names
//! (`/sudoku new 40`), and [`in_names`] rewrites every `/sudoku …` mention into the names
//! its reader sees, so a Catalan player whose Discord is in Spanish reads Catalan words
//! around the Spanish names their command picker shows.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use super::table::{CommandSpec, Family, OptionKind, OptionSpec, find_option, table};
use crate::app::i18n::{Lang, text};

/// Every name by language: `(lang, "name-new")` → `nuevo`.
struct Names(HashMap<(Lang, String), String>);

fn names() -> &'static Names {
    static NAMES: LazyLock<Names> = LazyLock::new(|| {
        let mut map = HashMap::new();
        for lang in Lang::ALL {
            for spec in table() {
                let key = format!("name-{}", spec.name);
                map.insert((lang, key.clone()), text(lang, &key, &[]));
                for option in &spec.options {
                    let key = format!("option-{}", option.name);
                    map.insert((lang, key.clone()), text(lang, &key, &[]));
                    if let OptionKind::Choice { choices, .. } = &option.kind {
                        for (_, value) in choices {
                            let key = format!("choice-{}-{value}", option.name);
                            map.insert((lang, key.clone()), text(lang, &key, &[]));
                        }
                    }
                }
            }
        }
        Names(map)
    });
    &NAMES
}

fn lookup(lang: Lang, key: &str, english: &'static str) -> &'static str {
    match names().0.get(&(lang, key.to_string())) {
        Some(name) if !name.is_empty() => name,
        _ => english,
    }
}

/// What `spec` is called in `lang`: `nuevo` for `new` in Spanish.
pub fn command_name(spec: &'static CommandSpec, lang: Lang) -> &'static str {
    lookup(lang, &format!("name-{}", spec.name), spec.name)
}

/// What `option` is called in `lang`: `vacías` for `empty` in Spanish.
pub fn option_name(option: &'static OptionSpec, lang: Lang) -> &'static str {
    lookup(lang, &format!("option-{}", option.name), option.name)
}

/// What the option called `name` (in English) is called in `lang`.
pub fn option_called(name: &str, lang: Lang) -> &'static str {
    find_option(name).map_or("", |option| option_name(option, lang))
}

pub use crate::engine::parse::folded;

/// Every name `spec` goes by in any language, English first (then its aliases).
pub fn command_names(spec: &'static CommandSpec) -> impl Iterator<Item = &'static str> {
    std::iter::once(spec.name)
        .chain(spec.aliases.iter().copied())
        .chain(
            Lang::ALL
                .into_iter()
                .map(move |lang| command_name(spec, lang)),
        )
}

/// Every name `option` goes by in any language, English first (then its aliases).
pub fn option_names(option: &'static OptionSpec) -> impl Iterator<Item = &'static str> {
    std::iter::once(option.name)
        .chain(option.aliases.iter().copied())
        .chain(
            Lang::ALL
                .into_iter()
                .map(move |lang| option_name(option, lang)),
        )
}

/// The value of choice `option` a typist means by `word` in some language: a choice's
/// label as Discord shows it (`Difícil`, `Imatge`), or the last word of a two-word
/// Spanish or Catalan label (`semana` for `Esta semana`, `pista` for `pedir pista`).
/// Accents and case optional.
pub fn choice_named(option: &'static OptionSpec, word: &str) -> Option<&'static str> {
    let OptionKind::Choice { choices, .. } = &option.kind else {
        return None;
    };
    let word = folded(word.trim());
    choices.iter().find_map(|(_, value)| {
        let key = format!("choice-{}-{value}", option.name);
        Lang::ALL.into_iter().find_map(|lang| {
            let label = folded(names().0.get(&(lang, key.clone()))?);
            let words: Vec<&str> = label.split_whitespace().collect();
            // Not English labels' last words: "Discord's language" would make a bare
            // `language` mean `auto`, "All time" a bare `time` mean all-time.
            let named = label == word
                || (lang != Lang::En
                    && matches!(words.as_slice(), [_, last] if last.chars().count() >= 4 && *last == word));
            named.then_some(value.as_str())
        })
    })
}

/// What a typist of `lang` may write for each of `option`'s values, as a refusal lists
/// them: the label when it is one word (`difícil`, `imagen`), the last word of a
/// two-word Spanish or Catalan label (`semana` for "Esta semana", as [`choice_named`]
/// reads it), else the value itself (`rot180`, English's, and language codes: a label
/// English shares is a name). Empty for an option without choices.
pub fn choice_words(option: &'static OptionSpec, lang: Lang) -> Vec<String> {
    let OptionKind::Choice { choices, .. } = &option.kind else {
        return Vec::new();
    };
    choices
        .iter()
        .map(|(_, value)| {
            let key = format!("choice-{}-{value}", option.name);
            let english = names().0.get(&(Lang::En, key.clone()));
            // A label English shares is a name, not a translation ("Español" in every
            // language): its value is what every typist writes (`es`).
            let label = match names().0.get(&(lang, key)) {
                Some(label) if Some(label) != english => label.to_lowercase(),
                _ => return value.clone(),
            };
            let words: Vec<&str> = label.split_whitespace().collect();
            let word = match words.as_slice() {
                [one] => *one,
                [_, last] if last.chars().count() >= 4 => *last,
                _ => return value.clone(),
            };
            if word.chars().all(char::is_alphabetic) {
                word.to_string()
            } else {
                value.clone()
            }
        })
        .collect()
}

/// Whether `word` names `option` in some language (any case, accents optional).
pub fn names_option(option: &'static OptionSpec, word: &str) -> bool {
    let word = folded(word);
    option_names(option).any(|name| folded(name) == word)
}

/// `text` with every `/sudoku …` and `/sudoku-daily …` mention in the names a reader of
/// `names` sees: the subcommand, and, inside a code span (up to the closing backtick or
/// the line's end), the option keys after it (`empty:`, `[empty]`, `<moves>`, `@player`)
/// and a flag's bare word (`check show`). A code span that is only `key:value`
/// (`board:image`) names its key too. Other words stay as written: values, cells, and
/// a player's own words quoted back (`` `new` `` is not rewritten: only a mention is).
pub fn in_names(text: &str, names: Lang) -> Cow<'_, str> {
    if names == Lang::En || !text.contains(['`', '/']) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 32);
    for (inside, piece) in code_pieces(text) {
        if inside && !piece.starts_with('/') {
            out.push_str(&keyed_in_names(piece, names));
        } else {
            out.push_str(&mentions_in_names(piece, names, inside));
        }
    }
    if out == text {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(out)
    }
}

/// `text` cut at its backticks (each a piece of its own, outside), with whether each
/// piece is inside a code span. An escaped backtick (a display name's `\``) is text,
/// not a delimiter; a ``` block's lines count as inside.
fn code_pieces(text: &str) -> Vec<(bool, &str)> {
    let mut pieces = Vec::new();
    let mut inside = false;
    let mut start = 0;
    let mut escaped = false;
    for (at, c) in text.char_indices() {
        if c == '`' && !escaped {
            pieces.push((inside, &text[start..at]));
            pieces.push((false, "`"));
            start = at + 1;
            inside = !inside;
        }
        escaped = c == '\\' && !escaped;
    }
    pieces.push((inside, &text[start..]));
    pieces
}

/// A code span `key:value` (`board:image`) with an option's key in `names`.
fn keyed_in_names(piece: &str, names: Lang) -> String {
    match piece.split_once(':') {
        Some((key, value))
            if !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '-') =>
        {
            match option_called(key, names) {
                "" => piece.to_string(),
                name => format!("{name}:{value}"),
            }
        }
        _ => piece.to_string(),
    }
}

/// The `/sudoku …` mentions of `text` (no backticks in it) in `names`; in prose
/// (`in_span` false) only the subcommand, as the words after it are the sentence's.
fn mentions_in_names(text: &str, names: Lang, in_span: bool) -> String {
    const MENTION: &str = "/sudoku";
    let mut out = String::with_capacity(text.len() + 32);
    let mut rest = text;
    while let Some(at) = rest.find(MENTION) {
        let after = at + MENTION.len();
        out.push_str(&rest[..after]);
        rest = &rest[after..];
        let family = match rest.strip_prefix("-daily") {
            Some(tail) => {
                out.push_str("-daily");
                rest = tail;
                Family::Admin
            }
            None => Family::Player,
        };
        // The mention's words: up to the line's end or the next mention (the piece
        // ends at a backtick).
        let end = [rest.find('\n'), rest.find(MENTION)]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(rest.len());
        let span = &rest[..end];
        let said = if in_span {
            span_in_names(span, family, names)
        } else {
            // ` check to see…`: the name is the first word only.
            let name_end = span
                .char_indices()
                .skip(1)
                .find(|(_, c)| !(c.is_ascii_lowercase() || *c == '-'))
                .map_or(span.len(), |(at, _)| at);
            span_in_names(&span[..name_end], family, names).map(|name| name + &span[name_end..])
        };
        out.push_str(&said.unwrap_or_else(|| span.to_string()));
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// ` new 40 [difficulty]` after `/sudoku`, in `names`; `None` when it names no
/// subcommand of `family`.
fn span_in_names(span: &str, family: Family, names: Lang) -> Option<String> {
    let words = span.strip_prefix(' ')?;
    let name_end = words
        .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
        .unwrap_or(words.len());
    let spec = table()
        .iter()
        .find(|s| s.family == family && s.name == &words[..name_end])?;
    // A name, then a word boundary: `newer` is not `new`.
    if words[name_end..].starts_with(|c: char| c.is_alphanumeric() || c == '_') {
        return None;
    }
    let mut out = format!(" {}", command_name(spec, names));
    let mut rest = &words[name_end..];
    // Each later word: the option key it may start with after `[`, `<`, `[@` or `@`.
    while !rest.is_empty() {
        let gap = rest.len() - rest.trim_start().len();
        out.push_str(&rest[..gap]);
        rest = &rest[gap..];
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push_str(&word_in_names(&rest[..word_end], spec, names));
        rest = &rest[word_end..];
    }
    Some(out)
}

fn word_in_names(word: &str, spec: &'static CommandSpec, names: Lang) -> String {
    let key_start = word
        .find(|c: char| !matches!(c, '[' | '<' | '@'))
        .unwrap_or(word.len());
    let key_len = word[key_start..]
        .find(|c: char| !(c.is_ascii_lowercase() || c == '-'))
        .unwrap_or(word.len() - key_start);
    let key = &word[key_start..key_start + key_len];
    let after = &word[key_start + key_len..];
    // A key is followed by `:`, a closing bracket, or nothing (`[empty]`, `@player`); a
    // bare word with neither bracket nor `@` is a value (`show`, `hard`), left alone.
    let marked = key_start > 0 || after.starts_with(':');
    let ends_key = after.is_empty() || after.starts_with([':', ']', '>', '|']);
    // A flag's bare word turns it on (`check show`): it is the flag's name to a typist.
    if let Some(flag) = spec.options.iter().find(|o| {
        matches!(o.kind, OptionKind::Flag) && (o.name == word || o.aliases.contains(&word))
    }) {
        return option_name(flag, names).to_string();
    }
    match spec.options.iter().find(|o| o.name == key) {
        Some(option) if marked && ends_key && !key.is_empty() => format!(
            "{}{}{}",
            &word[..key_start],
            option_name(option, names),
            after
        ),
        _ => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a refusal lists for a choice, a typist can write back: in every language,
    /// each word reads as its own value.
    #[test]
    fn the_choice_words_a_refusal_lists_read_back_as_their_values() {
        let mut checked = 0;
        for option in table().iter().flat_map(|spec| &spec.options) {
            let OptionKind::Choice { choices, .. } = &option.kind else {
                continue;
            };
            for lang in Lang::ALL {
                let words = choice_words(option, lang);
                assert_eq!(words.len(), choices.len());
                for (word, (_, value)) in words.iter().zip(choices) {
                    assert_eq!(
                        choice_named(option, word).unwrap_or(word),
                        value,
                        "{lang:?} {}: {word}",
                        option.name
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 30, "{checked}");
        let words = |name, lang| choice_words(find_option(name).expect(name), lang).join(", ");
        assert_eq!(
            words("difficulty", Lang::Es),
            "fácil, medio, difícil, experto, extremo"
        );
        assert_eq!(words("board", Lang::Ca), "text, imatge");
        assert_eq!(
            words("period", Lang::Es),
            "hoy, semana, histórico, carreras"
        );
        assert_eq!(words("language", Lang::Es), "auto, en, es, ca");
        assert_eq!(
            words("difficulty", Lang::En),
            "easy, medium, hard, expert, extreme"
        );
    }

    /// Discord's rule for command and option names (in any locale): 1 to 32 characters,
    /// letters, digits, `-` and `_`, lowercase where the letter has a case.
    fn discord_accepts(name: &str) -> bool {
        (1..=32).contains(&name.chars().count())
            && name
                .chars()
                .all(|c| (c.is_alphanumeric() || c == '-' || c == '_') && !c.is_uppercase())
    }

    #[test]
    fn english_names_are_the_tables_and_every_name_is_one_discord_takes() {
        for spec in table() {
            assert_eq!(command_name(spec, Lang::En), spec.name);
            for option in &spec.options {
                assert_eq!(option_name(option, Lang::En), option.name);
            }
        }
        for lang in Lang::ALL {
            for family in [Family::Player, Family::Admin] {
                let specs: Vec<_> = table().iter().filter(|s| s.family == family).collect();
                let mut seen = std::collections::HashSet::new();
                for spec in &specs {
                    let name = command_name(spec, lang);
                    assert!(discord_accepts(name), "{}: {name:?}", lang.code());
                    assert!(seen.insert(name), "{}: {name} twice", lang.code());
                    let mut options = std::collections::HashSet::new();
                    for option in &spec.options {
                        let name = option_name(option, lang);
                        assert!(discord_accepts(name), "{}: {name:?}", lang.code());
                        assert!(options.insert(name), "{}: {name} twice", lang.code());
                    }
                }
            }
        }
    }

    /// The typed parser takes every language's names in any session, so no name of one
    /// subcommand (in any language, with its aliases, accents dropped) may be another's.
    #[test]
    fn no_name_in_any_language_is_another_commands() {
        for family in [Family::Player, Family::Admin] {
            let mut owner: HashMap<String, &str> = HashMap::new();
            for spec in table().iter().filter(|s| s.family == family) {
                for name in command_names(spec) {
                    let previous = owner.insert(folded(name), spec.name);
                    assert!(
                        previous.is_none_or(|p| p == spec.name),
                        "{name} names both {} and {}",
                        previous.unwrap_or_default(),
                        spec.name
                    );
                }
            }
        }
        for spec in table() {
            let mut owner: HashMap<String, &str> = HashMap::new();
            for option in &spec.options {
                for name in option_names(option) {
                    let previous = owner.insert(folded(name), option.name);
                    assert!(
                        previous.is_none_or(|p| p == option.name),
                        "{}: {name} names two options",
                        spec.name
                    );
                }
            }
        }
    }

    #[test]
    fn mentions_are_rewritten_into_the_readers_names_and_nothing_else() {
        let said = "Start with `/sudoku new 40`, or `/sudoku challenge @player [empty] [difficulty]`; \
                    admins: `/sudoku-daily setup channel:#daily time:09:00`. The new board.";
        assert_eq!(in_names(said, Lang::En), said);
        assert_eq!(
            in_names(said, Lang::Es),
            "Start with `/sudoku nuevo 40`, or `/sudoku desafío @jugador [vacías] [dificultad]`; \
             admins: `/sudoku-daily configurar canal:#daily hora:09:00`. The new board."
        );
        assert_eq!(
            in_names("`/sudoku move <moves>`: `B7 4`", Lang::Ca),
            "`/sudoku posar <jugades>`: `B7 4`"
        );
        // A flag's bare word is its name; unknown words stay; a mention may end the text.
        assert_eq!(
            in_names(
                "`/sudoku check show` or /sudoku dance, /sudoku daily. /sudoku",
                Lang::Es
            ),
            "`/sudoku comprobar mostrar` or /sudoku dance, /sudoku diario. /sudoku"
        );
        // A bare word in backticks is a player's own or a value: it stays. A lone
        // `key:value` span names its key.
        assert_eq!(
            in_names(
                "(`check show` says which; `new`; `B7 4`; `board:image`; `rows:9`)",
                Lang::Es
            ),
            "(`check show` says which; `new`; `B7 4`; `tablero:image`; `rows:9`)"
        );
        // In prose only the subcommand: the sentence's words are not options.
        assert_eq!(
            in_names("Use /sudoku check to see which are wrong.", Lang::Es),
            "Use /sudoku comprobar to see which are wrong."
        );
        // An escaped backtick (a display name) neither opens nor closes a span.
        assert_eq!(
            in_names("**a\\`b** won. Again: `/sudoku race 30`", Lang::Ca),
            "**a\\`b** won. Again: `/sudoku cursa 30`"
        );
        assert_eq!(
            in_names("```\nA  5 3 .\n```\n`/sudoku show`", Lang::Ca),
            "```\nA  5 3 .\n```\n`/sudoku veure`"
        );
        assert_eq!(
            in_names(
                "`/sudoku settings [check-as-you-go:on|off] [board:text|image]`",
                Lang::Es
            ),
            "`/sudoku ajustes [comprobar-al-jugar:on|off] [tablero:text|image]`"
        );
    }

    /// A typed word names at most one value of a choice, in every language.
    #[test]
    fn choice_labels_name_one_value_each() {
        for spec in table() {
            for option in &spec.options {
                let OptionKind::Choice { choices, .. } = &option.kind else {
                    continue;
                };
                for lang in Lang::ALL {
                    for (_, value) in choices {
                        let label = text(lang, &format!("choice-{}-{value}", option.name), &[]);
                        assert_eq!(
                            choice_named(option, &label),
                            Some(value.as_str()),
                            "{}: {label}",
                            lang.code()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_typist_may_leave_accents_out() {
        assert_eq!(folded("Clasificación"), "clasificacion");
        let stats = table().iter().find(|s| s.name == "stats").expect("stats");
        assert!(command_names(stats).any(|n| folded(n) == "estadisticas"));
    }
}
