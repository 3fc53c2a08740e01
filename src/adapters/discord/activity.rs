//! The Activity's sign-in, Discord's side: the page's OAuth2 code exchanged for the
//! player's access token (`POST /oauth2/token`, with the app's client secret), the player
//! read from it (`GET /users/@me`), and the Activity's instance read with the bot's token
//! (`GET /applications/{app}/activity-instances/{id}`): where it runs, and whether this
//! player is in it. The page names its instance, but only Discord's answer is believed:
//! a player cannot claim another channel's board, or someone else's code. Discord's
//! answer also says the player's locale, which the page then speaks.

use std::future::Future;
use std::pin::Pin;

use serde::Deserialize;

use crate::adapters::web::{ActivitySignIn, SignInError, SignedIn};
use crate::app::i18n::{Lang, t};
use crate::app::web::Identity;
use crate::app::{Place, Player};

/// Where Discord's API is, as reached through [`super::Api`]'s client.
const API: &str = "https://discord.com/api/v10";

pub struct DiscordSignIn {
    client_id: String,
    client_secret: String,
    bot_token: String,
    http: reqwest::Client,
}

impl DiscordSignIn {
    pub(super) fn new(
        client_id: u64,
        client_secret: String,
        bot_token: &str,
        http: reqwest::Client,
    ) -> DiscordSignIn {
        let token = bot_token.trim();
        DiscordSignIn {
            client_id: client_id.to_string(),
            client_secret,
            bot_token: token.strip_prefix("Bot ").unwrap_or(token).to_string(),
            http,
        }
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
        let Some(found) = self
            .get::<Instance>(
                "reading the Activity's instance",
                format!(
                    "{API}/applications/{}/activity-instances/{}",
                    self.client_id, instance
                ),
                &format!("Bot {}", self.bot_token),
            )
            .await?
        else {
            return Err(SignInError::Refused(t!(lang, "activity-not-running")));
        };
        if !found.users.contains(&user.id) {
            return Err(SignInError::Refused(t!(lang, "activity-not-in-it")));
        }
        let place = match found.location.guild_id {
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
                place: place.in_channel(found.location.channel_id),
            },
            access_token: granted.access_token,
            locale: user.locale,
        })
    }

    /// A GET with `authorization`; `None` for a 404.
    async fn get<T: serde::de::DeserializeOwned>(
        &self,
        what: &str,
        url: String,
        authorization: &str,
    ) -> Result<Option<T>, SignInError> {
        let response = self
            .http
            .get(url)
            .header(reqwest::header::AUTHORIZATION, authorization)
            .send()
            .await
            .map_err(|e| SignInError::Failed(format!("{what}: {e}")))?;
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
