//! One change of a valid object, as each family of mutations produces it.

use serde_json::Value;

/// One change of a valid object.
#[derive(Debug, Clone)]
pub struct Mutation {
    /// What it tests: a keyword (`maxLength`), `cel`, `metadata:<field>`, `optional fields`.
    pub concept: String,
    /// The field changed, kubectl style.
    pub field: String,
    /// What the change is.
    pub what: String,
    pub object: Value,
}

/// The names a `required` list holds.
pub(crate) fn instance_names(list: Option<&Value>) -> Vec<String> {
    list.and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).map(str::to_owned).collect()
}
