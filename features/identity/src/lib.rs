//! Server identity, as the apiserver-identity design gives it to each kube-apiserver: every replica holds a
//! `coordination.k8s.io/v1` Lease in `kube-system`, renews it on a heartbeat, and every replica collects the
//! leases whose holders stopped renewing. Leases live in a [`LeaseStore`]: this process, or etcd shared by the
//! replicas. [`start`] runs both tasks for a [`Handle`], which then serves the leases ([`serve_leases`]) and
//! reports the controller's health in `/readyz` (a readiness check).

mod collector;
mod controller;
mod health;
mod lease_name;
mod leases;
mod metrics;
mod settings;
pub mod store;

use std::sync::Arc;

use tokio::task::JoinHandle;

pub(crate) use health::HealthCell;
pub use health::LeaseHealth;
pub use lease_name::{LEASE_NAME_PREFIX, lease_name};
pub use settings::{COMPONENT_LABEL, DEFAULT_COMPONENT, HOSTNAME_LABEL, IdentitySettings, NAMESPACE};
#[cfg(feature = "etcd")]
pub use store::EtcdSettings;
pub use store::{
    DEFAULT_KEY_PREFIX, LeaseChange, LeaseEvent, LeaseEvents, LeaseStore, Listing, StoreError, StoredLease,
};

use kapi_serve::{Handle, ReadinessCheck};

pub use leases::{attach, serve_leases};

/// The lease controller's health on a handle it serves.
#[derive(Debug)]
struct IdentityHealth(Arc<HealthCell>);

/// The running controller and collector; dropping this stops both.
#[derive(Debug)]
pub struct IdentityTasks {
    /// This replica's lease.
    pub lease_name: String,
    /// This start's holder identity.
    pub holder_identity: String,
    health: Arc<HealthCell>,
    tasks: Vec<JoinHandle<()>>,
}

impl IdentityTasks {
    /// Resolves once the controller's first heartbeat has finished, successful or not, so `/readyz` reports
    /// its outcome rather than a controller still starting. A server awaits this before it says it is serving.
    pub async fn first_heartbeat(&self) {
        self.health.first_heartbeat().await;
    }
}

impl Drop for IdentityTasks {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// Holds this replica's lease in `store` and collects expired ones, per `settings`; `handle` serves the store's
/// leases and includes the controller's health in `/readyz`. Must be called within a Tokio runtime.
pub fn start(handle: &Handle, store: LeaseStore, settings: IdentitySettings) -> Result<IdentityTasks, String> {
    settings.check()?;
    let health = Arc::new(HealthCell::new());
    if !serve_leases(handle, store.clone()) || !handle.attach(IdentityHealth(Arc::clone(&health))) {
        return Err("this handle already serves an identity".to_owned());
    }
    let cell = Arc::clone(&health);
    handle.add_readiness_check(ReadinessCheck::new("identity-lease-controller", move || match cell.get() {
        LeaseHealth::Healthy => Ok(()),
        LeaseHealth::Starting => Err("no heartbeat finished yet".to_owned()),
        LeaseHealth::Failing(reason) => Err(reason),
    }));
    metrics::IdentityMetrics::of(handle);
    let controller = controller::LeaseController::new(store.clone(), settings.clone());
    let (lease_name, holder_identity) = (settings.lease_name(), controller.holder().to_owned());
    let collector =
        collector::Collector { store, component: settings.component.clone(), grace: settings.collection_grace };
    let tasks = vec![
        tokio::spawn(controller.run(handle.clone(), Arc::clone(&health))),
        tokio::spawn(collector.run(handle.clone(), settings.collection_interval)),
    ];
    Ok(IdentityTasks { lease_name, holder_identity, health, tasks })
}

/// The lease controller's health, when `handle` serves an identity ([`start`]).
pub fn health(handle: &Handle) -> Option<LeaseHealth> {
    handle.attached::<IdentityHealth>().map(|health| health.0.get())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn after_the_first_heartbeat_the_controller_reports_its_outcome() {
        let handle = Handle::new();
        let tasks =
            start(&handle, LeaseStore::memory(), IdentitySettings::new("replica-a".to_owned())).expect("starts");
        tokio::time::timeout(std::time::Duration::from_secs(10), tasks.first_heartbeat()).await.expect("a heartbeat");
        assert_eq!(health(&handle), Some(LeaseHealth::Healthy));
    }
}
