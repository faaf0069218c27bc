//! `example.com/stable/v1beta1` (group `stable.example.com`): the CronTab as it looked before v1, kept served
//! beside v1 so the group has two versions and discovery prefers v1.
//!
//! The beta shape is smaller: no bounds, policies or ports yet, and `replicas` optional with no default.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// A container image run on a cron schedule (beta form).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "example.com/stable/v1beta1",
    group = "stable.example.com",
    version = "v1beta1",
    plural = "crontabs",
    singular = "crontab",
    short_names = ["ct"],
    categories = ["all"],
    list = CronTabList,
    status,
    crd(deprecation_warning = "CronTab v1beta1 is deprecated; move to CronTab v1")
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
    /// What the controller last saw; written through the `status` subresource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<CronTabStatus>,
}

/// The schedule and the image of a beta CronTab.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/stable/v1beta1")]
pub struct CronTabSpec {
    /// When to run, in the five-field cron syntax.
    pub cron_spec: String,
    /// The container image to start.
    pub image: String,
    /// How many copies to start each time; the controller starts one when this is unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
}

/// What the controller last saw of a beta CronTab.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/stable/v1beta1")]
pub struct CronTabStatus {
    /// When a run last started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_schedule_time: Option<Time>,
}

/// A page of beta CronTabs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/stable/v1beta1")]
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
    fn a_beta_manifest_round_trips() -> serde_json::Result<()> {
        let manifest = json!({
            "apiVersion": "stable.example.com/v1beta1",
            "kind": "CronTab",
            "metadata": {"name": "hourly"},
            "spec": {"cronSpec": "0 * * * *", "image": "example.com/report:2"},
            "status": {"lastScheduleTime": "2024-05-01T03:00:00Z"}
        });
        let crontab: CronTab = serde_json::from_value(manifest.clone())?;
        assert_eq!(crontab.spec.replicas, None);
        assert_eq!(serde_json::to_value(&crontab)?, manifest);
        Ok(())
    }
}
