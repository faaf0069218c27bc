//! `openapi.v2` messages for the document's frame: the document itself, info, contact, license and tags.

use super::{
    parameters::ParameterDefinitions,
    paths::Paths,
    responses::ResponseDefinitions,
    schema::Definitions,
    security::{SecurityDefinitions, SecurityRequirement},
    values::{ExternalDocs, NamedAny},
};

/// `openapi.v2.Document`: the whole swagger document.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Document {
    #[prost(string, tag = "1")]
    pub swagger: String,
    #[prost(message, optional, tag = "2")]
    pub info: Option<Info>,
    #[prost(string, tag = "3")]
    pub host: String,
    #[prost(string, tag = "4")]
    pub base_path: String,
    #[prost(string, repeated, tag = "5")]
    pub schemes: Vec<String>,
    #[prost(string, repeated, tag = "6")]
    pub consumes: Vec<String>,
    #[prost(string, repeated, tag = "7")]
    pub produces: Vec<String>,
    #[prost(message, optional, tag = "8")]
    pub paths: Option<Paths>,
    #[prost(message, optional, tag = "9")]
    pub definitions: Option<Definitions>,
    #[prost(message, optional, tag = "10")]
    pub parameters: Option<ParameterDefinitions>,
    #[prost(message, optional, tag = "11")]
    pub responses: Option<ResponseDefinitions>,
    #[prost(message, repeated, tag = "12")]
    pub security: Vec<SecurityRequirement>,
    #[prost(message, optional, tag = "13")]
    pub security_definitions: Option<SecurityDefinitions>,
    #[prost(message, repeated, tag = "14")]
    pub tags: Vec<Tag>,
    #[prost(message, optional, tag = "15")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(message, repeated, tag = "16")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Info`: the API's title, version and contacts.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Info {
    #[prost(string, tag = "1")]
    pub title: String,
    #[prost(string, tag = "2")]
    pub version: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(string, tag = "4")]
    pub terms_of_service: String,
    #[prost(message, optional, tag = "5")]
    pub contact: Option<Contact>,
    #[prost(message, optional, tag = "6")]
    pub license: Option<License>,
    #[prost(message, repeated, tag = "7")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Contact`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Contact {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub url: String,
    #[prost(string, tag = "3")]
    pub email: String,
    #[prost(message, repeated, tag = "4")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.License`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct License {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub url: String,
    #[prost(message, repeated, tag = "3")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Tag`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Tag {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub description: String,
    #[prost(message, optional, tag = "3")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(message, repeated, tag = "4")]
    pub vendor_extension: Vec<NamedAny>,
}
