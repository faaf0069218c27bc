#!/usr/bin/env bash
# The kapi binary's allocator at scale: the same source built with mimalloc (the default) and with the system's
# allocator (`--no-default-features`, glibc here), run alternately for ROUNDS rounds (the order flips every round).
#
# Prints, for each binary and round:
#   - `kapi generate --model` of the corpus plus N synthetic groups (default 3000) into a fresh directory: peak
#     resident memory, CPU time (user + system) and wall time;
#   - `kapi serve --dir` on that output: time to listening, then VmRSS (and its peak, VmHWM) 2 s later.
#
# Usage: bash benches/allocator.sh [N] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
# Where cargo puts the builds (CI sets CARGO_TARGET_DIR to a cache outside the clone).
target_dir=${CARGO_TARGET_DIR:-target}
n="${1:-3000}"
rounds="${2:-2}"
bash scripts/need-protoc.sh
work=$(mktemp -d)
server=
# A server still running (the script stopped while measuring) is stopped with it.
trap '{ [ -z "$server" ] || kill "$server"; } 2>/dev/null; rm -rf "$work"' EXIT

# The two builds differ in kapi-cli's features only, so the second relinks the binary and reuses everything else;
# each binary is copied out before the next build replaces it. The default build goes last, so target/release/kapi
# is left as it was.
cargo build --release --locked -q --bin kapi -p kapi-cli --no-default-features
cp "$target_dir"/release/kapi "$work/kapi-system"
cargo build --release --locked -q --bin kapi -p kapi-cli
cp "$target_dir"/release/kapi "$work/kapi-mimalloc"
cargo build --release --locked -q --bin synthetic-corpus -p kapi-tests
"$target_dir"/release/synthetic-corpus --groups "$n" --out "$work/model.json"

measure() {
  local name=$1 bin="$work/kapi-$1"
  rm -rf "$work/out"
  /usr/bin/time -f '%M %U %S %e' -o "$work/time" "$bin" generate --model "$work/model.json" --out "$work/out" \
    >/dev/null
  read -r peak user sys wall <"$work/time"
  local start ready
  start=$(date +%s%N)
  "$bin" serve --dir "$work/out" --addr 127.0.0.1:0 >"$work/serve.out" 2>/dev/null &
  server=$!
  for _ in $(seq 12000); do grep -q listening "$work/serve.out" && break; sleep 0.05; done
  ready=$(( ($(date +%s%N) - start) / 1000000 ))
  sleep 2
  local rss hwm
  rss=$(awk '/^VmRSS:/ {print $2}' "/proc/$server/status")
  hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$server/status")
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=
  printf '%-8s generate: peak %s KB, CPU %.1f s, wall %s s; serve: listening after %s ms, VmRSS %s KB (VmHWM %s KB)\n' \
    "$name" "$peak" "$(echo "$user + $sys" | bc)" "$wall" "$ready" "$rss" "$hwm"
}

for round in $(seq "$rounds"); do
  echo "== round $round (N = $n)"
  if [ $(( round % 2 )) -eq 1 ]; then measure system; measure mimalloc; else measure mimalloc; measure system; fi
done
