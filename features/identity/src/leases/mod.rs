//! Identity leases served read-only over HTTP, as kube-apiserver serves `coordination.k8s.io/v1` leases: get, list
//! and watch in one namespace or across all of them, under
//! `/apis/coordination.k8s.io/v1/[watch/][namespaces/<ns>/]leases[/<name>]`. The answers come from the lease
//! store attached to the handle ([`serve_leases`]); without one these paths are not found.
//! A lease's resource version is the store's revision of its last change, so lists and watches continue from
//! each other as clients expect.

mod handlers;
mod object;
mod plug;
mod source;

pub use plug::{attach, serve_leases};
