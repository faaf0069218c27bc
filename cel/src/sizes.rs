//! Worst-case sizes of schema nodes, as the API server estimates them for CEL costs: a declared bound
//! (`maxItems`, `maxProperties`, `maxLength`) when there is one, else what fits in the largest request.

use crate::schema::Schema;

/// The largest request body the API server accepts (3 MiB): the bound on every unbounded size
/// (`MaxRequestSizeBytes` in k8s.io/apiserver `pkg/cel/limits.go`).
pub const MAX_REQUEST_SIZE_BYTES: u64 = 3 * 1024 * 1024;

/// Longest RFC 3339 date-time or duration in JSON, quotes included (`MaxDatetimeSizeJSON`, `MaxDurationSizeJSON`).
const MAX_DATETIME_SIZE_JSON: u64 = 32;
/// A `YYYY-MM-DD` date in JSON, quotes included (`JSONDateSize`).
const DATE_SIZE_JSON: u64 = 12;
/// Shortest date-time in JSON (`MinDatetimeSizeJSON`).
const MIN_DATETIME_SIZE_JSON: u64 = 21;
/// Shortest duration in JSON, `"0"` (`MinDurationSizeJSON`).
const MIN_DURATION_SIZE_JSON: u64 = 3;
/// `""` (`MinStringSize`).
const MIN_STRING_SIZE: u64 = 2;
/// `true` (`MinBoolSize`).
const MIN_BOOL_SIZE: u64 = 4;
/// `0` (`MinNumberSize`).
const MIN_NUMBER_SIZE: u64 = 1;

/// How many elements a node can hold at most, as the API server's type declarations say (`MaxElements`):
/// characters (bytes) of a string, items of a list, entries of a map. Objects and scalars declare none (0): the
/// server's estimator reads 0 for a number or an object reached from `self`, and only a value with no place in the
/// schema (a function's result) is sized 1 for being a scalar.
pub fn max_elements(schema: Schema<'_>) -> u64 {
    if schema.is_int_or_string() {
        // Whatever `maxLength` says: the server sizes every int-or-string as the largest string.
        return MAX_REQUEST_SIZE_BYTES - 2;
    }
    match schema.type_name() {
        Some("string") => max_string_length(schema),
        Some("array") => match (schema.bound("maxItems"), schema.items()) {
            (Some(max), _) => max,
            (None, Some(items)) => (MAX_REQUEST_SIZE_BYTES - 2) / (min_serialized_size(items) + 1),
            (None, None) => MAX_REQUEST_SIZE_BYTES - 2,
        },
        Some("object") if schema.is_map() => match (schema.bound("maxProperties"), schema.additional_properties()) {
            (Some(max), _) => max,
            // A key (at least `""`), a colon and a comma around the smallest value.
            (None, Some(values)) => (MAX_REQUEST_SIZE_BYTES - 2) / (min_serialized_size(values) + 6),
            (None, None) => MAX_REQUEST_SIZE_BYTES - 2,
        },
        Some(_) => 0,
        // A node without a type holds any JSON: as long as the request.
        None => MAX_REQUEST_SIZE_BYTES - 2,
    }
}

fn max_string_length(schema: Schema<'_>) -> u64 {
    match schema.format() {
        Some("byte") => return schema.bound("maxLength").unwrap_or(MAX_REQUEST_SIZE_BYTES - 2),
        Some("duration" | "date-time") => return MAX_DATETIME_SIZE_JSON,
        Some("date") => return DATE_SIZE_JSON,
        _ => {}
    }
    if let Some(max) = schema.bound("maxLength") {
        // maxLength counts code points and a code point takes up to 4 bytes.
        return max.saturating_mul(4);
    }
    if let Some(values) = schema.enum_values() {
        return values.iter().filter_map(|v| v.as_str()).map(|s| s.len() as u64).max().unwrap_or(0);
    }
    MAX_REQUEST_SIZE_BYTES - 2
}

/// The fewest bytes a value of the node takes in JSON; unbounded lists and maps are sized by how many of their
/// smallest elements fit in one request.
pub fn min_serialized_size(schema: Schema<'_>) -> u64 {
    if schema.is_int_or_string() {
        return MIN_NUMBER_SIZE;
    }
    match schema.type_name() {
        Some("string") => match schema.format() {
            Some("date-time") => MIN_DATETIME_SIZE_JSON,
            Some("date") => DATE_SIZE_JSON,
            Some("duration") => MIN_DURATION_SIZE_JSON,
            _ => MIN_STRING_SIZE,
        },
        Some("boolean") => MIN_BOOL_SIZE,
        Some("integer" | "number") => MIN_NUMBER_SIZE,
        Some("object") if !schema.is_map() => min_object_size(schema),
        // `[]`, `{}`, or (no type) the smallest JSON value.
        Some(_) => 2,
        None => MIN_NUMBER_SIZE,
    }
}

/// `{}` plus, for every required property without a default, its name, quotes, colon, comma and smallest value.
/// A property the server cannot type (no `type`, not int-or-string) is left out of its object's declaration, and
/// so out of its size.
fn min_object_size(schema: Schema<'_>) -> u64 {
    let required = schema.required();
    let mut size = 2u64;
    for (name, property) in schema.properties().into_iter().flatten() {
        let property = Schema::new(property);
        let typed = property.type_name().is_some() || property.is_int_or_string();
        if typed && required.contains(&name.as_str()) && property.get("default").is_none() {
            size = size.saturating_add(name.len() as u64 + min_serialized_size(property) + 4);
        }
    }
    size
}

/// How often a node can occur when it sits under unbounded lists or maps: as many times as its smallest form fits
/// in one request, a comma apart (`MaxCardinality` of the API server).
pub fn unbounded_cardinality(schema: Schema<'_>) -> u64 {
    MAX_REQUEST_SIZE_BYTES / (min_serialized_size(schema) + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn bounds_win_over_estimates() {
        let bounded = json!({"type": "array", "maxItems": 5, "items": {"type": "string"}});
        assert_eq!(max_elements(Schema::new(&bounded)), 5);
        let unbounded = json!({"type": "array", "items": {"type": "string"}});
        // Each item is at least `""` plus a comma.
        assert_eq!(max_elements(Schema::new(&unbounded)), (MAX_REQUEST_SIZE_BYTES - 2) / 3);
    }

    #[test]
    fn string_length_counts_four_bytes_per_character() {
        let node = json!({"type": "string", "maxLength": 10});
        assert_eq!(max_elements(Schema::new(&node)), 40);
        let enumerated = json!({"type": "string", "enum": ["a", "abcd"]});
        assert_eq!(max_elements(Schema::new(&enumerated)), 4);
    }

    #[test]
    fn required_properties_make_objects_larger() {
        let node = json!({"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}});
        // {} + "name" (4) + "" (2) + quotes, colon, comma (4)
        assert_eq!(min_serialized_size(Schema::new(&node)), 12);
    }
}
