//! `k8s.io/api/authentication/v1` (group `authentication.k8s.io`): TokenReview and SelfSubjectReview.

mod self_subject_review;
mod token_review;
mod user_info;

pub use self_subject_review::{SelfSubjectReview, SelfSubjectReviewStatus};
pub use token_review::{TokenReview, TokenReviewSpec, TokenReviewStatus};
pub use user_info::UserInfo;
