//! `k8s.io/api/apidiscovery/v2`: the aggregated discovery types (GA since Kubernetes 1.30).

aggregated_discovery_types!(package = "k8s.io/api/apidiscovery/v2", version = "v2");
