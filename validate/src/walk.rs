//! Walks an object and its (inlined) schema together, reporting what the API server's OpenAPI validation and
//! strict field validation would: wrong types, missing required fields, values outside enums, bounds, patterns
//! and formats, nulls where no null is allowed, duplicate items of sets and map lists, and undeclared fields.

use serde_json::{Map, Value};

use crate::reason::{Origin, Reason};
use crate::scalars::{Patterns, number_problems, string_problems};

/// One problem at one field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The field, kubectl style (`spec.ports[1].port`); empty for the object itself.
    pub field: String,
    /// The kind of problem, as the server's field error names it.
    pub reason: Reason,
    /// Which check found it.
    pub origin: Origin,
    /// What is wrong, in the API server's words where it has some (`Required value`, `Unsupported value: …`).
    pub message: String,
}

impl FieldError {
    /// A problem found by the schema walk.
    pub fn schema(field: &str, reason: Reason, message: impl Into<String>) -> FieldError {
        FieldError { field: field.to_owned(), reason, origin: Origin::Schema, message: message.into() }
    }
}

/// kube-openapi's type error: `Invalid value: "integer": spec.x in body must be of type string: "integer"`.
pub(crate) fn type_message(path: &str, expected: &str, found: &str) -> String {
    format!("Invalid value: {found:?}: {path} in body must be of type {expected}: {found:?}")
}

/// Validates `value` against `schema`, the root of a resource; `built_in` for a kind the server decodes into Go
/// types (whose `int32` fields refuse wider numbers), not a custom resource.
pub fn validate_value(schema: &Value, value: &Value, patterns: &mut Patterns, built_in: bool) -> Vec<FieldError> {
    let mut walker = Walker { patterns, errors: Vec::new(), strict: true, built_in, checks: 0 };
    walker.value(schema, value, "", true);
    walker.errors
}

pub(crate) struct Walker<'p> {
    pub patterns: &'p mut Patterns,
    pub errors: Vec<FieldError>,
    /// Whether undeclared fields are errors; off inside `anyOf`/`oneOf`/`allOf` members, which only constrain
    /// values (the fields an object may have are those declared next to them).
    pub strict: bool,
    /// Whether the kind is built in (decoded into Go types) rather than a custom resource.
    pub built_in: bool,
    /// How many schema nodes were checked against a value, passing or not: kube-openapi's measure (its
    /// `MatchCount`) of which union form came closest.
    pub checks: usize,
}

pub(crate) fn child_path(path: &str, name: &str) -> String {
    if path.is_empty() { name.to_owned() } else { format!("{path}.{name}") }
}

/// The JSON type a value has, in OpenAPI's words (`integer` for a whole number).
pub(crate) fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn is_int_or_string(schema: &Value) -> bool {
    schema.get("x-kubernetes-int-or-string").and_then(Value::as_bool).unwrap_or(false)
        || schema.get("format").and_then(Value::as_str) == Some("int-or-string")
}

fn flag(schema: &Value, key: &str) -> bool {
    schema.get(key).and_then(Value::as_bool).unwrap_or(false)
}

