//! The swagger 2.0 document against the lossless OpenAPI v3 definitions: v2 drops exactly what the loss report
//! lists, and differs in nothing else apart from the documented rewrites (refs beside their siblings instead of
//! allOf-wrapped, `#/definitions/` refs, scalar choices written `type: string` [+ `format: int-or-string`]).

mod common;
mod loss_oracle;

use kapi_codegen::openapi_v2::LossReport;
use kapi_codegen::{Options, generate};
use loss_oracle::assert_loss_report_is_exact;
use serde_json::json;

#[test]
fn v2_drops_exactly_what_the_loss_report_lists() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    assert_loss_report_is_exact(&artifacts);
    let summary = LossReport::from_artifacts(&artifacts).expect("loss report").summary_line();
    for keyword in ["default", "oneOf", "anyOf", "not", "nullable", "writeOnly", "deprecated"] {
        assert!(summary.contains(keyword), "{keyword} missing from {summary}");
    }
}

#[test]
fn v2_writes_operations_in_swagger_form() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    let swagger = common::json_of(&artifacts, "openapi/v2/swagger.json");
    assert_eq!(swagger["swagger"], json!("2.0"));
    assert_eq!(swagger["security"], json!([{"BearerToken": []}]));
    assert_eq!(swagger["securityDefinitions"]["BearerToken"]["in"], json!("header"));

    let collection = &swagger["paths"]["/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases"];
    let create = &collection["post"];
    assert_eq!(create["consumes"], json!(["*/*"]));
    assert_eq!(
        create["produces"],
        json!(["application/cbor", "application/json", "application/vnd.kubernetes.protobuf", "application/yaml"])
    );
    let body =
        create["parameters"].as_array().expect("parameters").iter().find(|p| p["in"] == json!("body")).expect("body");
    assert_eq!(
        body,
        &json!({"in": "body", "name": "body", "required": true, "schema": {"$ref": "#/definitions/io.k8s.api.coordination.v1.Lease"}})
    );
    assert_eq!(create["responses"]["201"]["schema"], json!({"$ref": "#/definitions/io.k8s.api.coordination.v1.Lease"}));
    assert_eq!(create["responses"]["401"], json!({"description": "Unauthorized"}));
    let namespace = collection["parameters"]
        .as_array()
        .expect("shared")
        .iter()
        .find(|p| p["name"] == json!("namespace"))
        .expect("ns");
    assert_eq!(namespace["type"], json!("string"));
    assert_eq!(namespace["required"], json!(true));
    assert_eq!(namespace["uniqueItems"], json!(true));
    assert!(namespace.get("schema").is_none());

    let patch = &swagger["paths"]["/apis/apps/v1/namespaces/{namespace}/deployments/{name}/scale"]["patch"];
    assert_eq!(patch["consumes"].as_array().map(Vec::len), Some(5));
    assert_eq!(
        patch["x-kubernetes-group-version-kind"],
        json!({"group": "autoscaling", "kind": "Scale", "version": "v1"})
    );

    // Every reference resolves, and nothing is allOf-wrapped.
    let text = serde_json::to_string(&swagger).expect("text");
    assert!(!text.contains("#/components/"));
    for target in text.split("\"$ref\":\"#/definitions/").skip(1).filter_map(|rest| rest.split('"').next()) {
        assert!(swagger["definitions"].get(target).is_some(), "dangling {target}");
    }
    assert!(!text.contains("\"allOf\""));
}
