//! `k8s.io/apimachinery/pkg/apis/meta`: the metadata and request/response kinds every API group shares.

pub mod v1;
