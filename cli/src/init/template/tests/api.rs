//! Snapshots of what clients see: the OpenAPI v3 document and the discovery of this API, as `build.rs` wrote
//! them. When one fails, the API changed: `cargo insta review` accepts a change you meant.

use std::path::Path;

/// A file in `generated/`.
fn generated(path: &str) -> String {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("generated")
        .join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|error| panic!("{}: {error}", file.display()))
}

#[test]
fn openapi_v3() {
    let document = generated("openapi/v3/apis/kapi-init-name.example.com/v1.json");
    insta::assert_snapshot!("openapi_v3", document);
}

#[test]
fn discovery() {
    // The aggregated discovery of `/apis`: the groups, versions and resources `kubectl api-resources` lists.
    let document = generated("discovery/aggregated_v2.json");
    insta::assert_snapshot!("discovery", document);
}

#[test]
fn crd() {
    // The CustomResourceDefinition `kubectl apply -f` installs in a cluster.
    let document = generated("crds/widgets.kapi-init-name.example.com.yaml");
    insta::assert_snapshot!("crd", document);
}
