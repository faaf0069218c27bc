//! Built-in kinds from the committed bundle (`generated/`): valid manifests pass, each kind of mistake is reported
//! at its field.

use std::path::Path;

use kapi_validate::{Catalog, Problem, Validator, parse_documents};

fn catalog() -> Catalog {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated");
    Catalog::from_dir(&dir).expect("the committed bundle loads")
}

fn problems(text: &str) -> Vec<Problem> {
    let catalog = catalog();
    let mut validator = Validator::new(&catalog);
    let documents = parse_documents("test.yaml", text).expect("parses");
    documents.iter().flat_map(|document| validator.validate(document)).collect()
}

/// (field, message) pairs, sorted.
fn fields(problems: &[Problem]) -> Vec<(String, String)> {
    let mut fields: Vec<_> = problems.iter().map(|p| (p.field.clone(), p.message.clone())).collect();
    fields.sort();
    fields
}

const DEPLOYMENT: &str = "
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports:
        - containerPort: 80
        - containerPort: 443
          protocol: TCP
";

#[test]
fn a_valid_deployment_passes() {
    assert_eq!(problems(DEPLOYMENT), vec![]);
}

#[test]
fn deployment_mistakes_are_reported_at_their_fields() {
    let broken = DEPLOYMENT
        .replace("replicas: 3", "replicas: three\n  paused: \"no\"\n  minReadySecs: 5")
        .replace("      - name: nginx\n", "      - imagePullPolicy: Always\n")
        .replace(
            "        - containerPort: 443\n          protocol: TCP",
            "        - containerPort: 80\n          protocol: TCP",
        );
    let found = problems(&broken);
    let shown = fields(&found);
    let has = |field: &str, needle: &str| shown.iter().any(|(f, m)| f == field && m.contains(needle));
    assert!(has("spec.replicas", "must be of type integer"), "{shown:?}");
    assert!(has("spec.paused", "must be of type boolean"), "{shown:?}");
    assert!(has("spec.minReadySecs", "value provided for unknown field"), "{shown:?}");
    assert!(has("spec.template.spec.containers[0].name", "Required value"), "{shown:?}");
    // Port 80 twice: the keys of the schema's map list repeat, but a built-in kind's list-type is a merge
    // strategy, not a validation (the server only warns about the duplicate port).
    assert_eq!(shown.len(), 4, "{shown:?}");
    assert!(found.iter().all(|p| p.object == "Deployment/web" && p.document == 1 && p.file == "test.yaml"));
}

#[test]
fn a_deployment_without_its_required_fields() {
    let shown = fields(&problems("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: empty}\nspec: {}\n"));
    assert_eq!(
        shown,
        vec![
            ("spec.selector".to_owned(), "Required value".to_owned()),
            ("spec.template".to_owned(), "Required value".to_owned()),
            // The server's code validates the (zero) template's pod spec, which has no containers.
            ("spec.template.spec.containers".to_owned(), "Required value".to_owned())
        ]
    );
}

#[test]
fn leases_check_integer_widths_and_date_times() {
    let valid = "apiVersion: coordination.k8s.io/v1\nkind: Lease\nmetadata: {name: leader, namespace: kube-system}\n\
                 spec: {holderIdentity: node-1, leaseDurationSeconds: 15, renewTime: '2024-05-01T10:00:00.000000Z'}\n";
    assert_eq!(problems(valid), vec![]);
    let invalid = valid.replace("15", "4294967296").replace("'2024-05-01T10:00:00.000000Z'", "yesterday");
    let shown = fields(&problems(&invalid));
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert_eq!(shown[0].0, "spec.leaseDurationSeconds");
    assert!(shown[0].1.contains("int32"), "{shown:?}");
    assert_eq!(shown[1].0, "spec.renewTime");
    assert!(shown[1].1.contains("date-time"), "{shown:?}");
}

const CRON_JOB: &str = "
apiVersion: batch/v1
kind: CronJob
metadata: {name: nightly}
spec:
  schedule: '0 3 * * *'
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - {name: backup, image: 'busybox:1.36', args: [sh, -c, 'echo hi']}
";

#[test]
fn cron_jobs() {
    assert_eq!(problems(CRON_JOB), vec![]);
    let broken = CRON_JOB.replace("  schedule: '0 3 * * *'\n", "  suspend: maybe\n");
    let shown = fields(&problems(&broken));
    assert_eq!(
        shown,
        vec![
            ("spec.schedule".to_owned(), "Required value".to_owned()),
            (
                "spec.suspend".to_owned(),
                "Invalid value: \"string\": spec.suspend in body must be of type boolean: \"string\"".to_owned()
            )
        ]
    );
}

#[test]
fn several_documents_are_numbered() {
    let text = format!("{DEPLOYMENT}---\n{}", CRON_JOB.replace("nightly", "weekly").replace("'0 3 * * *'", "7"));
    let found = problems(&text);
    let [problem] = found.as_slice() else { panic!("one problem: {found:?}") };
    assert_eq!(
        (problem.document, problem.object.as_str(), problem.field.as_str()),
        (2, "CronJob/weekly", "spec.schedule")
    );
    assert_eq!(
        problem.to_string(),
        "test.yaml:2: CronJob/weekly: spec.schedule: Invalid value: \"integer\": spec.schedule in body must be of type string: \"integer\""
    );
}

#[test]
fn documents_that_name_no_known_kind() {
    let no_api_version = problems("kind: Deployment\nmetadata: {name: x}\n");
    assert_eq!(no_api_version[0].field, "apiVersion");
    assert!(no_api_version[0].message.starts_with("Required value"), "{:?}", no_api_version);
    let no_kind = problems("apiVersion: v1\nmetadata: {name: x}\n");
    assert_eq!(no_kind[0].field, "kind");
    let unknown_kind = problems("apiVersion: apps/v1\nkind: Deploymnet\nmetadata: {name: x}\n");
    assert_eq!(unknown_kind[0].field, "kind");
    assert!(unknown_kind[0].message.contains("\"Deploymnet\"") && unknown_kind[0].message.contains("Deployment"));
    let unknown_version = problems("apiVersion: apps/v9\nkind: Deployment\nmetadata: {name: x}\n");
    assert_eq!(unknown_version[0].field, "apiVersion");
    assert!(unknown_version[0].message.contains("apps/v1"), "{:?}", unknown_version);
}
