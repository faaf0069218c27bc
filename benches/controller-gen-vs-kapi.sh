#!/usr/bin/env bash
# CRD generation time of a 300-type package: controller-gen's (Go types with kubebuilder markers) against kapi's
# (Rust types with kapi's derives), the same API in each, in the same run. docs/BENCHMARKS.md shows the figures.
#
# The package, written by this script into a temporary directory: 50 kinds of one group-version, each with six
# types (the kind, its list, spec, status, a list item and a string enum), so 300 types; every spec has a bounded
# string, an integer with a default and bounds, the enum with a default, a list-map of items with bounds, a string
# map, an optional string with a CEL rule, and a printer column and status subresource on the kind.
#
#   controller-gen  the pinned release (scripts/peers/build-controller-gen.sh), run as kubebuilder's `make manifests`
#                   runs it: `controller-gen crd paths=./... output:crd:dir=...`, every option at its default.
#                   Cold: an empty Go build cache (GOCACHE); the module cache holds the sources, as after
#                   `go mod download`.
#   kapi            a crate laid out as `kapi init` writes one: its build script (cli/src/init/template/build.rs)
#                   generates generated/ (the CRDs, and the OpenAPI, discovery and protobuf artifacts with them) on
#                   `cargo build`. Cold: the crate's own build (its build script and library) from nothing, its
#                   dependencies (kapi, serde …) already compiled, as in any project after its first build.
# Then, in both, one line changed (a field's doc comment, which changes the CRD) and generation run again.
# Each round times both tools one after the other, so a loaded machine slows them alike; medians of the rounds.
#
# Usage: bash benches/controller-gen-vs-kapi.sh [ROUNDS] [EDITS-PER-ROUND]   (defaults 3 and 2; a few minutes once
# the kapi crate's dependencies are compiled, which the first run does once into $KAPI_CACHE/bench/)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
rounds=${1:-3}
edits=${2:-2}
cache=${KAPI_CACHE:-$HOME/.cache/kapi}
bash scripts/peers/build-controller-gen.sh
pin=$(awk -F= '/^CONTROLLER_TOOLS_VERSION=/ { print $2 }' scripts/peers/build-controller-gen.sh)
controller_gen=$cache/peers/controller-gen/$pin/bin/controller-gen
work=$(mktemp -d)
# CONTROLLER_GEN_VS_KAPI_KEEP=1 keeps the two packages (and prints where) for a closer look.
if [ -n "${CONTROLLER_GEN_VS_KAPI_KEEP:-}" ]; then echo "packages kept in $work"; else trap 'rm -rf "$work"' EXIT; fi
kinds=50

# The Go module: go.mod and go.sum of the comparison's own Go types (apimachinery at the pinned server's version).
mkdir -p "$work/go/api/v1"
cp tests/peers-data/controller-gen/go.mod tests/peers-data/controller-gen/go.sum "$work/go/"
sed -i 's|^module .*|module example.com/bench|' "$work/go/go.mod"
python3 - "$kinds" "$work/go/api/v1" <<'PY'
import sys
kinds, out = int(sys.argv[1]), sys.argv[2]
open(f"{out}/doc.go", "w").write("// Package v1 holds the benchmark's kinds.\n// +groupName=bench.example.com\npackage v1\n")
for i in range(kinds):
    k = f"Kind{i:03}"
    src = f'''package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Synthetic kind {i}.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name=Replicas,type=integer,JSONPath=.spec.replicas
type {k} struct {{
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	// What is wanted.
	// +required
	Spec {k}Spec `json:"spec"`
	// What was seen.
	// +optional
	Status *{k}Status `json:"status,omitempty"`
}}

// A page of {k}.
// +kubebuilder:object:root=true
type {k}List struct {{
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	// The items.
	Items []{k} `json:"items"`
}}

// How kind {i} runs.
// +kubebuilder:validation:Enum=Alpha;Beta;Gamma
type {k}Mode string

// What kind {i} wants.
type {k}Spec struct {{
	// A name.
	// +kubebuilder:validation:MinLength=1
	// +kubebuilder:validation:MaxLength=63
	// +required
	Name string `json:"name"`
	// How many copies.
	// +kubebuilder:default=1
	// +kubebuilder:validation:Minimum=0
	// +kubebuilder:validation:Maximum=100
	// +optional
	Replicas *int32 `json:"replicas,omitempty"`
	// The mode.
	// +kubebuilder:default=Alpha
	// +optional
	Mode {k}Mode `json:"mode,omitempty"`
	// The items, one per name.
	// +listType=map
	// +listMapKey=name
	// +kubebuilder:validation:MaxItems=16
	// +optional
	Items []{k}Item `json:"items,omitempty"`
	// Some labels.
	// +optional
	Labels map[string]string `json:"labels,omitempty"`
	// An optional note.
	// +kubebuilder:validation:XValidation:rule="self.size() <= 256",message="the note is too long"
	// +optional
	Note *string `json:"note,omitempty"`
}}

// An item of kind {i}.
type {k}Item struct {{
	// The item's name.
	// +required
	Name string `json:"name"`
	// The item's port.
	// +kubebuilder:validation:Minimum=1
	// +kubebuilder:validation:Maximum=65535
	// +required
	Port int32 `json:"port"`
}}

// What kind {i} last saw.
type {k}Status struct {{
	// How many copies run.
	// +optional
	Replicas int32 `json:"replicas,omitempty"`
}}
'''
    open(f"{out}/kind{i:03}_types.go", "w").write(src)
