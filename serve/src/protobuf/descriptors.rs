//! The bundle's `proto/**/*.proto` files compiled into one descriptor pool, in memory, with protox (no protoc).
//!
//! Files are named by their path under `proto/` (`k8s.io/api/apidiscovery/v2/generated.proto`), which is how
//! go-to-protobuf's files import each other; `google/protobuf/*.proto` come with protox.

use std::collections::{BTreeMap, BTreeSet};

use prost_reflect::DescriptorPool;
use protox::Compiler;
use protox::file::{ChainFileResolver, File, FileResolver, GoogleFileResolver};

/// Where a bundle keeps its protobuf definitions.
pub(crate) const PROTO_DIR: &str = "proto/";

/// Compiles `sources` (as [`sources`] reads them); `Ok(None)` when there are none.
pub(crate) fn compile(sources: &BTreeMap<String, String>) -> Result<Option<DescriptorPool>, String> {
    if sources.is_empty() {
        return Ok(None);
    }
    let names: Vec<String> = sources.keys().cloned().collect();
    let mut resolver = ChainFileResolver::new();
    resolver.add(Sources(sources.clone()));
    resolver.add(GoogleFileResolver::new());
    let mut compiler = Compiler::with_file_resolver(resolver);
    compiler.open_files(&names).map_err(|e| format!("{PROTO_DIR}: {e}"))?;
    Ok(Some(compiler.descriptor_pool()))
}

/// Import name (path under `proto/`) to source text, for every `.proto` file of the bundle.
pub(crate) fn sources<B: AsRef<[u8]>>(files: &BTreeMap<String, B>) -> Result<BTreeMap<String, String>, String> {
    Ok(borrowed_sources(files)?.into_iter().map(|(name, text)| (name.to_owned(), text.to_owned())).collect())
}

/// [`sources`] without copying: the texts borrowed from the bundle's files.
pub(crate) fn borrowed_sources<B: AsRef<[u8]>>(files: &BTreeMap<String, B>) -> Result<BTreeMap<&str, &str>, String> {
    let mut sources = BTreeMap::new();
    for (path, bytes) in files.range(PROTO_DIR.to_owned()..) {
        let Some(name) = path.strip_prefix(PROTO_DIR) else { break };
        if !name.ends_with(".proto") {
            continue; // e.g. the field-number ledger
        }
        let text = std::str::from_utf8(bytes.as_ref()).map_err(|e| format!("{path}: not UTF-8: {e}"))?;
        sources.insert(name, text);
    }
    Ok(sources)
}

/// The packages whose messages the runtime encodes: the discovery documents and the envelope framing them.
const ENCODED_PACKAGES: [&str; 4] = [
    "k8s.io.api.apidiscovery.v2",
    "k8s.io.api.apidiscovery.v2beta1",
    "k8s.io.apimachinery.pkg.apis.meta.v1",
    "k8s.io.apimachinery.pkg.runtime",
];

/// The part of `sources` the runtime needs compiled, by name: the files of [`ENCODED_PACKAGES`] and everything they
/// import, transitively. The bundle's own groups' definitions are never encoded by the server, and leaving them out
/// means a reload that changes one of them reuses the compiled pool. A bundle with none of those packages keeps every
/// file (what it holds is then compiled, and its errors reported, as written).
pub(crate) fn encoded_names<'a>(sources: &BTreeMap<&'a str, &'a str>) -> BTreeSet<&'a str> {
    let facts: Vec<(&str, ProtoFacts)> = sources.iter().map(|(name, text)| (*name, ProtoFacts::of(text))).collect();
    encoded_of(&facts.iter().map(|(name, facts)| (*name, facts)).collect())
}

/// What deciding whether a `.proto` file is compiled reads of it: the package it declares and the files it imports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ProtoFacts {
    package: Option<String>,
    imports: Vec<String>,
}

impl ProtoFacts {
    pub(crate) fn of(text: &str) -> Self {
        Self { package: package_of(text).map(str::to_owned), imports: imports_of(text).map(str::to_owned).collect() }
    }
}

/// [`encoded_names`] of files known by their facts, by import name.
pub(crate) fn encoded_of<'a>(facts: &BTreeMap<&'a str, &ProtoFacts>) -> BTreeSet<&'a str> {
    let encoded = |facts: &ProtoFacts| facts.package.as_deref().is_some_and(|p| ENCODED_PACKAGES.contains(&p));
    let mut pending: Vec<&str> = facts.iter().filter(|(_, facts)| encoded(facts)).map(|(name, _)| *name).collect();
    if pending.is_empty() {
        return facts.keys().copied().collect();
    }
    let mut needed = BTreeSet::new();
    while let Some(name) = pending.pop() {
        if !needed.insert(name) {
            continue;
        }
        // An import the bundle does not have (google/protobuf/*) is resolved, or reported, by the compiler.
        let imports = facts[name].imports.iter();
        pending.extend(imports.filter_map(|import| facts.get_key_value(import.as_str()).map(|(k, _)| *k)));
    }
    needed
}

