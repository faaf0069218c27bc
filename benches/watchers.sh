#!/usr/bin/env bash
# Watchable discovery under many watchers: `kapi serve --dir --watch` on a copy of generated/, N watches of
# `/apis/discovery.k8s.io/v1alpha1/groups` opened by a bounded asyncio client (benches/watchers.py: as many client
# processes as the limit of open files needs, as many loopback source addresses as the port range needs), then one
# change to the bundle (a resource of apps/v1 dropped, SIGHUP): when the MODIFIED event reaches each watcher, and
# the server's resident memory per idle watcher. A fresh server per round; the rounds alternate the watcher counts.
#
# Usage: bash benches/watchers.sh [ROUNDS] [N...]        (default: 3 rounds of 1000 and 10000)
#        KAPI_BIN=path/to/kapi bash benches/watchers.sh   (a kapi already built; otherwise a release build)
#        WATCHERS_ARGS="--per-process 10000 --per-source 10000" bash benches/watchers.sh 1 19000
#                                                        (options for watchers.py: here, split a count that fits
#                                                        one process and one source address anyway)
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
# MAX_CONNECTIONS: the server's --max-connections (default: room for the largest count); past what the hard limit
# of open files allows, the server says so at start and answers the connections over it 503.
max_connections=${MAX_CONNECTIONS:-$((largest + 100))}
work=$(mktemp -d)
server=
trap '{ [ -z "$server" ] || kill "$server"; } 2>/dev/null; rm -rf "$work"' EXIT

run() {
  local n=$1 url
  rm -rf "$work/bundle" && cp -r generated "$work/bundle"
  "$KAPI_BIN" serve --dir "$work/bundle" --watch --addr 127.0.0.1:0 --max-connections "$max_connections" \
    >"$work/serve.out" 2>"$work/serve.err" &
  server=$!
  for _ in $(seq 600); do grep -qs listening "$work/serve.out" && break; sleep 0.05; done
  url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.out" | head -1)
  [ -n "$url" ] || { echo "kapi serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
  # shellcheck disable=SC2086 # WATCHERS_ARGS is a list of options
  python3 benches/watchers.py "$url" "$server" "$work/bundle" "$n" ${WATCHERS_ARGS:-} || echo "(round failed: N = $n)"
  grep -i 'open files' "$work/serve.err" >&2 || true
  kill "$server"
  wait "$server" 2>/dev/null || true
  server=
}

echo "kapi: $KAPI_BIN ($("$KAPI_BIN" --version)); $(nproc) cores; open files $(ulimit -Sn) soft," \
  "$(ulimit -Hn) hard; $(uptime)"
for round in $(seq "$rounds"); do
  for n in "${counts[@]}"; do
    printf 'round %s, N = %s: ' "$round" "$n"
    run "$n"
  done
done
