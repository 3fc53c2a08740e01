//! TLS to the PostgreSQL server, with the `sslmode` options libpq (and so `psql` and
//! `pg_dump`) reads from the same URL:
//!
//! | `sslmode`     | encrypted          | the server's certificate                      |
//! |---------------|--------------------|-----------------------------------------------|
//! | `disable`     | never              | -                                             |
//! | `allow`, `prefer` (default) | when the server offers it | not checked             |
//! | `require`     | always             | not checked (checked as `verify-ca` when a root certificate is given) |
//! | `verify-ca`   | always             | signed by `sslrootcert`                       |
//! | `verify-full` | always             | signed by `sslrootcert`, and names the host   |
//!
//! `sslrootcert` is a PEM file of trusted certificates, or `system` for the public
//! certificate authorities (the Mozilla list, built in: the bot reads no system store).
//! `sslcert` and `sslkey` are a client certificate and its key (PEM), for servers that
//! authenticate clients by certificate. Each comes from the URL, else from `PGSSLMODE`,
//! `PGSSLROOTCERT`, `PGSSLCERT`, `PGSSLKEY`; `~/.postgresql/root.crt` is the root file when
//! none is named, as in libpq.
//!
//! The stream and channel binding are `tokio-postgres-rustls`'s; what is ours is the
//! libpq-style choice of what to check (no plug-in does `verify-ca`, a chain check without
//! the name check) and the errors said in words.
//!
//! Channel binding: over TLS, SCRAM password authentication is bound to the server's
//! certificate (`tls-server-end-point`), so a man in the middle with a certificate of
//! its own cannot relay the password exchange even where the certificate is not checked
//! (`require`). `channel_binding=require` in the URL insists on it.

use std::future::Future;
use std::io;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;

use tokio_postgres::tls::{MakeTlsConnect, TlsConnect};
use tokio_postgres_rustls::MakeRustlsConnect;
use tokio_rustls::rustls;
use tokio_rustls::rustls::client::danger::{
    HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier,
};
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};

/// The plug-in's stream and handshake, as the driver sees them.
type Plugged = <MakeRustlsConnect as MakeTlsConnect<tokio_postgres::Socket>>::TlsConnect;
type PluggedStream = <MakeRustlsConnect as MakeTlsConnect<tokio_postgres::Socket>>::Stream;

/// How much TLS the URL asks for (libpq's `sslmode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SslMode {
    Disable,
    Prefer,
    Require,
    VerifyCa,
    VerifyFull,
}

impl SslMode {
    /// The mode as libpq names it.
    pub fn libpq_name(self) -> &'static str {
        match self {
            SslMode::Disable => "disable",
            SslMode::Prefer => "prefer",
            SslMode::Require => "require",
            SslMode::VerifyCa => "verify-ca",
            SslMode::VerifyFull => "verify-full",
        }
    }

    fn parse(value: &str) -> Result<SslMode, String> {
        Ok(match value {
            "disable" => SslMode::Disable,
            // libpq's `allow` tries plaintext first; the driver has no such order, and
            // encrypting when offered is never less safe.
            "allow" | "prefer" => SslMode::Prefer,
            "require" => SslMode::Require,
            "verify-ca" => SslMode::VerifyCa,
            "verify-full" => SslMode::VerifyFull,
            other => {
                return Err(format!(
                    "sslmode={other} is not one of disable, allow, prefer, require, verify-ca, \
                     verify-full"
                ));
            }
        })
    }

    /// What the driver is told: whether to ask for TLS, and whether to insist.
    pub fn driver(self) -> tokio_postgres::config::SslMode {
        use tokio_postgres::config::SslMode as Driver;
        match self {
            SslMode::Disable => Driver::Disable,
            SslMode::Prefer => Driver::Prefer,
            SslMode::Require | SslMode::VerifyCa | SslMode::VerifyFull => Driver::Require,
        }
    }
}

