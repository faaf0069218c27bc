//! The kubectl conformance harness (`../shared/conformance/kubectl_conformance.py`) against `kapi serve` over
//! HTTPS, for every installed kubectl: each runs through a wrapper that trusts the self-signed CA.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::Server;

/// Every `kubectl.<version>` beside the `kubectl` on PATH: (version, path).
pub(crate) fn installed_kubectls() -> Vec<(String, PathBuf)> {
    let Some(kubectl) = common::kubectls().into_iter().next() else { return Vec::new() };
    let dir = std::fs::canonicalize(&kubectl).ok().and_then(|real| real.parent().map(Path::to_path_buf));
    let mut found: Vec<(String, PathBuf)> = dir
        .and_then(|dir| std::fs::read_dir(dir).ok())
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let version = path.file_name()?.to_str()?.strip_prefix("kubectl.")?.to_owned();
            Some((version, path))
        })
        .collect();
    found.sort();
    found
}

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
    let kubectls = installed_kubectls();
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
    let mut command = Command::new("python3");
    command.arg(common::shared().join("conformance/kubectl_conformance.py")).arg(server.url());
    command.arg("--request-log").arg(&log);
    let versions: Vec<&str> = kubectls.iter().map(|(version, _)| version.as_str()).collect();
    command.args(["--versions", &versions.join(",")]);
    for (version, kubectl) in &kubectls {
        let wrapped = wrapper(dir.path(), version, kubectl, &ca);
        command.arg("--kubectl").arg(format!("{version}={}", wrapped.display()));
    }
    // The harness's own requests go through Python's urllib, which trusts this file.
    let output = command.env("SSL_CERT_FILE", &ca).output().expect("python3 runs");
    let report = String::from_utf8_lossy(&output.stdout);
    let summary = report.lines().last().unwrap_or_default();
    assert!(
        output.status.success() && summary.ends_with(" passed, 0 failed"),
        "{report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    eprintln!("kubectl {} over https: {summary}", versions.join(", "));
}
