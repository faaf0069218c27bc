use std::collections::BTreeMap;

use super::*;

fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(key, value)| ((*key).to_owned(), (*value).to_owned())).collect()
}

fn selects(selector: &str, pairs: &[(&str, &str)]) -> bool {
    Selector::parse(selector).expect("a valid selector").matches(Some(&labels(pairs)))
}

fn reason(selector: &str) -> String {
    Selector::parse(selector).expect_err("an invalid selector").reason
}

const SERVER: &[(&str, &str)] = &[("k8s.io/component", "kapi-server"), ("kubernetes.io/hostname", "node-1")];
const OTHER: &[(&str, &str)] = &[("k8s.io/component", "kube-apiserver")];

#[test]
fn equality_picks_the_objects_whose_label_has_the_value() {
    for selector in ["k8s.io/component=kapi-server", "k8s.io/component==kapi-server"] {
        assert!(selects(selector, SERVER), "{selector}");
        assert!(!selects(selector, OTHER) && !selects(selector, &[]), "{selector}");
    }
    assert!(!selects("k8s.io/component!=kapi-server", SERVER));
    assert!(selects("k8s.io/component!=kapi-server", OTHER));
    assert!(selects("k8s.io/component!=kapi-server", &[]), "an absent label differs from every value");
}

#[test]
fn set_membership_and_its_negation() {
    let selector = "k8s.io/component in (kapi-server, kube-apiserver)";
    assert!(selects(selector, SERVER) && selects(selector, OTHER));
    assert!(!selects(selector, &[("k8s.io/component", "etcd")]) && !selects(selector, &[]));
    let negated = "k8s.io/component notin (kapi-server,etcd)";
    assert!(!selects(negated, SERVER) && selects(negated, OTHER));
    assert!(selects(negated, &[]), "notin holds for an absent label");
}

#[test]
fn existence_alone() {
    assert!(selects("kubernetes.io/hostname", SERVER) && !selects("kubernetes.io/hostname", OTHER));
    assert!(!selects("!kubernetes.io/hostname", SERVER) && selects("!kubernetes.io/hostname", OTHER));
    assert!(selects("!anything", &[]), "no labels: every label is absent");
    assert!(!Selector::parse("!anything").expect("valid").is_empty());
}

#[test]
fn every_requirement_must_hold() {
    let both = "k8s.io/component=kapi-server,kubernetes.io/hostname";
    assert!(selects(both, SERVER));
    assert!(!selects(both, &[("k8s.io/component", "kapi-server")]));
    assert!(!selects("k8s.io/component=kapi-server,!kubernetes.io/hostname", SERVER));
    assert!(selects("  k8s.io/component = kapi-server ,  kubernetes.io/hostname in ( node-1 )  ", SERVER));
}

#[test]
fn an_object_without_labels_is_matched_as_empty_labels() {
    let present = Selector::parse("foo=bar").expect("valid");
    assert!(!present.matches(None));
    assert!(Selector::parse("!foo").expect("valid").matches(None));
    assert!(Selector::parse("foo!=bar").expect("valid").matches(None));
}

#[test]
fn blank_selectors_select_everything() {
    for blank in ["", "   ", "\t"] {
        let selector = Selector::parse(blank).expect("valid");
        assert!(selector.is_empty() && selector.matches(None) && selector.matches(Some(&labels(SERVER))));
    }
}

#[test]
fn empty_values_are_values() {
    assert!(selects("tier=", &[("tier", "")]) && !selects("tier=", &[("tier", "web")]));
    assert!(!selects("tier=", &[]), "an absent label has no value, not the empty one");
    assert!(selects("tier in ()", &[("tier", "")]));
    assert!(selects("tier in (web,)", &[("tier", "")]) && selects("tier in (web,)", &[("tier", "web")]));
    assert!(selects("tier in (,web)", &[("tier", "")]));
    assert!(selects("tier in (a,,b)", &[("tier", "")]) && selects("tier in (a,,b)", &[("tier", "b")]));
    assert!(!selects("tier!=,x", &[("tier", ""), ("x", "1")]));
}

