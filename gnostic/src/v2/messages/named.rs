//! `openapi.v2` messages for values of free-form maps: `Any`, the `Named*` pairs and the definition maps.

use super::{Parameter, Response, Schema};
use crate::protobuf_any::ProtobufAny;

/// `openapi.v2.Any`: a free-form value (an extension, a default, an example) as YAML text.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Any {
    #[prost(message, optional, tag = "1")]
    pub value: Option<ProtobufAny>,
    #[prost(string, tag = "2")]
    pub yaml: String,
}

/// `openapi.v2.NamedAny`: one vendor extension (`x-...`) or one free-form map entry.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedAny {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Any>,
}

/// `openapi.v2.NamedString`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedString {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub value: String,
}

/// `openapi.v2.StringArray`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct StringArray {
    #[prost(string, repeated, tag = "1")]
    pub value: Vec<String>,
}

/// `openapi.v2.NamedStringArray`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedStringArray {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<StringArray>,
}

/// `openapi.v2.Definitions`: the document's schemas by name.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Definitions {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedSchema>,
}

/// `openapi.v2.NamedSchema`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedSchema {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Schema>,
}

/// `openapi.v2.ParameterDefinitions`: shared parameters by name.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ParameterDefinitions {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedParameter>,
}

/// `openapi.v2.NamedParameter`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedParameter {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Parameter>,
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

/// `openapi.v2.Default`: declared upstream but used by no other message.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Default {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedAny>,
}

/// `openapi.v2.VendorExtension`: declared upstream but used by no other message.
#[derive(Clone, PartialEq, prost::Message)]
pub struct VendorExtension {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedAny>,
}
