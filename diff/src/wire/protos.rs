//! A tree's `.proto` files, compiled with protox (the well-known google/protobuf imports resolved from protox's own
//! copies).

use std::collections::BTreeMap;

use prost_types::FileDescriptorSet;
use protox::Compiler;
use protox::file::{ChainFileResolver, File, FileResolver, GoogleFileResolver};

/// The compiled protobuf definitions of one tree.
#[derive(Debug, Clone)]
pub struct Protos {
    pub(super) files: FileDescriptorSet,
    /// The files given to [`Protos::compile`], by import name: the others (google/protobuf/*) are imports only.
    pub(super) own: Vec<String>,
}

impl Protos {
    /// Compiles `.proto` sources, by import name (their path under the tree's `proto/`).
    pub fn compile(sources: BTreeMap<String, String>) -> Result<Self, String> {
        let names: Vec<String> = sources.keys().cloned().collect();
        let mut resolver = ChainFileResolver::new();
        resolver.add(Sources(sources));
        resolver.add(GoogleFileResolver::new());
        let mut compiler = Compiler::with_file_resolver(resolver);
        compiler.include_imports(true);
        compiler.open_files(&names).map_err(|e| e.to_string())?;
        Ok(Self { files: compiler.file_descriptor_set(), own: names })
    }
}

/// Serves the sources given to [`Protos::compile`] to protox by import name.
struct Sources(BTreeMap<String, String>);

impl FileResolver for Sources {
    fn open_file(&self, name: &str) -> Result<File, protox::Error> {
        match self.0.get(name) {
            Some(text) => File::from_source(name, text),
            None => Err(protox::Error::file_not_found(name)),
        }
    }
}
