//! `k8s.io/api/authorization/v1` (group `authorization.k8s.io`): access reviews (SubjectAccessReview,
//! LocalSubjectAccessReview, SelfSubjectAccessReview) and SelfSubjectRulesReview, all create-only.

mod access_review;
mod attributes;
mod rules_review;

pub use access_review::{
    LocalSubjectAccessReview, SelfSubjectAccessReview, SelfSubjectAccessReviewSpec, SubjectAccessReview,
    SubjectAccessReviewSpec, SubjectAccessReviewStatus,
};
pub use attributes::{FieldSelectorAttributes, LabelSelectorAttributes, NonResourceAttributes, ResourceAttributes};
pub use rules_review::{
    NonResourceRule, ResourceRule, SelfSubjectRulesReview, SelfSubjectRulesReviewSpec, SubjectRulesReviewStatus,
};
