//! The reconciler: a `kube::runtime::Controller` over v1 queues (the storage version; objects written as v1alpha1
//! reach it converted). For each queue it makes sure the finalizer is on, provisions the queue in the [`Backend`],
//! and writes a `Ready` condition and `status.replicas` through the status subresource; when a queue is deleted,
//! the finalizer's cleanup deprovisions it before the object goes.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, Time};
use k8s_openapi::jiff::Timestamp;
use kube::api::{Patch, PatchParams};
use kube::runtime::controller::{Action, Controller};
use kube::runtime::finalizer::{self, Event};
use kube::runtime::watcher;
use kube::{Api, Client, ResourceExt};

use crate::backend::Backend;
use crate::v1::{Queue, QueueStatus};

/// The finalizer the controller puts on every queue: the object stays until the backend has let the queue go.
pub const FINALIZER: &str = "operator.example.com/deprovision";

/// The condition the controller reports.
pub const READY: &str = "Ready";

/// What every reconciliation gets.
pub struct Context {
    /// The API server.
    pub client: Client,
    /// Where queues are provisioned.
    pub backend: Arc<Backend>,
}

// kube's Client has no Debug of its own.
impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context").field("backend", &self.backend).finish_non_exhaustive()
    }
}

/// Why a reconciliation failed; the controller retries it.
#[derive(Debug)]
pub enum Error {
    /// A queue without a namespace (Queue is namespaced, so the server never sends one).
    NoNamespace(String),
    /// The API server refused or could not be reached.
    Kube(kube::Error),
    /// Adding or removing the finalizer, or the work behind it, failed.
    Finalizer(Box<finalizer::Error<Error>>),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NoNamespace(name) => write!(f, "queue {name} has no namespace"),
            Self::Kube(error) => write!(f, "the API server: {error}"),
            Self::Finalizer(error) => write!(f, "finalizer {FINALIZER}: {error}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::NoNamespace(_) => None,
            Self::Kube(error) => Some(error),
            Self::Finalizer(error) => Some(error.as_ref()),
        }
    }
}

/// Runs the controller over every namespace's queues until `shutdown` completes (then lets running
/// reconciliations finish). Failed reconciliations are reported on stderr and retried.
pub async fn run(client: Client, backend: Arc<Backend>, shutdown: impl Future<Output = ()> + Send + Sync + 'static) {
    let context = Arc::new(Context { client: client.clone(), backend });
    Controller::new(Api::<Queue>::all(client), watcher::Config::default())
        .graceful_shutdown_on(shutdown)
        .run(reconcile, retry_soon, context)
        .for_each(|result| async move {
            if let Err(error) = result {
                eprintln!("operator: reconciling failed: {error}");
            }
        })
        .await;
}

/// One reconciliation of `queue`: the finalizer first, then provisioning or, once deleted, cleanup.
pub async fn reconcile(queue: Arc<Queue>, context: Arc<Context>) -> Result<Action, Error> {
    let namespace = queue.namespace().ok_or_else(|| Error::NoNamespace(queue.name_any()))?;
    let queues = Api::<Queue>::namespaced(context.client.clone(), &namespace);
    finalizer::finalizer(&queues, FINALIZER, queue, |event| async {
        match event {
            Event::Apply(queue) => provision(&queues, &queue, &context.backend).await,
            Event::Cleanup(queue) => {
                context.backend.deprovision(&key(&queue));
                Ok(Action::await_change())
            }
        }
    })
    .await
    .map_err(|error| Error::Finalizer(Box::new(error)))
}

fn retry_soon(_: Arc<Queue>, _: &Error, _: Arc<Context>) -> Action {
    Action::requeue(Duration::from_secs(2))
}

