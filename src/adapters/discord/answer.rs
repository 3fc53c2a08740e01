//! One interaction's answer, with one owner from nothing sent to done: an [`Answer`] is
//! made when an interaction reaches the handler, with how it came ([`Via`]), and the
//! handler drives it. Its states:
//!
//! ```text
//! unanswered ─┬─ first answer ─▶ answered ─────────────────────────┐
//!             │   (a message, an update, a modal, the Activity)    │
//!             ├─ deferral ─────▶ deferred ─▶ an edit of @original ─┼─▶ done (dropped)
//!             │                              or a follow-up        │
//!             └─ it failed ────▶ failed: nothing more is sent ─────┘
//! ```
//!
//! An answered interaction may still be edited or followed up (a race's lobby reads its
//! `@original`); "done" is the answer dropped, however the handling ended.
//!
//! The first answer goes out by the interaction's transport: Discord's callback route
//! through the [`Gate`] for one that came down the gateway, the endpoint's HTTP response
//! for one that came over HTTP. Everything after it (edits, follow-ups, reading
//! `@original`) goes through the gate either way. What happens is reported to an
//! [`Observer`] (the metrics), which this module does not know.
//!
//! Visibility: a reply ready in time is sent as it is; a late one is deferred first. A
//! slash command's deferral takes the visibility its command decides, and its
//! `@original` is then edited; a late private reply after a *public* deferral (an error)
//! cannot be made ephemeral any more (the first answer after a deferral takes the
//! deferral's visibility), so `@original` becomes a neutral notice and, only once that
//! edit succeeded, the private content an ephemeral follow-up. A button gets a deferred
//! update (type 6) and then either its board edited or a follow-up.

use std::time::{Duration, Instant};

use serenity::all::{
    CreateAllowedMentions, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateModal,
    EditInteractionResponse, InteractionId, Message,
};
use tokio::sync::oneshot;

use super::deadline::{TOKEN_LIFE, age_of};
use super::errors::discord_error;
use super::gate::Gate;
use super::observe::Observer;
use super::respond::{attachment, edit, followup, message};
use super::work::{Called, CoreAnswer};
use crate::app::Reply;
use crate::app::i18n::{Lang, t};

/// How an interaction came, and so where its first answer goes.
pub(super) enum Via {
    /// Down a gateway shard: the first answer is Discord's callback request.
    Gateway,
    /// Over HTTP: the first answer goes to `first`, the endpoint waiting to send it back
    /// as its response; `born` is when the interaction is taken to have been created
    /// ([`born`](super::deadline::born)).
    Http {
        first: oneshot::Sender<FirstAnswer>,
        born: tokio::time::Instant,
    },
}

/// An interaction's first answer given in the HTTP response to Discord's request (the
/// interactions endpoint): Discord's response, and the picture it uploads (serenity's
/// builder keeps the bytes of its files to itself, so they travel beside it).
pub(super) struct FirstAnswer {
    pub(super) response: CreateInteractionResponse,
    pub(super) upload: Option<CreateAttachment>,
    /// Told whether the connection took the response (`true` once the server started
    /// writing it; `false`, or dropped, when the request was gone first): only then is
    /// the answer delivered, as a callback request's 204 says it is.
    pub(super) taken: oneshot::Sender<bool>,
}

/// How long a first answer waits for the endpoint to say the connection took the
/// response: the endpoint builds it at once, and the server writes it at once.
const TAKEN_WITHIN: Duration = Duration::from_secs(2);

/// The outcome label of a first answer that neither Discord nor the HTTP response took.
const FAILED: &str = "failed";

/// Why nothing is edited, followed up or read after a first answer that did not go through.
const NOTHING_FOLLOWS: &str =
    "nothing follows an interaction's first answer that did not go through";

/// Where an answer stands (see the module's documentation).
enum State {
    /// Nothing sent yet; for an interaction that came over HTTP, where its first answer
    /// goes (gone once the endpoint stopped waiting).
    Unanswered(Option<oneshot::Sender<FirstAnswer>>),
    /// A first answer that shows something went through.
    Answered,
    /// A deferral went through: the reply follows as an edit or a follow-up.
    Deferred,
    /// The first answer failed (why, for the log): nothing more is sent.
    Failed(String),
}

/// One interaction's answer (see the module's documentation). Dropped, it is done with.
pub(super) struct Answer<'a> {
    gate: &'a Gate,
    observer: &'a dyn Observer,
    id: InteractionId,
    token: &'a str,
    /// When an interaction that came over HTTP is taken to have been created.
    born: Option<tokio::time::Instant>,
    state: State,
    /// When the first answer went out in an HTTP response: Discord may not know it yet
    /// for a moment after (the gate tries a webhook call again then).
    settling: Option<Instant>,
}

