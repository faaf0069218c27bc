//! The group-versions an upstream Kubernetes 1.32 API server knows (its scheme's group-versions, served or not).
//!
//! Shared kinds such as DeleteOptions and WatchEvent are registered in each of them, so their
//! `x-kubernetes-group-version-kind` lists name all of these. Sorted by (group, version).

/// `(group, version)` pairs; the legacy core group is `""`.
pub const KNOWN_GROUP_VERSIONS: &[(&str, &str)] = &[
    ("", "v1"),
    ("admission.k8s.io", "v1"),
    ("admission.k8s.io", "v1beta1"),
    ("admissionregistration.k8s.io", "v1"),
    ("admissionregistration.k8s.io", "v1alpha1"),
    ("admissionregistration.k8s.io", "v1beta1"),
    ("apiextensions.k8s.io", "v1"),
    ("apiextensions.k8s.io", "v1beta1"),
    ("apiregistration.k8s.io", "v1"),
    ("apiregistration.k8s.io", "v1beta1"),
    ("apps", "v1"),
    ("apps", "v1beta1"),
    ("apps", "v1beta2"),
    ("authentication.k8s.io", "v1"),
    ("authentication.k8s.io", "v1alpha1"),
    ("authentication.k8s.io", "v1beta1"),
    ("authorization.k8s.io", "v1"),
    ("authorization.k8s.io", "v1beta1"),
    ("autoscaling", "v1"),
    ("autoscaling", "v2"),
    ("autoscaling", "v2beta1"),
    ("autoscaling", "v2beta2"),
    ("batch", "v1"),
    ("batch", "v1beta1"),
    ("certificates.k8s.io", "v1"),
    ("certificates.k8s.io", "v1alpha1"),
    ("certificates.k8s.io", "v1beta1"),
    ("coordination.k8s.io", "v1"),
    ("coordination.k8s.io", "v1alpha2"),
    ("coordination.k8s.io", "v1beta1"),
    ("discovery.k8s.io", "v1"),
    ("discovery.k8s.io", "v1beta1"),
    ("events.k8s.io", "v1"),
    ("events.k8s.io", "v1beta1"),
    ("extensions", "v1beta1"),
    ("flowcontrol.apiserver.k8s.io", "v1"),
    ("flowcontrol.apiserver.k8s.io", "v1beta1"),
    ("flowcontrol.apiserver.k8s.io", "v1beta2"),
    ("flowcontrol.apiserver.k8s.io", "v1beta3"),
    ("imagepolicy.k8s.io", "v1alpha1"),
    ("internal.apiserver.k8s.io", "v1alpha1"),
    ("networking.k8s.io", "v1"),
    ("networking.k8s.io", "v1alpha1"),
    ("networking.k8s.io", "v1beta1"),
    ("node.k8s.io", "v1"),
    ("node.k8s.io", "v1alpha1"),
    ("node.k8s.io", "v1beta1"),
    ("policy", "v1"),
    ("policy", "v1beta1"),
    ("rbac.authorization.k8s.io", "v1"),
    ("rbac.authorization.k8s.io", "v1alpha1"),
    ("rbac.authorization.k8s.io", "v1beta1"),
    ("resource.k8s.io", "v1alpha3"),
    ("resource.k8s.io", "v1beta1"),
    ("scheduling.k8s.io", "v1"),
    ("scheduling.k8s.io", "v1alpha1"),
    ("scheduling.k8s.io", "v1beta1"),
    ("storage.k8s.io", "v1"),
    ("storage.k8s.io", "v1alpha1"),
    ("storage.k8s.io", "v1beta1"),
    ("storagemigration.k8s.io", "v1alpha1"),
];

#[cfg(test)]
mod tests {
    use super::KNOWN_GROUP_VERSIONS;

    #[test]
    fn the_list_is_sorted_and_free_of_duplicates() {
        assert!(KNOWN_GROUP_VERSIONS.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(KNOWN_GROUP_VERSIONS.len(), 61);
    }
}
