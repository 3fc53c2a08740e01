//! What the core answers: text, who may see it, and buttons. Discord's limits are checked
//! here, in the core, so no adapter can post something Discord would reject.
//!
//! A reply sits above the commands and the drawing: it offers commands (a Tap to play
//! button carries a command's id; its text names commands in the reader's words) and
//! carries a picture to draw. Neither the command parser nor the drawing knows of it.

use crate::app::components::{Button, ButtonStyle, Select};
use crate::app::i18n::{Lang, t};
use crate::app::image::BoardPicture;

/// Discord's limit on a message's content.
pub const MAX_CONTENT: usize = 2000;
/// Discord allows 5 action rows of 5 buttons.
pub const MAX_BUTTONS_PER_ROW: usize = 5;
pub const MAX_ROWS: usize = 5;
/// Discord's limit on a component's `custom_id`.
pub const MAX_CUSTOM_ID: usize = 100;
/// Discord's limit on a button label.
pub const MAX_LABEL: usize = 80;
/// Discord's limits on a select menu: its options, an option's label, value and
/// description, and the placeholder.
pub const MAX_OPTIONS: usize = 25;
pub const MAX_OPTION_TEXT: usize = 100;
pub const MAX_PLACEHOLDER: usize = 150;
/// Discord's upload limit for a bot's message without boosts (10 MiB).
pub const MAX_ATTACHMENT_BYTES: usize = 10 * 1024 * 1024;
/// Discord's limit on an attachment's description (its alt text).
pub const MAX_DESCRIPTION: usize = 1024;
/// What a board picture is called when attached.
pub const PICTURE_FILENAME: &str = "sudoku-board.png";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub content: String,
    /// Only the invoking player sees it (Discord: ephemeral).
    pub private: bool,
    /// Select menus under the message, one per action row, above the button rows.
    pub selects: Vec<Select>,
    /// Rows of buttons under the message (under the select menus).
    pub buttons: Vec<Vec<Button>>,
    /// When the command came from a button on a board, this reply replaces that board
    /// message rather than adding a new one.
    pub updates_board: bool,
    /// This message is the public message of race N (its lobby, then its scoreboard):
    /// the adapter tells the core the message's id ([`crate::app::App::race_message_sent`])
    /// so later changes edit it in place.
    pub race_message: Option<i64>,
    /// A board to draw as a picture: set by the commands (inside their transaction, where
    /// drawing would hold the store), drawn by [`crate::app::App::handle`] into
    /// [`Reply::image`] after the commit.
    pub picture: Option<Box<BoardPicture>>,
    /// The board as a PNG, to attach to the message in place of a text grid.
    pub image: Option<Box<Image>>,
    /// Open the Activity (the board to tap) instead of sending a message (Discord:
    /// LAUNCH_ACTIVITY). `content` is what a surface without Activities shows.
    pub launch: bool,
    /// This message shows a board, a daily or a race that the Activity plays: where the
    /// Activity is set up, it gets a Tap to play button ([`Reply::with_play_button`])
    /// that opens this.
    /// The language of its Tap to play button: the message's own.
    pub offers_play: Option<(PlayButton, Lang)>,
}

/// What a Tap to play button opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayButton {
    /// The Activity, on the player's board.
    Board,
    /// Today's daily (started if need be), then the Activity.
    Daily,
}

impl PlayButton {
    /// The action its button's id carries.
    fn action(self) -> &'static str {
        match self {
            PlayButton::Board => "play",
            PlayButton::Daily => "play-daily",
        }
    }
}

/// A picture attached to a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Image {
    pub filename: String,
    pub png: Vec<u8>,
    /// For screen readers (Discord's attachment description).
    pub alt: String,
}

impl Reply {
    /// This reply with its `/sudoku …` mentions in the command names a reader of `names`
    /// sees (see [`crate::app::command::names`]).
    pub fn in_names(mut self, names: Lang) -> Reply {
        if let std::borrow::Cow::Owned(said) =
            crate::app::command::names::in_names(&self.content, names)
        {
            self.content = said;
        }
        self
    }

