use super::*;

#[test]
fn classes_of_paths() {
    assert_eq!(EndpointClass::of("/apis"), EndpointClass::DiscoveryRoot);
    assert_eq!(EndpointClass::of("/api/v1"), EndpointClass::DiscoveryLegacy);
    assert_eq!(EndpointClass::of("/apis/apps"), EndpointClass::DiscoveryLegacy);
    assert_eq!(EndpointClass::of("/apis/apps/v1"), EndpointClass::DiscoveryLegacy);
    assert_eq!(EndpointClass::of("/apis/apps/v1/deployments"), EndpointClass::Other);
    assert_eq!(EndpointClass::of("/apis/discovery.k8s.io/v1alpha1/groups"), EndpointClass::Groups);
    assert_eq!(EndpointClass::of("/apis/discovery.k8s.io/v1alpha1/groups/apps"), EndpointClass::Groups);
    assert_eq!(EndpointClass::of("/apis/discovery.k8s.io/v1alpha1/watch/groups"), EndpointClass::Groups);
    assert_eq!(EndpointClass::of("/apis/discovery.k8s.io/v1alpha1/groups/apps/status"), EndpointClass::Other);
    for leases in [
        "/apis/coordination.k8s.io/v1/leases",
        "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases",
        "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kapi-1",
        "/apis/coordination.k8s.io/v1/watch/leases",
        "/apis/coordination.k8s.io/v1/watch/namespaces/kube-system/leases/kapi-1",
    ] {
        assert_eq!(EndpointClass::of(leases), EndpointClass::Leases, "{leases}");
    }
    assert_eq!(EndpointClass::of("/apis/coordination.k8s.io/v1"), EndpointClass::DiscoveryLegacy);
    assert_eq!(EndpointClass::of("/apis/coordination.k8s.io/v1/leases/kapi-1"), EndpointClass::Other);
    assert_eq!(EndpointClass::of("/apis/coordination.k8s.io/v1/namespaces/x/pods"), EndpointClass::Other);
    assert_eq!(EndpointClass::of("/openapi/v3/apis/apps/v1"), EndpointClass::OpenApiV3);
    assert_eq!(EndpointClass::of("/openapi/v3.1"), EndpointClass::OpenApiV31Root);
    assert_eq!(EndpointClass::of("/openapi/v3.1/apis/apps/v1"), EndpointClass::OpenApiV31);
    assert_eq!(EndpointClass::of("/metrics"), EndpointClass::Operations);
    assert_eq!(EndpointClass::of("/etc/passwd"), EndpointClass::Other);
    assert_eq!(EndpointClass::of("/docs"), EndpointClass::Docs);
    assert_eq!(EndpointClass::of("/docs/"), EndpointClass::Docs);
    assert_eq!(EndpointClass::of("/docs/apps/v1"), EndpointClass::Docs);
    assert_eq!(EndpointClass::of("/docsx"), EndpointClass::Other);
}

#[test]
fn rendered_metrics_name_the_aggregation_series() {
    let metrics = Metrics::new();
    metrics.observe_aggregation(Duration::from_millis(3));
    metrics.observe_request(EndpointClass::DiscoveryRoot, "GET", 200, Duration::from_micros(80));
    let text = metrics.render();
    assert!(text.contains("aggregator_discovery_aggregation_count_total 1"), "{text}");
    assert!(text.contains("aggregator_discovery_aggregation_duration 0.003"), "{text}");
    assert!(
        text.contains("kapi_http_requests_total{class=\"discovery_root\",method=\"GET\",code=\"200\"} 1"),
        "{text}"
    );
}

#[test]
fn watch_streams_and_their_events_are_counted() {
    let metrics = Metrics::new();
    assert!(metrics.render().contains("kapi_watch_streams_open{resource=\"leases\"} 0"), "series exist at 0");
    metrics.watch_stream_opened("groups");
    metrics.watch_stream_opened("groups");
    metrics.watch_stream_opened("leases");
    metrics.watch_stream_closed("groups");
    metrics.observe_watch_event("groups", "ADDED");
    metrics.observe_watch_event("groups", "ADDED");
    metrics.observe_watch_event("groups", "BOOKMARK");
    metrics.observe_watch_event("leases", "ADDED");
    let text = metrics.render();
    assert!(text.contains("kapi_watch_streams_open{resource=\"groups\"} 1"), "{text}");
    assert!(text.contains("kapi_watch_streams_open{resource=\"leases\"} 1"), "{text}");
    assert!(text.contains("kapi_watch_events_sent_total{resource=\"groups\",type=\"ADDED\"} 2"), "{text}");
    assert!(text.contains("kapi_watch_events_sent_total{resource=\"groups\",type=\"BOOKMARK\"} 1"), "{text}");
    assert!(text.contains("kapi_watch_events_sent_total{resource=\"leases\",type=\"ADDED\"} 1"), "{text}");
}
