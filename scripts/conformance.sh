#!/usr/bin/env bash
# Runs the whole suite against the real engines, each gated by its baseline of known
# failures (baselines/<engine>.yaml):
#
#   bash scripts/conformance.sh            check: exit 1 on a failure no baseline lists
#   bash scripts/conformance.sh --update   rewrite the baselines (keeping their reasons),
#                                          docs/conformance.md and the README's table
#
# Needs the release binary (cargo build --release), Fairy-Stockfish at
# /usr/games/fairy-stockfish and Sjaak II at /usr/games/sjaakii (Debian's fairy-stockfish
# and sjaakii; each checked under every protocol it speaks) and the adapters' virtual
# environments (bash adapters/setup.sh). Reports go to target/conformance/.
set -euo pipefail
cd "$(dirname "$0")/.."

update=false
case "${1:-}" in
  --update) update=true ;;
  "") ;;
  -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
  *) echo "usage: bash scripts/conformance.sh [--update]" >&2; exit 2 ;;
esac

arbiter=${ARBITER:-target/release/arbiter}
out=target/conformance
mkdir -p "$out" baselines
[ -x "$arbiter" ] || { echo "error: $arbiter is missing; run cargo build --release" >&2; exit 2; }

# name | engine | rulesets | extra arguments
# Sjaak II's UCI and UCCI stay silent (no `bestmove`, no `readyok`) in some repetition
# positions: a 2 s timeout keeps those hangs, reported as errored, short.
engines=(
  "fairy-stockfish|uci:/usr/games/fairy-stockfish|xiangqi"
  "fairy-stockfish-ucci|ucci:/usr/games/fairy-stockfish|xiangqi"
  "sjaakii|uci:/usr/games/sjaakii|xiangqi|--timeout 2"
  "sjaakii-ucci|ucci:/usr/games/sjaakii|xiangqi|--timeout 2"
  "fairy-stockfish-xboard|xboard:/usr/games/fairy-stockfish|xiangqi"
  "sjaakii-xboard|xboard:/usr/games/sjaakii|xiangqi|--timeout 2"
  "pyffish|$(bash adapters/engines.sh pyffish)|xiangqi"
  "pydraughts|$(bash adapters/engines.sh pydraughts)|russian brazilian"
  "py-draughts|$(bash adapters/engines.sh py-draughts)|russian brazilian"
)

status=0
reports=()
for entry in "${engines[@]}"; do
  IFS='|' read -r name engine rulesets extra <<<"$entry"
  report=$out/$name.jsonl
  baseline=baselines/$name.yaml
  args=(run --engine "$engine" --report "$report" --junit "$out/$name.junit.xml")
  for r in $rulesets; do args+=(--ruleset "$r"); done
  # shellcheck disable=SC2206
  [ -n "${extra:-}" ] && args+=($extra)
  if ! $update && [ -f "$baseline" ]; then args+=(--baseline "$baseline"); fi
  echo "== $name: arbiter ${args[*]}"
  set +e
  "$arbiter" "${args[@]}" >"$out/$name.txt" 2>"$out/$name.stderr"
  code=$?
  set -e
  tail -n 3 "$out/$name.txt"
  grep '^engine:' "$out/$name.stderr" || true
  if [ "$code" -eq 2 ]; then
    echo "error: $name could not run:" >&2
    cat "$out/$name.stderr" >&2
    status=2
    continue
  fi
  reports+=("$report")
  if $update; then
    "$arbiter" baseline update "$report" --out "$baseline" \
      --reason "to be adjudicated: see docs/conformance.md"
  elif [ "$code" -ne 0 ]; then
    echo "error: $name: failures the baseline $baseline does not list (see $out/$name.txt)" >&2
    [ "$status" -eq 2 ] || status=1
  fi
  view=(report "$report" --format markdown --out "$out/$name.md")
  [ -f "$baseline" ] && view+=(--baseline "$baseline")
  "$arbiter" "${view[@]}" >/dev/null || true
done

if [ ${#reports[@]} -gt 0 ]; then
  if $update; then
    python3 scripts/conformance_table.py "${reports[@]}" --doc docs/conformance.md --readme README.md
    echo "wrote docs/conformance.md and the README's conformance table"
  else
    python3 scripts/conformance_table.py "${reports[@]}" --doc "$out/conformance.md"
    if ! diff -q "$out/conformance.md" docs/conformance.md >/dev/null 2>&1; then
      echo "note: the results differ from docs/conformance.md; run bash scripts/conformance.sh --update to record them" >&2
      diff "$out/conformance.md" docs/conformance.md | head -n 40 >&2 || true
    fi
  fi
fi
exit "$status"
