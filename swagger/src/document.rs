//! Rule 8: the document frame. Every group-version document says `openapi: 3.0.0`, carries the v2 `info`, the
//! security schemes and requirements, tags and extensions, and `servers` in place of `host`/`basePath`/`schemes`.

use serde_json::{Map, Value, json};

use super::security::security_schemes;

/// The OpenAPI version every converted document declares.
pub(super) const OPENAPI_VERSION: &str = "3.0.0";
/// Top-level v2 keys copied unchanged into every document.
const KEPT: &[&str] = &["security", "tags", "externalDocs"];

/// The parts of the v2 document every group-version document repeats.
#[derive(Debug)]
pub(super) struct Frame {
    top_level: Map<String, Value>,
    security_schemes: Map<String, Value>,
}

impl Frame {
    /// The frame of swagger 2.0 document `root`.
    pub fn new(root: &Map<String, Value>) -> Self {
        let mut top_level = Map::new();
        top_level.insert("openapi".to_owned(), json!(OPENAPI_VERSION));
        // OpenAPI 3.0 requires `info` with a title and a version.
        let info = root.get("info").cloned().unwrap_or_else(|| json!({"title": "", "version": ""}));
        top_level.insert("info".to_owned(), info);
        for (key, value) in root {
            if KEPT.contains(&key.as_str()) || key.starts_with("x-") {
                top_level.insert(key.clone(), value.clone());
            }
        }
        if let Some(servers) = servers(root) {
            top_level.insert("servers".to_owned(), servers);
        }
        let definitions = root.get("securityDefinitions").and_then(Value::as_object);
        let security_schemes = definitions.map(security_schemes).unwrap_or_default();
        Self { top_level, security_schemes }
    }

    /// One document: this frame around `paths` and component `schemas`.
    pub fn document(&self, paths: Map<String, Value>, schemas: Map<String, Value>) -> Value {
        let mut components = Map::new();
        components.insert("schemas".to_owned(), Value::Object(schemas));
        if !self.security_schemes.is_empty() {
            components.insert("securitySchemes".to_owned(), Value::Object(self.security_schemes.clone()));
        }
        let mut document = self.top_level.clone();
        document.insert("paths".to_owned(), Value::Object(paths));
        document.insert("components".to_owned(), Value::Object(components));
        Value::Object(document)
    }
}

/// `host`, `basePath` and `schemes` as server URLs, one per scheme; `None` when the document names neither a
/// host nor a base path (the paths are then relative to wherever the document was fetched).
fn servers(root: &Map<String, Value>) -> Option<Value> {
    let host = root.get("host").and_then(Value::as_str);
    let base_path = root.get("basePath").and_then(Value::as_str).unwrap_or_default();
    if host.is_none() && base_path.is_empty() {
        return None;
    }
    let Some(host) = host else { return Some(json!([{ "url": base_path }])) };
    let schemes: Vec<&str> = root
        .get("schemes")
        .and_then(Value::as_array)
        .map(|list| list.iter().filter_map(Value::as_str).collect())
        .filter(|list: &Vec<&str>| !list.is_empty())
        .unwrap_or_else(|| vec!["https"]);
    Some(schemes.iter().map(|scheme| json!({ "url": format!("{scheme}://{host}{base_path}") })).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(root: Value) -> Frame {
        Frame::new(root.as_object().expect("an object"))
    }

    #[test]
    fn the_frame_declares_openapi3_and_keeps_info_security_and_extensions() {
        let frame = frame(json!({
            "swagger": "2.0", "info": {"title": "Kubernetes", "version": "v1.32"},
            "security": [{"BearerToken": []}], "x-origin": "kapi", "definitions": {"A": {}},
            "securityDefinitions": {"BearerToken": {"type": "apiKey", "name": "authorization", "in": "header"}},
        }));
        let document = frame.document(Map::new(), Map::new());
        assert_eq!(document["openapi"], "3.0.0");
        assert_eq!(document["info"], json!({"title": "Kubernetes", "version": "v1.32"}));
        assert_eq!(document["security"], json!([{"BearerToken": []}]));
        assert_eq!(document["x-origin"], "kapi");
        assert_eq!(document["components"]["securitySchemes"]["BearerToken"]["type"], "apiKey");
        for gone in ["swagger", "definitions", "securityDefinitions"] {
            assert!(document.get(gone).is_none(), "{gone} is v2 only");
        }
    }

    #[test]
    fn a_document_without_info_gets_the_required_fields() {
        let document = frame(json!({"swagger": "2.0"})).document(Map::new(), Map::new());
        assert_eq!(document["info"], json!({"title": "", "version": ""}));
        assert!(document["components"].get("securitySchemes").is_none());
    }

    #[test]
    fn host_base_path_and_schemes_become_servers() {
        let with_host = frame(json!({"host": "k.example", "basePath": "/base", "schemes": ["http", "https"]}));
        let servers = &with_host.document(Map::new(), Map::new())["servers"];
        assert_eq!(servers, &json!([{"url": "http://k.example/base"}, {"url": "https://k.example/base"}]));
        let relative = frame(json!({"basePath": "/base"})).document(Map::new(), Map::new());
        assert_eq!(relative["servers"], json!([{"url": "/base"}]));
        assert!(frame(json!({})).document(Map::new(), Map::new()).get("servers").is_none());
    }
}
