//! CronJobs: jobs created on a schedule.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::job::JobSpec;
use crate::core::v1::ObjectReference;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// Creates a job from a template at times given in cron syntax.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/batch/v1",
    group = "batch",
    version = "v1",
    short_names = ["cj"],
    categories = ["all"],
    list = CronJobList,
    status
)]
pub struct CronJob {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The cron job's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The schedule and the job to create.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: CronJobSpec,
    /// The runs the controller last observed.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: CronJobStatus,
}

/// A page of cron jobs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/batch/v1")]
pub struct CronJobList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The cron jobs.
    #[kapi(proto = 2)]
    pub items: Vec<CronJob>,
}

/// When a cron job runs and what each run is.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/batch/v1")]
pub struct CronJobSpec {
    /// When to run, in cron format (`*/5 * * * *`, `@hourly`).
    #[kapi(proto = 1)]
    pub schedule: String,
    /// The time zone the schedule is read in, a tz database name such as `Europe/Berlin`; the controller
    /// manager's local zone when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub time_zone: Option<String>,
    /// How many seconds late a missed run may still be started; missed runs older than this count as failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub starting_deadline_seconds: Option<i64>,
    /// What to do when a run is due while the previous job still runs: `Allow` (the default) runs both,
    /// `Forbid` skips the new run, `Replace` stops the old job and starts the new one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub concurrency_policy: Option<String>,
    /// When true, no new runs are started; running jobs continue. False when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub suspend: Option<bool>,
    /// The job each run creates.
    #[kapi(proto = 5)]
    pub job_template: JobTemplateSpec,
    /// How many successfully finished jobs to keep; 3 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub successful_jobs_history_limit: Option<i32>,
    /// How many failed jobs to keep; 1 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub failed_jobs_history_limit: Option<i32>,
}

/// What the cron job controller last observed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/batch/v1")]
pub struct CronJobStatus {
    /// The jobs of this cron job that are running now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub active: Option<Vec<ObjectReference>>,
    /// When a job was last started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub last_schedule_time: Option<Time>,
    /// When a job last finished successfully.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub last_successful_time: Option<Time>,
}

/// The metadata and spec of the jobs a cron job creates.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/batch/v1")]
pub struct JobTemplateSpec {
    /// Metadata given to each created job.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The spec of each created job.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: JobSpec,
}
