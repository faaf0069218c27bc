//! An HTTP client for one upstream server: plain http, or https trusting the CA in a PEM file (the way
//! kube-aggregator trusts an APIService's `caBundle`) and optionally sending a bearer token, with a time limit on
//! every request.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Empty};
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderMap, HeaderName, HeaderValue};
use hyper::{Request, Response, StatusCode, Uri};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

use super::client_tls::tls_config;
use super::credentials::BearerToken;
use super::spec::ClientIdentity;

/// How long an idle upstream connection is kept for reuse.
const IDLE_CONNECTION_LIFETIME: Duration = Duration::from_secs(4);

/// A buffered answer: status, headers and the whole body.
#[derive(Debug)]
pub(crate) struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Answer {
    /// A header's value as text, if present and printable.
    pub fn header(&self, name: HeaderName) -> Option<&str> {
        self.headers.get(name).and_then(|value| value.to_str().ok())
    }
}

/// A pooled HTTP client for `GET`s over http, or https trusting one CA file.
pub type HttpClient = Client<HttpsConnector<HttpConnector>, Empty<Bytes>>;

/// A client for one upstream: its base URL (scheme, authority and an optional path prefix), time limit and
/// credentials.
#[derive(Clone)]
pub(crate) struct UpstreamClient {
    client: HttpClient,
    base: String,
    timeout: Duration,
    token: Option<Arc<BearerToken>>,
}

impl std::fmt::Debug for UpstreamClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UpstreamClient").field("base", &self.base).finish_non_exhaustive()
    }
}

impl UpstreamClient {
    /// A client for `base` (`http://…` or `https://…`); https needs `ca_file`, the only roots it trusts.
    pub fn new(
        base: &str,
        ca_file: Option<&Path>,
        identity: Option<&ClientIdentity>,
        timeout: Duration,
    ) -> Result<Self, String> {
        let base = base.trim_end_matches('/').to_owned();
        let uri: Uri = base.parse().map_err(|e| format!("{base} is not a valid URL: {e}"))?;
        if uri.authority().is_none() || uri.query().is_some() {
            return Err(format!("{base} is not a URL with a host and no query"));
        }
        Ok(Self { client: http_client(&base, ca_file, identity)?, base, timeout, token: None })
    }

    /// The same client sending `Authorization: Bearer` with the token in `file` (re-read when it changes). Only
    /// over https: a token sent in the clear is a token given away.
    pub fn with_token_file(mut self, file: &Path) -> Result<Self, String> {
        if !self.base.starts_with("https://") {
            return Err(format!("{}: a bearer token (token-file=) is only sent over https://", self.base));
        }
        self.token = Some(Arc::new(BearerToken::from_file(file)?));
        Ok(self)
    }

    /// The base URL, for messages.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// The path prefix of the base URL (`""` for a server at the root), which upstream `Location`s start with.
    pub fn path_prefix(&self) -> &str {
        let after_scheme = self.base.split_once("://").map_or(self.base.as_str(), |(_, rest)| rest);
        after_scheme.find('/').map_or("", |at| &after_scheme[at..])
    }

    /// `GET base + path_and_query` with `headers`, the whole body read within the time limit.
    pub async fn get(&self, path_and_query: &str, headers: &[(HeaderName, HeaderValue)]) -> Result<Answer, String> {
        let url = format!("{}{path_and_query}", self.base);
        let exchange = async {
            let response = self.send(&url, headers).await?;
            let (parts, body) = response.into_parts();
            let body = body.collect().await.map_err(|e| format!("GET {url}: reading the body: {e}"))?.to_bytes();
            Ok::<_, String>(Answer { status: parts.status, headers: parts.headers, body })
        };
        tokio::time::timeout(self.timeout, exchange)
            .await
            .map_err(|_| format!("GET {url}: no answer within {:?}", self.timeout))?
    }

