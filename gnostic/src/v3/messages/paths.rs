//! `openapi.v3` messages for paths: path items, their operations, and callbacks, which hold path items again.

use super::or_reference::or_reference_messages;
use super::{
    bodies::{ParameterOrReference, RequestBodyOrReference},
    responses::Responses,
    security::SecurityRequirement,
    servers::Server,
    values::{ExternalDocs, NamedAny, Reference},
};

/// `openapi.v3.Paths`: the path items (keys starting with `/`) and the extensions.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Paths {
    #[prost(message, repeated, tag = "1")]
    pub path: Vec<NamedPathItem>,
    #[prost(message, repeated, tag = "2")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.NamedPathItem`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedPathItem {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<PathItem>,
}

/// `openapi.v3.PathItem`: the operations on one path.
#[derive(Clone, PartialEq, prost::Message)]
pub struct PathItem {
    #[prost(string, tag = "1")]
    pub _ref: String,
    #[prost(string, tag = "2")]
    pub summary: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(message, optional, tag = "4")]
    pub get: Option<Operation>,
    #[prost(message, optional, tag = "5")]
    pub put: Option<Operation>,
    #[prost(message, optional, tag = "6")]
    pub post: Option<Operation>,
    #[prost(message, optional, tag = "7")]
    pub delete: Option<Operation>,
    #[prost(message, optional, tag = "8")]
    pub options: Option<Operation>,
    #[prost(message, optional, tag = "9")]
    pub head: Option<Operation>,
    #[prost(message, optional, tag = "10")]
    pub patch: Option<Operation>,
    #[prost(message, optional, tag = "11")]
    pub trace: Option<Operation>,
    #[prost(message, repeated, tag = "12")]
    pub servers: Vec<Server>,
    #[prost(message, repeated, tag = "13")]
    pub parameters: Vec<ParameterOrReference>,
    #[prost(message, repeated, tag = "14")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Operation`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Operation {
    #[prost(string, repeated, tag = "1")]
    pub tags: Vec<String>,
    #[prost(string, tag = "2")]
    pub summary: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(message, optional, tag = "4")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(string, tag = "5")]
    pub operation_id: String,
    #[prost(message, repeated, tag = "6")]
    pub parameters: Vec<ParameterOrReference>,
    #[prost(message, optional, tag = "7")]
    pub request_body: Option<RequestBodyOrReference>,
    #[prost(message, optional, tag = "8")]
    pub responses: Option<Responses>,
    #[prost(message, optional, tag = "9")]
    pub callbacks: Option<CallbacksOrReferences>,
    #[prost(bool, tag = "10")]
    pub deprecated: bool,
    #[prost(message, repeated, tag = "11")]
    pub security: Vec<SecurityRequirement>,
    #[prost(message, repeated, tag = "12")]
    pub servers: Vec<Server>,
    #[prost(message, repeated, tag = "13")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Callback`: path items by runtime expression.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Callback {
    #[prost(message, repeated, tag = "1")]
    pub path: Vec<NamedPathItem>,
    #[prost(message, repeated, tag = "2")]
    pub specification_extension: Vec<NamedAny>,
}

or_reference_messages!(
    Callback,
    CallbackOrReference,
    callback_or_reference,
    "callback_or_reference::Oneof",
    NamedCallbackOrReference,
    CallbacksOrReferences
);
