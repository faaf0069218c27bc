//! Leases in etcd, shared by every replica pointed at the same cluster.
//!
//! Layout: one key per lease, `<prefix><namespace>/<name>` (prefix [`DEFAULT_KEY_PREFIX`] unless configured),
//! whose value is the Lease's JSON without `metadata.resourceVersion`; the key's `mod_revision` is the lease's
//! resource version. Creates, updates and deletes are etcd transactions comparing the key's `create_revision`
//! (0: absent) or `mod_revision` with what the writer read, so a write based on a stale read changes nothing.
//!
//! Requests go to a leader only (`require_leader`), so a member cut off from its quorum fails them quickly instead
//! of answering stale reads; each request is bounded by the configured timeout.

use std::future::Future;
use std::time::Duration;

use etcd_client::{
    Client, Compare, CompareOp, ConnectOptions, EventType, GetOptions, KeyValue, Txn, TxnOp, WatchOptions,
};
use kapi_meta::coordination::v1::Lease;
use tokio::sync::mpsc;

use super::records::{
    DEFAULT_KEY_PREFIX, LeaseChange, LeaseEvent, LeaseEvents, Listing, StoreError, StoredLease, key_of,
};

/// The pause between attempts of a failed request.
const RETRY_PAUSE: Duration = Duration::from_millis(50);

/// How to reach etcd and where the leases live in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EtcdSettings {
    /// Client URLs (`http://127.0.0.1:2379`); requests are balanced over those that answer.
    pub endpoints: Vec<String>,
    /// The key prefix, ending in `/`.
    pub key_prefix: String,
    /// How long one request may take before the store counts as unavailable.
    pub request_timeout: Duration,
}

impl EtcdSettings {
    /// Endpoints with the default prefix and a five-second request timeout.
    pub fn new(endpoints: Vec<String>) -> Self {
        Self { endpoints, key_prefix: DEFAULT_KEY_PREFIX.to_owned(), request_timeout: Duration::from_secs(5) }
    }
}

#[derive(Clone)]
pub(super) struct EtcdStore {
    client: Client,
    settings: EtcdSettings,
}

impl std::fmt::Debug for EtcdStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EtcdStore").field("settings", &self.settings).finish_non_exhaustive()
    }
}

impl EtcdStore {
    /// A client for `settings.endpoints`. Connections are made on demand, so this succeeds while etcd is down;
    /// requests then fail as [`StoreError::Unavailable`] until it is back.
    pub async fn connect(settings: EtcdSettings) -> Result<Self, StoreError> {
        let timeout = settings.request_timeout;
        let options = ConnectOptions::new()
            .with_connect_timeout(timeout)
            .with_timeout(timeout)
            .with_keep_alive(timeout, timeout)
            .with_require_leader(true);
        let client = Client::connect(&settings.endpoints, Some(options)).await.map_err(unavailable)?;
        Ok(Self { client, settings })
    }

    pub fn describe(&self) -> String {
        let hosts: Vec<&str> = self.settings.endpoints.iter().map(|e| e.trim_start_matches("http://")).collect();
        format!("etcd://{} (prefix {})", hosts.join(","), self.settings.key_prefix)
    }

    fn key(&self, namespace: &str, name: &str) -> String {
        format!("{}{namespace}/{name}", self.settings.key_prefix)
    }

    /// Runs a request until it succeeds or the request timeout has passed, retrying failures every 50 ms: after a
    /// member dies, the client still sends some requests to it (and some meet a leader election) until it notices,
    /// and another endpoint answers them. Retrying writes is safe because every write is conditional: one that
    /// did happen before its answer was lost fails its condition the second time, and the caller re-reads.
    async fn bounded<T, F>(&self, mut request: impl FnMut(Client) -> F) -> Result<T, StoreError>
    where
        F: Future<Output = Result<T, etcd_client::Error>>,
    {
        let deadline = tokio::time::Instant::now() + self.settings.request_timeout;
        loop {
            let attempt = tokio::time::timeout_at(deadline, request(self.client.clone())).await;
            let error = match attempt {
                Ok(Ok(value)) => return Ok(value),
                Ok(Err(error)) => unavailable(error),
                Err(_) => {
                    let limit = self.settings.request_timeout;
                    return Err(StoreError::Unavailable(format!("no answer within {limit:?}")));
                }
            };
            if tokio::time::Instant::now() + RETRY_PAUSE >= deadline {
                return Err(error);
            }
            tracing::debug!(%error, "etcd request failed; retrying");
            tokio::time::sleep(RETRY_PAUSE).await;
        }
    }

