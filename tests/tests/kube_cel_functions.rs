//! Kubernetes' CEL environment, differential: every function a CRD rule may call (`kapi_cel::FUNCTIONS`), each
//! overload with its edge and error cases, evaluated by kapi-cel and by a real kube-apiserver. Every case is a rule
//! of its own in a CRD installed on the server; one object is then created (dry run), and the causes of the
//! server's answer tell which rules failed and which raised an error. Rules the server refuses to compile are found
//! by creating the CRDs in a dry run first; kapi refuses what its schema check (the type checker) finds wrong. kapi
//! must give the same outcome for every case, and the cases must call
//! every function of the environment; names outside it (other cel-go extensions and versions, other Kubernetes
//! libraries) must be refused by both.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use kapi_cel::{FUNCTIONS, Severity, check_schema_rules, compile, evaluate};
use kapi_tests::kube::{Kube, kube_installing};
use serde_json::{Value, json};

use crate::kube_cel_functions_cases::{CASES, KNOWN_GAPS, OUTSIDE, spec_schema, spec_value};

const GROUP: &str = "celfunctions.kapi.test";
/// Rules per CRD: small enough that one refused rule costs little to find again.
const CHUNK: usize = 60;

/// What a rule did.
#[derive(Debug, Clone, PartialEq)]
enum Outcome {
    Pass,
    Fail,
    /// Refused when compiled, with the message.
    Refused(String),
    /// An error while evaluating, with the message.
    Error(String),
}

impl Outcome {
    fn class(&self) -> &'static str {
        match self {
            Outcome::Pass => "true",
            Outcome::Fail => "false",
            Outcome::Refused(_) => "refused",
            Outcome::Error(_) => "error",
        }
    }
}

/// Whether kapi's outcome is the server's.
fn agree(ours: &Outcome, theirs: &Outcome) -> bool {
    ours.class() == theirs.class()
}

/// kapi's outcome: refused if the schema check (the type checker, as the server compiles) finds an error, else
/// what evaluating the rule on the object gives.
fn kapi_outcome(rule: &str) -> Outcome {
    let mut spec = spec_schema();
    spec["x-kubernetes-validations"] = json!([{"rule": rule}]);
    let report = check_schema_rules(&json!({"type": "object", "properties": {"spec": spec}}));
    if let Some(finding) = report.findings.iter().find(|finding| finding.severity == Severity::Error) {
        return Outcome::Refused(finding.message.clone());
    }
    let compiled = match compile(rule) {
        Ok(compiled) => compiled,
        Err(error) => return Outcome::Refused(error.to_string()),
    };
    match evaluate(&compiled, &spec_value(), None, &spec_schema()) {
        Ok(true) => Outcome::Pass,
        Ok(false) => Outcome::Fail,
        Err(error) => Outcome::Error(error.to_string()),
    }
}

/// A cluster-scoped CRD whose `spec` carries `rules`, each with the message `case <index>`.
fn crd(chunk: usize, rules: &[(usize, &str)]) -> Value {
    let validations: Vec<Value> =
        rules.iter().map(|(index, rule)| json!({"rule": rule, "message": format!("case {index}")})).collect();
    let plural = format!("probe{chunk}s");
    json!({
        "apiVersion": "apiextensions.k8s.io/v1",
        "kind": "CustomResourceDefinition",
        "metadata": {"name": format!("{plural}.{GROUP}")},
        "spec": {
            "group": GROUP,
            "scope": "Cluster",
            "names": {"plural": plural, "singular": format!("probe{chunk}"), "kind": format!("Probe{chunk}"),
                      "listKind": format!("Probe{chunk}List")},
            "versions": [{"name": "v1", "served": true, "storage": true, "schema": {"openAPIV3Schema": {
                "type": "object",
                "properties": {"spec": spec_with(validations)},
            }}}],
        },
    })
}

fn spec_with(validations: Vec<Value>) -> Value {
    let mut spec = spec_schema();
    spec["x-kubernetes-validations"] = Value::Array(validations);
    spec
}

fn causes(reply: &Value) -> Vec<(String, String)> {
    let causes = reply.pointer("/details/causes").and_then(Value::as_array).cloned().unwrap_or_default();
    causes
        .iter()
        .map(|cause| {
            let text = |key: &str| cause.get(key).and_then(Value::as_str).unwrap_or_default().to_owned();
            (text("field"), text("message"))
        })
        .collect()
}

