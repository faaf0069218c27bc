//! Custom kinds: the example CronTab (stable.example.com/v1) of the committed bundle, with its CEL rules, and a
//! Widget CRD (tests/fixtures/bundle) whose transition rules need the old object.
//!
//! The CronTab assertions hold whether its schema comes from the OpenAPI document or, once the bundle has
//! `crds/`, from its CRD: they name fields and rule messages, not where the schema came from.

use std::path::Path;

use kapi_validate::{Catalog, Problem, Validator, parse_documents};

fn check(bundle: &str, text: &str, old: Option<&str>) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(bundle);
    let catalog = Catalog::from_dir(&dir).expect("the bundle loads");
    let old = old.map(|text| parse_documents("old.yaml", text).expect("old parses")).unwrap_or_default();
    let mut validator = Validator::new(&catalog).with_old(old);
    let documents = parse_documents("test.yaml", text).expect("parses");
    let problems: Vec<Problem> = documents.iter().flat_map(|document| validator.validate(document)).collect();
    let mut fields: Vec<_> = problems.into_iter().map(|p| (p.field, p.message)).collect();
    fields.sort();
    fields
}

const CRON_TAB: &str = "
apiVersion: stable.example.com/v1
kind: CronTab
metadata: {name: every-five}
spec:
  cronSpec: '*/5 * * * *'
  image: registry.example/job:1.2
  replicas: 2
  maxReplicas: 4
  maxUnavailable: 25%
  memoryLimit: 256Mi
  ports:
  - {name: http, port: 8080}
  notification:
    webhook: {url: 'https://hooks.example/done'}
  config: {anything: [1, 2, {goes: here}]}
";

fn cron_tab(text: &str) -> Vec<(String, String)> {
    check("../generated", text, None)
}

#[test]
fn a_valid_cron_tab_passes() {
    assert_eq!(cron_tab(CRON_TAB), vec![]);
}

#[test]
fn cel_rules_fail_with_their_messages() {
    let text = CRON_TAB.replace("job:1.2", "job:latest").replace("replicas: 2", "replicas: 6");
    assert_eq!(
        cron_tab(&text),
        vec![
            ("spec".to_owned(), "Invalid value: \"object\": replicas must not exceed maxReplicas".to_owned()),
            ("spec.image".to_owned(), "Invalid value: \"string\": pin the image to a version".to_owned()),
        ]
    );
}

/// `capacityType` is an open enum and `restartPolicy` a closed one: only the closed one rejects a value it does
/// not list.
#[test]
fn open_enums_accept_unknown_values_and_closed_ones_do_not() {
    let text = format!("{CRON_TAB}  capacityType: Reserved\n  restartPolicy: Always\n");
    let shown = cron_tab(&text);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert_eq!(shown[0].0, "spec.restartPolicy");
    assert!(shown[0].1.contains("supported values: \"Never\", \"OnFailure\""), "{shown:?}");
    let known = format!("{CRON_TAB}  capacityType: Spot\n  restartPolicy: Never\n");
    assert_eq!(cron_tab(&known), vec![]);
}

#[test]
fn rules_see_defaults() {
    // `replicas` is left out: its default (1) is what the rule compares with maxReplicas.
    let text = CRON_TAB.replace("  replicas: 2\n", "").replace("maxReplicas: 4", "maxReplicas: 1");
    assert_eq!(cron_tab(&text), vec![]);
}

#[test]
fn schema_mistakes_in_a_custom_kind() {
    let text = CRON_TAB
        .replace("{name: http, port: 8080}", "{name: http, port: 70000}\n  - {name: http, port: 80}")
        .replace("cronSpec: '*/5 * * * *'", "cronSpec: 'every five minutes please'")
        .replace("maxUnavailable: 25%", "maxUnavailable: [25]")
        .replace("webhook: {url: 'https://hooks.example/done'}", "sms: {number: '5'}");
    let shown = cron_tab(&text);
    let has = |field: &str, needle: &str| shown.iter().any(|(f, m)| f == field && m.contains(needle));
    assert!(has("spec.ports[0].port", "less than or equal to 65535"), "{shown:?}");
    assert!(has("spec.ports[1]", "Duplicate value"), "{shown:?}");
    assert!(has("spec.cronSpec", "must match the pattern"), "{shown:?}");
    assert!(has("spec.maxUnavailable", "must be of type integer,string"), "{shown:?}");
    assert!(has("spec.notification.sms", "Invalid value: value provided for unknown field"), "{shown:?}");
}

