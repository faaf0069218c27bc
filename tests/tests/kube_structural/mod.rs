//! The structural checker's own cases (codegen/src/structural/tests/), compiled again here with helpers that also
//! ask a real kube-apiserver: a schema the checker accepts must be accepted by the server inside a CRD, and one it
//! rejects must be refused. The cases are written once; this module only supplies the helpers.

#[path = "../../../codegen/src/structural/tests/defaults.rs"]
mod defaults;
#[path = "../../../codegen/src/structural/tests/extensions.rs"]
mod extensions;
#[path = "../../../codegen/src/structural/tests/junctors.rs"]
mod junctors;
#[path = "../../../codegen/src/structural/tests/keywords.rs"]
mod keywords;
#[path = "../../../codegen/src/structural/tests/lists.rs"]
mod lists;
#[path = "../../../codegen/src/structural/tests/metadata.rs"]
mod metadata;
#[path = "../../../codegen/src/structural/tests/objects.rs"]
mod objects;
#[path = "../../../codegen/src/structural/tests/schemas.rs"]
mod schemas;
#[path = "../../../codegen/src/structural/tests/status.rs"]
mod status;
#[path = "../../../codegen/src/structural/tests/types.rs"]
mod types;
#[path = "../../../codegen/src/structural/tests/validations.rs"]
mod validations;

use std::collections::BTreeSet;

use kapi_codegen::crd_check::check_version;
use kapi_codegen::structural::{StructuralRule, Violation, check_structural};
use kapi_tests::kube::kube;
use serde_json::Value;

use crate::kube_crds::server_verdict;
use schemas::{with_field, with_spec};

/// A CRD whose one version has `schema` (created with a dry run only, so every case may use the same name).
fn crd_around(schema: &Value) -> Value {
    kapi_tests::kube::crd_around("structural.kapi.test", "Case", schema.clone())
}

/// Asserts that kapi accepts `schema` (its structure, and with `kapi check-crd`'s CEL checks, its rules) and so
/// does the server.
#[track_caller]
pub(super) fn assert_accepted(schema: &Value) {
    let violations = check_structural(schema);
    assert!(violations.is_empty(), "expected no violations for {schema:#}, got {violations:#?}");
    let rules = check_version(schema, false).errors;
    assert!(rules.is_empty(), "kapi check-crd refuses {schema:#}: {rules:#?}");
    if let Some(reasons) = server_verdict(kube(), &crd_around(schema)) {
        panic!("kapi accepts {schema:#}, the API server refuses it:\n  {}", reasons.join("\n  "));
    }
}

/// Asserts that kapi rejects `schema` for `rule` at `field`, and that the server refuses it too, or, for a rule
/// kapi is stricter about ([`StructuralRule::accepted_by_server`]) and nothing else kapi finds, accepts it.
#[track_caller]
pub(super) fn assert_rejected(schema: &Value, rule: StructuralRule, field: &str) -> Violation {
    let violations = check_structural(schema);
    let Some(found) = violations.iter().find(|violation| violation.rule == rule && violation.field == field) else {
        panic!("expected {rule} at `{field}` for {schema:#}, got {violations:#?}");
    };
    let refused_by_kapi = violations.iter().any(|violation| !violation.rule.accepted_by_server());
    let server = server_verdict(kube(), &crd_around(schema));
    match (refused_by_kapi, server) {
        (true, None) => {
            panic!("kapi rejects {schema:#} ({rule} at `{field}`: {}), the API server accepts it", found.message)
        }
        (false, Some(reasons)) => panic!(
            "kapi says the API server accepts {schema:#} (only {rule} at `{field}`, which kapi is stricter about), \
             but it refuses it:\n  {}",
            reasons.join("\n  ")
        ),
        _ => found.clone(),
    }
}

/// The rules `schema` breaks, without repeats (kapi's side only: the cases compare them among themselves).
pub(super) fn rules_of(schema: &Value) -> BTreeSet<StructuralRule> {
    check_structural(schema).into_iter().map(|violation| violation.rule).collect()
}
