//! An independent check of what the bot sends: every JSON body of the routes it answers
//! and posts with (interaction callbacks, webhook follow-ups and edits, channel messages,
//! command registration) is validated against Discord's own published description of the
//! API, the OpenAPI 3.1 spec of <https://github.com/discord/discord-api-spec> (MIT; the
//! schemas needed are in `openapi/requests.json`, extracted by `openapi/extract.py`, the
//! licence beside them), with the `jsonschema` crate (JSON Schema 2020-12, OpenAPI 3.1's
//! dialect).
//!
//! serenity cannot judge what serenity's builders write: reading a payload back through
//! serenity's types would pass whatever serenity serialized. Discord's description is
//! written apart from both, and catches what Discord answers 400 (Invalid Form Body, code
//! 50035) for: a field of the wrong type, a component of a kind that does not exist or
//! does not go there, a required field missing, a length or count over its limit.
//!
//! It does not check what the schema leaves out: rules across fields (a response type
//! that fits its interaction, `custom_id`s unique in a message, the first follow-up's
//! visibility), Discord's counts that are wider than documented (the schema allows 40
//! top-level components, the classic limit is 5 action rows), or anything of the files of
//! an upload; the hand-written checks in `mod.rs` keep those. Nor does it reject unknown
//! fields: Discord's schemas do not say `additionalProperties: false`, and Discord ignores
//! them.

use std::collections::HashMap;
use std::sync::OnceLock;

use jsonschema::error::ValidationErrorKind;
use jsonschema::{Draft, ValidationError, Validator};
use serde_json::{Value, json};

/// Discord's operations that the bot calls with a body, by the spec's operation ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Operation {
    /// `PUT /applications/{app}/commands`.
    SetCommands,
    /// `PUT /applications/{app}/guilds/{guild}/commands`.
    SetGuildCommands,
    /// `POST /interactions/{id}/{token}/callback`, or the HTTP response to an interaction
    /// POSTed to the bot's endpoint (the same body).
    InteractionResponse,
    /// `POST /webhooks/{app}/{token}`: a follow-up.
    ExecuteWebhook,
    /// `PATCH /webhooks/{app}/{token}/messages/@original`.
    EditOriginal,
    /// `POST /channels/{channel}/messages`.
    CreateMessage,
    /// `PATCH /channels/{channel}/messages/{message}`.
    EditMessage,
}

impl Operation {
    const ALL: [Operation; 7] = [
        Operation::SetCommands,
        Operation::SetGuildCommands,
        Operation::InteractionResponse,
        Operation::ExecuteWebhook,
        Operation::EditOriginal,
        Operation::CreateMessage,
        Operation::EditMessage,
    ];

    /// The spec's `operationId`.
    pub fn id(self) -> &'static str {
        match self {
            Operation::SetCommands => "bulk_set_application_commands",
            Operation::SetGuildCommands => "bulk_set_guild_application_commands",
            Operation::InteractionResponse => "create_interaction_response",
            Operation::ExecuteWebhook => "execute_webhook",
            Operation::EditOriginal => "update_original_webhook_message",
            Operation::CreateMessage => "create_message",
            Operation::EditMessage => "update_message",
        }
    }
}

/// The request schemas of [`Operation`], extracted from Discord's spec, unchanged.
const SPEC: &str = include_str!("openapi/requests.json");

/// A rule of the published spec that is stricter than Discord, and that what the bot
/// sends (through serenity 0.12.5) breaks while Discord accepts it: the schema at
/// `pointer` (in `openapi/requests.json`) is widened to also allow `also`. Each is one
/// exact rule, named, with why; anything else the schema refuses is a violation.
struct Tolerated {
    pointer: &'static str,
    also: fn() -> Value,
    why: &'static str,
}

const TOLERATED: &[Tolerated] = &[
    Tolerated {
        // Rule: `MessageAttachmentRequest.id` is a `SnowflakeType` (a string of digits).
        pointer: "/components/schemas/MessageAttachmentRequest/properties/id",
        also: || json!({"type": "integer", "minimum": 0, "maximum": 9}),
        why: "serenity's CreateAttachment numbers the files of an upload 0, 1, … as JSON \
              integers, as the example in Discord's own documentation of uploads does \
              (`\"attachments\": [{\"id\": 0, …}]`); the id is the N of `files[N]`",
    },
    Tolerated {
        // Rule: `ApplicationCommandUpdateRequest.default_member_permissions` is an
        // integer (or null).
        pointer: "/components/schemas/ApplicationCommandUpdateRequest/properties/default_member_permissions",
        also: || json!({"type": "string", "pattern": "^(0|[1-9][0-9]{0,16})$"}),
        why: "serenity sends the permission bits as a string of digits, the type Discord's \
              documentation gives; the spec's README says such fields are typed as integers \
              in the spec and that the API accepts strings that parse as integers",
    },
];

/// The document's address, for naming rules.
const BASE: &str = "https://github.com/discord/discord-api-spec/specs/openapi.json";

