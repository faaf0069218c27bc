//! What a kind brings to be served as a resource: its JSON, its metadata, and its Table columns and cells.

use std::time::SystemTime;

use kapi_meta::meta::v1::ObjectMeta;
use serde::Serialize;
use serde_json::Value;

/// A kind of object served as a resource: its JSON (the object itself, `apiVersion` and `kind` included), the
/// metadata selectors and tables read, and its Table row.
pub trait Served: Serialize + Send + Sync + 'static {
    /// The kind, as lists (`<KIND>List`) and bookmarks name it.
    const KIND: &'static str;
    /// The Table columns, in order; priority 0 ones are the ones `kubectl get` shows without `-o wide`.
    const COLUMNS: &'static [Column];

    /// The object's metadata.
    fn metadata(&self) -> &ObjectMeta;

    /// The cells of the object's row, one per column; `now` is the time ages are counted to.
    fn cells(&self, now: SystemTime) -> Vec<Value>;
}

/// One column definition of a kind's tables.
#[derive(Debug, Serialize)]
pub struct Column {
    name: &'static str,
    #[serde(rename = "type")]
    column_type: &'static str,
    format: &'static str,
    description: &'static str,
    priority: i32,
}

impl Column {
    /// A column named `name` of OpenAPI type `column_type` (and `format`, such as `name`, or empty); `priority` 0
    /// shows by default, higher ones with `-o wide`.
    pub const fn new(
        name: &'static str,
        column_type: &'static str,
        format: &'static str,
        description: &'static str,
        priority: i32,
    ) -> Self {
        Self { name, column_type, format, description, priority }
    }

    /// The column's name.
    pub fn name(&self) -> &'static str {
        self.name
    }
}
