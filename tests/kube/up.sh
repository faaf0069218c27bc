#!/usr/bin/env bash
# Starts a real Kubernetes API server for the tests: etcd and the pinned kube-apiserver (tests/kube/build.sh) on
# loopback ports, with certificates made for it and one bearer token that is system:masters. It waits for
# /readyz, then writes into DIR:
#
#   kubeconfig   for kubectl and any client (server, CA, token)
#   env          KUBE_URL, KUBE_TOKEN, KUBE_CA, KUBECONFIG, KUBE_FRONT_PROXY_CA (the CA of the client
#                certificate it presents to APIService backends) and ETCD_URL (etcd's client URL) as shell assignments
#   ready        the supervisor's pid, once the server is ready (the harness waits for this file)
#
# and stays in the foreground supervising both until it is interrupted, either fails, or the process WATCH_PID
# (the test runner, for the Rust harness) is gone; then it stops both and removes etcd's data.
#
#   tests/kube/up.sh DIR [WATCH_PID]
#
# KUBE_APISERVER names the binary (default: what tests/kube/build.sh prints, building it when needed).
# KUBE_APISERVER_FLAGS adds flags to kube-apiserver's command line, split at spaces (default: none; the tests set
# none, benches/kube-scale.sh an audit log).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: tests/kube/up.sh DIR [WATCH_PID]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
dir=$1 watch=${2:-}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
rm -f "$dir/ready" "$dir/failed"
apiserver=${KUBE_APISERVER:-$(bash "$here/build.sh")}
command -v etcd >/dev/null || { echo "kube: etcd is not installed (Debian: etcd-server)" >&2; exit 1; }

# etcd's data in memory when /dev/shm is there: the server fsyncs every write, and the tests write thousands.
data=$(mktemp -d "$( [ -d /dev/shm ] && echo /dev/shm || echo "${TMPDIR:-/tmp}")/kapi-etcd.XXXXXX")
pids=()
stop() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$data" "$dir/ready"
  exit "$status"
}
trap stop EXIT
trap 'exit 0' INT TERM
fail() { echo "kube: $*" >&2; echo "$*" >"$dir/failed"; exit 1; }

# Free loopback ports: bound to port 0 and released (a collision makes a server fail, reported below).
read -r etcd_client etcd_peer secure < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(3)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in sockets))')

certs=$dir/certs
mkdir -p "$certs"
# new_ca NAME CN: a CA certificate and key, NAME.crt and NAME.key. issue NAME CN CA EXTENSIONS: a key and a
# certificate for CN signed by CA, with the extensions given (an openssl extension file's line).
new_ca() {
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=$2" -keyout "$certs/$1.key" \
    -out "$certs/$1.crt" 2>/dev/null
}
issue() {
  openssl req -newkey rsa:2048 -nodes -subj "/CN=$2" -keyout "$certs/$1.key" -out "$certs/$1.csr" 2>/dev/null
  printf '%s\n' "$4" >"$certs/$1.ext"
  openssl x509 -req -in "$certs/$1.csr" -CA "$certs/$3.crt" -CAkey "$certs/$3.key" -CAcreateserial -days 3650 \
    -extfile "$certs/$1.ext" -out "$certs/$1.crt" 2>/dev/null
}
if [ ! -s "$certs/serving.crt" ]; then
  new_ca ca kapi-test-ca
  issue serving kube-apiserver ca 'subjectAltName=IP:127.0.0.1,DNS:localhost,DNS:kubernetes.default.svc'
  openssl genrsa -out "$certs/service-account.key" 2048 2>/dev/null
  openssl rsa -in "$certs/service-account.key" -pubout -out "$certs/service-account.pub" 2>/dev/null
fi
# The aggregator's front proxy: a CA of its own, and the client certificate kube-apiserver presents to APIService
# backends (which trust that CA and the user it names in X-Remote-User).
if [ ! -s "$certs/front-proxy-client.crt" ]; then
  new_ca front-proxy-ca kapi-test-front-proxy-ca
  issue front-proxy-client front-proxy-client front-proxy-ca 'extendedKeyUsage=clientAuth'
