#!/usr/bin/env bash
# Builds the pinned oasdiff (github.com/oasdiff/oasdiff) from the Go module proxy into
# $KAPI_CACHE/peers/oasdiff/<version>/bin/oasdiff, once per pin. Prints nothing but errors; a second run with the
# binary present returns at once. scripts/peers/oasdiff.sh and tests/tests/peers_oasdiff.rs call it.
set -euo pipefail
OASDIFF_VERSION=v1.37.0
exec bash "$(dirname "$0")/go-install.sh" oasdiff github.com/oasdiff/oasdiff "$OASDIFF_VERSION"