/// The `package` a `.proto` file declares.
fn package_of(text: &str) -> Option<&str> {
    text.lines().find_map(|line| line.trim().strip_prefix("package ")?.trim().strip_suffix(';')).map(str::trim)
}

/// The files a `.proto` file imports (`import "x";`, `import public "x";`, `import weak "x";`).
fn imports_of(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter_map(|line| {
        let rest = line.trim().strip_prefix("import ")?.trim_start();
        let rest = rest.strip_prefix("public ").or_else(|| rest.strip_prefix("weak ")).unwrap_or(rest).trim_start();
        rest.strip_prefix('"')?.split_once('"').map(|(name, _)| name)
    })
}

/// Resolves imports against the bundle's own files, never the file system.
#[derive(Debug)]
struct Sources(BTreeMap<String, String>);

impl FileResolver for Sources {
    fn open_file(&self, name: &str) -> Result<File, protox::Error> {
        match self.0.get(name) {
            Some(source) => File::from_source(name, source),
            None => Err(protox::Error::file_not_found(name)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bundle(entries: &[(&str, &str)]) -> BTreeMap<String, Vec<u8>> {
        entries.iter().map(|(path, text)| ((*path).to_owned(), text.as_bytes().to_vec())).collect()
    }

    #[test]
    fn no_proto_files_means_no_pool() {
        let files = bundle(&[("discovery/api.json", "{}"), ("proto/field-numbers.json", "{}")]);
        assert!(compile(&sources(&files).expect("UTF-8")).expect("nothing to compile").is_none());
    }

    #[test]
    fn files_import_each_other_by_their_path_under_proto() {
        let files = bundle(&[
            ("proto/a/b/generated.proto", "syntax = \"proto2\";\npackage a.b;\nmessage B { optional string x = 1; }\n"),
            (
                "proto/c/generated.proto",
                "syntax = \"proto2\";\npackage c;\nimport \"a/b/generated.proto\";\nmessage C { optional .a.b.B b = 1; }\n",
            ),
        ]);
        let pool = compile(&sources(&files).expect("UTF-8")).expect("compiles").expect("a pool");
        assert!(pool.get_message_by_name("c.C").is_some());
        assert!(pool.get_message_by_name("a.b.B").is_some());
    }

    #[test]
    fn only_the_encoded_packages_and_their_imports_are_kept() {
        let files = bundle(&[
            (
                "proto/k8s.io/apimachinery/pkg/runtime/generated.proto",
                "syntax = \"proto2\";\npackage k8s.io.apimachinery.pkg.runtime;\nimport public \"x/util.proto\";\n",
            ),
            ("proto/x/util.proto", "syntax = \"proto2\";\npackage x;\nimport \"google/protobuf/any.proto\";\n"),
            (
                "proto/com/example/widgets/generated.proto",
                "syntax = \"proto2\";\npackage com.example.widgets;\nmessage {",
            ),
        ]);
        let all = borrowed_sources(&files).expect("UTF-8");
        let names = encoded_names(&all);
        assert_eq!(
            names.iter().copied().collect::<Vec<_>>(),
            ["k8s.io/apimachinery/pkg/runtime/generated.proto", "x/util.proto"]
        );
        // The broken file of a custom group is not compiled, so it does not matter here.
        let closure = names.iter().map(|name| ((*name).to_owned(), all[name].to_owned())).collect();
        assert!(compile(&closure).expect("compiles").is_some());
        let custom_only = bundle(&[("proto/c.proto", "syntax = \"proto2\";\npackage c;\n")]);
        assert_eq!(encoded_names(&borrowed_sources(&custom_only).expect("UTF-8")).len(), 1, "kept as written");
    }

    #[test]
    fn a_broken_or_missing_import_is_an_error_not_a_panic() {
        let missing = bundle(&[("proto/c.proto", "syntax = \"proto2\";\nimport \"nope.proto\";\n")]);
        assert!(compile(&sources(&missing).expect("UTF-8")).expect_err("missing import").contains("nope.proto"));
        let broken = bundle(&[("proto/c.proto", "message {")]);
        assert!(compile(&sources(&broken).expect("UTF-8")).is_err());
        let binary = BTreeMap::from([("proto/x.proto".to_owned(), vec![0xff, 0xfe])]);
        assert!(sources(&binary).expect_err("not UTF-8").contains("UTF-8"));
    }
}
