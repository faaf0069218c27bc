#!/usr/bin/env bash
# Load with reloads: wrk (-t2 -c64) on the big endpoints for SECONDS (default 60) while a new version of the bundle
# is published every 100 ms (a symbolic link swapped to a new directory) and kapi is sent SIGHUP after each, and a
# checker client verifies every sampled answer's ETag against the hash of its body. Fails unless: no wrk socket
# errors and no non-2xx/3xx answers, no checker errors, no ETag/body mismatches, no failed reload, reloads taking
# effect throughout, the last version published being the one served at the end, and kapi's resident memory at
# the end within 10 % of what it was after warm-up (each the median of nine readings over two seconds).
#
# usage: scripts/load-with-reloads.sh [--debug] [SECONDS]
#   builds and uses the release binary by default; --debug uses the debug binary already built (as CI does);
#   KAPI_BIN=PATH uses that binary. Needs wrk and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
if [ "${1:-}" = "--debug" ]; then profile=debug; shift; fi
seconds=${1:-60}
# Reloads that must take effect per second: a debug build encodes (gzip, protobuf) several times slower.
min_rate=5
if [ "$profile" = debug ]; then min_rate=1; fi
target=${CARGO_TARGET_DIR:-target}
if [ -z "${KAPI_BIN:-}" ]; then
  if [ "$profile" = release ]; then bash scripts/need-protoc.sh && cargo build --release -p kapi-cli --locked; fi
  KAPI_BIN=$target/$profile/kapi
fi
[ -x "$KAPI_BIN" ] || { echo "error: no kapi binary at $KAPI_BIN" >&2; exit 1; }
command -v wrk >/dev/null || { echo "error: wrk is not installed" >&2; exit 1; }
here=scripts/load-with-reloads

