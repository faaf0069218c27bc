//! `check_schema_rules` on small CRD schemas: syntax errors, unknown fields, misplaced transition rules, costs.

use kapi_cel::{
    Expression, OPTIONAL_OLD_SELF_UNUSED, STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT, Severity,
    UNTYPED_NODE, check_schema_rules, exceed_factor,
};
use serde_json::{Value, json};

/// A CRD schema whose `spec` carries `rule` and has `spec_properties`.
fn crd(rule: &str, spec_properties: Value) -> Value {
    json!({
        "type": "object",
        "properties": {
            "spec": {
                "type": "object",
                "properties": spec_properties,
                "x-kubernetes-validations": [{"rule": rule}]
            }
        }
    })
}

fn ports() -> Value {
    json!({
        "ports": {
            "type": "array",
            "maxItems": 4,
            "x-kubernetes-list-type": "map",
            "x-kubernetes-list-map-keys": ["name"],
            "items": {
                "type": "object",
                "required": ["name"],
                "properties": {"name": {"type": "string", "maxLength": 15}, "port": {"type": "integer"}}
            }
        },
        "replicas": {"type": "integer"}
    })
}

#[test]
fn a_valid_rule_has_no_findings() {
    let report = check_schema_rules(&crd("self.ports.all(p, p.port > 0) && self.replicas >= 0", ports()));
    assert_eq!(report.findings, vec![]);
    assert_eq!(report.rules, 1);
    assert!(report.total_cost > 0);
}

#[test]
fn a_syntax_error_is_an_error_naming_the_rule() {
    let report = check_schema_rules(&crd("self.replicas >", ports()));
    let [finding] = report.findings.as_slice() else { panic!("one finding: {:?}", report.findings) };
    assert_eq!(finding.severity, Severity::Error);
    assert_eq!(finding.rule, "self.replicas >");
    assert_eq!(finding.field, "spec");
    assert_eq!(finding.pointer, "/properties/spec/x-kubernetes-validations/0");
    assert!(finding.message.starts_with("syntax error"), "{}", finding.message);
}

#[test]
fn an_unknown_field_is_an_error_naming_it() {
    let report = check_schema_rules(&crd("self.replicaz > 0", ports()));
    let [finding] = report.findings.as_slice() else { panic!("one finding: {:?}", report.findings) };
    assert_eq!(finding.severity, Severity::Error);
    assert_eq!(finding.field, "spec");
    let expected = "compilation failed: ERROR: <input>:1:5: undefined field 'replicaz'\n | self.replicaz > 0\n | ....^";
    assert_eq!(finding.message, expected);
}

#[test]
fn unknown_fields_are_found_inside_comprehensions_and_has() {
    let report = check_schema_rules(&crd("self.ports.all(p, p.prot > 0) || has(self.replica)", ports()));
    let [finding] = report.findings.as_slice() else { panic!("one finding: {:?}", report.findings) };
    // Both errors, in the order of their columns, in one finding (the server's one cause).
    let columns: Vec<&str> = finding.message.lines().filter(|line| line.contains("ERROR")).collect();
    assert_eq!(columns.len(), 2, "{}", finding.message);
    assert!(columns[0].contains("1:20: undefined field 'prot'"), "{}", columns[0]);
    assert!(columns[1].contains("1:37: undefined field 'replica'"), "{}", columns[1]);
}

#[test]
fn map_values_are_typed_by_additional_properties() {
    let labels = json!({"labels": {"type": "object", "maxProperties": 8,
        "additionalProperties": {"type": "object", "properties": {"value": {"type": "string", "maxLength": 8}}}}});
    let good = check_schema_rules(&crd("self.labels.all(k, self.labels[k].value != '')", labels.clone()));
    assert_eq!(good.findings, vec![]);
    let bad = check_schema_rules(&crd("self.labels.all(k, self.labels[k].valu != '')", labels));
    assert!(bad.has_errors());
    assert!(bad.findings[0].message.contains("1:34: undefined field 'valu'"), "{}", bad.findings[0].message);
}

#[test]
fn selecting_a_field_of_a_string_is_an_error() {
    let report = check_schema_rules(&crd("self.ports.all(p, p.name.first == 'a')", ports()));
    let message = &report.findings[0].message;
    assert!(message.contains("1:25: type 'string' does not support field selection"), "{message}");
}

