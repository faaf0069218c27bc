#!/usr/bin/env bash
# The fuzz stage, in two steps so the build can overlap the stages before it:
#
#   scripts/ci/fuzz.sh build   picks the targets due (scripts/ci/fuzz_plan.py: those whose code changed since they
#                              were last fuzzed on this machine, and all of them on the first run of each day of
#                              commits) and builds them, when any is due
#   scripts/ci/fuzz.sh run     fuzzes each target built for FUZZ_SECONDS (30), two at a time (one per core); a
#                              target's output is shown when it fails; inputs found go to fuzz/corpus/ (ignored by
#                              git), fuzz/seeds/ stays untouched
#
# Optimised and without a sanitizer (-O --sanitizer none): the code is safe Rust (unsafe_code is forbidden), so
# AddressSanitizer would add build time and slow each run without finding more; panics and failed assertions are
# what the targets report. cargo-fuzz wants a nightly toolchain; without one, stable is told to accept the flags
# it needs with RUSTC_BOOTSTRAP=1, and the stage says which it used. The targets build in a target directory of
# their own (every crate is compiled with coverage instrumentation, so nothing is shared with the other builds,
# and the build can run while cargo uses the other).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/ci/common.sh

seconds=${FUZZ_SECONDS:-30}
state=$KAPI_CACHE/fuzz-state.json
due=$KAPI_CACHE/fuzz-due
export CARGO_TARGET_DIR=$KAPI_CACHE/fuzz-target

if rustup run nightly rustc --version >/dev/null 2>&1; then
  toolchain=(+nightly)
  version="$(rustup run nightly rustc --version)"
else
  toolchain=()
  export RUSTC_BOOTSTRAP=1
  version="$(rustc --version) with RUSTC_BOOTSTRAP=1 (no nightly toolchain on this machine)"
fi

case ${1:-} in
  build)
    echo "fuzz: toolchain: $version"
    rm -f "$due"
    # cargo-fuzz takes no --locked: check the lock file is complete first, so the build cannot change it.
    (cd fuzz && cargo "${toolchain[@]}" metadata --locked --format-version 1 >/dev/null)
    python3 scripts/ci/fuzz_plan.py plan "$state" >"$due.tmp"
    if [ -s "$due.tmp" ]; then
      # One build for every target: they share all their dependencies, so building fewer saves only their links.
      (cd fuzz && cargo "${toolchain[@]}" fuzz build -O --sanitizer none)
    fi
    mv "$due.tmp" "$due"
    ;;
  run)
    [ -e "$due" ] || { echo "fuzz: nothing built: run \`scripts/ci/fuzz.sh build\` first" >&2; exit 1; }
    mapfile -t targets <"$due"
    if [ ${#targets[@]} -eq 0 ]; then
      echo "fuzz: no target is due (scripts/ci/fuzz_plan.py): nothing to do"
      exit 0
    fi
    logs=$(mktemp -d)
    trap 'rm -rf "$logs"' EXIT
    cd fuzz
    # shellcheck disable=SC2016
    printf '%s\n' "${targets[@]}" | xargs -P 2 -I{} bash -c '
      target=$1 logs=$2 seconds=$3; shift 3
      mkdir -p "corpus/$target"
      if cargo "$@" fuzz run -O --sanitizer none "$target" "corpus/$target" "seeds/$target" \
          -- -max_total_time="$seconds" >"$logs/$target.log" 2>&1; then
        echo "fuzz: $target: $(grep -o "Done [0-9]* runs in [0-9]* second(s)" "$logs/$target.log")"
        touch "$logs/$target.passed"
      else
        echo "fuzz: $target FAILED:" >&2; tail -40 "$logs/$target.log" >&2; exit 1
      fi' _ {} "$logs" "$seconds" "${toolchain[@]}" && status=0 || status=$?
    cd ..
    passed=()
    for target in "${targets[@]}"; do
      [ -e "$logs/$target.passed" ] && passed+=("$target")
    done
    [ ${#passed[@]} -eq 0 ] || python3 scripts/ci/fuzz_plan.py done "$state" "${passed[@]}"
    rm -f "$due"
    exit "$status"
    ;;
  *)
    echo "usage: scripts/ci/fuzz.sh build|run" >&2
    exit 2
    ;;
esac
