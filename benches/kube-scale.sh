#!/usr/bin/env bash
# kapi serve beside a real kube-apiserver, both serving the same N synthetic custom groups: benches/scale.sh's
# corpus (`synthetic-corpus --groups N`, `kapi generate --model`), whose CRDs (the bundle's `crds/*.json`, the
# example groups' and the N synthetic ones) are created on the pinned kube-apiserver (tests/kube/up.sh, etcd in
# /dev/shm) and `kapi serve --dir` serves the bundle. kapi goes first, then the real server. Prints, for each side:
#   - time until served: every CRD group listed by aggregated discovery (`/apis`, apidiscovery.k8s.io/v2), every
#     CRD group-version listed by `/openapi/v3`, and each `/openapi/v3/apis/<g>/<v>` answering 200 (fetched after
#     both lists are complete, KUBE_SCALE_FETCHES at a time). Timed for the real server from the first CRD POST
#     (and from launching up.sh), for kapi from launching `kapi serve` (and with `kapi generate` added);
#   - resident memory once served: kube-apiserver's and etcd's VmRSS (and peak VmHWM), kapi serve's;
#   - a cold `kubectl api-resources` (the default kubectl, fresh --cache-dir each time): median wall time of
#     KUBECTL_RUNS (default 5) per side, run once both sides are served (kapi serve is kept up, idle, while the real
#     server starts), alternating between the two; and the requests each server recorded (kapi's --request-log,
#     kube-apiserver's audit log, which records the bench's token only);
#   - the ratios real / kapi.
# CRDs are created by parallel POSTs (curl --parallel, KUBE_SCALE_POSTS at a time), each CRD's JSON as generated.
# A side not served within KUBE_SCALE_TIMEOUT seconds (default 7200) is reported as such and measured as it is.
#
# Usage: bash benches/kube-scale.sh [N]        (N synthetic groups, default 3000; 300 for a quick try)
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-3000}"
posts="${KUBE_SCALE_POSTS:-8}"
fetches="${KUBE_SCALE_FETCHES:-8}"
timeout_s="${KUBE_SCALE_TIMEOUT:-7200}"
kubectl_runs="${KUBECTL_RUNS:-5}"
bash scripts/need-protoc.sh
cargo build --release --locked -q --bin kapi -p kapi-cli
cargo build --release --locked -q --bin synthetic-corpus -p kapi-tests
kapi=target/release/kapi
apiserver=$(bash tests/kube/build.sh --release)
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
kb() { awk -v key="$2:" '$1 == key {print $2}' "/proc/$1/status"; }
# CPU seconds (user + system) of process $1, or with "children" those of the processes this shell has waited for
# (curl, python, kubectl: the bench's own client work).
tick=$(getconf CLK_TCK)
cpu_s() {
  if [ "$1" = children ]; then
    awk -v t="$tick" '{printf "%.1f", ($16 + $17) / t}' "/proc/$$/stat"
  else
    awk -v t="$tick" '{printf "%.1f", ($14 + $15) / t}' "/proc/$1/stat"
  fi
}
load() { cut -d' ' -f1-3 /proc/loadavg; }
# apis_bytes BASE AUTH: the size of the aggregated `/apis` as served, plain and with gzip.
apis_bytes() {
  local plain gzipped
  plain=$(curl -s -K "$2" -H "Accept: $aggregated" -o /dev/null -w '%{size_download}' "$1/apis")
  gzipped=$(curl -s -K "$2" -H "Accept: $aggregated" -H 'Accept-Encoding: gzip' -o /dev/null -w '%{size_download}' \
    "$1/apis")
  echo "$plain bytes ($gzipped with gzip)"
}
aggregated='application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList'

