//! examples/operator end to end against the real API server: Queue's CRD (`v1::Queue::crd()`, both versions)
//! installed with kube-rs and pointed at `kapi serve --dir` over the example's bundle as its conversion webhook;
//! the example's `kube::runtime::Controller` running in this test; queues written through `Api<v1alpha1::Queue>`
//! and `Api<v1::Queue>` reconciled (finalizer on, `Ready` and `status.replicas` through the status subresource),
//! seen by a watcher, read in the other version (the server asking the webhook), scaled through the scale
//! subresource of either version, and deleted: the finalizer's cleanup deprovisions each before it goes.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use k8s_openapi::apiextensions_apiserver::pkg::apis::apiextensions::v1::{
    CustomResourceDefinition, WebhookClientConfig,
};
use kapi_codegen::kube::CustomResourceExt;
use kube::api::{DeleteParams, Patch, PatchParams, PostParams};
use kube::runtime::{WatchStreamExt, watcher};
use kube::{Api, Client, Resource, ResourceExt};
use operator::backend::Backend;
use operator::controller::{FINALIZER, READY};
use operator::{v1, v1alpha1};
use serde::de::DeserializeOwned;
use tokio::sync::mpsc;

use crate::common::Server;
use crate::common::kube_rs::{client, established, gone, within};
use kapi_tests::kube::kube_installing;

const NAMESPACE: &str = "default";

/// `kapi serve --dir` over the example's bundle, over HTTPS with a CA of its own in `work/certs/ca.crt`.
fn start_webhook(work: &Path) -> Server {
    let bundle = work.join("bundle");
    let artifacts = operator::bundle().unwrap_or_else(|e| panic!("generating the example's bundle: {e}"));
    kapi_codegen::writer::write(&bundle, &artifacts).unwrap_or_else(|e| panic!("writing the bundle: {e}"));
    let certs = work.join("certs");
    let path = |p: &Path| p.to_str().expect("a UTF-8 path").to_owned();
    let webhook = Server::kapi_serve(&["--dir", &path(&bundle), "--self-signed", &path(&certs)]);
    assert!(webhook.https, "kapi serve --self-signed serves HTTPS");
    webhook
}

/// Installs Queue's CRD with its webhook at `webhook` (trusting `ca`) and waits until it is established.
async fn install_crd(client: &Client, webhook: &Server, ca: &[u8]) {
    // From the stored version: `crd()` holds every version of a `#[kapi::versioned]` kind.
    let mut crd = v1::Queue::crd();
    let versions: Vec<&str> = crd.spec.versions.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(versions, ["v1", "v1alpha1"], "both versions in the CRD");
    let conversion = crd.spec.conversion.as_mut().expect("the CRD converts");
    assert_eq!(conversion.strategy, "Webhook");
    let webhook_config = conversion.webhook.as_mut().expect("a webhook");
    // What the kind names is a developer's local address; the test's webhook listens on a free port.
    webhook_config.client_config = Some(WebhookClientConfig {
        url: Some(format!("{}/convert", webhook.url())),
        ca_bundle: Some(k8s_openapi::ByteString(ca.to_vec())),
        service: None,
    });
    let crds = Api::<CustomResourceDefinition>::all(client.clone());
    let name = crd.name_any();
    crds.create(&PostParams::default(), &crd).await.unwrap_or_else(|e| panic!("installing {name}: {e}"));
    established(client, &name).await;
}