    pub async fn get(&self, namespace: &str, name: &str) -> Result<Option<StoredLease>, StoreError> {
        let key = self.key(namespace, name);
        let response = self
            .bounded(|mut client| {
                let key = key.clone();
                async move { client.get(key, None).await }
            })
            .await?;
        response.kvs().first().map(decode).transpose()
    }

    pub async fn create(&self, lease: Lease) -> Result<StoredLease, StoreError> {
        let (namespace, name) = key_of(&lease);
        let key = self.key(namespace, name);
        let txn = Txn::new().when([Compare::create_revision(key.clone(), CompareOp::Equal, 0)]).and_then([TxnOp::put(
            key,
            encode(&lease),
            None,
        )]);
        let response = self.transaction(txn).await?;
        if !response.succeeded() {
            return Err(StoreError::AlreadyExists);
        }
        Ok(StoredLease::new(lease, revision_of(response.header())))
    }

    pub async fn update(&self, lease: Lease, expected: i64) -> Result<StoredLease, StoreError> {
        let (namespace, name) = key_of(&lease);
        let key = self.key(namespace, name);
        let txn = Txn::new()
            .when([Compare::mod_revision(key.clone(), CompareOp::Equal, expected)])
            .and_then([TxnOp::put(key, encode(&lease), None)]);
        let response = self.transaction(txn).await?;
        if !response.succeeded() {
            return Err(StoreError::Conflict);
        }
        Ok(StoredLease::new(lease, revision_of(response.header())))
    }

    pub async fn delete_unchanged(&self, namespace: &str, name: &str, expected: i64) -> Result<bool, StoreError> {
        let key = self.key(namespace, name);
        let txn = Txn::new()
            .when([Compare::mod_revision(key.clone(), CompareOp::Equal, expected)])
            .and_then([TxnOp::delete(key, None)]);
        Ok(self.transaction(txn).await?.succeeded())
    }

    /// Every lease under the namespace's prefix; a value that is not a lease is skipped, with a warning unless it
    /// is kube-apiserver's (protobuf), so one foreign key cannot hide every replica.
    pub async fn list(&self, namespace: Option<&str>) -> Result<Listing, StoreError> {
        let prefix = self.prefix(namespace);
        let response = self
            .bounded(|mut client| {
                let prefix = prefix.clone();
                async move { client.get(prefix, Some(GetOptions::new().with_prefix())).await }
            })
            .await?;
        let mut leases = Vec::new();
        for kv in response.kvs().iter().filter(|kv| !kube_apiservers(kv)) {
            match decode(kv) {
                Ok(stored) => leases.push(stored),
                Err(error) => tracing::warn!(%error, "skipping a stored value"),
            }
        }
        leases.sort_by(|a, b| a.key().cmp(&b.key()));
        Ok(Listing { leases, revision: revision_of(response.header()) })
    }

    /// A task follows etcd's watch of the prefix from `after + 1` and forwards each change until the receiver is
    /// dropped or etcd ends the watch (compaction, lost leader, connection lost), which it reports as an error.
    /// A change to a value that is not a lease is skipped, as [`Self::list`] skips it: under kube-apiserver's own
    /// prefix its leases (protobuf) change every ten seconds beside kapi's.
    pub async fn watch(&self, namespace: Option<&str>, after: i64) -> Result<LeaseEvents, StoreError> {
        let options = WatchOptions::new().with_prefix().with_start_revision(after + 1).with_prev_key();
        let prefix = self.prefix(namespace);
        let mut stream = self
            .bounded(|mut client| {
                let (prefix, options) = (prefix.clone(), options.clone());
                async move { client.watch(prefix, Some(options)).await }
            })
            .await?;
        let (sender, receiver) = mpsc::channel(64);
        tokio::spawn(async move {
            loop {
                let message = tokio::select! {
                    message = stream.message() => message,
                    () = sender.closed() => return,
                };
                let events = match message {
                    Ok(Some(response)) if response.compact_revision() > 0 => {
                        Err(StoreError::Compacted { requested: after, oldest: response.compact_revision() })
                    }
                    Ok(Some(response)) if response.canceled() => {
                        Err(StoreError::Unavailable(format!("etcd ended the watch: {}", response.cancel_reason())))
                    }
                    Ok(Some(response)) => {
                        response.events().iter().filter_map(lease_event).collect::<Result<Vec<_>, _>>()
                    }
                    Ok(None) => Err(StoreError::Unavailable("etcd closed the watch stream".to_owned())),
                    Err(error) => Err(unavailable(error)),
                };
                match events {
                    Ok(events) => {
                        for event in events {
                            if sender.send(Ok(event)).await.is_err() {
                                return;
                            }
                        }
                    }
                    Err(error) => {
                        let _ = sender.send(Err(error)).await;
                        return;
                    }
                }
            }
        });
        Ok(receiver)
    }

