//! Real etcd servers for the identity tests, from Debian's `etcd-server`: one member or a cluster of several on
//! free loopback ports, each in its own temporary data directory; members can be killed and started again on
//! the same ports and data, and every member is killed when the cluster is dropped.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::get_from;

/// One member's fixed identity: its name, ports and data directory.
struct Member {
    name: String,
    client_port: u16,
    peer_port: u16,
    data_dir: PathBuf,
    process: Option<Child>,
}

/// An etcd cluster of one or more members.
pub struct EtcdCluster {
    members: Vec<Member>,
    initial_cluster: String,
    _dir: tempfile::TempDir,
}

impl Drop for EtcdCluster {
    fn drop(&mut self) {
        for index in 0..self.members.len() {
            self.kill(index);
        }
    }
}

/// The `etcd` binary, when installed. Without it the tests cannot run: in CI a failure, elsewhere a loud message.
pub fn etcd_installed() -> bool {
    let installed = Command::new("etcd").arg("--version").output().is_ok_and(|out| out.status.success());
    if !installed {
        assert!(std::env::var_os("CI").is_none(), "etcd is not installed in CI: the etcd tests cannot run");
        eprintln!("\n*** etcd IS NOT INSTALLED (Debian package etcd-server): the etcd tests DID NOT RUN ***\n");
    }
    installed
}

/// A directory in memory when /dev/shm is there: etcd fsyncs every write, and on a loaded disk a single fsync can
/// outlast the short store timeouts these tests give kapi (it survives a member's restart all the same).
fn data_root() -> std::io::Result<tempfile::TempDir> {
    let shm = std::path::Path::new("/dev/shm");
    if shm.is_dir() { tempfile::Builder::new().prefix("kapi-etcd-test").tempdir_in(shm) } else { tempfile::tempdir() }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("a free port")
}

impl EtcdCluster {
    /// Starts `size` members and waits until the cluster has a leader.
    pub fn start(size: usize) -> Self {
        let dir = data_root().expect("a data directory");
        let members: Vec<Member> = (0..size)
            .map(|index| Member {
                name: format!("m{index}"),
                client_port: free_port(),
                peer_port: free_port(),
                data_dir: dir.path().join(format!("m{index}")),
                process: None,
            })
            .collect();
        let initial_cluster = members
            .iter()
            .map(|m| format!("{}=http://127.0.0.1:{}", m.name, m.peer_port))
            .collect::<Vec<_>>()
            .join(",");
        let mut cluster = Self { members, initial_cluster, _dir: dir };
        for index in 0..size {
            cluster.spawn(index);
        }
        for index in 0..size {
            cluster.wait_healthy(index);
        }
        cluster
    }

    /// `etcd://HOST:PORT,...` for every member, as `kapi serve --lease-store` takes it.
    pub fn store_url(&self) -> String {
        let hosts: Vec<String> = self.members.iter().map(|m| format!("127.0.0.1:{}", m.client_port)).collect();
        format!("etcd://{}", hosts.join(","))
    }

    /// `http://HOST:PORT` of every member, as the etcd client takes them.
    pub fn endpoints(&self) -> Vec<String> {
        self.members.iter().map(|m| format!("http://127.0.0.1:{}", m.client_port)).collect()
    }

    /// Kills member `index` at once (SIGKILL), as a crash would.
    pub fn kill(&mut self, index: usize) {
        if let Some(mut process) = self.members[index].process.take() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }

    /// Starts member `index` again on its ports and data, and waits until it is healthy (which needs a quorum).
    pub fn restart(&mut self, index: usize) {
        self.spawn(index);
        self.wait_healthy(index);
    }

    /// Starts member `index` again without waiting (when its health depends on members started after it).
    pub fn spawn(&mut self, index: usize) {
        let initial_cluster = self.initial_cluster.clone();
        let member = &mut self.members[index];
        assert!(member.process.is_none(), "member {index} is running");
        let client = format!("http://127.0.0.1:{}", member.client_port);
        let peer = format!("http://127.0.0.1:{}", member.peer_port);
        let process = Command::new("etcd")
            .args(["--name", &member.name, "--data-dir"])
            .arg(&member.data_dir)
            .args(["--listen-client-urls", &client, "--advertise-client-urls", &client])
            .args(["--listen-peer-urls", &peer, "--initial-advertise-peer-urls", &peer])
            .args(["--initial-cluster", &initial_cluster, "--initial-cluster-state", "new"])
            .args(["--initial-cluster-token", "kapi-test", "--heartbeat-interval", "50", "--election-timeout", "500"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("etcd starts");
        member.process = Some(process);
    }

    /// Waits (at most 30 s) until member `index` reports itself healthy: serving, with a leader.
    pub fn wait_healthy(&self, index: usize) {
        let started = Instant::now();
        loop {
            let (code, _, body) = get_from(self.members[index].client_port, "/health", &[]);
            if code == 200 && body.contains("\"true\"") {
                return;
            }
            assert!(started.elapsed() < Duration::from_secs(30), "etcd member {index} not healthy: {code} {body}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}
