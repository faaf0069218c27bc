//! Connect subresources and reads with options: the operations kube-apiserver installs for `pods/exec`,
//! `pods/proxy` and `pods/log`, on a fixture resource.

use crate::common;

use kapi_codegen::{Options, generate};
use kapi_model::{
    Connect, DefName, GroupVersion, InstanceType, Registry, ResourceMeta, STANDARD_VERBS, SchemaNode, SchemaObject,
    Scope, Subresource, SubresourceKind,
};
use serde_json::{Value, json};

use common::{Lease, LeaseList, name, register_meta};

fn scalar(instance_type: InstanceType, description: &str) -> SchemaNode {
    SchemaNode::inline(SchemaObject { description: Some(description.into()), ..SchemaObject::of_type(instance_type) })
}

/// An options kind: type meta, a list of words, a flag, and a field of a named type.
fn exec_options() -> SchemaNode {
    let mut object = SchemaObject::of_type(InstanceType::Object);
    let mut command = SchemaObject::of_type(InstanceType::Array);
    command.description = Some("The command.".into());
    command.items = Some(Box::new(scalar(InstanceType::String, "")));
    object.properties.insert("apiVersion".into(), scalar(InstanceType::String, "Version."));
    object.properties.insert("command".into(), SchemaNode::inline(command));
    object.properties.insert("tty".into(), scalar(InstanceType::Boolean, "A terminal."));
    let time = DefName::new("io.k8s.apimachinery.pkg.apis.meta.v1.Time");
    object.properties.insert("since".into(), SchemaNode::reference(time));
    SchemaNode::inline(object)
}

fn generated() -> Value {
    let mut r = Registry::new();
    register_meta(&mut r);
    r.register::<Lease>().register::<LeaseList>();
    let options = DefName::new("io.k8s.api.coordination.v1.LeaseExecOptions");
    r.import_definition(options.clone(), exec_options(), "the test");
    let exec_kind = SubresourceKind {
        group_version: GroupVersion::new("coordination.k8s.io", "v1"),
        kind: "LeaseExecOptions".into(),
        definition: options.clone(),
    };
    let connect =
        |methods: &[&str], subpath| Connect { methods: methods.iter().map(|m| (*m).to_owned()).collect(), subpath };
    let exec = Subresource {
        kind: Some(exec_kind.clone()),
        options: Some(options.clone()),
        connect: Some(connect(&["GET", "POST"], false)),
        ..Subresource::new("exec", &["create", "get"])
    };
    let proxy = Subresource {
        kind: Some(exec_kind),
        options: Some(options.clone()),
        connect: Some(connect(&["GET", "HEAD"], true)),
        ..Subresource::new("proxy", &["get"])
    };
    let log = Subresource {
        options: Some(options),
        text_media_types: vec!["text/plain".into()],
        ..Subresource::new("log", &["get"])
    };
    r.add_resource(ResourceMeta {
        group_version: GroupVersion::new("coordination.k8s.io", "v1"),
        kind: "Lease".into(),
        plural: "leases".into(),
        singular: "lease".into(),
        scope: Scope::Namespaced,
        verbs: STANDARD_VERBS.iter().map(|v| (*v).to_owned()).collect(),
        short_names: vec![],
        categories: vec![],
        subresources: vec![exec, proxy, log],
        definition: name::<Lease>(),
        list_kind: Some("LeaseList".into()),
        list_definition: Some(name::<LeaseList>()),
        crd: None,
        delete_returns_object: false,
    });
    let artifacts = generate(&r, &Options::default()).expect("generate");
    common::json_of(&artifacts, "openapi/v3/apis/coordination.k8s.io/v1.json")
}

fn parameters(item: &Value) -> Vec<(String, String, String)> {
    let list = item["parameters"].as_array().cloned().unwrap_or_default();
    let text = |value: &Value| value.as_str().unwrap_or_default().to_owned();
    list.iter().map(|p| (text(&p["name"]), text(&p["in"]), text(&p["schema"]["type"]))).collect()
}

#[test]
fn connect_subresources_have_one_connect_operation_per_method() {
    let document = generated();
    let base = "/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases/{name}";
    let exec = &document["paths"][format!("{base}/exec")];
    let get = &exec["get"];
    assert_eq!(get["operationId"], "connectCoordinationV1GetNamespacedLeaseExec");
    assert_eq!(get["x-kubernetes-action"], "connect");
    assert_eq!(get["x-kubernetes-group-version-kind"]["kind"], "LeaseExecOptions");
    assert_eq!(get["responses"]["200"]["content"], json!({"*/*": {"schema": {"type": "string"}}}));
    assert!(get.get("requestBody").is_none());
    assert_eq!(exec["post"]["operationId"], "connectCoordinationV1PostNamespacedLeaseExec");
    // The options' scalar fields and lists of scalars; no type meta, no field of a named type, no `pretty`.
    let expected = [("command", "query", "string"), ("name", "path", "string"), ("namespace", "path", "string")]
        .into_iter()
        .chain([("tty", "query", "boolean")])
        .map(|(a, b, c)| (a.to_owned(), b.to_owned(), c.to_owned()))
        .collect::<Vec<_>>();
    assert_eq!(parameters(exec), expected);
    let with_path = &document["paths"][format!("{base}/proxy/{{path}}")];
    assert_eq!(with_path["head"]["operationId"], "connectCoordinationV1HeadNamespacedLeaseProxyWithPath");
    assert!(parameters(with_path).contains(&("path".into(), "path".into(), "string".into())));
    // The options' definition is a query string, never a body, so the document does not list it.
    assert!(document["components"]["schemas"].get("io.k8s.api.coordination.v1.LeaseExecOptions").is_none());
}

#[test]
fn reads_with_options_take_them_as_query_parameters_and_answer_text() {
    let document = generated();
    let log = &document["paths"]["/apis/coordination.k8s.io/v1/namespaces/{namespace}/leases/{name}/log"];
    assert_eq!(log["get"]["operationId"], "readCoordinationV1NamespacedLeaseLog");
    assert_eq!(log["get"]["x-kubernetes-action"], "get");
    let content = log["get"]["responses"]["200"]["content"].as_object().expect("content");
    let media: Vec<&String> = content.keys().collect();
    assert_eq!(
        media,
        [
            "application/cbor",
            "application/json",
            "application/vnd.kubernetes.protobuf",
            "application/yaml",
            "text/plain"
        ]
    );
    assert!(content.values().all(|body| body["schema"] == json!({"type": "string"})));
    let names: Vec<String> = parameters(log).into_iter().map(|(name, ..)| name).collect();
    assert_eq!(names, ["command", "name", "namespace", "pretty", "tty"]);
}
