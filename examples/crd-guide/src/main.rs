//! docs/CRD.md's example: a kind marked as a CRD, with a field in each serde enum representation and each of
//! Kubernetes' special types. Prints the CRD as YAML; `--max-description-len N` trims its descriptions.

use kapi::{Registry, Resource, Schema};
use kapi_meta::intstr::IntOrString;
use kapi_meta::meta::v1::{Condition, ListMeta, ObjectMeta, TypeMeta};
use kapi_meta::quantity::Quantity;
use kapi_meta::runtime::RawExtension;
use serde::{Deserialize, Serialize};

/// A check run against a target at a fixed interval.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi(
    package = "guide.example.com/v1",
    group = "guide.example.com",
    version = "v1",
    list = MonitorList,
    short_names = ["mon"],
    status,
    crd(
        printer_column(name = "Interval", type = "integer", json_path = ".spec.intervalSeconds"),
        printer_column(name = "Probe", type = "string", json_path = ".spec.probe.type", priority = 1),
        selectable_field = ".spec.probe.type"
    )
)]
pub struct Monitor {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What to check, and how often.
    pub spec: MonitorSpec,
    /// What the last check found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<MonitorStatus>,
}

/// What to check, and how often.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "guide.example.com/v1")]
pub struct MonitorSpec {
    /// Seconds between two checks.
    #[kapi(minimum = 1)]
    pub interval_seconds: i32,
    /// What is checked.
    pub target: Target,
    /// How it is checked.
    pub probe: Probe,
    /// Which results count as healthy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<Filter>,
    /// The port to check, by number or by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<Port>,
    /// When to try again after a failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry: Option<Retry>,
    /// How many checks may fail in a row before the target counts as down: a count or a percentage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<IntOrString>,
    /// The memory a check may use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<Quantity>,
    /// The object created when the target is down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alert_template: Option<AlertTemplate>,
    /// Settings handed to the checker unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<serde_json::Value>,
}

/// Externally tagged: `{"url": {...}}` or `{"service": {...}}`.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "guide.example.com/v1")]
pub enum Target {
    /// A web address.
    Url {
        /// The address.
        href: String,
    },
    /// A service in the cluster.
    Service {
        /// The service's name.
        name: String,
        /// The service's port.
        port: i32,
    },
}

/// Internally tagged: `{"type": "Http", "path": ...}`.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(tag = "type")]
#[kapi(package = "guide.example.com/v1")]
pub enum Probe {
    /// An HTTP GET.
    Http {
        /// The path to get.
        path: String,
    },
    /// A TCP connect.
    Tcp {
        /// Seconds to wait for the connection.
        timeout: i32,
    },
}

/// Adjacently tagged: `{"kind": "Between", "value": {...}}`.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(tag = "kind", content = "value")]
#[kapi(package = "guide.example.com/v1")]
pub enum Filter {
    /// Status codes in a range.
    Between(Range),
    /// Any of some words in the body.
    Words(WordList),
}

/// Status codes from `low` to `high`.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "guide.example.com/v1")]
pub struct Range {
    /// The lowest code.
    pub low: i32,
    /// The highest code.
    pub high: i32,
}

/// Words to look for.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "guide.example.com/v1")]
pub struct WordList {
    /// The words.
    pub words: Vec<String>,
}

/// Untagged, an integer or a string: `8080` or `"http"`.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(untagged)]
#[kapi(package = "guide.example.com/v1")]
pub enum Port {
    /// By number.
    Number(i32),
    /// By name.
    Name(String),
}

/// Untagged, one of two objects: `{"seconds": 5}` or `{"initialSeconds": 1, "maxSeconds": 60}`.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(untagged)]
#[kapi(package = "guide.example.com/v1")]
pub enum Retry {
    /// The same wait every time.
    Fixed {
        /// The wait, in seconds.
        seconds: i64,
    },
    /// A wait that doubles after every failure.
    #[serde(rename_all = "camelCase")]
    Exponential {
        /// The first wait, in seconds.
        initial_seconds: i64,
        /// The longest wait, in seconds.
        max_seconds: i64,
    },
}

/// An object to create, as a template: its own metadata and any content.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "guide.example.com/v1")]
pub struct AlertTemplate {
    /// The created object's labels and annotations.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The created object itself, of any kind.
    pub object: RawExtension,
}

/// What the last check found.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "guide.example.com/v1")]
pub struct MonitorStatus {
    /// Whether the target answered.
    pub healthy: bool,
}

/// A page of Monitors.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "guide.example.com/v1")]
pub struct MonitorList {
    /// The list's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The Monitors.
    pub items: Vec<Monitor>,
}

/// A pool of workers that `kubectl scale` resizes.
#[derive(Debug, Serialize, Deserialize, Schema, Resource)]
#[kapi(
    package = "guide.example.com/v1",
    group = "guide.example.com",
    version = "v1",
    list = PoolList,
    status,
    scale(spec_replicas_path = ".spec.replicas", status_replicas_path = ".status.replicas"),
    crd(
        printer_column(name = "Ready", type = "string", json_path = ".status.conditions[?(@.type==\"Ready\")].status"),
        printer_column(name = "Age", type = "date", json_path = ".metadata.creationTimestamp")
    )
)]
pub struct Pool {
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// How many workers are wanted.
    pub spec: PoolSpec,
    /// How many run, and whether they are ready.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<PoolStatus>,
}

/// How many workers are wanted.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "guide.example.com/v1")]
pub struct PoolSpec {
    /// The wanted number of workers.
    pub replicas: i32,
}

/// How many workers run.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "guide.example.com/v1")]
pub struct PoolStatus {
    /// The number of workers running.
    pub replicas: i32,
    /// Whether the pool is ready, and why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<Condition>,
}

/// A page of Pools.
#[derive(Debug, Serialize, Deserialize, Schema)]
#[kapi(package = "guide.example.com/v1")]
pub struct PoolList {
    /// The list's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The Pools.
    pub items: Vec<Pool>,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut registry = Registry::new();
    kapi_meta::register(&mut registry);
    registry.register_resource::<Monitor>().register_resource::<Pool>();
    let mut options = kapi_codegen::Options::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [flag, n] = args.as_slice()
        && flag == "--max-description-len"
    {
        options.max_description_len = Some(n.parse()?);
    }
    // Fails, naming the Rust type and field, when the API server would reject the CRD.
    let artifacts = kapi_codegen::generate(&registry, &options)?;
    for warning in artifacts.warnings() {
        eprintln!("warning: {warning}");
    }
    let crd = artifacts.get("crds/monitors.guide.example.com.yaml").ok_or("no CRD was generated")?;
    print!("{}", std::str::from_utf8(crd)?);
    Ok(())
}
