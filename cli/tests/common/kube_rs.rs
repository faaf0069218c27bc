//! kube-rs against the harness' real API server: a client as an operator builds one, and waiting with a limit.

use std::future::Future;
use std::time::Duration;

use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::CustomResourceDefinition;
use kapi_tests::kube::Kube;
use kube::config::{KubeConfigOptions, Kubeconfig};
use kube::runtime::wait::{await_condition, conditions};
use kube::{Api, Client, Resource};
use serde::de::DeserializeOwned;

/// How long any one thing may take before the test fails saying what it waited for.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// `future`'s output, or a failure naming `what` after [`PATIENCE`].
pub async fn within<T>(what: &str, future: impl Future<Output = T>) -> T {
    tokio::time::timeout(PATIENCE, future).await.unwrap_or_else(|_| panic!("{what}: not within {PATIENCE:?}"))
}

/// A client of the harness' server, from its kubeconfig (its URL, CA and token), as an operator's is.
pub async fn client(kube: &Kube) -> Client {
    let kubeconfig = Kubeconfig::read_from(kube.kubeconfig()).expect("the harness' kubeconfig reads");
    let config =
        kube::Config::from_custom_kubeconfig(kubeconfig, &KubeConfigOptions::default()).await.expect("a kube config");
    assert_eq!(config.cluster_url.to_string().trim_end_matches('/'), kube.url());
    Client::try_from(config).expect("a kube client")
}

/// Waits until the CRD `name` is established.
pub async fn established(client: &Client, name: &str) {
    let crds = Api::<CustomResourceDefinition>::all(client.clone());
    within(&format!("{name} established"), await_condition(crds, name, conditions::is_crd_established()))
        .await
        .unwrap_or_else(|e| panic!("watching {name}: {e}"));
}

/// Waits until `name` is gone from `api` (404), as `what`.
pub async fn gone<K>(api: &Api<K>, name: &str, what: &str)
where
    K: Resource + Clone + std::fmt::Debug + DeserializeOwned,
{
    within(what, async {
        loop {
            match api.get(name).await {
                Err(kube::Error::Api(status)) if status.code == 404 => return,
                Err(error) => panic!("reading {name}: {error}"),
                Ok(_) => tokio::time::sleep(Duration::from_millis(250)).await,
            }
        }
    })
    .await;
}
