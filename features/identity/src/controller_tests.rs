use std::time::{Duration, SystemTime};

use super::{Beat, LeaseController};
use crate::settings::{COMPONENT_LABEL, HOSTNAME_LABEL, IdentitySettings, NAMESPACE};
use crate::store::{LeaseStore, StoreError, StoredLease};

fn at(seconds: u64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000 + seconds)
}

async fn lease_of(store: &LeaseStore, settings: &IdentitySettings) -> StoredLease {
    store.get(NAMESPACE, &settings.lease_name()).await.expect("store answers").expect("lease exists")
}

#[tokio::test]
async fn the_first_heartbeat_creates_the_lease_and_later_ones_renew_it() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    let settings = IdentitySettings::new("node-a");
    let mut controller = LeaseController::new(store.clone(), settings.clone());
    assert_eq!(controller.heartbeat(at(0)).await?, Beat::Acquired);
    let created = lease_of(&store, &settings).await;
    let lease = &created.lease;
    assert_eq!(lease.metadata.name.as_deref(), Some(settings.lease_name().as_str()));
    assert_eq!(lease.metadata.namespace.as_deref(), Some(NAMESPACE));
    let labels = lease.metadata.labels.clone().unwrap_or_default();
    assert_eq!(labels.get(COMPONENT_LABEL).map(String::as_str), Some("kapi-server"));
    assert_eq!(labels.get(HOSTNAME_LABEL).map(String::as_str), Some("node-a"));
    assert_eq!(lease.spec.holder_identity.as_deref(), Some(controller.holder()));
    assert_eq!(lease.spec.lease_duration_seconds, Some(3600));
    assert_eq!(lease.spec.lease_transitions, Some(0));
    assert_eq!(lease.spec.acquire_time, lease.spec.renew_time);
    assert!(lease.metadata.uid.is_some() && lease.metadata.creation_timestamp.is_some());

    assert_eq!(controller.heartbeat(at(10)).await?, Beat::Renewed);
    let renewed = lease_of(&store, &settings).await;
    assert!(renewed.revision > created.revision);
    assert_eq!(renewed.lease.spec.acquire_time, created.lease.spec.acquire_time);
    assert_ne!(renewed.lease.spec.renew_time, created.lease.spec.renew_time);
    assert_eq!(renewed.lease.metadata.uid, created.lease.metadata.uid);
    Ok(())
}

#[tokio::test]
async fn a_restart_on_the_same_host_takes_the_lease_back() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    let settings = IdentitySettings::new("node-a");
    let mut first = LeaseController::new(store.clone(), settings.clone());
    first.heartbeat(at(0)).await?;
    let before = lease_of(&store, &settings).await;

    let mut restarted = LeaseController::new(store.clone(), settings.clone());
    assert_ne!(restarted.holder(), first.holder(), "each start has its own holder identity");
    assert_eq!(restarted.heartbeat(at(30)).await?, Beat::Acquired);
    let after = lease_of(&store, &settings).await;
    assert_eq!(after.lease.metadata.name, before.lease.metadata.name);
    assert_eq!(after.lease.metadata.uid, before.lease.metadata.uid, "the same object, taken over");
    assert_eq!(after.lease.spec.holder_identity.as_deref(), Some(restarted.holder()));
    assert_eq!(after.lease.spec.lease_transitions, Some(1));
    assert_ne!(after.lease.spec.acquire_time, before.lease.spec.acquire_time);

    // The old process, were it still alive, finds the lease changed and takes it again rather than overwriting
    // blindly; each takeover is counted.
    assert_eq!(first.heartbeat(at(40)).await?, Beat::Acquired);
    assert_eq!(lease_of(&store, &settings).await.lease.spec.lease_transitions, Some(2));
    Ok(())
}

#[tokio::test]
async fn a_collected_lease_is_created_again() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    let settings = IdentitySettings::new("node-a");
    let mut controller = LeaseController::new(store.clone(), settings.clone());
    controller.heartbeat(at(0)).await?;
    let held = lease_of(&store, &settings).await;
    assert!(store.delete_unchanged(NAMESPACE, &settings.lease_name(), held.revision).await?);
    assert_eq!(controller.heartbeat(at(10)).await?, Beat::Acquired);
    let again = lease_of(&store, &settings).await;
    assert_eq!(again.lease.spec.holder_identity.as_deref(), Some(controller.holder()));
    assert_eq!(again.lease.spec.lease_transitions, Some(0), "a new object starts counting again");
    Ok(())
}

#[tokio::test]
async fn replicas_on_different_hosts_hold_different_leases() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    for host in ["node-a", "node-b", "node-c"] {
        LeaseController::new(store.clone(), IdentitySettings::new(host)).heartbeat(at(0)).await?;
    }
    let listing = store.list(Some(NAMESPACE)).await?;
    let mut hosts: Vec<String> =
        listing.leases.iter().filter_map(|s| s.lease.metadata.labels.as_ref()?.get(HOSTNAME_LABEL).cloned()).collect();
    hosts.sort();
    assert_eq!(hosts, ["node-a", "node-b", "node-c"]);
    Ok(())
}

#[test]
fn renewals_wait_the_interval_plus_up_to_four_percent() {
    use super::jittered;
    let interval = Duration::from_secs(10);
    assert_eq!(jittered(interval, 0), interval);
    let longest = jittered(interval, u128::MAX);
    assert!(longest > Duration::from_millis(10_399) && longest <= Duration::from_millis(10_400), "{longest:?}");
    assert_eq!(jittered(interval, 1 << 127), Duration::from_millis(10_200), "half way");
    let samples: Vec<Duration> = (0..100).map(|_| jittered(interval, uuid::Uuid::new_v4().as_u128())).collect();
    assert!(samples.iter().all(|wait| (interval..=interval.mul_f64(1.04)).contains(wait)));
    assert!(samples.iter().any(|wait| *wait != samples[0]), "the delay varies");
}
