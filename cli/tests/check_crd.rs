//! `kapi check-crd`: CRDs from anywhere, checked the way the API server would check them.

use std::process::Command;

fn check(files: &[&std::path::Path]) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_kapi")).arg("check-crd").args(files).output().expect("kapi runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code().unwrap_or(-1), text(&output.stdout), text(&output.stderr))
}

const BROKEN: &str = r#"
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            x-kubernetes-validations:
            - rule: "self.sizes.all(s, s.size() < 100) && self.colour != ''"
            properties:
              config: {description: anything at all}
              sizes:
                type: array
                items: {type: string}
---
apiVersion: v1
kind: ConfigMap
"#;

#[test]
fn a_crd_kube_derive_style_mistakes_and_a_non_crd_are_reported_with_their_fields() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("widgets.yaml");
    std::fs::write(&file, BROKEN).expect("written");
    let (code, stdout, stderr) = check(&[&file]);
    // The ConfigMap is no CRD: the run stops with a clear message naming the document.
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("widgets.yaml:1: not a CustomResourceDefinition"), "{stderr}");

    std::fs::write(&file, BROKEN.split("---").next().expect("first document")).expect("written");
    let (code, stdout, _) = check(&[&file]);
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("CRD widgets.example.com: error: version v1: spec.config"), "{stdout}");
    assert!(stdout.contains("[missing-type]"), "{stdout}");
    assert!(stdout.contains("colour"), "the unknown field in the rule is named: {stdout}");
}

#[test]
fn the_generated_crds_pass() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("project root");
    let crds = root.join("generated/crds");
    let mut files: Vec<_> =
        std::fs::read_dir(&crds).expect("generated/crds").map(|e| e.expect("entry").path()).collect();
    files.sort();
    let refs: Vec<&std::path::Path> = files.iter().map(|p| p.as_path()).collect();
    let (code, stdout, stderr) = check(&refs);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stdout.contains("6 CRD(s) checked: 0 error(s), 0 warning(s)"), "{stdout}");
}
