//! `kapi validate` against the API server, differential: thousands of manifests (valid objects of the example
//! CRDs, the derive corpus, a CRD using every schema keyword and built-in kinds, and single mutations of them per
//! keyword, CEL rule and metadata rule; see kapi_tests::manifest_mutations) sent to a real kube-apiserver as dry-run
//! creates and judged by kapi-validate. Verdicts must agree for ≥ 99.5 %; every disagreement is printed with its
//! class (docs/VALIDATION.md keeps the list). kapi-cel's failing rules are compared with the server's too.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use kapi_tests::kube::{Kube, kube_installing};
use kapi_tests::manifest_mutations::builtin::{NAMESPACE, built_ins};
use kapi_tests::manifest_mutations::cel_rules::{RuleSite, rule_sites};
use kapi_tests::manifest_mutations::instance::minimal;
use kapi_tests::manifest_mutations::keyword_crd::keywords_schema;
use kapi_tests::manifest_mutations::{Manifest, Plan, manifests};
use kapi_tests::project_root;
use kapi_validate::{Catalog, Document, Validator};
use serde_json::{Value, json};

/// The suffix of every group this test installs, so that no other test's CRD collides with one of its own.
const GROUP_SUFFIX: &str = "differential.kapi.test";

/// How many requests are in flight at once.
const WORKERS: usize = 4;

/// How long the server may take to establish and serve the CRDs.
const INSTALL_TIMEOUT: Duration = Duration::from_secs(90);

/// The agreement the test holds kapi to.
const REQUIRED_AGREEMENT: f64 = 0.995;

/// A kind under test: where it is created and the rules of its schema.
#[derive(Debug, Clone)]
struct Target {
    /// `/api/v1` or `/apis/<group>/<version>`.
    prefix: String,
    resource: String,
    namespaced: bool,
    rules: Vec<RuleSite>,
}

/// What one side says about a manifest.
#[derive(Debug, Clone, Default)]
struct Verdict {
    accepted: bool,
    /// The fields of the causes, normalized (empty when accepted or when the refusal names none).
    fields: BTreeSet<String>,
    /// `field: message` of each cause, or the whole message.
    reasons: Vec<String>,
    /// The CEL rules that failed, by their text.
    rules: BTreeSet<String>,
    /// Each failed rule with its message (kapi's side: to recognize computed messages among the server's).
    rule_messages: Vec<(String, String)>,
    /// Whether the CEL rules ran (the server runs none on an object it cannot decode or with a blocking schema
    /// problem).
    rules_ran: bool,
}

/// A CRD renamed into this test's groups (`stable.example.com` becomes `stable-example-com.differential.kapi.test`),
/// without conversion webhook.
fn renamed(mut crd: Value) -> Value {
    let group = crd["spec"]["group"].as_str().expect("a CRD's group").replace('.', "-");
    let group = format!("{group}.{GROUP_SUFFIX}");
    let plural = crd["spec"]["names"]["plural"].as_str().expect("a CRD's plural").to_owned();
    crd["spec"]["group"] = json!(group);
    crd["metadata"] = json!({"name": format!("{plural}.{group}")});
    // No conversion webhook runs beside the test server: every version is stored as it is written.
    crd["spec"]["conversion"] = json!({"strategy": "None"});
    if let Some(fields) = crd.as_object_mut() {
        fields.remove("status");
    }
    crd
}

