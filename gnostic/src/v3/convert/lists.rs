//! Which `openapi.v3` messages hold a JSON map as a list of named entries: the [`NamedList`] impls through which
//! `Obj::named` builds them.
//!
//! [`NamedList`]: crate::reader::NamedList

use crate::reader::named_lists;
use crate::v3::messages::{
    CallbackOrReference, CallbacksOrReferences, Encoding, Encodings, ExampleOrReference, ExamplesOrReferences,
    HeaderOrReference, HeadersOrReferences, LinkOrReference, LinksOrReferences, MediaType, MediaTypes,
    NamedCallbackOrReference, NamedEncoding, NamedExampleOrReference, NamedHeaderOrReference, NamedLinkOrReference,
    NamedMediaType, NamedParameterOrReference, NamedRequestBodyOrReference, NamedResponseOrReference,
    NamedSchemaOrReference, NamedSecuritySchemeOrReference, NamedServerVariable, ParameterOrReference,
    ParametersOrReferences, Properties, RequestBodiesOrReferences, RequestBodyOrReference, ResponseOrReference,
    ResponsesOrReferences, SchemaOrReference, SchemasOrReferences, SecuritySchemeOrReference,
    SecuritySchemesOrReferences, ServerVariable, ServerVariables,
};

named_lists! {
    SchemasOrReferences of NamedSchemaOrReference(SchemaOrReference),
    Properties of NamedSchemaOrReference(SchemaOrReference),
    ResponsesOrReferences of NamedResponseOrReference(ResponseOrReference),
    ParametersOrReferences of NamedParameterOrReference(ParameterOrReference),
    ExamplesOrReferences of NamedExampleOrReference(ExampleOrReference),
    RequestBodiesOrReferences of NamedRequestBodyOrReference(RequestBodyOrReference),
    HeadersOrReferences of NamedHeaderOrReference(HeaderOrReference),
    SecuritySchemesOrReferences of NamedSecuritySchemeOrReference(SecuritySchemeOrReference),
    LinksOrReferences of NamedLinkOrReference(LinkOrReference),
    CallbacksOrReferences of NamedCallbackOrReference(CallbackOrReference),
    MediaTypes of NamedMediaType(MediaType),
    Encodings of NamedEncoding(Encoding),
    ServerVariables of NamedServerVariable(ServerVariable),
}
