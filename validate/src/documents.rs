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
    fn pieces_as_kubernetes_yaml_reader_splits_them() {
        assert!(split_documents("---").is_empty(), "a lone separator is no document");
        assert!(split_documents("").is_empty());
        let pieces = split_documents("# a\n---\n# b\n---   \n\n# c\n");
        assert_eq!(pieces.len(), 3);
        assert!(pieces.iter().all(Piece::is_empty_document));
        assert_eq!(pieces.iter().map(|p| p.first_line).collect::<Vec<_>>(), [1, 3, 5]);
        let pieces = split_documents("kind: A\n---\nkind: B\n");
        assert_eq!(pieces[1].parse("f").expect("parses")[0].value["kind"], "B");
    }

    #[test]
    fn a_repeated_key_reads_as_kubernetes_decoder_words_it() {
        let text = "a: 1\n---\nkind: Pod\nspec:\n  x: 1\n  x: 2\n";
        let error = split_documents(text)[1].parse("f").expect_err("a repeated key");
        // The key repeats on line 6 of the file; go-yaml counts it as 7.
        assert_eq!(error, "line 7: key \"x\" already set in map");
    }

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

/// One `---`-separated piece of a YAML file, as Kubernetes' YAML reader splits it (JSON text is one piece).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The line of the file the piece starts on, from 1.
    pub first_line: usize,
    /// The piece's text.
    pub text: String,
}

impl Piece {
    /// Whether the piece holds no object: only blank lines, comments and separators.
    pub fn is_empty_document(&self) -> bool {
        self.text.lines().all(|line| {
            let line = line.trim();
            line.is_empty() || line.starts_with('#') || line == "---"
        })
    }

    /// The piece's objects (a `List` stands for its items; a comment-only piece has none), or the parser's
    /// message, with line numbers counted in the whole file.
    pub fn parse(&self, file: &str) -> Result<Vec<Document>, String> {
        if self.is_empty_document() {
            return Ok(Vec::new());
        }
        let value: Value = serde_saphyr::from_str(&self.text).map_err(|e| self.locate(&first_line(&e.to_string())))?;
        if !value.is_object() {
            return Err(format!("the document is a {}, not an object", json_kind(&value)));
        }
        Ok(list_items(value).into_iter().map(|value| Document { file: file.to_owned(), index: 0, value }).collect())
    }

    /// A parser message with its `line N` made relative to the file; a repeated key reads as Kubernetes' YAML
    /// decoder (go-yaml) words it, which counts that line from 0: `line 24: key "containers" already set in map`
    /// for a key repeated on line 23.
    fn locate(&self, message: &str) -> String {
        let offset = self.first_line - 1;
        if let Some((place, key)) = message.split_once(": duplicate mapping key: ") {
            let key = key.split(',').next().unwrap_or(key);
            let line = place.split("line ").nth(1).and_then(|rest| rest.split(' ').next()?.parse::<usize>().ok());
            if let Some(line) = line {
                return format!("line {}: key {key:?} already set in map", line + offset + 1);
            }
        }
        match message.find("line ") {
            Some(at) => {
                let digits: String = message[at + 5..].chars().take_while(char::is_ascii_digit).collect();
                match digits.parse::<usize>() {
                    Ok(line) => {
                        format!("{}line {}{}", &message[..at], line + offset, &message[at + 5 + digits.len()..])
                    }
                    Err(_) => message.to_owned(),
                }
            }
            None => message.to_owned(),
        }
    }
}

/// Splits manifest text into its documents as Kubernetes' YAML reader does: a line that is `---` (and trailing
/// space) ends a document; empty pieces (nothing at all between two separators) are dropped, comment-only ones
/// kept. JSON text is a single piece.
pub fn split_documents(text: &str) -> Vec<Piece> {
    if text.trim_start().starts_with('{') {
        return vec![Piece { first_line: 1, text: text.to_owned() }];
    }
    let mut pieces = Vec::new();
    let mut current = String::new();
    let mut first_line = 1;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let is_separator = line.strip_prefix("---").is_some_and(|rest| rest.trim().is_empty());
        if is_separator {
            if !current.is_empty() {
                pieces.push(Piece { first_line, text: std::mem::take(&mut current) });
            }
            first_line = number + 2;
        } else {
            current.push_str(line);
        }
    }
    if !current.is_empty() {
        pieces.push(Piece { first_line, text: current });
    }
    pieces
}
