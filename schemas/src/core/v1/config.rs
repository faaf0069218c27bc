//! ConfigMap and Secret: configuration data that pods read as files or environment variables.

use std::collections::BTreeMap;

use kapi::model::{ByteString, Registry, SchemaNode};
use kapi::{Resource, Schema};
use serde::{Deserialize, Serialize};

use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};

/// Non-confidential configuration: text values and binary values under keys.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", group = "", version = "v1", short_names = ["cm"], list = ConfigMapList)]
pub struct ConfigMap {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The config map's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// When true, the data cannot be changed (only the metadata); the object can only be deleted and created
    /// again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub immutable: Option<bool>,
    /// UTF-8 text values by key. Keys consist of alphanumerics, `-`, `_` and `.`, and appear in no other map of
    /// the object.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub data: Option<BTreeMap<String, String>>,
    /// Binary values by key, base64 in JSON; for values that are not UTF-8. Keys follow the rules of `data`,
    /// and a key may not appear in both.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "byte_map")]
    #[kapi(proto = 3, schema_with = byte_map_schema)]
    pub binary_data: Option<BTreeMap<String, Vec<u8>>>,
}

/// A page of config maps.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ConfigMapList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The config maps.
    #[kapi(proto = 2)]
    pub items: Vec<ConfigMap>,
}

/// Confidential data, such as passwords, tokens and keys, under keys; at most 1 MiB in all.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", group = "", version = "v1", list = SecretList)]
pub struct Secret {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The secret's metadata.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ObjectMeta,
    /// When true, the data cannot be changed (only the metadata); the object can only be deleted and created
    /// again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub immutable: Option<bool>,
    /// The secret values by key, base64 in JSON. Keys consist of alphanumerics, `-`, `_` and `.`.
    #[serde(default, skip_serializing_if = "Option::is_none", with = "byte_map")]
    #[kapi(proto = 2, schema_with = byte_map_schema)]
    pub data: Option<BTreeMap<String, Vec<u8>>>,
    /// Values given as plain text for convenience; write-only: merged into `data` on write (winning over its
    /// entries) and never returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub string_data: Option<BTreeMap<String, String>>,
    /// What the secret holds, which decides the keys it must have, such as `kubernetes.io/tls` or
    /// `kubernetes.io/dockerconfigjson`; `Opaque` (free-form) when unset.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub type_: Option<String>,
}

/// A page of secrets.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct SecretList {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata: resource version and continuation token.
    #[serde(default)]
    #[kapi(proto = 1)]
    pub metadata: ListMeta,
    /// The secrets.
    #[kapi(proto = 2)]
    pub items: Vec<Secret>,
}

/// The schema of a map of byte strings: an object whose values are base64 strings.
fn byte_map_schema(registry: &mut Registry) -> SchemaNode {
    registry.schema_for::<BTreeMap<String, ByteString>>()
}

/// A map of byte strings as Kubernetes writes it in JSON: each value in padded standard base64.
mod byte_map {
    use std::collections::BTreeMap;

    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use kapi_meta::byte_string::{decode, encode};

    pub fn serialize<S: Serializer>(
        value: &Option<BTreeMap<String, Vec<u8>>>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        let encoded: Option<BTreeMap<&str, String>> =
            value.as_ref().map(|map| map.iter().map(|(key, bytes)| (key.as_str(), encode(bytes))).collect());
        encoded.serialize(serializer)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<BTreeMap<String, Vec<u8>>>, D::Error> {
        let Some(encoded) = Option::<BTreeMap<String, String>>::deserialize(deserializer)? else { return Ok(None) };
        let mut map = BTreeMap::new();
        for (key, text) in encoded {
            let bytes = decode(&text).ok_or_else(|| D::Error::custom(format!("the value of `{key}` is not base64")))?;
            map.insert(key, bytes);
        }
        Ok(Some(map))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::{ConfigMap, Secret};

    #[test]
    fn binary_values_travel_as_base64_and_back() {
        let map = ConfigMap {
            binary_data: Some(BTreeMap::from([("blob".to_owned(), vec![0xff, 0x00, 0x10])])),
            ..ConfigMap::default()
        };
        let json = serde_json::to_value(&map).expect("serializes");
        assert_eq!(json["binaryData"]["blob"], "/wAQ");
        let back: ConfigMap = serde_json::from_value(json).expect("deserializes");
        assert_eq!(back, map);
        let bad = serde_json::from_value::<Secret>(serde_json::json!({"data": {"key": "not base64!"}}));
        assert!(bad.is_err());
    }
}