impl Walker<'_> {
    pub fn error(&mut self, field: &str, reason: Reason, message: impl Into<String>) {
        self.errors.push(FieldError::schema(field, reason, message));
    }

    pub fn value(&mut self, schema: &Value, value: &Value, path: &str, resource_root: bool) {
        self.checks += 1;
        let declared = schema.get("type").and_then(Value::as_str);
        if value.is_null() {
            if declared.is_some() && !flag(schema, "nullable") {
                self.error(path, Reason::TypeInvalid, type_message(path, declared.unwrap_or_default(), "null"));
            }
            return;
        }
        let found = type_of(value);
        if is_int_or_string(schema) {
            if !matches!(found, "integer" | "string") {
                self.error(path, Reason::TypeInvalid, type_message(path, "integer,string", found));
            } else if let Value::String(text) = value {
                let problems = string_problems(schema, text, self.patterns, self.built_in);
                self.report(path, problems);
            }
            return;
        }
        if let Some(expected) = declared
            && expected != found
            && !(expected == "number" && found == "integer")
        {
            self.error(path, Reason::TypeInvalid, type_message(path, expected, found));
            // kube-openapi still checks the enum of a mistyped value (and nothing else).
            self.enumeration(schema, value, path);
            return;
        }
        let pruned = without_dropped_nulls(schema, value);
        let value = pruned.as_ref().unwrap_or(value);
        self.enumeration(schema, value, path);
        match value {
            Value::String(text) => {
                let problems = string_problems(schema, text, self.patterns, self.built_in);
                self.report(path, problems);
            }
            Value::Number(number) => self.report(path, number_problems(schema, number, self.built_in)),
            Value::Array(items) => self.array(schema, items, path),
            Value::Object(fields) => self.object(schema, fields, path, resource_root),
            _ => {}
        }
        self.junctors(schema, value, path, resource_root);
    }

    fn report(&mut self, path: &str, problems: Vec<(Reason, String)>) {
        for (reason, problem) in problems {
            self.error(path, reason, problem);
        }
    }

    fn enumeration(&mut self, schema: &Value, value: &Value, path: &str) {
        let Some(allowed) = schema.get("enum").and_then(Value::as_array) else { return };
        if !allowed.contains(value) {
            let shown: Vec<String> = allowed.iter().map(Value::to_string).collect();
            let message = format!("Unsupported value: {value}: supported values: {}", shown.join(", "));
            self.error(path, Reason::NotSupported, message);
        }
    }

    fn array(&mut self, schema: &Value, items: &[Value], path: &str) {
        let count = items.len() as u64;
        if let Some(max) = schema.get("maxItems").and_then(Value::as_u64).filter(|max| count > *max) {
            self.error(path, Reason::TooMany, format!("Too many: {count}: must have at most {max} items"));
        }
        if let Some(min) = schema.get("minItems").and_then(Value::as_u64).filter(|min| count < *min) {
            self.error(path, Reason::Invalid, format!("Invalid value: {count} items: must have at least {min} items"));
        }
        let item_schema = schema.get("items").filter(|items| items.is_object());
        self.duplicates(schema, item_schema, items, path);
        if let Some(item_schema) = item_schema {
            let embedded = flag(item_schema, "x-kubernetes-embedded-resource");
            for (index, item) in items.iter().enumerate() {
                self.value(item_schema, item, &format!("{path}[{index}]"), embedded);
            }
        }
    }

    /// Items that repeat a `set` (or `uniqueItems`) list's value, or a `map` list's keys.
    fn duplicates(&mut self, schema: &Value, item_schema: Option<&Value>, items: &[Value], path: &str) {
        let list_type = schema.get("x-kubernetes-list-type").and_then(Value::as_str);
        let keys: Vec<&str> = match list_type {
            Some("map") => schema
                .get("x-kubernetes-list-map-keys")
                .and_then(Value::as_array)
                .map(|keys| keys.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default(),
            _ if list_type == Some("set") || flag(schema, "uniqueItems") => Vec::new(),
            _ => return,
        };
        let mut seen: Vec<Value> = Vec::with_capacity(items.len());
        for (index, item) in items.iter().enumerate() {
            let identity = if keys.is_empty() { item.clone() } else { key_values(&keys, item, item_schema) };
            if seen.contains(&identity) {
                let message = format!("Duplicate value: {}", go_syntax(&identity));
                self.error(&format!("{path}[{index}]"), Reason::Duplicate, message);
            }
            seen.push(identity);
        }
    }

    fn object(&mut self, schema: &Value, fields: &Map<String, Value>, path: &str, resource_root: bool) {
        for name in schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
            if !fields.contains_key(name) {
                self.error(&child_path(path, name), Reason::Required, "Required value");
            }
        }
        let count = fields.len() as u64;
        if let Some(max) = schema.get("maxProperties").and_then(Value::as_u64).filter(|max| count > *max) {
            self.error(path, Reason::TooMany, format!("Too many: {count}: must have at most {max} properties"));
        }
        if let Some(min) = schema.get("minProperties").and_then(Value::as_u64).filter(|min| count < *min) {
            let message = format!("Invalid value: {count} properties: must have at least {min} properties");
            self.error(path, Reason::Invalid, message);
        }
        if flag(schema, "x-kubernetes-embedded-resource") {
            for name in ["apiVersion", "kind"] {
                if !fields.contains_key(name) {
                    self.error(&child_path(path, name), Reason::Required, "Required value");
                }
            }
        }
        let values = schema.get("additionalProperties").filter(|v| v.is_object());
        let closed = self.strict && !flag(schema, "x-kubernetes-preserve-unknown-fields") && values.is_none();
        for (name, child) in fields {
            match (declared_property(schema, name), values) {
                (Some(property), _) => {
                    let embedded = flag(property, "x-kubernetes-embedded-resource");
                    self.value(property, child, &child_path(path, name), embedded);
                }
                (None, Some(values)) => {
                    let embedded = flag(values, "x-kubernetes-embedded-resource");
                    // kube-openapi names a map's values like properties: `spec.limits.cpu`.
                    self.value(values, child, &child_path(path, name), embedded);
                }
                (None, None) if closed && declares_fields(schema) => {
                    let standard = resource_root && matches!(name.as_str(), "apiVersion" | "kind" | "metadata");
                    if !standard {
                        // kubectl-validate's words for what strict decoding refuses.
                        self.errors.push(FieldError {
                            field: child_path(path, name),
                            reason: Reason::Invalid,
                            origin: Origin::UnknownField,
                            message: "Invalid value: value provided for unknown field".to_owned(),
                        });
                    }
                }
                (None, None) => {}
            }
        }
    }
}

