#!/usr/bin/env bash
# Every crate meant for users packages and would publish; the packages compile, and document without a warning,
# from their own files alone.
#
# 1. `cargo publish --dry-run --no-verify` of every crate without `publish = false`: cargo packages them in
#    dependency order against a local registry of the packages already made (versions on every dependency, the
#    metadata crates.io wants, the files each crate carries) and stops before uploading.
# 2. The packages, unpacked side by side into a workspace of their own where each depends on the others through
#    `[patch.crates-io]` (as a registry would serve them; no file of the checkout is reachable): `cargo check`, then
#    `cargo doc --no-deps` with warnings as errors (broken intra-doc links among them), which is what docs.rs runs.
#    A missing file, or a dependency a crate uses without declaring, fails here. `cargo check` rather than the build
#    `cargo publish` verifies with: the same errors minus code generation and linking (which the workspace's own
#    build does), in a fraction of the time. The crates are checked together, so their features are unified; a
#    crate using a dependency's feature only another crate asks for is not caught (cargo publish's verification
#    would catch it, at 6 minutes on two cores).
#
# A run with the same package bytes, Cargo.lock and rustc as the last one that passed does not check them again.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/common.sh
root=$PWD

# Every workspace crate without `publish = false`, in dependency order.
mapfile -t published < <(cargo metadata --format-version 1 --locked | python3 -c '
import json, sys
m = json.load(sys.stdin)
packages = {p["id"]: p for p in m["packages"] if p["id"] in m["workspace_members"] and p.get("publish") != []}
deps = {n["id"]: [d["pkg"] for d in n["deps"] if d["pkg"] in packages
                  and any(k["kind"] != "dev" for k in d["dep_kinds"])] for n in m["resolve"]["nodes"]}
done = []
def visit(pid):
    if pid not in done:
        for dep in deps.get(pid, []): visit(dep)
        done.append(pid)
for pid in sorted(packages, key=lambda p: packages[p]["name"]): visit(pid)
for pid in done: print(packages[pid]["name"], packages[pid]["version"])')
names=()
for entry in "${published[@]}"; do names+=("${entry% *}"); done
echo "package: ${names[*]}"

# --allow-dirty: a developer may run this before committing; CI runs it on a clean clone.
# shellcheck disable=SC2046
cargo publish --dry-run --no-verify --locked --allow-dirty $(printf -- '-p %s ' "${names[@]}") 2>&1 \
  | grep -v '^warning: aborting upload due to dry run$'
# The same packages again where cargo package leaves them (publish keeps its own in a private folder).
# shellcheck disable=SC2046
cargo package --no-verify --locked --allow-dirty --quiet $(printf -- '-p %s ' "${names[@]}")
crates=()
for entry in "${published[@]}"; do crates+=("$CARGO_TARGET_DIR/package/${entry% *}-${entry#* }.crate"); done
ls -l "${crates[@]}" | awk '{printf "package: %9d bytes  %s\n", $5, $NF}' | sed "s|$CARGO_TARGET_DIR/package/||"

record=$KAPI_CACHE/package-checked
key=$( (cd "$CARGO_TARGET_DIR/package" && sha256sum "${crates[@]##*/}"; cd "$root" && sha256sum Cargo.lock; rustc -vV) \
  | sha256sum | cut -d' ' -f1)
if [ "$(cat "$record" 2>/dev/null)" = "$key" ]; then
  echo "package: these exact packages were checked before, with this Cargo.lock and rustc"
  exit 0
fi
rm -f "$record"

unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
# The workspace's profiles, so what the workspace's build compiled is reused.
python3 scripts/ci/profiles.py "$unpacked/profiles.toml"
{
  echo '[workspace]'
  # The workspace's resolver (as the packaged manifests say): the build scripts and proc-macros the workspace's
  # build compiled are then the ones this check needs.
  echo 'resolver = "1"'
  printf 'members = [%s]\n' "$(printf '"%s", ' "${names[@]}" | sed 's/, $//')"
  echo '[patch.crates-io]'
} >"$unpacked/Cargo.toml"
for entry in "${published[@]}"; do
  name=${entry% *} version=${entry#* }
  # -m: the files get the time of unpacking. A .crate stamps every file with one fixed time (2006), and cargo
  # judges a path crate fresh by mtimes: it would reuse what it checked of an earlier package of the same version.
  tar -xzmf "$CARGO_TARGET_DIR/package/$name-$version.crate" -C "$unpacked"
  mv "$unpacked/$name-$version" "$unpacked/$name"
  echo "$name = { path = \"$name\" }" >>"$unpacked/Cargo.toml"
done
# The versions the workspace is built and tested with; cargo adds the unpacked crates (--offline: nothing new).
cp Cargo.lock "$unpacked/Cargo.lock"
(
  cd "$unpacked"
  cargo check --workspace --offline --quiet --config "$unpacked/profiles.toml"
  RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --offline --quiet --config "$unpacked/profiles.toml"
)
echo "$key" >"$record"