/// The rules of `rules` the server refuses to compile, by case index, with its message.
fn refused_by_server(kube: &Kube, chunk: usize, rules: &[(usize, &str)]) -> BTreeMap<usize, String> {
    let path = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All";
    let reply = kube.send_json("POST", path, &crd(chunk, rules));
    let mut refused = BTreeMap::new();
    if reply.status == 201 || reply.status == 200 {
        return refused;
    }
    assert_eq!(reply.status, 422, "creating the CRD: {}", String::from_utf8_lossy(&reply.body));
    for (field, message) in causes(&reply.json()) {
        let position = field
            .split("x-kubernetes-validations[")
            .nth(1)
            .and_then(|rest| rest.split(']').next())
            .and_then(|number| number.parse::<usize>().ok());
        let Some(position) = position else { panic!("{}", unindexed(&field, &message, rules)) };
        refused.insert(rules[position].0, message);
    }
    refused
}

/// A cause about no rule in particular (the CRD's total cost, most likely), with kapi's most expensive rules of the
/// chunk: a case must be cheap enough for the server to run it.
fn unindexed(field: &str, message: &str, rules: &[(usize, &str)]) -> String {
    let mut costs: Vec<(u64, &str)> = rules
        .iter()
        .map(|(_, rule)| {
            let mut spec = spec_schema();
            spec["x-kubernetes-validations"] = json!([{"rule": rule}]);
            (check_schema_rules(&json!({"type": "object", "properties": {"spec": spec}})).total_cost, *rule)
        })
        .collect();
    costs.sort_unstable_by(|a, b| b.cmp(a));
    costs.truncate(3);
    format!("a cause not about a rule: {field}: {message}; kapi's most expensive cases: {costs:?}")
}

