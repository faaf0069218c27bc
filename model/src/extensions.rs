//! The typed `x-kubernetes-*` vocabulary.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::choice::choice_enum;

choice_enum! {
    /// How a list merges under server-side apply (`x-kubernetes-list-type`).
    ListType {
        /// Replaced as a whole.
        Atomic => "atomic",
        /// Items are unique scalars.
        Set => "set",
        /// Items are objects keyed by `list_map_keys`.
        Map => "map",
    }
}

choice_enum! {
    /// How a map or struct merges under server-side apply (`x-kubernetes-map-type`).
    MapType {
        /// Replaced as a whole.
        Atomic => "atomic",
        /// Each key merges separately.
        Granular => "granular",
    }
}

/// One CEL validation rule (`x-kubernetes-validations`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ValidationRule {
    pub rule: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_expression: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field_path: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optional_old_self: Option<bool>,
}

/// A group, version and kind (`x-kubernetes-group-version-kind`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GroupVersionKind {
    pub group: String,
    pub version: String,
    pub kind: String,
}

/// A discriminated union (`x-kubernetes-unions`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Union {
    /// The property naming which member is set.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discriminator: Option<String>,
    /// Member property name to the discriminator value that selects it.
    pub fields_to_discriminate_by: BTreeMap<String, String>,
}

/// Every `x-kubernetes-*` keyword kapi models.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct KubernetesExtensions {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_type: Option<ListType>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub list_map_keys: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map_type: Option<MapType>,
    #[serde(skip_serializing_if = "is_false")]
    pub int_or_string: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub preserve_unknown_fields: bool,
    #[serde(skip_serializing_if = "is_false")]
    pub embedded_resource: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub validations: Vec<ValidationRule>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub group_version_kind: Vec<GroupVersionKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub patch_strategy: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub patch_merge_key: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unions: Vec<Union>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl KubernetesExtensions {
    /// True when no extension is set.
    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}
