//! The group-versions an upstream Kubernetes 1.32 API server knows (its scheme's group-versions, served or not).
//!
//! Shared kinds such as DeleteOptions and WatchEvent are registered in each of them, so their
//! `x-kubernetes-group-version-kind` lists name all of these. They are client-go's scheme
//! ([`kapi_meta::client_go_scheme`], which the server names shared kinds with in CRD documents) and the groups
//! kube-apiserver has beyond it.

use kapi_meta::client_go_scheme;

/// What kube-apiserver's scheme has beyond client-go's: the review kinds' groups, which serve no resources, and the
/// groups of the extension and aggregation servers it embeds, whose clients live in their own modules.
const BEYOND_CLIENT_GO: &[(&str, &str)] = &[
    ("admission.k8s.io", "v1"),
    ("admission.k8s.io", "v1beta1"),
    ("apiextensions.k8s.io", "v1"),
    ("apiextensions.k8s.io", "v1beta1"),
    ("apiregistration.k8s.io", "v1"),
    ("apiregistration.k8s.io", "v1beta1"),
    ("imagepolicy.k8s.io", "v1alpha1"),
];

/// `(group, version)` pairs, sorted; the legacy core group is `""`.
pub fn known_group_versions() -> Vec<(&'static str, &'static str)> {
    let mut all: Vec<(&str, &str)> = client_go_scheme::GROUP_VERSIONS.iter().chain(BEYOND_CLIENT_GO).copied().collect();
    all.sort_unstable();
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_is_sorted_and_free_of_duplicates() {
        let known = known_group_versions();
        assert!(known.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(known.len(), 61);
    }
}
