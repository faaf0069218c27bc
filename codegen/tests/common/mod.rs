//! A small hand-built registry for the emitter tests: meta/v1 types, a namespaced `leases` resource, `deployments`
//! with status and scale subresources, and a cluster-scoped `widgets` resource using keywords swagger 2.0 lacks.
//! Names follow upstream so paths can be compared with the Kubernetes 1.32 documents.
#![allow(dead_code)]

use kapi_model::{
    DefName, DefinitionInfo, FieldFacts, GroupVersion, InstanceType, ListType, Registry, ResourceMeta, STANDARD_VERBS,
    Schema, SchemaNode, SchemaObject, Scope, Subresource, SubresourceKind, Union, ValidationRule, ZeroValue,
    element_schema, field_schema,
};
use serde_json::json;

/// A field: its schema, whether it is required, and its description.
pub struct Field {
    name: &'static str,
    node: SchemaNode,
    required: bool,
}

/// An optional field of type `T` (omitted when empty).
pub fn optional<T: Schema>(registry: &mut Registry, name: &'static str, description: &str) -> Field {
    let (mut node, required) = field_schema::<T>(registry, FieldFacts::default());
    node.keywords_mut().description = Some(description.to_owned());
    Field { name, node, required }
}

/// A field of type `T` that is always serialised (required unless `T` is an `Option`).
pub fn always<T: Schema>(registry: &mut Registry, name: &'static str, description: &str) -> Field {
    let facts = FieldFacts { always_serialized: true, ..FieldFacts::default() };
    let (mut node, required) = field_schema::<T>(registry, facts);
    node.keywords_mut().description = Some(description.to_owned());
    Field { name, node, required }
}

/// A field with a hand-made schema.
pub fn custom(name: &'static str, node: SchemaNode, required: bool) -> Field {
    Field { name, node, required }
}

/// An object schema from fields, in declaration order.
pub fn object(description: &str, fields: Vec<Field>) -> SchemaNode {
    let mut object = SchemaObject::of_type(InstanceType::Object);
    object.description = Some(description.to_owned());
    for field in fields {
        if field.required {
            object.required.push(field.name.to_owned());
        }
        object.properties.insert(field.name.to_owned(), field.node);
    }
    SchemaNode::inline(object)
}

macro_rules! named {
    ($ty:ident = $name:literal, zero $zero:expr, $(kind_everywhere $kind:literal,)? |$registry:ident| $body:expr) => {
        pub struct $ty;
        impl Schema for $ty {
            fn definition_name() -> Option<DefName> {
                Some(DefName::new($name))
            }
            fn schema($registry: &mut Registry) -> SchemaNode {
                $body
            }
            fn zero_value() -> ZeroValue {
                $zero
            }
            fn describe_definition(_info: &mut DefinitionInfo) {
                $( _info.kind_in_every_group_version = Some($kind.to_owned()); )?
            }
        }
    };
}

const META: &str = "io.k8s.apimachinery.pkg.apis.meta.v1";

named!(Time = "io.k8s.apimachinery.pkg.apis.meta.v1.Time", zero ZeroValue::None, |_r| {
    let mut time = SchemaObject::of_format(InstanceType::String, "date-time");
    time.description = Some("A timestamp in RFC 3339 form.".into());
    SchemaNode::inline(time)
});

named!(ObjectMeta = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta", zero ZeroValue::EmptyObject, |r| {
    let labels = optional::<std::collections::BTreeMap<String, String>>(r, "labels", "Labels.");
    object("Metadata every object has.", vec![
        optional::<String>(r, "name", "The name."),
        optional::<String>(r, "namespace", "The namespace."),
        labels,
        optional::<Option<Time>>(r, "creationTimestamp", "When it was created."),
    ])
});

named!(ListMeta = "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta", zero ZeroValue::EmptyObject, |r| {
    object("Metadata of lists.", vec![
        optional::<String>(r, "resourceVersion", "The list's version."),
        optional::<String>(r, "continue", "The next page's token."),
    ])
});

