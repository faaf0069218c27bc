//! Schema keywords that may stand on a type or a field, and their translation to a model overlay.

use serde_json::{Map, Value, json};
use syn::meta::ParseNestedMeta;

use super::values::{self, Attr};
use crate::internals::ctxt::Ctxt;

/// A CEL rule as written in `validation(...)`.
pub struct Validation {
    pub rule: String,
    pub rest: Map<String, Value>,
}

/// The schema keywords of one type or field.
pub struct Keywords {
    pub description: Attr<String>,
    pub default: Attr<(syn::Expr, Value)>,
    pub nullable: Attr<()>,
    pub strings: Vec<(&'static str, Attr<String>)>,
    pub numbers: Vec<(&'static str, Attr<serde_json::Number>)>,
    pub counts: Vec<(&'static str, Attr<u64>)>,
    pub flags: Vec<(&'static str, Attr<()>)>,
    pub choices: Vec<(&'static str, &'static [&'static str], Attr<String>)>,
    pub enum_values: Attr<Vec<syn::LitStr>>,
    pub list_map_keys: Attr<Vec<syn::LitStr>>,
    pub example: Attr<Value>,
    pub validations: Vec<Validation>,
}

/// (attribute key, model key) for string-valued keywords.
const STRINGS: [(&str, &str); 5] = [
    ("format", "format"),
    ("title", "title"),
    ("pattern", "pattern"),
    ("patch_strategy", "kubernetes.patchStrategy"),
    ("patch_merge_key", "kubernetes.patchMergeKey"),
];
const NUMBERS: [(&str, &str); 3] = [("minimum", "minimum"), ("maximum", "maximum"), ("multiple_of", "multipleOf")];
const COUNTS: [(&str, &str); 6] = [
    ("min_length", "minLength"),
    ("max_length", "maxLength"),
    ("min_items", "minItems"),
    ("max_items", "maxItems"),
    ("min_properties", "minProperties"),
    ("max_properties", "maxProperties"),
];
const FLAGS: [(&str, &str); 8] = [
    ("exclusive_minimum", "exclusiveMinimum"),
    ("exclusive_maximum", "exclusiveMaximum"),
    ("unique_items", "uniqueItems"),
    ("deprecated", "deprecated"),
    ("read_only", "readOnly"),
    ("write_only", "writeOnly"),
    ("int_or_string", "kubernetes.intOrString"),
    ("preserve_unknown_fields", "kubernetes.preserveUnknownFields"),
];
const MORE_FLAGS: [(&str, &str); 1] = [("embedded_resource", "kubernetes.embeddedResource")];
const TYPES: &[&str] = &["string", "integer", "number", "boolean", "object", "array"];
const LIST_TYPES: &[&str] = &["atomic", "set", "map"];
const MAP_TYPES: &[&str] = &["atomic", "granular"];
const CHOICES: [(&str, &str); 3] =
    [("type", "type"), ("list_type", "kubernetes.listType"), ("map_type", "kubernetes.mapType")];

fn model_key(key: &str) -> &'static str {
    let tables = STRINGS.iter().chain(&NUMBERS).chain(&COUNTS).chain(&FLAGS).chain(&MORE_FLAGS).chain(&CHOICES);
    tables.into_iter().find(|(k, _)| *k == key).map(|(_, m)| *m).unwrap_or("")
}

impl Keywords {
    pub fn new() -> Self {
        Self {
            description: Attr::none("description"),
            default: Attr::none("default"),
            nullable: Attr::none("nullable"),
            strings: STRINGS.iter().map(|(k, _)| (*k, Attr::none(k))).collect(),
            numbers: NUMBERS.iter().map(|(k, _)| (*k, Attr::none(k))).collect(),
            counts: COUNTS.iter().map(|(k, _)| (*k, Attr::none(k))).collect(),
            flags: FLAGS.iter().chain(&MORE_FLAGS).map(|(k, _)| (*k, Attr::none(k))).collect(),
            choices: vec![
                ("type", TYPES, Attr::none("type")),
                ("list_type", LIST_TYPES, Attr::none("list_type")),
                ("map_type", MAP_TYPES, Attr::none("map_type")),
            ],
            enum_values: Attr::none("enum_values"),
            list_map_keys: Attr::none("list_map_keys"),
            example: Attr::none("example"),
            validations: Vec::new(),
        }
    }

    /// Parses `meta` if it is a schema keyword; returns false when the key is not one.
    pub fn parse(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<bool> {
        let key = values::path_name(meta);
        let path = meta.path.clone();
        match key.as_str() {
            "description" => self.description.set_opt(cx, &path, values::string(cx, meta)?),
            "default" => self.default.set_opt(cx, &path, values::json_literal(cx, meta)?),
            "default_json" => self.default.set_opt(cx, &path, values::json_text(cx, meta)?),
            "example" => self.example.set_opt(cx, &path, values::json_literal(cx, meta)?.map(|(_, v)| v)),
            "example_json" => self.example.set_opt(cx, &path, values::json_text(cx, meta)?.map(|(_, v)| v)),
            "nullable" => {
                if values::flag(cx, meta)? {
                    self.nullable.set(cx, &path, ());
                }
            }
            "enum_values" => self.enum_values.set_opt(cx, &path, values::string_list(cx, meta)?),
            "list_map_keys" => self.list_map_keys.set_opt(cx, &path, values::string_list(cx, meta)?),
            "validation" => self.parse_validation(cx, meta)?,
            _ => return self.parse_tabled(cx, meta, &key),
        }
        Ok(true)
    }

    fn parse_tabled(&mut self, cx: &Ctxt, meta: &ParseNestedMeta, key: &str) -> syn::Result<bool> {
        let path = meta.path.clone();
        if let Some((_, attr)) = self.strings.iter_mut().find(|(k, _)| *k == key) {
            attr.set_opt(cx, &path, values::string(cx, meta)?);
        } else if let Some((_, attr)) = self.numbers.iter_mut().find(|(k, _)| *k == key) {
            attr.set_opt(cx, &path, values::number(cx, meta)?);
        } else if let Some((_, attr)) = self.counts.iter_mut().find(|(k, _)| *k == key) {
            attr.set_opt(cx, &path, values::unsigned(cx, meta)?);
        } else if let Some((_, attr)) = self.flags.iter_mut().find(|(k, _)| *k == key) {
            if values::flag(cx, meta)? {
                attr.set(cx, &path, ());
            }
        } else if let Some((_, allowed, attr)) = self.choices.iter_mut().find(|(k, _, _)| *k == key) {
            attr.set_opt(cx, &path, values::choice(cx, meta, allowed)?);
        } else {
            return Ok(false);
        }
        Ok(true)
    }

    fn parse_validation(&mut self, cx: &Ctxt, meta: &ParseNestedMeta) -> syn::Result<()> {
        let mut rule = None;
        let mut rest = Map::new();
        meta.parse_nested_meta(|inner| {
            let key = values::path_name(&inner);
            match key.as_str() {
                "rule" => rule = values::string(cx, &inner)?,
                "message" | "message_expression" | "reason" | "field_path" => {
                    if let Some(text) = values::string(cx, &inner)? {
                        rest.insert(camel(&key), Value::from(text));
                    }
                }
                "optional_old_self" => {
                    if let Some(b) = values::boolean(cx, &inner)? {
                        rest.insert("optionalOldSelf".to_owned(), Value::from(b));
                    }
                }
                _ => {
                    cx.error_spanned_by(&inner.path, format!("unknown key `{key}` in validation(...); expected rule, message, message_expression, reason, field_path or optional_old_self"));
                    values::skip_value(&inner)?;
                }
            }
            Ok(())
        })?;
        match rule {
            Some(rule) => self.validations.push(Validation { rule, rest }),
            None => cx.error_spanned_by(&meta.path, "validation(...) needs `rule = \"<CEL expression>\"`"),
        }
        Ok(())
    }

    pub fn count(&self, key: &str) -> Option<&Attr<u64>> {
        self.counts.iter().find(|(k, _)| *k == key).map(|(_, a)| a)
    }

    pub fn number(&self, key: &str) -> Option<&Attr<serde_json::Number>> {
        self.numbers.iter().find(|(k, _)| *k == key).map(|(_, a)| a)
    }

    pub fn choice(&self, key: &str) -> Option<&Attr<String>> {
        self.choices.iter().find(|(k, _, _)| *k == key).map(|(_, _, a)| a)
    }

    /// The keywords as a model `SchemaObject` in its JSON form (applied over the derived schema at run time).
    pub fn overlay(&self, description: Option<String>) -> Value {
        let mut out = Map::new();
        if let Some(text) = self.description.get().cloned().or(description) {
            out.insert("description".to_owned(), Value::from(text));
        }
        if let Some((_, value)) = self.default.get() {
            out.insert("default".to_owned(), value.clone());
        }
        if self.nullable.get().is_some() {
            out.insert("nullable".to_owned(), Value::from(true));
        }
        if let Some(example) = self.example.get() {
            out.insert("example".to_owned(), example.clone());
        }
        for (key, attr) in &self.strings {
            if let Some(v) = attr.get() {
                insert(&mut out, model_key(key), Value::from(v.clone()));
            }
        }
        for (key, attr) in &self.numbers {
            if let Some(v) = attr.get() {
                insert(&mut out, model_key(key), Value::Number(v.clone()));
            }
        }
        for (key, attr) in &self.counts {
            if let Some(v) = attr.get() {
                insert(&mut out, model_key(key), Value::from(*v));
            }
        }
        for (key, attr) in &self.flags {
            if attr.get().is_some() {
                insert(&mut out, model_key(key), Value::from(true));
            }
        }
        for (key, _, attr) in &self.choices {
            if let Some(v) = attr.get() {
                insert(&mut out, model_key(key), Value::from(v.clone()));
            }
        }
        if let Some(values) = self.enum_values.get() {
            out.insert("enum".to_owned(), values.iter().map(|v| Value::from(v.value())).collect());
        }
        if let Some(keys) = self.list_map_keys.get() {
            insert(&mut out, "kubernetes.listMapKeys", keys.iter().map(|v| Value::from(v.value())).collect());
        }
        if !self.validations.is_empty() {
            let rules = self.validations.iter().map(|v| {
                let mut rule = v.rest.clone();
                rule.insert("rule".to_owned(), Value::from(v.rule.clone()));
                Value::Object(rule)
            });
            insert(&mut out, "kubernetes.validations", rules.collect());
        }
        Value::Object(out)
    }
}

/// Inserts at a dotted key (`kubernetes.listType`).
pub fn insert(out: &mut Map<String, Value>, key: &str, value: Value) {
    match key.split_once('.') {
        Some((outer, inner)) => {
            let entry = out.entry(outer.to_owned()).or_insert_with(|| json!({}));
            if let Value::Object(map) = entry {
                insert(map, inner, value);
            }
        }
        None => {
            out.insert(key.to_owned(), value);
        }
    }
}

fn camel(snake: &str) -> String {
    crate::internals::case::RenameRule::Camel.apply_to_field(snake)
}