/// The spec's schemas with [`TOLERATED`] applied: the document every validator resolves
/// its `$ref`s in.
fn document() -> Value {
    let mut document: Value = serde_json::from_str(SPEC).expect("openapi/requests.json is JSON");
    for tolerated in TOLERATED {
        let node = document.pointer_mut(tolerated.pointer).unwrap_or_else(|| {
            panic!(
                "a tolerated rule is no longer in the spec: {} ({})",
                tolerated.pointer, tolerated.why
            )
        });
        *node = json!({"anyOf": [node.take(), (tolerated.also)()]});
    }
    document
}

/// Compiles the validators, once for the process (the first call takes a moment).
pub fn compile() {
    validators();
}

fn validators() -> &'static HashMap<Operation, Validator> {
    static VALIDATORS: OnceLock<HashMap<Operation, Validator>> = OnceLock::new();
    VALIDATORS.get_or_init(|| {
        let document = document();
        Operation::ALL
            .into_iter()
            .map(|operation| {
                // The whole document is the schema's root, so `#/components/schemas/...`
                // resolves; its own rule is the operation's request body.
                let mut schema = json!({
                    "$schema": "https://json-schema.org/draft/2020-12/schema",
                    "$ref": format!("#/requests/{}", operation.id()),
                });
                schema["requests"] = document["requests"].clone();
                schema["components"] = document["components"].clone();
                let validator = jsonschema::options()
                    .with_draft(Draft::Draft202012)
                    // Everything is in the document: nothing is fetched.
                    .offline()
                    // A base of its own, so an error names the rule where it is written
                    // (`#/components/schemas/...`), not only the path through `$ref`s.
                    .with_base_uri(BASE)
                    // `uri` and `date-time` are checked; the spec's own formats (`int32`,
                    // `snowflake`, …) are annotations.
                    .should_validate_formats(true)
                    .should_ignore_unknown_formats(true)
                    .build(&schema)
                    .unwrap_or_else(|e| panic!("the schema of {}: {e}", operation.id()));
                (operation, validator)
            })
            .collect()
    })
}

/// What Discord's published schema says is wrong with `body` as the request body of
/// `operation`: one line per broken rule, with where in the body, and the rule's place in
/// the spec. Empty when the body is valid.
pub fn problems(operation: Operation, body: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    for error in validators()[&operation].iter_errors(body) {
        explain(&error, &mut problems);
    }
    problems
}

/// One line per rule `error` stands for. The spec's unions (`anyOf`, `oneOf`: a callback
/// of one of several types, a component of one of several kinds) fail as a whole; the
/// branch the body meant is the one whose `type` (or JSON type) fits, and its own errors
/// are the ones to tell.
fn explain(error: &ValidationError<'_>, out: &mut Vec<String>) {
    let branches = match error.kind() {
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            context
        }
        _ => {
            let value = match error.instance().as_ref() {
                Value::Object(_) | Value::Array(_) => String::new(),
                value => format!(": {}", shown(value)),
            };
            out.push(format!(
                "{} (at {:?} in the body; the spec's rule {}){value}",
                error.masked_with("the value"),
                error.instance_path().as_str(),
                rule(error)
            ));
            return;
        }
    };
    let at = error.instance_path().as_str();
    let discriminator = format!("{at}/type");
    let meant: Vec<&Vec<ValidationError<'static>>> = branches
        .iter()
        .filter(|branch| {
            !branch.iter().any(|e| {
                let path = e.instance_path().as_str();
                (path == at && matches!(e.kind(), ValidationErrorKind::Type { .. }))
                    || (path == discriminator
                        && matches!(
                            e.kind(),
                            ValidationErrorKind::Enum { .. }
                                | ValidationErrorKind::Constant { .. }
                                | ValidationErrorKind::Type { .. }
                        ))
            })
        })
        .collect();
    match meant.as_slice() {
        [branch] => {
            for e in branch.iter() {
                explain(e, out);
            }
        }
        _ => out.push(format!(
            "none of the {} shapes the spec allows there (at {at:?} in the body; the spec's rule {}): {}",
            branches.len(),
            rule(error),
            shown(error.instance())
        )),
    }
}

/// Where the rule `error` broke is written in the spec: `#/components/schemas/...`.
fn rule(error: &ValidationError<'_>) -> String {
    error
        .absolute_keyword_location()
        .map(|uri| uri.as_str().trim_start_matches(BASE).to_string())
        .unwrap_or_else(|| format!("#{}", error.schema_path().as_str()))
}