#[test]
fn root_rules_see_only_name_fields_of_metadata() {
    let mut schema = crd("true", ports());
    schema["x-kubernetes-validations"] =
        json!([{"rule": "self.metadata.name != '' && self.metadata.labels.size() > 0"}]);
    schema["properties"]["metadata"] = json!({"type": "object"});
    let report = check_schema_rules(&schema);
    let [finding] = report.findings.as_slice() else { panic!("one finding: {:?}", report.findings) };
    assert!(finding.message.contains("1:42: undefined field 'labels'"), "{}", finding.message);
    assert_eq!(finding.field, "");
}

#[test]
fn a_transition_rule_under_an_atomic_list_is_an_error() {
    let schema = crd(
        "true",
        json!({"items": {"type": "array", "maxItems": 3, "items": {"type": "object",
            "properties": {"name": {"type": "string", "maxLength": 8}},
            "x-kubernetes-validations": [{"rule": "self.name == oldSelf.name"}]}}}),
    );
    let report = check_schema_rules(&schema);
    let [finding] = report.findings.as_slice() else { panic!("one finding: {:?}", report.findings) };
    assert_eq!(finding.field, "spec.items[*]");
    assert!(finding.message.contains("oldSelf") && finding.message.contains("spec.items"), "{}", finding.message);
    // Under a list of type map the same rule is allowed.
    let report = check_schema_rules(&crd("true", ports()));
    assert_eq!(report.findings, vec![]);
}

#[test]
fn a_rule_that_is_not_a_bool_is_an_error() {
    let report = check_schema_rules(&crd("self.replicas + 1", ports()));
    assert!(report.findings[0].message.contains("must evaluate to a bool"), "{:?}", report.findings);
}

fn names(bounds: Value) -> Value {
    let mut items = json!({"type": "string"});
    let mut list = json!({"type": "array"});
    if let Some(max_length) = bounds.get("maxLength") {
        items["maxLength"] = max_length.clone();
    }
    if let Some(max_items) = bounds.get("maxItems") {
        list["maxItems"] = max_items.clone();
    }
    list["items"] = items;
    json!({"names": list})
}

#[test]
fn an_unbounded_list_of_unbounded_strings_costs_too_much() {
    let report = check_schema_rules(&crd("self.names.all(n, n.matches('^[a-z]+$'))", names(json!({}))));
    let [finding, total] = report.findings.as_slice() else { panic!("two findings: {:?}", report.findings) };
    assert_eq!(finding.severity, Severity::Warning);
    assert_eq!(finding.field, "spec");
    assert!(finding.message.contains(&STATIC_ESTIMATED_COST_LIMIT.to_string()), "{}", finding.message);
    assert!(finding.message.contains("maxItems to spec.names"), "{}", finding.message);
    assert!(finding.message.contains("maxLength to spec.names[*]"), "{}", finding.message);
    // One rule this dear is over the per-CRD limit too, and the total names it.
    assert_eq!(total.severity, Severity::Warning);
    assert!(total.message.contains("per-CRD limit") && total.message.contains(&finding.rule), "{}", total.message);
    assert!(report.total_cost > STATIC_ESTIMATED_CRD_COST_LIMIT);
}

#[test]
fn bounds_bring_the_cost_under_the_limit() {
    let report = check_schema_rules(&crd(
        "self.names.all(n, n.matches('^[a-z]+$'))",
        names(json!({"maxItems": 16, "maxLength": 64})),
    ));
    assert_eq!(report.findings, vec![]);
    // Halving the list halves the part of the cost that grows with it.
    let half = check_schema_rules(&crd(
        "self.names.all(n, n.matches('^[a-z]+$'))",
        names(json!({"maxItems": 8, "maxLength": 64})),
    ));
    assert!(half.total_cost < report.total_cost && half.total_cost * 2 >= report.total_cost - 4);
}

#[test]
fn a_missing_bound_on_an_enclosing_list_is_named() {
    // The rule is cheap, but it runs once per item of an unbounded list of unbounded lists.
    let schema = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "groups": {"type": "array", "items": {"type": "array", "items": {"type": "string"},
            "x-kubernetes-validations": [{"rule": "self.all(x, x.contains('a'))"}]}}}}}});
    let report = check_schema_rules(&schema);
    let warning = report.with_severity(Severity::Warning).next().expect("a cost warning");
    assert_eq!(warning.field, "spec.groups[*]");
    assert!(warning.message.contains("maxItems to spec.groups[*]"), "{}", warning.message);
    assert!(warning.message.contains("maxItems to spec.groups"), "{}", warning.message);
}

