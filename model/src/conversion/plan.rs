//! A kind's conversions written down as data: what `#[kapi::versioned]` knows of each field's history (its name and
//! presence per version, the value a version gives a field the source lacks), so a server without the crate's code
//! (`kapi serve --dir`) converts as the crate's own converters do.
//!
//! Only a declarative history can be written down; a field whose type changes through functions
//! (`changed(..., up = f, down = g)`) makes the plan say so in [`ConversionPlan::not_declarative`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::error::ConversionError;

/// How a kind's versions relate, type by type; carried in the storage version's CRD settings of the model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversionPlan {
    /// Every version, oldest first; the indexes of [`FieldPlan::names`] and [`FieldPlan::defaults`].
    pub versions: Vec<String>,
    /// The storage version every conversion passes through.
    pub hub: String,
    /// The kind's Rust type, a key of `types`.
    pub root: String,
    /// Every type of the versioned module, by Rust name.
    pub types: BTreeMap<String, TypePlan>,
    /// Why some conversions need the crate's code, when they do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_declarative: Option<String>,
}

/// One type of the versioned module.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "shape")]
pub enum TypePlan {
    /// A struct with named fields.
    Struct {
        fields: Vec<FieldPlan>,
        /// A field flattened into the object whose keys are not known here (`TypeMeta`): keys no field claims are
        /// kept rather than dropped.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        open: bool,
    },
    /// An enum, the same in every version; the payloads of its variants may hold versioned types.
    Enum { tagging: Tagging, variants: Vec<VariantPlan> },
    /// A type whose JSON is the same in every version (a tuple struct of plain values, a unit struct).
    Same,
}

/// One named field of a struct.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldPlan {
    /// The field's JSON name in each version; `None` where the field does not exist.
    pub names: Vec<Option<String>>,
    /// For a version that has the field, the value it gets when converted from one that lacks it (its type's
    /// `Default`); `None` where the field is left out then.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defaults: Vec<Option<Value>>,
    /// Where the field's value holds a versioned type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<ValuePlan>,
}

/// A versioned type inside a value, and the lists and maps around it (`Option` and `Box` leave no trace in JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ValuePlan {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub containers: Vec<Container>,
    #[serde(rename = "type")]
    pub type_name: String,
}

/// A container around a value: each element of a list, each value of a map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Container {
    List,
    Map,
}

/// How an enum is written in JSON (serde's representations).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "style")]
pub enum Tagging {
    /// `{"Variant": payload}`, or `"Variant"` for a unit variant.
    External,
    /// The variant's name under `tag`, beside the payload's fields.
    Internal { tag: String },
    /// `{tag: "Variant", content: payload}`.
    Adjacent { tag: String, content: String },
    /// No name: the payload alone.
    Untagged,
}

/// One variant of an enum: its JSON name and where its payload holds versioned types.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VariantPlan {
    pub name: String,
    pub payload: Payload,
}

/// A variant's payload, as far as conversion cares.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "style")]
pub enum Payload {
    /// A unit variant, or one whose payload holds no versioned type.
    Plain,
    /// `Variant(T)`.
    Newtype { value: ValuePlan },
    /// `Variant(A, B, ...)`: a JSON array, by position.
    Tuple { values: Vec<Option<ValuePlan>> },
    /// `Variant { a, b }`: its fields by JSON name.
    Fields { fields: BTreeMap<String, ValuePlan> },
}

impl ConversionPlan {
    /// Converts `object` to `to` through the hub, as the typed conversions do; to its own version, keeps only what
    /// that version holds. The result's `apiVersion` names `group/to`.
    pub fn convert(&self, group: &str, mut object: Value, to: &str) -> Result<Value, ConversionError> {
        if let Some(reason) = &self.not_declarative {
            return Err(ConversionError::new(reason.clone()));
        }
        let api_version = object.get("apiVersion").and_then(Value::as_str).unwrap_or_default();
        let from = api_version.rsplit_once('/').map_or("", |(_, version)| version).to_owned();
        let (source, target, hub) = (self.index(&from)?, self.index(to)?, self.index(&self.hub)?);
        let steps: &[(usize, usize)] = if source == target || source == hub || target == hub {
            &[(source, target)]
        } else {
            &[(source, hub), (hub, target)]
        };
        for &(from, to) in steps {
            object = self.value(&self.root, object, from, to)?;
        }
        if let Some(fields) = object.as_object_mut() {
            fields.insert("apiVersion".to_owned(), Value::String(format!("{group}/{to}")));
        }
        Ok(object)
    }

    fn index(&self, version: &str) -> Result<usize, ConversionError> {
        self.versions.iter().position(|v| v == version).ok_or_else(|| {
            ConversionError::new(format!("no version {version:?}; the versions are {}", self.versions.join(", ")))
        })
    }

    fn value(&self, type_name: &str, value: Value, from: usize, to: usize) -> Result<Value, ConversionError> {
        let Some(plan) = self.types.get(type_name) else {
            return Err(ConversionError::new(format!("the conversion plan has no type {type_name}")));
        };
        match (plan, value) {
            (TypePlan::Struct { fields, open }, Value::Object(object)) => {
                Ok(Value::Object(self.fields(fields, *open, object, from, to)?))
            }
            (TypePlan::Enum { tagging, variants }, value) => self.variant(tagging, variants, value, from, to),
            (_, value) => Ok(value),
        }
    }

