//! `k8s.io/api/storagemigration/v1alpha1` (group `storagemigration.k8s.io`): StorageVersionMigration.

use kapi::model::{ListType, SchemaNode};
use kapi::{Registry, Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, Time, TypeMeta};

/// A request to migrate the stored objects of one resource to the storage version the API servers write now.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/storagemigration/v1alpha1",
    group = "storagemigration.k8s.io",
    version = "v1alpha1",
    scope = "Cluster",
    list = StorageVersionMigrationList,
    status
)]
pub struct StorageVersionMigration {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The migration's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// Which resource to migrate.
    #[serde(default)]
    #[kapi(proto = 2)]
    pub spec: StorageVersionMigrationSpec,
    /// How far the migration got.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub status: StorageVersionMigrationStatus,
}

/// A page of storage version migrations.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storagemigration/v1alpha1")]
pub struct StorageVersionMigrationList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The migrations.
    #[kapi(proto = 2, schema_with = migrations_schema)]
    pub items: Vec<StorageVersionMigration>,
}

/// Upstream marks the list's items as a map list keyed by `type` with a merge patch strategy, although the items
/// have no such field (the markers were copied from the conditions list). The document keeps the markers, so
/// the schema is written here: the derive's own attributes refuse keys the item type does not have.
fn migrations_schema(registry: &mut Registry) -> SchemaNode {
    let mut node = registry.schema_for::<Vec<StorageVersionMigration>>();
    let extensions = &mut node.keywords_mut().kubernetes;
    extensions.list_type = Some(ListType::Map);
    extensions.list_map_keys = vec!["type".to_owned()];
    extensions.patch_strategy = Some("merge".to_owned());
    extensions.patch_merge_key = Some("type".to_owned());
    node
}

/// What to migrate.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storagemigration/v1alpha1")]
pub struct StorageVersionMigrationSpec {
    /// The resource whose objects are migrated; fixed after creation.
    #[kapi(proto = 1)]
    pub resource: GroupVersionResource,
    /// Where to resume listing the objects, as a list's continuation token; empty for a fresh start. Meant for
    /// the migrator to record its progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub continue_token: Option<String>,
}

/// Names a resource by group, version and plural name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storagemigration/v1alpha1")]
pub struct GroupVersionResource {
    /// The API group (empty for the core group).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub group: Option<String>,
    /// The API version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub version: Option<String>,
    /// The resource's plural name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub resource: Option<String>,
}

/// How far a migration got.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storagemigration/v1alpha1")]
pub struct StorageVersionMigrationStatus {
    /// The migration's state: running, succeeded or failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "map", list_map_keys = ["type"], patch_strategy = "merge", patch_merge_key = "type")]
    pub conditions: Option<Vec<MigrationCondition>>,
    /// The resource version the migration started from; the migration is done once every object at or
    /// before it has been rewritten.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub resource_version: Option<String>,
}

/// One observation about a migration's state.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/storagemigration/v1alpha1")]
pub struct MigrationCondition {
    /// `Running`, `Succeeded` or `Failed`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// When the condition was last updated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub last_update_time: Option<Time>,
    /// A CamelCase word for why the condition last changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reason: Option<String>,
    /// Details of the last change, for people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub message: Option<String>,
}
