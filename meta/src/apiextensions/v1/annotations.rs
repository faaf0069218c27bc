//! What a schema says besides its shape: CEL validation rules (`x-kubernetes-validations`) and links to external
//! documentation (`externalDocs`).

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// A CEL expression every value at this place in the schema must satisfy, and what to report when it does not.
///
/// In the expression, `self` is the value the rule sits on and `oldSelf` the value before an update.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct ValidationRule {
    /// The CEL expression, such as `self.minReplicas <= self.maxReplicas`. A rule that reads `oldSelf` is a
    /// transition rule: it is only checked on updates, unless `optionalOldSelf` is set.
    #[kapi(proto = 1)]
    pub rule: String,
    /// The fixed message reported when the rule fails; it may not contain line breaks. Without one (and without
    /// `messageExpression`), the failure names the rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub message: Option<String>,
    /// A CEL expression producing the message when the rule fails; it wins over `message`. If it fails or yields
    /// an empty or multi-line string, `message` (or the default) is used instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub message_expression: Option<String>,
    /// The machine-readable reason reported with the failure: `FieldValueInvalid` (the default),
    /// `FieldValueForbidden`, `FieldValueRequired` or `FieldValueDuplicate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub reason: Option<String>,
    /// The field the failure is reported against, as a JSON path relative to where the rule sits (such as
    /// `.spec.replicas` or `.items['key']`); the rule's own place when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub field_path: Option<String>,
    /// Makes a transition rule run on creates too, and on updates where the old value is absent: `oldSelf` is
    /// then a CEL optional, tested with `oldSelf.hasValue()`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub optional_old_self: Option<bool>,
}

/// A link to documentation kept outside the schema.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi(package = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1")]
pub struct ExternalDocumentation {
    /// What the linked documentation covers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub description: Option<String>,
    /// Where the documentation is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub url: Option<String>,
}

impl ValidationRule {
    /// A rule with only its expression and message.
    pub fn new(rule: impl Into<String>, message: impl Into<String>) -> Self {
        Self { rule: rule.into(), message: Some(message.into()), ..Self::default() }
    }
}
