//! The Activity's sign-in, Discord's side: the page's OAuth2 code exchanged for the
//! player's access token (`POST /oauth2/token`, with the app's client secret), the player
//! read from it (`GET /users/@me`), and the Activity's instance read with the bot's token
//! (`GET /applications/{app}/activity-instances/{id}`): where it runs, and whether this
//! player is in it. The page names its instance, but only Discord's answer is believed:
//! a player cannot claim another channel's board, or someone else's code. Discord's
//! answer also says the player's locale, which the page then speaks.
//!
//! The instance lookup is the bot's own request (its token, its global rate limit): it
//! waits its turn in the outbound budget like the bot's posts, and an instance read
//! lately is taken from [`INSTANCE_FRESH`]'s cache, so a channel opening the Activity
//! together costs one lookup, not one per player.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Deserialize;

use crate::adapters::web::{ActivitySignIn, SignInError, SignedIn};
use crate::app::i18n::{Lang, t};
use crate::app::web::Identity;
use crate::app::{Place, Player};

/// Where Discord's API is, as reached through the client `run` builds (its `Api`).
const API: &str = "https://discord.com/api/v10";

/// How long an instance read from Discord is believed: its place does not change, and a
/// player missing from its list is looked up again (they may just have joined).
const INSTANCE_FRESH: Duration = Duration::from_secs(10);

/// Instances kept in the cache at most; past it, the stale ones go (and if none is
/// stale, all do: a flood of made-up ids must not grow it without end).
const INSTANCES_KEPT: usize = 4_096;

pub struct DiscordSignIn {
    client_id: String,
    client_secret: String,
    bot_token: String,
    http: reqwest::Client,
    /// The bot's own requests' budget (see `outbound`).
    budget: Arc<super::outbound::Budget>,
    /// Instances read lately, by id, with when.
    instances: Mutex<HashMap<String, (tokio::time::Instant, Arc<Instance>)>>,
}

impl DiscordSignIn {
    pub(super) fn new(
        client_id: u64,
        client_secret: String,
        bot_token: &str,
        http: reqwest::Client,
        budget: Arc<super::outbound::Budget>,
    ) -> DiscordSignIn {
        let token = bot_token.trim();
        DiscordSignIn {
            client_id: client_id.to_string(),
            client_secret,
            bot_token: token.strip_prefix("Bot ").unwrap_or(token).to_string(),
            http,
            budget,
            instances: Mutex::new(HashMap::new()),
        }
    }

