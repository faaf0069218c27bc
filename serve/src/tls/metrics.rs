//! TLS metrics: reloads of the serving certificate by outcome.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::registry::Registry;

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct OutcomeLabels {
    outcome: &'static str,
}

/// Registered with the runtime's other metrics; updated by the certificate watch.
#[derive(Debug)]
pub(crate) struct TlsMetrics {
    reloads: Family<OutcomeLabels, Counter>,
}

impl TlsMetrics {
    pub fn register(registry: &mut Registry) -> Self {
        let metrics = Self { reloads: Family::default() };
        registry.register(
            "kapi_tls_certificate_reloads",
            "Reloads of the serving certificate after its files changed, by outcome (succeeded, failed)",
            metrics.reloads.clone(),
        );
        metrics
    }

    /// Counts one reload: `succeeded` (the new pair is served) or `failed` (the previous pair still is).
    pub fn observe_reload(&self, outcome: &'static str) {
        self.reloads.get_or_create(&OutcomeLabels { outcome }).inc();
    }
}
