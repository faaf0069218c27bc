//! UserInfo: who an authenticator says a request comes from.

use std::collections::BTreeMap;

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// The identity an authenticator established: the facts authorizers decide on.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/authentication/v1")]
pub struct UserInfo {
    /// The user's name, unique among all active users.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub username: Option<String>,
    /// An identifier of the user that stays unique over time, unlike the name, which may be reused after the
    /// user is removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub uid: Option<String>,
    /// The groups the user belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub groups: Option<Vec<String>>,
    /// Further attributes the authenticator supplied, such as scopes; authorizers may use them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4, proto_wrapper = "ExtraValue")]
    pub extra: Option<BTreeMap<String, Vec<String>>>,
}
