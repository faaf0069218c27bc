//! The small pieces every converter uses: free-form values as YAML, extensions, string maps, external docs, and
//! `$ref`s with the macro that tells a reference from the object an `...OrReference` otherwise holds.

use crate::reader::{Obj, Problems, kind_of};
use crate::v3::messages::{Any, ExternalDocs, NamedAny, NamedString, Reference, Strings};
use crate::yaml::to_yaml;
use serde_json::Value;

/// Defines `$name`, converting a value into `$or`: a `Reference` when it has `$ref`, otherwise what `$convert`
/// makes of it (the `$variant` choice of the oneof in `$module`).
macro_rules! or_reference_converter {
    ($(#[$doc:meta])* $name:ident -> $or:ident, $module:ident::$variant:ident, $convert:ident) => {
        $(#[$doc])*
        pub(super) fn $name(problems: &mut $crate::reader::Problems, value: &serde_json::Value, path: String) -> $or {
            let oneof = if $crate::v3::convert::values::is_reference(value) {
                $module::Oneof::Reference($crate::v3::convert::values::reference(problems, value, path))
            } else {
                $module::Oneof::$variant(Box::new($convert(problems, value, path)))
            };
            $or { oneof: Some(oneof) }
        }
    };
}
pub(super) use or_reference_converter;

/// A free-form value as gnostic stores it: YAML text, no parsed value.
pub(super) fn any(value: &Value) -> Any {
    Any { value: None, yaml: to_yaml(value) }
}

pub(super) fn named_any(name: String, value: &Value) -> NamedAny {
    NamedAny { name, value: Some(any(value)) }
}

/// The `x-` keys of `object`, sorted.
pub(super) fn extensions(object: &Obj<'_>) -> Vec<NamedAny> {
    object.extensions().into_iter().map(|(name, value)| named_any(name.to_owned(), value)).collect()
}

/// The free-form value under `key`, if present.
pub(super) fn optional_any(object: &Obj<'_>, key: &str) -> Option<Any> {
    object.get(key).map(any)
}

/// Whether gnostic reads `value` as a `Reference` rather than the object a `...OrReference` otherwise holds.
pub(super) fn is_reference(value: &Value) -> bool {
    value.get("$ref").is_some()
}

/// Converts a `{"$ref": ...}` object.
pub(super) fn reference(problems: &mut Problems, value: &Value, path: String) -> Reference {
    let Some(o) = Obj::new(problems, value, path, "a reference") else { return Reference::default() };
    o.check_keys_without_extensions(problems, &["$ref", "summary", "description"], &["$ref"]);
    Reference {
        _ref: o.string(problems, "$ref"),
        summary: o.string(problems, "summary"),
        description: o.string(problems, "description"),
    }
}

/// A map of strings (a discriminator's mapping, OAuth scopes).
pub(super) fn strings(problems: &mut Problems, o: &Obj<'_>) -> Strings {
    let named = o.each(problems, |problems, value, path| match value {
        Value::String(s) => s.clone(),
        other => {
            problems.add(&path, format_args!("must be a string, found {}", kind_of(other)));
            String::new()
        }
    });
    Strings { additional_properties: named.into_iter().map(|(name, value)| NamedString { name, value }).collect() }
}

/// Converts an `externalDocs` object.
pub(super) fn external_docs(problems: &mut Problems, o: &Obj<'_>) -> ExternalDocs {
    o.check_keys(problems, &["description", "url"], &["url"]);
    ExternalDocs {
        description: o.string(problems, "description"),
        url: o.string(problems, "url"),
        specification_extension: extensions(o),
    }
}
