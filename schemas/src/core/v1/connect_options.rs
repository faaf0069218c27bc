//! The option kinds of the pod, node and service subresources that stream or proxy (`log`, `attach`, `exec`,
//! `portforward`, `proxy`). They travel in the query string only: their fields are the subresources' query
//! parameters, and no request or response body holds them.

use kapi::Schema;
use kapi_meta::meta::v1::{Time, TypeMeta};
use serde::{Deserialize, Serialize};

/// What `pods/{name}/log` returns: which container's output, from when, and how much.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", gvk(group = "", version = "v1", kind = "PodLogOptions"))]
pub struct PodLogOptions {
    /// The options' API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The container whose output is wanted; may be left out when the pod has a single container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub container: Option<String>,
    /// Keep the response open and stream new output as it is written. Off by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub follow: Option<bool>,
    /// Read the output of the container's previous, terminated instance instead. Off by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub previous: Option<bool>,
    /// Only output written in the last this-many seconds (from the pod's start at most; nothing if it lies in
    /// the future). Exclusive with `sinceTime`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub since_seconds: Option<i64>,
    /// Only output written at or after this time (from the pod's start at most; nothing if it lies in the
    /// future). Exclusive with `sinceSeconds`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub since_time: Option<Time>,
    /// Prefix every line with its RFC 3339 (nanosecond) timestamp. Off by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub timestamps: Option<bool>,
    /// Only the last this-many lines; all of them when unset. With it, `stream` may only be `All` or unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub tail_lines: Option<i64>,
    /// Stop after about this many bytes; the last line may be cut, and the amount may be a little off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 8)]
    pub limit_bytes: Option<i64>,
    /// Do not check the kubelet's serving certificate when fetching the output. The connection to the kubelet
    /// is then open to impersonation, so the output may not really come from it.
    #[serde(rename = "insecureSkipTLSVerifyBackend", default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 9)]
    pub insecure_skip_tls_verify_backend: Option<bool>,
    /// Which of the container's streams: `Stdout`, `Stderr` or `All` (both interleaved, the default). Only `All`
    /// or unset goes with `tailLines`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 10)]
    pub stream: Option<String>,
}

/// How `pods/{name}/attach` joins the streams of a running container.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", gvk(group = "", version = "v1", kind = "PodAttachOptions"))]
pub struct PodAttachOptions {
    /// The options' API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Send the caller's input to the container's standard input. Off by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub stdin: Option<bool>,
    /// Pass the container's standard output back. On by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub stdout: Option<bool>,
    /// Pass the container's standard error back. On by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub stderr: Option<bool>,
    /// Have the container runtime allocate a terminal on the node for the session. Off by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub tty: Option<bool>,
    /// The container to attach to; may be left out when the pod has a single container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub container: Option<String>,
}

/// What `pods/{name}/exec` runs in a container, and which streams it connects.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", gvk(group = "", version = "v1", kind = "PodExecOptions"))]
pub struct PodExecOptions {
    /// The options' API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// Send the caller's input to the command's standard input. Off by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub stdin: Option<bool>,
    /// Pass the command's standard output back. On by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub stdout: Option<bool>,
    /// Pass the command's standard error back. On by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub stderr: Option<bool>,
    /// Have the container runtime allocate a terminal on the node for the command. Off by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub tty: Option<bool>,
    /// The container to run the command in; may be left out when the pod has a single container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub container: Option<String>,
    /// The program and its arguments, one query parameter per word; not run in a shell.
    #[serde(default)]
    #[kapi(proto = 6, list_type = "atomic")]
    pub command: Vec<String>,
}

/// Which ports of a pod `pods/{name}/portforward` opens.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", gvk(group = "", version = "v1", kind = "PodPortForwardOptions"))]
pub struct PodPortForwardOptions {
    /// The options' API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The pod's ports to forward; required by the SPDY protocol, optional over WebSockets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub ports: Option<Vec<i32>>,
}

/// Where `pods/{name}/proxy` sends a request.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", gvk(group = "", version = "v1", kind = "PodProxyOptions"))]
pub struct PodProxyOptions {
    /// The options' API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The URL path on the pod the request is passed on to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub path: Option<String>,
}

/// Where `nodes/{name}/proxy` sends a request.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", gvk(group = "", version = "v1", kind = "NodeProxyOptions"))]
pub struct NodeProxyOptions {
    /// The options' API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The URL path on the node (its kubelet) the request is passed on to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub path: Option<String>,
}

/// Where `services/{name}/proxy` sends a request.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1", gvk(group = "", version = "v1", kind = "ServiceProxyOptions"))]
pub struct ServiceProxyOptions {
    /// The options' API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The URL path on one of the service's endpoints the request is passed on to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub path: Option<String>,
}
