//! `k8s.io/api/batch`: run-to-completion workloads, once (Job) or on a schedule (CronJob).

pub mod v1;
