//! Whether the lease controller is keeping this replica's lease alive: reported by `/readyz` as the
//! `identity-lease-controller` check.

use std::sync::{Mutex, PoisonError};

/// The controller's last heartbeat outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LeaseHealth {
    /// No heartbeat finished yet.
    Starting,
    /// The last heartbeat renewed or acquired the lease.
    Healthy,
    /// The last heartbeats failed (more than one in a row), the last for this reason.
    Failing(String),
}

/// Shared between the controller, which sets it, and the `/readyz` handler and metrics, which read it.
#[derive(Debug)]
pub(crate) struct HealthCell {
    state: Mutex<LeaseHealth>,
}

impl HealthCell {
    pub fn new() -> Self {
        Self { state: Mutex::new(LeaseHealth::Starting) }
    }

    pub fn set(&self, health: LeaseHealth) {
        *self.state.lock().unwrap_or_else(PoisonError::into_inner) = health;
    }

    pub fn get(&self) -> LeaseHealth {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }
}
