//! The schemas the cases are built around, shared with kapi-tests' run of the cases on a real server.

use serde_json::{Value, json};

/// A valid root whose `spec` is `spec`.
pub(super) fn with_spec(spec: Value) -> Value {
    json!({"type": "object", "properties": {"spec": spec}})
}

/// A valid root whose `spec` holds one field `name` described by `field`.
pub(super) fn with_field(name: &str, field: Value) -> Value {
    with_spec(json!({"type": "object", "properties": {name: field}}))
}
