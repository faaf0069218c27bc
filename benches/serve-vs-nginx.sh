#!/usr/bin/env bash
# Serves the same bytes from a tuned nginx and from `kapi serve` (release build, embedded corpus, default settings)
# and loads both with wrk in the same run, alternating, for three workloads: the largest OpenAPI v3 document,
# `/apis` as aggregated discovery, and a 304 revalidation of that document; each in two wrk shapes. Prints the
# median requests/second of each side, the median of the per-round ratios kapi / nginx, and the median p99
# latencies. With --https both serve the same certificate (made by `kapi serve --self-signed`) and the figures
# are for TLS.
#
# With --dir DIR kapi serves that bundle (as `kapi generate` writes it) instead of the embedded corpus.
#
# Usage: bash benches/serve-vs-nginx.sh [--https] [--dir DIR] [SECONDS_PER_RUN] [ROUNDS]
# (installs nginx and wrk if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
# Where cargo puts the builds (CI sets CARGO_TARGET_DIR to a cache outside the clone).
target_dir=${CARGO_TARGET_DIR:-target}
scheme=http
if [ "${1:-}" = --https ]; then scheme=https; shift; fi
bundle=()
if [ "${1:-}" = --dir ]; then bundle=(--dir "$2"); shift 2; fi
seconds="${1:-5}"
rounds="${2:-5}"
shapes=("-t2 -c64" "-t1 -c32")

missing=()
command -v nginx >/dev/null || missing+=(nginx)
command -v wrk >/dev/null || missing+=(wrk)
command -v curl >/dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
bash scripts/need-protoc.sh
cargo build --release --locked -q --bin kapi

work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

tls_args=()
if [ "$scheme" = https ]; then tls_args=(--self-signed "$work/tls"); fi
"$target_dir"/release/kapi serve --addr 127.0.0.1:0 "${bundle[@]}" "${tls_args[@]}" >"$work/kapi.out" 2>"$work/kapi.err" &
pids+=($!)
# Up to 10 minutes: a large --dir bundle is encoded (gzip, protobuf, ETags) before kapi listens (23 s at 3 000 groups).
for _ in $(seq 6000); do
  grep -q listening "$work/kapi.out" && break
  kill -0 "${pids[-1]}" 2>/dev/null || { echo "kapi serve exited:" >&2; cat "$work/kapi.err" >&2; exit 1; }
  sleep 0.1
done
kapi=$(grep -o "$scheme://127.0.0.1:[0-9]*" "$work/kapi.out" | head -1)
[ -n "$kapi" ] || { cat "$work/kapi.out" "$work/kapi.err" >&2; exit 1; }
curl_() { if [ "$scheme" = https ]; then curl --cacert "$work/tls/ca.crt" "$@"; else curl "$@"; fi; }

aggregated='application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList'
# The largest per-group-version document the bundle serves, taken from the root index.
largest=$(for path in $(curl_ -s "$kapi/openapi/v3" | python3 -c 'import json, sys; print("\n".join(json.load(sys.stdin)["paths"]))'); do
  echo "$(curl_ -s -H 'Accept: application/json' "$kapi/openapi/v3/$path" | wc -c) $path"
done | sort -n | tail -1 | cut -d' ' -f2)

# nginx serves byte-identical copies with the same media types.
mkdir -p "$work/www/openapi/v3/$(dirname "$largest")" "$work/www/apis"
curl_ -s -H 'Accept: application/json' "$kapi/openapi/v3/$largest" -o "$work/www/openapi/v3/$largest"
curl_ -s -H "Accept: $aggregated" "$kapi/apis" -o "$work/www/apis/index.json"
nginx_port=$(free_port)   # nginx cannot listen on port 0
listen="listen 127.0.0.1:$nginx_port;"
if [ "$scheme" = https ]; then
  listen="listen 127.0.0.1:$nginx_port ssl http2;
    ssl_certificate $work/tls/tls.crt; ssl_certificate_key $work/tls/tls.key;
    ssl_protocols TLSv1.2 TLSv1.3; ssl_session_cache shared:SSL:10m;"
