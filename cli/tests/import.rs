//! `kapi import`: the crate it writes from CRDs, and what it refuses. CI compiles such a crate, from upstream's
//! documents and the generated CRDs, and compares what it generates with them (scripts/test.sh).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kapi(dir: &Path, args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_kapi")).current_dir(dir).args(args).output().expect("kapi runs");
    assert!(output.status.code().is_some(), "kapi was killed");
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn crd(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../generated/crds").join(name).canonicalize().expect("a CRD")
}

#[test]
fn import_writes_a_crate_of_annotated_types() {
    let work = tempfile::tempdir().expect("tempdir");
    let stable = crd("crontabs.stable.example.com.yaml");
    let output = kapi(work.path(), &["import", &stable.to_string_lossy(), "--out", "crontabs"]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let version = env!("CARGO_PKG_VERSION");
    let expected = format!(
        "imported 4 definitions and 2 resources into 2 modules of crontabs/src, on kapi {version} from the registry\n"
    );
    assert!(stdout.starts_with(&expected), "{stdout}");
    let dir = work.path().join("crontabs");
    for file in ["Cargo.toml", "build.rs", ".gitignore", "src/lib.rs", "src/stable_v1.rs", "src/stable_v1beta1.rs"] {
        assert!(dir.join(file).is_file(), "no {file}");
    }
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml");
    assert!(manifest.contains("name = \"crontabs\"\n") && manifest.contains("\n[workspace]\n"), "{manifest}");
    assert!(manifest.contains(&format!("kapi-meta = \"{version}\"\n")) && !manifest.contains("path"), "{manifest}");
    assert!(!dir.join("Cargo.lock").exists(), "a lock file without a checkout");
    let v1 = std::fs::read_to_string(dir.join("src/stable_v1.rs")).expect("stable_v1.rs");
    for expected in [
        "definition = \"com.example.stable.v1.CronTab\"",
        "group = \"stable.example.com\"",
        "crd(storage, printer_column(name = \"Schedule\", type = \"string\", json_path = \".spec.cronSpec\")",
        "pub struct CronTabSpec {",
        "    pub cron_spec: String,",
    ] {
        assert!(v1.contains(expected), "stable_v1.rs lacks {expected:?}:\n{v1}");
    }
    let lib = std::fs::read_to_string(dir.join("src/lib.rs")).expect("lib.rs");
    assert!(lib.contains("pub mod stable_v1;\npub mod stable_v1beta1;\n") && lib.contains("pub fn registry()"));

    // Only new crates.
    let output = kapi(work.path(), &["import", &stable.to_string_lossy(), "--out", "crontabs"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("already exists and is not empty"), "{}", text(&output.stderr));
}

#[test]
fn unusable_input_writes_nothing() {
    let work = tempfile::tempdir().expect("tempdir");
    std::fs::write(work.path().join("notes.yaml"), "kind: ConfigMap\n").expect("write");
    let output = kapi(work.path(), &["import", "notes.yaml", "--out", "api"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("notes.yaml: not an OpenAPI v3 document"), "{}", text(&output.stderr));
    assert!(!work.path().join("api").exists());
}
