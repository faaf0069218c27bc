//! Swagger 2.0 written unit by unit: each definition and each group-version's paths is a reusable unit whose
//! canonical bytes are copied from the previous document when its inputs did not change, and the document is
//! assembled around them ([`assembled`](crate::infra::assembled)). Its bytes equal the whole document rendered at
//! once ([`super::document`]).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;

use serde_json::{Value, json};

use super::loss::{LOSS_REPORT_PATH, LossEntry, LossReport};

/// Where [`crate::generate`] puts the document.
pub const SWAGGER_PATH: &str = "openapi/v2/swagger.json";
use super::render::{DefinitionRenderer, frame, parameter, path_item_piece, reached};
use crate::emit::openapi_paths::ParameterTexts;
use crate::error::Error;
use crate::infra::artifacts::Artifacts;
use crate::infra::assembled::{ENTRY_DEPTH, Member, assemble, entry_bytes};
use crate::infra::canonical::to_canonical_json;
use crate::infra::context::Context;
use crate::infra::pieces::to_canonical_parts;
use crate::infra::reuse::UnitRecord;

/// An entry's bytes: where they sit in the previous document, or freshly rendered, in parts (a path item's
/// parameters are the same few dozen texts everywhere, borrowed rather than repeated).
enum Piece<'a> {
    Previous(Range<usize>),
    Rendered(Vec<Cow<'a, [u8]>>),
}

/// One unit as this generation produces it.
struct Unit<'a> {
    name: String,
    fingerprint: String,
    reused: bool,
    /// The unit's entries (definitions: one; paths: one per path), by key.
    entries: Vec<(String, Piece<'a>)>,
    loss: Vec<LossEntry>,
}

pub(super) fn emit(ctx: &Context<'_>, artifacts: &mut Artifacts) -> Result<(), Error> {
    let previous_document = ctx.previous.take_file(SWAGGER_PATH).map(|(_, bytes)| bytes).unwrap_or_default();
    let found = |unit: &str, fingerprint: &str| {
        ctx.previous.matching(unit, fingerprint).filter(|_| !previous_document.is_empty())
    };
    let mut renderer = DefinitionRenderer::new();
    let mut definitions = Vec::new();
    for name in reached(ctx)? {
        let unit = format!("openapi/v2/definitions/{name}");
        let mut fingerprint = ctx.fingerprint("openapi-v2-definition", [name.clone()]);
        fingerprint.add(&name);
        let fingerprint = fingerprint.hex();
        if let Some((range, loss)) =
            found(&unit, &fingerprint).and_then(|r| definition_data(r, previous_document.len()))
        {
            let entries = vec![(name.to_string(), Piece::Previous(range))];
            definitions.push(Unit { name: unit, fingerprint, reused: true, entries, loss });
            continue;
        }
        let Some((schema, loss)) = renderer.render(ctx, &name) else { continue };
        let entries = vec![(name.to_string(), Piece::Rendered(vec![Cow::Owned(entry_bytes(&schema))]))];
        definitions.push(Unit { name: unit, fingerprint, reused: false, entries, loss });
    }
    let mut paths = Vec::new();
    let parameters = ParameterTexts::of(ctx.operations.values(), parameter);
    for group_version in &ctx.group_versions {
        let items = ctx.operations(group_version);
        let unit = format!("openapi/v2/paths/{}", group_version.url_path());
        let mut fingerprint = ctx.fingerprint("openapi-v2-paths", []);
        fingerprint.add(group_version).add_bytes(&ctx.operations_digest(group_version));
        let fingerprint = fingerprint.hex();
        let previous = found(&unit, &fingerprint).and_then(|r| paths_data(r, previous_document.len()));
        let entries = match previous {
            Some(ranges) if ranges.keys().eq(items.keys()) => {
                ranges.into_iter().map(|(path, range)| (path, Piece::Previous(range))).collect()
            }
            _ => {
                let schemes = &ctx.profile.swagger_schemes;
                let rendered = items.iter().map(|(path, item)| {
                    let item = path_item_piece(item, renderer.references(), schemes, &parameters);
                    (path.clone(), Piece::Rendered(to_canonical_parts(&item, ENTRY_DEPTH)))
                });
                paths.push(Unit { name: unit, fingerprint, reused: false, entries: rendered.collect(), loss: vec![] });
                continue;
            }
        };
        paths.push(Unit { name: unit, fingerprint, reused: true, entries, loss: Vec::new() });
    }

    let definition_entries = entries_of(&mut definitions, &previous_document);
    let mut path_entries = entries_of(&mut paths, &previous_document);
    // Two group-versions never share a path (each path starts with its own group-version's prefix); if they did,
    // the later would win as in the whole document, and no path unit would be recorded for reuse.
    let paths_before = path_entries.len();
    path_entries.reverse();
    path_entries.dedup_by(|later, earlier| later.0 == earlier.0);
    path_entries.reverse();
    let shared_path = path_entries.len() != paths_before;
    let definition_keys: Vec<String> = definition_entries.iter().map(|(key, _)| key.clone()).collect();
    let path_keys: Vec<String> = path_entries.iter().map(|(key, _)| key.clone()).collect();
    let frame = frame(ctx);
    let mut members: BTreeMap<&str, Member<'_>> =
        frame.iter().map(|(key, value)| (key.as_str(), Member::Value(value.clone()))).collect();
    members.insert("definitions", Member::Entries(definition_entries));
    members.insert("paths", Member::Entries(path_entries));
    let (document, placed) = assemble(members);

    let loss: Vec<LossEntry> = definitions.iter().flat_map(|unit| unit.loss.iter().cloned()).collect();
    let report = LossReport::new(loss);
    let definition_ranges = located(&definition_keys, placed.get("definitions"));
    for unit in definitions {
        let Some(range) = unit.entries.first().and_then(|(key, _)| definition_ranges.get(key.as_str())) else {
            continue;
        };
        let mut data = json!({ "at": [range.start, range.end] });
        if !unit.loss.is_empty() {
            data["loss"] = serde_json::to_value(&unit.loss).unwrap_or(Value::Null);
        }
        record(artifacts, unit.name, unit.fingerprint, unit.reused, data);
    }
    if !shared_path {
        let path_ranges = located(&path_keys, placed.get("paths"));
        for unit in paths {
            let at: Option<serde_json::Map<String, Value>> = unit
                .entries
                .iter()
                .map(|(key, _)| path_ranges.get(key.as_str()).map(|r| (key.clone(), json!([r.start, r.end]))))
                .collect();
            if let Some(at) = at {
                record(artifacts, unit.name, unit.fingerprint, unit.reused, json!({ "at": at }));
            }
        }
    }
    artifacts.insert_parts(SWAGGER_PATH, document.into_parts());
    artifacts.insert(LOSS_REPORT_PATH, to_canonical_json(&report.to_json()));
    Ok(())
}

