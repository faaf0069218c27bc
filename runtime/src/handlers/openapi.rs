//! `/openapi/v3` (the index), `/openapi/v3/<gv>[?hash=H]` and `/openapi/v2`, as kube-openapi serves them.

use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;

use super::{accept, served_content, snapshot};
use crate::handle::Handle;
use crate::negotiate::{OpenApiChoice, Spec, negotiate_openapi};
use crate::openapi::Document;
use crate::respond::{Caching, Reply};
use crate::status::Failure;
use crate::variants::Representation;

const V3_PROTOBUF_AT_SPELLING: &str = "application/com.github.proto-openapi.spec.v3@v1.0+protobuf";

/// `GET /openapi/v3`: the index of group-version documents with their current hashes.
pub(crate) async fn v3_root(State(handle): State<Handle>, headers: HeaderMap) -> Response {
    let bundle = match snapshot(&handle) {
        Ok(bundle) => bundle,
        Err(failure) => return failure.response(),
    };
    let Some(root) = &bundle.openapi.root else { return Failure::NotFound.response() };
    Reply {
        conditional: served_content(&bundle),
        caching: Caching::Unspecified,
        vary_accept: false,
        content_type: None,
    }
    .send(root, &headers)
}

/// `GET /openapi/v3/<gv>[?hash=H]`.
pub(crate) async fn v3_document(
    State(handle): State<Handle>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    key: Result<Path<String>, PathRejection>,
) -> Response {
    let bundle = match snapshot(&handle) {
        Ok(bundle) => bundle,
        Err(failure) => return failure.response(),
    };
    let Ok(Path(key)) = key else { return Failure::NotFound.response() };
    let Some(entry) = bundle.openapi.documents.get(&key) else {
        return match bundle.proxied.get(&key) {
            Some(target) => target.forward(&key, query.as_deref(), &headers).await,
            None => Failure::NotFound.response(),
        };
    };
    let Some((rep, content_type)) = choose(&entry.document, Spec::V3, &headers) else {
        return Failure::OpenApiNotAcceptable.response();
    };
    let caching = match query_param(query.as_deref(), "hash") {
        // The hash names the document (its JSON), whichever encoding is asked for.
        Some(hash) if hash != entry.document.json.hash() => return redirect(&entry.location, rep),
        Some(_) => Caching::Immutable,
        None => Caching::Unspecified,
    };
    Reply { conditional: served_content(&bundle), caching, vary_accept: true, content_type }.send(rep, &headers)
}

/// `GET /openapi/v2`: swagger as JSON or gnostic protobuf.
pub(crate) async fn v2(State(handle): State<Handle>, headers: HeaderMap) -> Response {
    let bundle = match snapshot(&handle) {
        Ok(bundle) => bundle,
        Err(failure) => return failure.response(),
    };
    let Some(document) = &bundle.openapi.v2 else { return Failure::NotFound.response() };
    let Some((rep, _)) = choose(document, Spec::V2, &headers) else {
        return Failure::OpenApiNotAcceptable.response();
    };
    Reply { conditional: served_content(&bundle), caching: Caching::Unspecified, vary_accept: true, content_type: None }
        .send(rep, &headers)
}

/// The variant `Accept` asks for, with the media type to echo when the client used the `@v1.0` spelling for v3.
fn choose<'a>(
    document: &'a Document,
    spec: Spec,
    headers: &HeaderMap,
) -> Option<(&'a Representation, Option<&'static HeaderValue>)> {
    static AT_SPELLING: HeaderValue = HeaderValue::from_static(V3_PROTOBUF_AT_SPELLING);
    match negotiate_openapi(&accept(headers), spec, document.protobuf.is_some())? {
        OpenApiChoice::Json => Some((&document.json, None)),
        OpenApiChoice::Protobuf { at_spelling } => {
            let echo = (at_spelling && spec == Spec::V3).then_some(&AT_SPELLING);
            document.protobuf.as_ref().map(|rep| (rep, echo))
        }
    }
}

/// A stale `?hash=`: 301 to the current URL, carrying the current ETag (as kube-openapi's handler3 does).
fn redirect(location: &HeaderValue, rep: &Representation) -> Response {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = StatusCode::MOVED_PERMANENTLY;
    let headers = response.headers_mut();
    headers.insert(header::LOCATION, location.clone());
    headers.insert(header::ETAG, rep.etag().clone());
    headers.insert(header::VARY, HeaderValue::from_static("Accept"));
    response
}

/// The first value of `name` in a raw query string; `?timeout=32s` and anything else is ignored.
fn query_param<'q>(query: Option<&'q str>, name: &str) -> Option<&'q str> {
    query?.split('&').filter_map(|pair| pair.split_once('=')).find(|(key, _)| *key == name).map(|(_, value)| value)
}
