//! gnostic's `openapi.v3` protobuf messages (`OpenAPIv3.proto`), declared by hand for prost.
//!
//! Every message of the upstream file is here, with upstream's field names, numbers, types and oneof layout
//! (checked against the upstream `.proto` by this module's tests). Fields carry upstream's names and are documented
//! there; only messages are described here. Recursive fields and large oneof choices are boxed, which does not
//! change the wire format.

/// Declares `$or` (a `$item` or a `Reference`), `$named` (a name and an `$or`) and `$map` (a list of `$named`):
/// upstream declares these three shapes identically for every reusable component kind. `$oneof` is the path of
/// the oneof enum inside `$module`, spelled out because prost's derive reads it as a plain string. The item is boxed
/// (it is far larger than a reference), which does not change the wire format.
macro_rules! or_reference_messages {
    ($item:ident, $or:ident, $module:ident, $oneof:tt, $named:ident, $map:ident) => {
        #[doc = concat!("`openapi.v3.", stringify!($or), "`: a `", stringify!($item), "`, or a `$ref` to one.")]
        #[derive(Clone, PartialEq, prost::Message)]
        pub struct $or {
            #[prost(oneof = $oneof, tags = "1, 2")]
            pub oneof: Option<$module::Oneof>,
        }

        #[doc = concat!("The choice inside [`", stringify!($or), "`].")]
        pub mod $module {
            #[doc = concat!("`openapi.v3.", stringify!($or), ".oneof`.")]
            #[derive(Clone, PartialEq, prost::Oneof)]
            pub enum Oneof {
                #[prost(message, tag = "1")]
                $item(Box<super::$item>),
                #[prost(message, tag = "2")]
                Reference(super::Reference),
            }
        }

        #[doc = concat!("`openapi.v3.", stringify!($named), "`.")]
        #[derive(Clone, PartialEq, prost::Message)]
        pub struct $named {
            #[prost(string, tag = "1")]
            pub name: String,
            #[prost(message, optional, tag = "2")]
            pub value: Option<$or>,
        }

        #[doc = concat!("`openapi.v3.", stringify!($map), "`: `", stringify!($or), "` values by name.")]
        #[derive(Clone, PartialEq, prost::Message)]
        pub struct $map {
            #[prost(message, repeated, tag = "1")]
            pub additional_properties: Vec<$named>,
        }
    };
}

mod bodies;
mod document;
mod named;
mod responses;
mod schema;
mod security;

pub use bodies::{
    Encoding, Encodings, Example, ExampleOrReference, ExamplesOrReferences, Header, HeaderOrReference,
    HeadersOrReferences, MediaType, MediaTypes, NamedEncoding, NamedExampleOrReference, NamedHeaderOrReference,
    NamedMediaType, NamedParameterOrReference, NamedRequestBodyOrReference, Parameter, ParameterOrReference,
    ParametersOrReferences, RequestBodiesOrReferences, RequestBody, RequestBodyOrReference, example_or_reference,
    header_or_reference, parameter_or_reference, request_body_or_reference,
};
pub use document::{
    Components, Contact, Document, ExternalDocs, Info, License, NamedPathItem, NamedServerVariable, Operation,
    PathItem, Paths, Server, ServerVariable, ServerVariables, Tag,
};
pub use named::{
    Any, NamedAny, NamedString, NamedStringArray, Object, SpecificationExtension, StringArray, Strings,
    specification_extension,
};
pub use responses::{
    AnyOrExpression, Callback, CallbackOrReference, CallbacksOrReferences, Expression, Link, LinkOrReference,
    LinksOrReferences, NamedCallbackOrReference, NamedLinkOrReference, NamedResponseOrReference, Response,
    ResponseOrReference, Responses, ResponsesOrReferences, any_or_expression, callback_or_reference, link_or_reference,
    response_or_reference,
};
pub use schema::{
    AdditionalPropertiesItem, DefaultType, Discriminator, ItemsItem, NamedSchemaOrReference, Properties, Reference,
    Schema, SchemaOrReference, SchemasOrReferences, Xml, additional_properties_item, default_type, schema_or_reference,
};
pub use security::{
    NamedSecuritySchemeOrReference, OauthFlow, OauthFlows, SecurityRequirement, SecurityScheme,
    SecuritySchemeOrReference, SecuritySchemesOrReferences, security_scheme_or_reference,
};
