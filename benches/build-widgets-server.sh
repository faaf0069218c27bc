#!/usr/bin/env bash
# Cold `cargo build -p widgets-server` (the example user's aggregated API server, whose build script runs the
# generator) at two revisions, each in its own worktree and target directory, alternating, ROUNDS rounds.
# Prints each build's wall time and crate count, the medians and the ratio after/before, and from the last round's
# `cargo --timings` report the compile time of each kapi crate (crates built both for the build script and for the
# binary appear twice).
#
# Usage: bash benches/build-widgets-server.sh BEFORE_REV [AFTER_REV=HEAD] [ROUNDS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
before_rev=${1:?usage: build-widgets-server.sh BEFORE_REV [AFTER_REV] [ROUNDS]}
after_rev=${2:-HEAD}
rounds=${3:-3}

work=$(mktemp -d)
cleanup() {
  git worktree remove --force "$work/before" 2>/dev/null || true
  git worktree remove --force "$work/after" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
git worktree add --quiet --detach "$work/before" "$before_rev"
git worktree add --quiet --detach "$work/after" "$after_rev"
# Fetch every dependency once, so no build waits on the network.
for side in before after; do (cd "$work/$side" && cargo fetch --locked --quiet); done

declare -A times
for round in $(seq "$rounds"); do
  for side in before after; do
    target="$work/target-$side"
    rm -rf "$target"
    log="$work/$side-$round.log"
    start=$(date +%s.%N)
    (cd "$work/$side" && CARGO_TARGET_DIR="$target" cargo build --offline --locked --timings -p widgets-server >"$log" 2>&1)
    end=$(date +%s.%N)
    seconds=$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')
    crates=$(grep -c '^ *Compiling ' "$log" || true)
    times[$side]="${times[$side]:-} $seconds"
    printf 'round %s %-6s %7.1f s  %3s crates compiled\n' "$round" "$side" "$seconds" "$crates"
  done
done

median() { printf '%s\n' $1 | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
before=$(median "${times[before]}")
after=$(median "${times[after]}")
printf 'median before (%s): %.1f s\nmedian after  (%s): %.1f s\nratio after/before: %.2f\n' \
  "$(git rev-parse --short "$before_rev")" "$before" "$(git rev-parse --short "$after_rev")" "$after" \
  "$(awk -v a="$after" -v b="$before" 'BEGIN {print a / b}')"

for side in before after; do
  echo "kapi crates, $side (seconds of compile time, last round):"
  python3 - "$work/target-$side/cargo-timings/cargo-timing.html" <<'PY'
import json, re, sys
units = json.loads(re.search(r"const UNIT_DATA = (\[.*?\]);\n", open(sys.argv[1]).read(), re.S).group(1))
print(f"  all {len(units)} units: {sum(u['duration'] for u in units):.1f} s")
for unit in units:
    if unit["name"].startswith(("kapi", "widgets")):
        print(f"  {unit['name']:<16} {unit.get('target', '').strip():<22} {unit['duration']:5.1f}")
PY
done
