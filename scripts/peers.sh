#!/usr/bin/env bash
# kapi beside the tools its users know, on the same inputs: controller-gen (CRDs from annotated types), kopium
# (Rust types from CRDs), oasdiff (breaking changes between OpenAPI documents) and buf (breaking changes between
# .proto files). docs/PEERS.md shows the tables this prints and says what each comparison asserts.
#
#   scripts/peers.sh          builds the pinned peers (once per pin, cached in $KAPI_CACHE/peers/), then runs the
#                             four comparisons; exits non-zero when kapi falls short of one
#   scripts/peers.sh build    only builds the peers (CI does this in the background of its build stage)
#   scripts/peers.sh PEER...  the comparisons of the peers named, each by scripts/peers/PEER.sh
#
# Each peer has scripts/peers/build-PEER.sh (its pin and build) and scripts/peers/PEER.sh (its comparison).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ci/common.sh

all=(controller-gen kopium oasdiff buf)

build() {
  local peer
  for peer in "${all[@]}"; do
    bash "scripts/peers/build-$peer.sh" || { echo "peers: building $peer failed" >&2; return 1; }
  done
}

if [ "${1:-}" = build ]; then
  build
  exit
fi

if [ $# -gt 0 ]; then
  # The comparisons of the peers named, each by its own script (the table it prints, then its tests).
  failed=()
  for peer in "$@"; do
    [ -f "scripts/peers/$peer.sh" ] || { echo "peers: no comparison for '$peer' (one of: ${all[*]})" >&2; exit 2; }
  done
  for peer in "$@"; do
    echo "== $peer"
    bash "scripts/peers/$peer.sh" || failed+=("$peer")
  done
  [ ${#failed[@]} -eq 0 ] || { echo "peers: kapi falls short beside: ${failed[*]}" >&2; exit 1; }
  exit 0
fi

# All four at once: the peers built, kopium's and kapi import's crates compiled (scripts/peers/kopium.sh --prepare),
# then every peer's tests in one nextest run, which print their tables and fail when kapi falls short.
build
bash scripts/peers/kopium.sh --prepare
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
KAPI_PEERS_KOPIUM_WORK=$KAPI_CACHE/peers/kopium/work \
  cargo nextest run --workspace --locked --cargo-profile dev -E 'package(kapi-tests) & test(/^peers_/)' --no-capture \
  >"$log" 2>&1 || status=1
grep -v '^\s*\(Compiling\|Finished\|Starting\|START\|running\|test result\)' "$log" || true
echo "== controller-gen"
"$CARGO_TARGET_DIR/debug/peers-controller-gen" || status=1
[ "$status" -eq 0 ] || { echo "peers: kapi falls short beside a peer (above)" >&2; exit 1; }
echo "peers: every comparison holds (${all[*]})"
