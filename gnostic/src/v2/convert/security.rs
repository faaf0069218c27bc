//! Security definitions and requirements.

use super::values::extensions;
use crate::reader::{Obj, Problems, kind_of};
use crate::v2::messages::{
    ApiKeySecurity, BasicAuthenticationSecurity, NamedString, NamedStringArray, Oauth2AccessCodeSecurity,
    Oauth2ApplicationSecurity, Oauth2ImplicitSecurity, Oauth2PasswordSecurity, Oauth2Scopes, SecurityDefinitionsItem,
    SecurityRequirement, StringArray, security_definitions_item::Oneof,
};
use serde_json::Value;

/// One security scheme; `type` (and for OAuth 2 `flow`) decides which message it becomes.
pub(super) fn security_definitions_item(
    problems: &mut Problems,
    value: &Value,
    path: String,
) -> SecurityDefinitionsItem {
    let Some(o) = Obj::new(problems, value, path, "a security scheme") else {
        return SecurityDefinitionsItem::default();
    };
    let kind = o.string(problems, "type");
    let flow = o.string(problems, "flow");
    let oneof = match (kind.as_str(), flow.as_str()) {
        ("basic", _) => Oneof::BasicAuthenticationSecurity(basic(problems, &o)),
        ("apiKey", _) => Oneof::ApiKeySecurity(api_key(problems, &o)),
        ("oauth2", "implicit") => Oneof::Oauth2ImplicitSecurity(oauth2_implicit(problems, &o)),
        ("oauth2", "password") => Oneof::Oauth2PasswordSecurity(oauth2_password(problems, &o)),
        ("oauth2", "application") => Oneof::Oauth2ApplicationSecurity(oauth2_application(problems, &o)),
        ("oauth2", "accessCode") => Oneof::Oauth2AccessCodeSecurity(oauth2_access_code(problems, &o)),
        ("oauth2", _) => {
            let message =
                format!("must be \"implicit\", \"password\", \"application\" or \"accessCode\", found {flow:?}");
            problems.add(&o.path_of("flow"), message);
            return SecurityDefinitionsItem::default();
        }
        _ => {
            problems
                .add(&o.path_of("type"), format_args!("must be \"basic\", \"apiKey\" or \"oauth2\", found {kind:?}"));
            return SecurityDefinitionsItem::default();
        }
    };
    SecurityDefinitionsItem { oneof: Some(oneof) }
}

fn basic(problems: &mut Problems, o: &Obj<'_>) -> BasicAuthenticationSecurity {
    o.check_keys(problems, &["type", "description"], &["type"]);
    BasicAuthenticationSecurity {
        r#type: o.string(problems, "type"),
        description: o.string(problems, "description"),
        vendor_extension: extensions(o),
    }
}

fn api_key(problems: &mut Problems, o: &Obj<'_>) -> ApiKeySecurity {
    o.check_keys(problems, &["type", "name", "in", "description"], &["in", "name", "type"]);
    ApiKeySecurity {
        r#type: o.string(problems, "type"),
        name: o.string(problems, "name"),
        r#in: o.string(problems, "in"),
        description: o.string(problems, "description"),
        vendor_extension: extensions(o),
    }
}

fn oauth2_implicit(problems: &mut Problems, o: &Obj<'_>) -> Oauth2ImplicitSecurity {
    o.check_keys(
        problems,
        &["type", "flow", "scopes", "authorizationUrl", "description"],
        &["authorizationUrl", "flow", "type"],
    );
    Oauth2ImplicitSecurity {
        r#type: o.string(problems, "type"),
        flow: o.string(problems, "flow"),
        scopes: o.object(problems, "scopes").map(|s| scopes(problems, &s)),
        authorization_url: o.string(problems, "authorizationUrl"),
        description: o.string(problems, "description"),
        vendor_extension: extensions(o),
    }
}

fn oauth2_password(problems: &mut Problems, o: &Obj<'_>) -> Oauth2PasswordSecurity {
    o.check_keys(problems, &["type", "flow", "scopes", "tokenUrl", "description"], &["flow", "tokenUrl", "type"]);
    Oauth2PasswordSecurity {
        r#type: o.string(problems, "type"),
        flow: o.string(problems, "flow"),
        scopes: o.object(problems, "scopes").map(|s| scopes(problems, &s)),
        token_url: o.string(problems, "tokenUrl"),
        description: o.string(problems, "description"),
        vendor_extension: extensions(o),
    }
}

fn oauth2_application(problems: &mut Problems, o: &Obj<'_>) -> Oauth2ApplicationSecurity {
    o.check_keys(problems, &["type", "flow", "scopes", "tokenUrl", "description"], &["flow", "tokenUrl", "type"]);
    Oauth2ApplicationSecurity {
        r#type: o.string(problems, "type"),
        flow: o.string(problems, "flow"),
        scopes: o.object(problems, "scopes").map(|s| scopes(problems, &s)),
        token_url: o.string(problems, "tokenUrl"),
        description: o.string(problems, "description"),
        vendor_extension: extensions(o),
    }
}

fn oauth2_access_code(problems: &mut Problems, o: &Obj<'_>) -> Oauth2AccessCodeSecurity {
    let keys = ["type", "flow", "scopes", "authorizationUrl", "tokenUrl", "description"];
    o.check_keys(problems, &keys, &["authorizationUrl", "flow", "tokenUrl", "type"]);
    Oauth2AccessCodeSecurity {
        r#type: o.string(problems, "type"),
        flow: o.string(problems, "flow"),
        scopes: o.object(problems, "scopes").map(|s| scopes(problems, &s)),
        authorization_url: o.string(problems, "authorizationUrl"),
        token_url: o.string(problems, "tokenUrl"),
        description: o.string(problems, "description"),
        vendor_extension: extensions(o),
    }
}

/// OAuth 2 scopes: scope name to description (`x-` keys included, as gnostic keeps every entry).
fn scopes(problems: &mut Problems, o: &Obj<'_>) -> Oauth2Scopes {
    let named = o.each(problems, |problems, value, path| match value {
        Value::String(description) => description.clone(),
        other => {
            problems.add(&path, format_args!("must be a string, found {}", kind_of(other)));
            String::new()
        }
    });
    Oauth2Scopes { additional_properties: named.into_iter().map(|(name, value)| NamedString { name, value }).collect() }
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
