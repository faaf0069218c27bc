//! `k8s.io/api/scheduling`: priority classes, which rank pods for the scheduler and for preemption.

pub mod v1;
