# sudoku-bot in a container: docs/operators.md, "With Docker".
#
#   docker build -t sudoku-bot .
#   docker run -e DISCORD_TOKEN=... -v sudoku-data:/var/lib/sudoku-bot sudoku-bot
#
# The build stage compiles the release binary; the runtime image holds that binary alone
# (the fonts, the web page and the migrations are embedded in it) and the licences.

FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked && strip target/release/sudoku-bot

FROM debian:bookworm-slim
# TLS to Discord and to PostgreSQL carries its own roots (webpki-roots): no
# ca-certificates needed. `sudoku-bot backup` of a PostgreSQL database needs pg_dump,
# which is not here: run it from a machine (or a postgres image) that has it.
RUN useradd --system --uid 10001 --user-group --home-dir /var/lib/sudoku-bot --create-home sudoku
COPY --from=build /src/target/release/sudoku-bot /usr/local/bin/sudoku-bot
# The DejaVu fonts are in the binary: their licence goes with it.
COPY LICENSE-MIT LICENSE-APACHE /usr/share/doc/sudoku-bot/
COPY assets/fonts/LICENSE /usr/share/doc/sudoku-bot/fonts-LICENSE
USER sudoku
# A SQLite database (the default, sudoku-bot.db) lands here: mount a volume on it.
WORKDIR /var/lib/sudoku-bot
VOLUME ["/var/lib/sudoku-bot"]
# Interactions over HTTP, when SUDOKU_INTERACTIONS_LISTEN=0.0.0.0:8080 is set.
EXPOSE 8080
# SIGTERM drains: interactions in flight finish (up to 30 s). Stop with -t 45.
STOPSIGNAL SIGTERM
# The admin listener's /healthz (SUDOKU_ADMIN_LISTEN, 127.0.0.1:9090 by default): no
# curl in a slim image, the binary asks it itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["sudoku-bot", "health"]
ENTRYPOINT ["sudoku-bot"]
CMD ["run"]
