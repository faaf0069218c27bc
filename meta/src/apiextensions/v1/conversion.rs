//! How custom resources are converted between versions: in place by the server, or by a webhook.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// How objects are converted between the versions of a custom resource.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct CustomResourceConversion {
    /// `None` (only `apiVersion` changes) or `Webhook` (a webhook converts; needs `webhook`, and
    /// `spec.preserveUnknownFields` false).
    #[kapi(proto = 1)]
    pub strategy: ConversionStrategyType,
    /// How the conversion webhook is called; needed with the `Webhook` strategy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub webhook: Option<WebhookConversion>,
}

/// Who converts objects between versions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, Schema)]
#[kapi(inline, zero_value = "")]
pub enum ConversionStrategyType {
    /// The server only rewrites `apiVersion`.
    #[default]
    None,
    /// A webhook converts the objects.
    Webhook,
}

/// A conversion webhook.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct WebhookConversion {
    /// Where the webhook is and how to trust it; needed with the `Webhook` strategy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub client_config: Option<WebhookClientConfig>,
    /// The `ConversionReview` versions the webhook understands, most preferred first; the server uses the first
    /// it knows, and fails the conversion when it knows none.
    #[kapi(proto = 3, list_type = "atomic")]
    pub conversion_review_versions: Vec<String>,
}

/// How to reach a webhook over TLS: by URL or through a service, and which CA to trust.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct WebhookClientConfig {
    /// The webhook's URL, `https://host[:port]/path`, without user, query or fragment; exactly one of `url` and
    /// `service` is given. Meant for webhooks outside the cluster.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub url: Option<String>,
    /// The service in front of a webhook inside the cluster; exactly one of `url` and `service` is given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub service: Option<ServiceReference>,
    /// PEM-encoded CA certificates to verify the webhook's serving certificate with; the server's trust roots
    /// when left out.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "crate::byte_string::optional")]
    #[kapi(proto = 2, bytes)]
    pub ca_bundle: Option<Vec<u8>>,
}

/// The service a webhook is reached through.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct ServiceReference {
    /// The service's namespace.
    #[kapi(proto = 1)]
    pub namespace: String,
    /// The service's name.
    #[kapi(proto = 2)]
    pub name: String,
    /// The URL path requests are sent to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub path: Option<String>,
    /// The service port, 1 to 65535; 443 when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub port: Option<i32>,
}
