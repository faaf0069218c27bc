//! The corpus' protobuf definitions: every generated file compiles (protox, no protoc needed), and every message
//! the corpus shares with upstream Kubernetes' .proto files has the same fields: name, number, label and type.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kapi_codegen::Artifacts;
use kapi_codegen::proto::PROTO_ROOT;
use kapi_tests::{corpus_artifacts, shared};
use prost_types::{DescriptorProto, FileDescriptorSet};

/// The files compared with upstream: the packages whose messages the corpus mirrors field for field.
const UPSTREAM_FILES: [&str; 4] = [
    "k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto",
    "k8s.io/api/coordination/v1/generated.proto",
    "k8s.io/api/apidiscovery/v2/generated.proto",
    "k8s.io/api/apidiscovery/v2beta1/generated.proto",
];

/// Writes the generated .proto files under a temporary folder (the import root); returns it and their paths.
fn proto_tree(artifacts: &Artifacts) -> (tempfile::TempDir, Vec<String>) {
    let root = tempfile::tempdir().expect("tempdir");
    let mut files = Vec::new();
    for (path, bytes) in artifacts {
        let Some(relative) = path.strip_prefix(&format!("{PROTO_ROOT}/")).filter(|p| p.ends_with(".proto")) else {
            continue;
        };
        let target = root.path().join(relative);
        std::fs::create_dir_all(target.parent().expect("a folder")).expect("mkdir");
        std::fs::write(&target, bytes).expect("write");
        files.push(relative.to_owned());
    }
    (root, files)
}

fn compile(root: &Path, files: &[impl AsRef<Path>]) -> FileDescriptorSet {
    protox::compile(files, [root])
        .unwrap_or_else(|e| panic!("protox rejects the files under {}: {e:?}", root.display()))
}

#[test]
fn every_generated_proto_file_compiles() {
    let artifacts = corpus_artifacts();
    let (root, files) = proto_tree(&artifacts);
    assert!(files.len() >= 8, "too few packages: {files:?}");
    let set = compile(root.path(), &files);
    let messages: usize = set.file.iter().map(|file| file.message_type.len()).sum();
    assert!(messages > 40, "only {messages} messages");
    for expected in ["k8s.io/api/coordination/v1/generated.proto", "example.com/stable/v1/generated.proto"] {
        assert!(files.iter().any(|f| f == expected), "{expected} missing from {files:?}");
    }
}

/// A field as the comparison sees it: name, label, type and type name (by number).
type Fields = BTreeMap<i32, (String, i32, i32, String)>;

/// Every message (nested ones too) of `files` in `set`, by full name.
fn messages(set: &FileDescriptorSet, files: &[&str]) -> BTreeMap<String, Fields> {
    fn walk(prefix: &str, messages: &[DescriptorProto], out: &mut BTreeMap<String, Fields>) {
        for message in messages {
            let name = format!("{prefix}.{}", message.name());
            let fields = message.field.iter().map(|f| {
                (
                    f.number(),
                    (
                        f.name().to_owned(),
                        f.label.unwrap_or_default(),
                        f.r#type.unwrap_or_default(),
                        f.type_name().to_owned(),
                    ),
                )
            });
            out.insert(name.clone(), fields.collect());
            walk(&name, &message.nested_type, out);
        }
    }
    let mut out = BTreeMap::new();
    for file in set.file.iter().filter(|file| files.contains(&file.name())) {
        walk(file.package(), &file.message_type, &mut out);
    }
    out
}

#[test]
fn shared_messages_have_upstreams_fields() {
    let artifacts = corpus_artifacts();
    let (root, _) = proto_tree(&artifacts);
    let upstream_root: PathBuf = shared().join("upstream/proto");
    let ours = messages(&compile(root.path(), &UPSTREAM_FILES), &UPSTREAM_FILES);
    let theirs = messages(&compile(&upstream_root, &UPSTREAM_FILES), &UPSTREAM_FILES);
    let shared: Vec<&String> = ours.keys().filter(|name| theirs.contains_key(*name)).collect();
    for name in &shared {
        assert_eq!(ours[*name], theirs[*name], "{name} differs from upstream");
    }
    let only_ours: Vec<&String> = ours.keys().filter(|name| !theirs.contains_key(*name)).collect();
    assert!(only_ours.is_empty(), "messages upstream lacks: {only_ours:?}");
    for expected in [
        "k8s.io.api.coordination.v1.Lease",
        "k8s.io.api.apidiscovery.v2.APIGroupDiscoveryList",
        "k8s.io.api.apidiscovery.v2beta1.APIResourceDiscovery",
        "k8s.io.apimachinery.pkg.apis.meta.v1.ObjectMeta",
        "k8s.io.apimachinery.pkg.apis.meta.v1.APIResource",
        "k8s.io.apimachinery.pkg.apis.meta.v1.Verbs",
        "k8s.io.apimachinery.pkg.apis.meta.v1.Time",
    ] {
        assert!(shared.iter().any(|name| *name == expected), "{expected} was not compared");
    }
}