    /// A public message, such as a board.
    pub fn public(content: impl Into<String>) -> Reply {
        Reply {
            content: content.into(),
            private: false,
            selects: Vec::new(),
            buttons: Vec::new(),
            updates_board: false,
            race_message: None,
            picture: None,
            image: None,
            launch: false,
            offers_play: None,
        }
    }

    /// Opens the Activity where the interaction came from; `fallback` is said where an
    /// Activity cannot open (a terminal).
    pub fn launching(fallback: impl Into<String>) -> Reply {
        Reply {
            launch: true,
            ..Reply::private(fallback)
        }
    }

    /// Marks this message as one the Activity plays (see [`Reply::offers_play`]).
    pub fn offering_play(mut self, lang: Lang) -> Reply {
        self.offers_play = Some((PlayButton::Board, lang));
        self
    }

    /// Marks a daily post: its Tap to play opens today's daily in the Activity.
    pub fn offering_daily_play(mut self, lang: Lang) -> Reply {
        self.offers_play = Some((PlayButton::Daily, lang));
        self
    }

    /// Adds the Tap to play button to a message that offers it: at the end of the last
    /// row when there is room, else on a row of its own when there is room for one, else
    /// in the place of the last row's Give up or Show board (both have a typed command,
    /// and the Activity has them too). A full row of anything else (a board's pad in
    /// notes mode) is left as it is.
    pub fn with_play_button(mut self) -> Reply {
        let Some((action, lang)) = self.offers_play.filter(|_| !self.launch) else {
            return self;
        };
        let play = Button {
            custom_id: super::command::plain_custom_id(action.action()),
            label: t!(lang, "button-tap-to-play"),
            style: ButtonStyle::Primary,
        };
        if let Some(row) = self
            .buttons
            .last_mut()
            .filter(|row| row.len() < MAX_BUTTONS_PER_ROW)
        {
            row.push(play);
        } else if self.rows() < MAX_ROWS {
            self.buttons.push(vec![play]);
        } else if let Some(last) = self.buttons.last_mut().and_then(|row| row.last_mut()) {
            let replaced = last.custom_id.split(':').nth(1).unwrap_or("");
            if replaced == "giveup" || replaced.ends_with("show") {
                *last = play;
            }
        }
        self
    }

    /// A message only the player sees: errors, hints, check results.
    pub fn private(content: impl Into<String>) -> Reply {
        Reply {
            private: true,
            ..Reply::public(content)
        }
    }

    /// Adds a row of buttons; an empty row adds nothing (Discord refuses empty rows).
    pub fn with_buttons(mut self, row: Vec<Button>) -> Reply {
        if !row.is_empty() {
            self.buttons.push(row);
        }
        self
    }

    /// Adds a select menu on a row of its own, above the button rows.
    pub fn with_select(mut self, select: Select) -> Reply {
        self.selects.push(select);
        self
    }

    /// How many action rows the reply's components take: one per select menu, one per
    /// row of buttons.
    pub fn rows(&self) -> usize {
        self.selects.len() + self.buttons.len()
    }

    pub fn updating_board(mut self) -> Reply {
        self.updates_board = true;
        self
    }

    /// Marks this reply as the public message of race `race`.
    pub fn of_race(mut self, race: i64) -> Reply {
        self.race_message = Some(race);
        self
    }

    /// Shows `picture` in place of a text board.
    pub fn with_picture(mut self, picture: BoardPicture) -> Reply {
        self.picture = Some(Box::new(picture));
        self
    }

    /// Draws the picture, if there is one, into [`Reply::image`].
    pub fn drawn(mut self) -> Reply {
        if let Some(picture) = self.picture.take() {
            self.image = Some(Box::new(Image {
                filename: PICTURE_FILENAME.to_string(),
                png: picture.png(),
                alt: picture.alt_text(),
            }));
        }
        self
    }

