#!/usr/bin/env bash
# kapi at scale: the whole corpus plus N synthetic custom groups (benches' `synthetic-corpus`: one CRD-like kind
# per group with spec/status, nested types, enums, a list-map and CEL rules; every fourth group serves two versions).
#
# Prints, for N = 300 and N = 3000 (release builds):
#   - `kapi generate --model` into a fresh directory: median wall and CPU time of RUNS, the ratios
#     time(3000)/time(300), and the peak resident memory;
#   - the aggregated discovery document for N = 3000: bytes as written, and as served with gzip;
#   - `kapi serve --dir` on the N = 3000 bundle: time to listening, resident memory, a cold
#     `kubectl api-resources` (fresh cache): its wall time and how many requests it made.
# With --wrk it then runs benches/serve-vs-nginx.sh against the same bundle.
#
# Usage: bash benches/scale.sh [--wrk] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
wrk_too=false
if [ "${1:-}" = --wrk ]; then wrk_too=true; shift; fi
runs="${1:-3}"
bash scripts/need-protoc.sh
cargo build --release --locked -q --bin kapi -p kapi-cli
cargo build --release --locked -q --bin synthetic-corpus -p kapi-tests
kapi=target/release/kapi
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Wall time and CPU time (user + system) of each run: the writer's flushes make wall time depend on the disk, and
# CPU time is what the ratio of work done shows best on a shared machine.
declare -A gen_ms gen_cpu_ms
for n in 300 3000; do
  target/release/synthetic-corpus --groups "$n" --out "$work/model-$n.json"
  times=()
  cpu=()
  for _ in $(seq "$runs"); do
    rm -rf "$work/gen-$n"
    start=$(date +%s%N)
    /usr/bin/time -f '%M %U %S' -o "$work/time-$n" "$kapi" generate --model "$work/model-$n.json" --out "$work/gen-$n" >/dev/null
    times+=($(( ($(date +%s%N) - start) / 1000000 )))
    cpu+=($(awk '{printf "%d", ($2 + $3) * 1000}' "$work/time-$n"))
  done
  gen_ms[$n]=$(median "${times[@]}")
  gen_cpu_ms[$n]=$(median "${cpu[@]}")
  files=$(find "$work/gen-$n" -type f | wc -l)
  bytes=$(du -sb "$work/gen-$n" | cut -f1)
  echo "N=$n: model $(wc -c <"$work/model-$n.json") bytes; generate ${gen_ms[$n]} ms wall (median of $runs: ${times[*]})," \
    "${gen_cpu_ms[$n]} ms CPU (${cpu[*]}), peak RSS $(awk '{print $1}' "$work/time-$n") KB, $files files, $bytes bytes"
done
python3 -c "import sys; a = [int(x) for x in sys.argv[1:]]; print(f'time(3000)/time(300) = {a[0] / a[1]:.2f} wall, {a[2] / a[3]:.2f} CPU')" \
  "${gen_ms[3000]}" "${gen_ms[300]}" "${gen_cpu_ms[3000]}" "${gen_cpu_ms[300]}"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
start=$(date +%s%N)
"$kapi" serve --dir "$work/gen-3000" --addr 127.0.0.1:0 --request-log "$work/requests.log" >"$work/serve.out" 2>"$work/serve.err" &
pids+=($!)
# Up to 10 minutes: a bundle of tens of thousands of documents is encoded (gzip, protobuf, ETags) before listening.
for _ in $(seq 12000); do grep -q listening "$work/serve.out" && break; sleep 0.05; done
ready_ms=$(( ($(date +%s%N) - start) / 1000000 ))
url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.out" | head -1)
[ -n "$url" ] || { cat "$work/serve.out" "$work/serve.err" >&2; exit 1; }
rss=$(awk '/VmRSS/ {print $2}' "/proc/${pids[0]}/status")
aggregated='application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList'
plain=$(curl -s -H "Accept: $aggregated" "$url/apis" | wc -c)
gzipped=$(curl -s -H "Accept: $aggregated" -H 'Accept-Encoding: gzip' "$url/apis" | wc -c)
crds=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(len(v["resources"]) for g in d["items"] for v in g["versions"][:1] if g["metadata"]["name"].endswith(".bench.example.com")))' "$work/gen-3000/discovery/aggregated_v2.json")
echo "aggregated discovery (/apis, v2) for N=3000 ($crds synthetic kinds in their preferred versions):" \
  "$(wc -c <"$work/gen-3000/discovery/aggregated_v2.json") bytes written, $plain bytes served, $gzipped bytes served with gzip"
echo "kapi serve --dir (N=3000): listening after $ready_ms ms, VmRSS $rss KB"

cat >"$work/kubeconfig" <<EOF
apiVersion: v1
kind: Config
clusters: [{name: scale, cluster: {server: "$url"}}]
contexts: [{name: scale, context: {cluster: scale}}]
current-context: scale
users: []
EOF
: >"$work/requests.log"
start=$(date +%s%N)
kubectl --kubeconfig "$work/kubeconfig" --cache-dir "$work/kube-cache" api-resources >"$work/api-resources.txt"
echo "cold kubectl api-resources ($(kubectl version --client -o json | python3 -c 'import json,sys; print(json.load(sys.stdin)["clientVersion"]["gitVersion"])')):" \
  "$(( ($(date +%s%N) - start) / 1000000 )) ms, $(wc -l <"$work/requests.log") requests, $(( $(wc -l <"$work/api-resources.txt") - 1 )) resources listed"
sed 's/^/  /' "$work/requests.log"

if $wrk_too; then
  bash benches/serve-vs-nginx.sh --dir "$work/gen-3000" 5 5
fi
