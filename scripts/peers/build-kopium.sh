#!/usr/bin/env bash
# Builds the pinned kopium (crates.io, kube-rs/kopium) into $KAPI_CACHE/peers/kopium/<version>/bin/kopium, once per
# pin, with the lock file kopium released (--locked). Prints nothing but errors; a second run with the binary
# present returns at once. scripts/peers/kopium.sh and tests/tests/peers_kopium.rs call it.
set -euo pipefail
KOPIUM_VERSION=0.24.1
cache=${KAPI_CACHE:-$HOME/.cache/kapi}
dir=$cache/peers/kopium/$KOPIUM_VERSION
binary=$dir/bin/kopium
[ -x "$binary" ] && exit 0
mkdir -p "$dir"
# A target directory of its own, kept beside the binary, so a rebuild after a failed one reuses what was compiled.
# Without the compiler's optimizations: kopium's output is what is compared, not its speed, and an optimized build
# costs 410 CPU seconds from nothing against 165 (a cold CI run feels every one of them).
CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_DEBUG=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
  CARGO_TARGET_DIR=$cache/peers/kopium/target cargo install --quiet --locked --version "$KOPIUM_VERSION" --root "$dir" \
  kopium >"$dir/build.log" 2>&1 || {
  cat "$dir/build.log" >&2
  echo "build-kopium: cargo install of kopium $KOPIUM_VERSION failed" >&2
  exit 1
}
[ -x "$binary" ] || { echo "build-kopium: $binary missing after cargo install" >&2; exit 1; }
