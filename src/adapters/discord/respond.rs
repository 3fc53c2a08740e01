//! Replies out: the core's [`Reply`] as Discord's response, edit or follow-up, with the
//! right visibility whether it was ready in time or deferred.

use serenity::all::{
    ButtonStyle as DiscordButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment,
    CreateButton, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, EditInteractionResponse, EditMessage, InteractionId,
};
use std::future::Future;
use std::pin::Pin;

use tokio::task::JoinHandle;

use super::answers::Answers;
use crate::app::i18n::{Lang, t};
use crate::app::{ButtonStyle, Reply, apology};

/// Whether interaction `id`'s token still takes edits and follow-ups
/// ([`TOKEN_LIFE`](super::TOKEN_LIFE)); logged when it does not. Discord refuses them
/// after 15 minutes with a 401, which counts toward its ban of invalid requests.
pub(super) fn token_alive(id: InteractionId, called: Called) -> bool {
    let age = super::handler::age_of(id);
    let alive = age < super::TOKEN_LIFE;
    if !alive {
        tracing::warn!(
            command = called.name,
            age_s = age.as_secs(),
            "an answer came after its interaction's token ran out: not sent"
        );
    }
    alive
}

/// The core's answer: in time for a direct response, or still being worked on.
pub(super) enum Answer {
    Ready(Reply),
    Late(Called, Pending),
}

/// A command on its way: its name for the logs, and the player's Discord language for
/// what the adapter itself says about it (a late notice, an apology).
#[derive(Clone, Copy, Debug)]
pub(super) struct Called {
    pub name: &'static str,
    pub lang: Lang,
}

/// A command not answered in time for a direct response.
pub(super) enum Pending {
    /// The core is running it: it will commit whatever happens to the deferral.
    Running(JoinHandle<Reply>),
    /// Not started yet (it waited for its turn): it runs only if the deferral went
    /// through, so a command whose answer cannot be delivered is never committed.
    Queued(Pin<Box<dyn Future<Output = Reply> + Send>>),
}

impl Pending {
    /// The reply, once the deferral was tried (`deferred`: it went through); `None` for
    /// a queued command whose deferral failed: it was not run.
    pub(super) async fn finish(self, called: Called, deferred: bool) -> Option<Reply> {
        match self {
            Pending::Running(work) => Some(joined(called, work.await)),
            Pending::Queued(work) if deferred => Some(work.await),
            Pending::Queued(_) => {
                tracing::warn!(
                    command = called.name,
                    "not run: its deferral failed, so its answer could not be delivered"
                );
                None
            }
        }
    }
}

/// Answers an interaction at once with `reply` as a new message (private when it is), or
/// by opening the Activity when the reply says so.
pub(super) async fn answer_now(answers: &Answers, id: InteractionId, token: &str, reply: &Reply) {
    if reply.launch {
        let response = CreateInteractionResponse::LaunchActivity;
        respond_logged(answers.respond(id, token, response).await);
        return;
    }
    let response = CreateInteractionResponse::Message(message(reply));
    respond_logged(
        answers
            .respond_with(id, token, response, attachment(reply))
            .await,
    );
}

/// A reply that comes after a deferral: one that would have opened the Activity says to
/// try again instead.
pub(super) fn after_deferral(reply: Reply, lang: Lang) -> Reply {
    if reply.launch {
        // An Activity opens only as an interaction's first answer, which the deferral took.
        Reply::private(t!(lang, "discord-launch-too-late"))
    } else {
        reply
    }
}

/// Answers a slash command or a submitted modal with a new message: directly when the
/// reply was ready in time; else after a deferral whose visibility is chosen now, before
/// the reply exists (`private`: the command's answers are the caller's alone). Discord
/// keeps that visibility for the first answer after the deferral, whatever its own flags
/// say, so:
/// - a private deferral is simply edited (a rare public reply then shows privately,
///   which leaks nothing);
/// - a public deferral is edited with a public reply; a private reply (an error, a
///   refusal) first settles it with a neutral notice, and is sent as an ephemeral
///   follow-up only if that edit succeeded: were it to fail, the follow-up would take the
///   deferral's place, in public.
///
/// Returns the reply when it became the interaction's own (original) message in public:
/// the message a race's later edits go to.
pub(super) async fn answer_with_message(
    answers: &Answers,
    id: InteractionId,
    token: &str,
    private: bool,
    answer: Answer,
) -> Option<Reply> {
    let (called, work) = match answer {
        Answer::Ready(reply) => {
            answer_now(answers, id, token, &reply).await;
            return (!reply.private).then_some(reply);
        }
        Answer::Late(called, work) => (called, work),
    };
    let deferral = CreateInteractionResponseMessage::new().ephemeral(private);
    let deferred = answers
        .respond(id, token, CreateInteractionResponse::Defer(deferral))
        .await;
    let reply = after_deferral(work.finish(called, deferred.is_ok()).await?, called.lang);
    if deferred.is_ok() && !token_alive(id, called) {
        None
    } else if let Err(error) = deferred {
        tracing::warn!(error = %super::discord_error(&error), "deferring failed");
        None
    } else if reply.private && !private {
        let notice = EditInteractionResponse::new()
            .content(t!(called.lang, "discord-answered-privately"))
            .components(Vec::new())
            .allowed_mentions(CreateAllowedMentions::new());
        match answers.edit_original(token, &notice).await {
            Ok(_) => respond_logged(answers.followup(token, &followup(&reply)).await.map(|_| ())),
            Err(error) => tracing::warn!(
                command = called.name,
                error = %super::discord_error(&error),
                "settling a public deferral failed; its private answer is not sent"
            ),
        }
        None
    } else {
        respond_logged(
            answers
                .edit_original(token, &edit(&reply))
                .await
                .map(|_| ()),
        );
        (!reply.private && !private).then_some(reply)
    }
}

/// The reply of a finished core call; a panic becomes an apology.
pub(super) fn joined(called: Called, done: Result<Reply, tokio::task::JoinError>) -> Reply {
    done.unwrap_or_else(|error| {
        tracing::error!(command = called.name, %error, "command panicked");
        Reply::private(apology(called.lang))
    })
}

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

pub(super) fn respond_logged(result: serenity::Result<()>) {
    if let Err(error) = result {
        tracing::warn!(error = %super::discord_error(&error), "answering an interaction failed");
    }
}
