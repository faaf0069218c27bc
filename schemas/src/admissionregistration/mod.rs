//! `k8s.io/api/admissionregistration`: how the API server admits requests beyond authorization. Webhook
//! configurations call out to HTTP services; admission policies run CEL expressions in the server itself.
//!
//! Go repeats the policy types in each version's package (same JSON, same protobuf numbers), and each copy is a
//! definition of its own package. The macros of `matching` and `validating_policy` write those copies, so the
//! versions cannot drift apart.

mod matching;
mod validating_policy;

pub mod v1;
pub mod v1alpha1;
pub mod v1beta1;

#[cfg(test)]
mod tests;
