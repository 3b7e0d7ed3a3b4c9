#!/usr/bin/env bash
# Builds every cargo-fuzz target for OSS-Fuzz / ClusterFuzzLite and copies the binaries, with
# their seed corpora zipped alongside (<target>_seed_corpus.zip), into $OUT.
#
#   OUT=/tmp/out bash fuzz/build.sh            # here, with cargo-fuzz installed
#
# On OSS-Fuzz this is the project's build.sh ($SRC/arbiter is the checkout, $OUT is set and
# the toolchain is nightly). On a stable toolchain set RUSTC_BOOTSTRAP=1.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
: "${OUT:?set OUT to the directory that receives the fuzzer binaries}"
mkdir -p "$OUT"
cd "$root"

targets=$(cargo fuzz list --fuzz-dir "$here")
cargo fuzz build -O --fuzz-dir "$here" ${CARGO_FUZZ_BUILD_FLAGS:-}

triple="$(rustc -vV | sed -n 's/^host: //p')"
dir="${CARGO_TARGET_DIR:-$here/target}/$triple/release"
for t in $targets; do
  cp "$dir/$t" "$OUT/$t"
  if [ -d "$here/corpus/$t" ]; then
    rm -f "$OUT/${t}_seed_corpus.zip"
    if command -v zip >/dev/null; then
      (cd "$here/corpus/$t" && zip -q -r "$OUT/${t}_seed_corpus.zip" .)
    else # python3's zipfile where zip is not installed
      (cd "$here/corpus/$t" && python3 -m zipfile -c "$OUT/${t}_seed_corpus.zip" .)
    fi
  fi
  echo "built $OUT/$t"
done
