//! `example.com/stable/v1` (group `stable.example.com`): CronTab, the classic custom resource example, with
//! `status` and `scale` subresources.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use crate::autoscaling::v1::Scale;
use kapi_meta::intstr::IntOrString;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};
use kapi_meta::quantity::Quantity;

/// A container image run on a cron schedule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "example.com/stable/v1",
    group = "stable.example.com",
    version = "v1",
    plural = "crontabs",
    singular = "crontab",
    short_names = ["ct"],
    categories = ["all"],
    list = CronTabList,
    status,
    scale(
        spec_replicas_path = ".spec.replicas",
        status_replicas_path = ".status.replicas",
        label_selector_path = ".status.labelSelector",
        kind = Scale
    ),
    crd(
        storage,
        printer_column(name = "Schedule", type = "string", json_path = ".spec.cronSpec"),
        printer_column(name = "Replicas", type = "integer", json_path = ".spec.replicas"),
        printer_column(name = "Image", type = "string", json_path = ".spec.image", priority = 1),
        selectable_field = ".spec.image"
    )
)]
pub struct CronTab {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What to run and when.
    pub spec: CronTabSpec,
    /// What the controller last observed; written through the `status` subresource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<CronTabStatus>,
}

/// What a CronTab runs, when, and how many copies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "example.com/stable/v1",
    validation(
        rule = "!has(self.maxReplicas) || self.replicas <= self.maxReplicas",
        message = "replicas must not exceed maxReplicas"
    )
)]
pub struct CronTabSpec {
    /// The schedule, as five space-separated cron fields (`*/5 * * * *`).
    #[kapi(max_length = 64, pattern = r"^(\S+\s+){4}\S+$")]
    pub cron_spec: String,
    /// The container image to run; must be pinned to a tag other than `latest` or to a digest.
    #[kapi(min_length = 1, validation(rule = "!self.endsWith(':latest')", message = "pin the image to a version"))]
    pub image: String,
    /// How many copies run at each scheduled time.
    #[serde(default = "default_replicas")]
    #[kapi(default = 1, minimum = 0, maximum = 100)]
    pub replicas: i32,
    /// An upper bound for `replicas`, for autoscalers driving the `scale` subresource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(minimum = 1)]
    pub max_replicas: Option<i32>,
    /// What to do when a run is due while the previous one is still going.
    #[serde(default)]
    #[kapi(default = "Allow")]
    pub concurrency_policy: ConcurrencyPolicy,
    /// Pauses scheduling when true. `null` and absent both mean "not suspended".
    #[serde(default)]
    #[kapi(nullable)]
    pub suspend: Option<bool>,
    /// How many copies may be down during a rollout: a count or a percentage such as `"25%"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(int_or_string)]
    pub max_unavailable: Option<IntOrString>,
    /// The memory each copy may use, such as `256Mi`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory_limit: Option<Quantity>,
    /// Where to report finished runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notification: Option<Notification>,
    /// How long to wait before retrying a failed run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backoff: Option<Backoff>,
    /// Ports the job listens on, one per name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(list_type = "map", list_map_keys = ["name"], max_items = 8)]
    pub ports: Vec<CronTabPort>,
    /// Free-form settings handed to the job unchanged; any JSON is kept as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config: Option<serde_json::Value>,
    /// Whether a failed run is started again. A closed enum: the server rejects any other value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<RestartPolicy>,
    /// The kind of capacity the job's copies run on. An open enum: providers add kinds, so values other than the
    /// known ones are accepted and clients should expect them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(known_values = ["OnDemand", "Spot"])]
    pub capacity_type: Option<String>,
}

fn default_replicas() -> i32 {
    1
}

fn default_protocol() -> String {
    "TCP".to_owned()
}

/// What happens when a run is due while the previous one is still going.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(inline)]
pub enum ConcurrencyPolicy {
    /// Start the new run alongside the old one.
    #[default]
    Allow,
    /// Skip the new run.
    Forbid,
    /// Stop the old run and start the new one.
    Replace,
}

/// Whether a failed run is started again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/stable/v1")]
pub enum RestartPolicy {
    /// Leave a failed run failed.
    Never,
    /// Start a failed run again, with the backoff.
    OnFailure,
}

