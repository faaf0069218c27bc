//! `kapi serve` serving the OpenAPI 3.1 documents over a real socket: from the embedded corpus, and from a model
//! with a group-version switched off, which leaves it out of 3.1 as out of 3.0.

use crate::common;

use common::Server;

/// The `serverRelativeURL` a root lists for `key`.
fn listed(root: &str, key: &str) -> String {
    let root: serde_json::Value = serde_json::from_str(root).expect("the root is JSON");
    root["paths"][key]["serverRelativeURL"].as_str().unwrap_or_default().to_owned()
}

#[test]
fn serves_the_embedded_3_1_documents_beside_the_3_0_ones() {
    let server = Server::kapi_serve(&[]);
    let (code, root) = server.get("/openapi/v3.1", "application/json");
    assert_eq!(code, 200, "{root}");
    let url = listed(&root, "apis/apps/v1");
    assert!(url.starts_with("/openapi/v3.1/apis/apps/v1?hash="), "{root}");
    let (code, head, body) = server.get_with(&url, &[("Accept", "application/json")]);
    assert_eq!(code, 200, "{head}");
    assert!(head.to_ascii_lowercase().contains("cache-control: public, immutable"), "{head}");
    let document: serde_json::Value = serde_json::from_str(&body).expect("the document is JSON");
    assert_eq!(document["openapi"], "3.1.0");
    let (code, v3) = server.get("/openapi/v3/apis/apps/v1", "application/json");
    assert_eq!(code, 200);
    assert!(v3.contains("\"openapi\": \"3.0.0\""), "/openapi/v3 still serves 3.0");
    let (code, stale) = server.get("/openapi/v3.1/apis/apps/v1?hash=0000", "application/json");
    assert_eq!(code, 301, "{stale}");
}

#[test]
fn a_group_version_switched_off_is_left_out_of_3_1_too() {
    let server = Server::kapi_serve(&["--runtime-config", "stable.example.com/v1=false"]);
    let (code, root) = server.get("/openapi/v3.1", "application/json");
    assert_eq!(code, 200, "{root}");
    assert_eq!(listed(&root, "apis/stable.example.com/v1"), "", "{root}");
    assert!(listed(&root, "apis/coordination.k8s.io/v1").starts_with("/openapi/v3.1/"), "{root}");
    assert_eq!(server.get("/openapi/v3.1/apis/stable.example.com/v1", "application/json").0, 404);
}
