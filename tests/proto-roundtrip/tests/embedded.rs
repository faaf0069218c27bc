//! Embedded Go structs on the wire: their fields sit inline in JSON and inside one message field in protobuf
//! (core/v1 `Probe.handler`, `Volume.volumeSource`, `PersistentVolumeSpec.persistentVolumeSource`,
//! `EphemeralContainer.ephemeralContainerCommon`, and `localObjectReference` of the ConfigMap and Secret selectors).

mod common;

use common::{from_json, round_trip};
use kapi_proto_roundtrip::pb::k8s::io::api::core::v1 as core;
use serde_json::json;

#[test]
fn a_pod_s_embedded_structs_travel_in_their_own_messages() {
    use kapi_schemas::core::v1::Pod;
    let pod: Pod = from_json(json!({
        "metadata": {"name": "web", "namespace": "shop"},
        "spec": {
            "containers": [{
                "name": "app", "image": "app:1",
                "envFrom": [{"configMapRef": {"name": "settings", "optional": true}}, {"secretRef": {"name": "keys"}}],
                "env": [{"name": "TOKEN", "valueFrom": {"secretKeyRef": {"name": "keys", "key": "token"}}},
                        {"name": "MODE", "valueFrom": {"configMapKeyRef": {"name": "settings", "key": "mode"}}}],
                "livenessProbe": {"httpGet": {"path": "/healthz", "port": 8080}, "periodSeconds": 10},
                "startupProbe": {"exec": {"command": ["true"]}, "failureThreshold": 30}
            }],
            "ephemeralContainers": [{"name": "debug", "image": "busybox", "stdin": true, "targetContainerName": "app"}],
            "volumes": [
                {"name": "config", "configMap": {"name": "settings", "defaultMode": 420}},
                {"name": "scratch", "emptyDir": {}},
                {"name": "all", "projected": {"sources": [{"secret": {"name": "keys"}},
                                                          {"configMap": {"name": "settings", "optional": false}}]}}
            ]
        }
    }));
    let typed: core::Pod = round_trip(&pod, "k8s.io.api.core.v1.Pod");
    let spec = typed.spec.expect("spec");
    let container = &spec.containers[0];
    let liveness = container.liveness_probe.as_ref().and_then(|p| p.handler.as_ref()).and_then(|h| h.http_get.as_ref());
    assert_eq!(liveness.and_then(|g| g.path.as_deref()), Some("/healthz"));
    assert_eq!(container.liveness_probe.as_ref().and_then(|p| p.period_seconds), Some(10));
    let env_from = container.env_from[0].config_map_ref.as_ref().expect("configMapRef");
    assert_eq!(env_from.local_object_reference.as_ref().and_then(|r| r.name.as_deref()), Some("settings"));
    let secret_key = container.env[0].value_from.as_ref().and_then(|v| v.secret_key_ref.as_ref()).expect("selector");
    assert_eq!(secret_key.local_object_reference.as_ref().and_then(|r| r.name.as_deref()), Some("keys"));
    let debug = spec.ephemeral_containers[0].ephemeral_container_common.as_ref().expect("common fields");
    assert_eq!((debug.name.as_deref(), debug.stdin), (Some("debug"), Some(true)));
    assert_eq!(spec.ephemeral_containers[0].target_container_name.as_deref(), Some("app"));
    let config = spec.volumes[0].volume_source.as_ref().and_then(|s| s.config_map.as_ref()).expect("configMap");
    assert_eq!(config.local_object_reference.as_ref().and_then(|r| r.name.as_deref()), Some("settings"));
    assert_eq!(config.default_mode, Some(420));
    assert!(spec.volumes[1].volume_source.as_ref().is_some_and(|s| s.empty_dir.is_some()));
}

#[test]
fn a_persistent_volume_s_source_travels_in_its_own_message() {
    use kapi_schemas::core::v1::PersistentVolume;
    let volume: PersistentVolume = from_json(json!({
        "metadata": {"name": "pv-1"},
        "spec": {"capacity": {"storage": "10Gi"}, "accessModes": ["ReadWriteOnce"],
                 "hostPath": {"path": "/data", "type": "DirectoryOrCreate"},
                 "persistentVolumeReclaimPolicy": "Retain", "storageClassName": "manual"}
    }));
    let typed: core::PersistentVolume = round_trip(&volume, "k8s.io.api.core.v1.PersistentVolume");
    let spec = typed.spec.expect("spec");
    let host_path = spec.persistent_volume_source.and_then(|s| s.host_path).and_then(|h| h.path);
    assert_eq!(host_path.as_deref(), Some("/data"));
    assert_eq!(spec.storage_class_name.as_deref(), Some("manual"));
}