/// The object as the server validates it, when it has fields whose null the server does not keep: a null in a
/// field that does not declare `nullable` is removed (for a custom resource; a built-in's decoder leaves the
/// field unset), or replaced by the field's default. A required field is then missing unless it has a default,
/// and unions (`oneOf`, `anyOf`, `not`) see the field absent. `None` when nothing changes.
fn without_dropped_nulls(schema: &Value, value: &Value) -> Option<Value> {
    let fields = value.as_object()?;
    let values = schema.get("additionalProperties").filter(|v| v.is_object());
    let property_of = |name: &str| declared_property(schema, name).or(values);
    let dropped =
        |name: &str, child: &Value| child.is_null() && property_of(name).is_some_and(|p| !flag(p, "nullable"));
    if !fields.iter().any(|(name, child)| dropped(name, child)) {
        return None;
    }
    let mut kept = Map::new();
    for (name, child) in fields {
        if !dropped(name, child) {
            kept.insert(name.clone(), child.clone());
        } else if let Some(default) = property_of(name).and_then(|p| p.get("default")) {
            kept.insert(name.clone(), default.clone());
        }
    }
    Some(Value::Object(kept))
}

/// The schema of property `name`: declared next to the object's type, or in one of its `allOf`, `anyOf` or
/// `oneOf` members (OpenAPI unions list each form's fields there).
fn declared_property<'s>(schema: &'s Value, name: &str) -> Option<&'s Value> {
    if let Some(property) = schema.get("properties").and_then(|p| p.get(name)) {
        return Some(property);
    }
    ["allOf", "anyOf", "oneOf"]
        .iter()
        .filter_map(|junctor| schema.get(*junctor).and_then(Value::as_array))
        .flatten()
        .find_map(|member| declared_property(member, name))
}

/// Whether the schema says which fields an object has (so others are undeclared); a bare `type: object` is
/// free-form.
fn declares_fields(schema: &Value) -> bool {
    schema.get("properties").is_some()
        || ["allOf", "anyOf", "oneOf"]
            .iter()
            .filter_map(|junctor| schema.get(*junctor).and_then(Value::as_array))
            .flatten()
            .any(declares_fields)
}

