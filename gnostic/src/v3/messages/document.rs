//! `openapi.v3` messages for the document's frame: the document itself, info, contact, license, tags and
//! components.

use super::{
    bodies::{ExamplesOrReferences, HeadersOrReferences, ParametersOrReferences, RequestBodiesOrReferences},
    paths::{CallbacksOrReferences, Paths},
    responses::{LinksOrReferences, ResponsesOrReferences},
    schema::SchemasOrReferences,
    security::{SecurityRequirement, SecuritySchemesOrReferences},
    servers::Server,
    values::{ExternalDocs, NamedAny},
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
