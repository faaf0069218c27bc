#!/usr/bin/env bash
# The main job: builds kapi and serves the embedded corpus like a kube-apiserver (extra arguments go to
# `kapi serve`, e.g. `--addr 127.0.0.1:8080`). kapi's etcd lease store is built from etcd's .proto files, which
# needs protoc, so it is installed first when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v protoc >/dev/null; then
  apt-get update -qq && apt-get install -y -qq protobuf-compiler
fi
exec cargo run --release --bin kapi -- serve "$@"
