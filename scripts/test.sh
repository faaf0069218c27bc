#!/usr/bin/env bash
# Installs what the tests need, then runs every check CI runs, stage by stage, and ends with a table of how long
# each stage took. docs/DEVELOPING.md explains the stages, the caches and how to run one stage or one test alone.
#
# Caches live outside the checkout, in $KAPI_CACHE (default ~/.cache/kapi): the workspace's cargo target directory,
# one for the crates built outside it (kapi init's, kapi import's), the tools, and records that let a second run
# on this machine skip what has not changed (the workspace crates whose files are unchanged, fuzz targets already
# fuzzed here with the same code, packages verified with the same bytes). Without them (a new machine, or
# `rm -rf ~/.cache/kapi`), everything is built and run, except fuzzing, which depends on the commits
# (scripts/ci/fuzz_plan.py).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ci/common.sh

if [ ! -d ../shared/upstream ]; then
  echo "error: ../shared (upstream reference data) is missing beside the project" >&2
  exit 1
fi
# Fail rather than write .snap.new files when a snapshot differs; tests that need a tool fail when it is missing.
export INSTA_UPDATE=no CI="${CI:-true}"
root=$PWD
background=()
# Stops a process and everything it started (a background build's cargo and rustc processes).
kill_tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
cleanup() {
  # Every process this script started in the background, and the temporary directories.
  local pid
  for pid in "${background[@]}"; do kill_tree "$pid"; done
  rm -rf "${temporary[@]}"
}
temporary=()
trap 'status=$?; cleanup; stages_done; exit $status' EXIT
# scratch VAR: a new temporary directory in VAR, removed when the script ends.
scratch() { local dir; dir=$(mktemp -d); temporary+=("$dir"); printf -v "$1" '%s' "$dir"; }
scratch jobs
# start JOB COMMAND...: runs COMMAND in the background, its output in $jobs/JOB.log and its exit status in
# $jobs/JOB.status. await JOB: waits for it, shows its output, and stops the run if it failed. The status comes from
# that file, not from `wait`: a run starts tens of thousands of processes, PIDs wrap (pid_max is 32 768 on these
# machines), and bash forgets a finished job's status once its PID is reused (CI run 41: "wait: pid 1037 is not a
# child of this shell" failed a run whose fuzz build had succeeded).
declare -A job_pids
start() {
  local job=$1
  shift
  (if "$@" >"$jobs/$job.log" 2>&1; then echo 0; else echo $?; fi >"$jobs/$job.status") &
  job_pids[$job]=$!
  background+=("$!")
}
await() {
  # Returns at once, with a meaningless status, when bash has forgotten the job: the status file says.
  wait "${job_pids[$1]}" 2>/dev/null || true
  [ -e "$jobs/$1.status" ] || { echo "$1 stopped without an exit status:" >&2; cat "$jobs/$1.log" >&2; exit 1; }
  [ "$(cat "$jobs/$1.status")" = 0 ] || { echo "$1 failed:" >&2; cat "$jobs/$1.log" >&2; exit 1; }
}

stage install "protoc, cargo-nextest and cargo-fuzz now; the tests' Debian and Python packages during the build"
bash scripts/ci/install.sh build
start install bash scripts/ci/install.sh tests

stage build "every crate, test, example and the kapi binary, once, in the dev profile every later stage shares"
# The record of what the last run built from is taken once this run's builds are over; files unchanged since then
# get back the modification time they had, so cargo reuses what was built from them (scripts/ci/mtimes.py).
python3 scripts/ci/mtimes.py restore "$KAPI_CACHE/mtimes.json"
trap 'status=$?; cleanup; python3 scripts/ci/mtimes.py record "$KAPI_CACHE/mtimes.json"; stages_done; exit $status' EXIT
# The fuzz targets due for this commit (scripts/ci/fuzz_plan.py) build from here on, in the background at the
# lowest priority and in a target directory of their own: they take only the cores the other stages leave idle (the
# build's serial stretches, tests that wait on servers and kubectl), and the fuzz stage waits for the rest.
start fuzz_build nice -n 19 bash scripts/ci/fuzz.sh build
# The pinned kube-apiserver the differential tests run (tests/kube/build.sh, docs/KUBE.md): built from the Go module
# proxy in the background, once per pin (kept in $KAPI_CACHE/kube/), and waited for before the tests. At normal
# priority: the tests wait for it, so it is on the run's critical path as much as the workspace's build.
start kube_build bash tests/kube/build.sh
# The client-go informer the watchable-discovery test runs (tests/informer/build.sh), from the same module cache:
# seconds once the kube-apiserver's modules are there, cached in $KAPI_CACHE/informer/ by its sources' hash.
start informer_build bash tests/informer/build.sh
# The peers kapi is compared with (scripts/peers.sh, docs/PEERS.md): controller-gen, oasdiff and buf from the Go
# module proxy, kopium from crates.io, each at its pin and kept in $KAPI_CACHE/peers/ (seconds once built). The
# peers' tests in the tests stage need them, so they build beside the workspace at normal priority.
start peers_build bash scripts/peers.sh build
# The dev profile rather than nextest's default (test): the doc tests, cargo doc and the packaged crates' builds
# below use it too, and a profile's name is part of every artifact's hash.
cargo nextest run --workspace --locked --cargo-profile dev --no-run
kapi=$CARGO_TARGET_DIR/debug/kapi
upstream=../shared/upstream/k8s-1.32/openapi-v3

