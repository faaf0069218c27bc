#!/usr/bin/env bash
# Installs what the tests need, then runs every check CI runs: generated artifacts are fresh, the workspace tests
# (unit, trybuild, insta snapshots, upstream fidelity, CLI behaviour) pass, and the upstream comparison holds.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v python3 >/dev/null || need_apt+=(python3 python3-pip)
# protoc checks the generated .proto files and compiles them for proto_compare.py; the etcd client crate is built
# from etcd's .proto files with it (scripts/need-protoc.sh, for the scripts that only build kapi).
command -v protoc >/dev/null || need_apt+=(protobuf-compiler)
# The aggregator's https upstream in the tests gets its certificates from the openssl tool.
command -v openssl >/dev/null || need_apt+=(openssl)
# The HTTPS tests fetch over HTTP/2 and HTTP/1.1 with curl (built with nghttp2, as Debian's is).
command -v curl >/dev/null || need_apt+=(curl)
# The identity tests run real etcd members (one, or a cluster of three) on loopback ports.
command -v etcd >/dev/null || need_apt+=(etcd-server)
# The load-with-reloads check drives kapi serve with wrk.
command -v wrk >/dev/null || need_apt+=(wrk)
# The browser test of the API reference (cli/tests/docs_browser.rs) renders /docs/ in headless chromium: it
# screenshots pages into target/docs-screenshots/ and checks the DOM chromium rendered.
command -v chromium >/dev/null || need_apt+=(chromium)
if [ ${#need_apt[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y -qq "${need_apt[@]}"
fi
# proto_compare.py reads protoc's descriptor sets with the Python protobuf package.
python3 -c 'import google.protobuf' 2>/dev/null \
  || python3 -m pip install -q protobuf 2>/dev/null \
  || python3 -m pip install -q --break-system-packages protobuf
# tests/tests/openapi_v31.rs validates every OpenAPI 3.1 document with openapi-spec-validator.
python3 -c 'import openapi_spec_validator' 2>/dev/null \
  || python3 -m pip install -q openapi-spec-validator 2>/dev/null \
  || python3 -m pip install -q --break-system-packages openapi-spec-validator
command -v cargo-nextest >/dev/null || cargo install --locked cargo-nextest
# The fuzz targets (fuzz/) build with cargo-fuzz on the nightly toolchain.
command -v cargo-fuzz >/dev/null || cargo install --locked cargo-fuzz

if [ ! -d ../shared/upstream ]; then
  echo "error: ../shared (upstream reference data) is missing beside the project" >&2
  exit 1
fi

# Fail rather than write .snap.new files when a snapshot differs.
export INSTA_UPDATE=no CI="${CI:-true}"

# Each stage's heading says how long the run has taken so far, so CI logs show where the time goes.
stage() { echo "== $* (${SECONDS}s in)"; }

stage "build (once: the test profile, which the tests, the doctests and the kapi binary below all share)"
# `cargo build` would compile the workspace in the dev profile and nextest would then compile it all again in the
# test profile (the profile's name is part of every artifact's hash); building through nextest compiles it once,
# binaries included (integration tests run them), and examples too.
cargo nextest run --workspace --locked --no-run

stage "kapi check (generated/ is fresh)"
# The build above built the binary with the workspace's feature set; `cargo run -p` would rebuild.
target/debug/kapi check --dir generated

stage "generated CRDs, checked as the API server would (structural schema, CEL rules)"
target/debug/kapi check-crd generated/crds/*.yaml

stage "upstream comparison (every Kubernetes 1.32 document, whole, against ours)"
upstream=../shared/upstream/k8s-1.32/openapi-v3
for document in $(cd "$upstream" && find . -name '*.json' | sed 's|^\./||' | sort); do
  printf '%-48s ' "$document"
  python3 ../shared/conformance/openapi_diff.py "generated/openapi/v3/$document" "$upstream/$document" \
    --min-identical 100 | tail -1
done

stage "protobuf: protoc accepts every generated file"
(cd generated/proto && find . -name '*.proto' | sed 's|^\./||' | sort | xargs protoc -I. --descriptor_set_out=/dev/null)

stage "protobuf: shared messages match upstream's .proto files"
python3 ../shared/conformance/proto_compare.py generated/proto ../shared/upstream/proto \
  k8s.io/apimachinery/pkg/apis/meta/v1/generated.proto k8s.io/api/coordination/v1/generated.proto \
  k8s.io/api/apidiscovery/v2/generated.proto k8s.io/api/apidiscovery/v2beta1/generated.proto

stage "tests"
cargo nextest run --workspace --locked --no-fail-fast

stage "kapi init: a fresh crate builds and passes its tests against the snapshots kapi init wrote"
# Its own target directory under target/, so later runs reuse its compiled dependencies. kapi init copies this
# checkout's Cargo.lock into the crate, so it resolves to versions already fetched for the build above (--offline).
# INSTA_REQUIRE_FULL_MATCH: the snapshot files must be byte for byte what insta writes, metadata included.
# (Cargo rebuilds the crate every run all the same: its files are newer than anything in that directory.)
root=$PWD
scaffold=$(mktemp -d)
trap 'rm -rf "$scaffold"' EXIT
(cd "$scaffold" && "$root/target/debug/kapi" init demo)
(
  cd "$scaffold/demo"
  if cargo fmt --version >/dev/null 2>&1; then cargo fmt --check; fi
  INSTA_REQUIRE_FULL_MATCH=1 CARGO_TARGET_DIR="$root/target/init-demo" cargo test --offline
)
rm -rf "$scaffold"
trap - EXIT

stage "kapi import: upstream's documents, the generated CRDs and edge cases as Rust types, built, generated again"
# The crate shares kapi init's target directory: the same kapi crates at the same versions, compiled once.
imported=$(mktemp -d)
trap 'rm -rf "$imported"' EXIT
target/debug/kapi import $(find "$upstream" -name '*.json' | sort) generated/crds/*.yaml \
  tests/fixtures/import/edge-cases.json --out "$imported/api"
# `cargo check` runs the build script, which generates, without compiling the library a second time for code.
(cd "$imported/api" && CARGO_TARGET_DIR="$root/target/init-demo" cargo check --offline)
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
rm -rf "$imported"
trap - EXIT

stage "doctests (nextest does not run them)"
cargo test --doc --workspace --locked

stage "kubectl conformance (kubectl 1.27, 1.29, 1.32 against kapi serve on the embedded corpus)"
work=$(mktemp -d)
target/debug/kapi serve --addr 127.0.0.1:0 --request-log "$work/requests.log" >"$work/serve.out" 2>"$work/serve.err" &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do grep -q listening "$work/serve.out" && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.out" | head -1)
[ -n "$url" ] || { echo "kapi serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
python3 ../shared/conformance/kubectl_conformance.py "$url" --request-log "$work/requests.log"

stage "kubectl conformance against kapi serve aggregating two kapi upstreams and an https OpenAPI-v2-only one"
scripts/aggregator-conformance.sh target/debug/kapi

stage "load with reloads (10 s): wrk -t2 -c64 while a new bundle version is published and SIGHUP sent every 100 ms"
scripts/load-with-reloads.sh --debug 10

stage "fuzzing: every target for 30 s, two at a time (fuzz/, cargo-fuzz on nightly)"
# Optimised and without a sanitizer (-O --sanitizer none): the code is safe Rust (unsafe_code is forbidden), so
# AddressSanitizer would add build time and slow each run without finding more; panics and failed assertions are
# what the targets report. One build for all targets, then two targets at a time (one per core), each for 30 s;
# a target's output is shown when it fails. Inputs found go to fuzz/corpus/ (ignored by git); fuzz/seeds/ stay
# untouched.
(
  cd fuzz
  cargo +nightly fuzz build -O --sanitizer none
  logs=$(mktemp -d)
  # shellcheck disable=SC2016
  cargo +nightly fuzz list | xargs -P 2 -I{} bash -c '
    mkdir -p "corpus/$1"
    if cargo +nightly fuzz run -O --sanitizer none "$1" "corpus/$1" "seeds/$1" -- -max_total_time=30 >"$2/$1.log" 2>&1; then
      echo "$1: $(grep -o "Done [0-9]* runs in [0-9]* second(s)" "$2/$1.log")"
    else
      echo "$1 FAILED:" >&2; tail -40 "$2/$1.log" >&2; exit 1
    fi' _ {} "$logs"
  rm -rf "$logs"
)
echo "== done (${SECONDS}s)"
