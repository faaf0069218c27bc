//! `k8s.io/api/batch/v1` (group `batch`): Jobs and CronJobs.

mod cron_job;
mod job;
mod policies;

pub use cron_job::{CronJob, CronJobList, CronJobSpec, CronJobStatus, JobTemplateSpec};
pub use job::{Job, JobCondition, JobList, JobSpec, JobStatus, UncountedTerminatedPods};
pub use policies::{
    PodFailurePolicy, PodFailurePolicyOnExitCodesRequirement, PodFailurePolicyOnPodConditionsPattern,
    PodFailurePolicyRule, SuccessPolicy, SuccessPolicyRule,
};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/batch/v1";
