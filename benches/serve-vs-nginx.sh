#!/usr/bin/env bash
# Serves the same bytes from nginx and from `kapi serve` (release build, embedded corpus) and loads both with wrk
# in one run, alternating, for three workloads: the largest OpenAPI v3 document, `/apis` as aggregated discovery,
# and a 304 revalidation of that document. Prints requests/second and the ratio kapi / nginx for each.
# Usage: bash benches/serve-vs-nginx.sh [SECONDS_PER_RUN] [ROUNDS]     (installs nginx and wrk if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-5}"
rounds="${2:-3}"
connections=32

missing=()
command -v nginx >/dev/null || missing+=(nginx)
command -v wrk >/dev/null || missing+=(wrk)
command -v curl >/dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
cargo build --release --locked -q --bin kapi

work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

KAPI_LOG=warn target/release/kapi serve --addr 127.0.0.1:0 >"$work/kapi.out" 2>"$work/kapi.err" &
pids+=($!)
for _ in $(seq 100); do grep -q listening "$work/kapi.out" && break; sleep 0.1; done
kapi=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/kapi.out" | head -1)
[ -n "$kapi" ] || { cat "$work/kapi.err" >&2; exit 1; }

aggregated='application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList'
# The largest per-group-version document the bundle serves, taken from the root index.
largest=$(curl -s "$kapi/openapi/v3" | python3 -c '
import json, sys, urllib.request
base = sys.argv[1]
paths = json.load(sys.stdin)["paths"]
sizes = {p: len(urllib.request.urlopen(base + "/openapi/v3/" + p).read()) for p in paths}
print(max(sizes, key=sizes.get))' "$kapi")

# nginx serves byte-identical copies with the same media types.
mkdir -p "$work/www/openapi/v3/$(dirname "$largest")" "$work/www/apis"
curl -s -H 'Accept: application/json' "$kapi/openapi/v3/$largest" -o "$work/www/openapi/v3/$largest"
curl -s -H "Accept: $aggregated" "$kapi/apis" -o "$work/www/apis/index.json"
cat >"$work/nginx.conf" <<NGINX
worker_processes 2;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx.err warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:0;
    root $work/www;
    location = /apis { default_type "$aggregated"; try_files /apis/index.json =404; }
    location /openapi/ { default_type application/json; }
  }
}
NGINX
# nginx cannot listen on port 0; pick a free port first.
nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
sed -i "s/listen 127.0.0.1:0;/listen 127.0.0.1:$nginx_port;/" "$work/nginx.conf"
chmod -R a+rX "$work"   # nginx workers run as an unprivileged user
nginx -c "$work/nginx.conf" &
pids+=($!)
nginx="http://127.0.0.1:$nginx_port"
for _ in $(seq 100); do curl -sf "$nginx/apis" >/dev/null && break; sleep 0.1; done

for server in "$kapi" "$nginx"; do
  cmp <(curl -s -H 'Accept: application/json' "$server/openapi/v3/$largest") "$work/www/openapi/v3/$largest"
  cmp <(curl -s -H "Accept: $aggregated" "$server/apis") "$work/www/apis/index.json"
done
etag_of() { curl -s -D - -o /dev/null -H "Accept: application/json" "$1" | tr -d '\r' | awk 'tolower($1)=="etag:" {print $2}'; }
kapi_etag=$(etag_of "$kapi/openapi/v3/$largest")
nginx_etag=$(etag_of "$nginx/openapi/v3/$largest")

rps() {  # url accept [if-none-match]
  local args=(-t1 -c"$connections" -d"${seconds}s" -H "Accept: $2")
  [ -n "${3:-}" ] && args+=(-H "If-None-Match: $3")
  wrk "${args[@]}" "$1" | awk '/Requests\/sec/ {print $2}'
}

echo "bytes: $(wc -c <"$work/www/openapi/v3/$largest") ($largest), $(wc -c <"$work/www/apis/index.json") (/apis aggregated)"
echo "wrk -t1 -c$connections -d${seconds}s, $rounds alternating rounds; median requests/s"
report() {  # name kapi-url nginx-url accept kapi-etag nginx-etag
  local k=() n=()
  for _ in $(seq "$rounds"); do
    k+=("$(rps "$2" "$4" "${5:-}")")
    n+=("$(rps "$3" "$4" "${6:-}")")
  done
  python3 - "$1" "${k[*]}" "${n[*]}" <<'PY'
import statistics, sys
name, k, n = sys.argv[1], [float(x) for x in sys.argv[2].split()], [float(x) for x in sys.argv[3].split()]
ratios = [a / b for a, b in zip(k, n)]
print(f"{name:<28} kapi {statistics.median(k):>10.0f}   nginx {statistics.median(n):>10.0f}   "
      f"ratio kapi/nginx {statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f})")
PY
}
report "large OpenAPI v3 document" "$kapi/openapi/v3/$largest" "$nginx/openapi/v3/$largest" application/json
report "/apis aggregated" "$kapi/apis" "$nginx/apis" "$aggregated"
report "304 revalidation" "$kapi/openapi/v3/$largest" "$nginx/openapi/v3/$largest" application/json "$kapi_etag" "$nginx_etag"
