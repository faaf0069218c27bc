//! Label selectors: which objects a resource applies to.

use std::collections::BTreeMap;

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// A query over object labels. All of its conditions must hold; an empty selector matches every object, an
/// absent one matches none.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1", map_type = "atomic")]
pub struct LabelSelector {
    /// Labels an object must carry with exactly these values. Each entry is shorthand for a `matchExpressions`
    /// condition with operator `In` and a single value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub match_labels: Option<BTreeMap<String, String>>,
    /// Conditions on label keys and values, all of which must hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub match_expressions: Option<Vec<LabelSelectorRequirement>>,
}

/// One condition of a label selector: a label key, an operator and the values it compares against.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct LabelSelectorRequirement {
    /// The label key the condition looks at.
    #[kapi(proto = 1)]
    pub key: String,
    /// How the label relates to `values`: `In`, `NotIn`, `Exists` or `DoesNotExist`.
    #[kapi(proto = 2)]
    pub operator: String,
    /// The values to compare with: at least one for `In` and `NotIn`, none for `Exists` and `DoesNotExist`.
    /// A strategic merge patch replaces the whole list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub values: Option<Vec<String>>,
}
