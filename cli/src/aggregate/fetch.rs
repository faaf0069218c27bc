//! Downloading a server's OpenAPI v3 root and every group-version document it lists, a bounded number at a time.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper::header::{ACCEPT, AUTHORIZATION, LOCATION};
use hyper::{Request, StatusCode, Uri};
use kapi_runtime::aggregator::{BearerToken, ClientIdentity, HttpClient, http_client};
use serde_json::Value;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use super::merge::SourceDocument;

/// A stale `?hash=` is answered with a redirect to the current one; more than a few hops means a loop.
const MAX_REDIRECTS: usize = 3;

/// How to reach an https server: the CA to trust, and a bearer token or a client certificate to authenticate with.
#[derive(Debug, Default)]
pub struct Credentials<'a> {
    /// `--ca`: the only certificates trusted.
    pub ca_file: Option<&'a Path>,
    /// `--token-file`: a bearer token, sent to the server's own origin only.
    pub token_file: Option<&'a Path>,
    /// `--cert` and `--key`.
    pub identity: Option<ClientIdentity>,
}

/// An HTTP client for one server: its base URL, the time each request may take, and its credentials.
#[derive(Debug, Clone)]
pub struct Fetcher {
    client: HttpClient,
    base: String,
    timeout: Duration,
    token: Option<Arc<BearerToken>>,
}

impl Fetcher {
    /// A client for the server at `base` (`http://host:port` or `https://host:port`, optionally with a path prefix
    /// such as a proxy's). https needs a CA file; a token and a client certificate need https, and the token is only
    /// sent to `base`'s own origin.
    pub fn new(base: &str, timeout: Duration, credentials: &Credentials<'_>) -> Result<Self, String> {
        let base = base.trim_end_matches('/').to_owned();
        let uri: Uri = base.parse().map_err(|e| format!("{base} is not a valid URL: {e}"))?;
        let https = match uri.scheme_str() {
            Some("http") if uri.authority().is_some() => false,
            Some("https") if uri.authority().is_some() => true,
            _ => return Err(format!("{base} is not an http:// or https:// URL with a host")),
        };
        if https && credentials.ca_file.is_none() {
            return Err(format!("{base}: https needs --ca FILE, the certificates to trust"));
        }
        if !https && (credentials.token_file.is_some() || credentials.identity.is_some()) {
            return Err(format!("{base}: --token-file and --cert are only sent over https://"));
        }
        let client = http_client(&base, credentials.ca_file, credentials.identity.as_ref())?;
        let token = credentials.token_file.map(BearerToken::from_file).transpose()?.map(Arc::new);
        Ok(Self { client, base, timeout, token })
    }

    /// Downloads the root listing and then every document it lists, at most `concurrency` at once.
    pub async fn fetch_all(&self, concurrency: usize) -> Result<Vec<SourceDocument>, String> {
        let root_url = format!("{}/openapi/v3", self.base);
        let root = self.get_json(&root_url).await?;
        let listed = listed_documents(&root).map_err(|problem| format!("{root_url}: {problem}"))?;
        let permits = Arc::new(Semaphore::new(concurrency.max(1)));
        let mut downloads = JoinSet::new();
        for (group_version, relative_url) in listed {
            let (fetcher, permits) = (self.clone(), Arc::clone(&permits));
            // The advertised URL is used exactly, `?hash=` included, so caches keyed on it can answer.
            let url = format!("{}{relative_url}", self.base);
            downloads.spawn(async move {
                let _permit = permits.acquire_owned().await.map_err(|e| format!("GET {url}: {e}"))?;
                let document = fetcher.get_json(&url).await?;
                Ok::<_, String>(SourceDocument { group_version, document })
            });
        }
        let mut documents = Vec::new();
        // Returning early drops the JoinSet, which cancels the downloads still running.
        while let Some(joined) = downloads.join_next().await {
            documents.push(joined.map_err(|e| format!("a download stopped: {e}"))??);
        }
        documents.sort_by(|a, b| a.group_version.cmp(&b.group_version));
        Ok(documents)
    }

    /// `GET url` asking for JSON, following a few redirects; anything but 200 with a JSON body is an error.
    async fn get_json(&self, url: &str) -> Result<Value, String> {
        let mut current = url.to_owned();
        for _ in 0..=MAX_REDIRECTS {
            let answer = tokio::time::timeout(self.timeout, self.get(&current)).await;
            let (status, location, body) =
                answer.map_err(|_| format!("GET {current}: no answer within {} s", self.timeout.as_secs_f32()))??;
            match (status, location) {
                (StatusCode::OK, _) => {
                    return serde_json::from_slice(&body)
                        .map_err(|e| format!("GET {current}: the answer is not valid JSON: {e}"));
                }
                (status, Some(location)) if status.is_redirection() => current = self.resolve(&location),
                (status, _) => return Err(format!("GET {current}: the server answered {status}")),
            }
        }
        Err(format!("GET {url}: more than {MAX_REDIRECTS} redirects"))
    }

    /// One request: the status, the `Location` header if any, and the whole body.
    async fn get(&self, url: &str) -> Result<(StatusCode, Option<String>, Bytes), String> {
        let uri: Uri = url.parse().map_err(|e| format!("{url} is not a valid URL: {e}"))?;
        let mut request = Request::get(uri).header(ACCEPT, "application/json");
        if let Some(token) = self.token.as_ref().filter(|_| self.on_base_origin(url)) {
            request = request.header(AUTHORIZATION, token.header());
        }
        let request = request.body(Empty::new()).map_err(|e| format!("GET {url}: {e}"))?;
        let response = self.client.request(request).await.map_err(|e| {
            let doing = if e.is_connect() { "cannot connect for" } else { "failed:" };
            format!("GET {url} {doing} {}", causes(&e))
        })?;
        let status = response.status();
        let location = response.headers().get(LOCATION).and_then(|value| value.to_str().ok()).map(str::to_owned);
        let body = response.into_body().collect().await.map_err(|e| format!("GET {url}: {}", causes(&e)))?;
        Ok((status, location, body.to_bytes()))
    }

