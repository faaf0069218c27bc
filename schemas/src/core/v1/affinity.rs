//! Affinity rules: which nodes a pod should run on, and next to or away from which other pods.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::LabelSelector;

/// The scheduling preferences and requirements of a pod towards nodes and other pods.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct Affinity {
    /// Rules on the labels of the node the pod runs on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub node_affinity: Option<NodeAffinity>,
    /// Rules placing the pod in the same topology domain (node, zone, …) as certain other pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub pod_affinity: Option<PodAffinity>,
    /// Rules keeping the pod out of the topology domains (node, zone, …) of certain other pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub pod_anti_affinity: Option<PodAntiAffinity>,
}

/// Rules on the labels of the node a pod is placed on.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeAffinity {
    /// Nodes that must match for the pod to be scheduled there. Checked only when scheduling: a node that stops
    /// matching later may or may not have the pod evicted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub required_during_scheduling_ignored_during_execution: Option<NodeSelector>,
    /// Weighted wishes: the scheduler prefers, but does not insist on, nodes with the highest total weight of
    /// matching terms among those meeting every hard requirement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub preferred_during_scheduling_ignored_during_execution: Option<Vec<PreferredSchedulingTerm>>,
}

/// A set of nodes: those matching at least one of its terms.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct NodeSelector {
    /// The terms; a node matching any of them is selected. Must not be empty.
    #[kapi(proto = 1, list_type = "atomic")]
    pub node_selector_terms: Vec<NodeSelectorTerm>,
}

/// Conditions on a node's labels and fields, all of which must hold. An empty or absent term matches no node.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct NodeSelectorTerm {
    /// Conditions on the node's labels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub match_expressions: Option<Vec<NodeSelectorRequirement>>,
    /// Conditions on the node's fields, such as `metadata.name`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub match_fields: Option<Vec<NodeSelectorRequirement>>,
}

/// One condition on a node: a key, an operator and the values it compares against.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct NodeSelectorRequirement {
    /// The label key or field the condition looks at.
    #[kapi(proto = 1)]
    pub key: String,
    /// How the key relates to `values`: `In`, `NotIn`, `Exists`, `DoesNotExist`, `Gt` or `Lt`.
    #[kapi(proto = 2)]
    pub operator: String,
    /// The values to compare with: at least one for `In` and `NotIn`, none for `Exists` and `DoesNotExist`, and a
    /// single integer for `Gt` and `Lt`. A strategic merge patch replaces the whole list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub values: Option<Vec<String>>,
}

/// A node selector term with a weight. An empty term matches every node with weight 0; an absent one matches
/// none. Either way it has no effect.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PreferredSchedulingTerm {
    /// How much a matching node is preferred, from 1 to 100.
    #[kapi(proto = 1)]
    pub weight: i32,
    /// The nodes the weight applies to.
    #[kapi(proto = 2)]
    pub preference: NodeSelectorTerm,
}

/// Rules placing a pod in the same topology domain as certain other pods.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodAffinity {
    /// Terms that must all hold for a node to be chosen. Checked only when scheduling: if they stop holding
    /// later (say, labels change), the pod may or may not be evicted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub required_during_scheduling_ignored_during_execution: Option<Vec<PodAffinityTerm>>,
    /// Weighted wishes: among the nodes meeting every hard requirement, the scheduler prefers those with the
    /// highest total weight of terms whose pods run in the node's domain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub preferred_during_scheduling_ignored_during_execution: Option<Vec<WeightedPodAffinityTerm>>,
}

/// Rules keeping a pod out of the topology domains of certain other pods.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodAntiAffinity {
    /// Terms that must all hold for a node to be chosen, i.e. none of their pods may run in its domain. Checked
    /// only when scheduling: if they stop holding later, the pod may or may not be evicted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub required_during_scheduling_ignored_during_execution: Option<Vec<PodAffinityTerm>>,
    /// Weighted wishes: among the nodes meeting every hard requirement, the scheduler prefers those with the
    /// highest total weight of terms whose pods are absent from the node's domain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub preferred_during_scheduling_ignored_during_execution: Option<Vec<WeightedPodAffinityTerm>>,
}

/// A set of pods, and the node label that defines what "the same place" means for them. The term holds on a
/// node whose value for `topologyKey` equals that of a node running one of the pods.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct PodAffinityTerm {
    /// Which pods count; when absent, none do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub label_selector: Option<LabelSelector>,
    /// Namespaces to look for the pods in, added to those `namespaceSelector` picks. With both empty, the pod's
    /// own namespace is used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub namespaces: Option<Vec<String>>,
    /// The node label whose value defines a topology domain, such as `topology.kubernetes.io/zone`. Must not be
    /// empty.
    #[kapi(proto = 3)]
    pub topology_key: String,
    /// Namespaces to look for the pods in, by their labels, added to `namespaces`. An empty selector means every
    /// namespace; absent (with no `namespaces`) means the pod's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub namespace_selector: Option<LabelSelector>,
    /// Label keys whose values are copied from the incoming pod into the selector as `key in (value)`; keys the
    /// pod lacks are skipped. Needs `labelSelector`, and a key may not appear in both. Beta, behind the
    /// MatchLabelKeysInPodAffinity feature (on by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub match_label_keys: Option<Vec<String>>,
    /// Label keys whose values are copied from the incoming pod into the selector as `key notin (value)`; keys the
    /// pod lacks are skipped. Needs `labelSelector`, and a key may not appear in both. Beta, behind the
    /// MatchLabelKeysInPodAffinity feature (on by default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6, list_type = "atomic")]
    pub mismatch_label_keys: Option<Vec<String>>,
}

/// A pod affinity term with a weight; the weights of the matching terms are summed per node.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct WeightedPodAffinityTerm {
    /// How much the term counts, from 1 to 100.
    #[kapi(proto = 1)]
    pub weight: i32,
    /// The term the weight applies to.
    #[kapi(proto = 2)]
    pub pod_affinity_term: PodAffinityTerm,
}
