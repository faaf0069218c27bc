//! Whether the lease controller is keeping this replica's lease alive: reported by `/readyz` as the
//! `identity-lease-controller` check.

use std::sync::{Mutex, PoisonError};

use tokio::sync::watch;

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
    /// True once a heartbeat has finished, whatever its outcome: a server waits for it before it says it is
    /// listening, so `/readyz` never reports a controller that has not tried yet.
    tried: watch::Sender<bool>,
}

impl HealthCell {
    pub fn new() -> Self {
        Self { state: Mutex::new(LeaseHealth::Starting), tried: watch::Sender::new(false) }
    }

    pub fn set(&self, health: LeaseHealth) {
        *self.state.lock().unwrap_or_else(PoisonError::into_inner) = health;
    }

    pub fn get(&self) -> LeaseHealth {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Records that a heartbeat finished (after its outcome is [`set`](Self::set), if it changed the health).
    pub fn heartbeat_finished(&self) {
        self.tried.send_if_modified(|tried| !std::mem::replace(tried, true));
    }

    /// Resolves once the first heartbeat has finished.
    pub async fn first_heartbeat(&self) {
        // The sender lives in `self`, so the wait cannot fail for want of one.
        let _ = self.tried.subscribe().wait_for(|tried| *tried).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_first_heartbeat_is_awaited_once_and_then_resolves_at_once() {
        let cell = std::sync::Arc::new(HealthCell::new());
        let waiting = tokio::spawn({
            let cell = std::sync::Arc::clone(&cell);
            async move { cell.first_heartbeat().await }
        });
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished(), "no heartbeat has finished yet");
        cell.set(LeaseHealth::Healthy);
        cell.heartbeat_finished();
        tokio::time::timeout(std::time::Duration::from_secs(5), waiting).await.expect("resolves").expect("joins");
        cell.heartbeat_finished();
        tokio::time::timeout(std::time::Duration::from_secs(5), cell.first_heartbeat()).await.expect("at once");
    }
}
