//! Generation stays linear in the number of groups: ten times the groups costs at most about ten times the CPU.
//!
//! The release figures at N = 300 and 3 000 are `benches/scale.sh`'s (docs/BENCHMARKS.md); this keeps the shape in
//! CI at sizes a debug build handles. The base (Kubernetes' scheme and the kinds the copies use) is a fixed cost,
//! which only lowers the ratio; a step that is quadratic in the groups would raise it towards 100.

use kapi_model::Registry;
use kapi_tests::synthetic::{Base, Shape, synthetic_model};

/// CPU time this process has used (user and system), from `/proc/self/stat`: the test measures work done, which
/// other tests running beside it on a shared machine slow down far less than they slow wall-clock time.
fn process_cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
    // The fields after the command name (which is in parentheses and may hold spaces); utime and stime are the
    // 14th and 15th fields of the line, in clock ticks (100 per second on Linux).
    let after_name = &stat[stat.rfind(')').expect("a command name") + 2..];
    let fields: Vec<&str> = after_name.split(' ').collect();
    let ticks: f64 = fields[11].parse::<f64>().expect("utime") + fields[12].parse::<f64>().expect("stime");
    ticks / 100.0
}

/// CPU seconds to generate every artifact of `groups` synthetic groups (the model is built before timing starts).
fn generation_cpu_seconds(groups: usize) -> f64 {
    let model = synthetic_model(Base::Minimal, Shape { groups, kinds_per_group: 1 }).to_string();
    let registry = Registry::from_json(&model).expect("the synthetic model reads back");
    let started = process_cpu_seconds();
    let artifacts = kapi_codegen::generate(&registry, &kapi_codegen::Options::default()).expect("generates");
    let spent = process_cpu_seconds() - started;
    assert!(artifacts.get(&format!("openapi/v3/apis/g{:04}.bench.example.com/v1.json", groups - 1)).is_some());
    spent
}

#[test]
fn ten_times_the_groups_costs_at_most_about_ten_times_the_generation_time() {
    let small = generation_cpu_seconds(100);
    let large = generation_cpu_seconds(1000);
    let ratio = large / small;
    eprintln!("generation CPU: 100 groups {small:.2} s, 1000 groups {large:.2} s, ratio {ratio:.1}");
    // Generous, for measurement noise on a shared machine: linear work gives about 10 (10.4 measured in a debug
    // build, where per-group costs include a logarithmic factor from sorted maps), quadratic work near 100.
    assert!(ratio < 20.0, "10x the groups took {ratio:.1}x the CPU ({small:.2} s, then {large:.2} s)");
}
