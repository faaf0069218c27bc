#!/usr/bin/env bash
# What kapi's derive costs at compile time, against schemars' in the same run.
#
# Three copies of one crate of 300 synthetic types (8 fields each: two strings, an integer, an Option, a Vec, a map,
# the previous type, a unit enum), differing only in their derives:
#   serde     #[derive(Serialize, Deserialize)]
#   schemars  #[derive(Serialize, Deserialize, schemars::JsonSchema)]   (schemars 1.x, its `derive` feature)
#   kapi      #[derive(Serialize, Deserialize, kapi::Schema)]
# Each is built in debug, as a developer iterates: cold (its dependencies and itself from an empty target
# directory) and incremental (one line of the crate changed, then rebuilt). The three crates are built in turn within
# each round, so a loaded machine slows all three alike; medians of the rounds are printed, and the added cost of
# each derive over serde alone.
#
# Usage: bash benches/derive-compile-time.sh [ROUNDS] [INCREMENTAL-REBUILDS-PER-ROUND]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
rounds="${1:-3}"
rebuilds="${2:-3}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One crate's lib.rs: 300 types, each with a unit enum; $1 is the derive list, $2 extra lines after each derive.
write_lib() {
  python3 - "$1" "$2" > "$3" <<'PY'
import sys
derive, attrs = sys.argv[1], sys.argv[2]
out = ["//! 300 synthetic types for the derive compile-time benchmark.", "#![allow(dead_code)]",
       "use std::collections::BTreeMap;", "use serde::{Deserialize, Serialize};", "",
       "/// Changed by the benchmark between incremental rebuilds.", "pub const EDIT: u32 = 0;", ""]
for i in range(300):
    out += [f"/// How type {i} runs.", f"#[derive({derive})]", attrs,
            f"pub enum Mode{i:03} {{ Alpha, Beta, Gamma }}", ""]
    previous = f"pub previous: Option<Type{i-1:03}>," if i else "pub previous: Option<String>,"
    out += [f"/// Synthetic type {i}.", f"#[derive({derive})]", attrs, "#[serde(rename_all = \"camelCase\")]",
            f"pub struct Type{i:03} {{",
            "    /// A name.", "    pub name: String,",
            "    /// A note.", "    pub note: String,",
            "    /// A count.", "    pub count: i64,",
            "    /// An optional limit.", "    pub limit: Option<i32>,",
            "    /// Some tags.", "    pub tags: Vec<String>,",
            "    /// Some labels.", "    pub labels: BTreeMap<String, String>,",
            "    /// The previous type.", "    " + previous,
            "    /// The mode.", f"    pub mode: Mode{i:03},",
            "}", ""]
print("\n".join(line for line in out if line != ""))
PY
}

make_crate() {  # name, derive list, attribute line, extra dependency lines
  local dir="$work/$1"
  mkdir -p "$dir/src"
  cat > "$dir/Cargo.toml" <<EOF
[package]
name = "derive-bench-$1"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
serde = { version = "1", features = ["derive"] }
$4

[workspace]
EOF
  # The workspace's lock file pins the same dependency versions the project builds with (and lets this run offline).
  cp "$root/Cargo.lock" "$dir/Cargo.lock"
  write_lib "$2" "$3" "$dir/src/lib.rs"
}

make_crate serde "Serialize, Deserialize" "" ""
make_crate schemars "Serialize, Deserialize, schemars::JsonSchema" "" \
  'schemars = { version = "1.2", default-features = false, features = ["std", "derive"] }'
make_crate kapi "Serialize, Deserialize, kapi::Schema" '#[kapi(package = "example.com/bench/v1")]' \
  "kapi = { path = \"$root/kapi\" }"

crates=(serde schemars kapi)
source benches/lib/compile-rounds.sh
compile_rounds
print_medians
base_cold=$(median "${cold[serde]}"); base_inc=$(median "${incremental[serde]}")
for crate in schemars kapi; do
  echo "$crate over serde: cold +$(( $(median "${cold[$crate]}") - base_cold )) ms," \
    "incremental +$(( $(median "${incremental[$crate]}") - base_inc )) ms"
done
