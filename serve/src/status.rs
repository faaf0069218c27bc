//! Kubernetes `Status` bodies for failures: the fixed ones (404, 406, 503) built once per process, and the ones
//! whose message names what the request asked for ([`Refusal`]: an object not found, a resource version too old or
//! too new, a malformed query).

use std::sync::LazyLock;

use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use kapi_meta::meta::v1::{Status, StatusCause, StatusDetails, TypeMeta};

/// A failure the server answers with a `meta/v1` `Status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// Unknown path, group or version.
    NotFound,
    /// `/api` or `/apis` with an `Accept` no discovery document fits.
    DiscoveryNotAcceptable,
    /// An OpenAPI document with an `Accept` neither JSON nor an offered protobuf fits.
    OpenApiNotAcceptable,
    /// No bundle is loaded yet.
    NotReady,
    /// A remote document's server could not be reached or did not answer in time.
    UpstreamUnavailable,
    /// A method other than GET, HEAD and OPTIONS: everything served here is read-only.
    MethodNotAllowed,
    /// A request target longer than the server reads.
    UriTooLong,
    /// A request head (request line and headers) larger than the server reads.
    HeadTooLarge,
    /// A request without the credentials the server requires (see [`crate::tls::FrontProxy`]).
    Unauthorized,
    /// A document whose encodings cannot be computed: its file does not match the hash the index lists for it, or
    /// was rewritten in place after the server opened it (the server's log says which); a reload serves it again.
    DocumentUnavailable,
}

struct Prepared {
    status: StatusCode,
    body: Bytes,
}

/// A failure `Status` with `code`, `reason` and `message`.
fn failure_status(status: StatusCode, reason: &str, message: &str) -> Status {
    Status {
        type_meta: TypeMeta { api_version: Some("v1".to_owned()), kind: Some("Status".to_owned()) },
        status: Some("Failure".to_owned()),
        message: Some(message.to_owned()),
        reason: Some(reason.to_owned()),
        code: Some(i32::from(status.as_u16())),
        ..Status::default()
    }
}

fn prepare(status: StatusCode, reason: &str, message: &str) -> Prepared {
    Prepared { status, body: status_bytes(&failure_status(status, reason, message)) }
}

/// Serialising a plain struct of strings and numbers cannot fail; an empty body would still carry the status code.
fn status_bytes(status: &Status) -> Bytes {
    Bytes::from(serde_json::to_vec(status).unwrap_or_default())
}

fn json_response(status: StatusCode, body: Bytes) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

static NOT_FOUND: LazyLock<Prepared> =
    LazyLock::new(|| prepare(StatusCode::NOT_FOUND, "NotFound", "the server could not find the requested resource"));
static DISCOVERY_NOT_ACCEPTABLE: LazyLock<Prepared> = LazyLock::new(|| {
    prepare(
        StatusCode::NOT_ACCEPTABLE,
        "NotAcceptable",
        "only the following media types are accepted: application/json, \
         application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList, \
         application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList",
    )
});
static OPENAPI_NOT_ACCEPTABLE: LazyLock<Prepared> = LazyLock::new(|| {
    prepare(
        StatusCode::NOT_ACCEPTABLE,
        "NotAcceptable",
        "only the following media types are accepted: application/json, \
         application/com.github.proto-openapi.spec.v3.v1.0+protobuf (when served)",
    )
});
static NOT_READY: LazyLock<Prepared> = LazyLock::new(|| {
    prepare(StatusCode::SERVICE_UNAVAILABLE, "ServiceUnavailable", "no bundle of API documents is loaded yet")
});

static UPSTREAM_UNAVAILABLE: LazyLock<Prepared> = LazyLock::new(|| {
    prepare(
        StatusCode::SERVICE_UNAVAILABLE,
        "ServiceUnavailable",
        "the upstream server of this document is not available",
    )
});

static METHOD_NOT_ALLOWED: LazyLock<Prepared> = LazyLock::new(|| {
    prepare(
        StatusCode::METHOD_NOT_ALLOWED,
        "MethodNotAllowed",
        "the server serves read-only documents: only GET, HEAD and OPTIONS are allowed",
    )
});
static URI_TOO_LONG: LazyLock<Prepared> = LazyLock::new(|| {
    prepare(StatusCode::URI_TOO_LONG, "RequestURITooLong", "the request target is longer than the server accepts")
});
static HEAD_TOO_LARGE: LazyLock<Prepared> = LazyLock::new(|| {
    prepare(
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        "RequestHeaderFieldsTooLarge",
        "the request head is larger than the server accepts",
    )
});
static DOCUMENT_UNAVAILABLE: LazyLock<Prepared> = LazyLock::new(|| {
    prepare(
        StatusCode::SERVICE_UNAVAILABLE,
        "ServiceUnavailable",
        "the document's file no longer matches what the server loaded; it is served again after a reload",
    )
});
static UNAUTHORIZED: LazyLock<Prepared> =
    LazyLock::new(|| prepare(StatusCode::UNAUTHORIZED, "Unauthorized", "Unauthorized"));
static TOO_MANY_CONNECTIONS: LazyLock<Prepared> = LazyLock::new(|| {
    prepare(
        StatusCode::SERVICE_UNAVAILABLE,
        "ServiceUnavailable",
        "the server is serving as many connections as it allows; retry later",
    )
});

/// The `Status` body of a connection refused for being over the connection limit.
pub(crate) fn too_many_connections() -> Bytes {
    TOO_MANY_CONNECTIONS.body.clone()
}

