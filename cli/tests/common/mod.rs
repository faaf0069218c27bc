//! Shared by the CLI's end-to-end tests: server processes on loopback ports (kapi, or a Python script), killed
//! when dropped; plain HTTP requests; and the installed kubectl binaries.
#![allow(dead_code)] // each test crate uses its own part

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant, SystemTime};

use serde_json::Value;

pub mod etcd;
pub mod kube_explain;
pub mod kube_rs;

/// A server process on a loopback port; killed (by its own pid) when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
    /// Whether it serves HTTPS (it printed `listening on https://…`).
    pub https: bool,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Starts `kapi serve --addr 127.0.0.1:0 <args>` and waits (at most 30 s) for the address it prints.
    pub fn kapi_serve(args: &[&str]) -> Self {
        Self::start(0, args, Stdio::null())
    }

    /// [`Server::kapi_serve`] run in `dir`, so relative paths in `args` are taken from there.
    pub fn kapi_serve_in(dir: &Path, args: &[&str]) -> Self {
        Self::start_in(Some(dir), 0, args, Stdio::null())
    }

    /// [`Server::kapi_serve`] on a given port (0: a free one), e.g. to restart a server where it was.
    pub fn kapi_serve_on(port: u16, args: &[&str]) -> Self {
        Self::start(port, args, Stdio::null())
    }

    /// [`Server::kapi_serve`], with the server's log (its stderr) appended to `log`.
    pub fn kapi_serve_logging_to(args: &[&str], log: &Path) -> Self {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(log).expect("log file");
        Self::start(0, args, Stdio::from(file))
    }

    fn start(port: u16, args: &[&str], stderr: Stdio) -> Self {
        Self::start_in(None, port, args, stderr)
    }

    fn start_in(dir: Option<&Path>, port: u16, args: &[&str], stderr: Stdio) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kapi"));
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command
            .args(["serve", "--addr", &format!("127.0.0.1:{port}")])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("kapi starts");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = sender.send(line);
        });
        let line = receiver.recv_timeout(Duration::from_secs(30)).unwrap_or_default();
        let port = line.trim().rsplit(':').next().and_then(|p| p.parse().ok()).unwrap_or(0);
        let https = line.starts_with("listening on https://");
        let server = Self { child, port, https };
        let expected = if https { "listening on https://127.0.0.1:" } else { "listening on http://127.0.0.1:" };
        assert!(line.starts_with(expected) && server.port != 0, "kapi serve printed {line:?}");
        server
    }

    /// Starts `python3 script <args> --port-file F` and waits (at most 30 s) for the port it writes.
    pub fn python(script: &Path, args: &[&str]) -> Self {
        let dir = tempfile::tempdir().expect("tempdir");
        let port_file = dir.path().join("port");
        let child = Command::new("python3")
            .arg(script)
            .args(args)
            .arg("--port-file")
            .arg(&port_file)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("python3 starts");
        let started = Instant::now();
        let port = loop {
            if let Some(port) = std::fs::read_to_string(&port_file).ok().and_then(|p| p.trim().parse().ok()) {
                break port;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "{} wrote no port", script.display());
            std::thread::sleep(Duration::from_millis(50));
        };
        Self { child, port, https: false }
    }

    /// The server's base URL.
    pub fn url(&self) -> String {
        format!("{}://127.0.0.1:{}", if self.https { "https" } else { "http" }, self.port)
    }

    /// `GET path` with `Accept`; returns (status code, body; binary bodies such as protobuf read lossily).
    pub fn get(&self, path: &str, accept: &str) -> (u16, String) {
        let (code, _, body) = self.get_with(path, &[("Accept", accept)]);
        (code, body)
    }

    /// `GET path` with `headers`; returns (status code, response head, body). Status 0: no answer.
    pub fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> (u16, String, String) {
        get_from(self.port, path, headers)
    }
}

/// `POST path` with a JSON `body`; returns (status code, body). Status 0: no answer.
#[allow(dead_code)] // Not every test binary posts.
pub fn post_json(server: &Server, path: &str, body: &[u8]) -> (u16, String) {
    post_json_to(server.port, path, body)
}

/// `POST path` with a JSON `body` to the server on loopback `port` (one the test started otherwise).
pub fn post_json_to(port: u16, path: &str, body: &[u8]) -> (u16, String) {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else { return (0, String::new()) };
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(body)).expect("send");
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    let raw = String::from_utf8_lossy(&bytes);
    let code = raw.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    (code, raw.split_once("\r\n\r\n").map_or("", |(_, body)| body).to_owned())
}

