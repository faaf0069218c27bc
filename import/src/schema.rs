//! Schemas as documents write them, read into the model's lossless form: references renamed to definition names,
//! a reference wrapped in `allOf` so that keywords can stand beside it unwrapped again, and every keyword checked to
//! have survived (the model's form has no room for one it does not know, and importing must lose nothing).

use kapi_model::{Keyword, SchemaNode, open_enum};
use serde_json::{Map, Value};

/// How a document's references name their targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefStyle {
    /// OpenAPI v3: `#/components/schemas/<name>`.
    Components,
    /// Swagger 2.0: `#/definitions/<name>`.
    Definitions,
    /// A CRD's schema has no references.
    None,
}

impl RefStyle {
    fn prefix(self) -> Option<&'static str> {
        match self {
            RefStyle::Components => Some("#/components/schemas/"),
            RefStyle::Definitions => Some("#/definitions/"),
            RefStyle::None => None,
        }
    }
}

/// The keywords whose values are schemas, and the ones whose values are maps or lists of schemas.
const SCHEMA_VALUED: [&str; 3] = ["items", "additionalProperties", "not"];
const SCHEMA_LISTS: [&str; 3] = ["allOf", "anyOf", "oneOf"];

/// Reads the schema at `pointer` (for messages) into the model's form.
pub fn read(value: &Value, style: RefStyle, pointer: &str) -> Result<SchemaNode, String> {
    let normal = normalise(value, style, pointer)?;
    let node: SchemaNode =
        serde_json::from_value(normal.clone()).map_err(|e| format!("{pointer}: not a schema kapi can hold: {e}"))?;
    let back = serde_json::to_value(&node).map_err(|e| format!("{pointer}: {e}"))?;
    let mut lost = Vec::new();
    losses(&normal, &back, pointer, &mut lost);
    if lost.is_empty() { Ok(node) } else { Err(format!("{pointer}: kapi's model cannot hold {}", lost.join(", "))) }
}

/// `value` with references renamed and single-reference `allOf` wrappers that carry keywords lifted.
fn normalise(value: &Value, style: RefStyle, pointer: &str) -> Result<Value, String> {
    let Value::Object(object) = value else {
        return Err(format!("{pointer}: a schema must be an object, found {value}"));
    };
    let mut out = Map::new();
    for (key, inner) in object {
        let here = format!("{pointer}/{}", escape(key));
        let normal = match key.as_str() {
            "$ref" => Value::String(target(inner, style, &here)?),
            "properties" => {
                let Value::Object(properties) = inner else {
                    return Err(format!("{here}: must be an object"));
                };
                let mut normal = Map::new();
                for (name, schema) in properties {
                    normal.insert(name.clone(), normalise(schema, style, &format!("{here}/{}", escape(name)))?);
                }
                Value::Object(normal)
            }
            key if SCHEMA_VALUED.contains(&key) && inner.is_object() => normalise(inner, style, &here)?,
            key if SCHEMA_LISTS.contains(&key) => {
                let Value::Array(schemas) = inner else {
                    return Err(format!("{here}: must be a list"));
                };
                let normal: Result<Vec<Value>, String> = schemas
                    .iter()
                    .enumerate()
                    .map(|(index, schema)| normalise(schema, style, &format!("{here}/{index}")))
                    .collect();
                Value::Array(normal?)
            }
            _ => inner.clone(),
        };
        out.insert(key.clone(), normal);
    }
    gather_extensions(&mut out);
    read_known_values(&mut out);
    lift_wrapped_reference(&mut out);
    Ok(Value::Object(out))
}

