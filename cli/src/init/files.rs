//! The scaffold's hand-written files: the template's text with the name and kapi's source filled in.
//!
//! `template/` holds them as the scaffold has them, with two exceptions so they cannot act where they lie:
//! `Cargo.toml.in` (not a package of this workspace) and `gitignore` (not ignoring anything in kapi).

use super::name::ScaffoldName;
use super::source::KapiSource;

/// Placeholders of the template: the dependency on each kapi crate (by its directory in a checkout), and the
/// README's command that installs `kapi`.
const DEPENDENCIES: &[(&str, &str)] = &[("{kapi}", "kapi"), ("{kapi-meta}", "meta"), ("{kapi-codegen}", "codegen")];
const INSTALL: &str = "{kapi-install}";

/// The template: path in the scaffold, text.
const TEMPLATE: &[(&str, &str)] = &[
    ("Cargo.toml", include_str!("template/Cargo.toml.in")),
    ("build.rs", include_str!("template/build.rs")),
    ("src/lib.rs", include_str!("template/src/lib.rs")),
    ("tests/api.rs", include_str!("template/tests/api.rs")),
    ("README.md", include_str!("template/README.md")),
    (".gitignore", include_str!("template/gitignore")),
];

/// The scaffold's test file, which takes the snapshots `kapi init` writes.
#[cfg(test)]
pub const API_TEST: &str = include_str!("template/tests/api.rs");

/// Every hand-written file of the scaffold: path, contents.
pub fn render(name: &ScaffoldName, kapi: &KapiSource) -> Vec<(String, Vec<u8>)> {
    let fill = |text: &str| {
        let mut text = name.apply(text).replace(INSTALL, &kapi.install_command());
        for (placeholder, crate_dir) in DEPENDENCIES {
            text = text.replace(placeholder, &kapi.dependency(crate_dir));
        }
        text
    };
    TEMPLATE.iter().map(|(path, text)| (path.to_string(), fill(text).into_bytes())).collect()
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::init::name::{TEMPLATE_CRATE, TEMPLATE_LIB};
    use crate::init::source::VERSION;

    #[test]
    fn every_placeholder_is_filled() {
        let name = ScaffoldName::parse("demo").expect("valid");
        let kapi = KapiSource::Checkout { root: PathBuf::from("/src/kapi"), written: "../kapi".into() };
        let files = render(&name, &kapi);
        assert_eq!(files.len(), TEMPLATE.len());
        for (path, bytes) in &files {
            let text = String::from_utf8_lossy(bytes);
            for placeholder in
                [TEMPLATE_CRATE, TEMPLATE_LIB, INSTALL].into_iter().chain(DEPENDENCIES.iter().map(|d| d.0))
            {
                assert!(!text.contains(placeholder), "{path} still holds {placeholder}");
            }
        }
        let manifest = String::from_utf8_lossy(&files[0].1).into_owned();
        let codegen = format!("kapi-codegen = {{ version = \"{VERSION}\", path = \"../kapi/codegen\" }}");
        assert!(manifest.contains("name = \"demo\"") && manifest.contains(&codegen), "{manifest}");
    }

    #[test]
    fn from_the_registry_the_manifest_names_versions_only() {
        let name = ScaffoldName::parse("demo").expect("valid");
        let files = render(&name, &KapiSource::Registry);
        let manifest = String::from_utf8_lossy(&files[0].1).into_owned();
        assert!(manifest.contains(&format!("kapi-meta = \"{VERSION}\"")) && !manifest.contains("path ="), "{manifest}");
    }
}
