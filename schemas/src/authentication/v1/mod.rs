//! `k8s.io/api/authentication/v1` (group `authentication.k8s.io`): TokenReview and SelfSubjectReview, and
//! TokenRequest (the kind of core/v1's `serviceaccounts/token`).

mod self_subject_review;
mod token_request;
mod token_review;
mod user_info;

pub use self_subject_review::{SelfSubjectReview, SelfSubjectReviewStatus};
pub use token_request::{BoundObjectReference, TokenRequest, TokenRequestSpec, TokenRequestStatus};
pub use token_review::{TokenReview, TokenReviewSpec, TokenReviewStatus};
pub use user_info::UserInfo;
