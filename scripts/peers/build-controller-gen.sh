#!/usr/bin/env bash
# Builds the pinned controller-gen (sigs.k8s.io/controller-tools) from the Go module proxy into
# $KAPI_CACHE/peers/controller-gen/<version>/bin/controller-gen, once per pin. Prints nothing but errors; a second
# run with the binary present returns at once. scripts/peers/controller-gen.sh and tests/tests/peers_controller_gen.rs
# call it.
set -euo pipefail
CONTROLLER_TOOLS_VERSION=v0.23.0
exec bash "$(dirname "$0")/go-install.sh" controller-gen sigs.k8s.io/controller-tools/cmd/controller-gen "$CONTROLLER_TOOLS_VERSION"