#[test]
fn rules_inside_all_of_wrappers_are_checked() {
    let schema = json!({"type": "object", "properties": {"spec": {"description": "wrapped", "allOf": [
        {"type": "object", "properties": {"a": {"type": "integer"}}, "x-kubernetes-validations": [{"rule": "self.b > 0"}]}
    ]}}});
    let report = check_schema_rules(&schema);
    let [finding] = report.findings.as_slice() else { panic!("one finding: {:?}", report.findings) };
    assert_eq!(finding.pointer, "/properties/spec/allOf/0/x-kubernetes-validations/0");
}

#[test]
fn a_bad_message_expression_is_reported() {
    let mut schema = crd("self.replicas >= 0", ports());
    schema["properties"]["spec"]["x-kubernetes-validations"][0]["messageExpression"] = json!("'bad: ' + self.nope");
    let report = check_schema_rules(&schema);
    let message = &report.findings[0].message;
    assert!(
        message.starts_with("messageExpression compilation failed: ERROR: <input>:1:15: undefined field 'nope'"),
        "{message}"
    );
}

// The next three follow the API server's estimator, as tests/tests/kube_crds.rs checks against a real one.

#[test]
fn the_format_library_is_known_and_validate_costs_a_walk_times_a_named_pattern() {
    let bounded = json!({"name": {"type": "string", "maxLength": 63}});
    let report = check_schema_rules(&crd("format.dns1123Label().validate(self.name) == null", bounded));
    assert_eq!(report.findings, vec![]);
    // 63 characters are at most 252 bytes: 26 units walked (a tenth, rounded up), times 32 for the longest named
    // pattern (128 bytes, a quarter each), plus the call, the selection and the comparison.
    assert!((26 * 32..26 * 32 + 8).contains(&report.total_cost), "{}", report.total_cost);
    let report = check_schema_rules(&crd(
        "format.nope().validate(self.name) == null",
        json!({"name": {"type": "string", "maxLength": 63}}),
    ));
    let [finding] = report.findings.as_slice() else { panic!("one finding: {:?}", report.findings) };
    assert_eq!(finding.severity, Severity::Error);
    // Not a function of the format library, so `format` is read as a variable, which there is none of.
    assert!(finding.message.contains("1:1: undeclared reference to 'format' (in container '')"), "{}", finding.message);
    assert!(finding.message.contains("1:12: undeclared reference to 'nope' (in container '')"), "{}", finding.message);
}

#[test]
fn durations_parse_and_compare_in_constant_time_whatever_the_string() {
    let unbounded = json!({"timeout": {"type": "string"}});
    let report = check_schema_rules(&crd("duration(self.timeout) < duration('1h')", unbounded));
    assert_eq!(report.findings, vec![]);
    assert!(report.total_cost < 10, "{}", report.total_cost);
}

#[test]
fn map_keys_cost_nothing_to_walk_as_the_server_sizes_them() {
    let labels = json!({"labels": {"type": "object", "maxProperties": 8, "additionalProperties": {"type": "string"}}});
    let report = check_schema_rules(&crd("self.labels.all(k, k.matches('^[a-z]+$'))", labels));
    assert_eq!(report.findings, vec![]);
    assert!(report.total_cost < 100, "{}", report.total_cost);
}

#[test]
fn overruns_name_the_factor_as_the_server_writes_it() {
    assert_eq!(exceed_factor(10_000_001, STATIC_ESTIMATED_COST_LIMIT), "1.000000x");
    assert_eq!(exceed_factor(14_999_999, STATIC_ESTIMATED_COST_LIMIT), "1.500000x");
    assert_eq!(exceed_factor(15_000_000, STATIC_ESTIMATED_COST_LIMIT), "1.5x");
    assert_eq!(exceed_factor(1_000_000_000, STATIC_ESTIMATED_COST_LIMIT), "100.0x");
    assert_eq!(exceed_factor(1_000_000_001, STATIC_ESTIMATED_COST_LIMIT), "more than 100x");
    let report = check_schema_rules(&crd("self.names.all(n, n.matches('^[a-z]+$'))", names(json!({}))));
    assert!(report.findings[0].message.contains("(by a factor of more than 100x)"), "{}", report.findings[0].message);
}

#[test]
fn a_message_expression_is_charged_its_own_cost_not_once_per_item() {
    // 1000 items of 1000 characters: the rule runs once per item, its message only when it fails.
    let item = json!({"type": "string", "maxLength": 1000,
        "x-kubernetes-validations": [{"rule": "self != ''", "messageExpression": "self.lowerAscii()"}]});
    let schema = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
        "names": {"type": "array", "maxItems": 1000, "items": item}}}}});
    let report = check_schema_rules(&schema);
    let [rule, message] = report.costs.as_slice() else { panic!("two costs: {:?}", report.costs) };
    assert_eq!((rule.expression, rule.cost, rule.counted), (Expression::Rule, 1, 1000));
    // A tenth of 4000 bytes walked, and reading `self`.
    assert_eq!((message.expression, message.cost, message.counted), (Expression::MessageExpression, 401, 401));
    assert_eq!(report.total_cost, 1401);
}

