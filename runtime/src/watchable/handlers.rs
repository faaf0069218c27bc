//! The `groups` endpoints: list (or watch, with `?watch=true`) at `/apis/<group>/v1alpha1/groups`, get at
//! `…/groups/<name>`, and the older watch paths `…/watch/groups[/<name>]`.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Query as QueryPairs, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use kapi_meta::discovery::v1alpha1::{Group, RESOURCE, VERSION};

use super::query::{NameTerm, Query, StartAt, VersionMatch};
use super::stream::{Session, Shape};
use super::wire::{self, Form, WATCH_MEDIA_TYPE};
use crate::handle::Handle;
use crate::handlers::accept;
use crate::status::{Failure, Refusal};

/// What every `groups` request needs once it is known to be one: the objects' `apiVersion`, the options and the
/// form of the answer.
struct Request {
    group: String,
    api_version: String,
    query: Query,
    form: Form,
}

/// Why a request is not one for this bundle's `groups` resource, or cannot be answered.
enum Rejected {
    Fixed(Failure),
    Refused(Refusal),
}

impl IntoResponse for Rejected {
    fn into_response(self) -> Response {
        match self {
            Self::Fixed(failure) => failure.response(),
            Self::Refused(refusal) => refusal.response(),
        }
    }
}

/// Checks that the path names this bundle's `groups` resource, and reads the query and `Accept`.
fn prepare(handle: &Handle, group: &str, version: &str, uri: &Uri, headers: &HeaderMap) -> Result<Request, Rejected> {
    let bundle = handle.current().ok_or(Rejected::Fixed(Failure::NotReady))?;
    if version != VERSION || group != bundle.discovery_group || !bundle.serves_groups {
        return Err(Rejected::Fixed(Failure::NotFound));
    }
    let pairs = QueryPairs::<Vec<(String, String)>>::try_from_uri(uri)
        .map_err(|e| Rejected::Refused(Refusal::BadRequest(format!("cannot read the query string: {e}"))))?;
    let query = Query::parse(&pairs.0).map_err(Rejected::Refused)?;
    let form = Form::negotiate(&accept(headers)).ok_or(Rejected::Refused(Refusal::NotAcceptable))?;
    Ok(Request { group: group.to_owned(), api_version: Group::api_version(group), query, form })
}

/// `GET /apis/<group>/v1alpha1/groups`: the list, or a watch with `?watch=true`.
pub(crate) async fn collection(
    State(handle): State<Handle>,
    path: Result<Path<(String, String)>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let Ok(Path((group, version))) = path else { return Failure::NotFound.response() };
    match prepare(&handle, &group, &version, &uri, &headers) {
        Ok(request) if request.query.watch => watch(&handle, request),
        Ok(request) => list(&handle, request),
        Err(rejected) => rejected.into_response(),
    }
}

/// `GET /apis/<group>/v1alpha1/groups/<name>`.
pub(crate) async fn item(
    State(handle): State<Handle>,
    path: Result<Path<(String, String, String)>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let Ok(Path((group, version, name))) = path else { return Failure::NotFound.response() };
    match prepare(&handle, &group, &version, &uri, &headers) {
        Ok(request) => get(&handle, request, &name),
        Err(rejected) => rejected.into_response(),
    }
}

/// `GET /apis/<group>/v1alpha1/watch/groups`: always a watch.
pub(crate) async fn watch_collection(
    State(handle): State<Handle>,
    path: Result<Path<(String, String)>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let Ok(Path((group, version))) = path else { return Failure::NotFound.response() };
    match prepare(&handle, &group, &version, &uri, &headers) {
        Ok(request) => watch(&handle, Request { query: Query { watch: true, ..request.query }, ..request }),
        Err(rejected) => rejected.into_response(),
    }
}

/// `GET /apis/<group>/v1alpha1/watch/groups/<name>`: a watch of one object.
pub(crate) async fn watch_item(
    State(handle): State<Handle>,
    path: Result<Path<(String, String, String)>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let Ok(Path((group, version, name))) = path else { return Failure::NotFound.response() };
    match prepare(&handle, &group, &version, &uri, &headers) {
        Ok(mut request) => {
            request.query.watch = true;
            request.query.names.push(NameTerm::Is(name));
            watch(&handle, request)
        }
        Err(rejected) => rejected.into_response(),
    }
}

fn watch(handle: &Handle, request: Request) -> Response {
    let table = request.form.table(request.query.include_object);
    let shape = Shape { api_version: request.api_version, table };
    match Session::start(handle, request.query, shape) {
        Ok(session) => body(session.into_body(), WATCH_MEDIA_TYPE),
        Err(refusal) => refusal.response(),
    }
}

/// The objects the selector lets through, at the current resource version. A list from a resource version
/// ahead of the server is refused; an exact one that is not the current state is too, unless nothing changed
/// since (the server keeps no older states).
fn list(handle: &Handle, request: Request) -> Response {
    let store = handle.hub().store();
    let current = store.resource_version();
    if let StartAt::Version(requested) = request.query.start {
        if requested > current {
            return Refusal::TooLargeResourceVersion { requested, current }.response();
        }
        let unchanged_since = store.events_after(requested).is_ok_and(|mut events| events.next().is_none());
        if request.query.version_match == Some(VersionMatch::Exact) && !unchanged_since {
            return Refusal::Expired { requested, oldest: current }.response();
        }
    }
    let items: Vec<Arc<Group>> = store
        .objects()
        .filter(|object| request.query.selects(object.metadata.name.as_deref().unwrap_or_default()))
        .cloned()
        .collect();
    drop(store);
    let bytes = match request.form.table(request.query.include_object) {
        None => wire::list(&request.api_version, &items, current),
        Some(table) => {
            let rows: Vec<&Group> = items.iter().map(Arc::as_ref).collect();
            wire::json_bytes(&table.table(&rows, Some(current.to_string()), true))
        }
    };
    body(bytes.into(), "application/json")
}

/// The object `name`, or a 404 naming it.
fn get(handle: &Handle, request: Request, name: &str) -> Response {
    let store = handle.hub().store();
    let current = store.resource_version();
    if let StartAt::Version(requested) = request.query.start
        && requested > current
    {
        return Refusal::TooLargeResourceVersion { requested, current }.response();
    }
    let Some(object) = store.get(name).cloned() else {
        let resource = format!("{RESOURCE}.{}", request.group);
        return Refusal::ObjectNotFound { resource, name: name.to_owned() }.response();
    };
    drop(store);
    let bytes = match request.form.table(request.query.include_object) {
        None => wire::json_bytes(object.as_ref()),
        Some(table) => wire::json_bytes(&table.table(&[&object], object.metadata.resource_version.clone(), true)),
    };
    body(bytes.into(), "application/json")
}

fn body(body: axum::body::Body, content_type: &'static str) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}
