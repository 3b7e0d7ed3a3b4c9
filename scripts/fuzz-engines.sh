#!/usr/bin/env bash
# Fuzzes the four real engines against the reference for a bounded, deterministic number of
# positions per ruleset, each gated by its baseline of known, adjudicated disagreements
# (baselines/fuzz/<engine>.yaml, docs/findings.md):
#
#   bash scripts/fuzz-engines.sh           exit 1 on a finding no baseline lists
#   bash scripts/fuzz-engines.sh pyffish   only the engines named
#
# A campaign is a pure function of ruleset, seed and positions (--positions, not --time),
# so a run finds the same disagreements on any machine; the counts below make the whole
# script take about 3 minutes here (docs/fuzzing.md). Baseline entries a run does not reach
# are reported as not reproduced, which is not a failure. Needs the release binary (cargo
# build --release), Fairy-Stockfish at /usr/games/fairy-stockfish (Debian's
# fairy-stockfish) and the adapters' virtual environments (bash adapters/setup.sh). The
# cases of the findings and each campaign's output go to target/fuzz-engines/.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
  -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
esac

arbiter=${ARBITER:-target/release/arbiter}
seed=${FUZZ_SEED:-1}
out=target/fuzz-engines
[ -x "$arbiter" ] || { echo "error: $arbiter is missing; run cargo build --release" >&2; exit 2; }
mkdir -p "$out"

# name | engine | ruleset | positions
campaigns=(
  "fairy-stockfish|uci:/usr/games/fairy-stockfish|xiangqi@cxa|600"
  "fairy-stockfish|uci:/usr/games/fairy-stockfish|xiangqi@axf|600"
  "pyffish|$(bash adapters/engines.sh pyffish)|xiangqi@cxa|300"
  "pyffish|$(bash adapters/engines.sh pyffish)|xiangqi@axf|300"
  "pydraughts|$(bash adapters/engines.sh pydraughts)|russian@fmjd64|150"
  "pydraughts|$(bash adapters/engines.sh pydraughts)|brazilian@cxa|150"
  "py-draughts|$(bash adapters/engines.sh py-draughts)|russian@fmjd64|3000"
  "py-draughts|$(bash adapters/engines.sh py-draughts)|brazilian@cxa|3000"
)

status=0
for entry in "${campaigns[@]}"; do
  IFS='|' read -r name engine ruleset positions <<<"$entry"
  if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then
    continue
  fi
  tag="$name-${ruleset/@/-}"
  args=(fuzz --engine "$engine" --ruleset "$ruleset" --seed "$seed" --positions "$positions"
        --timeout 60 --start-timeout 60 --emit "$out/$tag" --baseline "baselines/fuzz/$name.yaml")
  echo "== $name $ruleset: arbiter ${args[*]}"
  start=$SECONDS
  set +e
  "$arbiter" "${args[@]}" >"$out/$tag.txt" 2>"$out/$tag.stderr"
  code=$?
  set -e
  grep -E '^(fuzz |[0-9]+ positions|engine:|new:|note:|passed|failed)' "$out/$tag.txt" || true
  echo "($((SECONDS - start)) s)"
  case "$code" in
    0) ;;
    1)
      echo "error: $name under $ruleset: new findings, not in baselines/fuzz/$name.yaml (their cases: $out/$tag/); adjudicate each against the rulebook (docs/findings.md) before listing it" >&2
      [ "$status" -eq 2 ] || status=1
      ;;
    *)
      echo "error: $name under $ruleset could not run:" >&2
      cat "$out/$tag.stderr" >&2
      status=2
      ;;
  esac
done
exit "$status"
