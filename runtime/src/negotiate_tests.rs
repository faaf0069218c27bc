//! Negotiation tables: what kubectl and other clients send, and what they must get.

use super::*;
use AggregatedVersion::{V2, V2beta1};

const BOTH: &[AggregatedVersion] = &[V2, V2beta1];
const V2_CLAUSE: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
const V2BETA1_CLAUSE: &str = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";

fn discovery(accept: Option<&str>) -> Option<DiscoveryChoice> {
    negotiate_discovery(&parse_accept(accept), BOTH, true)
}

#[test]
fn kubectl_accept_headers_get_aggregated_discovery() {
    let kubectl_129 = format!("{V2BETA1_CLAUSE},application/json");
    let kubectl_132 = format!("{V2_CLAUSE},{V2BETA1_CLAUSE},application/json");
    assert_eq!(discovery(Some(&kubectl_129)), Some(DiscoveryChoice::Aggregated(V2beta1)));
    assert_eq!(discovery(Some(&kubectl_132)), Some(DiscoveryChoice::Aggregated(V2)));
}

#[test]
fn parameter_order_and_case_do_not_matter() {
    let reordered = "Application/JSON; as=APIGroupDiscoveryList; v=v2; g=apidiscovery.k8s.io";
    assert_eq!(discovery(Some(reordered)), Some(DiscoveryChoice::Aggregated(V2)));
    let quoted = "application/json;g=\"apidiscovery.k8s.io\";v=\"v2beta1\";as=\"APIGroupDiscoveryList\"";
    assert_eq!(discovery(Some(quoted)), Some(DiscoveryChoice::Aggregated(V2beta1)));
}

#[test]
fn q_values_outrank_header_order() {
    let accept = format!("application/json;q=0.5,{V2_CLAUSE};q=0.9");
    assert_eq!(discovery(Some(&accept)), Some(DiscoveryChoice::Aggregated(V2)));
    let accept = format!("{V2_CLAUSE};q=0.1,application/json");
    assert_eq!(discovery(Some(&accept)), Some(DiscoveryChoice::Legacy));
    let accept = format!("{V2_CLAUSE};q=0,application/json");
    assert_eq!(discovery(Some(&accept)), Some(DiscoveryChoice::Legacy), "q=0 means not acceptable");
}

#[test]
fn equal_q_keeps_header_order_and_wildcards_come_last() {
    let accept = format!("{V2BETA1_CLAUSE},{V2_CLAUSE}");
    assert_eq!(discovery(Some(&accept)), Some(DiscoveryChoice::Aggregated(V2beta1)));
    let accept = format!("*/*,{V2_CLAUSE}");
    assert_eq!(discovery(Some(&accept)), Some(DiscoveryChoice::Aggregated(V2)), "concrete before wildcard");
}

#[test]
fn wildcards_and_missing_header_give_legacy() {
    for accept in [None, Some(""), Some("*/*"), Some("*"), Some("application/*"), Some("application/json, */*")] {
        assert_eq!(discovery(accept), Some(DiscoveryChoice::Legacy), "{accept:?}");
    }
}

#[test]
fn unknown_conversions_are_skipped_and_nothing_fitting_is_none() {
    let other = "application/json;g=apidiscovery.k8s.io;v=v3;as=APIGroupDiscoveryList";
    assert_eq!(discovery(Some(other)), None);
    assert_eq!(discovery(Some(&format!("{other},application/json"))), Some(DiscoveryChoice::Legacy));
    let wrong_kind = "application/json;g=apidiscovery.k8s.io;v=v2;as=Table";
    assert_eq!(discovery(Some(wrong_kind)), None);
    for accept in ["application/xml", "application/yaml", "text/html", "application/vnd.kubernetes.protobuf"] {
        assert_eq!(discovery(Some(accept)), None, "{accept}");
    }
}

#[test]
fn only_offered_variants_are_chosen() {
    let clauses = parse_accept(Some(&format!("{V2_CLAUSE},{V2BETA1_CLAUSE},application/json")));
    assert_eq!(negotiate_discovery(&clauses, &[V2beta1], true), Some(DiscoveryChoice::Aggregated(V2beta1)));
    assert_eq!(negotiate_discovery(&clauses, &[], true), Some(DiscoveryChoice::Legacy));
    assert_eq!(negotiate_discovery(&clauses, &[], false), None);
}

#[test]
fn openapi_negotiation_knows_both_protobuf_spellings() {
    let pb = |accept: &str, spec| negotiate_openapi(&parse_accept(Some(accept)), spec, true);
    let at = "application/com.github.proto-openapi.spec.v3@v1.0+protobuf";
    let dot = "application/com.github.proto-openapi.spec.v3.v1.0+protobuf";
    assert_eq!(pb(at, Spec::V3), Some(OpenApiChoice::Protobuf { at_spelling: true }));
    assert_eq!(pb(dot, Spec::V3), Some(OpenApiChoice::Protobuf { at_spelling: false }));
    assert_eq!(pb(at, Spec::V2), None, "a v3 media type does not fit a v2 document");
    assert_eq!(
        pb("application/com.github.proto-openapi.spec.v2@v1.0+protobuf", Spec::V2),
        Some(OpenApiChoice::Protobuf { at_spelling: true })
    );
    assert_eq!(pb("application/json, */*", Spec::V3), Some(OpenApiChoice::Json));
    assert_eq!(
        pb(&format!("{at},application/json;q=0.5"), Spec::V3),
        Some(OpenApiChoice::Protobuf { at_spelling: true })
    );
    assert_eq!(pb("*/*", Spec::V3), Some(OpenApiChoice::Json));
    assert_eq!(pb("text/html", Spec::V3), None);
    assert_eq!(negotiate_openapi(&parse_accept(Some(at)), Spec::V3, false), None, "protobuf not offered");
}

#[test]
fn gzip_acceptance() {
    assert!(accepts_gzip(Some("gzip")));
    assert!(accepts_gzip(Some("deflate, gzip;q=0.5")));
    assert!(accepts_gzip(Some("*")));
    assert!(!accepts_gzip(Some("gzip;q=0")));
    assert!(!accepts_gzip(Some("gzip;q=0, *")));
    assert!(!accepts_gzip(Some("identity")));
    assert!(!accepts_gzip(None));
}