    /// Every way this reply would break Discord's limits; empty when it is fine.
    pub fn limit_violations(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let chars = self.content.chars().count();
        if chars > MAX_CONTENT {
            problems.push(format!(
                "content has {chars} characters (limit {MAX_CONTENT})"
            ));
        }
        if self.content.trim().is_empty() {
            problems.push("content is empty".into());
        }
        if self.rows() > MAX_ROWS {
            problems.push(format!(
                "{} action rows: {} select menus and {} button rows (limit {MAX_ROWS})",
                self.rows(),
                self.selects.len(),
                self.buttons.len()
            ));
        }
        for select in &self.selects {
            select_violations(select, &mut problems);
        }
        for row in &self.buttons {
            if row.is_empty() || row.len() > MAX_BUTTONS_PER_ROW {
                problems.push(format!(
                    "a row of {} buttons (1 to {MAX_BUTTONS_PER_ROW})",
                    row.len()
                ));
            }
            for b in row {
                if b.custom_id.is_empty() || b.custom_id.len() > MAX_CUSTOM_ID {
                    problems.push(format!(
                        "custom_id {:?} has {} bytes",
                        b.custom_id,
                        b.custom_id.len()
                    ));
                }
                if b.label.is_empty() || b.label.chars().count() > MAX_LABEL {
                    problems.push(format!("label {:?}", b.label));
                }
            }
        }
        if let Some(image) = &self.image {
            if image.png.len() > MAX_ATTACHMENT_BYTES {
                problems.push(format!(
                    "picture of {} bytes (limit {MAX_ATTACHMENT_BYTES})",
                    image.png.len()
                ));
            }
            let alt = image.alt.chars().count();
            if alt == 0 || alt > MAX_DESCRIPTION {
                problems.push(format!(
                    "picture description of {alt} characters (1 to {MAX_DESCRIPTION})"
                ));
            }
        }
        problems
    }

    /// Cuts the content to Discord's limit, at a line boundary, saying so. The core calls
    /// this last so that an unexpectedly long reply is shortened rather than rejected.
    pub fn fit(mut self) -> Reply {
        if self.content.chars().count() > MAX_CONTENT {
            const MORE: &str = "\n…(cut to fit Discord's 2000-character limit)";
            // Room for the closing fence too, in case the cut lands inside a code block.
            let budget = MAX_CONTENT - MORE.chars().count() - "\n```".len();
            let mut cut: String = self.content.chars().take(budget).collect();
            if let Some(pos) = cut.rfind('\n') {
                cut.truncate(pos);
            }
            // Never leave a code block open.
            if cut.matches("```").count() % 2 == 1 {
                cut.push_str("\n```");
            }
            cut.push_str(MORE);
            self.content = cut;
        }
        self.selects.truncate(MAX_ROWS);
        self.buttons.truncate(MAX_ROWS - self.selects.len());
        for row in &mut self.buttons {
            row.truncate(MAX_BUTTONS_PER_ROW);
        }
        self
    }
}

