//! The request-matching types of a mutating admission policy (shared in shape with the other versions).

crate::admissionregistration::matching::matching_types!("k8s.io/api/admissionregistration/v1alpha1");
