//! Merging per-group-version OpenAPI v3 documents into one: shared definitions must agree, everything else is a union.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

/// One group-version's OpenAPI v3 document, named by the path the server's root listed it under.
#[derive(Debug, Clone, PartialEq)]
pub struct SourceDocument {
    /// The group-version path, e.g. `apis/apps/v1` or `api/v1`.
    pub group_version: String,
    /// The document as the server sent it.
    pub document: Value,
}

/// The aggregate document and what went into it.
#[derive(Debug, Clone, PartialEq)]
pub struct Aggregate {
    /// The merged OpenAPI v3 document.
    pub document: Value,
    /// How many source documents were merged.
    pub documents: usize,
    /// How many distinct `components.schemas` the aggregate holds.
    pub schemas: usize,
    /// How many paths the aggregate holds.
    pub paths: usize,
}

/// A named entry and the group-version it was first seen in, so a later conflict can name both sources.
type Seen = BTreeMap<String, (Value, String)>;

/// Merges `sources` (in any order; the result does not depend on it) into one document titled after `server`.
pub fn merge(server: &str, sources: &[SourceDocument]) -> Result<Aggregate, String> {
    let mut ordered: Vec<&SourceDocument> = sources.iter().collect();
    // Sorting makes the "first seen" source in error messages independent of download order.
    ordered.sort_by(|a, b| a.group_version.cmp(&b.group_version));
    let openapi = common_openapi_version(&ordered)?;
    let mut paths = Seen::new();
    let mut components: BTreeMap<String, Seen> = BTreeMap::new();
    for source in &ordered {
        let gv = &source.group_version;
        let document = source.document.as_object().ok_or_else(|| format!("{gv}: the document is not a JSON object"))?;
        add_entries(&mut paths, object(document.get("paths"), gv, "paths")?, gv, "path")?;
        for (kind, entries) in object(document.get("components"), gv, "components")?.into_iter().flatten() {
            let what = format!("components.{kind}");
            let entries = object(Some(entries), gv, &what)?;
            add_entries(components.entry(kind.clone()).or_default(), entries, gv, &what)?;
        }
    }
    let schemas = components.get("schemas").map_or(0, BTreeMap::len);
    let path_count = paths.len();
    let components: Map<String, Value> =
        components.into_iter().map(|(kind, entries)| (kind, Value::Object(into_map(entries)))).collect();
    let document = json!({
        "openapi": openapi,
        "info": { "title": format!("Aggregated OpenAPI of {server}"), "version": common_info_version(&ordered) },
        "paths": into_map(paths),
        "components": components,
    });
    Ok(Aggregate { document, documents: ordered.len(), schemas, paths: path_count })
}

/// The `openapi` version every document declares; documents that disagree cannot be merged.
fn common_openapi_version(sources: &[&SourceDocument]) -> Result<String, String> {
    let mut found: Option<(&str, &str)> = None;
    for source in sources {
        let gv = source.group_version.as_str();
        let version = source
            .document
            .get("openapi")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("{gv}: the document has no \"openapi\" version"))?;
        match found {
            None => found = Some((version, gv)),
            Some((first, first_gv)) if first != version => {
                return Err(format!("openapi versions differ: {first} in {first_gv}, {version} in {gv}"));
            }
            Some(_) => {}
        }
    }
    found.map(|(version, _)| version.to_owned()).ok_or_else(|| "the server lists no OpenAPI v3 documents".to_owned())
}

/// The `info.version` the documents share, or `unversioned` when they do not all say the same.
fn common_info_version(sources: &[&SourceDocument]) -> String {
    let mut versions = sources.iter().map(|source| source.document.pointer("/info/version").and_then(Value::as_str));
    let first = versions.next().flatten();
    match first {
        Some(version) if versions.all(|other| other == Some(version)) => version.to_owned(),
        _ => "unversioned".to_owned(),
    }
}

/// The object at `value`, if there is one; anything but an object is an error naming the document and section.
fn object<'a>(value: Option<&'a Value>, gv: &str, name: &str) -> Result<Option<&'a Map<String, Value>>, String> {
    match value {
        None => Ok(None),
        Some(Value::Object(map)) => Ok(Some(map)),
        Some(_) => Err(format!("{gv}: {name} is not a JSON object")),
    }
}

/// Adds `entries` from `gv` to `seen`; an entry already seen from another document must be equal to it.
fn add_entries(seen: &mut Seen, entries: Option<&Map<String, Value>>, gv: &str, what: &str) -> Result<(), String> {
    for (name, value) in entries.into_iter().flatten() {
        match seen.get(name) {
            Some((kept, first_gv)) if kept != value => {
                return Err(format!("{what} {name} differs between {first_gv} and {gv}"));
            }
            Some(_) => {}
            None => {
                seen.insert(name.clone(), (value.clone(), gv.to_owned()));
            }
        }
    }
    Ok(())
}

fn into_map(seen: Seen) -> Map<String, Value> {
    seen.into_iter().map(|(name, (value, _))| (name, value)).collect()
}

#[cfg(test)]
#[path = "merge_tests.rs"]
mod tests;
