//! The scaffold's name: a crate name that is also a DNS label, so it can name the package, the library and the
//! API group `<name>.example.com`.

use std::fmt;

/// The crate name the template is written with, in the files and in the model compiled from them.
pub const TEMPLATE_CRATE: &str = "kapi-init-name";
/// The template's library name (the crate name with `_` for `-`), as Rust paths and the Go-style package use it.
pub const TEMPLATE_LIB: &str = "kapi_init_name";

/// Libraries the scaffold depends on: a crate of the same library name could not use them.
const DEPENDENCIES: &[&str] =
    &["kapi", "kapi_meta", "kapi_codegen", "kapi_model", "kapi_macros", "serde", "serde_derive", "insta"];

/// Names cargo refuses or reserves: Rust keywords, the standard library's crates, cargo's own directory names,
/// and names Windows cannot give a file.
const RESERVED: &str = "\
    abstract as async await become box break const continue crate do dyn else enum extern false \
    final fn for gen if impl in let loop macro match mod move mut override priv pub ref return self \
    static struct super trait true try type typeof unsafe unsized use virtual where while yield std \
    core alloc test build deps examples incremental con prn aux nul com1 com2 com3 com4 com5 com6 \
    com7 com8 com9 lpt1 lpt2 lpt3 lpt4 lpt5 lpt6 lpt7 lpt8 lpt9";

/// A validated scaffold name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScaffoldName(String);

impl ScaffoldName {
    /// Checks `name`: 1 to 63 characters of `a-z`, `0-9` and `-`, starting with a letter and not ending with `-`
    /// (a DNS label that is also a crate name), and not a name cargo refuses or the scaffold depends on.
    pub fn parse(name: &str) -> Result<Self, String> {
        let problem = if name.is_empty() || name.len() > 63 {
            Some("it must have 1 to 63 characters")
        } else if !name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') {
            Some("it may only hold lower-case letters, digits and `-`")
        } else if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
            Some("it must start with a letter")
        } else if name.ends_with('-') {
            Some("it must not end with `-`")
        } else if RESERVED.split_whitespace().any(|reserved| reserved == name) {
            Some("cargo reserves it")
        } else if DEPENDENCIES.contains(&name.replace('-', "_").as_str()) {
            Some("the scaffold depends on a library of that name")
        } else {
            None
        };
        match problem {
            Some(problem) => Err(format!(
                "`{name}` cannot name an API crate: {problem} (it names the crate and the group `{name}.example.com`)"
            )),
            None => Ok(Self(name.to_owned())),
        }
    }

    /// The library name: `-` becomes `_`.
    pub fn lib_name(&self) -> String {
        self.0.replace('-', "_")
    }

    /// `template` with the template's names replaced by this one.
    pub fn apply(&self, template: &str) -> String {
        template.replace(TEMPLATE_CRATE, &self.0).replace(TEMPLATE_LIB, &self.lib_name())
    }
}

impl fmt::Display for ScaffoldName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_names_that_are_dns_labels_are_accepted() {
        for name in ["demo", "my-api", "a", "x9", "k8s-widgets", &"a".repeat(63)] {
            assert!(ScaffoldName::parse(name).is_ok(), "{name}");
        }
        let name = ScaffoldName::parse("my-api").expect("valid");
        assert_eq!(name.lib_name(), "my_api");
        assert_eq!(name.apply("kapi-init-name.example.com kapi_init_name::x"), "my-api.example.com my_api::x");
    }

    #[test]
    fn everything_else_is_refused_with_the_reason() {
        for (name, reason) in [
            ("", "1 to 63"),
            (&"a".repeat(64), "1 to 63"),
            ("My-Api", "lower-case"),
            ("my_api", "lower-case"),
            ("my.api", "lower-case"),
            ("9lives", "start with a letter"),
            ("-api", "start with a letter"),
            ("api-", "end with"),
            ("fn", "reserves"),
            ("test", "reserves"),
            ("build", "reserves"),
            ("kapi-meta", "depends on"),
            ("insta", "depends on"),
        ] {
            let error = ScaffoldName::parse(name).expect_err(name);
            assert!(error.contains(reason), "{name}: {error}");
        }
    }
}
