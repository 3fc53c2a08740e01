//! `sudoku-bot run --config PATH`: settings read from TOML. The token is never here: it
//! comes from `DISCORD_TOKEN` or from the secrets file this config points to.

use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// The database: a SQLite file, or a `postgres://` URL (several bot processes may
    /// share one PostgreSQL database; the password may come from `PGPASSWORD` instead).
    pub database: crate::store::Location,
    /// Connections to a PostgreSQL database this process opens at most (commands run on
    /// that many at once). Unset: 4. A SQLite file has one writer whatever this says.
    pub database_connections: Option<u32>,
    /// A tracing filter: `info`, `debug`, `sudoku_bot=debug,serenity=warn`.
    pub log_level: String,
    /// Register the commands to this one server (instant, for development) instead of
    /// globally.
    pub guild_id: Option<u64>,
    /// A file holding the bot token, used when `DISCORD_TOKEN` is not set.
    pub token_file: Option<PathBuf>,
    /// A fixed number of gateway shards. Unset: the count Discord recommends, asked at
    /// start-up (one shard may hold at most 2,500 servers; past that Discord refuses it).
    pub shards: Option<u32>,
    /// Where Discord's API lives. Only tests change it (to a fake Discord on loopback).
    pub api_base: Option<String>,
    /// Interactions over HTTP: the endpoint Discord POSTs them to. Unset: the gateway
    /// brings them.
    pub interactions: Option<Interactions>,
    /// The web board (`/sudoku web`): its page and live socket. Unset: `/sudoku web` says
    /// it is not set up.
    pub web: Option<Web>,
    /// The board as a Discord Activity (`/sudoku play`, Tap to play buttons, the Entry
    /// Point command), served by the web board. Unset: those say it is not set up.
    pub activity: Option<Activity>,
}

/// The `[activity]` section: the app's OAuth2 client, for the Activity's sign-in.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Activity {
    /// The application's id (the developer portal's OAuth2 Client ID).
    pub client_id: u64,
    /// A file holding the OAuth2 client secret, used when `DISCORD_CLIENT_SECRET` is not
    /// set.
    pub client_secret_file: Option<PathBuf>,
}

impl Activity {
    /// The client secret: `DISCORD_CLIENT_SECRET` (passed in), else the secret file.
    pub fn secret(&self, from_env: Option<String>) -> Result<String, String> {
        if let Some(secret) = from_env.map(|s| s.trim().to_string())
            && !secret.is_empty()
        {
            return Ok(secret);
        }
        match &self.client_secret_file {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("activity.client_secret_file {}: {e}", path.display()))?;
                let secret = text.trim();
                if secret.is_empty() {
                    return Err(format!(
                        "activity.client_secret_file {} is empty",
                        path.display()
                    ));
                }
                Ok(secret.to_string())
            }
            None => Err("the Activity needs the app's OAuth2 client secret (developer portal, OAuth2): set DISCORD_CLIENT_SECRET, or point activity.client_secret_file at a file holding it".into()),
        }
    }
}

/// The `[web]` section: where the web board is served and how its links are signed.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Web {
    /// The address players' browsers reach the page at, as they see it (behind a proxy
    /// that ends TLS: `https://sudoku.example.com`). Links are this plus `/play#…`.
    pub public_url: String,
    /// Where to listen. Unset: on the interactions endpoint's listener (`[interactions]`).
    #[serde(default, deserialize_with = "optional_socket_address")]
    pub listen: Option<std::net::SocketAddr>,
    /// A file holding the secret links are signed with (at least 32 bytes; the same on
    /// every replica), used when `SUDOKU_WEB_SECRET` is not set.
    pub secret_file: Option<PathBuf>,
}

fn optional_socket_address<'de, D>(
    deserializer: D,
) -> Result<Option<std::net::SocketAddr>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    socket_address(deserializer).map(Some)
}

