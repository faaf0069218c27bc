#!/usr/bin/env bash
# kapi diff's wire rules beside `buf breaking` with buf's WIRE_JSON category (issue 43, acceptance 4): builds the
# pinned buf (scripts/peers/build-buf.sh), runs tests/tests/peers_buf.rs, which compares both tools' findings on
# every pair (kapi's wire fixtures, generated/ at two revisions, generated/ with edits), and prints its tables, the
# ones docs/peers/buf.md shows. Exits non-zero when a pair's findings differ or buf cannot be built.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/common.sh
bash scripts/peers/build-buf.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# --no-capture: the tests print their tables; one thread so that the tables do not interleave.
cargo nextest run --workspace --locked --cargo-profile dev -E 'package(kapi-tests) & test(/^peers_buf::/)' \
  --no-capture --test-threads 1 \
  >"$log" 2>&1 || status=$?
# The tables and their titles, without the test runner's lines.
grep -E '^(\||[a-zA-Z].*: [0-9]+/[0-9]+ pairs)' "$log" || true
if [ "$status" -ne 0 ]; then
  grep -E 'differ|panicked|FAIL' "$log" >&2 || tail -40 "$log" >&2
  echo "buf.sh: kapi and buf differ, or the comparison failed (exit $status)" >&2
fi
exit "$status"
