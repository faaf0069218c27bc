//! Topology selectors: where dynamically provisioned volumes may be placed, by topology labels such as a zone.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// A set of topology label requirements that must all hold; the terms of a list are alternatives.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", map_type = "atomic")]
pub struct TopologySelectorTerm {
    /// The label requirements, all of which must hold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub match_label_expressions: Option<Vec<TopologySelectorLabelRequirement>>,
}

/// A topology label whose value must be one of a set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct TopologySelectorLabelRequirement {
    /// The label's key.
    #[kapi(proto = 1)]
    pub key: String,
    /// The values allowed; the label must equal one of them.
    #[kapi(proto = 2, list_type = "atomic")]
    pub values: Vec<String>,
}
