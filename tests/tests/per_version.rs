//! Per-version settings under `#[kapi::versioned]`: a field renamed in v1 (`count` became `replicas`), and each
//! version's printer columns, scale paths, selectable fields, CEL rules, serving and deprecation written for the
//! names that version has. The generated CRD carries them version by version, and the real API server accepts it
//! and serves each version's scale paths, columns and rules. Without a conversion webhook generation warns, and the
//! real server shows why: a renamed field's value is dropped.
//! docs/VERSIONS.md shows this module (tests/versions.rs checks that its code is found here).

use kapi::Registry;
use kapi_codegen::Artifacts;

use kapi_tests::kube::{Kube, kube, kube_installing};
use serde_json::{Value, json};

#[kapi::versioned(
    versions(
        v1alpha1(served = false),
        v1beta1(deprecated = "fleet.example.com/v1beta1 WorkerPool is deprecated; use fleet.example.com/v1"),
        v1
    ),
    storage = v1,
    package = "example.com/fleet"
)]
pub mod worker_pool {
    use kapi::{Resource, Schema};
    use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
    use kapi_schemas::autoscaling::v1::Scale;
    use serde::{Deserialize, Serialize};

    /// A pool of identical workers.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
    #[serde(rename_all = "camelCase")]
    #[kapi(
        group = "fleet.example.com",
        plural = "workerpools",
        list = WorkerPoolList,
        status,
        crd(
            printer_column(name = "Image", type = "string", json_path = ".spec.image"),
            selectable_field = ".spec.image",
            conversion_webhook(service = "kapi-system/kapi", path = "/convert", port = 8443),
        )
    )]
    #[versioned(
        before = v1,
        kapi(
            crd(printer_column(name = "Workers", type = "integer", json_path = ".spec.count")),
            scale(spec_replicas_path = ".spec.count", status_replicas_path = ".status.count", kind = Scale)
        )
    )]
    #[versioned(
        since = v1,
        kapi(
            crd(
                printer_column(name = "Workers", type = "integer", json_path = ".spec.replicas"),
                selectable_field = ".spec.tier"
            ),
            scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas", kind = Scale)
        )
    )]
    pub struct WorkerPool {
        /// The object's API version and kind.
        #[serde(flatten)]
        pub type_meta: TypeMeta,
        /// The object's metadata.
        #[serde(default)]
        pub metadata: ObjectMeta,
        /// What to run and how many.
        pub spec: WorkerPoolSpec,
        /// What the controller last saw.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub status: Option<WorkerPoolStatus>,
    }

    /// What every worker runs, and how many run.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    #[versioned(before = v1, kapi(validation(rule = "self.count <= 100", message = "at most 100 workers")))]
    #[versioned(since = v1, kapi(validation(rule = "self.replicas <= 1000", message = "at most 1000 workers")))]
    pub struct WorkerPoolSpec {
        /// The container image every worker runs.
        pub image: String,
        /// How many workers run.
        #[versioned(renamed(before = v1, from = count))]
        #[versioned(since = v1, kapi(validation(rule = "self >= 0", message = "replicas cannot be negative")))]
        pub replicas: i32,
        /// The machine class the workers run on.
        #[serde(default)]
        #[versioned(added = v1)]
        pub tier: String,
    }

    /// How many workers run.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct WorkerPoolStatus {
        /// Workers running now.
        #[versioned(renamed(before = v1, from = count))]
        pub replicas: i32,
    }

    /// A page of WorkerPools.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct WorkerPoolList {
        /// The object's API version and kind.
        #[serde(flatten)]
        pub type_meta: TypeMeta,
        /// The list's metadata.
        #[serde(default)]
        pub metadata: ListMeta,
        /// The WorkerPools.
        pub items: Vec<WorkerPool>,
    }
}

/// The same history with no conversion webhook: the server would drop `count`'s value on the way to v1.
#[kapi::versioned(versions(v1beta1, v1), storage = v1, package = "example.com/drift")]
mod without_webhook {
    use kapi::{Resource, Schema};
    use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
    use serde::{Deserialize, Serialize};

