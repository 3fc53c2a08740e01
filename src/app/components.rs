//! The buttons and select menus under a message. Their own room, below both the reply
//! that carries them and the picture preview that draws them (`image`), so that neither
//! needs the other to know what a button is. Discord's limits on them are checked with the
//! rest of a reply's, in `reply`.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub custom_id: String,
    pub label: String,
    pub style: ButtonStyle,
}

/// A select menu (Discord: a string select), alone on its action row. The player picks one
/// option; its value comes back with the interaction ([`crate::app::Command::from_component`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Select {
    pub custom_id: String,
    /// Shown when nothing is chosen; also the menu's name in the terminal (`:choose Row B`).
    pub placeholder: String,
    pub options: Vec<SelectOption>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectOption {
    pub label: String,
    pub value: String,
    pub description: Option<String>,
    /// Shown as chosen when the message is drawn (at most one per menu).
    pub default: bool,
}
