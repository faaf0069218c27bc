//! A realistic OpenAPI 3 document survives encoding, read back through the upstream `openapi.v3` descriptor.

use super::dynamic::{decode, entry, extension_yaml, list, message, messages, names, string};
use crate::openapi_v3_protobuf;
use prost_reflect::{DynamicMessage, Value};
use serde_json::{Value as Json, json};

/// A group-version document shaped like kube-apiserver's `/openapi/v3/apis/<g>/<v>`: `allOf`-wrapped references
/// with defaults, `nullable`, `oneOf`/`anyOf`, object and scalar defaults, request bodies and media types.
pub(super) fn group_version() -> Json {
    json!({
        "openapi": "3.0.0",
        "info": {"title": "Kubernetes", "version": "v1.32.0"},
        "paths": {
            "/apis/stable.example.com/v1/namespaces/{namespace}/crontabs/{name}": {
                "parameters": [
                    {"name": "name", "in": "path", "required": true, "schema": {"type": "string", "uniqueItems": true}}
                ],
                "put": {
                    "tags": ["stable_v1"],
                    "operationId": "replaceNamespacedCronTab",
                    "requestBody": {
                        "required": true,
                        "content": {"*/*": {"schema": {"$ref": "#/components/schemas/com.example.stable.v1.CronTab"}}}
                    },
                    "responses": {
                        "200": {
                            "description": "OK",
                            "content": {
                                "application/json":
                                    {"schema": {"$ref": "#/components/schemas/com.example.stable.v1.CronTab"}}
                            }
                        }
                    },
                    "x-kubernetes-action": "put"
                }
            }
        },
        "components": {
            "schemas": {
                "com.example.stable.v1.CronTab": {
                    "type": "object",
                    "description": "A container image run on a cron schedule.",
                    "properties": {
                        "metadata": {
                            "allOf": [{"$ref": "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"}],
                            "default": {},
                            "description": "The object's metadata."
                        },
                        "spec": {"$ref": "#/components/schemas/com.example.stable.v1.CronTabSpec"}
                    },
                    "x-kubernetes-group-version-kind":
                        [{"group": "stable.example.com", "kind": "CronTab", "version": "v1"}]
                },
                "com.example.stable.v1.CronTabSpec": {
                    "type": "object",
                    "required": ["cronSpec"],
                    "properties": {
                        "cronSpec": {"type": "string", "default": ""},
                        "replicas": {"type": "integer", "format": "int32", "default": 1},
                        "suspend": {"type": "boolean", "default": false, "nullable": true},
                        "backoff": {
                            "oneOf": [
                                {"type": "integer"},
                                {"$ref": "#/components/schemas/com.example.stable.v1.Exponential"}
                            ]
                        },
                        "maxUnavailable": {
                            "anyOf": [{"type": "integer"}, {"type": "string"}],
                            "x-kubernetes-int-or-string": true
                        },
                        "ports": {
                            "type": "array",
                            "items": {
                                "default": {},
                                "allOf": [{"$ref": "#/components/schemas/com.example.stable.v1.Port"}]
                            },
                            "x-kubernetes-list-type": "atomic"
                        },
                        "labels": {"type": "object", "additionalProperties": {"type": "string", "default": ""}}
                    }
                },
                "com.example.stable.v1.Exponential": {"type": "object", "properties": {"factor": {"type": "number"}}},
                "com.example.stable.v1.Port": {"type": "object", "additionalProperties": false},
                "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta": {"type": "object"}
            },
            "securitySchemes": {
                "BearerToken": {
                    "type": "apiKey", "description": "Bearer Token authentication",
                    "name": "authorization", "in": "header"
                }
            }
        }
    })
}

fn encoded_document() -> DynamicMessage {
    let bytes = openapi_v3_protobuf(&group_version()).expect("the group-version document encodes");
    decode(&bytes, "openapi.v3.Document")
}

/// The inline schema inside a `SchemaOrReference`.
fn inline(schema_or_reference: &DynamicMessage) -> DynamicMessage {
    message(schema_or_reference, "schema")
}

fn component(document: &DynamicMessage, name: &str) -> DynamicMessage {
    inline(&entry(&message(&message(document, "components"), "schemas"), "additional_properties", name))
}

fn property(schema: &DynamicMessage, name: &str) -> DynamicMessage {
    entry(&message(schema, "properties"), "additional_properties", name)
}

fn reference_of(schema_or_reference: &DynamicMessage) -> String {
    string(&message(schema_or_reference, "reference"), "_ref")
}

