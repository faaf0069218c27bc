//! The Markdown reference (`docs/` in the artifacts), checked against the model it explains: every property of
//! every served kind has one row with its type, whether it is required and its default; every link lands on an
//! anchor that exists. The example groups' pages and the index are also snapshots.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use kapi_codegen::Artifacts;
use kapi_model::{GroupVersion, InstanceType, Registry, SchemaNode};
use kapi_tests::corpus_artifacts;

fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(kapi_schemas::registry)
}

fn artifacts() -> &'static Artifacts {
    static ARTIFACTS: OnceLock<Artifacts> = OnceLock::new();
    ARTIFACTS.get_or_init(corpus_artifacts)
}

/// Every file under `docs/`, by path below it.
fn docs() -> BTreeMap<String, String> {
    artifacts()
        .iter()
        .filter_map(|(path, bytes)| {
            let relative = path.strip_prefix("docs/")?;
            Some((relative.to_owned(), String::from_utf8(bytes.to_vec()).expect("Markdown is UTF-8")))
        })
        .collect()
}

fn page_path(group_version: &GroupVersion) -> String {
    let group = if group_version.group.is_empty() { "core" } else { &group_version.group };
    format!("{group}/{}.md", group_version.version)
}

/// The lines of a kind's section: from its `## ` heading to the next.
fn kind_section<'a>(page: &'a str, kind: &str) -> Vec<&'a str> {
    let heading = format!("<a id=\"{kind}\"></a>");
    let mut lines = page.lines().skip_while(|line| !(line.starts_with("## ") && line.contains(&heading)));
    let first = lines.next().unwrap_or_else(|| panic!("no section for {kind}"));
    std::iter::once(first).chain(lines.take_while(|line| !line.starts_with("## "))).collect()
}

/// A table row's cells, split at unescaped pipes.
fn cells(row: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut escaped = false;
    for c in row.trim().trim_start_matches('|').trim_end_matches('|').chars() {
        match c {
            '|' if !escaped => cells.push(String::new()),
            _ => cells.last_mut().expect("a cell").push(c),
        }
        escaped = c == '\\';
    }
    cells.iter().map(|cell| cell.trim().to_owned()).collect()
}

/// The contents of the code spans in `cell`, joined: a type cell is code spans and links around them.
fn code_text(cell: &str) -> String {
    let mut out = String::new();
    let mut rest = cell;
    while let Some(start) = rest.find('`') {
        let run = rest[start..].chars().take_while(|&c| c == '`').count();
        let fence = "`".repeat(run);
        let after = &rest[start + run..];
        let end = after.find(&fence).unwrap_or_else(|| panic!("unclosed code in {cell}"));
        let content = &after[..end];
        let content = if content.len() > 1 && content.starts_with(' ') && content.ends_with(' ') {
            &content[1..content.len() - 1]
        } else {
            content
        };
        out.push_str(&content.replace("\\|", "|"));
        rest = &after[end + run..];
    }
    out
}

/// The type a reader should see for a property, worked out from the schema: `None` where the schema says too
/// little to expect one word (combinators, untyped).
fn expected_type(node: &SchemaNode) -> Option<String> {
    let object = match node {
        SchemaNode::Ref(reference) => return reference.target.as_str().rsplit('.').next().map(str::to_owned),
        SchemaNode::Inline(object) => object,
    };
    if object.kubernetes.int_or_string {
        return Some("int-or-string".to_owned());
    }
    match object.instance_type {
        Some(InstanceType::Array) => Some(format!("[]{}", object.items.as_deref().and_then(expected_type)?)),
        Some(InstanceType::Object) | None if object.additional_properties.is_some() => {
            Some(format!("map[string]{}", object.additional_properties.as_deref().and_then(expected_type)?))
        }
        Some(InstanceType::Object) => Some("object".to_owned()),
        Some(scalar) => Some(match &object.format {
            Some(format) => format!("{} ({format})", scalar.as_str()),
            None => scalar.as_str().to_owned(),
        }),
        None => None,
    }
}

