//! The ways into the bot: Discord (`sudoku-bot run`), the terminal (`sudoku-bot play`)
//! the batch command line (`solve`, `generate`, `bench`), and the web board (`/play`).

pub mod batch;
pub mod discord;
pub mod input;
pub mod terminal;
pub mod web;

/// Serves `router` on `listener` until `stop` resolves, then finishes the requests in
/// flight: the interactions endpoint's and the web board's HTTP server.
pub async fn serve_http(
    listener: tokio::net::TcpListener,
    router: axum::Router,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    use axum::serve::ListenerExt;
    // Small answers and WebSocket frames go out at once: with Nagle's algorithm a frame
    // written while the previous one awaits its ACK waits for the peer's delayed ACK
    // (40 ms on Linux). The web board's pushes measured p99 43 ms before this, under
    // 5 ms after (docs/benchmarks.md).
    let listener = listener.tap_io(|stream| {
        if let Err(error) = stream.set_nodelay(true) {
            tracing::debug!(%error, "TCP_NODELAY not set on a connection");
        }
    });
    axum::serve(listener, router)
        .with_graceful_shutdown(stop)
        .await
}