named!(DeleteOptions = "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions", zero ZeroValue::EmptyObject,
    kind_everywhere "DeleteOptions", |r| {
    let mut dry_run = optional::<Vec<String>>(r, "dryRun", "Dry run.");
    dry_run.node.keywords_mut().kubernetes.list_type = Some(ListType::Atomic);
    object("Options of a delete.", vec![optional::<Option<i64>>(r, "gracePeriodSeconds", "Grace."), dry_run])
});

named!(Status = "io.k8s.apimachinery.pkg.apis.meta.v1.Status", zero ZeroValue::EmptyObject, |r| {
    object("The outcome of an operation.", vec![
        optional::<ListMeta>(r, "metadata", "Metadata."),
        optional::<String>(r, "message", "What happened."),
        optional::<i32>(r, "code", "The HTTP code."),
    ])
});

named!(RawExtension = "io.k8s.apimachinery.pkg.runtime.RawExtension", zero ZeroValue::EmptyObject, |_r| {
    SchemaNode::inline(SchemaObject { description: Some("Any object.".into()), ..SchemaObject::of_type(InstanceType::Object) })
});

named!(WatchEvent = "io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent", zero ZeroValue::EmptyObject,
    kind_everywhere "WatchEvent", |r| {
    let mut event = object("A change to a watched object.", vec![
        always::<String>(r, "type", "The change."),
        always::<RawExtension>(r, "object", "The object."),
    ]);
    // Upstream writes the object field without a zero default.
    if let Some(field) = event.keywords_mut().properties.get_mut("object") {
        field.keywords_mut().zero_value = None;
    }
    event
});

named!(Patch = "io.k8s.apimachinery.pkg.apis.meta.v1.Patch", zero ZeroValue::EmptyObject, |_r| {
    SchemaNode::inline(SchemaObject { description: Some("A patch body.".into()), ..SchemaObject::of_type(InstanceType::Object) })
});

named!(ApiResource = "io.k8s.apimachinery.pkg.apis.meta.v1.APIResource", zero ZeroValue::EmptyObject, |r| {
    object("One resource.", vec![
        always::<String>(r, "name", "Plural name."),
        always::<String>(r, "kind", "Kind."),
        always::<Vec<String>>(r, "verbs", "Verbs."),
    ])
});

named!(ApiResourceList = "io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList", zero ZeroValue::EmptyObject, |r| {
    object("The resources of a group-version.", vec![
        always::<String>(r, "groupVersion", "The group-version."),
        always::<Vec<ApiResource>>(r, "resources", "The resources."),
    ])
});

named!(LeaseSpec = "io.k8s.api.coordination.v1.LeaseSpec", zero ZeroValue::EmptyObject, |r| {
    object("What a lease holds.", vec![
        optional::<Option<String>>(r, "holderIdentity", "Who holds it."),
        optional::<Option<i32>>(r, "leaseDurationSeconds", "How long."),
        optional::<Option<Time>>(r, "acquireTime", "Since when."),
    ])
});

named!(Lease = "io.k8s.api.coordination.v1.Lease", zero ZeroValue::EmptyObject, |r| {
    object("A lease.", vec![
        optional::<String>(r, "apiVersion", "The schema version."),
        optional::<String>(r, "kind", "The kind."),
        optional::<ObjectMeta>(r, "metadata", "Metadata."),
        optional::<LeaseSpec>(r, "spec", "The lease."),
    ])
});

named!(LeaseList = "io.k8s.api.coordination.v1.LeaseList", zero ZeroValue::EmptyObject, |r| {
    object("A list of leases.", vec![
        optional::<String>(r, "apiVersion", "The schema version."),
        always::<Vec<Lease>>(r, "items", "The leases."),
        optional::<String>(r, "kind", "The kind."),
        optional::<ListMeta>(r, "metadata", "Metadata."),
    ])
});

named!(IntOrString = "io.k8s.apimachinery.pkg.util.intstr.IntOrString", zero ZeroValue::None, |_r| {
    let choices = [InstanceType::Integer, InstanceType::String].map(|t| SchemaNode::inline(SchemaObject::of_type(t)));
    SchemaNode::inline(SchemaObject {
        description: Some("An integer or a string.".into()),
        format: Some("int-or-string".into()),
        one_of: choices.to_vec(),
        ..SchemaObject::default()
    })
});

