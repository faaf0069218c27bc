//! The router users mount: the core's endpoints, the routes features mounted on the handle ([`crate::Mount`]),
//! and the middleware that counts, times and logs each request.

use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{Method, Uri};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::get;

use crate::guard::{Posts, guard};
use crate::handle::Handle;
use crate::handlers::documents::documents;
use crate::handlers::operations;
use crate::metrics::EndpointClass;

/// The kube-apiserver-compatible discovery, OpenAPI and operations endpoints serving `handle`'s current bundle,
/// and the routes features mounted on `handle` before this call.
pub fn router(handle: Handle) -> Router {
    let mut router = Router::new()
        .route("/healthz", get(operations::alive))
        .route("/livez", get(operations::alive))
        .route("/readyz", get(operations::ready))
        .route("/metrics", get(operations::metrics));
    let mut posts = Vec::new();
    for (routes, class, mount_posts) in handle.mounts() {
        // The class travels in the response, where `observe` finds it.
        let classed = routes.layer(middleware::from_fn(move |request: Request, next: Next| async move {
            let mut response = next.run(request).await;
            response.extensions_mut().insert(class);
            response
        }));
        router = router.merge(classed);
        posts.extend(mount_posts);
    }
    router
        // Discovery, OpenAPI and `/version` are matched by `documents` itself (the fast path matches them the
        // same way), and anything else is a 404.
        .fallback(documents)
        // Inside `observe`, so refused requests are counted and logged too.
        .layer(middleware::from_fn_with_state(Posts::new(posts), guard))
        .layer(middleware::from_fn_with_state(handle.clone(), observe))
        .with_state(handle)
}

/// Counts and times every request by endpoint class and status, writes the request log and a tracing event.
async fn observe(State(handle): State<Handle>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let uri = request.uri().clone();
    let response = next.run(request).await;
    record_request(&handle, &method, &uri, &response, started.elapsed());
    response
}

/// Counts, times and logs one answered request (also those refused before routing).
pub(crate) fn record_request(handle: &Handle, method: &Method, uri: &Uri, response: &Response, elapsed: Duration) {
    let status = response.status().as_u16();
    let target = uri.path_and_query().map_or(uri.path(), |pq| pq.as_str());
    let class = response.extensions().get::<EndpointClass>().copied().unwrap_or_else(|| EndpointClass::of(uri.path()));
    handle.metrics().observe_request(class, method.as_str(), status, elapsed);
    // Queued before the body is sent; the log's own thread writes it moments later.
    handle.log_request(method.as_str(), target, status);
    tracing::debug!(method = %method, target, status, micros = u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX), "request");
}
