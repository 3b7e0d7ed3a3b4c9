#!/usr/bin/env bash
# A planted protocol engine for the simulator's tests (tests/suite/play.rs): it speaks
# enough of arbiter's protocol (docs/protocol.md) to be a player, and answers every `go`
# as its arguments say, whatever the position:
#   planted-protocol.sh [--no-go] [--only RULESET] [--garbage] [--wrong-seq] [--exit] [--sleep SECONDS] MOVE...
# plays the MOVEs in turn (cycling), after sleeping SECONDS. --no-go leaves `go` out of its
# queries; --only lists that one ruleset (else all three games); --garbage answers `go` with a line that is not JSON; --wrong-seq answers with the
# next seq; --exit ends the process at the first `go`.
rulesets='["xiangqi","russian","brazilian"]'
no_go=0 garbage=0 wrong_seq=0 quit_on_go=0 sleep_for=0
while [ $# -gt 0 ]; do
  case "$1" in
    --no-go) no_go=1; shift ;;
    --only) rulesets="[\"$2\"]"; shift 2 ;;
    --garbage) garbage=1; shift ;;
    --wrong-seq) wrong_seq=1; shift ;;
    --exit) quit_on_go=1; shift ;;
    --sleep) sleep_for=$2; shift 2 ;;
    *) break ;;
  esac
done
moves=("$@")
n=0
queries='["legal","go"]'
if [ "$no_go" = 1 ]; then queries='["legal"]'; fi
while IFS= read -r line; do
  case "$line" in
    *'"cmd":"start"'*)
      echo "{\"protocol\":1,\"name\":\"planted\",\"version\":\"1\",\"rulesets\":$rulesets,\"queries\":$queries}" ;;
    *'"cmd":"stop"'*) exit 0 ;;
    *'"query":"go"'*)
      [[ $line =~ \"seq\":([0-9]+) ]] && seq=${BASH_REMATCH[1]}
      sleep "$sleep_for"
      if [ "$quit_on_go" = 1 ]; then echo "planted: exiting at go" >&2; exit 3; fi
      if [ "$garbage" = 1 ]; then echo "bestmove h2e2"; continue; fi
      if [ "$wrong_seq" = 1 ]; then seq=$((seq + 1)); fi
      echo "{\"seq\":$seq,\"move\":\"${moves[$((n % ${#moves[@]}))]}\"}"
      n=$((n + 1))
      ;;
    *'"cmd":"run"'*)
      [[ $line =~ \"seq\":([0-9]+) ]] && seq=${BASH_REMATCH[1]}
      echo "{\"seq\":$seq,\"skipped\":true,\"message\":\"planted\"}" ;;
  esac
done
