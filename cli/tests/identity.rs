//! Identity leases with several `kapi serve` replicas on a real etcd (Debian's `etcd-server`, started here):
//! each replica holds a lease named after its host, a killed replica's lease is collected only after expiry and
//! grace, a paused one keeps it, etcd restarts and member losses lose nothing, quorum loss shows in `/readyz`
//! while documents keep being served, and kubectl lists the live replicas from any of them.

use crate::common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant, SystemTime};

use common::etcd::{EtcdCluster, etcd_installed};
use common::{Server, get_from, kubectls, run_kubectl};
use kapi_runtime::identity::lease_name;
use serde_json::Value;

const LEASES: &str = "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases?labelSelector=apiserver.kubernetes.io%2Fidentity%3Dkapi-server";

/// Heartbeat and collection timing, in seconds, short enough for a test.
struct Timing {
    renew: f64,
    duration: u32,
    grace: f64,
    /// `--lease-store-timeout`: how long a store request may retry before the store counts as unavailable.
    store_timeout: f64,
}

const FAST: Timing = Timing { renew: 0.25, duration: 2, grace: 1.0, store_timeout: 2.0 };
/// FAST's renewals with a lease that outlives a server restart.
const LONGER_LEASE: Timing = Timing { renew: 0.25, duration: 30, grace: 1.0, store_timeout: 1.0 };

fn replica(store: &str, host: &str, timing: &Timing) -> Server {
    let (renew, duration, grace) = (timing.renew.to_string(), timing.duration.to_string(), timing.grace.to_string());
    let store_timeout = timing.store_timeout.to_string();
    Server::kapi_serve(&[
        "--lease-store",
        store,
        "--hostname",
        host,
        "--identity-lease-renew-interval",
        &renew,
        "--identity-lease-duration",
        &duration,
        "--identity-lease-gc-grace",
        &grace,
        "--identity-lease-gc-interval",
        &renew,
        "--lease-store-timeout",
        &store_timeout,
        // As replicas behind one load balancer are configured: they advertise its address, not their own.
        "--advertise-address",
        "127.0.0.1:6443",
    ])
}

/// The kapi-server leases a replica lists, by name; `None` when it does not answer 200.
fn leases(port: u16) -> Option<BTreeMap<String, Value>> {
    let (code, _, body) = get_from(port, LEASES, &[("Accept", "application/json")]);
    if code != 200 {
        return None;
    }
    let list: Value = serde_json::from_str(&body).ok()?;
    assert_eq!(list["kind"], "LeaseList", "{body}");
    let items = list["items"].as_array()?;
    Some(
        items
            .iter()
            .map(|lease| (lease["metadata"]["name"].as_str().unwrap_or_default().to_owned(), lease.clone()))
            .collect(),
    )
}

/// Polls `check` every 50 ms until it gives a value; fails naming `what` after `limit`.
fn wait_for<T>(what: &str, limit: Duration, mut check: impl FnMut() -> Option<T>) -> T {
    let started = Instant::now();
    loop {
        if let Some(value) = check() {
            return value;
        }
        assert!(started.elapsed() < limit, "gave up after {limit:?} waiting for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn names(hosts: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = hosts.iter().map(|host| lease_name("kapi-server", host)).collect();
    names.sort();
    names
}

fn field<'a>(lease: &'a Value, pointer: &str) -> &'a Value {
    lease.pointer(pointer).unwrap_or(&Value::Null)
}

/// A `metav1.MicroTime` as Unix seconds (read by `date`, which knows RFC 3339).
fn unix_seconds(time: &Value) -> f64 {
    let text = time.as_str().expect("a time stamp");
    let output = std::process::Command::new("date").args(["-u", "-d", text, "+%s.%N"]).output().expect("date runs");
    String::from_utf8_lossy(&output.stdout).trim().parse().unwrap_or_else(|_| panic!("date cannot read {text}"))
}

fn header(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.trim().eq_ignore_ascii_case(name).then(|| value.trim().to_owned())
    })
}

fn ready(port: u16) -> (u16, String) {
    let (code, _, body) = get_from(port, "/readyz?verbose", &[]);
    (code, body)
}

