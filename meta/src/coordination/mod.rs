//! `k8s.io/api/coordination` (group `coordination.k8s.io`): leases. kapi's replicas each hold one as their
//! identity (the apiserver-identity design), so the kind lives here rather than only in the corpus.

pub mod v1;