/// Creates `object`, retrying while the server does not serve the new resource yet (404 just after the CRD is
/// established).
async fn create<K>(api: &Api<K>, object: &K) -> K
where
    K: Resource + Clone + std::fmt::Debug + serde::Serialize + DeserializeOwned,
{
    let name = object.meta().name.clone().unwrap_or_default();
    within(&format!("creating {name}"), async {
        loop {
            match api.create(&PostParams::default(), object).await {
                Ok(created) => return created,
                Err(kube::Error::Api(status)) if status.code == 404 => {}
                Err(error) => panic!("creating {name}: {error}"),
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    })
    .await
}

/// The queue once the controller reconciled it with `replicas` workers: finalizer on, Ready, `status.replicas`.
async fn reconciled(queues: &Api<v1::Queue>, backend: &Backend, name: &str, replicas: i32) -> v1::Queue {
    within(&format!("{name} reconciled with {replicas} replicas"), async {
        loop {
            let queue = queues.get(name).await.unwrap_or_else(|e| panic!("reading {name}: {e}"));
            let status = queue.status.clone().unwrap_or_default();
            let ready = status.conditions.iter().any(|c| c.type_ == READY && c.status == "True");
            let generation = status.conditions.first().and_then(|c| c.observed_generation);
            if ready
                && queue.finalizers().iter().any(|f| f == FINALIZER)
                && status.replicas == replicas
                && generation == queue.metadata.generation
                && backend.workers(&format!("{NAMESPACE}/{name}")) == Some(replicas)
            {
                return queue;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    })
    .await
}

/// Deletes `name` through `api` and waits until the object is gone: the controller's cleanup had to run first.
async fn delete_and_wait_gone<K>(api: &Api<K>, backend: &Backend, name: &str)
where
    K: Resource + Clone + std::fmt::Debug + DeserializeOwned,
{
    let deleting = api.delete(name, &DeleteParams::default()).await.unwrap_or_else(|e| panic!("deleting {name}: {e}"));
    // The finalizer holds the object: the server answers with it, marked for deletion, not with a Status.
    let held = deleting.left().unwrap_or_else(|| panic!("{name} was deleted at once, past the finalizer"));
    assert!(held.meta().deletion_timestamp.is_some(), "{name} marked for deletion");
    gone(api, name, &format!("{name} deleted after its cleanup")).await;
    let key = format!("{NAMESPACE}/{name}");
    assert_eq!(backend.workers(&key), None, "{key} still provisioned");
    assert!(backend.deprovisioned().contains(&key), "{key}'s cleanup did not run: {:?}", backend.deprovisioned());
}

/// What a watcher of v1 queues saw, as `(event, name)`, until `wanted` are all in.
async fn watched(events: &mut mpsc::UnboundedReceiver<(&'static str, String)>, wanted: &[(&str, &str)]) {
    let mut seen = Vec::new();
    within(&format!("the watcher seeing {wanted:?}"), async {
        while !wanted.iter().all(|(event, name)| seen.iter().any(|(e, n): &(&str, String)| e == event && n == name)) {
            seen.push(events.recv().await.expect("the watcher runs"));
        }
    })
    .await;
}

#[test]
fn the_example_operator_reconciles_converts_scales_and_finalizes_queues_on_the_real_server() {
    let kube = kube_installing();
    let work = tempfile::tempdir().expect("tempdir");
    let webhook = start_webhook(work.path());
    let ca = std::fs::read(work.path().join("certs/ca.crt")).expect("kapi serve wrote its CA");
    let runtime =
        tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().expect("a tokio runtime");
    runtime.block_on(async {
        let client = client(kube).await;
        install_crd(&client, &webhook, &ca).await;

        // The operator, in this process, and a watcher of what it acts on.
        let backend = Arc::new(Backend::default());
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let controller = tokio::spawn(operator::controller::run(client.clone(), backend.clone(), async {
            let _ = stopped.await;
        }));
        let (sender, mut events) = mpsc::unbounded_channel();
        let queues_v1 = Api::<v1::Queue>::namespaced(client.clone(), NAMESPACE);
        let watch = watcher(queues_v1.clone(), watcher::Config::default()).default_backoff();
        let watching = tokio::spawn(watch.for_each(move |event| {
            let seen = match event {
                Ok(watcher::Event::Apply(queue) | watcher::Event::InitApply(queue)) => Some(("applied", queue)),
                Ok(watcher::Event::Delete(queue)) => Some(("deleted", queue)),
                Ok(watcher::Event::Init | watcher::Event::InitDone) => None,
                // The watcher starts over after an error (with a backoff); a lasting one shows as a missed event.
                Err(error) => {
                    eprintln!("the watcher: {error}");
                    None
                }
            };
            if let Some((event, queue)) = seen {
                let _ = sender.send((event, queue.name_any()));
            }
            std::future::ready(())
        }));

        // One queue written in each version; v1alpha1's reaches storage (v1) through the webhook.
        let queues_v1alpha1 = Api::<v1alpha1::Queue>::namespaced(client.clone(), NAMESPACE);
        let old = v1alpha1::Queue::new("written-in-v1alpha1", v1alpha1::QueueSpec { workers: 2 });
        let created = create(&queues_v1alpha1, &old).await;
        assert_eq!(created.spec.workers, 2, "the server's answer in the version written");
        let new = v1::Queue::new("written-in-v1", v1::QueueSpec { replicas: 3 });
        create(&queues_v1, &new).await;

        reconciled(&queues_v1, &backend, "written-in-v1alpha1", 2).await;
        let reconciled_new = reconciled(&queues_v1, &backend, "written-in-v1", 3).await;
        watched(&mut events, &[("applied", "written-in-v1alpha1"), ("applied", "written-in-v1")]).await;

        // Each read in the other version, converted by the webhook: spec renamed, status and finalizer kept.
        let as_v1 = queues_v1.get("written-in-v1alpha1").await.expect("written-in-v1alpha1 as v1");
        assert_eq!(as_v1.spec.replicas, 2);
        let as_v1alpha1 = queues_v1alpha1.get("written-in-v1").await.expect("written-in-v1 as v1alpha1");
        assert_eq!(as_v1alpha1.spec.workers, 3);
        assert_eq!(
            as_v1alpha1.status.as_ref().map(|s| &s.conditions),
            reconciled_new.status.as_ref().map(|s| &s.conditions)
        );
        assert_eq!(as_v1alpha1.status.as_ref().map(|s| s.replicas), Some(3));
        assert_eq!(as_v1alpha1.finalizers(), [FINALIZER]);

        // The scale subresource of each version reads that version's field; scaling reaches the controller.
        let scale = queues_v1alpha1.get_scale("written-in-v1").await.expect("scale of written-in-v1 as v1alpha1");
        let replicas = |scale: &k8s_openapi::api::autoscaling::v1::Scale| {
            (scale.spec.as_ref().and_then(|s| s.replicas), scale.status.as_ref().map(|s| s.replicas))
        };
        assert_eq!(replicas(&scale), (Some(3), Some(3)));
        let to_four = Patch::Merge(serde_json::json!({"spec": {"replicas": 4}}));
        let scaled = queues_v1alpha1
            .patch_scale("written-in-v1alpha1", &PatchParams::default(), &to_four)
            .await
            .expect("scaling written-in-v1alpha1 through v1alpha1");
        assert_eq!(replicas(&scaled).0, Some(4));
        let after = reconciled(&queues_v1, &backend, "written-in-v1alpha1", 4).await;
        assert_eq!(after.spec.replicas, 4, "v1alpha1's workers are v1's replicas");
        let scale = queues_v1.get_scale("written-in-v1alpha1").await.expect("scale of written-in-v1alpha1 as v1");
        assert_eq!(replicas(&scale), (Some(4), Some(4)));
        let workers = queues_v1alpha1.get("written-in-v1alpha1").await.expect("read back").spec.workers;
        assert_eq!(workers, 4);

        // Deleting through either version waits for the cleanup, then the object goes.
        delete_and_wait_gone(&queues_v1alpha1, &backend, "written-in-v1alpha1").await;
        delete_and_wait_gone(&queues_v1, &backend, "written-in-v1").await;
        watched(&mut events, &[("deleted", "written-in-v1alpha1"), ("deleted", "written-in-v1")]).await;

        let _ = stop.send(());
        within("the controller stopping", controller).await.expect("the controller ran to its end");
        watching.abort();
    });
}
