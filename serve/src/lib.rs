//! kapi's serving core: serves a bundle of generated artifacts as kube-apiserver serves discovery and OpenAPI.
//!
//! Build a [`Bundle`] from files (a directory, or bytes embedded in a binary), put it in a [`Handle`], and mount
//! [`router`] in an axum server, or serve it with [`serve_bundle`] (the connection fast path in front) or
//! [`serve_bundle_tls`]. Every response variant is computed when the bundle loads; a reload swaps the whole
//! bundle atomically ([`reload`], [`watch`]); a [`Tree`] read again after a change reads only the files that
//! changed, and a bundle built from it with [`Bundle::from_files_reusing`] re-encodes only their documents. A
//! bundle that carries generated `.proto` files (`proto/**`) also serves discovery as Kubernetes protobuf
//! (`application/vnd.kubernetes.protobuf`), encoded through them.
//!
//! The core knows no feature. Features plug into a [`Handle`] through a small surface ([`plug`]): routes they
//! mount ([`Mount`]), parts they derive from every bundle stored ([`Derive`]), readiness checks
//! ([`ReadinessCheck`]), metric families ([`Metrics::family`]), their own state ([`Handle::attach`]), and bundles
//! composed with documents another server answers ([`Bundle::compose`], [`RemoteDocument`]). `kapi-runtime`
//! composes the core with kapi's features; docs/ARCHITECTURE.md draws the layers.
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
//!   An aggregated API server behind kube-apiserver does not need it: kube-apiserver fetches each server's OpenAPI
//!   as JSON and serves the protobuf forms itself. A server kubectl talks to directly does: kubectl 1.27's
//!   `explain` and `--output=plaintext-openapiv2` ask for OpenAPI v2 protobuf only.

mod body;
mod body_file;
mod bundle;
mod compute_gate;
mod discovery;
mod documents;
mod error;
mod extensions;
mod fastpath;
mod files;
/// Internals for the fuzz targets (`fuzz/`): not part of the API.
#[doc(hidden)]
pub mod fuzzing;
mod graceful;
mod guard;
mod handle;
mod handlers;
mod last_modified;
mod limits;
mod metrics;
pub mod negotiate;
mod open_files;
mod openapi;
mod openapi_protobuf;
mod openapi_v31;
mod options;
mod parallel;
pub mod plug;
mod protobuf;
mod reload;
mod request_log;
pub mod respond;
mod router;
mod server;
mod sources;
pub mod status;
pub mod tls;
mod tree;
mod variants;
mod warmup;

pub use bundle::Bundle;
pub use error::BundleError;
pub use files::{Files, MAX_FILE_BYTES, SERVED_ENTRIES, read_tree, same_bytes, shared};
pub use handle::Handle;
pub use handlers::accept;
pub use last_modified::LastModified;
pub use metrics::{EndpointClass, Metrics};
pub use options::{LoadOptions, ProtobufEncoder};
pub use plug::{Derive, Mount, ReadinessCheck, RemoteDocument, RemoteDocuments};
pub use reload::{Watch, reload, watch, watch_with};
pub use router::router;
pub use server::{ServeLimits, serve, serve_bundle, serve_bundle_tls, serve_tls_with, serve_with};
pub use tree::Tree;
pub use variants::Representation;
pub use warmup::warm_up_in_background;
