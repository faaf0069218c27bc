#!/usr/bin/env bash
# Builds the pinned controller-gen (sigs.k8s.io/controller-tools) from the Go module proxy into
# $KAPI_CACHE/peers/controller-gen/<version>/bin/controller-gen, once per pin. Prints nothing but errors; a second
# run with the binary present returns at once. scripts/peers/controller-gen.sh and tests/tests/peers_controller_gen.rs
# call it.
set -euo pipefail
CONTROLLER_TOOLS_VERSION=v0.23.0
cache=${KAPI_CACHE:-$HOME/.cache/kapi}
dir=$cache/peers/controller-gen/$CONTROLLER_TOOLS_VERSION
binary=$dir/bin/controller-gen
[ -x "$binary" ] && exit 0
mkdir -p "$dir/bin"
# A fresh GOBIN per pin, and -mod=mod so that a go.work or vendor folder around the caller plays no part.
GOBIN=$dir/bin GOFLAGS=-mod=mod go install "sigs.k8s.io/controller-tools/cmd/controller-gen@$CONTROLLER_TOOLS_VERSION" >/dev/null 2>"$dir/build.log" || {
  cat "$dir/build.log" >&2
  echo "build-controller-gen: go install of controller-gen $CONTROLLER_TOOLS_VERSION failed" >&2
  exit 1
}
[ -x "$binary" ] || { echo "build-controller-gen: $binary missing after go install" >&2; exit 1; }
