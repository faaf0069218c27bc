//! kapi's runtime: serves a bundle of generated artifacts as kube-apiserver serves discovery and OpenAPI, with
//! every feature `kapi serve` has. A facade: the serving core is `kapi-serve`, each feature a crate of its own,
//! and this crate composes them (docs/ARCHITECTURE.md draws the layers).
//!
//! Build a [`Bundle`] from files (a directory, or bytes embedded in a binary), put it in a [`Handle`], and mount
//! [`router`] in an axum server, or serve it with [`serve_bundle`] (the connection fast path in front) or
//! [`serve_bundle_tls`]. Every response variant is computed when the bundle loads; a reload swaps the whole
//! bundle atomically ([`reload`], [`watch`]).
//!
//! [`router`], [`serve_bundle`] and [`serve_bundle_tls`] plug every feature into the handle first
//! ([`plug_features`]), each with its defaults unless it was plugged in before with other settings:
//!
//! - **watchable discovery** ([`watchable`]): every API group of the served bundle is also an object of the
//!   `Group` kind, listed, read and watched at `/apis/discovery.k8s.io/v1alpha1/groups` when the bundle's
//!   discovery lists that resource. Each [`Handle::store`] turns the differences from the previous bundle into
//!   watch events; [`Handle::shutdown`] ends open watches, so a graceful shutdown need not wait for them.
//! - **leases** ([`identity`]): a handle given a lease store ([`identity::serve_leases`], or [`identity::start`]
//!   for a replica's own identity) serves that store's `coordination.k8s.io/v1` leases read-only, as
//!   kube-apiserver serves them: get, list and watch, per namespace or across namespaces, with label and field
//!   selectors and kubectl's tables. Without a store those paths are not found.
//! - **the conversion webhook** ([`conversion`]): `POST /convert` answers `ConversionReview`s once converters
//!   are attached ([`conversion::serve`]).
//! - **the API reference** ([`docs`]): a bundle with a `model.json` also serves the reference at `/docs/`, an
//!   index of groups and a page per group-version, built from the model by `kapi-reference`.
//!
//! An [`Aggregator`] serves upstream API servers' discovery and OpenAPI beside a bundle's own, as kube-aggregator
//! serves APIService backends (see `docs/AGGREGATION.md`); [`convert_v2`] turns an upstream's swagger into
//! per-group-version OpenAPI v3 documents.
//!
//! # Cargo features
//!
//! - `gnostic` (off by default): OpenAPI v2 and v3 are offered as gnostic protobuf too (see `kapi-serve`). The
//!   `kapi` CLI turns it on, so `kapi serve` offers both encodings.
//! - `etcd` (off by default): identity leases in etcd (`LeaseStore::etcd`); building it needs `protoc`.

use std::future::Future;

use tokio::net::TcpListener;

/// The aggregator: upstream API servers' discovery and OpenAPI served beside a bundle's own.
pub use kapi_aggregator as aggregator;
pub use kapi_aggregator::{Aggregator, AggregatorSettings, AggregatorTasks, UpstreamSpec};
/// The CRD conversion webhook.
pub use kapi_conversion as conversion;
/// The API reference site at `/docs/`.
pub use kapi_docs as docs;
pub use kapi_docs::{DocsOptions, Logo};
/// Server identity leases, and serving a lease store.
pub use kapi_identity as identity;
/// Internals for the fuzz targets (`fuzz/`): not part of the API.
#[doc(hidden)]
pub use kapi_serve::fuzzing;
pub use kapi_serve::{
    Bundle, BundleError, EndpointClass, Files, Handle, LoadOptions, MAX_FILE_BYTES, Metrics, ProtobufEncoder,
    SERVED_ENTRIES, ServeLimits, Tree, Watch, negotiate, read_tree, reload, serve, serve_tls_with, serve_with, shared,
    tls, warm_up_in_background, watch, watch_with,
};
/// OpenAPI v2 (swagger) documents converted to per-group-version OpenAPI v3.
pub use kapi_swagger as convert_v2;
/// Watchable API group discovery.
pub use kapi_watchable as watchable;

/// Plugs every feature into `handle` with its defaults, except those plugged in already (with other settings):
/// watchable discovery in `discovery.k8s.io`, the lease routes, the conversion webhook's route and the reference
/// site. Routes are mounted once however often this is called.
pub fn plug_features(handle: &Handle) {
    watchable::attach_default(handle);
    identity::attach(handle);
    conversion::attach(handle);
    docs::attach(handle, DocsOptions::default());
}

/// The kube-apiserver-compatible discovery, OpenAPI and operations endpoints, watchable discovery's `groups`
/// resource, the leases, the conversion webhook and the API reference site, serving `handle`'s current bundle
/// ([`plug_features`] first).
pub fn router(handle: Handle) -> axum::Router {
    plug_features(&handle);
    kapi_serve::router(handle)
}

/// [`kapi_serve::serve_bundle`] of `handle` with every feature ([`plug_features`] first).
pub async fn serve_bundle(
    listener: TcpListener,
    handle: Handle,
    shutdown: impl Future<Output = ()>,
    limits: ServeLimits,
) {
    plug_features(&handle);
    kapi_serve::serve_bundle(listener, handle, shutdown, limits).await;
}

/// [`kapi_serve::serve_bundle_tls`] of `handle` with every feature ([`plug_features`] first).
pub async fn serve_bundle_tls(
    listener: TcpListener,
    handle: Handle,
    shutdown: impl Future<Output = ()>,
    limits: ServeLimits,
    tls: tls::TlsAcceptor,
) {
    plug_features(&handle);
    kapi_serve::serve_bundle_tls(listener, handle, shutdown, limits, tls).await;
}
