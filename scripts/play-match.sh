#!/usr/bin/env bash
# Debian's Fairy-Stockfish plays the built-in players under the arbiter, with a clock,
# records and standings (issue 14): 4 short games (50 ms a move, under a 1m+1s Fischer
# clock), every record replayed through the arbiter to its result, the standings computed
# from the replayed records. Fails if the engine is missing, a game does not finish, or a
# record is not reproduced. Then Sjaak II (Debian's sjaakii, standard UCI: no `go perft`,
# no `searchmoves`) against Fairy-Stockfish, 2 games under the same clock (issue 26), the
# records replayed and verified the same way; and the two again under UCCI and under
# XBoard, 2 games each on the clock alone (5s+0.1s, no fixed time per move: the engines
# manage the times they are told, in UCCI's seconds or milliseconds as probed and in
# XBoard's centiseconds), where no game may end on time. About 90-120 s.
set -euo pipefail
cd "$(dirname "$0")/.."

engine=${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}
if [ ! -x "$engine" ]; then
  echo "error: $engine is not installed (apt-get install fairy-stockfish, or set FAIRY_STOCKFISH)" >&2
  exit 1
fi
cargo build --release -q
arbiter=target/release/arbiter
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

for opponent in greedy random; do
  "$arbiter" play --red "uci:$engine@movetime=50" --black "$opponent" --ruleset xiangqi \
    --games 2 --control 1m+1s --seed 7 --record "$out/$opponent.pgn" --quiet
done

sjaak=${SJAAKII:-/usr/games/sjaakii}
if [ ! -x "$sjaak" ]; then
  echo "error: $sjaak is not installed (apt-get install sjaakii, or set SJAAKII)" >&2
  exit 1
fi
"$arbiter" play --red "uci:$sjaak@movetime=50" --black "uci:$engine@movetime=50" --ruleset xiangqi \
  --games 2 --control 1m+1s --seed 7 --record "$out/engines.pgn" --quiet
if grep -q '^\[Result "\*"\]' "$out/engines.pgn" || [ "$(grep -c '^\[Result ' "$out/engines.pgn")" -ne 2 ]; then
  echo "error: Sjaak II against Fairy-Stockfish: expected 2 finished games" >&2
  exit 1
fi
"$arbiter" play --replay "$out/engines.pgn"
"$arbiter" standings "$out/engines.pgn" --verify
rm "$out/engines.pgn"

for protocol in ucci xboard; do
  "$arbiter" play --red "$protocol:$sjaak" --black "$protocol:$engine" --ruleset xiangqi \
    --games 2 --control 5s+0.1s --seed 7 --record "$out/$protocol.pgn" --quiet
  if grep -q '^\[Result "\*"\]' "$out/$protocol.pgn" || [ "$(grep -c '^\[Result ' "$out/$protocol.pgn")" -ne 2 ]; then
    echo "error: Sjaak II against Fairy-Stockfish under $protocol: expected 2 finished games" >&2
    exit 1
  fi
  if grep -Eq '^\[Termination "(time-forfeit|engine-failure|unreadable-move)"\]' "$out/$protocol.pgn"; then
    echo "error: under $protocol a game ended on time or by an engine failure, not by the rules:" >&2
    grep '^\[Termination ' "$out/$protocol.pgn" >&2
    exit 1
  fi
  "$arbiter" play --replay "$out/$protocol.pgn"
  "$arbiter" standings "$out/$protocol.pgn" --verify
  rm "$out/$protocol.pgn"
done

games=$(cat "$out"/*.pgn | grep -c '^\[Result ')
unfinished=$(cat "$out"/*.pgn | grep -c '^\[Result "\*"\]' || true)
if [ "$games" -ne 4 ] || [ "$unfinished" -ne 0 ]; then
  echo "error: expected 4 finished games, found $games records ($unfinished unfinished)" >&2
  exit 1
fi
grep -q '^\[TimeControl "1m+1s"\]' "$out/greedy.pgn" || { echo "error: the records carry no clock" >&2; exit 1; }
for f in "$out"/*.pgn; do
  "$arbiter" play --replay "$f"
done
"$arbiter" standings "$out"/greedy.pgn "$out"/random.pgn --verify