/// The key fields of a map-list item, absent keys taking their defaults (as the server compares them).
fn key_values(keys: &[&str], item: &Value, item_schema: Option<&Value>) -> Value {
    let mut identity = Map::new();
    for key in keys {
        let default =
            item_schema.and_then(|s| s.get("properties")).and_then(|p| p.get(*key)).and_then(|p| p.get("default"));
        if let Some(value) = item.get(*key).or(default) {
            identity.insert((*key).to_owned(), value.clone());
        }
    }
    Value::Object(identity)
}

/// A value as the API server prints a decoded JSON value in an error (Go's `%#v`): `"TCP"`, `88`,
/// `map[string]interface {}{"containerPort":88, "protocol":"TCP"}`, `[]interface {}{1, 2}`.
fn go_syntax(value: &Value) -> String {
    match value {
        Value::Null => "interface {}(nil)".to_owned(),
        Value::Bool(_) | Value::Number(_) | Value::String(_) => value.to_string(),
        Value::Array(items) => {
            let shown: Vec<String> = items.iter().map(go_syntax).collect();
            format!("[]interface {{}}{{{}}}", shown.join(", "))
        }
        Value::Object(fields) => {
            let mut entries: Vec<(&String, &Value)> = fields.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            let shown: Vec<String> =
                entries.iter().map(|(k, v)| format!("{}:{}", Value::from(k.as_str()), go_syntax(v))).collect();
            format!("map[string]interface {{}}{{{}}}", shown.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn problems(schema: &Value, value: &Value) -> Vec<String> {
        let mut patterns = Patterns::default();
        validate_value(schema, value, &mut patterns, false)
            .into_iter()
            .map(|e| format!("{}: {}", e.field, e.message))
            .collect()
    }

    #[test]
    fn a_null_field_is_dropped_unless_nullable_and_then_missing_if_required() {
        let schema = json!({"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string"},
            "size": {"type": "integer"},
            "mode": {"type": "string", "default": "fast"},
            "note": {"type": "string", "nullable": true},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "tags": {"type": "array", "items": {"type": "string"}}}});
        // Nulls of optional fields and map values are dropped (or defaulted) before the server validates.
        let fine = json!({"name": "a", "size": null, "mode": null, "note": null, "labels": {"a": null}});
        assert_eq!(problems(&schema, &fine), Vec::<String>::new());
        // A required field's null is a missing field; a list item's null stays an item of the wrong type.
        let broken = json!({"name": null, "tags": [null]});
        assert_eq!(
            problems(&schema, &broken),
            [
                "name: Required value",
                "tags[0]: Invalid value: \"null\": tags[0] in body must be of type string: \"null\""
            ]
        );
    }

    #[test]
    fn unions_see_a_dropped_null_as_absent() {
        let schema = json!({"type": "object", "properties": {"git": {"type": "string"}, "image": {"type": "string"}},
            "oneOf": [{"required": ["git"]}, {"required": ["image"]}]});
        assert_eq!(problems(&schema, &json!({"git": "a", "image": null})), Vec::<String>::new());
        // No form matches: the union, and the closest form's missing field.
        assert_eq!(problems(&schema, &json!({"git": null, "image": null})).len(), 2);
    }

    #[test]
    fn unions_judge_the_defaulted_object() {
        // Gateway API's address: the form is chosen by `type`, whose default is `IPAddress`.
        let schema = json!({"type": "object", "properties": {
            "type": {"type": "string", "default": "IPAddress"}, "value": {"type": "string"}},
            "oneOf": [{"properties": {"type": {"enum": ["IPAddress"]}}},
                      {"properties": {"type": {"not": {"enum": ["IPAddress"]}}}}]});
        let defaulted = crate::defaults::with_defaults(&schema, &json!({}));
        assert_eq!(problems(&schema, &defaulted), Vec::<String>::new());
        assert_eq!(problems(&schema, &json!({})).len(), 1, "as written, both forms match");
    }
}
