//! The kubectl conformance harness (`../shared/conformance/kubectl_conformance.py`) against `kapi serve` over
//! HTTPS, for every installed kubectl: each runs through a wrapper that trusts the self-signed CA.

use crate::common;

use std::path::{Path, PathBuf};

use common::Server;

/// A script that runs `kubectl` trusting `ca`. kubectl asks for credentials on a terminal when it has none for an
/// https server; kapi serve does not authenticate, so any token will do.
fn wrapper(dir: &Path, version: &str, kubectl: &Path, ca: &Path) -> PathBuf {
    let path = dir.join(format!("kubectl-{version}"));
    let script = format!(
        "#!/bin/sh\nexec '{}' --certificate-authority='{}' --token=unused \"$@\"\n",
        kubectl.display(),
        ca.display()
    );
    std::fs::write(&path, script).expect("write wrapper");
    let mut permissions = std::fs::metadata(&path).expect("metadata").permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&path, permissions).expect("chmod");
    path
}

#[test]
fn every_installed_kubectl_passes_the_conformance_harness_over_https() {
    let kubectls = common::installed_kubectls();
    if kubectls.is_empty() {
        let missing = "no versioned kubectl (kubectl.<version> beside kubectl) is installed";
        assert!(std::env::var_os("CI").is_none(), "{missing} in CI: the HTTPS conformance run cannot run");
        eprintln!("\n*** {missing}: the HTTPS conformance run DID NOT RUN ***\n");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let (certs, log) = (dir.path().join("certs"), dir.path().join("requests.log"));
    let server = Server::kapi_serve(&[
        "--self-signed",
        certs.to_str().expect("utf-8"),
        "--request-log",
        log.to_str().expect("utf-8"),
    ]);
    assert!(server.https);
    let ca = certs.join("ca.crt");
    let wrapped: Vec<(String, PathBuf)> = kubectls
        .iter()
        .map(|(version, kubectl)| (version.clone(), wrapper(dir.path(), version, kubectl, &ca)))
        .collect();
    // The harness's own requests go through Python's urllib, which trusts this file.
    let summary = common::run_conformance_harness(&server.url(), &log, &wrapped, &[("SSL_CERT_FILE", &ca)]);
    let versions: Vec<&str> = kubectls.iter().map(|(version, _)| version.as_str()).collect();
    eprintln!("kubectl {} over https: {summary}", versions.join(", "));
}
