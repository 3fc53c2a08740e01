//! The container files, tested without a Docker engine: every variable compose.yaml sets
//! for the bot is one the bot reads, and the image's command (the Dockerfile's
//! ENTRYPOINT and CMD) run as a plain process with compose's environment starts from
//! the environment alone, answers a signed interaction over HTTP with Discord's REST API
//! out of reach, reports healthy and ready on its admin listener, logs plain lines, and
//! stops on SIGTERM.
//!
//! The database is the suite's PostgreSQL server under `tools/with-postgres` (as compose
//! gives the bot one), else a SQLite file in a temporary folder. Nothing leaves loopback.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ed25519_dalek::{Signer, SigningKey};
use sudoku_bot::adapters::discord::admin;
use sudoku_bot::adapters::discord::config;

fn read(path: &str) -> String {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The `environment:` mapping of `service` in compose.yaml, as written (`${…}` left in).
/// A minimal reader for the file's own shape: two-space indents, `KEY: value` lines.
fn compose_environment(service: &str) -> BTreeMap<String, String> {
    let text = read("compose.yaml");
    let mut in_service = false;
    let mut in_environment = false;
    let mut found = BTreeMap::new();
    for line in text.lines() {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if indent == 2 {
            in_service = trimmed == format!("{service}:");
            in_environment = false;
        } else if in_service && indent == 4 {
            in_environment = trimmed == "environment:";
        } else if in_service && in_environment && indent == 6 {
            let (key, value) = trimmed.split_once(':').expect("KEY: value");
            found.insert(key.trim().to_string(), value.trim().to_string());
        }
    }
    assert!(
        !found.is_empty(),
        "no environment for {service} in compose.yaml"
    );
    found
}

/// `${NAME:?…}` and `${NAME}` replaced by `values[NAME]`.
fn substitute(value: &str, values: &BTreeMap<&str, String>) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find('}').expect("closed ${") + start;
        let name = rest[start + 2..end].split([':', '-']).next().unwrap_or("");
        out.push_str(
            values
                .get(name)
                .unwrap_or_else(|| panic!("a test value for {name}")),
        );
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

/// A Dockerfile instruction's JSON array (`CMD ["run"]`).
fn exec_form(dockerfile: &str, instruction: &str) -> Vec<String> {
    let line = dockerfile
        .lines()
        .find(|l| l.starts_with(&format!("{instruction} ")))
        .unwrap_or_else(|| panic!("no {instruction} in the Dockerfile"));
    serde_json::from_str(&line[instruction.len()..]).expect("the exec form, a JSON array")
}

#[test]
fn every_variable_compose_sets_for_the_bot_is_one_the_bot_reads() {
    let environment = compose_environment("bot");
    for name in environment.keys() {
        assert!(
            config::reads(name),
            "compose.yaml sets {name} for the bot, which reads no such variable"
        );
    }
    // And the bot gets what it needs to start from them: a token, a database, the
    // endpoint's settings.
    for needed in [
        "DISCORD_TOKEN",
        "DATABASE_URL",
        "SUDOKU_INTERACTIONS_PUBLIC_KEY",
        "SUDOKU_ADMIN_LISTEN",
    ] {
        assert!(environment.contains_key(needed), "{needed} is not set");
    }
    // The reader can fail: a name the bot does not read is refused.
    assert!(!config::reads("SUDOKU_INTERACTION_LISTEN"));
    // The database: a volume, a health check, and the bot waiting for it.
    let compose = read("compose.yaml");
    for part in [
        "condition: service_healthy",
        "pg_isready",
        "db-data:/var/lib/postgresql/data",
        "\"sudoku-bot\", \"health\"",
    ] {
        assert!(compose.contains(part), "compose.yaml lacks {part}");
    }
}

#[test]
fn the_dockerfile_runs_the_binary_alone_as_a_user_with_a_health_check() {
    let dockerfile = read("Dockerfile");
    assert_eq!(exec_form(&dockerfile, "ENTRYPOINT"), ["sudoku-bot"]);
    assert_eq!(
        exec_form(
            &dockerfile,
            "HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD"
        ),
        ["sudoku-bot", "health"]
    );
    assert!(dockerfile.contains("\nUSER sudoku\n"), "not root");
    // The runtime stage copies the binary and the licences, nothing the binary reads.
    let runtime = dockerfile
        .rsplit("\nFROM ")
        .next()
        .expect("a runtime stage");
    for line in runtime.lines().filter(|l| l.starts_with("COPY ")) {
        assert!(
            line.contains("target/release/sudoku-bot") || line.contains("LICENSE"),
            "the runtime image gets more than the binary: {line}"
        );
    }
}

/// A free port on loopback (bound, then let go).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A Discord snowflake made now (the endpoint refuses old interactions).
fn snowflake_now() -> u64 {
    let ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_millis() as u64;
    (ms - 1_420_070_400_000) << 22
}

/// POSTs `body` to `address` `path` as Discord does, signed with `key`: status and body.
fn post_signed(address: SocketAddr, path: &str, key: &SigningKey, body: &str) -> (u16, String) {
    let timestamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_secs()
        .to_string();
    let mut message = timestamp.as_bytes().to_vec();
    message.extend_from_slice(body.as_bytes());
    let signature: String = key
        .sign(&message)
        .to_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let mut stream = TcpStream::connect(address).expect("the endpoint");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    write!(
        stream,
        "POST {path} HTTP/1.0\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nX-Signature-Ed25519: {signature}\r\nX-Signature-Timestamp: {timestamp}\r\n\r\n{body}",
        body.len()
    )
    .expect("request");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("answer");
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, body.to_string())
}

