//! `k8s.io/api/admissionregistration/v1` (group `admissionregistration.k8s.io`): mutating and validating webhook
//! configurations, and validating admission policies with their bindings.

mod client;
mod match_condition;
mod matching;
mod mutating_webhook;
mod policy;
pub(crate) mod rules;
mod validating_webhook;

pub use client::{ServiceReference, WebhookClientConfig};
pub use match_condition::MatchCondition;
pub use matching::{MatchResources, NamedRuleWithOperations, ParamKind, ParamRef};
pub use mutating_webhook::{MutatingWebhook, MutatingWebhookConfiguration, MutatingWebhookConfigurationList};
pub use policy::{
    AuditAnnotation, ExpressionWarning, TypeChecking, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding,
    ValidatingAdmissionPolicyBindingList, ValidatingAdmissionPolicyBindingSpec, ValidatingAdmissionPolicyList,
    ValidatingAdmissionPolicySpec, ValidatingAdmissionPolicyStatus, Validation, Variable,
};
pub use rules::{Rule, RuleWithOperations};
pub use validating_webhook::{ValidatingWebhook, ValidatingWebhookConfiguration, ValidatingWebhookConfigurationList};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/admissionregistration/v1";
