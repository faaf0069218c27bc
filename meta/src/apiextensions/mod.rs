//! `k8s.io/apiextensions-apiserver/pkg/apis/apiextensions` (group `apiextensions.k8s.io`): custom resource
//! definitions, the kind that teaches an API server a new resource and its schema.

pub mod v1;
