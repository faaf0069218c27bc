//! Helpers for tests that install CRDs on the real API server and compare `kubectl explain` against it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use kapi_tests::kube::Kube;

use super::installed_kubectls;

/// How long the server may take to establish a CRD and publish its OpenAPI (its controllers work asynchronously).
pub const PUBLISH_TIMEOUT: Duration = Duration::from_secs(120);

/// Polls `probe` until it holds.
pub fn wait_for(kube: &Kube, what: &str, mut probe: impl FnMut() -> bool) {
    let started = Instant::now();
    while !probe() {
        assert!(started.elapsed() < PUBLISH_TIMEOUT, "{} did not {what} within {PUBLISH_TIMEOUT:?}", kube.url());
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// `kubectl explain --recursive` against the real server, through its kubeconfig.
pub fn explain_on_the_server(kubectl: &Path, kube: &Kube, home: &Path, args: &[&str]) -> (bool, String) {
    let output = Command::new(kubectl)
        .arg("--kubeconfig")
        .arg(kube.kubeconfig())
        .args(["--cache-dir", home.join("cache").to_str().expect("utf-8")])
        .args(args)
        .env("HOME", home)
        .output()
        .expect("kubectl runs");
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// The oldest and the newest kubectl installed (one when only one is).
pub fn oldest_and_newest() -> Vec<(String, PathBuf)> {
    let mut installed = installed_kubectls();
    assert!(!installed.is_empty(), "no kubectl.<version> beside the kubectl on PATH");
    installed.sort_by_key(|(version, _)| {
        version.split('.').map(|part| part.parse::<u32>().unwrap_or(0)).collect::<Vec<_>>()
    });
    let newest = installed.pop().expect("one");
    let mut chosen: Vec<_> = installed.into_iter().take(1).collect();
    chosen.push(newest);
    chosen
}
