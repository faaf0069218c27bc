#!/usr/bin/env bash
# kapi's CRDs beside controller-gen's for the same kinds (issue 43; docs/peers/controller-gen.md shows the output).
# Builds the pinned controller-gen (scripts/peers/build-controller-gen.sh), runs it on the Go types of
# tests/peers-data/controller-gen as a kubebuilder project's `make manifests` does, compares its CRDs with
# generated/crds/ by the semantic diff of tests/src/crd_semantic_diff.rs, and prints every difference with its
# verdict from tests/peers-controller-gen-differences.toml. Exits non-zero when a difference has no verdict (or an
# entry matches none). The verdicts about what the server accepts are checked by tests/tests/peers_controller_gen.rs.
#
# Usage: bash scripts/peers/controller-gen.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/common.sh
bash scripts/peers/build-controller-gen.sh
build_workspace
"$CARGO_TARGET_DIR/debug/peers-controller-gen"
