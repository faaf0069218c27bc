//! `k8s.io/api/policy/v1` (group `policy`): PodDisruptionBudget.

mod pod_disruption_budget;

pub use pod_disruption_budget::{
    PodDisruptionBudget, PodDisruptionBudgetList, PodDisruptionBudgetSpec, PodDisruptionBudgetStatus,
};
