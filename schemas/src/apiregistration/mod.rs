//! `k8s.io/kube-aggregator/pkg/apis/apiregistration`: APIService, the registration of an API group-version
//! served by another API server behind the aggregator.

pub mod v1;
