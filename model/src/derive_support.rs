//! Helpers the derive macros' expanded code calls, so that the expansion stays short and the logic is tested here.
//! Not a stable API: use the derives.

use std::collections::BTreeMap;

pub use serde_json::{Map, Number, Value};

use crate::conversion::plan::ConversionPlan;
use crate::extensions::Union;
use crate::keyword::Setting;
use crate::names::{DefName, GroupVersion};
use crate::proto::InlineMessage;
use crate::registry::{DefinitionInfo, Registry};
use crate::resource::{
    Connect, ConversionWebhook, CrdVersion, PrinterColumn, ResourceMeta, ScalePaths, Scope, Subresource,
    SubresourceKind,
};
use crate::schema::{InstanceType, SchemaNode, SchemaObject};
use crate::traits::{FieldFacts, Schema, field_schema};

/// The keywords a type's or field's attributes set, as one overlay.
pub fn overlay(settings: impl IntoIterator<Item = Setting>) -> SchemaObject {
    let mut object = SchemaObject::default();
    for setting in settings {
        object.set(setting);
    }
    object
}

/// A floating-point literal the derive wrote; it only writes finite ones, which JSON numbers can hold.
pub fn float(value: f64) -> Number {
    Number::from_f64(value).unwrap_or_else(|| Number::from(0))
}

/// A JSON object from its entries in order.
pub fn json_object<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::Object(entries.into_iter().map(|(key, value)| (key.to_owned(), value)).collect())
}

/// Subschemas written as JSON (`one_of_json = "..."`), which the derive checked when it read the attribute.
pub fn schemas(value: Value) -> Vec<SchemaNode> {
    serde_json::from_value(value).unwrap_or_default()
}

/// One subschema written as JSON (`not_json = "..."`), checked by the derive.
pub fn boxed_schema(value: Value) -> Box<SchemaNode> {
    Box::new(serde_json::from_value(value).unwrap_or_else(|_| SchemaNode::inline(SchemaObject::default())))
}

/// A discriminated union from `union(discriminator = ...)` and its `union_member` fields.
pub fn union(discriminator: Option<&str>, members: &[(&str, &str)]) -> Union {
    let fields_to_discriminate_by: BTreeMap<String, String> =
        members.iter().map(|(field, value)| ((*field).to_owned(), (*value).to_owned())).collect();
    Union { discriminator: discriminator.map(str::to_owned), fields_to_discriminate_by }
}

/// Adds a field of type `T` to `object`, applying the field's keyword settings.
pub fn property<T: Schema>(
    registry: &mut Registry,
    object: &mut SchemaObject,
    name: &str,
    facts: FieldFacts,
    settings: impl IntoIterator<Item = Setting>,
) {
    let (node, required) = field_schema::<T>(registry, facts);
    property_node(object, name, node, required, settings);
}

/// Adds a field whose schema was supplied directly (`schema_with`, `schemaless`).
pub fn property_node(
    object: &mut SchemaObject,
    name: &str,
    mut node: SchemaNode,
    required: bool,
    settings: impl IntoIterator<Item = Setting>,
) {
    node.keywords_mut().apply(overlay(settings));
    if required {
        object.required.push(name.to_owned());
    }
    object.properties.insert(name.to_owned(), node);
}

/// Records a field only the protobuf form has (a serde-skipped field with `proto = N`) on the definition of `Owner`,
/// registering the field's type.
pub fn wire_only<T: Schema, Owner: Schema + ?Sized>(registry: &mut Registry, name: &str, description: Option<&str>) {
    let mut node = registry.schema_for::<T>();
    node.keywords_mut().description = description.map(str::to_owned);
    let Some(owner) = Owner::definition_name() else {
        registry.report(format!("wire-only field `{name}` belongs to an `inline` type, which has no protobuf message"));
        return;
    };
    if let Some(info) = registry.info_mut(&owner) {
        info.proto.wire_only.insert(name.to_owned(), node);
    }
}

