//! `openapi.v3` messages for what operations send and receive: parameters, request bodies, media types,
//! encodings, examples and headers, each with its `...OrReference` and named-map forms.

use super::or_reference::or_reference_messages;
use super::{
    schema::SchemaOrReference,
    values::{Any, NamedAny, Reference},
};

/// `openapi.v3.Parameter`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Parameter {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(string, tag = "2")]
    pub r#in: String,
    #[prost(string, tag = "3")]
    pub description: String,
    #[prost(bool, tag = "4")]
    pub required: bool,
    #[prost(bool, tag = "5")]
    pub deprecated: bool,
    #[prost(bool, tag = "6")]
    pub allow_empty_value: bool,
    #[prost(string, tag = "7")]
    pub style: String,
    #[prost(bool, tag = "8")]
    pub explode: bool,
    #[prost(bool, tag = "9")]
    pub allow_reserved: bool,
    #[prost(message, optional, tag = "10")]
    pub schema: Option<SchemaOrReference>,
    #[prost(message, optional, tag = "11")]
    pub example: Option<Any>,
    #[prost(message, optional, tag = "12")]
    pub examples: Option<ExamplesOrReferences>,
    #[prost(message, optional, tag = "13")]
    pub content: Option<MediaTypes>,
    #[prost(message, repeated, tag = "14")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.RequestBody`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct RequestBody {
    #[prost(string, tag = "1")]
    pub description: String,
    #[prost(message, optional, tag = "2")]
    pub content: Option<MediaTypes>,
    #[prost(bool, tag = "3")]
    pub required: bool,
    #[prost(message, repeated, tag = "4")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.MediaTypes`: bodies by media type.
#[derive(Clone, PartialEq, prost::Message)]
pub struct MediaTypes {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedMediaType>,
}

/// `openapi.v3.NamedMediaType`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedMediaType {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<MediaType>,
}

/// `openapi.v3.MediaType`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct MediaType {
    #[prost(message, optional, tag = "1")]
    pub schema: Option<SchemaOrReference>,
    #[prost(message, optional, tag = "2")]
    pub example: Option<Any>,
    #[prost(message, optional, tag = "3")]
    pub examples: Option<ExamplesOrReferences>,
    #[prost(message, optional, tag = "4")]
    pub encoding: Option<Encodings>,
    #[prost(message, repeated, tag = "5")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Encodings`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Encodings {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedEncoding>,
}

/// `openapi.v3.NamedEncoding`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedEncoding {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<Encoding>,
}

/// `openapi.v3.Encoding`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Encoding {
    #[prost(string, tag = "1")]
    pub content_type: String,
    #[prost(message, optional, tag = "2")]
    pub headers: Option<HeadersOrReferences>,
    #[prost(string, tag = "3")]
    pub style: String,
    #[prost(bool, tag = "4")]
    pub explode: bool,
    #[prost(bool, tag = "5")]
    pub allow_reserved: bool,
    #[prost(message, repeated, tag = "6")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Example`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Example {
    #[prost(string, tag = "1")]
    pub summary: String,
    #[prost(string, tag = "2")]
    pub description: String,
    #[prost(message, optional, tag = "3")]
    pub value: Option<Any>,
    #[prost(string, tag = "4")]
    pub external_value: String,
    #[prost(message, repeated, tag = "5")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Header`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Header {
    #[prost(string, tag = "1")]
    pub description: String,
    #[prost(bool, tag = "2")]
    pub required: bool,
    #[prost(bool, tag = "3")]
    pub deprecated: bool,
    #[prost(bool, tag = "4")]
    pub allow_empty_value: bool,
    #[prost(string, tag = "5")]
    pub style: String,
    #[prost(bool, tag = "6")]
    pub explode: bool,
    #[prost(bool, tag = "7")]
    pub allow_reserved: bool,
    #[prost(message, optional, tag = "8")]
    pub schema: Option<SchemaOrReference>,
    #[prost(message, optional, tag = "9")]
    pub example: Option<Any>,
    #[prost(message, optional, tag = "10")]
    pub examples: Option<ExamplesOrReferences>,
    #[prost(message, optional, tag = "11")]
    pub content: Option<MediaTypes>,
    #[prost(message, repeated, tag = "12")]
    pub specification_extension: Vec<NamedAny>,
}

or_reference_messages!(
    Parameter,
    ParameterOrReference,
    parameter_or_reference,
    "parameter_or_reference::Oneof",
    NamedParameterOrReference,
    ParametersOrReferences
);
or_reference_messages!(
    RequestBody,
    RequestBodyOrReference,
    request_body_or_reference,
    "request_body_or_reference::Oneof",
    NamedRequestBodyOrReference,
    RequestBodiesOrReferences
);
or_reference_messages!(
    Example,
    ExampleOrReference,
    example_or_reference,
    "example_or_reference::Oneof",
    NamedExampleOrReference,
    ExamplesOrReferences
);
or_reference_messages!(
    Header,
    HeaderOrReference,
    header_or_reference,
    "header_or_reference::Oneof",
    NamedHeaderOrReference,
    HeadersOrReferences
);
