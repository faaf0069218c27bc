# Sourced by scripts/test.sh and the stage scripts: the cache outside the checkout, and stage timing.
#
# KAPI_CACHE (default ~/.cache/kapi) holds what a second run on this machine reuses: cargo's target directory,
# the tools the tests need, and the records that let unchanged work be skipped. Removing it gives a cold run.

KAPI_CACHE=${KAPI_CACHE:-$HOME/.cache/kapi}
export KAPI_CACHE
mkdir -p "$KAPI_CACHE"
# One target directory for every build of the run: the workspace, the crates kapi init and kapi import write, the
# packaged crates' verification and the docs. A developer's own CARGO_TARGET_DIR wins.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$KAPI_CACHE/target}
# Incremental compilation only pays when the same crate is rebuilt after small edits; CI builds each crate once.
export CARGO_INCREMENTAL=${CARGO_INCREMENTAL:-0}
# The tools scripts/ci/install.sh puts in the cache.
export PATH="$KAPI_CACHE/tools/bin:$PATH"

# Builds the workspace as the tests stage does (every crate, test and binary, `cargo test --workspace` in the dev
# profile), so that a script needing the kapi binary or a test binary finds what CI's build stage built. A narrower
# build (`-p kapi-tests`, `cargo run -p ...`) resolves features for fewer crates and compiles much of the workspace a
# second time (about 300 CPU seconds when the peers stage did so).
build_workspace() {
  cargo nextest run --workspace --locked --cargo-profile dev --no-run --cargo-quiet
}

# The machine's busy CPU time so far, in seconds (every core, every process: /proc/stat's first line).
cpu_seconds() {
  awk -v hz="$(getconf CLK_TCK)" '/^cpu / { printf "%d", ($2 + $3 + $4 + $7 + $8) / hz; exit }' /proc/stat
}

# stage NAME WHAT: starts a stage; its time runs until the next stage or `stages_done`.
stage_names=()
stage_seconds=()
stage_cpu=()
stage_started=$SECONDS
stage_cpu_started=$(cpu_seconds)
run_cpu_started=$stage_cpu_started
stage() {
  stage_close
  stage_names+=("$1")
  stage_started=$SECONDS
  stage_cpu_started=$(cpu_seconds)
  echo "== $1: $2 (${SECONDS}s in)"
}
stage_close() {
  if [ ${#stage_names[@]} -gt ${#stage_seconds[@]} ]; then
    stage_seconds+=($((SECONDS - stage_started)))
    stage_cpu+=($(($(cpu_seconds) - stage_cpu_started)))
  fi
}
# The table of stages, their times and the CPU time the machine spent meanwhile (work in the background, such as
# the fuzz build, counts in the stage it overlaps), as Markdown: docs/DEVELOPING.md keeps one of a cold and a warm
# run.
stages_done() {
  stage_close
  echo
  echo "| stage | seconds | CPU seconds |"
  echo "| --- | ---: | ---: |"
  local i
  for i in "${!stage_seconds[@]}"; do
    echo "| ${stage_names[$i]} | ${stage_seconds[$i]} | ${stage_cpu[$i]} |"
  done
  echo "| total | $SECONDS | $(($(cpu_seconds) - run_cpu_started)) |"
}
