#!/usr/bin/env bash
# Pins the kube-apiserver the tests run: writes tests/kube/apiserver/go.mod and go.sum for one k8s.io/kubernetes
# release. Outside its own repository that module builds only with its staging modules (k8s.io/api,
# k8s.io/apiserver, …, which its go.mod replaces with ./staging/src/…) pinned to the matching v0.x.y releases, so
# every module it replaces gets a replace directive to that version.
#
#   tests/kube/pin.sh 1.32.13
#
# tests/kube/build.sh builds from the committed files with -mod=readonly: a run never resolves anything new.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: tests/kube/pin.sh VERSION (for example 1.32.13)" >&2; exit 2; }
version=${1#v}
staging=v0.${version#1.}
cd "$(dirname "$0")/apiserver"
export GOFLAGS=-mod=mod

rm -f go.mod go.sum
go mod init kapi-tests/kube-apiserver >/dev/null 2>&1
# The go directive the pinned module asks for, so the module graph is read as upstream's is.
upstream=$(go mod download -json "k8s.io/kubernetes@v$version" | python3 -c 'import json, sys; print(json.load(sys.stdin)["GoMod"])')
go mod edit -go="$(awk '$1 == "go" { print $2; exit }' "$upstream")"
for module in $(awk '$2 == "=>" && $3 ~ /^\.\/staging\// { print $1 }' "$upstream" | sort); do
  go mod edit -replace="$module=$module@$staging"
done
go mod edit -require="k8s.io/kubernetes@v$version"
# Everything the command's packages import, and nothing else.
go get "k8s.io/kubernetes/cmd/kube-apiserver@v$version"
go mod verify >/dev/null
echo "pinned kube-apiserver v$version ($(grep -c '=> ' go.mod) staging modules at $staging)"
