//! `TypeMeta<K>`: the `apiVersion` and `kind` a kube-rs program must send, written from the kind's own
//! kube-core `Resource` impl and holding nothing.
//!
//! kube-derive writes them in its generated `Serialize`; a kapi kind keeps serde's derive, so it states them through
//! a flattened field of this type instead. Being a zero-sized value, it cannot disagree with the kind, and
//! `Default` is all a constructor has to give it.

use std::fmt;
use std::marker::PhantomData;

use kube_core::Resource;
use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::registry::Registry;
use crate::schema::{InstanceType, SchemaNode, SchemaObject};
use crate::traits::Schema;

/// The `apiVersion` and `kind` of kind `K`, for a `#[serde(flatten)]` field of `K`:
///
/// ```ignore
/// #[serde(flatten)]
/// pub types: kapi::kube::TypeMeta<Self>,
/// ```
///
/// It serialises as `K`'s group/version and kind, and reads any: what the server sends back for a kind is that kind
/// (kube-derive's kinds ignore the two fields on input too).
pub struct TypeMeta<K>(PhantomData<fn() -> K>);

const FIELDS: &[&str] = &["apiVersion", "kind"];

impl<K> TypeMeta<K> {
    /// The kind's type information; the same as `Default::default()`.
    pub const fn new() -> Self {
        Self(PhantomData)
    }
}

// By hand rather than derived: a derive would ask `K` for each trait, and the kind holding this field is the `K`.
impl<K> Default for TypeMeta<K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<K> Clone for TypeMeta<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for TypeMeta<K> {}

impl<K> PartialEq for TypeMeta<K> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<K> Eq for TypeMeta<K> {}

impl<K> std::hash::Hash for TypeMeta<K> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl<K: Resource<DynamicType = ()>> fmt::Debug for TypeMeta<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TypeMeta").field("api_version", &K::api_version(&())).field("kind", &K::kind(&())).finish()
    }
}

impl<K: Resource<DynamicType = ()>> Serialize for TypeMeta<K> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut fields = serializer.serialize_struct("TypeMeta", 2)?;
        fields.serialize_field("apiVersion", &K::api_version(&()))?;
        fields.serialize_field("kind", &K::kind(&()))?;
        fields.end()
    }
}

impl<'de, K> Deserialize<'de> for TypeMeta<K> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_struct("TypeMeta", FIELDS, Ignore(PhantomData))
    }
}

/// Reads the two fields (or an object holding them) and keeps nothing.
struct Ignore<K>(PhantomData<fn() -> K>);

impl<'de, K> Visitor<'de> for Ignore<K> {
    type Value = TypeMeta<K>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object's apiVersion and kind")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(TypeMeta::new())
    }
}

// Between versions of a `#[kapi::versioned]` kind: the target's own apiVersion and kind.
impl<A, B> crate::conversion::Convert<TypeMeta<B>> for TypeMeta<A> {
    fn convert(self) -> Result<TypeMeta<B>, crate::conversion::ConversionError> {
        Ok(TypeMeta::new())
    }
}

impl<K> Schema for TypeMeta<K> {
    fn schema(_: &mut Registry) -> SchemaNode {
        let string = |description: &str| {
            SchemaNode::inline(SchemaObject {
                description: Some(description.to_owned()),
                ..SchemaObject::of_type(InstanceType::String)
            })
        };
        let mut object = SchemaObject::of_type(InstanceType::Object);
        object.properties.insert(
            "apiVersion".to_owned(),
            string("The group and version of the schema this object is written in, such as `apps/v1`."),
        );
        object.properties.insert("kind".to_owned(), string("The kind of this object, in CamelCase."));
        SchemaNode::inline(object)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Gadget;

    impl Resource for Gadget {
        type DynamicType = ();
        type Scope = k8s_openapi::NamespaceResourceScope;
        fn kind(_: &()) -> std::borrow::Cow<'_, str> {
            "Gadget".into()
        }
        fn group(_: &()) -> std::borrow::Cow<'_, str> {
            "gadgets.example.com".into()
        }
        fn version(_: &()) -> std::borrow::Cow<'_, str> {
            "v1beta1".into()
        }
        fn plural(_: &()) -> std::borrow::Cow<'_, str> {
            "gadgets".into()
        }
        fn meta(&self) -> &k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta {
            unreachable!("the tests read no metadata")
        }
        fn meta_mut(&mut self) -> &mut k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta {
            unreachable!("the tests read no metadata")
        }
    }

    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Object {
        #[serde(flatten)]
        types: TypeMeta<Gadget>,
        size: u32,
    }

    #[test]
    fn writes_the_kinds_api_version_and_kind() {
        let json = serde_json::to_value(Object { types: TypeMeta::new(), size: 3 }).expect("JSON");
        assert_eq!(json, serde_json::json!({"apiVersion": "gadgets.example.com/v1beta1", "kind": "Gadget", "size": 3}));
    }

    #[test]
    fn reads_objects_with_or_without_them() {
        for json in [
            r#"{"apiVersion": "gadgets.example.com/v1beta1", "kind": "Gadget", "size": 3}"#,
            r#"{"size": 3}"#,
            r#"{"apiVersion": "other/v1", "size": 3}"#,
        ] {
            let object: Object = serde_json::from_str(json).expect("an object");
            assert_eq!(object.size, 3, "{json}");
        }
    }

    #[test]
    fn shows_what_it_writes() {
        let shown = format!("{:?}", TypeMeta::<Gadget>::new());
        assert_eq!(shown, r#"TypeMeta { api_version: "gadgets.example.com/v1beta1", kind: "Gadget" }"#);
    }

    #[test]
    fn describes_both_fields_as_strings() {
        let node = TypeMeta::<Gadget>::schema(&mut Registry::new());
        let properties: Vec<_> = node.keywords().properties.keys().collect();
        assert_eq!(properties, ["apiVersion", "kind"]);
    }
}
