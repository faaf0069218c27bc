//! The watch streams every served kind shares: how many are open and the events they sent, by resource. A family
//! of the server's metrics, registered when the first kind is served.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::registry::Registry;

use kapi_serve::Metrics;

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct WatchStreamLabels {
    resource: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct WatchEventLabels {
    resource: &'static str,
    r#type: &'static str,
}

/// `kapi_watch_streams_open` and `kapi_watch_events_sent`.
#[derive(Debug, Default)]
pub struct WatchMetrics {
    streams: Family<WatchStreamLabels, Gauge>,
    events: Family<WatchEventLabels, Counter>,
}

impl WatchMetrics {
    /// The family in `metrics`, registered on first use.
    pub fn of(metrics: &Metrics) -> std::sync::Arc<Self> {
        metrics.family(Self::register)
    }

    fn register(registry: &mut Registry) -> Self {
        let metrics = Self::default();
        registry.register(
            "kapi_watch_streams_open",
            "Watch streams currently open, by resource",
            metrics.streams.clone(),
        );
        registry.register(
            "kapi_watch_events_sent",
            "Watch events sent to clients, by resource and event type",
            metrics.events.clone(),
        );
        metrics
    }

    /// Makes `resource`'s open-stream series exist (at 0) before its first watch: a served kind calls it when it
    /// is mounted.
    pub fn serve(&self, resource: &'static str) {
        drop(self.streams.get_or_create(&WatchStreamLabels { resource }));
    }

    /// Counts a watch stream of `resource` opening; [`WatchMetrics::stream_closed`] when it ends.
    pub fn stream_opened(&self, resource: &'static str) {
        self.streams.get_or_create(&WatchStreamLabels { resource }).inc();
    }

    /// Counts a watch stream of `resource` ending.
    pub fn stream_closed(&self, resource: &'static str) {
        self.streams.get_or_create(&WatchStreamLabels { resource }).dec();
    }

    /// Counts one watch event of `resource` sent, by type (`ADDED`, `MODIFIED`, `DELETED`, `BOOKMARK`, `ERROR`).
    pub fn event_sent(&self, resource: &'static str, event_type: &'static str) {
        self.events.get_or_create(&WatchEventLabels { resource, r#type: event_type }).inc();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn watch_streams_and_their_events_are_counted() {
        let metrics = Metrics::new();
        let watches = WatchMetrics::of(&metrics);
        watches.serve("leases");
        assert!(metrics.render().contains("kapi_watch_streams_open{resource=\"leases\"} 0"), "series exist at 0");
        watches.stream_opened("groups");
        watches.stream_opened("groups");
        watches.stream_opened("leases");
        watches.stream_closed("groups");
        watches.event_sent("groups", "ADDED");
        watches.event_sent("groups", "ADDED");
        watches.event_sent("groups", "BOOKMARK");
        watches.event_sent("leases", "ADDED");
        let text = metrics.render();
        assert!(text.contains("kapi_watch_streams_open{resource=\"groups\"} 1"), "{text}");
        assert!(text.contains("kapi_watch_streams_open{resource=\"leases\"} 1"), "{text}");
        assert!(text.contains("kapi_watch_events_sent_total{resource=\"groups\",type=\"ADDED\"} 2"), "{text}");
        assert!(text.contains("kapi_watch_events_sent_total{resource=\"groups\",type=\"BOOKMARK\"} 1"), "{text}");
        assert!(text.contains("kapi_watch_events_sent_total{resource=\"leases\",type=\"ADDED\"} 1"), "{text}");
    }
}
