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
# The N = 3000 output is compared byte for byte (`diff -r`, the reuse record aside: it holds file times) with what
# the kapi of revision BASE (default HEAD~1) generates from the same model: that kapi is built once from
# `git archive BASE` in $KAPI_CACHE/scale-base (its own target directory), and the script fails when they differ.
# BASE's kapi generates N = 3000 RUNS times too, each run right after one of this revision's, and the ratio of the
# two medians is printed: on a shared machine that ratio is steadier than either figure.
# Each run generates into a directory of its own, removed only after the runs: ext4 allocating inodes right after
# tens of thousands were deleted costs seconds of system time that are the benchmark's doing, not kapi's.
#
# Usage: bash benches/scale.sh [--wrk] [--base REV] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
wrk_too=false
base=HEAD~1
while [ $# -gt 0 ]; do
  case "$1" in
    --wrk) wrk_too=true; shift ;;
    --base) base=$2; shift 2 ;;
    *) break ;;
  esac
done
runs="${1:-3}"
bash scripts/need-protoc.sh
cargo build --release --locked -q --bin kapi -p kapi-cli
cargo build --release --locked -q --bin synthetic-corpus -p kapi-tests
target_dir=${CARGO_TARGET_DIR:-target}
kapi=$target_dir/release/kapi
synthetic=$target_dir/release/synthetic-corpus

# The previous revision's kapi, rebuilt only when BASE names another commit than last time.
base_rev=$(git rev-parse --verify "$base^{commit}")
base_home=${KAPI_CACHE:-$HOME/.cache/kapi}/scale-base
if [ "$(cat "$base_home/rev" 2>/dev/null)" != "$base_rev" ]; then
  rm -rf "$base_home/src" && mkdir -p "$base_home/src"
  git archive "$base_rev" | tar -x -C "$base_home/src"
  echo "$base_rev" >"$base_home/rev"
fi
(cd "$base_home/src" && CARGO_TARGET_DIR="$base_home/target" cargo build --release --locked -q --bin kapi -p kapi-cli)
base_kapi=$base_home/target/release/kapi
work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Wall time and CPU time (user + system) of each run: the writer's flushes make wall time depend on the disk, and
# CPU time is what the ratio of work done shows best on a shared machine.
declare -A gen_ms gen_cpu_ms
base_cpu=()
base_peaks=()
for n in 300 3000; do
  "$synthetic" --groups "$n" --out "$work/model-$n.json"
  times=()
  cpu=()
  peaks=()
  for run in $(seq "$runs"); do
    start=$(date +%s%N)
    /usr/bin/time -f '%M %U %S' -o "$work/time-$n" "$kapi" generate --model "$work/model-$n.json" --out "$work/gen-$n-$run" 2>/dev/null >/dev/null
    times+=($(( ($(date +%s%N) - start) / 1000000 )))
    cpu+=($(awk '{printf "%d", ($2 + $3) * 1000}' "$work/time-$n"))
    peaks+=($(awk '{print $1}' "$work/time-$n"))
    # At N = 3000 BASE's kapi runs right after each run, so both meet the machine and the file system in the same
    # state: ext4 allocates inodes slowly for a while after a large deletion, and other tenants come and go (runs
    # minutes apart differed by a third).
    if [ "$n" = 3000 ]; then
      /usr/bin/time -f '%M %U %S' -o "$work/time-base" "$base_kapi" generate --model "$work/model-3000.json" --out "$work/base-3000-$run" 2>/dev/null >/dev/null
      base_cpu+=($(awk '{printf "%d", ($2 + $3) * 1000}' "$work/time-base"))
      base_peaks+=($(awk '{print $1}' "$work/time-base"))
    fi
  done
  for run in $(seq 2 "$runs"); do rm -rf "$work/gen-$n-$run"; done
  mv "$work/gen-$n-1" "$work/gen-$n"
  gen_ms[$n]=$(median "${times[@]}")
  gen_cpu_ms[$n]=$(median "${cpu[@]}")
  files=$(find "$work/gen-$n" -type f | wc -l)
  bytes=$(du -sb "$work/gen-$n" | cut -f1)
  echo "N=$n: model $(wc -c <"$work/model-$n.json") bytes; generate ${gen_ms[$n]} ms wall (median of $runs: ${times[*]})," \
    "${gen_cpu_ms[$n]} ms CPU (${cpu[*]}), peak RSS $(median "${peaks[@]}") KB (${peaks[*]}), $files files, $bytes bytes"
done
for run in $(seq 2 "$runs"); do rm -rf "$work/base-3000-$run"; done
mv "$work/base-3000-1" "$work/base-3000"
echo "N=3000 with the kapi of $base ($(git rev-parse --short "$base_rev")), each run right after one above:" \
  "$(median "${base_cpu[@]}") ms CPU (${base_cpu[*]}), peak RSS $(median "${base_peaks[@]}") KB (${base_peaks[*]});" \
  "CPU of this revision / $base's: $(python3 -c "import sys; print(f'{int(sys.argv[1]) / int(sys.argv[2]):.2f}')" "${gen_cpu_ms[3000]}" "$(median "${base_cpu[@]}")")"
if diff -rq -x .kapi-reuse.json "$work/base-3000" "$work/gen-3000" >"$work/differences"; then
  echo "N=3000 output: byte for byte what $base's kapi writes ($(find "$work/gen-3000" -type f | wc -l) files)"
  rm -rf "$work/base-3000"
else
  echo "N=3000 output differs from $base's: $(wc -l <"$work/differences") files" >&2
  head -20 "$work/differences" >&2
  exit 1
fi
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
# Encodings (ETags, gzip copies) are made on first need, and by a warm-up in the background: wait for it.
for _ in $(seq 1200); do
  curl -s "$url/readyz?verbose" | grep -q 'encodings ok$' && break
  sleep 0.1
done
warm_ms=$(( ($(date +%s%N) - start) / 1000000 ))
warm_rss=$(awk '/VmRSS/ {print $2}' "/proc/${pids[0]}/status")
aggregated='application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList'
plain=$(curl -s -H "Accept: $aggregated" "$url/apis" | wc -c)
gzipped=$(curl -s -H "Accept: $aggregated" -H 'Accept-Encoding: gzip' "$url/apis" | wc -c)
crds=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sum(len(v["resources"]) for g in d["items"] for v in g["versions"][:1] if g["metadata"]["name"].endswith(".bench.example.com")))' "$work/gen-3000/discovery/aggregated_v2.json")
echo "aggregated discovery (/apis, v2) for N=3000 ($crds synthetic kinds in their preferred versions):" \
  "$(wc -c <"$work/gen-3000/discovery/aggregated_v2.json") bytes written, $plain bytes served, $gzipped bytes served with gzip"
echo "kapi serve --dir (N=3000): listening after $ready_ms ms, VmRSS $rss KB; warm-up done after $warm_ms ms, VmRSS $warm_rss KB"

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
