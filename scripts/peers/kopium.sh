#!/usr/bin/env bash
# kapi import beside kopium on every CRD of ../shared/peers/crds (cert-manager, Gateway API standard and
# experimental, Argo CD), each version: both tools' Rust, both crates compiled, and what each gives back.
#
#   1. kapi import per project (Gateway API's channels define the same kinds, so each project is a crate), each
#      crate checked with cargo (its build script compiles the types and generates generated/ from them);
#   2. kopium (scripts/peers/build-kopium.sh, the pin) on each CRD version with the configuration kube-rs users run
#      (-A: --schema=derived, JsonSchema, --docs; --derive=Default --derive=PartialEq --smart-derive-elision), all
#      modules in one crate with kube's CustomResource derive, which prints each kind's regenerated schema;
#   3. tests/tests/peers_kopium.rs with KAPI_PEERS_KOPIUM_WORK: kapi's compiled crates must write their model's
#      CRDs byte for byte, 0 fields verbatim or untyped; it prints the table docs/peers/kopium.md shows, with the
#      keywords kube-derive's schema loses against the input.
#
# `kopium.sh --prepare` does steps 1 and 2 only (scripts/peers.sh then runs every peer's tests at once).
#
# Work stays in $KAPI_CACHE/peers/kopium/work, kopium's crate builds in kopium-target/ beside it, kapi's crates in
# $KAPI_CACHE/outside-target; later runs reuse all three. Exits non-zero when a crate does not compile or kapi falls short.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
source scripts/ci/common.sh
bash scripts/peers/build-kopium.sh
version=$(sed -n 's/^KOPIUM_VERSION=//p' scripts/peers/build-kopium.sh)
kopium=$KAPI_CACHE/peers/kopium/$version/bin/kopium
work=$KAPI_CACHE/peers/kopium/work
# The target directory of the crates kapi init and kapi import write (scripts/test.sh): the same kapi crates and
# profiles, so a CI run compiles their dependencies once.
target=$KAPI_CACHE/outside-target
kopium_target=$KAPI_CACHE/peers/kopium/kopium-target
crds=$root/../shared/peers/crds
mkdir -p "$work"
profiles=$work/profiles.toml
python3 scripts/ci/profiles.py "$profiles"

# Writes stdin to $1 only when the bytes differ, so cargo does not rebuild an unchanged crate.
write_if_changed() {
  local tmp
  tmp=$(mktemp)
  cat >"$tmp"
  if cmp -s "$tmp" "$1"; then rm -f "$tmp"; else mv "$tmp" "$1"; fi
}

build_workspace
kapi=$CARGO_TARGET_DIR/debug/kapi

# 1. kapi import, a crate per project, checked (its build script compiles the types and generates).
projects=(cert-manager:cert-manager gateway-api-standard:gateway-api/standard
  gateway-api-experimental:gateway-api/experimental argo-cd:argo-cd)
