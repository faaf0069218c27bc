#!/usr/bin/env bash
# What a CRD kind costs at compile time with kube-derive and with kapi, on the same crate, in the same run.
#
# Two copies of one crate of N kinds (default 40), each kind the CacheCluster of examples/migration (a spec of five
# fields with bounds, a CEL rule, an enum with a default, a Quantity and an optional struct; a status with
# Conditions; scale and status subresources, printer columns, a selectable field) in a group of its own:
#   kube-derive  the kinds of examples/migration/kube-derive: #[derive(CustomResource, KubeSchema)] + schemars
#   kapi         the kinds of examples/migration/kapi: #[derive(Schema, Resource)] with #[kapi(kube)], and
#                kapi-codegen for `Kind::crd()`
# Each is built in debug, as a developer iterates: cold (its dependencies and itself from an empty target
# directory) and incremental (one line of the crate changed, then rebuilt: the derives' expansion and what it
# compiles to). The two crates are built in turn, so a loaded machine slows both alike; medians are printed, and the
# ratio kapi / kube-derive.
#
# Usage: bash benches/kube-derive-compile-time.sh [KINDS] [ROUNDS] [INCREMENTAL-REBUILDS-PER-ROUND]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
kinds="${1:-40}"
rounds="${2:-1}"
rebuilds="${3:-3}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# lib.rs of N kinds: the example crate's kind definitions (everything after its `mod operator;`), once per module,
# each module in a group of its own.
write_lib() {  # example crate directory, output file
  python3 - "$1" "$kinds" > "$2" <<'PY'
import re, sys
source = open(sys.argv[1] + "/src/lib.rs").read()
head, body = source.split("pub mod operator;", 1)
uses = [line for line in head.splitlines() if line.startswith("use ")]
out = ["//! Kinds for the kube-derive / kapi compile-time benchmark.", "#![allow(dead_code)]",
       "/// Changed by the benchmark between incremental rebuilds.", "pub const EDIT: u32 = 0;"]
for i in range(int(sys.argv[2])):
    out += [f"pub mod k{i:03} {{", *("    " + u for u in uses),
            body.replace('"migration.example.com"', f'"k{i:03}.bench.example.com"'), "}"]
print("\n".join(out))
PY
}

make_crate() {  # name, example crate directory, dependency lines
  local dir="$work/$1"
  mkdir -p "$dir/src"
  cat > "$dir/Cargo.toml" <<MANIFEST
[package]
name = "kube-bench-$1"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
serde = { version = "1", features = ["derive"] }
serde_json = "1"
$3

[workspace]
MANIFEST
  # The workspace's lock file pins the same dependency versions the project builds with (and lets this run offline).
  cp "$root/Cargo.lock" "$dir/Cargo.lock"
  write_lib "$2" "$dir/src/lib.rs"
}

make_crate kube-derive "$root/examples/migration/kube-derive" '
kube = { version = "5", default-features = false, features = ["derive"] }
k8s-openapi = { version = "0.29", features = ["latest", "schemars"] }
schemars = { version = "1.2", default-features = false, features = ["std", "derive"] }'
make_crate kapi "$root/examples/migration/kapi" "
kapi = { path = \"$root/kapi\", features = [\"kube\"] }
kapi-meta = { path = \"$root/meta\" }
kapi-codegen = { path = \"$root/codegen\", features = [\"kube\"] }
k8s-openapi = { version = \"0.29\", features = [\"latest\"] }"

crates=(kube-derive kapi)
source benches/lib/compile-rounds.sh
compile_rounds
echo "$kinds kinds per crate"
print_medians
ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }
echo "kapi / kube-derive: cold $(ratio "$(median "${cold[kapi]}")" "$(median "${cold[kube-derive]}")")," \
  "incremental $(ratio "$(median "${incremental[kapi]}")" "$(median "${incremental[kube-derive]}")")"
