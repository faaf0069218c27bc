//! CRDs from derived types: each serde enum representation has a structural form (properties declared outside
//! `oneOf`/`anyOf`, the junctors narrowing values only), and what a CRD cannot express stops generation with an
//! error naming the Rust type and field.

use kapi::{Registry, Resource, Schema};
use kapi_codegen::{Error, Options};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// Externally tagged: one property per variant.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "forms.example.com/v1")]
pub enum Target {
    /// A web address.
    Url {
        /// The address.
        href: String,
    },
    /// A cluster service.
    Service {
        /// The service name.
        name: String,
    },
}

/// Internally tagged: the tag beside each variant's fields.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(tag = "type")]
#[kapi(package = "forms.example.com/v1")]
pub enum Probe {
    /// An HTTP GET.
    Http {
        /// The path to get.
        path: String,
    },
    /// A TCP connect.
    Tcp {
        /// The port to connect to.
        port: i32,
    },
}

/// A pair of numbers.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "forms.example.com/v1")]
pub struct Range {
    /// The lower end.
    pub low: i32,
    /// The upper end.
    pub high: i32,
}

/// A list of words.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "forms.example.com/v1")]
pub struct Words {
    /// The words.
    pub words: Vec<String>,
}

/// Adjacently tagged: the tag and the content side by side.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(tag = "kind", content = "value")]
#[kapi(package = "forms.example.com/v1")]
pub enum Filter {
    /// Numbers in a range.
    Between(Range),
    /// Any of some words.
    OneOf(Words),
}

/// Adjacently tagged, a count or a name: the content is an integer in one variant and a string in the other.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(tag = "by", content = "value")]
#[kapi(package = "forms.example.com/v1")]
pub enum Limit {
    /// At most this many.
    Count(i32),
    /// As many as the named quota allows.
    Quota(String),
}

/// Untagged, an integer or a string.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(untagged)]
#[kapi(package = "forms.example.com/v1")]
pub enum Port {
    /// By number.
    Number(i32),
    /// By name.
    Name(String),
}

/// The spec exercising every form.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "forms.example.com/v1")]
pub struct FormSpec {
    /// Where to send.
    pub target: Target,
    /// How to check.
    pub probe: Option<Probe>,
    /// What to keep.
    pub filter: Option<Filter>,
    /// Which port.
    pub port: Option<Port>,
    /// How many.
    pub limit: Option<Limit>,
    /// Anything at all.
    pub extra: Option<Value>,
}

/// A kind using every form.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(package = "forms.example.com/v1", group = "forms.example.com", version = "v1", list = FormList, crd)]
pub struct Form {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    pub metadata: ObjectMeta,
    /// Spec.
    pub spec: FormSpec,
}

/// A page of Forms.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "forms.example.com/v1")]
pub struct FormList {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    pub metadata: ListMeta,
    /// The objects.
    pub items: Vec<Form>,
}

/// A page of Mixeds.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "mixed.example.com/v1")]
pub struct MixedList {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    pub metadata: ListMeta,
    /// The objects.
    pub items: Vec<Mixed>,
}

/// A page of Trees.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "tree.example.com/v1")]
pub struct TreeList {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    pub metadata: ListMeta,
    /// The objects.
    pub items: Vec<Tree>,
}

fn generate_crd<R: Resource>(name: &str) -> Result<Value, Error> {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register_resource::<R>();
    let artifacts = kapi_codegen::generate(&registry, &Options::default())?;
    let bytes = artifacts.get(&format!("crds/{name}.json")).expect("the CRD is written");
    Ok(serde_json::from_slice(bytes).expect("the CRD is JSON"))
}

fn spec_property(crd: &Value, name: &str) -> Value {
    crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"]["properties"]["spec"]["properties"][name].clone()
}

#[test]
fn an_externally_tagged_enum_declares_one_property_per_variant_and_requires_exactly_one() {
    let crd = generate_crd::<Form>("forms.forms.example.com").expect("generates");
    let target = spec_property(&crd, "target");
    assert_eq!(target["type"], "object");
    assert_eq!(target["properties"]["url"]["properties"]["href"]["type"], "string");
    assert_eq!(target["properties"]["url"]["description"], "A web address.", "the variant's words move to its field");
    // Exactly one variant, as a rule whose message names them (rather than a `oneOf` naming neither).
    assert_eq!(target["oneOf"], Value::Null);
    assert_eq!(
        target["x-kubernetes-validations"],
        json!([{"rule": "has(self.url) != has(self.service)", "message": "exactly one of url, service must be set"}])
    );
}