/// The example CRDs, the chosen kinds of the derive corpus and the keyword CRD, each with its source.
fn crds() -> Vec<(String, Value)> {
    let mut crds = Vec::new();
    let dir = project_root().join("generated/crds");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("generated/crds").flatten().map(|e| e.path()).collect();
    files.sort();
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e == "json")) {
        let crd = serde_json::from_slice(&std::fs::read(file).expect("readable")).expect("a CRD is JSON");
        crds.push(("example CRD".to_owned(), renamed(crd)));
    }
    let registry = kapi_crd_corpus::registry();
    let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default())
        .unwrap_or_else(|error| panic!("kapi writes every CRD of the derive corpus: {error}"));
    // One placement of each feature, as the items of a map list (each CRD takes the server about half a second
    // to establish and serve: the test's time).
    for (path, bytes) in artifacts.iter() {
        let chosen = path.starts_with("crds/listeds.");
        if chosen && path.ends_with(".json") {
            let crd = serde_json::from_slice(bytes).expect("a CRD is JSON");
            crds.push(("derive corpus".to_owned(), renamed(crd)));
        }
    }
    // Real-world CRDs with many CEL rules (Gateway API's standard channel, HTTPRoute's 178 included), for their rules.
    for file in yaml_files(&kapi_tests::shared().join("peers/crds/gateway-api/standard")) {
        let text = std::fs::read_to_string(&file).expect("readable");
        let documents: Vec<Value> = serde_saphyr::from_multiple(&text).expect("YAML");
        let chosen = documents.into_iter().filter(|d| d["kind"] == "CustomResourceDefinition");
        for crd in chosen {
            crds.push((REAL_WORLD.to_owned(), renamed(crd)));
        }
    }
    let keywords = kapi_tests::kube::crd_around("keywords.kapi.test", "Keywords", keywords_schema());
    crds.push(("keyword CRD".to_owned(), renamed(keywords)));
    crds
}

/// The source of the real-world CRDs, whose rules (not keywords or metadata) are mutated.
const REAL_WORLD: &str = "real-world CRD";

/// The YAML files of a directory, sorted.
fn yaml_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<_> =
        entries.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "yaml")).collect();
    files.sort();
    files
}

