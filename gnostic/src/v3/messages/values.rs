//! `openapi.v3` leaf messages, which every other file uses and which use none of them: free-form values (`Any`),
//! string maps, external docs and `$ref`s.

use crate::protobuf_any::ProtobufAny;

/// `openapi.v3.Any`: a free-form value (an extension, an example, an enum member) as YAML text.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Any {
    #[prost(message, optional, tag = "1")]
    pub value: Option<ProtobufAny>,
    #[prost(string, tag = "2")]
    pub yaml: String,
}

/// `openapi.v3.NamedAny`: one specification extension (`x-...`) or one free-form map entry.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedAny {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Any>,
}

/// `openapi.v3.NamedString`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedString {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub value: String,
}

/// `openapi.v3.Strings`: a map of strings (a discriminator's mapping, OAuth scopes).
#[derive(Clone, PartialEq, prost::Message)]
pub struct Strings {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedString>,
}

/// `openapi.v3.StringArray`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct StringArray {
    #[prost(string, repeated, tag = "1")]
    pub value: Vec<String>,
}

/// `openapi.v3.NamedStringArray`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedStringArray {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<StringArray>,
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

/// `openapi.v3.Reference`: a `$ref`, with the summary and description OpenAPI 3.1 allows beside it.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Reference {
    #[prost(string, tag = "1")]
    pub _ref: String,
    #[prost(string, tag = "2")]
    pub summary: String,
    #[prost(string, tag = "3")]
    pub description: String,
}

/// `openapi.v3.Object`: declared upstream but used by no other message.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Object {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedAny>,
}

/// `openapi.v3.SpecificationExtension`: declared upstream but used by no other message (extensions are
/// `NamedAny`).
#[derive(Clone, PartialEq, prost::Message)]
pub struct SpecificationExtension {
    #[prost(oneof = "specification_extension::Oneof", tags = "1, 2, 3")]
    pub oneof: Option<specification_extension::Oneof>,
}

/// The choice inside [`SpecificationExtension`].
pub mod specification_extension {
    /// `openapi.v3.SpecificationExtension.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(double, tag = "1")]
        Number(f64),
        #[prost(bool, tag = "2")]
        Boolean(bool),
        #[prost(string, tag = "3")]
        String(String),
    }
}
