use std::time::{Duration, SystemTime};

use kapi_meta::coordination::v1::{Lease, LeaseSpec};
use kapi_meta::meta::v1::{MicroTime, ObjectMeta};

use super::{Collected, Collector, expired};
use crate::controller::LeaseController;
use crate::settings::{IdentitySettings, NAMESPACE};
use crate::store::{LeaseStore, StoreError};
use kapi_rest::clock::rfc3339_micros;

const GRACE: Duration = Duration::from_secs(5);

fn start() -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000)
}

fn settings(host: &str) -> IdentitySettings {
    IdentitySettings { lease_duration: Duration::from_secs(20), ..IdentitySettings::new(host) }
}

fn collector(store: &LeaseStore) -> Collector {
    Collector { store: store.clone(), component: "kapi-server".to_owned(), grace: GRACE }
}

async fn names(store: &LeaseStore) -> Vec<String> {
    let listing = store.list(Some(NAMESPACE)).await.expect("store answers");
    listing.leases.iter().map(|s| s.key().1.to_owned()).collect()
}

#[test]
fn a_lease_expires_after_its_duration_and_the_grace() {
    let lease = |renewed: Option<SystemTime>, seconds: Option<i32>| Lease {
        spec: LeaseSpec {
            renew_time: renewed.map(|time| MicroTime(rfc3339_micros(time))),
            lease_duration_seconds: seconds,
            ..LeaseSpec::default()
        },
        ..Lease::default()
    };
    let renewed = lease(Some(start()), Some(20));
    assert!(!expired(&renewed, start() + Duration::from_secs(25), GRACE), "exactly at the deadline it is kept");
    assert!(expired(&renewed, start() + Duration::from_secs(25) + Duration::from_millis(1), GRACE));
    assert!(!expired(&renewed, start() + Duration::from_secs(21), GRACE), "expired but within the grace");
    let far_future = start() + Duration::from_secs(1_000_000);
    assert!(!expired(&lease(None, Some(20)), far_future, GRACE), "no renew time: kept");
    assert!(!expired(&lease(Some(start()), None), far_future, GRACE), "no duration: kept");
}

#[tokio::test]
async fn only_this_components_expired_leases_are_collected() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    LeaseController::new(store.clone(), settings("dead")).heartbeat(start()).await?;
    let later = start() + Duration::from_secs(60);
    LeaseController::new(store.clone(), settings("alive")).heartbeat(later).await?;
    let other = IdentitySettings { component: "other-server".to_owned(), ..settings("dead") };
    LeaseController::new(store.clone(), other.clone()).heartbeat(start()).await?;

    let found = collector(&store).collect(later).await?;
    assert_eq!(found, Collected { deleted: 1, spared: 0 });
    let mut expected = vec![settings("alive").lease_name(), other.lease_name()];
    expected.sort();
    assert_eq!(names(&store).await, expected);
    // A second run finds nothing more.
    assert_eq!(collector(&store).collect(later).await?, Collected::default());
    Ok(())
}

#[tokio::test]
async fn a_lease_renewed_after_it_was_read_is_kept() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    let mut paused = LeaseController::new(store.clone(), settings("paused"));
    paused.heartbeat(start()).await?;
    let later = start() + Duration::from_secs(60);
    let collector = collector(&store);
    let candidates = collector.expired_leases(later).await?;
    assert_eq!(candidates.len(), 1, "the lease looks expired when read");
    // The holder wakes up and renews between the collector's read and its delete.
    paused.heartbeat(later).await?;
    assert_eq!(collector.delete_unchanged(&candidates).await?, Collected { deleted: 0, spared: 1 });
    assert_eq!(names(&store).await, [settings("paused").lease_name()]);
    Ok(())
}

#[tokio::test]
async fn unlabelled_leases_are_left_alone() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    let foreign = Lease {
        metadata: ObjectMeta {
            name: Some("kube-scheduler".to_owned()),
            namespace: Some(NAMESPACE.to_owned()),
            ..ObjectMeta::default()
        },
        spec: LeaseSpec {
            renew_time: Some(MicroTime(rfc3339_micros(start()))),
            lease_duration_seconds: Some(1),
            ..LeaseSpec::default()
        },
        ..Lease::default()
    };
    store.create(&foreign).await?;
    assert_eq!(collector(&store).collect(start() + Duration::from_secs(3600)).await?, Collected::default());
    assert_eq!(names(&store).await, ["kube-scheduler"]);
    Ok(())
}
