//! The operations of a group-version, shared by the OpenAPI v3 and swagger 2.0 emitters: which actions a
//! resource's verbs give, the typed path items kube-apiserver would install for them, and what both versions write
//! the same way.

pub mod actions;
mod build;
pub(crate) mod item;
pub(crate) mod media;
mod naming;
mod openapi;
mod parameters;

pub(crate) use build::with_operations;
pub(crate) use item::{Body, Operation, PathItem, Payload, Response, referenced};
pub(crate) use naming::custom_resource_definition_name;
pub(crate) use openapi::{operation_extensions, security_scheme};
pub(crate) use parameters::Parameter;