/// Creates the CRDs, the namespace and its `default` service account, and waits until every resource is served.
fn install(kube: &Kube, crds: &[(String, Value)]) {
    let create = |path: &str, body: &Value| {
        let reply = kube.send_json("POST", path, body);
        assert!(matches!(reply.status, 201 | 409), "{path}: {} {}", reply.status, String::from_utf8_lossy(&reply.body));
    };
    create("/api/v1/namespaces", &json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": NAMESPACE}}));
    create(
        &format!("/api/v1/namespaces/{NAMESPACE}/serviceaccounts"),
        &json!({"apiVersion": "v1", "kind": "ServiceAccount", "metadata": {"name": "default"}}),
    );
    for (_, crd) in crds {
        create("/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd);
    }
    let started = Instant::now();
    for (_, crd) in crds {
        let name = crd["metadata"]["name"].as_str().expect("a name");
        let group = crd["spec"]["group"].as_str().expect("a group");
        let plural = crd["spec"]["names"]["plural"].as_str().expect("a plural");
        for version in served_versions(crd) {
            loop {
                if kube.is_established(name)
                    && kube.get(&format!("/apis/{group}/{version}/{plural}"), "application/json").status == 200
                {
                    break;
                }
                assert!(
                    started.elapsed() < INSTALL_TIMEOUT,
                    "{name} {version} is not served after {INSTALL_TIMEOUT:?}"
                );
                std::thread::sleep(Duration::from_millis(100));
            }
        }
    }
}

fn served_versions(crd: &Value) -> Vec<String> {
    let versions = crd["spec"]["versions"].as_array().into_iter().flatten();
    versions.filter(|v| v["served"] == true).filter_map(|v| v["name"].as_str().map(str::to_owned)).collect()
}

/// What the test judges: every manifest with its target's key, the targets, the catalog kapi judges them with,
/// and the CRDs to install (with their sources).
struct Corpus {
    manifests: Vec<(Manifest, String)>,
    targets: BTreeMap<String, Target>,
    catalog: Catalog,
    crds: Vec<(String, Value)>,
}

fn corpus() -> Corpus {
    let crds = crds();
    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    collect_files(&project_root().join("generated"), "openapi/v3", &mut files);
    for (_, crd) in &crds {
        let name = crd["metadata"]["name"].as_str().expect("a name");
        files.insert(format!("crds/{name}.json"), serde_json::to_vec(crd).expect("JSON"));
    }
    let catalog = Catalog::from_files(&files).expect("the catalog builds");
    let mut targets = BTreeMap::new();
    let mut all = Vec::new();
    for (index, (source, crd)) in crds.iter().enumerate() {
        let group = crd["spec"]["group"].as_str().expect("a group");
        let kind = crd["spec"]["names"]["kind"].as_str().expect("a kind");
        let namespaced = crd["spec"]["scope"] == "Namespaced";
        for version in crd["spec"]["versions"].as_array().into_iter().flatten().filter(|v| v["served"] == true) {
            let name = version["name"].as_str().expect("a version name");
            let schema = &version["schema"]["openAPIV3Schema"];
            let mut base = minimal(schema);
            base["apiVersion"] = json!(format!("{group}/{name}"));
            base["kind"] = json!(kind);
            base["metadata"] = json!({"name": "demo"});
            if namespaced {
                base["metadata"]["namespace"] = json!(NAMESPACE);
            }
            let key = format!("{group}/{name}/{kind}");
            targets.insert(
                key.clone(),
                Target {
                    prefix: format!("/apis/{group}/{name}"),
                    resource: crd["spec"]["names"]["plural"].as_str().expect("a plural").to_owned(),
                    namespaced,
                    rules: rule_sites(schema).into_iter().map(|(_, site)| site).collect(),
                },
            );
            // Metadata mutations for one kind of each source (they test the server's object rules, not the kind).
            let first_of_source = crds.iter().position(|(s, _)| s == source) == Some(index);
            let plan = if source == REAL_WORLD {
                Plan { create_missing: true, keywords: false, rules: true, metadata: false }
            } else {
                Plan { create_missing: true, keywords: true, rules: true, metadata: first_of_source }
            };
            all.extend(manifests(source, &base, schema, plan).into_iter().map(|m| (m, key.clone())));
        }
    }
    for built_in in built_ins() {
        let api_version = built_in.object["apiVersion"].as_str().expect("apiVersion");
        let kind = built_in.object["kind"].as_str().expect("kind");
        let key = format!("{api_version}/{kind}");
        let gvk = kapi_validate::Gvk::from_api_version(api_version, kind);
        let schema = catalog.schema(&gvk).unwrap_or_else(|| panic!("the embedded corpus has {key}"));
        targets.insert(
            key.clone(),
            Target {
                prefix: built_in.prefix.to_owned(),
                resource: built_in.resource.to_owned(),
                namespaced: built_in.namespaced,
                rules: rule_sites(&schema).into_iter().map(|(_, site)| site).collect(),
            },
        );
        let plan = Plan { create_missing: false, keywords: true, rules: false, metadata: true };
        all.extend(manifests("built-in", &built_in.object, &schema, plan).into_iter().map(|m| (m, key.clone())));
    }
    Corpus { manifests: all, targets, catalog, crds }
}

fn collect_files(root: &std::path::Path, sub: &str, files: &mut BTreeMap<String, Vec<u8>>) {
    let dir = root.join(sub);
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())).flatten() {
        let name = format!("{sub}/{}", entry.file_name().to_string_lossy());
        if entry.path().is_dir() {
            collect_files(root, &name, files);
        } else {
            files.insert(name, std::fs::read(entry.path()).expect("readable"));
        }
    }
}

