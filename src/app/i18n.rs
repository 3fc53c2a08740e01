//! The player's language: the bot's words from Project Fluent catalogues, one file per
//! language under `locales/` (embedded in the binary), each with its own plural rules
//! and grammar. English is the catalogue every other is checked against (a test reads
//! them all), and the fallback for a word a catalogue lacks: a player never sees a key.
//!
//! Why Fluent (`fluent-bundle`, the Project Fluent team's own crate): a translator
//! writes a whole sentence with its placeables and plural variants in the file, instead
//! of the code gluing words around numbers, which no two languages do alike.
//!
//! Commands, options and cell names are English in every language (`/sudoku new`, A–I,
//! 1–9): Discord sends them so, and typed moves read the same everywhere.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

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

    /// The language of a Discord locale (`es-ES`, `es-419`, `en-US`); `None` for one the
    /// bot does not speak. Discord has no Catalan locale: Catalan players choose it in
    /// their settings.
    pub fn from_discord(locale: &str) -> Option<Lang> {
        match locale.split('-').next().unwrap_or("") {
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

    fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("../../locales/en.ftl"),
            Lang::Es => include_str!("../../locales/es.ftl"),
            Lang::Ca => include_str!("../../locales/ca.ftl"),
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
    let resource = FluentResource::try_new(lang.source().to_string())
        .unwrap_or_else(|(partial, _errors)| partial);
    let id = lang
        .code()
        .parse::<unic_langid::LanguageIdentifier>()
        .unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows text as it is: no Unicode isolation marks around placeables.
    bundle.set_use_isolating(false);
    let _ = bundle.add_resource(resource);
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

#[cfg(test)]
mod tests {
    use super::*;

    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    /// Each message's variables (`$commands`), by message id.
    fn messages(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let resource = fluent_syntax::parser::parse(lang.source())
            .unwrap_or_else(|(_, errors)| panic!("locales/{}.ftl: {errors:?}", lang.code()));
        let mut out = BTreeMap::new();
        for entry in resource.body {
            if let ast::Entry::Message(message) = entry {
                let mut variables = BTreeSet::new();
                if let Some(pattern) = &message.value {
                    pattern_variables(pattern, &mut variables);
                }
                assert!(
                    out.insert(message.id.name.to_string(), variables).is_none(),
                    "locales/{}.ftl: {} twice",
                    lang.code(),
                    message.id.name
                );
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
                "locales/{}.ftl lacks {missing:?}",
                lang.code()
            );
            assert!(
                extra.is_empty(),
                "locales/{}.ftl has unknown {extra:?}",
                lang.code()
            );
            for (id, variables) in &english {
                assert_eq!(
                    &theirs[id],
                    variables,
                    "locales/{}.ftl: {id} uses other placeables than English",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn discord_locales_and_typed_names_find_their_language() {
        assert_eq!(Lang::from_discord("es-ES"), Some(Lang::Es));
        assert_eq!(Lang::from_discord("es-419"), Some(Lang::Es));
        assert_eq!(Lang::from_discord("en-GB"), Some(Lang::En));
        assert_eq!(Lang::from_discord("fr"), None);
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
