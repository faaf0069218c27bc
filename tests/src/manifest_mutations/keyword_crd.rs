//! A CRD schema written for the differential test, using every keyword a structural schema may: types, formats,
//! bounds (inclusive and exclusive), multiples, lengths, patterns, enums, nullables, int-or-string, list types
//! (atomic, set, map with one and two keys), uniqueItems-free sets, map and object property counts, unions
//! (`oneOf`, `anyOf`, `not`), embedded resources, preserved unknown fields and CEL rules.

use serde_json::{Value, json};

/// The schema (`openAPIV3Schema`) of kind `Keywords`.
pub fn keywords_schema() -> Value {
    // Three parts: one `json!` this large exceeds the macro's recursion limit.
    let mut properties = scalar_properties();
    for part in [collection_properties(), rule_properties()] {
        properties.as_object_mut().expect("an object").extend(part.as_object().expect("an object").clone());
    }
    json!({
        "type": "object",
        "properties": {
            "apiVersion": {"type": "string"},
            "kind": {"type": "string"},
            "metadata": {"type": "object"},
            "spec": {
                "type": "object",
                "required": ["name", "replicas"],
                "properties": properties,
                "x-kubernetes-validations": [
                    {"rule": "!has(self.mode) || self.mode != 'Fast' || self.replicas >= 2",
                     "message": "fast mode needs two replicas", "fieldPath": ".replicas"},
                    {"rule": "self.name.size() + self.replicas < 25"},
                ],
            },
        },
    })
}

/// Scalars: types, formats, bounds, lengths, patterns, enums, nullables, int-or-string.
fn scalar_properties() -> Value {
    json!({
                    "name": {"type": "string", "minLength": 3, "maxLength": 20, "pattern": "^[a-z][a-z0-9-]*$"},
                    "replicas": {"type": "integer", "format": "int32", "minimum": 1, "maximum": 10},
                    "ratio": {"type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 1,
                              "exclusiveMaximum": true},
                    "step": {"type": "integer", "multipleOf": 5},
                    "big": {"type": "integer", "format": "int64"},
                    "enabled": {"type": "boolean"},
                    "mode": {"type": "string", "enum": ["Fast", "Safe"]},
                    "level": {"type": "integer", "enum": [1, 2, 3]},
                    "created": {"type": "string", "format": "date-time"},
                    "day": {"type": "string", "format": "date"},
                    "timeout": {"type": "string", "format": "duration"},
                    "payload": {"type": "string", "format": "byte"},
                    "id": {"type": "string", "format": "uuid"},
                    "address": {"type": "string", "format": "ipv4"},
                    "address6": {"type": "string", "format": "ipv6"},
                    "network": {"type": "string", "format": "cidr"},
                    "host": {"type": "string", "format": "hostname"},
                    "mail": {"type": "string", "format": "email"},
                    "link": {"type": "string", "format": "uri"},
                    "note": {"type": "string", "nullable": true, "maxLength": 10},
                    "port": {"x-kubernetes-int-or-string": true},
                    "share": {"x-kubernetes-int-or-string": true, "anyOf": [{"type": "integer"}, {"type": "string"}],
                              "pattern": "^[0-9]+%$"}
    })
}

/// Lists, maps, objects, unions, embedded and preserved objects.
fn collection_properties() -> Value {
    json!({
                    "tags": {"type": "array", "minItems": 1, "maxItems": 4, "x-kubernetes-list-type": "set",
                             "items": {"type": "string", "maxLength": 10}},
                    "args": {"type": "array", "x-kubernetes-list-type": "atomic", "items": {"type": "string"}},
                    "ports": {"type": "array", "maxItems": 8, "x-kubernetes-list-type": "map",
                              "x-kubernetes-list-map-keys": ["name"],
                              "items": {"type": "object", "required": ["name", "number"], "properties": {
                                  "name": {"type": "string", "maxLength": 15},
                                  "number": {"type": "integer", "minimum": 1, "maximum": 65535}}}},
                    "routes": {"type": "array", "x-kubernetes-list-type": "map",
                               "x-kubernetes-list-map-keys": ["host", "path"],
                               "items": {"type": "object", "required": ["host", "path"], "properties": {
                                   "host": {"type": "string"}, "path": {"type": "string"},
                                   "weight": {"type": "integer", "default": 1}}}},
                    "labels": {"type": "object", "maxProperties": 3, "minProperties": 1,
                               "additionalProperties": {"type": "string", "maxLength": 8}},
                    "limits": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
                    "window": {"type": "object", "minProperties": 1, "maxProperties": 2, "properties": {
                        "start": {"type": "integer"}, "end": {"type": "integer"}, "zone": {"type": "string"}}},
                    "source": {"type": "object",
                               "properties": {"git": {"type": "string"}, "image": {"type": "string"}},
                               "oneOf": [{"required": ["git"]}, {"required": ["image"]}]},
                    "contact": {"type": "object",
                                "properties": {"email": {"type": "string"}, "phone": {"type": "string"}},
                                "anyOf": [{"required": ["email"]}, {"required": ["phone"]}]},
                    "access": {"type": "object",
                               "properties": {"user": {"type": "string"}, "anonymous": {"type": "boolean"}},
                               "not": {"required": ["user", "anonymous"]}},
                    "template": {"type": "object", "x-kubernetes-embedded-resource": true,
                                 "x-kubernetes-preserve-unknown-fields": true},
                    "extra": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}
    })
}

/// Fields with CEL rules.
fn rule_properties() -> Value {
    json!({
                    "range": {"type": "object", "required": ["min", "max"], "properties": {
                                  "min": {"type": "integer"}, "max": {"type": "integer"}},
                              "x-kubernetes-validations": [
                                  {"rule": "self.min <= self.max", "message": "min must not exceed max"},
                                  {"rule": "self.max - self.min <= 100",
                                   "messageExpression": "'the range is too wide, from ' + (self.min < 0 ? 'a negative' : 'a positive') + ' minimum'"}]},
                    "image": {"type": "string", "maxLength": 64,
                              "x-kubernetes-validations": [{"rule": "!self.endsWith(':latest')",
                                                            "message": "pin the image"}]},
                    "hosts": {"type": "array", "maxItems": 4, "items": {"type": "string", "maxLength": 64},
                              "x-kubernetes-validations": [{"rule": "self.all(h, h.contains('.'))",
                                                            "message": "hosts are qualified",
                                                            "reason": "FieldValueForbidden"}]}
    })
}
