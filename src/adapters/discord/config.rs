//! `sudoku-bot run [--config PATH]`: settings read from TOML, and from the environment,
//! which wins over the file. The token is never in the file: it comes from
//! `DISCORD_TOKEN` or from the secrets file this config points to.
//!
//! Every key of the file has its environment variable: `SUDOKU_` and the key's path in
//! upper case, a section and its key joined by `_` (`shards` is `SUDOKU_SHARDS`,
//! `[interactions] listen` is `SUDOKU_INTERACTIONS_LISTEN`). The list of keys is not
//! written by hand: [`keys`] reads it from the [`Config`] struct's own deserializer, so a
//! field added to the struct has its variable at once (and the reference table in
//! docs/operators.md is checked against it). `DATABASE_URL` is also read for `database`.

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
    /// How long a command waits for a free PostgreSQL connection before it answers
    /// "busy, try again", in milliseconds. Unset: 2,000 (inside Discord's 3 s).
    pub database_wait_ms: Option<u64>,
    /// A tracing filter: `info`, `debug`, `sudoku_bot=debug,serenity=warn`. `RUST_LOG`,
    /// when set, wins over it.
    pub log_level: String,
    /// `text` (lines, coloured only on a terminal) or `json` (one object a line).
    pub log_format: LogFormat,
    /// Register the commands to this one server (instant, for development) instead of
    /// globally.
    pub guild_id: Option<u64>,
    /// A file holding the bot token, used when `DISCORD_TOKEN` is not set.
    pub token_file: Option<PathBuf>,
    /// A fixed number of gateway shards. Unset: the count Discord recommends, asked at
    /// start-up (one shard may hold at most 2,500 servers; past that Discord refuses it).
    pub shards: Option<u32>,
    /// Bot processes that reach Discord from the same outgoing IP address (replicas
    /// behind one NAT or egress gateway), this one included. Unset: 1. Discord bans an
    /// address, not a process, after 10,000 invalid requests (401, 403, 429) in 10
    /// minutes, so each process pauses its own messages at its share of the bot's half
    /// of them ([`Config::invalid_limit`]).
    pub replicas_per_address: Option<u32>,
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
    /// The admin listener: `/healthz`, `/readyz` and `/metrics`, in every mode. Unset in
    /// a struct built by hand (tests); a config read from a file or the environment
    /// always has one (loopback, port 9090, unless it says otherwise).
    pub admin: Option<Admin>,
}

/// How log lines are written.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Human-readable lines; ANSI colours only when the output is a terminal.
    #[default]
    Text,
    /// One JSON object a line (for log collectors).
    Json,
}

impl std::str::FromStr for LogFormat {
    type Err = String;
    fn from_str(text: &str) -> Result<LogFormat, String> {
        match text.trim() {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            other => Err(format!("{other:?}: `text` or `json`")),
        }
    }
}

/// The `[admin]` section: where probes and Prometheus reach the bot.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Admin {
    /// The address of the admin listener. Keep it private (loopback, or a network only
    /// the orchestrator reaches): `/metrics` tells about the bot's traffic.
    #[serde(default = "admin_listen", deserialize_with = "socket_address")]
    pub listen: std::net::SocketAddr,
}

/// Where the admin listener is unless the config says otherwise.
pub const ADMIN_LISTEN: &str = "127.0.0.1:9090";

fn admin_listen() -> std::net::SocketAddr {
    std::net::SocketAddr::from(([127, 0, 0, 1], 9090))
}

impl Default for Admin {
    fn default() -> Admin {
        Admin {
            listen: admin_listen(),
        }
    }
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
            database_wait_ms: None,
            log_level: "info".into(),
            log_format: LogFormat::Text,
            guild_id: None,
            token_file: None,
            shards: None,
            replicas_per_address: None,
            api_base: None,
            interactions: None,
            web: None,
            activity: None,
            admin: None,
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
    #[error("{what} is not valid: {message}")]
    Invalid {
        /// "the config file PATH", "the environment", or both.
        what: String,
        message: String,
    },
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

/// The variables read besides the settings' own (see [`Key::variable`]): secrets, which
/// are never settings, and the conventions of other tools.
pub const OTHER_VARIABLES: &[&str] = &[
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "SUDOKU_WEB_SECRET",
    "DISCORD_CLIENT_SECRET",
    "RUST_LOG",
    // What a PostgreSQL URL leaves out, as libpq reads it (store::postgres, store::tls).
    "PGHOST",
    "PGPORT",
    "PGUSER",
    "PGPASSWORD",
    "PGDATABASE",
    "PGSSLMODE",
    "PGSSLROOTCERT",
    "PGSSLCERT",
    "PGSSLKEY",
];

/// Whether the bot reads the environment variable `name`.
pub fn reads(name: &str) -> bool {
    OTHER_VARIABLES.contains(&name) || keys().iter().any(|k| k.variable() == name)
}

/// The kind of value a key takes: how an environment variable's text is read for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Text,
    Integer,
    Boolean,
}