/// The units' entries with their bytes, sorted by key; stable, so of two equal keys the later unit's stays last.
/// Rendered bytes are moved out of the units (the document takes them, and drops each once copied).
fn entries_of<'a>(units: &mut [Unit<'a>], previous_document: &'a [u8]) -> Vec<(String, Vec<Cow<'a, [u8]>>)> {
    let mut entries: Vec<(String, Vec<Cow<'a, [u8]>>)> = units
        .iter_mut()
        .flat_map(|unit| &mut unit.entries)
        .map(|(key, piece)| match piece {
            Piece::Previous(range) => (key.clone(), vec![Cow::Borrowed(&previous_document[range.clone()])]),
            Piece::Rendered(parts) => (key.clone(), std::mem::take(parts)),
        })
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    entries
}

/// Each key's range in the assembled document.
fn located<'k>(keys: &'k [String], ranges: Option<&Vec<Range<usize>>>) -> BTreeMap<&'k str, Range<usize>> {
    keys.iter().map(String::as_str).zip(ranges.into_iter().flatten().cloned()).collect()
}

fn record(artifacts: &mut Artifacts, name: String, fingerprint: String, reused: bool, data: Value) {
    let files = vec![SWAGGER_PATH.to_owned()];
    artifacts.record_unit(name, UnitRecord { fingerprint, files, warnings: Vec::new(), data }, reused);
}

/// A range `[start, end]` of a document `len` bytes long.
fn range(value: &Value, len: usize) -> Option<Range<usize>> {
    let start = usize::try_from(value.get(0)?.as_u64()?).ok()?;
    let end = usize::try_from(value.get(1)?.as_u64()?).ok()?;
    (start <= end && end <= len).then_some(start..end)
}

/// A reused definition's place in the previous document and what writing it dropped.
fn definition_data(record: &UnitRecord, len: usize) -> Option<(Range<usize>, Vec<LossEntry>)> {
    let at = range(&record.data["at"], len)?;
    let loss = match record.data.get("loss") {
        Some(loss) => serde_json::from_value(loss.clone()).ok()?,
        None => Vec::new(),
    };
    Some((at, loss))
}

/// A reused group-version's paths and their places in the previous document.
fn paths_data(record: &UnitRecord, len: usize) -> Option<BTreeMap<String, Range<usize>>> {
    let at = record.data["at"].as_object()?;
    at.iter().map(|(path, value)| Some((path.clone(), range(value, len)?))).collect()
}
