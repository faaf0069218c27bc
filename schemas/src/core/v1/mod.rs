//! `k8s.io/api/core/v1`: the pod template and everything it references (the part of core/v1 other groups embed).

mod volumes;

pub use volumes::*;
