//! How the API server reaches an admission webhook over TLS.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// Where a webhook listens and how to trust its certificate. Set exactly one of `url` and `service`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1")]
pub struct WebhookClientConfig {
    /// The webhook's address as an `https://host[:port][/path]` URL, for webhooks outside the cluster (the API
    /// server may not resolve cluster DNS names). No user info, query or fragment. A `localhost` host only
    /// works if the webhook runs next to every API server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub url: Option<String>,
    /// The cluster Service in front of the webhook, for webhooks running in the cluster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub service: Option<ServiceReference>,
    /// PEM certificate authorities that sign the webhook's serving certificate; the API server's system roots
    /// when left out.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "kapi_meta::byte_string::optional")]
    #[kapi(proto = 2, bytes)]
    pub ca_bundle: Option<Vec<u8>>,
}

/// A Service that fronts a webhook.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1")]
pub struct ServiceReference {
    /// The Service's namespace. Required.
    #[kapi(proto = 1)]
    pub namespace: String,
    /// The Service's name. Required.
    #[kapi(proto = 2)]
    pub name: String,
    /// The URL path requests are sent to, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub path: Option<String>,
    /// The Service port to call: 443 when left out, for compatibility; 1 to 65535.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub port: Option<i32>,
}