#[test]
fn a_dear_message_expression_is_over_the_per_rule_limit() {
    let names = json!({"name": {"type": "string", "maxLength": 100_000_000}});
    let mut schema = crd("self.name != ''", names);
    schema["properties"]["spec"]["x-kubernetes-validations"][0]["messageExpression"] = json!("self.name.lowerAscii()");
    let report = check_schema_rules(&schema);
    let [finding] = report.findings.as_slice() else { panic!("one finding: {:?}", report.findings) };
    assert!(finding.message.starts_with("estimated messageExpression cost 40000002 exceeds"), "{}", finding.message);
}

#[test]
fn a_rule_that_does_not_compile_costs_nothing() {
    let report = check_schema_rules(&crd("self.names.all(n, n.size() > self.nope)", names(json!({}))));
    assert!(report.has_errors());
    assert_eq!(report.costs, vec![]);
    assert_eq!(report.total_cost, 0);
}

#[test]
fn declared_metadata_bounds_count_only_beside_kind_and_api_version() {
    let name = json!({"type": "string", "maxLength": 10});
    let metadata = json!({"type": "object", "properties": {"name": name, "generateName": name}});
    let mut schema = json!({"type": "object", "properties": {"metadata": metadata, "kind": {"type": "string"},
        "apiVersion": {"type": "string"}},
        "x-kubernetes-validations": [{"rule": "self.metadata.name.contains(self.metadata.generateName)"}]});
    // Two walks of 40 bytes, a tenth each, multiplied; six selections.
    assert_eq!(check_schema_rules(&schema).total_cost, 4 * 4 + 6);
    // Without `kind` the server substitutes its own unbounded `metadata`, whatever the schema says.
    schema["properties"].as_object_mut().expect("properties").remove("kind");
    assert!(check_schema_rules(&schema).total_cost > STATIC_ESTIMATED_CRD_COST_LIMIT);
}

#[test]
fn optional_old_self_is_read_as_an_optional_and_must_be_read() {
    let schema = |rule: &str| {
        json!({"type": "object", "properties": {"spec": {
            "type": "object",
            "properties": {"replicas": {"type": "integer"}},
            "x-kubernetes-validations": [{"rule": rule, "optionalOldSelf": true}],
        }}})
    };
    let errors = |rule: &str| -> Vec<String> {
        let report = check_schema_rules(&schema(rule));
        report.findings.iter().filter(|f| f.severity == Severity::Error).map(|f| f.message.clone()).collect()
    };
    let plain = errors("self.replicas >= oldSelf.replicas");
    assert!(
        plain[0].contains("found no matching overload for '_>=_' applied to '(int, optional_type(int))'"),
        "{plain:?}"
    );
    // A rule that does not compile reads nothing, as far as the server can tell.
    assert_eq!(plain[1], OPTIONAL_OLD_SELF_UNUSED);
    assert_eq!(errors("self.replicas > 0"), vec![OPTIONAL_OLD_SELF_UNUSED.to_owned()]);
    assert_eq!(errors("!oldSelf.hasValue() || self.replicas >= oldSelf.value().replicas"), Vec::<String>::new());
    assert_eq!(errors("self.replicas >= oldSelf.orValue(self).replicas"), Vec::<String>::new());
}

#[test]
fn rules_on_a_node_without_a_type_are_refused_together() {
    let schema = json!({"type": "object", "properties": {"free": {
        "x-kubernetes-preserve-unknown-fields": true,
        "x-kubernetes-validations": [{"rule": "self == 1"}, {"rule": "true"}],
    }}});
    let report = check_schema_rules(&schema);
    let [finding] = report.findings.as_slice() else { panic!("one finding: {:?}", report.findings) };
    assert_eq!(finding.message, UNTYPED_NODE);
    assert_eq!(finding.pointer, "/properties/free/x-kubernetes-validations");
    assert_eq!(report.rules, 2);
}

#[test]
fn a_keyword_property_is_read_escaped_or_not() {
    let keyword = json!({"namespace": {"type": "string", "maxLength": 8}});
    let report = check_schema_rules(&crd("self.namespace == '' && self.__namespace__ == ''", keyword));
    assert_eq!(report.findings, vec![]);
}
