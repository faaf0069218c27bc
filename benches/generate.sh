#!/usr/bin/env bash
# Times `kapi generate` (release build) for the embedded corpus against a peer doing comparable work in the same
# run: Python reading every generated JSON file (all but the .proto files) and writing it back in the same
# canonical form. Prints the
# artifact count and sizes too. Usage: bash benches/generate.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
# Where cargo puts the builds (CI sets CARGO_TARGET_DIR to a cache outside the clone).
target_dir=${CARGO_TARGET_DIR:-target}
runs="${1:-10}"
bash scripts/need-protoc.sh
cargo build --release --locked -q --bin kapi
kapi="$target_dir"/release/kapi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$kapi" generate --out "$work/out" >/dev/null

cat > "$work/peer.py" <<'PY'
import json, os, sys
root = sys.argv[1]
for dirpath, _, files in os.walk(root):
    for name in files:
        if not name.endswith(".json"):
            continue
        path = os.path.join(dirpath, name)
        with open(path, encoding="utf-8") as f:
            value = json.load(f)
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
        os.replace(path + ".tmp", path)
PY

time_runs() {  # prints the median wall time in milliseconds of "$@" over $runs runs
  local times=()
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

fresh() { rm -rf "$work/gen"; "$kapi" generate --out "$work/gen"; }
# The same corpus with every group-version but coordination.k8s.io/v1 switched off: what coordination alone costs.
disable=()
for gv in $(python3 -c 'import json,sys; print(" ".join(p.split("/",1)[1] for p in json.load(open(sys.argv[1]))["paths"]))' "$work/out/openapi/v3/index.json"); do
  [ "$gv" = coordination.k8s.io/v1 ] || disable+=(--disable "$gv")
done
coordination() { rm -rf "$work/coord"; "$kapi" generate --out "$work/coord" "${disable[@]}"; }
files=$(find "$work/out" -type f | wc -l)
bytes=$(du -sb "$work/out" | cut -f1)
gen_ms=$(time_runs fresh)
coord_ms=$(time_runs coordination)
coord_files=$(find "$work/coord" -type f | wc -l)
coord_bytes=$(du -sb "$work/coord" | cut -f1)
idle_ms=$(time_runs "$kapi" generate --out "$work/out")
peer_ms=$(time_runs python3 "$work/peer.py" "$work/out")
echo "artifacts: $files files, $bytes bytes"
echo "kapi generate (fresh dir):        ${gen_ms} ms median of $runs"
echo "kapi generate (nothing changed):  ${idle_ms} ms median of $runs"
echo "coordination.k8s.io/v1 alone:     ${coord_ms} ms median of $runs ($coord_files files, $coord_bytes bytes)"
echo "python canonical rewrite (peer):  ${peer_ms} ms median of $runs"
awk -v g="$gen_ms" -v p="$peer_ms" -v c="$coord_ms" 'BEGIN {
  if (p > 0) printf "ratio kapi generate / peer: %.2f\n", g / p
  if (c > 0) printf "ratio full corpus / coordination alone: %.2f\n", g / c
}'
