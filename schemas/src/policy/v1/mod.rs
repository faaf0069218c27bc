//! `k8s.io/api/policy/v1` (group `policy`): PodDisruptionBudget, and Eviction (the kind of core/v1's
//! `pods/eviction`).

mod eviction;
mod pod_disruption_budget;

pub use eviction::Eviction;
pub use pod_disruption_budget::{
    PodDisruptionBudget, PodDisruptionBudgetList, PodDisruptionBudgetSpec, PodDisruptionBudgetStatus,
};