#[test]
fn an_internally_tagged_enum_hoists_the_tag_and_every_variant_field() {
    let crd = generate_crd::<Form>("forms.forms.example.com").expect("generates");
    let probe = spec_property(&crd, "probe");
    assert_eq!(probe["properties"]["type"], json!({"type": "string", "enum": ["Http", "Tcp"]}));
    assert_eq!(probe["properties"]["port"]["type"], "integer");
    assert_eq!(probe["required"], json!(["type"]));
    // Each branch requires the tag too, so an object without one matches no branch (not both).
    assert_eq!(
        probe["oneOf"],
        json!([
            {"required": ["type", "path"], "properties": {"type": {"enum": ["Http"]}}},
            {"required": ["type", "port"], "properties": {"type": {"enum": ["Tcp"]}}}
        ])
    );
}

#[test]
fn an_adjacently_tagged_enum_merges_the_contents_of_its_variants() {
    let crd = generate_crd::<Form>("forms.forms.example.com").expect("generates");
    let filter = spec_property(&crd, "filter");
    let value = &filter["properties"]["value"];
    assert_eq!(value["type"], "object");
    assert_eq!(value["properties"]["low"]["type"], "integer");
    assert_eq!(value["properties"]["words"]["items"]["type"], "string");
    let branches = filter["oneOf"].as_array().expect("variants stay told apart");
    assert_eq!(branches[0]["properties"]["kind"], json!({"enum": ["Between"]}));
    assert_eq!(branches[0]["properties"]["value"], json!({"required": ["low", "high"]}));
}

#[test]
fn an_untagged_integer_or_string_is_int_or_string_and_any_json_keeps_unknown_fields() {
    let crd = generate_crd::<Form>("forms.forms.example.com").expect("generates");
    let port = spec_property(&crd, "port");
    assert_eq!(port["x-kubernetes-int-or-string"], true);
    assert_eq!(port["anyOf"], json!([{"type": "integer"}, {"type": "string"}]));
    assert_eq!(port.get("type"), None);
    let extra = spec_property(&crd, "extra");
    assert_eq!(extra["x-kubernetes-preserve-unknown-fields"], true);
    let root = &crd["spec"]["versions"][0]["schema"]["openAPIV3Schema"];
    assert_eq!(root["properties"]["metadata"], json!({"type": "object"}));
}

/// Untagged, a number or an object: one field, two JSON types.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(untagged)]
#[kapi(package = "mixed.example.com/v1")]
pub enum Timeout {
    /// Seconds.
    Seconds(i64),
    /// A range.
    Window(Range),
}

/// A kind whose spec has no structural form.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(package = "mixed.example.com/v1", group = "mixed.example.com", version = "v1", list = MixedList, crd)]
pub struct Mixed {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    pub metadata: ObjectMeta,
    /// The timeout.
    pub timeout: Timeout,
}

#[test]
fn an_enum_whose_variants_are_different_json_types_is_an_error_naming_the_type_and_field() {
    let error = generate_crd::<Mixed>("mixeds.mixed.example.com").expect_err("no structural form").to_string();
    assert!(error.contains("CRD mixeds.mixed.example.com version v1"), "{error}");
    assert!(error.contains("Mixed` field `timeout`"), "{error}");
    assert!(error.contains("different JSON types (integer, object)"), "{error}");
}

/// A tree: a node holds nodes.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "tree.example.com/v1")]
pub struct Node {
    /// The children.
    pub children: Vec<Node>,
}

/// A kind holding a recursive type.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(
    package = "tree.example.com/v1",
    group = "tree.example.com",
    version = "v1",
    list = TreeList,
    crd(printer_column(name = "Depth", type = "integer", json_path = ".spec.depth"))
)]
pub struct Tree {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    pub metadata: ObjectMeta,
    /// The root.
    pub root: Node,
}

#[test]
fn a_recursive_type_is_an_error_and_a_printer_column_naming_no_field_is_not() {
    let error = generate_crd::<Tree>("trees.tree.example.com").expect_err("no CRD form").to_string();
    assert!(error.contains("is recursive"), "{error}");
    assert!(error.contains("root.children[*]"), "{error}");
    // The API server prints such a column (always empty): a warning (tests/printer_columns.rs), not a refusal.
    assert!(!error.contains("printer column"), "{error}");
}

#[test]
fn adjacent_contents_of_integer_and_string_become_int_or_string() {
    let crd = generate_crd::<Form>("forms.forms.example.com").expect("generates");
    let limit = spec_property(&crd, "limit");
    let value = &limit["properties"]["value"];
    assert_eq!(value["x-kubernetes-int-or-string"], true, "{limit:#}");
    assert_eq!(value["anyOf"], json!([{"type": "integer"}, {"type": "string"}]));
    assert_eq!(value.get("description"), None, "two variants' words do not describe the one field");
    assert_eq!(limit["oneOf"][0]["properties"]["by"], json!({"enum": ["Count"]}));
}
