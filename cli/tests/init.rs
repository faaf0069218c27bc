//! `kapi init`: the crate it writes, and what it refuses. CI builds and tests such a crate (scripts/test.sh).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn kapi_init(dir: &Path, args: &[&str]) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_kapi")).arg("init").args(args).current_dir(dir).output();
    output.expect("kapi runs")
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file under `dir`, relative, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        for entry in std::fs::read_dir(&current).expect("readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(dir).expect("inside").to_string_lossy().into_owned());
            }
        }
    }
    found.sort();
    found
}

#[test]
fn init_writes_a_crate_with_its_api_its_artifacts_and_their_snapshots() {
    let work = tempfile::tempdir().expect("tempdir");
    let output = kapi_init(work.path(), &["demo"]);
    assert!(output.status.success(), "{}", text(&output));
    assert!(text(&output).contains("cd demo && cargo test"), "{}", text(&output));
    let demo = work.path().join("demo");
    let written = files(&demo);
    for file in [
        ".gitignore",
        "Cargo.toml",
        "README.md",
        "build.rs",
        "src/lib.rs",
        "tests/api.rs",
        "tests/snapshots/api__discovery.snap",
        "tests/snapshots/api__openapi_v3.snap",
        "tests/snapshots/api__crd.snap",
        "generated/openapi/v3/apis/demo.example.com/v1.json",
        "generated/crds/widgets.demo.example.com.yaml",
        "generated/proto/field-numbers.json",
    ] {
        assert!(written.iter().any(|f| f == file), "no {file} in {written:?}");
    }
    let stray: Vec<_> = written.iter().filter(|f| !f.starts_with("generated/") && f.contains("snap.new")).collect();
    assert!(stray.is_empty(), "{stray:?}");

    // By default kapi comes from the registry, at this kapi's version: no path, and no lock file of a checkout.
    let version = env!("CARGO_PKG_VERSION");
    let manifest = read(demo.join("Cargo.toml"));
    assert!(manifest.contains("name = \"demo\"\n") && manifest.contains("\n[workspace]\n"), "{manifest}");
    assert!(manifest.contains(&format!("kapi-codegen = \"{version}\"\n")) && !manifest.contains("path"), "{manifest}");
    assert!(!written.iter().any(|f| f == "Cargo.lock"), "{written:?}");
    let lib = read(demo.join("src/lib.rs"));
    assert!(lib.contains("group = \"demo.example.com\"") && lib.contains("package = \"example.com/demo/v1\""));
    assert!(read(demo.join("build.rs")).contains("#[path = \"src/lib.rs\"]"));
    let readme = read(demo.join("README.md"));
    for line in ["kapi serve --dir generated", "api-resources", "explain widgets.spec"] {
        assert!(readme.contains(line), "README.md lacks {line}");
    }
    for file in &written {
        let contents = std::fs::read(demo.join(file)).expect("readable");
        let contents = String::from_utf8_lossy(&contents);
        for placeholder in ["kapi-init-name", "kapi_init_name", "{kapi", "{kapi-install}"] {
            assert!(!contents.contains(placeholder), "{file} still holds {placeholder}");
        }
    }

    // The snapshots hold exactly what the tests will read from generated/.
    let snapshot = read(demo.join("tests/snapshots/api__openapi_v3.snap"));
    let document = read(demo.join("generated/openapi/v3/apis/demo.example.com/v1.json"));
    let body = snapshot.strip_prefix("---\nsource: tests/api.rs\nexpression: document\n---\n").expect("insta's header");
    assert_eq!(body, format!("{}\n", document.trim_end()));
    // Widget is a CRD, so its group-version is published as the API server publishes it once the CRD is installed.
    assert!(document.contains("\"com.example.demo.v1.Widget\"") && document.contains("\"Kubernetes CRD Swagger\""));
    let crd = read(demo.join("tests/snapshots/api__crd.snap"));
    assert!(crd.contains("  name: widgets.demo.example.com\n") && crd.contains("jsonPath: .spec.color"), "{crd}");
}

#[test]
fn init_refuses_a_directory_with_files_in_it_but_takes_an_empty_one() {
    let work = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(work.path().join("taken")).expect("mkdir");
    std::fs::write(work.path().join("taken/notes.txt"), "mine").expect("write");
    let refused = kapi_init(work.path(), &["taken"]);
    assert!(!refused.status.success());
    assert!(text(&refused).contains("already exists and is not empty"), "{}", text(&refused));
    assert_eq!(files(&work.path().join("taken")), ["notes.txt"]);

    std::fs::create_dir(work.path().join("empty")).expect("mkdir");
    let accepted = kapi_init(work.path(), &["empty"]);
    assert!(accepted.status.success(), "{}", text(&accepted));
    assert!(work.path().join("empty/Cargo.toml").is_file());
    let leftovers: Vec<_> =
        std::fs::read_dir(work.path()).expect("readable").flatten().map(|e| e.file_name()).collect();
    assert_eq!(leftovers.len(), 2, "staging directories left behind: {leftovers:?}");
}