/// `GET path` from the server on loopback `port` (for threads that do not own the [`Server`]).
pub fn get_from(port: u16, path: &str, headers: &[(&str, &str)]) -> (u16, String, String) {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return (0, String::new(), String::new());
    };
    stream.set_read_timeout(Some(Duration::from_secs(10))).expect("timeout");
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).expect("send");
    let mut bytes = Vec::new();
    let _ = stream.read_to_end(&mut bytes);
    let raw = String::from_utf8_lossy(&bytes);
    let code = raw.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    (code, head.to_owned(), body.to_owned())
}

/// The read-only shared material (`../shared` from the project root).
pub fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared")
}

/// The installed kubectl binaries (`kubectl.1.27`, `kubectl.1.29`, `kubectl.1.32` beside the `kubectl` on PATH, or
/// that one alone). Without any, the checks cannot run: in CI that is a failure, elsewhere a loud message.
pub fn kubectls() -> Vec<PathBuf> {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
        .map(|dir| dir.join("kubectl"))
        .find(|path| path.is_file());
    let Some(kubectl) = found else {
        assert!(std::env::var_os("CI").is_none(), "kubectl is not installed in CI: the kubectl checks cannot run");
        eprintln!("\n*** kubectl IS NOT INSTALLED: the kubectl checks DID NOT RUN ***\n");
        return Vec::new();
    };
    let dir = std::fs::canonicalize(&kubectl).ok().and_then(|real| real.parent().map(Path::to_path_buf));
    let versioned: Vec<_> = ["1.27", "1.29", "1.32"]
        .iter()
        .filter_map(|version| dir.as_ref().map(|d| d.join(format!("kubectl.{version}"))))
        .filter(|path| path.is_file())
        .collect();
    if versioned.is_empty() { vec![kubectl] } else { versioned }
}

/// Every `kubectl.<version>` beside the `kubectl` on PATH: (version, path).
pub fn installed_kubectls() -> Vec<(String, PathBuf)> {
    let Some(kubectl) = kubectls().into_iter().next() else { return Vec::new() };
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

/// Runs the kubectl conformance harness (`../shared/conformance/kubectl_conformance.py`) against `url` with each
/// `(version, kubectl)`, the server appending its requests to `request_log`, with `env` set; asserts that every
/// check passed and returns the harness's summary line.
pub fn run_conformance_harness(
    url: &str,
    request_log: &Path,
    kubectls: &[(String, PathBuf)],
    env: &[(&str, &Path)],
) -> String {
    let mut command = Command::new("python3");
    command.arg(shared().join("conformance/kubectl_conformance.py")).arg(url);
    command.arg("--request-log").arg(request_log);
    let versions: Vec<&str> = kubectls.iter().map(|(version, _)| version.as_str()).collect();
    command.args(["--versions", &versions.join(",")]);
    for (version, kubectl) in kubectls {
        command.arg("--kubectl").arg(format!("{version}={}", kubectl.display()));
    }
    let output = command.envs(env.iter().copied()).output().expect("python3 runs");
    let report = String::from_utf8_lossy(&output.stdout);
    let summary = report.lines().last().unwrap_or_default().to_owned();
    assert!(
        output.status.success() && summary.ends_with(" passed, 0 failed"),
        "{report}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    summary
}

/// Runs `kubectl --server <server> --cache-dir <home>/cache <args>` with `home` as HOME; (succeeded, stdout+stderr).
pub fn run_kubectl(kubectl: &Path, server: &Server, home: &Path, args: &[&str]) -> (bool, String) {
    let output = Command::new(kubectl)
        .args(["--server", &server.url(), "--cache-dir", home.join("cache").to_str().expect("utf-8")])
        .args(args)
        .env("HOME", home)
        .env_remove("KUBECONFIG")
        .output()
        .expect("kubectl runs");
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// Opens a watch (HTTP/1.0, so the stream is one event per line until the server closes it): the status code,
/// and each event with the instant it arrived.
pub fn watch(server: &Server, path: &str) -> (u16, mpsc::Receiver<(Value, Instant, SystemTime)>) {
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(60))).expect("timeout");
    write!(stream, "GET {path} HTTP/1.0\r\nHost: x\r\n\r\n").expect("send");
    let mut reader = BufReader::new(stream);
    let mut status = String::new();
    reader.read_line(&mut status).expect("status line");
    let code = status.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|read| read > 2) {
        line.clear();
    }
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in reader.lines().map_while(Result::ok) {
            let event: Value = serde_json::from_str(&line).expect("one JSON event per line");
            if sender.send((event, Instant::now(), SystemTime::now())).is_err() {
                break;
            }
        }
    });
    (code, receiver)
}
