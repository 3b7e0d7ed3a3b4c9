#!/usr/bin/env bash
# A planted UCI xiangqi engine for the simulator's tests (tests/suite/play.rs): it speaks
# enough UCI for arbiter's UCI player (ranks 0-9) and answers every `go` as its arguments
# say, whatever the position:
#   planted-uci.sh [--sleep SECONDS] [--score CP] MOVE...
# plays the MOVEs in turn (cycling), after sleeping SECONDS, reporting `score cp CP`.
sleep_for=0
score=""
while [ $# -gt 0 ]; do
  case "$1" in
    --sleep) sleep_for=$2; shift 2 ;;
    --score) score=$2; shift 2 ;;
    *) break ;;
  esac
done
moves=("$@")
n=0
while IFS= read -r line; do
  case "$line" in
    uci) echo "id name planted"; echo "uciok" ;;
    isready) echo "readyok" ;;
    "go perft 1") echo "h0g2: 1"; echo ""; echo "Nodes searched: 1" ;;
    # The player's start-up probe: its own move on the start position tells its ranks.
    "go depth 1") echo "bestmove h0g2" ;;
    go*)
      sleep "$sleep_for"
      if [ -n "$score" ]; then echo "info depth 1 score cp $score"; fi
      echo "bestmove ${moves[$((n % ${#moves[@]}))]}"
      n=$((n + 1))
      ;;
    quit) exit 0 ;;
  esac
done