work=$(mktemp -d)
server=
pids=()
# Stops everything started here (the server, the rewriter, the checker, wrk), whichever way the script ends.
cleanup() {
  [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
"$KAPI_BIN" generate --out "$work/versions/v0" >/dev/null
ln -s "$work/versions/v0" "$work/bundle"
# Without --watch: SIGHUP alone reloads. At info level kapi logs each reload with its duration, and nothing per
# request.
KAPI_LOG=info "$KAPI_BIN" serve --dir "$work/bundle" --addr 127.0.0.1:0 >"$work/serve.out" 2>"$work/serve.err" &
server=$!
pids+=("$server")
for _ in $(seq 300); do grep -q listening "$work/serve.out" && break; sleep 0.1; done
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.out" | head -1 || true)
[ -n "$url" ] || { echo "kapi serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }

rss() { awk '/^VmRSS:/ {print $2}' "/proc/$server/status"; }
# The median of nine readings over two seconds: a single reading may land on a reload's transient buffers (the
# documents being read and encoded), which come and go several times a second; growth that stays is what counts.
rss_median() {
  for _ in 1 2 3 4 5 6 7 8 9; do rss; sleep 0.2; done | sort -n | sed -n 5p
}
# A counter from /metrics (0 when absent).
metric() { python3 -c 'import sys,urllib.request
lines = urllib.request.urlopen(sys.argv[1] + "/metrics").read().decode().splitlines()
print(sum(int(float(l.split()[1])) for l in lines if l.split(" ")[0] == sys.argv[2]))' "$url" "$1"; }

echo "== load with reloads: $KAPI_BIN, $url, ${seconds}s, wrk -t2 -c64, a new version + SIGHUP every 100 ms"
python3 "$here/rewriter.py" --link "$work/bundle" --versions "$work/versions" --pid "$server" --seconds "$seconds" \
  --report "$work/rewriter.json" &
rewriter=$!
pids+=("$rewriter")
python3 "$here/checker.py" --url "$url" --seconds "$seconds" --report "$work/checker.json" &
checker=$!
pids+=("$checker")
wrk -t2 -c64 -d"${seconds}s" --timeout 10s -s "$here/mix.lua" "$url" >"$work/wrk.out" &
load=$!
pids+=("$load")
# Warm-up: half the run, at most 30 s, under load and reloads, before the first reading. Documents' encodings are
# made on first need, for every version published, so resident memory climbs for the first 20-30 s of reloads
# (from 146 MB at 15 s to a plateau of 156-166 MB from 30 s to 115 s of a debug build's 120 s run); the reading
# that counts as the baseline comes after that climb, and growth that persists past it is what this looks for.
warm=$(( seconds / 2 < 30 ? seconds / 2 : 30 ))
[ "$warm" -ge 1 ] || warm=1
sleep "$warm"
rss_warm=$(rss_median)
# The last readings end while the load is still running, so both medians see the same kind of moment.
sleep $(( seconds - warm - 3 > 0 ? seconds - warm - 3 : 0 ))
rss_end=$(rss_median)
wait "$load" "$rewriter" "$checker"
# The last version published must be what is served once the reloads it asked for are done.
served_last=no
for _ in $(seq 100); do
  if curl -sf "$url/openapi/v3" | cmp -s - "$work/bundle/openapi/v3/index.json"; then served_last=yes; break; fi
  sleep 0.1
done
reload_failures=$(metric kapi_bundle_reload_failures_total)
# Every bundle stored is aggregated once; the first was the initial load.
reloads=$(( $(metric aggregator_discovery_aggregation_count_total) - 1 ))

read -r wrk_requests wrk_socket wrk_status wrk_p99 < <(awk '/^WRK / {
  for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
  print v["requests"], v["connect"] + v["read"] + v["write"] + v["timeout"], v["status"], v["p99_ms"] }' "$work/wrk.out")
read -r c_requests c_errors c_mismatches c_changes c_hash_urls c_stale c_reconnects < <(python3 -c 'import json,sys
r = json.load(open(sys.argv[1]))
print(r["requests"], r["errors"], r["mismatches"], r["hash_changes"], r["hash_urls"], r["stale_redirects"], r["reconnects"])
for m in r["messages"]: print("  checker:", m, file=sys.stderr)' "$work/checker.json")
read -r rewrites late < <(python3 -c 'import json,sys
r = json.load(open(sys.argv[1])); print(r["rewrites"], r["late"])' "$work/rewriter.json")
# Each reload's duration, from kapi's log ("bundle reloaded millis=N").
read -r reload_p50 reload_p90 reload_max < <(grep -o 'millis=[0-9]*' "$work/serve.err" | cut -d= -f2 | sort -n | awk '
  { v[NR] = $1 } END { if (NR == 0) print "- - -"; else print v[int((NR + 1) / 2)], v[int((NR * 9 + 9) / 10)], v[NR] }')
growth=$(awk -v a="$rss_warm" -v b="$rss_end" 'BEGIN { printf "%.1f", (b - a) * 100 / a }')

echo "wrk:      $wrk_requests requests ($(( wrk_requests / seconds ))/s), socket errors $wrk_socket, non-2xx/3xx $wrk_status, p99 ${wrk_p99} ms"
echo "reloads:  $rewrites versions published, each followed by SIGHUP ($late published late); $reloads reloads took effect ($(( reloads / seconds ))/s; SIGHUPs during a reload fold into one more), $reload_failures failed; reload time p50 ${reload_p50} ms, p90 ${reload_p90} ms, max ${reload_max} ms; the checker saw the apps/v1 ETag change $c_changes times; last version served: $served_last"
echo "checker:  $c_requests requests, $c_errors errors, $c_mismatches ETag/body mismatches, $c_hash_urls ?hash= URLs resolved ($c_stale via a stale-hash redirect), $c_reconnects reconnects"
echo "memory:   VmRSS ${rss_warm} kB after ${warm}s warm-up, ${rss_end} kB at the end (${growth} %)"

status=0
check() { if ! eval "$1"; then echo "FAIL: $2" >&2; status=1; fi; }
check '[ "$wrk_socket" -eq 0 ]' "wrk socket errors: $wrk_socket"
check '[ "$wrk_status" -eq 0 ]' "non-2xx/3xx answers to wrk: $wrk_status"
check '[ "$c_errors" -eq 0 ]' "checker errors: $c_errors"
check '[ "$c_mismatches" -eq 0 ]' "ETag/body mismatches: $c_mismatches"
check '[ "$reloads" -gt 0 ] && [ "$c_changes" -gt 0 ]' "no reload was seen to take effect"
check '[ "$served_last" = yes ]' "the last version published was not served within 10 s of the end"
check '[ "$reloads" -ge $(( seconds * min_rate )) ]' "only $reloads reloads took effect in ${seconds}s (fewer than $min_rate a second)"
check '[ "$reload_failures" -eq 0 ]' "failed reloads: $reload_failures"
check 'awk -v g="$growth" "BEGIN { exit !(g <= 10 && g >= -10) }"' "VmRSS moved ${growth} % (limit 10 %)"
if [ "$status" -ne 0 ]; then
  echo "--- kapi serve stderr (last lines)" >&2; tail -20 "$work/serve.err" >&2
  exit 1
fi
echo "load with reloads: OK"
