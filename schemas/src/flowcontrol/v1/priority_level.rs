//! PriorityLevelConfiguration: a share of the API server's concurrency, and what happens to requests beyond
//! it.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// A priority level: how much of the server's capacity its requests may use at once, and whether the rest queue
/// or are rejected.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/flowcontrol/v1",
    group = "flowcontrol.apiserver.k8s.io",
    version = "v1",
    scope = "Cluster",
    list = PriorityLevelConfigurationList,
    status
)]
pub struct PriorityLevelConfiguration {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The level's metadata; flow schemas refer to it by name.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The level's limits.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: PriorityLevelConfigurationSpec,
    /// What the API server last observed about the level; written by the system.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: PriorityLevelConfigurationStatus,
}

/// A page of priority level configurations.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct PriorityLevelConfigurationList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The priority levels.
    #[kapi(proto = 2)]
    pub items: Vec<PriorityLevelConfiguration>,
}

/// Whether a priority level is limited, and how.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1", union(discriminator = "type"))]
pub struct PriorityLevelConfigurationSpec {
    /// `Exempt` (requests run at once, whatever the load; only the built-in `exempt` level should use it) or
    /// `Limited` (requests share a bounded concurrency). Required.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// The limits; set exactly when the type is `Limited`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, union_member = "Limited")]
    pub limited: Option<LimitedPriorityLevelConfiguration>,
    /// The settings of an exempt level; allowed only when the type is `Exempt`. Left out, defaults apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, union_member = "Exempt")]
    pub exempt: Option<ExemptPriorityLevelConfiguration>,
}

/// The concurrency of a limited priority level and what happens to requests beyond it. The server's total
/// concurrency is split among limited levels in proportion to their nominal shares; levels may lend part of
/// theirs to busier ones and borrow in turn.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct LimitedPriorityLevelConfiguration {
    /// The level's share of the server's concurrency limit, relative to the other levels' shares; 30 when left
    /// out, 0 meaning the level gets nothing of its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub nominal_concurrency_shares: Option<i32>,
    /// What happens to requests that cannot run at once.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub limit_response: LimitResponse,
    /// The percentage (0 to 100, 0 when left out) of the level's nominal concurrency other levels may borrow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub lendable_percent: Option<i32>,
    /// How much the level may borrow from others, as a percentage of its nominal concurrency (any value from 0
    /// up); left out, there is no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub borrowing_limit_percent: Option<i32>,
}

/// The settings of the exempt priority level. Its requests are never limited; the values only count in how
/// concurrency is shared among the other levels.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct ExemptPriorityLevelConfiguration {
    /// The level's nominal share of the concurrency limit, as for limited levels; 0 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub nominal_concurrency_shares: Option<i32>,
    /// The percentage (0 to 100, 0 when left out) of the level's nominal concurrency other levels may borrow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub lendable_percent: Option<i32>,
}

/// What a limited priority level does with requests it cannot run at once.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1", union(discriminator = "type"))]
pub struct LimitResponse {
    /// `Queue` (wait in a queue, rejected when it is full or the wait too long) or `Reject` (rejected at once
    /// with HTTP 429). Required.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// The queues; set only when the type is `Queue`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, union_member = "Queuing")]
    pub queuing: Option<QueuingConfiguration>,
}

/// How a priority level queues requests. Each flow is shuffle-sharded onto a few of the queues, which keeps
/// one heavy flow from delaying the others.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct QueuingConfiguration {
    /// How many queues the level has; 64 when left out. More queues mean fewer collisions between flows, at
    /// some memory cost. 1 turns off shuffle sharding.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub queues: i32,
    /// How many queues each flow is dealt: its request joins the shortest of them. Smaller keeps flows apart,
    /// larger keeps one flow from being starved by others. At most `queues`; 8 when left out.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub hand_size: i32,
    /// How many requests one queue may hold before new ones are rejected; 50 when left out.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub queue_length_limit: i32,
}

/// What the API server observed about a priority level.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct PriorityLevelConfigurationStatus {
    /// The latest observations of the level's state, one per condition type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 1,
        list_type = "map",
        list_map_keys = ["type"],
        patch_strategy = "merge",
        patch_merge_key = "type"
    )]
    pub conditions: Option<Vec<PriorityLevelConfigurationCondition>>,
}

/// One aspect of a priority level's state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/flowcontrol/v1")]
pub struct PriorityLevelConfigurationCondition {
    /// The condition's type.
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
