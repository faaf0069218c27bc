//! Identity leases side by side with the real kube-apiserver (tests/kube/up.sh): two `kapi serve` replicas keep
//! their leases in that server's own etcd, under its own key layout (`/registry/leases/<namespace>/<name>`), so
//! kube-apiserver lists them beside its own lease. The test compares the leases field by field, measures both
//! renew cadences, and checks the comparison table in docs/IDENTITY.md against what it saw (table.rs).

mod shapes;
mod table;

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant, SystemTime};

use common::{Server, get_from};
use kapi_runtime::identity::{COMPONENT_LABEL, lease_name};
use kapi_tests::kube::{Kube, kube_installing};
use serde_json::Value;

use shapes::shapes;
use table::Row;

const LEASES: &str = "/apis/coordination.k8s.io/v1/namespaces/kube-system/leases";
/// kube-apiserver's own key prefix for leases.
const KUBE_LEASE_PREFIX: &str = "/registry/leases/";
/// The second replica's host name (the first runs as this machine, as kube-apiserver does).
const OTHER_HOST: &str = "kapi-replica-b";
/// Distinct renew times to see on every lease: two renewals after the first one seen.
const RENEWALS_SEEN: usize = 3;

/// The etcd kube-apiserver uses, from the env file up.sh writes beside the kubeconfig (`ETCD_URL`).
fn kube_etcd(kube: &Kube) -> String {
    let env = kube.kubeconfig().with_file_name("env");
    let text = std::fs::read_to_string(&env).unwrap_or_else(|e| panic!("{}: {e}", env.display()));
    let url = text.lines().find_map(|line| line.strip_prefix("ETCD_URL=")).expect("up.sh writes ETCD_URL");
    url.strip_prefix("http://").unwrap_or(url).to_owned()
}

fn json(reply: &kapi_tests::kube::Reply, what: &str) -> Value {
    assert_eq!(reply.status, 200, "{what}: {}", String::from_utf8_lossy(&reply.body));
    reply.json()
}

/// The identity leases kube-apiserver lists (every component's), by name.
fn kube_identity_leases(kube: &Kube) -> BTreeMap<String, Value> {
    let list = json(&kube.get(&format!("{LEASES}?labelSelector={COMPONENT_LABEL}"), "application/json"), "list");
    let items = list["items"].as_array().cloned().unwrap_or_default();
    items.into_iter().map(|lease| (lease["metadata"]["name"].as_str().unwrap_or_default().to_owned(), lease)).collect()
}

/// Deletes kapi's leases through kube-apiserver (what an earlier attempt of this test left behind).
fn delete_kapi_leases(kube: &Kube) {
    let selector = format!("{COMPONENT_LABEL}%3Dkapi-server");
    let reply = kube.send_json("DELETE", &format!("{LEASES}?labelSelector={selector}"), &serde_json::json!({}));
    assert_eq!(reply.status, 200, "deleting kapi's leases: {}", String::from_utf8_lossy(&reply.body));
}

fn replica(etcd: &str, hostname: Option<&str>) -> Server {
    let store = format!("etcd://{etcd}");
    let mut args = vec!["--lease-store", store.as_str(), "--lease-prefix", KUBE_LEASE_PREFIX];
    if let Some(hostname) = hostname {
        args.extend(["--hostname", hostname]);
    }
    Server::kapi_serve(&args)
}

/// A lease as `kapi serve` itself serves it.
fn kapi_lease(server: &Server, name: &str) -> Value {
    let (code, _, body) = get_from(server.port, &format!("{LEASES}/{name}"), &[("Accept", "application/json")]);
    assert_eq!(code, 200, "{name} from kapi: {body}");
    serde_json::from_str(&body).expect("JSON")
}

fn micros(time: &str) -> SystemTime {
    kapi_rest::clock::parse_rfc3339(time).unwrap_or_else(|| panic!("not RFC 3339: {time}"))
}

