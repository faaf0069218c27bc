//! gnostic's `openapi.v3` protobuf messages (`OpenAPIv3.proto`), declared by hand for prost.
//!
//! Every message of the upstream file is here, with upstream's field names, numbers, types and oneof layout
//! (checked against the upstream `.proto` by the crate's tests). Fields carry upstream's names and are documented
//! there; only messages are described here. Recursive fields and large oneof choices are boxed, which does not
//! change the wire format.

// Files are layered: values uses no other file; schema, servers and security use values; bodies uses schema;
// responses uses bodies and servers; paths (whose callbacks hold path items again) uses responses; document sits
// on top. Each family of messages that nest each other stays within one file. or_reference declares the shapes
// the `...OrReference` messages share.
mod bodies;
mod document;
mod or_reference;
mod paths;
mod responses;
mod schema;
mod security;
mod servers;
mod values;

pub use bodies::{
    Encoding, Encodings, Example, ExampleOrReference, ExamplesOrReferences, Header, HeaderOrReference,
    HeadersOrReferences, MediaType, MediaTypes, NamedEncoding, NamedExampleOrReference, NamedHeaderOrReference,
    NamedMediaType, NamedParameterOrReference, NamedRequestBodyOrReference, Parameter, ParameterOrReference,
    ParametersOrReferences, RequestBodiesOrReferences, RequestBody, RequestBodyOrReference, example_or_reference,
    header_or_reference, parameter_or_reference, request_body_or_reference,
};
pub use document::{Components, Contact, Document, Info, License, Tag};
pub use paths::{
    Callback, CallbackOrReference, CallbacksOrReferences, NamedCallbackOrReference, NamedPathItem, Operation, PathItem,
    Paths, callback_or_reference,
};
pub use responses::{
    AnyOrExpression, Expression, Link, LinkOrReference, LinksOrReferences, NamedLinkOrReference,
    NamedResponseOrReference, Response, ResponseOrReference, Responses, ResponsesOrReferences, any_or_expression,
    link_or_reference, response_or_reference,
};
pub use schema::{
    AdditionalPropertiesItem, DefaultType, Discriminator, ItemsItem, NamedSchemaOrReference, Properties, Schema,
    SchemaOrReference, SchemasOrReferences, Xml, additional_properties_item, default_type, schema_or_reference,
};
pub use security::{
    NamedSecuritySchemeOrReference, OauthFlow, OauthFlows, SecurityRequirement, SecurityScheme,
    SecuritySchemeOrReference, SecuritySchemesOrReferences, security_scheme_or_reference,
};
pub use servers::{NamedServerVariable, Server, ServerVariable, ServerVariables};
pub use values::{
    Any, ExternalDocs, NamedAny, NamedString, NamedStringArray, Object, Reference, SpecificationExtension, StringArray,
    Strings, specification_extension,
};
