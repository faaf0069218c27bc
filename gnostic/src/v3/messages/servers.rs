//! `openapi.v3` messages for servers and their variables.

use super::values::NamedAny;

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
