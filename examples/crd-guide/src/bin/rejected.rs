//! docs/CRD.md's counter-example: a kind the API server would reject, and what generation says about it. Prints
//! the error and exits 0 when generation fails as it should; exits 1 if the CRD was generated.

use std::process::ExitCode;

use kapi::{Registry, Resource, Schema};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use serde::{Deserialize, Serialize};

/// A kind with a field of each problem.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(
    package = "broken.example.com/v1",
    group = "broken.example.com",
    version = "v1",
    list = BrokenList,
    crd(selectable_field = ".spec.window")
)]
pub struct Broken {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The problems.
    pub spec: BrokenSpec,
}

/// One field per problem.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "broken.example.com/v1")]
pub struct BrokenSpec {
    /// A number or an object: no single JSON type.
    pub timeout: Timeout,
    /// A tree: the type holds itself.
    pub tree: Node,
    /// A rule naming a field the object does not have.
    #[kapi(validation(rule = "self.start < self.stop"))]
    pub window: Window,
}

/// Untagged, a number or an object.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(untagged)]
#[kapi(package = "broken.example.com/v1")]
pub enum Timeout {
    /// Seconds.
    Seconds(i64),
    /// A window.
    Window(Window),
}

/// A time window.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "broken.example.com/v1")]
pub struct Window {
    /// The start, in seconds.
    pub start: i64,
    /// The end, in seconds.
    pub end: i64,
}

/// A node of a tree.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "broken.example.com/v1")]
pub struct Node {
    /// The node's children.
    pub children: Vec<Node>,
}

/// A page of Brokens.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "broken.example.com/v1")]
pub struct BrokenList {
    /// The list's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The Brokens.
    pub items: Vec<Broken>,
}

fn main() -> ExitCode {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register_resource::<Broken>();
    match kapi_codegen::generate(&registry, &kapi_codegen::Options::default()) {
        Ok(_) => {
            eprintln!("the CRD was generated, but the API server would reject it");
            ExitCode::FAILURE
        }
        Err(error) => {
            println!("{error}");
            ExitCode::SUCCESS
        }
    }
}
