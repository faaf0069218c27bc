//! `k8s.io/apimachinery/pkg/runtime`: embedded objects of any kind.

use kapi::model::{InstanceType, SchemaObject};
use serde::{Deserialize, Serialize};

use crate::special::{described, special_schema};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/apimachinery/pkg/runtime";

/// An embedded object of any kind, kept as raw JSON (as in watch events).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RawExtension(pub serde_json::Value);

special_schema!(
    RawExtension,
    package = PACKAGE,
    name = "RawExtension",
    body = SchemaObject {
        instance_type: Some(InstanceType::Object),
        ..described(
            "A complete object of some kind embedded in another object, with its own apiVersion and kind; \
         decoded by whoever knows that kind."
        )
    }
);
