#!/usr/bin/env bash
# Builds the client-go informer the watchable-discovery test runs (tests/informer/main.go, pinned by go.mod and
# go.sum to client-go v0.32.2) and prints the binary's path. The binary is kept in $KAPI_CACHE/informer/<hash>/,
# keyed by the sources, go.mod, go.sum and the Go version, so an unchanged program is never built twice.
#
# -mod=readonly: the build uses exactly the committed go.mod and go.sum (the modules come from the Go module proxy,
# or Go's module cache when the kube-apiserver build fetched them already).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${KAPI_CACHE:-$HOME/.cache/kapi}
command -v go >/dev/null || { echo "informer: go is not installed (needed to build tests/informer)" >&2; exit 1; }
key=$( (cd "$here" && cat go.mod go.sum ./*.go && go version) | sha256sum | cut -c1-16)
dir=$cache/informer/$key
binary=$dir/discovery-informer
if [ -x "$binary" ]; then
  echo "$binary"
  exit 0
fi

echo "informer: building tests/informer with $(go version | cut -d' ' -f3) (cached in $dir)" >&2
mkdir -p "$dir"
start=$(date +%s)
(cd "$here" && CGO_ENABLED=0 GOFLAGS=-mod=readonly go build -trimpath -o "$binary.tmp" .)
mv "$binary.tmp" "$binary"
echo "informer: built in $(($(date +%s) - start)) s" >&2
echo "$binary"