/// The server's verdict on a dry-run create of `object`; `ours` names the messages kapi computed for rules with a
/// `messageExpression`, to recognize them among the server's causes.
fn server_verdict(kube: &Kube, target: &Target, object: &Value, ours: &Verdict) -> Verdict {
    let namespace = object.pointer("/metadata/namespace").and_then(Value::as_str).unwrap_or(NAMESPACE);
    let collection = if target.namespaced {
        format!("{}/namespaces/{namespace}/{}", target.prefix, target.resource)
    } else {
        format!("{}/{}", target.prefix, target.resource)
    };
    let reply = kube.send_json("POST", &format!("{collection}?dryRun=All&fieldValidation=Strict"), object);
    if matches!(reply.status, 200 | 201) {
        return Verdict { accepted: true, rules_ran: true, ..Verdict::default() };
    }
    assert!(
        reply.status < 500,
        "{collection}: the server failed ({}): {}",
        reply.status,
        String::from_utf8_lossy(&reply.body)
    );
    let status = reply.json();
    let mut verdict = Verdict { rules_ran: reply.status == 422, ..Verdict::default() };
    let causes = status.pointer("/details/causes").and_then(Value::as_array).cloned().unwrap_or_default();
    for cause in &causes {
        let field = cause["field"].as_str().unwrap_or_default();
        let message = cause["message"].as_str().unwrap_or_default();
        verdict.reasons.push(format!("{field}: {message}"));
        if message.contains("some validation rules were not checked") {
            verdict.rules_ran = false;
            continue;
        }
        if let Some(field) = cause_field(field, message) {
            verdict.fields.insert(field);
        }
        for rule in &target.rules {
            let static_message = rule.message.as_deref().filter(|m| !m.is_empty());
            let computed = rule.message_expression
                && ours.rule_messages.iter().any(|(r, m)| *r == rule.rule && message.ends_with(m.as_str()));
            // `failed rule: <rule>`, the rule's message, or an evaluation error naming the rule or its message.
            let matched = message.contains(&format!("failed rule: {}", rule.rule))
                || message.ends_with(&format!("evaluating rule: {}", rule.rule))
                || static_message.is_some_and(|m| message.ends_with(m))
                || computed;
            if matched {
                verdict.rules.insert(rule.rule.clone());
            }
        }
    }
    let message = status["message"].as_str().unwrap_or_default();
    if causes.is_empty() {
        verdict.reasons.push(message.to_owned());
    }
    // Strict decoding names unknown fields in the message only: `unknown field "spec.x"`.
    for part in message.split("unknown field \"").skip(1) {
        if let Some(field) = part.split('"').next() {
            verdict.fields.insert(normalize_field(field));
        }
    }
    verdict
}

/// The field of a cause, normalized: the server gives none for a union (`oneOf`, `anyOf`, `not`) and names it
/// in the message instead (`Invalid value: "": "spec.x" must validate one and only one schema`).
fn cause_field(field: &str, message: &str) -> Option<String> {
    if !field.is_empty() && field != "<nil>" {
        return Some(normalize_field(field));
    }
    let end = message.find("\" must validate").or_else(|| message.find("\" must not validate"))?;
    let start = message[..end].rfind('"')? + 1;
    Some(normalize_field(&message[start..end]))
}

/// One notation for both sides: no leading dot, and a map's key as a property (`spec.labels.k1`, where kapi
/// writes `spec.labels[k1]` and the server `spec.labels.k1` for custom resources); list indexes stay.
fn normalize_field(field: &str) -> String {
    let mut normalized = String::new();
    let mut rest = field.trim_start_matches('.');
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find(']').map(|c| open + c) else { break };
        let inside = &rest[open + 1..close];
        normalized.push_str(&rest[..open]);
        if inside.bytes().all(|b| b.is_ascii_digit()) {
            normalized.push_str(&rest[open..=close]);
        } else {
            normalized.push('.');
            normalized.push_str(inside);
        }
        rest = &rest[close + 1..];
    }
    normalized.push_str(rest);
    normalized
}

/// kapi's verdict on `object`.
fn kapi_verdict(validator: &mut Validator<'_>, object: &Value) -> Verdict {
    let document = Document { file: "manifest".into(), index: 1, value: object.clone() };
    let problems = validator.validate(&document);
    let violations = validator.rule_violations(&document);
    Verdict {
        accepted: problems.is_empty(),
        fields: problems.iter().filter_map(|p| cause_field(&p.field, &p.message)).collect(),
        reasons: problems.iter().map(|p| format!("{}: {}", p.field, p.message)).collect(),
        rule_messages: violations.iter().map(|v| (v.rule.clone(), v.message.clone())).collect(),
        rules: violations.into_iter().map(|v| v.rule).collect(),
        rules_ran: true,
    }
}