for entry in "${projects[@]}"; do
  name=${entry%%:*} dir=${entry#*:}
  scratch=$(mktemp -d)
  "$kapi" import "$crds/$dir"/*.yaml --out "$scratch/$name" --kapi-path "$root" >"$work/kapi-$name.import.log"
  mkdir -p "$work/kapi/$name/src"
  for file in Cargo.toml build.rs $(cd "$scratch/$name" && find src -name '*.rs'); do
    write_if_changed "$work/kapi/$name/$file" <"$scratch/$name/$file"
  done
  [ -f "$work/kapi/$name/Cargo.lock" ] || cp "$scratch/$name/Cargo.lock" "$work/kapi/$name/Cargo.lock" 2>/dev/null || true
  rm -rf "$scratch"
  (cd "$work/kapi/$name" && CARGO_TARGET_DIR=$target cargo check -q --config "$profiles" 2>"$work/kapi-$name.build.log") || {
    cat "$work/kapi-$name.build.log" >&2
    echo "kopium.sh: kapi's crate for $name does not compile" >&2
    exit 1
  }
done

# 2. kopium on every CRD version, a module each, in one crate whose program writes each kind's schema as kube-derive
# generates it. The CRDs' names, kinds and versions are read from kapi's JSON of them (the same specs).
crate=$work/kopium
mkdir -p "$crate/src" "$crate/out"
write_if_changed "$crate/Cargo.toml" <<'EOF'
[package]
name = "peers-kopium"
version = "0.1.0"
edition = "2024"
publish = false

# Not a member of kapi's workspace.
[workspace]

[dependencies]
kube = { version = "=5.0.0", default-features = false, features = ["derive"] }
k8s-openapi = { version = "=0.29.0", features = ["latest", "schemars"] }
# kopium writes `format: date-time` as chrono's DateTime<Utc>, so the crate needs chrono and schemars' support of it.
schemars = { version = "=1.2.3", features = ["chrono04"] }
chrono = { version = "0.4", default-features = false, features = ["serde", "clock"] }
serde = { version = "1", features = ["derive"] }
serde_json = "1"
EOF
modules=()
main_body=""
for entry in "${projects[@]}"; do
  name=${entry%%:*} dir=${entry#*:}
  for file in "$crds/$dir"/*.yaml; do
    crd=$(grep -m1 '^  name: ' "$file" | awk '{print $2}')
    json=$work/kapi/$name/generated/crds/$crd.json
    kind=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["spec"]["names"]["kind"])' "$json")
    for v in $(python3 -c 'import json, sys; print(" ".join(v["name"] for v in json.load(open(sys.argv[1]))["spec"]["versions"]))' "$json"); do
      module=$(echo "${name}_${crd%%.*}_$v" | tr -c 'a-z0-9\n' '_')
      "$kopium" -A --derive=Default --derive=PartialEq --smart-derive-elision --api-version "$v" -f "$file" \
        | write_if_changed "$crate/src/$module.rs"
      modules+=("$module")
      # kopium names the root type in Rust's case (`root = "HttpRoute"` for kind HTTPRoute) when it differs.
      root=$(grep -m1 -o 'root = "[A-Za-z0-9_]*"' "$crate/src/$module.rs" | cut -d'"' -f2 || true)
      main_body+="    write::<$module::${root:-$kind}>(\"$name@$crd@$v\");"$'\n'
    done
  done
done
{
  echo "//! kopium's Rust for every CRD version, a module each; prints nothing, writes out/<project>@<crd>@<version>.json."
  for module in "${modules[@]}"; do echo "#[allow(dead_code, clippy::all)] mod $module;"; done
  echo
  echo "fn write<K: kube::CustomResourceExt>(name: &str) {"
  echo "    let crd = K::crd();"
  echo "    let schema = &crd.spec.versions[0].schema.as_ref().expect(\"a schema\").open_api_v3_schema;"
  echo "    std::fs::write(format!(\"out/{name}.json\"), serde_json::to_string(schema).expect(\"JSON\")).expect(\"written\");"
  echo "}"
  echo
  echo "fn main() {"
  printf '%s' "$main_body"
  echo "}"
} | write_if_changed "$crate/src/main.rs"
(cd "$crate" && CARGO_TARGET_DIR=$kopium_target cargo run -q --config "$profiles" 2>"$work/kopium.build.log") || {
  cat "$work/kopium.build.log" >&2
  echo "kopium.sh: kopium's crate does not compile or run" >&2
  exit 1
}

[ "${1:-}" = --prepare ] && exit 0
# 3. The table, and kapi's acceptance: the test fails when kapi falls short.
KAPI_PEERS_KOPIUM_WORK=$work cargo nextest run --workspace --locked --cargo-profile dev --no-capture \
  -E 'package(kapi-tests) & test(/^peers_kopium::/)' 2>&1 | grep -v '^\s*\(Compiling\|Finished\|Starting\|PASS\|SKIP\)' || exit 1
