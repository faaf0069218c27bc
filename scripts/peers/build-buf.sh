#!/usr/bin/env bash
# Builds the pinned buf (github.com/bufbuild/buf/cmd/buf) from the Go module proxy into
# $KAPI_CACHE/peers/buf/<version>/bin/buf, once per pin. Prints nothing but errors; a second run with the binary
# present returns at once. scripts/peers/buf.sh and tests/tests/peers_buf.rs call it.
set -euo pipefail
BUF_VERSION=v1.75.0
cache=${KAPI_CACHE:-$HOME/.cache/kapi}
dir=$cache/peers/buf/$BUF_VERSION
binary=$dir/bin/buf
[ -x "$binary" ] && exit 0
mkdir -p "$dir/bin"
# A fresh GOBIN per pin, and -mod=mod so that a go.work or vendor folder around the caller plays no part. CGO off,
# as buf's own release builds.
CGO_ENABLED=0 GOBIN=$dir/bin GOFLAGS=-mod=mod go install "github.com/bufbuild/buf/cmd/buf@$BUF_VERSION" \
  >/dev/null 2>"$dir/build.log" || {
  cat "$dir/build.log" >&2
  echo "build-buf: go install of buf $BUF_VERSION failed" >&2
  exit 1
}
[ -x "$binary" ] || { echo "build-buf: $binary missing after go install" >&2; exit 1; }
