#!/usr/bin/env bash
# go-install.sh NAME PACKAGE VERSION: builds a peer written in Go at its pin, `go install PACKAGE@VERSION` from the Go
# module proxy into $KAPI_CACHE/peers/NAME/VERSION/bin/, once per pin. Prints nothing but errors; a second run with
# the binary present returns at once. The scripts/peers/build-*.sh of Go peers call it with their pin.
set -euo pipefail
name=$1 package=$2 version=$3
cache=${KAPI_CACHE:-$HOME/.cache/kapi}
dir=$cache/peers/$name/$version
binary=$dir/bin/${package##*/}
[ -x "$binary" ] && exit 0
mkdir -p "$dir/bin"
# A fresh GOBIN per pin, and -mod=mod so that a go.work or vendor folder around the caller plays no part. CGO off,
# as the peers' own release builds.
CGO_ENABLED=0 GOBIN=$dir/bin GOFLAGS=-mod=mod go install "$package@$version" >/dev/null 2>"$dir/build.log" || {
  cat "$dir/build.log" >&2
  echo "build-$name: go install of $package@$version failed" >&2
  exit 1
}
[ -x "$binary" ] || { echo "build-$name: $binary missing after go install" >&2; exit 1; }
