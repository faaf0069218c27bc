//! ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding (shared in shape with v1beta1).

crate::admissionregistration::validating_policy::validating_policy_types!("k8s.io/api/admissionregistration/v1", "v1");
