#!/usr/bin/env bash
# The kubectl conformance harness against `kapi serve` as an aggregator of three upstreams: two kapi servers
# (registered for the example groups, switched off in the aggregator's own bundle) and an old-style server with
# legacy discovery and OpenAPI v2 only, over https (its documents converted to v3 by the aggregator).
# Usage: scripts/aggregator-conformance.sh [KAPI_BINARY]   (run from anywhere; needs python3 and openssl)
set -euo pipefail
cd "$(dirname "$0")/.."
kapi=${1:-target/debug/kapi}
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT

# Starts `kapi serve` with the given arguments and sets `served` to its URL once it listens. Not in a command
# substitution: its PID must reach `pids` in this shell, for the EXIT trap to stop it.
served=
serve() {
  local name=$1; shift
  "$kapi" serve --addr 127.0.0.1:0 "$@" >"$work/$name.out" 2>"$work/$name.err" &
  pids+=($!)
  for _ in $(seq 300); do grep -q listening "$work/$name.out" && break; sleep 0.1; done
  served=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/$name.out" | head -1) \
    || { echo "kapi serve ($name) did not start:" >&2; cat "$work/$name.err" >&2; exit 1; }
}

# A CA and a certificate for 127.0.0.1 it signs, for the https upstream.
(
  cd "$work"
  openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj "/CN=kapi test CA" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign 2>/dev/null
  openssl req -newkey rsa:2048 -nodes -keyout server.key -out server.csr -subj /CN=127.0.0.1 2>/dev/null
  printf 'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' >ext
  openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 2 \
    -extfile ext 2>/dev/null
)
python3 cli/tests/fixtures/v2_only_server.py generated coordination.k8s.io v1 --port-file "$work/old.port" \
  --cert "$work/server.pem" --key "$work/server.key" >/dev/null &
pids+=($!)
for _ in $(seq 100); do [ -s "$work/old.port" ] && break; sleep 0.1; done

serve a
a=$served
serve b
b=$served
serve aggregator --request-log "$work/requests.log" --upstream-refresh 1 \
  --runtime-config stable.example.com/v1=false --runtime-config stable.example.com/v1beta1=false \
  --runtime-config batch.example.com/v1=false --runtime-config coordination.k8s.io/v1=false \
  --upstream "a=$a,gv=stable.example.com/v1,gv=stable.example.com/v1beta1" \
  --upstream "b=$b,gv=batch.example.com/v1" \
  --upstream "old=https://127.0.0.1:$(cat "$work/old.port"),ca=$work/ca.pem,gv=coordination.k8s.io/v1"
url=$served

# Readiness does not wait for upstreams; the harness expects every group-version Current.
python3 - "$url" <<'PY'
import json, sys, time, urllib.request
url = sys.argv[1] + "/apis"
accept = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"
for _ in range(300):
    doc = json.load(urllib.request.urlopen(urllib.request.Request(url, headers={"Accept": accept})))
    stale = [f"{i['metadata']['name']}/{v['version']}" for i in doc["items"] for v in i["versions"]
             if v.get("freshness") == "Stale"]
    if not stale:
        sys.exit(0)
    time.sleep(0.1)
sys.exit(f"still Stale after 30 s: {stale}")
PY
python3 ../shared/conformance/kubectl_conformance.py "$url" --request-log "$work/requests.log"
