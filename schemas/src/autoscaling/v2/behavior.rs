//! How fast an autoscaler may scale up and down: stabilization windows and rate-limiting policies.

use kapi::Schema;
use serde::{Deserialize, Serialize};

/// Separate pacing rules for growing and for shrinking the target.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct HorizontalPodAutoscalerBehavior {
    /// Pacing of scale-ups. When left out, the autoscaler may at most double the pods or add 4 (whichever is
    /// more) every 15 seconds, with no stabilization window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub scale_up: Option<HPAScalingRules>,
    /// Pacing of scale-downs. When left out, any number of pods may be removed, after a 300-second
    /// stabilization window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub scale_down: Option<HPAScalingRules>,
}

/// The pacing of one scaling direction. The autoscaler computes a recommendation from every policy and picks
/// one according to `selectPolicy`; the stabilization window then smooths the result over recent
/// recommendations, so that fluctuating metrics do not make the replica count flap.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct HPAScalingRules {
    /// How many seconds of past recommendations to consider (0 to 3600); when scaling down the highest of
    /// them is used, when scaling up the lowest. When left out: 0 for scale-up, 300 for scale-down, unless the
    /// autoscaler was configured otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub stabilization_window_seconds: Option<i32>,
    /// Which policy's recommendation to use: `Max` (the default), `Min`, or `Disabled` to forbid scaling in
    /// this direction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub select_policy: Option<String>,
    /// The rate limits; at least one is required.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, list_type = "atomic")]
    pub policies: Option<Vec<HPAScalingPolicy>>,
}

/// One rate limit: at most `value` pods, or `value` percent of them, per `periodSeconds`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/autoscaling/v2")]
pub struct HPAScalingPolicy {
    /// The unit of `value`: `Pods` or `Percent`.
    #[serde(rename = "type")]
    #[kapi(proto = 1)]
    pub type_: String,
    /// How much change the policy allows per period; above zero.
    #[kapi(proto = 2)]
    pub value: i32,
    /// The length of the window the policy holds over, in seconds (above zero, at most 1800).
    #[kapi(proto = 3)]
    pub period_seconds: i32,
}
