//! `openapi.v3` messages for the document's frame: info, servers, tags, paths, operations, components.

use super::{
    CallbacksOrReferences, ExamplesOrReferences, HeadersOrReferences, LinksOrReferences, NamedAny,
    ParameterOrReference, ParametersOrReferences, RequestBodiesOrReferences, RequestBodyOrReference, Responses,
    ResponsesOrReferences, SchemasOrReferences, SecurityRequirement, SecuritySchemesOrReferences,
};

/// `openapi.v3.Document`: the whole OpenAPI 3 document.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Document {
    #[prost(string, tag = "1")]
    pub openapi: String,
    #[prost(message, optional, tag = "2")]
    pub info: Option<Info>,
    #[prost(message, repeated, tag = "3")]
    pub servers: Vec<Server>,
    #[prost(message, optional, tag = "4")]
    pub paths: Option<Paths>,
    #[prost(message, optional, tag = "5")]
    pub components: Option<Components>,
    #[prost(message, repeated, tag = "6")]
    pub security: Vec<SecurityRequirement>,
    #[prost(message, repeated, tag = "7")]
    pub tags: Vec<Tag>,
    #[prost(message, optional, tag = "8")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(message, repeated, tag = "9")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Info`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Info {
    #[prost(string, tag = "1")]
    pub title: String,
    #[prost(string, tag = "2")]
    pub description: String,
    #[prost(string, tag = "3")]
    pub terms_of_service: String,
    #[prost(message, optional, tag = "4")]
    pub contact: Option<Contact>,
    #[prost(message, optional, tag = "5")]
    pub license: Option<License>,
    #[prost(string, tag = "6")]
    pub version: String,
    #[prost(message, repeated, tag = "7")]
    pub specification_extension: Vec<NamedAny>,
    #[prost(string, tag = "8")]
    pub summary: String,
}

/// `openapi.v3.Contact`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Contact {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub url: String,
    #[prost(string, tag = "3")]
    pub email: String,
    #[prost(message, repeated, tag = "4")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.License`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct License {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub url: String,
    #[prost(message, repeated, tag = "3")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Server`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Server {
    #[prost(string, tag = "1")]
    pub url: String,
    #[prost(string, tag = "2")]
    pub description: String,
    #[prost(message, optional, tag = "3")]
    pub variables: Option<ServerVariables>,
    #[prost(message, repeated, tag = "4")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.ServerVariables`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ServerVariables {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedServerVariable>,
}

/// `openapi.v3.NamedServerVariable`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedServerVariable {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<ServerVariable>,
}

/// `openapi.v3.ServerVariable`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ServerVariable {
    #[prost(string, repeated, tag = "1")]
    pub r#enum: Vec<String>,
    #[prost(string, tag = "2")]
    pub default: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(message, repeated, tag = "4")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Tag`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Tag {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub description: String,
    #[prost(message, optional, tag = "3")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(message, repeated, tag = "4")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.ExternalDocs`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ExternalDocs {
    #[prost(string, tag = "1")]
    pub description: String,
    #[prost(string, tag = "2")]
    pub url: String,
    #[prost(message, repeated, tag = "3")]
    pub specification_extension: Vec<NamedAny>,
}

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

/// `openapi.v3.Components`: the reusable parts, above all `schemas`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Components {
    #[prost(message, optional, tag = "1")]
    pub schemas: Option<SchemasOrReferences>,
    #[prost(message, optional, tag = "2")]
    pub responses: Option<ResponsesOrReferences>,
    #[prost(message, optional, tag = "3")]
    pub parameters: Option<ParametersOrReferences>,
    #[prost(message, optional, tag = "4")]
    pub examples: Option<ExamplesOrReferences>,
    #[prost(message, optional, tag = "5")]
    pub request_bodies: Option<RequestBodiesOrReferences>,
    #[prost(message, optional, tag = "6")]
    pub headers: Option<HeadersOrReferences>,
    #[prost(message, optional, tag = "7")]
    pub security_schemes: Option<SecuritySchemesOrReferences>,
    #[prost(message, optional, tag = "8")]
    pub links: Option<LinksOrReferences>,
    #[prost(message, optional, tag = "9")]
    pub callbacks: Option<CallbacksOrReferences>,
    #[prost(message, repeated, tag = "10")]
    pub specification_extension: Vec<NamedAny>,
}
