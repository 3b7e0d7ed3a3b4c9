#!/usr/bin/env bash
# The engine gate: runs the suite inside arbiter against an engine, writes the JSON-lines
# report, JUnit XML and a markdown summary, and fails only on failures the baseline does
# not list. The GitHub Action (action.yml) runs this script; so does .ci/run, against
# Fairy-Stockfish, so that the action cannot rot. docs/ci.md shows it in GitHub Actions and
# GitLab CI.
#
#   bash scripts/engine-gate.sh --engine 'uci:/usr/games/fairy-stockfish' \
#        --rulesets xiangqi --baseline baselines/fairy-stockfish.yaml
#
# Options:
#   --engine CMD       the engine, as `arbiter run --engine` reads it (required)
#   --rulesets LIST    rulesets to check, separated by spaces or commas (default: every
#                      ruleset of the suite)
#   --baseline FILE    known failures (`arbiter baseline update`); none: every failure fails
#   --out DIR          where the reports go (default: arbiter-report)
#   --timeout SECONDS  how long the engine may take to answer one request (default: 10)
# Environment:
#   ARBITER            the arbiter binary (default: `arbiter` on PATH)
#   GITHUB_STEP_SUMMARY  when set, the markdown summary is appended to this file
#
# Writes DIR/report.jsonl, DIR/junit.xml, DIR/summary.md, DIR/run.txt, DIR/run.stderr.
# Exit codes:
#   0  conformant: nothing failed but what the baseline lists
#   1  non-conformant: a failure or error the baseline does not list (the summary lists it)
#   2  could not run or checked nothing: a missing binary, engine or baseline, an engine
#      that does not start or plays none of the rulesets, every case skipped
set -uo pipefail

usage() { sed -n '2,29p' "$0" | sed 's/^# \{0,1\}//'; }
fail() {
  echo "engine-gate: $1" >&2
  exit 2
}

engine=""
rulesets=""
baseline=""
out="arbiter-report"
timeout=""
while [ $# -gt 0 ]; do
  case "$1" in
    --engine) engine="${2-}"; shift 2 || fail "--engine needs a value" ;;
    --rulesets) rulesets="${2-}"; shift 2 || fail "--rulesets needs a value" ;;
    --baseline) baseline="${2-}"; shift 2 || fail "--baseline needs a value" ;;
    --out) out="${2-}"; shift 2 || fail "--out needs a value" ;;
    --timeout) timeout="${2-}"; shift 2 || fail "--timeout needs a value" ;;
    -h|--help) usage; exit 0 ;;
    *) fail "unknown argument '$1' (expected --engine, --rulesets, --baseline, --out, --timeout; --help)" ;;
  esac
done
[ -n "$engine" ] || fail "give the engine: --engine 'uci:/path/to/engine' (see --help)"

arbiter="${ARBITER:-arbiter}"
if ! command -v "$arbiter" >/dev/null 2>&1; then
  fail "the arbiter binary '$arbiter' is not found: install it (cargo install --git <repository> arbiter) or set ARBITER"
fi
if [ -n "$baseline" ] && [ ! -f "$baseline" ]; then
  fail "baseline $baseline: no such file (write one with: arbiter baseline update $out/report.jsonl --out $baseline)"
fi
mkdir -p "$out" || fail "cannot create $out"

args=(run --engine "$engine" --report "$out/report.jsonl" --junit "$out/junit.xml")
for r in ${rulesets//,/ }; do args+=(--ruleset "$r"); done
[ -n "$baseline" ] && args+=(--baseline "$baseline")
[ -n "$timeout" ] && args+=(--timeout "$timeout")

echo "engine-gate: $arbiter ${args[*]}"
"$arbiter" "${args[@]}" >"$out/run.txt" 2>"$out/run.stderr"
code=$?
tail -n 3 "$out/run.txt"
cat "$out/run.stderr" >&2

# The markdown summary: what stopped the run, if it did not get to a verdict, then the
# report's view (when the run wrote one).
summary="$out/summary.md"
: >"$summary"
if [ "$code" -ne 0 ] && [ "$code" -ne 1 ]; then
  {
    echo "# arbiter: the engine could not be checked (exit $code)"
    echo
    echo "Engine \`$engine\`. What arbiter said:"
    echo
    echo '```'
    tail -n 20 "$out/run.stderr"
    echo '```'
    echo
  } >>"$summary"
fi
if [ -f "$out/report.jsonl" ]; then
  view=(report "$out/report.jsonl" --format markdown --out "$out/view.md")
  [ -n "$baseline" ] && view+=(--baseline "$baseline")
  "$arbiter" "${view[@]}" >/dev/null 2>"$out/view.stderr"
  if [ -f "$out/view.md" ]; then
    cat "$out/view.md" >>"$summary"
    rm -f "$out/view.md" "$out/view.stderr"
  else
    cat "$out/view.stderr" >&2
  fi
fi
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat "$summary" >>"$GITHUB_STEP_SUMMARY" || fail "cannot append to GITHUB_STEP_SUMMARY ($GITHUB_STEP_SUMMARY)"
fi

case "$code" in
  0) echo "engine-gate: conformant (reports in $out/)" ;;
  1) echo "engine-gate: failures the baseline does not list: see $summary" >&2
     [ "${GITHUB_ACTIONS:-}" = true ] && echo "::error title=arbiter::failures the baseline does not list (see the job summary and $out/junit.xml)"
     ;;
  *) echo "engine-gate: could not check the engine (exit $code): see above" >&2
     [ "${GITHUB_ACTIONS:-}" = true ] && echo "::error title=arbiter::the engine could not be checked (exit $code); see the job summary"
     code=2
     ;;
esac
exit "$code"
