//! ValidatingWebhookConfiguration: webhooks that may reject requests but not change them.

use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use super::{client::WebhookClientConfig, match_condition::MatchCondition, rules::RuleWithOperations};
use kapi_meta::meta::v1::{LabelSelector, ListMeta, ObjectMeta, TypeMeta};

/// A set of admission webhooks that accept or reject requests without changing their objects.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "k8s.io/api/admissionregistration/v1",
    group = "admissionregistration.k8s.io",
    version = "v1",
    scope = "Cluster",
    categories = ["api-extensions"],
    list = ValidatingWebhookConfigurationList
)]
pub struct ValidatingWebhookConfiguration {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The configuration's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// The webhooks, each with the requests it is called for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 2,
        proto_name = "Webhooks",
        list_type = "map",
        list_map_keys = ["name"],
        patch_strategy = "merge",
        patch_merge_key = "name"
    )]
    pub webhooks: Option<Vec<ValidatingWebhook>>,
}

/// A page of validating webhook configurations.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1")]
pub struct ValidatingWebhookConfigurationList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The configurations.
    #[kapi(proto = 2)]
    pub items: Vec<ValidatingWebhookConfiguration>,
}

/// One validating webhook: where it is, which requests it sees and how its failures count.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/admissionregistration/v1")]
pub struct ValidatingWebhook {
    /// The webhook's fully qualified name, such as `imagepolicy.kubernetes.io` (the webhook, then the
    /// organization's domain). Required.
    #[kapi(proto = 1)]
    pub name: String,
    /// How to reach the webhook. Required.
    #[kapi(proto = 2)]
    pub client_config: WebhookClientConfig,
    /// The operations on resources the webhook is called for; any matching rule is enough. Webhook
    /// configurations themselves are never sent to webhooks, so a broken webhook cannot lock them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3, list_type = "atomic")]
    pub rules: Option<Vec<RuleWithOperations>>,
    /// What an error calling the webhook does: `Fail` (the default) rejects the request, `Ignore` lets it
    /// through.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub failure_policy: Option<String>,
    /// `Exact` sends only requests in the group-versions the rules name; `Equivalent` (the default) also sends
    /// requests for the same resource through another group or version, converted to a named one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub match_policy: Option<String>,
    /// Labels the object's namespace must have (a Namespace object is matched on its own labels; other
    /// cluster-scoped objects always pass). Left out, every namespace matches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub namespace_selector: Option<LabelSelector>,
    /// Labels the object itself must have; the old and the new object are both tried and either may match.
    /// Objects without labels never match. Left out, every object matches. Only fit for opt-in webhooks, since
    /// whoever writes the object controls its labels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub object_selector: Option<LabelSelector>,
    /// Whether calling the webhook changes anything outside the request: `None` or `NoneOnDryRun` (webhooks
    /// written through v1beta1 may say `Some` or `Unknown`). Dry-run requests that would reach a webhook with
    /// side effects are rejected, and such webhooks must undo their effects when a later step rejects the
    /// request.
    #[kapi(required, proto = 6)]
    pub side_effects: Option<String>,
    /// How long to wait for the webhook, in seconds (1 to 30, 10 when left out); a timeout is handled by the
    /// failure policy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub timeout_seconds: Option<i32>,
    /// The `AdmissionReview` versions the webhook understands, most preferred first; the API server uses the
    /// first it knows. When it knows none, creating the configuration fails, and calls from a stored one fail
    /// under the failure policy.
    #[kapi(proto = 8, list_type = "atomic")]
    pub admission_review_versions: Vec<String>,
    /// CEL conditions a request must meet, after the rules and selectors, to be sent (at most 64). Any false
    /// condition skips the webhook; an evaluation error with none false is handled by the failure policy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(
        proto = 11,
        list_type = "map",
        list_map_keys = ["name"],
        patch_strategy = "merge",
        patch_merge_key = "name"
    )]
    pub match_conditions: Option<Vec<MatchCondition>>,
}
