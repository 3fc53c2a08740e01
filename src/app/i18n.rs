//! The player's language: the bot's words from Project Fluent catalogues, one file per
//! language under `locales/` (embedded in the binary), each with its own plural rules
//! and grammar. English is the catalogue every other is checked against (a test reads
//! them all), and the fallback for a word a catalogue lacks: a player never sees a key.
//!
//! Why Fluent (`fluent-bundle`, the Project Fluent team's own crate): a translator
//! writes a whole sentence with its placeables and plural variants in the file, instead
//! of the code gluing words around numbers, which no two languages do alike.
//!
//! Messages name commands in English (`/sudoku new [empty]`); replies say them in the
//! names the reader's Discord shows (`/sudoku nuevo [vacías]`: see
//! [`crate::app::command::names`]). Cell names are A–I, 1–9 in every language.

use std::sync::OnceLock;

pub use fluent_bundle::FluentValue;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

/// One file per family of messages, the same families in every language: translators
/// work on one family at a time, and a new family is one name here.
macro_rules! catalogue_files {
    ($code:literal) => {
        catalogue_files!(
            $code,
            "help",
            "commands",
            "settings",
            "common",
            "game",
            "board",
            "daily",
            "race",
            "coop",
            "hints",
            "solve",
            "player",
            "discord",
            "terminal",
            "web"
        )
    };
    ($code:literal, $($family:literal),+) => {
        &[$((
            concat!("locales/", $code, "/", $family, ".ftl"),
            include_str!(concat!("../../locales/", $code, "/", $family, ".ftl")),
        )),+]
    };
}

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    #[default]
    En,
    Es,
    Ca,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Es, Lang::Ca];

    /// Its BCP 47 code: `en`, `es`, `ca`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Ca => "ca",
        }
    }

    /// Its name in itself: what a player looks for in a list of languages.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
            Lang::Ca => "Català",
        }
    }

    /// The Discord locales a command's words in this language are registered for. None
    /// for English (every client's fallback) and for Catalan (Discord has no Catalan
    /// locale: Catalan players choose it in their settings).
    pub fn discord_locales(self) -> &'static [&'static str] {
        match self {
            Lang::Es => &["es-ES", "es-419"],
            Lang::En | Lang::Ca => &[],
        }
    }

    /// The language of the command names a channel's readers of this language see in
    /// Discord's command picker: its own where Discord has its locale, else the default
    /// English names (the ones every client can type).
    pub fn names_shown(self) -> Lang {
        if self.discord_locales().is_empty() {
            Lang::En
        } else {
            self
        }
    }

    /// The language of a Discord locale (`es-ES`, `es-419`, `en-US`); `None` for one the
    /// bot does not speak. Discord has no Catalan locale: Catalan players choose it in
    /// their settings.
    pub fn from_discord(locale: &str) -> Option<Lang> {
        // A browser's may be any case (`ES-es`); Discord's are as above.
        match locale
            .split('-')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
            .as_str()
        {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            "ca" => Some(Lang::Ca),
            _ => None,
        }
    }

    /// A language as a player names it: `es`, `español`, `spanish`, `ca`, `català`…
    pub fn parse(word: &str) -> Option<Lang> {
        match word.trim().to_lowercase().as_str() {
            "en" | "english" | "inglés" | "ingles" | "anglès" | "angles" => Some(Lang::En),
            "es" | "español" | "espanol" | "spanish" | "castellano" | "castellà" => {
                Some(Lang::Es)
            }
            "ca" | "català" | "catala" | "catalan" | "catalán" => Some(Lang::Ca),
            _ => None,
        }
    }

    /// Its catalogue, file by file (`locales/{code}/{family}.ftl`).
    fn sources(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Lang::En => catalogue_files!("en"),
            Lang::Es => catalogue_files!("es"),
            Lang::Ca => catalogue_files!("ca"),
        }
    }
}

struct Catalogue {
    bundles: Vec<(Lang, FluentBundle<FluentResource>)>,
}

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| Catalogue {
        bundles: Lang::ALL
            .into_iter()
            .map(|lang| (lang, bundle(lang)))
            .collect(),
    })
}