#[test]
fn three_replicas_hold_leases_and_a_killed_one_is_collected_after_expiry() {
    if !etcd_installed() {
        return;
    }
    let etcd = EtcdCluster::start(1);
    let store = etcd.store_url();
    let hosts = ["replica-0", "replica-1", "replica-2"];
    let mut replicas: Vec<Server> = hosts.iter().map(|host| replica(&store, host, &FAST)).collect();
    let everyone = names(&hosts);
    let before = wait_for("three leases", Duration::from_secs(20), || {
        leases(replicas[0].port).filter(|found| found.keys().cloned().collect::<Vec<_>>() == everyone)
    });
    for (name, lease) in &before {
        assert_eq!(field(lease, "/spec/leaseTransitions"), 0, "{name}");
        assert_eq!(field(lease, "/spec/leaseDurationSeconds"), FAST.duration, "{name}");
        let holder = field(lease, "/spec/holderIdentity").as_str().unwrap_or_default();
        assert!(holder.starts_with(&format!("{name}_")), "{holder}");
    }
    for server in &replicas {
        let listed = leases(server.port).expect("lists");
        assert_eq!(listed.keys().cloned().collect::<Vec<_>>(), everyone, "every replica lists the same leases");
    }

    // kubectl, against any replica, lists exactly the live replicas.
    let home = tempfile::tempdir().expect("home");
    for (index, kubectl) in kubectls().iter().enumerate() {
        let server = &replicas[index % replicas.len()];
        let args = ["get", "leases", "-n", "kube-system", "-l", "apiserver.kubernetes.io/identity=kapi-server"];
        let (ok, output) = run_kubectl(kubectl, server, home.path(), &args);
        assert!(ok, "{}: {output}", kubectl.display());
        let mut lines = output.lines();
        let heading: Vec<&str> = lines.next().unwrap_or_default().split_whitespace().collect();
        assert_eq!(heading, ["NAME", "HOLDER", "AGE"], "{output}");
        let mut listed: Vec<String> = lines.filter_map(|l| l.split_whitespace().next()).map(str::to_owned).collect();
        listed.sort();
        assert_eq!(listed, everyone, "{}: {output}", kubectl.display());
    }

    // Every replica publishes the same documents under the same validators: one's ETag is good at another.
    let aggregated = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList";
    for (path, accept) in
        [("/apis", aggregated), ("/apis", "application/json"), ("/openapi/v3/apis/apps/v1", "application/json")]
    {
        let (code, head, body) = replicas[0].get_with(path, &[("Accept", accept)]);
        let etag = header(&head, "etag").unwrap_or_else(|| panic!("{path}: no ETag ({code})"));
        for other in &replicas[1..] {
            let (_, other_head, other_body) = other.get_with(path, &[("Accept", accept)]);
            assert_eq!(header(&other_head, "etag").as_deref(), Some(etag.as_str()), "{path}");
            assert!(other_body == body, "{path}: the bodies differ between replicas");
            let (code, _, _) = other.get_with(path, &[("Accept", accept), ("If-None-Match", &etag)]);
            assert_eq!(code, 304, "{path}: another replica's ETag");
        }
    }

    // kill -9 replica-1: its lease goes once it is expired and past the grace; the others are never touched.
    let victim = lease_name("kapi-server", "replica-1");
    let killed = replicas.remove(1);
    drop(killed);
    let killed_at = Instant::now();
    // Its last renewal is no earlier than the last one seen after the kill.
    let last_renewal = unix_seconds(field(&leases(replicas[0].port).expect("lists")[&victim], "/spec/renewTime"));
    let survivors: Vec<String> = everyone.iter().filter(|name| **name != victim).cloned().collect();
    let collected_after = wait_for("the killed replica's lease to be collected", Duration::from_secs(20), || {
        let now = leases(replicas[0].port)?;
        for name in &survivors {
            let (old, current) = (&before[name], now.get(name).expect("a live replica's lease stays"));
            assert_eq!(field(current, "/spec/holderIdentity"), field(old, "/spec/holderIdentity"));
            assert_eq!(field(current, "/metadata/uid"), field(old, "/metadata/uid"));
            assert_eq!(field(current, "/spec/leaseTransitions"), 0);
        }
        (!now.contains_key(&victim)).then(|| killed_at.elapsed())
    });
    let collected_at = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).expect("clock").as_secs_f64();
    let deadline = last_renewal + f64::from(FAST.duration) + FAST.grace;
    assert!(
        collected_at >= deadline,
        "collected {:.3} s before its renewal + duration + grace",
        deadline - collected_at
    );
    eprintln!("killed replica's lease collected {collected_after:?} after the kill (expiry + grace: 3 s)");

    // Restarted on the same host: the same lease name, created anew with a new holder. Its lease now lasts long
    // enough for the next restart to beat its expiry however slowly a loaded machine starts a server.
    replicas.push(replica(&store, "replica-1", &LONGER_LEASE));
    let recreated = wait_for("the restarted replica's lease", Duration::from_secs(20), || {
        leases(replicas[0].port)?.remove(&victim)
    });
    let old_holder = field(&before[&victim], "/spec/holderIdentity").clone();
    assert_ne!(field(&recreated, "/spec/holderIdentity"), &old_holder);

    // Killed and restarted before its lease expires: the same lease object is taken over, one more transition.
    let restarted = replicas.pop().expect("replica-1");
    drop(restarted);
    replicas.push(replica(&store, "replica-1", &LONGER_LEASE));
    let taken = wait_for("the lease taken over", Duration::from_secs(20), || {
        let lease = leases(replicas[0].port)?.remove(&victim)?;
        (field(&lease, "/spec/holderIdentity") != field(&recreated, "/spec/holderIdentity")).then_some(lease)
    });
    assert_eq!(field(&taken, "/metadata/uid"), field(&recreated, "/metadata/uid"), "the same object");
    assert_eq!(field(&taken, "/spec/leaseTransitions"), 1);
    assert_eq!(leases(replicas[1].port).map(|l| l.len()), Some(3));
}

