//! The router users mount: every endpoint, plus the middleware that counts, times and logs each request.

use std::time::Instant;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};

use crate::conversion::{self, CONVERSION_PATH, MAX_REVIEW_BYTES};
use crate::guard::guard;
use crate::handle::Handle;
use crate::handlers::docs;
use crate::handlers::documents::documents;
use crate::handlers::operations;
use crate::leases::handlers as leases;
use crate::metrics::EndpointClass;
use crate::watchable::handlers as groups;

/// The kube-apiserver-compatible discovery, OpenAPI and operations endpoints, watchable discovery's `groups`
/// resource and the API reference site (`/docs/`), serving `handle`'s current bundle; and `coordination.k8s.io/v1`
/// leases, read from the handle's lease store when one is attached.
pub fn router(handle: Handle) -> Router {
    Router::new()
        // Watchable discovery's resource (kapi_meta's `RESOURCE`), answered only in the bundle's discovery group.
        .route("/apis/{group}/{version}/groups", get(groups::collection::<false>))
        .route("/apis/{group}/{version}/groups/{name}", get(groups::item))
        .route("/apis/{group}/{version}/watch/groups", get(groups::collection::<true>))
        .route("/apis/{group}/{version}/watch/groups/{name}", get(groups::watch_item))
        // Static segments take precedence over the captures above.
        .route("/apis/coordination.k8s.io/v1/leases", get(leases::all::<false>))
        .route("/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases", get(leases::collection::<false>))
        .route("/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases/{name}", get(leases::item))
        .route("/apis/coordination.k8s.io/v1/watch/leases", get(leases::all::<true>))
        .route("/apis/coordination.k8s.io/v1/watch/namespaces/{namespace}/leases", get(leases::collection::<true>))
        .route("/apis/coordination.k8s.io/v1/watch/namespaces/{namespace}/leases/{name}", get(leases::watch_item))
        // The CRD conversion webhook, when the handle has converters.
        .route(CONVERSION_PATH, post(conversion::review).layer(DefaultBodyLimit::max(MAX_REVIEW_BYTES)))
        .route("/healthz", get(operations::alive))
        .route("/livez", get(operations::alive))
        .route("/readyz", get(operations::ready))
        .route("/metrics", get(operations::metrics))
        // The API reference site, when the bundle has a model.
        .route("/docs", get(docs::redirect))
        .route("/docs/", get(docs::page))
        .route("/docs/{*path}", get(docs::page))
        // Discovery, OpenAPI and `/version` are matched by `documents` itself (the fast path matches them the
        // same way), and anything else is a 404.
        .fallback(documents)
        // Inside `observe`, so refused requests are counted and logged too.
        .layer(middleware::from_fn(guard))
        .layer(middleware::from_fn_with_state(handle.clone(), observe))
        .with_state(handle)
}

/// Counts and times every request by endpoint class and status, writes the request log and a tracing event.
async fn observe(State(handle): State<Handle>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let uri = request.uri().clone();
    let response = next.run(request).await;
    let elapsed = started.elapsed();
    let status = response.status().as_u16();
    let target = uri.path_and_query().map_or(uri.path(), |pq| pq.as_str());
    handle.metrics().observe_request(EndpointClass::of(uri.path()), method.as_str(), status, elapsed);
    // Queued before the body is sent; the log's own thread writes it moments later.
    handle.log_request(method.as_str(), target, status);
    tracing::debug!(method = %method, target, status, micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX), "request");
    response
}