named!(Quantity = "io.k8s.apimachinery.pkg.api.resource.Quantity", zero ZeroValue::None, |_r| {
    let choices = [InstanceType::String, InstanceType::Number].map(|t| SchemaNode::inline(SchemaObject::of_type(t)));
    SchemaNode::inline(SchemaObject { description: Some("An amount.".into()), one_of: choices.to_vec(), ..SchemaObject::default() })
});

named!(DeploymentSpec = "io.k8s.api.apps.v1.DeploymentSpec", zero ZeroValue::EmptyObject, |r| {
    let mut strategy = optional::<String>(r, "strategy", "How to roll out.");
    strategy.node.keywords_mut().enum_values = vec![json!("Recreate"), json!("RollingUpdate")];
    object("What a deployment should run.", vec![
        optional::<Option<i32>>(r, "replicas", "How many."),
        always::<ObjectMeta>(r, "template", "The pod template."),
        optional::<Option<IntOrString>>(r, "maxSurge", "The surge."),
        strategy,
    ])
});

named!(Deployment = "io.k8s.api.apps.v1.Deployment", zero ZeroValue::EmptyObject, |r| {
    object("A deployment.", vec![
        optional::<ObjectMeta>(r, "metadata", "Metadata."),
        optional::<DeploymentSpec>(r, "spec", "The spec."),
    ])
});

named!(DeploymentList = "io.k8s.api.apps.v1.DeploymentList", zero ZeroValue::EmptyObject, |r| {
    object("A list of deployments.", vec![
        optional::<ListMeta>(r, "metadata", "Metadata."),
        always::<Vec<Deployment>>(r, "items", "The deployments."),
    ])
});

named!(Scale = "io.k8s.api.autoscaling.v1.Scale", zero ZeroValue::EmptyObject, |r| {
    object("A scale.", vec![optional::<ObjectMeta>(r, "metadata", "Metadata."), optional::<i32>(r, "replicas", "How many.")])
});

named!(WidgetSpec = "com.example.v1alpha1.WidgetSpec", zero ZeroValue::EmptyObject, |r| {
    let mut size = optional::<Option<i64>>(r, "size", "The size.");
    let keywords = size.node.keywords_mut();
    keywords.nullable = true;
    keywords.bounds.minimum = Some(0.into());
    keywords.bounds.exclusive_minimum = true;
    keywords.example = Some(json!(3));
    keywords.default = Some(json!(1));
    keywords.deprecated = true;
    let mut secret = optional::<String>(r, "secret", "Write only.");
    secret.node.keywords_mut().write_only = true;
    let mut either = custom("either", SchemaNode::inline(SchemaObject {
        any_of: vec![SchemaNode::inline(SchemaObject::of_type(InstanceType::String)), SchemaNode::reference(DefName::new("io.k8s.apimachinery.pkg.api.resource.Quantity"))],
        not: Some(Box::new(SchemaNode::inline(SchemaObject::of_type(InstanceType::Boolean)))),
        ..SchemaObject::default()
    }), false);
    either.node.keywords_mut().description = Some("A string or a quantity.".into());
    r.register::<Quantity>();
    let mut port = optional::<Option<IntOrString>>(r, "port", "A port.");
    port.node.keywords_mut().nullable = true;
    let mut flexible = custom("flexible", SchemaNode::inline(SchemaObject::default()), false);
    flexible.node.keywords_mut().kubernetes.int_or_string = true;
    let mut spec = object("What a widget is.", vec![size, secret, either, port, flexible,
        optional::<std::collections::BTreeMap<String, Quantity>>(r, "limits", "Limits."),
        always::<Vec<i32>>(r, "counts", "Counts.")]);
    let keywords = spec.keywords_mut();
    keywords.kubernetes.validations = vec![ValidationRule { rule: "self.size >= 0".into(), message: Some("no".into()), ..Default::default() }];
    keywords.kubernetes.unions = vec![Union { discriminator: Some("mode".into()), fields_to_discriminate_by: [("size".to_owned(), "Size".to_owned())].into() }];
    keywords.kubernetes.preserve_unknown_fields = true;
    spec
});

