//! The operator's code for CacheCluster: one file, compiled into both examples/migration crates. It names the kind
//! and `CustomResourceExt` through the crate root, so the two builds differ only in what the root exports:
//! kube-derive's kind and `kube::CustomResourceExt`, or kapi's kind and `kapi_codegen::kube::CustomResourceExt`.

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, Time};
use k8s_openapi::jiff::Timestamp;
use kube::api::{Api, Patch, PatchParams, PostParams};
use kube::{Client, Resource};

use crate::{CacheCluster, CacheClusterSpec, CacheClusterStatus, CustomResourceExt, Eviction};

/// The field manager the operator writes as.
pub const MANAGER: &str = "cache-operator";

/// Installs (or updates) CacheCluster's CRD by server-side apply, as kube-rs operators do at start.
pub async fn install_crd(client: &Client) -> Result<CustomResourceDefinition, kube::Error> {
    let crds: Api<CustomResourceDefinition> = Api::all(client.clone());
    let apply = PatchParams::apply(MANAGER).force();
    crds.patch(CacheCluster::crd_name(), &apply, &Patch::Apply(CacheCluster::crd())).await
}

/// A cache of `replicas` replicas of `image`, holding 1Gi each, as a user would ask for it.
pub fn cache(name: &str, replicas: i32, image: &str) -> CacheCluster {
    CacheCluster::new(
        name,
        CacheClusterSpec {
            replicas,
            image: image.to_owned(),
            eviction: Eviction::default(),
            memory: k8s_openapi::apimachinery::pkg::api::resource::Quantity("1Gi".to_owned()),
            tls: None,
        },
    )
}

/// Creates `cache` in the client's namespace.
pub async fn create(api: &Api<CacheCluster>, cache: &CacheCluster) -> Result<CacheCluster, kube::Error> {
    api.create(&PostParams::default(), cache).await
}

/// Reports `name` Ready with `replicas` running, through the status subresource, as a reconciler does.
pub async fn report_ready(api: &Api<CacheCluster>, name: &str, replicas: i32) -> Result<CacheCluster, kube::Error> {
    let cache = api.get(name).await?;
    let ready = Condition {
        type_: "Ready".to_owned(),
        status: "True".to_owned(),
        reason: "ReplicasRunning".to_owned(),
        message: format!("{replicas} replicas running"),
        observed_generation: cache.meta().generation,
        last_transition_time: Time(Timestamp::now()),
    };
    let status = CacheClusterStatus { replicas, conditions: vec![ready] };
    let patch = serde_json::json!({ "status": status });
    api.patch_status(name, &PatchParams::apply(MANAGER), &Patch::Merge(&patch)).await
}
