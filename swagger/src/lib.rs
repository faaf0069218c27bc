//! Converts a swagger 2.0 (OpenAPI v2) document into per-group-version OpenAPI 3.0 documents, for upstream API
//! servers that publish only `/openapi/v2`. Pure functions over JSON values; one module per rule family.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

mod context;
mod document;
mod error;
mod lossy;
mod parameters;
mod paths;
mod refs;
mod report;
mod responses;
mod schema;
mod security;
mod siblings;
pub mod split;
mod walk;

pub use error::ConversionError;
pub use report::{ConversionReport, ReportEntry, Unrestored};

use context::Context;
use document::Frame;
use report::Findings;
use walk::escape;

/// The result of [`v2_to_v3`]: the documents, and what could not be restored in them.
#[derive(Debug, Clone, PartialEq)]
pub struct Conversion {
    /// OpenAPI 3.0 documents keyed by group-version URL path (`apis/apps/v1`, `api/v1`), as served under
    /// `/openapi/v3/<key>`.
    pub documents: BTreeMap<String, Value>,
    pub report: ConversionReport,
}

/// Splits swagger 2.0 document `swagger` by group-version and converts each part to OpenAPI 3.0.
///
/// Each document holds the paths of its group-version and exactly the definitions they reach, as
/// `components.schemas`. Errors are documents that cannot be read: not swagger 2.0, a part that should be an
/// object and is not, a reference to nothing, a parameter without `in` or `name`.
pub fn v2_to_v3(swagger: &Value) -> Result<Conversion, ConversionError> {
    let root = swagger.as_object().ok_or_else(|| ConversionError::not_an_object("the document"))?;
    match root.get("swagger") {
        Some(Value::String(version)) if version == "2.0" => {}
        other => return Err(ConversionError::not_swagger2(other.map_or("absent".to_owned(), Value::to_string))),
    }
    let empty = Map::new();
    let paths = section(root, "paths")?.unwrap_or(&empty);
    let definitions = section(root, "definitions")?.unwrap_or(&empty);
    let context = Context::new(root);
    let frame = Frame::new(root);
    let (grouped, ungrouped) = split::group_paths(paths);
    let mut report = ConversionReport::default();
    for path in ungrouped {
        report.push("", format!("/paths/{}", escape(path)), Unrestored::UngroupedPath);
    }
    let mut documents = BTreeMap::new();
    for (group_version, names) in grouped {
        let mut findings = Findings::new();
        let part = Part { paths, definitions, context: &context, frame: &frame };
        documents.insert(group_version.clone(), part.document(&names, &mut findings)?);
        for (pointer, reason) in findings {
            report.push(&group_version, pointer, reason);
        }
    }
    report.finish();
    Ok(Conversion { documents, report })
}

/// A top-level object of the v2 document, if present.
fn section<'a>(root: &'a Map<String, Value>, key: &str) -> Result<Option<&'a Map<String, Value>>, ConversionError> {
    match root.get(key) {
        None => Ok(None),
        Some(Value::Object(map)) => Ok(Some(map)),
        Some(_) => Err(ConversionError::not_an_object(format!("/{key}"))),
    }
}

/// What one group-version document is built from.
struct Part<'a> {
    paths: &'a Map<String, Value>,
    definitions: &'a Map<String, Value>,
    context: &'a Context<'a>,
    frame: &'a Frame,
}

impl Part<'_> {
    fn document(&self, names: &[&String], findings: &mut Findings) -> Result<Value, ConversionError> {
        let mut paths = Map::new();
        for name in names {
            let item = &self.paths[name.as_str()];
            paths.insert((*name).clone(), paths::convert_path_item(name, item, self.context, findings)?);
        }
        // Reachability is computed on the converted paths, so shared parameters and responses written out in
        // place count too.
        let reached = split::reachable_definitions(&[&Value::Object(paths.clone())], self.definitions)?;
        let mut schemas = Map::new();
        for name in reached {
            let at = format!("/definitions/{}", escape(&name));
            let converted = schema::convert_definition(&name, &self.definitions[name.as_str()], &at, findings);
            schemas.insert(name, converted);
        }
        Ok(self.frame.document(paths, schemas))
    }
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
