//! `openapi.v2` messages for the document's frame: info, paths, operations, responses.

use super::{
    Any, Definitions, Header, NamedAny, ParameterDefinitions, ParametersItem, ResponseDefinitions, Schema,
    SecurityDefinitions, SecurityRequirement,
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

/// `openapi.v2.ExternalDocs`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ExternalDocs {
    #[prost(string, tag = "1")]
    pub description: String,
    #[prost(string, tag = "2")]
    pub url: String,
    #[prost(message, repeated, tag = "3")]
    pub vendor_extension: Vec<NamedAny>,
}

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

/// `openapi.v2.Responses`: responses by status code (or `default`), and extensions.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Responses {
    #[prost(message, repeated, tag = "1")]
    pub response_code: Vec<NamedResponseValue>,
    #[prost(message, repeated, tag = "2")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.NamedResponseValue`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedResponseValue {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<ResponseValue>,
}

/// `openapi.v2.ResponseValue`: a response, or a reference to one.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ResponseValue {
    #[prost(oneof = "response_value::Oneof", tags = "1, 2")]
    pub oneof: Option<response_value::Oneof>,
}

/// The choice inside [`ResponseValue`].
pub mod response_value {
    /// `openapi.v2.ResponseValue.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(message, tag = "1")]
        Response(Box<super::Response>),
        #[prost(message, tag = "2")]
        JsonReference(super::JsonReference),
    }
}

/// `openapi.v2.Response`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Response {
    #[prost(string, tag = "1")]
    pub description: String,
    #[prost(message, optional, tag = "2")]
    pub schema: Option<SchemaItem>,
    #[prost(message, optional, tag = "3")]
    pub headers: Option<Headers>,
    #[prost(message, optional, tag = "4")]
    pub examples: Option<Examples>,
    #[prost(message, repeated, tag = "5")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.SchemaItem`: a response body's schema, or a file.
#[derive(Clone, PartialEq, prost::Message)]
pub struct SchemaItem {
    #[prost(oneof = "schema_item::Oneof", tags = "1, 2")]
    pub oneof: Option<schema_item::Oneof>,
}

/// The choice inside [`SchemaItem`].
pub mod schema_item {
    /// `openapi.v2.SchemaItem.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(message, tag = "1")]
        Schema(Box<super::Schema>),
        #[prost(message, tag = "2")]
        FileSchema(Box<super::FileSchema>),
    }
}

/// `openapi.v2.FileSchema`: a response that is a file.
#[derive(Clone, PartialEq, prost::Message)]
pub struct FileSchema {
    #[prost(string, tag = "1")]
    pub format: String,
    #[prost(string, tag = "2")]
    pub title: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(message, optional, tag = "4")]
    pub default: Option<Any>,
    #[prost(string, repeated, tag = "5")]
    pub required: Vec<String>,
    #[prost(string, tag = "6")]
    pub r#type: String,
    #[prost(bool, tag = "7")]
    pub read_only: bool,
    #[prost(message, optional, tag = "8")]
    pub external_docs: Option<ExternalDocs>,
    #[prost(message, optional, tag = "9")]
    pub example: Option<Any>,
    #[prost(message, repeated, tag = "10")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Headers`: a response's headers by name.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Headers {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedHeader>,
}

/// `openapi.v2.NamedHeader`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedHeader {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Header>,
}

/// `openapi.v2.Examples`: example bodies by media type.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Examples {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedAny>,
}

/// `openapi.v2.JsonReference`: a `$ref` to a parameter or response.
#[derive(Clone, PartialEq, prost::Message)]
pub struct JsonReference {
    #[prost(string, tag = "1")]
    pub _ref: String,
    #[prost(string, tag = "2")]
    pub description: String,
}
