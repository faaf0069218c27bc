//! Aggregation: serving upstream API servers' discovery and OpenAPI beside the aggregator's own, the way
//! kube-aggregator serves APIService backends.
//!
//! Each upstream has a refresh task (conditional requests on an interval, or at once when poked) and a follow
//! task (an upstream kapi server's watchable discovery, whose events poke the refresh). Whenever what is known changes,
//! the files served are composed anew — the aggregator's own bundle plus every upstream's groups, by the rule of the
//! `merge` module — and stored in the [`Handle`](kapi_serve::Handle) as one bundle ([`Bundle::compose`](kapi_serve::Bundle::compose), each upstream's OpenAPI v3 documents forwarded by a [`RemoteDocument`](kapi_serve::RemoteDocument)), so every request sees one consistent
//! state and the watchable discovery of the aggregator itself sees every change.

mod client;
mod client_tls;
mod compose;
mod credentials;
mod fetch_discovery;
mod fetch_openapi;
mod follow;
mod forms;
mod merge;
mod metrics;
mod proxy;
mod refresh;
mod running;
mod spec;
mod state;
mod swagger;

pub use client::{HttpClient, http_client};
pub use credentials::BearerToken;
pub use merge::Conflict;
pub use running::{Aggregator, AggregatorSettings, AggregatorTasks};
pub use spec::{ClientIdentity, GroupVersionKey, UpstreamSpec};
pub use state::Freshness;

impl Aggregator {
    /// Starts refreshing and following every upstream (on the current tokio runtime).
    pub fn start(&self) -> AggregatorTasks {
        let mut tasks = Vec::new();
        for index in 0..self.shared.upstreams.len() {
            tasks.push(tokio::spawn(refresh::run(self.clone(), index)));
            tasks.push(tokio::spawn(follow::run(self.clone(), index)));
        }
        AggregatorTasks(tasks)
    }
}
