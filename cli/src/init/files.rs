//! The scaffold's hand-written files: the template's text with the name and the kapi checkout filled in.
//!
//! `template/` holds them as the scaffold has them, with two exceptions so they cannot act where they lie:
//! `Cargo.toml.in` (not a package of this workspace) and `gitignore` (not ignoring anything in kapi).

use std::path::Path;

use super::name::ScaffoldName;

/// Where the path of the kapi checkout goes.
const KAPI_PATH: &str = "{kapi-path}";

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
pub fn render(name: &ScaffoldName, kapi: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    let kapi = kapi
        .to_str()
        .filter(|path| !path.contains(['"', '\\']) && !path.contains(char::is_control))
        .ok_or_else(|| format!("cannot write the path {} into Cargo.toml; use --kapi-path", kapi.display()))?;
    let file = |(path, text): &(&str, &str)| (path.to_string(), name.apply(text).replace(KAPI_PATH, kapi).into_bytes());
    Ok(TEMPLATE.iter().map(file).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::init::name::{TEMPLATE_CRATE, TEMPLATE_LIB};

    #[test]
    fn every_placeholder_is_filled() {
        let name = ScaffoldName::parse("demo").expect("valid");
        let files = render(&name, Path::new("/src/kapi")).expect("renders");
        assert_eq!(files.len(), TEMPLATE.len());
        for (path, bytes) in &files {
            let text = String::from_utf8_lossy(bytes);
            for placeholder in [TEMPLATE_CRATE, TEMPLATE_LIB, KAPI_PATH] {
                assert!(!text.contains(placeholder), "{path} still holds {placeholder}");
            }
        }
        let manifest = String::from_utf8_lossy(&files[0].1).into_owned();
        assert!(
            manifest.contains("name = \"demo\"") && manifest.contains("path = \"/src/kapi/codegen\""),
            "{manifest}"
        );
    }

    #[test]
    fn a_path_toml_cannot_hold_verbatim_is_refused() {
        let name = ScaffoldName::parse("demo").expect("valid");
        let error = render(&name, Path::new("/src/\"kapi\"")).expect_err("a quote");
        assert!(error.contains("--kapi-path"), "{error}");
    }
}