target/release/synthetic-corpus --groups "$n" --out "$work/model.json"
gen_start=$(now_ms)
"$kapi" generate --model "$work/model.json" --out "$work/bundle" >/dev/null
gen_ms=$(( $(now_ms) - gen_start ))
# What both sides must serve: the group and the served versions of every CRD in the bundle.
python3 - "$work" "$work"/bundle/crds/*.json <<'PY'
import json, sys
groups, gvs = set(), set()
for path in sys.argv[2:]:
    spec = json.load(open(path))["spec"]
    groups.add(spec["group"])
    gvs.update(f"{spec['group']}/{v['name']}" for v in spec["versions"] if v["served"])
open(f"{sys.argv[1]}/groups.txt", "w").write("\n".join(sorted(groups)) + "\n")
open(f"{sys.argv[1]}/gvs.txt", "w").write("\n".join(sorted(gvs)) + "\n")
PY
crds=$(ls "$work"/bundle/crds/*.json | wc -l)
echo "N=$n: $crds CRDs in $(wc -l <"$work/groups.txt") groups, $(wc -l <"$work/gvs.txt") group-versions;" \
  "kapi generate ${gen_ms} ms; load average $(load)"

# How many of the lines of FILE are missing from the JSON on stdin: group names of an aggregated discovery list
# (`groups`), or group-versions of the OpenAPI v3 index (`gvs`). Unreadable JSON counts as all missing.
missing() {
  python3 -c '
import json, sys
want = set(open(sys.argv[2]).read().split())
try:
    doc = json.load(sys.stdin)
except ValueError:
    doc = {}
if sys.argv[1] == "groups":
    have = {g["metadata"]["name"] for g in doc.get("items", [])}
else:
    have = {p[len("apis/"):] for p in doc.get("paths", {})}
print(len(want - have))' "$1" "$2"
}

# blocks FORMAT AUTH: a curl config block per line of stdin (a group-version, a file): FORMAT with the line for
# both its `%s`, then AUTH's options (a curl config file; `next` forgets them), `next` between blocks.
blocks() {
  local format=$1 auth=$2 first=true line
  while read -r line; do
    $first || echo next
    first=false
    # shellcheck disable=SC2059
    printf "$format" "$line" "$line"
    cat "$auth"
  done
}

# wait_served START BASE AUTH: polls BASE (with AUTH, a curl config file) until aggregated discovery lists every
# CRD group and the OpenAPI v3 index every CRD group-version, then fetches every v3 document (again, until each
# answers 200). Sets discovery_ms, index_ms and served_ms, milliseconds from START (ms), or "timeout"; and
# fetch_rounds, with the statuses of the rounds that were not all 200 in fetch_failures.
wait_served() {
  local start=$1 base=$2 auth=$3
  local deadline=$(( start + timeout_s * 1000 )) last_note=$start groups_left=? gvs_left=?
  local have_discovery=false have_index=false
  discovery_ms=timeout index_ms=timeout served_ms=timeout fetch_rounds=0 fetch_failures=
  while true; do
    if ! $have_discovery; then
      groups_left=$(curl -s -K "$auth" -H "Accept: $aggregated" "$base/apis" | missing groups "$work/groups.txt")
      if [ "$groups_left" = 0 ]; then have_discovery=true; discovery_ms=$(( $(now_ms) - start )); fi
    fi
    if ! $have_index; then
      gvs_left=$(curl -s -K "$auth" "$base/openapi/v3" | missing gvs "$work/gvs.txt")
      if [ "$gvs_left" = 0 ]; then have_index=true; index_ms=$(( $(now_ms) - start )); fi
    fi
    if $have_discovery && $have_index; then break; fi
    [ "$(now_ms)" -lt "$deadline" ] || return 0
    if [ $(( $(now_ms) - last_note )) -ge 30000 ]; then
      echo "  … $(( ($(now_ms) - start) / 1000 )) s: $groups_left groups missing from /apis," \
        "$gvs_left group-versions from /openapi/v3" >&2
      last_note=$(now_ms)
    fi
    sleep 1
  done
  cp "$work/gvs.txt" "$work/todo.txt"
  while true; do
    blocks "url = \"$base/openapi/v3/apis/%s\"\noutput = \"/dev/null\"\nwrite-out = \"%%{http_code} %s\\\\n\"\n" \
      "$auth" <"$work/todo.txt" >"$work/fetch.cfg"
    curl --no-progress-meter --parallel --parallel-max "$fetches" -K "$work/fetch.cfg" >"$work/fetched.txt" \
      2>>"$work/curl.err" || true
    awk '$1 != 200 {print $2}' "$work/fetched.txt" >"$work/todo.txt"
    fetch_rounds=$(( fetch_rounds + 1 ))
    [ -s "$work/todo.txt" ] || break
    fetch_failures+="round $fetch_rounds: $(awk '$1 != 200 {print $1}' "$work/fetched.txt" | sort | uniq -c |
      awk '{printf "%s%d × %s", NR > 1 ? ", " : "", $1, $2}'); "
    [ "$(now_ms)" -lt "$deadline" ] || return 0
    sleep 1
  done
  served_ms=$(( $(now_ms) - start ))
}

# kubectl_cold KUBECONFIG NAME LOG RUN: a cold `kubectl api-resources` (a fresh cache). Adds its wall time to
# NAME_times and the lines it added to LOG (the server's record of requests: kapi's request log, kube-apiserver's
# audit log; kept in $work/requests-NAME-RUN.txt) to NAME_requests; sets NAME_resources, the resources listed.
kubectl_cold() {
  local before start
  before=$(wc -l <"$3")
  start=$(now_ms)
  kubectl --kubeconfig "$1" --cache-dir "$work/cache-$2-$4" api-resources >"$work/resources-$2.txt"
  eval "$2_times+=($(( $(now_ms) - start )))"
  sleep 1 # the last entries reach the log after the response
  tail -n +$(( before + 1 )) "$3" >"$work/requests-$2-$4.txt"
  eval "$2_requests+=($(wc -l <"$work/requests-$2-$4.txt"))"
  eval "$2_resources=$(( $(wc -l <"$work/resources-$2.txt") - 1 ))"
}
# apis_time NAME BASE AUTH: adds to NAME_apis the milliseconds one GET of the aggregated /apis with gzip takes (as
# kubectl asks for it; the server's share of a cold kubectl run).
apis_time() {
  eval "$1_apis+=($(curl -s -K "$3" -H "Accept: $aggregated" -H 'Accept-Encoding: gzip' -o /dev/null \
    -w '%{time_total}' "$2/apis" | awk '{printf "%.1f", $1 * 1000}'))"
}
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# kapi: serve the bundle and wait until served; it stays up, idle, for kubectl at the end.
: >"$work/auth-kapi.cfg"
start=$(now_ms)
"$kapi" serve --dir "$work/bundle" --addr 127.0.0.1:0 --request-log "$work/requests.log" \
  >"$work/serve.out" 2>"$work/serve.err" &
kapi_pid=$!
pids+=("$kapi_pid")
until grep -qs listening "$work/serve.out"; do
  kill -0 "$kapi_pid" 2>/dev/null || { cat "$work/serve.out" "$work/serve.err" >&2; exit 1; }
  sleep 0.05
done
kapi_listen_ms=$(( $(now_ms) - start ))
kapi_url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.out" | head -1)
client_before=$(cpu_s children)
wait_served "$start" "$kapi_url" "$work/auth-kapi.cfg"
kapi_discovery_ms=$discovery_ms kapi_index_ms=$index_ms kapi_served_ms=$served_ms
kapi_rss=$(kb "$kapi_pid" VmRSS) kapi_hwm=$(kb "$kapi_pid" VmHWM)
kapi_cpu=$(cpu_s "$kapi_pid")
kapi_client=$(echo "$(cpu_s children) $client_before" | awk '{printf "%.1f", $1 - $2}')
kapi_load=$(load)
kapi_apis_bytes=$(apis_bytes "$kapi_url" "$work/auth-kapi.cfg")
cat >"$work/kapi.kubeconfig" <<CONFIG
apiVersion: v1
kind: Config
clusters: [{name: scale, cluster: {server: "$kapi_url"}}]
contexts: [{name: scale, context: {cluster: scale}}]
current-context: scale
users: []
CONFIG
echo "kapi serve: listening after $kapi_listen_ms ms; from launching it, discovery complete at $kapi_discovery_ms ms," \
  "v3 index at $kapi_index_ms ms, every v3 document served at $kapi_served_ms ms" \
  "(fetch rounds: $fetch_rounds; ${fetch_failures:-no failures})"
echo "  CPU by then: kapi serve $kapi_cpu s, the bench's polling and fetching $kapi_client s; load average $kapi_load"
echo "  VmRSS $kapi_rss KB (peak $kapi_hwm KB); aggregated /apis $kapi_apis_bytes"

# The real server: up.sh supervises etcd and kube-apiserver, and stops both (removing etcd's data) on TERM.
# Its audit log records our token's requests only (the server's own loopback requests are left out).
cat >"$work/audit-policy.yaml" <<POLICY
apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: [RequestReceived]
rules:
- level: Metadata
  users: [kapi-admin]
- level: None
POLICY
audit_flags="--audit-policy-file $work/audit-policy.yaml --audit-log-path $work/audit.log"
launch=$(now_ms)
KUBE_APISERVER=$apiserver KUBE_APISERVER_FLAGS=$audit_flags bash tests/kube/up.sh "$work/kube" "$$" \
  >"$work/up.out" 2>&1 &
up_pid=$!
pids+=("$up_pid")
# Its last line before supervising says "ready at" (the ready file comes a moment earlier).
until grep -qs ' ready at ' "$work/up.out"; do
  kill -0 "$up_pid" 2>/dev/null || { cat "$work/up.out" >&2; exit 1; }
  sleep 0.1
done
ready_ms=$(( $(now_ms) - launch ))
# shellcheck disable=SC1091
source "$work/kube/env"
apiserver_pid=$(ps -o pid=,args= --ppid "$up_pid" | awk '/ --etcd-servers / {print $1}')
etcd_pid=$(ps -o pid=,args= --ppid "$up_pid" | awk '/ --data-dir / {print $1}')
printf 'cacert = "%s"\nheader = "Authorization: Bearer %s"\n' "$KUBE_CA" "$KUBE_TOKEN" >"$work/auth-kube.cfg"
idle_apiserver=$(kb "$apiserver_pid" VmRSS) idle_etcd=$(kb "$etcd_pid" VmRSS)
idle_apiserver_cpu=$(cpu_s "$apiserver_pid") idle_etcd_cpu=$(cpu_s "$etcd_pid")

post="url = \"$KUBE_URL/apis/apiextensions.k8s.io/v1/customresourcedefinitions\"\ndata-binary = \"@%s\"\n"
post+="header = \"Content-Type: application/json\"\noutput = \"/dev/null\"\nwrite-out = \"%%{http_code} %s\\\\n\"\n"
ls "$work"/bundle/crds/*.json | blocks "$post" "$work/auth-kube.cfg" >"$work/post.cfg"
client_before=$(cpu_s children)
start=$(now_ms)
curl --no-progress-meter --parallel --parallel-max "$posts" -K "$work/post.cfg" >"$work/posts.txt" \
  2>>"$work/curl.err" || true
posted_ms=$(( $(now_ms) - start ))
created=$(awk '$1 == 201' "$work/posts.txt" | wc -l)
if [ "$created" != "$crds" ]; then
  echo "  only $created of $crds CRDs created; the others' statuses:" \
    "$(awk '$1 != 201 {print $1}' "$work/posts.txt" | sort | uniq -c | tr '\n' ' ')"
fi
wait_served "$start" "$KUBE_URL" "$work/auth-kube.cfg"
kube_discovery_ms=$discovery_ms kube_index_ms=$index_ms kube_served_ms=$served_ms
from_launch=$([ "$served_ms" = timeout ] && echo timeout || echo $(( start - launch + served_ms )))
apiserver_cpu=$(echo "$(cpu_s "$apiserver_pid") $idle_apiserver_cpu" | awk '{printf "%.1f", $1 - $2}')
etcd_cpu=$(echo "$(cpu_s "$etcd_pid") $idle_etcd_cpu" | awk '{printf "%.1f", $1 - $2}')
kube_client=$(echo "$(cpu_s children) $client_before" | awk '{printf "%.1f", $1 - $2}')
kube_load=$(load)
kube_apis_bytes=$(apis_bytes "$KUBE_URL" "$work/auth-kube.cfg")
apiserver_rss=$(kb "$apiserver_pid" VmRSS) apiserver_hwm=$(kb "$apiserver_pid" VmHWM)
etcd_rss=$(kb "$etcd_pid" VmRSS) etcd_hwm=$(kb "$etcd_pid" VmHWM)
etcd_db=$(curl -s "$(tr '\0' '\n' <"/proc/$etcd_pid/cmdline" | grep -A1 -- '--listen-client-urls' | tail -1)/metrics" |
  awk '$1 == "etcd_mvcc_db_total_size_in_bytes" {printf "%d", $2}')
echo "kube-apiserver ($("$apiserver" --version), etcd $(etcd --version | head -1 | cut -d' ' -f3)): ready after" \
  "$ready_ms ms; $created CRDs created in $posted_ms ms ($posts POSTs at a time); from the first POST, discovery" \
  "complete at $kube_discovery_ms ms, v3 index at $kube_index_ms ms, every v3 document served at $kube_served_ms ms" \
  "($from_launch ms from launching up.sh; fetch rounds: $fetch_rounds; ${fetch_failures:-no failures})"
echo "  CPU from the first POST to then: kube-apiserver $apiserver_cpu s, etcd $etcd_cpu s, the bench's posting," \
  "polling and fetching $kube_client s; load average $kube_load"
echo "  VmRSS kube-apiserver $apiserver_rss KB (peak $apiserver_hwm KB; $idle_apiserver KB before the CRDs)," \
  "etcd $etcd_rss KB (peak $etcd_hwm KB; $idle_etcd KB before; database $etcd_db bytes)"
echo "  aggregated /apis $kube_apis_bytes"

# Cold kubectl runs and GETs of /apis, alternating between the two servers (which goes first alternates too).
kapi_times=() kapi_requests=() kapi_apis=() kube_times=() kube_requests=() kube_apis=()
for run in $(seq "$kubectl_runs"); do
  if (( run % 2 )); then
    kubectl_cold "$work/kapi.kubeconfig" kapi "$work/requests.log" "$run"
    kubectl_cold "$KUBECONFIG" kube "$work/audit.log" "$run"
    apis_time kapi "$kapi_url" "$work/auth-kapi.cfg"
    apis_time kube "$KUBE_URL" "$work/auth-kube.cfg"
  else
    kubectl_cold "$KUBECONFIG" kube "$work/audit.log" "$run"
    kubectl_cold "$work/kapi.kubeconfig" kapi "$work/requests.log" "$run"
    apis_time kube "$KUBE_URL" "$work/auth-kube.cfg"
    apis_time kapi "$kapi_url" "$work/auth-kapi.cfg"
  fi
done
kapi_kubectl_ms=$(median "${kapi_times[@]}") kubectl_ms=$(median "${kube_times[@]}")
echo "kubectl $(kubectl version --client -o json |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["clientVersion"]["gitVersion"])')," \
  "cold api-resources (fresh cache), $kubectl_runs runs against each, alternating:"
echo "  kapi serve: $kapi_kubectl_ms ms (median; runs: ${kapi_times[*]}), requests per run: ${kapi_requests[*]}," \
  "$kapi_resources resources listed; the first run's requests:"
sed 's/^/    /' "$work/requests-kapi-1.txt"
echo "  kube-apiserver: $kubectl_ms ms (median; runs: ${kube_times[*]}), requests per run: ${kube_requests[*]}," \
  "$kube_resources resources listed; the first run's requests:"
python3 - "$work/requests-kube-1.txt" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    event = json.loads(line)
    print(f"    {event['verb']} {event['requestURI']} {event['responseStatus']['code']} ({event['userAgent']})")
PY
echo "GET /apis (aggregated, gzip), between the kubectl runs: kapi serve $(median "${kapi_apis[@]}") ms" \
  "(median; runs: ${kapi_apis[*]}), kube-apiserver $(median "${kube_apis[@]}") ms (${kube_apis[*]})"
kill "$up_pid" "$kapi_pid"
wait "$up_pid" "$kapi_pid" 2>/dev/null || true

python3 - "$kube_served_ms" "$kapi_served_ms" "$gen_ms" "$apiserver_rss" "$etcd_rss" "$kapi_rss" \
  "$kubectl_ms" "$kapi_kubectl_ms" "${kube_requests[0]}" "${kapi_requests[0]}" <<'PY'
import sys
def ratio(a, b):
    return "n/a" if "timeout" in (a, b) else f"{int(a) / int(b):.2f}"
served, kapi_served, generate, apiserver, etcd, kapi, kubectl, kapi_kubectl, requests, kapi_requests = sys.argv[1:]
kapi_with_generate = "timeout" if kapi_served == "timeout" else str(int(generate) + int(kapi_served))
both = str(int(apiserver) + int(etcd))
print(f"ratios real / kapi: served {ratio(served, kapi_served)}"
      f" (kapi with generate: {ratio(served, kapi_with_generate)});"
      f" VmRSS kube-apiserver {ratio(apiserver, kapi)}, kube-apiserver + etcd {ratio(both, kapi)};"
      f" cold kubectl api-resources {ratio(kubectl, kapi_kubectl)} wall, {requests} / {kapi_requests} requests")
PY
