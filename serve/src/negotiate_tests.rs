//! Negotiation tables: what kubectl and other clients send, and what they must get.

use super::*;
use AggregatedVersion::{V2, V2beta1};
use Encoding::{Json, Protobuf};

const V2_CLAUSE: &str = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
const V2BETA1_CLAUSE: &str = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";
const PB_V2_CLAUSE: &str = "application/vnd.kubernetes.protobuf;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
const PB: &str = "application/vnd.kubernetes.protobuf";

/// A server offering both aggregated versions and the legacy document, JSON only (the state before protobuf).
fn discovery(accept: Option<&str>) -> Option<DiscoveryChoice> {
    negotiate_discovery(&parse_accept(accept), |choice| offered_json(choice).then_some(())).map(|(choice, ())| choice)
}

fn offered_json(choice: DiscoveryChoice) -> bool {
    matches!(choice, DiscoveryChoice::Aggregated(_, Json) | DiscoveryChoice::Legacy(Json))
}

/// Everything in both encodings.
fn with_protobuf(accept: &str) -> Option<DiscoveryChoice> {
    negotiate_discovery(&parse_accept(Some(accept)), Some).map(|(choice, _)| choice)
}

#[test]
fn kubectl_accept_headers_get_aggregated_discovery() {
    let kubectl_129 = format!("{V2BETA1_CLAUSE},application/json");
    let kubectl_132 = format!("{V2_CLAUSE},{V2BETA1_CLAUSE},application/json");
    assert_eq!(discovery(Some(&kubectl_129)), Some(DiscoveryChoice::Aggregated(V2beta1, Json)));
    assert_eq!(discovery(Some(&kubectl_132)), Some(DiscoveryChoice::Aggregated(V2, Json)));
}

#[test]
fn parameter_order_and_case_do_not_matter() {
    let reordered = "Application/JSON; as=APIGroupDiscoveryList; v=v2; g=apidiscovery.k8s.io";
    assert_eq!(discovery(Some(reordered)), Some(DiscoveryChoice::Aggregated(V2, Json)));
    let quoted = "application/json;g=\"apidiscovery.k8s.io\";v=\"v2beta1\";as=\"APIGroupDiscoveryList\"";
    assert_eq!(discovery(Some(quoted)), Some(DiscoveryChoice::Aggregated(V2beta1, Json)));
}

#[test]
fn q_values_outrank_header_order() {
    let accept = format!("application/json;q=0.5,{V2_CLAUSE};q=0.9");
    assert_eq!(discovery(Some(&accept)), Some(DiscoveryChoice::Aggregated(V2, Json)));
    let accept = format!("{V2_CLAUSE};q=0.1,application/json");
    assert_eq!(discovery(Some(&accept)), Some(DiscoveryChoice::Legacy(Json)));
    let accept = format!("{V2_CLAUSE};q=0,application/json");
    assert_eq!(discovery(Some(&accept)), Some(DiscoveryChoice::Legacy(Json)), "q=0 means not acceptable");
}

#[test]
fn equal_q_keeps_header_order_and_wildcards_come_last() {
    let accept = format!("{V2BETA1_CLAUSE},{V2_CLAUSE}");
    assert_eq!(discovery(Some(&accept)), Some(DiscoveryChoice::Aggregated(V2beta1, Json)));
    let accept = format!("*/*,{V2_CLAUSE}");
    assert_eq!(discovery(Some(&accept)), Some(DiscoveryChoice::Aggregated(V2, Json)), "concrete before wildcard");
}

#[test]
fn wildcards_and_missing_header_give_legacy() {
    for accept in [None, Some(""), Some("*/*"), Some("*"), Some("application/*"), Some("application/json, */*")] {
        assert_eq!(discovery(accept), Some(DiscoveryChoice::Legacy(Json)), "{accept:?}");
    }
}

#[test]
fn unknown_conversions_are_skipped_and_nothing_fitting_is_none() {
    let other = "application/json;g=apidiscovery.k8s.io;v=v3;as=APIGroupDiscoveryList";
    assert_eq!(discovery(Some(other)), None);
    assert_eq!(discovery(Some(&format!("{other},application/json"))), Some(DiscoveryChoice::Legacy(Json)));
    let wrong_kind = "application/json;g=apidiscovery.k8s.io;v=v2;as=Table";
    assert_eq!(discovery(Some(wrong_kind)), None);
    for accept in ["application/xml", "application/yaml", "text/html", "application/vnd.kubernetes.protobuf"] {
        assert_eq!(discovery(Some(accept)), None, "{accept}");
    }
}

#[test]
fn only_offered_variants_are_chosen() {
    let header = format!("{V2_CLAUSE},{V2BETA1_CLAUSE},application/json");
    let clauses = parse_accept(Some(&header));
    let only_beta = |choice| (choice == DiscoveryChoice::Aggregated(V2beta1, Json)).then_some("beta");
    assert_eq!(negotiate_discovery(&clauses, only_beta), Some((DiscoveryChoice::Aggregated(V2beta1, Json), "beta")));
    let only_legacy = |choice| (choice == DiscoveryChoice::Legacy(Json)).then_some(());
    assert_eq!(negotiate_discovery(&clauses, only_legacy).map(|(c, ())| c), Some(DiscoveryChoice::Legacy(Json)));
    assert_eq!(negotiate_discovery(&clauses, |_| None::<()>), None);
}

#[test]
fn protobuf_is_chosen_only_when_asked_for_by_name() {
    assert_eq!(with_protobuf(PB_V2_CLAUSE), Some(DiscoveryChoice::Aggregated(V2, Protobuf)));
    let beta = PB_V2_CLAUSE.replace("v=v2;", "v=v2beta1;");
    assert_eq!(with_protobuf(&beta), Some(DiscoveryChoice::Aggregated(V2beta1, Protobuf)));
    assert_eq!(with_protobuf(PB), Some(DiscoveryChoice::Legacy(Protobuf)));
    assert_eq!(with_protobuf(&format!("{PB}, application/json")), Some(DiscoveryChoice::Legacy(Protobuf)));
    // Wildcards prefer JSON, as kube-apiserver's serializer list does.
    for accept in ["*/*", "application/*", "*"] {
        assert_eq!(with_protobuf(accept), Some(DiscoveryChoice::Legacy(Json)), "{accept}");
    }
    let other = PB_V2_CLAUSE.replace("v=v2;", "v=v9;");
    assert_eq!(with_protobuf(&other), None, "an unknown conversion is skipped in protobuf too");
}

#[test]
fn q_values_order_json_and_protobuf() {
    let prefer_pb = format!("{V2_CLAUSE};q=0.5,{PB_V2_CLAUSE}");
    assert_eq!(with_protobuf(&prefer_pb), Some(DiscoveryChoice::Aggregated(V2, Protobuf)));
    let prefer_json = format!("{PB_V2_CLAUSE};q=0.5,{V2_CLAUSE};q=0.6");
    assert_eq!(with_protobuf(&prefer_json), Some(DiscoveryChoice::Aggregated(V2, Json)));
    let header_order = format!("{PB_V2_CLAUSE},{V2_CLAUSE}");
    assert_eq!(with_protobuf(&header_order), Some(DiscoveryChoice::Aggregated(V2, Protobuf)));
    // Without protobuf on offer, a protobuf clause falls through to the next one.
    assert_eq!(discovery(Some(&header_order)), Some(DiscoveryChoice::Aggregated(V2, Json)));
    assert_eq!(discovery(Some(PB)), None);
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
