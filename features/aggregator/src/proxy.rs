//! Proxying `/openapi/v3/<key>` to the upstream that owns the group-version: the request's query, `Accept` and
//! validators go through, and the upstream's status, caching headers and body come back unchanged, so its
//! `?hash=` caching, ETags and redirects work through the aggregator.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::Response;

use super::client::UpstreamClient;
use kapi_serve::RemoteDocument;
use kapi_serve::plug::Forwarded;
use kapi_serve::status::Failure;

/// Request headers passed to the upstream.
const FORWARDED: [HeaderName; 4] =
    [header::ACCEPT, header::IF_NONE_MATCH, header::IF_MODIFIED_SINCE, header::ACCEPT_ENCODING];
/// Response headers passed back.
const RETURNED: [HeaderName; 8] = [
    header::CONTENT_TYPE,
    header::CONTENT_ENCODING,
    header::ETAG,
    header::CACHE_CONTROL,
    header::EXPIRES,
    header::LAST_MODIFIED,
    header::VARY,
    header::LOCATION,
];

/// Where one proxied document lives.
#[derive(Debug, Clone)]
pub(crate) struct ProxyTarget {
    client: UpstreamClient,
    upstream: String,
}

impl RemoteDocument for ProxyTarget {
    fn forward<'a>(&'a self, key: &'a str, query: Option<&'a str>, headers: &'a HeaderMap) -> Forwarded<'a> {
        Box::pin(self.proxy(key, query, headers))
    }
}

impl ProxyTarget {
    pub fn new(client: UpstreamClient, upstream: &str) -> Self {
        Self { client, upstream: upstream.to_owned() }
    }

    /// Forwards `GET /openapi/v3/<key>[?query]`; an upstream that cannot be reached is a 503.
    async fn proxy(&self, key: &str, query: Option<&str>, headers: &HeaderMap) -> Response {
        let path = match query {
            Some(query) => format!("/openapi/v3/{key}?{query}"),
            None => format!("/openapi/v3/{key}"),
        };
        let forwarded: Vec<(HeaderName, HeaderValue)> =
            FORWARDED.iter().filter_map(|name| headers.get(name).map(|value| (name.clone(), value.clone()))).collect();
        let answer = match self.client.get(&path, &forwarded).await {
            Ok(answer) => answer,
            Err(error) => {
                tracing::warn!(upstream = %self.upstream, %error, "proxying an OpenAPI document failed");
                return Failure::UpstreamUnavailable.response();
            }
        };
        let mut response = Response::new(Body::from(answer.body));
        *response.status_mut() = answer.status;
        for name in RETURNED {
            if let Some(value) = answer.headers.get(&name) {
                let value = if name == header::LOCATION { self.local_location(value) } else { value.clone() };
                response.headers_mut().insert(name, value);
            }
        }
        if answer.status == StatusCode::OK && !response.headers().contains_key(header::CONTENT_TYPE) {
            response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        }
        response
    }

    /// An upstream redirect seen from the aggregator: the upstream's path prefix removed.
    fn local_location(&self, value: &HeaderValue) -> HeaderValue {
        let prefix = self.client.path_prefix();
        let text = value.to_str().unwrap_or_default();
        match text.strip_prefix(prefix).filter(|rest| !prefix.is_empty() && rest.starts_with('/')) {
            Some(rest) => HeaderValue::from_str(rest).unwrap_or_else(|_| value.clone()),
            None => value.clone(),
        }
    }
}
