//! CrossVersionObjectReference (v2): how an autoscaler names the workload it scales and the objects it reads
//! metrics from.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// Names an object by API version, kind and name, in the referrer's namespace.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct CrossVersionObjectReference {
    /// The referent's kind, such as `Deployment`.
    #[kapi(proto = 1)]
    pub kind: String,
    /// The referent's name.
    #[kapi(proto = 2)]
    pub name: String,
    /// The referent's API version, such as `apps/v1`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub api_version: Option<String>,
}
