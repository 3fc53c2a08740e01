//! The ways into the bot: Discord (`sudoku-bot run`), the terminal (`sudoku-bot play`)
//! the batch command line (`solve`, `generate`, `bench`), and the web board (`/play`).

pub mod batch;
pub mod discord;
pub mod input;
pub mod listener;
pub mod memory;
pub mod terminal;
pub mod web;

/// Serves `router` on `listener` until `stop` resolves, then finishes the requests in
/// flight: the interactions endpoint's and the web board's HTTP server, within the
/// limits [`listener::Limits::for_this_process`] sizes (see [`listener`]).
pub async fn serve_http(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    listener::serve(listener, router, listener::Limits::for_this_process(), stop).await
}
