//! Queue, in v1alpha1 and v1 from one definition. v1 calls v1alpha1's `workers` `replicas`; v1 is stored, and the
//! conversion webhook (`kapi serve --dir`) converts between them.
//!
//! The kind writes its `apiVersion` and `kind` (`types`, kapi's `TypeMeta<Self>`), as kube-derive's kinds do:
//! `kube::Api` sends an object as it serialises, and the API server refuses one without them. `#[kapi(kube)]` gives
//! each version kube-derive's `Queue::new(name, spec)`.

#[kapi::versioned(versions(v1alpha1, v1), storage = v1, package = "example.com/operator")]
pub mod queue {
    use k8s_openapi::apimachinery::pkg::apis::meta::v1::{Condition, ListMeta, ObjectMeta};
    use kapi::kube::TypeMeta;
    use kapi::{Resource, Schema};
    use serde::{Deserialize, Serialize};

    /// A message queue served by a pool of workers.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
    #[serde(rename_all = "camelCase")]
    #[kapi(
        group = "operator.example.com",
        plural = "queues",
        list = QueueList,
        status,
        kube,
        crd(
            printer_column(name = "Ready", type = "string", json_path = ".status.conditions[?(@.type==\"Ready\")].status"),
            printer_column(name = "Age", type = "date", json_path = ".metadata.creationTimestamp"),
            // Where `kapi serve --dir` listens on a developer's machine; in a cluster, name its Service instead.
            conversion_webhook(url = "https://127.0.0.1:8443/convert"),
        )
    )]
    #[versioned(
        before = v1,
        kapi(
            crd(printer_column(name = "Workers", type = "integer", json_path = ".spec.workers")),
            scale(spec_replicas_path = ".spec.workers", status_replicas_path = ".status.replicas")
        )
    )]
    #[versioned(
        since = v1,
        kapi(
            crd(printer_column(name = "Replicas", type = "integer", json_path = ".spec.replicas")),
            scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas")
        )
    )]
    pub struct Queue {
        /// The object's API version and kind.
        #[serde(flatten)]
        pub types: TypeMeta<Self>,
        /// The object's metadata.
        #[serde(default)]
        pub metadata: ObjectMeta,
        /// What the user asks for.
        pub spec: QueueSpec,
        /// What the controller last saw.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub status: Option<QueueStatus>,
    }

    /// The queue the user asks for.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct QueueSpec {
        /// How many workers serve the queue.
        #[versioned(renamed(before = v1, from = workers))]
        #[kapi(minimum = 0)]
        pub replicas: i32,
    }

    /// What the controller last saw.
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
    #[serde(rename_all = "camelCase")]
    pub struct QueueStatus {
        /// Workers provisioned now.
        #[serde(default)]
        pub replicas: i32,
        /// The latest observations of the queue's state.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[kapi(list_type = "map", list_map_keys = ["type"])]
        pub conditions: Vec<Condition>,
    }

    /// A page of queues.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
    pub struct QueueList {
        /// The list's metadata.
        #[serde(default)]
        pub metadata: ListMeta,
        /// The queues.
        pub items: Vec<Queue>,
    }
}