PY

# The kapi crate, laid out as `kapi init` writes one.
mkdir -p "$work/kapi/src"
cp cli/src/init/template/build.rs "$work/kapi/build.rs"
cat > "$work/kapi/Cargo.toml" <<EOF
[package]
name = "bench-controller-gen-vs-kapi"
version = "0.1.0"
edition = "2024"
publish = false

[dependencies]
kapi = { path = "$root/kapi" }
kapi-meta = { path = "$root/meta" }
serde = { version = "1", features = ["derive"] }

[build-dependencies]
kapi = { path = "$root/kapi" }
kapi-meta = { path = "$root/meta" }
kapi-codegen = { path = "$root/codegen" }
serde = { version = "1", features = ["derive"] }

[workspace]
EOF
cp Cargo.lock "$work/kapi/Cargo.lock"
python3 - "$kinds" "$work/kapi/src/lib.rs" <<'PY'
import sys
kinds, out = int(sys.argv[1]), sys.argv[2]
pkg = 'package = "example.com/bench/v1"'
lines = ["//! The benchmark's kinds.", "use std::collections::BTreeMap;", "use kapi::{Registry, Resource, Schema};",
         "use kapi_meta::meta::v1::{ListMeta, ObjectMeta, TypeMeta};", "use serde::{Deserialize, Serialize};", "",
         "fn one() -> i32 { 1 }", ""]
register = []
for i in range(kinds):
    k = f"Kind{i:03}"
    register.append(f"    registry.register_resource::<{k}>();")
    lines.append(f'''/// Synthetic kind {i}.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema, Resource)]
#[serde(rename_all = "camelCase")]
#[kapi({pkg}, group = "bench.example.com", version = "v1", list = {k}List, status,
       crd(printer_column(name = "Replicas", type = "integer", json_path = ".spec.replicas")))]
pub struct {k} {{
    /// The object's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The object's metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What is wanted.
    pub spec: {k}Spec,
    /// What was seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<{k}Status>,
}}

/// A page of {k}.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[kapi({pkg})]
pub struct {k}List {{
    /// The list's API version and kind.
    #[serde(flatten)]
    pub type_meta: TypeMeta,
    /// The list's metadata.
    #[serde(default)]
    pub metadata: ListMeta,
    /// The items.
    pub items: Vec<{k}>,
}}

/// How kind {i} runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, Schema)]
#[kapi({pkg})]
pub enum {k}Mode {{
    /// The first mode.
    #[default]
    Alpha,
    /// The second mode.
    Beta,
    /// The third mode.
    Gamma,
}}

/// What kind {i} wants.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi({pkg})]
pub struct {k}Spec {{
    /// A name.
    #[kapi(min_length = 1, max_length = 63)]
    pub name: String,
    /// How many copies.
    #[serde(default = "one")]
    #[kapi(default = 1, minimum = 0, maximum = 100)]
    pub replicas: i32,
    /// The mode.
    #[serde(default)]
    #[kapi(default = "Alpha")]
    pub mode: {k}Mode,
    /// The items, one per name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[kapi(list_type = "map", list_map_keys = ["name"], max_items = 16)]
    pub items: Vec<{k}Item>,
    /// Some labels.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    /// An optional note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[kapi(validation(rule = "self.size() <= 256", message = "the note is too long"))]
    pub note: Option<String>,
}}

/// An item of kind {i}.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Schema)]
#[kapi({pkg})]
pub struct {k}Item {{
    /// The item's name.
    pub name: String,
    /// The item's port.
    #[kapi(minimum = 1, maximum = 65535)]
    pub port: i32,
}}

/// What kind {i} last saw.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, Schema)]
#[serde(rename_all = "camelCase")]
#[kapi({pkg})]
pub struct {k}Status {{
    /// How many copies run.
    #[serde(default)]
    pub replicas: i32,
}}
''')
lines += ["/// Every kind of the benchmark.", "pub fn registry() -> Registry {", "    let mut registry = Registry::new();",
          "    kapi_meta::register(&mut registry);"] + register + ["    registry", "}"]
