//! A CEL condition a request must meet before a webhook is called or a policy runs.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// A named CEL condition a request must meet to be sent to the webhook (or checked by the policy).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1")]
pub struct MatchCondition {
    /// Identifies the condition in logs and in strategic merges: a qualified name (letters, digits, `-`, `_`
    /// and `.`, starting and ending with a letter or digit), optionally prefixed by a DNS subdomain and `/`.
    /// Required.
    #[kapi(proto = 1)]
    pub name: String,
    /// A CEL expression that must give a boolean. It can read `object` (null on delete), `oldObject` (null on
    /// create), `request` (the admission request's attributes) and `authorizer` (for authorization checks
    /// of the requester). Required.
    #[kapi(proto = 2)]
    pub expression: String,
}