/// Records a `#[serde(flatten)]` field with `proto = N` as an embedded message of `Owner`'s protobuf form: the
/// flattened properties travel inside a field `name` of `T`'s message, as go-to-protobuf writes embedded structs.
/// An `inline` type has no definition, so its message is recorded with the field and written in `Owner`'s package
/// (OpenAPI and JSON Schema still see only the flattened properties). The description becomes the field's comment.
pub fn embedded<T: Schema, Owner: Schema + ?Sized>(registry: &mut Registry, name: &str, description: Option<&str>) {
    let mut node = registry.schema_for::<T>();
    let Some(owner) = Owner::definition_name() else {
        registry.report(format!("embedded field `{name}` belongs to an `inline` type, which has no protobuf message"));
        return;
    };
    if node.target().is_some() {
        node.keywords_mut().description = description.map(str::to_owned);
        if let Some(info) = registry.info_mut(&owner) {
            info.proto.embedded.insert(name.to_owned(), node);
        }
        return;
    }
    let Some(message) = T::inline_message_name() else {
        registry.report(format!(
            "embedded field `{name}` needs a type with a definition of its own, or an `inline` type deriving Schema"
        ));
        return;
    };
    let mut facts = DefinitionInfo::default();
    T::describe_definition(&mut facts);
    let inline = InlineMessage {
        name: message.to_owned(),
        field_description: description.map(str::to_owned),
        schema: node,
        proto: facts.proto,
    };
    if let Some(info) = registry.info_mut(&owner) {
        info.proto.embedded_inline.insert(name.to_owned(), inline);
    }
}

/// Merges the properties of a `#[serde(flatten)]` field's type into `object`.
pub fn flatten<T: Schema>(registry: &mut Registry, object: &mut SchemaObject) {
    let node = registry.schema_for::<T>();
    let body = match node.target() {
        Some(target) => registry.definition(target).map(|d| d.schema.keywords().clone()).unwrap_or_default(),
        None => node.keywords().clone(),
    };
    for (name, property) in body.properties {
        object.properties.insert(name, property);
    }
    object.required.extend(body.required);
    if body.additional_properties.is_some() {
        object.additional_properties = body.additional_properties;
    }
}

/// Applies the type-level keyword settings to a type's schema.
pub fn finish(mut node: SchemaNode, settings: impl IntoIterator<Item = Setting>) -> SchemaNode {
    node.keywords_mut().apply(overlay(settings));
    node
}

/// An object schema to add properties to.
pub fn object() -> SchemaObject {
    SchemaObject::of_type(InstanceType::Object)
}

/// `{type: string, enum: [...]}` for enums of unit variants.
pub fn string_enum(names: &[&str]) -> SchemaNode {
    SchemaNode::inline(SchemaObject {
        enum_values: names.iter().map(|n| Value::from(*n)).collect(),
        ..SchemaObject::of_type(InstanceType::String)
    })
}

/// `{type: string, x-extensible-enum: [...]}` for enums of unit variants marked open (`#[kapi(open)]`, or a
/// `#[serde(other)]` catch-all variant): values not listed are accepted, so the list may grow without breaking
/// readers of today's documents.
pub fn open_string_enum(names: &[&str]) -> SchemaNode {
    SchemaNode::inline(SchemaObject {
        known_values: names.iter().map(|n| Value::from(*n)).collect(),
        ..SchemaObject::of_type(InstanceType::String)
    })
}

/// A fixed-length tuple, written as an array of that many items.
pub fn tuple(length: u64) -> SchemaNode {
    let mut object = SchemaObject::of_type(InstanceType::Array);
    object.bounds.min_items = Some(length);
    object.bounds.max_items = Some(length);
    SchemaNode::inline(object)
}

fn tagged_object(properties: Vec<(&str, SchemaNode)>) -> SchemaObject {
    let mut object = object();
    for (name, node) in properties {
        object.required.push(name.to_owned());
        object.properties.insert(name.to_owned(), node);
    }
    object
}

/// Externally tagged variant: a unit is its name; others are `{name: inner}`.
pub fn variant_external(name: &str, inner: Option<SchemaNode>) -> SchemaNode {
    match inner {
        None => string_enum(&[name]),
        Some(inner) => SchemaNode::inline(tagged_object(vec![(name, inner)])),
    }
}

/// Internally tagged variant: the tag property sits beside the variant's own fields.
pub fn variant_internal(tag: &str, name: &str, inner: Option<SchemaNode>) -> SchemaNode {
    let tag_object = tagged_object(vec![(tag, string_enum(&[name]))]);
    match inner {
        None => SchemaNode::inline(tag_object),
        Some(SchemaNode::Inline(mut fields)) if fields.instance_type == Some(InstanceType::Object) => {
            fields.properties.shift_insert(0, tag.to_owned(), string_enum(&[name]));
            fields.required.insert(0, tag.to_owned());
            SchemaNode::Inline(fields)
        }
        Some(other) => SchemaNode::inline(SchemaObject {
            all_of: vec![other, SchemaNode::inline(tag_object)],
            ..Default::default()
        }),
    }
}

