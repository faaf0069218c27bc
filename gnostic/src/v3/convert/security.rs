//! Security schemes and requirements.

use super::values::{extensions, or_reference_converter, strings};
use crate::reader::{Obj, Problems};
use crate::v3::messages::{
    NamedStringArray, OauthFlow, OauthFlows, SecurityRequirement, SecurityScheme, SecuritySchemeOrReference,
    StringArray, security_scheme_or_reference,
};
use serde_json::Value;

const SECURITY_SCHEME_KEYS: &[&str] =
    &["type", "description", "name", "in", "scheme", "bearerFormat", "flows", "openIdConnectUrl"];

or_reference_converter!(
    /// A security scheme, or a reference to one.
    security_scheme_or_reference -> SecuritySchemeOrReference,
    security_scheme_or_reference::SecurityScheme,
    security_scheme
);

fn security_scheme(problems: &mut Problems, value: &Value, path: String) -> SecurityScheme {
    let Some(o) = Obj::new(problems, value, path, "a security scheme") else { return SecurityScheme::default() };
    o.check_keys(problems, SECURITY_SCHEME_KEYS, &["type"]);
    SecurityScheme {
        r#type: o.string(problems, "type"),
        description: o.string(problems, "description"),
        name: o.string(problems, "name"),
        r#in: o.string(problems, "in"),
        scheme: o.string(problems, "scheme"),
        bearer_format: o.string(problems, "bearerFormat"),
        flows: o.object(problems, "flows").map(|f| flows(problems, &f)),
        open_id_connect_url: o.string(problems, "openIdConnectUrl"),
        specification_extension: extensions(&o),
    }
}

fn flows(problems: &mut Problems, o: &Obj<'_>) -> OauthFlows {
    o.check_keys(problems, &["implicit", "password", "clientCredentials", "authorizationCode"], &[]);
    let mut flow = |key: &str| o.object(problems, key).map(|f| oauth_flow(problems, &f));
    OauthFlows {
        implicit: flow("implicit"),
        password: flow("password"),
        client_credentials: flow("clientCredentials"),
        authorization_code: flow("authorizationCode"),
        specification_extension: extensions(o),
    }
}

fn oauth_flow(problems: &mut Problems, o: &Obj<'_>) -> OauthFlow {
    o.check_keys(problems, &["authorizationUrl", "tokenUrl", "refreshUrl", "scopes"], &[]);
    OauthFlow {
        authorization_url: o.string(problems, "authorizationUrl"),
        token_url: o.string(problems, "tokenUrl"),
        refresh_url: o.string(problems, "refreshUrl"),
        scopes: o.object(problems, "scopes").map(|s| strings(problems, &s)),
        specification_extension: extensions(o),
    }
}

/// One entry of a `security` list: scheme name to the scopes it needs.
pub(super) fn security_requirement(problems: &mut Problems, value: &Value, path: String) -> SecurityRequirement {
    let Some(o) = Obj::new(problems, value, path, "a security requirement") else {
        return SecurityRequirement::default();
    };
    let additional_properties = o
        .entries()
        .into_iter()
        .map(|(name, _)| NamedStringArray {
            name: name.to_owned(),
            value: Some(StringArray { value: o.strings(problems, name) }),
        })
        .collect();
    SecurityRequirement { additional_properties }
}
