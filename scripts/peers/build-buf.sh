#!/usr/bin/env bash
# Builds the pinned buf (github.com/bufbuild/buf/cmd/buf) from the Go module proxy into
# $KAPI_CACHE/peers/buf/<version>/bin/buf, once per pin. Prints nothing but errors; a second run with the binary
# present returns at once. scripts/peers/buf.sh and tests/tests/peers_buf.rs call it.
set -euo pipefail
BUF_VERSION=v1.75.0
exec bash "$(dirname "$0")/go-install.sh" buf github.com/bufbuild/buf/cmd/buf "$BUF_VERSION"
