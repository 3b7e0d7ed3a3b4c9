#!/usr/bin/env bash
# Runs every cargo-fuzz target for a bounded time, starting from its committed seed corpus
# (read-only: new inputs go to a scratch directory), and fails on the first crash.
#
#   bash fuzz/run.sh 30          # 30 seconds per target
#
# It builds every target first (`cargo fuzz build -O`: optimised, debug assertions on,
# AddressSanitizer) and says how long that took, then runs them one after the other.
# CARGO_FUZZ_BUILD_FLAGS adds build flags (as for fuzz/build.sh, which then reuses the
# build), e.g. "--codegen-units 16" for a faster build of slightly slower fuzzers.
# Uses RUSTC_BOOTSTRAP=1 so a stable toolchain can build with the sanitizer flags. A crash
# leaves its input in fuzz/artifacts/<target>/; reproduce it with
# `RUSTC_BOOTSTRAP=1 cargo fuzz run -O <target> fuzz/artifacts/<target>/<file>`.
set -euo pipefail

seconds="${1:-30}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
export RUSTC_BOOTSTRAP=1
cd "$root"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
start=$SECONDS
# shellcheck disable=SC2086 # the flags are words
cargo fuzz build -O --fuzz-dir "$here" ${CARGO_FUZZ_BUILD_FLAGS:-}
echo "== built every target in $((SECONDS - start)) s"
status=0
for t in $(cargo fuzz list --fuzz-dir "$here"); do
  mkdir -p "$scratch/$t"
  echo "== $t: ${seconds}s"
  # shellcheck disable=SC2086
  if ! cargo fuzz run -O --fuzz-dir "$here" ${CARGO_FUZZ_BUILD_FLAGS:-} "$t" "$scratch/$t" "$here/corpus/$t" -- \
      -max_total_time="$seconds" -print_final_stats=1 2>"$scratch/$t.log"; then
    tail -n 40 "$scratch/$t.log"
    echo "FAILED: $t"
    status=1
  else
    grep -E '^(stat::number_of_executed_units|stat::peak_rss_mb|#[0-9]+ +DONE)' "$scratch/$t.log" || true
  fi
done
exit $status