/// Adjacently tagged variant: `{tag: name, content: inner}`.
pub fn variant_adjacent(tag: &str, content: &str, name: &str, inner: Option<SchemaNode>) -> SchemaNode {
    let mut properties = vec![(tag, string_enum(&[name]))];
    if let Some(inner) = inner {
        properties.push((content, inner));
    }
    SchemaNode::inline(tagged_object(properties))
}

/// An untagged unit variant serialises as null.
pub fn null_variant() -> SchemaNode {
    SchemaNode::inline(SchemaObject { nullable: true, enum_values: vec![Value::Null], ..Default::default() })
}

/// Sets a variant's description.
pub fn described(mut node: SchemaNode, description: &str) -> SchemaNode {
    node.keywords_mut().description = Some(description.to_owned());
    node
}

/// Combines variants: `oneOf` for tagged enums (exactly one shape matches), `anyOf` for untagged ones unless asked.
pub fn alternatives(variants: Vec<SchemaNode>, one_of: bool) -> SchemaNode {
    let mut object = SchemaObject::default();
    if one_of {
        object.one_of = variants
    } else {
        object.any_of = variants
    }
    SchemaNode::inline(object)
}

/// The definition name of a named type, registering it.
pub fn definition_of<T: Schema>(registry: &mut Registry) -> DefName {
    let node = registry.schema_for::<T>();
    match node.target() {
        Some(target) => target.clone(),
        None => {
            let name = DefName::new(std::any::type_name::<T>());
            registry.report(format!(
                "`{name}` is used as a resource or list kind but is `inline`, so it has no definition"
            ));
            name
        }
    }
}

/// The literal parts of a resource's metadata as the derive wrote them.
#[derive(Debug)]
pub struct ResourceSpec<'a> {
    pub group: &'a str,
    pub version: &'a str,
    pub kind: &'a str,
    pub plural: &'a str,
    pub singular: &'a str,
    pub cluster_scoped: bool,
    pub verbs: &'a [&'a str],
    pub short_names: &'a [&'a str],
    pub categories: &'a [&'a str],
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| (*s).to_owned()).collect()
}

/// Builds resource metadata.
pub fn resource_meta(
    spec: ResourceSpec,
    definition: DefName,
    list: Option<DefName>,
    subresources: Vec<Subresource>,
) -> ResourceMeta {
    ResourceMeta {
        group_version: GroupVersion::new(spec.group, spec.version),
        kind: spec.kind.to_owned(),
        plural: spec.plural.to_owned(),
        singular: spec.singular.to_owned(),
        scope: if spec.cluster_scoped { Scope::Cluster } else { Scope::Namespaced },
        verbs: strings(spec.verbs),
        short_names: strings(spec.short_names),
        categories: strings(spec.categories),
        subresources,
        definition,
        list_kind: list.as_ref().map(|l| l.short_name().to_owned()),
        list_definition: list,
        crd: None,
        delete_returns_object: false,
    }
}

/// The literal parts of `#[kapi(crd(...))]`.
#[derive(Debug)]
pub struct CrdSpec<'a> {
    pub served: bool,
    pub storage: Option<bool>,
    pub deprecated: bool,
    pub deprecation_warning: Option<&'a str>,
    pub printer_columns: &'a [PrinterColumnSpec<'a>],
    pub selectable_fields: &'a [&'a str],
    pub conversion_webhook: Option<ConversionWebhookSpec<'a>>,
    /// Written by `#[kapi::versioned]` on the storage version: the kind's conversions as data.
    pub conversion_plan: Option<fn() -> ConversionPlan>,
    pub api_approved: Option<&'a str>,
    pub position: Option<u32>,
    pub empty_subresources: bool,
}

/// The literal parts of `conversion_webhook(...)`.
#[derive(Debug)]
pub struct ConversionWebhookSpec<'a> {
    pub url: Option<&'a str>,
    pub service: Option<(&'a str, &'a str)>,
    pub path: Option<&'a str>,
    pub port: Option<i32>,
}

/// The literal parts of one `printer_column(...)`.
#[derive(Debug)]
pub struct PrinterColumnSpec<'a> {
    pub name: &'a str,
    pub column_type: &'a str,
    pub json_path: &'a str,
    pub description: Option<&'a str>,
    pub format: Option<&'a str>,
    pub priority: i32,
}