impl<'a> Answer<'a> {
    pub(super) fn new(
        gate: &'a Gate,
        observer: &'a dyn Observer,
        id: InteractionId,
        token: &'a str,
        via: Via,
    ) -> Answer<'a> {
        observer.opened(id);
        let (endpoint, born) = match via {
            Via::Gateway => (None, None),
            Via::Http { first, born } => (Some(first), Some(born)),
        };
        Answer {
            gate,
            observer,
            id,
            token,
            born,
            state: State::Unanswered(endpoint),
            settling: None,
        }
    }

    pub(super) fn id(&self) -> InteractionId {
        self.id
    }

    /// The interaction's age: by its id, and for one that came over HTTP from when it is
    /// taken to have been created.
    pub(super) fn age(&self) -> Duration {
        match self.born {
            Some(born) => born.elapsed(),
            None => age_of(self.id),
        }
    }

    /// The first answer, by the interaction's transport, with the picture `response`
    /// carries as `upload` too. Reported to the observer; an interaction has one.
    async fn first(
        &mut self,
        response: CreateInteractionResponse,
        upload: Option<CreateAttachment>,
    ) -> serenity::Result<()> {
        let endpoint = match std::mem::replace(&mut self.state, State::Answered) {
            State::Unanswered(endpoint) => endpoint,
            other => {
                self.state = other;
                return Err(serenity::Error::Other(
                    "an interaction is answered first only once",
                ));
            }
        };
        let outcome = outcome_of(&response);
        let deferral = matches!(
            response,
            CreateInteractionResponse::Defer(_) | CreateInteractionResponse::Acknowledge
        );
        let result = match endpoint {
            Some(endpoint) => self.in_response(endpoint, response, upload).await,
            None => self.gate.callback(self.id, self.token, response).await,
        };
        self.observer
            .answered(self.id, if result.is_ok() { outcome } else { FAILED });
        self.state = match &result {
            Ok(()) if deferral => State::Deferred,
            Ok(()) => State::Answered,
            Err(error) => State::Failed(discord_error(error)),
        };
        result
    }

    /// The first answer handed to the endpoint, delivered once its connection took it.
    async fn in_response(
        &mut self,
        endpoint: oneshot::Sender<FirstAnswer>,
        response: CreateInteractionResponse,
        upload: Option<CreateAttachment>,
    ) -> serenity::Result<()> {
        let (taken, was_taken) = oneshot::channel();
        // Fails when the endpoint stopped waiting (Discord's request is over): a late
        // answer goes nowhere, never to the callback route.
        let sent = endpoint
            .send(FirstAnswer {
                response,
                upload,
                taken,
            })
            .is_ok();
        let taken = sent
            && matches!(
                tokio::time::timeout(TAKEN_WITHIN, was_taken).await,
                Ok(Ok(true))
            );
        if taken {
            self.settling = Some(Instant::now());
            Ok(())
        } else {
            Err(serenity::Error::Other(
                "Discord's request for this interaction was gone before its answer",
            ))
        }
    }

    /// Whether something may follow the first answer: it went through. Else the edit, the
    /// follow-up or the read fails with [`NOTHING_FOLLOWS`], without a request.
    fn followable(&self) -> bool {
        matches!(self.state, State::Answered | State::Deferred)
    }

    /// Edits the interaction's `@original`.
    async fn edit(&self, edit: &EditInteractionResponse) -> serenity::Result<Message> {
        if !self.followable() {
            return Err(serenity::Error::Other(NOTHING_FOLLOWS));
        }
        self.gate
            .edit_original(self.token, edit, self.settling)
            .await
    }

    /// A follow-up message.
    async fn followup(
        &self,
        followup: &CreateInteractionResponseFollowup,
    ) -> serenity::Result<Message> {
        if !self.followable() {
            return Err(serenity::Error::Other(NOTHING_FOLLOWS));
        }
        self.gate
            .followup(self.token, followup, self.settling)
            .await
    }

    /// The interaction's `@original` message as Discord has it (its id).
    pub(super) async fn original(&self) -> serenity::Result<Message> {
        if !self.followable() {
            return Err(serenity::Error::Other(NOTHING_FOLLOWS));
        }
        self.gate.original(self.token, self.settling).await
    }

    /// Answers at once with `reply` as a new message (private when it is), or by opening
    /// the Activity when the reply says so.
    pub(super) async fn reply(&mut self, reply: &Reply) {
        if reply.launch {
            logged(
                self.first(CreateInteractionResponse::LaunchActivity, None)
                    .await,
            );
            return;
        }
        let response = CreateInteractionResponse::Message(message(reply));
        logged(self.first(response, attachment(reply)).await);
    }

    /// Answers with a form to fill in.
    pub(super) async fn modal(&mut self, modal: CreateModal) {
        logged(
            self.first(CreateInteractionResponse::Modal(modal), None)
                .await,
        );
    }

    /// Answers a pressed button (or a chosen option) at once: `in_place`, by redrawing
    /// the pressed message, else with a new message.
    pub(super) async fn pressed(&mut self, reply: &Reply, in_place: bool) {
        let response = if in_place {
            // An update keeps the message's visibility; Discord takes no ephemeral flag
            // on it.
            CreateInteractionResponse::UpdateMessage(message(reply).ephemeral(false))
        } else {
            CreateInteractionResponse::Message(message(reply))
        };
        logged(self.first(response, attachment(reply)).await);
    }

    /// Defers a pressed button's answer (a deferred update, type 6, shows nothing;
    /// `@original` is then the message the button sits under, and follow-ups are new
    /// messages). Whether it went through.
    pub(super) async fn defer_update(&mut self) -> bool {
        self.first(CreateInteractionResponse::Acknowledge, None)
            .await
            .is_ok()
    }

    /// A pressed button's reply after [`Answer::defer_update`]: `in_place`, the pressed
    /// message edited, else a follow-up.
    pub(super) async fn after_update(&mut self, reply: &Reply, in_place: bool, called: Called) {
        if !self.may_follow(called) {
            return;
        }
        let sent = if in_place {
            self.edit(&edit(reply)).await.map(|_| ())
        } else {
            self.followup(&followup(reply)).await.map(|_| ())
        };
        logged(sent);
    }

    /// Answers a slash command or a submitted modal with a new message: directly when the
    /// reply was ready in time; else after a deferral whose visibility is chosen now,
    /// before the reply exists (`private`: the command's answers are the caller's alone).
    /// Discord keeps that visibility for the first answer after the deferral, whatever
    /// its own flags say, so:
    /// - a private deferral is simply edited (a rare public reply then shows privately,
    ///   which leaks nothing);
    /// - a public deferral is edited with a public reply; a private reply (an error, a
    ///   refusal) first settles it with a neutral notice, and is sent as an ephemeral
    ///   follow-up only if that edit succeeded: were it to fail, the follow-up would take
    ///   the deferral's place, in public.
    ///
    /// Returns the reply when it became the interaction's own (original) message in
    /// public: the message a race's later edits go to.
    pub(super) async fn with_message(&mut self, private: bool, work: CoreAnswer) -> Option<Reply> {
        let (called, work) = match work {
            CoreAnswer::Ready(reply) => {
                self.reply(&reply).await;
                return (!reply.private).then_some(reply);
            }
            CoreAnswer::Late(called, work) => (called, work),
        };
        let deferral = CreateInteractionResponseMessage::new().ephemeral(private);
        let deferred = self
            .first(CreateInteractionResponse::Defer(deferral), None)
            .await
            .is_ok();
        let reply = after_deferral(work.finish(called, deferred).await?, called.lang);
        if !self.may_follow(called) {
            return None;
        }
        if reply.private && !private {
            let notice = EditInteractionResponse::new()
                .content(t!(called.lang, "discord-answered-privately"))
                .components(Vec::new())
                .allowed_mentions(CreateAllowedMentions::new());
            match self.edit(&notice).await {
                Ok(_) => logged(self.followup(&followup(&reply)).await.map(|_| ())),
                Err(error) => tracing::warn!(
                    command = called.name,
                    error = %discord_error(&error),
                    "settling a public deferral failed; its private answer is not sent"
                ),
            }
            None
        } else {
            logged(self.edit(&edit(&reply)).await.map(|_| ()));
            (!reply.private && !private).then_some(reply)
        }
    }

    /// Whether the reply to a deferred interaction may be sent: the deferral went
    /// through (logged when it did not) and the token still takes it.
    fn may_follow(&self, called: Called) -> bool {
        match &self.state {
            State::Deferred => token_alive(self.id, called),
            State::Failed(why) => {
                tracing::warn!(error = %why, "deferring failed");
                false
            }
            State::Unanswered(_) | State::Answered => false,
        }
    }
}

