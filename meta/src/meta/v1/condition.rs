//! The Condition kind: one observation about an object's state, as most status stanzas list them.

use kapi::Schema;
use kapi::model::{SchemaNode, SchemaObject};
use serde::{Deserialize, Serialize};

use super::opaque::Time;

/// One aspect of an object's observed state: what kind of observation it is, whether it currently holds, since
/// when, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/apis/meta/v1")]
pub struct Condition {
    /// What is observed, in CamelCase, optionally qualified by a domain (`example.com/Ready`).
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub condition_type: String,
    /// `True`, `False` or `Unknown`.
    #[kapi(proto = 2)]
    pub status: String,
    /// The `metadata.generation` the observation was made against; a value behind the object's generation means
    /// the condition may be stale.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub observed_generation: Option<i64>,
    /// When `status` last changed; when that moment is unknown, the time the field itself changed will do.
    #[kapi(proto = 4)]
    pub last_transition_time: Time,
    /// A CamelCase word for why the status last changed, meant for programs; never empty.
    #[kapi(proto = 5)]
    pub reason: String,
    /// Details of the last change, for people; may be empty.
    #[kapi(proto = 6)]
    pub message: String,
}

/// `type`: an optional DNS-subdomain prefix and a qualified name, as controller-gen's marker for the field says.
const TYPE_PATTERN: &str =
    r"^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$";

/// `reason`: a word of letters, digits, `_`, `,` and `:`, starting with a letter.
const REASON_PATTERN: &str = r"^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$";

impl Condition {
    /// The checks a custom resource's schema makes of a condition, which the server makes in code for its own
    /// kinds and controller-gen writes into every CRD embedding `metav1.Condition`: the status is one of three
    /// words, `type` and `reason` are machine-readable names of bounded length, the generation is not negative.
    /// An overlay for [`crate::crd_constraints::crd_constraints`]: each property carries only these keywords.
    pub fn crd_constraints() -> SchemaObject {
        let string = |min_length: Option<u64>, max_length: u64, pattern: Option<&str>| {
            let mut field = SchemaObject::default();
            field.bounds.min_length = min_length;
            field.bounds.max_length = Some(max_length);
            field.bounds.pattern = pattern.map(str::to_owned);
            field
        };
        let status = SchemaObject {
            enum_values: ["True", "False", "Unknown"].map(serde_json::Value::from).to_vec(),
            ..SchemaObject::default()
        };
        let mut observed_generation = SchemaObject::default();
        observed_generation.bounds.minimum = Some(0.into());
        let mut overlay = SchemaObject::default();
        for (name, field) in [
            ("type", string(None, 316, Some(TYPE_PATTERN))),
            ("status", status),
            ("observedGeneration", observed_generation),
            ("reason", string(Some(1), 1024, Some(REASON_PATTERN))),
            ("message", string(None, 32768, None)),
        ] {
            overlay.properties.insert(name.to_owned(), SchemaNode::inline(field));
        }
        overlay.required = ["type", "status", "lastTransitionTime", "reason", "message"].map(str::to_owned).to_vec();
        overlay
    }
}
