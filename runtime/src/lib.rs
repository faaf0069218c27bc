//! kapi's runtime: serves a bundle of generated artifacts as kube-apiserver serves discovery and OpenAPI.
//!
//! Build a [`Bundle`] from files (a directory, or bytes embedded in a binary), put it in a [`Handle`], and mount
//! [`router`] in an axum server. Every response variant is computed when the bundle loads; a reload swaps the whole
//! bundle atomically ([`reload`], [`watch`]). A bundle that carries generated `.proto` files (`proto/**`) also
//! serves discovery as Kubernetes protobuf (`application/vnd.kubernetes.protobuf`), encoded through them.

mod bundle;
mod discovery;
mod error;
mod files;
mod handle;
mod handlers;
mod metrics;
pub mod negotiate;
mod openapi;
mod options;
mod protobuf;
mod reload;
mod respond;
mod router;
mod server;
mod status;
mod variants;

pub use bundle::Bundle;
pub use error::BundleError;
pub use files::read_tree;
pub use handle::Handle;
pub use metrics::{EndpointClass, Metrics};
pub use options::{LoadOptions, ProtobufEncoder};
pub use reload::{Watch, reload, watch};
pub use router::router;
pub use server::serve;
pub use variants::sha512_upper_hex;