/// `lang`'s catalogue. A syntax error in a file is a bug the catalogue test catches; the
/// entries that did parse are still used (the rest fall back to English).
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id = lang
        .code()
        .parse::<unic_langid::LanguageIdentifier>()
        .unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows text as it is: no Unicode isolation marks around placeables.
    bundle.set_use_isolating(false);
    for (_, source) in lang.sources() {
        let resource = FluentResource::try_new(source.to_string())
            .unwrap_or_else(|(partial, _errors)| partial);
        let _ = bundle.add_resource(resource);
    }
    bundle
}

/// The words `id` stands for in `lang`, with `args` in their places; English when `lang`
/// lacks them.
pub fn text(lang: Lang, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        fluent_args.set(*name, value.clone());
    }
    let args = (!args.is_empty()).then_some(&fluent_args);
    let catalogue = catalogue();
    for wanted in [lang, Lang::En] {
        let Some((_, bundle)) = catalogue.bundles.iter().find(|(l, _)| *l == wanted) else {
            continue;
        };
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let said = bundle.format_pattern(pattern, args, &mut errors);
            if errors.is_empty() {
                return said.into_owned();
            }
            tracing::error!(
                id,
                lang = wanted.code(),
                ?errors,
                "a catalogue entry failed"
            );
        }
    }
    tracing::error!(id, "no catalogue has this message");
    String::new()
}

/// `yes` or `no`: a flag as the catalogues' selectors read it (`{ $on -> [yes] … }`).
pub fn yes(flag: bool) -> &'static str {
    if flag { "yes" } else { "no" }
}

/// `t!(lang, "id")` or `t!(lang, "id", cell = "B7", count = 3)`: [`text`] with named
/// arguments (numbers choose their plural variant in the catalogue). The id is a literal,
/// so a test can find every id the code says and check the English catalogue has it.
macro_rules! t {
    ($lang:expr, $id:literal $(,)?) => {
        $crate::app::i18n::text($lang, $id, &[])
    };
    ($lang:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::app::i18n::text(
            $lang,
            $id,
            &[$((stringify!($name), $crate::app::i18n::FluentValue::from($value))),+],
        )
    };
}
pub(crate) use t;

// Lists are said with the words, not with the boards: the command parser's refusals and
// the hints list things as much as board messages do, and the conjunction is each
// language's grammar.

/// "`a`, `b` or `c`" in `lang`.
pub fn or_list(items: &[String], lang: Lang) -> String {
    listed(items, |init, last| {
        // Spanish "o" is "u" before the sound "o": "7 u 8".
        if sound_of(last) == Some('o') {
            t!(lang, "list-or-before-o", init = init, last = last)
        } else {
            t!(lang, "list-or", init = init, last = last)
        }
    })
}

/// "A1, B2 and C3" in `lang`.
pub fn and_list(items: &[String], lang: Lang) -> String {
    listed(items, |init, last| {
        // Spanish "y" is "e" before the sound "i": "A1 e I3".
        if sound_of(last) == Some('i') {
            t!(lang, "list-and-before-i", init = init, last = last)
        } else {
            t!(lang, "list-and", init = init, last = last)
        }
    })
}

/// `items` as a list: one alone, else all but the last joined by commas, then `join`ed
/// with the last by the language's conjunction.
fn listed(items: &[String], join: impl Fn(String, &str) -> String) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => join(init.join(", "), last),
    }
}

