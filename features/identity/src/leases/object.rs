//! A lease as it is served: the kind's description for the generic REST layer, its resource version, and what
//! a client is told when the store fails a read.

use std::time::SystemTime;

use kapi_meta::coordination::v1::Lease;
use kapi_meta::meta::v1::{ObjectMeta, TypeMeta};
use kapi_rest::served::{Column, Served};
use kapi_rest::table::age;
use kapi_serve::status::Refusal;
use serde::Serialize;
use serde_json::Value;

use crate::store::{LeaseStore, StoreError, StoredLease};

/// The lease store served.
#[derive(Debug)]
pub(crate) struct ServedStore(pub LeaseStore);

/// The served objects' `apiVersion`.
pub(super) const API_VERSION: &str = "coordination.k8s.io/v1";
/// The resource, as not-found messages (with the group) and the watch metrics name it.
pub(super) const RESOURCE: &str = "leases";
/// The resource with its group.
pub(super) const QUALIFIED_RESOURCE: &str = "leases.coordination.k8s.io";

/// A `Lease` as this feature serves it: the kind's description for the generic REST layer is this crate's to
/// give, and Rust lets a crate describe only its own types.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(transparent)]
pub(crate) struct LeaseObject(pub Lease);

impl Served for LeaseObject {
    const KIND: &'static str = "Lease";
    const COLUMNS: &'static [Column] = &[
        Column::new("Name", "string", "name", "The lease's name, unique in its namespace.", 0),
        Column::new("Holder", "string", "", "Who holds the lease now (spec.holderIdentity).", 0),
        Column::new("Age", "string", "", "How long ago the lease was created.", 0),
    ];

    fn metadata(&self) -> &ObjectMeta {
        &self.0.metadata
    }

    fn cells(&self, now: SystemTime) -> Vec<Value> {
        vec![
            Value::from(self.0.metadata.name.clone().unwrap_or_default()),
            Value::from(self.0.spec.holder_identity.clone().unwrap_or_default()),
            age(&self.0.metadata, now),
        ]
    }
}

/// A stored lease as it is served: with its `apiVersion` and `kind`, which the store need not keep.
pub(super) fn served(stored: StoredLease) -> LeaseObject {
    let type_meta = TypeMeta { api_version: Some(API_VERSION.to_owned()), kind: Some(LeaseObject::KIND.to_owned()) };
    LeaseObject(Lease { type_meta, ..stored.lease })
}

/// A store revision as a resource version; revisions are never negative.
pub(super) fn resource_version(revision: i64) -> u64 {
    u64::try_from(revision).unwrap_or_default()
}

/// What a client is told when the store fails a read.
pub(super) fn refusal(error: StoreError) -> Refusal {
    match error {
        StoreError::Unavailable(_) => Refusal::StoreUnavailable(error.to_string()),
        StoreError::Compacted { requested, oldest } => {
            Refusal::Expired { requested: resource_version(requested), oldest: resource_version(oldest) }
        }
        // Reads neither conflict nor create; a stored value that is not a lease is the server's fault.
        StoreError::Conflict | StoreError::AlreadyExists | StoreError::Corrupt { .. } | StoreError::Unnamed => {
            Refusal::Internal(error.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use kapi_meta::coordination::v1::LeaseSpec;
    use kapi_meta::meta::v1::Time;

    use super::*;
    use kapi_rest::clock::rfc3339;

    fn lease(holder: Option<&str>, created: Option<SystemTime>) -> LeaseObject {
        let metadata = ObjectMeta {
            name: Some("kapi-server-abc".to_owned()),
            namespace: Some("kube-system".to_owned()),
            creation_timestamp: created.map(|time| Time(rfc3339(time))),
            ..ObjectMeta::default()
        };
        let spec = LeaseSpec { holder_identity: holder.map(str::to_owned), ..LeaseSpec::default() };
        LeaseObject(Lease { metadata, spec, ..Lease::default() })
    }

    #[test]
    fn a_row_is_the_name_the_holder_and_the_age() {
        let now = SystemTime::now();
        let cells = lease(Some("kapi-server-abc_1f2e"), Some(now - Duration::from_secs(3 * 3600))).cells(now);
        assert_eq!(cells, [Value::from("kapi-server-abc"), Value::from("kapi-server-abc_1f2e"), Value::from("3h")]);
        let unheld = lease(None, None).cells(now);
        assert_eq!((unheld[1].as_str(), unheld[2].as_str()), (Some(""), Some("<unknown>")));
        let names: Vec<&str> = LeaseObject::COLUMNS.iter().map(|column| column.name()).collect();
        assert_eq!(names, ["Name", "Holder", "Age"]);
    }

    #[test]
    fn served_leases_name_their_api_version_and_kind() {
        let stored = StoredLease { lease: lease(Some("x"), None).0, revision: 7 };
        let value = serde_json::to_value(served(stored)).expect("json");
        assert_eq!((value["apiVersion"].as_str(), value["kind"].as_str()), (Some(API_VERSION), Some("Lease")));
        assert_eq!(value["spec"]["holderIdentity"], "x");
    }

    #[test]
    fn store_failures_become_statuses_clients_act_on() {
        let unavailable = refusal(StoreError::Unavailable("etcd did not answer".into())).status();
        assert_eq!((unavailable.code, unavailable.reason.as_deref()), (Some(503), Some("ServiceUnavailable")));
        assert!(unavailable.message.as_deref().is_some_and(|m| m.contains("etcd did not answer")));
        let compacted = refusal(StoreError::Compacted { requested: 5, oldest: 9 });
        assert_eq!(compacted, Refusal::Expired { requested: 5, oldest: 9 });
        let corrupt = refusal(StoreError::Corrupt { key: "k".into(), message: "not json".into() }).status();
        assert_eq!((corrupt.code, corrupt.reason.as_deref()), (Some(500), Some("InternalError")));
    }
}
