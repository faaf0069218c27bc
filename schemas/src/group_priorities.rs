//! Discovery priorities of the corpus' groups: discovery lists groups highest priority first.
//!
//! The Kubernetes groups carry upstream's numbers (the `GroupPriorityMinimum` kube-apiserver gives its built-in
//! APIServices: apps 17800, batch 17400, rbac.authorization.k8s.io 17000, ...), so groups added to the corpus
//! later slot in where upstream lists them. `apiregistration.k8s.io` is the aggregator's own group, which
//! upstream always lists first; 18000 (the top of the built-in range) puts it there. The example groups stay below every built-in group, as custom
//! resources do on a real server.

/// `(group, priority)` for the Kubernetes groups of the corpus.
pub const KUBERNETES_GROUP_PRIORITIES: &[(&str, u32)] = &[
    ("apiregistration.k8s.io", 18000),
    ("apps", 17800),
    ("autoscaling", 17500),
    ("batch", 17400),
    ("rbac.authorization.k8s.io", 17000),
    ("coordination.k8s.io", 16500),
];

/// `(group, priority)` for the example groups. `batch.example.com` has none and gets the registry's default
/// (1000), so the two example groups are listed by priority, not by name.
pub const EXAMPLE_GROUP_PRIORITIES: &[(&str, u32)] = &[("stable.example.com", 1500)];

#[cfg(test)]
mod tests {
    use kapi::Registry;

    use super::KUBERNETES_GROUP_PRIORITIES;
    use crate::golden::discovery_document;

    /// Upstream's aggregated `/apis` lists groups in priority order; ours must agree with it.
    #[test]
    fn the_priorities_reproduce_upstreams_group_order() {
        let golden = discovery_document("aggregated_v2.json");
        let upstream_order: Vec<&str> = golden["items"]
            .as_array()
            .map(|items| items.iter().filter_map(|item| item["metadata"]["name"].as_str()).collect())
            .unwrap_or_default();
        let mut registry = Registry::new();
        for (group, priority) in KUBERNETES_GROUP_PRIORITIES {
            registry.set_group_priority(group, *priority);
        }
        let mut ours: Vec<&str> = KUBERNETES_GROUP_PRIORITIES.iter().map(|(group, _)| *group).collect();
        ours.sort_by(|a, b| registry.compare_groups(a, b));
        let theirs: Vec<&str> = upstream_order.into_iter().filter(|group| ours.contains(group)).collect();
        assert_eq!(ours, theirs);
        assert_eq!(theirs.len(), KUBERNETES_GROUP_PRIORITIES.len(), "every group with a priority is upstream's");
    }
}
