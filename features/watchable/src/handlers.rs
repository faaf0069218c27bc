//! The `groups` endpoints: list (or watch, with `?watch=true`) at `/apis/<group>/v1alpha1/groups`, get at
//! `…/groups/<name>`, and the older watch paths `…/watch/groups[/<name>]`.

use std::sync::Arc;

use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Uri};
use axum::response::{IntoResponse, Response};
use kapi_meta::discovery::v1alpha1::{Group, RESOURCE, VERSION};

use super::stream;
use crate::state::{Derived, Groups};
use crate::table::GroupObject;
use kapi_rest::query::{FieldTerm, Query};
use kapi_rest::reply::{self, Rejected};
use kapi_rest::watch::Shape;
use kapi_rest::wire::Form;
use kapi_serve::Handle;
use kapi_serve::status::{Failure, Refusal};

/// What every `groups` request needs once it is known to be one: the objects' `apiVersion`, the options and the
/// form of the answer.
struct Request {
    groups: Arc<Groups>,
    group: String,
    api_version: String,
    query: Query,
    form: Form,
}

/// Checks that the path names this bundle's `groups` resource, and reads the query and `Accept`.
fn prepare(handle: &Handle, group: &str, version: &str, uri: &Uri, headers: &HeaderMap) -> Result<Request, Rejected> {
    let bundle = handle.current().ok_or(Failure::NotReady)?;
    let served = bundle.part::<Derived>().is_some_and(|derived| derived.served);
    let groups = handle.attached::<Groups>().ok_or(Failure::NotFound)?;
    if version != VERSION || group != groups.discovery_group || !served {
        return Err(Failure::NotFound.into());
    }
    let (query, form) = reply::read(uri, headers)?;
    Ok(Request { groups, group: group.to_owned(), api_version: Group::api_version(group), query, form })
}

/// `GET /apis/<group>/v1alpha1/groups`: the list, or a watch with `?watch=true`; always a watch at
/// `…/v1alpha1/watch/groups` (`WATCH_PATH`).
pub(super) async fn collection<const WATCH_PATH: bool>(
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
        Ok(request) => list(request),
        Err(rejected) => rejected.into_response(),
    }
}

/// `GET /apis/<group>/v1alpha1/groups/<name>`.
pub(super) async fn item(
    State(handle): State<Handle>,
    path: Result<Path<(String, String, String)>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let Ok(Path((group, version, name))) = path else { return Failure::NotFound.response() };
    match prepare(&handle, &group, &version, &uri, &headers) {
        Ok(request) => get(request, &name),
        Err(rejected) => rejected.into_response(),
    }
}

/// `GET /apis/<group>/v1alpha1/watch/groups/<name>`: a watch of one object.
pub(super) async fn watch_item(
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
    match stream::start(handle, &request.groups, request.query, shape) {
        Ok(session) => reply::watch(session),
        // Too old a version is known only once the watch is accepted: kube-apiserver says so in the stream.
        Err(refusal @ Refusal::Expired { .. }) => reply::watch_refused(&refusal),
        Err(refusal) => refusal.response(),
    }
}

/// The objects the selectors let through, at the current resource version. An exact list of an older version
/// is served only when nothing changed since (the server keeps no older states).
fn list(request: Request) -> Response {
    let store = request.groups.hub.store();
    let current = store.resource_version();
    let unchanged_since = |requested| store.events_after(requested).is_ok_and(|mut events| events.next().is_none());
    if let Err(refusal) = reply::check_list_version(&request.query, current, unchanged_since) {
        return refusal.response();
    }
    let objects: Vec<Arc<GroupObject>> = store.objects().cloned().collect();
    drop(store);
    reply::list(request.form, &request.query, &request.api_version, objects.iter().map(Arc::as_ref), current)
}

/// The object `name`, or a 404 naming it.
fn get(request: Request, name: &str) -> Response {
    let store = request.groups.hub.store();
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
