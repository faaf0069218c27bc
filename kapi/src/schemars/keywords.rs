//! The keywords JSON Schema shares with OpenAPI 3.0, by kapi's [`Keyword`] vocabulary: each lands in its field of
//! the model, typed, or is reported when its value does not fit.

use indexmap::IndexMap;
use kapi_model::{Keyword, KubernetesExtensions, SchemaNode, SchemaObject};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::convert::{Converter, Pending, child};

impl Converter<'_> {
    /// Sets `keyword` on `object`, or stashes it in `pending` when it depends on other keywords.
    pub(super) fn keyword<'v>(
        &mut self,
        keyword: Keyword,
        value: &'v Value,
        object: &mut SchemaObject,
        pending: &mut Pending<'v>,
        at: &str,
    ) {
        match keyword {
            Keyword::Type => pending.types = Some(value),
            Keyword::ExclusiveMinimum => pending.exclusive_minimum = Some(value),
            Keyword::ExclusiveMaximum => pending.exclusive_maximum = Some(value),
            Keyword::Format => object.format = self.parse(value, at),
            Keyword::Title => object.title = self.parse(value, at),
            Keyword::Description => object.description = self.parse(value, at),
            Keyword::Default => object.default = Some(value.clone()),
            Keyword::Example => object.example = Some(value.clone()),
            Keyword::Nullable => object.nullable = self.parse(value, at).unwrap_or_default(),
            Keyword::Enum => object.enum_values = self.parse(value, at).unwrap_or_default(),
            Keyword::KnownValues => object.known_values = self.parse(value, at).unwrap_or_default(),
            Keyword::Deprecated => object.deprecated = self.parse(value, at).unwrap_or_default(),
            Keyword::ReadOnly => object.read_only = self.parse(value, at).unwrap_or_default(),
            Keyword::WriteOnly => object.write_only = self.parse(value, at).unwrap_or_default(),
            Keyword::OneOf => object.one_of = self.list(value, at),
            Keyword::AnyOf => object.any_of = self.list(value, at),
            Keyword::AllOf => object.all_of = self.list(value, at),
            Keyword::Not => object.not = Some(Box::new(self.node(value, at))),
            Keyword::Properties => object.properties = self.properties(value, at),
            Keyword::Required => object.required = self.parse(value, at).unwrap_or_default(),
            Keyword::AdditionalProperties => object.additional_properties = Some(Box::new(self.node(value, at))),
            Keyword::Items => object.items = Some(Box::new(self.node(value, at))),
            Keyword::Minimum => object.bounds.minimum = self.parse(value, at),
            Keyword::Maximum => object.bounds.maximum = self.parse(value, at),
            Keyword::MultipleOf => object.bounds.multiple_of = self.parse(value, at),
            Keyword::MinLength => object.bounds.min_length = self.parse(value, at),
            Keyword::MaxLength => object.bounds.max_length = self.parse(value, at),
            Keyword::Pattern => object.bounds.pattern = self.parse(value, at),
            Keyword::MinItems => object.bounds.min_items = self.parse(value, at),
            Keyword::MaxItems => object.bounds.max_items = self.parse(value, at),
            Keyword::UniqueItems => object.bounds.unique_items = self.parse(value, at).unwrap_or_default(),
            Keyword::MinProperties => object.bounds.min_properties = self.parse(value, at),
            Keyword::MaxProperties => object.bounds.max_properties = self.parse(value, at),
            Keyword::ListType
            | Keyword::ListMapKeys
            | Keyword::MapType
            | Keyword::IntOrString
            | Keyword::PreserveUnknownFields
            | Keyword::EmbeddedResource
            | Keyword::Validations
            | Keyword::PatchStrategy
            | Keyword::PatchMergeKey
            | Keyword::Unions
            | Keyword::GroupVersionKind => pending.kubernetes.push((keyword, value)),
        }
    }

    /// An `x-kubernetes-*` keyword, read by the model's own (de)serialisation of the extensions.
    pub(super) fn kubernetes(&mut self, keyword: Keyword, value: &Value, object: &mut SchemaObject, at: &str) {
        let field = model_field_name(keyword);
        let wrapped = Value::Object(Map::from_iter([(field, value.clone())]));
        let kubernetes = match KubernetesExtensions::deserialize(&wrapped) {
            Ok(kubernetes) => kubernetes,
            Err(error) => return self.problem(at, format!("unexpected value `{value}`: {error}")),
        };
        let overlay = SchemaObject { kubernetes, ..Default::default() };
        // Serde skips a field it does not know; a keyword that set nothing was not understood.
        if !keyword.is_set(&overlay) && !is_empty_value(value) {
            return self.problem(at, format!("`{keyword}` was not understood"));
        }
        object.apply(overlay);
    }

    /// A typed value, or a problem naming what was expected.
    fn parse<T: DeserializeOwned>(&mut self, value: &Value, at: &str) -> Option<T> {
        match T::deserialize(value) {
            Ok(parsed) => Some(parsed),
            Err(error) => {
                self.problem(at, format!("unexpected value `{value}`: {error}"));
                None
            }
        }
    }

    /// `allOf`, `anyOf`, `oneOf`: a non-empty array of schemas.
    fn list(&mut self, value: &Value, at: &str) -> Vec<SchemaNode> {
        match value {
            Value::Array(members) if !members.is_empty() => {
                members.iter().enumerate().map(|(index, member)| self.node(member, &format!("{at}/{index}"))).collect()
            }
            _ => {
                self.problem(at, "expected a non-empty array of schemas");
                Vec::new()
            }
        }
    }

    /// `properties`: an object of schemas, in the order given.
    fn properties(&mut self, value: &Value, at: &str) -> IndexMap<String, SchemaNode> {
        let Value::Object(properties) = value else {
            self.problem(at, "expected an object of schemas");
            return IndexMap::new();
        };
        properties.iter().map(|(name, schema)| (name.clone(), self.node(schema, &child(at, name)))).collect()
    }
}

/// `x-kubernetes-list-map-keys` is the model's `listMapKeys`: the rest of the keyword, camel-cased.
fn model_field_name(keyword: Keyword) -> String {
    let name = keyword.as_str().trim_start_matches("x-kubernetes-");
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        match c {
            '-' => upper = true,
            c if upper => {
                out.extend(c.to_uppercase());
                upper = false;
            }
            c => out.push(c),
        }
    }
    out
}

/// Values that leave an extension unset on purpose (`false`, `[]`).
fn is_empty_value(value: &Value) -> bool {
    match value {
        Value::Bool(flag) => !flag,
        Value::Array(items) => items.is_empty(),
        Value::Null => true,
        _ => false,
    }
}
