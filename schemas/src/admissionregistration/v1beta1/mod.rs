//! `k8s.io/api/admissionregistration/v1beta1` (group `admissionregistration.k8s.io`): the beta of validating
//! admission policies and their bindings, shaped as in v1. The package's webhook configurations are no longer
//! served and stay out of the corpus.

mod match_condition;
mod matching;
mod policy;

pub use match_condition::MatchCondition;
pub use matching::{MatchResources, NamedRuleWithOperations, ParamKind, ParamRef};
pub use policy::{
    AuditAnnotation, ExpressionWarning, TypeChecking, ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding,
    ValidatingAdmissionPolicyBindingList, ValidatingAdmissionPolicyBindingSpec, ValidatingAdmissionPolicyList,
    ValidatingAdmissionPolicySpec, ValidatingAdmissionPolicyStatus, Validation, Variable,
};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/api/admissionregistration/v1beta1";
