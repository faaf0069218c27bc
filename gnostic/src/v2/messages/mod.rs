//! gnostic's `openapi.v2` protobuf messages (`OpenAPIv2.proto`), declared by hand for prost.
//!
//! Every message of the upstream file is here, with upstream's field names, numbers, types and oneof layout
//! (checked against the upstream `.proto` by this module's tests). Fields carry upstream's names and are documented
//! there; only messages are described here. Recursive fields and large oneof choices are boxed, which does not
//! change the wire format.

mod document;
mod named;
mod parameters;
mod schema;
mod security;

pub use document::{
    Contact, Document, Examples, ExternalDocs, FileSchema, Headers, Info, JsonReference, License, NamedHeader,
    NamedPathItem, NamedResponseValue, Operation, PathItem, Paths, Response, ResponseValue, Responses, SchemaItem, Tag,
    response_value, schema_item,
};
pub use named::{
    Any, Default, Definitions, NamedAny, NamedParameter, NamedResponse, NamedSchema, NamedString, NamedStringArray,
    ParameterDefinitions, ResponseDefinitions, StringArray, VendorExtension,
};
pub use parameters::{
    BodyParameter, FormDataParameterSubSchema, Header, HeaderParameterSubSchema, NonBodyParameter, Parameter,
    ParametersItem, PathParameterSubSchema, PrimitivesItems, QueryParameterSubSchema, non_body_parameter, parameter,
    parameters_item,
};
pub use schema::{AdditionalPropertiesItem, ItemsItem, Properties, Schema, TypeItem, Xml, additional_properties_item};
pub use security::{
    ApiKeySecurity, BasicAuthenticationSecurity, NamedSecurityDefinitionsItem, Oauth2AccessCodeSecurity,
    Oauth2ApplicationSecurity, Oauth2ImplicitSecurity, Oauth2PasswordSecurity, Oauth2Scopes, SecurityDefinitions,
    SecurityDefinitionsItem, SecurityRequirement, security_definitions_item,
};
