//! The Condition kind: one observation about an object's state, as most status stanzas list them.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use super::opaque::Time;

/// One aspect of an object's observed state: what kind of observation it is, whether it currently holds, since
/// when, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct Condition {
    /// What is observed, in CamelCase, optionally qualified by a domain (`example.com/Ready`).
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub condition_type: String,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// The `metadata.generation` the observation was made against; a value behind the object's generation means
    /// the condition may be stale.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub observed_generation: Option<i64>,
    /// When `status` last changed; when that moment is unknown, the time the field itself changed will do.
    #[kapi(proto = 4)]
    pub last_transition_time: Time,
    /// A CamelCase word for why the status last changed, meant for programs; never empty.
    #[kapi(proto = 5)]
    pub reason: String,
    /// Details of the last change, for people; may be empty.
    #[kapi(proto = 6)]
    pub message: String,
}