/// Installs the CRD of `rules`, creates an empty object (dry run) and reads each rule's outcome.
fn evaluated_by_server(kube: &Kube, chunk: usize, rules: &[(usize, &str)]) -> BTreeMap<usize, Outcome> {
    let crd = crd(chunk, rules);
    let name = crd["metadata"]["name"].as_str().unwrap_or_default().to_owned();
    let reply = kube.send_json("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", &crd);
    assert!(matches!(reply.status, 200 | 201 | 409), "installing {name}: {}", String::from_utf8_lossy(&reply.body));
    let path = format!("/apis/{GROUP}/v1/probe{chunk}s?dryRun=All");
    let object = json!({"apiVersion": format!("{GROUP}/v1"), "kind": format!("Probe{chunk}"),
                        "metadata": {"name": "probe"}, "spec": spec_value()});
    // The resource is served once the CRD is established; until then the path is not found.
    let deadline = Instant::now() + Duration::from_secs(60);
    let reply = loop {
        let reply = kube.send_json("POST", &path, &object);
        if reply.status != 404 || Instant::now() > deadline {
            break reply;
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let mut outcomes: BTreeMap<usize, Outcome> = rules.iter().map(|(index, _)| (*index, Outcome::Pass)).collect();
    if reply.status == 201 || reply.status == 200 {
        return outcomes;
    }
    assert_eq!(reply.status, 422, "creating a {name} object: {}", String::from_utf8_lossy(&reply.body));
    for (field, message) in causes(&reply.json()) {
        let case = message.rsplit("case ").next().and_then(|number| number.trim().parse::<usize>().ok());
        let Some(case) = case.filter(|case| outcomes.contains_key(case)) else {
            panic!("a cause not about a case: {field}: {message}")
        };
        let outcome = if message.ends_with(&format!(": case {case}")) && !message.contains(" rule: case ") {
            Outcome::Fail
        } else {
            Outcome::Error(message)
        };
        outcomes.insert(case, outcome);
    }
    outcomes
}

/// The server's outcome for every rule.
fn server_outcomes(kube: &Kube, rules: &[&str], chunk_base: usize) -> Vec<Outcome> {
    let indexed: Vec<(usize, &str)> = rules.iter().copied().enumerate().collect();
    let mut outcomes = BTreeMap::new();
    for (number, chunk) in indexed.chunks(CHUNK).enumerate() {
        let chunk_id = chunk_base + number;
        let refused = refused_by_server(kube, chunk_id, chunk);
        let compiled: Vec<(usize, &str)> =
            chunk.iter().copied().filter(|(index, _)| !refused.contains_key(index)).collect();
        for (index, message) in refused {
            outcomes.insert(index, Outcome::Refused(message));
        }
        if !compiled.is_empty() {
            outcomes.extend(evaluated_by_server(kube, chunk_id, &compiled));
        }
    }
    outcomes.into_values().collect()
}

/// Whether `rule` calls `name`: the name, then `(`, not preceded by a letter, digit or `_` (so `ip` is not found in
/// `isIP(`, nor `format` in `format.named(`).
fn calls(rule: &str, name: &str) -> bool {
    let pattern = format!("{name}(");
    rule.match_indices(&pattern).any(|(at, _)| {
        let before = rule[..at].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn every_function_of_the_environment_has_a_case() {
    let missing: Vec<&str> = FUNCTIONS
        .iter()
        .map(|function| function.name)
        .filter(|name| !CASES.iter().any(|rule| calls(rule, name)))
        .collect();
    assert!(missing.is_empty(), "functions without a case: {missing:?}");
}

#[test]
fn kapi_evaluates_every_function_as_the_server_does() {
    let kube = kube_installing();
    let theirs = server_outcomes(kube, CASES, 0);
    let mut disagreements = Vec::new();
    let mut classes: BTreeMap<&str, usize> = BTreeMap::new();
    let mut known = 0;
    for ((rule, theirs), index) in CASES.iter().zip(&theirs).zip(0..) {
        let ours = kapi_outcome(rule);
        *classes.entry(theirs.class()).or_default() += 1;
        let gap = KNOWN_GAPS.iter().find(|(gap, _)| gap == rule);
        match (agree(&ours, theirs), gap) {
            (true, None) => {}
            (false, Some(_)) => known += 1,
            (true, Some((_, reason))) => {
                disagreements.push(format!("case {index} `{rule}` agrees now: leave KNOWN_GAPS ({reason})"));
            }
            (false, None) => {
                disagreements.push(format!("case {index} `{rule}`:\n    kapi:   {ours:?}\n    server: {theirs:?}"));
            }
        }
    }
    eprintln!("{known} known gaps");
    // Evaluation errors: how many kapi words as the server does (the server writes `<error> evaluating rule: …`).
    let errors: Vec<(&str, String, String)> = CASES
        .iter()
        .zip(&theirs)
        .filter_map(|(rule, theirs)| match (kapi_outcome(rule), theirs) {
            (Outcome::Error(ours), Outcome::Error(message)) => {
                let theirs = message.strip_prefix("Invalid value: \"object\": ").unwrap_or(message);
                let theirs = theirs.split(" evaluating rule: ").next().unwrap_or(theirs);
                // The server words an argument of no matching overload its own way.
                let theirs = if theirs.starts_with("'no such overload'") { "no such overload" } else { theirs };
                let theirs = theirs.to_owned();
                Some((*rule, ours, theirs))
            }
            _ => None,
        })
        .collect();
    let same = errors.iter().filter(|(_, ours, theirs)| ours == theirs).count();
    eprintln!("{same} of {} evaluation errors worded as the server's", errors.len());
    let worded: Vec<String> = errors
        .iter()
        .filter(|(_, ours, theirs)| ours != theirs)
        .map(|(rule, ours, theirs)| format!("`{rule}`\n    kapi:   {ours}\n    server: {theirs}"))
        .collect();
    assert!(worded.is_empty(), "errors worded differently:\n{}", worded.join("\n"));
    eprintln!("{} cases; the server's outcomes: {classes:?}", CASES.len());
    assert!(disagreements.is_empty(), "{} disagreements:\n{}", disagreements.len(), disagreements.join("\n"));
    // The refusals are for names: every function of the table compiles somewhere.
    assert!(classes.get("true").copied().unwrap_or(0) * 2 > CASES.len(), "most cases should hold: {classes:?}");
}

#[test]
fn names_outside_the_environment_are_refused_by_both() {
    let kube = kube_installing();
    let theirs = server_outcomes(kube, OUTSIDE, 100);
    let mut disagreements = Vec::new();
    for (rule, theirs) in OUTSIDE.iter().zip(&theirs) {
        let ours = kapi_outcome(rule);
        let server_refuses = matches!(theirs, Outcome::Refused(_));
        let kapi_refuses = matches!(ours, Outcome::Refused(_));
        if !(server_refuses && kapi_refuses) {
            disagreements.push(format!("`{rule}`:\n    kapi:   {ours:?}\n    server: {theirs:?}"));
        }
    }
    assert!(disagreements.is_empty(), "{} not refused by both:\n{}", disagreements.len(), disagreements.join("\n"));
}
