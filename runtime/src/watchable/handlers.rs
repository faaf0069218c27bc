//! The `groups` endpoints: list (or watch, with `?watch=true`) at `/apis/<group>/v1alpha1/groups`, get at
//! `…/groups/<name>`, and the older watch paths `…/watch/groups[/<name>]`.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Uri};
use axum::response::{IntoResponse, Response};
use kapi_meta::discovery::v1alpha1::{Group, RESOURCE, VERSION};

use super::stream;
use crate::handle::Handle;
use crate::rest::query::{FieldTerm, Query};
use crate::rest::reply::{self, Rejected};
use crate::rest::watch::Shape;
use crate::rest::wire::Form;
use crate::status::{Failure, Refusal};

/// What every `groups` request needs once it is known to be one: the objects' `apiVersion`, the options and the
/// form of the answer.
struct Request {
    group: String,
    api_version: String,
    query: Query,
    form: Form,
}

/// Checks that the path names this bundle's `groups` resource, and reads the query and `Accept`.
fn prepare(handle: &Handle, group: &str, version: &str, uri: &Uri, headers: &HeaderMap) -> Result<Request, Rejected> {
    let bundle = handle.current().ok_or(Failure::NotReady)?;
    if version != VERSION || group != bundle.discovery_group || !bundle.serves_groups {
        return Err(Failure::NotFound.into());
    }
    let (query, form) = reply::read(uri, headers)?;
    Ok(Request { group: group.to_owned(), api_version: Group::api_version(group), query, form })
}

/// `GET /apis/<group>/v1alpha1/groups`: the list, or a watch with `?watch=true`; always a watch at
/// `…/v1alpha1/watch/groups` (`WATCH_PATH`).
pub(crate) async fn collection<const WATCH_PATH: bool>(
    State(handle): State<Handle>,
    path: Result<Path<(String, String)>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let Ok(Path((group, version))) = path else { return Failure::NotFound.response() };
    match prepare(&handle, &group, &version, &uri, &headers) {
        Ok(mut request) if WATCH_PATH || request.query.watch => {
            request.query.watch = true;
            watch(&handle, request)
        }
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
            request.query.fields.push(FieldTerm::name_is(name));
            watch(&handle, request)
        }
        Err(rejected) => rejected.into_response(),
    }
}

fn watch(handle: &Handle, request: Request) -> Response {
    let table = request.form.table(request.query.include_object);
    let shape = Shape { api_version: request.api_version, resource: RESOURCE, table };
    match stream::start(handle, request.query, shape) {
        Ok(session) => reply::watch(session),
        Err(refusal) => refusal.response(),
    }
}

/// The objects the selectors let through, at the current resource version. An exact list of an older version
/// is served only when nothing changed since (the server keeps no older states).
fn list(handle: &Handle, request: Request) -> Response {
    let store = handle.hub().store();
    let current = store.resource_version();
    let unchanged_since = |requested| store.events_after(requested).is_ok_and(|mut events| events.next().is_none());
    if let Err(refusal) = reply::check_list_version(&request.query, current, unchanged_since) {
        return refusal.response();
    }
    let objects: Vec<Arc<Group>> = store.objects().cloned().collect();
    drop(store);
    reply::list(request.form, &request.query, &request.api_version, objects.iter().map(Arc::as_ref), current)
}

/// The object `name`, or a 404 naming it.
fn get(handle: &Handle, request: Request, name: &str) -> Response {
    let store = handle.hub().store();
    if let Err(refusal) = reply::check_reached(&request.query, store.resource_version()) {
        return refusal.response();
    }
    let Some(object) = store.get(name).cloned() else {
        let resource = format!("{RESOURCE}.{}", request.group);
        return Refusal::ObjectNotFound { resource, name: name.to_owned() }.response();
    };
    drop(store);
    reply::object(request.form, &request.query, object.as_ref())
}