/// The TLS options of a URL: the URL without them (for the driver, which reads only
/// `sslmode=disable|prefer|require`), and the connector they describe.
pub struct Options {
    pub url: String,
    pub mode: SslMode,
    pub connector: Connector,
    /// The same settings as libpq's variables (`PGSSLMODE`, `PGSSLROOTCERT`, …), for the
    /// PostgreSQL programs the bot runs (`pg_dump`): they check what the bot checks.
    pub libpq: Vec<(&'static str, String)>,
}

/// The query parameters this module reads, and the variable each falls back to.
const PARAMETERS: [(&str, &str); 4] = [
    ("sslmode", "PGSSLMODE"),
    ("sslrootcert", "PGSSLROOTCERT"),
    ("sslcert", "PGSSLCERT"),
    ("sslkey", "PGSSLKEY"),
];

/// Reads the TLS options of `url` (and of the `PG*` variables) and loads the files they
/// name. An error says what was wrong and what would be right.
pub fn options(url: &str) -> Result<Options, String> {
    let (base, query) = split_query(url);
    let mut given: [Option<String>; 4] = Default::default();
    let mut kept = Vec::new();
    for pair in query.into_iter().flat_map(|q| q.split('&')) {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match PARAMETERS.iter().position(|(name, _)| *name == key) {
            Some(i) => given[i] = Some(percent_decoded(value)),
            None if !pair.is_empty() => kept.push(pair),
            None => {}
        }
    }
    let env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
    let [mode, root, cert, key] =
        std::array::from_fn(|i| given[i].take().or_else(|| env(PARAMETERS[i].1)));
    let mut mode = match mode {
        Some(mode) => SslMode::parse(&mode)?,
        None => SslMode::Prefer,
    };
    let default_root = std::env::var_os("HOME")
        .map(|home| Path::new(&home).join(".postgresql/root.crt"))
        .filter(|path| path.exists());
    let root = root.map(PathBuf::from).or(default_root);
    // As libpq: `require` with a root certificate checks the chain.
    if mode == SslMode::Require && root.is_some() {
        mode = SslMode::VerifyCa;
    }
    let roots = match (&root, mode) {
        (_, SslMode::Disable | SslMode::Prefer | SslMode::Require) => None,
        (Some(path), _) if path.as_os_str() == "system" => Some((
            public_roots(),
            "the public authorities (sslrootcert=system)".into(),
        )),
        (Some(path), _) => Some((roots_from(path)?, format!("sslrootcert {}", path.display()))),
        (None, _) => {
            return Err(format!(
                "sslmode={} checks the server's certificate, so it needs the certificate \
                 authority to trust: add sslrootcert=/path/to/root.crt to the URL (or \
                 sslrootcert=system for a public authority)",
                if mode == SslMode::VerifyCa {
                    "verify-ca"
                } else {
                    "verify-full"
                }
            ));
        }
    };
    let client = match (&cert, &key) {
        (None, None) => None,
        (Some(cert), Some(key)) => Some(client_identity(Path::new(cert), Path::new(key))?),
        _ => return Err("sslcert and sslkey go together: name both files, or neither".into()),
    };
    let url = if kept.is_empty() {
        base.to_owned()
    } else {
        format!("{base}?{}", kept.join("&"))
    };
    let connector = Connector::new(roots, mode == SslMode::VerifyFull, client)?;
    let mut libpq = vec![("PGSSLMODE", mode.libpq_name().to_string())];
    let paths = [
        ("PGSSLROOTCERT", root.map(|p| p.display().to_string())),
        ("PGSSLCERT", cert),
        ("PGSSLKEY", key),
    ];
    libpq.extend(
        paths
            .into_iter()
            .filter_map(|(name, value)| Some((name, value?))),
    );
    Ok(Options {
        url,
        mode,
        connector,
        libpq,
    })
}

/// The URL before its query, and the query. As the driver reads a URL, the credentials
/// run to the first `@` (a `?` in a password is not the query).
fn split_query(url: &str) -> (&str, Option<&str>) {
    let after_credentials = url
        .find("://")
        .map(|scheme| scheme + 3)
        .map(|start| url[start..].find('@').map_or(start, |at| start + at + 1))
        .unwrap_or(0);
    match url[after_credentials..].find('?') {
        Some(q) => (
            &url[..after_credentials + q],
            Some(&url[after_credentials + q + 1..]),
        ),
        None => (url, None),
    }
}

/// `%2F` and friends in a query value (a path such as `/etc/ssl/root.crt` may be written
/// encoded). A `%` not followed by two hex digits stays as it is.
fn percent_decoded(value: &str) -> String {
    percent_encoding::percent_decode_str(value)
        .decode_utf8_lossy()
        .into_owned()
}

fn roots_from(path: &Path) -> Result<rustls::RootCertStore, String> {
    let mut roots = rustls::RootCertStore::empty();
    let certificates = CertificateDer::pem_file_iter(path)
        .map_err(|e| format!("sslrootcert {}: {}", path.display(), pem_error(&e)))?;
    for certificate in certificates {
        let certificate = certificate
            .map_err(|e| format!("sslrootcert {}: {}", path.display(), pem_error(&e)))?;
        roots.add(certificate).map_err(|e| {
            format!(
                "sslrootcert {}: a certificate there cannot be trusted ({e})",
                path.display()
            )
        })?;
    }
    if roots.is_empty() {
        return Err(format!(
            "sslrootcert {}: no certificate in it (a PEM file, BEGIN CERTIFICATE)",
            path.display()
        ));
    }
    Ok(roots)
}

fn public_roots() -> rustls::RootCertStore {
    rustls::RootCertStore {
        roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
    }
}

type Identity = (Vec<CertificateDer<'static>>, PrivateKeyDer<'static>);

fn client_identity(cert: &Path, key: &Path) -> Result<Identity, String> {
    let chain = CertificateDer::pem_file_iter(cert)
        .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
        .map_err(|e| format!("sslcert {}: {}", cert.display(), pem_error(&e)))?;
    if chain.is_empty() {
        return Err(format!("sslcert {}: no certificate in it", cert.display()));
    }
    let key = PrivateKeyDer::from_pem_file(key)
        .map_err(|e| format!("sslkey {}: {}", key.display(), pem_error(&e)))?;
    Ok((chain, key))
}

fn pem_error(e: &rustls::pki_types::pem::Error) -> String {
    match e {
        rustls::pki_types::pem::Error::Io(io) => io.to_string(),
        rustls::pki_types::pem::Error::NoItemsFound => "no PEM item of that kind in it".into(),
        other => format!("not a PEM file this bot can read ({other:?})"),
    }
}

/// Makes the TLS session of each new connection (the driver's plug-in).
#[derive(Clone)]
pub struct Connector {
    plugin: MakeRustlsConnect,
    /// What the server's certificate must be signed by, for the error that says it was
    /// not (`None` when it is not checked).
    trusted: Option<Arc<str>>,
}

impl Connector {
    fn new(
        roots: Option<(rustls::RootCertStore, String)>,
        check_name: bool,
        client: Option<Identity>,
    ) -> Result<Connector, String> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let trusted = roots.as_ref().map(|(_, named)| Arc::from(named.as_str()));
        let chain = match roots {
            Some((roots, _)) => Some(
                rustls::client::WebPkiServerVerifier::builder_with_provider(
                    Arc::new(roots),
                    provider.clone(),
                )
                .build()
                .map_err(|e| format!("the root certificates cannot be used: {e}"))?,
            ),
            None => None,
        };
        let verifier = Arc::new(Verifier {
            chain,
            check_name,
            algorithms: provider.signature_verification_algorithms,
        });
        let builder = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .map_err(|e| format!("TLS: {e}"))?
            .dangerous()
            .with_custom_certificate_verifier(verifier);
        let config = match client {
            Some((chain, key)) => builder
                .with_client_auth_cert(chain, key)
                .map_err(|e| format!("sslcert and sslkey cannot be used together: {e}"))?,
            None => builder.with_no_client_auth(),
        };
        Ok(Connector {
            plugin: MakeRustlsConnect::new(config),
            trusted,
        })
    }
}

