//! docs/KUBE-RS.md's migration guide on the real API server. examples/migration/kube-derive is a kube-derive crate
//! (CacheCluster with a status, the scale subresource, printer columns, a selectable field, schemars bounds and a
//! CEL rule) and examples/migration/kapi the same crate converted by the guide; both compile the same operator code
//! (examples/migration/operator.rs). Here the kube-derive operator installs its CRD and writes a cache; the kapi
//! build then installs its CRD over it (the server accepts the update), reads and reports on that cache and scales
//! it; and, each CRD installed alone, the server judges the same manifests, agreeing everywhere except where kapi's
//! schema is stricter for a reason the guide gives.

use std::time::Duration;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kube::api::{Api, ApiResource, DeleteParams, DynamicObject, Patch, PatchParams, PostParams};
use kube::{Client, Resource};
use migration_kapi::{self as after, CustomResourceExt as _};
use migration_kube_derive::{self as before, CustomResourceExt as _};
use serde_json::{Value, json};

use crate::common::kube_rs::{client, established, gone, within};
use kapi_tests::kube::kube_installing;

const NAMESPACE: &str = "default";
const CRD: &str = "cacheclusters.migration.example.com";

/// Manifests' specs a user might write, each named: valid ones, and ones breaking each rule of the schema.
fn cases() -> Vec<(&'static str, Value)> {
    let valid = json!({"replicas": 2, "image": "redis:7.2", "memory": "1Gi"});
    let with = |key: &str, value: Value| {
        let mut spec = valid.clone();
        spec[key] = value;
        spec
    };
    let without = |key: &str| {
        let mut spec = valid.clone();
        spec.as_object_mut().expect("an object").remove(key);
        spec
    };
    vec![
        ("valid", valid.clone()),
        ("memory-as-integer", with("memory", json!(536870912))),
        ("evicting-nothing", with("eviction", json!("NoEviction"))),
        ("with-tls", with("tls", json!({"secretName": "cache-tls"}))),
        ("unknown-field", with("color", json!("blue"))),
        ("no-replicas", without("replicas")),
        ("zero-replicas", with("replicas", json!(0))),
        ("ten-replicas", with("replicas", json!(10))),
        ("replicas-as-text", with("replicas", json!("two"))),
        ("empty-image", with("image", json!(""))),
        ("latest-image", with("image", json!("redis:latest"))),
        ("unknown-eviction", with("eviction", json!("Random"))),
        ("no-memory", without("memory")),
        ("memory-not-a-quantity", with("memory", json!("lots"))),
        ("empty-tls-secret", with("tls", json!({"secretName": ""}))),
    ]
}

/// Cases kapi's CRD refuses and kube-derive's lets in: kube-derive copies k8s-openapi's schemas for `Quantity` (no
/// pattern: any string passes) and `Condition` (no enum on `status`), while kapi writes the API server's own.
const KAPI_STRICTER: &[&str] = &["memory-not-a-quantity", "condition-status-maybe"];

/// What the server made of each case: the spec it stored, or its refusal.
async fn verdicts(client: &Client, resource: &ApiResource) -> Vec<(&'static str, String)> {
    let api = Api::<DynamicObject>::namespaced_with(client.clone(), NAMESPACE, resource);
    let mut out = Vec::new();
    for (name, spec) in cases() {
        let object = DynamicObject::new(name, resource).data(json!({ "spec": spec }));
        let verdict = match create_when_served(&api, &object).await {
            Ok(created) => format!("stored {}", created.data["spec"]),
            Err(kube::Error::Api(status)) => format!("{} {}: {}", status.code, status.reason, status.message),
            Err(error) => panic!("creating {name}: {error}"),
        };
        out.push((name, verdict));
    }
    // A status a controller might write: a Condition whose status is none of True, False and Unknown.
    let maybe = json!({"type": "Ready", "status": "Maybe", "reason": "Unsure", "message": "",
        "lastTransitionTime": "2026-01-01T00:00:00Z"});
    let patch = Patch::Merge(json!({"status": {"replicas": 1, "conditions": [maybe]}}));
    let verdict = match api.patch_status("valid", &PatchParams::default(), &patch).await {
        Ok(patched) => format!("stored {}", patched.data["status"]),
        Err(kube::Error::Api(status)) => format!("{} {}: {}", status.code, status.reason, status.message),
        Err(error) => panic!("patching valid's status: {error}"),
    };
    out.push(("condition-status-maybe", verdict));
    out
}

