//! Field selector requirements: the structured form of a field selector, as authorization checks receive it.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// One condition of a field selector: a field path, an operator and the values it compares against.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct FieldSelectorRequirement {
    /// The field the condition looks at, as a field selector names it (`spec.nodeName`).
    #[kapi(proto = 1)]
    pub key: String,
    /// How the field relates to `values`: `In`, `NotIn`, `Exists` or `DoesNotExist`; more may come.
    #[kapi(proto = 2)]
    pub operator: String,
    /// The values to compare with: at least one for `In` and `NotIn`, none for `Exists` and `DoesNotExist`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub values: Option<Vec<String>>,
}
