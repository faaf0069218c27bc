//! Which model `kapi check --dir DIR` holds a bundle to when no `--model` is given.
//!
//! The embedded corpus is the source of the bundle kapi itself commits (`generated/`), and of any bundle generated
//! from it, stale ones included. A user's bundle (from `kapi init`'s build script, or `kapi generate --model`) has
//! another source kapi cannot read, its Rust types; what it can read is the model the bundle was generated from,
//! its `model.json`, so that is what the rest of the bundle is checked against. Held to the corpus instead, it would
//! be reported missing every corpus file and extra every file of its own.

use std::path::{Path, PathBuf};

use kapi_codegen::MODEL_PATH;
use kapi_model::Registry;

/// The model a check compares a bundle with.
#[derive(Debug)]
pub enum CheckModel {
    /// The embedded corpus.
    Corpus,
    /// A model file: `--model`, or the bundle's own `model.json`.
    File { path: PathBuf, own: bool },
}

impl CheckModel {
    /// The model for checking `dir`: `--model` when given; else the bundle's own `model.json` unless the bundle
    /// was generated from the corpus (it serves at least half of the corpus' group-versions) or has no model.
    pub fn choose(dir: &Path, model: Option<&Path>) -> Result<Self, String> {
        if let Some(path) = model {
            return Ok(Self::File { path: path.to_owned(), own: false });
        }
        let path = dir.join(MODEL_PATH);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Self::Corpus),
            Err(error) => return Err(format!("cannot read {}: {error}", path.display())),
        };
        let bundle = Registry::from_json(&text).map_err(|e| format!("{} is not a kapi model: {e}", path.display()))?;
        match from_the_corpus(&bundle, &kapi_schemas::registry()) {
            true => Ok(Self::Corpus),
            false => Ok(Self::File { path, own: true }),
        }
    }

    /// The model file to load, `None` for the corpus.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Self::Corpus => None,
            Self::File { path, .. } => Some(path),
        }
    }

    /// What to tell the user to run when `dir` is out of date.
    pub fn regenerate_hint(&self, dir: &Path) -> String {
        let dir = dir.display();
        match self {
            Self::Corpus => format!("run `kapi generate --out {dir}`"),
            Self::File { path, own: false } => format!("run `kapi generate --model {} --out {dir}`", path.display()),
            // The model itself may be what is stale: only the user's build regenerates it from their types.
            Self::File { path, own: true } => format!(
                "checked against its own {}: regenerate it from your types (`cargo build` in a crate `kapi init` \
                 wrote), or from that model with `kapi generate --model {} --out {dir}`",
                path.display(),
                path.display()
            ),
        }
    }
}

/// True when `bundle` was generated from (some version of) `corpus`: it serves at least half of the corpus'
/// group-versions. A user's API serves its own few; the corpus' bundle serves them all, but for the ones switched
/// off with `--disable` and those added to or removed from the corpus since it was generated.
fn from_the_corpus(bundle: &Registry, corpus: &Registry) -> bool {
    let theirs = corpus.served_group_versions();
    let shared = bundle.served_group_versions().intersection(&theirs).count();
    !theirs.is_empty() && shared * 2 >= theirs.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corpus_is_recognised_and_a_small_api_is_not() {
        let corpus = kapi_schemas::registry();
        assert!(from_the_corpus(&corpus, &corpus));
        let mut own = Registry::default();
        kapi_meta::register(&mut own);
        assert!(!from_the_corpus(&own, &corpus));
    }
}
