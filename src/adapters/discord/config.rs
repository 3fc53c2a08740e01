//! `sudoku-bot run --config PATH`: settings read from TOML. The token is never here: it
//! comes from `DISCORD_TOKEN` or from the secrets file this config points to.

use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// The SQLite database file.
    pub database: PathBuf,
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
}

impl Default for Config {
    fn default() -> Self {
        Config {
            database: PathBuf::from("sudoku-bot.db"),
            log_level: "info".into(),
            guild_id: None,
            token_file: None,
            shards: None,
            api_base: None,
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
        toml::from_str(text).map_err(|e| e.to_string())
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
        assert_eq!(config.database, PathBuf::from("sudoku-bot.db"));
        let err = Config::parse("databse = \"x.db\"").unwrap_err();
        assert!(err.contains("databse"), "{err}");
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
