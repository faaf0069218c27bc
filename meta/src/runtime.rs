//! `k8s.io/apimachinery/pkg/runtime`: embedded objects of any kind, and the envelope Kubernetes' protobuf encoding
//! wraps every object in.

use kapi::Schema;
use kapi::model::{DefName, DefinitionInfo, InstanceType, ProtoScalar, Registry, SchemaNode, SchemaObject};
use serde::{Deserialize, Serialize};

use crate::special::{body, definition_name, describe, described, single_field_message};

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/apimachinery/pkg/runtime";

/// An embedded object of any kind, kept as raw JSON (as in watch events).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RawExtension(pub serde_json::Value);

impl Schema for RawExtension {
    fn definition_name() -> Option<DefName> {
        Some(definition_name(PACKAGE, "RawExtension"))
    }

    fn schema(_: &mut Registry) -> SchemaNode {
        body(SchemaObject {
            instance_type: Some(InstanceType::Object),
            ..described(
                "A complete object of some kind embedded in another object, with its own apiVersion and kind; \
                 decoded by whoever knows that kind.",
            )
        })
    }

    fn describe_definition(info: &mut DefinitionInfo) {
        // The embedded object's own serialisation (JSON, or protobuf with its own envelope).
        describe(PACKAGE, single_field_message("raw", ProtoScalar::Bytes), info);
    }
}

/// The API version and kind of a serialised object, as the protobuf envelope carries them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/runtime")]
pub struct TypeMeta {
    /// The object's API version: its group and version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub api_version: Option<String>,
    /// The object's kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub kind: Option<String>,
}

/// An object of some kind in serialised form: what follows the `k8s\0` magic in an
/// `application/vnd.kubernetes.protobuf` body.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/apimachinery/pkg/runtime")]
pub struct Unknown {
    /// The API version and kind of the object in `raw`.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub type_meta: TypeMeta,
    /// The object, serialised as `contentType` says.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "crate::byte_string::optional")]
    #[kapi(proto = 2, bytes)]
    pub raw: Option<Vec<u8>>,
    /// How `raw` is compressed, if it is; empty when it is not.
    #[serde(default)]
    #[kapi(proto = 3)]
    pub content_encoding: String,
    /// The media type of `raw`; empty for JSON (and for protobuf bodies, as the API server writes them).
    #[serde(default)]
    #[kapi(proto = 4)]
    pub content_type: String,
}
