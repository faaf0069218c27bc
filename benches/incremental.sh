#!/usr/bin/env bash
# Incremental work at scale: the whole corpus plus N synthetic custom groups (default 3000), then one group changed
# (`synthetic-corpus --change-group`: every version of its spec gains a field) or one group added (N + 1 groups).
#
# Prints, for each of the two edits:
#   - the runtime (`runtime/examples/reload_cost.rs`, median of RUNS): a reload as `kapi serve --dir` does it (the
#     changed files written into a live copy of the served directory, the directory read again taking unchanged
#     files from the last read, the bundle built reusing the serving one) against a full start (the directory read,
#     the bundle built from scratch), with how many files each read and documents each encoded;
#   - `kapi generate`: regenerating into the previous run's output directory, which reuses every unit whose inputs
#     did not change (its record `.kapi-reuse.json` is there), against the same run with the record removed (every
#     unit rendered) and against a fresh directory; wall and CPU time, and that the outputs are identical.
#
# Usage: bash benches/incremental.sh [N] [RUNS] [WORK-DIR]
# A WORK-DIR given is kept, and models and bundles already in it are reused (they take minutes to generate).
set -euo pipefail
cd "$(dirname "$0")/.."
# Where cargo puts the builds (CI sets CARGO_TARGET_DIR to a cache outside the clone).
target_dir=${CARGO_TARGET_DIR:-target}
n="${1:-3000}"
runs="${2:-3}"
bash scripts/need-protoc.sh
cargo build --release --locked -q --bin kapi -p kapi-cli
cargo build --release --locked -q --bin synthetic-corpus -p kapi-tests
cargo build --release --locked -q -p kapi-runtime --features gnostic --example reload_cost
kapi="$target_dir"/release/kapi
if [ -n "${3:-}" ]; then
  work="$3/n$n"
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

changed_group=$(( n / 2 ))
[ -d "$work/base" ] || {
  "$target_dir"/release/synthetic-corpus --groups "$n" --out "$work/base.json"
  "$target_dir"/release/synthetic-corpus --groups "$n" --change-group "$changed_group" --out "$work/changed.json"
  "$target_dir"/release/synthetic-corpus --groups "$(( n + 1 ))" --out "$work/added.json"
  for model in changed added base; do
    "$kapi" generate --model "$work/$model.json" --out "$work/$model.partial" >/dev/null
    mv "$work/$model.partial" "$work/$model"
  done
}

# `/usr/bin/time` figures of one command: wall seconds, user + system CPU seconds.
timed() { /usr/bin/time -f '%e %U %S' -o "$work/time" "$@" >/dev/null; awk '{printf "%s s wall, %.2f s CPU", $1, $2 + $3}' "$work/time"; }

for edit in changed added; do
  echo "== N=$n, one group ${edit}"
  echo "-- runtime ($target_dir/release/examples/reload_cost $edit):"
  "$target_dir"/release/examples/reload_cost "$work/base" "$work/$edit" "$runs" | sed 's/^/   /'
  echo "-- kapi generate:"
  rm -rf "$work/fresh"
  echo "   into a fresh directory: $(timed "$kapi" generate --model "$work/$edit.json" --out "$work/fresh")"
  rm -rf "$work/full" && cp -r "$work/base" "$work/full" && rm "$work/full/.kapi-reuse.json"
  echo "   into the previous output, everything rendered: $(timed "$kapi" generate --model "$work/$edit.json" --out "$work/full")"
  rm -rf "$work/previous" && cp -a "$work/base" "$work/previous"
  echo "   into the previous output, unchanged units reused: $(timed "$kapi" generate --model "$work/$edit.json" --out "$work/previous")"
  if diff -r -x .kapi-reuse.json "$work/full" "$work/previous" >/dev/null; then
    echo "   (reusing and rendering everything wrote identical files)"
  else
    echo "   REUSED OUTPUT DIFFERS from the full render"; exit 1
  fi
  echo "   again, nothing changed: $(timed "$kapi" generate --model "$work/$edit.json" --out "$work/previous")"
done