    /// `GET base + path_and_query`, returning as soon as the headers arrive (for a watch, whose body never ends).
    pub async fn open(&self, path_and_query: &str) -> Result<Response<Incoming>, String> {
        let url = format!("{}{path_and_query}", self.base);
        tokio::time::timeout(self.timeout, self.send(&url, &[]))
            .await
            .map_err(|_| format!("GET {url}: no answer within {:?}", self.timeout))?
    }

    async fn send(&self, url: &str, headers: &[(HeaderName, HeaderValue)]) -> Result<Response<Incoming>, String> {
        let mut request = Request::get(url);
        for (name, value) in headers {
            request = request.header(name, value);
        }
        if let Some(token) = &self.token {
            request = request.header(hyper::header::AUTHORIZATION, token.header());
        }
        let request = request.body(Empty::new()).map_err(|e| format!("GET {url}: {e}"))?;
        self.client.request(request).await.map_err(|e| format!("GET {url}: {}", error_chain(&e)))
    }
}

/// A client for URLs like `base`: `http://…`, or `https://…` trusting only the certificates in `ca_file` (which
/// https requires and http refuses) and presenting `identity`'s certificate when one is given (https only).
pub fn http_client(
    base: &str,
    ca_file: Option<&Path>,
    identity: Option<&ClientIdentity>,
) -> Result<HttpClient, String> {
    let tls = match (base.split_once("://").map(|(scheme, _)| scheme), ca_file, identity) {
        (Some("http"), None, None) => tls_config(None, None)?,
        (Some("http"), Some(_), _) => return Err(format!("{base}: a CA file only makes sense with https://")),
        (Some("http"), None, Some(_)) => {
            return Err(format!("{base}: a client certificate only makes sense with https://"));
        }
        (Some("https"), Some(file), identity) => tls_config(Some(file), identity)?,
        (Some("https"), None, _) => return Err(format!("{base}: https needs a CA file to trust (ca=FILE)")),
        _ => return Err(format!("{base}: only http:// and https:// URLs are supported")),
    };
    let connector =
        hyper_rustls::HttpsConnectorBuilder::new().with_tls_config(tls).https_or_http().enable_http1().build();
    // Idle connections are dropped well before a kapi upstream closes them (its header-read timeout, 10 s by
    // default), so a refresh never reuses a connection the upstream is closing at that moment.
    Ok(Client::builder(TokioExecutor::new())
        .pool_idle_timeout(IDLE_CONNECTION_LIFETIME)
        .pool_timer(hyper_util::rt::TokioTimer::new())
        .build(connector))
}

/// An error and its causes on one line: hyper's own message ("client error (Connect)") says little alone.
fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_goes_only_over_https() {
        let dir = std::env::temp_dir().join(format!("kapi-client-token-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let file = dir.join("token");
        std::fs::write(&file, "secret-token").expect("write");
        let plain = UpstreamClient::new("http://127.0.0.1:1", None, None, Duration::from_secs(1)).expect("client");
        let error = plain.with_token_file(&file).expect_err("http");
        assert!(error.contains("only sent over https://") && !error.contains("secret"), "{error}");
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }

    #[test]
    fn https_needs_a_ca_and_http_refuses_one() {
        let no_ca = http_client("https://127.0.0.1:1", None, None).expect_err("https without a CA");
        assert!(no_ca.contains("needs a CA file"), "{no_ca}");
        let ca_for_http =
            http_client("http://127.0.0.1:1", Some(Path::new("/ca.pem")), None).expect_err("http with a CA");
        assert!(ca_for_http.contains("only makes sense with https"), "{ca_for_http}");
        let identity = ClientIdentity { cert: "/c.pem".into(), key: "/k.pem".into() };
        let cert_for_http = http_client("http://127.0.0.1:1", None, Some(&identity)).expect_err("http with a cert");
        assert!(cert_for_http.contains("client certificate only makes sense with https"), "{cert_for_http}");
    }
}