    /// A kind whose field was renamed in v1.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
    #[kapi(group = "drift.example.com", plural = "pools", list = PoolList, crd)]
    pub struct Pool {
        /// Type.
        #[serde(flatten)]
        pub type_meta: TypeMeta,
        /// Metadata.
        #[serde(default)]
        pub metadata: ObjectMeta,
        /// Spec.
        pub spec: PoolSpec,
    }

    /// Spec.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    pub struct PoolSpec {
        /// How many.
        #[versioned(renamed(before = v1, from = count))]
        pub replicas: i32,
    }

    /// A page of Pools.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
    pub struct PoolList {
        /// Type.
        #[serde(flatten)]
        pub type_meta: TypeMeta,
        /// Metadata.
        #[serde(default)]
        pub metadata: ListMeta,
        /// Items.
        pub items: Vec<Pool>,
    }
}

fn generate(register: impl FnOnce(&mut Registry)) -> Artifacts {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    register(&mut registry);
    assert!(registry.errors().is_empty(), "{:?}", registry.errors());
    kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).expect("generates")
}

fn worker_pool_crd() -> (Value, Vec<String>) {
    let artifacts = generate(|registry| {
        registry.register_resource::<worker_pool::v1alpha1::WorkerPool>();
        registry.register_resource::<worker_pool::v1beta1::WorkerPool>();
        registry.register_resource::<worker_pool::v1::WorkerPool>();
    });
    (kapi_tests::artifact_json(&artifacts, "crds/workerpools.fleet.example.com.json"), artifacts.warnings().to_vec())
}

/// `versions[*]` of the CRD by name.
fn version<'a>(crd: &'a Value, name: &str) -> &'a Value {
    let versions = crd["spec"]["versions"].as_array().expect("versions");
    versions.iter().find(|v| v["name"] == name).unwrap_or_else(|| panic!("version {name}"))
}

#[test]
fn per_version_columns_scale_selectable_fields_rules_serving_and_deprecation_reach_the_crd() {
    let (crd, warnings) = worker_pool_crd();
    assert!(warnings.is_empty(), "{warnings:?}");
    let columns = |name: &str| -> Vec<(String, String)> {
        let columns = version(&crd, name)["additionalPrinterColumns"].as_array().cloned().unwrap_or_default();
        columns
            .iter()
            .map(|c| (c["name"].as_str().unwrap_or("").into(), c["jsonPath"].as_str().unwrap_or("").into()))
            .collect()
    };
    let column = |name: &str, path: &str| (name.to_owned(), path.to_owned());
    assert_eq!(columns("v1alpha1"), [column("Image", ".spec.image"), column("Workers", ".spec.count")]);
    assert_eq!(columns("v1beta1"), columns("v1alpha1"));
    assert_eq!(columns("v1"), [column("Image", ".spec.image"), column("Workers", ".spec.replicas")]);
    let scale = |name: &str| version(&crd, name)["subresources"]["scale"].clone();
    assert_eq!(scale("v1beta1"), json!({"specReplicasPath": ".spec.count", "statusReplicasPath": ".status.count"}));
    assert_eq!(scale("v1"), json!({"specReplicasPath": ".spec.replicas", "statusReplicasPath": ".status.replicas"}));
    assert_eq!(version(&crd, "v1beta1")["selectableFields"], json!([{"jsonPath": ".spec.image"}]));
    assert_eq!(
        version(&crd, "v1")["selectableFields"],
        json!([{"jsonPath": ".spec.image"}, {"jsonPath": ".spec.tier"}])
    );
    let served: Vec<bool> = ["v1alpha1", "v1beta1", "v1"].map(|v| version(&crd, v)["served"] == true).to_vec();
    assert_eq!(served, [false, true, true]);
    assert_eq!(version(&crd, "v1beta1")["deprecated"], true);
    assert!(
        version(&crd, "v1beta1")["deprecationWarning"].as_str().is_some_and(|w| w.contains("use fleet.example.com/v1"))
    );
    assert!(version(&crd, "v1").get("deprecated").is_none() && version(&crd, "v1alpha1").get("deprecated").is_none());
    let spec = |name: &str| version(&crd, name)["schema"]["openAPIV3Schema"]["properties"]["spec"].clone();
    let rules = |schema: &Value| -> Vec<String> {
        let rules = schema["x-kubernetes-validations"].as_array().cloned().unwrap_or_default();
        rules.iter().map(|r| r["rule"].as_str().unwrap_or("").to_owned()).collect()
    };
    assert_eq!(rules(&spec("v1beta1")), ["self.count <= 100"]);
    assert_eq!(rules(&spec("v1")), ["self.replicas <= 1000"]);
    assert_eq!(rules(&spec("v1")["properties"]["replicas"]), ["self >= 0"]);
    assert!(rules(&spec("v1beta1")["properties"]["count"]).is_empty());
}