    fn fields(
        &self,
        fields: &[FieldPlan],
        open: bool,
        mut object: Map<String, Value>,
        from: usize,
        to: usize,
    ) -> Result<Map<String, Value>, ConversionError> {
        let mut out = Map::new();
        for field in fields {
            let name_in = |version: usize| field.names.get(version).and_then(Option::as_deref);
            let (source, target) = (name_in(from), name_in(to));
            match (source.and_then(|name| object.remove(name)), target) {
                (Some(value), Some(target)) => {
                    let value = match &field.value {
                        Some(plan) => self.contained(plan, &plan.containers, value, from, to)?,
                        None => value,
                    };
                    out.insert(target.to_owned(), value);
                }
                (None, Some(target)) if source.is_none() => {
                    if let Some(Some(default)) = field.defaults.get(to) {
                        out.insert(target.to_owned(), default.clone());
                    }
                }
                _ => {}
            }
        }
        if open {
            // Keys of the type's fields in other versions are the type's, and dropped; the rest belong to the
            // flattened field nobody here knows.
            let known = |key: &str| fields.iter().any(|f| f.names.iter().flatten().any(|name| name == key));
            for (key, value) in object.into_iter().filter(|(key, _)| !known(key)) {
                out.entry(key).or_insert(value);
            }
        }
        Ok(out)
    }

    fn contained(
        &self,
        plan: &ValuePlan,
        containers: &[Container],
        value: Value,
        from: usize,
        to: usize,
    ) -> Result<Value, ConversionError> {
        match (containers.split_first(), value) {
            (_, Value::Null) => Ok(Value::Null),
            (None, value) => self.value(&plan.type_name, value, from, to),
            (Some((Container::List, rest)), Value::Array(items)) => {
                let items = items.into_iter().map(|item| self.contained(plan, rest, item, from, to));
                Ok(Value::Array(items.collect::<Result<_, _>>()?))
            }
            (Some((Container::Map, rest)), Value::Object(entries)) => {
                let mut out = Map::new();
                for (key, item) in entries {
                    out.insert(key, self.contained(plan, rest, item, from, to)?);
                }
                Ok(Value::Object(out))
            }
            (Some(_), value) => Ok(value),
        }
    }

    fn variant(
        &self,
        tagging: &Tagging,
        variants: &[VariantPlan],
        value: Value,
        from: usize,
        to: usize,
    ) -> Result<Value, ConversionError> {
        let named = |name: &str| variants.iter().find(|v| v.name == name);
        match (tagging, value) {
            (Tagging::External, Value::Object(mut object)) if object.len() == 1 => {
                let (name, payload) = object.iter_mut().next().expect("one entry");
                if let Some(variant) = named(name) {
                    *payload = self.payload(&variant.payload, payload.take(), from, to)?;
                }
                Ok(Value::Object(object))
            }
            (Tagging::Internal { tag }, Value::Object(object)) => {
                let Some(variant) = object.get(tag).and_then(Value::as_str).and_then(named) else {
                    return Ok(Value::Object(object));
                };
                match &variant.payload {
                    // The payload's fields share the object with the tag, which the payload's type does not know.
                    Payload::Newtype { value } if value.containers.is_empty() => {
                        let tag_value = object.get(tag).cloned();
                        let mut converted = self.value(&value.type_name, Value::Object(object), from, to)?;
                        if let (Some(fields), Some(tag_value)) = (converted.as_object_mut(), tag_value) {
                            fields.insert(tag.clone(), tag_value);
                        }
                        Ok(converted)
                    }
                    payload => self.payload(payload, Value::Object(object), from, to),
                }
            }
            (Tagging::Adjacent { tag, content }, Value::Object(mut object)) => {
                let variant = object.get(tag).and_then(Value::as_str).and_then(named);
                if let (Some(variant), Some(payload)) = (variant, object.get_mut(content)) {
                    *payload = self.payload(&variant.payload, payload.take(), from, to)?;
                }
                Ok(Value::Object(object))
            }
            (_, value) => Ok(value),
        }
    }

    fn payload(&self, payload: &Payload, value: Value, from: usize, to: usize) -> Result<Value, ConversionError> {
        match (payload, value) {
            (Payload::Plain, value) => Ok(value),
            (Payload::Newtype { value: plan }, value) => self.contained(plan, &plan.containers, value, from, to),
            (Payload::Tuple { values }, Value::Array(items)) => {
                let items =
                    items.into_iter().zip(values.iter().chain(std::iter::repeat(&None))).map(
                        |(item, plan)| match plan {
                            Some(plan) => self.contained(plan, &plan.containers, item, from, to),
                            None => Ok(item),
                        },
                    );
                Ok(Value::Array(items.collect::<Result<_, _>>()?))
            }
            (Payload::Fields { fields }, Value::Object(mut object)) => {
                for (name, plan) in fields {
                    if let Some(value) = object.get_mut(name) {
                        *value = self.contained(plan, &plan.containers, value.take(), from, to)?;
                    }
                }
                Ok(Value::Object(object))
            }
            (_, value) => Ok(value),
        }
    }
}

/// The JSON a version gives a field its source version lacks: the field type's `Default`, unless the field's
/// `skip_serializing_if` leaves that value out. Called by the code `#[kapi::versioned]` writes.
pub fn default_value<T: Default + Serialize>(skip: fn(&T) -> bool) -> Option<Value> {
    let value = T::default();
    if skip(&value) { None } else { serde_json::to_value(&value).ok() }
}
