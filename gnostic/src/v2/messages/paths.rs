//! `openapi.v2` messages for paths: the path items and the operations on them.

use super::{
    parameters::ParametersItem,
    responses::Responses,
    security::SecurityRequirement,
    values::{ExternalDocs, NamedAny},
};

/// `openapi.v2.Paths`: the path items (keys starting with `/`) and the extensions.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Paths {
    #[prost(message, repeated, tag = "1")]
    pub vendor_extension: Vec<NamedAny>,
    #[prost(message, repeated, tag = "2")]
    pub path: Vec<NamedPathItem>,
}

/// `openapi.v2.NamedPathItem`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedPathItem {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<PathItem>,
}

/// `openapi.v2.PathItem`: the operations on one path.
#[derive(Clone, PartialEq, prost::Message)]
pub struct PathItem {
    #[prost(string, tag = "1")]
    pub _ref: String,
    #[prost(message, optional, tag = "2")]
    pub get: Option<Operation>,
    #[prost(message, optional, tag = "3")]
    pub put: Option<Operation>,
    #[prost(message, optional, tag = "4")]
    pub post: Option<Operation>,
    #[prost(message, optional, tag = "5")]
    pub delete: Option<Operation>,
    #[prost(message, optional, tag = "6")]
    pub options: Option<Operation>,
    #[prost(message, optional, tag = "7")]
    pub head: Option<Operation>,
    #[prost(message, optional, tag = "8")]
    pub patch: Option<Operation>,
    #[prost(message, repeated, tag = "9")]
    pub parameters: Vec<ParametersItem>,
    #[prost(message, repeated, tag = "10")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Operation`.
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
    #[prost(string, repeated, tag = "6")]
    pub produces: Vec<String>,
    #[prost(string, repeated, tag = "7")]
    pub consumes: Vec<String>,
    #[prost(message, repeated, tag = "8")]
    pub parameters: Vec<ParametersItem>,
    #[prost(message, optional, tag = "9")]
    pub responses: Option<Responses>,
    #[prost(string, repeated, tag = "10")]
    pub schemes: Vec<String>,
    #[prost(bool, tag = "11")]
    pub deprecated: bool,
    #[prost(message, repeated, tag = "12")]
    pub security: Vec<SecurityRequirement>,
    #[prost(message, repeated, tag = "13")]
    pub vendor_extension: Vec<NamedAny>,
}
