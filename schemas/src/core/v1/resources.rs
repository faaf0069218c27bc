//! Compute resources of containers and pods, resize policies and dynamically allocated resource claims.

use std::collections::BTreeMap;

use kapi::Schema;
use serde::{Deserialize, Serialize};

use kapi_meta::quantity::Quantity;

/// The compute resources a container (or a whole pod) asks for and may use at most.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ResourceRequirements {
    /// The most of each resource that may be used, such as `cpu: 500m` or `memory: 256Mi`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub limits: Option<BTreeMap<String, Quantity>>,
    /// The amount of each resource that is reserved and scheduled against. A resource left out falls back to its
    /// limit if one is set, else to a default; requests may not exceed limits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub requests: Option<BTreeMap<String, Quantity>>,
    /// The pod's resource claims (from `spec.resourceClaims`, by name) this container uses. Containers only;
    /// cannot be changed. Alpha, behind the DynamicResourceAllocation feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "map", list_map_keys = ["name"])]
    pub claims: Option<Vec<ResourceClaim>>,
}

/// A container's use of one of the pod's resource claims.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ResourceClaim {
    /// The name of an entry of the pod's `spec.resourceClaims`; its resources become available to the container.
    #[kapi(proto = 1)]
    pub name: String,
    /// One request of the claim to use; when empty, everything allocated for the claim is made available.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub request: Option<String>,
}

/// A resource claim of a pod under a name its containers use: either an existing ResourceClaim or one made from
/// a ResourceClaimTemplate for this pod.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodResourceClaim {
    /// The name the claim goes by in this pod, a DNS label unique among the pod's claims.
    #[kapi(proto = 1)]
    pub name: String,
    /// An existing ResourceClaim in the pod's namespace. Set this or `resourceClaimTemplateName`, not both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub resource_claim_name: Option<String>,
    /// A ResourceClaimTemplate in the pod's namespace. A claim is made from it for this pod (its name, built from
    /// the pod's and this entry's, is recorded in `status.resourceClaimStatuses`), left alone afterwards, and
    /// deleted with the pod. Cannot be changed. Set this or `resourceClaimName`, not both.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub resource_claim_template_name: Option<String>,
}

/// What happens to a container when one of its resources is resized in place.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ContainerResizePolicy {
    /// The resource the policy is for: `cpu` or `memory`.
    #[kapi(proto = 1)]
    pub resource_name: String,
    /// `NotRequired` (the default) resizes the running container; `RestartContainer` restarts it.
    #[kapi(proto = 2)]
    pub restart_policy: String,
}
