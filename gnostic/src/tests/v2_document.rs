//! A realistic swagger document survives encoding, read back through the upstream `openapi.v2` descriptor.

use super::dynamic::{decode, entry, extension_yaml, list, message, messages, names, string};
use crate::openapi_v2_protobuf;
use prost_reflect::{DynamicMessage, Value};
use serde_json::{Value as Json, json};

/// A swagger document shaped like kube-apiserver's: a kind with its GVK, a list, `$ref`s, arrays, maps, enums,
/// defaults, a body parameter, query and path parameters, and the bearer-token security scheme.
pub(super) fn swagger() -> Json {
    json!({
        "swagger": "2.0",
        "info": {"title": "Kubernetes", "version": "v1.32.0"},
        "paths": {
            "/apis/stable.example.com/v1/namespaces/{namespace}/crontabs": {
                "parameters": [
                    {"name": "namespace", "in": "path", "required": true, "type": "string", "uniqueItems": true},
                    {"name": "pretty", "in": "query", "type": "string", "uniqueItems": true}
                ],
                "post": {
                    "consumes": ["*/*"],
                    "produces": ["application/json", "application/yaml"],
                    "schemes": ["https"],
                    "tags": ["stable_v1"],
                    "operationId": "createNamespacedCronTab",
                    "parameters": [
                        {"name": "body", "in": "body", "required": true,
                         "schema": {"$ref": "#/definitions/com.example.stable.v1.CronTab"}},
                        {"name": "dryRun", "in": "query", "type": "string", "uniqueItems": true}
                    ],
                    "responses": {
                        "200": {"description": "OK", "schema": {"$ref": "#/definitions/com.example.stable.v1.CronTab"}},
                        "401": {"description": "Unauthorized"}
                    },
                    "x-kubernetes-action": "post",
                    "x-kubernetes-group-version-kind":
                        {"group": "stable.example.com", "kind": "CronTab", "version": "v1"}
                }
            }
        },
        "definitions": {
            "com.example.stable.v1.CronTabSpec": {
                "description": "What to run and when.",
                "type": "object",
                "required": ["cronSpec"],
                "properties": {
                    "cronSpec": {"type": "string", "pattern": "^(\\S+\\s+){4}\\S+$"},
                    "replicas": {"type": "integer", "format": "int32", "default": 1, "minimum": 0, "maximum": 10},
                    "policy": {"type": "string", "enum": ["Allow", "Forbid"], "default": "Allow"},
                    "ports": {
                        "type": "array",
                        "items": {"$ref": "#/definitions/com.example.stable.v1.CronTabPort"},
                        "x-kubernetes-list-map-keys": ["port", "protocol"],
                        "x-kubernetes-list-type": "map"
                    },
                    "labels": {"type": "object", "additionalProperties": {"type": "string", "default": ""}},
                    "config": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}
                }
            },
            "com.example.stable.v1.CronTab": {
                "description": "A container image run on a cron schedule.",
                "type": "object",
                "properties": {
                    "apiVersion": {"type": "string"},
                    "kind": {"type": "string"},
                    "metadata": {"$ref": "#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"},
                    "spec": {"$ref": "#/definitions/com.example.stable.v1.CronTabSpec"}
                },
                "x-kubernetes-group-version-kind": [{"group": "stable.example.com", "kind": "CronTab", "version": "v1"}]
            },
            "com.example.stable.v1.CronTabPort": {
                "type": "object",
                "properties": {"port": {"type": "integer", "format": "int32"}, "protocol": {"type": "string"}},
                "additionalProperties": false
            },
            "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta": {
                "type": "object",
                "properties": {"name": {"type": "string"}}
            }
        },
        "securityDefinitions": {
            "BearerToken": {
                "description": "Bearer Token authentication", "in": "header", "name": "authorization", "type": "apiKey"
            }
        },
        "security": [{"BearerToken": []}]
    })
}

fn encoded_document() -> DynamicMessage {
    let bytes = openapi_v2_protobuf(&swagger()).expect("the swagger document encodes");
    decode(&bytes, "openapi.v2.Document")
}

/// The schema of the definition `name`.
fn definition(document: &DynamicMessage, name: &str) -> DynamicMessage {
    entry(&message(document, "definitions"), "additional_properties", name)
}

/// The schema of property `name` of `schema`.
fn property(schema: &DynamicMessage, name: &str) -> DynamicMessage {
    entry(&message(schema, "properties"), "additional_properties", name)
}

