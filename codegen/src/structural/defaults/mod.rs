//! Rules about defaults. Kubernetes applies a default wherever a field is absent, then prunes and validates the
//! result, so a default must be allowed where it sits, valid against its own node's schema, unchanged by pruning
//! (or it would be silently cut), and, where it produces or sits in an embedded resource's type or object
//! metadata, give valid metadata.

mod objectmeta;
mod prune;
mod schema;

use serde_json::Value;

use crate::structural::rule::StructuralRule;
use crate::structural::sites::{Level, MetaStep, Site, Structural};
use crate::structural::violation::Report;

/// Checks the default of one structural node, if it has one.
pub(super) fn check(site: &Site<'_>, report: &mut Report) {
    let (Some(context), Some(default)) = (site.structural(), site.node.default()) else { return };
    if let Some(reason) = &context.defaults_forbidden {
        report.push(&site.at, StructuralRule::DefaultForbidden, format!("a default must not be set {reason}"));
        return;
    }
    if default.is_null() {
        // Kubernetes reads `default: null` as no default; on a nullable field that is what null means anyway.
        if !site.node.nullable() {
            let detail = "a null default needs nullable: true (kubernetes reads it as no default at all)";
            report.push(&site.at, StructuralRule::NullDefault, detail);
        }
        return;
    }
    if let Some(problem) = schema::violation(site.node, default) {
        report.push(
            &site.at,
            StructuralRule::DefaultInvalid,
            format!("the default {} does not fit the schema: {problem}", excerpt(default)),
        );
    }
    match &context.meta_path {
        Some(path) => inside_meta(site, path, default, report),
        None => outside_meta(site, context, default, report),
    }
}

fn outside_meta(site: &Site<'_>, context: &Structural, default: &Value, report: &mut Report) {
    let resource = context.level == Level::Root || site.node.embedded_resource();
    let pruned = prune::pruned_fields(default, site.node, resource);
    if !pruned.is_empty() {
        let detail = format!(
            "the default holds fields the schema does not declare, which pruning would drop: {}",
            pruned.join(", ")
        );
        report.push(&site.at, StructuralRule::DefaultNotPruned, detail);
    }
    for problem in objectmeta::embedded_problems(default, site.node, resource) {
        report.push(
            &site.at,
            StructuralRule::DefaultMetadata,
            format!("the default must give valid metadata: {problem}"),
        );
    }
}

/// A default inside an embedded resource's apiVersion, kind or metadata is checked as part of a resource that
/// has only that value (and a placeholder apiVersion and kind).
fn inside_meta(site: &Site<'_>, path: &[MetaStep], default: &Value, report: &mut Report) {
    let mut value = default.clone();
    for step in path.iter().rev() {
        value = match step {
            MetaStep::Item => Value::Array(vec![value]),
            MetaStep::Property(name) => Value::Object([(name.clone(), value)].into_iter().collect()),
        };
    }
    let mut resource = serde_json::json!({"apiVersion": "validation/v1", "kind": "Validation"});
    if let (Some(resource), Value::Object(fields)) = (resource.as_object_mut(), value) {
        resource.extend(fields);
    }
    for problem in objectmeta::resource_problems(&resource) {
        report.push(
            &site.at,
            StructuralRule::DefaultMetadata,
            format!("the default must give valid metadata: {problem}"),
        );
    }
}

/// A default as messages quote it, shortened when long.
fn excerpt(value: &Value) -> String {
    let text = value.to_string();
    match text.char_indices().nth(60) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}
