//! The bundle's `proto/**/*.proto` files compiled into one descriptor pool, in memory, with protox (no protoc).
//!
//! Files are named by their path under `proto/` (`k8s.io/api/apidiscovery/v2/generated.proto`), which is how
//! go-to-protobuf's files import each other; `google/protobuf/*.proto` come with protox.

use std::collections::BTreeMap;

use prost_reflect::DescriptorPool;
use protox::Compiler;
use protox::file::{ChainFileResolver, File, FileResolver, GoogleFileResolver};

/// Where a bundle keeps its protobuf definitions.
const PROTO_DIR: &str = "proto/";

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
pub(crate) fn sources(files: &BTreeMap<String, Vec<u8>>) -> Result<BTreeMap<String, String>, String> {
    let mut sources = BTreeMap::new();
    for (path, bytes) in files.range(PROTO_DIR.to_owned()..) {
        let Some(name) = path.strip_prefix(PROTO_DIR) else { break };
        if !name.ends_with(".proto") {
            continue; // e.g. the field-number ledger
        }
        let text = std::str::from_utf8(bytes).map_err(|e| format!("{path}: not UTF-8: {e}"))?;
        sources.insert(name.to_owned(), text.to_owned());
    }
    Ok(sources)
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
    fn a_broken_or_missing_import_is_an_error_not_a_panic() {
        let missing = bundle(&[("proto/c.proto", "syntax = \"proto2\";\nimport \"nope.proto\";\n")]);
        assert!(compile(&sources(&missing).expect("UTF-8")).expect_err("missing import").contains("nope.proto"));
        let broken = bundle(&[("proto/c.proto", "message {")]);
        assert!(compile(&sources(&broken).expect("UTF-8")).is_err());
        let binary = BTreeMap::from([("proto/x.proto".to_owned(), vec![0xff, 0xfe])]);
        assert!(sources(&binary).expect_err("not UTF-8").contains("UTF-8"));
    }
}
