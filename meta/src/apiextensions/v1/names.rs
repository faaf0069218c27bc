//! The Go package and the API version these types are published under.

/// The Go package of these types.
pub const PACKAGE: &str = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1";

/// The `apiVersion` of these kinds.
pub const API_VERSION: &str = "apiextensions.k8s.io/v1";
