//! CEL cost on real-world rules: every `x-kubernetes-validations` rule of the CRDs in `../shared/peers/crds`
//! (all accepted by real servers), taken alone with the node it sits on, and raised over the per-rule limit by
//! putting that node under a map of `maxProperties: N`, with `N` chosen from kapi's estimate of the rule's cost so
//! that kapi expects it some three times over. The server must refuse it over its limit by the factor kapi says
//! (within 1 %): a sharp check of kapi's per-rule cost on rules people ship, where the CRDs as they are only show
//! that both sides find every rule within the limit.

use kapi_cel::{Expression, STATIC_ESTIMATED_COST_LIMIT, check_schema_rules};
use kapi_tests::kube::crd_around;
use kapi_tests::shared;
use serde_json::{Value, json};

use crate::kube_cel_cost::{differences, kapi_answer, server_answer};
use crate::kube_crds::crds_under;

const RULES: &str = "x-kubernetes-validations";

/// How far over the limit kapi's estimate is put.
const OVER: u64 = 3;

/// One real-world rule, raised.
struct Raised {
    /// File, document, version and the rule's pointer in its schema.
    source: String,
    rule: String,
    crd: Value,
}

/// `value` without any rule, at any depth.
fn without_rules(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            map.iter().filter(|(key, _)| key.as_str() != RULES).map(|(k, v)| (k.clone(), without_rules(v))).collect()
        }
        Value::Array(items) => items.iter().map(without_rules).collect(),
        other => other.clone(),
    }
}

/// `node` holding its `index`th rule only, under a map of at most `n` entries (a resource's root becomes an
/// embedded resource there, so that its rules still see `apiVersion`, `kind` and `metadata`).
fn raised_schema(node: &Value, index: usize, n: u64, root: bool) -> Value {
    let mut alone = without_rules(node);
    alone[RULES] = json!([node[RULES][index].clone()]);
    if root {
        alone["x-kubernetes-embedded-resource"] = json!(true);
    }
    json!({"type": "object", "properties": {"raised": {
        "type": "object", "maxProperties": n, "additionalProperties": alone,
    }}})
}

/// Every node with rules under `node` (itself included), with its JSON pointer, through the keywords that can
/// hold a schema with rules.
fn nodes_with_rules<'a>(node: &'a Value, pointer: String, out: &mut Vec<(String, &'a Value)>) {
    if node.get(RULES).and_then(Value::as_array).is_some_and(|rules| !rules.is_empty()) {
        out.push((pointer.clone(), node));
    }
    if let Some(properties) = node.get("properties").and_then(Value::as_object) {
        for (name, child) in properties {
            nodes_with_rules(child, format!("{pointer}/properties/{name}"), out);
        }
    }
    for keyword in ["items", "additionalProperties"] {
        if let Some(child) = node.get(keyword).filter(|child| child.is_object()) {
            nodes_with_rules(child, format!("{pointer}/{keyword}"), out);
        }
    }
}

/// kapi's estimate of the rule's cost where it occurs once.
fn cost_alone(node: &Value, index: usize, root: bool) -> u64 {
    let report = check_schema_rules(&raised_schema(node, index, 1, root));
    let rule = report.costs.iter().find(|cost| cost.expression == Expression::Rule);
    rule.map_or(0, |cost| cost.counted)
}

/// Every rule of every real-world CRD, raised; and how many rules the CRDs hold by kapi's count.
fn raised_rules() -> (Vec<Raised>, usize) {
    let mut raised = Vec::new();
    let mut counted = 0;
    for case in crds_under(&shared().join("peers/crds")) {
        for version in case.crd["spec"]["versions"].as_array().into_iter().flatten() {
            let schema = &version["schema"]["openAPIV3Schema"];
            counted += check_schema_rules(schema).rules;
            let mut nodes = Vec::new();
            nodes_with_rules(schema, String::new(), &mut nodes);
            for (pointer, node) in nodes {
                for (index, rule) in node[RULES].as_array().into_iter().flatten().enumerate() {
                    let root = pointer.is_empty();
                    let cost = cost_alone(node, index, root).max(1);
                    let n = (OVER * STATIC_ESTIMATED_COST_LIMIT).div_ceil(cost);
                    raised.push(Raised {
                        source: format!("{} {} {pointer}/{RULES}/{index}", case.source, version["name"]),
                        rule: rule["rule"].as_str().unwrap_or_default().to_owned(),
                        crd: crd_around("raised.kapi.test", "Raised", raised_schema(node, index, n, root)),
                    });
                }
            }
        }
    }
    (raised, counted)
}

#[test]
fn the_server_finds_every_real_world_rule_as_costly_as_kapi_does() {
    let (raised, counted) = raised_rules();
    assert_eq!(raised.len(), counted, "every rule kapi counts in the CRDs is raised");
    assert!(raised.len() >= 600, "{} rules; the real-world CRDs hold 620", raised.len());
    let answers: Vec<_> = std::thread::scope(|scope| {
        let chunks: Vec<_> = raised
            .chunks(raised.len().div_ceil(4))
            .map(|chunk| {
                scope.spawn(move || {
                    chunk.iter().map(|r| (kapi_answer(&r.crd), server_answer(&r.crd))).collect::<Vec<_>>()
                })
            })
            .collect();
        chunks.into_iter().flat_map(|chunk| chunk.join().expect("a checking thread panicked")).collect()
    });
    let mut table = Vec::new();
    let mut compared = 0;
    for (rule, (ours, theirs)) in raised.iter().zip(&answers) {
        // Both sides must see the rule over its limit: a rule that raises nothing is not compared at all.
        let over = |answer: &crate::kube_cel_cost::Answer| answer.overruns.keys().any(|key| key.ends_with(".rule"));
        if over(ours) && over(theirs) {
            compared += 1;
        }
        let mut found = differences(ours, theirs);
        if !over(theirs) {
            found.push(["not raised".to_owned(), ours.summary(), theirs.summary()]);
        }
        for [what, kapi, server] in found {
            table
                .push(format!("{} `{}`\n    {what}\n    kapi:   {kapi}\n    server: {server}", rule.source, rule.rule));
        }
    }
    eprintln!(
        "real-world CEL rules: {} raised over the per-rule limit, {compared} factors compared, {} differences",
        raised.len(),
        table.len()
    );
    assert!(table.is_empty(), "kapi and the API server disagree:\n  {}", table.join("\n  "));
}