/// Both verdicts for every manifest, in parallel.
fn judge(
    kube: &Kube,
    catalog: &Catalog,
    manifests: &[(Manifest, String)],
    targets: &BTreeMap<String, Target>,
) -> Vec<(Verdict, Verdict)> {
    let next = AtomicUsize::new(0);
    // Time spent on each side, in microseconds over all workers.
    let (kapi_time, server_time) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let mut results: Vec<Option<(Verdict, Verdict)>> = vec![None; manifests.len()];
    let done: Vec<Vec<(usize, (Verdict, Verdict))>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..WORKERS)
            .map(|_| {
                scope.spawn(|| {
                    let mut validator = Validator::new(catalog);
                    let mut mine = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some((manifest, key)) = manifests.get(index) else { break };
                        let target = &targets[key];
                        let clock = Instant::now();
                        let ours = kapi_verdict(&mut validator, &manifest.object);
                        let judged = clock.elapsed();
                        let server = server_verdict(kube, target, &manifest.object, &ours);
                        kapi_time.fetch_add(judged.as_micros() as usize, Ordering::Relaxed);
                        server_time.fetch_add((clock.elapsed() - judged).as_micros() as usize, Ordering::Relaxed);
                        mine.push((index, (server, ours)));
                    }
                    mine
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("a worker panicked")).collect()
    });
    let seconds = |micros: &AtomicUsize| micros.load(Ordering::Relaxed) as f64 / 1e6;
    eprintln!(
        "kapi took {:.1} s, the server {:.1} s (summed over the workers)",
        seconds(&kapi_time),
        seconds(&server_time)
    );
    for (index, pair) in done.into_iter().flatten() {
        results[index] = Some(pair);
    }
    results.into_iter().map(|r| r.expect("every manifest judged")).collect()
}

/// The class of a verdict disagreement.
fn class(manifest: &Manifest, server: &Verdict, ours: &Verdict) -> &'static str {
    if manifest.concept.starts_with("metadata:") {
        return METADATA;
    }
    if server.rules_ran && server.rules != ours.rules {
        if ours.reasons.iter().any(|r| r.contains("undeclared reference to")) {
            return CEL_LIBRARY;
        }
        return "CEL evaluation";
    }
    if manifest.source == "built-in" {
        if !server.accepted {
            return BUILT_IN_CODE;
        }
        return match manifest.concept.as_str() {
            "list-type:map" | "list-type:set" => "built-in: a list-type kapi's table does not leave out",
            "required" | "null" => "built-in: a schema-required field kapi's table does not leave out",
            _ => "built-in: the server's decoder takes what the published schema does not",
        };
    }
    "keyword semantics"
}

/// The object metadata rules (names, labels, annotations, finalizers, owner references) of a kind.
const METADATA: &str = "metadata: the kind's rules differ from kapi's table";
/// A check the server applies in code to a built-in kind that kapi's tables (1.32) lack.
const BUILT_IN_CODE: &str = "built-in: a rule in code, not in kapi's table";
/// A function of Kubernetes' CEL environment that kapi-cel does not declare.
const CEL_LIBRARY: &str = "CEL: a function kapi-cel does not declare";

/// The share of the refusals both sides make whose fields agree, as measured (docs/VALIDATION.md lists the
/// others with their classes): strict decoding and the built-in kinds' code name some fields differently.
const REQUIRED_FIELD_AGREEMENT: f64 = 0.98;

