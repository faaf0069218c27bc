//! What served objects are sent as: plain JSON or a Table, chosen from the `Accept` header, and the JSON of lists,
//! watch events and bookmarks. Protobuf is not offered: clients that prefer it also accept JSON.

use std::collections::BTreeMap;

use axum::body::Bytes;
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta, WatchEvent};
use kapi_meta::runtime::RawExtension;
use serde::Serialize;
use serde_json::Value;

use super::query::IncludeObject;
use super::served::Served;
use super::table::TableRequest;
use kapi_serve::negotiate::MediaRange;

/// The annotation of the bookmark that ends a watch's initial events.
pub const INITIAL_EVENTS_END: &str = "k8s.io/initial-events-end";

/// The media type of a JSON watch stream: one event per line.
pub const WATCH_MEDIA_TYPE: &str = "application/json;stream=watch";

/// The form a response takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// The objects themselves (`Lease`, `LeaseList`).
    Json,
    /// A `meta.k8s.io` Table of version `api_version`.
    Table {
        /// `meta.k8s.io/v1` or `meta.k8s.io/v1beta1`.
        api_version: &'static str,
    },
}

impl Form {
    /// The first `Accept` clause this server can answer: plain JSON (wildcards included), or a Table in either
    /// version. A clause naming another conversion (PartialObjectMetadata, say), or protobuf, is skipped.
    pub fn negotiate(clauses: &[MediaRange]) -> Option<Self> {
        clauses.iter().filter(|clause| clause.admits("application", "json")).find_map(|clause| {
            match (clause.param("as"), clause.param("g"), clause.param("v")) {
                (None, None, None) => Some(Self::Json),
                (Some("Table"), Some("meta.k8s.io"), Some("v1")) => Some(Self::Table { api_version: "meta.k8s.io/v1" }),
                (Some("Table"), Some("meta.k8s.io"), Some("v1beta1")) => {
                    Some(Self::Table { api_version: "meta.k8s.io/v1beta1" })
                }
                _ => None,
            }
        })
    }

    /// The table settings, when this form is a Table.
    pub fn table(self, include: IncludeObject) -> Option<TableRequest> {
        match self {
            Self::Json => None,
            Self::Table { api_version } => Some(TableRequest { api_version, include }),
        }
    }
}

/// `value` as the compact JSON bytes of a response body.
pub fn json_bytes(value: &impl Serialize) -> Bytes {
    // The bodies are plain structs and JSON values: serialising them cannot fail.
    Bytes::from(serde_json::to_vec(value).unwrap_or_default())
}

/// The list of `items` (`<KIND>List`) at `resource_version`, served as `api_version`.
pub fn list<O: Served>(api_version: &str, items: &[&O], resource_version: u64) -> Bytes {
    #[derive(Serialize)]
    struct List<'a, O> {
        #[serde(flatten)]
        type_meta: TypeMeta,
        metadata: ListMeta,
        items: &'a [&'a O],
    }
    let list = List {
        type_meta: TypeMeta { api_version: Some(api_version.to_owned()), kind: Some(format!("{}List", O::KIND)) },
        metadata: ListMeta { resource_version: Some(resource_version.to_string()), ..ListMeta::default() },
        items,
    };
    json_bytes(&list)
}

/// One line of a watch stream: `{"type": …, "object": …}` and a newline.
pub fn event_line(event_type: &str, object: Value) -> Bytes {
    let event = WatchEvent { event_type: event_type.to_owned(), object: RawExtension(object) };
    let mut line = serde_json::to_vec(&event).unwrap_or_default();
    line.push(b'\n');
    Bytes::from(line)
}

/// The object of a BOOKMARK event: only `apiVersion`, `kind` and `metadata.resourceVersion`, plus the
/// initial-events-end annotation when it closes a watch's initial events.
pub fn bookmark(api_version: &str, kind: &str, resource_version: u64, ends_initial_events: bool) -> Value {
    #[derive(Serialize)]
    struct Bookmark {
        #[serde(flatten)]
        type_meta: TypeMeta,
        metadata: ObjectMeta,
    }
    let annotations = ends_initial_events.then(|| BTreeMap::from([(INITIAL_EVENTS_END.to_owned(), "true".to_owned())]));
    let bookmark = Bookmark {
        type_meta: TypeMeta { api_version: Some(api_version.to_owned()), kind: Some(kind.to_owned()) },
        metadata: ObjectMeta {
            resource_version: Some(resource_version.to_string()),
            annotations,
            ..ObjectMeta::default()
        },
    };
    serde_json::to_value(bookmark).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use kapi_serve::negotiate::parse_accept;

    fn negotiate(accept: &str) -> Option<Form> {
        Form::negotiate(&parse_accept(Some(accept)))
    }

    #[test]
    fn kubectl_gets_a_table_and_everyone_else_json() {
        let kubectl = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
        assert_eq!(negotiate(kubectl), Some(Form::Table { api_version: "meta.k8s.io/v1" }));
        assert_eq!(
            negotiate("application/json;as=Table;v=v1beta1;g=meta.k8s.io"),
            Some(Form::Table { api_version: "meta.k8s.io/v1beta1" })
        );
        assert_eq!(negotiate("application/vnd.kubernetes.protobuf, application/json"), Some(Form::Json));
        assert_eq!(negotiate("*/*"), Some(Form::Json));
        assert_eq!(negotiate("application/json;as=PartialObjectMetadataList;v=v1;g=meta.k8s.io"), None);
        assert_eq!(negotiate("application/vnd.kubernetes.protobuf"), None);
    }

    #[test]
    fn events_are_one_json_object_per_line() {
        let line = event_line("ADDED", serde_json::json!({"kind": "Group"}));
        assert!(line.ends_with(b"\n") && !line[..line.len() - 1].contains(&b'\n'));
        let event: Value = serde_json::from_slice(&line).expect("json");
        assert_eq!(event, serde_json::json!({"type": "ADDED", "object": {"kind": "Group"}}));
    }

    #[test]
    fn bookmarks_carry_only_the_resource_version() {
        let plain = bookmark("discovery.k8s.io/v1alpha1", "Group", 42, false);
        assert_eq!(
            plain,
            serde_json::json!({"apiVersion": "discovery.k8s.io/v1alpha1", "kind": "Group",
                               "metadata": {"resourceVersion": "42"}})
        );
        let end = bookmark("discovery.k8s.io/v1alpha1", "Group", 43, true);
        assert_eq!(end["metadata"]["annotations"][INITIAL_EVENTS_END], "true");
    }
}
