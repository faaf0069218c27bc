//! FlowSchema: sorts requests into flows and assigns them a priority level.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::policy_rules::PolicyRulesWithSubjects;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// Classifies requests: those matching its rules belong to its priority level, split into flows by its
/// distinguisher. Of the schemas a request matches, the one with the lowest matching precedence wins.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/flowcontrol/v1",
    group = "flowcontrol.apiserver.k8s.io",
    version = "v1",
    scope = "Cluster",
    list = FlowSchemaList,
    status
)]
pub struct FlowSchema {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The schema's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Which requests the schema matches and where they go.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: FlowSchemaSpec,
    /// What the API server last observed about the schema; written by the system.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: FlowSchemaStatus,
}

/// A page of flow schemas.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct FlowSchemaList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The flow schemas.
    #[kapi(proto = 2)]
    pub items: Vec<FlowSchema>,
}

/// How a flow schema matches requests and what it does with them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct FlowSchemaSpec {
    /// The priority level matching requests are assigned to; a schema naming a missing level is treated as
    /// matching nothing. Required.
    #[kapi(proto = 1)]
    pub priority_level_configuration: PriorityLevelConfigurationReference,
    /// Orders the schemas a request may match: the lowest value wins. From 1 to 10000; 0 counts as 1000.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub matching_precedence: i32,
    /// How matching requests are split into flows; left out, all of them form one flow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub distinguisher_method: Option<FlowDistinguisherMethod>,
    /// The rules that select requests; a request matching any of them matches the schema. Empty, the schema
    /// matches nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, list_type = "atomic")]
    pub rules: Option<Vec<PolicyRulesWithSubjects>>,
}

/// How the requests of a flow schema are split into flows.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct FlowDistinguisherMethod {
    /// `ByUser` (one flow per requesting user) or `ByNamespace` (one flow per namespace of the object).
    /// Required.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
}

/// Names the priority level a flow schema's requests go to.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct PriorityLevelConfigurationReference {
    /// The name of the PriorityLevelConfiguration. Required.
    #[kapi(proto = 1)]
    pub name: String,
}

/// What the API server observed about a flow schema.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct FlowSchemaStatus {
    /// The latest observations of the schema's state, one per condition type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 1,
        list_type = "map",
        list_map_keys = ["type"],
        patch_strategy = "merge",
        patch_merge_key = "type"
    )]
    pub conditions: Option<Vec<FlowSchemaCondition>>,
}

/// One aspect of a flow schema's state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct FlowSchemaCondition {
    /// The condition's type, such as `Dangling` (the priority level it names does not exist).
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub type_: Option<String>,
    /// Whether the condition holds: `True`, `False` or `Unknown`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub status: Option<String>,
    /// When the condition last changed its status.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_transition_time: Option<Time>,
    /// A one-word, CamelCase reason for the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reason: Option<String>,
    /// A human-readable explanation of the last change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub message: Option<String>,
}
