//! Unions and Conditions in CRDs, differential (issue 40): kapi's CRD schema, `kapi validate` (kapi-validate's
//! validator over that CRD), the real API server with the CRD installed (dry-run creates) and the Rust type's own
//! serde deserialization must give every shape the same verdict.
//!
//! Two union forms are offered (docs/CRD.md, "Unions: flattened or one object per variant"): an internally tagged
//! enum, its variants' fields flattened beside the tag, and serde's default, one object per variant.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use kapi::{Registry, Resource, Schema};
use kapi_meta::meta::v1::{Condition, ListMeta, ObjectMeta, TypeMeta};
use kapi_tests::kube::{Kube, kube_installing};
use kapi_validate::{Catalog, Document, Validator};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

const GROUP: &str = "unions.kapi.test";

/// Flattened: `{"provider": "s3", "bucket": "b"}`.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(tag = "provider", rename_all = "lowercase", deny_unknown_fields)]
#[kapi(package = "unions.kapi.test/v1")]
pub enum Flattened {
    /// Amazon S3.
    S3 {
        /// The bucket.
        bucket: String,
    },
    /// Google Cloud Storage.
    Gcs {
        /// The project.
        project: String,
    },
    /// Nowhere.
    None {},
}

/// One object per variant: `{"s3": {"bucket": "b"}}`.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(rename_all = "lowercase")]
#[kapi(package = "unions.kapi.test/v1")]
pub enum PerVariant {
    /// Amazon S3.
    S3(S3),
    /// Google Cloud Storage.
    Gcs(Gcs),
}

/// An S3 bucket.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(deny_unknown_fields)]
#[kapi(package = "unions.kapi.test/v1")]
pub struct S3 {
    /// The bucket.
    pub bucket: String,
}

/// A Google Cloud project.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(deny_unknown_fields)]
#[kapi(package = "unions.kapi.test/v1")]
pub struct Gcs {
    /// The project.
    pub project: String,
}

/// Where backups go, in both forms, and the conditions observed (in the spec, so that a create validates them:
/// a status written by its subresource is dropped from creates).
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "unions.kapi.test/v1")]
pub struct BackupSpec {
    /// Flattened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage: Option<Flattened>,
    /// One object per variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<PerVariant>,
    /// Conditions, as a status lists them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

/// A backup.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(package = "unions.kapi.test/v1", group = "unions.kapi.test", version = "v1", list = BackupList, crd)]
pub struct Backup {
    /// Type metadata.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Object metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The spec.
    pub spec: BackupSpec,
}

/// Backups.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "unions.kapi.test/v1")]
pub struct BackupList {
    /// Type metadata.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// List metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The backups.
    pub items: Vec<Backup>,
}

/// The CRD kapi writes for `Backup`.
fn backup_crd() -> Value {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register_resource::<Backup>();
    let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).expect("kapi writes the CRD");
    let bytes = artifacts.get(&format!("crds/backups.{GROUP}.json")).expect("the CRD is written");
    serde_json::from_slice(bytes).expect("a CRD is JSON")
}

/// One shape of one field: whether it is valid, and the spec holding it.
struct Case {
    what: &'static str,
    field: &'static str,
    value: Value,
}

fn case(what: &'static str, field: &'static str, value: Value) -> Case {
    Case { what, field, value }
}