    /// A `Location` header as a URL: absolute as given, else on this server (scheme and host of the base).
    fn resolve(&self, location: &str) -> String {
        if location.starts_with("http://") || location.starts_with("https://") {
            return location.to_owned();
        }
        format!("{}/{}", self.origin(), location.trim_start_matches('/'))
    }

    /// The base's scheme and authority, without its path prefix.
    fn origin(&self) -> &str {
        let origin_end = self.base.find("://").map_or(0, |at| at + 3);
        match self.base[origin_end..].find('/') {
            Some(slash) => &self.base[..origin_end + slash],
            None => &self.base,
        }
    }

    /// Whether `url` is on the base's origin, where the token may go (a redirect elsewhere gets none).
    fn on_base_origin(&self, url: &str) -> bool {
        url.strip_prefix(self.origin()).is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '?']))
    }
}

/// The `(group-version, server-relative URL)` pairs of an OpenAPI v3 root listing, in group-version order.
pub fn listed_documents(root: &Value) -> Result<Vec<(String, String)>, String> {
    let paths = root.get("paths").and_then(Value::as_object).ok_or("the answer has no \"paths\" object")?;
    paths
        .iter()
        .map(|(group_version, entry)| {
            let url = entry.get("serverRelativeURL").and_then(Value::as_str);
            let url = url.ok_or_else(|| format!("{group_version} has no serverRelativeURL"))?;
            if !url.starts_with('/') {
                return Err(format!("{group_version}: serverRelativeURL {url:?} does not start with /"));
            }
            Ok((group_version.clone(), url.to_owned()))
        })
        .collect()
}

/// An error and its causes, outermost first (hyper's own message alone rarely says what went wrong).
fn causes(error: &dyn std::error::Error) -> String {
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
    use std::time::Duration;

    use serde_json::json;

    use std::path::Path;

    use super::{ClientIdentity, Credentials, Fetcher, listed_documents};

    #[test]
    fn the_root_listing_gives_each_group_version_and_its_url_as_advertised() {
        let root = json!({"paths": {
            "apis/apps/v1": {"serverRelativeURL": "/openapi/v3/apis/apps/v1?hash=AB"},
            "api/v1": {"serverRelativeURL": "/openapi/v3/api/v1?hash=CD"},
        }});
        let listed = listed_documents(&root).expect("listing");
        let expected = [("api/v1", "/openapi/v3/api/v1?hash=CD"), ("apis/apps/v1", "/openapi/v3/apis/apps/v1?hash=AB")];
        let expected: Vec<(String, String)> =
            expected.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect();
        assert_eq!(listed, expected);
    }

    #[test]
    fn a_malformed_root_listing_is_an_error() {
        assert!(listed_documents(&json!({"swagger": "2.0"})).is_err());
        let no_url = json!({"paths": {"apis/apps/v1": {}}});
        assert_eq!(listed_documents(&no_url).expect_err("no url"), "apis/apps/v1 has no serverRelativeURL");
        let absolute = json!({"paths": {"api/v1": {"serverRelativeURL": "openapi/v3/api/v1"}}});
        assert!(listed_documents(&absolute).is_err());
    }

    #[test]
    fn redirects_stay_on_the_server() {
        let fetcher = Fetcher::new("http://127.0.0.1:8001/proxy/", Duration::from_secs(1), &Credentials::default())
            .expect("http");
        assert_eq!(fetcher.resolve("/openapi/v3/api/v1?hash=X"), "http://127.0.0.1:8001/openapi/v3/api/v1?hash=X");
        assert_eq!(fetcher.resolve("http://other/x"), "http://other/x");
        assert!(fetcher.on_base_origin("http://127.0.0.1:8001/openapi/v3"));
        assert!(!fetcher.on_base_origin("http://127.0.0.1:80010/openapi/v3"), "another port");
        assert!(!fetcher.on_base_origin("http://other/x"));
    }

    #[test]
    fn https_needs_a_ca_and_credentials_need_https() {
        let second = Duration::from_secs(1);
        let no_ca = Fetcher::new("https://127.0.0.1:6443", second, &Credentials::default()).expect_err("no CA");
        assert!(no_ca.contains("https needs --ca FILE"), "{no_ca}");
        let token = Credentials { token_file: Some(Path::new("/nonexistent/token")), ..Credentials::default() };
        let plain = Fetcher::new("http://127.0.0.1:8080", second, &token).expect_err("token over http");
        assert!(plain.contains("only sent over https://"), "{plain}");
        let identity = ClientIdentity { cert: "/c.pem".into(), key: "/k.pem".into() };
        let cert = Credentials { identity: Some(identity), ..Credentials::default() };
        let plain = Fetcher::new("http://127.0.0.1:8080", second, &cert).expect_err("certificate over http");
        assert!(plain.contains("only sent over https://"), "{plain}");
        let ca = Credentials { ca_file: Some(Path::new("/nonexistent/ca")), ..Credentials::default() };
        let missing = Fetcher::new("https://127.0.0.1:6443", second, &ca).expect_err("missing CA file");
        assert!(missing.contains("/nonexistent/ca"), "{missing}");
        assert!(Fetcher::new("127.0.0.1:8080", second, &Credentials::default()).is_err());
    }
}
