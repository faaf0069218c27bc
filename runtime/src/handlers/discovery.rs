//! `/api`, `/apis` (negotiated between aggregated v2, v2beta1 and legacy) and the legacy per-group documents.

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};

use super::{accept, served_content, snapshot};
use crate::discovery::{Discovery, Root};
use crate::handle::Handle;
use crate::negotiate::{DiscoveryChoice, negotiate_discovery};
use crate::respond::{Caching, Conditional, Reply};
use crate::status::Failure;
use crate::variants::Representation;

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
    if root.offered().is_empty() && root.legacy.is_none() {
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
    match negotiate_discovery(&accept(headers), root.offered(), root.legacy.is_some()) {
        Some(DiscoveryChoice::Aggregated(version)) => match root.aggregated(version) {
            Some(rep) => aggregated_reply.send(rep, headers),
            None => Failure::DiscoveryNotAcceptable.response(),
        },
        Some(DiscoveryChoice::Legacy) => match &root.legacy {
            Some(rep) => legacy_reply.send(rep, headers),
            None => Failure::DiscoveryNotAcceptable.response(),
        },
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

/// A legacy document: JSON only (a clause asking for an aggregated conversion does not fit it).
fn legacy(handle: &Handle, headers: &HeaderMap, find: impl FnOnce(&Discovery) -> Option<&Representation>) -> Response {
    let bundle = match snapshot(handle) {
        Ok(bundle) => bundle,
        Err(failure) => return failure.into_response(),
    };
    let Some(rep) = find(&bundle.discovery) else { return Failure::NotFound.response() };
    if negotiate_discovery(&accept(headers), &[], true).is_none() {
        return Failure::DiscoveryNotAcceptable.response();
    }
    Reply { conditional: served_content(&bundle), caching: Caching::Unspecified, vary_accept: true, content_type: None }
        .send(rep, headers)
}