    async fn transaction(&self, txn: Txn) -> Result<etcd_client::TxnResponse, StoreError> {
        self.bounded(|mut client| {
            let txn = txn.clone();
            async move { client.txn(txn).await }
        })
        .await
    }

    fn prefix(&self, namespace: Option<&str>) -> String {
        match namespace {
            Some(namespace) => format!("{}{namespace}/", self.settings.key_prefix),
            None => self.settings.key_prefix.clone(),
        }
    }
}

/// [`event`], or nothing (and a warning) for a value that is not a lease.
fn lease_event(etcd_event: &etcd_client::Event) -> Option<Result<LeaseEvent, StoreError>> {
    let value = if etcd_event.event_type() == EventType::Delete { etcd_event.prev_kv() } else { etcd_event.kv() };
    if value.is_some_and(kube_apiservers) {
        return None;
    }
    match event(etcd_event) {
        Err(error @ StoreError::Corrupt { .. }) => {
            tracing::warn!(%error, "skipping a change to a stored value");
            None
        }
        other => Some(other),
    }
}

/// One etcd event as a lease change: a put that created the key is an addition; a delete carries the previous
/// value (the watch asks for it) at the deletion's revision.
fn event(event: &etcd_client::Event) -> Result<LeaseEvent, StoreError> {
    let missing = || StoreError::Unavailable("etcd sent an event without its key-value".to_owned());
    let kv = event.kv().ok_or_else(missing)?;
    match event.event_type() {
        EventType::Put => {
            let change =
                if kv.create_revision() == kv.mod_revision() { LeaseChange::Added } else { LeaseChange::Modified };
            Ok(LeaseEvent { change, lease: decode(kv)? })
        }
        EventType::Delete => {
            let previous = event.prev_kv().ok_or_else(missing)?;
            let lease = StoredLease::new(decode(previous)?.lease, kv.mod_revision());
            Ok(LeaseEvent { change: LeaseChange::Deleted, lease })
        }
    }
}

fn encode(lease: &Lease) -> Vec<u8> {
    // A Lease is plain strings and numbers: serialising it cannot fail.
    serde_json::to_vec(lease).unwrap_or_default()
}

/// What every value kube-apiserver stores in protobuf starts with.
const KUBERNETES_PROTOBUF_MAGIC: &[u8] = b"k8s\x00";

/// Whether a value is kube-apiserver's (protobuf): expected under its prefix, where kapi's leases sit beside its
/// own, so skipped without a warning (logged at debug level).
fn kube_apiservers(kv: &KeyValue) -> bool {
    let theirs = kv.value().starts_with(KUBERNETES_PROTOBUF_MAGIC);
    if theirs {
        tracing::debug!(key = %String::from_utf8_lossy(kv.key()), "skipping kube-apiserver's protobuf value");
    }
    theirs
}

fn decode(kv: &KeyValue) -> Result<StoredLease, StoreError> {
    let corrupt =
        |message: String| StoreError::Corrupt { key: String::from_utf8_lossy(kv.key()).into_owned(), message };
    if kv.value().starts_with(KUBERNETES_PROTOBUF_MAGIC) {
        return Err(corrupt("a Kubernetes protobuf value (kube-apiserver's encoding); kapi reads JSON values".into()));
    }
    let lease: Lease = serde_json::from_slice(kv.value()).map_err(|e| corrupt(e.to_string()))?;
    Ok(StoredLease::new(lease, kv.mod_revision()))
}

fn revision_of(header: Option<&etcd_client::ResponseHeader>) -> i64 {
    header.map_or(0, etcd_client::ResponseHeader::revision)
}

fn unavailable(error: etcd_client::Error) -> StoreError {
    StoreError::Unavailable(error.to_string())
}
