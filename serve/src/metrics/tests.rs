use super::*;

#[test]
fn classes_of_paths() {
    // A feature's paths (watchable discovery's, the leases', the reference site's) are not the core's: their
    // mounted routes carry their class (kapi-runtime's tests `groups`, `leases` and `docs` count them so).
    assert_eq!(EndpointClass::of("/apis"), EndpointClass::DISCOVERY_ROOT);
    assert_eq!(EndpointClass::of("/api/v1"), EndpointClass::DISCOVERY_LEGACY);
    assert_eq!(EndpointClass::of("/apis/apps"), EndpointClass::DISCOVERY_LEGACY);
    assert_eq!(EndpointClass::of("/apis/apps/v1"), EndpointClass::DISCOVERY_LEGACY);
    assert_eq!(EndpointClass::of("/apis/apps/v1/deployments"), EndpointClass::OTHER);
    assert_eq!(EndpointClass::of("/apis/discovery.k8s.io/v1alpha1/groups"), EndpointClass::OTHER);
    assert_eq!(EndpointClass::of("/apis/discovery.k8s.io/v1alpha1/groups/apps"), EndpointClass::OTHER);
    assert_eq!(EndpointClass::of("/apis/discovery.k8s.io/v1alpha1/watch/groups"), EndpointClass::OTHER);
    assert_eq!(EndpointClass::of("/apis/discovery.k8s.io/v1alpha1/groups/apps/status"), EndpointClass::OTHER);
    for leases in [
        "/apis/coordination.k8s.io/v1/leases",
        "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases",
        "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kapi-1",
        "/apis/coordination.k8s.io/v1/watch/leases",
        "/apis/coordination.k8s.io/v1/watch/namespaces/kube-system/leases/kapi-1",
    ] {
        assert_eq!(EndpointClass::of(leases), EndpointClass::OTHER, "{leases}");
    }
    assert_eq!(EndpointClass::of("/apis/coordination.k8s.io/v1"), EndpointClass::DISCOVERY_LEGACY);
    assert_eq!(EndpointClass::of("/apis/coordination.k8s.io/v1/leases/kapi-1"), EndpointClass::OTHER);
    assert_eq!(EndpointClass::of("/apis/coordination.k8s.io/v1/namespaces/x/pods"), EndpointClass::OTHER);
    assert_eq!(EndpointClass::of("/openapi/v3/apis/apps/v1"), EndpointClass::OPENAPI_V3);
    assert_eq!(EndpointClass::of("/openapi/v3.1"), EndpointClass::OPENAPI_V31_ROOT);
    assert_eq!(EndpointClass::of("/openapi/v3.1/apis/apps/v1"), EndpointClass::OPENAPI_V31);
    assert_eq!(EndpointClass::of("/metrics"), EndpointClass::OPERATIONS);
    assert_eq!(EndpointClass::of("/etc/passwd"), EndpointClass::OTHER);
    assert_eq!(EndpointClass::of("/docs"), EndpointClass::OTHER);
    assert_eq!(EndpointClass::of("/docs/"), EndpointClass::OTHER);
    assert_eq!(EndpointClass::of("/docs/apps/v1"), EndpointClass::OTHER);
    assert_eq!(EndpointClass::of("/docsx"), EndpointClass::OTHER);
}

#[test]
fn rendered_metrics_name_the_aggregation_series() {
    let metrics = Metrics::new();
    metrics.observe_aggregation(Duration::from_millis(3));
    metrics.observe_request(EndpointClass::DISCOVERY_ROOT, "GET", 200, Duration::from_micros(80));
    let text = metrics.render();
    assert!(text.contains("aggregator_discovery_aggregation_count_total 1"), "{text}");
    assert!(text.contains("aggregator_discovery_aggregation_duration 0.003"), "{text}");
    assert!(
        text.contains("kapi_http_requests_total{class=\"discovery_root\",method=\"GET\",code=\"200\"} 1"),
        "{text}"
    );
}

#[test]
fn mounted_classes_take_slots_then_fall_back_to_other() {
    let metrics = Metrics::new();
    let first = metrics.endpoint_class("first");
    assert_eq!(metrics.endpoint_class("first"), first, "a name keeps its slot");
    assert_eq!(metrics.endpoint_class("operations"), EndpointClass::OPERATIONS, "core names are the core's");
    for index in 1..MOUNTED_SLOTS {
        let name: &'static str = Box::leak(format!("class{index}").into_boxed_str());
        assert_ne!(metrics.endpoint_class(name), EndpointClass::OTHER);
    }
    assert_eq!(metrics.endpoint_class("one-too-many"), EndpointClass::OTHER);
    metrics.observe_request(first, "GET", 200, Duration::from_micros(80));
    assert!(metrics.render().contains("kapi_http_requests_total{class=\"first\",method=\"GET\",code=\"200\"} 1"));
}

#[test]
fn a_family_is_registered_once() {
    let metrics = Metrics::new();
    let mut registrations = 0;
    for _ in 0..2 {
        metrics.family(|registry| {
            registrations += 1;
            let counter = Counter::<u64>::default();
            registry.register("kapi_test_family", "A test family", counter.clone());
            counter
        });
    }
    assert_eq!(registrations, 1);
    assert!(metrics.render().contains("kapi_test_family_total 0"));
}
