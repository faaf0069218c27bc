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
    ("events.k8s.io", 17750),
    ("authentication.k8s.io", 17700),
    ("authorization.k8s.io", 17600),
    ("autoscaling", 17500),
    ("batch", 17400),
    ("certificates.k8s.io", 17300),
    ("networking.k8s.io", 17200),
    ("policy", 17100),
    ("rbac.authorization.k8s.io", 17000),
    ("storage.k8s.io", 16800),
    // The same as apiextensions.k8s.io's, listed before it by name.
    ("admissionregistration.k8s.io", 16700),
    ("apiextensions.k8s.io", 16700),
    ("scheduling.k8s.io", 16600),
    ("coordination.k8s.io", 16500),
    ("node.k8s.io", 16300),
    ("discovery.k8s.io", DISCOVERY_GROUP_PRIORITY),
    // The same as discovery.k8s.io's; equal priorities are listed by name.
    ("resource.k8s.io", 16200),
    ("flowcontrol.apiserver.k8s.io", 16100),
    ("internal.apiserver.k8s.io", 16000),
    ("storagemigration.k8s.io", 15800),
];

/// Upstream's priority for `discovery.k8s.io`, the group kapi's watchable discovery kind is served in by default.
pub const DISCOVERY_GROUP_PRIORITY: u32 = 16200;

/// `(group, priority)` for the example groups. `batch.example.com` has none and gets the registry's default
/// (1000), so the two example groups are listed by priority, not by name.
pub const EXAMPLE_GROUP_PRIORITIES: &[(&str, u32)] = &[("stable.example.com", 1500)];
