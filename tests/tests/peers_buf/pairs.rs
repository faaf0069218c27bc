//! The pairs of trees both tools compare: kapi's wire fixtures (diff/tests/wire_pairs), generated/ at two
//! revisions, and generated/ with edits made here.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use super::finding::{Tree, repo};

/// A pair of trees, by name.
pub struct Pair {
    pub name: String,
    pub old: Tree,
    pub new: Tree,
}

/// Every `.proto` file under `dir`, by its path below `root`, added to `tree`.
fn read(root: &Path, dir: &Path, tree: &mut Tree) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            read(root, &path, tree);
        } else if path.extension().is_some_and(|e| e == "proto") {
            let name = path.strip_prefix(root).expect("below root").to_string_lossy().replace('\\', "/");
            tree.insert(name, std::fs::read_to_string(&path).expect("read"));
        }
    }
}

fn tree_of(dirs: &[&Path]) -> Tree {
    let mut tree = BTreeMap::new();
    for dir in dirs {
        read(dir, dir, &mut tree);
    }
    tree
}

/// kapi's wire fixtures: each case's `old` and `new`, the generated cases with the files they share.
pub fn fixtures() -> Vec<Pair> {
    let root = repo().join("diff/tests/wire_pairs");
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .expect("diff/tests/wire_pairs")
        .map(|entry| entry.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('_'))
        .collect();
    names.sort();
    let shared = root.join("_imports");
    names
        .into_iter()
        .map(|name| {
            let side = |side: &str| {
                let own = root.join(&name).join(side);
                if name.starts_with("generated-") { tree_of(&[&own, &shared]) } else { tree_of(&[&own]) }
            };
            Pair { old: side("old"), new: side("new"), name }
        })
        .collect()
}

/// generated/proto as committed at `revision`, or `None` when this clone lacks the commit.
pub fn generated_at(revision: &str) -> Option<Tree> {
    let git = |args: &[&str]| Command::new("git").arg("-C").arg(repo()).args(args).output().expect("git runs");
    if !git(&["cat-file", "-e", &format!("{revision}^{{commit}}")]).status.success() {
        return None;
    }
    let listing = git(&["ls-tree", "-r", "--name-only", revision, "--", "generated/proto"]);
    let mut tree = BTreeMap::new();
    for path in String::from_utf8(listing.stdout).expect("UTF-8").lines().filter(|p| p.ends_with(".proto")) {
        let text = git(&["show", &format!("{revision}:{path}")]);
        assert!(text.status.success(), "git show {revision}:{path}");
        let name = path.strip_prefix("generated/proto/").expect("under generated/proto");
        tree.insert(name.to_owned(), String::from_utf8(text.stdout).expect("UTF-8"));
    }
    Some(tree)
}

/// The working tree's generated/proto.
pub fn generated_now() -> Tree {
    tree_of(&[&repo().join("generated/proto")])
}

/// Edits another producer could make to generated/proto, one per wire rule kapi's trees can meet: `(what, file,
/// message, find, replace)`, each made to the first match within the message named.
pub const EDITS: [(&str, &str, &str, &str, &str); 8] = [
    // Integer widths: int32 and int64 share varint bytes, not JSON.
    (
        "DeploymentSpec.replicas int32 → int64",
        "k8s.io/api/apps/v1/generated.proto",
        "message DeploymentSpec {",
        "optional int32 replicas = 1;",
        "optional int64 replicas = 1;",
    ),
    // int32 to uint32: the same bytes and JSON.
    (
        "StatefulSetSpec.replicas int32 → uint32",
        "k8s.io/api/apps/v1/generated.proto",
        "message StatefulSetSpec {",
        "optional int32 replicas = 1;",
        "optional uint32 replicas = 1;",
    ),
    // A field deleted without reserving its number or name.
    (
        "DeploymentSpec.paused deleted",
        "k8s.io/api/apps/v1/generated.proto",
        "message DeploymentSpec {",
        "optional bool paused = 7;",
        "",
    ),
    // A field renamed: its name and JSON name.
    (
        "DeploymentSpec.minReadySeconds renamed",
        "k8s.io/api/apps/v1/generated.proto",
        "message DeploymentSpec {",
        "optional int32 minReadySeconds = 5;",
        "optional int32 minReadySecs = 5;",
    ),
    // A list made a single value.
    (
        "PodSpec.containers repeated → optional",
        "k8s.io/api/core/v1/generated.proto",
        "message PodSpec {",
        "repeated Container containers = 2;",
        "optional Container containers = 2;",
    ),
    // string to bytes.
    (
        "PodSpec.nodeName string → bytes",
        "k8s.io/api/core/v1/generated.proto",
        "message PodSpec {",
        "optional string nodeName = 10;",
        "optional bytes nodeName = 10;",
    ),
    // A message type replaced by another of the same fields.
    (
        "DeploymentSpec.selector LabelSelector → LabelSelectorRequirement",
        "k8s.io/api/apps/v1/generated.proto",
        "message DeploymentSpec {",
        "optional .k8s.io.apimachinery.pkg.apis.meta.v1.LabelSelector selector = 2;",
        "optional .k8s.io.apimachinery.pkg.apis.meta.v1.LabelSelectorRequirement selector = 2;",
    ),
    // A new field in a oneof with an old one.
    (
        "DeploymentStrategy.type into a oneof",
        "k8s.io/api/apps/v1/generated.proto",
        "message DeploymentStrategy {",
        "optional string type = 1;",
        "oneof kind {\n    string type = 1;\n  }",
    ),
];

/// generated/proto with [`EDITS`] made; panics when one no longer applies (the generated tree changed).
pub fn generated_edited(base: &Tree) -> Tree {
    generated_edited_with(&mut base.clone(), &EDITS)
}

/// `tree` with `edits` made.
pub fn generated_edited_with(tree: &mut Tree, edits: &[(&str, &str, &str, &str, &str)]) -> Tree {
    for &(_, file, message, find, replace) in edits {
        let text = tree.get_mut(file).unwrap_or_else(|| panic!("generated/proto/{file} is missing"));
        let start = text.find(message).unwrap_or_else(|| panic!("{file} has no `{message}`"));
        let end = start + text[start..].find("\n}").expect("the message ends");
        let at = start
            + text[start..end]
                .find(find)
                .unwrap_or_else(|| panic!("{file} `{message}` has no `{find}`: regenerate EDITS"));
        text.replace_range(at..at + find.len(), replace);
    }
    tree.clone()
}
