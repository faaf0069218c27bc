//! The lease endpoints: list (or watch, with `?watch=true`) at `/apis/coordination.k8s.io/v1/leases` (every
//! namespace) and `…/namespaces/<ns>/leases`, get at `…/namespaces/<ns>/leases/<name>`, and the older watch paths
//! under `…/v1/watch/`. Every answer is a read of the store at the time of the request.

use axum::Router;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing;

use super::object::{API_VERSION, QUALIFIED_RESOURCE, RESOURCE, ServedStore, refusal, resource_version, served};
use super::source;
use crate::store::LeaseStore;
use kapi_rest::query::{FieldTerm, Query, StartAt};
use kapi_rest::reply::{self, Rejected};
use kapi_rest::watch::Shape;
use kapi_rest::wire::Form;
use kapi_serve::Handle;
use kapi_serve::status::{Failure, Refusal};

/// The routes, static paths all (they take precedence over other features' captures).
pub(super) fn routes() -> Router<Handle> {
    Router::new()
        .route("/apis/coordination.k8s.io/v1/leases", routing::get(all::<false>))
        .route("/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases", routing::get(collection::<false>))
        .route("/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases/{name}", routing::get(item))
        .route("/apis/coordination.k8s.io/v1/watch/leases", routing::get(all::<true>))
        .route("/apis/coordination.k8s.io/v1/watch/namespaces/{namespace}/leases", routing::get(collection::<true>))
        .route("/apis/coordination.k8s.io/v1/watch/namespaces/{namespace}/leases/{name}", routing::get(watch_item))
}

/// A lease request once it is known to be one: the store to read, the options and the form of the answer.
struct Request {
    store: LeaseStore,
    query: Query,
    form: Form,
}

/// The attached store (404 without one, as before leases were served), the query and `Accept`.
fn prepare(handle: &Handle, uri: &Uri, headers: &HeaderMap) -> Result<Request, Rejected> {
    let store = handle.attached::<ServedStore>().ok_or(Failure::NotFound)?.0.clone();
    let (query, form) = reply::read(uri, headers)?;
    Ok(Request { store, query, form })
}

/// `GET /apis/coordination.k8s.io/v1/leases`: every namespace's leases, or a watch of them; always a watch at
/// `…/v1/watch/leases` (`WATCH_PATH`).
pub(super) async fn all<const WATCH_PATH: bool>(
    State(handle): State<Handle>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    collection_of(&handle, None, &uri, &headers, WATCH_PATH).await
}

/// `GET /apis/coordination.k8s.io/v1/namespaces/<ns>/leases`: the namespace's leases, or a watch of them; always a
/// watch at `…/v1/watch/namespaces/<ns>/leases` (`WATCH_PATH`).
pub(super) async fn collection<const WATCH_PATH: bool>(
    State(handle): State<Handle>,
    path: Result<Path<String>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let Ok(Path(namespace)) = path else { return Failure::NotFound.response() };
    collection_of(&handle, Some(&namespace), &uri, &headers, WATCH_PATH).await
}

/// `GET /apis/coordination.k8s.io/v1/namespaces/<ns>/leases/<name>`.
pub(super) async fn item(
    State(handle): State<Handle>,
    path: Result<Path<(String, String)>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let Ok(Path((namespace, name))) = path else { return Failure::NotFound.response() };
    match prepare(&handle, &uri, &headers) {
        Ok(request) => get(request, &namespace, &name).await.unwrap_or_else(|refusal| refusal.response()),
        Err(rejected) => rejected.into_response(),
    }
}

/// `GET /apis/coordination.k8s.io/v1/watch/namespaces/<ns>/leases/<name>`: a watch of one lease.
pub(super) async fn watch_item(
    State(handle): State<Handle>,
    path: Result<Path<(String, String)>, PathRejection>,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    let Ok(Path((namespace, name))) = path else { return Failure::NotFound.response() };
    match prepare(&handle, &uri, &headers) {
        Ok(mut request) => {
            request.query.watch = true;
            request.query.fields.push(FieldTerm::name_is(name));
            watch(&handle, request, Some(&namespace)).await
        }
        Err(rejected) => rejected.into_response(),
    }
}

/// A list or a watch of the leases of `namespace` (all for `None`); a watch whatever the query when `watch_path`.
async fn collection_of(
    handle: &Handle,
    namespace: Option<&str>,
    uri: &Uri,
    headers: &HeaderMap,
    watch_path: bool,
) -> Response {
    match prepare(handle, uri, headers) {
        Ok(mut request) if watch_path || request.query.watch => {
            request.query.watch = true;
            watch(handle, request, namespace).await
        }
        Ok(request) => list(request, namespace).await.unwrap_or_else(|refusal| refusal.response()),
        Err(rejected) => rejected.into_response(),
    }
}

async fn watch(handle: &Handle, request: Request, namespace: Option<&str>) -> Response {
    let table = request.form.table(request.query.include_object);
    let shape = Shape { api_version: API_VERSION.to_owned(), resource: RESOURCE, table };
    match source::start(handle, &request.store, namespace, request.query, shape).await {
        Ok(session) => reply::watch(session),
        // As watchable discovery answers it, and kube-apiserver: a stream whose one event is the 410.
        Err(refusal @ Refusal::Expired { .. }) => reply::watch_refused(&refusal),
        Err(refusal) => refusal.response(),
    }
}

/// The leases the selectors let through, in the store's order (by namespace and name), at the store's current
/// revision. The store keeps no older states, so an exact list of another revision is refused as expired.
async fn list(request: Request, namespace: Option<&str>) -> Result<Response, Refusal> {
    let listing = request.store.list(namespace).await.map_err(refusal)?;
    let current = resource_version(listing.revision);
    reply::check_list_version(&request.query, current, |requested| requested == current)?;
    let leases: Vec<_> = listing.leases.into_iter().map(served).collect();
    Ok(reply::list(request.form, &request.query, API_VERSION, &leases, current))
}

/// The lease `namespace/name`, or a 404 naming it. A resource version the store has not reached is refused,
/// which takes a read of the namespace to know the store's revision.
async fn get(request: Request, namespace: &str, name: &str) -> Result<Response, Refusal> {
    if let StartAt::Version(_) = request.query.start {
        let listing = request.store.list(Some(namespace)).await.map_err(refusal)?;
        reply::check_reached(&request.query, resource_version(listing.revision))?;
    }
    match request.store.get(namespace, name).await.map_err(refusal)? {
        Some(stored) => Ok(reply::object(request.form, &request.query, &served(stored))),
        None => Err(Refusal::ObjectNotFound { resource: QUALIFIED_RESOURCE.to_owned(), name: name.to_owned() }),
    }
}
