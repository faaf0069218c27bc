//! `/api`, `/apis` (negotiated between aggregated v2, v2beta1 and legacy, each as JSON or protobuf) and the legacy
//! per-group documents (JSON or protobuf).

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};

use super::{accept, served_content, snapshot};
use crate::discovery::{Discovery, Root, Variants};
use crate::handle::Handle;
use crate::negotiate::{DiscoveryChoice, negotiate_discovery};
use crate::respond::{Caching, Conditional, Reply};
use crate::status::Failure;

/// `GET /api`.
pub(crate) async fn api(State(handle): State<Handle>, headers: HeaderMap) -> Response {
    root(&handle, &headers, |discovery| &discovery.api)
}

/// `GET /apis`.
pub(crate) async fn apis(State(handle): State<Handle>, headers: HeaderMap) -> Response {
    root(&handle, &headers, |discovery| &discovery.apis)
}

fn root(handle: &Handle, headers: &HeaderMap, which: fn(&Discovery) -> &Root) -> Response {
    let bundle = match snapshot(handle) {
        Ok(bundle) => bundle,
        Err(failure) => return failure.response(),
    };
    let root = which(&bundle.discovery);
    if root.is_empty() {
        return Failure::NotFound.response();
    }
    let aggregated_reply =
        Reply { conditional: Conditional::Exact, caching: Caching::Public, vary_accept: true, content_type: None };
    let legacy_reply = Reply {
        conditional: served_content(&bundle),
        caching: Caching::Unspecified,
        vary_accept: true,
        content_type: None,
    };
    match negotiate_discovery(&accept(headers), |choice| root.variant(choice)) {
        Some((DiscoveryChoice::Aggregated(..), rep)) => aggregated_reply.send(rep, headers),
        Some((DiscoveryChoice::Legacy(_), rep)) => legacy_reply.send(rep, headers),
        None => Failure::DiscoveryNotAcceptable.response(),
    }
}

/// `GET /api/<version>`.
pub(crate) async fn core_version(
    State(handle): State<Handle>,
    headers: HeaderMap,
    version: Result<Path<String>, PathRejection>,
) -> Response {
    legacy(&handle, &headers, |discovery| version.ok().and_then(|Path(v)| discovery.core_versions.get(&v)))
}

/// `GET /apis/<group>`.
pub(crate) async fn group(
    State(handle): State<Handle>,
    headers: HeaderMap,
    group: Result<Path<String>, PathRejection>,
) -> Response {
    legacy(&handle, &headers, |discovery| group.ok().and_then(|Path(g)| discovery.groups.get(&g)))
}

/// `GET /apis/<group>/<version>`.
pub(crate) async fn group_version(
    State(handle): State<Handle>,
    headers: HeaderMap,
    group_version: Result<Path<(String, String)>, PathRejection>,
) -> Response {
    legacy(&handle, &headers, |discovery| group_version.ok().and_then(|Path(gv)| discovery.group_versions.get(&gv)))
}

/// A legacy document, as JSON or protobuf (a clause asking for an aggregated conversion does not fit it).
fn legacy(handle: &Handle, headers: &HeaderMap, find: impl FnOnce(&Discovery) -> Option<&Variants>) -> Response {
    let bundle = match snapshot(handle) {
        Ok(bundle) => bundle,
        Err(failure) => return failure.into_response(),
    };
    let Some(variants) = find(&bundle.discovery) else { return Failure::NotFound.response() };
    let offer = |choice| match choice {
        DiscoveryChoice::Legacy(encoding) => variants.get(encoding),
        DiscoveryChoice::Aggregated(..) => None,
    };
    let Some((_, rep)) = negotiate_discovery(&accept(headers), offer) else {
        return Failure::DiscoveryNotAcceptable.response();
    };
    Reply { conditional: served_content(&bundle), caching: Caching::Unspecified, vary_accept: true, content_type: None }
        .send(rep, headers)
}