/// Tallies of one run, printed for docs/VALIDATION.md.
#[derive(Default)]
struct Report<'m> {
    /// Per source (`built-in`, `derive corpus`, …, each also `… metadata`): manifests and agreements.
    by_source: BTreeMap<String, (usize, usize)>,
    /// Per concept (keyword, `cel`, `metadata:<field>`): manifests, agreements, server refusals.
    by_concept: BTreeMap<&'m str, (usize, usize, usize)>,
    /// Verdict disagreements by class.
    by_class: BTreeMap<&'static str, Vec<String>>,
    /// Refusals on both sides whose fields differ, by class.
    field_classes: BTreeMap<&'static str, Vec<String>>,
    /// Per rule whose failure the sides see differently: the side that alone sees it fail, and the manifests.
    rule_differences: BTreeMap<(String, &'static str), Vec<String>>,
    /// Per rule (not a transition rule): whether the server saw it fail and pass on some manifest.
    rule_outcomes: BTreeMap<String, (bool, bool)>,
}

fn describe(manifest: &Manifest, server: &Verdict, ours: &Verdict) -> String {
    let side =
        |v: &Verdict| if v.accepted { "accepts".to_owned() } else { format!("refuses: {}", v.reasons.join(" | ")) };
    format!(
        "[{}] {} {} — {}\n      server {}\n      kapi   {}",
        manifest.source,
        manifest.kind,
        manifest.concept,
        manifest.what,
        side(server),
        side(ours)
    )
}

/// Why both sides refuse with different fields.
fn field_class(manifest: &Manifest, server: &Verdict, ours: &Verdict) -> &'static str {
    let said = |text: &str| server.reasons.iter().any(|r| r.contains(text));
    if manifest.concept.starts_with("metadata:") {
        METADATA
    } else if ours.reasons.iter().any(|r| r.contains("undeclared reference to")) {
        CEL_LIBRARY
    } else if said("strict decoding error") {
        "the server stops at an unknown field (strict decoding), kapi goes on"
    } else if said("must validate") || said("must not validate") {
        "unions: the server names the union in the message and adds the closest form's own problems"
    } else if manifest.source == "built-in" {
        "built-in: the server's code names other fields"
    } else {
        "other"
    }
}

impl<'m> Report<'m> {
    fn new(
        manifests: &'m [(Manifest, String)],
        verdicts: &[(Verdict, Verdict)],
        targets: &BTreeMap<String, Target>,
    ) -> Self {
        let mut report = Report::default();
        for ((manifest, key), (server, ours)) in manifests.iter().zip(verdicts) {
            let agree = server.accepted == ours.accepted;
            let metadata = manifest.concept.starts_with("metadata:");
            let source = if metadata { format!("{} metadata", manifest.source) } else { manifest.source.clone() };
            let entry = report.by_source.entry(source).or_default();
            entry.0 += 1;
            entry.1 += usize::from(agree);
            let concept = report.by_concept.entry(manifest.concept.as_str()).or_default();
            concept.0 += 1;
            concept.1 += usize::from(agree);
            concept.2 += usize::from(!server.accepted);
            if !agree {
                report
                    .by_class
                    .entry(class(manifest, server, ours))
                    .or_default()
                    .push(describe(manifest, server, ours));
            } else if !server.accepted && !server.fields.is_empty() && server.fields != ours.fields {
                let shown = format!(
                    "{}\n      fields server {:?} kapi {:?}",
                    describe(manifest, server, ours),
                    server.fields,
                    ours.fields
                );
                report.field_classes.entry(field_class(manifest, server, ours)).or_default().push(shown);
            }
            if !server.rules_ran {
                continue;
            }
            for rule in targets[key].rules.iter().filter(|r| !r.transition) {
                let outcome = report.rule_outcomes.entry(rule.rule.clone()).or_default();
                if server.rules.contains(&rule.rule) {
                    outcome.0 = true;
                } else {
                    outcome.1 = true;
                }
            }
            for (rule, side) in server
                .rules
                .symmetric_difference(&ours.rules)
                .map(|rule| (rule, if server.rules.contains(rule) { "only the server" } else { "only kapi" }))
            {
                let list = report.rule_differences.entry((rule.clone(), side)).or_default();
                list.push(describe(manifest, server, ours));
            }
        }
        report
    }

