//! `k8s.io/api/events`: the events.k8s.io group's Event, the newer form of the core group's Event.

pub mod v1;