/// Creates `object`, retrying while the server does not serve the resource yet (404 just after the CRD is
/// established).
async fn create_when_served<K>(api: &Api<K>, object: &K) -> Result<K, kube::Error>
where
    K: Resource + Clone + std::fmt::Debug + serde::Serialize + serde::de::DeserializeOwned,
{
    within("the resource served", async {
        loop {
            match api.create(&PostParams::default(), object).await {
                Err(kube::Error::Api(status)) if status.code == 404 => {
                    tokio::time::sleep(Duration::from_millis(250)).await
                }
                other => return other,
            }
        }
    })
    .await
}

/// Deletes the CRD and waits until it (and every object of it) is gone.
async fn remove_crd(client: &Client) {
    let crds = Api::<CustomResourceDefinition>::all(client.clone());
    crds.delete(CRD, &DeleteParams::default()).await.unwrap_or_else(|e| panic!("deleting {CRD}: {e}"));
    gone(&crds, CRD, &format!("{CRD} gone")).await;
}

#[test]
fn the_converted_crd_keeps_kube_derives_names_subresources_columns_and_rules() {
    let json = |crd: CustomResourceDefinition| serde_json::to_value(crd).expect("JSON");
    let (kube_derive, kapi) = (json(before::CacheCluster::crd()), json(after::CacheCluster::crd()));
    assert_eq!(after::CacheCluster::crd_name(), before::CacheCluster::crd_name());
    for pointer in ["/metadata/name", "/spec/group", "/spec/scope", "/spec/names/plural", "/spec/names/kind"] {
        assert_eq!(kapi.pointer(pointer), kube_derive.pointer(pointer), "{pointer}");
    }
    for pointer in ["/spec/names/shortNames", "/spec/names/categories", "/spec/names/singular"] {
        assert_eq!(kapi.pointer(pointer), kube_derive.pointer(pointer), "{pointer}");
    }
    let version = |crd: &Value| crd["spec"]["versions"][0].clone();
    let (kube_derive, kapi) = (version(&kube_derive), version(&kapi));
    for key in ["name", "served", "storage", "subresources", "additionalPrinterColumns", "selectableFields"] {
        assert_eq!(kapi[key], kube_derive[key], "versions[0].{key}");
    }
    // The spec's rules, keyword by keyword (descriptions aside: kube-derive describes `spec` with the spec type's
    // doc comment, kapi with the field's).
    let spec = |version: &Value| version["schema"]["openAPIV3Schema"]["properties"]["spec"].clone();
    let (kube_derive, kapi) = (spec(&kube_derive), spec(&kapi));
    for field in ["replicas", "image", "eviction"] {
        let rules = |schema: &Value| {
            let mut property = schema["properties"][field].clone();
            property.as_object_mut().expect("a property").remove("description");
            property
        };
        assert_eq!(rules(&kapi), rules(&kube_derive), "spec.{field}");
    }
    let required = |schema: &Value| {
        let mut names: Vec<String> = serde_json::from_value(schema["required"].clone()).expect("a list");
        names.sort();
        names
    };
    assert_eq!(required(&kapi), required(&kube_derive));
}

