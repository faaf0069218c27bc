//! Serde round trips of pod templates: what Kubernetes writes is read and written back unchanged.

use serde_json::json;

use super::*;
use kapi_meta::intstr::IntOrString;

#[test]
fn a_full_pod_template_round_trips() -> serde_json::Result<()> {
    let manifest: serde_json::Value = serde_json::from_str(
        r#"{
            "metadata": {"labels": {"app": "web"}, "annotations": {"example.com/owner": "team-a"}},
            "spec": {
                "volumes": [{"name": "cache", "emptyDir": {}}],
                "initContainers": [
                    {
                        "name": "migrate",
                        "image": "example.com/migrate:1.2",
                        "command": ["/bin/migrate"],
                        "args": ["--to", "latest"],
                        "resources": {},
                        "restartPolicy": "Always"
                    }
                ],
                "containers": [
                    {
                        "name": "web",
                        "image": "example.com/web:2.0",
                        "workingDir": "/srv",
                        "ports": [
                            {"name": "http", "containerPort": 8080, "protocol": "TCP"},
                            {"containerPort": 53, "protocol": "UDP", "hostPort": 5353, "hostIP": "0.0.0.0"}
                        ],
                        "envFrom": [
                            {"prefix": "CFG_", "configMapRef": {"name": "web-config", "optional": true}},
                            {"secretRef": {"name": "web-secrets"}}
                        ],
                        "env": [
                            {"name": "LOG_LEVEL", "value": "debug"},
                            {
                                "name": "POD_NAME",
                                "valueFrom": {"fieldRef": {"apiVersion": "v1", "fieldPath": "metadata.name"}}
                            },
                            {
                                "name": "CPU_LIMIT",
                                "valueFrom": {
                                    "resourceFieldRef": {
                                        "containerName": "web",
                                        "resource": "limits.cpu",
                                        "divisor": "1m"
                                    }
                                }
                            },
                            {"name": "MODE", "valueFrom": {"configMapKeyRef": {"name": "web-config", "key": "mode"}}},
                            {
                                "name": "TOKEN",
                                "valueFrom": {
                                    "secretKeyRef": {"name": "web-secrets", "key": "token", "optional": false}
                                }
                            }
                        ],
                        "resources": {
                            "limits": {"cpu": "500m", "memory": "256Mi"},
                            "requests": {"cpu": "250m", "memory": "128Mi"},
                            "claims": [{"name": "gpu", "request": "one"}]
                        },
                        "resizePolicy": [{"resourceName": "cpu", "restartPolicy": "NotRequired"}],
                        "volumeMounts": [
                            {
                                "name": "cache",
                                "mountPath": "/cache",
                                "readOnly": true,
                                "recursiveReadOnly": "IfPossible",
                                "subPath": "web"
                            }
                        ],
                        "volumeDevices": [{"name": "raw", "devicePath": "/dev/xvda"}],
                        "livenessProbe": {
                            "httpGet": {
                                "path": "/healthz",
                                "port": 8080,
                                "scheme": "HTTP",
                                "httpHeaders": [{"name": "X-Probe", "value": "1"}]
                            },
                            "initialDelaySeconds": 5,
                            "periodSeconds": 10
                        },
                        "readinessProbe": {
                            "tcpSocket": {"port": "http"},
                            "timeoutSeconds": 2,
                            "successThreshold": 1,
                            "failureThreshold": 3
                        },
                        "startupProbe": {
                            "grpc": {"port": 9090, "service": "health"},
                            "terminationGracePeriodSeconds": 10
                        },
                        "lifecycle": {
                            "postStart": {"exec": {"command": ["sh", "-c", "echo started"]}},
                            "preStop": {"sleep": {"seconds": 5}}
                        },
                        "terminationMessagePath": "/dev/termination-log",
                        "terminationMessagePolicy": "FallbackToLogsOnError",
                        "imagePullPolicy": "IfNotPresent",
                        "securityContext": {
                            "capabilities": {"add": ["NET_BIND_SERVICE"], "drop": ["ALL"]},
                            "privileged": false,
                            "runAsUser": 1000,
                            "runAsNonRoot": true,
                            "readOnlyRootFilesystem": true,
                            "allowPrivilegeEscalation": false,
                            "seccompProfile": {"type": "Localhost", "localhostProfile": "profiles/web.json"},
                            "appArmorProfile": {"type": "RuntimeDefault"}
                        },
                        "stdin": false,
                        "tty": false
                    }
                ],
                "ephemeralContainers": [
                    {
                        "name": "debug",
                        "image": "busybox",
                        "resources": {},
                        "targetContainerName": "web",
                        "stdin": true,
                        "tty": true
                    }
                ],
                "restartPolicy": "Always",
                "terminationGracePeriodSeconds": 30,
                "activeDeadlineSeconds": 3600,
                "dnsPolicy": "None",
                "nodeSelector": {"kubernetes.io/os": "linux"},
                "serviceAccountName": "web",
                "automountServiceAccountToken": false,
                "hostNetwork": false,
                "hostPID": false,
                "hostIPC": false,
                "shareProcessNamespace": true,
                "securityContext": {
                    "seLinuxOptions": {"user": "system_u", "role": "system_r", "type": "spc_t", "level": "s0"},
                    "runAsGroup": 3000,
                    "supplementalGroups": [4000, 5000],
                    "supplementalGroupsPolicy": "Strict",
                    "fsGroup": 2000,
                    "fsGroupChangePolicy": "OnRootMismatch",
                    "sysctls": [{"name": "net.ipv4.ip_local_port_range", "value": "1024 65535"}],
                    "seLinuxChangePolicy": "MountOption"
                },
                "imagePullSecrets": [{"name": "registry"}],
                "hostname": "web-0",
                "subdomain": "web",
                "affinity": {
                    "nodeAffinity": {
                        "requiredDuringSchedulingIgnoredDuringExecution": {
                            "nodeSelectorTerms": [
                                {"matchExpressions": [{"key": "disk", "operator": "In", "values": ["ssd"]}]}
                            ]
                        },
                        "preferredDuringSchedulingIgnoredDuringExecution": [
                            {
                                "weight": 10,
                                "preference": {
                                    "matchFields": [
                                        {"key": "metadata.name", "operator": "NotIn", "values": ["node-7"]}
                                    ]
                                }
                            }
                        ]
                    },
                    "podAffinity": {
                        "requiredDuringSchedulingIgnoredDuringExecution": [
                            {
                                "labelSelector": {"matchLabels": {"app": "cache"}},
                                "topologyKey": "kubernetes.io/hostname"
                            }
                        ]
                    },
                    "podAntiAffinity": {
                        "preferredDuringSchedulingIgnoredDuringExecution": [
                            {
                                "weight": 100,
                                "podAffinityTerm": {
                                    "labelSelector": {
                                        "matchExpressions": [{"key": "app", "operator": "In", "values": ["web"]}]
                                    },
                                    "namespaceSelector": {},
                                    "namespaces": ["default"],
                                    "topologyKey": "topology.kubernetes.io/zone",
                                    "matchLabelKeys": ["pod-template-hash"],
                                    "mismatchLabelKeys": ["tenant"]
                                }
                            }
                        ]
                    }
                },
                "schedulerName": "default-scheduler",
                "tolerations": [
                    {
                        "key": "dedicated",
                        "operator": "Equal",
                        "value": "web",
                        "effect": "NoExecute",
                        "tolerationSeconds": 60
                    },
                    {"operator": "Exists"}
                ],
                "hostAliases": [{"ip": "10.0.0.1", "hostnames": ["db.local"]}],
                "priorityClassName": "high",
                "priority": 1000,
                "dnsConfig": {
                    "nameservers": ["1.1.1.1"],
                    "searches": ["svc.cluster.local"],
                    "options": [{"name": "ndots", "value": "2"}, {"name": "edns0"}]
                },
                "readinessGates": [{"conditionType": "example.com/ready"}],
                "runtimeClassName": "gvisor",
                "enableServiceLinks": false,
                "preemptionPolicy": "Never",
                "overhead": {"cpu": "10m"},
                "topologySpreadConstraints": [
                    {
                        "maxSkew": 1,
                        "topologyKey": "topology.kubernetes.io/zone",
                        "whenUnsatisfiable": "DoNotSchedule",
                        "labelSelector": {"matchLabels": {"app": "web"}},
                        "minDomains": 3,
                        "nodeAffinityPolicy": "Honor",
                        "nodeTaintsPolicy": "Ignore",
                        "matchLabelKeys": ["pod-template-hash"]
                    }
                ],
                "setHostnameAsFQDN": true,
                "os": {"name": "linux"},
                "hostUsers": false,
                "schedulingGates": [{"name": "example.com/quota"}],
                "resourceClaims": [{"name": "gpu", "resourceClaimTemplateName": "gpu-template"}],
                "resources": {"limits": {"cpu": "1", "memory": "1Gi"}}
            }
        }
        "#,
    )?;
    let template: PodTemplateSpec = serde_json::from_value(manifest.clone())?;
    let web = &template.spec.containers[0];
    assert_eq!(web.ports.as_ref().map(Vec::len), Some(2));
    let probe = web.readiness_probe.as_ref().and_then(|p| p.handler.tcp_socket.as_ref()).map(|t| &t.port);
    assert_eq!(probe, Some(&IntOrString::String("http".to_owned())));
    assert_eq!(template.spec.host_pid, Some(false));
    assert_eq!(template.spec.set_hostname_as_fqdn, Some(true));
    assert_eq!(serde_json::to_value(&template)?, manifest);
    Ok(())
}

#[test]
fn value_typed_structs_are_always_written_and_empty_names_are_not() -> serde_json::Result<()> {
    let template = PodTemplateSpec {
        spec: PodSpec {
            containers: vec![Container { name: "app".to_owned(), ..Container::default() }],
            image_pull_secrets: Some(vec![LocalObjectReference::default()]),
            ..PodSpec::default()
        },
        ..PodTemplateSpec::default()
    };
    let expected = json!({
        "metadata": {},
        "spec": {"containers": [{"name": "app", "resources": {}}], "imagePullSecrets": [{}]}
    });
    assert_eq!(serde_json::to_value(&template)?, expected);
    assert_eq!(serde_json::from_value::<PodTemplateSpec>(expected)?, template);
    Ok(())
}

#[test]
fn type_fields_keep_their_json_name() -> serde_json::Result<()> {
    let profile = SeccompProfile { type_: "RuntimeDefault".to_owned(), localhost_profile: None };
    assert_eq!(serde_json::to_value(&profile)?, json!({"type": "RuntimeDefault"}));
    let options: SELinuxOptions = serde_json::from_value(json!({"type": "container_t"}))?;
    assert_eq!(options.type_.as_deref(), Some("container_t"));
    Ok(())
}