/// Provisions the workers the spec asks for, then reports them; the status is written only when it changes, so
/// the controller's own write does not start another round of writes.
async fn provision(queues: &Api<Queue>, queue: &Queue, backend: &Backend) -> Result<Action, Error> {
    let replicas = queue.spec.replicas;
    backend.provision(&key(queue), replicas);
    let status = status_after_provisioning(queue, replicas);
    if queue.status.as_ref() != Some(&status) {
        // A merge patch replaces `conditions` whole: the controller owns every condition of a queue.
        let patch = Patch::Merge(serde_json::json!({ "status": status }));
        queues.patch_status(&queue.name_any(), &PatchParams::default(), &patch).await.map_err(Error::Kube)?;
    }
    // Look again now and then, in case the backend drifted.
    Ok(Action::requeue(Duration::from_secs(300)))
}

/// The status after `replicas` workers were provisioned: Ready, keeping when it became so.
fn status_after_provisioning(queue: &Queue, replicas: i32) -> QueueStatus {
    let previous = queue.status.as_ref().and_then(|status| status.conditions.iter().find(|c| c.type_ == READY));
    let since = match previous {
        Some(condition) if condition.status == "True" => condition.last_transition_time.clone(),
        // Whole seconds: what the server stores of a Time, so the next comparison sees no change.
        _ => Time(Timestamp::from_second(Timestamp::now().as_second()).unwrap_or(Timestamp::UNIX_EPOCH)),
    };
    let ready = Condition {
        type_: READY.to_owned(),
        status: "True".to_owned(),
        reason: "Provisioned".to_owned(),
        message: format!("{replicas} workers serve the queue"),
        last_transition_time: since,
        observed_generation: queue.metadata.generation,
    };
    QueueStatus { replicas, conditions: vec![ready] }
}

/// The backend's name of `queue`: `namespace/name`.
pub fn key(queue: &Queue) -> String {
    format!("{}/{}", queue.namespace().unwrap_or_default(), queue.name_any())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::v1::QueueSpec;

    fn queue(generation: i64, status: Option<QueueStatus>) -> Queue {
        let mut queue = Queue::new("orders", QueueSpec { replicas: 3 });
        queue.metadata.generation = Some(generation);
        queue.status = status;
        queue
    }

    #[test]
    fn a_new_queue_becomes_ready_with_its_generation_and_replicas() {
        let status = status_after_provisioning(&queue(1, None), 3);
        assert_eq!(status.replicas, 3);
        let [ready] = &status.conditions[..] else { panic!("one condition: {status:?}") };
        assert_eq!(
            (ready.type_.as_str(), ready.status.as_str(), ready.reason.as_str()),
            ("Ready", "True", "Provisioned")
        );
        assert_eq!(ready.observed_generation, Some(1));
        assert_eq!(ready.last_transition_time.0.subsec_nanosecond(), 0, "whole seconds, as the server stores them");
    }

    #[test]
    fn a_ready_queue_keeps_when_it_became_ready_so_an_unchanged_one_is_not_written_again() {
        let first = status_after_provisioning(&queue(1, None), 3);
        let mut since = first.clone();
        since.conditions[0].last_transition_time = Time(Timestamp::UNIX_EPOCH);
        assert_eq!(status_after_provisioning(&queue(1, Some(since.clone())), 3), since);
        // Scaled: the generation and replicas follow, the transition time stays.
        let scaled = status_after_provisioning(&queue(2, Some(since)), 5);
        assert_eq!((scaled.replicas, scaled.conditions[0].observed_generation), (5, Some(2)));
        assert_eq!(scaled.conditions[0].last_transition_time, Time(Timestamp::UNIX_EPOCH));
    }

    #[test]
    fn queues_carry_the_api_version_and_kind_the_server_needs() {
        let object =
            serde_json::to_value(crate::v1alpha1::Queue::new("orders", crate::v1alpha1::QueueSpec { workers: 2 }))
                .expect("JSON");
        assert_eq!(object["apiVersion"], "operator.example.com/v1alpha1");
        assert_eq!(object["kind"], "Queue");
        assert_eq!(object["spec"], serde_json::json!({"workers": 2}));
        assert_eq!(key(&queue(1, None)), "/orders", "no namespace until the server sets one");
    }
}
