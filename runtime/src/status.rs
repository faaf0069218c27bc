//! Kubernetes `Status` bodies for failures (404, 406, 503), built once per process.

use std::sync::LazyLock;

use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use kapi_meta::meta::v1::{Status, TypeMeta};

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
    /// A proxied document's upstream could not be reached or did not answer in time.
    UpstreamUnavailable,
}

struct Prepared {
    status: StatusCode,
    body: Bytes,
}

fn prepare(status: StatusCode, reason: &str, message: &str) -> Prepared {
    let body = Status {
        type_meta: TypeMeta { api_version: Some("v1".to_owned()), kind: Some("Status".to_owned()) },
        status: Some("Failure".to_owned()),
        message: Some(message.to_owned()),
        reason: Some(reason.to_owned()),
        code: Some(i32::from(status.as_u16())),
        ..Status::default()
    };
    // Serialising a plain struct of strings cannot fail; an empty body would still carry the status code.
    Prepared { status, body: Bytes::from(serde_json::to_vec(&body).unwrap_or_default()) }
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

impl Failure {
    fn prepared(self) -> &'static Prepared {
        match self {
            Self::NotFound => &NOT_FOUND,
            Self::DiscoveryNotAcceptable => &DISCOVERY_NOT_ACCEPTABLE,
            Self::OpenApiNotAcceptable => &OPENAPI_NOT_ACCEPTABLE,
            Self::NotReady => &NOT_READY,
            Self::UpstreamUnavailable => &UPSTREAM_UNAVAILABLE,
        }
    }

    /// The response: the status code and its `Status` JSON body.
    pub fn response(self) -> Response {
        let prepared = self.prepared();
        let mut response = Response::new(Body::from(prepared.body.clone()));
        *response.status_mut() = prepared.status;
        response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
        response
    }
}

impl axum::response::IntoResponse for Failure {
    fn into_response(self) -> Response {
        self.response()
    }
}
