//! `Group` objects as a `meta.k8s.io` Table, the form `kubectl get` asks for and prints: one row per group with
//! its name, versions and age, and (per `includeObject`) the object's metadata or the whole object.

use std::time::{Duration, SystemTime};

use kapi_meta::discovery::v1alpha1::{FRESHNESS_STALE, Group};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta};
use serde::Serialize;
use serde_json::Value;

use super::query::IncludeObject;
use crate::clock::{parse_rfc3339, short_age};

/// How the client asked for tables: the Table version it named and what rows carry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TableRequest {
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
    column_definitions: Vec<Column>,
    rows: Vec<Row>,
}

#[derive(Debug, Serialize)]
struct Column {
    name: &'static str,
    #[serde(rename = "type")]
    column_type: &'static str,
    format: &'static str,
    description: &'static str,
    priority: i32,
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

/// The columns, in order; `Resources` only with `-o wide` (priority 1).
fn columns() -> Vec<Column> {
    let column =
        |name, column_type, format, description, priority| Column { name, column_type, format, description, priority };
    vec![
        column("Name", "string", "name", "The API group's name; core for the legacy group served under /api.", 0),
        column("Versions", "string", "", "The served versions, preferred first; a stale one is marked (stale).", 0),
        column("Age", "string", "", "How long ago the group appeared on this server.", 0),
        column("Resources", "integer", "", "How many resources the preferred version serves.", 1),
    ]
}

impl TableRequest {
    /// The table of `objects` reporting `resource_version`; column definitions only when `with_columns` (a watch
    /// sends them with its first object only).
    pub fn table(&self, objects: &[&Group], resource_version: Option<String>, with_columns: bool) -> Value {
        let now = SystemTime::now();
        let table = Table {
            api_version: self.api_version,
            kind: "Table",
            metadata: ListMeta { resource_version, ..ListMeta::default() },
            column_definitions: if with_columns { columns() } else { Vec::new() },
            rows: objects.iter().map(|object| self.row(object, now)).collect(),
        };
        // Serialising plain structs of strings and numbers cannot fail.
        serde_json::to_value(table).unwrap_or_default()
    }

    fn row(&self, object: &Group, now: SystemTime) -> Row {
        let versions: Vec<String> = object
            .status
            .versions
            .iter()
            .map(|version| match version.freshness.as_deref() {
                Some(FRESHNESS_STALE) => format!("{}(stale)", version.name),
                _ => version.name.clone(),
            })
            .collect();
        let resources =
            object.status.versions.first().map_or(0, |preferred| {
                preferred.resources.iter().filter(|resource| !resource.name.contains('/')).count()
            });
        let cells = vec![
            Value::from(object.metadata.name.clone().unwrap_or_default()),
            Value::from(versions.join(",")),
            Value::from(age(object, now)),
            Value::from(resources),
        ];
        Row { cells, object: self.embedded(object) }
    }

    fn embedded(&self, object: &Group) -> Option<Value> {
        match self.include {
            IncludeObject::None => None,
            IncludeObject::Object => serde_json::to_value(object).ok(),
            IncludeObject::Metadata => serde_json::to_value(PartialObjectMetadata {
                api_version: self.api_version,
                kind: "PartialObjectMetadata",
                metadata: &object.metadata,
            })
            .ok(),
        }
    }
}

/// The object's age from its creation time stamp; `<unknown>` without one.
fn age(object: &Group, now: SystemTime) -> String {
    let created = object.metadata.creation_timestamp.as_ref().and_then(|time| parse_rfc3339(&time.0));
    created.map_or_else(
        || "<unknown>".to_owned(),
        |created| short_age(now.duration_since(created).unwrap_or(Duration::ZERO)),
    )
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