/// Documents write Kubernetes' extensions as `x-kubernetes-list-type` beside the other keywords; the model keeps
/// them together, camel-cased (`kubernetes: {listType}`).
fn gather_extensions(object: &mut Map<String, Value>) {
    let names: Vec<String> = object.keys().filter(|key| key.starts_with(EXTENSION_PREFIX)).cloned().collect();
    if names.is_empty() {
        return;
    }
    let mut extensions = Map::new();
    for name in names {
        if let Some(mut value) = object.remove(&name) {
            if name == "x-kubernetes-unions"
                && let Value::Array(unions) = &mut value
            {
                // Upstream spells this one key half in kebab case.
                for union in unions.iter_mut().filter_map(Value::as_object_mut) {
                    if let Some(fields) = union.remove(UNION_FIELDS) {
                        union.insert("fieldsToDiscriminateBy".to_owned(), fields);
                    }
                }
            }
            extensions.insert(camel_case(&name[EXTENSION_PREFIX.len()..]), value);
        }
    }
    object.insert(EXTENSIONS_KEY.to_owned(), Value::Object(extensions));
}

/// An open enum's list, `x-extensible-enum`, is the model's `knownValues`. kapi's emitters also name the values in
/// a sentence at the end of the description; that sentence is taken off here, so that generating again writes the
/// description as it was rather than naming the values twice.
fn read_known_values(object: &mut Map<String, Value>) {
    let Some(values) = object.remove(Keyword::KnownValues.as_str()) else { return };
    if let (Value::Array(list), Some(Value::String(text))) = (&values, object.get(DESCRIPTION))
        && let Some(written) = open_enum::undescribe(text, list)
    {
        match written {
            Some(text) => object.insert(DESCRIPTION.to_owned(), Value::String(text)),
            None => object.remove(DESCRIPTION),
        };
    }
    object.insert(KNOWN_VALUES_KEY.to_owned(), values);
}

const DESCRIPTION: &str = "description";
/// The model's name for `x-extensible-enum`.
const KNOWN_VALUES_KEY: &str = "knownValues";

const EXTENSION_PREFIX: &str = "x-kubernetes-";
const UNION_FIELDS: &str = "fields-to-discriminateBy";
const EXTENSIONS_KEY: &str = "kubernetes";

/// `list-map-keys` as `listMapKeys`.
fn camel_case(name: &str) -> String {
    crate::case::lower_camel(name, '-')
}

/// `{"allOf": [{"$ref": X}], ...keywords}` is how OpenAPI v3 writes a reference with keywords beside it; the model
/// holds that as the reference with siblings. Without keywords beside it the wrapper is kept as written.
fn lift_wrapped_reference(object: &mut Map<String, Value>) {
    let Some(Value::Array(all_of)) = object.get("allOf") else { return };
    let [Value::Object(only)] = all_of.as_slice() else { return };
    if only.len() != 1 || !only.contains_key("$ref") || object.len() < 2 || object.contains_key("$ref") {
        return;
    }
    let reference = only["$ref"].clone();
    object.remove("allOf");
    object.insert("$ref".to_owned(), reference);
}

fn target(value: &Value, style: RefStyle, pointer: &str) -> Result<String, String> {
    let Value::String(text) = value else {
        return Err(format!("{pointer}: a reference must be a string"));
    };
    match style.prefix() {
        Some(prefix) => text
            .strip_prefix(prefix)
            .map(str::to_owned)
            .ok_or_else(|| format!("{pointer}: `{text}` does not point into `{prefix}`")),
        None => Err(format!("{pointer}: a CRD schema cannot hold references (`{text}`)")),
    }
}

/// JSON pointer escaping of one segment.
pub fn escape(segment: &str) -> String {
    segment.replace('~', "~0").replace('/', "~1")
}

/// Where `back` (what the model kept) differs from `normal` (what was written).
fn losses(normal: &Value, back: &Value, pointer: &str, lost: &mut Vec<String>) {
    match (normal, back) {
        (Value::Object(written), Value::Object(kept)) => {
            for (key, value) in written {
                let here = format!("{pointer}/{}", escape(key));
                match kept.get(key) {
                    Some(kept_value) => losses(value, kept_value, &here, lost),
                    // A keyword at its default value (`nullable: false`, `required: []`) says nothing.
                    None if is_default(value) => {}
                    None => lost.push(format!("`{}` at {here}", shown(key, pointer))),
                }
            }
        }
        (Value::Array(written), Value::Array(kept)) if written.len() == kept.len() => {
            for (index, (value, kept_value)) in written.iter().zip(kept).enumerate() {
                losses(value, kept_value, &format!("{pointer}/{index}"), lost);
            }
        }
        (Value::Number(a), Value::Number(b)) if a.as_f64() == b.as_f64() => {}
        _ if normal == back => {}
        _ => lost.push(format!("the value at {pointer}")),
    }
}