/// One key of the config file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// Its section (`[interactions]`), or none for a key at the top.
    pub section: Option<&'static str>,
    pub name: &'static str,
    pub kind: Kind,
}

impl Key {
    /// `interactions.listen`, `shards`.
    pub fn path(&self) -> String {
        match self.section {
            Some(section) => format!("{section}.{}", self.name),
            None => self.name.to_string(),
        }
    }

    /// Its environment variable: `SUDOKU_` and the path in upper case, joined by `_`.
    pub fn variable(&self) -> String {
        format!("SUDOKU_{}", self.path().replace('.', "_").to_uppercase())
    }

    /// The file's value for `text`, read from `variable` (named in the error).
    fn value(&self, variable: &str, text: &str) -> Result<toml::Value, String> {
        match self.kind {
            Kind::Text => Ok(toml::Value::String(text.to_string())),
            Kind::Integer => text
                .parse::<i64>()
                .map(toml::Value::Integer)
                .map_err(|_| format!("{variable}={text:?}: a whole number, such as 4")),
            Kind::Boolean => match text.to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" | "on" => Ok(toml::Value::Boolean(true)),
                "false" | "0" | "no" | "off" => Ok(toml::Value::Boolean(false)),
                _ => Err(format!("{variable}={text:?}: true or false")),
            },
        }
    }
}

/// Every key of the config file, in the order of the struct: read from [`Config`]'s
/// own deserializer (see `trace`), so it cannot drift from what the file takes.
pub fn keys() -> Vec<Key> {
    let mut keys = Vec::new();
    for &field in trace::fields(&[]) {
        match trace::probe(&[field]) {
            trace::Found::Leaf(kind) => keys.push(Key {
                section: None,
                name: field,
                kind,
            }),
            trace::Found::Struct(names) => {
                for &name in names {
                    let kind = match trace::probe(&[field, name]) {
                        trace::Found::Leaf(kind) => kind,
                        // No section holds another: the variables join one section
                        // and one key.
                        trace::Found::Struct(_) | trace::Found::Nothing => Kind::Text,
                    };
                    keys.push(Key {
                        section: Some(field),
                        name,
                        kind,
                    });
                }
            }
            trace::Found::Nothing => {}
        }
    }
    keys
}

/// A value the environment gives, for one key.
struct Override {
    path: String,
    section: Option<&'static str>,
    name: &'static str,
    variable: String,
    value: toml::Value,
}

/// The values the environment gives (through `env`, so tests need not touch the
/// process's own): each key's `SUDOKU_…` variable, and `DATABASE_URL` for `database`.
/// A variable set to nothing counts as unset.
fn environment(env: &dyn Fn(&str) -> Option<String>) -> Result<Vec<Override>, String> {
    let given = |name: &str| {
        env(name)
            .map(|text| text.trim().to_string())
            .filter(|text| !text.is_empty())
    };
    let mut found = Vec::new();
    for key in keys() {
        let variable = key.variable();
        if let Some(text) = given(&variable) {
            found.push(Override {
                path: key.path(),
                section: key.section,
                name: key.name,
                value: key.value(&variable, &text)?,
                variable,
            });
        }
    }
    if let Some(url) = given("DATABASE_URL") {
        match found.iter().find(|o| o.path == "database") {
            Some(o) if o.value.as_str() != Some(url.as_str()) => {
                return Err(format!(
                    "DATABASE_URL and {} are both set, to different databases: set one",
                    o.variable
                ));
            }
            Some(_) => {}
            None => found.push(Override {
                path: "database".into(),
                section: None,
                name: "database",
                variable: "DATABASE_URL".into(),
                value: toml::Value::String(url),
            }),
        }
    }
    Ok(found)
}

/// `message` with each key the environment gave named by its variable (the operator
/// set that, not the key), and a section's missing key with its variable beside it.
fn blame(message: &str, overrides: &[Override]) -> String {
    let mut message = message.trim_end().to_string();
    // toml's "missing field `public_key`\nin `interactions`".
    if let Some((field, section)) = message
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split_once("`\nin `"))
        .and_then(|(field, rest)| Some((field.to_string(), rest.strip_suffix('`')?.to_string())))
    {
        let variable = format!("SUDOKU_{section}_{field}").to_uppercase();
        message = format!("[{section}] has no `{field}`: set it in the file or in {variable}");
    }
    for o in overrides {
        message = replace_key(&message, &o.path, &o.variable);
    }
    message.replace('\n', "; ")
}

