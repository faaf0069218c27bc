//! The loss-report oracle: walks every swagger 2.0 definition beside its lossless OpenAPI v3 form and checks that
//! v2 dropped exactly the keywords the loss report lists, and differs in nothing else apart from the documented
//! rewrites (refs beside their siblings instead of allOf-wrapped, `#/definitions/` refs, scalar choices written
//! `type: string` [+ `format: int-or-string`]).
//!
//! Written apart from the emitter, and shared by file with the workspace tests, which run it over the corpus
//! (codegen itself never depends on the corpus).

use std::collections::BTreeMap;

use kapi_codegen::Artifacts;
use kapi_codegen::openapi_v2::{LossLocation, LossReport, LossRule};
use serde_json::{Map, Value};

/// (definition, pointer) -> (keyword, value) of every reported loss; entries are removed as the walk finds them.
type Expected = BTreeMap<(String, String), (String, Value)>;

fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// The v3 node as v2 should write it before losses: allOf-wrapped refs unwrapped, ref prefixes moved.
fn unwrap_reference(source: &Map<String, Value>) -> Map<String, Value> {
    let mut node = source.clone();
    let all_of = node.get("allOf").and_then(Value::as_array).cloned().unwrap_or_default();
    let wrapped =
        all_of.first().and_then(Value::as_object).filter(|first| first.len() == 1 && first.contains_key("$ref"));
    if let Some(first) = wrapped {
        node.extend(first.clone());
        let rest: Vec<Value> = all_of[1..].to_vec();
        if rest.is_empty() {
            node.remove("allOf")
        } else {
            node.insert("allOf".into(), Value::Array(rest))
        };
    }
    if let Some(Value::String(target)) = node.get("$ref") {
        let moved = target.replacen("#/components/schemas/", "#/definitions/", 1);
        node.insert("$ref".into(), Value::String(moved));
    }
    node
}

fn compare(definition: &str, source: &Value, v2: &Value, pointer: &str, expected: &mut Expected) {
    let (Value::Object(source), Value::Object(v2)) = (source, v2) else {
        return assert_eq!(source, v2, "{definition}{pointer}");
    };
    let source = unwrap_reference(source);
    for (key, value) in &source {
        let at = format!("{pointer}/{}", escape(key));
        let Some(written) = v2.get(key) else {
            let entry = expected.remove(&(definition.to_owned(), at.clone()));
            assert_eq!(
                entry,
                Some((key.clone(), value.clone())),
                "{definition}{at} is missing from v2 but not reported"
            );
            continue;
        };
        match key.as_str() {
            "properties" => {
                let (Some(source), Some(written)) = (value.as_object(), written.as_object()) else { panic!("{at}") };
                assert_eq!(source.keys().collect::<Vec<_>>(), written.keys().collect::<Vec<_>>(), "{definition}{at}");
                for (name, node) in source {
                    compare(definition, node, &written[name], &format!("{at}/{}", escape(name)), expected);
                }
            }
            "items" | "additionalProperties" | "not" => compare(definition, value, written, &at, expected),
            "allOf" | "oneOf" | "anyOf" => {
                let (Some(source), Some(written)) = (value.as_array(), written.as_array()) else { panic!("{at}") };
                assert_eq!(source.len(), written.len(), "{definition}{at}");
                for (index, (node, other)) in source.iter().zip(written).enumerate() {
                    compare(definition, node, other, &format!("{at}/{index}"), expected);
                }
            }
            _ => assert_eq!(value, written, "{definition}{at}"),
        }
    }
    for (key, value) in v2 {
        if source.contains_key(key) {
            continue;
        }
        let rewritten = source.contains_key("oneOf") || source.contains_key("x-kubernetes-int-or-string");
        let documented =
            matches!((key.as_str(), value.as_str()), ("type", Some("string")) | ("format", Some("int-or-string")));
        assert!(rewritten && documented, "{definition}{pointer}/{key} = {value} appears only in v2");
    }
}

/// Panics unless the swagger 2.0 document among `artifacts` lost exactly what its loss report lists.
pub fn assert_loss_report_is_exact(artifacts: &Artifacts) {
    let swagger = json_of(artifacts, "openapi/v2/swagger.json");
    let report = LossReport::from_artifacts(artifacts).expect("loss report");
    assert!(!report.is_empty());

    // The lossless source: the union of every v3 document's definitions (identical wherever they repeat).
    let mut source = Map::new();
    for (path, _) in artifacts.iter().filter(|(p, _)| p.starts_with("openapi/v3/api")) {
        let document = json_of(artifacts, path);
        for (name, schema) in document["components"]["schemas"].as_object().expect("schemas") {
            if let Some(previous) = source.insert(name.clone(), schema.clone()) {
                assert_eq!(&previous, schema, "{name} differs between documents");
            }
        }
    }
    let definitions = swagger["definitions"].as_object().expect("definitions");
    assert_eq!(definitions.keys().collect::<Vec<_>>(), source.keys().collect::<Vec<_>>());

    let mut expected = Expected::new();
    for entry in report.entries() {
        let LossLocation::Definition(definition) = &entry.location else { panic!("only definitions lose keywords") };
        let key = (definition.clone(), entry.pointer.clone());
        let previous = expected.insert(key, (entry.keyword.as_str().to_owned(), entry.value.clone()));
        assert!(previous.is_none(), "duplicate entry {entry:?}");
    }
    for (name, v2) in definitions {
        compare(name, &source[name], v2, "", &mut expected);
    }
    assert!(expected.is_empty(), "reported but not dropped: {expected:?}");

    let summary = report.summary_line();
    assert!(summary.starts_with(&format!("v2 dropped {} keywords: ", report.entries().len())), "{summary}");
}

/// The keywords of OpenAPI v3 schemas that a swagger 2.0 schema object has no place for (its schema object lacks
/// the composition keywords but `allOf`, and `nullable`, `writeOnly` and `deprecated`).
pub const NOT_IN_SWAGGER_2: [&str; 6] = ["oneOf", "anyOf", "not", "nullable", "writeOnly", "deprecated"];

/// Panics unless every loss reported for a definition `lossless` accepts is a keyword swagger 2.0 cannot say,
/// reported under the rule that says so; returns how many entries were checked.
pub fn assert_lossless_losses_are_inexpressible(artifacts: &Artifacts, lossless: impl Fn(&str) -> bool) -> usize {
    let report = LossReport::from_artifacts(artifacts).expect("loss report");
    let mut checked = 0;
    for entry in report.entries() {
        let LossLocation::Definition(definition) = &entry.location else { panic!("only definitions lose keywords") };
        if !lossless(definition) {
            continue;
        }
        let keyword = entry.keyword.as_str();
        assert!(NOT_IN_SWAGGER_2.contains(&keyword), "{definition}{}: {keyword} could be kept in v2", entry.pointer);
        assert_eq!(entry.rule, LossRule::NotInSwagger2, "{definition}{}", entry.pointer);
        checked += 1;
    }
    checked
}

fn json_of(artifacts: &Artifacts, path: &str) -> Value {
    serde_json::from_slice(artifacts.get(path).unwrap_or_else(|| panic!("no artifact {path}")))
        .unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}
