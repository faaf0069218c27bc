#!/usr/bin/env bash
# Builds the pinned oasdiff (github.com/oasdiff/oasdiff) from the Go module proxy into
# $KAPI_CACHE/peers/oasdiff/<version>/bin/oasdiff, once per pin. Prints nothing but errors; a second run with the
# binary present returns at once. scripts/peers/oasdiff.sh and tests/tests/peers_oasdiff.rs call it.
set -euo pipefail
OASDIFF_VERSION=v1.37.0
cache=${KAPI_CACHE:-$HOME/.cache/kapi}
dir=$cache/peers/oasdiff/$OASDIFF_VERSION
binary=$dir/bin/oasdiff
[ -x "$binary" ] && exit 0
mkdir -p "$dir/bin"
# A fresh GOBIN per pin, and -mod=mod so that a go.work or vendor folder around the caller plays no part. CGO off,
# as oasdiff's own release builds.
CGO_ENABLED=0 GOBIN=$dir/bin GOFLAGS=-mod=mod go install "github.com/oasdiff/oasdiff@$OASDIFF_VERSION" \
  >/dev/null 2>"$dir/build.log" || {
  cat "$dir/build.log" >&2
  echo "build-oasdiff: go install of oasdiff $OASDIFF_VERSION failed" >&2
  exit 1
}
[ -x "$binary" ] || { echo "build-oasdiff: $binary missing after go install" >&2; exit 1; }
