//! `k8s.io/apimachinery/pkg/apis/meta/v1`: object and list metadata, status and delete bodies, watch events,
//! legacy discovery documents, and the time stamp and opaque JSON types.

mod condition;
mod discovery;
mod field_selector;
mod label_selector;
mod object_meta;
mod opaque;
mod options;
mod status;
mod type_meta;

pub use condition::Condition;
pub use discovery::{
    APIGroup, APIGroupList, APIResource, APIResourceList, APIVersions, GroupVersionForDiscovery, GroupVersionKind,
    ServerAddressByClientCIDR,
};
pub use field_selector::FieldSelectorRequirement;
pub use label_selector::*;
pub use object_meta::{ListMeta, ManagedFieldsEntry, ObjectMeta, OwnerReference, ShardInfo};
pub use opaque::{FieldsV1, MicroTime, PACKAGE, Patch, Time};
pub use options::{DeleteOptions, Preconditions, WatchEvent};
pub use status::{Status, StatusCause, StatusDetails};
pub use type_meta::TypeMeta;
