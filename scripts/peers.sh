#!/usr/bin/env bash
# kapi beside the tools its users know, on the same inputs: controller-gen (CRDs from annotated types), kopium
# (Rust types from CRDs), oasdiff (breaking changes between OpenAPI documents) and buf (breaking changes between
# .proto files). docs/PEERS.md shows the tables this prints and says what each comparison asserts.
#
#   scripts/peers.sh          builds the pinned peers (once per pin, cached in $KAPI_CACHE/peers/), then runs the
#                             four comparisons; exits non-zero when kapi falls short of one
#   scripts/peers.sh build    only builds the peers (CI does this in the background of its build stage)
#   scripts/peers.sh PEER...  the comparisons of the peers named
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

chosen=("$@")
[ ${#chosen[@]} -gt 0 ] || chosen=("${all[@]}")
for peer in "${chosen[@]}"; do
  [ -f "scripts/peers/$peer.sh" ] || { echo "peers: no comparison for '$peer' (one of: ${all[*]})" >&2; exit 2; }
done
build
failed=()
for peer in "${chosen[@]}"; do
  echo "== $peer"
  bash "scripts/peers/$peer.sh" || failed+=("$peer")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "peers: kapi falls short beside: ${failed[*]}" >&2
  exit 1
fi
echo "peers: every comparison holds (${chosen[*]})"