/// Builds the CRD settings of one version of a kind.
pub fn crd_version(spec: CrdSpec) -> CrdVersion {
    let column = |c: &PrinterColumnSpec| PrinterColumn {
        name: c.name.to_owned(),
        column_type: c.column_type.to_owned(),
        json_path: c.json_path.to_owned(),
        description: c.description.map(str::to_owned),
        format: c.format.map(str::to_owned),
        priority: c.priority,
    };
    CrdVersion {
        served: spec.served,
        storage: spec.storage,
        deprecated: spec.deprecated || spec.deprecation_warning.is_some(),
        deprecation_warning: spec.deprecation_warning.map(str::to_owned),
        printer_columns: spec.printer_columns.iter().map(column).collect(),
        selectable_fields: strings(spec.selectable_fields),
        conversion_webhook: spec.conversion_webhook.map(|webhook| ConversionWebhook {
            url: webhook.url.map(str::to_owned),
            service: webhook.service.map(|(namespace, name)| (namespace.to_owned(), name.to_owned())),
            path: webhook.path.map(str::to_owned),
            port: webhook.port,
        }),
        conversion: spec.conversion_plan.map(|plan| plan()),
        api_approved: spec.api_approved.map(str::to_owned),
        position: spec.position,
        empty_subresources: spec.empty_subresources,
    }
}

const SUBRESOURCE_VERBS: [&str; 3] = ["get", "patch", "update"];

/// The `status` subresource.
pub fn status_subresource() -> Subresource {
    Subresource::new("status", &SUBRESOURCE_VERBS)
}

/// The `scale` subresource speaking kind `S` (autoscaling/v1 Scale), whose group-version-kind it declares.
pub fn scale_subresource<S: Schema>(
    registry: &mut Registry,
    spec: &str,
    status: &str,
    selector: Option<&str>,
) -> Subresource {
    let paths = ScalePaths {
        spec_replicas_path: spec.to_owned(),
        status_replicas_path: status.to_owned(),
        label_selector_path: selector.map(str::to_owned),
    };
    Subresource {
        kind: subresource_kind::<S>(registry),
        scale: Some(paths),
        ..Subresource::new("scale", &SUBRESOURCE_VERBS)
    }
}

/// The group-version-kind and definition of `K`, a kind a subresource speaks; `None` (and a reported problem) when
/// `K` declares no group-version-kind.
pub fn subresource_kind<K: Schema>(registry: &mut Registry) -> Option<SubresourceKind> {
    let definition = definition_of::<K>(registry);
    let declared = registry.definition(&definition).and_then(|d| d.info.kinds.first().cloned());
    match declared {
        Some(gvk) => Some(SubresourceKind {
            group_version: GroupVersion::new(gvk.group, gvk.version),
            kind: gvk.kind,
            definition,
        }),
        None => {
            registry.report(format!(
                "subresource kind `{definition}` declares no group-version-kind; add #[kapi(gvk(...))]"
            ));
            None
        }
    }
}

/// The literal parts of a `subresource(...)` attribute.
#[derive(Debug)]
pub struct SubresourceSpec<'a> {
    pub name: &'a str,
    pub verbs: &'a [&'a str],
    /// HTTP methods; empty unless it is a connect subresource.
    pub connect: &'a [&'a str],
    pub subpath: bool,
    pub text_media_types: &'a [&'a str],
}

/// A subresource from `subresource(...)`. A connect subresource speaks its options kind unless it names another,
/// and its verbs follow from its methods unless written.
pub fn subresource(
    spec: SubresourceSpec,
    kind: Option<Option<SubresourceKind>>,
    options: Option<Option<SubresourceKind>>,
) -> Subresource {
    let options = options.flatten();
    let connect = (!spec.connect.is_empty()).then(|| Connect { methods: strings(spec.connect), subpath: spec.subpath });
    let kind = match kind {
        Some(kind) => kind,
        None if connect.is_some() => options.clone(),
        None => None,
    };
    let verbs = match &connect {
        Some(connect) if spec.verbs.is_empty() => connect.verbs(),
        // Like `status`, a subresource speaking an object is read and written unless it says otherwise.
        None if spec.verbs.is_empty() => strings(&SUBRESOURCE_VERBS),
        _ => strings(spec.verbs),
    };
    Subresource {
        kind,
        verbs,
        options: options.map(|options| options.definition),
        connect,
        text_media_types: strings(spec.text_media_types),
        ..Subresource::new(spec.name, &[])
    }
}

/// Field names of derived structs, for compile-time checks of `list_map_keys`.
pub trait JsonFields {
    const JSON_FIELDS: &'static [&'static str];
}