fi
token=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
printf '%s,kapi-admin,kapi-admin,"system:masters"\n' "$token" >"$certs/tokens.csv"

etcd --name kapi --data-dir "$data" \
  --listen-client-urls "http://127.0.0.1:$etcd_client" --advertise-client-urls "http://127.0.0.1:$etcd_client" \
  --listen-peer-urls "http://127.0.0.1:$etcd_peer" --initial-advertise-peer-urls "http://127.0.0.1:$etcd_peer" \
  --initial-cluster "kapi=http://127.0.0.1:$etcd_peer" >"$dir/etcd.log" 2>&1 &
pids+=($!)

read -ra extra_flags <<<"${KUBE_APISERVER_FLAGS:-}"
"$apiserver" \
  --etcd-servers "http://127.0.0.1:$etcd_client" \
  --bind-address 127.0.0.1 --advertise-address 127.0.0.1 --secure-port "$secure" \
  --tls-cert-file "$certs/serving.crt" --tls-private-key-file "$certs/serving.key" \
  --client-ca-file "$certs/ca.crt" --token-auth-file "$certs/tokens.csv" --authorization-mode RBAC \
  --service-account-issuer https://kubernetes.default.svc --service-account-key-file "$certs/service-account.pub" \
  --service-account-signing-key-file "$certs/service-account.key" --service-cluster-ip-range 10.96.0.0/16 \
  --endpoint-reconciler-type none --profiling=false \
  --requestheader-client-ca-file "$certs/front-proxy-ca.crt" --requestheader-allowed-names front-proxy-client \
  --requestheader-username-headers X-Remote-User --requestheader-group-headers X-Remote-Group \
  --requestheader-extra-headers-prefix X-Remote-Extra- \
  --proxy-client-cert-file "$certs/front-proxy-client.crt" --proxy-client-key-file "$certs/front-proxy-client.key" \
  "${extra_flags[@]}" >"$dir/apiserver.log" 2>&1 &
pids+=($!)

url=https://127.0.0.1:$secure
for attempt in $(seq 600); do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' --cacert "$certs/ca.crt" -H "Authorization: Bearer $token" \
      "$url/readyz")" = 200 ]; then
    break
  fi
  for pid in "${pids[@]}"; do
    kill -0 "$pid" 2>/dev/null || fail "a server exited while starting: $(tail -5 "$dir/etcd.log" "$dir/apiserver.log")"
  done
  [ "$attempt" -lt 600 ] || fail "not ready after 60 s: $(tail -5 "$dir/apiserver.log")"
  sleep 0.1
done

cat >"$dir/kubeconfig" <<CONFIG
apiVersion: v1
kind: Config
clusters:
- name: kapi-kube
  cluster:
    server: $url
    certificate-authority: $certs/ca.crt
users:
- name: kapi-admin
  user:
    token: $token
contexts:
- name: kapi-kube
  context:
    cluster: kapi-kube
    user: kapi-admin
current-context: kapi-kube
CONFIG
cat >"$dir/env" <<ENV
KUBE_URL=$url
KUBE_TOKEN=$token
KUBE_CA=$certs/ca.crt
KUBECONFIG=$dir/kubeconfig
KUBE_FRONT_PROXY_CA=$certs/front-proxy-ca.crt
ETCD_URL=http://127.0.0.1:$etcd_client
ENV
echo $$ >"$dir/ready"
echo "kube: $("$apiserver" --version) ready at $url (etcd $(etcd --version | head -1 | cut -d' ' -f3)); $dir/env"

while true; do
  for pid in "${pids[@]}"; do
    kill -0 "$pid" 2>/dev/null || fail "a server exited: $(tail -5 "$dir/etcd.log" "$dir/apiserver.log")"
  done
  if [ -n "$watch" ] && ! kill -0 "$watch" 2>/dev/null; then exit 0; fi
  sleep 1
done