impl Web {
    /// The signing secret: `SUDOKU_WEB_SECRET` (passed in), else the secret file.
    pub fn secret(&self, from_env: Option<String>) -> Result<Vec<u8>, String> {
        if let Some(secret) = from_env.map(|s| s.trim().to_string())
            && !secret.is_empty()
        {
            return Ok(secret.into_bytes());
        }
        match &self.secret_file {
            Some(path) => std::fs::read_to_string(path)
                .map(|text| text.trim().as_bytes().to_vec())
                .map_err(|e| format!("web.secret_file {}: {e}", path.display())),
            None => Err("the web board needs a secret to sign its links: set SUDOKU_WEB_SECRET (e.g. `openssl rand -hex 32`), or point web.secret_file at a file holding one".into()),
        }
    }

    fn check(&self, interactions: bool) -> Result<(), String> {
        if !(self.public_url.starts_with("https://") || self.public_url.starts_with("http://")) {
            return Err(format!(
                "web.public_url {:?}: the page's address as browsers reach it, e.g. \"https://sudoku.example.com\"",
                self.public_url
            ));
        }
        if self.listen.is_none() && !interactions {
            return Err(
                "web: give `listen` (e.g. \"127.0.0.1:8081\"), or serve it beside [interactions]"
                    .into(),
            );
        }
        Ok(())
    }
}

/// The `[interactions]` section: serve Discord's interactions endpoint.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Interactions {
    /// The address to listen on (`127.0.0.1:8080` behind a reverse proxy that ends TLS).
    #[serde(deserialize_with = "socket_address")]
    pub listen: std::net::SocketAddr,
    /// The application's public key (64 hex digits, from the developer portal's General
    /// Information): every request must be signed with its private half.
    pub public_key: String,
    /// The application's id: follow-ups and command registration need it before (or
    /// without) the gateway's READY.
    pub application_id: String,
    /// The path of the endpoint (the URL set in the developer portal ends with it).
    #[serde(default = "default_path")]
    pub path: String,
    /// Also connect to the gateway, for server events (the bot removed from a server, a
    /// channel deleted). `false`: HTTP alone.
    #[serde(default = "connect_gateway")]
    pub gateway: bool,
}

/// An IP address and port, with what would be right when it is not one.
fn socket_address<'de, D>(deserializer: D) -> Result<std::net::SocketAddr, D::Error>
where
    D: serde::Deserializer<'de>,
{
    let text = String::deserialize(deserializer)?;
    text.trim().parse().map_err(|_| {
        serde::de::Error::custom(format!(
            "{text:?} is not an IP address and port: write one such as \"127.0.0.1:8080\" or \"[::1]:8080\" (host names are not looked up)"
        ))
    })
}

fn default_path() -> String {
    "/interactions".into()
}

fn connect_gateway() -> bool {
    true
}