/// The vowel sound a list's last item starts with, where a conjunction before it changes
/// in some language: `i` for I3, "hilera" (not "hielo": a diphthong); `o` for "ocho",
/// "hora", 8 (ocho), 80-89. Marks before it (backticks, bold) are not read.
fn sound_of(item: &str) -> Option<char> {
    let word = item.trim_start_matches(['`', '*', '_', '(', '[', '<', ' ']);
    let lower: Vec<char> = word.chars().take(3).flat_map(char::to_lowercase).collect();
    let (first, rest) = match lower.as_slice() {
        ['h', rest @ ..] => (rest.first().copied(), &rest[rest.len().min(1)..]),
        [first, rest @ ..] => (Some(*first), rest),
        [] => (None, &[][..]),
    };
    match first {
        Some('i' | 'í') if !matches!(rest.first(), Some('a' | 'e' | 'o' | 'u')) => Some('i'),
        Some('o' | 'ó') => Some('o'),
        // 8, 80-89, 800-899: "ocho", "ochenta", "ochocientos"; 11, "once".
        Some('8') => Some('o'),
        Some('1')
            if word.starts_with("11") && !word[2..].starts_with(|c: char| c.is_ascii_digit()) =>
        {
            Some('o')
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    #[test]
    fn spanish_says_e_before_the_sound_i_and_u_before_the_sound_o() {
        let items = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        let and = |words: &[&str], lang| and_list(&items(words), lang);
        let or = |words: &[&str], lang| or_list(&items(words), lang);
        assert_eq!(and(&["A1", "B2", "I3"], Lang::Es), "A1, B2 e I3");
        assert_eq!(and(&["A1", "I3", "B2"], Lang::Es), "A1, I3 y B2");
        assert_eq!(and(&["fila A", "hilera"], Lang::Es), "fila A e hilera");
        assert_eq!(and(&["agua", "hielo"], Lang::Es), "agua y hielo");
        assert_eq!(or(&["7", "8"], Lang::Es), "7 u 8");
        assert_eq!(or(&["`siete`", "`ocho`"], Lang::Es), "`siete` u `ocho`");
        assert_eq!(or(&["5", "6"], Lang::Es), "5 o 6");
        assert_eq!(or(&["10", "11"], Lang::Es), "10 u 11");
        assert_eq!(or(&["10", "110"], Lang::Es), "10 o 110");
        assert_eq!(and(&["A1", "**I3**"], Lang::Es), "A1 e **I3**");
        // Catalan and English keep theirs.
        assert_eq!(and(&["A1", "I3"], Lang::Ca), "A1 i I3");
        assert_eq!(or(&["7", "8"], Lang::Ca), "7 o 8");
        assert_eq!(and(&["A1", "I3"], Lang::En), "A1 and I3");
        assert_eq!(or(&["7", "8"], Lang::En), "7 or 8");
    }

    /// Each message's variables (`$commands`), by message id.
    fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let mut out = BTreeMap::new();
        for (path, source) in lang.sources() {
            let resource = fluent_syntax::parser::parse(*source)
                .unwrap_or_else(|(_, errors)| panic!("{path}: {errors:?}"));
            for entry in resource.body {
                if let ast::Entry::Message(message) = entry {
                    let mut variables = BTreeSet::new();
                    if let Some(pattern) = &message.value {
                        pattern_variables(pattern, &mut variables);
                    }
                    assert!(
                        out.insert(message.id.name.to_string(), variables).is_none(),
                        "{path}: {} twice in the catalogue",
                        message.id.name
                    );
                }
            }
        }
        out
    }

    fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_variables(expression, out);
            }
        }
    }

    fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                inline_variables(selector, out);
                for variant in variants {
                    pattern_variables(&variant.value, out);
                }
            }
            ast::Expression::Inline(inline) => inline_variables(inline, out),
        }
    }

    fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => {
                expression_variables(expression, out)
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for argument in &arguments.positional {
                    inline_variables(argument, out);
                }
            }
            _ => {}
        }
    }

    /// Every language has every message of the English catalogue and no other, each
    /// using exactly the placeables English passes it, and every file parses whole.
    #[test]
    fn every_catalogue_has_every_message_with_its_placeables() {
        let english = messages(Lang::En);
        assert!(!english.is_empty());
        for lang in [Lang::Es, Lang::Ca] {
            let theirs = messages(lang);
            let missing: Vec<_> = english
                .keys()
                .filter(|id| !theirs.contains_key(*id))
                .collect();
            let extra: Vec<_> = theirs
                .keys()
                .filter(|id| !english.contains_key(*id))
                .collect();
            assert!(
                missing.is_empty(),
                "locales/{}/ lacks {missing:?}",
                lang.code()
            );
            assert!(
                extra.is_empty(),
                "locales/{}/ has unknown {extra:?}",
                lang.code()
            );
            // Grammar a language may need and English does not: Catalan's elision before a
            // vowel ("d'ana"), a difficulty in lower case after "nivel". The code passes
            // them to every language; each uses them or not.
            const GRAMMAR: [&str; 2] = ["elide", "tier_key"];
            let without = |set: &std::collections::BTreeSet<String>| {
                let mut set = set.clone();
                set.retain(|v| !GRAMMAR.contains(&v.as_str()));
                set
            };
            for (id, variables) in &english {
                assert_eq!(
                    without(&theirs[id]),
                    without(variables),
                    "locales/{}/: {id} uses other placeables than English",
                    lang.code()
                );
            }
        }
    }

    /// Every message id the code names (`t!(lang, "id", …)`) is
    /// in the English catalogue, so none is ever said as an empty string.
    #[test]
    fn every_message_the_code_says_is_in_the_catalogue() {
        let english = messages(Lang::En);
        let mut said = 0;
        let mut unknown = Vec::new();
        let mut folders = vec![std::path::PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/src"
        ))];
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(&folder).expect("src/ is readable") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    folders.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let code = std::fs::read_to_string(&path).expect("source is UTF-8");
                // `t!(lang, "id", …)`: the id after the first comma; a refusal said later,
                // `Unreadable::new("id")`: the id first.
                let calls = code.match_indices("t!(").map(|(at, _)| (at, true)).chain(
                    code.match_indices("Unreadable::new(")
                        .map(|(at, _)| (at, false)),
                );
                for (at, after_comma) in calls {
                    // `t!(` itself, not the end of `assert!(`.
                    if after_comma
                        && code[..at]
                            .chars()
                            .next_back()
                            .is_some_and(|c| c.is_alphanumeric() || c == '_')
                    {
                        continue;
                    }
                    let rest = &code[at..];
                    let start = if after_comma {
                        let Some(comma) = rest.find(',') else {
                            continue;
                        };
                        comma + 1
                    } else {
                        rest.find('(').map_or(0, |p| p + 1)
                    };
                    let after = rest[start..].trim_start();
                    let Some(literal) = after.strip_prefix('"') else {
                        continue;
                    };
                    let Some(end) = literal.find('"') else {
                        continue;
                    };
                    let id = &literal[..end];
                    if !id.contains('-')
                        || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    {
                        continue;
                    }
                    said += 1;
                    if !english.contains_key(id) {
                        unknown.push(format!("{}: {id}", path.display()));
                    }
                }
            }
        }
        assert!(said > 10, "only {said} ids found: the scan is broken");
        assert!(unknown.is_empty(), "not in locales/en/: {unknown:#?}");
    }

    #[test]
    fn discord_locales_and_typed_names_find_their_language() {
        assert_eq!(Lang::from_discord("es-ES"), Some(Lang::Es));
        assert_eq!(Lang::from_discord("es-419"), Some(Lang::Es));
        assert_eq!(Lang::from_discord("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_discord("fr"), None);
        // A browser's, any case.
        assert_eq!(Lang::from_discord("CA-es"), Some(Lang::Ca));
        assert_eq!(Lang::parse(" Català "), Some(Lang::Ca));
        assert_eq!(Lang::parse("español"), Some(Lang::Es));
        assert_eq!(Lang::parse("klingon"), None);
    }

    #[test]
    fn a_message_is_said_in_the_language_asked_with_its_placeables() {
        let admins = [("commands", FluentValue::from("`/sudoku-daily off`"))];
        assert_eq!(
            text(Lang::Es, "help-admins", &admins),
            "Administración: `/sudoku-daily off`."
        );
        assert_eq!(
            text(Lang::En, "help-admins", &admins),
            "Admins: `/sudoku-daily off`."
        );
    }
}