impl Failure {
    fn prepared(self) -> &'static Prepared {
        match self {
            Self::NotFound => &NOT_FOUND,
            Self::DiscoveryNotAcceptable => &DISCOVERY_NOT_ACCEPTABLE,
            Self::OpenApiNotAcceptable => &OPENAPI_NOT_ACCEPTABLE,
            Self::NotReady => &NOT_READY,
            Self::UpstreamUnavailable => &UPSTREAM_UNAVAILABLE,
            Self::MethodNotAllowed => &METHOD_NOT_ALLOWED,
            Self::UriTooLong => &URI_TOO_LONG,
            Self::DocumentUnavailable => &DOCUMENT_UNAVAILABLE,
            Self::HeadTooLarge => &HEAD_TOO_LARGE,
            Self::Unauthorized => &UNAUTHORIZED,
        }
    }

    /// The response: the status code and its `Status` JSON body.
    pub fn response(self) -> Response {
        let prepared = self.prepared();
        json_response(prepared.status, prepared.body.clone())
    }
}

impl axum::response::IntoResponse for Failure {
    fn into_response(self) -> Response {
        self.response()
    }
}

/// A refused request whose `Status` names what it asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// 404: no object `name` of `resource` (`groups.discovery.k8s.io`).
    ObjectNotFound {
        /// The resource with its group, as kubectl prints it.
        resource: String,
        /// The name asked for.
        name: String,
    },
    /// 410: the events after `requested` are no longer all retained; `oldest` is the oldest resource version a
    /// watch can still start from. Clients list again and watch from the list's resource version.
    Expired {
        /// The resource version asked for.
        requested: u64,
        /// The oldest one this server can continue from.
        oldest: u64,
    },
    /// 504: a resource version this server has not reached. Clients that see the `ResourceVersionTooLarge` cause
    /// list again from the current state.
    TooLargeResourceVersion {
        /// The resource version asked for.
        requested: u64,
        /// The server's current one.
        current: u64,
    },
    /// 400: a query parameter this server cannot read.
    BadRequest(String),
    /// 422: query parameters that contradict each other.
    Invalid(String),
    /// 406: no `Accept` clause this endpoint can answer.
    NotAcceptable,
    /// 503: the store behind the objects did not answer; nothing changed and the request may be retried.
    StoreUnavailable(String),
    /// 500: the store answered with something that is not what it should hold.
    Internal(String),
}

impl Refusal {
    /// The `Status` describing the refusal.
    pub fn status(&self) -> Status {
        match self {
            Self::ObjectNotFound { resource, name } => {
                let (plural, group) = resource.split_once('.').unwrap_or((resource.as_str(), ""));
                // As kube-apiserver does, `kind` names the resource asked for.
                let details = StatusDetails {
                    name: Some(name.clone()),
                    group: Some(group.to_owned()),
                    kind: Some(plural.to_owned()),
                    ..StatusDetails::default()
                };
                let message = format!("{resource} \"{name}\" not found");
                Status { details: Some(details), ..failure_status(StatusCode::NOT_FOUND, "NotFound", &message) }
            }
            Self::Expired { requested, oldest } => {
                let message = format!(
                    "too old resource version: {requested} (the oldest this server can continue from is {oldest})"
                );
                failure_status(StatusCode::GONE, "Expired", &message)
            }
            Self::TooLargeResourceVersion { requested, current } => {
                let message = format!("too large resource version: {requested}, current: {current}");
                let cause = StatusCause {
                    reason: Some("ResourceVersionTooLarge".to_owned()),
                    message: Some("too large resource version".to_owned()),
                    field: None,
                };
                let details = StatusDetails {
                    causes: Some(vec![cause]),
                    retry_after_seconds: Some(1),
                    ..StatusDetails::default()
                };
                Status { details: Some(details), ..failure_status(StatusCode::GATEWAY_TIMEOUT, "Timeout", &message) }
            }
            Self::BadRequest(message) => failure_status(StatusCode::BAD_REQUEST, "BadRequest", message),
            Self::Invalid(message) => failure_status(StatusCode::UNPROCESSABLE_ENTITY, "Invalid", message),
            Self::NotAcceptable => failure_status(
                StatusCode::NOT_ACCEPTABLE,
                "NotAcceptable",
                "only the following media types are accepted: application/json, \
                 application/json;as=Table;v=v1;g=meta.k8s.io, application/json;as=Table;v=v1beta1;g=meta.k8s.io",
            ),
            Self::StoreUnavailable(message) => {
                // kube-apiserver over an unanswering etcd mostly says 500 with etcd's own timeout message; 503 with
                // a retry delay says what is true here (the store, not the request, failed; nothing changed) and
                // is the code clients retry on.
                let details = StatusDetails { retry_after_seconds: Some(1), ..StatusDetails::default() };
                let status = failure_status(StatusCode::SERVICE_UNAVAILABLE, "ServiceUnavailable", message);
                Status { details: Some(details), ..status }
            }
            Self::Internal(message) => failure_status(StatusCode::INTERNAL_SERVER_ERROR, "InternalError", message),
        }
    }

    /// The response: the status code and its `Status` JSON body.
    pub fn response(&self) -> Response {
        let status = self.status();
        let code = status.code.and_then(|c| u16::try_from(c).ok()).and_then(|c| StatusCode::from_u16(c).ok());
        json_response(code.unwrap_or(StatusCode::INTERNAL_SERVER_ERROR), status_bytes(&status))
    }
}

impl axum::response::IntoResponse for Refusal {
    fn into_response(self) -> Response {
        self.response()
    }
}
