//! The swagger 2.0 document against the lossless OpenAPI v3 definitions: v2 drops exactly what the loss report
//! lists, and differs in nothing else apart from the documented rewrites (refs beside their siblings instead of
//! allOf-wrapped, `#/definitions/` refs, scalar choices written `type: string` [+ `format: int-or-string`]).

use crate::common;
use crate::loss_oracle;

use kapi_codegen::openapi_v2::{LossReport, LossRule};
use kapi_codegen::{Conventions, Options, canonical, generate};
use loss_oracle::{assert_loss_report_is_exact, assert_lossless_losses_are_inexpressible};
use serde_json::json;

/// Every served group-version of the test registry under Kubernetes conventions.
fn kubernetes_everywhere() -> Options {
    let registry = common::registry();
    let conventions = registry.served_group_versions().into_iter().map(|gv| (gv, Conventions::Kubernetes)).collect();
    Options { conventions, ..Options::default() }
}

#[test]
fn lossless_v2_drops_only_what_swagger_2_cannot_say() {
    let artifacts = generate(&common::registry(), &Options::default()).expect("generate");
    assert_loss_report_is_exact(&artifacts);
    let report = LossReport::from_artifacts(&artifacts).expect("loss report");
    assert_eq!(assert_lossless_losses_are_inexpressible(&artifacts, |_| true), report.entries().len());
    let summary = report.summary_line();
    for keyword in ["oneOf", "anyOf", "not", "nullable", "writeOnly", "deprecated"] {
        assert!(summary.contains(keyword), "{keyword} missing from {summary}");
    }
    // `default` and `enum` are swagger 2.0 keywords: kept.
    let swagger = common::json_of(&artifacts, "openapi/v2/swagger.json");
    let text = swagger["definitions"].to_string();
    assert!(text.contains("\"default\"") && text.contains("\"enum\""), "v2 lost defaults or enums");
}

#[test]
fn kubernetes_v2_strips_what_kube_apiserver_strips() {
    let artifacts = generate(&common::registry(), &kubernetes_everywhere()).expect("generate");
    assert_loss_report_is_exact(&artifacts);
    let report = LossReport::from_artifacts(&artifacts).expect("loss report");
    let defaults: Vec<_> = report.entries().iter().filter(|e| e.keyword.as_str() == "default").collect();
    assert!(!defaults.is_empty(), "{}", report.summary_line());
    assert!(defaults.iter().all(|e| e.rule == LossRule::KubernetesV2));
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

#[test]
fn the_document_assembled_from_units_is_the_whole_document_rendered_at_once() {
    for options in [Options::default(), kubernetes_everywhere()] {
        let artifacts = generate(&common::registry(), &options).expect("generate");
        let (whole, report) = kapi_codegen::openapi_v2::document(&common::registry(), &options).expect("document");
        let assembled = artifacts.get("openapi/v2/swagger.json").expect("swagger");
        assert_eq!(String::from_utf8_lossy(assembled), String::from_utf8_lossy(&canonical::to_canonical_json(&whole)));
        assert_eq!(LossReport::from_artifacts(&artifacts).expect("loss report"), report);
    }
}
