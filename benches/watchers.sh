#!/usr/bin/env bash
# Watchable discovery under many watchers: `kapi serve --dir --watch` on a copy of generated/, N watches of
# `/apis/discovery.k8s.io/v1alpha1/groups` opened by one bounded asyncio client (benches/watchers.py), then one
# change to the bundle (a resource of apps/v1 dropped, SIGHUP): when the MODIFIED event reaches each watcher, and
# the server's resident memory per idle watcher. A fresh server per round; the rounds alternate the watcher counts.
#
# Usage: bash benches/watchers.sh [ROUNDS] [N...]        (default: 3 rounds of 1000 and 10000)
#        KAPI_BIN=path/to/kapi bash benches/watchers.sh   (a kapi already built; otherwise a release build)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
shift || true
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000 10000)
if [ -z "${KAPI_BIN:-}" ]; then
  cargo build --release --locked -q --bin kapi -p kapi-cli
  KAPI_BIN=${CARGO_TARGET_DIR:-target}/release/kapi
fi
largest=0
for n in "${counts[@]}"; do [ "$n" -gt "$largest" ] && largest=$n; done
work=$(mktemp -d)
server=
trap '{ [ -z "$server" ] || kill "$server"; } 2>/dev/null; rm -rf "$work"' EXIT

run() {
  local n=$1 url
  rm -rf "$work/bundle" && cp -r generated "$work/bundle"
  "$KAPI_BIN" serve --dir "$work/bundle" --watch --addr 127.0.0.1:0 --max-connections $((largest + 100)) \
    >"$work/serve.out" 2>"$work/serve.err" &
  server=$!
  for _ in $(seq 600); do grep -q listening "$work/serve.out" && break; sleep 0.05; done
  url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.out" | head -1)
  [ -n "$url" ] || { echo "kapi serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
  python3 benches/watchers.py "$url" "$server" "$work/bundle" "$n" || echo "(round failed: N = $n)"
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=
}

echo "kapi: $KAPI_BIN ($("$KAPI_BIN" --version)); $(nproc) cores"
for round in $(seq "$rounds"); do
  for n in "${counts[@]}"; do
    printf 'round %s, N = %s: ' "$round" "$n"
    run "$n"
  done
done
