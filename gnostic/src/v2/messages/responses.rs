//! `openapi.v2` messages for responses: what an operation answers, its headers and examples, and the shared
//! `responses` definitions.

use super::{
    parameters::Header,
    schema::Schema,
    values::{Any, ExternalDocs, JsonReference, NamedAny},
};

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

/// `openapi.v2.ResponseDefinitions`: shared responses by name.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ResponseDefinitions {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedResponse>,
}

/// `openapi.v2.NamedResponse`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedResponse {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Response>,
}