/// How many names `parts` hold together; usable in constants.
pub const fn count_fields(parts: &[&[&str]]) -> usize {
    let (mut total, mut i) = (0, 0);
    while i < parts.len() {
        total += parts[i].len();
        i += 1;
    }
    total
}

/// The names of `parts` in one array of `N` (their count): a struct's own fields followed by those its embedded
/// types (flattened fields with `proto = N`) bring into its JSON object; usable in constants.
pub const fn join_fields<const N: usize>(parts: &[&[&'static str]]) -> [&'static str; N] {
    let mut all = [""; N];
    let (mut part, mut at) = (0, 0);
    while part < parts.len() {
        let mut i = 0;
        while i < parts[part].len() {
            all[at] = parts[part][i];
            at += 1;
            i += 1;
        }
        part += 1;
    }
    all
}

/// Whether `fields` contains `name`; usable in constants.
pub const fn has_field(fields: &[&str], name: &str) -> bool {
    let mut i = 0;
    while i < fields.len() {
        if str_eq(fields[i], name) {
            return true;
        }
        i += 1;
    }
    false
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_tags_go_first() {
        let mut inner = object();
        inner.properties.insert("size".into(), SchemaNode::inline(SchemaObject::of_type(InstanceType::Integer)));
        let node = variant_internal("kind", "Big", Some(SchemaNode::inline(inner)));
        let keys: Vec<_> = node.keywords().properties.keys().cloned().collect();
        assert_eq!(keys, ["kind", "size"]);
        assert_eq!(node.keywords().required, ["kind"]);
    }

    #[test]
    fn further_subresources_default_to_the_status_verbs() {
        let spec = |name, verbs| SubresourceSpec { name, verbs, connect: &[], subpath: false, text_media_types: &[] };
        let approval = subresource(spec("approval", &[]), None, None);
        assert_eq!((approval.name.as_str(), approval.verbs.as_slice()), ("approval", &strings(&SUBRESOURCE_VERBS)[..]));
        assert_eq!(subresource(spec("token", &["create"]), None, None).verbs, ["create"]);
        assert!(approval.kind.is_none() && approval.scale.is_none() && approval.connect.is_none());
    }

    #[test]
    fn connect_subresources_speak_their_options_kind_and_derive_their_verbs() {
        let options = SubresourceKind {
            group_version: GroupVersion::new("", "v1"),
            kind: "PodProxyOptions".into(),
            definition: DefName::new("io.k8s.api.core.v1.PodProxyOptions"),
        };
        let spec = SubresourceSpec {
            name: "proxy",
            verbs: &[],
            connect: &["GET", "POST", "HEAD"],
            subpath: true,
            text_media_types: &[],
        };
        let proxy = subresource(spec, None, Some(Some(options.clone())));
        assert_eq!(proxy.kind.as_ref(), Some(&options));
        assert_eq!(proxy.verbs, ["create", "get"]);
        assert_eq!(proxy.options, Some(options.definition.clone()));
        assert!(proxy.connect.is_some_and(|connect| connect.subpath));
        let log = SubresourceSpec {
            name: "log",
            verbs: &["get"],
            connect: &[],
            subpath: false,
            text_media_types: &["text/plain"],
        };
        let log = subresource(log, None, Some(Some(options)));
        assert_eq!(
            (log.kind, log.verbs, log.text_media_types),
            (None, vec!["get".to_owned()], vec!["text/plain".to_owned()])
        );
    }

    #[test]
    fn constant_field_lookup() {
        const FIELDS: &[&str] = &["name", "port"];
        assert!(has_field(FIELDS, "port"));
        assert!(!has_field(FIELDS, "por"));
    }

    #[test]
    fn overlays_are_built_from_typed_settings() {
        let object = overlay([
            Setting::Description("d".to_owned()),
            Setting::ListType(crate::extensions::ListType::Map),
            Setting::ListMapKeys(vec!["name".to_owned()]),
            Setting::Minimum(Number::from(1)),
            Setting::Unions(vec![union(Some("kind"), &[("big", "Big")])]),
        ]);
        assert_eq!(object.description.as_deref(), Some("d"));
        assert_eq!(object.kubernetes.list_map_keys, ["name"]);
        assert_eq!(object.bounds.minimum, Some(Number::from(1)));
        assert_eq!(object.kubernetes.unions[0].fields_to_discriminate_by["big"], "Big");
        assert_eq!(float(1.5).as_f64(), Some(1.5));
        assert_eq!(json_object([("a", Value::Bool(true))]), serde_json::json!({"a": true}));
    }
}
