//! `openapi.v2` messages for security definitions and requirements.

use super::values::{NamedAny, NamedString, NamedStringArray};

/// `openapi.v2.SecurityDefinitions`: security schemes by name.
#[derive(Clone, PartialEq, prost::Message)]
pub struct SecurityDefinitions {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedSecurityDefinitionsItem>,
}

/// `openapi.v2.NamedSecurityDefinitionsItem`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct NamedSecurityDefinitionsItem {
    #[prost(string, tag = "1")]
    pub name: String,
    #[prost(message, optional, tag = "2")]
    pub value: Option<SecurityDefinitionsItem>,
}

/// `openapi.v2.SecurityDefinitionsItem`: one scheme, by `type` (and `flow` for OAuth 2).
#[derive(Clone, PartialEq, prost::Message)]
pub struct SecurityDefinitionsItem {
    #[prost(oneof = "security_definitions_item::Oneof", tags = "1, 2, 3, 4, 5, 6")]
    pub oneof: Option<security_definitions_item::Oneof>,
}

/// The choice inside [`SecurityDefinitionsItem`].
pub mod security_definitions_item {
    /// `openapi.v2.SecurityDefinitionsItem.oneof`.
    #[derive(Clone, PartialEq, prost::Oneof)]
    pub enum Oneof {
        #[prost(message, tag = "1")]
        BasicAuthenticationSecurity(super::BasicAuthenticationSecurity),
        #[prost(message, tag = "2")]
        ApiKeySecurity(super::ApiKeySecurity),
        #[prost(message, tag = "3")]
        Oauth2ImplicitSecurity(super::Oauth2ImplicitSecurity),
        #[prost(message, tag = "4")]
        Oauth2PasswordSecurity(super::Oauth2PasswordSecurity),
        #[prost(message, tag = "5")]
        Oauth2ApplicationSecurity(super::Oauth2ApplicationSecurity),
        #[prost(message, tag = "6")]
        Oauth2AccessCodeSecurity(super::Oauth2AccessCodeSecurity),
    }
}

/// `openapi.v2.BasicAuthenticationSecurity`: `type: basic`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct BasicAuthenticationSecurity {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub description: String,
    #[prost(message, repeated, tag = "3")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.ApiKeySecurity`: `type: apiKey` (how Kubernetes declares its bearer token).
#[derive(Clone, PartialEq, prost::Message)]
pub struct ApiKeySecurity {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub name: String,
    #[prost(string, tag = "3")]
    pub r#in: String,
    #[prost(string, tag = "4")]
    pub description: String,
    #[prost(message, repeated, tag = "5")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Oauth2ImplicitSecurity`: `type: oauth2`, `flow: implicit`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Oauth2ImplicitSecurity {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub flow: String,
    #[prost(message, optional, tag = "3")]
    pub scopes: Option<Oauth2Scopes>,
    #[prost(string, tag = "4")]
    pub authorization_url: String,
    #[prost(string, tag = "5")]
    pub description: String,
    #[prost(message, repeated, tag = "6")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Oauth2PasswordSecurity`: `type: oauth2`, `flow: password`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Oauth2PasswordSecurity {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub flow: String,
    #[prost(message, optional, tag = "3")]
    pub scopes: Option<Oauth2Scopes>,
    #[prost(string, tag = "4")]
    pub token_url: String,
    #[prost(string, tag = "5")]
    pub description: String,
    #[prost(message, repeated, tag = "6")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Oauth2ApplicationSecurity`: `type: oauth2`, `flow: application`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Oauth2ApplicationSecurity {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub flow: String,
    #[prost(message, optional, tag = "3")]
    pub scopes: Option<Oauth2Scopes>,
    #[prost(string, tag = "4")]
    pub token_url: String,
    #[prost(string, tag = "5")]
    pub description: String,
    #[prost(message, repeated, tag = "6")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Oauth2AccessCodeSecurity`: `type: oauth2`, `flow: accessCode`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Oauth2AccessCodeSecurity {
    #[prost(string, tag = "1")]
    pub r#type: String,
    #[prost(string, tag = "2")]
    pub flow: String,
    #[prost(message, optional, tag = "3")]
    pub scopes: Option<Oauth2Scopes>,
    #[prost(string, tag = "4")]
    pub authorization_url: String,
    #[prost(string, tag = "5")]
    pub token_url: String,
    #[prost(string, tag = "6")]
    pub description: String,
    #[prost(message, repeated, tag = "7")]
    pub vendor_extension: Vec<NamedAny>,
}

/// `openapi.v2.Oauth2Scopes`: scope name to description.
#[derive(Clone, PartialEq, prost::Message)]
pub struct Oauth2Scopes {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedString>,
}

/// `openapi.v2.SecurityRequirement`: scheme name to the scopes it needs.
#[derive(Clone, PartialEq, prost::Message)]
pub struct SecurityRequirement {
    #[prost(message, repeated, tag = "1")]
    pub additional_properties: Vec<NamedStringArray>,
}
