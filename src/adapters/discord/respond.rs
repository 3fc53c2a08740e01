//! How replies look in Discord: the core's [`Reply`] as serenity's builders (a response
//! message, an edit of `@original`, a follow-up, a channel post and its edit), with its
//! buttons, select menus and picture. Pure: what is sent, and when, is the answer's
//! (`answer`) and the senders' business.

use serenity::all::{
    ButtonStyle as DiscordButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateInteractionResponseFollowup, CreateInteractionResponseMessage,
    CreateMessage, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
    EditInteractionResponse, EditMessage,
};

use crate::app::{ButtonStyle, Reply};

/// The reply's action rows: its select menus (string selects, one per row, the chosen
/// option as the default), then its rows of buttons.
pub(super) fn buttons(reply: &Reply) -> Vec<CreateActionRow> {
    let menus = reply.selects.iter().map(|select| {
        let options = select
            .options
            .iter()
            .map(|o| {
                let option = CreateSelectMenuOption::new(o.label.clone(), o.value.clone())
                    .default_selection(o.default);
                match &o.description {
                    Some(text) => option.description(text.clone()),
                    None => option,
                }
            })
            .collect();
        CreateActionRow::SelectMenu(
            CreateSelectMenu::new(
                select.custom_id.clone(),
                CreateSelectMenuKind::String { options },
            )
            .placeholder(select.placeholder.clone()),
        )
    });
    let buttons = reply.buttons.iter().map(|row| {
        CreateActionRow::Buttons(
            row.iter()
                .map(|b| {
                    CreateButton::new(b.custom_id.clone())
                        .label(b.label.clone())
                        .style(match b.style {
                            ButtonStyle::Primary => DiscordButtonStyle::Primary,
                            ButtonStyle::Secondary => DiscordButtonStyle::Secondary,
                            ButtonStyle::Danger => DiscordButtonStyle::Danger,
                        })
                })
                .collect(),
        )
    });
    menus.chain(buttons).collect()
}

/// The reply's board picture as an upload, with its alt text.
pub(super) fn attachment(reply: &Reply) -> Option<CreateAttachment> {
    reply.image.as_ref().map(|image| {
        CreateAttachment::bytes(image.png.clone(), image.filename.clone())
            .description(image.alt.clone())
    })
}

pub(super) fn message(reply: &Reply) -> CreateInteractionResponseMessage {
    // `files` always sets the message's attachment list, to this reply's picture or to
    // none: an updated board replaces its old picture, and a text board (the player
    // switched back) drops it.
    CreateInteractionResponseMessage::new()
        .content(reply.content.clone())
        .ephemeral(reply.private)
        // Always set: an updated board must lose the buttons of a finished game.
        .components(buttons(reply))
        .files(attachment(reply))
        // Player names in replies must never ping anyone.
        .allowed_mentions(CreateAllowedMentions::new())
}

pub(super) fn edit(reply: &Reply) -> EditInteractionResponse {
    let edit = EditInteractionResponse::new()
        .content(reply.content.clone())
        .components(buttons(reply))
        .allowed_mentions(CreateAllowedMentions::new());
    // Replaces what the message showed (a deferral has nothing; an old board its picture).
    match attachment(reply) {
        Some(picture) => edit.new_attachment(picture),
        None => edit.clear_attachments(),
    }
}

pub(super) fn followup(reply: &Reply) -> CreateInteractionResponseFollowup {
    CreateInteractionResponseFollowup::new()
        .content(reply.content.clone())
        .ephemeral(reply.private)
        .components(buttons(reply))
        .files(attachment(reply))
        .allowed_mentions(CreateAllowedMentions::new())
}

/// A message the bot posts in a channel on its own (a daily post, a race's message).
pub(super) fn channel_post(reply: &Reply) -> CreateMessage {
    CreateMessage::new()
        .content(reply.content.clone())
        .components(buttons(reply))
        .allowed_mentions(CreateAllowedMentions::new())
}

/// An edit of such a message.
pub(super) fn channel_edit(reply: &Reply) -> EditMessage {
    EditMessage::new()
        .content(reply.content.clone())
        .components(buttons(reply))
        .allowed_mentions(CreateAllowedMentions::new())
}
