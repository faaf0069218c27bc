//! kapi's runtime: serves a bundle of generated artifacts as kube-apiserver serves discovery and OpenAPI.
//!
//! Build a [`Bundle`] from files (a directory, or bytes embedded in a binary), put it in a [`Handle`], and mount
//! [`router`] in an axum server. Every response variant is computed when the bundle loads; a reload swaps the whole
//! bundle atomically ([`reload`], [`watch`]); a [`Tree`] read again after a change reads only the files that
//! changed, and a bundle built from it with [`Bundle::from_files_reusing`] re-encodes only their documents. A bundle that carries generated `.proto` files (`proto/**`) also
//! serves discovery as Kubernetes protobuf (`application/vnd.kubernetes.protobuf`), encoded through them.
//!
//! An [`Aggregator`] serves upstream API servers' discovery and OpenAPI beside a bundle's own, as kube-aggregator
//! serves APIService backends (see `docs/AGGREGATION.md`); [`convert_v2`] turns an upstream's swagger into
//! per-group-version OpenAPI v3 documents.
//!
//! Every API group of the served bundle is also an object of watchable discovery's `Group` kind, listed, read and
//! watched at `/apis/discovery.k8s.io/v1alpha1/groups` when the bundle's discovery lists that resource (the group
//! is [`LoadOptions::discovery_group`]). Each [`Handle::store`] turns the differences from the previous bundle into
//! watch events; [`Handle::shutdown`] ends open watches, so a graceful shutdown need not wait for them.
//!
//! A handle given a lease store ([`Handle::serve_leases`], or [`identity::start`] for a replica's own identity)
//! also serves that store's `coordination.k8s.io/v1` leases read-only, as kube-apiserver serves them: get, list and
//! watch, per namespace or across namespaces, with label and field selectors and kubectl's tables, so
//! `kubectl get leases -n kube-system -l k8s.io/component=kapi-server` lists the replicas. Without a store those
//! paths are not found.
//!
//! A bundle with a `model.json` also serves the API reference at `/docs/`: an index of groups and a page per
//! group-version, built from the model by `kapi-reference` ([`LoadOptions::docs`] titles it or switches it off).
//!
//! [`serve_tls_with`] serves the same router over HTTPS, HTTP/2 for clients that negotiate it and HTTP/1.1 for the
//! others, with a [`tls::ServingCertificate`] that [`tls::watch_certificate`] reloads when its files change.
//!
//! # Cargo features
//!
//! - `gnostic` (off by default): OpenAPI v2 and v3 are offered as gnostic protobuf too
//!   (`application/com.github.proto-openapi.spec.v2@v1.0+protobuf`, `…spec.v3@v1.0+protobuf`), encoded by the
//!   `kapi-gnostic` crate when a bundle loads: [`LoadOptions::default`] plugs its encoders in. Without the feature
//!   the defaults have no encoders and OpenAPI is served as JSON only, without warnings; any [`ProtobufEncoder`]
//!   can still be set in [`LoadOptions`].
//!
//!   An aggregated API server behind kube-apiserver does not need it: the aggregator fetches each server's OpenAPI
//!   as JSON and serves the protobuf forms itself. A server kubectl talks to directly does: kubectl 1.27's
//!   `explain` and `--output=plaintext-openapiv2` ask for OpenAPI v2 protobuf only. The `kapi` CLI turns it on, so
//!   `kapi serve` offers both encodings.

pub mod aggregator;
mod body_file;
mod bundle;
mod clock;
pub mod conversion;
pub mod convert_v2;
mod discovery;
mod docs;
mod documents;
mod error;
mod fastpath;
mod files;
/// Internals for the fuzz targets (`fuzz/`): not part of the API.
#[doc(hidden)]
pub mod fuzzing;
mod graceful;
mod guard;
mod handle;
mod handlers;
pub mod identity;
mod last_modified;
mod leases;
mod limits;
mod metrics;
pub mod negotiate;
mod openapi;
mod openapi_v31;
mod options;
mod parallel;
mod protobuf;
mod reload;
mod request_log;
mod respond;
mod rest;
mod router;
mod server;
mod status;
pub mod tls;
mod tree;
mod variants;
mod watchable;

pub use aggregator::{Aggregator, AggregatorSettings, AggregatorTasks, UpstreamSpec};
pub use bundle::Bundle;
pub use error::BundleError;
pub use files::{Files, MAX_FILE_BYTES, SERVED_ENTRIES, read_tree, shared};
pub use handle::Handle;
pub use kapi_reference::Logo;
pub use metrics::{EndpointClass, Metrics};
pub use options::{DocsOptions, LoadOptions, ProtobufEncoder};
pub use reload::{Watch, reload, watch, watch_with};
pub use router::router;
pub use server::{ServeLimits, serve, serve_bundle, serve_bundle_tls, serve_tls_with, serve_with};
pub use tree::Tree;
