//! What Discord said when a call failed: a line for the logs or an admin's note, and the
//! status and code the senders decide on. Never the URL, which holds an interaction's
//! token. Every sender reads errors through here, so none imports another for it.

use serenity::all::GatewayError;

/// A failed Discord call, for a log line or an admin's note: for an HTTP error its status,
/// method, Discord's JSON error `code` and message (and the fields it names); never the
/// URL, which holds an interaction's token.
pub(super) fn discord_error(error: &serenity::Error) -> String {
    use serenity::http::HttpError;
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let code = match response.error.code {
                // serenity's own -1: Discord's body was not the usual JSON error.
                -1 => "no Discord error code".to_string(),
                code => format!("Discord error code {code}"),
            };
            format!(
                "HTTP {} on {} ({code}): {}",
                response.status_code.as_u16(),
                response.method,
                error
            )
        }
        other => other.to_string(),
    }
}

/// Discord's HTTP status and JSON error code of a failed call, when Discord answered
/// (`None`: no answer, or not an HTTP error).
pub(super) fn discord_status(error: &serenity::Error) -> Option<(u16, isize)> {
    match error {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}

/// Whether Discord refused the bot token: at the gateway, or on a REST call (autosharding
/// asks `/gateway/bot` with the token before connecting).
pub(super) fn token_rejected(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Gateway(GatewayError::InvalidAuthentication) => true,
        serenity::Error::Http(http) => http.status_code().map(|s| s.as_u16()) == Some(401),
        _ => false,
    }
}