#[test]
fn a_kube_derive_operator_moves_to_kapi_on_the_real_server() {
    let kube = kube_installing();
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a tokio runtime");
    runtime.block_on(async {
        let client = client(kube).await;

        // Before: the kube-derive build installs its CRD and writes a cache, reports it ready and scales it.
        before::operator::install_crd(&client).await.unwrap_or_else(|e| panic!("kube-derive's CRD refused: {e}"));
        established(&client, CRD).await;
        let caches = Api::<before::CacheCluster>::namespaced(client.clone(), NAMESPACE);
        let written = before::operator::cache("primary", 3, "redis:7.2");
        create_when_served(&caches, &written).await.unwrap_or_else(|e| panic!("creating primary: {e}"));
        before::operator::report_ready(&caches, "primary", 3).await.unwrap_or_else(|e| panic!("reporting: {e}"));

        // The kapi build installs its CRD over it: the same name, now kapi's schema.
        let installed =
            after::operator::install_crd(&client).await.unwrap_or_else(|e| panic!("kapi's CRD refused: {e}"));
        assert_eq!(installed.spec.versions[0].schema, after::CacheCluster::crd().spec.versions[0].schema);
        established(&client, CRD).await;
        let caches = Api::<after::CacheCluster>::namespaced(client.clone(), NAMESPACE);
        let primary = caches.get("primary").await.unwrap_or_else(|e| panic!("reading primary as kapi's kind: {e}"));
        assert_eq!((primary.spec.replicas, primary.spec.image.as_str()), (3, "redis:7.2"));
        assert_eq!(primary.spec.eviction, after::Eviction::LeastRecentlyUsed);
        let status = primary.status.clone().expect("the status kube-derive's build reported");
        assert_eq!((status.replicas, status.conditions[0].type_.as_str()), (3, "Ready"));
        caches
            .patch_scale("primary", &PatchParams::default(), &Patch::Merge(json!({"spec": {"replicas": 5}})))
            .await
            .unwrap_or_else(|e| panic!("scaling primary: {e}"));
        let reported =
            after::operator::report_ready(&caches, "primary", 5).await.unwrap_or_else(|e| panic!("reporting: {e}"));
        assert_eq!((reported.spec.replicas, reported.status.map(|s| s.replicas)), (5, Some(5)));
        let scale = caches.get_scale("primary").await.unwrap_or_else(|e| panic!("reading primary's scale: {e}"));
        assert_eq!(scale.status.map(|s| s.replicas), Some(5));

        // Each CRD alone judges the same manifests.
        remove_crd(&client).await;
        before::operator::install_crd(&client).await.unwrap_or_else(|e| panic!("kube-derive's CRD refused: {e}"));
        established(&client, CRD).await;
        let by_kube_derive = verdicts(&client, &ApiResource::erase::<before::CacheCluster>(&())).await;
        remove_crd(&client).await;
        after::operator::install_crd(&client).await.unwrap_or_else(|e| panic!("kapi's CRD refused: {e}"));
        established(&client, CRD).await;
        let by_kapi = verdicts(&client, &ApiResource::erase::<after::CacheCluster>(&())).await;
        remove_crd(&client).await;

        let refused = |verdict: &str| !verdict.starts_with("stored");
        assert_eq!(by_kube_derive.iter().filter(|(_, v)| refused(v)).count(), 9, "refusals: {by_kube_derive:#?}");
        assert_eq!(by_kapi.len(), by_kube_derive.len());
        for ((name, kube_derive), (_, kapi)) in by_kube_derive.iter().zip(&by_kapi) {
            if KAPI_STRICTER.contains(name) {
                assert!(!refused(kube_derive) && refused(kapi), "{name}: kube-derive {kube_derive}; kapi {kapi}");
            } else {
                assert_eq!(kapi, kube_derive, "{name}: the two CRDs disagree");
            }
        }
    });
}

#[test]
fn docs_kube_rs_shows_the_migrated_crates_code() {
    let page = include_str!("../../docs/KUBE-RS.md");
    let section = page.split("## Moving from kube-derive").nth(1).expect("the migration section");
    let sources = [
        include_str!("../../examples/migration/kube-derive/src/lib.rs"),
        include_str!("../../examples/migration/kapi/src/lib.rs"),
        include_str!("../../examples/migration/operator.rs"),
    ];
    let blocks: Vec<&str> =
        section.split("```rust\n").skip(1).map(|rest| rest.split("```").next().expect("a closed block")).collect();
    assert!(blocks.len() >= 5, "the section shows the operator's code, both imports and both kinds");
    for block in blocks {
        assert!(
            sources.iter().any(|source| source.contains(block)),
            "docs/KUBE-RS.md shows code found nowhere:\n{block}"
        );
    }
}
