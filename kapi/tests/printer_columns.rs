//! Printer columns as operators write them: the `Age` column at `.metadata.creationTimestamp` and JSONPath filters
//! over conditions are accepted, as the API server accepts them; a path reaching no field is a warning (the server
//! prints the column, always empty); only what the server refuses, or cannot read, stops generation.

use kapi::{Registry, Resource, Schema};
use kapi_codegen::{Artifacts, Error, Options};
use kapi_meta::meta::v1::{Condition, ListMeta, ObjectMeta, TypeMeta};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// A kind with the columns nearly every operator's CRD carries.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(
    package = "columns.example.com/v1",
    group = "columns.example.com",
    version = "v1",
    list = WidgetList,
    status,
    crd(
        printer_column(name = "Ready", type = "string", json_path = ".status.conditions[?(@.type==\"Ready\")].status"),
        printer_column(name = "Reason", type = "string", json_path = ".status.conditions[?(@.type == \"Ready\")].reason"),
        printer_column(name = "Age", type = "date", json_path = ".metadata.creationTimestamp")
    )
)]
pub struct Widget {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What was observed.
    #[serde(default)]
    pub status: WidgetStatus,
}

/// What was observed.
#[derive(Debug, Default, Serialize, Deserialize, Schema)]
#[kapi(package = "columns.example.com/v1")]
pub struct WidgetStatus {
    /// The conditions.
    #[serde(default)]
    pub conditions: Vec<Condition>,
}

/// A list of widgets.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "columns.example.com/v1")]
pub struct WidgetList {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The widgets.
    pub items: Vec<Widget>,
}

/// A kind whose columns name a field it does not have, and a filter left unclosed.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(
    package = "typos.example.com/v1",
    group = "typos.example.com",
    version = "v1",
    list = TypoList,
    crd(printer_column(name = "Image", type = "string", json_path = ".spec.image"))
)]
pub struct Typo {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// No image here.
    pub spec: TypoSpec,
}

/// No image here.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "typos.example.com/v1")]
pub struct TypoSpec {
    /// A count.
    pub replicas: i32,
}

/// A list of typos.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "typos.example.com/v1")]
pub struct TypoList {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The typos.
    pub items: Vec<Typo>,
}

/// A kind whose column path the API server's JSONPath parser cannot read.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(
    package = "unread.example.com/v1",
    group = "unread.example.com",
    version = "v1",
    list = UnreadList,
    crd(printer_column(name = "Ready", type = "string", json_path = ".status.conditions[?(@.type==\"Ready\").status"))
)]
pub struct Unread {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
}

/// A list of unread.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "unread.example.com/v1")]
pub struct UnreadList {
    /// Type.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The items.
    pub items: Vec<Unread>,
}

fn generate<R: Resource>() -> Result<Artifacts, Error> {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register_resource::<R>();
    kapi_codegen::generate(&registry, &Options::default())
}

fn columns(artifacts: &Artifacts, name: &str) -> Value {
    let bytes = artifacts.get(&format!("crds/{name}.json")).expect("the CRD is written");
    let crd: Value = serde_json::from_slice(bytes).expect("the CRD is JSON");
    crd["spec"]["versions"][0]["additionalPrinterColumns"].clone()
}

#[test]
fn a_printer_column_at_metadata_creation_timestamp_the_age_column_is_accepted() {
    let artifacts = generate::<Widget>().unwrap_or_else(|e| panic!("{e}"));
    let age = json!({"name": "Age", "type": "date", "jsonPath": ".metadata.creationTimestamp"});
    assert_eq!(columns(&artifacts, "widgets.columns.example.com")[2], age);
    assert_eq!(artifacts.warnings(), [] as [String; 0]);
}

#[test]
fn printer_columns_with_jsonpath_filters_are_accepted() {
    let artifacts = generate::<Widget>().unwrap_or_else(|e| panic!("{e}"));
    let written = columns(&artifacts, "widgets.columns.example.com");
    assert_eq!(written[0]["jsonPath"], ".status.conditions[?(@.type==\"Ready\")].status");
    assert_eq!(written[1]["jsonPath"], ".status.conditions[?(@.type == \"Ready\")].reason");
}

#[test]
fn a_printer_column_naming_no_field_is_a_warning() {
    let artifacts = generate::<Typo>().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(columns(&artifacts, "typos.typos.example.com")[0]["jsonPath"], ".spec.image");
    let warning = artifacts.warnings().iter().find(|w| w.contains("printer column `Image`")).expect("a warning");
    assert!(warning.contains("`.spec.image` names no field of the schema; its cells will be empty"), "{warning}");
}

#[test]
fn a_printer_column_the_api_server_cannot_read_is_a_warning_as_the_server_accepts_the_crd() {
    let artifacts = generate::<Unread>().unwrap_or_else(|e| panic!("the server accepts the CRD: {e}"));
    assert_eq!(columns(&artifacts, "unreads.unread.example.com")[0]["name"], "Ready");
    let warning = artifacts.warnings().iter().find(|w| w.contains("printer column `Ready`")).expect("a warning");
    assert!(warning.contains("is no JSONPath the API server can read (unclosed array expect ])"), "{warning}");
    assert!(warning.contains("prints none of this version's columns"), "{warning}");
}
