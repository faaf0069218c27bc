//! Shared by the CLI's end-to-end tests: a server process on a free loopback port, killed when dropped.

// Each test crate uses part of it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// A server process on a loopback port; killed (by its own pid) when dropped.
pub struct Server {
    pub child: Child,
    pub port: u16,
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
        Self::start(args, Stdio::null())
    }

    /// [`Server::kapi_serve`], with the server's log (its stderr) appended to `log`.
    pub fn kapi_serve_logging_to(args: &[&str], log: &Path) -> Self {
        let file = std::fs::OpenOptions::new().create(true).append(true).open(log).expect("log file");
        Self::start(args, Stdio::from(file))
    }

    fn start(args: &[&str], stderr: Stdio) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kapi"))
            .args(["serve", "--addr", "127.0.0.1:0"])
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
        let server = Self { child, port };
        assert!(line.starts_with("listening on http://127.0.0.1:") && server.port != 0, "kapi serve printed {line:?}");
        server
    }

    /// The server's base URL.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}
