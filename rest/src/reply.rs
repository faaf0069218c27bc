//! The parts of list, get and watch handlers that do not depend on the kind: reading the query and `Accept`,
//! checking a requested resource version against the current one, and answering with a list, an object or a
//! watch stream in the negotiated form.

use axum::body::Body;
use axum::extract::Query as QueryPairs;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use super::query::{Query, StartAt, VersionMatch};
use super::served::Served;
use super::watch::{Session, Source};
use super::wire::{self, Form, WATCH_MEDIA_TYPE};
use kapi_serve::accept;
use kapi_serve::status::{Failure, Refusal};

/// Why a request cannot be answered: a fixed failure (no such resource here, nothing loaded yet) or a refusal
/// naming what was asked.
#[derive(Debug)]
pub enum Rejected {
    Fixed(Failure),
    Refused(Refusal),
}

impl From<Refusal> for Rejected {
    fn from(refusal: Refusal) -> Self {
        Self::Refused(refusal)
    }
}

impl From<Failure> for Rejected {
    fn from(failure: Failure) -> Self {
        Self::Fixed(failure)
    }
}

impl IntoResponse for Rejected {
    fn into_response(self) -> Response {
        match self {
            Self::Fixed(failure) => failure.response(),
            Self::Refused(refusal) => refusal.response(),
        }
    }
}

/// The request's options and the form its answer takes: 400 or 422 for a query kube-apiserver would refuse, 406
/// when no `Accept` clause is JSON or a Table.
pub fn read(uri: &Uri, headers: &HeaderMap) -> Result<(Query, Form), Refusal> {
    let pairs = QueryPairs::<Vec<(String, String)>>::try_from_uri(uri)
        .map_err(|e| Refusal::BadRequest(format!("cannot read the query string: {e}")))?;
    let query = Query::parse(&pairs.0)?;
    let form = Form::negotiate(&accept(headers)).ok_or(Refusal::NotAcceptable)?;
    Ok((query, form))
}

/// Refuses a read from a resource version the server has not reached (`current` is where it is).
pub fn check_reached(query: &Query, current: u64) -> Result<(), Refusal> {
    match query.start {
        StartAt::Version(requested) if requested > current => {
            Err(Refusal::TooLargeResourceVersion { requested, current })
        }
        _ => Ok(()),
    }
}

/// Refuses a list from a resource version ahead of the server, and an exact one that is not the current state
/// unless `unchanged_since` says nothing changed after it (the servers keep no older states).
pub fn check_list_version(
    query: &Query,
    current: u64,
    unchanged_since: impl FnOnce(u64) -> bool,
) -> Result<(), Refusal> {
    check_reached(query, current)?;
    match (query.start, query.version_match) {
        (StartAt::Version(requested), Some(VersionMatch::Exact)) if !unchanged_since(requested) => {
            Err(Refusal::Expired { requested, oldest: current })
        }
        _ => Ok(()),
    }
}

/// The objects of `objects` the selectors let through, as a `<KIND>List` or a Table at `resource_version`.
pub fn list<'a, O: Served>(
    form: Form,
    query: &Query,
    api_version: &str,
    objects: impl IntoIterator<Item = &'a O>,
    resource_version: u64,
) -> Response {
    let items: Vec<&O> = objects.into_iter().filter(|object| query.selects(object.metadata())).collect();
    let bytes = match form.table(query.include_object) {
        None => wire::list(api_version, &items, resource_version),
        Some(table) => wire::json_bytes(&table.table(&items, Some(resource_version.to_string()), true)),
    };
    ok(bytes.into(), "application/json")
}

/// One object, itself or as a one-row Table.
pub fn object<O: Served>(form: Form, query: &Query, object: &O) -> Response {
    let bytes = match form.table(query.include_object) {
        None => wire::json_bytes(object),
        Some(table) => wire::json_bytes(&table.table(&[object], object.metadata().resource_version.clone(), true)),
    };
    ok(bytes.into(), "application/json")
}

/// A watch stream, one JSON event per line.
pub fn watch<S: Source>(session: Session<S>) -> Response {
    ok(session.into_body(), WATCH_MEDIA_TYPE)
}

/// A watch that cannot start from the resource version asked for (its events are no longer kept), answered as
/// kube-apiserver answers it once the request is understood: a `200` stream whose only event is an ERROR carrying
/// the refusal's `Status` (a 410 `Expired`), after which the client lists again.
pub fn watch_refused(refusal: &Refusal) -> Response {
    let status = serde_json::to_value(refusal.status()).unwrap_or_default();
    ok(Body::from(wire::event_line("ERROR", status)), WATCH_MEDIA_TYPE)
}

fn ok(body: Body, content_type: &'static str) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}
