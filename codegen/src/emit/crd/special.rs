//! Kubernetes' own types whose CRD form is not their published definition: the API server treats them specially,
//! so their schema inside a custom resource says what the server accepts, not how the type is declared.

use kapi_model::{InstanceType, SchemaNode, SchemaObject};

const INT_OR_STRING: &str = "io.k8s.apimachinery.pkg.util.intstr.IntOrString";
const QUANTITY: &str = "io.k8s.apimachinery.pkg.api.resource.Quantity";
const OBJECT_META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
const RAW_EXTENSION: &str = "io.k8s.apimachinery.pkg.runtime.RawExtension";

/// A decimal or binary-SI quantity such as `100m`, `1.5Gi` or `2e3`; written as a string or a bare number.
const QUANTITY_PATTERN: &str =
    r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)(([KMGTPE]i)|[numkMGTPE]|[eE][+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+))?$";

/// The CRD form of definition `name` when it is one of the special types.
pub(crate) fn special_form(name: &str) -> Option<SchemaObject> {
    match name {
        INT_OR_STRING => Some(int_or_string()),
        QUANTITY => {
            let mut quantity = int_or_string();
            quantity.bounds.pattern = Some(QUANTITY_PATTERN.to_owned());
            Some(quantity)
        }
        OBJECT_META => Some(embedded_object_meta()),
        // Anything goes inside; without the extension the server would prune it to `{}`.
        RAW_EXTENSION => {
            let mut raw = SchemaObject::of_type(InstanceType::Object);
            raw.kubernetes.preserve_unknown_fields = true;
            Some(raw)
        }
        _ => None,
    }
}

/// An integer or a string: the one union structural schemas allow, spelled the way the server requires.
pub(crate) fn int_or_string() -> SchemaObject {
    let mut object = SchemaObject::default();
    object.kubernetes.int_or_string = true;
    object.any_of = vec![
        SchemaNode::inline(SchemaObject::of_type(InstanceType::Integer)),
        SchemaNode::inline(SchemaObject::of_type(InstanceType::String)),
    ];
    object
}

/// The metadata of an object embedded in a custom resource (a template): the server keeps only what is declared,
/// and validates no more than these fields.
fn embedded_object_meta() -> SchemaObject {
    let string = || SchemaNode::inline(SchemaObject::of_type(InstanceType::String));
    let string_map = || {
        let mut map = SchemaObject::of_type(InstanceType::Object);
        map.additional_properties = Some(Box::new(string()));
        SchemaNode::inline(map)
    };
    let mut finalizers = SchemaObject::of_type(InstanceType::Array);
    finalizers.items = Some(Box::new(string()));
    let mut meta = SchemaObject::of_type(InstanceType::Object);
    for (name, node) in [
        ("annotations", string_map()),
        ("finalizers", SchemaNode::inline(finalizers)),
        ("labels", string_map()),
        ("name", string()),
        ("namespace", string()),
    ] {
        meta.properties.insert(name.to_owned(), node);
    }
    meta
}
