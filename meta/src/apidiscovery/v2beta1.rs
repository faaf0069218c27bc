//! `k8s.io/api/apidiscovery/v2beta1`: the beta aggregated discovery types, shaped like v2.

aggregated_discovery_types!(package = "k8s.io/api/apidiscovery/v2beta1", version = "v2beta1");