#[test]
fn every_property_of_every_served_kind_has_its_row() {
    let docs = docs();
    let registry = registry();
    let mut checked = 0;
    for group_version in registry.served_group_versions() {
        let path = page_path(&group_version);
        let page = docs.get(&path).unwrap_or_else(|| panic!("no docs/{path}"));
        let mut kinds = BTreeSet::new();
        for resource in registry.resources_in(&group_version) {
            if !kinds.insert(resource.kind.clone()) {
                continue;
            }
            let definition = registry.definition(&resource.definition).expect("the kind's definition");
            let object = definition.schema.keywords();
            let section = kind_section(page, &resource.kind);
            let rows: Vec<Vec<String>> =
                section.iter().filter(|line| line.starts_with("| <a id=")).map(|line| cells(line)).collect();
            let top_level: BTreeSet<String> = rows
                .iter()
                .map(|row| code_text(&row[0]))
                .filter(|name| !name.contains('.') && !name.contains("[]"))
                .collect();
            let properties: BTreeSet<String> = object.properties.keys().cloned().collect();
            assert_eq!(top_level, properties, "{path} {}: rows", resource.kind);
            for (property, node) in &object.properties {
                let at = format!("{path} {}.{property}", resource.kind);
                let matching: Vec<&Vec<String>> = rows.iter().filter(|row| code_text(&row[0]) == *property).collect();
                let [row] = matching.as_slice() else { panic!("{at}: {} rows", matching.len()) };
                assert_eq!(row.len(), 6, "{at}: {row:?}");
                assert!(row[0].starts_with(&format!("<a id=\"{}.{property}\"></a>", resource.kind)), "{at}");
                if let Some(expected) = expected_type(node) {
                    assert_eq!(code_text(&row[1]), expected, "{at}: type");
                }
                let required = if object.required.contains(property) { "yes" } else { "no" };
                assert_eq!(row[2], required, "{at}: required");
                let default = (!row[3].is_empty())
                    .then(|| serde_json::from_str::<serde_json::Value>(&code_text(&row[3])).expect("a JSON default"));
                assert_eq!(default.as_ref(), node.keywords().default.as_ref(), "{at}: default");
                checked += 1;
            }
        }
    }
    assert!(checked > 400, "only {checked} properties checked");
}

/// Decodes `%XX` in a link fragment.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let hex = text.get(i + 1..i + 3).and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8(out).expect("UTF-8 fragment")
}

/// Joins a relative link onto the directory of `from`.
fn resolve(from: &str, target: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in target.split('/') {
        match part {
            ".." => {
                parts.pop().unwrap_or_else(|| panic!("{target} leaves docs/ from {from}"));
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

/// The destinations of the links in Markdown `text`: code spans and backslash-escaped characters are skipped, so
/// bracketed text in descriptions (escaped) or code (`[a-z]([-a-z]*)`) is not taken for a link.
fn link_destinations(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut destinations = Vec::new();
    let mut open = None;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'`' => {
                let run = bytes[i..].iter().take_while(|&&b| b == b'`').count();
                let fence = "`".repeat(run);
                i += run + text[i + run..].find(&fence).unwrap_or_else(|| panic!("unclosed code at {i}")) + run - 1;
            }
            b'[' => open = Some(i),
            b']' if open.is_some() && bytes.get(i + 1) == Some(&b'(') => {
                let end = i + 2 + text[i + 2..].find(')').expect("a closed link");
                destinations.push(&text[i + 2..end]);
                open = None;
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    destinations
}

#[test]
fn every_link_lands_on_an_anchor() {
    let docs = docs();
    let mut links = 0;
    for (path, text) in &docs {
        for destination in link_destinations(text) {
            let (file, fragment) = destination.split_once('#').unwrap_or((destination, ""));
            let file = if file.is_empty() { path.clone() } else { resolve(path, file) };
            let target = docs.get(&file).unwrap_or_else(|| panic!("{path}: {destination}: no docs/{file}"));
            if !fragment.is_empty() {
                let anchor = format!("<a id=\"{}\"></a>", percent_decode(fragment));
                assert!(target.contains(&anchor), "{path}: {destination}: no {anchor} in {file}");
            }
            links += 1;
        }
    }
    assert!(links > 1000, "only {links} links");
}

#[test]
fn anchors_are_unique_in_each_file() {
    for (path, text) in docs() {
        let mut seen = BTreeSet::new();
        for (start, _) in text.match_indices("<a id=\"") {
            let id = &text[start..start + text[start..].find("</a>").expect("a closed anchor")];
            assert!(seen.insert(id), "{path}: {id} twice");
        }
    }
}

#[test]
fn example_pages_and_index() {
    let docs = docs();
    insta::assert_snapshot!("index", docs["index.md"]);
    for group_version in registry().served_group_versions() {
        if group_version.group.ends_with(".example.com") {
            let path = page_path(&group_version);
            let name = path.trim_end_matches(".md").replace(['.', '/'], "_");
            insta::assert_snapshot!(name, docs[&path]);
        }
    }
}