named!(Widget = "com.example.v1alpha1.Widget", zero ZeroValue::EmptyObject, |r| {
    object("A widget.", vec![optional::<ObjectMeta>(r, "metadata", "Metadata."), always::<WidgetSpec>(r, "spec", "The spec.")])
});

named!(WidgetList = "com.example.v1alpha1.WidgetList", zero ZeroValue::EmptyObject, |r| {
    object("Widgets.", vec![optional::<ListMeta>(r, "metadata", "Metadata."), always::<Vec<Widget>>(r, "items", "Items.")])
});

fn meta(
    r: &mut Registry,
    group_version: GroupVersion,
    kind: &str,
    plural: &str,
    definition: DefName,
    list: DefName,
) -> ResourceMeta {
    let _ = r;
    ResourceMeta {
        group_version,
        kind: kind.to_owned(),
        plural: plural.to_owned(),
        singular: kind.to_lowercase(),
        scope: Scope::Namespaced,
        verbs: STANDARD_VERBS.iter().map(|v| (*v).to_owned()).collect(),
        short_names: Vec::new(),
        categories: Vec::new(),
        subresources: Vec::new(),
        definition,
        list_kind: Some(format!("{kind}List")),
        list_definition: Some(list),
        crd: None,
        delete_returns_object: false,
    }
}

/// Registers the meta/v1 definitions every served group-version needs.
pub fn register_meta(r: &mut Registry) {
    r.register::<DeleteOptions>()
        .register::<Status>()
        .register::<WatchEvent>()
        .register::<Patch>()
        .register::<ApiResourceList>();
}

/// The whole fixture.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    register_meta(&mut r);
    r.register::<Lease>().register::<LeaseList>();
    let leases = meta(
        &mut r,
        GroupVersion::new("coordination.k8s.io", "v1"),
        "Lease",
        "leases",
        name::<Lease>(),
        name::<LeaseList>(),
    );
    r.add_resource(leases);

    r.register::<Deployment>().register::<DeploymentList>().register::<Scale>();
    let mut deployments = meta(
        &mut r,
        GroupVersion::new("apps", "v1"),
        "Deployment",
        "deployments",
        name::<Deployment>(),
        name::<DeploymentList>(),
    );
    deployments.subresources = vec![
        Subresource {
            name: "scale".into(),
            kind: Some(SubresourceKind {
                group_version: GroupVersion::new("autoscaling", "v1"),
                kind: "Scale".into(),
                definition: name::<Scale>(),
            }),
            ..Subresource::new("scale", &["get", "patch", "update"])
        },
        Subresource::new("status", &["get", "patch", "update"]),
    ];
    r.add_resource(deployments);

    r.register::<Widget>().register::<WidgetList>();
    let mut widgets = meta(
        &mut r,
        GroupVersion::new("example.com", "v1alpha1"),
        "Widget",
        "widgets",
        name::<Widget>(),
        name::<WidgetList>(),
    );
    widgets.scope = Scope::Cluster;
    r.add_resource(widgets);
    r.add_known_group_version(GroupVersion::new("admission.k8s.io", "v1"));
    r
}

/// The definition name of `T`.
pub fn name<T: Schema>() -> DefName {
    T::definition_name().unwrap_or_else(|| DefName::new(META))
}

/// Parses one generated JSON artifact.
pub fn json_of(artifacts: &kapi_codegen::Artifacts, path: &str) -> serde_json::Value {
    let bytes = artifacts.get(path).unwrap_or_else(|| panic!("artifact {path} missing"));
    serde_json::from_slice(bytes).expect("valid JSON")
}

/// Elements of a list schema, for keeping `element_schema` in the fixture's vocabulary.
pub fn list_of<T: Schema>(r: &mut Registry) -> SchemaNode {
    SchemaNode::inline(SchemaObject {
        items: Some(Box::new(element_schema::<T>(r))),
        ..SchemaObject::of_type(InstanceType::Array)
    })
}