/// The server's certificate, checked as the mode asks: not at all (`prefer`, `require`),
/// its chain (`verify-ca`), or its chain and name (`verify-full`). The handshake's
/// signatures are always checked: whoever answers holds the key of the certificate it
/// shows, which is what channel binding relies on.
#[derive(Debug)]
struct Verifier {
    chain: Option<Arc<rustls::client::WebPkiServerVerifier>>,
    check_name: bool,
    algorithms: rustls::crypto::WebPkiSupportedAlgorithms,
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let Some(chain) = &self.chain else {
            return Ok(ServerCertVerified::assertion());
        };
        match chain.verify_server_cert(end_entity, intermediates, server_name, ocsp, now) {
            // The chain is checked before the name, so a wrong name alone is what is
            // forgiven in verify-ca.
            Err(rustls::Error::InvalidCertificate(
                rustls::CertificateError::NotValidForName
                | rustls::CertificateError::NotValidForNameContext { .. },
            )) if !self.check_name => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

impl MakeTlsConnect<tokio_postgres::Socket> for Connector {
    type Stream = PluggedStream;
    type TlsConnect = Connect;
    type Error = io::Error;

    // The host name is checked at the handshake, not here: the driver asks for a
    // connector even where no TLS follows (`sslmode=disable`, a Unix socket).
    fn make_tls_connect(&mut self, domain: &str) -> Result<Connect, io::Error> {
        let Ok(plugged) =
            MakeTlsConnect::<tokio_postgres::Socket>::make_tls_connect(&mut self.plugin, domain);
        Ok(Connect {
            plugged,
            trusted: self.trusted.clone(),
        })
    }
}

/// One connection's handshake: the plug-in's, with its refusals said in words.
pub struct Connect {
    plugged: Plugged,
    trusted: Option<Arc<str>>,
}

impl TlsConnect<tokio_postgres::Socket> for Connect {
    type Stream = PluggedStream;
    type Error = io::Error;
    type Future = Pin<Box<dyn Future<Output = io::Result<PluggedStream>> + Send>>;

    fn connect(self, socket: tokio_postgres::Socket) -> Self::Future {
        let handshake = self.plugged.connect(socket);
        let trusted = self.trusted;
        Box::pin(async move {
            handshake
                .await
                .map_err(|e| explained(e, trusted.as_deref()))
        })
    }
}

/// rustls' names for the two refusals an operator meets (an authority not trusted, a
/// name not in the certificate), said in words, with what to change.
fn explained(e: io::Error, trusted: Option<&str>) -> io::Error {
    let certificate = e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<rustls::Error>())
        .and_then(|tls| match tls {
            rustls::Error::InvalidCertificate(why) => Some(why),
            _ => None,
        });
    let trusted = trusted.unwrap_or("sslrootcert");
    match certificate {
        Some(rustls::CertificateError::UnknownIssuer) => io::Error::other(format!(
            "the server's certificate is not signed by an authority in {trusted}: name its \
             authority's certificate in sslrootcert"
        )),
        Some(
            why @ (rustls::CertificateError::NotValidForName
            | rustls::CertificateError::NotValidForNameContext { .. }),
        ) => io::Error::other(format!(
            "{why}: connect by a name the certificate carries, or use sslmode=verify-ca to \
             check only who signed it"
        )),
        _ => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tls_options_leave_the_url_and_the_rest_stays() {
        let options = options(
            "postgres://bot:p%3F@db:5432/sudoku?application_name=x&sslmode=require&connect_timeout=5",
        )
        .expect("require needs no files");
        assert_eq!(
            options.url,
            "postgres://bot:p%3F@db:5432/sudoku?application_name=x&connect_timeout=5"
        );
        assert!(matches!(
            options.mode,
            SslMode::Require | SslMode::VerifyCa // VerifyCa when ~/.postgresql/root.crt exists
        ));
        let plain = options_of("postgres://db/sudoku?sslmode=disable");
        assert_eq!(plain.url, "postgres://db/sudoku");
        assert_eq!(plain.mode, SslMode::Disable);
    }

    fn options_of(url: &str) -> Options {
        match options(url) {
            Ok(options) => options,
            Err(e) => panic!("{url}: {e}"),
        }
    }

    #[test]
    fn a_question_mark_in_the_password_is_not_the_query() {
        assert_eq!(
            split_query("postgres://u:a?b@h/db?sslmode=disable"),
            ("postgres://u:a?b@h/db", Some("sslmode=disable"))
        );
        assert_eq!(split_query("postgres://h/db"), ("postgres://h/db", None));
    }

    #[test]
    fn wrong_tls_options_say_what_would_be_right() {
        let error = |url: &str| match options(url) {
            Ok(_) => panic!("{url} was taken"),
            Err(e) => e,
        };
        assert!(error("postgres://h/db?sslmode=strict").contains("verify-full"));
        assert!(
            error("postgres://h/db?sslmode=verify-full&sslrootcert=/no/such/root.crt")
                .contains("/no/such/root.crt")
        );
        assert!(error("postgres://h/db?sslmode=require&sslcert=/a.crt").contains("sslkey"));
        // An encoded path is decoded before it is read.
        assert!(
            error("postgres://h/db?sslmode=verify-ca&sslrootcert=%2Fno%2Fsuch.crt")
                .contains("/no/such.crt")
        );
    }

    #[test]
    fn system_roots_are_the_public_authorities() {
        let options =
            options_of("postgres://db.example.com/x?sslmode=verify-full&sslrootcert=system");
        assert_eq!(options.mode, SslMode::VerifyFull);
        assert!(public_roots().len() > 50);
    }
}
