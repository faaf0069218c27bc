//! The `openAPIV3Schema` of one CRD version: the kind's definition inlined, its unions in structural form, its root
//! `metadata` reduced to what the API server allows, rendered in the CRD dialect.

use kapi_model::{DefName, InstanceType, Keyword, SchemaNode, SchemaObject};
use serde_json::Value;

use super::inline::Inliner;
use super::origin::{FieldPath, Origins};
use super::unions::Structurer;
use crate::infra::context::Context;
use crate::infra::render::{Dialect, Renderer};

/// A version's schema and what was found while building it.
#[derive(Debug)]
pub(crate) struct VersionSchema {
    pub schema: Value,
    /// Where each field came from, to name the Rust type and field in later findings.
    pub origins: Origins,
    /// What cannot be expressed: generation fails on these.
    pub problems: Vec<String>,
    /// Keywords a CRD schema has no field for, dropped.
    pub dropped: Vec<String>,
}

/// Builds the schema of `definition` as a CRD version's `openAPIV3Schema`.
pub(crate) fn version_schema(ctx: &Context<'_>, definition: &DefName) -> VersionSchema {
    let mut inliner = Inliner::new(&ctx.registry);
    let mut root = inliner.kind(definition);
    let Inliner { origins, mut problems, .. } = inliner;
    // The server owns the object's metadata: a CRD may only call it an object (not even describe it).
    if root.properties.contains_key("metadata") {
        let metadata = SchemaObject::of_type(InstanceType::Object);
        root.properties.insert("metadata".to_owned(), SchemaNode::inline(metadata));
    }
    root.instance_type = Some(InstanceType::Object);
    let mut structurer = Structurer { origins: &origins, problems: Vec::new() };
    let root = structurer.node(root, &FieldPath::root());
    problems.append(&mut structurer.problems);
    let mut renderer = Renderer::new(&Dialect::CRD);
    let schema = renderer.schema(&SchemaNode::inline(root));
    let dropped = renderer
        .take_dropped()
        .into_iter()
        // Kinds' own group-version-kind list is for OpenAPI readers; the CRD says it in `spec`. An open enum's
        // known values are not lost: the description names them.
        .filter(|d| !matches!(d.keyword, Keyword::GroupVersionKind | Keyword::KnownValues))
        .map(|d| format!("{} at {}: {}", d.keyword.as_str(), pointer_or_root(&d.pointer), d.rule.describe()))
        .collect();
    VersionSchema { schema, origins, problems, dropped }
}

fn pointer_or_root(pointer: &str) -> &str {
    if pointer.is_empty() { "/" } else { pointer }
}
