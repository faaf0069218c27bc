//! `openapi.v3` messages for responses and the links they carry.

use super::or_reference::or_reference_messages;
use super::{
    bodies::{HeadersOrReferences, MediaTypes},
    servers::Server,
    values::{Any, NamedAny, Reference},
};

/// `openapi.v3.Responses`: the `default` response, responses by status code, and extensions.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Responses {
    #[prost(message, optional, tag = "1")]
    pub default: Option<ResponseOrReference>,
    #[prost(message, repeated, tag = "2")]
    pub response_or_reference: Vec<NamedResponseOrReference>,
    #[prost(message, repeated, tag = "3")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Response`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Response {
    #[prost(string, tag = "1")]
    pub description: String,
    #[prost(message, optional, tag = "2")]
    pub headers: Option<HeadersOrReferences>,
    #[prost(message, optional, tag = "3")]
    pub content: Option<MediaTypes>,
    #[prost(message, optional, tag = "4")]
    pub links: Option<LinksOrReferences>,
    #[prost(message, repeated, tag = "5")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.Link`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Link {
    #[prost(string, tag = "1")]
    pub operation_ref: String,
    #[prost(string, tag = "2")]
    pub operation_id: String,
    #[prost(message, optional, tag = "3")]
    pub parameters: Option<AnyOrExpression>,
    #[prost(message, optional, tag = "4")]
    pub request_body: Option<AnyOrExpression>,
    #[prost(string, tag = "5")]
    pub description: String,
    #[prost(message, optional, tag = "6")]
    pub server: Option<Server>,
    #[prost(message, repeated, tag = "7")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.AnyOrExpression`: a link's parameters or request body.
#[derive(Clone, PartialEq, prost::Message)]
pub struct AnyOrExpression {
    #[prost(oneof = "any_or_expression::Oneof", tags = "1, 2")]
    pub oneof: Option<any_or_expression::Oneof>,
}

/// The choice inside [`AnyOrExpression`].
pub mod any_or_expression {
    /// `openapi.v3.AnyOrExpression.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(message, tag = "1")]
        Any(super::Any),
        #[prost(message, tag = "2")]
        Expression(super::Expression),
    }
}

/// `openapi.v3.Expression`: a map of runtime expressions.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Expression {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedAny>,
}

or_reference_messages!(
    Response,
    ResponseOrReference,
    response_or_reference,
    "response_or_reference::Oneof",
    NamedResponseOrReference,
    ResponsesOrReferences
);
or_reference_messages!(
    Link,
    LinkOrReference,
    link_or_reference,
    "link_or_reference::Oneof",
    NamedLinkOrReference,
    LinksOrReferences
);