    fn print(&self, total: usize, agreeing: usize) {
        let percent = |agree: usize, of: usize| if of == 0 { 100.0 } else { 100.0 * agree as f64 / of as f64 };
        eprintln!("verdicts agree on {agreeing} of {total} ({:.2} %)", percent(agreeing, total));
        eprintln!("\n== per source");
        for (source, (count, agree)) in &self.by_source {
            eprintln!("  {source}: {agree} of {count} ({:.2} %)", percent(*agree, *count));
        }
        eprintln!("\n== per concept (manifests, agreeing, refused by the server)");
        for (concept, (count, agree, refused)) in &self.by_concept {
            eprintln!("  {concept}: {count}, {agree}, {refused}");
        }
        for (class, list) in &self.by_class {
            eprintln!("\n== disagreements: {class} ({})\n  {}", list.len(), list.join("\n  "));
        }
        for (class, list) in &self.field_classes {
            eprintln!("\n== fields differ: {class} ({})\n  {}", list.len(), list.join("\n  "));
        }
        let (both, rules) = (self.rule_outcomes.values().filter(|(f, p)| *f && *p).count(), self.rule_outcomes.len());
        eprintln!("\n== CEL rules: {rules} run on create; the server saw {both} of them both fail and pass");
        for (rule, (failed, passed)) in self.rule_outcomes.iter().filter(|(_, (f, p))| !(*f && *p)) {
            let seen = if *failed {
                "only fail"
            } else if *passed {
                "only pass"
            } else {
                "neither"
            };
            eprintln!("  seen to {seen}: {rule}");
        }
        for ((rule, side), list) in &self.rule_differences {
            eprintln!("\n== CEL rule failing for {side} ({}): {rule}\n  {}", list.len(), list[0]);
        }
    }
}

#[test]
fn kapi_validate_agrees_with_the_server_on_thousands_of_manifests() {
    let started = Instant::now();
    let kube = kube_installing();
    let Corpus { manifests, targets, catalog, crds } = corpus();
    install(kube, &crds);
    let installed = started.elapsed();
    let verdicts = judge(kube, &catalog, &manifests, &targets);
    eprintln!(
        "{} manifests: installed in {installed:?}, judged in {:?}",
        manifests.len(),
        started.elapsed() - installed
    );
    let total = manifests.len();
    let agreeing = verdicts.iter().filter(|(server, ours)| server.accepted == ours.accepted).count();
    let report = Report::new(&manifests, &verdicts, &targets);
    report.print(total, agreeing);

    let rate = |agree: usize, of: usize| if of == 0 { 1.0 } else { agree as f64 / of as f64 };
    let both_refuse = verdicts.iter().filter(|(server, ours)| !server.accepted && !ours.accepted).count();
    let fields_differ: usize = report.field_classes.values().map(Vec::len).sum();
    let fields_agree = both_refuse - fields_differ;
    eprintln!(
        "\nfields agree on {fields_agree} of the {both_refuse} refusals both sides make ({:.2} %)",
        100.0 * rate(fields_agree, both_refuse)
    );
    assert!(total >= 2000, "only {total} manifests");
    assert!(
        rate(agreeing, total) >= REQUIRED_AGREEMENT,
        "verdicts agree on {agreeing} of {total} only (the disagreements are listed above, by class)"
    );
    assert!(
        rate(fields_agree, both_refuse) >= REQUIRED_FIELD_AGREEMENT,
        "fields agree on {fields_agree} of {both_refuse} refusals only (listed above, by class)"
    );
    let differing: BTreeSet<&String> = report.rule_differences.keys().map(|(rule, _)| rule).collect();
    assert!(differing.is_empty(), "rules failing differently for kapi-cel and the server: {differing:?}");
}
