//! The upstream reference protos (`../shared/upstream/proto/k8s.io`) as bundle files, for tests.

use std::collections::BTreeMap;

/// The packages the runtime's protobuf tests are written against: the envelope (`runtime.Unknown`), meta/v1 and
/// what it imports, aggregated discovery and leases. The reference folder holds every Kubernetes package; a test
/// that removes packages to see an error must know which ones are there.
const TESTED: &[&str] = &["apimachinery/", "api/apidiscovery/", "api/coordination/v1/"];

/// The upstream reference protos of the tested packages, copied into a bundle at test time.
pub(crate) fn upstream_files() -> BTreeMap<String, Vec<u8>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/upstream/proto");
    let tree = crate::files::read_tree(&root.join("k8s.io")).expect("the upstream reference protos");
    tree.into_iter()
        .filter(|(path, _)| TESTED.iter().any(|package| path.starts_with(package)))
        .map(|(path, bytes)| (format!("proto/k8s.io/{path}"), bytes))
        .collect()
}
