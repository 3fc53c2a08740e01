//! The `run` and `health` commands as a process runs them: logging, the token, the
//! database, the web board's secret, and the bot until a signal stops it.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use super::Config;
use super::config::LogFormat;
use crate::app::{App, SystemClock};
use crate::engine::rng::SeededRng;
use crate::store::Store;

/// The process's own environment, as the config reads it.
fn environment(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

/// `sudoku-bot health`: the admin listener's answer to `/healthz` (or `/readyz`).
pub fn health(config_path: Option<PathBuf>, ready: bool) -> anyhow::Result<ExitCode> {
    let config = Config::load_with(config_path.as_deref(), &environment)?;
    let listen = config.admin.unwrap_or_default().listen;
    let path = if ready { "/readyz" } else { "/healthz" };
    match super::admin::probe(listen, path, std::time::Duration::from_secs(3)) {
        Ok((200, body)) => {
            println!("{}", body.trim());
            Ok(ExitCode::SUCCESS)
        }
        Ok((status, body)) => {
            eprintln!("sudoku-bot: {path} answered {status}: {}", body.trim());
            Ok(ExitCode::from(1))
        }
        Err(e) => {
            eprintln!("sudoku-bot: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// `sudoku-bot run`: logging, the token, the database, and the gateway until a signal.
pub fn run(
    config_path: Option<PathBuf>,
    log_format: Option<LogFormat>,
) -> anyhow::Result<ExitCode> {
    use std::io::IsTerminal;
    let config = Config::load_with(config_path.as_deref(), &environment)?;
    let format = log_format.unwrap_or(config.log_format);
    // RUST_LOG, as for every tracing program, wins over the config's level.
    let (level, from) = match environment("RUST_LOG").filter(|l| !l.trim().is_empty()) {
        Some(level) => (level, "RUST_LOG"),
        None => (config.log_level.clone(), "log_level"),
    };
    // Colours only for a person at a terminal: journald and `docker logs` get plain lines.
    let ansi = format == LogFormat::Text && std::io::stdout().is_terminal();
    let subscriber = super::log_subscriber_as(&level, std::io::stdout, ansi, format)
        .map_err(|e| anyhow::anyhow!("{from} {level:?}: {e}"))?;
    tracing::subscriber::set_global_default(subscriber)?;
    // A misspelt variable would otherwise be ignored without a word.
    for name in std::env::vars_os()
        .filter_map(|(name, _)| name.into_string().ok())
        .filter(|name| name.starts_with("SUDOKU_"))
    {
        if !name.starts_with("SUDOKU_TEST_") && !super::config::reads(&name) {
            tracing::warn!(variable = %name, "set, but no setting is called so (docs/operators.md lists them)");
        }
    }
    let token = match config.token(std::env::var("DISCORD_TOKEN").ok()) {
        Ok(token) => token,
        Err(e) => {
            eprintln!("sudoku-bot: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let runtime = super::runtime()?;
    let Some(store) = open_store(&runtime, &config.database)? else {
        tracing::info!("stopped while waiting for the database");
        return Ok(ExitCode::SUCCESS);
    };
    let mut app = App::new(store, Arc::new(SystemClock), SeededRng::fresh_seed())
        .with_connections(config.pool());
    if let Some(web) = &config.web {
        let secret = match web.secret(std::env::var("SUDOKU_WEB_SECRET").ok()) {
            Ok(secret) => secret,
            Err(e) => {
                eprintln!("sudoku-bot: {e}");
                return Ok(ExitCode::from(2));
            }
        };
        let links = crate::app::web::Links::new(&secret, &web.public_url)
            .map_err(|e| anyhow::anyhow!("web: {e}"))?;
        app = app.with_web(links);
    }
    if config.activity.is_some() {
        app = app.with_activity();
    }
    let app = Arc::new(app);
    let result = runtime.block_on(super::run(app, &config, &token, shutdown_signal()));
    // Dropping the runtime waits for in-flight commands on blocking threads; the last
    // reference to the app (and the database) goes with them.
    drop(runtime);
    match result {
        Ok(()) => {
            tracing::info!("stopped");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("sudoku-bot: {e}");
            Ok(ExitCode::from(1))
        }
    }
}

/// The database, waited for while it cannot be reached (a deploy that starts the bot
/// beside its database, a server restarting; see [`Store::open_waiting`]) rather than
/// exiting, which under systemd's start limit would leave the service failed after a
/// couple of minutes' outage. `None` when Ctrl-C or SIGTERM came first.
fn open_store(
    runtime: &tokio::runtime::Runtime,
    location: &crate::store::Location,
) -> anyhow::Result<Option<Store>> {
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut opening = {
        let (stop, location) = (stop.clone(), location.clone());
        runtime.spawn_blocking(move || Store::open_waiting(&location, &stop))
    };
    let opened = runtime.block_on(async {
        tokio::select! {
            opened = &mut opening => Some(opened),
            () = shutdown_signal() => {
                stop.store(true, std::sync::atomic::Ordering::Release);
                // Ends within one slice of its wait; a store it opened meanwhile is
                // dropped: the process is stopping.
                let _ = opening.await;
                None
            }
        }
    });
    match opened {
        None => Ok(None),
        Some(opened) => opened
            .map_err(|e| anyhow::anyhow!("opening {location}: {e}"))?
            .map_err(|e| anyhow::anyhow!("opening {location}: {e}")),
    }
}

/// Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}