impl Drop for Answer<'_> {
    fn drop(&mut self) {
        self.observer.closed(self.id);
    }
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

/// Whether interaction `id`'s token still takes edits and follow-ups ([`TOKEN_LIFE`]);
/// logged when it does not. Discord refuses them after 15 minutes with a 401, which
/// counts toward its ban of invalid requests.
fn token_alive(id: InteractionId, called: Called) -> bool {
    let age = age_of(id);
    let alive = age < TOKEN_LIFE;
    if !alive {
        tracing::warn!(
            command = called.name,
            age_s = age.as_secs(),
            "an answer came after its interaction's token ran out: not sent"
        );
    }
    alive
}

/// The outcome label of a first answer.
fn outcome_of(response: &CreateInteractionResponse) -> &'static str {
    match response {
        CreateInteractionResponse::Message(_) => "message",
        CreateInteractionResponse::UpdateMessage(_) => "update",
        CreateInteractionResponse::Defer(_) => "deferred",
        CreateInteractionResponse::Acknowledge => "deferred_update",
        CreateInteractionResponse::Modal(_) => "modal",
        CreateInteractionResponse::LaunchActivity => "activity",
        _ => "other",
    }
}

fn logged(result: serenity::Result<()>) {
    if let Err(error) = result {
        tracing::warn!(error = %discord_error(&error), "answering an interaction failed");
    }
}
