#!/usr/bin/env bash
# Installs what the tests need, then runs every check CI runs: generated artifacts are fresh, the workspace tests
# (unit, trybuild, insta snapshots, upstream fidelity, CLI behaviour) pass, and the upstream comparison holds.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v python3 >/dev/null || need_apt+=(python3)
if [ ${#need_apt[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y -qq "${need_apt[@]}"
fi
command -v cargo-nextest >/dev/null || cargo install --locked cargo-nextest

if [ ! -d ../shared/upstream ]; then
  echo "error: ../shared (upstream reference data) is missing beside the project" >&2
  exit 1
fi

# Fail rather than write .snap.new files when a snapshot differs.
export INSTA_UPDATE=no CI="${CI:-true}"

echo "== build"
cargo build --workspace --all-targets --locked

echo "== kapi check (generated/ is fresh)"
cargo run -q --locked --bin kapi -- check --dir generated

echo "== upstream comparison (coordination.k8s.io/v1)"
python3 ../shared/conformance/openapi_diff.py \
  generated/openapi/v3/apis/coordination.k8s.io/v1.json \
  ../shared/upstream/k8s-1.32/openapi-v3/apis/coordination.k8s.io/v1.json --only-schemas --min-identical 100

echo "== tests"
cargo nextest run --workspace --locked --no-fail-fast
