//! The structural-schema check: whether a CRD version's `openAPIV3Schema` is one Kubernetes accepts and handles
//! as written. A pure function over a JSON value, so it checks CRDs kapi emits and CRDs from elsewhere alike.
//!
//! The rules follow kube-apiserver's (apiextensions-apiserver) CRD validation: the structural invariants, the
//! restrictions of value validations under junctors, metadata, list and map extensions, and defaults that must
//! validate and survive pruning. Where the API server accepts something it then silently mis-handles (a type beside
//! `x-kubernetes-int-or-string`, `additionalProperties: false`, unknown keywords), kapi is stricter; each such rule
//! says so in [`StructuralRule::describe`]. Not checked: whether CEL rules compile and what they cost, and string
//! formats of defaults.
//!
//! Source layout: `sites` lists every node with its context; one module per rule family checks one site at a time
//! (`keywords`, `types`, `objects`, `junctors`, `extensions`, `metadata`, `lists`, `validations`, `defaults`);
//! `status` holds the one rule that depends on the version's subresources.

mod defaults;
mod extensions;
mod junctors;
mod keywords;
mod lists;
mod metadata;
mod node;
mod objects;
mod rule;
mod sites;
mod status;
mod types;
mod validations;
mod violation;
mod vocabulary;

#[cfg(test)]
mod tests;

use serde_json::Value;

pub use rule::StructuralRule;
pub use violation::Violation;

use node::Node;
use violation::{Location, Report};

/// The rule families, each checking one site.
const FAMILIES: [fn(&sites::Site<'_>, &mut Report); 9] = [
    keywords::check,
    types::check,
    objects::check,
    junctors::check,
    extensions::check,
    metadata::check,
    lists::check,
    validations::check,
    defaults::check,
];

/// What the check needs to know about the CRD version beyond its schema.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StructuralOptions {
    /// The version enables the status subresource, which restricts the keywords of the root.
    pub status_subresource: bool,
}

/// Checks a CRD version's `openAPIV3Schema` (the root of a custom resource) and returns every rule it breaks,
/// sorted by pointer, then rule. An empty list means Kubernetes accepts the schema as structural.
///
/// The rules that depend on the version's subresources are not applied; see [`check_structural_with`].
pub fn check_structural(schema: &Value) -> Vec<Violation> {
    check_structural_with(schema, &StructuralOptions::default())
}

/// [`check_structural`] for a version described by `options` (for example with the status subresource).
pub fn check_structural_with(schema: &Value, options: &StructuralOptions) -> Vec<Violation> {
    let mut report = Report::default();
    let Some(root) = Node::of(schema) else {
        let detail = "a CRD schema must be a JSON object with type: object";
        report.push(&Location::default(), StructuralRule::RootType, detail);
        return report.finish();
    };
    if options.status_subresource {
        status::check_root(root, &mut report);
    }
    for site in sites::collect(root) {
        for family in FAMILIES {
            family(&site, &mut report);
        }
    }
    report.finish()
}
