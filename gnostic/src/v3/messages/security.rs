//! `openapi.v3` messages for security schemes and requirements.

use super::or_reference::or_reference_messages;
use super::values::{NamedAny, NamedStringArray, Reference, Strings};

/// `openapi.v3.SecurityScheme`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct SecurityScheme {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub description: String,
    #[prost(string, tag = "3")]
    pub name: String,
    #[prost(string, tag = "4")]
    pub r#in: String,
    #[prost(string, tag = "5")]
    pub scheme: String,
    #[prost(string, tag = "6")]
    pub bearer_format: String,
    #[prost(message, optional, tag = "7")]
    pub flows: Option<OauthFlows>,
    #[prost(string, tag = "8")]
    pub open_id_connect_url: String,
    #[prost(message, repeated, tag = "9")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.OauthFlows`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct OauthFlows {
    #[prost(message, optional, tag = "1")]
    pub implicit: Option<OauthFlow>,
    #[prost(message, optional, tag = "2")]
    pub password: Option<OauthFlow>,
    #[prost(message, optional, tag = "3")]
    pub client_credentials: Option<OauthFlow>,
    #[prost(message, optional, tag = "4")]
    pub authorization_code: Option<OauthFlow>,
    #[prost(message, repeated, tag = "5")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.OauthFlow`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct OauthFlow {
    #[prost(string, tag = "1")]
    pub authorization_url: String,
    #[prost(string, tag = "2")]
    pub token_url: String,
    #[prost(string, tag = "3")]
    pub refresh_url: String,
    #[prost(message, optional, tag = "4")]
    pub scopes: Option<Strings>,
    #[prost(message, repeated, tag = "5")]
    pub specification_extension: Vec<NamedAny>,
}

/// `openapi.v3.SecurityRequirement`: scheme name to the scopes it needs.
#[derive(Clone, PartialEq, prost::Message)]
pub struct SecurityRequirement {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedStringArray>,
}

or_reference_messages!(
    SecurityScheme,
    SecuritySchemeOrReference,
    security_scheme_or_reference,
    "security_scheme_or_reference::Oneof",
    NamedSecuritySchemeOrReference,
    SecuritySchemesOrReferences
);