    fn instances(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<String, (tokio::time::Instant, Arc<Instance>)>> {
        self.instances.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Activity instance `instance` with `user` in it, from the cache while fresh, else
    /// from Discord (through the outbound budget); `None` when Discord knows no such
    /// instance.
    async fn instance(
        &self,
        instance: &str,
        user: &str,
    ) -> Result<Option<Arc<Instance>>, SignInError> {
        let now = tokio::time::Instant::now();
        let cached = self.instances().get(instance).cloned();
        if let Some((at, found)) = cached
            && now.duration_since(at) < INSTANCE_FRESH
            && found.users.iter().any(|u| u == user)
        {
            return Ok(Some(found));
        }
        self.budget.take(true).await;
        let route = "/applications/{application_id}/activity-instances/{instance_id}";
        let found = self
            .get::<Instance>(
                "reading the Activity's instance",
                format!(
                    "{API}/applications/{}/activity-instances/{}",
                    self.client_id, instance
                ),
                &format!("Bot {}", self.bot_token),
                Some(route),
            )
            .await?
            .map(Arc::new);
        if let Some(found) = &found {
            let mut instances = self.instances();
            if instances.len() >= INSTANCES_KEPT {
                instances.retain(|_, (at, _)| now.duration_since(*at) < INSTANCE_FRESH);
                if instances.len() >= INSTANCES_KEPT {
                    instances.clear();
                }
            }
            instances.insert(instance.to_string(), (now, found.clone()));
        }
        Ok(found)
    }

    /// Refusals said in `lang` (the page's, until Discord says the player's).
    async fn run(&self, code: &str, instance: &str, lang: Lang) -> Result<SignedIn, SignInError> {
        let failed = |what: &str, e: reqwest::Error| SignInError::Failed(format!("{what}: {e}"));
        let Some(instance) = instance_id(instance) else {
            return Err(SignInError::Refused(t!(lang, "activity-not-ours")));
        };
        // 1. The code, for the player's access token.
        let form = [
            ("client_id", self.client_id.as_str()),
            ("client_secret", self.client_secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let response = self
            .http
            .post(format!("{API}/oauth2/token"))
            .form(&form)
            .send()
            .await
            .map_err(|e| failed("exchanging the code", e))?;
        let status = response.status();
        if status == reqwest::StatusCode::BAD_REQUEST {
            // `invalid_grant`: used, expired, or never given to this app.
            return Err(SignInError::Refused(t!(lang, "activity-code-refused")));
        }
        if !status.is_success() {
            // 401 `invalid_client` is our configuration: the operator reads it in the log.
            return Err(SignInError::Failed(format!(
                "exchanging the code: Discord answered {status} (a 401 means a wrong client id or secret in [activity])"
            )));
        }
        let granted: Granted = read_json(response)
            .await
            .map_err(|e| SignInError::Failed(format!("reading the access token: {e}")))?;
        // 2. Whose token it is.
        let user: User = self
            .get(
                "reading the player",
                format!("{API}/users/@me"),
                &format!("Bearer {}", granted.access_token),
                None,
            )
            .await?
            .ok_or_else(|| SignInError::Failed("the new access token was refused".into()))?;
        // From here, the player's own language where Discord says it.
        let lang = user
            .locale
            .as_deref()
            .and_then(Lang::from_discord)
            .unwrap_or(lang);
        // 3. Where the Activity runs, and whether this player is in it.
        let Some(found) = self.instance(instance, &user.id).await? else {
            return Err(SignInError::Refused(t!(lang, "activity-not-running")));
        };
        if !found.users.contains(&user.id) {
            return Err(SignInError::Refused(t!(lang, "activity-not-in-it")));
        }
        let place = match &found.location.guild_id {
            Some(guild) => Place::guild(guild.parse().map_err(|_| {
                SignInError::Failed(format!("the instance's guild_id {guild:?} is not an id"))
            })?),
            None => Place::dm(),
        };
        let name = user
            .global_name
            .filter(|name| !name.trim().is_empty())
            .unwrap_or(user.username);
        Ok(SignedIn {
            who: Identity {
                player: Player { id: user.id, name },
                place: place.in_channel(found.location.channel_id.clone()),
            },
            access_token: granted.access_token,
            locale: user.locale,
        })
    }

    /// A GET with `authorization`; `None` for a 404. `budgeted`: the bot's own request
    /// (this route template), whose refusals count in the outbound budget.
    async fn get<T: serde::de::DeserializeOwned>(
        &self,
        what: &str,
        url: String,
        authorization: &str,
        budgeted: Option<&str>,
    ) -> Result<Option<T>, SignInError> {
        let response = self
            .http
            .get(url)
            .header(reqwest::header::AUTHORIZATION, authorization)
            .send()
            .await
            .map_err(|e| SignInError::Failed(format!("{what}: {e}")))?;
        if let Some(route) = budgeted
            && !response.status().is_success()
            && response.status() != reqwest::StatusCode::NOT_FOUND
        {
            self.budget.refused(route, response.status().as_u16()).await;
        }
        match response.status() {
            reqwest::StatusCode::NOT_FOUND => Ok(None),
            status if status.is_success() => read_json(response)
                .await
                .map(Some)
                .map_err(|e| SignInError::Failed(format!("{what}: {e}"))),
            status => Err(SignInError::Failed(format!(
                "{what}: Discord answered {status}"
            ))),
        }
    }
}

impl ActivitySignIn for DiscordSignIn {
    fn client_id(&self) -> &str {
        &self.client_id
    }

    fn sign_in<'a>(
        &'a self,
        code: &'a str,
        instance: &'a str,
        lang: Lang,
    ) -> Pin<Box<dyn Future<Output = Result<SignedIn, SignInError>> + Send + 'a>> {
        Box::pin(self.run(code, instance, lang))
    }
}

/// An instance id as Discord makes them (`i-1234-gc-5678-9012`): letters, digits,
/// dashes and underscores. Anything else is refused before it reaches a URL, where `/`,
/// `?` or `..` (even percent-encoded, which URLs still read as `..`) would change the
/// path asked.
fn instance_id(text: &str) -> Option<&str> {
    let fits = !text.is_empty()
        && text.len() <= 128
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    fits.then_some(text)
}

async fn read_json<T: serde::de::DeserializeOwned>(
    response: reqwest::Response,
) -> Result<T, String> {
    let body = response.bytes().await.map_err(|e| e.to_string())?;
    serde_json::from_slice(&body).map_err(|e| e.to_string())
}

#[derive(Deserialize)]
struct Granted {
    access_token: String,
}

#[derive(Deserialize)]
struct User {
    id: String,
    username: String,
    global_name: Option<String>,
    /// The language their Discord is in (`identify` scope).
    locale: Option<String>,
}

#[derive(Deserialize)]
struct Instance {
    location: Location,
    users: Vec<String>,
}

#[derive(Deserialize)]
struct Location {
    channel_id: String,
    guild_id: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_instance_id_cannot_change_the_path() {
        assert_eq!(instance_id("i-1234-gc-5678_9"), Some("i-1234-gc-5678_9"));
        for bad in ["", "..", "%2e%2e", "../users/@me", "a?b", "a#b", "a b"] {
            assert_eq!(instance_id(bad), None, "{bad:?}");
        }
    }
}