fn types(schema: &DynamicMessage) -> Vec<Value> {
    list(&message(schema, "type"), "value")
}

#[test]
fn gnostic_v2_kind_keeps_its_group_version_kind_extension_as_yaml() {
    let document = encoded_document();
    let crontab = definition(&document, "com.example.stable.v1.CronTab");
    let gvk = extension_yaml(&crontab, "vendor_extension", "x-kubernetes-group-version-kind");
    assert_eq!(gvk, "- group: stable.example.com\n  kind: CronTab\n  version: v1\n");
    assert_eq!(string(&crontab, "description"), "A container image run on a cron schedule.");
    assert_eq!(types(&crontab), [Value::String("object".into())]);
}

#[test]
fn gnostic_v2_definitions_are_sorted_and_refs_survive() {
    let document = encoded_document();
    let defs = names(&message(&document, "definitions"), "additional_properties");
    let mut sorted = defs.clone();
    sorted.sort();
    assert_eq!(defs, sorted);
    let crontab = definition(&document, "com.example.stable.v1.CronTab");
    assert_eq!(
        names(&message(&crontab, "properties"), "additional_properties"),
        ["apiVersion", "kind", "metadata", "spec"]
    );
    assert_eq!(string(&property(&crontab, "spec"), "_ref"), "#/definitions/com.example.stable.v1.CronTabSpec");
    let ports = property(&definition(&document, "com.example.stable.v1.CronTabSpec"), "ports");
    let items = messages(&message(&ports, "items"), "schema");
    assert_eq!(items.len(), 1, "an array has exactly one items schema");
    assert_eq!(string(&items[0], "_ref"), "#/definitions/com.example.stable.v1.CronTabPort");
    assert_eq!(extension_yaml(&ports, "vendor_extension", "x-kubernetes-list-map-keys"), "- port\n- protocol\n");
}

#[test]
fn gnostic_v2_maps_enums_defaults_and_limits_survive() {
    let document = encoded_document();
    let spec = definition(&document, "com.example.stable.v1.CronTabSpec");
    let labels = message(&property(&spec, "labels"), "additional_properties");
    assert_eq!(types(&message(&labels, "schema")), [Value::String("string".into())]);
    let port = definition(&document, "com.example.stable.v1.CronTabPort");
    assert_eq!(
        message(&port, "additional_properties").get_field_by_name("boolean").as_deref(),
        Some(&Value::Bool(false))
    );
    let policy = property(&spec, "policy");
    let members: Vec<String> = messages(&policy, "enum").iter().map(|any| string(any, "yaml")).collect();
    assert_eq!(members, ["Allow\n", "Forbid\n"]);
    assert_eq!(string(&message(&policy, "default"), "yaml"), "Allow\n");
    let replicas = property(&spec, "replicas");
    assert_eq!(replicas.get_field_by_name("maximum").as_deref(), Some(&Value::F64(10.0)));
    assert_eq!(string(&message(&replicas, "default"), "yaml"), "1\n");
    assert_eq!(list(&spec, "required"), [Value::String("cronSpec".into())]);
}

#[test]
fn gnostic_v2_paths_parameters_responses_and_security_survive() {
    let document = encoded_document();
    let paths = message(&document, "paths");
    let item = entry(&paths, "path", "/apis/stable.example.com/v1/namespaces/{namespace}/crontabs");
    let shared = messages(&item, "parameters");
    let path_param =
        message(&message(&message(&shared[0], "parameter"), "non_body_parameter"), "path_parameter_sub_schema");
    assert_eq!(string(&path_param, "name"), "namespace");
    let post = message(&item, "post");
    assert_eq!(string(&post, "operation_id"), "createNamespacedCronTab");
    let body = message(&message(&messages(&post, "parameters")[0], "parameter"), "body_parameter");
    assert_eq!(string(&message(&body, "schema"), "_ref"), "#/definitions/com.example.stable.v1.CronTab");
    let ok = entry(&message(&post, "responses"), "response_code", "200");
    assert_eq!(string(&message(&ok, "response"), "description"), "OK");
    let gvk = extension_yaml(&post, "vendor_extension", "x-kubernetes-group-version-kind");
    assert_eq!(gvk, "group: stable.example.com\nkind: CronTab\nversion: v1\n");
    let scheme = entry(&message(&document, "security_definitions"), "additional_properties", "BearerToken");
    assert_eq!(string(&message(&scheme, "api_key_security"), "name"), "authorization");
    assert_eq!(names(&messages(&document, "security")[0], "additional_properties"), ["BearerToken"]);
}
