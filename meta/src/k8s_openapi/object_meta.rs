//! `ObjectMeta`, `ListMeta` and what they hold: owner references, managed-fields entries and field sets, shard
//! information.

use super::time::{InvalidTime, try_time_in};
use super::{convert_list, try_convert_list, upstream};
use crate::meta::v1::{FieldsV1, ListMeta, ManagedFieldsEntry, ObjectMeta, OwnerReference};

/// Fails when a time stamp in it is not an RFC 3339 time; the error names the field.
impl TryFrom<ObjectMeta> for upstream::ObjectMeta {
    type Error = InvalidTime;

    fn try_from(meta: ObjectMeta) -> Result<Self, InvalidTime> {
        let ObjectMeta {
            name,
            generate_name,
            namespace,
            self_link,
            uid,
            resource_version,
            generation,
            creation_timestamp,
            deletion_timestamp,
            deletion_grace_period_seconds,
            labels,
            annotations,
            owner_references,
            finalizers,
            managed_fields,
        } = meta;
        Ok(Self {
            annotations,
            creation_timestamp: try_time_in("creationTimestamp", creation_timestamp)?,
            deletion_grace_period_seconds,
            deletion_timestamp: try_time_in("deletionTimestamp", deletion_timestamp)?,
            finalizers,
            generate_name,
            generation,
            labels,
            managed_fields: managed_fields.map(|entries| try_convert_list("managedFields", entries)).transpose()?,
            name,
            namespace,
            owner_references: convert_list(owner_references),
            resource_version,
            self_link,
            uid,
        })
    }
}

impl From<upstream::ObjectMeta> for ObjectMeta {
    fn from(meta: upstream::ObjectMeta) -> Self {
        let upstream::ObjectMeta {
            annotations,
            creation_timestamp,
            deletion_grace_period_seconds,
            deletion_timestamp,
            finalizers,
            generate_name,
            generation,
            labels,
            managed_fields,
            name,
            namespace,
            owner_references,
            resource_version,
            self_link,
            uid,
        } = meta;
        Self {
            name,
            generate_name,
            namespace,
            self_link,
            uid,
            resource_version,
            generation,
            creation_timestamp: creation_timestamp.map(Into::into),
            deletion_timestamp: deletion_timestamp.map(Into::into),
            deletion_grace_period_seconds,
            labels,
            annotations,
            owner_references: convert_list(owner_references),
            finalizers,
            managed_fields: convert_list(managed_fields),
        }
    }
}

impl From<OwnerReference> for upstream::OwnerReference {
    fn from(owner: OwnerReference) -> Self {
        let OwnerReference { api_version, kind, name, uid, controller, block_owner_deletion } = owner;
        Self { api_version, block_owner_deletion, controller, kind, name, uid }
    }
}

impl From<upstream::OwnerReference> for OwnerReference {
    fn from(owner: upstream::OwnerReference) -> Self {
        let upstream::OwnerReference { api_version, block_owner_deletion, controller, kind, name, uid } = owner;
        Self { api_version, kind, name, uid, controller, block_owner_deletion }
    }
}

/// Fails when `time` is not an RFC 3339 time.
impl TryFrom<ManagedFieldsEntry> for upstream::ManagedFieldsEntry {
    type Error = InvalidTime;

    fn try_from(entry: ManagedFieldsEntry) -> Result<Self, InvalidTime> {
        let ManagedFieldsEntry { manager, operation, api_version, time, fields_type, fields_v1, subresource } = entry;
        Ok(Self {
            api_version,
            fields_type,
            fields_v1: fields_v1.map(Into::into),
            manager,
            operation,
            subresource,
            time: try_time_in("time", time)?,
        })
    }
}

impl From<upstream::ManagedFieldsEntry> for ManagedFieldsEntry {
    fn from(entry: upstream::ManagedFieldsEntry) -> Self {
        let upstream::ManagedFieldsEntry { api_version, fields_type, fields_v1, manager, operation, subresource, time } =
            entry;
        Self {
            manager,
            operation,
            api_version,
            time: time.map(Into::into),
            fields_type,
            fields_v1: fields_v1.map(Into::into),
            subresource,
        }
    }
}

/// Both hold the field set as JSON.
impl From<FieldsV1> for upstream::FieldsV1 {
    fn from(fields: FieldsV1) -> Self {
        Self(fields.0)
    }
}

impl From<upstream::FieldsV1> for FieldsV1 {
    fn from(fields: upstream::FieldsV1) -> Self {
        Self(fields.0)
    }
}

/// `shardInfo` is carried where k8s-openapi has it (Kubernetes 1.36 on); a program built for an older version has
/// no such field, and neither has the API server it talks to, so it is dropped there.
impl From<ListMeta> for upstream::ListMeta {
    fn from(meta: ListMeta) -> Self {
        list_meta_to_upstream(meta)
    }
}

impl From<upstream::ListMeta> for ListMeta {
    fn from(meta: upstream::ListMeta) -> Self {
        list_meta_from_upstream(meta)
    }
}

::k8s_openapi::k8s_if_ge_1_36! {
    fn list_meta_to_upstream(meta: ListMeta) -> upstream::ListMeta {
        let ListMeta { self_link, resource_version, continue_token, remaining_item_count, shard_info } = meta;
        upstream::ListMeta {
            continue_: continue_token,
            remaining_item_count,
            resource_version,
            self_link,
            shard_info: shard_info.map(Into::into),
        }
    }

    fn list_meta_from_upstream(meta: upstream::ListMeta) -> ListMeta {
        let upstream::ListMeta { continue_, remaining_item_count, resource_version, self_link, shard_info } = meta;
        ListMeta {
            self_link,
            resource_version,
            continue_token: continue_,
            remaining_item_count,
            shard_info: shard_info.map(Into::into),
        }
    }

    impl From<crate::meta::v1::ShardInfo> for upstream::ShardInfo {
        fn from(shard: crate::meta::v1::ShardInfo) -> Self {
            let crate::meta::v1::ShardInfo { selector } = shard;
            Self { selector }
        }
    }

    impl From<upstream::ShardInfo> for crate::meta::v1::ShardInfo {
        fn from(shard: upstream::ShardInfo) -> Self {
            let upstream::ShardInfo { selector } = shard;
            Self { selector }
        }
    }
}

::k8s_openapi::k8s_if_le_1_35! {
    fn list_meta_to_upstream(meta: ListMeta) -> upstream::ListMeta {
        // No field to carry the shard information in (see the `From` impl).
        let ListMeta { self_link, resource_version, continue_token, remaining_item_count, shard_info: _ } = meta;
        upstream::ListMeta { continue_: continue_token, remaining_item_count, resource_version, self_link }
    }

    fn list_meta_from_upstream(meta: upstream::ListMeta) -> ListMeta {
        let upstream::ListMeta { continue_, remaining_item_count, resource_version, self_link } = meta;
        ListMeta { self_link, resource_version, continue_token: continue_, remaining_item_count, shard_info: None }
    }
}
