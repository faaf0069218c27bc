//! `k8s.io/api/admissionregistration/v1alpha1` (group `admissionregistration.k8s.io`): mutating admission
//! policies and their bindings, which change objects with CEL instead of a webhook. The package's validating
//! policy types are no longer served and stay out of the corpus.

mod binding;
mod match_condition;
mod matching;
mod policy;

pub use binding::{
    MutatingAdmissionPolicyBinding, MutatingAdmissionPolicyBindingList, MutatingAdmissionPolicyBindingSpec,
};
pub use match_condition::MatchCondition;
pub use matching::{MatchResources, NamedRuleWithOperations, ParamKind, ParamRef};
pub use policy::{
    ApplyConfiguration, JSONPatch, MutatingAdmissionPolicy, MutatingAdmissionPolicyList, MutatingAdmissionPolicySpec,
    Mutation, Variable,
};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/admissionregistration/v1alpha1";