/// Watches the leases' renew times through kube-apiserver until each has shown [`RENEWALS_SEEN`] distinct ones;
/// gives each lease's renewal intervals in seconds.
fn renew_intervals(kube: &Kube, names: &[&str]) -> BTreeMap<String, Vec<f64>> {
    let mut seen: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let started = Instant::now();
    while names.iter().any(|name| seen.get(*name).is_none_or(|times| times.len() < RENEWALS_SEEN)) {
        assert!(started.elapsed() < Duration::from_secs(60), "renewals seen after 60 s: {seen:?}");
        for (name, lease) in kube_identity_leases(kube) {
            if let Some(renewed) = lease["spec"]["renewTime"].as_str() {
                seen.entry(name).or_default().insert(renewed.to_owned());
            }
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    names
        .iter()
        .map(|name| {
            let times: Vec<SystemTime> = seen[*name].iter().map(|t| micros(t)).collect();
            let intervals = times
                .windows(2)
                .map(|pair| pair[1].duration_since(pair[0]).expect("sorted stamps").as_secs_f64())
                .collect();
            ((*name).to_owned(), intervals)
        })
        .collect()
}

/// "every N s": the whole seconds of the shortest interval (a renewal waits the interval after the previous one
/// finished, plus a random delay of up to 4 % on both servers, so intervals only run long).
fn cadence(intervals: &[f64]) -> String {
    let shortest = intervals.iter().copied().fold(f64::INFINITY, f64::min);
    assert!(intervals.iter().all(|&i| i < shortest + 2.0), "renewals missed: {intervals:?}");
    format!("every {} s", shortest.floor())
}

#[test]
fn kapi_leases_sit_beside_kube_apiservers_in_its_own_etcd() {
    let started = Instant::now();
    let kube = kube_installing();
    let etcd = kube_etcd(kube);
    let version = json(&kube.get("/version", "application/json"), "version");
    let kube_version = version["gitVersion"].as_str().expect("gitVersion").to_owned();
    let machine = std::fs::read_to_string("/proc/sys/kernel/hostname").expect("host name").trim().to_owned();
    delete_kapi_leases(kube);

    let here = replica(&etcd, None);
    let other = replica(&etcd, Some(OTHER_HOST));
    let (here_name, other_name) = (lease_name("kapi-server", &machine), lease_name("kapi-server", OTHER_HOST));
    let kube_name = lease_name("kube-apiserver", &machine);
    let listed = {
        // kube-apiserver's first lease write waits for the kube-system namespace; kapi's replicas load the corpus.
        let limit = Instant::now() + Duration::from_secs(60);
        loop {
            let listed = kube_identity_leases(kube);
            if [&here_name, &other_name, &kube_name].iter().all(|name| listed.contains_key(*name)) {
                break listed;
            }
            let (names, expected) = (listed.keys().collect::<Vec<_>>(), [&kube_name, &here_name, &other_name]);
            assert!(Instant::now() < limit, "after 60 s kube-apiserver lists {names:?}, not all of {expected:?}");
            std::thread::sleep(Duration::from_millis(200));
        }
    };
    // kapi's formula, given this machine's host name and kube-apiserver's component, names kube-apiserver's lease;
    // with kapi's component, the same host gets another lease.
    assert_eq!(listed.len(), 3, "one lease per server: {:?}", listed.keys().collect::<Vec<_>>());
    assert_eq!(listed[&kube_name]["metadata"]["labels"]["kubernetes.io/hostname"], machine.as_str());

    // kube-apiserver serves kapi's lease as kapi serves it: same bytes in etcd, same object.
    // (Read again when a renewal fell between the two reads.)
    for name in [&here_name, &other_name] {
        let same_version = (0..5).find_map(|_| {
            let from_kube = json(&kube.get(&format!("{LEASES}/{name}"), "application/json"), name);
            let from_kapi = kapi_lease(&here, name);
            (from_kube["metadata"]["resourceVersion"] == from_kapi["metadata"]["resourceVersion"])
                .then_some((from_kube, from_kapi))
        });
        let (from_kube, from_kapi) = same_version.expect("one version read from both servers");
        assert_eq!(from_kube, from_kapi, "{name}");
    }

    let intervals = renew_intervals(kube, &[&kube_name, &here_name, &other_name]);
    eprintln!("renewal intervals (s): {intervals:?}");
    let kube_lease = json(&kube.get(&format!("{LEASES}/{kube_name}"), "application/json"), "kube's lease");
    let (kube_shapes, here_shapes) = (shapes(&kube_lease, &machine), shapes(&kapi_lease(&here, &here_name), &machine));
    assert_eq!(here_shapes, shapes(&kapi_lease(&here, &other_name), OTHER_HOST), "both replicas write alike");
    let (kube_cadence, kapi_cadence) = (cadence(&intervals[&kube_name]), cadence(&intervals[&here_name]));
    assert_eq!(kapi_cadence, cadence(&intervals[&other_name]));

    // How each lists: kube-apiserver leaves out each item's apiVersion and kind.
    let typed = |list: &Value| {
        let item = &list["items"][0];
        format!("`{}`", item.get("apiVersion").is_some() && item.get("kind").is_some())
    };
    let kube_list = json(&kube.get(LEASES, "application/json"), "list");
    let (_, _, kapi_list) = get_from(here.port, LEASES, &[("Accept", "application/json")]);
    let kapi_list: Value = serde_json::from_str(&kapi_list).expect("JSON");
    // kapi lists what it can read under the prefix: its replicas' JSON leases, not kube-apiserver's protobuf one.
    let kapi_listed: BTreeSet<&str> =
        kapi_list["items"].as_array().expect("items").iter().filter_map(|i| i["metadata"]["name"].as_str()).collect();
    assert_eq!(kapi_listed, BTreeSet::from([here_name.as_str(), other_name.as_str()]));

    let fields: BTreeSet<&String> = kube_shapes.keys().chain(here_shapes.keys()).collect();
    let absent = || "absent".to_owned();
    let mut rows: Vec<Row> = fields
        .into_iter()
        .map(|field| Row {
            field: field.clone(),
            kube: kube_shapes.get(field).cloned().unwrap_or_else(absent),
            kapi: here_shapes.get(field).cloned().unwrap_or_else(absent),
        })
        .collect();
    rows.push(Row { field: "renew cadence".to_owned(), kube: kube_cadence, kapi: kapi_cadence });
    rows.push(Row {
        field: "list items carry apiVersion and kind".to_owned(),
        kube: typed(&kube_list),
        kapi: typed(&kapi_list),
    });
    drop((here, other));
    delete_kapi_leases(kube);
    eprintln!("kube_identity took {:.1} s", started.elapsed().as_secs_f64());
    if let Err(problems) = table::check(&kube_version, &rows) {
        panic!("{problems}");
    }
}
