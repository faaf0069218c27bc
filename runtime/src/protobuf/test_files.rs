//! The upstream reference protos (`../shared/upstream/proto/k8s.io`) as bundle files, for tests.

use std::collections::BTreeMap;

/// The upstream reference protos, copied into a bundle at test time.
pub(crate) fn upstream_files() -> BTreeMap<String, Vec<u8>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/upstream/proto");
    let tree = crate::files::read_tree(&root.join("k8s.io")).expect("the upstream reference protos");
    tree.into_iter().map(|(path, bytes)| (format!("proto/k8s.io/{path}"), bytes)).collect()
}
