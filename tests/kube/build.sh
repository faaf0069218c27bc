#!/usr/bin/env bash
# Builds the pinned kube-apiserver (tests/kube/apiserver/go.mod, written by tests/kube/pin.sh) from the Go module
# proxy, once per pin: the binary is kept in $KAPI_CACHE/kube/<go.sum hash>/ (outside the checkout) and printed.
#
#   tests/kube/build.sh            prints the binary's path, building it first when this pin has none yet
#   tests/kube/build.sh --release  the same, compiled with the Go compiler's optimizations (for benchmarks)
#
# The tests' build turns the compiler's optimizations and inlining off (-gcflags=all=-N -l): it compiles with
# about a tenth less CPU time (367 against 408 CPU seconds from empty Go caches), which a cold CI run feels, and
# the tests ask the server nothing that needs speed.
# Go's own caches (modules in $(go env GOMODCACHE), compiled packages in $(go env GOCACHE)) make a rebuild after a
# new pin cheap; a cold build compiles about 1 800 packages (several minutes on two cores).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${KAPI_CACHE:-$HOME/.cache/kapi}
module=$here/apiserver
version=$(awk '$1 == "k8s.io/kubernetes" { print $2 } $1 == "require" && $2 == "k8s.io/kubernetes" { print $3 }' "$module/go.mod")
[ -n "$version" ] || { echo "kube: tests/kube/apiserver/go.mod requires no k8s.io/kubernetes" >&2; exit 1; }
gcflags=("-gcflags=all=-N -l")
flavour=test
if [ "${1:-}" = --release ]; then gcflags=(); flavour=release; fi
key=$(cat "$module/go.mod" "$module/go.sum" | sha256sum | cut -c1-16)
dir=$cache/kube/$version-$key-$flavour
binary=$dir/kube-apiserver
if [ -x "$binary" ]; then
  echo "$binary"
  exit 0
fi

echo "kube: building kube-apiserver $version ($flavour build) with $(go version | cut -d' ' -f3) (cached in $dir)" >&2
mkdir -p "$dir"
start=$(date +%s)
major=${version#v}; major=${major%%.*}
minor=${version#v*.}; minor=${minor%%.*}
# What `kube-apiserver --version` and /version report, as a release build stamps them.
stamp=k8s.io/component-base/version
ldflags="-s -w -X $stamp.gitVersion=$version -X $stamp.gitMajor=$major -X $stamp.gitMinor=$minor"
ldflags+=" -X $stamp.gitTreeState=clean -X $stamp.buildDate=1970-01-01T00:00:00Z"
(
  cd "$module"
  # -mod=readonly: the build uses exactly the pinned go.mod and go.sum; CGO off, as upstream's release builds.
  CGO_ENABLED=0 GOFLAGS=-mod=readonly go build -trimpath "${gcflags[@]}" -ldflags "$ldflags" -o "$binary.tmp" \
    k8s.io/kubernetes/cmd/kube-apiserver
)
mv "$binary.tmp" "$binary"
echo "kube: built $("$binary" --version) in $(( $(date +%s) - start )) s" >&2
echo "$binary"
