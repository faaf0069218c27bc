//! At 100 and at 1 000 synthetic groups: generation costs about ten times as much for ten times the groups, and
//! changing one group costs the same at both sizes, in `kapi generate` (which renders only that group's units) and
//! in a server reloading the directory (which reads only the changed files, re-encodes only that group's documents
//! and the lists of every group, and keeps every other document's ETag).
//!
//! The release figures at N = 300 and 3 000 are `benches/scale.sh`'s and `benches/incremental.sh`'s
//! (docs/BENCHMARKS.md); this keeps the shape in CI at sizes a debug build handles. The base (Kubernetes' scheme and
//! the kinds the copies use) is a fixed cost, which only lowers the ratio; a step that is quadratic in the groups
//! would raise it towards 100.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::time::Duration;

use kapi_codegen::proto::{LEDGER_PATH, Ledger};
use kapi_codegen::reuse::manifest::previous;
use kapi_codegen::{Artifacts, Options, generate_reusing, writer};
use kapi_model::Registry;
use kapi_runtime::{Bundle, LoadOptions, Tree};
use kapi_tests::synthetic::{Base, Shape, change_group, synthetic_model};
use serde_json::Value;

use crate::served;
use served::{assert_only_changed_etags_change, etags, is_read_by_servers, request_for};

/// Every fourth synthetic group serves two versions; group 7 is one of them.
const CHANGED: usize = 7;

/// CPU time this process has used (user and system), from `/proc/self/stat`: the test measures work done, which
/// other processes running beside it on a shared machine slow down far less than they slow wall-clock time.
fn process_cpu_seconds() -> f64 {
    let stat = fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    // The fields after the command name (which is in parentheses and may hold spaces); utime and stime are the
    // 14th and 15th fields of the line, in clock ticks (100 per second on Linux).
    let after_name = &stat[stat.rfind(')').expect("a command name") + 2..];
    let fields: Vec<&str> = after_name.split(' ').collect();
    let ticks: f64 = fields[11].parse::<f64>().expect("utime") + fields[12].parse::<f64>().expect("stime");
    ticks / 100.0
}

fn registry(model: &Value) -> Registry {
    Registry::from_json(&model.to_string()).expect("the synthetic model reads back")
}

/// What changing one group cost at one size, with the group's number taken out of every name.
#[derive(Debug, PartialEq, Eq)]
struct Footprint {
    /// Units `kapi generate` rendered rather than took from its previous output.
    rendered: BTreeSet<String>,
    /// Files whose bytes changed, written by `kapi generate` and read again by the server.
    written: BTreeSet<String>,
    /// Documents the server's reload encoded.
    encoded: BTreeSet<String>,
}

fn without_group_number(names: impl IntoIterator<Item = String>) -> BTreeSet<String> {
    let number = format!("{CHANGED:04}");
    names
        .into_iter()
        .map(|name| name.replace(&format!("g{number}"), "gX").replace(&format!("G{number}"), "GX"))
        .collect()
}

/// The previous run's output in `dir` reused, as `kapi generate --out DIR` does.
fn generate_into(dir: &Path, model: &Value) -> Artifacts {
    let ledger = fs::read(dir.join(LEDGER_PATH)).ok().map(|bytes| Ledger::from_json(&bytes).expect("a ledger"));
    let options = Options { proto_ledger: ledger, ..Options::default() };
    generate_reusing(&registry(model), &options, &previous(dir)).expect("generates")
}

/// Generates `groups` groups into a directory a server serves (the CPU seconds it took), then changes one group,
/// generates into the same directory and reloads the server from it.
async fn change_one_group(groups: usize) -> (f64, Footprint) {
    let before = synthetic_model(Base::Minimal, Shape { groups, kinds_per_group: 1 });
    let registry_before = registry(&before);
    let started = process_cpu_seconds();
    let first = kapi_codegen::generate(&registry_before, &Options::default()).expect("generates");
    let generation = process_cpu_seconds() - started;
    assert!(first.get(&format!("openapi/v3/apis/g{:04}.bench.example.com/v1.json", groups - 1)).is_some());

    let live = tempfile::tempdir().expect("a directory");
    writer::write(live.path(), &first).expect("writes");
    // A file changed within a second of a read is read again by the next one, whatever its stamp: let them age.
    std::thread::sleep(Duration::from_millis(1100));
    // OpenAPI as JSON only: gnostic protobuf of a thousand groups' documents is most of an unoptimised build's load
    // time, and which documents a reload encodes does not depend on the encodings each gets.
    let options = LoadOptions { openapi_v2_protobuf: None, openapi_v3_protobuf: None, ..LoadOptions::default() };
    let first_read = Tree::read(live.path()).expect("reads");
    let serving = Bundle::from_files_reusing(first_read.files().clone(), &options, None).expect("the first bundle");

    let mut after = before;
    assert_eq!(change_group(&mut after, CHANGED), 2);
    let second = generate_into(live.path(), &after);
    let rendered = second.units().keys().filter(|unit| !second.reused_units().contains(*unit)).cloned();
    let written = writer::write(live.path(), &second).expect("writes").written;
    let second_read = Tree::read_reusing(live.path(), Some(&first_read)).expect("reads again");
    let served_written = written.iter().filter(|path| is_read_by_servers(path)).count();
    assert_eq!(second_read.read_from_disk(), served_written, "{groups} groups: read again");
    let reloaded =
        Bundle::from_files_reusing(second_read.files().clone(), &options, Some(&serving)).expect("the reload");
    let encoded = reloaded.encoded_documents().to_vec();
    assert!(reloaded.encode_deferred().expect("the v2 document encodes").is_some(), "v2 changed");

    // Every served document whose bytes did not change keeps its ETag; every other one gets a new one.
    let (old, new) = (first_read.files(), second_read.files());
    let etags_before = etags(serving, old.keys()).await;
    let etags_after = etags(reloaded, new.keys()).await;
    let label = format!("{groups} groups");
    let kept = assert_only_changed_etags_change(&label, (old, new), (&etags_before, &etags_after));
    let served = new.keys().filter(|path| request_for(path).is_some()).count();
    assert!(kept + encoded.len() >= served, "{groups} groups: {kept} kept, {} encoded of {served}", encoded.len());

    let footprint = Footprint {
        rendered: without_group_number(rendered),
        written: without_group_number(written),
        encoded: without_group_number(encoded),
    };
    (generation, footprint)
}

#[tokio::test(flavor = "current_thread")]
async fn ten_times_the_groups_costs_ten_times_the_generation_and_the_same_for_one_groups_change() {
    let (small, small_change) = change_one_group(100).await;
    let (large, large_change) = change_one_group(1000).await;
    let ratio = large / small;
    eprintln!("generation CPU: 100 groups {small:.2} s, 1000 groups {large:.2} s, ratio {ratio:.1}");
    eprintln!("one group changed: {large_change:#?}");
    // Generous, for measurement noise on a shared machine: linear work gives about 10 (10.1 measured in a debug
    // build, where per-group costs include a logarithmic factor from sorted maps), quadratic work near 100.
    assert!(ratio < 20.0, "10x the groups took {ratio:.1}x the CPU ({small:.2} s, then {large:.2} s)");
    assert_eq!(small_change, large_change, "what one group's change costs grows with the number of groups");
    let strays: Vec<&String> = large_change.rendered.iter().filter(|unit| !unit.contains("gX")).collect();
    assert!(strays.is_empty(), "units of unchanged groups were rendered again: {strays:#?}");
    assert!(large_change.encoded.len() <= 12, "{:#?}", large_change.encoded);
}
