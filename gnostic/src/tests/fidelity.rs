//! Every hand-written gnostic message mirrors its upstream declaration, and every upstream message has one.

use super::upstream::{assert_mirrors, upstream_messages};
use crate::ProtobufAny;
use crate::{v2::messages as v2, v3::messages as v3};
use std::collections::BTreeSet;

/// An upstream message name and the check that a Rust message mirrors it.
type Check = (&'static str, fn(&str));

/// One check per listed Rust message, against the upstream message of the same name in `$package`.
macro_rules! checks {
    ($package:literal, $module:ident: $($message:ident),* $(,)?) => {
        vec![$((concat!($package, ".", stringify!($message)), assert_mirrors::<$module::$message> as fn(&str))),*]
    };
}

/// Runs `checks` and requires that together they cover every message upstream declares in `package`.
fn check_package(package: &str, checks: Vec<Check>) {
    let covered: BTreeSet<String> = checks.iter().map(|(name, _)| (*name).to_owned()).collect();
    assert_eq!(covered, upstream_messages(package), "the Rust messages and upstream's {package} differ");
    for (name, check) in checks {
        check(name);
    }
}

#[test]
fn gnostic_v2_messages_mirror_upstream() {
    check_package(
        "openapi.v2",
        checks!("openapi.v2", v2:
            AdditionalPropertiesItem, Any, ApiKeySecurity, BasicAuthenticationSecurity, BodyParameter, Contact,
            Default, Definitions, Document, Examples, ExternalDocs, FileSchema, FormDataParameterSubSchema, Header,
            HeaderParameterSubSchema, Headers, Info, ItemsItem, JsonReference, License, NamedAny, NamedHeader,
            NamedParameter, NamedPathItem, NamedResponse, NamedResponseValue, NamedSchema,
            NamedSecurityDefinitionsItem, NamedString, NamedStringArray, NonBodyParameter, Oauth2AccessCodeSecurity,
            Oauth2ApplicationSecurity, Oauth2ImplicitSecurity, Oauth2PasswordSecurity, Oauth2Scopes, Operation,
            Parameter, ParameterDefinitions, ParametersItem, PathItem, PathParameterSubSchema, Paths,
            PrimitivesItems, Properties, QueryParameterSubSchema, Response, ResponseDefinitions, ResponseValue,
            Responses, Schema, SchemaItem, SecurityDefinitions, SecurityDefinitionsItem, SecurityRequirement,
            StringArray, Tag, TypeItem, VendorExtension, Xml,
        ),
    );
}

#[test]
fn gnostic_v3_messages_mirror_upstream() {
    check_package(
        "openapi.v3",
        checks!("openapi.v3", v3:
            AdditionalPropertiesItem, Any, AnyOrExpression, Callback, CallbackOrReference, CallbacksOrReferences,
            Components, Contact, DefaultType, Discriminator, Document, Encoding, Encodings, Example,
            ExampleOrReference, ExamplesOrReferences, Expression, ExternalDocs, Header, HeaderOrReference,
            HeadersOrReferences, Info, ItemsItem, License, Link, LinkOrReference, LinksOrReferences, MediaType,
            MediaTypes, NamedAny, NamedCallbackOrReference, NamedEncoding, NamedExampleOrReference,
            NamedHeaderOrReference, NamedLinkOrReference, NamedMediaType, NamedParameterOrReference, NamedPathItem,
            NamedRequestBodyOrReference, NamedResponseOrReference, NamedSchemaOrReference,
            NamedSecuritySchemeOrReference, NamedServerVariable, NamedString, NamedStringArray, OauthFlow,
            OauthFlows, Object, Operation, Parameter, ParameterOrReference, ParametersOrReferences, PathItem, Paths,
            Properties, Reference, RequestBodiesOrReferences, RequestBody, RequestBodyOrReference, Response,
            ResponseOrReference, Responses, ResponsesOrReferences, Schema, SchemaOrReference, SchemasOrReferences,
            SecurityRequirement, SecurityScheme, SecuritySchemeOrReference, SecuritySchemesOrReferences, Server,
            ServerVariable, ServerVariables, SpecificationExtension, StringArray, Strings, Tag, Xml,
        ),
    );
}

#[test]
fn gnostic_protobuf_any_mirrors_the_well_known_type() {
    assert_mirrors::<ProtobufAny>("google.protobuf.Any");
}