#[test]
fn a_paused_replica_keeps_its_lease_and_an_etcd_restart_loses_nothing() {
    if !etcd_installed() {
        return;
    }
    let timing = Timing { renew: 0.25, duration: 4, grace: 1.0, store_timeout: 1.0 };
    let mut etcd = EtcdCluster::start(1);
    let store = etcd.store_url();
    let hosts = ["paused", "watcher"];
    let replicas: Vec<Server> = hosts.iter().map(|host| replica(&store, host, &timing)).collect();
    let everyone = names(&hosts);
    let before = wait_for("two leases", Duration::from_secs(20), || {
        leases(replicas[1].port).filter(|found| found.keys().cloned().collect::<Vec<_>>() == everyone)
    });

    // SIGSTOP for less than the lease duration: never collected, and renewed again once resumed.
    let paused = lease_name("kapi-server", "paused");
    let pid = replicas[0].child.id().to_string();
    assert!(std::process::Command::new("kill").args(["-STOP", &pid]).status().is_ok_and(|s| s.success()));
    let stopped_at = Instant::now();
    while stopped_at.elapsed() < Duration::from_millis(3000) {
        let now = leases(replicas[1].port).expect("lists");
        let lease = now.get(&paused).expect("a paused replica's lease is never collected");
        assert_eq!(field(lease, "/metadata/uid"), field(&before[&paused], "/metadata/uid"));
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(std::process::Command::new("kill").args(["-CONT", &pid]).status().is_ok_and(|s| s.success()));
    let stale_version = field(&leases(replicas[1].port).expect("lists")[&paused], "/metadata/resourceVersion").clone();
    wait_for("the resumed replica to renew", Duration::from_secs(10), || {
        let now = leases(replicas[1].port)?;
        (field(&now[&paused], "/metadata/resourceVersion") != &stale_version).then_some(())
    });
    // The whole pause, seen by the other replica's collector, spared nothing and collected nothing.
    let (_, metrics) = replicas[1].get("/metrics", "*/*");
    assert!(metrics.contains("kapi_identity_lease_collections_total 0"), "{metrics}");

    // etcd restarts: the replicas report the lease controller unhealthy meanwhile, then resume by themselves.
    etcd.kill(0);
    for server in &replicas {
        wait_for("readyz to report the lease controller", Duration::from_secs(10), || {
            let (code, body) = ready(server.port);
            (code == 503 && body.contains("[-]identity-lease-controller failed")).then_some(())
        });
        assert_eq!(server.get("/apis", "application/json").0, 200, "documents are served without etcd");
    }
    etcd.restart(0);
    for server in &replicas {
        wait_for("readyz to recover", Duration::from_secs(20), || (ready(server.port).0 == 200).then_some(()));
    }
    let after = leases(replicas[0].port).expect("lists");
    assert_eq!(after.keys().cloned().collect::<Vec<_>>(), everyone, "no lease lost");
    for name in &everyone {
        assert_eq!(field(&after[name], "/metadata/uid"), field(&before[name], "/metadata/uid"), "{name}");
        assert_eq!(field(&after[name], "/spec/holderIdentity"), field(&before[name], "/spec/holderIdentity"));
    }
}

#[test]
fn a_three_member_cluster_hides_one_loss_and_quorum_loss_heals_by_itself() {
    if !etcd_installed() {
        return;
    }
    // Long leases: this test is about availability, not collection. Losing the member that leads means an election
    // (500 ms of silence, then a vote), which on a loaded machine can outlast one second: requests may retry for
    // three, so the loss stays hidden.
    let timing = Timing { renew: 0.25, duration: 60, grace: 1.0, store_timeout: 3.0 };
    let mut etcd = EtcdCluster::start(3);
    let store = etcd.store_url();
    let hosts = ["east", "west"];
    let replicas: Vec<Server> = hosts.iter().map(|host| replica(&store, host, &timing)).collect();
    let everyone = names(&hosts);
    let before = wait_for("two leases", Duration::from_secs(20), || {
        leases(replicas[0].port).filter(|found| found.keys().cloned().collect::<Vec<_>>() == everyone)
    });
    for server in &replicas {
        wait_for("ready", Duration::from_secs(10), || (ready(server.port).0 == 200).then_some(()));
    }

    // One member of three dies: nothing visible changes, and the leases keep being renewed.
    etcd.kill(0);
    let renewed_from = leases(replicas[0].port).expect("lists");
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(3) {
        for server in &replicas {
            let (code, body) = ready(server.port);
            assert_eq!(code, 200, "one member lost must not show: {body}");
            assert_eq!(leases(server.port).map(|l| l.len()), Some(2));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let renewed = leases(replicas[1].port).expect("lists");
    for name in &everyone {
        let (old, new) = (&renewed_from[name], &renewed[name]);
        assert_ne!(field(old, "/spec/renewTime"), field(new, "/spec/renewTime"), "{name} kept renewing");
    }

    // A second member dies: no quorum. The lease controller is reported unhealthy; documents are still served.
    etcd.kill(1);
    let quorum_lost = Instant::now();
    for server in &replicas {
        wait_for("readyz to report quorum loss", Duration::from_secs(15), || {
            let (code, body) = ready(server.port);
            (code == 503 && body.contains("[-]identity-lease-controller failed")).then_some(())
        });
        assert_eq!(server.get("/apis", "application/json").0, 200);
        assert_eq!(server.get("/openapi/v3/apis/apps/v1", "application/json").0, 200);
    }
    eprintln!("quorum loss reported by both replicas' /readyz within {:?}", quorum_lost.elapsed());

    // The members come back: every replica recovers by itself, and no lease was lost.
    etcd.spawn(0);
    etcd.spawn(1);
    etcd.wait_healthy(0);
    let quorum_back = Instant::now();
    for server in &replicas {
        wait_for("readyz to recover", Duration::from_secs(30), || (ready(server.port).0 == 200).then_some(()));
    }
    eprintln!("both replicas ready again {:?} after etcd was healthy", quorum_back.elapsed());
    let after = leases(replicas[0].port).expect("lists");
    for name in &everyone {
        assert_eq!(field(&after[name], "/metadata/uid"), field(&before[name], "/metadata/uid"), "{name}");
        assert_eq!(field(&after[name], "/spec/holderIdentity"), field(&before[name], "/spec/holderIdentity"));
    }
}