impl Interactions {
    /// The public key's 32 bytes, or what is wrong with it.
    pub fn key(&self) -> Result<[u8; 32], String> {
        let text = self.public_key.trim();
        let bad = || {
            format!(
                "interactions.public_key: {} characters; the application's public key is 64 hex digits (developer portal, General Information)",
                text.chars().count()
            )
        };
        if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let mut key = [0u8; 32];
        for (i, byte) in key.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
        }
        serenity::interactions_endpoint::Verifier::try_new(key)
            .map_err(|e| format!("interactions.public_key: {e}"))?;
        Ok(key)
    }

    /// The application id as a number, or what is wrong with it.
    pub fn application(&self) -> Result<u64, String> {
        self.application_id
            .trim()
            .parse::<u64>()
            .ok()
            .filter(|&id| id > 0)
            .ok_or_else(|| {
                format!(
                    "interactions.application_id {:?}: the application's id is a number (developer portal, General Information)",
                    self.application_id
                )
            })
    }

    fn check(&self) -> Result<(), String> {
        self.key()?;
        self.application()?;
        if !self.path.starts_with('/') || self.path.contains(['?', '#', ' ']) {
            return Err(format!(
                "interactions.path {:?}: a URL path starting with `/` (`/interactions`)",
                self.path
            ));
        }
        Ok(())
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            database: crate::store::Location::File(PathBuf::from("sudoku-bot.db")),
            database_connections: None,
            log_level: "info".into(),
            guild_id: None,
            token_file: None,
            shards: None,
            api_base: None,
            interactions: None,
            web: None,
            activity: None,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("the config file {path} is not valid: {message}")]
    Invalid { path: PathBuf, message: String },
    #[error(
        "no bot token: set the DISCORD_TOKEN environment variable, or point `token_file` in the config at a file holding it"
    )]
    NoToken,
    #[error("cannot read the token file {path}: {source}")]
    TokenFile {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl Config {
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Config::parse(&text).map_err(|message| ConfigError::Invalid {
            path: path.to_path_buf(),
            message,
        })
    }

    pub fn parse(text: &str) -> Result<Config, String> {
        let config: Config = toml::from_str(text).map_err(|e| e.to_string())?;
        if let Some(interactions) = &config.interactions {
            interactions.check()?;
        }
        if let Some(web) = &config.web {
            web.check(config.interactions.is_some())?;
        }
        if let Some(activity) = &config.activity {
            if let Some(interactions) = &config.interactions
                && interactions.application_id.trim() != activity.client_id.to_string()
            {
                return Err(format!(
                    "activity.client_id {} is not interactions.application_id {:?}: both are the application's id",
                    activity.client_id, interactions.application_id
                ));
            }
            let Some(web) = &config.web else {
                return Err("[activity] plays through the web board's page: add a [web] section (public_url, and listen or [interactions])".into());
            };
            // The Activity's page is served at `/`, where Discord's proxy maps it.
            if web.listen.is_none() && config.interactions.as_ref().is_some_and(|i| i.path == "/") {
                return Err("[activity] serves its page at `/`, which is [interactions]' path here: give interactions a path such as \"/interactions\", or the web board a listener of its own".into());
            }
        }
        Ok(config)
    }

    /// The token: `DISCORD_TOKEN` (passed in, so tests need not touch the environment),
    /// else the token file. Surrounding whitespace is dropped; an empty token is none.
    pub fn token(&self, from_env: Option<String>) -> Result<String, ConfigError> {
        if let Some(t) = from_env.map(|t| t.trim().to_string())
            && !t.is_empty()
        {
            return Ok(t);
        }
        if let Some(path) = &self.token_file {
            let text = std::fs::read_to_string(path).map_err(|source| ConfigError::TokenFile {
                path: path.clone(),
                source,
            })?;
            let t = text.trim();
            if !t.is_empty() {
                return Ok(t.to_string());
            }
        }
        Err(ConfigError::NoToken)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_config_parses_and_unknown_keys_are_refused() {
        let example = include_str!("../../../config.example.toml");
        let config = Config::parse(example).expect("config.example.toml parses");
        assert_eq!(
            config.database,
            crate::store::Location::File(PathBuf::from("sudoku-bot.db"))
        );
        let err = Config::parse("databse = \"x.db\"").unwrap_err();
        assert!(err.contains("databse"), "{err}");
    }

    #[test]
    fn the_interactions_section_is_checked_when_read() {
        let key = "67c6bd767ca099e79efac9fcce4d2022a63bf7dea780e7f3d813f694c1597089";
        let section = |key: &str, app: &str, extra: &str| {
            format!(
                "[interactions]\nlisten = \"127.0.0.1:8080\"\npublic_key = \"{key}\"\napplication_id = \"{app}\"\n{extra}"
            )
        };
        let config = Config::parse(&section(key, "42", "")).expect("a valid section");
        let interactions = config.interactions.expect("read");
        assert_eq!(interactions.path, "/interactions");
        assert!(interactions.gateway);
        assert_eq!(interactions.application(), Ok(42));
        for (text, says) in [
            (section("abc", "42", ""), "64 hex digits"),
            (section(&key.replace('6', "g"), "42", ""), "64 hex digits"),
            (section(key, "my-bot", ""), "is a number"),
            (
                section(key, "42", "path = \"interactions\""),
                "starting with `/`",
            ),
            (section(key, "42", "port = 80"), "port"),
            (
                section(key, "42", "").replace("127.0.0.1:8080", "localhost:8080"),
                "not an IP address and port",
            ),
        ] {
            let err = Config::parse(&text).expect_err(&text);
            assert!(err.contains(says), "{text}: {err}");
        }
    }

    #[test]
    fn the_activity_section_needs_the_web_board_and_the_same_application() {
        let key = "67c6bd767ca099e79efac9fcce4d2022a63bf7dea780e7f3d813f694c1597089";
        let web = "[web]\npublic_url = \"https://sudoku.example\"\n";
        let interactions = |app: &str, path: &str| {
            format!(
                "[interactions]\nlisten = \"127.0.0.1:8080\"\npublic_key = \"{key}\"\napplication_id = \"{app}\"\npath = \"{path}\"\n"
            )
        };
        let activity = "[activity]\nclient_id = 42\n";
        let error = |text: String| Config::parse(&text).err().unwrap_or_default();
        assert!(error(activity.to_string()).contains("add a [web] section"));
        assert!(
            error(format!(
                "{web}{}{activity}",
                interactions("43", "/interactions")
            ))
            .contains("is not interactions.application_id")
        );
        assert!(
            error(format!("{web}{}{activity}", interactions("42", "/")))
                .contains("serves its page at `/`")
        );
        let config = Config::parse(&format!(
            "{web}{}{activity}",
            interactions("42", "/interactions")
        ))
        .expect("the Activity beside the endpoint");
        let activity = config.activity.expect("read");
        assert_eq!(activity.client_id, 42);
        assert!(
            activity
                .secret(None)
                .err()
                .unwrap_or_default()
                .contains("DISCORD_CLIENT_SECRET")
        );
        assert_eq!(activity.secret(Some(" s \n".into())), Ok("s".to_string()));
    }

    #[test]
    fn the_web_section_says_what_is_missing() {
        let error = |text: &str| Config::parse(text).err().unwrap_or_default();
        assert!(
            error("[web]\npublic_url = \"sudoku.example\"\nlisten = \"127.0.0.1:8081\"")
                .contains("web.public_url")
        );
        assert!(error("[web]\npublic_url = \"https://sudoku.example\"").contains("listen"));
        assert!(
            error("[web]\npublic_url = \"https://x\"\nlisten = \"localhost:1\"")
                .contains("not an IP address")
        );
        let config = Config::parse(
            "[web]\npublic_url = \"https://sudoku.example\"\nlisten = \"127.0.0.1:8081\"",
        )
        .expect("a web board on its own listener");
        let web = config.web.expect("web");
        assert_eq!(web.listen, Some("127.0.0.1:8081".parse().expect("address")));
        assert!(
            web.secret(None)
                .err()
                .unwrap_or_default()
                .contains("SUDOKU_WEB_SECRET")
        );
        assert_eq!(
            web.secret(Some(" s3cret \n".into())),
            Ok(b"s3cret".to_vec())
        );
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("web-secret");
        std::fs::write(&file, "from-file\n").expect("write");
        let web = Web {
            secret_file: Some(file),
            ..web
        };
        assert_eq!(web.secret(None), Ok(b"from-file".to_vec()));
        assert_eq!(web.secret(Some("env".into())), Ok(b"env".to_vec()));
    }

    #[test]
    fn token_from_env_then_file() {
        let dir = tempfile::tempdir().expect("temp dir");
        let file = dir.path().join("token");
        std::fs::write(&file, "file-token\n").expect("write");
        let config = Config {
            token_file: Some(file),
            ..Config::default()
        };
        assert_eq!(
            config.token(Some("env-token".into())).expect("env"),
            "env-token"
        );
        assert_eq!(config.token(Some("  ".into())).expect("file"), "file-token");
        assert!(matches!(
            Config::default().token(None),
            Err(ConfigError::NoToken)
        ));
    }
}