fn union_cases() -> Vec<Case> {
    vec![
        case("flattened s3", "storage", json!({"provider": "s3", "bucket": "b"})),
        case("flattened gcs", "storage", json!({"provider": "gcs", "project": "p"})),
        case("flattened none", "storage", json!({"provider": "none"})),
        case("flattened wrong tag", "storage", json!({"provider": "azure", "bucket": "b"})),
        case("flattened missing tag", "storage", json!({"bucket": "b"})),
        case("flattened missing tag, no fields", "storage", json!({})),
        case("flattened none with a field of s3", "storage", json!({"provider": "none", "bucket": "b"})),
        case("flattened s3 with a field of gcs", "storage", json!({"provider": "s3", "bucket": "b", "project": "p"})),
        case("flattened gcs with a field of s3 only", "storage", json!({"provider": "gcs", "bucket": "b"})),
        case("flattened s3 missing its field", "storage", json!({"provider": "s3"})),
        case("flattened tag of the wrong type", "storage", json!({"provider": 3, "bucket": "b"})),
        case("per-variant s3", "target", json!({"s3": {"bucket": "b"}})),
        case("per-variant gcs", "target", json!({"gcs": {"project": "p"}})),
        case("per-variant two variants", "target", json!({"s3": {"bucket": "b"}, "gcs": {"project": "p"}})),
        case("per-variant none", "target", json!({})),
        case("per-variant s3 holding gcs's field", "target", json!({"s3": {"project": "p"}})),
        case("per-variant s3 missing its field", "target", json!({"s3": {}})),
        case("per-variant unknown variant", "target", json!({"azure": {"bucket": "b"}})),
        case("per-variant variant of the wrong type", "target", json!({"s3": "b"})),
    ]
}

fn condition(changes: Value) -> Value {
    let mut condition = json!({"type": "example.com/Ready", "status": "True", "observedGeneration": 2,
        "lastTransitionTime": "2026-01-01T00:00:00Z", "reason": "AllGood", "message": "fine"});
    for (key, value) in changes.as_object().expect("an object") {
        if value.is_null() {
            condition.as_object_mut().expect("an object").remove(key);
        } else {
            condition[key] = value.clone();
        }
    }
    json!([condition])
}

fn condition_cases() -> Vec<Case> {
    vec![
        case("condition valid", "conditions", condition(json!({}))),
        case("condition valid, empty message", "conditions", condition(json!({"message": ""}))),
        case("condition status not True/False/Unknown", "conditions", condition(json!({"status": "Maybe"}))),
        case("condition status lower case", "conditions", condition(json!({"status": "true"}))),
        case("condition empty reason", "conditions", condition(json!({"reason": ""}))),
        case("condition reason with a space", "conditions", condition(json!({"reason": "All good"}))),
        case("condition reason too long", "conditions", condition(json!({"reason": "A".repeat(1025)}))),
        case("condition type with a space", "conditions", condition(json!({"type": "Is Ready"}))),
        case("condition type too long", "conditions", condition(json!({"type": "A".repeat(317)}))),
        case("condition message too long", "conditions", condition(json!({"message": "m".repeat(32769)}))),
        case("condition negative generation", "conditions", condition(json!({"observedGeneration": -1}))),
        case("condition without reason", "conditions", condition(json!({"reason": null}))),
        case("condition without lastTransitionTime", "conditions", condition(json!({"lastTransitionTime": null}))),
    ]
}

fn object(case: &Case) -> Value {
    json!({"apiVersion": format!("{GROUP}/v1"), "kind": "Backup", "metadata": {"name": "demo", "namespace": "default"},
           "spec": {case.field: case.value}})
}

/// The Rust type's verdict: whether the spec deserializes.
fn serde_accepts(case: &Case) -> bool {
    serde_json::from_value::<BackupSpec>(json!({case.field: case.value})).is_ok()
}

/// kapi's problems with the object, `field: message` each.
fn kapi_problems(catalog: &Catalog, case: &Case) -> Vec<String> {
    let document = Document { file: "case.yaml".into(), index: 1, value: object(case) };
    Validator::new(catalog).validate(&document).into_iter().map(|p| format!("{}: {}", p.field, p.message)).collect()
}

fn catalog(crd: &Value) -> Catalog {
    let files = BTreeMap::from([(format!("crds/backups.{GROUP}.json"), serde_json::to_vec(crd).expect("JSON"))]);
    Catalog::from_files(&files).expect("the catalog builds")
}