/// `text` with `path` replaced by `by` where it stands as a key: in backticks, at the
/// start, or (a dotted path) as a word of its own.
fn replace_key(text: &str, path: &str, by: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut at_start = true;
    while let Some(i) = rest.find(path) {
        let before = rest[..i].chars().next_back();
        let after = rest[i + path.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.');
        let quoted = before == Some('`') && after == Some('`');
        let bounded = !word(before) && !word(after);
        let key = quoted || (bounded && (path.contains('.') || (at_start && i == 0)));
        out.push_str(&rest[..i]);
        out.push_str(if key { by } else { path });
        rest = &rest[i + path.len()..];
        at_start = false;
    }
    out.push_str(rest);
    out
}

impl Config {
    /// The PostgreSQL pool this config asks for (`database_connections`,
    /// `database_wait_ms`).
    pub fn pool(&self) -> crate::store::PoolSettings {
        let default = crate::store::PoolSettings::default();
        crate::store::PoolSettings {
            connections: self
                .database_connections
                .map_or(default.connections, |n| n.max(1) as usize),
            checkout_timeout: self
                .database_wait_ms
                .map_or(default.checkout_timeout, |ms| {
                    std::time::Duration::from_millis(ms.max(1))
                }),
        }
    }

    /// The config file at `path` alone (the environment left out).
    pub fn load(path: &Path) -> Result<Config, ConfigError> {
        Config::load_with(Some(path), &|_| None)
    }

    /// The config file at `path` (if any), with the environment (`env`, the process's
    /// own in the binary) over it.
    pub fn load_with(
        path: Option<&Path>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let text = match path {
            Some(path) => {
                Some(
                    std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
                        path: path.to_path_buf(),
                        source,
                    })?,
                )
            }
            None => None,
        };
        Config::from_sources(text.as_deref(), env).map_err(|message| {
            let what = match path {
                Some(path) => format!("the config file {} (with the environment)", path.display()),
                None => "the configuration from the environment".to_string(),
            };
            ConfigError::Invalid { what, message }
        })
    }

    /// A config file's text alone.
    pub fn parse(text: &str) -> Result<Config, String> {
        Config::from_sources(Some(text), &|_| None)
    }

    /// The file's `text` (none: defaults), with what `env` gives over it, checked. A
    /// config read this way always has an admin listener.
    pub fn from_sources(
        text: Option<&str>,
        env: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Config, String> {
        let overrides = environment(env)?;
        let mut config: Config = if overrides.is_empty() {
            // The file alone: toml's own messages, with the line and column.
            toml::from_str(text.unwrap_or("")).map_err(|e| e.to_string())?
        } else {
            let mut table: toml::Table = match text {
                Some(text) => toml::from_str(text).map_err(|e| e.to_string())?,
                None => toml::Table::new(),
            };
            for o in &overrides {
                let place = match o.section {
                    None => &mut table,
                    Some(section) => match table
                        .entry(section)
                        .or_insert_with(|| toml::Value::Table(toml::Table::new()))
                    {
                        toml::Value::Table(inner) => inner,
                        _ => {
                            return Err(format!(
                                "`{section}` in the file is not a section, yet {} is set",
                                o.variable
                            ));
                        }
                    },
                };
                place.insert(o.name.to_string(), o.value.clone());
            }
            Config::deserialize(toml::Value::Table(table))
                .map_err(|e| blame(&e.to_string(), &overrides))?
        };
        config.admin.get_or_insert_with(Admin::default);
        config.check().map_err(|e| blame(&e, &overrides))?;
        Ok(config)
    }

    /// What a file's types cannot say: keys that must agree, values of the right shape.
    /// Invalid requests met in Discord's 10 minutes past which this process's own
    /// messages pause: `limit` (the whole address's) shared evenly by the
    /// [`Config::replicas_per_address`].
    ///
    /// Why a share set by the operator and not a count shared through the store: the
    /// count would cost a store write for every invalid request, in the very storms of
    /// 429s it is there for, and the replicas would still each see it late. Dividing is
    /// free and errs on the safe side: interaction answers (and their refusals) are
    /// spread evenly over the replicas by the load balancer, and the bot's own messages
    /// come from one replica at a time (the lease's holder), which pauses at its share
    /// while the others' shares stay unused.
    pub fn invalid_limit(&self, limit: usize) -> usize {
        let replicas = self.replicas_per_address.unwrap_or(1).max(1) as usize;
        (limit / replicas).max(1)
    }

    fn check(&self) -> Result<(), String> {
        let config = self;
        if config.replicas_per_address == Some(0) {
            return Err("replicas_per_address 0: the processes sending from this machine's address, this one included (1 or more)".into());
        }
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
        Ok(())
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

/// The config's keys, read from its derived `Deserialize`: a deserializer that answers
/// no value, only notes what it is asked for. Asked for a struct, it notes the struct's
/// field names (serde hands them over); asked for one field (a `path`), it offers the
/// struct a map of that one key and notes what the field's own deserializer asks for
/// next: a struct (a section) or a kind of value. Nothing is deserialized for real.
mod trace {
    use std::cell::RefCell;

    use serde::Deserialize;
    use serde::de::{self, DeserializeSeed, MapAccess, Visitor};

    use super::{Config, Kind};

    /// What a path leads to.
    #[derive(Debug)]
    pub(super) enum Found {
        Struct(&'static [&'static str]),
        Leaf(Kind),
        Nothing,
    }

    /// The field names of the struct at `path` (none: not a struct).
    pub(super) fn fields(path: &[&'static str]) -> &'static [&'static str] {
        match probe(path) {
            Found::Struct(fields) => fields,
            _ => &[],
        }
    }

    /// What the value at `path` is asked to be.
    pub(super) fn probe(path: &[&'static str]) -> Found {
        let found = RefCell::new(Found::Nothing);
        // Always an error (nothing is answered): what was noted is the result.
        let _ = Config::deserialize(Tracer {
            path,
            found: &found,
        });
        found.into_inner()
    }

    #[derive(Debug)]
    struct Stop;

    impl std::fmt::Display for Stop {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("traced")
        }
    }

    impl std::error::Error for Stop {}

    impl de::Error for Stop {
        fn custom<T: std::fmt::Display>(_: T) -> Stop {
            Stop
        }
    }

    struct Tracer<'a> {
        path: &'a [&'static str],
        found: &'a RefCell<Found>,
    }

    impl Tracer<'_> {
        fn leaf<T>(self, kind: Kind) -> Result<T, Stop> {
            if self.path.is_empty() {
                *self.found.borrow_mut() = Found::Leaf(kind);
            }
            Err(Stop)
        }
    }

    macro_rules! leaves {
        ($kind:expr => $($method:ident)*) => {
            $(fn $method<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
                self.leaf($kind)
            })*
        };
    }

    impl<'de> de::Deserializer<'de> for Tracer<'_> {
        type Error = Stop;

        leaves!(Kind::Text => deserialize_any deserialize_str deserialize_string
            deserialize_char deserialize_bytes deserialize_byte_buf deserialize_identifier
            deserialize_ignored_any deserialize_unit deserialize_seq deserialize_map
            deserialize_f32 deserialize_f64);
        leaves!(Kind::Integer => deserialize_i8 deserialize_i16 deserialize_i32
            deserialize_i64 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64);
        leaves!(Kind::Boolean => deserialize_bool);

        fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Stop> {
            visitor.visit_some(self)
        }

        fn deserialize_newtype_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            visitor: V,
        ) -> Result<V::Value, Stop> {
            visitor.visit_newtype_struct(self)
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value, Stop> {
            match self.path.split_first() {
                None => {
                    *self.found.borrow_mut() = Found::Struct(fields);
                    Err(Stop)
                }
                Some((&key, rest)) => visitor.visit_map(OneKey {
                    key: Some(key),
                    value: Some(Tracer {
                        path: rest,
                        found: self.found,
                    }),
                }),
            }
        }

        fn deserialize_enum<V: Visitor<'de>>(
            self,
            _: &'static str,
            _: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Stop> {
            // A unit enum in a file is written as its name: text.
            self.leaf(Kind::Text)
        }

        fn deserialize_unit_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            _: V,
        ) -> Result<V::Value, Stop> {
            self.leaf(Kind::Text)
        }

        fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Stop> {
            self.leaf(Kind::Text)
        }

        fn deserialize_tuple_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            _: usize,
            _: V,
        ) -> Result<V::Value, Stop> {
            self.leaf(Kind::Text)
        }
    }

    /// A map of one key, whose value is traced further.
    struct OneKey<'a> {
        key: Option<&'static str>,
        value: Option<Tracer<'a>>,
    }

    impl<'de> MapAccess<'de> for OneKey<'_> {
        type Error = Stop;

        fn next_key_seed<K: DeserializeSeed<'de>>(
            &mut self,
            seed: K,
        ) -> Result<Option<K::Value>, Stop> {
            match self.key.take() {
                Some(key) => seed
                    .deserialize(de::value::StrDeserializer::<Stop>::new(key))
                    .map(Some),
                None => Ok(None),
            }
        }

        fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Stop> {
            match self.value.take() {
                Some(tracer) => seed.deserialize(tracer),
                None => Err(Stop),
            }
        }
    }
}

#[cfg(test)]
mod tests;