#[test]
fn kube_accepts_a_crd_with_per_version_settings() {
    let (crd, _) = worker_pool_crd();
    let path = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All&fieldValidation=Strict";
    let reply = kube().send_json("POST", path, &crd);
    assert_eq!(reply.status, 201, "{}", String::from_utf8_lossy(&reply.body));
    // What the server would store keeps each version's own settings.
    let stored = reply.json();
    assert_eq!(version(&stored, "v1")["subresources"]["scale"]["specReplicasPath"], ".spec.replicas");
    assert_eq!(version(&stored, "v1beta1")["subresources"]["scale"]["specReplicasPath"], ".spec.count");
    assert_eq!(version(&stored, "v1alpha1")["served"], false);
    assert_eq!(version(&stored, "v1beta1")["additionalPrinterColumns"][1]["jsonPath"], ".spec.count");
}

#[test]
fn a_warning_when_versions_schemas_differ_and_no_conversion_webhook_is_configured() {
    let artifacts = generate(|registry| {
        registry.register_resource::<without_webhook::v1beta1::Pool>();
        registry.register_resource::<without_webhook::v1::Pool>();
    });
    let warnings = artifacts.warnings();
    let warning =
        warnings.iter().find(|w| w.contains("no conversion webhook")).unwrap_or_else(|| panic!("{warnings:?}"));
    assert!(warning.starts_with("CRD pools.drift.example.com (kind Pool):"), "{warning}");
    assert!(warning.contains("`.spec.count` is in v1beta1 and not in v1 (the storage version)"), "{warning}");
    // With the webhook configured there is nothing to warn about.
    assert!(!worker_pool_crd().1.iter().any(|w| w.contains("no conversion webhook")));
}

/// Creates `crd` on `kube` and waits until the server serves it (a retry of the test in the same run finds it there).
fn install(kube: &Kube, crd: &Value) {
    let reply = kube.send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd);
    assert!(matches!(reply.status, 201 | 409), "{}", String::from_utf8_lossy(&reply.body));
    kube.wait_established(crd["metadata"]["name"].as_str().expect("a name"));
}

#[test]
fn kube_serves_each_versions_own_scale_paths_and_columns() {
    let kube = kube_installing();
    install(kube, &worker_pool_crd().0);
    let pools = "/apis/fleet.example.com/v1/namespaces/default/workerpools";
    let pool = json!({
        "apiVersion": "fleet.example.com/v1", "kind": "WorkerPool", "metadata": {"name": "builders"},
        "spec": {"image": "builder:1.2", "replicas": 3, "tier": "large"},
    });
    let created = kube.send_json("POST", pools, &pool);
    assert!(matches!(created.status, 201 | 409), "{}", String::from_utf8_lossy(&created.body));
    // v1's scale subresource reads `.spec.replicas`, which only v1 has.
    let scale = kube.get(&format!("{pools}/builders/scale"), "application/json").json();
    assert_eq!(scale["spec"]["replicas"], 3, "{scale}");
    // And v1's Workers column too.
    let table = kube.get(&format!("{pools}/builders"), "application/json;as=Table;v=v1;g=meta.k8s.io").json();
    let names: Vec<&str> =
        table["columnDefinitions"].as_array().expect("columns").iter().filter_map(|c| c["name"].as_str()).collect();
    let workers = names.iter().position(|n| *n == "Workers").unwrap_or_else(|| panic!("{names:?}"));
    assert_eq!(table["rows"][0]["cells"][workers], 3, "{table}");
    // v1's rule on the field is the server's too.
    let negative = json!({
        "apiVersion": "fleet.example.com/v1", "kind": "WorkerPool", "metadata": {"name": "negative"},
        "spec": {"image": "builder:1.2", "replicas": -1},
    });
    let refused = kube.send_json("POST", &format!("{pools}?dryRun=All"), &negative);
    assert_eq!(refused.status, 422, "{}", String::from_utf8_lossy(&refused.body));
    assert!(String::from_utf8_lossy(&refused.body).contains("replicas cannot be negative"));
}