/// Where to report finished runs: exactly one of a webhook or an e-mail address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/stable/v1")]
pub enum Notification {
    /// POST a summary to a URL.
    Webhook {
        /// The URL to call.
        url: String,
    },
    /// Send a summary by e-mail.
    Email {
        /// The recipient.
        address: String,
    },
}

/// The wait before retrying a failed run: a fixed number of seconds, or an exponential policy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(untagged)]
#[kapi(package = "example.com/stable/v1")]
pub enum Backoff {
    /// Always wait the same time.
    Fixed {
        /// The wait, in seconds.
        #[kapi(minimum = 1)]
        seconds: i64,
    },
    /// Double the wait after every failure.
    Exponential(ExponentialBackoff),
}

/// A wait that doubles after every failure, up to a limit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/stable/v1")]
pub struct ExponentialBackoff {
    /// The first wait, in seconds.
    #[kapi(minimum = 1)]
    pub initial_seconds: i64,
    /// The longest wait, in seconds.
    #[kapi(minimum = 1)]
    pub max_seconds: i64,
}

/// A named port of a CronTab's job.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/stable/v1")]
pub struct CronTabPort {
    /// The port's name, a DNS label of at most 15 characters.
    #[kapi(max_length = 15, pattern = "^[a-z]([-a-z0-9]*[a-z0-9])?$")]
    pub name: String,
    /// The port number.
    #[kapi(minimum = 1, maximum = 65535)]
    pub port: i32,
    /// The transport protocol.
    #[serde(default = "default_protocol")]
    #[kapi(default = "TCP", enum_values = ["TCP", "UDP"])]
    pub protocol: String,
}

/// What the controller last observed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/stable/v1")]
pub struct CronTabStatus {
    /// How many copies ran at the last scheduled time.
    #[serde(default)]
    pub replicas: i32,
    /// The label selector of the copies, in string form; read by the `scale` subresource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<String>,
    /// When the job was last started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_schedule_time: Option<Time>,
}

/// A page of CronTabs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/stable/v1")]
pub struct CronTabList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The CronTabs.
    pub items: Vec<CronTab>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_crontab_manifest_round_trips() -> serde_json::Result<()> {
        let manifest = json!({
            "apiVersion": "stable.example.com/v1",
            "kind": "CronTab",
            "metadata": {"name": "nightly", "namespace": "default"},
            "spec": {
                "cronSpec": "0 3 * * *",
                "image": "example.com/backup:1.4",
                "replicas": 2,
                "concurrencyPolicy": "Forbid",
                "suspend": null,
                "maxUnavailable": "50%",
                "memoryLimit": "256Mi",
                "notification": {"webhook": {"url": "https://hooks.example.com/done"}},
                "backoff": {"initialSeconds": 5, "maxSeconds": 300},
                "ports": [{"name": "metrics", "port": 9090, "protocol": "TCP"}],
                "config": {"retention": {"days": 7}, "dryRun": false}
            },
            "status": {"replicas": 2, "labelSelector": "app=nightly", "lastScheduleTime": "2024-05-01T03:00:00Z"}
        });
        let crontab: CronTab = serde_json::from_value(manifest.clone())?;
        assert_eq!(crontab.spec.max_unavailable, Some(IntOrString::String("50%".to_owned())));
        assert!(matches!(crontab.spec.backoff, Some(Backoff::Exponential(_))));
        assert_eq!(serde_json::to_value(&crontab)?, manifest);
        Ok(())
    }

    #[test]
    fn defaults_fill_in_what_a_manifest_leaves_out() -> serde_json::Result<()> {
        let spec: CronTabSpec = serde_json::from_value(json!({
            "cronSpec": "*/5 * * * *",
            "image": "busybox:1.36",
            "backoff": {"seconds": 30},
            "ports": [{"name": "http", "port": 80}]
        }))?;
        assert_eq!((spec.replicas, spec.concurrency_policy), (1, ConcurrencyPolicy::Allow));
        assert_eq!(spec.backoff, Some(Backoff::Fixed { seconds: 30 }));
        assert_eq!(spec.ports[0].protocol, "TCP");
        assert_eq!(serde_json::to_value(&spec)?["suspend"], serde_json::Value::Null);
        Ok(())
    }
}
