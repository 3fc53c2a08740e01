//! Discord's side of an Activity, as the bot's Activity server meets it:
//! - the launch: an interaction answered with type 12 (LAUNCH_ACTIVITY) opens its
//!   channel's Activity instance, or joins the one running there;
//! - OAuth2's code exchange (`POST /oauth2/token`, a form with the client secret), the
//!   user behind an access token (`GET /users/@me` with `Bearer`), and the instances
//!   (`GET /applications/{app}/activity-instances/{id}` with the bot's token);
//! - the Discord client around the page: `https://discord.com/activity-frame` (tests map
//!   Chromium's `discord.com` to the fake) embeds the Activity in a frame and answers the
//!   SDK's handshake, AUTHORIZE and AUTHENTICATE as the Discord client does, over
//!   `postMessage`, checking the frame's origin.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::{APP_ID, FakeDiscord, State};

/// The app's OAuth2 client secret, as the developer portal would show it.
pub const CLIENT_SECRET: &str = "fake-client-secret-4f1c2a";

/// Discord's authorization codes are good for ten minutes, once.
const CODE_LIFETIME: Duration = Duration::from_secs(600);

#[derive(Default)]
pub(super) struct Activities {
    enabled: bool,
    /// Users met in launches, by id: whom the frame may sign in.
    users: HashMap<String, Value>,
    codes: HashMap<String, Code>,
    /// Access tokens, and whose they are.
    tokens: HashMap<String, Value>,
    instances: HashMap<String, Instance>,
    /// Launches answered (type 12), by interaction id: the instance each opened.
    pub(super) launches: HashMap<String, String>,
    next: u64,
}

struct Code {
    user: String,
    issued: Instant,
    used: bool,
    expired: bool,
}

/// An Activity running in a channel.
#[derive(Clone, Debug)]
pub struct Instance {
    pub id: String,
    pub guild: Option<String>,
    pub channel: String,
    /// Ids of the users in it.
    pub users: Vec<String>,
}

impl Activities {
    fn next(&mut self) -> u64 {
        self.next += 1;
        self.next
    }

    /// Opens `channel`'s instance, or joins the one running there, as `user`.
    pub(super) fn launch(&mut self, user: &Value, guild: Option<&str>, channel: &str) -> String {
        let id = user["id"].as_str().unwrap_or("").to_string();
        self.users.insert(id.clone(), user.clone());
        let running = self
            .instances
            .values_mut()
            .find(|i| i.channel == channel && i.guild.as_deref() == guild);
        if let Some(instance) = running {
            if !instance.users.contains(&id) {
                instance.users.push(id);
            }
            return instance.id.clone();
        }
        let n = self.next();
        let instance = match guild {
            Some(guild) => format!("i-{n}-gc-{guild}-{channel}"),
            None => format!("i-{n}-pc-{channel}"),
        };
        self.instances.insert(
            instance.clone(),
            Instance {
                id: instance.clone(),
                guild: guild.map(str::to_string),
                channel: channel.to_string(),
                users: vec![id],
            },
        );
        instance
    }

    pub(super) fn enabled(&self) -> bool {
        self.enabled
    }

    fn code_for(&mut self, user: &str) -> Option<String> {
        if !self.users.contains_key(user) {
            return None;
        }
        let code = format!("code-{}-{user}", self.next());
        self.codes.insert(
            code.clone(),
            Code {
                user: user.to_string(),
                issued: Instant::now(),
                used: false,
                expired: false,
            },
        );
        Some(code)
    }
}

impl FakeDiscord {
    /// Activities turned on in the developer portal: launches (type 12) are taken.
    pub async fn enable_activities(&self) {
        self.state.activities.lock().await.enabled = true;
    }

    /// What the SDK's AUTHORIZE gives the page of `user` (who launched or joined an
    /// Activity): a fresh authorization code.
    pub async fn authorize(&self, user: &Value) -> String {
        let mut activities = self.state.activities.lock().await;
        let id = user["id"].as_str().expect("user id").to_string();
        // One met in a launch keeps what Discord knows of them there (their locale).
        activities
            .users
            .entry(id.clone())
            .or_insert_with(|| user.clone());
        activities.code_for(&id).expect("a known user")
    }

    /// `code` outlives Discord's ten minutes.
    pub async fn expire_code(&self, code: &str) {
        if let Some(code) = self.state.activities.lock().await.codes.get_mut(code) {
            code.expired = true;
        }
    }

