use kapi_meta::coordination::v1::{Lease, LeaseSpec};
use kapi_meta::meta::v1::ObjectMeta;

use super::{LeaseChange, LeaseStore, StoreError};

fn lease(namespace: &str, name: &str, holder: &str) -> Lease {
    Lease {
        metadata: ObjectMeta {
            namespace: Some(namespace.to_owned()),
            name: Some(name.to_owned()),
            ..ObjectMeta::default()
        },
        spec: LeaseSpec { holder_identity: Some(holder.to_owned()), ..LeaseSpec::default() },
        ..Lease::default()
    }
}

#[tokio::test]
async fn writes_are_conditional_on_the_revision_read() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    let created = store.create(&lease("kube-system", "a", "one")).await?;
    assert_eq!(created.lease.metadata.resource_version, Some(created.revision.to_string()));
    assert_eq!(store.create(&lease("kube-system", "a", "two")).await, Err(StoreError::AlreadyExists));

    let renewed = store.update(&lease("kube-system", "a", "one"), created.revision).await?;
    assert!(renewed.revision > created.revision);
    // A writer still holding the first revision loses.
    assert_eq!(store.update(&lease("kube-system", "a", "two"), created.revision).await, Err(StoreError::Conflict));
    assert!(!store.delete_unchanged("kube-system", "a", created.revision).await?, "a stale delete must not happen");
    assert_eq!(store.get("kube-system", "a").await?.map(|s| s.revision), Some(renewed.revision));

    assert!(store.delete_unchanged("kube-system", "a", renewed.revision).await?);
    assert_eq!(store.get("kube-system", "a").await?, None);
    assert_eq!(store.update(&lease("kube-system", "a", "one"), renewed.revision).await, Err(StoreError::Conflict));
    assert_eq!(store.create(&lease("", "a", "one")).await, Err(StoreError::Unnamed));
    Ok(())
}

#[tokio::test]
async fn lists_are_per_namespace_and_sorted() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    for (namespace, name) in [("kube-system", "b"), ("other", "c"), ("kube-system", "a")] {
        store.create(&lease(namespace, name, "x")).await?;
    }
    let names = |listing: super::Listing| -> Vec<String> {
        listing.leases.iter().map(|s| format!("{}/{}", s.key().0, s.key().1)).collect()
    };
    let system = store.list(Some("kube-system")).await?;
    let revision = system.revision;
    assert_eq!(names(system), ["kube-system/a", "kube-system/b"]);
    assert_eq!(names(store.list(None).await?), ["kube-system/a", "kube-system/b", "other/c"]);
    assert_eq!(store.list(None).await?.revision, revision, "a list reports the revision it read at");
    Ok(())
}

#[tokio::test]
async fn a_watch_replays_what_followed_its_revision_then_follows() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    let first = store.create(&lease("kube-system", "a", "one")).await?;
    store.create(&lease("other", "b", "one")).await?;
    let mut events = store.watch(Some("kube-system"), first.revision - 1).await?;
    let renewed = store.update(&lease("kube-system", "a", "two"), first.revision).await?;
    store.delete_unchanged("kube-system", "a", renewed.revision).await?;

    let mut seen = Vec::new();
    for _ in 0..3 {
        let event = events.recv().await.expect("an event")?;
        seen.push((event.change, event.lease.lease.spec.holder_identity.clone().unwrap_or_default()));
    }
    assert_eq!(
        seen,
        [
            (LeaseChange::Added, "one".to_owned()),
            (LeaseChange::Modified, "two".to_owned()),
            (LeaseChange::Deleted, "two".to_owned()),
        ]
    );
    Ok(())
}

#[tokio::test]
async fn a_watch_from_before_the_history_is_refused() -> Result<(), StoreError> {
    let store = LeaseStore::memory();
    let mut revision = store.create(&lease("kube-system", "a", "x")).await?.revision;
    for _ in 0..super::memory::RETAINED_CHANGES_FOR_TESTS {
        revision = store.update(&lease("kube-system", "a", "x"), revision).await?.revision;
    }
    assert!(matches!(store.watch(None, revision - 2000).await, Err(StoreError::Compacted { .. })));
    assert!(store.watch(None, revision - 10).await.is_ok());
    Ok(())
}
