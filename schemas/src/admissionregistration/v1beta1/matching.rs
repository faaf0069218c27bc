//! The request-matching types of a validating admission policy (shared in shape with the other versions).

crate::admissionregistration::matching::matching_types!("k8s.io/api/admissionregistration/v1beta1");