#[test]
fn in_and_notin_are_operators_only_after_a_key() {
    assert!(selects("in=notin", &[("in", "notin")]));
    assert!(selects("notin in (in)", &[("notin", "in")]));
    assert!(selects("in", &[("in", "x")]));
}

#[test]
fn greater_and_less_compare_whole_numbers() {
    assert!(selects("replicas>2", &[("replicas", "3")]) && !selects("replicas>2", &[("replicas", "2")]));
    assert!(selects("replicas<2", &[("replicas", "1")]) && !selects("replicas<2", &[("replicas", "10")]));
    assert!(!selects("replicas>2", &[("replicas", "many")]), "a value that is not a number never compares");
    assert!(!selects("replicas<2", &[]), "nor does an absent label");
    assert!(reason("replicas>two").contains("whole number"));
    assert!(reason("replicas<").contains("whole number"));
}

#[test]
fn malformed_selectors_say_what_was_found() {
    let cases = [
        ("a b", "found \"b\" after label key \"a\", expected one of"),
        ("a=b c", "found \"c\", expected ',' or the end"),
        ("a in x", "found \"x\", expected '('"),
        ("a in (x", "found the end in a list of values"),
        ("a in (x y)", "found \"y\" in a list of values"),
        ("!a=b", "found '=', expected ',' or the end"),
        ("a=b,", "found the end after ','"),
        ("a=b,,c", "found ',' after ','"),
        (",a", "found ',', expected a label key"),
        ("=a", "found '=', expected a label key"),
        ("a=(b)", "found '(', expected a label value"),
        ("a=b=c", "found '=', expected ',' or the end"),
        ("a (b)", "found '(' after label key \"a\""),
        ("!", "found the end, expected a label key"),
    ];
    for (selector, expected) in cases {
        let reason = reason(selector);
        assert!(reason.starts_with(expected), "{selector}: {reason}");
    }
}

#[test]
fn keys_and_values_follow_kubernetes_syntax() {
    assert!(selects("app.kubernetes.io/name=web", &[("app.kubernetes.io/name", "web")]));
    assert!(selects("A_b.c-D=x.Y_z-1", &[("A_b.c-D", "x.Y_z-1")]));
    let long_name = "n".repeat(63);
    assert!(Selector::parse(&format!("{long_name}={long_name}")).is_ok());
    let bad_keys = [
        ("a/b/c", "more than one '/'"),
        ("/a", "prefix before '/' is empty"),
        ("example.com/", "name is empty"),
        ("Example.com/a", "must be a DNS subdomain"),
        ("example..com/a", "must be a DNS subdomain"),
        ("-a", "begin and end"),
        ("a-", "begin and end"),
        ("a$b", "only letters, digits"),
    ];
    for (key, expected) in bad_keys {
        let reason = reason(&format!("{key}=x"));
        assert!(reason.starts_with(&format!("invalid label key {key:?}")) && reason.contains(expected), "{reason}");
    }
    assert!(reason(&"n".repeat(64)).contains("longer than 63"));
    assert!(reason(&format!("{}/a", "p".repeat(254))).contains("longer than 253"));
    for value in ["-x", "x.", "a b", "ä"] {
        let reason = reason(&format!("k in ({value})"));
        assert!(reason.contains("invalid label value") || reason.contains("in a list of values"), "{value}: {reason}");
    }
    assert!(reason(&format!("k={}", "v".repeat(64))).contains("longer than 63"));
    assert!(reason("k=-1").starts_with("invalid label value \"-1\""));
}

#[test]
fn the_error_names_the_selector() {
    let error = Selector::parse("a in x").expect_err("invalid");
    assert_eq!(error.to_string(), format!("unable to parse label selector \"a in x\": {}", error.reason));
}
