//! `example.com/batch/v1` (group `batch.example.com`): a second, unrelated kind that is also called CronTab.
//!
//! It exists to give the corpus one kind name in two groups: its definitions are named after its own package
//! (`com.example.batch.v1.CronTab`), discovery lists it under its own group, and an unqualified `crontabs` is
//! ambiguous until the user names the group. It is cluster-scoped, unlike `stable.example.com`'s.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// A cluster-wide maintenance command that runs on a cron schedule, on every node that matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "example.com/batch/v1",
    group = "batch.example.com",
    version = "v1",
    plural = "crontabs",
    singular = "crontab",
    scope = "Cluster",
    list = CronTabList,
    status,
    crd
)]
pub struct CronTab {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata; it has no namespace.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The command, its schedule and where it runs.
    pub spec: CronTabSpec,
    /// The outcome of the latest run; written through the `status` subresource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<CronTabStatus>,
}

/// The command, its schedule and the nodes it runs on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/batch/v1")]
pub struct CronTabSpec {
    /// When to run, in the five-field cron syntax, evaluated in `timeZone`.
    pub schedule: String,
    /// The IANA time zone of `schedule`, such as `Europe/Berlin`; UTC when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    /// The program and its arguments, run without a shell.
    #[kapi(list_type = "atomic")]
    pub command: Vec<String>,
    /// Node labels a node must carry for the command to run on it; every node when empty.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub node_selector: std::collections::BTreeMap<String, String>,
}

/// The outcome of the latest run.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/batch/v1")]
pub struct CronTabStatus {
    /// When the latest run started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_run_time: Option<Time>,
    /// On how many nodes the latest run failed.
    #[serde(default)]
    pub failed_nodes: i32,
}

/// A page of cluster-wide CronTabs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/batch/v1")]
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
    use serde_json::json;

    use super::*;

    #[test]
    fn a_cluster_wide_manifest_round_trips() -> serde_json::Result<()> {
        let manifest = json!({
            "apiVersion": "batch.example.com/v1",
            "kind": "CronTab",
            "metadata": {"name": "log-rotate"},
            "spec": {
                "schedule": "30 2 * * *",
                "timeZone": "Europe/Berlin",
                "command": ["/usr/sbin/logrotate", "/etc/logrotate.conf"],
                "nodeSelector": {"kubernetes.io/os": "linux"}
            },
            "status": {"lastRunTime": "2024-05-01T00:30:00Z", "failedNodes": 0}
        });
        let crontab: CronTab = serde_json::from_value(manifest.clone())?;
        assert_eq!(crontab.spec.command.len(), 2);
        assert_eq!(serde_json::to_value(&crontab)?, manifest);
        Ok(())
    }
}
