use kapi::{Registry, Resource, Schema};
use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};
use serde::{Deserialize, Serialize};

/// A scheduled job, the classic custom-resource example.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(package = "example.com/stable/v1", group = "stable.example.com", version = "v1",
       list = CronTabList, short_names = ["ct"])]
pub struct CronTab {
    /// `apiVersion` and `kind`: flattened, they sit beside `metadata` as in every Kubernetes object.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What the user wants.
    pub spec: CronTabSpec,
}

/// When and what to run.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "example.com/stable/v1")]
pub struct CronTabSpec {
    /// A cron expression.
    #[kapi(pattern = r"^(\S+\s+){4}\S+$")]
    pub cron_spec: String,
    /// How many copies to run.
    #[kapi(default = 1, minimum = 0)]
    pub replicas: i32,
}

/// A page of cron tabs: what `list` returns (the `list = CronTabList` above).
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "example.com/stable/v1")]
pub struct CronTabList {
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    #[serde(default)]
    pub metadata: ListMeta,
    pub items: Vec<CronTab>,
}

// Collect the types in a registry and hand it to the generator (here, or from a build script).
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry); // Status, DeleteOptions, WatchEvent, discovery types
    registry.register_resource::<CronTab>();
    let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default())?;
    // The directory named by the first argument, else `generated`.
    let out = std::env::args_os().nth(1).map_or("generated".into(), std::path::PathBuf::from);
    let report = kapi_codegen::writer::write(&out, &artifacts)?; // writes only files whose bytes changed
    println!("{} files in {}, {} written", artifacts.len(), out.display(), report.written.len());

    // An object as a client sends it: apiVersion and kind come from its TypeMeta.
    let nightly = CronTab {
        type_meta: TypeMeta { api_version: Some("stable.example.com/v1".into()), kind: Some("CronTab".into()) },
        metadata: ObjectMeta { name: Some("nightly".into()), ..ObjectMeta::default() },
        spec: CronTabSpec { cron_spec: "0 3 * * *".into(), replicas: 2 },
    };
    println!("{}", serde_json::to_string(&nightly)?);
    Ok(())
}
