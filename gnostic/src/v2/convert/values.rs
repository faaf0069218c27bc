//! The small pieces every converter uses: free-form values as YAML, extensions, external docs and `$ref`s.

use crate::reader::{Obj, Problems};
use crate::v2::messages::{Any, ExternalDocs, JsonReference, NamedAny};
use crate::yaml::to_yaml;
use serde_json::Value;

/// A free-form value as gnostic stores it: YAML text, no parsed value.
pub(super) fn any(value: &Value) -> Any {
    Any { value: None, yaml: to_yaml(value) }
}

/// The `x-` keys of `object`, sorted.
pub(super) fn extensions(object: &Obj<'_>) -> Vec<NamedAny> {
    object.extensions().into_iter().map(|(name, value)| named_any(name.to_owned(), value)).collect()
}

pub(super) fn named_any(name: String, value: &Value) -> NamedAny {
    NamedAny { name, value: Some(any(value)) }
}

/// The free-form value under `key`, if present.
pub(super) fn optional_any(object: &Obj<'_>, key: &str) -> Option<Any> {
    object.get(key).map(any)
}

/// The list under `key` as free-form values (an `enum`).
pub(super) fn anys(problems: &mut Problems, object: &Obj<'_>, key: &str) -> Vec<Any> {
    object.list(problems, key).iter().map(any).collect()
}

/// Converts an `externalDocs` object.
pub(super) fn external_docs(problems: &mut Problems, o: &Obj<'_>) -> ExternalDocs {
    o.check_keys(problems, &["description", "url"], &["url"]);
    ExternalDocs {
        description: o.string(problems, "description"),
        url: o.string(problems, "url"),
        vendor_extension: extensions(o),
    }
}

/// Converts a `{"$ref": ...}` object.
pub(super) fn json_reference(problems: &mut Problems, value: &Value, path: String) -> JsonReference {
    let Some(o) = Obj::new(problems, value, path, "a reference") else { return JsonReference::default() };
    o.check_keys_without_extensions(problems, &["$ref", "description"], &["$ref"]);
    JsonReference { _ref: o.string(problems, "$ref"), description: o.string(problems, "description") }
}
