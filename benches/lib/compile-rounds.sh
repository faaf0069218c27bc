# Sourced by the compile-time benchmarks. Builds each crate of `crates` (directories under `$work`) in turn, in
# `rounds` rounds: cold (from an empty target directory of its own) and then `rebuilds` times after a one-line
# change of its `pub const EDIT: u32 = ...;` line. Within a round the crates are built one after the other, so a
# loaded machine slows them alike. Fills `cold` and `incremental` (milliseconds per crate, space-separated).

build() { (cd "$work/$1" && CARGO_TARGET_DIR="$work/$1/target" cargo build -q --offline 2>&1); }
ms() { local start=$(date +%s%N); "$@" >/dev/null; echo $(( ($(date +%s%N) - start) / 1000000 )); }
median() { printf '%s\n' $1 | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

declare -A cold incremental
compile_rounds() {
  for round in $(seq "$rounds"); do
    for crate in "${crates[@]}"; do
      rm -rf "$work/$crate/target"
      cold[$crate]+="$(ms build "$crate") "
    done
    for edit in $(seq "$rebuilds"); do
      for crate in "${crates[@]}"; do
        sed -i "s/^pub const EDIT: u32 = .*;/pub const EDIT: u32 = $round$edit;/" "$work/$crate/src/lib.rs"
        incremental[$crate]+="$(ms build "$crate") "
      done
    done
  done
}

# The medians of each crate, and every run.
print_medians() {
  printf '%-12s %10s %12s   (all runs, ms)\n' crate cold incremental
  for crate in "${crates[@]}"; do
    printf '%-12s %10s %12s   cold: %s incremental: %s\n' "$crate" "$(median "${cold[$crate]}")" \
      "$(median "${incremental[$crate]}")" "${cold[$crate]}" "${incremental[$crate]}"
  done
}
