//! Health checks of containers and the hooks run around their start and stop.

use kapi::Schema;
use serde::{Deserialize, Serialize};

use kapi_meta::intstr::IntOrString;

/// A periodic check of a container's health or readiness: one action, and how often and how patiently to run it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct Probe {
    /// The check to run: exactly one of its actions.
    #[serde(flatten)]
    #[kapi(proto = 1)]
    pub handler: ProbeHandler,
    /// Seconds to wait after the container started before the first check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub initial_delay_seconds: Option<i32>,
    /// Seconds one check may take before it counts as failed; 1 when unset, and at least 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub timeout_seconds: Option<i32>,
    /// Seconds between checks; 10 when unset, and at least 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub period_seconds: Option<i32>,
    /// Passes in a row needed after a failure to count as healthy again; 1 when unset, and always 1 for liveness
    /// and startup probes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5)]
    pub success_threshold: Option<i32>,
    /// Failures in a row, after a success, needed to count as failed; 3 when unset, and at least 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 6)]
    pub failure_threshold: Option<i32>,
    /// A grace period, in seconds, for stopping the container after this probe failed, overriding the pod's
    /// `terminationGracePeriodSeconds`; 0 kills at once. Beta, behind the ProbeTerminationGracePeriod feature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 7)]
    pub termination_grace_period_seconds: Option<i64>,
}

/// What a probe does to check the container: set exactly one action.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(inline)]
pub struct ProbeHandler {
    /// Run a command in the container; exit status 0 passes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub exec: Option<ExecAction>,
    /// Send an HTTP GET; a status from 200 to 399 passes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub http_get: Option<HTTPGetAction>,
    /// Open a TCP connection; connecting passes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub tcp_socket: Option<TCPSocketAction>,
    /// Call the standard gRPC health-checking service.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub grpc: Option<GRPCAction>,
}

/// Runs a command inside the container.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct ExecAction {
    /// The program and its arguments, started directly from `/` without a shell (call one explicitly for pipes
    /// and the like). Exit status 0 means success.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1, list_type = "atomic")]
    pub command: Option<Vec<String>>,
}

/// Sends an HTTP GET request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct HTTPGetAction {
    /// The request path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub path: Option<String>,
    /// The container port to call: a number from 1 to 65535 or the name of a port.
    #[kapi(proto = 2)]
    pub port: IntOrString,
    /// The host to connect to; the pod's IP when unset. To set the `Host` header, use `httpHeaders` instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub host: Option<String>,
    /// `HTTP` (the default) or `HTTPS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub scheme: Option<String>,
    /// Extra request headers; a name may repeat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 5, list_type = "atomic")]
    pub http_headers: Option<Vec<HTTPHeader>>,
}

/// A header sent with an HTTP probe.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct HTTPHeader {
    /// The header name; names differing only in case are the same header.
    #[kapi(proto = 1)]
    pub name: String,
    /// The header value.
    #[kapi(proto = 2)]
    pub value: String,
}

/// Opens a TCP connection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct TCPSocketAction {
    /// The container port to connect to: a number from 1 to 65535 or the name of a port.
    #[kapi(proto = 1)]
    pub port: IntOrString,
    /// The host to connect to; the pod's IP when unset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub host: Option<String>,
}

/// Calls the gRPC health-checking service of the container.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct GRPCAction {
    /// The port the gRPC server listens on, from 1 to 65535.
    #[kapi(proto = 1)]
    pub port: i32,
    /// The service name sent in the health-check request; when unset, the server's overall health is asked
    /// for, as gRPC defines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2, default = "")]
    pub service: Option<String>,
}

/// Waits for a while.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct SleepAction {
    /// How many seconds to wait.
    #[kapi(proto = 1)]
    pub seconds: i64,
}

/// Hooks run right after a container starts and right before it is stopped. The container's management waits
/// for a hook to finish, unless the container's process dies first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct Lifecycle {
    /// Runs as soon as the container is created. If it fails, the container is killed and restarted as its
    /// restart policy says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub post_start: Option<LifecycleHandler>,
    /// Runs before the container is stopped by an API request or by the system (a failed probe, preemption,
    /// resource pressure), not when it exits or crashes by itself. It counts against the pod's termination
    /// grace period, which starts before the hook; the container is stopped when the period ends either way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub pre_stop: Option<LifecycleHandler>,
}

/// What a lifecycle hook does: exactly one of its actions (`tcpSocket` does not count).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi(package = "k8s.io/api/core/v1")]
pub struct LifecycleHandler {
    /// Run a command in the container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 1)]
    pub exec: Option<ExecAction>,
    /// Send an HTTP GET.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 2)]
    pub http_get: Option<HTTPGetAction>,
    /// Deprecated and not supported as a hook: kept only so old objects still load. It is not validated, and a
    /// hook using it fails when it runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 3)]
    pub tcp_socket: Option<TCPSocketAction>,
    /// Pause for a number of seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(proto = 4)]
    pub sleep: Option<SleepAction>,
}
