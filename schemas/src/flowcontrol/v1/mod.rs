//! `k8s.io/api/flowcontrol/v1` (group `flowcontrol.apiserver.k8s.io`): FlowSchemas, which classify requests, and
//! PriorityLevelConfigurations, which limit how many of them run at once.

mod flow_schema;
mod policy_rules;
mod priority_level;

pub use flow_schema::{
    FlowDistinguisherMethod, FlowSchema, FlowSchemaCondition, FlowSchemaList, FlowSchemaSpec, FlowSchemaStatus,
    PriorityLevelConfigurationReference,
};
pub use policy_rules::{
    GroupSubject, NonResourcePolicyRule, PolicyRulesWithSubjects, ResourcePolicyRule, ServiceAccountSubject, Subject,
    UserSubject,
};
pub use priority_level::{
    ExemptPriorityLevelConfiguration, LimitResponse, LimitedPriorityLevelConfiguration, PriorityLevelConfiguration,
    PriorityLevelConfigurationCondition, PriorityLevelConfigurationList, PriorityLevelConfigurationSpec,
    PriorityLevelConfigurationStatus, QueuingConfiguration,
};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/flowcontrol/v1";