/// Installs the CRD and waits until its resource is served.
fn install(kube: &Kube, crd: &Value) {
    let reply = kube.send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd);
    assert!(matches!(reply.status, 201 | 409), "{} {}", reply.status, String::from_utf8_lossy(&reply.body));
    let started = Instant::now();
    while kube.get(&format!("/apis/{GROUP}/v1/backups"), "application/json").status != 200 {
        assert!(started.elapsed() < Duration::from_secs(90), "the CRD is not served after 90 s");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The server's problems with a dry-run create of the object (empty when it would create it).
fn server_problems(kube: &Kube, case: &Case) -> Vec<String> {
    let path = format!("/apis/{GROUP}/v1/namespaces/default/backups?dryRun=All&fieldValidation=Strict");
    let reply = kube.send_json("POST", &path, &object(case));
    if matches!(reply.status, 200 | 201) {
        return Vec::new();
    }
    assert!(reply.status < 500, "the server failed: {}", String::from_utf8_lossy(&reply.body));
    let status = reply.json();
    let causes = status.pointer("/details/causes").and_then(Value::as_array).cloned().unwrap_or_default();
    let mut problems: Vec<String> = causes
        .iter()
        .map(|c| format!("{}: {}", c["field"].as_str().unwrap_or(""), c["message"].as_str().unwrap_or("")))
        .collect();
    if problems.is_empty() {
        problems.push(status["message"].as_str().unwrap_or("refused").to_owned());
    }
    problems
}

/// Every case's three verdicts; the disagreements, described.
fn judge(cases: &[Case], with_serde: bool) -> (usize, Vec<String>) {
    let crd = backup_crd();
    let catalog = catalog(&crd);
    let kube = kube_installing();
    install(kube, &crd);
    let mut refused = 0;
    let mut differing = Vec::new();
    for case in cases {
        let ours = kapi_problems(&catalog, case);
        let theirs = server_problems(kube, case);
        let serde = !with_serde || serde_accepts(case);
        refused += usize::from(!theirs.is_empty());
        eprintln!("{}: kapi {:?}\n  server {:?}", case.what, ours, theirs);
        if ours.is_empty() != theirs.is_empty() || (with_serde && serde != theirs.is_empty()) {
            differing.push(format!(
                "{}: kapi {ours:?}, server {theirs:?}, serde {}",
                case.what,
                if serde { "accepts" } else { "refuses" }
            ));
        }
    }
    (refused, differing)
}

#[test]
fn kube_unions_both_forms_refuse_what_serde_refuses_as_the_server_does() {
    let cases = union_cases();
    let (refused, differing) = judge(&cases, true);
    eprintln!("unions: {} cases, the server refuses {refused}, {} disagreements", cases.len(), differing.len());
    assert!(refused >= 14, "the invalid shapes are refused: {refused}");
    assert!(differing.is_empty(), "kapi validate, the server and serde disagree:\n  {}", differing.join("\n  "));
}

#[test]
fn kube_condition_constraints_of_metav1_condition_are_in_the_crd_as_the_server_checks_them() {
    let cases = condition_cases();
    let (refused, differing) = judge(&cases, false);
    eprintln!("conditions: {} cases, the server refuses {refused}, {} disagreements", cases.len(), differing.len());
    assert_eq!(refused, cases.len() - 2, "every invalid condition is refused");
    assert!(differing.is_empty(), "kapi validate and the server disagree:\n  {}", differing.join("\n  "));
}

#[test]
fn kube_unions_kapi_validate_names_the_variants_without_a_redundant_misleading_line() {
    let catalog = catalog(&backup_crd());
    let problems = |what: &str| {
        let cases = union_cases();
        let case = cases.iter().find(|c| c.what == what).expect("a case");
        kapi_problems(&catalog, case).join("\n")
    };
    let foreign = problems("flattened none with a field of s3");
    assert!(foreign.contains("bucket (of s3)"), "{foreign}");
    let two = problems("per-variant two variants");
    assert!(two.contains("exactly one of s3, gcs must be set"), "{two}");
    assert!(!two.contains("oneOf"), "one message, naming the variants: {two}");
    // The tag's problem once, with every value the node takes; no line naming one variant's value.
    let wrong = problems("flattened wrong tag");
    assert_eq!(wrong.matches("Unsupported value").count(), 1, "{wrong}");
    assert!(wrong.contains(r#"supported values: "s3", "gcs", "none""#), "{wrong}");
}