/// A keyword as the document wrote it: the model's `kubernetes` group holds `x-kubernetes-*`.
fn shown(key: &str, pointer: &str) -> String {
    if pointer.ends_with(&format!("/{EXTENSIONS_KEY}")) { format!("{EXTENSION_PREFIX}{key}") } else { key.to_owned() }
}

fn is_default(value: &Value) -> bool {
    matches!(value, Value::Bool(false)) || value.as_array().is_some_and(Vec::is_empty)
}

/// Reads a schema as [`read`] does, keeping what the model holds and dropping the keywords it has no room for
/// (`xml`, `discriminator`, …) instead of failing: for comparing documents written elsewhere, where a dropped
/// keyword can only hide a change to it.
pub fn read_lenient(value: &Value, style: RefStyle, pointer: &str) -> Result<SchemaNode, String> {
    let normal = normalise(value, style, pointer)?;
    serde_json::from_value(normal).map_err(|e| format!("{pointer}: not a schema kapi can hold: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn references_are_renamed_and_unwrapped_when_keywords_stand_beside_them() -> Result<(), String> {
        let schema = json!({"properties": {
            "a": {"$ref": "#/components/schemas/x.A"},
            "b": {"allOf": [{"$ref": "#/components/schemas/x.B"}], "default": {}, "description": "B."},
            "c": {"allOf": [{"$ref": "#/components/schemas/x.C"}]}
        }, "type": "object"});
        let node = read(&schema, RefStyle::Components, "#")?;
        let back = serde_json::to_value(&node).map_err(|e| e.to_string())?;
        assert_eq!(
            back,
            json!({"properties": {
                "a": {"$ref": "x.A"},
                "b": {"$ref": "x.B", "default": {}, "description": "B."},
                "c": {"allOf": [{"$ref": "x.C"}]}
            }, "type": "object"})
        );
        Ok(())
    }

    #[test]
    fn open_enums_are_read_back_without_the_sentence_the_emitters_add() -> Result<(), String> {
        let schema = json!({"type": "string", "x-extensible-enum": ["Gold", "Silver"],
            "description": "The tier.\n\nKnown values: \"Gold\", \"Silver\"; other values may appear."});
        let node = read(&schema, RefStyle::Components, "#")?;
        let object = node.keywords();
        assert_eq!(object.known_values, [json!("Gold"), json!("Silver")]);
        assert_eq!(object.description.as_deref(), Some("The tier."));
        assert!(object.enum_values.is_empty(), "an open enum is not read as a closed one");
        let other = json!({"type": "string", "x-extensible-enum": ["A"], "description": "Written by hand."});
        let node = read(&other, RefStyle::Definitions, "#")?;
        assert_eq!(node.keywords().description.as_deref(), Some("Written by hand."), "kept as written");
        Ok(())
    }

    #[test]
    fn keywords_the_model_cannot_hold_are_reported_where_they_are() {
        let schema = json!({"type": "object", "properties": {"a": {"type": "string", "x-vendor": 1}}});
        let error = read(&schema, RefStyle::Components, "#/components/schemas/x.A").err();
        assert_eq!(
            error.as_deref(),
            Some(
                "#/components/schemas/x.A: kapi's model cannot hold `x-vendor` at #/components/schemas/x.A/properties/a/x-vendor"
            )
        );
        let wrong = json!({"$ref": "#/definitions/x.A"});
        assert!(read(&wrong, RefStyle::Components, "#").is_err_and(|e| e.contains("does not point into")));
    }
}
