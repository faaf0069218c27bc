//! `openapi.v2` leaf messages, which every other file uses and which use none of them: free-form values (`Any`),
//! string pairs and lists, external docs and `$ref`s.

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

/// `openapi.v2.JsonReference`: a `$ref` to a parameter or response.
#[derive(Clone, PartialEq, prost::Message)]
pub struct JsonReference {
    #[prost(string, tag = "1")]
    pub _ref: String,
    #[prost(string, tag = "2")]
    pub description: String,
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
