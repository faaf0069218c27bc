#!/usr/bin/env bash
# The main job: builds kapi and serves the embedded corpus like a kube-apiserver (extra arguments go to
# `kapi serve`, e.g. `--addr 127.0.0.1:8080`). The build needs protoc, installed first when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/need-protoc.sh
exec cargo run --release --bin kapi -- serve "$@"
