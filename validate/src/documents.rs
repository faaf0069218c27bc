//! Reading manifest files: JSON, or YAML with any number of `---`-separated documents; `List` objects are
//! opened into their items.

use std::fmt;
use std::path::Path;

use serde_json::Value;

/// One object to validate, and where it was read.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// The file, as given.
    pub file: String,
    /// The document's number in the file, from 1 (empty documents are not counted).
    pub index: usize,
    /// The object.
    pub value: Value,
}

/// A file that cannot be validated at all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// The file, as given.
    pub file: String,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}

impl std::error::Error for InputError {}

/// Reads and parses one manifest file.
pub fn read_documents(path: &Path) -> Result<Vec<Document>, InputError> {
    let file = path.display().to_string();
    let bytes =
        std::fs::read(path).map_err(|e| InputError { file: file.clone(), message: format!("cannot read: {e}") })?;
    let text = String::from_utf8(bytes)
        .map_err(|_| InputError { file: file.clone(), message: "not a text file (not UTF-8)".to_owned() })?;
    parse_documents(&file, &text)
}

/// Parses manifest text: a JSON value, or YAML documents. Every document must be an object; a `v1` `List`
/// stands for its items.
pub fn parse_documents(file: &str, text: &str) -> Result<Vec<Document>, InputError> {
    let error = |message: String| InputError { file: file.to_owned(), message };
    let values: Vec<Value> = if text.trim_start().starts_with('{') {
        vec![serde_json::from_str(text).map_err(|e| error(format!("not valid JSON: {e}")))?]
    } else {
        // YAML is a superset of JSON, so a JSON list (`[...]`) parses here too.
        serde_saphyr::from_multiple(text)
            .map_err(|e| error(format!("not valid YAML: {}", first_line(&e.to_string()))))?
    };
    let mut documents = Vec::new();
    for (position, value) in values.into_iter().enumerate() {
        let index = position + 1;
        if !value.is_object() {
            return Err(error(format!("document {index} is a {}, not an object", json_kind(&value))));
        }
        for item in list_items(value) {
            documents.push(Document { file: file.to_owned(), index, value: item });
        }
    }
    Ok(documents)
}

/// The items of a `List` object, or the object itself.
fn list_items(value: Value) -> Vec<Value> {
    let is_list = value.get("items").is_some_and(Value::is_array)
        && value.get("apiVersion").and_then(Value::as_str) == Some("v1")
        && value.get("kind").and_then(Value::as_str) == Some("List");
    if !is_list {
        return vec![value];
    }
    match value {
        Value::Object(mut fields) => match fields.remove("items") {
            Some(Value::Array(items)) => items,
            _ => Vec::new(),
        },
        other => vec![other],
    }
}

fn json_kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "list",
        Value::Object(_) => "object",
    }
}

/// Parsers' messages can carry a snippet of the input over several lines; the first line says what is wrong.
fn first_line(message: &str) -> String {
    message.lines().find(|line| !line.trim().is_empty()).unwrap_or(message).trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_documents_are_numbered_and_lists_opened() {
        let text =
            "apiVersion: v1\nkind: ConfigMap\n---\napiVersion: v1\nkind: List\nitems:\n- {kind: A}\n- {kind: B}\n";
        let documents = parse_documents("f.yaml", text).expect("parses");
        let shown: Vec<(usize, &str)> =
            documents.iter().map(|d| (d.index, d.value["kind"].as_str().unwrap_or_default())).collect();
        assert_eq!(shown, vec![(1, "ConfigMap"), (2, "A"), (2, "B")]);
    }

    #[test]
    fn json_and_bad_input() {
        assert_eq!(parse_documents("f.json", r#"{"kind": "X"}"#).expect("json").len(), 1);
        assert!(parse_documents("f.json", "{\"kind\": ").expect_err("bad json").message.contains("not valid JSON"));
        assert!(parse_documents("f", "a: [1, 2").expect_err("bad yaml").message.contains("not valid YAML"));
        assert!(parse_documents("f", "just words").expect_err("scalar").message.contains("not an object"));
        assert_eq!(parse_documents("f", "").expect("empty"), vec![]);
    }
}
