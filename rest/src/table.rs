//! Objects as a `meta.k8s.io` Table, the form `kubectl get` asks for and prints: one row per object with the
//! cells its kind defines and, per `includeObject`, the object's metadata (a PartialObjectMetadata) or the whole
//! object.

use std::time::{Duration, SystemTime};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta};
use serde::Serialize;
use serde_json::Value;

use super::query::IncludeObject;
use super::served::{Column, Served};
use crate::clock::{parse_rfc3339, short_age};

/// How the client asked for tables: the Table version it named and what rows carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableRequest {
    /// `meta.k8s.io/v1` or `meta.k8s.io/v1beta1`.
    pub api_version: &'static str,
    pub include: IncludeObject,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Table<'a> {
    api_version: &'a str,
    kind: &'static str,
    metadata: ListMeta,
    column_definitions: &'static [Column],
    rows: Vec<Row>,
}

#[derive(Debug, Serialize)]
struct Row {
    cells: Vec<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    object: Option<Value>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PartialObjectMetadata<'a> {
    api_version: &'a str,
    kind: &'static str,
    metadata: &'a ObjectMeta,
}

impl TableRequest {
    /// The table of `objects` reporting `resource_version`; column definitions only when `with_columns` (a watch
    /// sends them with its first object only).
    pub fn table<O: Served>(&self, objects: &[&O], resource_version: Option<String>, with_columns: bool) -> Value {
        let now = SystemTime::now();
        let table = Table {
            api_version: self.api_version,
            kind: "Table",
            metadata: ListMeta { resource_version, ..ListMeta::default() },
            column_definitions: if with_columns { O::COLUMNS } else { &[] },
            rows: objects
                .iter()
                .map(|object| Row { cells: object.cells(now), object: self.embedded(*object) })
                .collect(),
        };
        // Serialising plain structs of strings and numbers cannot fail.
        serde_json::to_value(table).unwrap_or_default()
    }

    fn embedded<O: Served>(&self, object: &O) -> Option<Value> {
        match self.include {
            IncludeObject::None => None,
            IncludeObject::Object => serde_json::to_value(object).ok(),
            IncludeObject::Metadata => serde_json::to_value(PartialObjectMetadata {
                api_version: self.api_version,
                kind: "PartialObjectMetadata",
                metadata: object.metadata(),
            })
            .ok(),
        }
    }
}

/// The age cell of an object with `metadata`: from its creation time stamp to `now`, short as kubectl prints it;
/// `<unknown>` without a time stamp.
pub fn age(metadata: &ObjectMeta, now: SystemTime) -> Value {
    let created = metadata.creation_timestamp.as_ref().and_then(|time| parse_rfc3339(&time.0));
    let age = created.map_or_else(
        || "<unknown>".to_owned(),
        |created| short_age(now.duration_since(created).unwrap_or(Duration::ZERO)),
    );
    Value::from(age)
}
