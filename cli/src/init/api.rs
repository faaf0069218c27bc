//! The scaffold's API as `kapi init` generates it: the template's `src/lib.rs` compiled into this binary under the
//! template's names, its model renamed, then the artifacts and the snapshots of `tests/api.rs`.
//!
//! Renaming the model gives what compiling the renamed source would: the names appear in the model only where the
//! source writes them (the group, and the Go-style package that prefixes definition names), and everything else the
//! generator derives from the model. CI proves it by running a fresh scaffold's tests against these snapshots.

use kapi_codegen::{Artifacts, Options};
use kapi_model::Registry;

use super::name::ScaffoldName;

#[path = "template/src/lib.rs"]
mod template;

/// The snapshots `tests/api.rs` takes: file under `tests/snapshots/`, the artifact it holds (template names).
pub const SNAPSHOTS: &[(&str, &str)] = &[
    ("api__openapi_v3.snap", "openapi/v3/apis/kapi-init-name.example.com/v1.json"),
    ("api__discovery.snap", "discovery/aggregated_v2.json"),
    ("api__crd.snap", "crds/widgets.kapi-init-name.example.com.yaml"),
];

/// The scaffold's model: the template's, renamed.
pub fn registry(name: &ScaffoldName) -> Result<Registry, String> {
    let model = serde_json::to_string(&template::registry()).map_err(|e| format!("cannot write the model: {e}"))?;
    Registry::from_json(&name.apply(&model)).map_err(|e| format!("cannot read the renamed model: {e}"))
}

/// Every artifact, as the scaffold's first build writes them.
pub fn artifacts(name: &ScaffoldName) -> Result<Artifacts, String> {
    kapi_codegen::generate(&registry(name)?, &Options::default()).map_err(|e| e.to_string())
}

/// The `.snap` files `tests/api.rs` compares with: path under `tests/snapshots/`, contents.
pub fn snapshots(name: &ScaffoldName, artifacts: &Artifacts) -> Result<Vec<(String, Vec<u8>)>, String> {
    SNAPSHOTS
        .iter()
        .map(|(file, artifact)| {
            let artifact = name.apply(artifact);
            let bytes = artifacts.get(&artifact).ok_or_else(|| format!("the generator wrote no {artifact}"))?;
            Ok((file.to_string(), snapshot(&String::from_utf8_lossy(bytes)).into_bytes()))
        })
        .collect()
}

/// A `.snap` file as insta writes it for `insta::assert_snapshot!("<name>", document)` in `tests/api.rs`:
/// its metadata, then the value without trailing whitespace.
fn snapshot(document: &str) -> String {
    format!("---\nsource: tests/api.rs\nexpression: document\n---\n{}\n", document.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::init::files::API_TEST;
    use crate::init::name::TEMPLATE_CRATE;

    #[test]
    fn the_model_survives_its_json_form_so_renaming_it_loses_nothing() {
        let compiled = kapi_codegen::generate(&template::registry(), &Options::default()).expect("generates");
        let template = ScaffoldName::parse(TEMPLATE_CRATE).expect("the template's name is valid");
        let through_json = artifacts(&template).expect("generates");
        assert_eq!(compiled.iter().collect::<Vec<_>>(), through_json.iter().collect::<Vec<_>>());
    }

    #[test]
    fn renaming_leaves_no_template_name_in_any_artifact() {
        let name = ScaffoldName::parse("demo").expect("valid");
        let artifacts = artifacts(&name).expect("generates");
        assert!(artifacts.contains("openapi/v3/apis/demo.example.com/v1.json"));
        for (path, bytes) in &artifacts {
            let text = String::from_utf8_lossy(bytes);
            for template_name in ["kapi-init", "kapi_init"] {
                assert!(!path.contains(template_name) && !text.contains(template_name), "{path}");
            }
        }
        let openapi = artifacts.get("openapi/v3/apis/demo.example.com/v1.json").expect("the document");
        assert!(String::from_utf8_lossy(openapi).contains("\"com.example.demo.v1.Widget\""));
    }

    #[test]
    fn the_test_file_takes_exactly_these_snapshots() {
        let taken = API_TEST.matches("insta::assert_snapshot!(").count();
        assert_eq!(taken, SNAPSHOTS.len(), "tests/api.rs takes {taken} snapshots");
        for (file, artifact) in SNAPSHOTS {
            let name = file.trim_start_matches("api__").trim_end_matches(".snap");
            assert!(API_TEST.contains(&format!("insta::assert_snapshot!(\"{name}\", document);")), "{name}");
            assert!(API_TEST.contains(&format!("let document = generated(\"{artifact}\");")), "{artifact}");
        }
    }
}
