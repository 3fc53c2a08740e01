use super::*;

#[test]
fn the_example_config_parses_and_unknown_keys_are_refused() {
    let example = include_str!("../../../../config.example.toml");
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

/// An environment of these variables only.
fn env(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
    let pairs: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    move |name| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    }
}

const KEY: &str = "67c6bd767ca099e79efac9fcce4d2022a63bf7dea780e7f3d813f694c1597089";

#[test]
fn every_key_has_its_variable_derived_from_the_struct() {
    let keys = keys();
    let named = |variable: &str| {
        keys.iter()
            .find(|k| k.variable() == variable)
            .unwrap_or_else(|| panic!("{variable} is no setting: {keys:?}"))
            .kind
    };
    // The contract the checks use.
    assert_eq!(named("SUDOKU_API_BASE"), Kind::Text);
    assert_eq!(named("SUDOKU_INTERACTIONS_LISTEN"), Kind::Text);
    assert_eq!(named("SUDOKU_INTERACTIONS_PUBLIC_KEY"), Kind::Text);
    assert_eq!(named("SUDOKU_INTERACTIONS_APPLICATION_ID"), Kind::Text);
    assert_eq!(named("SUDOKU_INTERACTIONS_GATEWAY"), Kind::Boolean);
    assert_eq!(named("SUDOKU_ADMIN_LISTEN"), Kind::Text);
    assert_eq!(named("SUDOKU_WEB_PUBLIC_URL"), Kind::Text);
    assert_eq!(named("SUDOKU_SHARDS"), Kind::Integer);
    assert_eq!(named("SUDOKU_ACTIVITY_CLIENT_ID"), Kind::Integer);
    assert_eq!(named("SUDOKU_LOG_FORMAT"), Kind::Text);
    assert_eq!(named("SUDOKU_REPLICAS_PER_ADDRESS"), Kind::Integer);
    // Every field of every section, and nothing else: as many keys as the file takes.
    assert_eq!(keys.len(), 10 + 5 + 3 + 2 + 1, "{keys:?}");
}

#[test]
fn the_environment_alone_makes_a_config_and_wins_over_the_file() {
    let config = Config::from_sources(
        None,
        &env(&[
            ("DATABASE_URL", "postgres://sudoku@db/sudoku"),
            ("SUDOKU_INTERACTIONS_LISTEN", "0.0.0.0:8080"),
            ("SUDOKU_INTERACTIONS_PUBLIC_KEY", KEY),
            ("SUDOKU_INTERACTIONS_APPLICATION_ID", "42"),
            ("SUDOKU_INTERACTIONS_GATEWAY", "false"),
            ("SUDOKU_ADMIN_LISTEN", "0.0.0.0:9090"),
            ("SUDOKU_SHARDS", " 3 "),
            ("SUDOKU_LOG_FORMAT", "json"),
            ("SUDOKU_GUILD_ID", ""),
        ]),
    )
    .expect("a config from the environment");
    assert_eq!(
        config.database,
        crate::store::Location::Postgres("postgres://sudoku@db/sudoku".into())
    );
    let interactions = config.interactions.expect("[interactions]");
    assert_eq!(interactions.listen.to_string(), "0.0.0.0:8080");
    assert!(!interactions.gateway);
    assert_eq!(interactions.path, "/interactions");
    assert_eq!(
        config.admin.expect("admin").listen.to_string(),
        "0.0.0.0:9090"
    );
    assert_eq!(config.shards, Some(3));
    assert_eq!(config.log_format, LogFormat::Json);
    // Set to nothing: unset.
    assert_eq!(config.guild_id, None);

    let file = "database = \"file.db\"\nshards = 2\n[admin]\nlisten = \"127.0.0.1:1\"\n";
    let config = Config::from_sources(Some(file), &env(&[("SUDOKU_SHARDS", "5")]))
        .expect("file and environment");
    assert_eq!(config.shards, Some(5), "the environment wins");
    assert_eq!(
        config.admin.expect("admin").listen.to_string(),
        "127.0.0.1:1"
    );
    assert_eq!(
        config.database,
        crate::store::Location::File("file.db".into())
    );
    // No file, no environment: the defaults, with the admin listener on loopback.
    let config = Config::from_sources(None, &env(&[])).expect("defaults");
    assert_eq!(
        config.admin.expect("admin").listen.to_string(),
        ADMIN_LISTEN
    );
}

