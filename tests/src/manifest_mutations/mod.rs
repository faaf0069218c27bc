//! Manifests for the differential test of `kapi validate` against the API server (tests/kube_validate.rs):
//! valid objects and single mutations of them per schema keyword ([`keywords`]), per CEL rule ([`cel_rules`])
//! and per metadata rule ([`metadata`]). Deterministic: no randomness, the same manifests in the same order on
//! every run.

pub mod builtin;
pub mod cel_rules;
pub mod instance;
pub mod keyword_crd;
pub mod keywords;
pub mod metadata;
pub mod mutation;
pub mod path;

use std::collections::HashSet;

use serde_json::Value;

pub use mutation::Mutation;

/// One manifest to judge.
#[derive(Debug, Clone)]
pub struct Manifest {
    /// Where its kind comes from (`example CRD`, `derive corpus`, `keyword CRD`, `built-in`).
    pub source: String,
    /// `apiVersion/kind`.
    pub kind: String,
    /// `valid` for the base object, else the mutation's concept.
    pub concept: String,
    /// The field changed and how (empty for the base object).
    pub what: String,
    pub object: Value,
}

/// What to generate for a kind.
#[derive(Debug, Clone, Copy)]
pub struct Plan {
    /// Create absent optional fields to mutate them (custom resources; not built-ins, see [`keywords`]).
    pub create_missing: bool,
    /// Mutate per schema keyword.
    pub keywords: bool,
    /// Mutate CEL rules' fields.
    pub rules: bool,
    /// Mutate metadata.
    pub metadata: bool,
}

/// The base object and its mutations, each object once (a mutation equal to an earlier one is dropped).
pub fn manifests(source: &str, base: &Value, schema: &Value, plan: Plan) -> Vec<Manifest> {
    let api_version = base.get("apiVersion").and_then(Value::as_str).unwrap_or_default();
    let kind = format!("{api_version}/{}", base.get("kind").and_then(Value::as_str).unwrap_or_default());
    let mut mutations =
        vec![Mutation { concept: "valid".into(), field: String::new(), what: String::new(), object: base.clone() }];
    if plan.keywords {
        mutations.extend(
            keywords::keyword_mutations(schema, base, plan.create_missing)
                .into_iter()
                .filter(|m| plan.create_missing || m.concept != "optional fields"),
        );
    }
    if plan.rules {
        mutations.extend(cel_rules::rule_mutations(schema, base));
    }
    if plan.metadata {
        mutations.extend(metadata::metadata_mutations(base));
    }
    let mut seen = HashSet::new();
    mutations
        .into_iter()
        .filter(|m| seen.insert(m.object.to_string()))
        .map(|m| Manifest {
            source: source.to_owned(),
            kind: kind.clone(),
            concept: m.concept,
            what: if m.field.is_empty() { m.what } else { format!("{}: {}", m.field, m.what) },
            object: m.object,
        })
        .collect()
}