#[test]
fn gnostic_v3_kind_keeps_its_group_version_kind_extension_as_yaml() {
    let document = encoded_document();
    assert_eq!(string(&document, "openapi"), "3.0.0");
    let crontab = component(&document, "com.example.stable.v1.CronTab");
    let gvk = extension_yaml(&crontab, "specification_extension", "x-kubernetes-group-version-kind");
    assert_eq!(gvk, "- group: stable.example.com\n  kind: CronTab\n  version: v1\n");
    let schemas = names(&message(&message(&document, "components"), "schemas"), "additional_properties");
    let mut sorted = schemas.clone();
    sorted.sort();
    assert_eq!(schemas, sorted);
}

#[test]
fn gnostic_v3_references_and_all_of_wrappers_survive() {
    let document = encoded_document();
    let crontab = component(&document, "com.example.stable.v1.CronTab");
    assert_eq!(reference_of(&property(&crontab, "spec")), "#/components/schemas/com.example.stable.v1.CronTabSpec");
    let metadata = inline(&property(&crontab, "metadata"));
    let all_of = messages(&metadata, "all_of");
    assert_eq!(reference_of(&all_of[0]), "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta");
    // `default: {}` has no slot in DefaultType; gnostic still marks the default as present.
    assert!(metadata.has_field_by_name("default"));
    assert_eq!(message(&metadata, "default").fields().count(), 0);
    let spec = component(&document, "com.example.stable.v1.CronTabSpec");
    let items = messages(&message(&inline(&property(&spec, "ports")), "items"), "schema_or_reference");
    assert_eq!(items.len(), 1);
    assert_eq!(
        reference_of(&messages(&inline(&items[0]), "all_of")[0]),
        "#/components/schemas/com.example.stable.v1.Port"
    );
}

#[test]
fn gnostic_v3_nullable_one_of_any_of_and_defaults_survive() {
    let document = encoded_document();
    let spec = component(&document, "com.example.stable.v1.CronTabSpec");
    let suspend = inline(&property(&spec, "suspend"));
    assert_eq!(suspend.get_field_by_name("nullable").as_deref(), Some(&Value::Bool(true)));
    assert_eq!(message(&suspend, "default").get_field_by_name("boolean").as_deref(), Some(&Value::Bool(false)));
    let replicas = inline(&property(&spec, "replicas"));
    assert_eq!(message(&replicas, "default").get_field_by_name("number").as_deref(), Some(&Value::F64(1.0)));
    let cron = inline(&property(&spec, "cronSpec"));
    assert_eq!(message(&cron, "default").get_field_by_name("string").as_deref(), Some(&Value::String(String::new())));
    let backoff = inline(&property(&spec, "backoff"));
    assert_eq!(messages(&backoff, "one_of").len(), 2);
    let max_unavailable = inline(&property(&spec, "maxUnavailable"));
    assert_eq!(messages(&max_unavailable, "any_of").len(), 2);
    assert_eq!(extension_yaml(&max_unavailable, "specification_extension", "x-kubernetes-int-or-string"), "true\n");
    let labels = message(&inline(&property(&spec, "labels")), "additional_properties");
    assert_eq!(string(&inline(&message(&labels, "schema_or_reference")), "type"), "string");
    assert_eq!(list(&spec, "required"), [Value::String("cronSpec".into())]);
}

#[test]
fn gnostic_v3_paths_bodies_and_security_schemes_survive() {
    let document = encoded_document();
    let paths = message(&document, "paths");
    let item = entry(&paths, "path", "/apis/stable.example.com/v1/namespaces/{namespace}/crontabs/{name}");
    let put = message(&item, "put");
    assert_eq!(string(&put, "operation_id"), "replaceNamespacedCronTab");
    let body = message(&message(&put, "request_body"), "request_body");
    let media = entry(&message(&body, "content"), "additional_properties", "*/*");
    assert_eq!(reference_of(&message(&media, "schema")), "#/components/schemas/com.example.stable.v1.CronTab");
    let ok = entry(&message(&put, "responses"), "response_or_reference", "200");
    assert_eq!(string(&message(&ok, "response"), "description"), "OK");
    let param = message(&messages(&item, "parameters")[0], "parameter");
    assert_eq!(string(&param, "in"), "path");
    let schemes = message(&message(&document, "components"), "security_schemes");
    let bearer = message(&entry(&schemes, "additional_properties", "BearerToken"), "security_scheme");
    assert_eq!(string(&bearer, "type"), "apiKey");
}