#[test]
fn a_bad_value_from_the_environment_names_its_variable() {
    let error =
        |pairs: &[(&str, &str)]| Config::from_sources(None, &env(pairs)).expect_err("refused");
    let section = [
        ("SUDOKU_INTERACTIONS_LISTEN", "127.0.0.1:8080"),
        ("SUDOKU_INTERACTIONS_PUBLIC_KEY", KEY),
        ("SUDOKU_INTERACTIONS_APPLICATION_ID", "42"),
    ];
    let with = |name: &'static str, value: &'static str| {
        let mut pairs: Vec<(&str, &str)> = section
            .iter()
            .filter(|(k, _)| *k != name)
            .copied()
            .collect();
        pairs.push((name, value));
        error(&pairs)
    };
    for (said, wanted) in [
        (
            error(&[("SUDOKU_SHARDS", "two")]),
            "SUDOKU_SHARDS=\"two\": a whole number",
        ),
        (error(&[("SUDOKU_SHARDS", "-1")]), "SUDOKU_SHARDS"),
        (
            error(&[("SUDOKU_INTERACTIONS_GATEWAY", "maybe")]),
            "SUDOKU_INTERACTIONS_GATEWAY=\"maybe\": true or false",
        ),
        (
            with("SUDOKU_INTERACTIONS_LISTEN", "localhost:80"),
            "SUDOKU_INTERACTIONS_LISTEN",
        ),
        (
            with("SUDOKU_INTERACTIONS_PUBLIC_KEY", "abc"),
            "SUDOKU_INTERACTIONS_PUBLIC_KEY: 3 characters",
        ),
        (
            with("SUDOKU_INTERACTIONS_APPLICATION_ID", "my-bot"),
            "SUDOKU_INTERACTIONS_APPLICATION_ID",
        ),
        (
            error(&[("SUDOKU_ADMIN_LISTEN", "9090")]),
            "SUDOKU_ADMIN_LISTEN",
        ),
        (error(&[("SUDOKU_LOG_FORMAT", "xml")]), "SUDOKU_LOG_FORMAT"),
        (
            error(&[("SUDOKU_INTERACTIONS_LISTEN", "127.0.0.1:8080")]),
            "SUDOKU_INTERACTIONS_PUBLIC_KEY",
        ),
        (
            error(&[("DATABASE_URL", "a.db"), ("SUDOKU_DATABASE", "b.db")]),
            "DATABASE_URL and SUDOKU_DATABASE",
        ),
    ] {
        assert!(said.contains(wanted), "{wanted:?} not in {said:?}");
    }
    // A key from the file keeps the file's name in the message.
    let said = Config::from_sources(
        Some("[interactions]\nlisten = \"127.0.0.1:1\"\npublic_key = \"abc\"\napplication_id = \"1\""),
        &env(&[("SUDOKU_SHARDS", "1")]),
    )
    .expect_err("bad key");
    assert!(said.starts_with("interactions.public_key"), "{said}");
}

/// The reference table in docs/operators.md: one row per key, `path`, `VARIABLE`,
/// what it is, an example.
fn documented() -> Vec<(String, String, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/operators.md");
    let text = std::fs::read_to_string(path).expect("docs/operators.md");
    text.lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line
                .trim()
                .strip_prefix('|')?
                .split('|')
                .map(str::trim)
                .collect();
            let unquote = |cell: &str| {
                cell.strip_prefix('`')?
                    .strip_suffix('`')
                    .map(str::to_string)
            };
            let variable = unquote(cells.get(1)?)?;
            if !variable.starts_with("SUDOKU_") {
                return None;
            }
            Some((unquote(cells.first()?)?, variable, unquote(cells.get(3)?)?))
        })
        .collect()
}

#[test]
fn the_operators_reference_table_lists_exactly_the_keys_and_its_examples_are_read() {
    let documented = documented();
    let mut listed: Vec<(String, String)> = documented
        .iter()
        .map(|(p, v, _)| (p.clone(), v.clone()))
        .collect();
    let mut wanted: Vec<(String, String)> =
        keys().iter().map(|k| (k.path(), k.variable())).collect();
    listed.sort();
    wanted.sort();
    assert_eq!(
        listed, wanted,
        "docs/operators.md's table against the Config struct"
    );
    // Every example, all at once (sections need their other keys), is read.
    let pairs: Vec<(&str, &str)> = documented
        .iter()
        .map(|(_, v, example)| (v.as_str(), example.as_str()))
        .collect();
    let config = Config::from_sources(None, &env(&pairs))
        .unwrap_or_else(|e| panic!("the documented examples: {e}"));
    assert!(config.interactions.is_some() && config.web.is_some() && config.activity.is_some());
}

/// Issue 50: processes behind one outgoing address share Discord's ban of it, so each
/// pauses its own messages at its share of the invalid-request budget.
#[test]
fn replicas_behind_one_address_share_the_invalid_request_budget() {
    let limit = |text: &str| Config::parse(text).expect(text).invalid_limit(5_000);
    assert_eq!(limit(""), 5_000, "one process: all of it");
    assert_eq!(limit("replicas_per_address = 2"), 2_500);
    assert_eq!(limit("replicas_per_address = 3"), 1_666);
    let error = Config::parse("replicas_per_address = 0").expect_err("none is no count");
    assert!(error.contains("replicas_per_address"), "{error}");
}
