#!/usr/bin/env bash
# `kapi diff` beside oasdiff (issue 43; docs/peers/oasdiff.md shows the output). Builds the pinned oasdiff
# (scripts/peers/build-oasdiff.sh), runs `oasdiff breaking BASE REVISION --format json --fail-on ERR` and kapi's
# document comparison on oasdiff's pairs (../shared/peers/oasdiff/cases.json, read in place) and on ours (upstream
# Kubernetes 1.32 documents with one edit each, tests/peers-data/oasdiff/pairs.json), and prints both tables.
# Exits 1 when kapi misses a break oasdiff reports or a case's expected finding (acceptance 3). The same checks
# run as tests in tests/tests/peers_oasdiff.rs.
#
# Usage: bash scripts/peers/oasdiff.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/common.sh
bash scripts/peers/build-oasdiff.sh
build_workspace
"$CARGO_TARGET_DIR/debug/peers-oasdiff"
