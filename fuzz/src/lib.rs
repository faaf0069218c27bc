//! What several fuzz targets share: the project's generated bundle, JSON documents built by `arbitrary`, and a
//! protobuf wire-format check for encoder output.

use std::collections::BTreeMap;
use std::path::Path;

use arbitrary::Arbitrary;
use serde_json::{Map, Number, Value};

/// The repository's `generated/` bundle, without what `kapi serve` does not serve (JSON Schema, CRDs).
pub fn generated_bundle_files() -> BTreeMap<String, Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated");
    let files = kapi_runtime::read_tree(&dir).expect("the repository's generated/ bundle reads");
    files.into_iter().filter(|(path, _)| !path.starts_with("jsonschema/") && !path.starts_with("crds/")).collect()
}

/// Keys the OpenAPI and Kubernetes documents use, so generated objects reach past the first "unknown key" check.
const KEYS: &[&str] = &[
    "swagger",
    "openapi",
    "info",
    "title",
    "version",
    "paths",
    "definitions",
    "components",
    "schemas",
    "type",
    "properties",
    "items",
    "$ref",
    "description",
    "format",
    "required",
    "additionalProperties",
    "allOf",
    "oneOf",
    "anyOf",
    "not",
    "enum",
    "default",
    "example",
    "get",
    "put",
    "post",
    "delete",
    "parameters",
    "responses",
    "in",
    "name",
    "schema",
    "content",
    "application/json",
    "200",
    "x-kubernetes-group-version-kind",
    "securityDefinitions",
    "security",
    "tags",
    "servers",
    "url",
    "minimum",
    "maximum",
    "pattern",
    "nullable",
    "discriminator",
    "headers",
    "x-kubernetes-list-type",
    "x-kubernetes-patch-strategy",
    "basePath",
    "consumes",
    "produces",
    "operationId",
];

/// Deeper documents than serde_json's parser accepts (128 levels) never reach the encoders in kapi.
const MAX_DEPTH: usize = 100;

/// A JSON document as `arbitrary` builds it.
#[derive(Debug, Arbitrary)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float; NaN and infinities (not JSON) become `null`.
    Float(f64),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, keys often taken from OpenAPI's vocabulary.
    Object(Vec<(Key, Json)>),
}

/// An object key: one of [`KEYS`], or any string.
#[derive(Debug, Arbitrary)]
pub enum Key {
    /// `KEYS[index % KEYS.len()]`.
    Known(u8),
    /// Any string.
    Other(String),
}

impl Json {
    /// The `serde_json::Value`, cut to [`MAX_DEPTH`] levels.
    pub fn to_value(&self) -> Value {
        self.at_depth(0)
    }

    fn at_depth(&self, depth: usize) -> Value {
        if depth >= MAX_DEPTH {
            return Value::Null;
        }
        match self {
            Self::Null => Value::Null,
            Self::Bool(b) => Value::Bool(*b),
            Self::Int(i) => Value::Number((*i).into()),
            Self::Float(f) => Number::from_f64(*f).map_or(Value::Null, Value::Number),
            Self::String(s) => Value::String(s.clone()),
            Self::Array(items) => Value::Array(items.iter().map(|item| item.at_depth(depth + 1)).collect()),
            Self::Object(entries) => {
                let mut map = Map::new();
                for (key, value) in entries {
                    let key = match key {
                        Key::Known(index) => KEYS[usize::from(*index) % KEYS.len()].to_owned(),
                        Key::Other(text) => text.clone(),
                    };
                    map.insert(key, value.at_depth(depth + 1));
                }
                Value::Object(map)
            }
        }
    }
}

/// Checks that `bytes` are a well-formed protobuf message at the top level: every field has a known wire type,
/// a non-zero field number, and lies wholly inside the buffer.
pub fn check_protobuf_wire(mut bytes: &[u8]) -> Result<(), String> {
    while !bytes.is_empty() {
        let key = varint(&mut bytes)?;
        if key >> 3 == 0 {
            return Err("field number 0".to_owned());
        }
        let skip = match key & 7 {
            0 => {
                varint(&mut bytes)?;
                0
            }
            1 => 8,
            2 => usize::try_from(varint(&mut bytes)?).map_err(|_| "length overflows".to_owned())?,
            5 => 4,
            other => return Err(format!("wire type {other}")),
        };
        bytes = bytes.get(skip..).ok_or_else(|| format!("a field of {skip} bytes runs past the end"))?;
    }
    Ok(())
}

fn varint(bytes: &mut &[u8]) -> Result<u64, String> {
    let mut value = 0u64;
    for shift in (0..70).step_by(7) {
        let (&byte, rest) = bytes.split_first().ok_or("a varint runs past the end")?;
        *bytes = rest;
        if shift == 63 && byte > 1 {
            return Err("a varint overflows 64 bits".to_owned());
        }
        value |= u64::from(byte & 0x7f) << shift;
        if byte & 0x80 == 0 {
            return Ok(value);
        }
    }
    Err("a varint longer than 10 bytes".to_owned())
}