#[test]
fn kube_drops_a_renamed_fields_value_without_a_conversion_webhook_as_the_warning_says() {
    let artifacts = generate(|registry| {
        registry.register_resource::<without_webhook::v1beta1::Pool>();
        registry.register_resource::<without_webhook::v1::Pool>();
    });
    let kube = kube_installing();
    install(kube, &kapi_tests::artifact_json(&artifacts, "crds/pools.drift.example.com.json"));
    let pool = json!({"apiVersion": "drift.example.com/v1beta1", "kind": "Pool", "metadata": {"name": "p"}, "spec": {"count": 3}});
    let created = kube.send_json("POST", "/apis/drift.example.com/v1beta1/namespaces/default/pools", &pool);
    assert!(matches!(created.status, 201 | 409), "{}", String::from_utf8_lossy(&created.body));
    let read = |version: &str| {
        kube.get(&format!("/apis/drift.example.com/{version}/namespaces/default/pools/p"), "application/json").json()
    };
    // Stored in v1, which has no `count`: the value is gone, whichever version reads it back.
    assert_eq!(read("v1")["spec"], json!({}), "{}", read("v1"));
    assert_eq!(read("v1beta1")["spec"], json!({}), "{}", read("v1beta1"));
}

/// `kapi validate`'s problems with a WorkerPool of `version` whose spec is `spec`, `field: message` each.
fn validate_worker_pool(crd: &Value, version: &str, spec: Value) -> Vec<String> {
    let files = std::collections::BTreeMap::from([(
        "crds/workerpools.fleet.example.com.json".to_owned(),
        serde_json::to_vec(crd).expect("JSON"),
    )]);
    let catalog = kapi_validate::Catalog::from_files(&files).expect("the catalog builds");
    let object = json!({"apiVersion": format!("fleet.example.com/{version}"), "kind": "WorkerPool",
                        "metadata": {"name": "pool", "namespace": "default"}, "spec": spec});
    let document = kapi_validate::Document { file: "pool.yaml".into(), index: 1, value: object };
    let problems = kapi_validate::Validator::new(&catalog).validate(&document);
    problems.into_iter().map(|p| format!("{}: {}", p.field, p.message)).collect()
}

#[test]
fn a_rule_message_written_against_one_versions_field_name_is_reported_under_that_version_only() {
    // The rules name `count` before v1 and `replicas` from v1 on, each with its own message: before per-version
    // rules, one rule (and its message) was copied into every version, whatever the field was called there.
    let (crd, _) = worker_pool_crd();
    let v1beta1 = validate_worker_pool(&crd, "v1beta1", json!({"image": "worker", "count": 101}));
    assert!(v1beta1.iter().any(|p| p.starts_with("spec") && p.ends_with("at most 100 workers")), "{v1beta1:?}");
    assert!(!v1beta1.iter().any(|p| p.contains("replicas") || p.contains("1000")), "{v1beta1:?}");
    let v1 = validate_worker_pool(&crd, "v1", json!({"image": "worker", "replicas": 1001}));
    assert!(v1.iter().any(|p| p.starts_with("spec") && p.ends_with("at most 1000 workers")), "{v1:?}");
    let negative = validate_worker_pool(&crd, "v1", json!({"image": "worker", "replicas": -1}));
    assert!(
        negative.iter().any(|p| p.starts_with("spec.replicas") && p.ends_with("replicas cannot be negative")),
        "{negative:?}"
    );
    let v1beta1_negative = validate_worker_pool(&crd, "v1beta1", json!({"image": "worker", "count": -1}));
    assert!(v1beta1_negative.is_empty(), "no v1 rule reaches v1beta1's count: {v1beta1_negative:?}");
}
