//! The etcd lease store against a real etcd (Debian's `etcd-server`, started here): conditional writes, the
//! documented key layout, lists and watches, compaction.

use crate::common;

use common::etcd::{EtcdCluster, etcd_installed};
use kapi_meta::coordination::v1::{Lease, LeaseSpec};
use kapi_meta::meta::v1::ObjectMeta;
use kapi_runtime::identity::{DEFAULT_KEY_PREFIX, EtcdSettings, LeaseChange, LeaseStore, StoreError};

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

async fn store(etcd: &EtcdCluster) -> LeaseStore {
    LeaseStore::etcd(EtcdSettings::new(etcd.endpoints())).await.expect("client")
}

#[tokio::test]
async fn writes_are_transactions_on_the_revision_read() -> Result<(), StoreError> {
    if !etcd_installed() {
        return Ok(());
    }
    let etcd = EtcdCluster::start(1);
    let store = store(&etcd).await;
    let created = store.create(&lease("kube-system", "a", "one")).await?;
    assert_eq!(created.lease.metadata.resource_version, Some(created.revision.to_string()));
    assert_eq!(store.create(&lease("kube-system", "a", "two")).await, Err(StoreError::AlreadyExists));
    let renewed = store.update(&lease("kube-system", "a", "one"), created.revision).await?;
    assert!(renewed.revision > created.revision);
    assert_eq!(store.update(&lease("kube-system", "a", "two"), created.revision).await, Err(StoreError::Conflict));
    assert!(!store.delete_unchanged("kube-system", "a", created.revision).await?);
    let read = store.get("kube-system", "a").await?.expect("still there");
    assert_eq!((read.revision, read.lease.spec.holder_identity.as_deref()), (renewed.revision, Some("one")));
    assert!(store.delete_unchanged("kube-system", "a", renewed.revision).await?);
    assert_eq!(store.get("kube-system", "a").await?, None);
    assert_eq!(store.update(&lease("kube-system", "a", "one"), renewed.revision).await, Err(StoreError::Conflict));
    Ok(())
}

#[tokio::test]
async fn leases_are_json_under_the_documented_prefix() -> Result<(), Box<dyn std::error::Error>> {
    if !etcd_installed() {
        return Ok(());
    }
    let etcd = EtcdCluster::start(1);
    let store = store(&etcd).await;
    let stored = store.create(&lease("kube-system", "kapi-server-0123", "me")).await?;
    let mut client = etcd_client::Client::connect(etcd.endpoints(), None).await?;
    let key = format!("{DEFAULT_KEY_PREFIX}kube-system/kapi-server-0123");
    let response = client.get(key.as_str(), None).await?;
    let kv = response.kvs().first().ok_or("the key exists")?;
    assert_eq!(kv.mod_revision(), stored.revision, "the resource version is the key's revision");
    let value: serde_json::Value = serde_json::from_slice(kv.value())?;
    assert_eq!(value["spec"]["holderIdentity"], "me");
    assert_eq!(value["metadata"]["name"], "kapi-server-0123");
    assert!(value["metadata"].get("resourceVersion").is_none(), "the revision is not written into the value");

    // A foreign value under the prefix is skipped, not fatal to a list.
    client.put(format!("{DEFAULT_KEY_PREFIX}kube-system/garbage"), "not json", None).await?;
    let listing = store.list(Some("kube-system")).await?;
    let names: Vec<&str> = listing.leases.iter().map(|s| s.key().1).collect();
    assert_eq!(names, ["kapi-server-0123"]);
    assert!(listing.revision > stored.revision);
    Ok(())
}

#[tokio::test]
async fn a_watch_follows_changes_and_reports_compaction() -> Result<(), Box<dyn std::error::Error>> {
    if !etcd_installed() {
        return Ok(());
    }
    let etcd = EtcdCluster::start(1);
    let store = store(&etcd).await;
    let first = store.create(&lease("kube-system", "a", "one")).await?;
    store.create(&lease("elsewhere", "b", "one")).await?;
    let mut events = store.watch(Some("kube-system"), first.revision - 1).await?;
    let renewed = store.update(&lease("kube-system", "a", "two"), first.revision).await?;
    assert!(store.delete_unchanged("kube-system", "a", renewed.revision).await?);
    let mut seen = Vec::new();
    for _ in 0..3 {
        let event = tokio::time::timeout(std::time::Duration::from_secs(10), events.recv()).await?.ok_or("open")??;
        seen.push((
            event.change,
            event.lease.lease.spec.holder_identity.clone().unwrap_or_default(),
            event.lease.revision,
        ));
    }
    let changes: Vec<(LeaseChange, &str)> = seen.iter().map(|(c, h, _)| (*c, h.as_str())).collect();
    assert_eq!(changes, [(LeaseChange::Added, "one"), (LeaseChange::Modified, "two"), (LeaseChange::Deleted, "two")]);

    // Values that are not leases (kube-apiserver's protobuf ones, under its prefix) are skipped, not fatal.
    let mut client = etcd_client::Client::connect(etcd.endpoints(), None).await?;
    client.put(format!("{DEFAULT_KEY_PREFIX}kube-system/kube"), b"k8s\x00\x0a\x0b".to_vec(), None).await?;
    client.delete(format!("{DEFAULT_KEY_PREFIX}kube-system/kube"), None).await?;
    let after = store.create(&lease("kube-system", "after", "three")).await?;
    let event = tokio::time::timeout(std::time::Duration::from_secs(10), events.recv()).await?.ok_or("open")??;
    assert_eq!((event.change, event.lease.revision), (LeaseChange::Added, after.revision), "{event:?}");

    assert!(seen.windows(2).all(|pair| pair[0].2 < pair[1].2), "revisions grow: {seen:?}");

    let latest = store.list(None).await?.revision;
    client.compact(latest, None).await?;
    let mut old = store.watch(None, first.revision).await?;
    let ended = tokio::time::timeout(std::time::Duration::from_secs(10), old.recv()).await?.ok_or("an error")?;
    assert!(matches!(ended, Err(StoreError::Compacted { .. })), "{ended:?}");
    Ok(())
}