/// `value` as JSON, cut after 300 bytes.
fn shown(value: &Value) -> String {
    let mut shown = value.to_string();
    if shown.len() > 300 {
        let mut end = 300;
        while !shown.is_char_boundary(end) {
            end -= 1;
        }
        shown.truncate(end);
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    fn button(custom_id: &str) -> Value {
        json!({"type": 2, "style": 1, "label": "1", "custom_id": custom_id})
    }

    fn reply(data: Value) -> Value {
        json!({"type": 4, "data": data})
    }

    #[test]
    fn what_the_bot_sends_passes() {
        let board = reply(json!({
            "content": "A board",
            "flags": 64,
            "components": [{"type": 1, "components": [button("a"), button("b")]}],
            "attachments": [{"id": 0, "filename": "b.png", "description": "the board"}],
            "embeds": [{"image": {"url": "attachment://b.png"}}],
        }));
        assert_eq!(
            problems(Operation::InteractionResponse, &board),
            Vec::<String>::new()
        );
        let deferral = json!({"type": 5, "data": {"flags": 64}});
        assert!(problems(Operation::InteractionResponse, &deferral).is_empty());
        let update = json!({"type": 6});
        assert!(problems(Operation::InteractionResponse, &update).is_empty());
        let commands = json!([{"name": "sudoku", "description": "Play", "type": 1,
            "default_member_permissions": "32",
            "options": [{"type": 1, "name": "new", "description": "A new game", "options": []}]}]);
        assert!(problems(Operation::SetCommands, &commands).is_empty());
    }

    #[test]
    fn a_wrong_type_for_flags_is_a_problem() {
        let body = reply(json!({"content": "hi", "flags": "64"}));
        let found = problems(Operation::InteractionResponse, &body);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].contains("/data/flags"), "{found:#?}");
        let edit = json!({"content": "hi", "flags": true});
        assert!(!problems(Operation::EditOriginal, &edit).is_empty());
    }

    #[test]
    fn a_component_of_an_unknown_kind_is_a_problem() {
        let body = reply(json!({
            "components": [{"type": 1, "components": [button("a"), {"type": 99, "custom_id": "b"}]}],
        }));
        let found = problems(Operation::InteractionResponse, &body);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(
            found[0].contains("/data/components/0/components/1"),
            "{found:#?}"
        );
        // A text input belongs in a modal, not in a message.
        let body = json!({"content": "x", "components": [{"type": 1, "components": [
            {"type": 4, "custom_id": "t", "style": 1, "label": "Moves"}]}]});
        assert!(!problems(Operation::CreateMessage, &body).is_empty());
    }

    #[test]
    fn a_missing_required_field_is_a_problem() {
        // A modal without its title.
        let body = json!({"type": 9, "data": {"custom_id": "m", "components": [
            {"type": 1, "components": [{"type": 4, "custom_id": "t", "style": 1, "label": "Moves"}]}]}});
        let found = problems(Operation::InteractionResponse, &body);
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].contains("title"), "{found:#?}");
        // A button without its style.
        let body = reply(json!({"components": [{"type": 1, "components": [
            {"type": 2, "label": "1", "custom_id": "a"}]}]}));
        assert!(!problems(Operation::InteractionResponse, &body).is_empty());
        // A subcommand without its description.
        let commands = json!([{"name": "sudoku", "description": "Play",
            "options": [{"type": 1, "name": "new"}]}]);
        assert!(!problems(Operation::SetGuildCommands, &commands).is_empty());
    }

    #[test]
    fn limits_and_unknown_response_types_are_problems() {
        let long = reply(json!({"content": "x".repeat(2001)}));
        assert!(!problems(Operation::InteractionResponse, &long).is_empty());
        let custom_id =
            reply(json!({"components": [{"type": 1, "components": [button(&"c".repeat(101))]}]}));
        assert!(!problems(Operation::InteractionResponse, &custom_id).is_empty());
        let six = reply(json!({"components": [{"type": 1,
            "components": (0..6).map(|i| button(&i.to_string())).collect::<Vec<_>>()}]}));
        assert!(!problems(Operation::InteractionResponse, &six).is_empty());
        let unknown = json!({"type": 3, "data": {"content": "x"}});
        assert!(!problems(Operation::InteractionResponse, &unknown).is_empty());
    }

    #[test]
    fn tolerated_rules_allow_only_what_they_name() {
        // An upload's id may be its number, not any number, nor a word.
        let edit = |id: Value| json!({"attachments": [{"id": id, "filename": "b.png"}]});
        assert!(problems(Operation::EditOriginal, &edit(json!(0))).is_empty());
        assert!(problems(Operation::EditOriginal, &edit(json!("123"))).is_empty());
        assert!(!problems(Operation::EditOriginal, &edit(json!(10))).is_empty());
        assert!(!problems(Operation::EditOriginal, &edit(json!("board"))).is_empty());
        // Permissions as digits, not as a name.
        let commands =
            |p: Value| json!([{"name": "a", "description": "b", "default_member_permissions": p}]);
        assert!(problems(Operation::SetCommands, &commands(json!(32))).is_empty());
        assert!(problems(Operation::SetCommands, &commands(json!("32"))).is_empty());
        assert!(!problems(Operation::SetCommands, &commands(json!("MANAGE_GUILD"))).is_empty());
    }
}
