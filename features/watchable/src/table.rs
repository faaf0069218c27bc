//! `Group` objects as a served kind: their JSON, and their Table row (name, versions, age, and with `-o wide` the
//! number of resources the preferred version serves).

use std::ops::Deref;
use std::time::SystemTime;

use kapi_meta::discovery::v1alpha1::{FRESHNESS_STALE, Group};
use kapi_meta::meta::v1::ObjectMeta;
use serde::Serialize;
use serde_json::Value;

use kapi_rest::served::Column;
use kapi_rest::served::Served;
use kapi_rest::table::age;

/// A `Group` object as this feature serves it: the kind's description for the generic REST layer is this
/// crate's to give, and Rust lets a crate describe only its own types.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(transparent)]
pub(crate) struct GroupObject(pub Group);

impl Deref for GroupObject {
    type Target = Group;

    fn deref(&self) -> &Group {
        &self.0
    }
}

impl Served for GroupObject {
    const KIND: &'static str = "Group";
    const COLUMNS: &'static [Column] = &[
        Column::new("Name", "string", "name", "The API group's name; core for the legacy group served under /api.", 0),
        Column::new(
            "Versions",
            "string",
            "",
            "The served versions, preferred first; a stale one is marked (stale).",
            0,
        ),
        Column::new("Age", "string", "", "How long ago the group appeared on this server.", 0),
        Column::new("Resources", "integer", "", "How many resources the preferred version serves.", 1),
    ];

    fn metadata(&self) -> &ObjectMeta {
        &self.metadata
    }

    fn cells(&self, now: SystemTime) -> Vec<Value> {
        let versions: Vec<String> = self
            .status
            .versions
            .iter()
            .map(|version| match version.freshness.as_deref() {
                Some(FRESHNESS_STALE) => format!("{}(stale)", version.name),
                _ => version.name.clone(),
            })
            .collect();
        let resources =
            self.status.versions.first().map_or(0, |preferred| {
                preferred.resources.iter().filter(|resource| !resource.name.contains('/')).count()
            });
        vec![
            Value::from(self.metadata.name.clone().unwrap_or_default()),
            Value::from(versions.join(",")),
            age(&self.metadata, now),
            Value::from(resources),
        ]
    }
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
