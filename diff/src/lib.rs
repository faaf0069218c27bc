//! kapi diff: which changes between two versions of an API break its clients.
//!
//! Both versions are kapi models (the `model.json` of a generated tree). The comparison walks the API surface
//! (group-versions, resources, verbs, subresources, scope, short names, served and stored versions of custom
//! resources) and, for every resource in both, the old and the new schema of its kind together, position by
//! position. When both trees have their protobuf definitions ([`Protos`]), every message is compared too, field by
//! number, as binary and protobuf-JSON clients read them. Each change a [`Rule`] flags becomes a [`Finding`]; a
//! version's stability caps its findings' severity ([`Policy`]), and an [`AllowList`] accepts breaks made on purpose.

pub mod allow;
pub mod document;
pub mod finding;
pub mod policy;
pub mod report;
pub mod rule;
mod schema;
mod surface;
mod wire;

pub use allow::{AllowList, Allowed};
pub use document::Document;
pub use finding::Finding;
pub use policy::Policy;
pub use report::Report;
pub use rule::{Rule, Severity};
pub use wire::Protos;

use kapi_model::Registry;

/// One version of an API: its model and, when its tree has them, its compiled protobuf definitions.
#[derive(Debug, Clone)]
pub struct Api {
    pub model: Registry,
    pub protos: Option<Protos>,
}

impl Api {
    /// An API known by its model alone: the wire rules are skipped.
    pub fn from_model(model: Registry) -> Self {
        Self { model, protos: None }
    }
}

/// Every finding between `old` and `new` under `policy`, sorted and without duplicates. The wire rules run when
/// both have protobuf definitions.
pub fn compare(old: &Api, new: &Api, policy: &Policy) -> Vec<Finding> {
    let (old_model, new_model) = (&old.model, &new.model);
    let mut surface_changes = Vec::new();
    let kept = surface::compare(old_model, new_model, &mut surface_changes);
    let mut findings: Vec<Finding> = Vec::new();
    let mut push =
        |rule: Rule, group_version: &kapi_model::GroupVersion, kind: Option<&str>, path: String, detail: String| {
            if let Some(severity) = policy.severity(rule, &group_version.version) {
                findings.push(Finding {
                    group_version: group_version.clone(),
                    kind: kind.map(str::to_owned),
                    path,
                    rule,
                    severity,
                    detail,
                });
            }
        };
    for change in surface_changes {
        push(change.rule, &change.group_version, change.kind.as_deref(), change.path, change.detail);
    }
    for (old_resource, new_resource) in kept {
        for change in schema::compare_kind(old_model, new_model, &old_resource.definition, &new_resource.definition) {
            push(change.rule, &old_resource.group_version, Some(&old_resource.kind), change.path, change.detail);
        }
    }
    if let (Some(old_protos), Some(new_protos)) = (&old.protos, &new.protos) {
        for change in wire::compare(old_protos, new_protos, [old_model, new_model]) {
            push(change.rule, &change.group_version, Some(&change.element), change.path, change.detail);
        }
    }
    findings.sort();
    findings.dedup();
    findings
}