#[test]
fn init_refuses_names_that_are_not_crate_names_and_dns_labels() {
    let work = tempfile::tempdir().expect("tempdir");
    for name in ["My_Api", "9lives", "api-", "kapi", "fn"] {
        let refused = kapi_init(work.path(), &[name]);
        assert!(!refused.status.success(), "{name}");
        assert!(text(&refused).contains(&format!("`{name}` cannot name an API crate")), "{}", text(&refused));
    }
    assert!(files(work.path()).is_empty());
}

#[test]
fn init_refuses_a_kapi_path_that_is_no_kapi_checkout() {
    let work = tempfile::tempdir().expect("tempdir");
    let refused = kapi_init(work.path(), &["demo", "--kapi-path", "."]);
    assert!(!refused.status.success());
    assert!(text(&refused).contains("is not a kapi checkout"), "{}", text(&refused));
    assert!(!work.path().join("demo").exists());
}

#[test]
fn init_with_a_relative_kapi_path_writes_it_relative_to_the_new_crate() {
    let work = tempfile::tempdir().expect("tempdir");
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the checkout").canonicalize().expect("abs");
    // The checkout by a path relative to where kapi init runs, which is not where the crate lands.
    std::os::unix::fs::symlink(&checkout, work.path().join("kapi")).expect("symlink");
    std::fs::create_dir(work.path().join("apps")).expect("mkdir");
    let output = kapi_init(&work.path().join("apps"), &["demo", "--kapi-path", "../kapi"]);
    assert!(output.status.success(), "{}", text(&output));
    assert!(text(&output).contains("on the kapi checkout at ../../kapi"), "{}", text(&output));
    let demo = work.path().join("apps/demo");
    let manifest = read(demo.join("Cargo.toml"));
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        manifest.contains(&format!("kapi-codegen = {{ version = \"{version}\", path = \"../../kapi/codegen\" }}")),
        "{manifest}"
    );
    assert!(demo.join("../../kapi/codegen/Cargo.toml").is_file());
    assert_eq!(read(demo.join("Cargo.lock")), read(checkout.join("Cargo.lock")));
    assert!(read(demo.join("README.md")).contains("cargo install --path ../../kapi/cli"));
}

#[test]
fn init_with_an_absolute_kapi_path_writes_it_relative_to_the_new_crate() {
    let work = tempfile::tempdir().expect("tempdir");
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the checkout").canonicalize().expect("abs");
    std::os::unix::fs::symlink(&checkout, work.path().join("kapi")).expect("symlink");
    std::fs::create_dir(work.path().join("apps")).expect("mkdir");
    // Absolute, as a script or a copied command line gives it: the crate must not carry this machine's paths.
    let absolute = work.path().join("kapi");
    let output = kapi_init(&work.path().join("apps"), &["demo", "--kapi-path", absolute.to_str().expect("utf-8")]);
    assert!(output.status.success(), "{}", text(&output));
    let manifest = read(work.path().join("apps/demo/Cargo.toml"));
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        manifest.contains(&format!("kapi-codegen = {{ version = \"{version}\", path = \"../../kapi/codegen\" }}")),
        "{manifest}"
    );
    assert!(!manifest.contains(work.path().to_str().expect("utf-8")), "{manifest}");
}

#[test]
fn init_build_script_shows_generation_warnings() {
    let work = tempfile::tempdir().expect("tempdir");
    let output = kapi_init(work.path(), &["demo"]);
    assert!(output.status.success(), "{}", text(&output));
    let build = read(work.path().join("demo/build.rs"));
    // Cargo hides a build script's output unless it fails, so a warning is seen only as a `cargo:warning=` line,
    // one per line of the warning, printed whatever happens next.
    let shown = build.find("for warning in artifacts.warnings()").expect("the build script reads the warnings");
    let per_line = build[shown..].find("println!(\"cargo:warning={line}\")").expect("as cargo:warning= lines");
    let written = build.find("writer::write(out, &artifacts)").expect("the build script writes generated/");
    assert!(shown + per_line < written, "the warnings come before anything can fail:\n{build}");
}