open(out, "w").write("\n".join(lines) + "\n")
PY

export CARGO_TARGET_DIR=$cache/bench/controller-gen-vs-kapi/target
export GOFLAGS=-mod=mod
ms() { local start=$(date +%s%N); "$@" >/dev/null; echo $(( ($(date +%s%N) - start) / 1000000 )); }
median() { printf '%s\n' $1 | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
run_controller_gen() { (cd "$work/go" && GOCACHE=$work/gocache "$controller_gen" crd paths=./... output:crd:dir="$work/go/crds"); }
build_kapi() { (cd "$work/kapi" && cargo build -q --offline 2>&1); }
# The doc comment of kind 0's `name`, in both packages; $1 makes it differ from the last edit.
edit() {
  sed -i "0,/\/\/ A name\.*.*/s//\/\/ A name. Edit $1./" "$work/go/api/v1/kind000_types.go"
  sed -i "0,/\/\/\/ A name\.*.*/s//\/\/\/ A name. Edit $1./" "$work/kapi/src/lib.rs"
}

# Untimed: the kapi crate's dependencies (the first run on a machine compiles them), and a check that both tools
# write 50 CRDs.
build_kapi
run_controller_gen
for dir in "$work/go/crds" "$work/kapi/generated/crds"; do
  count=$(find "$dir" -name '*.yaml' | wc -l)
  [ "$count" -eq "$kinds" ] || { echo "controller-gen-vs-kapi: $dir holds $count CRDs, not $kinds" >&2; exit 1; }
done

declare -A cold changed
for round in $(seq "$rounds"); do
  rm -rf "$work/gocache" "$work/go/crds"
  cold[controller-gen]+="$(ms run_controller_gen) "
  (cd "$work/kapi" && cargo clean -q -p bench-controller-gen-vs-kapi --offline && rm -rf generated)
  cold[kapi]+="$(ms build_kapi) "
  for e in $(seq "$edits"); do
    edit "$round$e"
    changed[controller-gen]+="$(ms run_controller_gen) "
    changed[kapi]+="$(ms build_kapi) "
  done
  grep -q "Edit $round$edits" "$work/go/crds/bench.example.com_kind000s.yaml"
  grep -q "Edit $round$edits" "$work/kapi/generated/crds/kind000s.bench.example.com.yaml"
done

echo "300 types (50 kinds), $rounds rounds, $edits one-line changes per round; controller-gen $pin; $(rustc --version)"
printf '%-15s %10s %14s   (all runs, ms)\n' tool cold one-line-change
for tool in controller-gen kapi; do
  printf '%-15s %10s %14s   cold: %s changed: %s\n' "$tool" "$(median "${cold[$tool]}")" \
    "$(median "${changed[$tool]}")" "${cold[$tool]}" "${changed[$tool]}"
done
awk -v kc="$(median "${cold[kapi]}")" -v gc="$(median "${cold[controller-gen]}")" \
  -v ke="$(median "${changed[kapi]}")" -v ge="$(median "${changed[controller-gen]}")" \
  'BEGIN { printf "kapi / controller-gen: cold %.2f, after a one-line change %.2f\n", kc / gc, ke / ge }'