#[test]
fn the_image_command_starts_from_compose_environment_and_answers_over_http() {
    let dir = tempfile::tempdir().expect("temp dir");
    let database = match std::env::var("SUDOKU_TEST_POSTGRES") {
        Ok(url) => url,
        Err(_) => {
            eprintln!("no SUDOKU_TEST_POSTGRES (run under tools/with-postgres): on a SQLite file");
            dir.path().join("bot.db").display().to_string()
        }
    };
    let key = SigningKey::from_bytes(&[7u8; 32]);
    let public_key: String = key
        .verifying_key()
        .as_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let values = BTreeMap::from([
        ("DISCORD_TOKEN", "test-token-not-a-secret".to_string()),
        (
            "POSTGRES_PASSWORD",
            "unused-by-a-trusting-server".to_string(),
        ),
        ("DISCORD_PUBLIC_KEY", public_key),
        ("DISCORD_APPLICATION_ID", "1000000000000000001".to_string()),
    ]);
    let mut environment: BTreeMap<String, String> = compose_environment("bot")
        .into_iter()
        .map(|(name, value)| (name, substitute(&value, &values)))
        .collect();
    // What this machine changes: the database compose would start, free loopback ports
    // for the container's own, and Discord's REST API out of reach (a closed port).
    let endpoint: SocketAddr = format!("127.0.0.1:{}", free_port())
        .parse()
        .expect("address");
    let admin_at: SocketAddr = format!("127.0.0.1:{}", free_port())
        .parse()
        .expect("address");
    environment.insert("DATABASE_URL".into(), database);
    environment.insert("SUDOKU_INTERACTIONS_LISTEN".into(), endpoint.to_string());
    environment.insert("SUDOKU_ADMIN_LISTEN".into(), admin_at.to_string());
    environment.insert("SUDOKU_API_BASE".into(), "https://127.0.0.1:1".into());

    let dockerfile = read("Dockerfile");
    let mut argv = exec_form(&dockerfile, "ENTRYPOINT");
    argv.extend(exec_form(&dockerfile, "CMD"));
    assert_eq!(argv[0], "sudoku-bot");
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-bot"))
        .args(&argv[1..])
        .env_clear()
        .envs(&environment)
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bot starts");
    let logged = Arc::new(Mutex::new(String::new()));
    let mut readers = Vec::new();
    for stream in [
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    ]
    .into_iter()
    .flatten()
    {
        let logged = logged.clone();
        readers.push(std::thread::spawn(move || {
            for line in BufReader::new(stream).lines().map_while(Result::ok) {
                let mut logged = logged.lock().unwrap_or_else(|p| p.into_inner());
                logged.push_str(&line);
                logged.push('\n');
            }
        }));
    }
    let logs = || logged.lock().unwrap_or_else(|p| p.into_inner()).clone();

    // Alive, then ready (over HTTP: the endpoint serves and the database answers).
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut ready = None;
    while Instant::now() < deadline {
        if let Ok(Some(status)) = child.try_wait() {
            panic!("the bot exited ({status}):\n{}", logs());
        }
        if let Ok((200, body)) = admin::probe(admin_at, "/readyz", Duration::from_secs(2)) {
            ready = Some(body);
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let ready = ready.unwrap_or_else(|| panic!("never ready:\n{}", logs()));
    let ready: serde_json::Value = serde_json::from_str(&ready).expect("JSON");
    assert_eq!(ready["ready"], true, "{ready}");
    assert_eq!(ready["store"], "ok", "{ready}");
    let (status, alive) =
        admin::probe(admin_at, "/healthz", Duration::from_secs(2)).expect("healthz");
    assert_eq!(status, 200, "{alive}");
    // `sudoku-bot health`, the image's health check, with the same environment.
    let health = Command::new(env!("CARGO_BIN_EXE_sudoku-bot"))
        .arg("health")
        .env_clear()
        .envs(&environment)
        .output()
        .expect("health runs");
    assert!(health.status.success(), "{health:?}");

    // A signed slash command, answered in the HTTP response.
    let id = snowflake_now();
    let interaction = serde_json::json!({
        "id": id.to_string(),
        "application_id": "1000000000000000001",
        "type": 2,
        "token": "interaction-token",
        "version": 1,
        "locale": "en-US",
        "channel_id": "3000000000000000003",
        "entitlements": [],
        "attachment_size_limit": 10_485_760,
        "app_permissions": "2147483647",
        "context": 1,
        "user": {"id": "2000000000000000002", "username": "ann", "discriminator": "0",
                 "global_name": "ann", "avatar": null},
        "data": {"id": "4000000000000000004", "name": "sudoku", "type": 1,
                 "options": [{"name": "help", "type": 1, "options": []}]},
    })
    .to_string();
    let (status, answer) = post_signed(endpoint, "/interactions", &key, &interaction);
    assert_eq!(status, 200, "{answer}\n{}", logs());
    let answer: serde_json::Value = serde_json::from_str(&answer).expect("JSON answer");
    assert_eq!(answer["type"], 4, "{answer}");
    let content = answer["data"]["content"]
        .as_str()
        .or_else(|| answer["data"]["embeds"][0]["description"].as_str())
        .unwrap_or_default()
        .to_string();
    assert!(content.contains("/sudoku"), "{answer}");
    // A wrong signature is refused.
    let stranger = SigningKey::from_bytes(&[8u8; 32]);
    let (status, _) = post_signed(endpoint, "/interactions", &stranger, &interaction);
    assert_eq!(status, 401);

    // SIGTERM drains and exits cleanly.
    let pid = libc::pid_t::try_from(child.id()).expect("pid");
    // SAFETY: kill(2) on the child this test started and still holds.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let status = child.wait().expect("exit");
    for reader in readers {
        let _ = reader.join();
    }
    let logs = logs();
    assert!(status.success(), "{status}:\n{logs}");
    // Plain lines (stdout is a pipe here, as under docker logs and journald), and no
    // secret in them.
    assert!(!logs.contains('\u{1b}'), "ANSI escapes in the log:\n{logs}");
    assert!(logs.contains("serving interactions over HTTP"), "{logs}");
    assert!(!logs.contains("test-token-not-a-secret"), "{logs}");
    assert!(logs.lines().any(|l| l.contains(" INFO ")), "{logs}");
}