const WIDGET: &str = "
apiVersion: widgets.example.com/v1
kind: Widget
metadata: {name: w, namespace: default}
spec:
  class: gold
  size: 3
  slots:
  - {name: a, owner: ann}
  - {name: b, owner: bob}
";

fn widget(text: &str, old: Option<&str>) -> Vec<(String, String)> {
    check("tests/fixtures/bundle", text, old)
}

#[test]
fn transition_rules_are_skipped_without_an_old_object() {
    assert_eq!(widget(WIDGET, None), vec![]);
}

#[test]
fn an_unchanged_object_passes_its_transition_rules() {
    assert_eq!(widget(WIDGET, Some(WIDGET)), vec![]);
}

#[test]
fn transition_rules_fail_when_the_object_changes_as_they_forbid() {
    let old = WIDGET.replace("class: gold", "class: silver").replace("size: 3", "size: 5");
    // Slots reordered, and `a` handed to someone else: the list is a map, so items pair by name.
    let new = WIDGET.replace(
        "  - {name: a, owner: ann}\n  - {name: b, owner: bob}",
        "  - {name: b, owner: bob}\n  - {name: a, owner: cat}",
    );
    assert_eq!(
        widget(&new, Some(&old)),
        vec![
            ("spec".to_owned(), "Invalid value: \"object\": size may only grow".to_owned()),
            ("spec.class".to_owned(), "Invalid value: \"string\": class is immutable".to_owned()),
            ("spec.slots[1]".to_owned(), "Invalid value: \"object\": a slot keeps its owner".to_owned()),
        ]
    );
}

#[test]
fn the_old_object_is_matched_by_name_and_namespace() {
    let old = WIDGET.replace("class: gold", "class: silver");
    let elsewhere = old.replace("namespace: default", "namespace: other");
    assert_eq!(widget(WIDGET, Some(&elsewhere)), vec![], "an object in another namespace is not the old one");
    assert_eq!(widget(WIDGET, Some(&old)).len(), 1);
}

#[test]
fn custom_resources_keep_strict_fields_and_required_ones() {
    let text = WIDGET.replace("  size: 3\n", "  colour: red\n");
    assert_eq!(
        widget(&text, None),
        vec![
            ("spec.colour".to_owned(), "Invalid value: value provided for unknown field".to_owned()),
            ("spec.size".to_owned(), "Required value".to_owned()),
        ]
    );
}

#[test]
fn the_example_schemas_pass_the_rule_checks() {
    let catalog = Catalog::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated")).expect("loads");
    let bundle =
        Catalog::from_dir(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bundle")).expect("loads");
    for (catalog, api_version, kind) in
        [(&catalog, "stable.example.com/v1", "CronTab"), (&bundle, "widgets.example.com/v1", "Widget")]
    {
        let schema = catalog.schema(&kapi_validate::Gvk::from_api_version(api_version, kind)).expect("known kind");
        let report = kapi_cel::check_schema_rules(&schema);
        assert!(report.rules >= 2, "{kind}: {report:?}");
        assert_eq!(report.findings, vec![], "{kind}");
    }
}

#[test]
fn unions_must_match_their_forms() {
    let two_variants = CRON_TAB.replace(
        "    webhook: {url: 'https://hooks.example/done'}",
        "    webhook: {url: 'https://hooks.example/done'}\n    email: {address: ops@example.com}",
    );
    // One object per variant: the CRD's rule requires exactly one, naming the variants.
    assert_eq!(
        cron_tab(&two_variants),
        [(
            "spec.notification".to_owned(),
            "Invalid value: \"object\": exactly one of webhook, email must be set".to_owned()
        )]
    );
    let text = CRON_TAB.replace("  memoryLimit: 256Mi\n", "  memoryLimit: 256Mi\n  backoff: {initialSeconds: 1}\n");
    let shown = cron_tab(&text);
    // As the server reports a junctor: its own error with no field (`<nil>`), naming the path; then the errors
    // of the form that came closest (sorted here by field).
    let expected = [
        ("", "Invalid value: \"\": \"spec.backoff\" must validate at least one schema (anyOf)"),
        // Both forms (a fixed wait in seconds, or an exponential policy) miss one required field.
        ("spec.backoff.seconds", "Required value"),
    ];
    let expected: Vec<(String, String)> = expected.iter().map(|(f, m)| ((*f).to_owned(), (*m).to_owned())).collect();
    assert_eq!(shown, expected);
    // A fixed wait is the other form.
    let fixed = CRON_TAB.replace("  memoryLimit: 256Mi\n", "  memoryLimit: 256Mi\n  backoff: {seconds: 30}\n");
    assert_eq!(cron_tab(&fixed), vec![]);
}