fi
# The production configuration: sendfile with tcp_nopush, keep-alive connections reused without limit, ETags on,
# an open-file cache (no open/fstat per request), no access log (kapi's request log is off by default too).
cat >"$work/nginx.conf" <<NGINX
worker_processes 2;
daemon off;
pid $work/nginx.pid;
error_log $work/nginx.err warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  etag on;
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  server {
    $listen
    root $work/www;
    location = /apis { default_type "$aggregated"; try_files /apis/index.json =404; }
    location /openapi/ { default_type application/json; }
  }
}
NGINX
chmod -R a+rX "$work"   # nginx workers run as an unprivileged user
nginx -c "$work/nginx.conf" &
pids+=($!)
nginx="$scheme://127.0.0.1:$nginx_port"
for _ in $(seq 100); do curl_ -sf "$nginx/apis" >/dev/null && break; sleep 0.1; done

for server in "$kapi" "$nginx"; do
  cmp <(curl_ -s -H 'Accept: application/json' "$server/openapi/v3/$largest") "$work/www/openapi/v3/$largest"
  cmp <(curl_ -s -H "Accept: $aggregated" "$server/apis") "$work/www/apis/index.json"
done
etag_of() { curl_ -s -D - -o /dev/null -H "Accept: application/json" "$1" | tr -d '\r' | awk 'tolower($1)=="etag:" {print $2}'; }
kapi_etag=$(etag_of "$kapi/openapi/v3/$largest")
nginx_etag=$(etag_of "$nginx/openapi/v3/$largest")
for pair in "$kapi $kapi_etag" "$nginx $nginx_etag"; do
  set -- $pair
  code=$(curl_ -s -o /dev/null -w '%{http_code}' -H 'Accept: application/json' -H "If-None-Match: $2" "$1/openapi/v3/$largest")
  [ "$code" = 304 ] || { echo "error: $1 answered $code to a revalidation" >&2; exit 1; }
done

# One wrk run: prints "requests/s p99-microseconds errors".
run() {  # shape url accept [if-none-match]
  local args=($1 -d"${seconds}s" --latency -H "Accept: $3")
  [ -n "${4:-}" ] && args+=(-H "If-None-Match: $4")
  wrk "${args[@]}" "$2" | awk '
    function micros(v) { if (v ~ /us$/) return v + 0; if (v ~ /ms$/) return v * 1000; if (v ~ /s$/) return v * 1000000; return v }
    /Requests\/sec/ { rps = $2 }
    $1 == "99%" { p99 = micros($2) }
    /Non-2xx or 3xx/ { errors += $NF }
    /Socket errors/ { gsub(/,/, ""); errors += $4 + $6 + $8 + $10 }
    END { printf "%s %s %d\n", rps, p99, errors }'
}

echo "bytes: $(wc -c <"$work/www/openapi/v3/$largest") ($largest), $(wc -c <"$work/www/apis/index.json") (/apis aggregated); $scheme"
echo "wrk ${seconds}s runs, $rounds alternating rounds per row; medians"
printf '%-30s %-10s %10s %10s %8s %9s %9s %13s\n' workload shape kapi/s nginx/s ratio "min-max" "" "p99 kapi/nginx"
report() {  # name shape kapi-url nginx-url accept kapi-etag nginx-etag
  local k=() n=()
  for _ in $(seq "$rounds"); do
    k+=("$(run "$2" "$3" "$5" "${6:-}")")
    n+=("$(run "$2" "$4" "$5" "${7:-}")")
  done
  python3 - "$1" "$2" "$(printf '%s\n' "${k[@]}")" "$(printf '%s\n' "${n[@]}")" <<'PY'
import statistics, sys
name, shape = sys.argv[1], sys.argv[2]
k = [[float(x) for x in line.split()] for line in sys.argv[3].splitlines()]
n = [[float(x) for x in line.split()] for line in sys.argv[4].splitlines()]
ratios = [a[0] / b[0] for a, b in zip(k, n)]
errors = sum(r[2] for r in k + n)
med = statistics.median
print(f"{name:<30} {shape:<10} {med(r[0] for r in k):>10.0f} {med(r[0] for r in n):>10.0f} "
      f"{med(ratios):>8.2f} {min(ratios):>4.2f}-{max(ratios):<4.2f} "
      f"{med(r[1] for r in k):>8.0f}us/{med(r[1] for r in n):.0f}us" + (f"  ERRORS {errors:.0f}" if errors else ""))
PY
}
for shape in "${shapes[@]}"; do
  report "largest OpenAPI v3 document" "$shape" "$kapi/openapi/v3/$largest" "$nginx/openapi/v3/$largest" application/json
  report "/apis aggregated" "$shape" "$kapi/apis" "$nginx/apis" "$aggregated"
  report "304 revalidation" "$shape" "$kapi/openapi/v3/$largest" "$nginx/openapi/v3/$largest" application/json \
    "$kapi_etag" "$nginx_etag"
done
