//! gnostic's `openapi.v2` protobuf messages (`OpenAPIv2.proto`), declared by hand for prost.
//!
//! Every message of the upstream file is here, with upstream's field names, numbers, types and oneof layout
//! (checked against the upstream `.proto` by the crate's tests). Fields carry upstream's names and are documented
//! there; only messages are described here. Recursive fields and large oneof choices are boxed, which does not
//! change the wire format.

// Files are layered: values uses no other file; schema uses values; parameters and security use those below
// them; responses uses parameters (for `Header`); paths uses responses; document sits on top. Each family of
// messages that nest each other (a schema's properties are schemas) stays within one file.
mod document;
mod parameters;
mod paths;
mod responses;
mod schema;
mod security;
mod values;

pub use document::{Contact, Document, Info, License, Tag};
pub use parameters::{
    BodyParameter, FormDataParameterSubSchema, Header, HeaderParameterSubSchema, NamedParameter, NonBodyParameter,
    Parameter, ParameterDefinitions, ParametersItem, PathParameterSubSchema, PrimitivesItems, QueryParameterSubSchema,
    non_body_parameter, parameter, parameters_item,
};
pub use paths::{NamedPathItem, Operation, PathItem, Paths};
pub use responses::{
    Examples, FileSchema, Headers, NamedHeader, NamedResponse, NamedResponseValue, Response, ResponseDefinitions,
    ResponseValue, Responses, SchemaItem, response_value, schema_item,
};
pub use schema::{
    AdditionalPropertiesItem, Definitions, ItemsItem, NamedSchema, Properties, Schema, TypeItem, Xml,
    additional_properties_item,
};
pub use security::{
    ApiKeySecurity, BasicAuthenticationSecurity, NamedSecurityDefinitionsItem, Oauth2AccessCodeSecurity,
    Oauth2ApplicationSecurity, Oauth2ImplicitSecurity, Oauth2PasswordSecurity, Oauth2Scopes, SecurityDefinitions,
    SecurityDefinitionsItem, SecurityRequirement, security_definitions_item,
};
pub use values::{
    Any, Default, ExternalDocs, JsonReference, NamedAny, NamedString, NamedStringArray, StringArray, VendorExtension,
};