    /// `user` opens (or joins) the Activity in `channel`, as a launch would.
    pub async fn join_activity(&self, user: &Value, guild: Option<&str>, channel: &str) -> String {
        self.state
            .activities
            .lock()
            .await
            .launch(user, guild, channel)
    }

    /// `/sudoku play` by a member without Use Activities in the channel.
    pub fn play_without_activities(&self, user: &Value, guild: &str) -> Value {
        let data = json!({
            "id": "600000000000000001",
            "name": "sudoku",
            "type": 1,
            "options": [{"name": "play", "type": 1, "options": []}],
        });
        self.base_with(2, user, Some(guild), "2147483647", data)
    }

    /// The app's Entry Point command, run by `user` from Discord's App Launcher.
    pub fn entry_point(&self, user: &Value, guild: Option<&str>) -> Value {
        let data = json!({"id": "600000000000000004", "name": "launch", "type": 4});
        self.base(2, user, guild, data)
    }

    /// The instance the launch answering interaction `id` opened or joined, once it has
    /// (within 20 s, else the test fails).
    pub async fn wait_launched(&self, id: &str) -> Instance {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(instance) = self.launched(id).await {
                return instance;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "interaction {id} opened no Activity"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// The instance the launch answering interaction `id` opened or joined.
    pub async fn launched(&self, id: &str) -> Option<Instance> {
        let activities = self.state.activities.lock().await;
        let instance = activities.launches.get(id)?;
        activities.instances.get(instance).cloned()
    }

    /// The Discord client's page around the Activity at `page` (its full URL, with the
    /// query Discord adds), signed in as `user`: open it as `https://discord.com/…` in a
    /// browser whose `discord.com` is this fake.
    pub fn activity_frame(&self, page: &str, user: &Value) -> String {
        format!(
            "https://discord.com/activity-frame?user={}&src={}",
            user["id"].as_str().expect("user id"),
            form_urlencoded::byte_serialize(page.as_bytes()).collect::<String>()
        )
    }
}

/// The API routes of Activities; `None` for any other route.
pub(super) async fn route(
    state: &State,
    method: &str,
    segments: &[&str],
    auth: &str,
    body: &Value,
) -> Option<(u16, Value)> {
    let mut activities = state.activities.lock().await;
    Some(match (method, segments) {
        ("POST", ["oauth2", "token"]) => {
            let field = |name: &str| body[name].as_str().unwrap_or("");
            if field("client_id") != APP_ID || field("client_secret") != CLIENT_SECRET {
                return Some((401, json!({"error": "invalid_client"})));
            }
            if field("grant_type") != "authorization_code" {
                return Some((400, json!({"error": "unsupported_grant_type"})));
            }
            let invalid = (
                400,
                json!({"error": "invalid_grant", "error_description": "Invalid \"code\" in request."}),
            );
            let Some(code) = activities.codes.get_mut(field("code")) else {
                return Some(invalid);
            };
            if code.used || code.expired || code.issued.elapsed() > CODE_LIFETIME {
                return Some(invalid);
            }
            code.used = true;
            let user = code.user.clone();
            let token = format!("access-{}-{user}", activities.next());
            let user = activities.users.get(&user).cloned().unwrap_or(Value::Null);
            activities.tokens.insert(token.clone(), user);
            (
                200,
                json!({"access_token": token, "token_type": "Bearer", "expires_in": 604800,
                       "refresh_token": format!("refresh-{token}"), "scope": "identify"}),
            )
        }
        ("GET", ["users", "@me"]) if auth.starts_with("Bearer ") => {
            match activities.tokens.get(&auth["Bearer ".len()..]) {
                Some(user) => (200, user.clone()),
                None => (401, json!({"message": "401: Unauthorized", "code": 0})),
            }
        }
        ("GET", ["applications", app, "activity-instances", id]) => {
            if auth != format!("Bot {}", state.token) {
                return Some((401, json!({"message": "401: Unauthorized", "code": 0})));
            }
            match activities.instances.get(*id).filter(|_| *app == APP_ID) {
                Some(i) => (
                    200,
                    json!({
                        "application_id": APP_ID,
                        "instance_id": i.id,
                        "launch_id": "1300000000000000001",
                        "location": {
                            "id": format!("{}:{}", if i.guild.is_some() { "gc" } else { "pc" }, i.channel),
                            "kind": if i.guild.is_some() { "gc" } else { "pc" },
                            "channel_id": i.channel,
                            "guild_id": i.guild,
                        },
                        "users": i.users,
                    }),
                ),
                None => (404, json!({"message": "404: Not Found", "code": 0})),
            }
        }
        _ => return None,
    })
}

/// The Discord client's side, served as web pages: `GET /activity-frame` (the page
/// around the Activity) and `POST /activity-frame/authorize` (what AUTHORIZE asks the
/// client for). `None` for any other path. Content type and body.
pub(super) async fn frame(
    state: &State,
    method: &str,
    path: &str,
) -> Option<(u16, &'static str, String)> {
    let (route, query) = path.split_once('?').unwrap_or((path, ""));
    let param = |name: &str| {
        form_urlencoded::parse(query.as_bytes())
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    };
    match (method, route) {
        ("GET", "/activity-frame") => Some((200, "text/html; charset=utf-8", FRAME.to_string())),
        // The browser asks the page's site for its icon: none.
        ("GET", "/favicon.ico") => Some((404, "text/plain", String::new())),
        ("POST", "/activity-frame/authorize") => {
            let mut activities = state.activities.lock().await;
            let answer = if !activities.enabled() || param("client_id") != APP_ID {
                (400, json!({"message": "This application has no Activity."}))
            } else {
                match activities.code_for(&param("user")) {
                    Some(code) => (200, json!({"code": code})),
                    None => (403, json!({"message": "Not in this Activity."})),
                }
            };
            Some((answer.0, "application/json", answer.1.to_string()))
        }
        _ => None,
    }
}

/// A form body (`application/x-www-form-urlencoded`) as a JSON object of strings.
pub(super) fn form_fields(body: &[u8]) -> Value {
    let fields: serde_json::Map<String, Value> = form_urlencoded::parse(body)
        .map(|(k, v)| (k.into_owned(), Value::String(v.into_owned())))
        .collect();
    Value::Object(fields)
}

/// The Discord client around an Activity: the page in a frame filling the window, and
/// the client's half of the SDK's protocol. It believes messages only from the frame,
/// and from the frame's origin; it answers to that origin only.
const FRAME: &str = r#"<!doctype html>
<html><head><meta charset="utf-8"><title>Discord</title>
<style>html,body{margin:0;height:100%;overflow:hidden}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><iframe id="activity"></iframe>
<script>
"use strict";
const params = new URLSearchParams(location.search);
const src = params.get("src");
const user = params.get("user");
const frame = document.getElementById("activity");
const appOrigin = new URL(src).origin;
window.sdkLog = [];
window.addEventListener("message", async (event) => {
  if (event.source !== frame.contentWindow || event.origin !== appOrigin) return;
  if (!Array.isArray(event.data)) return;
  const [op, payload] = event.data;
  const send = (message) => frame.contentWindow.postMessage([1, message], appOrigin);
  sdkLog.push(op === 0 ? "HANDSHAKE" : payload && payload.cmd);
  if (op === 0) {
    if (!payload || !payload.client_id || !payload.frame_id) return;
    send({ cmd: "DISPATCH", evt: "READY", data: { v: 1, config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" } } });
    return;
  }
  if (op !== 1 || !payload) return;
  const nonce = payload.nonce;
  const fail = (message) => send({ cmd: payload.cmd, evt: "ERROR", nonce, data: { code: 4000, message } });
  if (payload.cmd === "AUTHORIZE") {
    const args = payload.args || {};
    const r = await fetch(`/activity-frame/authorize?user=${encodeURIComponent(user)}&client_id=${encodeURIComponent(args.client_id || "")}`, { method: "POST" });
    const body = await r.json();
    if (!r.ok) return fail(body.message);
    send({ cmd: "AUTHORIZE", evt: null, nonce, data: { code: body.code } });
  } else if (payload.cmd === "AUTHENTICATE") {
    const token = (payload.args || {}).access_token || "";
    const r = await fetch("/api/v10/users/@me", { headers: { authorization: `Bearer ${token}` } });
    if (!r.ok) return fail("Invalid access token");
    const me = await r.json();
    send({ cmd: "AUTHENTICATE", evt: null, nonce, data: { access_token: token, user: me, scopes: ["identify"], expires: "2030-01-01T00:00:00.000Z", application: { id: "900000000000000001", name: "Sudoku" } } });
  } else {
    fail(`Unknown command ${payload.cmd}`);
  }
});
frame.src = src;
</script></body></html>
"#;