# The crates kapi init and kapi import write compile from here on, in the background at the lowest priority: the
# tests leave cores idle while they wait on servers and kubectl. The init and import stages below wait for them,
# then test what was built. They build in a target directory of their own (cargo locks a target directory while it
# builds, and the tests would wait on that lock), with the workspace's profiles (scripts/ci/profiles.py).
outside_target=$KAPI_CACHE/outside-target
scratch profiles_dir
profiles=$profiles_dir/profiles.toml
python3 scripts/ci/profiles.py "$profiles"
scratch scaffold
scratch imported
scratch outside
(
  renice -n 19 -p "$BASHPID" >/dev/null || true
  export CARGO_TARGET_DIR=$outside_target
  # kapi init copies this checkout's Cargo.lock into the crate, so it resolves to versions already fetched for
  # the build above (--offline).
  if {
    (cd "$scaffold" && "$kapi" init demo \
      --kapi-path "$(python3 -c 'import os, sys; print(os.path.relpath(*sys.argv[1:]))' "$root" "$scaffold")") &&
      (cd "$scaffold/demo" && cargo test --offline --config "$profiles" --no-run)
  } >"$outside/init.log" 2>&1; then echo 0 >"$outside/init.status"; else echo 1 >"$outside/init.status"; fi
  # `cargo check` runs the build script, which generates, without compiling the library a second time for code.
  if {
    "$kapi" import $(find "$upstream" -name '*.json' | sort) generated/crds/*.yaml \
      tests/fixtures/import/edge-cases.json --out "$imported/api" --kapi-path . &&
      (cd "$imported/api" && cargo check --offline --config "$profiles")
  } >"$outside/import.log" 2>&1; then echo 0 >"$outside/import.status"; else echo 1 >"$outside/import.status"; fi
) &
outside_builds=$!
background+=("$outside_builds")
# await_outside STEP: waits for the background STEP, shows its output, and stops the run if it failed.
await_outside() {
  while [ ! -e "$outside/$1.status" ]; do
    kill -0 "$outside_builds" 2>/dev/null || { echo "the background builds stopped before $1" >&2; exit 1; }
    sleep 1
  done
  grep -v '^ *\(Compiling\|Checking\|Downloaded\|Downloading\|Locking\|Adding\)' "$outside/$1.log" || true
  [ "$(cat "$outside/$1.status")" = 0 ] || { echo "$1 failed" >&2; exit 1; }
}

stage checks "kapi check, check-crd, protoc, the MSRV, the fuzz crate's lock file"
"$kapi" check --dir generated
# Generated CRDs, checked as the API server would (structural schema, CEL rules).
"$kapi" check-crd generated/crds/*.yaml
# protoc accepts every generated file.
(cd generated/proto && find . -name '*.proto' | sed 's|^\./||' | sort | xargs protoc -I. --descriptor_set_out=/dev/null)
python3 scripts/ci/msrv.py
# The fuzz crate's own lock file is complete on every run, not only when a fuzz target is due (its build cannot
# update it: cargo-fuzz takes no --locked).
cargo metadata --locked --format-version 1 --manifest-path fuzz/Cargo.toml >/dev/null

stage upstream "every Kubernetes 1.32 document, whole, against ours; shared protobuf messages against upstream's"
await install
cat "$jobs/install.log"
for document in $(cd "$upstream" && find . -name '*.json' | sed 's|^\./||' | sort); do
  printf '%-48s ' "$document"
  python3 ../shared/conformance/openapi_diff.py "generated/openapi/v3/$document" "$upstream/$document" \
    --min-identical 100 | tail -1
done
python3 ../shared/conformance/proto_compare.py generated/proto ../shared/upstream/proto \
  k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto k8s.io/api/coordination/v1/generated.proto \
  k8s.io/api/apidiscovery/v2/generated.proto k8s.io/api/apidiscovery/v2beta1/generated.proto

stage tests "the workspace's tests with cargo-nextest, two at a time, the longest first (.config/nextest.toml)"
await kube_build
cat "$jobs/kube_build.log"
KUBE_APISERVER=$(tail -1 "$jobs/kube_build.log")
export KUBE_APISERVER
await informer_build
cat "$jobs/informer_build.log"
KAPI_INFORMER=$(tail -1 "$jobs/informer_build.log")
export KAPI_INFORMER
await peers_build
cat "$jobs/peers_build.log"
# The peers' tests run in the peers stage below, with the crates they compare.
cargo nextest run --workspace --locked --cargo-profile dev --no-fail-fast \
  -E 'not (package(kapi-tests) & test(/^peers_/))'

stage doctests "the documentation's examples (nextest does not run them)"
cargo test --doc --workspace --locked

stage init "kapi init: a fresh crate outside the checkout, on it by a relative --kapi-path, builds and passes its tests"
await_outside init
# INSTA_REQUIRE_FULL_MATCH: the snapshot files must be byte for byte what insta writes, metadata included.
(
  cd "$scaffold/demo"
  if cargo fmt --version >/dev/null 2>&1; then cargo fmt --check; fi
  INSTA_REQUIRE_FULL_MATCH=1 CARGO_TARGET_DIR=$outside_target cargo test --offline --config "$profiles"
)

stage import "kapi import: upstream's documents, the CRDs and edge cases as a crate on this checkout (--kapi-path .)"
await_outside import
for document in $(cd "$upstream" && find . -name '*.json' | sed 's|^\./||' | sort); do
  printf '%-48s ' "$document"
  python3 ../shared/conformance/openapi_diff.py "$imported/api/generated/openapi/v3/$document" "$upstream/$document" \
    --min-identical 100 | tail -1
done
for crd in generated/crds/*; do
  cmp "$crd" "$imported/api/generated/crds/${crd##*/}"
done
echo "every CRD byte for byte"
python3 - "$imported/api/generated/openapi/v3/apis/edge.example.com/v1.json" tests/fixtures/import/edge-cases.json <<'EOF'
import json, sys
ours, theirs = (json.load(open(path))["components"]["schemas"] for path in sys.argv[1:])
differing = [name for name in theirs if ours.get(name) != theirs[name]]
assert not differing, differing
print(f"edge cases: {len(theirs)} definitions keyword for keyword")
EOF

stage kubectl "kubectl 1.27, 1.29, 1.32 against kapi serve on the embedded corpus, and through kapi's aggregator"
scratch work
"$kapi" serve --addr 127.0.0.1:0 --request-log "$work/requests.log" >"$work/serve.out" 2>"$work/serve.err" &
background+=($!)
for _ in $(seq 100); do grep -q listening "$work/serve.out" && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.out" | head -1)
[ -n "$url" ] || { echo "kapi serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
python3 ../shared/conformance/kubectl_conformance.py "$url" --request-log "$work/requests.log"
# Against kapi serve aggregating two kapi upstreams and an https OpenAPI-v2-only one.
scripts/aggregator-conformance.sh "$kapi"

stage load "60 s of wrk -t2 -c64 while a new bundle version is published and SIGHUP sent every 100 ms"
# 60 s, so the memory check's first reading (after 30 s) comes once the encodings made on first need for each
# version published have brought memory to its plateau (a reading after 5 s saw that climb as +24.6 % growth).
KAPI_BIN=$kapi scripts/load-with-reloads.sh --debug 60

stage peers "controller-gen, kopium, oasdiff and buf beside kapi on the same inputs (scripts/peers.sh, docs/PEERS.md)"
bash scripts/peers.sh

stage package "cargo publish --dry-run of every published crate; the packages checked and documented (no warnings)"
bash scripts/ci/package.sh

stage fuzz "the fuzz targets whose code changed in HEAD, and all of them on the first commit of a day, 30 s each"
await fuzz_build
grep -v '^ *\(Compiling\|Downloaded\|Downloading\|Locking\|Adding\|Updating\)' "$jobs/fuzz_build.log" || true
bash scripts/ci/fuzz.sh run
