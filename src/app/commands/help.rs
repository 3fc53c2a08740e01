//! `/sudoku help`: every command with an example, in one message, in the player's
//! language: which commands, from the command table; their words, from the catalogue
//! (`help-{name}`).

use crate::app::Reply;
use crate::app::command::table::{Family, table};
use crate::app::i18n::{Lang, t, text};

pub fn run(lang: Lang) -> Reply {
    Reply::private(help_text(lang))
}

/// The help in `lang`, whole (a test holds every language to Discord's 2,000 characters).
pub fn help_text(lang: Lang) -> String {
    let lines = |family| {
        table()
            .iter()
            .filter(move |s| s.family == family && s.listed)
            .map(move |s| text(lang, &format!("help-{}", s.name), &[]))
    };
    let mut out = vec![t!(lang, "help-header")];
    out.extend(lines(Family::Player));
    let admins = lines(Family::Admin).collect::<Vec<_>>().join(", ");
    out.push(t!(lang, "help-admins", commands = admins));
    out.push(t!(lang, "help-daily-rank"));
    out.push(t!(lang, "help-footer"));
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::reply::MAX_CONTENT;

    /// Every language's help fits one Discord message, with the command names of any
    /// language (a Catalan player may see Spanish names), and says every listed command.
    #[test]
    fn the_help_fits_discord_in_every_language() {
        for lang in Lang::ALL {
            let help = help_text(lang);
            for names in Lang::ALL {
                let named = crate::app::command::names::in_names(&help, names);
                let chars = named.chars().count();
                assert!(
                    chars <= MAX_CONTENT,
                    "{} with {} names: {chars} characters",
                    lang.code(),
                    names.code()
                );
            }
            for spec in table().iter().filter(|s| s.listed) {
                let line = text(lang, &format!("help-{}", spec.name), &[]);
                assert!(
                    !line.is_empty() && help.contains(&line),
                    "{}: {}",
                    lang.code(),
                    spec.name
                );
            }
        }
    }
}
