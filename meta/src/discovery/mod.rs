//! `k8s.io/api/discovery` (group `discovery.k8s.io` by default): watchable API group discovery, where each API
//! group the server serves is an object of its own that clients can get, list and watch.
//!
//! Only `v1alpha1` exists, with the `Group` kind of the watchable-discovery design. Upstream Kubernetes later gave
//! `discovery.k8s.io` to EndpointSlices (`v1`); both can live in one group, and discovery still prefers `v1`
//! there. A server that would rather keep them apart registers the kind under another group name
//! ([`v1alpha1::register`]).

pub mod v1alpha1;
