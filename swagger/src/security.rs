//! Rule 7: `securityDefinitions` become `components.securitySchemes` (API keys stay, basic becomes an HTTP scheme,
//! OAuth2's single flow becomes a `flows` entry); requirements (`security`) keep their v2 form, which v3 shares.

use serde_json::{Map, Value, json};

/// Every v2 security definition as an OpenAPI 3.0 security scheme, in name order.
pub(super) fn security_schemes(definitions: &Map<String, Value>) -> Map<String, Value> {
    definitions.iter().map(|(name, definition)| (name.clone(), security_scheme(definition))).collect()
}

fn security_scheme(definition: &Value) -> Value {
    let Value::Object(definition) = definition else { return definition.clone() };
    let mut scheme = Map::new();
    for (key, value) in definition {
        if key == "description" || key.starts_with("x-") {
            scheme.insert(key.clone(), value.clone());
        }
    }
    let copy = |scheme: &mut Map<String, Value>, key: &str| {
        if let Some(value) = definition.get(key) {
            scheme.insert(key.to_owned(), value.clone());
        }
    };
    match definition.get("type").and_then(Value::as_str) {
        Some("basic") => {
            scheme.insert("type".to_owned(), json!("http"));
            scheme.insert("scheme".to_owned(), json!("basic"));
        }
        Some("oauth2") => {
            scheme.insert("type".to_owned(), json!("oauth2"));
            scheme.insert("flows".to_owned(), oauth2_flows(definition));
        }
        _ => {
            copy(&mut scheme, "type");
            copy(&mut scheme, "name");
            copy(&mut scheme, "in");
        }
    }
    Value::Object(scheme)
}

/// v2 names one flow per definition; v3 keys flows by a renamed flow name.
fn oauth2_flows(definition: &Map<String, Value>) -> Value {
    let flow = match definition.get("flow").and_then(Value::as_str) {
        Some("accessCode") => "authorizationCode",
        Some("application") => "clientCredentials",
        Some("password") => "password",
        _ => "implicit",
    };
    let mut fields = Map::new();
    fields.insert("scopes".to_owned(), definition.get("scopes").cloned().unwrap_or_else(|| json!({})));
    for key in ["authorizationUrl", "tokenUrl"] {
        if let Some(url) = definition.get(key) {
            fields.insert(key.to_owned(), url.clone());
        }
    }
    json!({ flow: fields })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schemes(definitions: Value) -> Value {
        Value::Object(security_schemes(definitions.as_object().expect("an object")))
    }

    #[test]
    fn api_keys_keep_their_place_and_description() {
        let out = schemes(json!({"BearerToken": {"type": "apiKey", "name": "authorization", "in": "header",
            "description": "a token"}}));
        let expected = json!({"BearerToken": {"type": "apiKey", "name": "authorization", "in": "header",
            "description": "a token"}});
        assert_eq!(out, expected);
    }

    #[test]
    fn basic_becomes_http_basic() {
        assert_eq!(schemes(json!({"b": {"type": "basic"}})), json!({"b": {"type": "http", "scheme": "basic"}}));
    }

    #[test]
    fn oauth2_flow_names_follow_openapi3() {
        let out = schemes(json!({"o": {"type": "oauth2", "flow": "accessCode", "authorizationUrl": "https://a",
            "tokenUrl": "https://t", "scopes": {"read": "reads"}}}));
        let expected = json!({"o": {"type": "oauth2", "flows": {"authorizationCode": {
            "authorizationUrl": "https://a", "tokenUrl": "https://t", "scopes": {"read": "reads"}}}}});
        assert_eq!(out, expected);
        let application = schemes(json!({"o": {"type": "oauth2", "flow": "application", "tokenUrl": "https://t"}}));
        assert_eq!(application["o"]["flows"]["clientCredentials"], json!({"tokenUrl": "https://t", "scopes": {}}));
    }
}