/// What would make Discord refuse `select`.
fn select_violations(select: &Select, problems: &mut Vec<String>) {
    let id = &select.custom_id;
    if id.is_empty() || id.len() > MAX_CUSTOM_ID {
        problems.push(format!("custom_id {id:?} has {} bytes", id.len()));
    }
    if select.placeholder.chars().count() > MAX_PLACEHOLDER {
        problems.push(format!("placeholder {:?}", select.placeholder));
    }
    let n = select.options.len();
    if n == 0 || n > MAX_OPTIONS {
        problems.push(format!(
            "select {id:?} has {n} options (1 to {MAX_OPTIONS})"
        ));
    }
    let defaults = select.options.iter().filter(|o| o.default).count();
    if defaults > 1 {
        problems.push(format!("select {id:?} has {defaults} defaults (at most 1)"));
    }
    for (i, option) in select.options.iter().enumerate() {
        let bad = |text: &str| text.is_empty() || text.chars().count() > MAX_OPTION_TEXT;
        if bad(&option.label) || bad(&option.value) {
            problems.push(format!(
                "option {:?} = {:?} of select {id:?}",
                option.label, option.value
            ));
        }
        if option.description.as_deref().is_some_and(bad) {
            problems.push(format!("description of option {:?}", option.label));
        }
        if select.options[..i].iter().any(|o| o.value == option.value) {
            problems.push(format!(
                "two options of select {id:?} are {:?}",
                option.value
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::components::SelectOption;

    #[test]
    fn fitting_cuts_long_content_and_closes_code_blocks() {
        let long = format!("```\n{}\n```", "123456789\n".repeat(400));
        let r = Reply::public(long).fit();
        assert!(
            r.limit_violations().is_empty(),
            "{:?}",
            r.limit_violations()
        );
        assert_eq!(r.content.matches("```").count() % 2, 0);
        assert!(r.content.ends_with("limit)"));
    }

    #[test]
    fn violations_are_reported() {
        let b = Button {
            custom_id: "x".repeat(101),
            label: "Hint".into(),
            style: ButtonStyle::Primary,
        };
        let r = Reply::public("hi").with_buttons(vec![b.clone(); 6]);
        let v = r.limit_violations();
        assert_eq!(v.len(), 7, "{v:?}");
    }

    fn select(options: usize) -> Select {
        Select {
            custom_id: "sudoku:pad-row:1:1".into(),
            placeholder: "Row".into(),
            options: (0..options)
                .map(|i| SelectOption {
                    label: format!("{i}"),
                    value: format!("{i}"),
                    description: Some("5 3 · · 7 · · · ·".into()),
                    default: i == 1,
                })
                .collect(),
        }
    }

    #[test]
    fn a_pad_of_two_menus_and_three_button_rows_fits() {
        let b = Button {
            custom_id: "sudoku:pad-1:1:1".into(),
            label: "1".into(),
            style: ButtonStyle::Secondary,
        };
        let r = Reply::public("board")
            .with_select(select(9))
            .with_select(select(9))
            .with_buttons(vec![b.clone(); 5])
            .with_buttons(vec![b.clone(); 5])
            .with_buttons(vec![b.clone(); 5]);
        assert_eq!(r.limit_violations(), Vec::<String>::new());
        // A sixth row, of either kind, is one too many.
        let over = r.clone().with_buttons(vec![b.clone()]);
        assert_eq!(
            over.limit_violations().len(),
            1,
            "{:?}",
            over.limit_violations()
        );
        let over = r.with_select(select(9));
        assert_eq!(
            over.limit_violations().len(),
            1,
            "{:?}",
            over.limit_violations()
        );
        assert!(over.fit().limit_violations().is_empty());
    }

    #[test]
    fn select_limits_are_reported() {
        let fine = Reply::public("x").with_select(select(25));
        assert!(
            fine.limit_violations().is_empty(),
            "{:?}",
            fine.limit_violations()
        );
        for (broken, what) in [
            (select(26), "26 options"),
            (select(0), "0 options"),
            (
                Select {
                    placeholder: "p".repeat(151),
                    ..select(3)
                },
                "placeholder",
            ),
            (
                Select {
                    custom_id: String::new(),
                    ..select(3)
                },
                "custom_id",
            ),
        ] {
            let v = Reply::public("x").with_select(broken).limit_violations();
            assert_eq!(v.len(), 1, "{what}: {v:?}");
        }
        let mut two_defaults = select(3);
        two_defaults.options[0].default = true;
        let mut long_description = select(3);
        long_description.options[2].description = Some("·".repeat(101));
        let mut same_value = select(3);
        same_value.options[2].value = "0".into();
        for (broken, what) in [
            (two_defaults, "defaults"),
            (long_description, "description"),
            (same_value, "are"),
        ] {
            let v = Reply::public("x").with_select(broken).limit_violations();
            assert!(v.len() == 1 && v[0].contains(what), "{what}: {v:?}");
        }
    }
}
